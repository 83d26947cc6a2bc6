#include "processes.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <string>
#include <vector>

#include "driver.h"

namespace tt::loadgen {

namespace {

// Descriptors kept aside in each process: the HTTP reads of --verify, stdio.
constexpr long kReserve = 256;

long descriptor_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return 1L << 20;
  return static_cast<long>(limit.rlim_cur);
}

bool write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

std::string read_all(int fd) {
  std::string text;
  char buffer[65536];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
  }
  return text;
}

}  // namespace

int processes_needed(const LoadOptions& options) {
  if (options.processes > 0) return options.processes;
  const long per_process = std::max(1L, (descriptor_limit() - kReserve) / 2);  // tables
  return static_cast<int>((options.tables + per_process - 1) / per_process);
}

Stats run_load_in_processes(const LoadOptions& options, int processes) {
  processes = std::clamp(processes, 1, options.tables);
  if (processes == 1) return run_load(options);
  struct Child {
    pid_t pid;
    int fd;
  };
  std::vector<Child> children;
  Stats merged;
  for (int k = 0; k < processes; ++k) {
    int fds[2];
    if (::pipe(fds) != 0) {
      merged.errors++;
      merged.problem("loadgen: pipe: " + std::to_string(errno));
      break;
    }
    LoadOptions share = options;
    share.tables = options.tables / processes + (k < options.tables % processes ? 1 : 0);
    share.ramp_per_second = std::max(1, options.ramp_per_second / processes);
    share.games_limit = options.games_limit > 0 ? std::max(1L, options.games_limit / processes) : 0;
    // Addresses of its own: the server counts tables and connections per address.
    share.first_connection = options.first_connection + static_cast<long>(k) * 250 * 250 *
                                                            std::max(1, options.per_source) /
                                                            processes;
    if (options.seed != 0) share.seed = options.seed + static_cast<std::uint64_t>(k);
    pid_t pid = ::fork();
    if (pid == 0) {
      ::close(fds[0]);
      alarm(static_cast<unsigned>(options.seconds + options.drain_seconds + 60));
      Stats stats = run_load(share);
      bool ok = write_all(fds[1], stats.to_raw_json().dump());
      ::close(fds[1]);
      ::_exit(ok ? 0 : 1);
    }
    ::close(fds[1]);
    if (pid < 0) {
      ::close(fds[0]);
      merged.errors++;
      merged.problem("loadgen: fork: " + std::to_string(errno));
      break;
    }
    children.push_back({pid, fds[0]});
  }
  for (const auto& child : children) {
    std::string text = read_all(child.fd);
    ::close(child.fd);
    int status = 0;
    ::waitpid(child.pid, &status, 0);
    auto raw = nlohmann::json::parse(text, nullptr, false);
    if (raw.is_discarded() || !raw.is_object()) {
      merged.errors++;
      merged.problem("loadgen: process " + std::to_string(child.pid) +
                     " ended without a report (status " + std::to_string(status) + ")");
      continue;
    }
    merged.merge(Stats::from_raw_json(raw));
  }
  return merged;
}

}  // namespace tt::loadgen
