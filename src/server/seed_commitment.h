// The secret of a table's shuffles. At a table of two or more people the
// server draws the seed itself and keeps it until the game is over; it
// publishes a commitment at the start, SHA-256 of "SALT:SEED", and the salt
// and seed with the record, so players can check afterwards that the deal
// was the one committed to (the salt keeps the seed from being found by
// hashing every possible seed). A fixed seed, named by the table's creator,
// is for practice and tests, and the table says so to everyone.
#pragma once
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>

namespace tt::server {

struct SeedSecret {
  bool fixed = true;       // the creator named the seed (or a table stored before secrets)
  std::string salt;        // 48 hex digits from the system's generator; "" when fixed
  std::string commitment;  // hex SHA-256 of "SALT:SEED"; "" when fixed
};

// A seed drawn from the operating system's generator, with its salt and
// commitment.
struct SecretDeal {
  std::uint64_t seed = 0;
  SeedSecret secret;
};
SecretDeal draw_secret_seed();

// Hex SHA-256 of "SALT:SEED" (the seed in decimal).
std::string seed_commitment(const std::string& salt, std::uint64_t seed);

// What the lobby and every update say of the seed: {"seed":"fixed"} or
// {"seed":"secret","seed_commitment":HEX}. Never the seed itself.
void add_public_seed(nlohmann::json& out, const SeedSecret& secret);
// What a finished game's record adds so the commitment can be checked:
// {"commitment","salt","seed" (decimal string)}; null for a fixed seed.
nlohmann::json seed_reveal(const SeedSecret& secret, std::uint64_t seed);

// Kept with the table's settings in the store (never sent to a client).
void add_seed_secret(nlohmann::json& config, const SeedSecret& secret);
// A table stored before seeds were secret reads as fixed.
SeedSecret seed_secret_from_json(const nlohmann::json& config);

// The seed of a computer seat's draws for the decision at `seq`: SHA-256 of
// a domain tag, the salt, the seed and `seq`, so the computer's choices tell
// nothing about the shuffle, yet a table replays the same way after a restart
// (and a fixed seed plays the same game every time).
std::uint64_t agent_seed(const SeedSecret& secret, std::uint64_t seed, std::int64_t seq);

}  // namespace tt::server
