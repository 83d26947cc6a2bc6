// A plain HTTP GET, for the records the verification reads after play.
#pragma once
#include <string>

namespace tt::loadgen {

struct HttpResult {
  int status = 0;  // 0: no answer (the error says why)
  std::string body;
  std::string error;
};

// Blocks until the answer or `timeout_ms`; one connection per call.
HttpResult http_get(const std::string& host, const std::string& port, const std::string& target,
                    int timeout_ms = 5000);

}  // namespace tt::loadgen
