// The table at a terminal, from one seat, in at most 80 columns: one line a
// seat (its permanents wrapped below it), the stack with every object's
// targets, the combat with each attacker's blockers, and the viewer's hand.
// A four-seat mid-game table leaves room for the log and the options on an
// 80x24 screen (tests/cli/terminal_test.cpp). It shows what the seat's view
// shows (view.cpp), nothing more.
#include <ostream>
#include <sstream>
#include <vector>

#include "games/magic/state.h"

namespace tt::magic {

const char* step_name(Step s);  // view.cpp

namespace {

constexpr std::size_t kColumns = 80;

// `items` after `head`, joined by `sep` and cut into lines of at most 80
// columns; the later lines are indented by `indent`.
void wrap_into(std::ostream& o, const std::string& head, const std::vector<std::string>& items,
               const std::string& sep, std::size_t indent) {
  std::string line = head;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string piece = items[i] + (i + 1 < items.size() ? sep : "");
    if (line.size() > indent && line.size() + piece.size() > kColumns) {
      line.erase(line.find_last_not_of(' ') + 1);
      o << line << "\n";
      line = std::string(indent, ' ');
    }
    line += piece;
  }
  line.erase(line.find_last_not_of(' ') + 1);
  o << line << "\n";
}

}  // namespace

// A permanent as the table names it: its name ("#n" when another permanent
// on the battlefield has the same name), size, tapped and damage.
std::string MagicState::permanent_text(Obj x, Seat s) const {
  std::string out = def(x).name;
  for (Obj y : battlefield_)
    if (y != x && def(y).name == def(x).name) {
      out += "#" + ref(x).substr(ref(x).rfind('#') + 1);
      break;
    }
  if (def(x).is(kCreature))
    out += " " + std::to_string(power(x)) + "/" + std::to_string(toughness(x));
  std::vector<std::string> notes;
  if (objs_[x].tapped) notes.push_back("tapped");
  if (objs_[x].damage) notes.push_back(std::to_string(objs_[x].damage) + " damage");
  if (objs_[x].counters) notes.push_back(std::to_string(objs_[x].counters) + " counters");
  if (objs_[x].owner != s) notes.push_back("owner seat " + std::to_string(objs_[x].owner));
  for (std::size_t i = 0; i < notes.size(); ++i) out += (i ? ", " : " (") + notes[i];
  return notes.empty() ? out : out + ")";
}

// "seat 2", with "you" or "teammate" for the viewer.
std::string MagicState::seat_text(Seat s, Seat viewer) const {
  std::string out = "seat " + std::to_string(s);
  if (s == viewer) return out + " (you)";
  if (viewer >= 0 && viewer < num_seats() && rules_->team_size > 1 &&
      rules_->team[s] == rules_->team[viewer])
    out += " (teammate)";
  return out;
}

void MagicState::render_seat(std::ostream& o, Seat s, Seat viewer) const {
  const Player& p = players_[s];
  std::string head = (s == viewer ? "> " : "  ") + seat_text(s, viewer);
  if (!order_.in_game(s)) {
    o << head << ": left the game\n";
    return;
  }
  std::vector<std::string> stats;
  if (!rules_->team_life) stats.push_back("life " + std::to_string(life(s)));  // else the team's
  if (poison(s)) stats.push_back("poison " + std::to_string(poison(s)));
  stats.push_back("hand " + std::to_string(p.hand.size()));
  stats.push_back("library " + std::to_string(p.library.size()));
  stats.push_back("graveyard " + std::to_string(p.graveyard.size()));
  std::vector<std::string> permanents;
  int untapped = 0, lands = 0;
  for (Obj x : battlefield_) {
    if (objs_[x].controller != s) continue;
    if (def(x).is(kLand)) {
      ++lands;
      untapped += !objs_[x].tapped;
    } else {
      permanents.push_back(permanent_text(x, s));
    }
  }
  stats.push_back("lands " + std::to_string(untapped) + "/" + std::to_string(lands) + " untapped");
  wrap_into(o, head + ": ", stats, ", ", 4);
  if (!permanents.empty()) wrap_into(o, "    ", permanents, ", ", 4);
}

// A stack object's targets: " -> seat 2, Mossback Cub (seat 1)".
std::string MagicState::targets_text(const StackItem& it) const {
  std::string out;
  for (std::size_t i = 0; i < it.targets_n && i < it.targets.size(); ++i) {
    const Target& t = it.targets[i];
    out += i ? ", " : " -> ";
    if (t.kind == 1) {
      out += "seat " + std::to_string(t.id);
    } else if (t.kind == 2 && t.id < num_objs_) {
      const Obj x = static_cast<Obj>(t.id);
      out += objs_[x].gen != t.gen
                 ? def(x).name + " (gone)"
                 : def(x).name + " (seat " + std::to_string(objs_[x].controller) + ")";
    } else if (t.kind == 3) {
      out += "#" + std::to_string(t.id);
    }
  }
  if (it.chosen >= 0 && it.kind == ItemKind::kSpell)
    out += ", chosen seat " + std::to_string(it.chosen);
  return out;
}

