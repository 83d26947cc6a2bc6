#!/usr/bin/env python3
"""Validate the Genso Suikoden Card Stories data files.

Checks data/suikoden/cards.json against docs/games/suikoden-card-format.md and
every data/suikoden/decks/*.json against the deck-building rules:
  * exactly 50 cards (the commander is outside the deck);
  * at most 4 copies per name, a pair card counting as one copy of each of its names;
  * no character sharing a name with the deck's commander;
  * with a commander, no character of another camp (unaffiliated ones are fine).

Problems (which make the exit status 1) are printed as "ERROR"; advice on the
sample pool's conventions and the starter decks' mix is printed as "warning".

Usage: scripts/check_suikoden_data.py [--strict] [CARDS_JSON [DECK_JSON ...]]
  --strict  also fail on warnings
Standard library only.
"""
import glob
import json
import os
import re
import sys
from collections import Counter, defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CARDS = os.path.join(ROOT, "data", "suikoden", "cards.json")
DEFAULT_DECKS = os.path.join(ROOT, "data", "suikoden", "decks")

ID_RE = re.compile(r"^[a-z0-9-]+$")
LINK_LETTERS = set("ABCDEFGHI")
TYPES = {"character", "mission", "facility"}
CLASSES = {"commander", "leader", "commoner", "free", "craftsman"}
AFFILIATED = {"commander", "leader", "commoner"}
STATS = {"atk", "troops", "build"}
BATTLES = {"attack", "troops", "duel"}
BOOST_TO = {"self", "side", "all", "enemies"}
HAND_TO = {"self", "opponent"}
COUNTER_DO = {"weaken", "repel", "draw"}
FILTER_KEYS = {"class", "camp", "emblem", "name"}

COMMON_FIELDS = {"id", "name", "type", "text"}
FIELDS = {
    "character": COMMON_FIELDS | {"class", "camp", "names", "links", "atk", "troops", "build",
                                  "emblem", "support", "effects"},
    "mission": COMMON_FIELDS | {"battle", "target", "duel_stat", "vp"},
    "facility": COMMON_FIELDS | {"build", "block", "effects"},
}
EFFECT_FIELDS = {
    "boost": {"kind", "stat", "amount", "to", "filter"},
    "cooperation": {"kind", "partner", "stat", "amount"},
    "on_dispatch": {"kind", "do", "amount"},
    "counter": {"kind", "trigger", "do", "stat", "amount", "max"},
    "hand_limit": {"kind", "amount", "to"},
}
# Sample-pool conventions (not format rules): link counts per class.
LINK_COUNT = {"leader": (1, 3), "commoner": (2, 3), "free": (2, 4), "craftsman": (2, 4)}
DECK_SIZE = 50
MAX_COPIES = 4


class Report:
    def __init__(self):
        self.errors = 0
        self.warnings = 0

    def error(self, where, msg):
        self.errors += 1
        print(f"ERROR   {where}: {msg}")

    def warn(self, where, msg):
        self.warnings += 1
        print(f"warning {where}: {msg}")


def rel(path):
    """A path relative to the repository when inside it, else as given."""
    full = os.path.abspath(path)
    return os.path.relpath(full, ROOT) if full.startswith(ROOT + os.sep) else path


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def char_names(card):
    """The character names a card counts as (both halves of a pair)."""
    names = card.get("names")
    if isinstance(names, list) and names:
        return [n for n in names if isinstance(n, str)]
    return [card.get("name")]


# --------------------------------------------------------------------- cards
def check_filter(r, where, flt, camps, all_names):
    if not isinstance(flt, dict):
        r.error(where, "filter must be an object")
        return
    for k in flt:
        if k not in FILTER_KEYS:
            r.error(where, f"unknown filter field '{k}'")
    if "class" in flt and flt["class"] not in CLASSES:
        r.error(where, f"filter class '{flt['class']}' is not one of {sorted(CLASSES)}")
    if "camp" in flt and flt["camp"] not in camps:
        r.error(where, f"filter camp '{flt['camp']}' is no camp")
    if "emblem" in flt and not isinstance(flt["emblem"], bool):
        r.error(where, "filter emblem must be true or false")
    if "name" in flt and flt["name"] not in all_names:
        r.error(where, f"filter name '{flt['name']}' is no character name in the pool")


def check_stat(r, where, e, field="stat"):
    if e.get(field) not in STATS:
        r.error(where, f"{field} '{e.get(field)}' is not one of {sorted(STATS)}")


