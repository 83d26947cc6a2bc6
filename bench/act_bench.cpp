// What the server does per `act` before the views (docs/server.md "act"):
// reading it, the general path (the text parsed into a nlohmann tree, its
// fields copied out as cmd_act reads them) against ActReader
// (src/server/act_request.h); and checking and applying it, the options
// listed three times (checked on arrival, again as it goes to the store, and
// listed with their labels to find its action once stored) against once.
#include <benchmark/benchmark.h>

#include <random>
#include <string>

#include "core/match.h"
#include "core/registry.h"
#include "protocol/fields.h"
#include "server/act_request.h"

namespace {

const std::string kAct =
    R"({"id":1234,"cmd":"act","table":"k3v9x2qa7m","token":"0123456789abcdef0123456789abcdef0123456789abcdef",)"
    R"("option":"summon:l1-a:3-4","seq":117})";

void BM_ActAsATree(benchmark::State& state) {
  for (auto _ : state) {
    nlohmann::json request = nlohmann::json::parse(kAct, nullptr, false);
    std::string table = tt::protocol::string_field(request, "table");
    std::string token = tt::protocol::string_field(request, "token");
    std::string option = tt::protocol::string_field(request, "option");
    std::int64_t seq = tt::protocol::int_field(request, "seq", 0, std::int64_t{1} << 40);
    nlohmann::json id = *tt::protocol::field(request, "id");
    benchmark::DoNotOptimize(table.data());
    benchmark::DoNotOptimize(token.data());
    benchmark::DoNotOptimize(option.data());
    benchmark::DoNotOptimize(seq);
    benchmark::DoNotOptimize(id);
  }
}
BENCHMARK(BM_ActAsATree);

void BM_ActRead(benchmark::State& state) {
  tt::server::ActReader reader;
  for (auto _ : state) {
    auto act = reader.read(kAct);
    std::string table(act->table), token(act->token), option(act->option);
    benchmark::DoNotOptimize(table.data());
    benchmark::DoNotOptimize(token.data());
    benchmark::DoNotOptimize(option.data());
    benchmark::DoNotOptimize(act->seq);
  }
}
BENCHMARK(BM_ActRead);

// A whole random game (seed 7), replayed per iteration; each decision
// checked and applied as the server did (`thrice`) or does now.
void play(benchmark::State& state, const char* game, bool thrice) {
  std::vector<tt::Decision> decisions;
  {
    tt::Setup setup;
    setup.seed = 7;
    tt::Match m(tt::Registry::instance().get(game), setup);
    std::mt19937_64 rng(7);
    while (!m.state().is_terminal() && m.decisions().size() < 3000) {
      tt::Seat seat = 0;
      while (!tt::has_seat(m.state().pending_seats(), seat)) ++seat;
      const auto options = m.options(seat);
      m.act(seat, options[rng() % options.size()].id);
    }
    decisions = m.decisions();
  }
  for (auto _ : state) {
    tt::Setup setup;
    setup.seed = 7;
    tt::Match m(tt::Registry::instance().get(game), setup);
    for (const tt::Decision& d : decisions) {
      std::optional<tt::Action> found;
      if (thrice) {
        benchmark::DoNotOptimize(m.refusal(d.seat, d.option));
        benchmark::DoNotOptimize(m.refusal(d.seat, d.option));
        for (auto& o : m.options(d.seat))
          if (o.id == d.option) found = o.action;
      } else {
        benchmark::DoNotOptimize(m.refusal(d.seat, d.option, &found));
      }
      m.act(d.seat, *found);
    }
  }
  state.counters["decisions"] = static_cast<double>(decisions.size());
  state.counters["per_decision"] = benchmark::Counter(
      static_cast<double>(decisions.size()),
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

}  // namespace

int main(int argc, char** argv) {
  tt::register_builtin_games();
  for (const char* game : {"suikoden", "ddm"}) {
    benchmark::RegisterBenchmark((std::string("ActChecked/options_listed_thrice/") + game).c_str(),
                                 [game](benchmark::State& s) { play(s, game, true); });
    benchmark::RegisterBenchmark((std::string("ActChecked/options_listed_once/") + game).c_str(),
                                 [game](benchmark::State& s) { play(s, game, false); });
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
