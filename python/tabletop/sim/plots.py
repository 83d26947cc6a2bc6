"""The report folder's PNG plots (matplotlib, Agg backend): the win-rate heat
map with intervals, per-card win rates when drawn and when played, game length
distributions and the first-seat advantage."""

import math
import re
from collections import Counter

import matplotlib

matplotlib.use("Agg")
import matplotlib.ticker  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from .interval import wilson  # noqa: E402
from .tally import CARD  # noqa: E402


def _title(study, what):
    agents = ",".join(dict.fromkeys(a for mu in study.matchups for a in mu.agents))
    variant = f" {study.variant}" if study.variant else ""
    return f"{study.game}{variant}, {study.seats} seats, {agents}: {what}"


def _file(name):
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)


def heat_map(path, study, tally):
    from .report import deck_matrix

    per_arm = study.kind == "card"
    rows, cols, cells = deck_matrix(study, tally, per_arm)
    grid = np.full((len(rows), len(cols)), np.nan)
    for (r, c), (wins, finished) in cells.items():
        grid[rows.index(r), cols.index(c)] = wins / finished if finished else np.nan
    fig, ax = plt.subplots(figsize=(max(6.5, 2.4 + 1.5 * len(cols)), max(3.2, 1.6 + 0.9 * len(rows))))
    even = 1 / study.seats   # no advantage: centred on white
    norm = matplotlib.colors.TwoSlopeNorm(vmin=0, vcenter=even, vmax=1)
    im = ax.imshow(np.ma.masked_invalid(grid), cmap="RdBu", norm=norm, aspect="auto")
    for (r, c), (wins, finished) in cells.items():
        rate, low, high = wilson(wins, finished)
        f = "{:.1%}" if high - low < 0.04 else "{:.0%}"   # narrow intervals keep a decimal
        text = f"{f.format(rate)}\n{f.format(low)}–{f.format(high)}" if finished else "–"
        light = finished and abs(norm(rate) - 0.5) > 0.3
        ax.text(cols.index(c), rows.index(r), text, ha="center", va="center", fontsize=9,
                color="white" if light else "black")
    ax.set_xticks(range(len(cols)), cols, rotation=30, ha="right")
    ax.set_yticks(range(len(rows)), rows)
    ax.set_xlabel("opponent")
    ax.set_ylabel("arm" if per_arm else "deck")
    fig.colorbar(im, ax=ax, label=f"win rate (white: 1/{study.seats})", shrink=0.9)
    what = (f"win rate of {study.matchups[0].deck_labels[0]} by arm (card {study.card})" if per_arm
            else "win rate of the row's deck" + (" alone at a table of the column's" if study.seats > 2 else ""))
    ax.set_title(_title(study, what) + "\ncells: win rate, 95% Wilson interval", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def card_chart(path, study, tally, arm, deck, highlight=""):
    rows = [(card, dict(zip(CARD, c))) for (a, d, card), c in tally.card.items() if a == arm and d == deck]
    rows = [(card, c) for card, c in rows if c["drawn_games"] > 0]
    if not rows:
        return False
    rows.sort(key=lambda r: r[1]["drawn_wins"] / r[1]["drawn_games"])
    games, wins = tally.deck[(arm, deck)]
    y = np.arange(len(rows))
    fig, ax = plt.subplots(figsize=(8, 1.2 + 0.28 * len(rows)))
    for offset, key, colour, label in ((-0.17, "drawn", "tab:blue", "when drawn"),
                                       (0.17, "played", "tab:orange", "when played")):
        stats = [wilson(c[f"{key}_wins"], c[f"{key}_games"]) for _, c in rows]
        rate = np.array([s[0] for s in stats])
        err = np.array([[s[0] - s[1] for s in stats], [s[2] - s[0] for s in stats]])
        ok = ~np.isnan(rate)
        ax.errorbar(rate[ok], y[ok] + offset, xerr=err[:, ok], fmt="o", ms=4, color=colour,
                    capsize=2, label=label)
    if games:
        ax.axvline(wins / games, color="grey", ls="--", lw=1, label=f"deck overall {wins / games:.1%}")
    labels = [f"{card}  ({c['drawn_games']:,} / {c['played_games']:,})" for card, c in rows]
    ax.set_yticks(y, labels, fontsize=8)
    for tick, (card, _) in zip(ax.get_yticklabels(), rows):
        if card == highlight:
            tick.set_fontweight("bold")
            tick.set_color("tab:red")
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate of the deck's seat (95% Wilson interval); label: games drawn / played")
    ax.legend(loc="lower right", fontsize=8)
    name = f"{deck} ({arm})" if arm else deck
    ax.set_title(_title(study, f"cards of {name}"), fontsize=9)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def lengths(path, study, tally):
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.5))
    for ax, measure in zip(axes, ("decisions", "turns")):
        hists = [tally.length.get((m, measure), Counter()) for m in range(len(study.matchups))]
        every = sorted(set().union(*hists))
        if not every:
            continue
        # The same bins for every matchup, at most 40 of them, whole numbers wide.
        width = max(1, -(-(every[-1] - every[0] + 1) // 40))
        edges = np.arange(every[0], every[-1] + width + 1, width)
        for mu, hist in zip(study.matchups, hists):
            if not hist:
                continue
            values = np.array(sorted(hist))
            h, _ = np.histogram(values, bins=edges, weights=[hist[v] for v in values])
            ax.stairs(h / h.sum(), edges, label=mu.label, lw=1.3)
        ax.set_xlabel(f"{measure} per game (finished games)")
        ax.set_ylabel("share of games")
        ax.grid(alpha=0.3)
    axes[0].legend(fontsize=7, loc="upper right")
    fig.suptitle(_title(study, "game length"), fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def first_seat(path, study, tally):
    from .report import seat_rows

    rows = [r for r in seat_rows(study, tally) if r[2] == "first"]
    labels = [r[1] for r in rows]
    stats = [wilson(r[4], r[3]) for r in rows]
    rate = np.array([s[0] for s in stats])
    err = np.array([[s[0] - s[1] for s in stats], [s[2] - s[0] for s in stats]])
    err = np.nan_to_num(err)
    fig, ax = plt.subplots(figsize=(8, 1.2 + 0.35 * len(rows)))
    y = np.arange(len(rows))
    colours = ["tab:grey" if lab == "all" else "tab:green" for lab in labels]
    ax.barh(y, np.nan_to_num(rate), xerr=err, color=colours, capsize=3, alpha=0.8)
    ax.axvline(1 / study.seats, color="black", ls="--", lw=1, label=f"no advantage (1/{study.seats})")
    for i, (r, s) in enumerate(zip(rows, stats)):
        if not math.isnan(s[0]):
            ax.text(s[2] + 0.015, i, f"{s[0]:.1%} of {r[3]:,}", va="center", fontsize=8)
    ax.set_yticks(y, labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate of the seat that took the first turn (95% Wilson interval)")
    ax.legend(fontsize=8, loc="lower right")
    ax.set_title(_title(study, "first-seat advantage"), fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def card_effect(path, study, tally):
    """A card study: each arm's change of win rate against the as-is deck, per
    opponent and overall, with Newcombe's 95% interval (card_effect.csv)."""
    from .report import effect_rows

    rows = effect_rows(study, tally)
    if not rows:
        return False
    fig, ax = plt.subplots(figsize=(8, 1.4 + 0.35 * len(rows)))
    y = np.arange(len(rows))
    diff = np.array([float(r[12]) for r in rows])
    low = np.array([float(r[13]) for r in rows])
    high = np.array([float(r[14]) for r in rows])
    colours = ["tab:grey" if r[1] == "all" else "tab:purple" for r in rows]
    for i, colour in enumerate(colours):
        ax.errorbar(diff[i], y[i], xerr=[[diff[i] - low[i]], [high[i] - diff[i]]], fmt="o", color=colour,
                    capsize=3)
    ax.axvline(0, color="black", lw=1)
    for i, (d, lo, hi) in enumerate(zip(diff, low, high)):
        ax.text(hi + 0.005, i, f"{100 * d:+.1f} ({100 * lo:+.1f} to {100 * hi:+.1f})", va="center", fontsize=8)
    ax.set_yticks(y, [f"{r[0]} vs {r[1]}" for r in rows], fontsize=8)
    ax.invert_yaxis()
    span = max(0.05, np.max(np.abs(np.concatenate([low, high]))) * 1.6)
    ax.set_xlim(-span, span)
    ax.xaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0, decimals=0))
    ax.set_xlabel("win rate minus the as-is deck's (95% interval); points of win rate in the labels")
    deck = study.matchups[0].deck_labels[0]
    ax.set_title(_title(study, f"{deck}, card {study.card}: each arm against as-is"), fontsize=9)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def draw_all(folder, study, tally):
    """Every plot into `folder`; returns the file names."""
    names = ["winrate_matrix.png", "lengths.png", "first_seat.png"]
    heat_map(folder / names[0], study, tally)
    lengths(folder / names[1], study, tally)
    first_seat(folder / names[2], study, tally)
    if card_effect(folder / "card_effect.png", study, tally):
        names.append("card_effect.png")
    studied = study.matchups[0].deck_labels[0]
    for arm, deck in sorted(tally.deck):
        if study.kind == "card" and deck != studied:
            continue   # a card study charts the studied deck in each arm
        name = _file(f"cards_{arm}_{deck}.png" if arm else f"cards_{deck}.png")
        if card_chart(folder / name, study, tally, arm, deck, highlight=study.card):
            names.append(name)
    return names