def check_effect(r, where, e, card, camps, all_names, card_names):
    if not isinstance(e, dict):
        r.error(where, "an effect must be an object")
        return
    kind = e.get("kind")
    if kind not in EFFECT_FIELDS:
        r.error(where, f"kind '{kind}' is not one of {sorted(EFFECT_FIELDS)}")
        return
    for k in e:
        if k not in EFFECT_FIELDS[kind]:
            r.error(where, f"field '{k}' does not belong to a {kind} effect")
    ctype, cls = card.get("type"), card.get("class")
    is_commander = ctype == "character" and cls == "commander"
    is_char = ctype == "character" and not is_commander
    if "amount" in e and not is_int(e["amount"]):
        r.error(where, "amount must be an integer")

    if kind == "boost":
        check_stat(r, where, e)
        if not is_int(e.get("amount")) or e.get("amount") == 0:
            r.error(where, "boost needs a non-zero integer amount")
        to = e.get("to")
        if to not in BOOST_TO:
            r.error(where, f"to '{to}' is not one of {sorted(BOOST_TO)}")
        elif (is_commander or ctype == "facility") and to != "all":
            r.error(where, f"commanders and facilities boost with to: all, not '{to}'")
        elif is_char and to == "all":
            r.error(where, "to: all is for commanders and built facilities")
        elif ctype == "mission":
            r.error(where, "missions have no effects")
        if "filter" in e:
            check_filter(r, where, e["filter"], camps, all_names)
    elif kind == "cooperation":
        if not is_char:
            r.error(where, "cooperation belongs on dispatchable characters")
        check_stat(r, where, e)
        if not is_int(e.get("amount")) or e.get("amount", 0) <= 0:
            r.error(where, "cooperation needs a positive amount")
        partner = e.get("partner")
        if not isinstance(partner, str) or partner not in card_names:
            r.error(where, f"cooperation partner '{partner}' is no card name in the pool")
        elif partner == card.get("name"):
            r.error(where, "a character cannot cooperate with its own name (unique rule)")
    elif kind == "on_dispatch":
        if not is_char:
            r.error(where, "on_dispatch belongs on dispatchable characters")
        if e.get("do") != "draw":
            r.error(where, f"on_dispatch do '{e.get('do')}' is not 'draw'")
        if not is_int(e.get("amount")) or e.get("amount", 0) <= 0:
            r.error(where, "on_dispatch draw needs a positive amount")
    elif kind == "counter":
        if not is_char:
            r.error(where, "counter belongs on characters in the deck")
        if e.get("trigger", "opponent_dispatch") != "opponent_dispatch":
            r.error(where, f"trigger '{e.get('trigger')}' is not 'opponent_dispatch'")
        act = e.get("do")
        if act not in COUNTER_DO:
            r.error(where, f"counter do '{act}' is not one of {sorted(COUNTER_DO)}")
        elif act == "weaken":
            check_stat(r, where, e)
            if not is_int(e.get("amount")) or e.get("amount", 0) <= 0:
                r.error(where, "weaken needs a positive amount (how much is lost)")
            if "max" in e:
                r.error(where, "max belongs to repel")
        elif act == "repel":
            check_stat(r, where, e)
            if not is_int(e.get("max")) or e.get("max", -1) < 0:
                r.error(where, "repel needs a non-negative integer max")
            if "amount" in e:
                r.error(where, "repel uses max, not amount")
        else:  # draw
            if not is_int(e.get("amount")) or e.get("amount", 0) <= 0:
                r.error(where, "counter draw needs a positive amount")
            if "stat" in e or "max" in e:
                r.error(where, "counter draw takes only amount")
    elif kind == "hand_limit":
        if not (is_commander or ctype == "facility"):
            r.error(where, "hand_limit works on commanders and facilities")
        if not is_int(e.get("amount")) or e.get("amount") == 0:
            r.error(where, "hand_limit needs a non-zero integer amount")
        if e.get("to") not in HAND_TO:
            r.error(where, f"to '{e.get('to')}' is not one of {sorted(HAND_TO)}")


