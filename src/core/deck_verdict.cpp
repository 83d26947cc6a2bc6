#include "core/deck_verdict.h"

#include <algorithm>

#include "core/error.h"
#include "core/schema_check.h"

namespace tt {

bool DeckVerdict::legal() const {
  return std::all_of(counts.begin(), counts.end(),
                     [](const SeatCountVerdict& v) { return !v.judged || v.problems.empty(); });
}

std::vector<DeckProblem> DeckVerdict::problems() const {
  std::vector<DeckProblem> out;
  for (const SeatCountVerdict& v : counts) {
    if (!v.judged) continue;
    for (const DeckProblem& p : v.problems)
      if (std::none_of(out.begin(), out.end(), [&](const DeckProblem& q) {
            return q.rule == p.rule && q.message == p.message;
          }))
        out.push_back(p);
  }
  return out;
}

std::string DeckVerdict::judged_text() const {
  std::vector<int> judged;
  for (const SeatCountVerdict& v : counts)
    if (v.judged) judged.push_back(v.seats);
  return seat_counts_text(judged);
}

std::string DeckVerdict::others_text(bool legal) const {
  std::vector<int> others;
  for (const SeatCountVerdict& v : counts)
    if (!v.judged && v.problems.empty() == legal) others.push_back(v.seats);
  return seat_counts_text(others);
}

DeckVerdict judge_deck(const Game& game, const nlohmann::json& deck, const Setup& base, int seats) {
  std::vector<int> meant = {seats};
  if (seats == 0) {
    try {
      meant = game.deck_seat_counts(deck);
    } catch (const Error&) {  // no deck at all: every table size, where check_deck says why
      meant.clear();
    }
    if (meant.empty())
      for (int n = game.min_seats(); n <= game.max_seats(); ++n) meant.push_back(n);
  }
  DeckVerdict verdict;
  const int lo = seats ? seats : game.min_seats(), hi = seats ? seats : game.max_seats();
  for (int n = lo; n <= hi; ++n) {
    SeatCountVerdict v;
    v.seats = n;
    v.judged = std::find(meant.begin(), meant.end(), n) != meant.end();
    Setup setup = base;
    setup.seats = n;
    try {
      v.problems = game.check_deck(deck, setup);
    } catch (const Error& e) {
      v.problems.push_back({"format", e.what()});
    }
    verdict.counts.push_back(std::move(v));
  }
  return verdict;
}

std::string seat_counts_text(const std::vector<int>& counts) {
  if (counts.empty()) return "";
  std::string text;
  for (std::size_t i = 0; i < counts.size();) {
    std::size_t j = i;
    while (j + 1 < counts.size() && counts[j + 1] == counts[j] + 1) ++j;
    text += (text.empty() ? "" : ", ") + std::to_string(counts[i]) +
            (j > i ? "-" + std::to_string(counts[j]) : "");
    i = j + 1;
  }
  return text + " seats";
}

void add_deck_form_problems(const nlohmann::json& deck, std::string_view schema,
                            const std::string& file, std::vector<DeckProblem>& problems) {
  for (const SchemaProblem& p : schema_problems(deck, schema))
    problems.push_back({"format", file.empty()
                                      ? p.pointer + (p.pointer.empty() ? "" : ": ") + p.message
                                      : schema_problem_line(file, p)});
}

}  // namespace tt
