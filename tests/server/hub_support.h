// What the hub tests drive the server with, without a network: a loop that
// runs posted work and fires timers when the test moves its clock, a store in
// memory that can be held or made to fail, and connections that keep every
// message they are sent.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "server/hub.h"
#include "server/loop.h"
#include "server/server.h"
#include "server/store/store.h"

namespace tt::server::testing {

using nlohmann::json;

class ManualLoop final : public Loop {
 public:
  void post(std::function<void()> fn) override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      posted_.push_back(std::move(fn));
    }
    wake_.notify_all();
  }
  std::uint64_t after(std::chrono::milliseconds delay, std::function<void()> fn) override {
    timers_[++next_] = {now_ + delay, std::move(fn)};
    return next_;
  }
  void cancel(std::uint64_t timer) override { timers_.erase(timer); }
  Clock::time_point now() const override { return now_; }

  // Runs what is posted now (one turn of the loop), waiting for nothing.
  void run_posted() {
    std::vector<std::function<void()>> batch;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      batch.swap(posted_);
    }
    for (auto& fn : batch) fn();
  }
  // Runs posted work until the server has nothing in flight and nothing is posted.
  void settle(const Server& server) {
    for (;;) {
      std::vector<std::function<void()>> batch;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        if (posted_.empty() && server.idle()) return;
        wake_.wait_for(lock, std::chrono::milliseconds(5), [&] { return !posted_.empty(); });
        batch.swap(posted_);
      }
      for (auto& fn : batch) fn();
    }
  }
  // Moves the clock on, firing every timer that falls due (in order), settling after each.
  void advance(std::chrono::milliseconds by, const Server& server) {
    const auto until = now_ + by;
    for (;;) {
      settle(server);
      auto due = std::min_element(timers_.begin(), timers_.end(),
                                  [](auto& a, auto& b) { return a.second.first < b.second.first; });
      if (due == timers_.end() || due->second.first > until) break;
      now_ = std::max(now_, due->second.first);
      auto fn = std::move(due->second.second);
      timers_.erase(due);
      fn();
    }
    now_ = until;
    settle(server);
  }

 private:
  std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<std::function<void()>> posted_;
  std::map<std::uint64_t, std::pair<Clock::time_point, std::function<void()>>> timers_;
  std::uint64_t next_ = 0;
  Clock::time_point now_{};
};

// The tables a MemoryStore keeps; shared so a "restarted" server sees them.
struct MemoryData {
  std::mutex mutex;
  std::map<std::string, LoadedTable> tables;
  std::map<std::string, std::pair<std::string, std::string>> finished;  // results, record
  bool fail_appends = false;
  std::size_t appends = 0;
  // While closed, reads (unfinished aside) wait: a store that does not answer.
  std::mutex gate_mutex;
  std::condition_variable gate_changed;
  bool reads_held = false;
  int reads_waiting = 0;
  // While set, a write waits (a commit that does not end).
  bool writes_held = false;
  void hold_writes(bool held) {
    {
      std::lock_guard<std::mutex> lock(gate_mutex);
      writes_held = held;
    }
    gate_changed.notify_all();
  }
  void wait_for_writes() {
    std::unique_lock<std::mutex> lock(gate_mutex);
    gate_changed.wait(lock, [&] { return !writes_held; });
  }
  int waiting_reads() {
    std::lock_guard<std::mutex> lock(gate_mutex);
    return reads_waiting;
  }
  void hold_reads(bool held) {
    {
      std::lock_guard<std::mutex> lock(gate_mutex);
      reads_held = held;
    }
    gate_changed.notify_all();
  }
  void wait_for_reads() {
    std::unique_lock<std::mutex> lock(gate_mutex);
    ++reads_waiting;
    gate_changed.wait(lock, [&] { return !reads_held; });
    --reads_waiting;
  }
};