def check_character(r, where, c, camps):
    cls = c.get("class")
    if cls not in CLASSES:
        r.error(where, f"class '{cls}' is not one of {sorted(CLASSES)}")
        return
    camp = c.get("camp")
    if cls in AFFILIATED:
        if camp is None:
            r.error(where, f"a {cls} needs a camp")
        elif camp not in camps:
            r.error(where, f"camp '{camp}' is no camp")
    elif camp is not None:
        r.error(where, f"a {cls} is unaffiliated and has no camp")

    names = c.get("names")
    if names is not None:
        if (not isinstance(names, list) or len(names) != 2
                or not all(isinstance(n, str) and n.strip() for n in names)):
            r.error(where, "names must list exactly two character names")
        elif names[0] == names[1]:
            r.error(where, "a pair card names two different characters")
        elif c.get("name") != f"{names[0]} & {names[1]}":
            r.error(where, f"a pair card's name must be '{names[0]} & {names[1]}'")
        if cls == "commander":
            r.error(where, "a commander is not a pair card")
    elif isinstance(c.get("name"), str) and " & " in c["name"]:
        r.warn(where, "name looks like a pair but the card has no names field")

    links = c.get("links")
    if cls == "commander":
        if links:
            r.error(where, "commanders have no links")
    elif not isinstance(links, str) or not links:
        r.error(where, "needs links (letters A-I)")
    else:
        bad = set(links) - LINK_LETTERS
        if bad:
            r.error(where, f"link letters must be A-I, found {''.join(sorted(bad))}")
        if len(set(links)) != len(links):
            r.error(where, f"links '{links}' repeat a letter")
        lo, hi = LINK_COUNT[cls]
        if not lo <= len(set(links)) <= hi:
            r.warn(where, f"pool convention: a {cls} has {lo}-{hi} link letters, not {len(links)}")

    for stat in ("atk", "troops", "build"):
        v = c.get(stat, 0)
        if not is_int(v) or v < 0:
            r.error(where, f"{stat} must be a non-negative integer")
            continue
        if cls == "commander" and v != 0:
            r.error(where, f"a commander has {stat} 0")
        if stat == "troops" and v % 100:
            r.error(where, "troops come in hundreds")
    if cls != "commander":
        atk, troops, build = c.get("atk", 0), c.get("troops", 0), c.get("build", 0)
        if is_int(atk) and atk > 6:
            r.warn(where, "pool convention: atk 0-6")
        if is_int(troops) and (troops > 3000 or troops % 500):
            r.warn(where, "pool convention: troops 0-3000 in steps of 500")
        if is_int(build) and build > 4:
            r.warn(where, "pool convention: build 0-4")
        if cls == "craftsman" and is_int(build) and build < 2:
            r.warn(where, "pool convention: craftsmen have build 2-4")
    for flag in ("emblem", "support"):
        if flag in c and not isinstance(c[flag], bool):
            r.error(where, f"{flag} must be true or false")
    if cls == "commander" and c.get("support"):
        r.error(where, "a commander cannot be a support character")
    if c.get("support") and not any(isinstance(e, dict) and e.get("kind") == "boost"
                                    and e.get("to") in ("side", "enemies")
                                    for e in c.get("effects", [])):
        r.warn(where, "a support character usually has a side (or enemies) boost to do anything")


def check_mission(r, where, c):
    battle = c.get("battle")
    if battle not in BATTLES:
        r.error(where, f"battle '{battle}' is not one of {sorted(BATTLES)}")
    elif battle == "duel":
        if c.get("duel_stat") not in STATS:
            r.error(where, f"a duel needs duel_stat in {sorted(STATS)}")
        if c.get("target", 0) != 0:
            r.error(where, "a duel has no target (omit it or use 0)")
    else:
        t = c.get("target")
        if not is_int(t) or t <= 0:
            r.error(where, f"an {battle} mission needs a positive integer target")
        if "duel_stat" in c:
            r.error(where, "duel_stat is only for duel missions")
        if battle == "troops" and is_int(t) and t % 100:
            r.error(where, "troops targets come in hundreds")
    vp = c.get("vp")
    if not (isinstance(vp, list) and len(vp) == 2 and all(is_int(v) and v >= 0 for v in vp)):
        r.error(where, "vp must be [to placer, to opponent] with non-negative integers")


def check_facility(r, where, c):
    for f in ("build", "block"):
        if not is_int(c.get(f)) or c.get(f) <= 0:
            r.error(where, f"{f} must be a positive integer")
    if not c.get("effects"):
        r.warn(where, "a facility without effects does nothing once built")


