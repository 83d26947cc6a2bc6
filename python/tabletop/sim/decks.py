"""Decks as a study names and edits them. A deck is a starter deck's name (the
engine reads it) or a deck in the game's own JSON format. A card study edits a
copy: every copy of a card replaced by another, whatever the format:

- suikoden: {"commander": id, "cards": [{"card": id, "count": n}, ...]}
- ddm: {"monsters": [{"monster": id, "count": n}, ...], "items": [id, ...]}
- lastchronicle: {"cards": [id, ...], "leader": id}  (40 cards, one copy each)
- magic: {"cards": {id: n, ...}}

so the deck keeps its size; whether it stays legal (a singleton rule, copy
limits, the card's kind) is the engine's to say, with its message."""

import copy
import json
from pathlib import Path

NOT_CARDS = {"name", "description"}   # text fields that are never card ids


def data_folder():
    """The card data folder the engine reads ($TABLETOP_DATA, the installed data, or
    the source tree's data/: tabletop.data_dir())."""
    import tabletop

    return Path(tabletop.data_dir())


def starter_decks(game):
    """The game's starter deck names (as `tabletop games` lists them)."""
    import tabletop

    return list(tabletop.game_info(game)["starter_decks"])


def resolve(game, spec):
    """(label, deck) for a starter deck's name or a deck file's path."""
    path = Path(spec)
    if spec.endswith(".json") or path.is_file():
        try:
            return path.stem, json.loads(path.read_text())
        except (OSError, ValueError) as e:
            raise ValueError(f"deck {spec}: {e}") from None
    return spec, spec   # a starter deck's name: the engine says if there is none


def as_dict(game, deck):
    """The deck's JSON form (a starter deck is read from the data folder)."""
    if isinstance(deck, dict):
        return copy.deepcopy(deck)
    if deck not in starter_decks(game):
        raise ValueError(f"{game}: no starter deck named '{deck}' (starter decks: "
                         f"{', '.join(starter_decks(game))})")
    return json.loads((data_folder() / game / "decks" / f"{deck}.json").read_text())


def _replace(value, card, by):
    """(new value, copies replaced) for any part of a deck."""
    if isinstance(value, str):
        return (by, 1) if value == card else (value, 0)
    if isinstance(value, list):
        out, n = [], 0
        for item in value:
            new, k = _replace(item, card, by)
            out.append(new)
            n += k
        return _merge_counted(out), n
    if isinstance(value, dict):
        if "count" in value and len(value) == 2:          # {"card": id, "count": n}
            (key, name), = [(k, v) for k, v in value.items() if k != "count"]
            if name == card:
                return {key: by, "count": value["count"]}, value["count"]
            return dict(value), 0
        if value and all(isinstance(v, int) for v in value.values()):   # {id: n}
            out = {}
            for name, count in value.items():
                target = by if name == card else name
                out[target] = out.get(target, 0) + count
            return out, value.get(card, 0)
        out, n = {}, 0
        for key, item in value.items():
            if key in NOT_CARDS:
                out[key] = item
                continue
            out[key], k = _replace(item, card, by)
            n += k
        return out, n
    return value, 0


def _merge_counted(items):
    """[{"card": a, "count": 2}, {"card": a, "count": 1}] -> one entry of 3."""
    if not all(isinstance(i, dict) and "count" in i and len(i) == 2 for i in items) or not items:
        return items
    merged, order = {}, []
    for item in items:
        (key, name), = [(k, v) for k, v in item.items() if k != "count"]
        if (key, name) not in merged:
            order.append((key, name))
            merged[(key, name)] = 0
        merged[(key, name)] += item["count"]
    return [{key: name, "count": merged[(key, name)]} for key, name in order]


def without_card(game, deck, card, replacement):
    """A copy of `deck` with every copy of `card` replaced by `replacement`."""
    if card == replacement:
        raise ValueError(f"--replace-with names the card itself ({card})")
    new, copies = _replace(as_dict(game, deck), card, replacement)
    if copies == 0:
        raise ValueError(f"the deck has no copy of '{card}'")
    if isinstance(new.get("name"), str):
        new["name"] = f"{new['name']} (without {card})"
    return new, copies
