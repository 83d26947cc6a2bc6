// `tabletop serve`: the game server (docs/server.md). Opens the store, resumes
// every unfinished table, listens, and runs until SIGINT or SIGTERM, then
// closes the connections and writes what is queued before it exits.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>

#include "cli/commands.h"
#include "cli/errors.h"
#include "core/error.h"
#include "server/server.h"
#include "server/store/store.h"
#include "server/store/store_url.h"
#include "server/tokens.h"
#include "server/transport/asio_loop.h"
#include "server/transport/forwarded.h"
#include "server/transport/origin.h"
#include "server/transport/transport.h"

#ifndef TABLETOP_WEB_DIR
#define TABLETOP_WEB_DIR ""
#endif

namespace tt::cli {

namespace {

namespace fs = std::filesystem;

// Connections closing at shutdown get this long before they are dropped.
constexpr std::chrono::milliseconds kCloseGrace{2000};

// The web client, found like the card data: --web, $TABLETOP_WEB, beside an
// installed binary (<prefix>/share/tabletop/web), the source tree's web/dist.
std::string resolve_web_dir(const std::string& option) {
  if (!option.empty()) return option;
  if (const char* env = std::getenv("TABLETOP_WEB"); env != nullptr && *env != '\0') return env;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path installed = exe.parent_path() / ".." / "share" / "tabletop" / "web";
    if (fs::is_directory(installed, ec)) return installed.lexically_normal().string();
  }
  return TABLETOP_WEB_DIR;
}

// Each connection is a file descriptor: allow as many as the system lets us,
// and return how many that is.
rlim_t raise_descriptor_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return RLIM_INFINITY;
  if (limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
    getrlimit(RLIMIT_NOFILE, &limit);
  }
  return limit.rlim_cur;
}

// Descriptors the server keeps besides its connections: the store's files
// and connections, the listening socket, the loop's own, stdio.
constexpr rlim_t kDescriptorReserve = 64;

// The transport's cap on connections, lowered to what the descriptor limit
// lets this process hold: past it, accept would fail rather than answer 503.
std::size_t connection_cap(std::size_t wanted, rlim_t descriptors, std::ostream& err) {
  if (descriptors == RLIM_INFINITY || descriptors >= wanted + kDescriptorReserve) return wanted;
  const std::size_t cap = descriptors > kDescriptorReserve
                              ? static_cast<std::size_t>(descriptors - kDescriptorReserve)
                              : 1;
  err << "tabletop: warning: the descriptor limit (" << descriptors << ") holds " << cap
      << " connections, not " << wanted << " (raise `ulimit -n`)" << std::endl;
  return cap;
}

std::string url_host(const std::string& host) {
  return host.find(':') != std::string::npos ? "[" + host + "]" : host;
}

// This process as a cluster knows it: its node name (checked: the proxy
// routes by it), a fresh incarnation, its lease time.
server::LeaseOwner cluster_owner(const ServeArgs& args) {
  std::string node = args.node;
  if (node.empty()) {
    char host[256] = {};
    gethostname(host, sizeof host - 1);
    node = std::string(host) + "-" + std::to_string(getpid());
  }
  if (node.size() > 32 || !std::all_of(node.begin(), node.end(), [](unsigned char c) {
        return std::isalnum(c) || c == '-' || c == '_' || c == '.';
      }))
    usage_error("--node must be 1 to 32 letters, digits, '-', '_' or '.', got '" + node + "'");
  return {node, server::new_token(), args.lease_ms};
}

}  // namespace

