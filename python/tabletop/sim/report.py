"""The study's results as CSV files (exact counts, rates with 95% Wilson
intervals), a summary JSON and a report folder of PNG plots. Column meanings
are listed in docs/simulation.md. Files are written into a fresh folder that
replaces the output folder only when everything is written."""

import csv
import json
import math
import os
import shutil
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

from .interval import difference, wilson
from .tally import CARD, OUTCOME, SEAT


def _rate(successes, trials):
    return [_fmt(x) for x in wilson(successes, trials)]


def _fmt(x):
    return "" if isinstance(x, float) and math.isnan(x) else f"{x:.6f}"


def _write(path, header, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)


def matchup_rows(study, tally):
    """Per matchup and deck (its slots pooled): the deck's wins, losses, draws."""
    rows = []
    for m, mu in enumerate(study.matchups):
        for deck in dict.fromkeys(mu.deck_labels):
            slots = [k for k, d in enumerate(mu.deck_labels) if d == deck]
            c = [sum(tally.outcome[(m, k)][i] for k in slots) for i in range(len(OUTCOME))]
            wins, losses, draws, unfinished = c
            finished = wins + losses + draws
            opponent = mu.opponents_of(deck)
            rows.append([mu.arm, mu.label, deck, opponent, len(slots), study.games * len(slots),
                         finished, wins, losses, draws, unfinished] + _rate(wins, finished))
    return rows


MATCHUP_HEADER = ["arm", "matchup", "deck", "opponent", "slots", "seat_games", "finished", "wins",
                  "losses", "draws", "unfinished", "win_rate", "win_low", "win_high"]


def card_rows(tally):
    rows = []
    for (arm, deck, card), c in sorted(tally.card.items()):
        d = dict(zip(CARD, c))
        games, wins = tally.deck[(arm, deck)]
        not_drawn, not_drawn_wins = games - d["drawn_games"], wins - d["drawn_wins"]
        rows.append([arm, deck, card, games, wins,
                     d["drawn_games"], d["drawn_wins"], *_rate(d["drawn_wins"], d["drawn_games"]),
                     d["played_games"], d["played_wins"], *_rate(d["played_wins"], d["played_games"]),
                     not_drawn, not_drawn_wins, *_rate(not_drawn_wins, not_drawn),
                     d["drawn_copies"], d["played_copies"]])
    return rows


CARD_HEADER = ["arm", "deck", "card", "deck_games", "deck_wins",
               "drawn_games", "drawn_wins", "drawn_win_rate", "drawn_low", "drawn_high",
               "played_games", "played_wins", "played_win_rate", "played_low", "played_high",
               "not_drawn_games", "not_drawn_wins", "not_drawn_win_rate", "not_drawn_low", "not_drawn_high",
               "drawn_copies", "played_copies"]


def deck_rows(tally):
    return [[arm, deck, games, wins, *_rate(wins, games)]
            for (arm, deck), (games, wins) in sorted(tally.deck.items())]


DECK_HEADER = ["arm", "deck", "seat_games", "wins", "win_rate", "win_low", "win_high"]


def _quantile(hist, q):
    """The smallest value with at least q of the games at or below it."""
    total = sum(hist.values())
    need, seen = q * total, 0
    for value in sorted(hist):
        seen += hist[value]
        if seen >= need:
            return value
    return ""


def length_rows(study, tally):
    hist_rows, summary_rows = [], []
    for m, mu in enumerate(study.matchups):
        for measure in ("decisions", "turns"):
            hist = tally.length.get((m, measure), Counter())
            hist_rows += [[mu.arm, mu.label, measure, v, hist[v]] for v in sorted(hist)]
            games = sum(hist.values())
            mean = sum(v * n for v, n in hist.items()) / games if games else math.nan
            summary_rows.append([mu.arm, mu.label, measure, games, _fmt(mean),
                                 min(hist) if hist else "", _quantile(hist, 0.1), _quantile(hist, 0.5),
                                 _quantile(hist, 0.9), max(hist) if hist else ""])
    return hist_rows, summary_rows


def seat_rows(study, tally):
    """Per matchup (and all together) and seat: wins at that seat, and of the
    seat that took the first turn."""
    rows = []
    scopes = [(mu.arm, mu.label, [m]) for m, mu in enumerate(study.matchups)]
    scopes.append(("", "all", list(range(len(study.matchups)))))
    for arm, label, ms in scopes:
        starts = start_wins = 0
        for s in range(study.seats):
            c = dict(zip(SEAT, [sum(tally.seat[(m, s)][i] for m in ms) for i in range(len(SEAT))]))
            starts += c["starts"]
            start_wins += c["start_wins"]
            rows.append([arm, label, s, c["finished"], c["wins"], c["draws"], *_rate(c["wins"], c["finished"]),
                         c["starts"], c["start_wins"], *_rate(c["start_wins"], c["starts"])])
        rows.append([arm, label, "first", starts, start_wins, "", *_rate(start_wins, starts),
                     starts, start_wins, *_rate(start_wins, starts)])
    return rows


SEAT_HEADER = ["arm", "matchup", "seat", "finished", "wins", "draws", "win_rate", "win_low", "win_high",
               "starts", "start_wins", "start_win_rate", "start_low", "start_high"]


