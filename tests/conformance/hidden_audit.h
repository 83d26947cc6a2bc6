// The hidden-information audit of the conformance checks: over a recorded
// game, everything rendered for a seat (its table, its prompt, its own
// options, every decision as replays and seat records show it, every log
// line) is checked against what that seat may see at that moment.
//
// "Hidden from a seat" is defined from the views alone, so it holds for every
// game: a card is hidden from seat S when its id (or a copy's reference
// "id#n", or its printed name from the card data) is in the referee's view
// but nowhere in S's view. A name shared with a card S sees (another copy on
// the table) is not hidden: for duplicates the third rule below applies.
//
// 1. A decision and the log lines it produced may name a card only if S could
//    see it just before or just after (playing a card from hand reveals it;
//    shuffling a known card away was seen). A game lists the log lines that
//    reveal cards in passing by its rules (ViewRules::reveals).
// 2. A seat's table, prompt and options name only what it sees now, or, for
//    an option, what it will see once it takes it (a search of its deck).
// 3. Options S cannot tell apart are shown alike: when two options of the
//    deciding seat leave S's view and S's public log lines the same, what S
//    is shown of them (id, label, private log lines) names the same cards
//    among those with a copy hidden from S. This holds for duplicates too:
//    "duel:aldo" from a hidden hand differs from "duel:kael" even while
//    another Aldo is on the table.
#pragma once
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "core/match.h"
#include "core/registry.h"
#include "core/replay.h"

namespace tt::audit {

using nlohmann::json;

inline void strings_in(const json& j, std::vector<std::string>& out) {
  if (j.is_string()) {
    out.push_back(j.get<std::string>());
  } else if (j.is_structured()) {
    for (auto& v : j) strings_in(v, out);
  }
}

inline std::set<std::string> strings_in(const json& j) {
  std::vector<std::string> all;
  strings_in(j, all);
  return {all.begin(), all.end()};
}

// "ashfen#3" (a copy's reference) -> "ashfen".
inline std::string base_id(const std::string& ref) {
  return ref.substr(0, ref.find('#'));
}

inline bool word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '#';
}

// Whether `token` occurs in `text` as a whole word.
inline bool names_word(const std::string& text, const std::string& token) {
  for (std::size_t at = text.find(token); at != std::string::npos; at = text.find(token, at + 1)) {
    const std::size_t end = at + token.size();
    if ((at == 0 || !word_char(text[at - 1])) && (end == text.size() || !word_char(text[end])))
      return true;
  }
  return false;
}

inline void mask(std::string& text, const std::string& what) {
  for (std::size_t at; (at = text.find(what)) != std::string::npos;)
    text.replace(at, what.size(), "\x01");
}

