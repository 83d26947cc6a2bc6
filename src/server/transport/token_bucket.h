// Flood control for one connection (or one address): a bucket of `burst` tokens refilled at
// `rate` a second; each message takes one, and a message finding the bucket
// empty is refused.
#pragma once
#include <algorithm>
#include <chrono>

namespace tt::server {

class TokenBucket {
 public:
  using Clock = std::chrono::steady_clock;
  TokenBucket(double rate, double burst, Clock::time_point now)
      : rate_(rate), burst_(burst), tokens_(burst), last_(now) {}

  bool take(Clock::time_point now) {
    refill(now);
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
  }
  // Seconds until the next token (0 when there is one now).
  double wait_seconds(Clock::time_point now) {
    refill(now);
    return tokens_ >= 1 ? 0 : (1 - tokens_) / rate_;
  }
  // Refilled to the brim: forgetting it changes nothing.
  bool full(Clock::time_point now) {
    refill(now);
    return tokens_ >= burst_;
  }

 private:
  void refill(Clock::time_point now) {
    const std::chrono::duration<double> since = now - last_;
    last_ = now;
    tokens_ = std::min(burst_, tokens_ + since.count() * rate_);
  }

  double rate_;
  double burst_;
  double tokens_;
  Clock::time_point last_;
};

}  // namespace tt::server
