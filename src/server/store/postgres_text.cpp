// PostgreSQL's messages made into one line (postgres_text.h).
#include "server/store/postgres_text.h"

namespace tt::server {

// One line: PostgreSQL's messages come with newlines and tab indents.
std::string one_line(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\t' || c == '\r') c = ' ';
  }
  std::string squeezed;
  for (char c : text) {
    if (c == ' ' && (squeezed.empty() || squeezed.back() == ' ')) continue;
    squeezed += c;
  }
  while (!squeezed.empty() && squeezed.back() == ' ') squeezed.pop_back();
  return squeezed;
}

// The DETAIL line of a server error ("Key (table_id, idx)=(t, 3) already exists."), if any.
std::string detail(const pqxx::sql_error& error) {
  const std::string what = error.what();
  auto at = what.find("DETAIL:");
  if (at == std::string::npos) return one_line(what);
  auto end = what.find('\n', at);
  return one_line(what.substr(at + 7, end == std::string::npos ? end : end - at - 7));
}

std::string store_message(const std::string& shown, const char* call, std::string why,
                          const std::string& password) {
  if (password.size() >= 4)
    for (auto at = why.find(password); at != std::string::npos; at = why.find(password, at))
      why.replace(at, password.size(), "***");
  return "postgresql store " + shown + ": " + call + ": " + why;
}

}  // namespace tt::server
