#include "server/store/sqlite_db.h"

namespace tt::server::sqlite {

Db::Db(const std::string& path) {
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  const int code = sqlite3_open_v2(path.c_str(), &db_, flags, "unix-excl");
  if (code != SQLITE_OK) {
    std::string message = db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(code);
    sqlite3_close_v2(db_);
    db_ = nullptr;
    throw Failure(message, code);
  }
  sqlite3_extended_result_codes(db_, 1);
}

Db::~Db() {
  sqlite3_close_v2(db_);
}

void Db::fail(int code) const {
  throw Failure(sqlite3_errmsg(db_), code);
}

void Db::exec(const std::string& sql) {
  const int code = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr);
  if (code != SQLITE_OK) fail(code);
}

std::string Db::text(const std::string& sql) {
  Statement statement(*this, sql);
  return statement.step() ? statement.column_text(0) : std::string();
}

Statement::Statement(Db& db, const std::string& sql) : db_(db) {
  const int code =
      sqlite3_prepare_v3(db.handle(), sql.c_str(), -1, SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr);
  if (code != SQLITE_OK) db.fail(code);
}

Statement::~Statement() {
  sqlite3_finalize(stmt_);
}

Statement& Statement::bind(int index, const std::string& value) {
  const int code =
      sqlite3_bind_text64(stmt_, index, value.data(), value.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
  if (code != SQLITE_OK) db_.fail(code);
  return *this;
}

Statement& Statement::bind(int index, std::int64_t value) {
  const int code = sqlite3_bind_int64(stmt_, index, value);
  if (code != SQLITE_OK) db_.fail(code);
  return *this;
}

bool Statement::step() {
  const int code = sqlite3_step(stmt_);
  if (code == SQLITE_ROW) return true;
  if (code == SQLITE_DONE) return false;
  db_.fail(sqlite3_extended_errcode(db_.handle()));
}

void Statement::run() {
  while (step()) {
  }
}

std::string Statement::column_text(int index) const {
  const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, index));
  if (text == nullptr) return {};
  return std::string(text, sqlite3_column_bytes(stmt_, index));
}

std::int64_t Statement::column_int(int index) const {
  return sqlite3_column_int64(stmt_, index);
}

bool Statement::column_null(int index) const {
  return sqlite3_column_type(stmt_, index) == SQLITE_NULL;
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

Transaction::Transaction(Statement& begin, Statement& commit, Statement& rollback)
    : commit_(commit), rollback_(rollback) {
  Use use(begin);
  use->run();
}

Transaction::~Transaction() {
  if (!open_) return;
  // A failed statement may already have ended the transaction; nothing to report then.
  Use use(rollback_);
  try {
    use->run();
  } catch (const Failure&) {
  }
}

void Transaction::commit() {
  Use use(commit_);
  use->run();
  open_ = false;
}

}  // namespace tt::server::sqlite
