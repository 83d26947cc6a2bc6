#!/usr/bin/env python3
"""Validate the Last Chronicle Infinity data files.

Checks data/lastchronicle/cards.json against docs/games/lastchronicle-card-format.md
(unknown fields and values are errors naming the card and field) and every
data/lastchronicle/decks/*.json against the deck rules:
  * with a `leader` (multiplayer): 39 cards + the leader = 40, no card twice, the
    leader a legacy unit (not chrono_rare/special) not repeated in `cards`, and no
    card with a colour the leader lacks (colourless cards are fine);
  * without a leader (2 players): exactly 40 cards, no card twice.

Problems (exit status 1) are printed as "ERROR"; advice on the sample pool's
conventions and the starter decks' mix is printed as "warning".

Usage: scripts/check_lastchronicle_data.py [--strict] [CARDS_JSON [DECK_JSON ...]]
  --strict  also fail on warnings
Standard library only.
"""
import glob
import json
import os
import re
import sys
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CARDS = os.path.join(ROOT, "data", "lastchronicle", "cards.json")
DEFAULT_DECKS = os.path.join(ROOT, "data", "lastchronicle", "decks")

ID_RE = re.compile(r"^[a-z0-9-]+$")
COLOURS = ["white", "orange", "purple", "black", "blue"]
RARITIES = {"normal", "legacy", "chrono_rare", "special"}
KEYWORDS = {"quick", "haste", "setup_shed"}
TOKEN_CA = {"bear-token": 2, "dragon-token": 1, "knight-token": 3}

COMMON = {"id", "name", "type", "colours", "rarity", "cost", "ca", "keywords", "text"}
FIELDS = {"unit": COMMON | {"atk", "def", "abilities"},
          "spell": COMMON | {"x_cost", "effects", "if"}}
REQUIRED = {"unit": COMMON - {"keywords"} | {"atk", "def"},
            "spell": COMMON - {"keywords"} | {"effects"}}

ABILITY_FIELDS = {"activated": {"tag", "cost", "effects", "if"},
                  "auto": {"tag", "when", "effects", "if"},
                  "attack": {"tag", "effects", "if"},
                  "defend": {"tag", "effects", "if"},
                  "retreat": {"tag", "effects", "if"},
                  "static": {"tag", "static", "while"}}
WHEN = {"placed", "deals_damage_to_opponent", "you_develop"}
WHILE = {"battlefield", "ride", "shed"}
STATIC_FIELDS = {"reveal_top": {"kind"}, "anthem": {"kind", "atk", "def"}, "free_checks": {"kind"}}

TARGETS = {"self", "any", "own", "opponent", "each_unit", "each_opponent_unit", "own_units"}
WHO_DAMAGE = {"opponent", "each_opponent", "you"}
WHO_DRAW = {"you", "opponent", "each_opponent", "each_player"}
WHO_DISCARD = {"you", "opponent", "each_opponent"}
EFFECT_FIELDS = {
    "damage_player": {"amount", "who"}, "damage_unit": {"amount", "target"},
    "draw": {"amount", "who"}, "discard": {"amount", "who"}, "sacrifice": {"who"},
    "gain_life": {"amount"}, "wipe": {"target"}, "ready": {"target"},
    "modify": {"atk", "def", "target"}, "negate": {"up_to"}, "bounce": {"target"},
    "take_control": {"max_cost"}, "chrono_check": set(), "develop": set(),
    "set_ride": set(), "judgement": {"then"},
}
WHO = {"damage_player": WHO_DAMAGE, "draw": WHO_DRAW, "discard": WHO_DISCARD,
       "sacrifice": WHO_DISCARD}
CONDITIONS = {"opponent_life_at_most", "your_life_at_most", "resonance"}
KEYWORD_WORD = {"quick": "quick", "haste": "haste", "setup_shed": "shed"}
DECK_SIZE = 40


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
    full = os.path.abspath(path)
    return os.path.relpath(full, ROOT) if full.startswith(ROOT + os.sep) else path


def is_int(v, lo=None, hi=None):
    return (isinstance(v, int) and not isinstance(v, bool)
            and (lo is None or v >= lo) and (hi is None or v <= hi))


