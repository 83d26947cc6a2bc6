#!/usr/bin/env python3
"""Validate the Dungeon Dice Monsters data files.

Checks data/ddm/pool.json against docs/games/ddm-data-format.md and every
data/ddm/decks/*.json against the starter-set rules:
  * dice: six faces from the crest list (optionally with the x2 suffix "2"),
    exactly 5-N summon faces on a level-N die; dice sets of 12 ids, three per level;
  * shapes: exactly 6 squares, one M, edge-connected;
  * monsters: fields, enums, stats in multiples of 10, keywords, range, attacks,
    aura, on_summon effects and activated abilities (cost kinds, ops and their fields);
  * items: effect ops and their fields;
  * starter sets: exactly 10 monsters, at most 2 copies of one monster, 0-4 items,
    a known dice set or a list of 12 die ids (three per level).

Problems (which make the exit status 1) are printed as "ERROR"; advice on the
sample pool's conventions (stat curves by level, shapes that are not cube nets,
the starter sets' level mix) is printed as "warning".

Usage: scripts/check_ddm_data.py [--strict] [POOL_JSON [DECK_JSON ...]]
  --strict  also fail on warnings
Standard library only.
"""
import glob
import json
import os
import re
import sys
from collections import Counter, deque

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_POOL = os.path.join(ROOT, "data", "ddm", "pool.json")
DEFAULT_DECKS = os.path.join(ROOT, "data", "ddm", "decks")

ID_RE = re.compile(r"^[a-z0-9-]+$")
LEVELS = (1, 2, 3, 4)
CRESTS = ("move", "attack", "defense", "magic", "trap")
FACES = {"summon"} | set(CRESTS) | {c + "2" for c in CRESTS}
TYPES = {"warrior", "beast", "dragon", "spellcaster", "undead"}
KEYWORDS = {"flying", "tunnel"}
GAIN_KEYWORDS = {"flying", "tunnel", "ranged"}
STATS = {"atk", "def"}
DURATIONS = {"battle", "turn", "permanent"}
SET_SIZE = 12
PER_LEVEL = 3
DECK_SIZE = 10
MAX_COPIES = 2
MAX_ITEMS = 4
# limits of the engine's loader (src/games/ddm/pool.cpp), not stated in the format doc
MAX_COST = 10
MAX_RANGE = 6
MAX_ATTACKS = 4
MAX_ABILITIES = 8

POOL_KEYS = {"dice", "dice_sets", "shapes", "monsters", "items"}
DIE_FIELDS = {"id", "level", "faces"}
MONSTER_REQUIRED = {"id", "name", "text", "level", "type", "hp", "atk", "def"}
MONSTER_OPTIONAL = {"keywords", "range", "attacks", "aura", "on_summon", "abilities"}
AURA_FIELDS = {"stat", "amount", "type"}
ITEM_FIELDS = {"id", "name", "effect", "once", "text"}
DECK_FIELDS = {"name", "dice", "monsters", "items"}

# op -> (required fields, optional fields) besides cost/op/text/duration/once_per_turn
ABILITY_OPS = {
    "boost": ({"stat", "amount"}, set()),
    "damage": ({"amount", "range"}, set()),
    "heal": ({"amount", "range"}, set()),
    "gain": ({"keyword"}, {"range"}),
    "negate": (set(), set()),
    "crest": ({"crest", "amount"}, set()),
    "crust": (set(), set()),
    "absorb": (set(), set()),
    "shield": ({"amount"}, set()),
}
ABILITY_COMMON = {"cost", "op", "text", "duration", "once_per_turn"}
# ops that only act during a battle the monster is in
BATTLE_OPS = {"absorb", "shield"}
# cost kinds whose timing includes a battle of this monster
BATTLE_COSTS = {"attack", "defense", "trap"}
# ops that make no sense once, for free, at summon time
NOT_ON_SUMMON = {"negate", "absorb", "shield"}

ITEM_OPS = {
    "heal": {"amount"},
    "damage": {"amount"},
    "boost": {"stat", "amount"},
    "drain": {"crest", "amount"},
    "stop": set(),
}

