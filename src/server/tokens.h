// Secrets and names: seat tokens (the only proof that a connection may act
// for a seat), their hashes (what the store keeps), and table ids.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace tt::server {

// 192 random bits from the operating system's generator, as 48 hex digits.
std::string new_token();
// Hex SHA-256 of a token: the store never holds a token itself.
std::string token_hash(std::string_view token);
// Compares two strings in time independent of where they differ.
bool same_secret(std::string_view a, std::string_view b);
// A new table id: 12 characters of [a-z0-9] (about 62 random bits).
std::string new_table_id();
// A random 64-bit value (seeds of tables created without one).
std::uint64_t random_u64();

}  // namespace tt::server