class MemoryStore final : public Store {
 public:
  explicit MemoryStore(std::shared_ptr<MemoryData> data) : d_(std::move(data)) {}
  void migrate() override {}
  int schema_version() override { return 1; }
  void create_table(const StoredTable& t) override {
    std::lock_guard<std::mutex> lock(d_->mutex);
    create_locked(t);
  }
  void take_seat(const std::string& table, int seat, const std::string& name,
                 const std::string& hash) override {
    std::lock_guard<std::mutex> lock(d_->mutex);
    seat_locked(table, seat, name, hash);
  }
  void append(const std::vector<StoredDecision>& ds) override {
    std::lock_guard<std::mutex> lock(d_->mutex);
    append_locked(ds);
  }
  void snapshot(const std::string& table, std::int64_t index, const std::string& state,
                const std::string& fingerprint) override {
    std::lock_guard<std::mutex> lock(d_->mutex);
    snapshot_locked(table, index, state, fingerprint);
  }
  void finish(const std::string& table, const std::string& results, const std::string& record,
              std::int64_t) override {
    std::lock_guard<std::mutex> lock(d_->mutex);
    finish_locked(table, results, record);
  }
  // In order, all or nothing (what was there is put back on a failure).
  void write(const WriteBatch& batch) override {
    d_->wait_for_writes();
    std::lock_guard<std::mutex> lock(d_->mutex);
    if (d_->fail_appends && !batch.decisions.empty())
      throw Error("memory store: appends are failing");
    auto tables = d_->tables;
    auto finished = d_->finished;
    try {
      for (auto& t : batch.created) create_locked(t);
      for (auto& s : batch.seats) seat_locked(s.table, s.seat, s.name, s.token_hash);
      if (!batch.decisions.empty()) append_locked(batch.decisions);
      for (auto& s : batch.snapshots)
        snapshot_locked(s.table, s.index, s.state_json, s.fingerprint);
      for (auto& f : batch.finished) finish_locked(f.table, f.results_json, f.record_json);
    } catch (...) {
      d_->tables = std::move(tables);
      d_->finished = std::move(finished);
      throw;
    }
  }
  std::vector<LoadedTable> unfinished() override {
    std::lock_guard<std::mutex> lock(d_->mutex);
    std::vector<LoadedTable> out;
    for (auto& [id, t] : d_->tables)
      if (!t.finished) out.push_back(t);
    return out;
  }
  std::optional<LoadedTable> load(const std::string& table) override {
    std::lock_guard<std::mutex> lock(d_->mutex);
    auto it = d_->tables.find(table);
    if (it == d_->tables.end()) return std::nullopt;
    return it->second;
  }
  std::optional<std::string> record(const std::string& table) override {
    d_->wait_for_reads();
    std::lock_guard<std::mutex> lock(d_->mutex);
    auto it = d_->finished.find(table);
    if (it == d_->finished.end()) return std::nullopt;
    return it->second.second;
  }
  std::vector<PastGame> past_games(const std::string&, int) override {
    d_->wait_for_reads();
    return {};
  }
  std::vector<PastGame> recent_games(int) override {
    d_->wait_for_reads();
    return {};
  }
  void check_writable() override {
    if (d_->fail_appends) throw Error("memory store: writes are failing");
  }
  std::unique_ptr<Store> reader() override { return std::make_unique<MemoryStore>(d_); }

 private:
  void create_locked(const StoredTable& t) { d_->tables[t.id].table = t; }
  void seat_locked(const std::string& table, int seat, const std::string& name,
                   const std::string& hash) {
    auto& s = d_->tables.at(table).table.seats.at(static_cast<std::size_t>(seat));
    s.name = name;
    s.token_hash = hash;
  }
  void append_locked(const std::vector<StoredDecision>& ds) {
    if (d_->fail_appends) throw Error("memory store: appends are failing");
    // A batch may hold several decisions of one table, in order.
    std::map<std::string, std::int64_t> next;
    for (auto& d : ds) {
      auto [it, fresh] = next.try_emplace(d.table, 0);
      if (fresh) it->second = static_cast<std::int64_t>(d_->tables.at(d.table).decisions.size());
      if (it->second++ != d.index) throw Error("memory store: out of order");
    }
    for (auto& d : ds) d_->tables.at(d.table).decisions.push_back(d);
    ++d_->appends;
  }
  void snapshot_locked(const std::string& table, std::int64_t index, const std::string& state,
                       const std::string& fingerprint) {
    auto& t = d_->tables.at(table);
    t.snapshot_index = index;
    t.snapshot_json = state;
    t.snapshot_fingerprint = fingerprint;
  }
  void finish_locked(const std::string& table, const std::string& results,
                     const std::string& record) {
    d_->tables.at(table).finished = true;
    d_->finished[table] = {results, record};
  }

