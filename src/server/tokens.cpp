#include "server/tokens.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <array>

#include "core/error.h"

namespace tt::server {

namespace {

template <std::size_t N>
std::array<unsigned char, N> random_bytes() {
  std::array<unsigned char, N> bytes{};
  if (RAND_bytes(bytes.data(), static_cast<int>(N)) != 1)
    throw Error("the system's random generator failed");
  return bytes;
}

std::string hex(const unsigned char* data, std::size_t n) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    out.push_back(kDigits[data[i] >> 4]);
    out.push_back(kDigits[data[i] & 15]);
  }
  return out;
}

}  // namespace

std::string new_token() {
  const auto bytes = random_bytes<24>();
  return hex(bytes.data(), bytes.size());
}

std::string token_hash(std::string_view token) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (EVP_Digest(token.data(), token.size(), digest, &size, EVP_sha256(), nullptr) != 1)
    throw Error("SHA-256 failed");
  return hex(digest, size);
}

bool same_secret(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

std::string new_table_id() {
  static constexpr char kAlphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
  const auto bytes = random_bytes<12>();
  std::string id;
  for (unsigned char b : bytes) id.push_back(kAlphabet[b % 36]);
  return id;
}

std::uint64_t random_u64() {
  const auto bytes = random_bytes<8>();
  std::uint64_t v = 0;
  for (unsigned char b : bytes) v = (v << 8) | b;
  return v;
}

}  // namespace tt::server
