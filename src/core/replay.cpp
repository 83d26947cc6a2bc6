#include "core/replay.h"

#include "core/error.h"
#include "core/match.h"

namespace tt {

using nlohmann::json;

namespace {

// The record's decisions, the record checked against its schema first.
json decisions_of(const json& record) {
  if (!record.is_object()) throw Error("not a tabletop record (not a JSON object)");
  check_record_fields(record);
  return record.value("decisions", json::array());
}

}  // namespace

Replay::Replay(const json& record) : decisions_(decisions_of(record)) {
  start_ = record;
  start_["decisions"] = json::array();
  match_.emplace(Match::from_record(start_));
}

void Replay::view_as(Seat viewer) {
  if (viewer != kReferee && (viewer < 0 || viewer >= match_->state().num_seats()))
    throw Error("there is no seat " + std::to_string(viewer) + " in this game");
  viewer_ = viewer;
}

ReplayStep Replay::next() {
  if (at_end()) throw Error("the record has no more decisions");
  const json& d = decisions_[position_];
  ReplayStep step;
  step.index = position_;
  step.seat = static_cast<Seat>(d["seat"].get<std::int64_t>());
  const std::string id = d["option"].get<std::string>();
  // The id and label are rendered before the decision changes the state.
  step.option = id;
  step.label = id == kConcede ? "Concede (leave the game)" : id;
  const State& st = match_->state();
  for (auto& o : match_->options(step.seat))
    if (o.id == id) {
      step.option = st.action_id_for(step.seat, o.action, viewer_);
      step.label = st.action_label_for(step.seat, o.action, viewer_);
    }
  const std::size_t from = match_->log().size();
  const std::string error = match_->act(step.seat, id);
  if (!error.empty())
    throw Error("decision " + std::to_string(position_) + " (seat " + std::to_string(step.seat) +
                ", " + id + "): " + error);
  step.log = match_->log_json(viewer_, from);
  ++position_;
  return step;
}

void Replay::back() {
  if (position_ == 0) return;
  const std::size_t target = position_ - 1;
  match_.emplace(Match::from_record(start_));
  for (position_ = 0; position_ < target; ++position_) {
    const json& d = decisions_[position_];
    const std::string error = match_->act(static_cast<Seat>(d["seat"].get<std::int64_t>()),
                                          d["option"].get<std::string>());
    if (!error.empty()) throw Error("decision " + std::to_string(position_) + ": " + error);
  }
}

json record_seen_by(const json& record, Seat viewer) {
  if (viewer == kReferee) return record;
  Replay replay(record);
  replay.view_as(viewer);
  json out = record;
  out.erase("start_state");  // it holds every hidden card and the generator
  out["setup"] = setup_seen_by(out.value("setup", json::object()), viewer);
  json decisions = json::array();
  while (!replay.at_end()) {
    const ReplayStep step = replay.next();
    decisions.push_back({{"seat", step.seat}, {"option", step.option}, {"label", step.label}});
  }
  out["decisions"] = decisions;
  out["seen_by"] = viewer;
  return out;
}

json setup_seen_by(json setup, Seat viewer) {
  if (viewer == kReferee || !setup.is_object()) return setup;
  setup.erase("seed");
  if (setup.contains("decks") && setup["decks"].is_array())
    for (std::size_t s = 0; s < setup["decks"].size(); ++s)
      if (static_cast<Seat>(s) != viewer) setup["decks"][s] = nullptr;
  return setup;
}

}  // namespace tt
