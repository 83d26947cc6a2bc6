#include "batch.h"

#include <algorithm>
#include <chrono>
#include <map>

#include "ai/agent.h"
#include "core/game_summary.h"

namespace tt::py {

namespace {

std::int8_t result_code(Result r) {
  return r == Result::kWin ? 0 : r == Result::kLoss ? 1 : 2;
}

// Card ids are gathered per game into a map (id -> rows), then numbered once
// at the end so the vocabulary is sorted whatever order the games ran in.
struct CardRow {
  std::int32_t game;
  std::int8_t seat;
  std::int32_t drawn, played;
};

}  // namespace

BatchResult play_batch(const Game& game, const BatchConfig& config) {
  const int seats = config.setup.seats;
  if (static_cast<int>(config.agents.size()) != seats)
    throw Error("play_games: " + std::to_string(config.agents.size()) + " agents for " +
                std::to_string(seats) + " seats (one per seat)");
  if (config.count < 0) throw Error("play_games: a negative number of games");
  std::vector<std::unique_ptr<Agent>> agents;
  for (const auto& spec : config.agents) agents.push_back(make_agent(spec));
  // Decks differ per slot; with swap each rotation is its own setup.
  std::vector<std::shared_ptr<const PreparedSetup>> prepared(static_cast<std::size_t>(seats));
  const int rotations = config.swap ? seats : 1;
  for (int r = 0; r < rotations; ++r) {
    Setup setup = config.setup;
    setup.decks = nlohmann::json::array();
    for (int s = 0; s < seats; ++s) {
      const int slot = config.swap ? (s + r) % seats : s;
      // A slot with no deck plays the game's default for that slot, so its
      // deck follows it round the table.
      const auto& decks = config.setup.decks;
      const bool given = decks.is_array() && slot < static_cast<int>(decks.size()) &&
                         !decks[static_cast<std::size_t>(slot)].is_null();
      setup.decks.push_back(given ? decks[static_cast<std::size_t>(slot)]
                                  : game.default_deck(config.setup, slot));
    }
    prepared[static_cast<std::size_t>(r)] = game.prepare(setup);
  }

  BatchResult out;
  out.seats = seats;
  const auto g = static_cast<std::size_t>(config.count);
  out.seed.reserve(g);
  out.slot.reserve(g * seats);
  out.result.reserve(g * seats);
  out.place.reserve(g * seats);
  std::map<std::string, std::vector<CardRow>> rows;
  EventLog log;
  const auto start = std::chrono::steady_clock::now();
  for (long i = 0; i < config.count; ++i) {
    const std::uint64_t seed = config.first_seed + static_cast<std::uint64_t>(i);
    log.clear();
    auto state = prepared[static_cast<std::size_t>(config.swap ? i % seats : 0)]->deal(seed, &log);
    Rng rng(seed * 0x9E3779B97F4A7C15ull + 1);  // as `tabletop simulate`
    long decisions = 0;
    while (!state->is_terminal() && decisions < config.max_decisions) {
      const Seat seat = state->to_act();
      state->apply_action(seat, agents[batch_slot(config, i, seat)]->choose(*state, seat, rng));
      ++decisions;
    }
    const GameSummary summary = summarize_game(*state, log, decisions);
    out.seed.push_back(seed);
    out.finished.push_back(summary.finished ? 1 : 0);
    out.decisions.push_back(static_cast<std::int32_t>(decisions));
    out.turns.push_back(summary.turns);
    out.first.push_back(static_cast<std::int8_t>(summary.first));
    for (int s = 0; s < seats; ++s) {
      out.slot.push_back(static_cast<std::int8_t>(batch_slot(config, i, s)));
      const bool known = summary.finished && s < static_cast<int>(summary.outcomes.size());
      out.result.push_back(known ? result_code(summary.outcomes[s].result) : -1);
      out.place.push_back(known ? static_cast<std::int8_t>(summary.outcomes[s].place) : -1);
      // Merge the seat's drawn and played lists (both sorted by id).
      const SeatCards& c = summary.cards[static_cast<std::size_t>(s)];
      std::map<std::string_view, std::pair<int, int>> seat_cards;
      for (const auto& [id, n] : c.drawn) seat_cards[id].first += n;
      for (const auto& [id, n] : c.played) seat_cards[id].second += n;
      for (const auto& [id, n] : seat_cards)
        rows[std::string(id)].push_back(
            {static_cast<std::int32_t>(i), static_cast<std::int8_t>(s), n.first, n.second});
    }
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // Rows ordered by game, then seat, then card id.
  std::vector<std::pair<std::int32_t, CardRow>> flat;
  for (const auto& [id, list] : rows) {
    const auto index = static_cast<std::int32_t>(out.cards.size());
    out.cards.push_back(id);
    for (const CardRow& row : list) flat.emplace_back(index, row);
  }
  std::sort(flat.begin(), flat.end(), [](const auto& x, const auto& y) {
    return std::tie(x.second.game, x.second.seat, x.first) <
           std::tie(y.second.game, y.second.seat, y.first);
  });
  for (const auto& [index, row] : flat) {
    out.card_game.push_back(row.game);
    out.card_seat.push_back(row.seat);
    out.card.push_back(index);
    out.drawn.push_back(row.drawn);
    out.played.push_back(row.played);
  }
  return out;
}

}  // namespace tt::py
