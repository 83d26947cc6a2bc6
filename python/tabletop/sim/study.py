"""What a study plays: matchups (a deck and an agent per slot, data overrides),
how many games each, and the seeds' master. Plain data, so it travels to Dask
workers and round-trips through a study file (study.json in the output)."""

from dataclasses import dataclass, field, asdict


@dataclass
class Matchup:
    """One line-up played `Study.games` times. Slot k holds decks[k] and agents[k];
    with `swap`, game i seats slot (s + i) % seats at seat s (the engine's rule)."""

    label: str                 # "dawn vs ember"
    decks: list                # per slot: a starter deck's name or a deck dict (the game's format)
    deck_labels: list          # per slot: the name reports use ("dawn", "dawn-without-aldo")
    agents: list               # per slot: an agent spec ("greedy", "ismcts:sims=200")
    arm: str = ""              # a card study's variant ("as-is", "without", "set"); "" in a matrix
    overrides: list = None     # card data overrides for this matchup's games (docs/data-overrides.md)
    swap: bool = True

    def opponents_of(self, deck):
        """Whom `deck` plays: the other decks at the table, each named once and
        joined by '+' ("ember", "ember+iron"); in a mirror, the deck itself."""
        others = [d for d in dict.fromkeys(self.deck_labels) if d != deck]
        return "+".join(others) or deck

    @property
    def opponent_label(self):
        """Whom slot 0 plays."""
        return self.opponents_of(self.deck_labels[0])


@dataclass
class Study:
    game: str
    seats: int                 # the table size every matchup is played at
    matchups: list
    games: int = 1000          # per matchup
    chunk: int = 500           # games per chunk (a multiple of seats: see chunks.py)
    seed: int = 1              # the master seed
    variant: str = ""
    options: dict = field(default_factory=dict)
    max_decisions: int = 100000
    kind: str = "matrix"       # "matrix" or "card"
    card: str = ""             # a card study's card

    def to_dict(self):
        return asdict(self)

    @staticmethod
    def from_dict(data):
        data = dict(data)
        data["matchups"] = [Matchup(**m) for m in data["matchups"]]
        return Study(**data)

    def total_games(self):
        return self.games * len(self.matchups)


def _repeat(agents, seats):
    """One agent spec per slot: a single spec serves every slot."""
    agents = list(agents) or ["greedy"]
    if len(agents) == 1:
        return agents * seats
    if len(agents) != seats:
        raise ValueError(f"{len(agents)} agent specs for {seats} seats: give one, or one per seat")
    return agents


def matrix_study(game, decks, *, seats=2, agents=("greedy",), ordered=False, mirror=False, **study):
    """Every pairing of `decks` (a list of (label, deck) pairs). Two seats: each
    unordered pair once with seats swapped every game, or with `ordered` each
    ordered pair with the first deck always at seat 0. More seats: the first
    deck at slot 0 against a table of the second, every ordered pair, swapped."""
    agents = _repeat(agents, seats)
    if seats > 2:
        ordered_pairs, swap = True, True
    else:
        ordered_pairs, swap = ordered, not ordered
    matchups = []
    for i, (a, deck_a) in enumerate(decks):
        for j, (b, deck_b) in enumerate(decks):
            if (i == j and not mirror) or (not ordered_pairs and j < i):
                continue
            matchups.append(Matchup(
                label=f"{a} vs {b}", decks=[deck_a] + [deck_b] * (seats - 1),
                deck_labels=[a] + [b] * (seats - 1), agents=agents, swap=swap))
    if not matchups:
        raise ValueError("no pairing to play: give at least two decks (or one with --mirror)")
    return Study(game=game, seats=seats, matchups=matchups, kind="matrix", **study)


def card_study(game, deck, opponents, card, *, arms, seats=2, agents=("greedy",), **study):
    """`deck` (label, deck) against each opponent in every arm: `arms` is a list of
    (arm name, deck as played, overrides), e.g. as-is / without the card / with
    the card's numbers changed. The deck sits at slot 0; opponents fill the rest."""
    agents = _repeat(agents, seats)
    label, _ = deck
    matchups = []
    for arm, deck_value, overrides in arms:
        for opp_label, opp in opponents:
            matchups.append(Matchup(
                label=f"{label} ({arm}) vs {opp_label}", decks=[deck_value] + [opp] * (seats - 1),
                deck_labels=[label] + [opp_label] * (seats - 1), agents=agents, arm=arm,
                overrides=overrides, swap=True))
    if not matchups:
        raise ValueError("no matchup to play: name at least one opponent deck")
    return Study(game=game, seats=seats, matchups=matchups, kind="card", card=card, **study)