def effect_rows(study, tally):
    """A card study: each arm's win rate against the as-is deck's, per opponent
    and over all opponents, with a 95% interval of the difference."""
    if study.kind != "card":
        return []
    studied = study.matchups[0].deck_labels[0]
    counts = {}   # (arm, opponent) -> [wins, finished]
    for m, mu in enumerate(study.matchups):
        slots = [k for k, d in enumerate(mu.deck_labels) if d == studied]
        wins = sum(tally.outcome[(m, k)][0] for k in slots)
        finished = sum(sum(tally.outcome[(m, k)][:3]) for k in slots)
        for opponent in (mu.opponents_of(studied), "all"):
            c = counts.setdefault((mu.arm, opponent), [0, 0])
            c[0] += wins
            c[1] += finished
    rows = []
    for (arm, opponent), (wins, finished) in sorted(counts.items(), key=lambda kv: kv[0][1] == "all"):
        if arm == "as-is" or ("as-is", opponent) not in counts:
            continue
        base_wins, base_finished = counts[("as-is", opponent)]
        rows.append([arm, opponent, finished, wins, *_rate(wins, finished), base_finished, base_wins,
                     *_rate(base_wins, base_finished),
                     *[_fmt(x) for x in difference(wins, finished, base_wins, base_finished)]])
    return rows


EFFECT_HEADER = ["arm", "opponent", "finished", "wins", "win_rate", "win_low", "win_high",
                 "as_is_finished", "as_is_wins", "as_is_win_rate", "as_is_low", "as_is_high",
                 "difference", "difference_low", "difference_high"]


def write_csvs(folder, study, tally):
    folder = Path(folder)
    hist, summary = length_rows(study, tally)
    tables = {
        "matchups.csv": (MATCHUP_HEADER, matchup_rows(study, tally)),
        "decks.csv": (DECK_HEADER, deck_rows(tally)),
        "cards.csv": (CARD_HEADER, card_rows(tally)),
        "lengths.csv": (["arm", "matchup", "measure", "value", "games"], hist),
        "length_summary.csv": (["arm", "matchup", "measure", "games", "mean", "min", "p10", "median",
                                "p90", "max"], summary),
        "seats.csv": (SEAT_HEADER, seat_rows(study, tally)),
    }
    if study.kind == "card":
        tables["card_effect.csv"] = (EFFECT_HEADER, effect_rows(study, tally))
    for name, (header, rows) in tables.items():
        _write(folder / name, header, rows)
    return list(tables)


def write_all(out, study, totals, *, seconds, runner, plots=True):
    """Every output into `out` (replaced whole once all is written)."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        tally = totals.tally
        files = write_csvs(tmp, study, tally)
        (tmp / "study.json").write_text(json.dumps(study.to_dict(), indent=1) + "\n")
        pngs, plot_error = [], None
        if plots:
            from .plots import draw_all

            (tmp / "report").mkdir()
            try:
                pngs = draw_all(tmp / "report", study, tally)
            except Exception as e:   # a plot's failure must not lose a long study's counts
                plot_error = f"{type(e).__name__}: {e}"
        finished = sum(sum(c[:3]) for c in tally.outcome.values())
        summary = {
            "game": study.game, "kind": study.kind, "seats": study.seats, "variant": study.variant,
            "options": study.options, "card": study.card, "seed": study.seed,
            "seed_formula": "chunk c of matchup m: seed + m * 2**32 + c * chunk (mod 2**64); "
                            "game j of matchup m: seed + m * 2**32 + j",
            "matchups": len(study.matchups), "games_per_matchup": study.games, "chunk": study.chunk,
            "chunks": len(tally.chunks), "games": tally.games, "seat_games_finished": finished,
            "duplicate_chunks_ignored": totals.duplicates, "runner": runner,
            "seconds": round(seconds, 3), "games_per_second": round(tally.games / seconds, 1) if seconds else None,
            "engine_seconds": round(tally.seconds, 3),
            "files": files + ["study.json"] + [f"report/{p}" for p in pngs],
        }
        if plot_error:
            summary["plot_error"] = plot_error
        (tmp / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
        os.chmod(tmp, 0o755)
        if out.exists():
            old = out.with_name(f".{out.name}.old")
            shutil.rmtree(old, ignore_errors=True)
            out.rename(old)
            tmp.rename(out)
            shutil.rmtree(old, ignore_errors=True)
        else:
            tmp.rename(out)
        return summary
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def deck_matrix(study, tally, per_arm):
    """rows, columns and {(row, column): (wins, finished)} for the heat map:
    a matrix study by deck against opponent, a card study by arm against opponent.
    At 3+ seats a cell is the slot-0 deck alone against a table of the other."""
    cells = defaultdict(lambda: [0, 0])
    for m, mu in enumerate(study.matchups):
        for deck in dict.fromkeys(mu.deck_labels):
            slots = [k for k, d in enumerate(mu.deck_labels) if d == deck]
            if (per_arm or study.seats > 2) and slots[0] != 0:
                continue   # a card study's deck, or one deck alone at a table of another
            wins = sum(tally.outcome[(m, k)][0] for k in slots)
            finished = sum(sum(tally.outcome[(m, k)][:3]) for k in slots)
            opponent = mu.opponents_of(deck)
            row = mu.arm if per_arm else deck
            cells[(row, opponent)][0] += wins
            cells[(row, opponent)][1] += finished
    rows = list(dict.fromkeys(r for r, _ in cells))
    cols = list(dict.fromkeys(c for _, c in cells))
    if not per_arm:
        rows = cols = sorted(set(rows) | set(cols))
    return rows, cols, dict(cells)