  std::shared_ptr<MemoryData> d_;
};

class FakeConnection final : public Connection {
 public:
  FakeConnection(std::uint64_t id, std::string address) : id_(id), address_(std::move(address)) {}
  void send(std::string text) override { sent.push_back(json::parse(text)); }
  void close(std::string_view reason) override { closed_with = std::string(reason); }
  std::uint64_t id() const override { return id_; }
  std::string_view address() const override { return address_; }

  std::vector<json> sent;
  std::string closed_with;

  // Replies to requests, in order.
  std::vector<json> replies() const {
    std::vector<json> out;
    for (auto& m : sent)
      if (m["type"] == "reply") out.push_back(m);
    return out;
  }
  const json* last_update() const {
    for (auto it = sent.rbegin(); it != sent.rend(); ++it)
      if ((*it)["type"] == "update") return &*it;
    return nullptr;
  }

 private:
  std::uint64_t id_;
  std::string address_;
};

// A server over a memory store on a manual loop, with helpers that send a
// request and settle.
struct Harness {
  std::shared_ptr<MemoryData> data = std::make_shared<MemoryData>();
  ManualLoop loop;
  std::unique_ptr<Server> server;
  std::vector<std::unique_ptr<FakeConnection>> conns;

  explicit Harness(ServerOptions options = {}) { start(options); }
  ~Harness() {
    if (server) server->stop();
  }
  void start(ServerOptions options = {}) {
    server = std::make_unique<Server>(loop, std::make_unique<MemoryStore>(data), options);
    server->resume();
    loop.settle(*server);
  }
  // The process dies: connections are gone, the store stays.
  void restart(ServerOptions options = {}) {
    server->stop();
    server.reset();
    conns.clear();
    start(options);
  }
  // A connection from an address of its own, or from `address`.
  FakeConnection& connect(std::string address = "") {
    const std::uint64_t id = conns.size() + 1000;
    if (address.empty())
      address = "198.18." + std::to_string(id / 256) + "." + std::to_string(id % 256);
    conns.push_back(std::make_unique<FakeConnection>(id, std::move(address)));
    server->opened(*conns.back());
    return *conns.back();
  }
  void disconnect(FakeConnection& c) {
    server->closed(c);
    loop.settle(*server);
  }
  // A GET through the hub, waited for (a store read answers from the reader
  // thread); status 0 when no answer came in 10 s.
  HttpReply get(const std::string& target) {
    std::optional<HttpReply> got;
    server->get(target, [&got](HttpReply r) { got = std::move(r); });
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!got && std::chrono::steady_clock::now() < end) loop.settle(*server);
    return got.value_or(HttpReply{0, "", "no answer"});
  }
  // Takes a seat for `c` (named "P<seat>" unless given) and returns its token ("" if refused).
  std::string join(FakeConnection& c, const std::string& table, int seat, std::string name = "") {
    if (name.empty()) name = "P" + std::to_string(seat);
    json r = request(c, {{"cmd", "join"}, {"table", table}, {"seat", seat}, {"name", name}});
    EXPECT_EQ(r["ok"], true) << r.dump();
    return r.value("token", "");
  }
  // Sends a request and returns its reply.
  json request(FakeConnection& c, json req) {
    static int next_id = 0;
    req["id"] = ++next_id;
    server->message(c, req.dump());
    loop.settle(*server);
    for (auto& m : c.sent)
      if (m["type"] == "reply" && m["id"] == req["id"]) return m;
    return json{{"missing", true}};
  }
};

}  // namespace tt::server::testing