# --------------------------------------------------------------------- cards
def check_condition(r, where, cond, card):
    if not isinstance(cond, dict) or len(cond) != 1:
        r.error(where, "if must be an object with exactly one condition")
        return
    (k, v), = cond.items()
    if k not in CONDITIONS:
        r.error(where, f"unknown condition '{k}' (one of {sorted(CONDITIONS)})")
    elif not is_int(v, 0):
        r.error(where, f"condition {k} needs a non-negative integer")
    elif k == "resonance" and not card.get("colours"):
        r.warn(where, "resonance on a colourless card can never hold")


def check_effects(r, where, effects, card, ctx):
    """ctx: 'spell', 'ability', 'retreat' (set_ride allowed) or 'judgement'."""
    if not isinstance(effects, list) or not effects:
        r.error(where, "effects must be a non-empty list")
        return
    for j, e in enumerate(effects):
        ew = f"{where} effect {j}"
        if not isinstance(e, dict):
            r.error(ew, "an effect must be an object")
            continue
        do = e.get("do")
        if do not in EFFECT_FIELDS:
            r.error(ew, f"do '{do}' is not one of {sorted(EFFECT_FIELDS)}")
            continue
        allowed = EFFECT_FIELDS[do] | {"do"}
        for k in e:
            if k not in allowed:
                r.error(ew, f"field '{k}' does not belong to a {do} effect")
        for k in sorted(EFFECT_FIELDS[do] - set(e)):
            r.error(ew, f"{do} needs field '{k}'")
        if "amount" in e and not is_int(e["amount"], 1, 20):
            r.error(ew, "amount must be an integer 1..20")
        if do in WHO and "who" in e and e["who"] not in WHO[do]:
            r.error(ew, f"who '{e['who']}' is not one of {sorted(WHO[do])} for {do}")
        if "target" in e:
            t = e["target"]
            if t not in TARGETS:
                r.error(ew, f"target '{t}' is not one of {sorted(TARGETS)}")
            elif t == "self" and card.get("type") != "unit":
                r.error(ew, "target self needs a unit (a spell has no 'this unit')")
        if do == "modify":
            for k in ("atk", "def"):
                if k in e and not is_int(e[k], -9, 9):
                    r.error(ew, f"modify {k} must be an integer -9..9")
            if e.get("atk") == 0 and e.get("def") == 0:
                r.warn(ew, "modify +0/+0 does nothing")
        elif do == "negate":
            n = e.get("up_to")
            if n == "X":
                if not card.get("x_cost"):
                    r.error(ew, "up_to \"X\" needs x_cost: true on the card")
            elif not is_int(n, 1, 9):
                r.error(ew, "up_to must be a positive integer or \"X\"")
        elif do == "take_control":
            if not is_int(e.get("max_cost"), 0, 9):
                r.error(ew, "max_cost must be an integer 0..9")
        elif do == "set_ride":
            if ctx != "retreat":
                r.error(ew, "set_ride belongs only in a retreat ability")
        elif do == "judgement":
            if ctx == "judgement":
                r.error(ew, "a judgement inside a judgement")
            elif "then" in e:
                check_effects(r, f"{ew} then", e["then"], card, "judgement")


