#include "server/seed_commitment.h"

#include <nlohmann/json.hpp>

#include "server/tokens.h"

namespace tt::server {

using nlohmann::json;

namespace {
constexpr const char* kConfigKey = "seed_secret";
}  // namespace

SecretDeal draw_secret_seed() {
  SecretDeal deal;
  deal.seed = random_u64();  // all 64 bits: the seed is never carried as a JSON double
  deal.secret.fixed = false;
  deal.secret.salt = new_token();
  deal.secret.commitment = seed_commitment(deal.secret.salt, deal.seed);
  return deal;
}

std::string seed_commitment(const std::string& salt, std::uint64_t seed) {
  return token_hash(salt + ":" + std::to_string(seed));  // token_hash is plain SHA-256
}

void add_public_seed(json& out, const SeedSecret& secret) {
  out["seed"] = secret.fixed ? "fixed" : "secret";
  if (!secret.fixed) out["seed_commitment"] = secret.commitment;
}

json seed_reveal(const SeedSecret& secret, std::uint64_t seed) {
  if (secret.fixed) return nullptr;
  return {{"commitment", secret.commitment}, {"salt", secret.salt}, {"seed", std::to_string(seed)}};
}

void add_seed_secret(json& config, const SeedSecret& secret) {
  config[kConfigKey] = {
      {"fixed", secret.fixed}, {"salt", secret.salt}, {"commitment", secret.commitment}};
}

SeedSecret seed_secret_from_json(const json& config) {
  SeedSecret secret;
  const auto it = config.find(kConfigKey);
  if (it == config.end() || !it->is_object()) return secret;
  secret.fixed = it->value("fixed", true);
  secret.salt = it->value("salt", "");
  secret.commitment = it->value("commitment", "");
  return secret;
}

std::uint64_t agent_seed(const SeedSecret& secret, std::uint64_t seed, std::int64_t seq) {
  const std::string digest = token_hash("tabletop computer seat:" + secret.salt + ":" +
                                        std::to_string(seed) + ":" + std::to_string(seq));
  return std::stoull(digest.substr(0, 16), nullptr, 16);
}

}  // namespace tt::server