// The cards of a game's data files (data/<game>/*.json, not the decks):
// every object with a string "id" and a string "name".
class Cards {
 public:
  explicit Cards(const std::string& game) {
    const std::function<void(const json&)> walk = [&](const json& j) {
      if (j.is_object()) {
        if (j.contains("id") && j["id"].is_string() && j.contains("name") &&
            j["name"].is_string()) {
          Card& c = cards_[j["id"].get<std::string>()];
          c.name = j["name"].get<std::string>();
          for (auto& [k, v] : j.items())
            if (k != "id" && k != "name") strings_in(v, c.texts);
        }
        for (auto& v : j) walk(v);
      } else if (j.is_array()) {
        for (auto& v : j) walk(v);
      }
    };
    for (auto& f : std::filesystem::directory_iterator(data_dir() + "/" + game))
      if (f.path().extension() == ".json") {
        std::ifstream in(f.path());
        walk(json::parse(in));
      }
    // A name inside a longer one ("Ashfen" in "Ashfen Scavenger") is masked
    // out of the longer one before it is looked for.
    for (auto& [id, c] : cards_)
      for (auto& [id2, c2] : cards_)
        if (c2.name.size() > c.name.size() && c2.name.find(c.name) != std::string::npos)
          longer_[c.name].push_back(c2.name);
    for (auto& [n, list] : longer_)
      std::sort(list.begin(), list.end(),
                [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  }

  bool is_card(const std::string& ref) const { return cards_.contains(base_id(ref)); }
  const std::string& name(const std::string& ref) const { return cards_.at(base_id(ref)).name; }
  // A card's rules text may name other cards ("counts as both Raen and
  // Kael"): the texts of the cards a seat sees are masked out first.
  const std::vector<std::string>& texts(const std::string& ref) const {
    return cards_.at(base_id(ref)).texts;
  }

  // Whether `text` names `token` (a reference, an id or a name), with
  // `masks` and the longer names containing it masked out first.
  bool names(const std::string& text, const std::string& token,
             const std::set<std::string>& masks) const {
    if (text.find(token) == std::string::npos) return false;
    std::string t = text;
    for (const std::string& m : masks) mask(t, m);
    if (auto it = longer_.find(token); it != longer_.end())
      for (const std::string& longer : it->second) mask(t, longer);
    return names_word(t, token);
  }

  // Every card `text` names: references "id#n", ids and names.
  std::set<std::string> named_in(const std::string& text) const {
    std::set<std::string> out;
    for (auto& [id, c] : cards_) {
      for (std::size_t at = text.find(id); at != std::string::npos; at = text.find(id, at + 1)) {
        std::size_t end = at + id.size();
        if (at > 0 && word_char(text[at - 1])) continue;
        if (end < text.size() && text[end] == '#') {
          while (++end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) {
          }
          out.insert(text.substr(at, end - at));
        } else if (end == text.size() || !word_char(text[end])) {
          out.insert(id);
        }
      }
      if (names(text, c.name, {})) out.insert(c.name);
    }
    return out;
  }

 private:
  struct Card {
    std::string name;
    std::vector<std::string> texts;  // its other strings: rules text, flavour
  };
  std::map<std::string, Card> cards_;
  std::map<std::string, std::vector<std::string>> longer_;
};

// What one seat may not be told at one moment.
struct Secrets {
  std::set<std::string> hidden;  // references, ids and names
  std::set<std::string> texts;   // rules texts of the cards the seat sees
  // References, ids and names with at least one copy hidden (the referee's
  // view has more of them than the seat's).
  std::set<std::string> partly;

  // What was hidden both now and at `later` (texts seen at either).
  Secrets both(const Secrets& later) const {
    Secrets out;
    std::set_intersection(hidden.begin(), hidden.end(), later.hidden.begin(), later.hidden.end(),
                          std::inserter(out.hidden, out.hidden.end()));
    out.texts = texts;
    out.texts.insert(later.texts.begin(), later.texts.end());
    return out;
  }
};

// How many times each card reference, id and name occurs in a view.
inline std::map<std::string, int> card_counts(const std::vector<std::string>& strings,
                                              const Cards& cards) {
  std::map<std::string, int> out;
  for (auto& s : strings)
    if (cards.is_card(s)) {
      ++out[s];
      if (base_id(s) != s) ++out[base_id(s)];
      ++out[cards.name(s)];
    }
  return out;
}

// `all`: the strings of the referee's view of `st`.
inline Secrets secrets_of(const State& st, const std::vector<std::string>& all, Seat viewer,
                          const Cards& cards) {
  json mine;
  st.view(viewer, mine);
  std::vector<std::string> strings;
  strings_in(mine, strings);
  const std::set<std::string> seen(strings.begin(), strings.end());
  Secrets out;
  const std::map<std::string, int> mine_n = card_counts(strings, cards);
  for (auto& [t, n] : card_counts(all, cards))
    if (auto it = mine_n.find(t); it == mine_n.end() || it->second < n) out.partly.insert(t);
  std::set<std::string> visible;  // refs, ids and names of the cards the seat sees
  for (auto& s : seen)
    if (cards.is_card(s)) {
      visible.insert(s);
      visible.insert(base_id(s));
      visible.insert(cards.name(s));
      for (auto& t : cards.texts(s))
        if (t.size() > 12) out.texts.insert(t);
    }
  for (auto& s : all)
    if (!seen.contains(s) && cards.is_card(s))
      for (const std::string& t : {s, base_id(s), cards.name(s)})
        if (!visible.contains(t)) out.hidden.insert(t);
  return out;
}

// Problems found, the first few in full.
struct Findings {
  int count = 0;
  std::vector<std::string> first;
  void add(const std::string& what) {
    if (count++ < 8) first.push_back(what);
  }
  std::string text() const {
    std::string out = std::to_string(count) + " leak(s):";
    for (auto& f : first) out += "\n  " + f.substr(0, 600);
    return out;
  }
};

struct Limits {
  int viewers = 16;                // seats audited (the first ones)
  int options = 64;                // options compared per decision (spread over the list)
  std::size_t decisions = 100000;  // decisions audited (the first ones)
};

class Auditor {
 public:
  // `card_game` names the card data; `reveals` are parts of log lines that
  // reveal cards in passing by the game's rules.
  Auditor(const std::string& card_game, std::vector<std::string> reveals, Limits limits)
      : cards_(card_game), reveals_(std::move(reveals)), limits_(limits) {}

  // Audits a recorded game from its start.
  Findings run(const json& record) {
    findings_ = {};
    Replay referee(record);
    const int n = referee.match().state().num_seats();
    viewers_ = std::min(n, limits_.viewers);
    std::vector<Replay> seats;
    for (Seat v = 0; v < viewers_; ++v) {
      seats.emplace_back(record);
      seats.back().view_as(v);
    }
    std::vector<Secrets> now = secrets(referee.match().state());
    while (!referee.at_end() && referee.position() < limits_.decisions) {
      const State& st = referee.match().state();
      const std::size_t i = referee.position();
      const Seat chooser = static_cast<Seat>(record["decisions"][i]["seat"].get<int>());
      for (Seat v = 0; v < viewers_; ++v) table_and_options(st, v, now[v], i);
      if (record["decisions"][i]["option"] != kConcede)
        indistinguishable_options(st, chooser, i, now);
      referee.next();
      std::vector<Secrets> after = secrets(referee.match().state());
      for (Seat v = 0; v < viewers_; ++v) {
        const ReplayStep step = seats[v].next();
        const Secrets both = now[v].both(after[v]);
        const std::string where = "decision " + std::to_string(i) + " (seat " +
                                  std::to_string(chooser) + ") shown to seat " + std::to_string(v);
        check(step.option, both, where + ": id");
        check(step.label, both, where + ": label");
        for (auto& line : step.log)
          if (!reveal(line["text"])) check(line["text"], both, where + ": log");
      }
      now = std::move(after);
    }
    return findings_;
  }

 private:
  std::vector<Secrets> secrets(const State& st) const {
    json ref;
    st.view(kReferee, ref);
    std::vector<std::string> all;
    strings_in(ref, all);
    std::vector<Secrets> out;
    for (Seat v = 0; v < viewers_; ++v) out.push_back(secrets_of(st, all, v, cards_));
    return out;
  }

  bool reveal(const std::string& line) const {
    for (auto& r : reveals_)
      if (line.find(r) != std::string::npos) return true;
    return false;
  }

  void check(const std::string& text, const Secrets& s, const std::string& where) {
    for (const std::string& token : s.hidden)
      if (cards_.names(text, token, s.texts)) {
        findings_.add(where + " names hidden '" + token + "': " + text);
        return;
      }
  }

  // Rule 2: a seat's table and prompt, and its own options.
  void table_and_options(const State& st, Seat v, const Secrets& now, std::size_t i) {
    const std::string where =
        "before decision " + std::to_string(i) + ", seat " + std::to_string(v);
    check(st.render(v), now, where + "'s table");
    check(st.prompt(v), now, where + "'s prompt");
    ActionList legal;
    st.legal_actions(v, legal);
    for (Action a : legal) {
      const std::string shown = st.action_id(v, a) + " | " + st.action_label(v, a);
      bool names_any = false;
      for (const std::string& token : now.hidden)
        names_any = names_any || cards_.names(shown, token, now.texts);
      if (!names_any) continue;
      auto after = st.clone();
      after->apply_action(v, a);
      json ref;
      after->view(kReferee, ref);
      std::vector<std::string> all;
      strings_in(ref, all);
      check(shown, now.both(secrets_of(*after, all, v, cards_)), where + "'s option");
    }
  }

  // Rule 3: options a seat cannot tell apart name the same cards to it.
  void indistinguishable_options(const State& st, Seat chooser, std::size_t i,
                                 const std::vector<Secrets>& now) {
    ActionList legal;
    st.legal_actions(chooser, legal);
    if (legal.size() < 2) return;
    const std::size_t stride =
        std::max<std::size_t>(1, legal.size() / static_cast<std::size_t>(limits_.options));
    struct Seen {
      std::string key;  // the view and public log lines
      std::set<std::string> named;
      std::string shown;
    };
    std::vector<std::vector<Seen>> per_viewer(static_cast<std::size_t>(viewers_));
    for (std::size_t k = 0; k < legal.size(); k += stride) {
      const Action a = legal[k];
      auto after = st.clone();
      EventLog log;
      after->attach_log(&log);
      after->apply_action(chooser, a);
      for (Seat v = 0; v < viewers_; ++v) {
        if (v == chooser) continue;
        json view;
        after->view(v, view);
        Seen seen{view.dump(), {}, ""};
        seen.shown = st.action_id_for(chooser, a, v) + " | " + st.action_label_for(chooser, a, v);
        for (const Event& e : log) {
          const std::string line = after->describe(e, v);
          if (e.detail_to == kAllSeats) {
            seen.key += "\n" + line;
          } else {
            seen.shown += " | " + line;
          }
        }
        // A name is explained by a card the seat sees that the rendering
        // names by reference ("target:emberscree#8 | Target Emberscree").
        const std::set<std::string> named = cards_.named_in(seen.shown);
        std::set<std::string> explained;
        for (auto& t : named)
          if (cards_.is_card(t) && !now[v].partly.contains(t)) explained.insert(cards_.name(t));
        for (auto& t : named)
          if (now[v].partly.contains(t) && !explained.contains(t)) seen.named.insert(t);
        per_viewer[v].push_back(std::move(seen));
      }
    }
    for (Seat v = 0; v < viewers_; ++v) {
      auto& seen = per_viewer[v];
      std::sort(seen.begin(), seen.end(),
                [](const Seen& x, const Seen& y) { return x.key < y.key; });
      for (std::size_t k = 1; k < seen.size(); ++k)
        if (seen[k].key == seen[k - 1].key && seen[k].named != seen[k - 1].named)
          findings_.add("decision " + std::to_string(i) + ": two options of seat " +
                        std::to_string(chooser) + " look the same to seat " + std::to_string(v) +
                        " but name other cards: '" + seen[k - 1].shown + "' and '" + seen[k].shown +
                        "'");
    }
  }

  Cards cards_;
  std::vector<std::string> reveals_;
  Limits limits_;
  int viewers_ = 0;
  Findings findings_;
};

}  // namespace tt::audit
