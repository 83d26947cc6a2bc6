// What one client address may hold at the server (address_limits.cpp,
// docs/server.md "Limits"). The tables an address created that are not over
// are limited by ServerOptions::tables_per_address.
#pragma once
#include <cstddef>

namespace tt::server {

// Spectators of one table, in all and from one client address. A seat's own
// connections are never counted: its owner can always come back to it.
inline constexpr std::size_t kMaxSpectators = 200;
inline constexpr std::size_t kMaxSpectatorsPerAddress = 10;

}  // namespace tt::server
