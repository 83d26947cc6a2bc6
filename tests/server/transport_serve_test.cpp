// `tabletop serve` as a process: it prints its real address, serves the web
// client, /healthz and the WebSocket, stops cleanly on SIGTERM, warns when
// there is no web client, and exits with docs/cli.md's codes on bad input.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "transport_harness.h"

namespace tt::server::testing {
namespace {

namespace fs = std::filesystem;

// One `tabletop serve` child with its stdout and stderr read through pipes.
class ServeProcess {
 public:
  // `descriptors` > 0: the child's descriptor limit (soft and hard), set before exec.
  explicit ServeProcess(std::vector<std::string> args, rlim_t descriptors = 0) {
    int out[2];
    int err[2];
    if (pipe(out) != 0 || pipe(err) != 0) throw std::runtime_error("pipe");
    pid_ = fork();
    if (pid_ == 0) {
      dup2(out[1], 1);
      dup2(err[1], 2);
      close(out[0]);
      close(err[0]);
      if (descriptors > 0) {
        rlimit limit{descriptors, descriptors};
        setrlimit(RLIMIT_NOFILE, &limit);
      }
      std::vector<char*> argv{const_cast<char*>(TABLETOP_BIN), const_cast<char*>("serve")};
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(TABLETOP_BIN, argv.data());
      _exit(127);
    }
    close(out[1]);
    close(err[1]);
    out_ = out[0];
    err_ = err[0];
  }
  ~ServeProcess() {
    if (pid_ > 0 && status_ < 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    close(out_);
    close(err_);
  }

  // The first line on stdout ("" if none within the time or the pipe closed).
  std::string first_line(std::chrono::milliseconds limit = std::chrono::seconds(15)) {
    return read_line(out_, out_text_, limit);
  }
  // Everything on stderr until it closes (after the process ends).
  std::string all_err() {
    std::string text;
    char buf[4096];
    for (ssize_t n; (n = read(err_, buf, sizeof buf)) > 0;)
      text.append(buf, static_cast<std::size_t>(n));
    return text;
  }
  // The exit code, waiting up to `limit`; -1 if still running (then killed).
  int wait_exit(std::chrono::milliseconds limit = std::chrono::seconds(10)) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < end) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        return status_;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return -1;
  }
  void signal(int sig) { kill(pid_, sig); }
  pid_t pid() const { return pid_; }

 private:
  static std::string read_line(int fd, std::string& buffer, std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    for (;;) {
      if (auto nl = buffer.find('\n'); nl != std::string::npos) {
        std::string line = buffer.substr(0, nl);
        buffer.erase(0, nl + 1);
        return line;
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          end - std::chrono::steady_clock::now());
      if (left.count() <= 0) return "";
      pollfd p{fd, POLLIN, 0};
      if (poll(&p, 1, static_cast<int>(left.count())) <= 0) return "";
      char buf[4096];
      const ssize_t n = read(fd, buf, sizeof buf);
      if (n <= 0) return "";
      buffer.append(buf, static_cast<std::size_t>(n));
    }
  }