def check_pool(r, path):
    where0 = rel(path)
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        r.error(where0, f"cannot read: {e}")
        return None
    if not isinstance(data, dict) or set(data) - {"camps", "cards"}:
        r.error(where0, "top level is an object with camps and cards only")
    camps = {}
    for i, camp in enumerate(data.get("camps", [])):
        if not isinstance(camp, dict) or not isinstance(camp.get("id"), str):
            r.error(f"{where0} camps[{i}]", "a camp is {id, name}")
            continue
        if not ID_RE.match(camp["id"]):
            r.error(f"{where0} camps[{i}]", f"camp id '{camp['id']}' uses other than a-z, 0-9, '-'")
        if camp["id"] in camps:
            r.error(f"{where0} camps[{i}]", f"camp id '{camp['id']}' appears twice")
        if not isinstance(camp.get("name"), str) or not camp["name"]:
            r.warn(f"{where0} camps[{i}]", "camp has no display name")
        camps[camp["id"]] = camp
    cards = data.get("cards")
    if not isinstance(cards, list) or not cards:
        r.error(where0, "cards must be a non-empty list")
        return None

    # Names first: cooperation partners and filters may point forward.
    all_names = set()   # character names, pair halves included
    card_names = set()  # full card names (what cooperation matches)
    for c in cards:
        if isinstance(c, dict) and c.get("type") == "character":
            all_names.update(n for n in char_names(c) if isinstance(n, str))
            if isinstance(c.get("name"), str):
                card_names.add(c["name"])

    by_id = {}
    for i, c in enumerate(cards):
        if not isinstance(c, dict):
            r.error(f"{where0} cards[{i}]", "a card must be an object")
            continue
        cid = c.get("id")
        where = f"card '{cid}'" if isinstance(cid, str) else f"{where0} cards[{i}]"
        if not isinstance(cid, str) or not ID_RE.match(cid):
            r.error(where, "id must use lowercase letters, digits and '-'")
        elif cid in by_id:
            r.error(where, "id appears twice")
        else:
            by_id[cid] = c
        if not isinstance(c.get("name"), str) or not c["name"].strip():
            r.error(where, "needs a name")
        if "text" in c and not isinstance(c["text"], str):
            r.error(where, "text must be a string")
        elif not c.get("text"):
            r.warn(where, "no rules text")
        ctype = c.get("type")
        if ctype not in TYPES:
            r.error(where, f"type '{ctype}' is not one of {sorted(TYPES)}")
            continue
        for k in c:
            if k not in FIELDS[ctype]:
                r.error(where, f"field '{k}' does not belong to a {ctype}")
        if ctype == "character":
            check_character(r, where, c, camps)
        elif ctype == "mission":
            check_mission(r, where, c)
        else:
            check_facility(r, where, c)
        effects = c.get("effects", [])
        if not isinstance(effects, list):
            r.error(where, "effects must be a list")
            continue
        for j, e in enumerate(effects):
            check_effect(r, f"{where} effect {j}", e, c, camps, all_names, card_names)

    # Name clashes: a mission or facility sharing a name with another card is confusing;
    # characters may share a name (different printings of one character).
    by_name = defaultdict(list)
    for c in by_id.values():
        by_name[c.get("name")].append(c)
    for name, group in by_name.items():
        if len(group) > 1 and any(g.get("type") != "character" for g in group):
            r.error(f"name '{name}'", "shared by several cards that are not all characters")
    singles = {c["name"] for c in by_id.values()
               if c.get("type") == "character" and "names" not in c and isinstance(c.get("name"), str)}
    for c in by_id.values():
        names = c.get("names")
        if isinstance(names, list) and not any(n in singles for n in names):
            r.warn(f"card '{c['id']}'", "neither half of the pair is a single character in the pool")
    return {"camps": camps, "by_id": by_id}


