#include "core/match.h"

#include <optional>

#include "core/error.h"
#include "core/registry.h"
#include "core/schema_check.h"

namespace tt {

namespace {

// The action of `seat`'s option with this id now, if it is one: by ids
// alone, since labels cost more to render than checking a decision does.
std::optional<Action> option_action(const State& state, Seat seat, const std::string& option_id) {
  ActionList legal;
  state.legal_actions(seat, legal);
  for (auto a : legal)
    if (state.action_id(seat, a) == option_id) return a;
  return std::nullopt;
}

}  // namespace

Match::Match(std::shared_ptr<const Game> game, Setup setup)
    : game_(std::move(game)), setup_(std::move(setup)), log_(std::make_unique<EventLog>()) {
  state_ = game_->new_state(setup_, log_.get());
}

Match::Match(std::shared_ptr<const Game> game, Setup setup, const PreparedSetup& prepared)
    : game_(std::move(game)), setup_(std::move(setup)), log_(std::make_unique<EventLog>()) {
  state_ = prepared.deal(setup_.seed, log_.get());
}

Match::Match(std::shared_ptr<const Game> game, Setup setup, const nlohmann::json& start_state)
    : game_(std::move(game)),
      setup_(std::move(setup)),
      log_(std::make_unique<EventLog>()),
      start_state_(start_state) {
  state_ = game_->restore(start_state, setup_);
  check_can_go_on(*state_);
  state_->attach_log(log_.get());
}

std::vector<OptionInfo> Match::options(Seat seat) const {
  std::vector<OptionInfo> out;
  if (seat < 0 || seat >= state_->num_seats() || state_->is_terminal()) return out;
  ActionList legal;
  state_->legal_actions(seat, legal);
  out.reserve(legal.size());
  for (auto a : legal)
    out.push_back({state_->action_id(seat, a), state_->action_label(seat, a), a});
  return out;
}

std::string Match::refusal(Seat seat, const std::string& option_id,
                           std::optional<Action>* found) const {
  if (state_->is_terminal()) return "the game is over";
  if (seat < 0 || seat >= state_->num_seats()) return "there is no seat " + std::to_string(seat);
  if (option_id == kConcede)
    return state_->in_game(seat) ? "" : "seat " + std::to_string(seat) + " has left the game";
  if (!has_seat(state_->pending_seats(), seat))
    return "seat " + std::to_string(seat) + " has no decision pending";
  if (auto action = option_action(*state_, seat, option_id)) {
    if (found) *found = action;
    return "";
  }
  return "'" + option_id + "' is not an option for seat " + std::to_string(seat) + " now";
}

std::string Match::act(Seat seat, const std::string& option_id) {
  if (option_id == kConcede) return concede(seat);
  // The options are listed once: refusal finds the action it checks.
  std::optional<Action> action;
  if (std::string why = refusal(seat, option_id, &action); !why.empty()) return why;
  return act(seat, *action);
}

std::string Match::act(Seat seat, Action action) {
  // The id is rendered only for a legal option, before it changes the state.
  auto probe = state_->clone();
  std::string error = probe->try_apply(seat, action);
  if (!error.empty()) return error;
  const std::string id = state_->action_id(seat, action);
  state_->apply_action(seat, action);
  decisions_.push_back({seat, id});
  return {};
}

std::string Match::concede(Seat seat) {
  if (state_->is_terminal()) return "the game is over";
  if (seat < 0 || seat >= state_->num_seats()) return "there is no seat " + std::to_string(seat);
  // Checked on a copy first, so a refusal changes nothing.
  auto probe = state_->clone();
  std::string error = probe->concede(seat);
  if (!error.empty()) return error;
  state_->concede(seat);
  decisions_.push_back({seat, kConcede});
  return {};
}

nlohmann::json Match::view(Seat viewer) const {
  nlohmann::json j;
  state_->view(viewer, j);
  return j;
}

nlohmann::json Match::log_json(Seat viewer, std::size_t from) const {
  auto out = nlohmann::json::array();
  for (std::size_t i = from; i < log_->size(); ++i) {
    const Event& e = (*log_)[i];
    out.push_back({{"index", i}, {"seat", e.seat}, {"text", state_->describe(e, viewer)}});
  }
  return out;
}

nlohmann::json Match::results() const {
  auto out = nlohmann::json::array();
  if (!state_->is_terminal()) return out;
  for (auto& o : state_->outcomes())
    out.push_back({{"result", result_name(o.result)}, {"place", o.place}});
  return out;
}

namespace {

// The hash of the data this game object was loaded from, when the registry
// loaded it ("" for a game made elsewhere, e.g. in a test).
std::string data_hash_of(const Game& game) {
  const auto& r = Registry::instance();
  return r.find(game.name()).get() == &game ? r.data_hash(game.name()) : std::string();
}

}  // namespace

std::string pin_mismatch(const nlohmann::json& record, const Game& game) {
  std::string out;
  auto pinned = [&record](const char* key) {
    auto it = record.find(key);
    return it != record.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  const std::string rules = pinned("rules_version"), data = pinned("data_hash");
  if (!rules.empty() && rules != game.rules_version())
    out = "this record was played under other rules for " + game.name() + " (rules version " +
          rules + ", now " + game.rules_version() + ")";
  const std::string now = data_hash_of(game);
  if (!data.empty() && !now.empty() && data != now)
    out += (out.empty() ? "" : "; ") +
           std::string("this record was played with other card data for ") + game.name() +
           " (hash " + data + ", now " + now + ")";
  return out;
}

void check_record_fields(const nlohmann::json& record) {
  const auto problems = schema_problems(record, "record");
  if (problems.empty()) return;
  std::string text = "not a valid record";
  for (std::size_t i = 0; i < problems.size() && i < 10; ++i)
    text += (i ? "; " : ": ") + schema_problem_line("record", problems[i]);
  throw Error(text);
}

std::string unpinned_note(const nlohmann::json& record) {
  if (record.is_object() && (record.contains("rules_version") || record.contains("data_hash")))
    return {};
  return "this record is unpinned (it does not say which rules version and card data it was "
         "played with): it replays only while they are unchanged";
}

nlohmann::json Match::record() const {
  nlohmann::json j = {{"format", "tabletop-record"}, {"version", 1}, {"game", game_->name()}};
  j["rules_version"] = game_->rules_version();
  if (const std::string hash = data_hash_of(*game_); !hash.empty()) j["data_hash"] = hash;
  j["setup"] = setup_to_json(setup_);
  if (!start_state_.is_null()) j["start_state"] = start_state_;
  auto list = nlohmann::json::array();
  for (auto& d : decisions_) list.push_back({{"seat", d.seat}, {"option", d.option}});
  j["decisions"] = list;
  j["results"] = results();
  return j;
}

Match Match::from_record(const nlohmann::json& record) {
  if (!record.is_object() || record.value("format", "") != "tabletop-record")
    throw Error("not a tabletop record (missing \"format\": \"tabletop-record\")");
  if (record.contains("seen_by"))
    throw Error(
        "this record shows the game as one seat saw it, with its hidden choices left out: it "
        "cannot be replayed");
  check_record_fields(record);
  auto game = Registry::instance().get(record["game"].get<std::string>());
  if (const std::string changed = pin_mismatch(record, *game); !changed.empty())
    throw Error(changed);
  Setup setup = setup_from_json(record.value("setup", nlohmann::json::object()));
  Match m = record.contains("start_state") ? Match(game, setup, record["start_state"])
                                           : Match(game, setup);
  const auto& decisions = record.value("decisions", nlohmann::json::array());
  if (!decisions.is_array()) throw Error("record decisions must be an array");
  for (std::size_t i = 0; i < decisions.size(); ++i) {
    const auto& d = decisions[i];  // an object of a seat and an option (the schema)
    const auto seat = d["seat"].get<std::int64_t>();
    std::string err = m.act(static_cast<Seat>(seat), d["option"].get<std::string>());
    if (!err.empty()) throw Error("record decision " + std::to_string(i) + ": " + err);
  }
  return m;
}

Setup setup_from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw Error("setup must be an object");
  Setup s;
  try {
    if (j.contains("seats")) {
      if (!j["seats"].is_number_integer()) throw Error("seats must be an integer");
      const auto seats = j["seats"].get<std::int64_t>();
      if (seats < 1 || seats > kMaxSeats) throw Error("seats must be between 1 and 16");
      s.seats = static_cast<int>(seats);
    }
    s.variant = j.value("variant", std::string());
    if (j.contains("options")) {
      if (!j["options"].is_object()) throw Error("options must be an object of strings");
      for (auto& [k, v] : j["options"].items())
        s.options[k] = v.is_string() ? v.get<std::string>() : v.dump();
    }
    if (j.contains("decks")) {
      if (!j["decks"].is_array()) throw Error("decks must be an array (one per seat)");
      s.decks = j["decks"];
    }
    if (j.contains("seed")) {
      const auto& seed = j["seed"];
      if (seed.is_number_unsigned()) {
        s.seed = seed.get<std::uint64_t>();
      } else if (seed.is_number_integer()) {
        throw Error("seed must not be negative");
      } else if (seed.is_string()) {
        const std::string text = seed.get<std::string>();
        if (text.empty() || text.size() > 20 ||
            text.find_first_not_of("0123456789") != std::string::npos)
          throw Error("seed must be a non-negative integer");
        s.seed = std::stoull(text);
      } else {
        throw Error("seed must be a number");
      }
    }
  } catch (const nlohmann::json::exception& e) {
    throw Error(std::string("bad setup: ") + e.what());
  } catch (const std::logic_error& e) {
    throw Error(std::string("bad setup: ") + e.what());
  }
  if (s.seats < 1 || s.seats > kMaxSeats) throw Error("seats must be between 1 and 16");
  return s;
}

nlohmann::json setup_to_json(const Setup& s) {
  return {{"seats", s.seats},
          {"variant", s.variant},
          {"options", s.options},
          {"decks", s.decks},
          {"seed", s.seed}};
}

}  // namespace tt
