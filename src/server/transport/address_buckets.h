// A token bucket per client address (HTTP requests, docs/server.md "Limits"):
// all of an address's connections draw on one bucket, so opening more
// connections buys no more requests. Buckets that refilled to the brim are
// forgotten (they hold nothing), so the table stays as small as the
// addresses active in the last burst/rate seconds; past kMaxAddresses / 2
// active at once it starts again from full buckets rather than grow without bound.
#pragma once
#include <algorithm>
#include <cstddef>
#include <iterator>
#include <string>
#include <unordered_map>

#include "server/transport/token_bucket.h"

namespace tt::server {

class AddressBuckets {
 public:
  static constexpr std::size_t kMaxAddresses = 100000;

  AddressBuckets(double rate, double burst) : rate_(rate), burst_(burst) {}

  // Takes a token from `address`'s bucket; false (and the seconds to wait,
  // at least 1) when it is empty.
  bool take(const std::string& address, TokenBucket::Clock::time_point now, int& retry_after) {
    auto it = buckets_.find(address);
    if (it == buckets_.end()) {
      if (buckets_.size() >= sweep_at_) sweep(now);
      it = buckets_.emplace(address, TokenBucket(rate_, burst_, now)).first;
    }
    if (it->second.take(now)) return true;
    retry_after = static_cast<int>(it->second.wait_seconds(now)) + 1;
    return false;
  }
  std::size_t size() const { return buckets_.size(); }

 private:
  void sweep(TokenBucket::Clock::time_point now) {
    for (auto it = buckets_.begin(); it != buckets_.end();)
      it = it->second.full(now) ? buckets_.erase(it) : std::next(it);
    if (buckets_.size() > kMaxAddresses / 2) buckets_.clear();
    // The next sweep once the table doubled: each costs its size, shared by as many inserts.
    sweep_at_ = std::max(kFirstSweep, 2 * buckets_.size());
  }

  static constexpr std::size_t kFirstSweep = 1024;
  double rate_;
  double burst_;
  std::unordered_map<std::string, TokenBucket> buckets_;
  std::size_t sweep_at_ = kFirstSweep;
};

}  // namespace tt::server
