// What the server spends on one `update` (docs/server.md "update (pushed)"):
// built for each receiver (every seat and the spectators) after each decision
// of whole random games: as a JSON tree, then dumped (how the server built
// updates before), or written as text (update_text.h), whole or as a patch
// against the view's text sent before (view_text.h). Counts the CPU
// of building the message and its bytes; the game's own decisions are not
// timed; times are the thread's CPU time. Run: `build/release/bench/update_bench`.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <ctime>
#include <random>

#include "core/registry.h"
#include "protocol/match_json.h"
#include "server/table.h"
#include "server/update_text.h"
#include "server/view_text.h"

namespace tt {
namespace {

using nlohmann::json;
using server::Table;

// Base: the update built as a tree, not dumped. Tree: the tree and its log
// dumped (whole updates before they were written as text). Full: written as
// text, whole, the view written straight to text (State::write_view).
// FullTreeView: the same, but the view built as a JSON tree first and walked
// into text (how views were written before). Patch: written as text, the
// view as a patch from the one before.
enum class Form { kBase, kTree, kFull, kFullTreeView, kPatch };

Setup setup_for(const std::string& game, std::uint64_t seed) {
  Setup s;
  if (const auto colon = game.find(':'); colon != std::string::npos)
    s.seats = std::stoi(game.substr(colon + 1));
  s.seed = seed;
  return s;
}

std::shared_ptr<const Game> game_of(const std::string& game) {
  return Registry::instance().get(game.substr(0, game.find(':')));
}

// A whole random game: each pending seat in turn takes a random option.
std::vector<Decision> random_game(const std::string& game, std::uint64_t seed) {
  Match m(game_of(game), setup_for(game, seed));
  std::mt19937_64 rng(seed);
  while (!m.state().is_terminal() && m.decisions().size() < 5000) {
    const Seat s = protocol::pending_seats(m).front();
    const auto options = m.options(s);
    m.act(s, options[rng() % options.size()].id);
  }
  return m.decisions();
}

// This thread's CPU time: the machine is shared, and wall time counts the others.
double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

std::string dump(const json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

void update_bench(benchmark::State& bs, const std::string& game, Form form) {
  constexpr int kGames = 5;
  std::vector<std::vector<Decision>> games;
  for (int g = 0; g < kGames; ++g) games.push_back(random_game(game, 100 + g));
  std::vector<std::size_t> bytes;
  double updates = 0;
  double kept = 0, places = 0;  // text of the views kept for patches, at each game's end
  for (auto _ : bs) {
    bytes.clear();
    double seconds = 0;
    for (int g = 0; g < kGames; ++g) {
      Table t;
      t.id = "bench";
      t.match.emplace(game_of(game), setup_for(game, 100 + g));
      const int seats = t.match->state().num_seats();
      t.seats.resize(static_cast<std::size_t>(seats));
      for (auto& s : t.seats) {
        s.kind = "human";
        s.name = "P";
        s.token_hash = "x";  // taken
      }
      std::vector<server::ViewText> sent(static_cast<std::size_t>(seats) + 1);  // by receiver + 1
      std::vector<std::size_t> log_sent(sent.size(), 0);
      std::uint64_t version = 0;
      server::SharedUpdateText shared;
      server::PlaceUpdateText place;
      server::ViewText view;
      std::string patch;
      for (const Decision& d : games[static_cast<std::size_t>(g)]) {
        t.match->act(d.seat, d.option);
        ++version;
        const double start = cpu_seconds();
        if (form != Form::kBase && form != Form::kTree) shared.write(t, {});
        for (Seat r = kNoSeat; r < seats; ++r) {
          const auto i = static_cast<std::size_t>(r + 1);
          switch (form) {
            case Form::kBase:
            case Form::kTree: {
              json base = t.update_base(r, {});
              base["log"] = t.match->log_json(r, log_sent[i]);
              if (form == Form::kBase)
                benchmark::DoNotOptimize(base);
              else
                bytes.push_back(dump(base).size());
              break;
            }
            case Form::kFull:
            case Form::kFullTreeView:
            case Form::kPatch: {
              place.write(t, r);
              if (form == Form::kFullTreeView)
                view.assign(t.match->view(r));
              else
                view.assign(*t.match, r);
              const bool whole = form != Form::kPatch || sent[i].empty();
              patch.clear();
              if (!whole) view.append_patch_from(sent[i], patch);
              bytes.push_back(server::update_text(
                                  t, r, shared, place,
                                  {whole ? server::UpdateForm::kFull : server::UpdateForm::kPatch,
                                   view.text(), patch, version - 1, version},
                                  log_sent[i])
                                  .size());
              if (form == Form::kPatch) std::swap(sent[i], view);  // kept for the next patch
              break;
            }
          }
          log_sent[i] = t.match->log().size();
        }
        seconds += cpu_seconds() - start;
        updates += seats + 1;
      }
      if (form == Form::kPatch) {
        for (auto& v : sent) kept += static_cast<double>(v.text().size());
        places += static_cast<double>(sent.size());
      }
    }
    bs.SetIterationTime(seconds);
  }
  bs.counters["updates"] = benchmark::Counter(updates, benchmark::Counter::kIsRate);
  if (!bytes.empty()) {
    std::sort(bytes.begin(), bytes.end());
    double total = 0;
    for (auto b : bytes) total += static_cast<double>(b);
    bs.counters["bytes_median"] = static_cast<double>(bytes[bytes.size() / 2]);
    bs.counters["bytes_mean"] = total / static_cast<double>(bytes.size());
  }
  if (places > 0) bs.counters["kept_view_bytes"] = kept / places;
}

}  // namespace
}  // namespace tt

// Registered in main: the games' registry is built by then.
int main(int argc, char** argv) {
  using namespace tt;
  register_builtin_games();
  for (const std::string game : {"suikoden", "ddm", "lastchronicle", "magic", "magic:4"})
    for (auto [name, form] :
         {std::pair{"Base", Form::kBase}, std::pair{"Tree", Form::kTree},
          std::pair{"Full", Form::kFull}, std::pair{"FullTreeView", Form::kFullTreeView},
          std::pair{"Patch", Form::kPatch}})
      benchmark::RegisterBenchmark(
          ("Update" + std::string(name) + "/" + game).c_str(),
          [game, form](benchmark::State& bs) { update_bench(bs, game, form); })
          ->UseManualTime()
          ->Unit(benchmark::kMillisecond);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