std::string MagicState::render(Seat viewer) const {
  std::ostringstream o;
  o << "Turn " << turn_ << " (" << step_name(T().step) << "), seat " << int(T().active)
    << (order_.in_game(T().active) ? "" : " (left)") << " is active";
  if (T().round.is_open()) o << ", priority: seat " << T().round.holder();
  o << "\n";
  if (rules_->team_life) {
    // 810.4: one life total a team; said once, above the team's seats.
    for (int team = 0; team < rules_->teams(); ++team) {
      Seat first = kNoSeat;
      for (Seat s = 0; s < num_seats(); ++s)
        if (rules_->team[s] == team && first == kNoSeat) first = s;
      if (first == kNoSeat) continue;
      const bool mine = viewer >= 0 && viewer < num_seats() && rules_->team[viewer] == team;
      o << "Team " << team << (mine ? " (yours)" : "") << ": life " << life(first) << "\n";
      for (Seat s = 0; s < num_seats(); ++s)
        if (rules_->team[s] == team) render_seat(o, s, viewer);
    }
  } else {
    for (Seat s = 0; s < num_seats(); ++s) {
      if (rules_->team_size > 1 && (s == 0 || rules_->team[s] != rules_->team[s - 1]))
        o << "Team " << int(rules_->team[s]) << "\n";
      render_seat(o, s, viewer);
    }
  }
  for (int k = 0; k < markers_; ++k) {
    const TurnCtx& c = ctx_[k];
    if (markers_ > 1)
      o << "Marker " << int(c.marker) << ": seat " << int(c.active) << " ("
        << (c.waiting ? "waiting" : step_name(c.step)) << ")" << (k == cur_ ? " <- now" : "")
        << "\n";
    if (c.stack.empty()) continue;
    o << "Stack (top first):\n";
    for (std::size_t i = c.stack.size(); i-- > 0;) {
      const StackItem& it = c.stack[i];
      o << "  #" << it.id << " " << rules_->pool[it.def].name
        << (it.kind == ItemKind::kSpell || it.kind == ItemKind::kCopy ? "" : " (ability)")
        << " of seat " << int(it.controller) << targets_text(it) << "\n";
    }
  }
  if (cast_.active && cast_.item.kind == ItemKind::kSpell)  // 601.2a: announced
    o << "Casting: " << def(cast_.obj).name << " of seat " << int(cast_.seat)
      << targets_text(cast_.item) << "\n";
  const int dividing_now = ask_ == Ask::kDivide ? dividing() : -1;
  for (std::size_t i = 0; i < T().attackers.size(); ++i) {
    const Attacker& a = T().attackers[i];
    if (a.removed) continue;
    std::vector<std::string> blockers;
    for (auto& b : T().blocks)
      if (b.attacker == a.obj)
        blockers.push_back(def(b.blocker).name + " of " +
                           seat_text(objs_[b.blocker].controller, viewer));
    std::string head = "  " + def(a.obj).name + " (seat " +
                       std::to_string(objs_[a.obj].controller) + ") attacks seat " +
                       std::to_string(a.target);
    if (!blockers.empty()) {
      blockers.front() = "blocked by " + blockers.front();
      blockers.insert(blockers.begin(), head);
      wrap_into(o, "", blockers, ", ", 6);
    } else
      o << head << (a.blocked ? ", blocked (its blockers are gone)" : "") << "\n";
    if (static_cast<int>(i) != dividing_now) continue;
    o << "    dividing its damage:";  // 510.1c
    for (auto& b : T().blocks)
      if (b.attacker == a.obj) o << " " << b.assigned << " to " << def(b.blocker).name << ";";
    if (a.to_player) o << " " << a.to_player << " to seat " << int(a.target) << ";";
    o << " " << division_left(a) << " left\n";
  }
  if (viewer >= 0 && viewer < num_seats()) {
    std::vector<std::string> hand;
    for (Obj x : players_[viewer].hand)
      hand.push_back(def(x).name + (def(x).is(kLand) ? "" : " " + mana_text(def(x).cost)));
    wrap_into(o, "Your hand: ", hand, "; ", 2);
  }
  return o.str();
}

}  // namespace tt::magic