# Stat curves of the sample pool (docs research: GBA ranges by level); advice only.
CURVE = {  # level: (hp range, atk range, def range)
    1: ((10, 20), (0, 20), (0, 20)),
    2: ((10, 40), (0, 30), (10, 40)),
    3: ((10, 40), (0, 40), (0, 40)),
    4: ((10, 60), (10, 50), (10, 40)),
}


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
    try:
        return os.path.relpath(path, ROOT)
    except ValueError:
        return path


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def load_json(r, path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        r.error(rel(path), f"cannot read JSON: {e}")
        return None


def check_fields(r, where, obj, required, optional=frozenset()):
    if not isinstance(obj, dict):
        r.error(where, "must be an object")
        return False
    for k in sorted(required - obj.keys()):
        r.error(where, f"missing field '{k}'")
    for k in sorted(obj.keys() - required - optional):
        r.error(where, f"unknown field '{k}'")
    return True


def check_id(r, where, v, seen):
    if not isinstance(v, str) or not ID_RE.match(v):
        r.error(where, f"id {v!r} must be lower-case letters, digits and '-'")
        return
    if v in seen:
        r.error(where, f"duplicate id '{v}' (also {seen[v]})")
    else:
        seen[v] = where


def check_text(r, where, obj, field):
    v = obj.get(field)
    if field in obj and (not isinstance(v, str) or not v.strip()):
        r.error(where, f"'{field}' must be a non-empty string")


def check_tens(r, where, obj, field, positive=False):
    """A stat or amount in steps of 10."""
    v = obj.get(field)
    if field not in obj:
        return
    if not is_int(v) or v % 10 != 0 or v < 0 or (positive and v == 0):
        r.error(where, f"'{field}' = {v!r} must be a {'positive' if positive else 'non-negative'}"
                       " multiple of 10")


def check_count(r, where, obj, field, minimum, maximum=None):
    v = obj.get(field)
    if field in obj and (not is_int(v) or v < minimum or (maximum is not None and v > maximum)):
        r.error(where, f"'{field}' = {v!r} must be an integer >= {minimum}"
                       + (f" and <= {maximum}" if maximum is not None else ""))


# ---------------------------------------------------------------- dice


def check_die(r, where, d):
    if not check_fields(r, where, d, DIE_FIELDS):
        return
    lv = d.get("level")
    if lv not in LEVELS or not is_int(lv):
        r.error(where, f"level {lv!r} must be 1 to 4")
        lv = None
    faces = d.get("faces")
    if not isinstance(faces, list) or len(faces) != 6:
        r.error(where, "'faces' must be a list of six faces")
        return
    for f in faces:
        if f not in FACES:
            r.error(where, f"unknown face {f!r} (one of {sorted(FACES)})")
    if lv is not None:
        n = faces.count("summon")
        if n != 5 - lv:
            r.error(where, f"level-{lv} die has {n} summon faces, needs exactly {5 - lv}")


def check_die_list(r, where, ids, dice_by_id):
    """A dice set: 12 known die ids, three of each level."""
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        r.error(where, "dice set must be a list of die ids")
        return
    if len(ids) != SET_SIZE:
        r.error(where, f"dice set has {len(ids)} dice, needs exactly {SET_SIZE}")
    levels = Counter()
    for i in ids:
        if i not in dice_by_id:
            r.error(where, f"unknown die '{i}'")
        else:
            levels[dice_by_id[i].get("level")] += 1
    for lv in LEVELS:
        if levels[lv] != PER_LEVEL:
            r.error(where, f"{levels[lv]} dice of level {lv}, needs exactly {PER_LEVEL}")


# ---------------------------------------------------------------- shapes


def shape_cells(rows):
    return {(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch in "#M"}


def connected(cells):
    if not cells:
        return False
    start = next(iter(cells))
    seen, todo = {start}, deque([start])
    while todo:
        x, y = todo.popleft()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


# rolling a cube over the net: which of its faces touches each square
ROLL = {
    (1, 0): {"down": "east", "east": "up", "up": "west", "west": "down"},
    (-1, 0): {"down": "west", "west": "up", "up": "east", "east": "down"},
    (0, 1): {"down": "south", "south": "up", "up": "north", "north": "down"},
    (0, -1): {"down": "north", "north": "up", "up": "south", "south": "down"},
}


def is_cube_net(cells):
    """True if the six squares fold into a cube (every square a different face)."""
    start = min(cells)
    ident = {k: k for k in ("down", "up", "north", "south", "east", "west")}
    orient = {start: ident}
    todo = deque([start])
    while todo:
        x, y = todo.popleft()
        o = orient[(x, y)]
        for (dx, dy), roll in ROLL.items():
            n = (x + dx, y + dy)
            if n in cells and n not in orient:
                # new position's face at slot s = old face at slot roll[s]
                orient[n] = {s: o[roll.get(s, s)] for s in o}
                todo.append(n)
    downs = [o["down"] for o in orient.values()]
    return len(downs) == 6 and len(set(downs)) == 6


def canonical(cells):
    """Smallest normalised form over the 8 rotations/mirror images."""
    forms = []
    pts = list(cells)
    for _ in range(2):
        for _ in range(4):
            pts = [(y, -x) for x, y in pts]
            mx = min(x for x, _ in pts)
            my = min(y for _, y in pts)
            forms.append(tuple(sorted((x - mx, y - my) for x, y in pts)))
        pts = [(-x, y) for x, y in pts]
    return min(forms)


def check_shape(r, where, rows):
    if not isinstance(rows, list) or not rows or not all(isinstance(s, str) for s in rows):
        r.error(where, "must be a non-empty list of row strings")
        return None
    bad = {ch for row in rows for ch in row} - set("#M.")
    if bad:
        r.error(where, f"unknown characters {sorted(bad)} (use '#', 'M', '.')")
    cells = shape_cells(rows)
    m = sum(row.count("M") for row in rows)
    if len(cells) != 6:
        r.error(where, f"has {len(cells)} squares, needs exactly 6")
    if m != 1:
        r.error(where, f"has {m} 'M' squares, needs exactly one")
    if not connected(cells):
        r.error(where, "squares are not edge-connected")
        return None
    if len(cells) == 6 and not is_cube_net(cells):
        r.warn(where, "does not fold into a cube (not a die net)")
    return canonical(cells)


# ---------------------------------------------------------------- monsters


def check_effect_fields(r, where, a, op, common):
    """Fields of one effect (ability or on_summon entry)."""
    required, optional = ABILITY_OPS[op]
    check_fields(r, where, a, required | {"op"} | ({"cost"} if "cost" in common else set()),
                 optional | (common - {"cost"}))
    if "stat" in a and a["stat"] not in STATS:
        r.error(where, f"stat {a['stat']!r} must be one of {sorted(STATS)}")
    if op in ("boost", "damage", "heal", "shield"):
        check_tens(r, where, a, "amount", positive=True)
    if op == "crest":
        if a.get("crest") not in CRESTS:
            r.error(where, f"crest {a.get('crest')!r} must be one of {list(CRESTS)}")
        check_count(r, where, a, "amount", 1)
    if op == "damage":
        check_count(r, where, a, "range", 1)
    if op == "heal":
        check_count(r, where, a, "range", 0)
    if op == "gain":
        kw = a.get("keyword")
        if kw not in GAIN_KEYWORDS:
            r.error(where, f"keyword {kw!r} must be one of {sorted(GAIN_KEYWORDS)}")
        if kw == "ranged":
            if "range" not in a:
                r.error(where, "gain 'ranged' needs 'range'")
            else:
                check_count(r, where, a, "range", 2)
        elif "range" in a:
            r.error(where, f"'range' only goes with gain 'ranged', not {kw!r}")


def check_ability(r, where, a):
    if not isinstance(a, dict):
        r.error(where, "must be an object")
        return None
    op = a.get("op")
    if op not in ABILITY_OPS:
        r.error(where, f"unknown op {op!r} (one of {sorted(ABILITY_OPS)})")
        return None
    check_effect_fields(r, where, a, op, ABILITY_COMMON)
    if "text" not in a:
        r.warn(where, "ability has no 'text'")
    check_text(r, where, a, "text")
    cost = a.get("cost")
    kinds = set()
    if not isinstance(cost, dict) or not cost:
        r.error(where, "'cost' must be a non-empty object")
    elif "any" in cost:
        kinds = {"any"}
        if len(cost) != 1:
            r.error(where, "a number-only cost {'any': n} cannot be mixed with crest kinds")
        if not is_int(cost["any"]) or not 1 <= cost["any"] <= MAX_COST:
            r.error(where, f"cost any = {cost['any']!r} must be an integer 1-{MAX_COST}")
        if "duration" not in a:
            r.error(where, "a number-only {'any': n} cost needs 'duration'")
    else:
        for k, n in cost.items():
            if k not in CRESTS:
                r.error(where, f"unknown cost kind {k!r} (one of {list(CRESTS)} or 'any')")
            elif not is_int(n) or not 1 <= n <= MAX_COST:
                r.error(where, f"cost {k} = {n!r} must be an integer 1-{MAX_COST}")
            else:
                kinds.add(k)
    if "duration" in a and a["duration"] not in DURATIONS:
        r.error(where, f"duration {a['duration']!r} must be one of {sorted(DURATIONS)}")
    if "once_per_turn" in a and not isinstance(a["once_per_turn"], bool):
        r.error(where, "'once_per_turn' must be true or false")
    # timing: a cost decides when the ability may be used (several kinds: all windows must fit)
    if kinds:
        if op == "negate" and kinds != {"trap"}:
            r.error(where, "negate answers an activation, so only a trap cost can pay it")
        if op in BATTLE_OPS and not kinds <= BATTLE_COSTS:
            r.error(where, f"{op} acts in a battle; cost {sorted(kinds)} is only usable outside battles")
        if len(kinds) > 1:
            r.error(where, f"mixed cost kinds {sorted(kinds)}: a cost names one crest kind (or any)")
        if kinds == {"move"}:
            r.warn(where, "a move-crest cost has no timing in the format doc (the engine treats it as magic)")
    return kinds


def check_monster(r, where, m):
    if not check_fields(r, where, m, MONSTER_REQUIRED, MONSTER_OPTIONAL):
        return
    for f in ("name", "text"):
        check_text(r, where, m, f)
    lv = m.get("level")
    if not is_int(lv) or lv not in LEVELS:
        r.error(where, f"level {lv!r} must be 1 to 4")
    if m.get("type") not in TYPES:
        r.error(where, f"type {m.get('type')!r} must be one of {sorted(TYPES)}")
    check_tens(r, where, m, "hp", positive=True)
    check_tens(r, where, m, "atk")
    check_tens(r, where, m, "def")
    kws = m.get("keywords", [])
    if not isinstance(kws, list) or any(k not in KEYWORDS for k in kws) or len(set(kws)) != len(kws):
        r.error(where, f"keywords {kws!r} must be a list of distinct {sorted(KEYWORDS)}")
    check_count(r, where, m, "range", 1, MAX_RANGE)
    check_count(r, where, m, "attacks", 1, MAX_ATTACKS)
    auras = m.get("aura", [])
    if not isinstance(auras, list):
        r.error(where, "'aura' must be a list")
        auras = []
    for i, au in enumerate(auras):
        aw = f"{where} aura[{i}]"
        if not check_fields(r, aw, au, {"stat", "amount"}, {"type"}):
            continue
        if au.get("stat") not in STATS:
            r.error(aw, f"stat {au.get('stat')!r} must be one of {sorted(STATS)}")
        check_tens(r, aw, au, "amount", positive=True)
        if "type" in au and au["type"] not in TYPES:
            r.error(aw, f"type {au['type']!r} must be one of {sorted(TYPES)}")
    ons = m.get("on_summon", [])
    if not isinstance(ons, list):
        r.error(where, "'on_summon' must be a list")
        ons = []
    for i, e in enumerate(ons):
        ew = f"{where} on_summon[{i}]"
        if not isinstance(e, dict) or e.get("op") not in ABILITY_OPS:
            r.error(ew, f"must be an effect with an op from {sorted(ABILITY_OPS)}")
            continue
        if e["op"] in NOT_ON_SUMMON:
            r.error(ew, f"op '{e['op']}' cannot work as a free summon effect")
        check_effect_fields(r, ew, e, e["op"], {"text", "duration"})
        check_text(r, ew, e, "text")
    abilities = m.get("abilities", [])
    if not isinstance(abilities, list):
        r.error(where, "'abilities' must be a list")
        abilities = []
    if len(abilities) > MAX_ABILITIES:
        r.error(where, f"{len(abilities)} abilities, the engine takes at most {MAX_ABILITIES}")
    kinds = set()
    for i, a in enumerate(abilities):
        k = check_ability(r, f"{where} abilities[{i}]", a)
        kinds |= k or set()
    # sample-pool convention: stats on the level curve
    if lv in CURVE:
        for field, (lo, hi) in zip(("hp", "atk", "def"), CURVE[lv]):
            v = m.get(field)
            if is_int(v) and not lo <= v <= hi:
                r.warn(where, f"{field} {v} is off the level-{lv} curve ({lo}-{hi})")
    return kinds


# ---------------------------------------------------------------- items


def check_item(r, where, it):
    if not check_fields(r, where, it, {"id", "name", "effect", "text"}, {"once"}):
        return
    for f in ("name", "text"):
        check_text(r, where, it, f)
    if "once" in it and not isinstance(it["once"], bool):
        r.error(where, "'once' must be true or false")
    e = it.get("effect")
    if not isinstance(e, dict) or e.get("op") not in ITEM_OPS:
        r.error(where, f"'effect' must be an object with an op from {sorted(ITEM_OPS)}")
        return
    op = e["op"]
    ew = f"{where} effect"
    check_fields(r, ew, e, ITEM_OPS[op] | {"op"})
    if op in ("heal", "damage", "boost"):
        check_tens(r, ew, e, "amount", positive=True)
    if op == "boost" and e.get("stat") not in STATS:
        r.error(ew, f"stat {e.get('stat')!r} must be one of {sorted(STATS)}")
    if op == "drain":
        if e.get("crest") not in CRESTS:
            r.error(ew, f"crest {e.get('crest')!r} must be one of {list(CRESTS)}")
        check_count(r, ew, e, "amount", 1)


# ---------------------------------------------------------------- pool


def check_pool(r, path):
    where = rel(path)
    pool = load_json(r, path)
    if pool is None:
        return None
    if not isinstance(pool, dict):
        r.error(where, "top level must be an object")
        return None
    for k in sorted(POOL_KEYS - pool.keys()):
        r.error(where, f"missing '{k}'")
    for k in sorted(pool.keys() - POOL_KEYS):
        r.error(where, f"unknown top-level key '{k}'")

    dice_by_id, seen = {}, {}
    dice = pool.get("dice", [])
    if not isinstance(dice, list):
        r.error(where, "'dice' must be a list")
        dice = []
    for i, d in enumerate(dice):
        dw = f"{where} dice[{i}]" + (f" '{d.get('id')}'" if isinstance(d, dict) else "")
        check_die(r, dw, d)
        if isinstance(d, dict):
            check_id(r, dw, d.get("id"), seen)
            dice_by_id.setdefault(d.get("id"), d)
    faces = {tuple(sorted(d.get("faces", []))) + (d.get("level"),) for d in dice_by_id.values()}
    if len(faces) != len(dice_by_id):
        r.warn(where, "some dice have identical faces")

    sets = pool.get("dice_sets", {})
    if not isinstance(sets, dict):
        r.error(where, "'dice_sets' must be an object")
        sets = {}
    if "standard" not in sets:
        r.warn(where, "no 'standard' dice set")
    for name, ids in sets.items():
        check_die_list(r, f"{where} dice_sets.{name}", ids, dice_by_id)

    shapes = pool.get("shapes", {})
    if not isinstance(shapes, dict) or not shapes:
        r.error(where, "'shapes' must be a non-empty object")
        shapes = {}
    forms = {}
    for name, rows in shapes.items():
        sw = f"{where} shapes.{name}"
        form = check_shape(r, sw, rows)
        if form is not None:
            if form in forms:
                r.warn(sw, f"same shape as '{forms[form]}' up to rotation/mirror image")
            else:
                forms[form] = name
    if len(forms) != 11:
        r.warn(where, f"{len(forms)} distinct shapes; a die has 11 nets")

    ids = {}
    monsters = pool.get("monsters", [])
    if not isinstance(monsters, list):
        r.error(where, "'monsters' must be a list")
        monsters = []
    by_id = {}
    cost_kinds = Counter()
    for i, m in enumerate(monsters):
        mw = f"{where} monsters[{i}]" + (f" '{m.get('id')}'" if isinstance(m, dict) else "")
        kinds = check_monster(r, mw, m)
        if isinstance(m, dict):
            check_id(r, mw, m.get("id"), ids)
            by_id.setdefault(m.get("id"), m)
            cost_kinds.update(kinds or set())
    items = pool.get("items", [])
    if not isinstance(items, list):
        r.error(where, "'items' must be a list")
        items = []
    items_by_id = {}
    for i, it in enumerate(items):
        iw = f"{where} items[{i}]" + (f" '{it.get('id')}'" if isinstance(it, dict) else "")
        check_item(r, iw, it)
        if isinstance(it, dict):
            check_id(r, iw, it.get("id"), ids)
            items_by_id.setdefault(it.get("id"), it)

    # sample-pool coverage advice
    for k in CRESTS[1:] + ("any",):
        if not cost_kinds[k]:
            r.warn(where, f"no monster ability paid with '{k}'")
    for name, ids_ in sets.items():
        if isinstance(ids_, list):
            fc = Counter(f.rstrip("2") for i in ids_ for f in dice_by_id.get(i, {}).get("faces", []))
            for k in ("magic", "trap"):
                if fc[k] < 2:
                    r.warn(f"{where} dice_sets.{name}", f"only {fc[k]} '{k}' faces; abilities will starve")
    return {"dice": dice_by_id, "sets": sets, "monsters": by_id, "items": items_by_id,
            "shapes": len(forms)}


# ---------------------------------------------------------------- decks


def check_deck(r, path, pool, summaries):
    where = rel(path)
    deck = load_json(r, path)
    if deck is None:
        return
    if not check_fields(r, where, deck, {"name", "dice", "monsters"}, {"items"}):
        return
    check_text(r, where, deck, "name")
    dice = deck.get("dice")
    if isinstance(dice, str):
        if dice not in pool["sets"]:
            r.error(where, f"unknown dice set '{dice}'")
    else:
        check_die_list(r, f"{where} dice", dice, pool["dice"])
    entries = deck.get("monsters")
    if not isinstance(entries, list):
        r.error(where, "'monsters' must be a list")
        entries = []
    copies, levels, types = Counter(), Counter(), Counter()
    for i, e in enumerate(entries):
        ew = f"{where} monsters[{i}]"
        if not check_fields(r, ew, e, {"monster", "count"}):
            continue
        mid, n = e.get("monster"), e.get("count")
        if not is_int(n) or n < 1:
            r.error(ew, f"count {n!r} must be an integer >= 1")
            continue
        m = pool["monsters"].get(mid)
        if m is None:
            r.error(ew, f"unknown monster {mid!r}")
            continue
        copies[mid] += n
        levels[m.get("level")] += n
        types[m.get("type")] += n
    total = sum(copies.values())
    if total != DECK_SIZE:
        r.error(where, f"has {total} monsters, needs exactly {DECK_SIZE}")
    for mid, n in sorted(copies.items()):
        if n > MAX_COPIES:
            r.error(where, f"{n} copies of '{mid}', max {MAX_COPIES}")
    items = deck.get("items", [])
    if not isinstance(items, list):
        r.error(where, "'items' must be a list")
        items = []
    if len(items) > MAX_ITEMS:
        r.error(where, f"{len(items)} items, max {MAX_ITEMS}")
    for it in items:
        if it not in pool["items"]:
            r.error(where, f"unknown item {it!r}")
    # starter-set advice: a playable level mix (about 3/3/2/2)
    for lv in LEVELS:
        if not 1 <= levels[lv] <= 4:
            r.warn(where, f"{levels[lv]} level-{lv} monsters; starter sets want 1-4 of each level")
    summaries.append((where, deck.get("name"), dice if isinstance(dice, str) else "custom",
                      levels, types, len(items)))


def main(argv):
    strict = "--strict" in argv
    args = [a for a in argv if a != "--strict"]
    pool_path = args[0] if args else DEFAULT_POOL
    deck_paths = args[1:] if len(args) > 1 else sorted(glob.glob(os.path.join(DEFAULT_DECKS, "*.json")))
    r = Report()
    pool = check_pool(r, pool_path)
    summaries = []
    if pool is not None:
        mons = pool["monsters"].values()
        lv = Counter(m.get("level") for m in mons if isinstance(m, dict))
        ty = Counter(m.get("type") for m in mons if isinstance(m, dict))
        print(f"{rel(pool_path)}: {len(pool['dice'])} dice, {len(pool['sets'])} dice sets, "
              f"{pool['shapes']} shapes, {len(pool['monsters'])} monsters "
              f"(" + ", ".join(f"L{k} {v}" for k, v in sorted(lv.items(), key=str)) + "; "
              + ", ".join(f"{k} {v}" for k, v in sorted(ty.items(), key=str)) + f"), "
              f"{len(pool['items'])} items")
        if not deck_paths:
            r.warn("decks", "no deck files found")
        for p in deck_paths:
            check_deck(r, p, pool, summaries)
    for where, name, dice, levels, types, n_items in summaries:
        print(f"{where}: '{name}' dice {dice}, monsters "
              + "/".join(str(levels[lv]) for lv in LEVELS) + " by level ("
              + ", ".join(f"{k} {v}" for k, v in sorted(types.items(), key=str)) + f"), {n_items} items")
    print(f"{r.errors} error(s), {r.warnings} warning(s)")
    return 1 if r.errors or (strict and r.warnings) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
