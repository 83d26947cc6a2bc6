// PostgreSQL's messages as the store's errors quote them: one line each.
#pragma once
#include <pqxx/pqxx>
#include <string>

namespace tt::server {

// One line: PostgreSQL's messages come with newlines and tab indents.
std::string one_line(std::string text);
// The DETAIL line of a server error ("Key (table_id, idx)=(t, 3) already exists."), if any.
std::string detail(const pqxx::sql_error& error);

}  // namespace tt::server
