"""Exact totals: every count is an integer, so adding chunks in any order (on
any worker) gives the same numbers. Totals counts each chunk once, by its
index, however often a chunk was played (a retry after a lost worker)."""

from collections import Counter, defaultdict

import numpy as np

WIN, LOSS, DRAW = 0, 1, 2

# Field order of the counters below.
OUTCOME = ("wins", "losses", "draws", "unfinished")                  # per (matchup, slot)
SEAT = ("finished", "wins", "draws", "starts", "start_wins")         # per (matchup, seat)
CARD = ("drawn_games", "drawn_wins", "played_games", "played_wins",
        "drawn_copies", "played_copies")                             # per (arm, deck, card)
DECK = ("games", "wins")                                             # per (arm, deck): finished seat-games


def _counts(n):
    return lambda: [0] * n


class Tally:
    """Counts of some chunks of a study (finished games only, but `unfinished`)."""

    def __init__(self):
        self.chunks = set()
        self.games = 0
        self.seconds = 0.0   # engine time: informative, not part of the exact numbers
        self.outcome = defaultdict(_counts(len(OUTCOME)))
        self.seat = defaultdict(_counts(len(SEAT)))
        self.length = defaultdict(Counter)   # (matchup, "decisions" | "turns") -> value -> games
        self.card = defaultdict(_counts(len(CARD)))
        self.deck = defaultdict(_counts(len(DECK)))

    def merge(self, other):
        self.chunks |= other.chunks
        self.games += other.games
        self.seconds += other.seconds
        for mine, theirs in ((self.outcome, other.outcome), (self.seat, other.seat),
                             (self.card, other.card), (self.deck, other.deck)):
            for key, values in theirs.items():
                row = mine[key]
                for i, v in enumerate(values):
                    row[i] += v
        for key, hist in other.length.items():
            self.length[key].update(hist)
        return self

    def exact(self):
        """Everything but the timing, as plain sorted data (for comparisons)."""
        def plain(d):
            return sorted((k, list(v) if isinstance(v, list) else sorted(v.items())) for k, v in d.items())
        return {"chunks": sorted(self.chunks), "games": self.games, "outcome": plain(self.outcome),
                "seat": plain(self.seat), "length": plain(self.length), "card": plain(self.card),
                "deck": plain(self.deck)}

    @staticmethod
    def of_games(chunk_index, job, g):
        """Count one chunk from play_games' arrays (see chunks.play)."""
        t = Tally()
        t.chunks.add(chunk_index)
        m, arm, labels = job["matchup"], job["arm"], job["deck_labels"]
        slot = np.asarray(g["slot"], dtype=np.int64)
        result = np.asarray(g["result"], dtype=np.int64)
        finished = np.asarray(g["finished"], dtype=bool)
        first = np.asarray(g["first"], dtype=np.int64)
        n, seats = slot.shape if slot.ndim == 2 else (len(finished), 0)
        t.games = int(n)
        t.seconds = float(g.get("seconds", 0.0))
        won = (result == WIN) & finished[:, None]
        drew = (result == DRAW) & finished[:, None]
        lost = (result == LOSS) & finished[:, None]
        for s in range(seats):
            for k in range(seats):
                at = slot[:, s] == k
                row = t.outcome[(m, k)]
                row[0] += int(np.sum(won[at, s]))
                row[1] += int(np.sum(lost[at, s]))
                row[2] += int(np.sum(drew[at, s]))
                row[3] += int(np.sum(at & ~finished))
                deck = t.deck[(arm, labels[k])]
                deck[0] += int(np.sum(at & finished))
                deck[1] += int(np.sum(won[at, s]))
            starts = (first == s) & finished
            seat = t.seat[(m, s)]
            seat[0] += int(np.sum(finished))
            seat[1] += int(np.sum(won[:, s]))
            seat[2] += int(np.sum(drew[:, s]))
            seat[3] += int(np.sum(starts))
            seat[4] += int(np.sum(starts & won[:, s]))
        for name in ("decisions", "turns"):
            values, counts = np.unique(np.asarray(g[name])[finished], return_counts=True)
            t.length[(m, name)].update({int(v): int(c) for v, c in zip(values, counts)})
        t._count_cards(arm, labels, g, slot, won, finished)
        return t

    def _count_cards(self, arm, labels, g, slot, won, finished):
        cards = list(g.get("cards", []))
        game = np.asarray(g.get("card_game", []), dtype=np.int64)
        if not cards or game.size == 0:
            return
        seat = np.asarray(g["card_seat"], dtype=np.int64)
        card = np.asarray(g["card"], dtype=np.int64)
        drawn = np.asarray(g["drawn"], dtype=np.int64)
        played = np.asarray(g["played"], dtype=np.int64)
        keep = finished[game]
        game, seat, card, drawn, played = game[keep], seat[keep], card[keep], drawn[keep], played[keep]
        win = won[game, seat]
        key = slot[game, seat] * len(cards) + card      # group by (slot, card)
        size = slot.shape[1] * len(cards)
        sums = [np.bincount(key, weights=w, minlength=size).astype(np.int64) for w in (
            drawn > 0, (drawn > 0) & win, played > 0, (played > 0) & win, drawn, played)]
        for k in np.flatnonzero(sums[0] + sums[2] + sums[4] + sums[5]):
            row = self.card[(arm, labels[k // len(cards)], cards[k % len(cards)])]
            for i, s in enumerate(sums):
                row[i] += int(s[k])


class Totals:
    """The study's totals, each chunk counted exactly once (keyed by its index)."""

    def __init__(self, chunks):
        self.expected = {c.index for c in chunks}
        self.tally = Tally()
        self.duplicates = 0

    def add(self, tally):
        """Count `tally` (one chunk's); False when that chunk was already counted."""
        if tally.chunks & self.tally.chunks:
            self.duplicates += 1
            return False
        if not tally.chunks <= self.expected:
            raise ValueError(f"chunks {sorted(tally.chunks - self.expected)} are not in this study")
        self.tally.merge(tally)
        return True

    def complete(self):
        return self.tally.chunks == self.expected