def check_ability(r, where, a, card):
    if not isinstance(a, dict):
        r.error(where, "an ability must be an object")
        return
    tag = a.get("tag")
    if tag not in ABILITY_FIELDS:
        r.error(where, f"tag '{tag}' is not one of {sorted(ABILITY_FIELDS)}")
        return
    for k in a:
        if k not in ABILITY_FIELDS[tag]:
            r.error(where, f"field '{k}' does not belong to a {tag} ability")
    if tag == "static":
        w = a.get("while", "battlefield")
        if w not in WHILE:
            r.error(where, f"while '{w}' is not one of {sorted(WHILE)}")
        elif w == "shed" and "setup_shed" not in card.get("keywords", []):
            r.warn(where, "while shed on a card without the setup_shed keyword")
        elif w == "ride" and not any(
                isinstance(b, dict) and b.get("tag") == "retreat"
                and any(isinstance(e, dict) and e.get("do") == "set_ride" for e in b.get("effects", []))
                for b in card.get("abilities", [])):
            r.warn(where, "while ride on a card with no retreat set_ride")
        s = a.get("static")
        if not isinstance(s, dict):
            r.error(where, "static needs a STATIC object")
            return
        kind = s.get("kind")
        if kind not in STATIC_FIELDS:
            r.error(where, f"static kind '{kind}' is not one of {sorted(STATIC_FIELDS)}")
            return
        for k in s:
            if k not in STATIC_FIELDS[kind]:
                r.error(where, f"field '{k}' does not belong to a {kind} static")
        if kind == "anthem":
            for k in ("atk", "def"):
                if not is_int(s.get(k), -9, 9):
                    r.error(where, f"anthem {k} must be an integer -9..9")
        return
    if "if" in a:
        check_condition(r, f"{where} if", a["if"], card)
    if tag == "activated":
        cost = a.get("cost")
        if not isinstance(cost, dict):
            r.error(where, "activated needs a cost object {wipe, ca}")
        else:
            for k in cost:
                if k not in ("wipe", "ca"):
                    r.error(where, f"field '{k}' does not belong to an activated cost")
            if "wipe" in cost and not isinstance(cost["wipe"], bool):
                r.error(where, "cost wipe must be true or false")
            if "ca" in cost and not is_int(cost["ca"], 0, 9):
                r.error(where, "cost ca must be an integer 0..9")
            if not cost.get("wipe") and not cost.get("ca"):
                r.warn(where, "an activated ability with no cost can be used without limit")
    elif tag == "auto" and a.get("when") not in WHEN:
        r.error(where, f"when '{a.get('when')}' is not one of {sorted(WHEN)}")
    check_effects(r, where, a.get("effects"), card, "retreat" if tag == "retreat" else "ability")


def check_card(r, where, c):
    ctype = c.get("type")
    if ctype not in FIELDS:
        r.error(where, f"type '{ctype}' is not 'unit' or 'spell'")
        return
    for k in c:
        if k not in FIELDS[ctype]:
            r.error(where, f"field '{k}' does not belong to a {ctype}")
    for k in sorted(REQUIRED[ctype] - set(c)):
        r.error(where, f"needs field '{k}'")
    cols = c.get("colours")
    if not isinstance(cols, list):
        r.error(where, f"colours must be a list of {COLOURS}")
    elif any(x not in COLOURS for x in cols):
        r.error(where, f"colours: unknown colour(s) {[x for x in cols if x not in COLOURS]}")
    elif len(set(cols)) != len(cols):
        r.error(where, "colours repeat a colour")
    if "rarity" in c and c["rarity"] not in RARITIES:
        r.error(where, f"rarity '{c['rarity']}' is not one of {sorted(RARITIES)}")
    for k, lo, hi in (("cost", 0, 9), ("ca", 0, 4), ("atk", 0, 9), ("def", 0, 9)):
        if k in c and not is_int(c[k], lo, hi):
            r.error(where, f"{k} must be an integer {lo}..{hi}")
    if ctype == "unit" and c.get("def") == 0:
        r.error(where, "a unit needs def 1 or more")
    if "x_cost" in c and not isinstance(c["x_cost"], bool):
        r.error(where, "x_cost must be true or false")
    kws = c.get("keywords", [])
    if not isinstance(kws, list):
        r.error(where, f"keywords must be a list of {sorted(KEYWORDS)}")
        kws = []
    elif any(k not in KEYWORDS for k in kws):
        r.error(where, f"keywords: unknown keyword(s) {[k for k in kws if k not in KEYWORDS]}")
        kws = [k for k in kws if k in KEYWORDS]
    elif len(set(kws)) != len(kws):
        r.error(where, "keywords repeat a keyword")
    if ctype == "spell" and ({"haste", "setup_shed"} & set(kws)):
        r.error(where, "haste and setup_shed are unit keywords")
    text = c.get("text")
    if not isinstance(text, str) or not text.strip():
        r.error(where, "text must be a non-empty string")
    else:
        for k in kws:
            if KEYWORD_WORD[k] not in text.lower():
                r.warn(where, f"text does not mention the keyword {k}")
    if ctype == "unit":
        abilities = c.get("abilities", [])
        if not isinstance(abilities, list):
            r.error(where, "abilities must be a list")
        else:
            for j, a in enumerate(abilities):
                check_ability(r, f"{where} ability {j}", a, c)
    else:
        check_effects(r, where, c.get("effects"), c, "spell")
        if "if" in c:
            check_condition(r, f"{where} if", c["if"], c)
        if c.get("x_cost") and "\"X\"" not in json.dumps(c.get("effects")):
            r.warn(where, "x_cost but no effect uses X")
    # Pool conventions (warnings).
    rarity, cost = c.get("rarity"), c.get("cost")
    if rarity == "normal" and cost != 0:
        r.warn(where, "pool convention: normal cards cost 0")
    if rarity == "legacy" and is_int(cost) and not 1 <= cost <= 6:
        r.warn(where, "pool convention: legacy cards cost 1-6")


