// PostgreSQL's messages as the store's errors quote them: one line each.
#pragma once
#include <pqxx/pqxx>
#include <string>

namespace tt::server {

// One line: PostgreSQL's messages come with newlines and tab indents.
std::string one_line(std::string text);
// The DETAIL line of a server error ("Key (table_id, idx)=(t, 3) already exists."), if any.
std::string detail(const pqxx::sql_error& error);
// A store error's message: "postgresql store SHOWN: CALL: WHY", the password
// (when it is at least 4 characters) scrubbed from WHY.
std::string store_message(const std::string& shown, const char* call, std::string why,
                          const std::string& password);

}  // namespace tt::server