# --------------------------------------------------------------------- decks
def check_deck(r, path, pool, summaries):
    where = rel(path)
    try:
        with open(path, encoding="utf-8") as f:
            deck = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        r.error(where, f"cannot read: {e}")
        return
    if not isinstance(deck, dict):
        r.error(where, "a deck is an object")
        return
    for k in deck:
        if k not in ("name", "description", "commander", "cards"):
            r.error(where, f"unknown field '{k}'")
    if not isinstance(deck.get("name"), str) or not deck["name"].strip():
        r.error(where, "needs a name")
    if "description" in deck and not isinstance(deck["description"], str):
        r.error(where, "description must be a string")
    by_id = pool["by_id"]

    commander = None
    if "commander" in deck:
        cmd = by_id.get(deck["commander"])
        if cmd is None:
            r.error(where, f"commander '{deck['commander']}' is no card")
        elif cmd.get("type") != "character" or cmd.get("class") != "commander":
            r.error(where, f"commander '{deck['commander']}' is not a commander card")
        else:
            commander = cmd
    else:
        r.warn(where, "no commander (allowed, but starter decks have one)")

    entries = deck.get("cards")
    if not isinstance(entries, list):
        r.error(where, "cards must be a list of {card, count}")
        return
    total = 0
    seen = set()
    per_name = Counter()
    kinds = Counter()
    deck_cards = []
    for i, ent in enumerate(entries):
        ew = f"{where} cards[{i}]"
        if not isinstance(ent, dict) or set(ent) != {"card", "count"}:
            r.error(ew, "an entry is exactly {card, count}")
            continue
        cid, n = ent["card"], ent["count"]
        if not is_int(n) or n <= 0:
            r.error(ew, f"count of '{cid}' must be a positive integer")
            continue
        if cid in seen:
            r.error(ew, f"'{cid}' is listed twice; merge the entries")
        seen.add(cid)
        c = by_id.get(cid)
        if c is None:
            r.error(ew, f"'{cid}' is no card")
            continue
        total += n
        deck_cards.append((c, n))
        if c.get("type") == "character":
            if c.get("class") == "commander":
                r.error(ew, f"'{cid}' is a commander; it goes in the commander field, not the deck")
            kinds[c.get("class")] += n
            for name in set(char_names(c)):
                per_name[name] += n
            if commander is not None:
                camp = c.get("camp")
                if camp is not None and camp != commander.get("camp"):
                    r.error(ew, f"'{cid}' belongs to camp '{camp}', the commander to '{commander.get('camp')}'")
                clash = set(char_names(c)) & set(char_names(commander))
                if clash:
                    r.error(ew, f"'{cid}' shares the name {sorted(clash)} with the commander")
        else:
            kinds[c.get("type")] += n
            per_name[c.get("name")] += n
    if total != DECK_SIZE:
        r.error(where, f"has {total} cards, needs exactly {DECK_SIZE}")
    for name, n in sorted(per_name.items()):
        if n > MAX_COPIES:
            r.error(where, f"{n} copies of the name '{name}' (pair cards count for each name), max {MAX_COPIES}")

    # Starter-deck advice (warnings only).
    chars = sum(v for k, v in kinds.items() if k in CLASSES)
    if kinds["leader"] < 10:
        r.warn(where, f"only {kinds['leader']} leaders; starter decks want at least 10")
    if not 28 <= chars <= 36:
        r.warn(where, f"{chars} characters; starter decks want about 30-34")
    leader_links = set()
    for c, _ in deck_cards:
        if c.get("class") == "leader":
            leader_links |= set(c.get("links", ""))
    for c, _ in deck_cards:
        if c.get("type") == "character" and c.get("class") not in ("leader", "commander") \
                and not set(c.get("links", "")) & leader_links:
            r.warn(where, f"'{c['id']}' shares no link letter with any leader in the deck")
    summaries.append((where, deck.get("name"), total, kinds))


def main(argv):
    strict = "--strict" in argv
    args = [a for a in argv if a != "--strict"]
    cards_path = args[0] if args else DEFAULT_CARDS
    deck_paths = args[1:] if len(args) > 1 else sorted(glob.glob(os.path.join(DEFAULT_DECKS, "*.json")))
    r = Report()
    pool = check_pool(r, cards_path)
    summaries = []
    if pool is not None:
        kinds = Counter()
        for c in pool["by_id"].values():
            kinds[c.get("class") if c.get("type") == "character" else c.get("type")] += 1
        pairs = sum(1 for c in pool["by_id"].values() if "names" in c)
        print(f"{rel(cards_path)}: {len(pool['by_id'])} cards "
              + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) + f" (pairs {pairs})")
        if not deck_paths:
            r.warn("decks", "no deck files found")
        for p in deck_paths:
            check_deck(r, p, pool, summaries)
    for where, name, total, kinds in summaries:
        print(f"{where}: '{name}' {total} cards: "
              + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print(f"{r.errors} error(s), {r.warnings} warning(s)")
    return 1 if r.errors or (strict and r.warnings) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