def check_pool(r, path):
    where0 = rel(path)
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        r.error(where0, f"cannot read: {e}")
        return None
    if not isinstance(data, dict):
        r.error(where0, "top level must be an object")
        return None
    for k in data:
        if k not in ("tokens", "starting_ca", "cards"):
            r.error(where0, f"unknown top-level field '{k}'")

    tokens = {}
    for i, t in enumerate(data.get("tokens", [])):
        tw = f"{where0} tokens[{i}]"
        if not isinstance(t, dict) or set(t) != {"id", "name", "ca"}:
            r.error(tw, "a token is exactly {id, name, ca}")
            continue
        if not isinstance(t["id"], str) or not ID_RE.match(t["id"]) or t["id"] in tokens:
            r.error(tw, f"token id '{t['id']}' is malformed or repeated")
            continue
        if not is_int(t["ca"], 0, 4):
            r.error(tw, "token ca must be an integer 0..4")
        tokens[t["id"]] = t
    for tid, ca in TOKEN_CA.items():
        if tid not in tokens:
            r.error(where0, f"token '{tid}' is missing")
        elif tokens[tid]["ca"] != ca:
            r.error(where0, f"token '{tid}' has ca {tokens[tid]['ca']}, the rules say {ca}")
    sca = data.get("starting_ca")
    if not isinstance(sca, list) or not all(isinstance(s, list) for s in sca):
        r.error(where0, "starting_ca must be a list of lists of token ids")
    else:
        for i, s in enumerate(sca):
            for tid in s:
                if tid not in tokens:
                    r.error(f"{where0} starting_ca[{i}]", f"'{tid}' is no token")

    cards = data.get("cards")
    if not isinstance(cards, list) or not cards:
        r.error(where0, "cards must be a non-empty list")
        return None
    by_id, names = {}, set()
    for i, c in enumerate(cards):
        if not isinstance(c, dict):
            r.error(f"{where0} cards[{i}]", "a card must be an object")
            continue
        cid = c.get("id")
        where = f"card '{cid}'" if isinstance(cid, str) else f"{where0} cards[{i}]"
        if not isinstance(cid, str) or not ID_RE.match(cid):
            r.error(where, "id must use lowercase letters, digits and '-'")
        elif cid in by_id or cid in tokens:
            r.error(where, "id appears twice (or is a token id)")
        else:
            by_id[cid] = c
        name = c.get("name")
        if not isinstance(name, str) or not name.strip():
            r.error(where, "needs a name")
        elif name in names:
            r.error(where, f"name '{name}' is not unique")
        else:
            names.add(name)
        check_card(r, where, c)
    specials = [cid for cid, c in by_id.items() if c.get("rarity") == "special"]
    if len(specials) > 1:
        r.error(where0, f"only one special card may exist, found {specials}")
    for col in COLOURS:
        leaders = [cid for cid, c in by_id.items() if can_lead(c) and col in c.get("colours", [])]
        if len(leaders) < 6:
            r.warn(where0, f"pool convention: {col} has only {len(leaders)} legacy units that could lead")
    return {"by_id": by_id, "tokens": tokens}