  pid_t pid_ = -1;
  int out_ = -1;
  int err_ = -1;
  int status_ = -1;
  std::string out_text_;
};

class TempDir {
 public:
  TempDir() {
    path = fs::temp_directory_path() /
           ("tt-serve-" + std::to_string(getpid()) + "-" + std::to_string(counter++));
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  fs::path path;
  static inline int counter = 0;
};

std::uint16_t port_of(const std::string& line, const std::string& store) {
  const std::string head = "tabletop: serving on http://127.0.0.1:";
  const std::string tail = "/ (store " + store + ")";
  if (!line.starts_with(head) || !line.ends_with(tail)) return 0;
  const std::string digits = line.substr(head.size(), line.size() - head.size() - tail.size());
  if (digits.empty() || digits.size() > 5 ||
      digits.find_first_not_of("0123456789") != std::string::npos)
    return 0;
  return static_cast<std::uint16_t>(std::stoi(digits));
}

TEST(Serve, PrintsItsAddressServesAndStopsOnSigterm) {
  TempDir dir;
  fs::create_directories(dir.path / "web");
  std::ofstream(dir.path / "web" / "index.html") << "<!doctype html><title>t</title>";
  const std::string store = "sqlite:" + (dir.path / "t.db").string();
  ServeProcess serve({"--port", "0", "--db", store, "--web", (dir.path / "web").string()});
  const std::string line = serve.first_line();
  const std::uint16_t port = port_of(line, store);
  ASSERT_NE(port, 0) << line;

  EXPECT_EQ(http_get(port, "/").body, "<!doctype html><title>t</title>");
  EXPECT_TRUE(eventually([&] { return http_get(port, "/healthz").status == 200; }));
  EXPECT_NE(http_get(port, "/metrics").body.find("tabletop_transport_connections"),
            std::string::npos);
  asio::io_context io;
  WsClient client(io, port);
  client.send(R"({"cmd":"ping","id":7})");
  const std::string reply = client.read();
  EXPECT_NE(reply.find(R"("ok":true)"), std::string::npos) << reply;

  serve.signal(SIGTERM);
  client.read_until_closed();
  EXPECT_EQ(client.ws.reason().code, websocket::close_code::going_away);
  EXPECT_EQ(serve.wait_exit(), 0);
  EXPECT_NE(serve.all_err().find("tabletop: stopped"), std::string::npos);
  EXPECT_TRUE(fs::exists(dir.path / "t.db"));
}

// A connection opened on loopback without a request (-1 if refused).
int open_tcp(std::uint16_t port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

// What the server wrote on `fd` within `limit` ("" if nothing).
std::string read_some(int fd, std::chrono::milliseconds limit) {
  pollfd p{fd, POLLIN, 0};
  if (poll(&p, 1, static_cast<int>(limit.count())) <= 0) return "";
  char buf[512];
  const ssize_t n = read(fd, buf, sizeof buf);
  return n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : "";
}

// 10,000 tables are 20,000 connections; a process whose descriptor limit
// cannot hold them caps its connections below it, so one too many is told
// 503 instead of waiting unaccepted (accept failing for want of descriptors).
TEST(Serve, ConnectionsBeyondTheDescriptorLimitAreRefusedWith503) {
  TempDir dir;
  const std::string store = "sqlite:" + (dir.path / "t.db").string();
  ServeProcess serve({"--port", "0", "--db", store}, 200);
  const std::uint16_t port = port_of(serve.first_line(), store);
  ASSERT_NE(port, 0);
  std::vector<int> held;
  for (int i = 0; i < 170; ++i) held.push_back(open_tcp(port));
  // 200 descriptors less the 64 the server keeps: 136 connections.
  int refused = 0;
  for (std::size_t i = 140; i < held.size(); ++i)
    if (read_some(held[i], std::chrono::seconds(5)).find("503") != std::string::npos) ++refused;
  EXPECT_EQ(refused, 30);
  for (int fd : held) close(fd);
  serve.signal(SIGTERM);
  EXPECT_EQ(serve.wait_exit(), 0);
  EXPECT_NE(serve.all_err().find("the descriptor limit (200) holds 136 connections, not 20000"),
            std::string::npos);
}

TEST(Serve, WithoutTheWebClientItWarnsAndServesTheApi) {
  TempDir dir;
  const std::string store = "sqlite:" + (dir.path / "t.db").string();
  ServeProcess serve(
      {"--port", "0", "--db", store, "--web", (dir.path / "no-such-folder").string()});
  const std::uint16_t port = port_of(serve.first_line(), store);
  ASSERT_NE(port, 0);
  EXPECT_TRUE(eventually([&] { return http_get(port, "/healthz").status == 200; }));
  EXPECT_EQ(http_get(port, "/").status, 404);
  EXPECT_EQ(http_get(port, "/api/games").status, 200);
  serve.signal(SIGINT);
  EXPECT_EQ(serve.wait_exit(), 0);
  const std::string err = serve.all_err();
  EXPECT_NE(err.find("tabletop: warning: no web client in"), std::string::npos) << err;
}

TEST(Serve, ExitCodesOnBadInput) {
  TempDir dir;
  const std::string store = "sqlite:" + (dir.path / "t.db").string();
  {
    ServeProcess serve({"--port", "70000", "--db", store});
    EXPECT_EQ(serve.wait_exit(), 1);
    EXPECT_NE(serve.all_err().find("--port must be 0 to 65535"), std::string::npos);
  }
  {
    ServeProcess serve({"--port", "0", "--db", "mysql://nowhere/x"});
    EXPECT_EQ(serve.wait_exit(), 2);
  }
  {
    // A port already taken: exit 1, the address named.
    asio::io_context io;
    tcp::acceptor taken(io, {asio::ip::make_address("127.0.0.1"), 0});
    const auto port = std::to_string(taken.local_endpoint().port());
    ServeProcess serve({"--port", port, "--db", store});
    EXPECT_EQ(serve.wait_exit(), 1);
    EXPECT_NE(serve.all_err().find("cannot listen on 127.0.0.1:" + port), std::string::npos);
  }
  {
    ServeProcess serve({"--port", "0", "--db", store, "--allowed-origin", "games.example.org"});
    EXPECT_EQ(serve.wait_exit(), 1);
    EXPECT_NE(serve.all_err().find("--allowed-origin: 'games.example.org' is not an origin"),
              std::string::npos)
        << serve.all_err();
  }
}

// --allowed-origin reaches the transport: that page's upgrade is let in,
// another site's gets 403 (transport_origin_test.cpp tests the rule itself).
TEST(Serve, AllowedOriginsComeFromTheCommandLine) {
  TempDir dir;
  const std::string store = "sqlite:" + (dir.path / "t.db").string();
  ServeProcess serve({"--port", "0", "--db", store, "--allowed-origin", "https://a.example",
                      "--allowed-origin", "https://b.example:8443"});
  const std::uint16_t port = port_of(serve.first_line(), store);
  ASSERT_NE(port, 0);
  auto status = [&](const std::string& origin) {
    asio::io_context io;
    websocket::stream<tcp::socket> ws(io);
    ws.next_layer().connect({asio::ip::make_address("127.0.0.1"), port});
    ws.set_option(websocket::stream_base::decorator(
        [&](websocket::request_type& req) { req.set(http::field::origin, origin); }));
    websocket::response_type res;
    beast::error_code ec;
    ws.handshake(res, "127.0.0.1:" + std::to_string(port), "/ws", ec);
    return static_cast<int>(res.result_int());
  };
  EXPECT_EQ(status("https://a.example"), 101);
  EXPECT_EQ(status("https://b.example:8443"), 101);
  EXPECT_EQ(status("https://c.example"), 403);
  serve.signal(SIGTERM);
  EXPECT_EQ(serve.wait_exit(), 0);
}

}  // namespace
}  // namespace tt::server::testing

namespace tt::server::testing {
namespace {

std::size_t rss_kib(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line))
    if (line.starts_with("VmRSS:")) return std::stoul(line.substr(6));
  return 0;
}

// Figures, not checks (run with --gtest_also_run_disabled_tests): what 2,000
// idle WebSocket connections cost `tabletop serve` in memory, and how fast
// they open (from local addresses 127.1.0.N, 200 each: the per-address limit).
TEST(Serve, DISABLED_MeasureTwoThousandConnections) {
  TempDir dir;
  const std::string store = "sqlite:" + (dir.path / "t.db").string();
  ServeProcess serve({"--port", "0", "--db", store});
  const std::uint16_t port = port_of(serve.first_line(), store);
  ASSERT_NE(port, 0);
  ASSERT_TRUE(eventually([&] { return http_get(port, "/healthz").status == 200; }));
  const std::size_t before = rss_kib(serve.pid());
  asio::io_context io;
  std::vector<std::unique_ptr<websocket::stream<tcp::socket>>> clients;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 2000; ++i) {
    auto ws = std::make_unique<websocket::stream<tcp::socket>>(io);
    auto& socket = ws->next_layer();
    socket.open(tcp::v4());
    socket.bind({asio::ip::make_address("127.1.0." + std::to_string(1 + i / 200)), 0});
    socket.connect({asio::ip::make_address("127.0.0.1"), port});
    ws->handshake("127.0.0.1", "/ws");
    clients.push_back(std::move(ws));
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  clients.back()->write(asio::buffer(std::string(R"({"cmd":"ping"})")));
  beast::flat_buffer buffer;
  clients.back()->read(buffer);
  const std::size_t after = rss_kib(serve.pid());
  std::printf(
      "2000 WebSockets opened in %.2f s (%.0f/s, one at a time); server RSS %zu -> %zu KiB "
      "(%.1f KiB a connection)\n",
      seconds, 2000 / seconds, before, after, (after - before) / 2000.0);
  clients.clear();
  serve.signal(SIGTERM);
  EXPECT_EQ(serve.wait_exit(), 0);
}

}  // namespace
}  // namespace tt::server::testing
