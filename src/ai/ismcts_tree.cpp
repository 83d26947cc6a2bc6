#include "ai/ismcts_tree.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <typeinfo>

#include "core/error.h"

namespace tt {

namespace {

// A finished game as rewards in [0, 1]: a win 1, a draw 0.5, a loss 0 plus a
// little for a better place at a table of three or more.
double result_reward(const Outcome& o, int seats) {
  switch (o.result) {
    case Result::kWin:
      return 1.0;
    case Result::kDraw:
      return 0.5;
    case Result::kLoss:
      return seats > 2 ? 0.25 * (seats - o.place) / (seats - 1) : 0.0;
  }
  return 0.0;
}

}  // namespace

// The seat that chooses next in the tree: at a simultaneous choice, the
// other seats first, so their choice never depends on the observer's.
Seat IsmctsTree::mover(const State& state, Seat observer) const {
  const SeatMask pending = state.pending_seats();
  const SeatMask others = static_cast<SeatMask>(pending & ~seat_bit(observer));
  if (others != 0 && others != pending) {
    for (Seat s = 0; s < state.num_seats(); ++s)
      if (has_seat(others, s)) return s;
  }
  return state.to_act();
}

// The seat's options without those that only take back a half-made choice.
void IsmctsTree::options(const State& state, Seat seat) {
  state.legal_actions(seat, options_);
  std::size_t kept = 0;
  for (Action a : options_)
    if (!state.is_undo(seat, a)) options_[kept++] = a;
  if (kept > 0) options_.resize(kept);
}

std::uint32_t IsmctsTree::find(std::uint32_t node, Seat seat, Action key) const {
  for (std::uint32_t e = nodes_[node].first; e != kNone; e = edges_[e].next)
    if (edges_[e].key == key && edges_[e].seat == seat) return e;
  return kNone;
}

// A new edge; its child is the node of an edge the observer saw alike, if
// any, else a new node.
std::uint32_t IsmctsTree::add_edge(std::uint32_t node, Seat seat, Action key, Action seen) {
  std::uint32_t child = kNone;
  if (!(seen == key))
    for (std::uint32_t e = nodes_[node].first; e != kNone; e = edges_[e].next)
      if (edges_[e].seat == seat && edges_[e].seen == seen) {
        child = edges_[e].child;
        break;
      }
  if (child == kNone) {
    child = static_cast<std::uint32_t>(nodes_.size());
    nodes_.emplace_back();
  }
  edges_.push_back(Edge{key, seen, child, nodes_[node].first, 0, 0, 0.0, seat,
                        static_cast<std::uint32_t>(sims_done_)});
  nodes_[node].first = static_cast<std::uint32_t>(edges_.size() - 1);
  return nodes_[node].first;
}

void IsmctsTree::search(const State& root, Seat observer, Rng& rng, long sims,
                        std::chrono::steady_clock::time_point deadline) {
  nodes_.clear();
  edges_.clear();
  nodes_.emplace_back();
  sims_done_ = 0;
  cut_off_ = 0;
  if (!scratch_ || typeid(*scratch_) != typeid(root)) {
    scratch_ = root.clone();
    probe_ = root.clone();
  }
  reward_.assign(static_cast<std::size_t>(root.num_seats()), 0.0);
  const bool timed = deadline != std::chrono::steady_clock::time_point{};
  for (;;) {
    if (timed) {
      if ((sims_done_ & 15) == 0 && std::chrono::steady_clock::now() >= deadline && sims_done_ > 0)
        break;
    } else if (sims_done_ >= sims) {
      break;
    }
    simulate(root, observer, rng);
    ++sims_done_;
  }
}

void IsmctsTree::simulate(const State& root, Seat observer, Rng& rng) {
  State& state = *scratch_;
  state.assign(root);
  state.determinize(observer, rng);
  path_.clear();
  std::uint32_t node = 0;
  // Selection and expansion.
  while (!state.is_terminal()) {
    const Seat seat = mover(state, observer);
    options(state, seat);
    // Options are matched to edges as their seat sees them: two copies of
    // a card, dealt to the hand by different determinizations, share their
    // statistics.
    keys_.resize(options_.size());
    found_.resize(options_.size());
    std::uint32_t unexpanded = 0;
    std::size_t fresh = 0;
    for (std::size_t i = 0; i < options_.size(); ++i) {
      keys_[i] = state.observed_action(seat, options_[i], seat);
      const std::uint32_t e = found_[i] = find(node, seat, keys_[i]);
      if (e == kNone) {
        if (rng.below(++unexpanded) == 0) fresh = i;  // one untried option, uniformly
        continue;
      }
      // Copies seen alike are one option: their edge is available once.
      if (edges_[e].counted != sims_done_) {
        edges_[e].counted = static_cast<std::uint32_t>(sims_done_);
        ++edges_[e].avail;
      }
    }
    std::size_t pick = fresh;
    std::uint32_t chosen = kNone;
    if (unexpanded == 0) {
      double best = -std::numeric_limits<double>::infinity();
      for (std::size_t i = 0; i < options_.size(); ++i) {
        const Edge& edge = edges_[found_[i]];
        const double n = edge.visits;
        const double score = edge.total / n + config_.c * std::sqrt(std::log(edge.avail) / n);
        if (score > best) {
          best = score;
          chosen = found_[i];
          pick = i;
        }
      }
    } else {
      chosen = add_edge(node, seat, keys_[fresh],
                        state.observed_action(seat, options_[fresh], observer));
      edges_[chosen].avail = 1;
    }
    path_.push_back(chosen);
    state.apply_action(seat, options_[pick]);
    node = edges_[chosen].child;
    if (unexpanded != 0) break;
  }
  playout(state, rng);
  judge(state);
  for (std::uint32_t e : path_) {
    Edge& edge = edges_[e];
    ++edge.visits;
    edge.total += reward_[static_cast<std::size_t>(edge.seat)];
  }
}

// Plays on for up to `depth` decisions by the playout policy.
void IsmctsTree::playout(State& state, Rng& rng) {
  for (int step = 0; step < config_.depth && !state.is_terminal(); ++step) {
    const Seat seat = state.to_act();
    if (!config_.greedy_rollout) {
      random_step(state, seat, rng, rollout_options_);
      continue;
    }
    // One step of lookahead by the heuristic, ties to the first: among at
    // most kRolloutWidth options, drawn at random when there are more.
    playable_options(state, seat, rollout_options_);
    keep_at_most(rollout_options_, IsmctsConfig::kRolloutWidth, rng);
    Action best = rollout_options_[0];
    double best_score = -std::numeric_limits<double>::infinity();
    for (Action a : rollout_options_) {
      if (rollout_options_.size() == 1) break;
      probe_->assign(state);
      probe_->apply_action(seat, a);
      const double score = probe_->heuristic(seat);
      if (score > best_score) {
        best_score = score;
        best = a;
      }
    }
    state.apply_action(seat, best);
  }
}

// Each seat's reward for the position reached: the result when the game is
// over, else each seat's chance to win read from the heuristics, a softmax
// over the seats still in (State::heuristic_scale): a heuristic every seat
// shares (a starting life total) changes no chance, and at three or more
// seats the chances sum to one instead of each starting at a half.
void IsmctsTree::judge(const State& state) {
  const int seats = state.num_seats();
  if (state.is_terminal()) {
    const Outcomes outcomes = state.outcomes();
    for (int s = 0; s < seats; ++s) reward_[s] = result_reward(outcomes[s], seats);
    return;
  }
  ++cut_off_;
  const double t = 2.0 * state.heuristic_scale();
  double top = -std::numeric_limits<double>::infinity(), sum = 0;
  for (int s = 0; s < seats; ++s) {
    reward_[s] =
        state.in_game(s) ? state.heuristic(s) / t : -std::numeric_limits<double>::infinity();
    top = std::max(top, reward_[s]);
  }
  for (int s = 0; s < seats; ++s) sum += reward_[s] = std::exp(reward_[s] - top);
  for (int s = 0; s < seats; ++s) reward_[s] /= sum;
}

// The nodes where the observer makes the decision asked at the root: the
// root itself, or, at a simultaneous choice, below the other seats' hidden
// choices.
void IsmctsTree::decision_nodes(Seat observer, std::vector<std::uint32_t>& out) const {
  out.clear();
  std::vector<std::uint32_t> todo{0};
  while (!todo.empty()) {
    const std::uint32_t node = todo.back();
    todo.pop_back();
    if (std::find(out.begin(), out.end(), node) != out.end()) continue;
    bool others = false;
    for (std::uint32_t e = nodes_[node].first; e != kNone; e = edges_[e].next)
      if (edges_[e].seat != observer) {
        others = true;
        todo.push_back(edges_[e].child);
      }
    if (!others) out.push_back(node);
  }
}

void IsmctsTree::root_votes(const State& root, Seat observer, const ActionList& options,
                            std::vector<double>& visits, std::vector<double>& totals) const {
  std::vector<std::uint32_t> nodes;
  decision_nodes(observer, nodes);
  for (std::uint32_t node : nodes)
    for (std::uint32_t e = nodes_[node].first; e != kNone; e = edges_[e].next)
      for (std::size_t i = 0; i < options.size(); ++i)
        if (edges_[e].seat == observer &&
            edges_[e].key == root.observed_action(observer, options[i], observer)) {
          visits[i] += edges_[e].visits;
          totals[i] += edges_[e].total;
        }
}

}  // namespace tt