def can_lead(c):
    return c.get("type") == "unit" and c.get("rarity") == "legacy"


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
        if k not in ("name", "description", "leader", "cards"):
            r.error(where, f"unknown field '{k}'")
    if not isinstance(deck.get("name"), str) or not deck["name"].strip():
        r.error(where, "needs a name")
    if "description" in deck and not isinstance(deck["description"], str):
        r.error(where, "description must be a string")
    by_id = pool["by_id"]
    ids = deck.get("cards")
    if not isinstance(ids, list) or not all(isinstance(x, str) for x in ids):
        r.error(where, "cards must be a list of card ids")
        return

    leader = None
    if "leader" in deck:
        lid = deck["leader"]
        leader = by_id.get(lid)
        if leader is None:
            r.error(where, f"leader '{lid}' is no card")
        elif not can_lead(leader):
            r.error(where, f"leader '{lid}' is not a legacy unit "
                           f"({leader.get('rarity')} {leader.get('type')})")
            leader = None
        if lid in ids:
            r.error(where, f"leader '{lid}' is repeated in cards")
    mode = "multiplayer" if "leader" in deck else "2-player"
    total = len(ids) + (1 if "leader" in deck else 0)
    if total != DECK_SIZE:
        r.error(where, f"{mode} deck has {total} cards, needs exactly {DECK_SIZE}"
                + (" including the leader" if "leader" in deck else ""))
    for cid, n in Counter(ids).items():
        if n > 1:
            r.error(where, f"'{cid}' appears {n} times (one copy per card)")
    kinds = Counter()
    for cid in dict.fromkeys(ids):
        c = by_id.get(cid)
        if c is None:
            r.error(where, f"'{cid}' is no card" + (" (tokens are not deck cards)" if cid in pool["tokens"] else ""))
            continue
        kinds[c.get("type")] += 1
        kinds["legacy+" if c.get("rarity") != "normal" else "normal"] += 1
        if leader is not None:
            extra = set(c.get("colours", [])) - set(leader.get("colours", []))
            if extra:
                r.error(where, f"'{cid}' has colour {sorted(extra)} the leader '{leader['id']}' lacks")
    if leader is not None:
        kinds["unit"] += 1
        kinds["legacy+"] += 1
    # Starter-deck advice.
    if not 26 <= kinds["unit"] <= 30:
        r.warn(where, f"{kinds['unit']} units; starter decks want about 26-30")
    if not 9 <= kinds["spell"] <= 13:
        r.warn(where, f"{kinds['spell']} spells; starter decks want about 9-13")
    summaries.append((where, deck.get("name"), mode, total, kinds))


def main(argv):
    strict = "--strict" in argv
    args = [a for a in argv if a != "--strict"]
    cards_path = args[0] if args else DEFAULT_CARDS
    deck_paths = args[1:] if len(args) > 1 else sorted(glob.glob(os.path.join(DEFAULT_DECKS, "*.json")))
    r = Report()
    pool = check_pool(r, cards_path)
    summaries = []
    if pool is not None:
        cards = pool["by_id"].values()
        col = Counter("+".join(c.get("colours") or ["colourless"]) for c in cards)
        rar = Counter(c.get("rarity") for c in cards)
        typ = Counter(c.get("type") for c in cards)
        print(f"{rel(cards_path)}: {len(pool['by_id'])} cards, {len(pool['tokens'])} tokens")
        for label, cnt in (("type", typ), ("rarity", rar), ("colours", col)):
            print(f"  {label}: " + ", ".join(f"{k} {v}" for k, v in sorted(cnt.items())))
        if not deck_paths:
            r.warn("decks", "no deck files found")
        for p in deck_paths:
            check_deck(r, p, pool, summaries)
    for where, name, mode, total, kinds in summaries:
        print(f"{where}: '{name}' ({mode}) {total} cards: "
              + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print(f"{r.errors} error(s), {r.warnings} warning(s)")
    return 1 if r.errors or (strict and r.warnings) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