int cmd_serve(const ServeArgs& args, Io& io) {
  if (args.port < 0 || args.port > 65535)
    usage_error("--port must be 0 to 65535 (0: any free port), got " + std::to_string(args.port));
  if (args.agent_delay_ms < 0) usage_error("--agent-delay-ms must not be negative");
  if (args.commit_gather_us < 0 || args.commit_gather_us > 100000)
    usage_error("--commit-gather-us must be 0 to 100000, got " +
                std::to_string(args.commit_gather_us));
  if (args.agent_workers < 1 || args.agent_workers > 64)
    usage_error("--agent-workers must be 1 to 64, got " + std::to_string(args.agent_workers));
  if (args.agent_threads < 1 || args.agent_threads > 64)
    usage_error("--agent-threads must be 1 to 64, got " + std::to_string(args.agent_threads));
  if (args.grace < 0 || args.grace > server::kMaxTimerSeconds)
    usage_error("--grace must be 0 to " + std::to_string(server::kMaxTimerSeconds) + ", got " +
                std::to_string(args.grace));
  if (args.waiting_expiry < 0 || args.waiting_expiry > 7 * 86400)
    usage_error("--waiting-expiry must be 0 to 604800, got " + std::to_string(args.waiting_expiry));
  std::vector<std::string> allowed_origins;
  for (const std::string& origin : args.allowed_origins) {
    try {
      allowed_origins.push_back(server::normal_origin(origin));
    } catch (const Error& e) {
      usage_error(std::string("--allowed-origin: ") + e.what());
    }
  }
  if (args.tables_per_address < 0 || args.tables_per_address > 100000)
    usage_error("--tables-per-address must be 0 to 100000, got " +
                std::to_string(args.tables_per_address));
  std::vector<std::string> trusted_proxies;
  for (const std::string& proxy : args.trusted_proxies) {
    try {
      trusted_proxies.push_back(server::normal_ip(proxy));
    } catch (const Error& e) {
      usage_error(std::string("--trusted-proxy: ") + e.what());
    }
  }
  if (!args.cluster && (!args.node.empty() || args.lease_ms != 10000))
    usage_error("--node and --lease-ms go with --cluster");
  if (args.lease_ms < 300 || args.lease_ms > 600000)
    usage_error("--lease-ms must be 300 to 600000, got " + std::to_string(args.lease_ms));
  std::optional<server::LeaseOwner> cluster;
  if (args.cluster) cluster = cluster_owner(args);
  const rlim_t descriptors = raise_descriptor_limit();

  std::string shown_store;
  std::unique_ptr<server::Store> store;
  try {
    shown_store = server::without_password(args.db);
    store = server::open_store(args.db);
  } catch (const Error& e) {
    bad_input(e.what());
  }

  server::AsioLoop loop;
  server::ServerOptions options;
  options.agent_delay_ms = args.agent_delay_ms;
  options.agent_workers = args.agent_workers;
  options.agent_threads = args.agent_threads;
  options.grace_seconds = args.grace;
  options.waiting_seconds = args.waiting_expiry;
  options.tables_per_address = static_cast<std::size_t>(args.tables_per_address);
  options.commit_gather_us = args.commit_gather_us;
  options.allow_fixed_seeds = args.allow_fixed_seeds;
  options.cluster = cluster;
  // With --cluster the server fences the store: a store of one process refuses (exit 2).
  std::unique_ptr<server::Server> made;
  try {
    made = std::make_unique<server::Server>(loop, std::move(store), options);
  } catch (const Error& e) {
    bad_input(e.what());
  }
  server::Server& hub = *made;
  try {
    hub.resume();
  } catch (const Error& e) {
    bad_input(std::string("the store's tables cannot be resumed: ") + e.what());
  }

  server::TransportOptions net;
  net.host = args.host;
  net.port = static_cast<std::uint16_t>(args.port);
  net.web_root = resolve_web_dir(args.web);
  net.allowed_origins = allowed_origins;
  net.trusted_proxies = trusted_proxies;
  net.limits.max_connections = connection_cap(net.limits.max_connections, descriptors, io.err);
  server::Transport transport(loop, hub, net);
  transport.start();  // tt::Error (address in use, unknown host): exit 1

  if (transport.web_root().empty())
    io.err << "tabletop: warning: no web client in "
           << (net.web_root.empty() ? "(none)" : net.web_root)
           << " (`make web` builds it); serving the API and WebSocket only" << std::endl;
  io.out << "tabletop: serving on http://" << url_host(args.host) << ":" << transport.port()
         << "/ (store " << shown_store << ")" << std::endl;

  bool stopping = false;
  loop.on_stop_signal([&](int) {
    if (stopping) std::_Exit(130);  // a second signal: at once
    stopping = true;
    transport.shutdown(kCloseGrace, [&] {
      hub.stop();
      loop.stop();
    });
  });
  loop.run();
  io.err << "tabletop: stopped" << std::endl;
  return kExitOk;
}

}  // namespace tt::cli
