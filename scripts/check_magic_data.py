#!/usr/bin/env python3
"""Validate the Magic-style multiplayer data files.

Checks data/magic/cards.json against docs/games/magic-card-format.md (unknown
fields, card types, keywords, TARGET kinds, TRIGGER whens, STATIC kinds, EFFECT
verbs and their fields are errors naming the card and the field; ids unique and
kebab-case, names unique, mana costs well formed, creatures with P/T, Auras with
`enchant`, texts present, token references resolved) and every
data/magic/decks/*.json against the constructed deck rules (at least 60 cards, at
most 4 copies of a card but basic lands, no tokens).

Problems (exit status 1) are printed as "ERROR"; advice on the starter decks'
shape (exactly 60 cards, about 24 lands, 16-20 creatures, colours the lands make)
is printed as "warning".

Fields beyond the format doc that the pool uses (to be documented there):
  * card `choose: "player"` with effect who-value `chosen` (Counsel of Plenty:
    "choose a player", not a target);
  * give-control `who_index` / `what_index` (which `target` each names).

Usage: scripts/check_magic_data.py [--strict] [CARDS_JSON [DECK_JSON ...]]
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
DEFAULT_CARDS = os.path.join(ROOT, "data", "magic", "cards.json")
DEFAULT_DECKS = os.path.join(ROOT, "data", "magic", "decks")

ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
COST_RE = re.compile(r"^(\{(0|[1-9][0-9]?)\})?(\{[WUBRG]\})*$")
COLOURS = ["W", "U", "B", "R", "G"]
TYPES = {"land", "creature", "artifact", "enchantment", "instant", "sorcery"}
SUBTYPES = {"aura", "curse"}
KEYWORDS = {"flying", "first-strike", "double-strike", "trample", "menace", "vigilance", "haste",
            "lifelink"}
KEYWORD_WORD = {k: k.replace("-", " ") for k in KEYWORDS}
ENCHANT = {"creature", "player"}

CARD_FIELDS = {"id", "name", "types", "subtypes", "basic", "produces", "cost", "power", "toughness",
               "keywords", "enchant", "targets", "modes", "effects", "timing", "additional_cost",
               "as_enters", "triggers", "activated", "statics", "text",
               "choose"}  # extension: "choose a player" on a spell
TOKEN_FIELDS = {"id", "name", "types", "power", "toughness", "keywords", "text"}
LAND_FIELDS = {"id", "name", "types", "basic", "produces", "text"}
SPELL_ONLY = {"targets", "modes", "effects", "timing", "additional_cost", "choose"}
PERMANENT_ONLY = {"as_enters", "triggers", "activated", "statics"}

TARGET_KINDS = {"any", "creature", "creature-opponent-controls", "creature-you-control", "permanent",
                "nonland-permanent", "another-nonland-permanent", "permanent-you-control", "player",
                "opponent", "teammate", "instant-or-sorcery-spell"}
PLAYER_KINDS = {"player", "opponent", "teammate"}
OBJECT_KINDS = TARGET_KINDS - PLAYER_KINDS - {"any"}
CREATURE_KINDS = {"creature", "creature-opponent-controls", "creature-you-control"}

WHENS = {"enters", "leaves", "attacks", "blocks", "combat-damage-to-player", "creature-dies",
         "creature-enters", "your-upkeep", "each-upkeep", "enchanted-player-upkeep",
         "enchanted-player-loses", "each-combat", "each-end-step"}
CREATURE_WHENS = {"attacks", "blocks", "combat-damage-to-player"}
THAT_PLAYER_WHENS = {"combat-damage-to-player", "each-upkeep", "enchanted-player-upkeep"}
ITS_CONTROLLER_WHENS = {"creature-dies", "creature-enters"}
TRIGGER_FIELDS = {"when", "if", "effects", "targets"}
ACTIVATED_FIELDS = {"cost", "any_player", "sorcery_speed", "targets", "effects"}
COST_FIELDS = {"mana", "tap", "sacrifice"}
CONDITIONS = {"opponent_lost_life_this_turn"}

STATIC_FIELDS = {"control-enchanted": set(), "enchanted-pt": {"power", "toughness"},
                 "cant-attack-you": {"min_power"}, "attack-limit": {"count"},
                 "block-limit": {"count"}}
AURA_STATICS = {"control-enchanted", "enchanted-pt"}

WHO = {"you", "target", "defending-player", "attacking-player", "chosen-player", "that-player",
       "its-controller", "each-opponent", "each-player", "active-player",
       "chosen"}  # extension: the player chosen by the card's `choose`
# verb -> (required fields, optional fields)
EFFECTS = {
    "damage": ({"amount", "to"}, set()),
    "lose-life": ({"amount", "who"}, set()),
    "gain-life": ({"amount", "who"}, set()),
    "gain-life-per-opponent-creature": ({"who"}, set()),
    "draw": ({"amount", "who"}, set()),
    "create-token": ({"token", "count", "who"}, set()),
    "gain-control": ({"who", "what", "duration"}, set()),
    "untap": ({"what"}, set()),
    "tap": ({"what"}, set()),
    "pump": ({"power", "toughness", "what"}, set()),
    "grant": ({"keyword", "what"}, set()),
    "exile": ({"what", "return"}, set()),
    "return-linked": (set(), set()),
    "copy-spell": ({"what"}, set()),
    "extra-turn": ({"who"}, set()),
    "win-game": (set(), set()),
    "restrict": ({"what", "attack", "block", "until"}, set()),
    "must-attack-you": ({"what", "until"}, set()),
    "choose-mode": ({"chooser", "modes"}, set()),
    "unless-pays-life": ({"who", "amount", "else"}, set()),
    "add-counter": ({"counter", "amount", "what"}, set()),
    "poison": ({"who", "amount"}, set()),
    "exchange-life": ({"with"}, set()),
    "put-from-library": ({"from", "filter"}, set()),
    "split-piles": ({"count", "chooser"}, set()),
    # extension: who_index / what_index say which target each one names
    "give-control": ({"who", "what"}, {"who_index", "what_index"}),
}
DAMAGE_TO = {"target", "each-opponent", "each-creature-and-player"}
WHAT = {
    "gain-control": {"target"}, "untap": {"target", "self"}, "tap": {"target", "self"},
    "pump": {"target", "self", "creatures-of-defending-player", "creatures-of-active-player"},
    "grant": {"target", "self"}, "exile": {"target"}, "copy-spell": {"target"},
    "restrict": {"target"}, "must-attack-you": {"target"}, "add-counter": {"self"},
    "give-control": {"target"},
}
WHAT_TARGET_N = re.compile(r"^target:([0-9])$")
DURATIONS = {"end-of-turn", "game"}
RETURNS = {"none", "until-source-leaves", "linked", "next-end-step"}
UNTIL = {"your-next-turn"}
SPLIT_CHOOSERS = {"an-opponent"}
LIBRARY_FILTERS = {"creature"}
AS_ENTERS = {"choose-opponent"}
CHOOSE = {"player"}
TIMINGS = {"combat"}

DECK_SIZE = 60
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
    full = os.path.abspath(path)
    return os.path.relpath(full, ROOT) if full.startswith(ROOT + os.sep) else path


def is_int(v, lo=None, hi=None):
    return (isinstance(v, int) and not isinstance(v, bool)
            and (lo is None or v >= lo) and (hi is None or v <= hi))


def cost_colours(cost):
    return sorted(set(re.findall(r"\{([WUBRG])\}", cost)), key=COLOURS.index)


def check_mana(r, where, field, cost):
    if not isinstance(cost, str) or not cost or not COST_RE.match(cost):
        r.error(where, f"{field} '{cost}' is not a mana cost like \"{{2}}{{R}}{{R}}\" "
                       "(generic first, then W U B R G symbols)")
        return False
    return True


# ------------------------------------------------------------------ effects
class Ctx:
    """What an effect list may refer to."""

    def __init__(self, card, targets, when=None, permanent=False, activated=False):
        self.card = card
        self.targets = [t.get("kind") for t in targets if isinstance(t, dict)] if isinstance(targets, list) else []
        self.when = when
        self.permanent = permanent
        self.activated = activated


def check_targets(r, where, targets):
    if not isinstance(targets, list) or not targets:
        r.error(where, "targets must be a non-empty list of {\"kind\": K}")
        return
    if len(targets) > 3:
        r.error(where, "at most 3 targets")
    for i, t in enumerate(targets):
        tw = f"{where}[{i}]"
        if not isinstance(t, dict) or set(t) != {"kind"}:
            r.error(tw, "a TARGET is exactly {\"kind\": K}")
        elif t["kind"] not in TARGET_KINDS:
            r.error(tw, f"kind '{t['kind']}' is not one of {sorted(TARGET_KINDS)}")


def target_index(r, ew, ctx, field, idx, want):
    """A reference to target `idx`; want 'player', 'object', 'creature' or 'spell'."""
    if idx >= len(ctx.targets):
        r.error(ew, f"{field} names target {idx} but there are {len(ctx.targets)} target(s)")
        return
    kind = ctx.targets[idx]
    ok = {"player": kind in PLAYER_KINDS or kind == "any",
          "object": kind in OBJECT_KINDS - {"instant-or-sorcery-spell"},
          "creature": kind in CREATURE_KINDS,
          "spell": kind == "instant-or-sorcery-spell",
          "damage": kind == "any" or kind in PLAYER_KINDS or kind in CREATURE_KINDS}[want]
    if not ok:
        r.error(ew, f"{field} needs a {want} target, target {idx} is '{kind}'")


def check_who(r, ew, field, who, ctx, idx=0):
    if who not in WHO:
        r.error(ew, f"{field} '{who}' is not one of {sorted(WHO)}")
        return
    card = ctx.card
    if who == "target":
        target_index(r, ew, ctx, field, idx, "player")
    elif who == "chosen-player" and card.get("as_enters") != "choose-opponent":
        r.error(ew, f"{field} chosen-player needs as_enters \"choose-opponent\" on the card")
    elif who == "chosen" and card.get("choose") != "player":
        r.error(ew, f"{field} chosen needs choose \"player\" on the card")
    elif who == "that-player" and ctx.when not in THAT_PLAYER_WHENS:
        r.error(ew, f"{field} that-player needs a trigger about a player ({sorted(THAT_PLAYER_WHENS)})")
    elif who == "its-controller" and ctx.when not in ITS_CONTROLLER_WHENS:
        r.error(ew, f"{field} its-controller needs a {sorted(ITS_CONTROLLER_WHENS)} trigger")
    elif who == "attacking-player" and ctx.when != "blocks":
        r.error(ew, f"{field} attacking-player needs a blocks trigger")
    elif who == "defending-player" and ctx.when != "attacks" and ctx.card.get("timing") != "combat":
        r.error(ew, f"{field} defending-player needs an attacks trigger or timing \"combat\"")


def check_what(r, ew, do, what, ctx, idx=None):
    allowed = WHAT[do]
    m = WHAT_TARGET_N.match(what) if isinstance(what, str) else None
    if m and "target" in allowed and idx is None:
        idx, what = int(m.group(1)), "target"
    if what not in allowed:
        r.error(ew, f"what '{what}' is not one of {sorted(allowed)} for {do}")
        return
    if what == "target":
        want = {"copy-spell": "spell", "restrict": "creature", "must-attack-you": "creature",
                "pump": "creature", "grant": "creature"}.get(do, "object")
        target_index(r, ew, ctx, "what", idx or 0, want)
    elif what == "self":
        if not ctx.permanent:
            r.error(ew, "what self needs a permanent (a spell has no 'this permanent')")
        elif do in ("pump", "grant") and "creature" not in ctx.card.get("types", []):
            r.error(ew, f"{do} self needs a creature")
    elif what == "creatures-of-defending-player":
        check_who(r, ew, "what", "defending-player", ctx)


def check_effects(r, where, effects, ctx, tokens, depth=0):
    if not isinstance(effects, list) or not effects:
        r.error(where, "effects must be a non-empty list")
        return
    for j, e in enumerate(effects):
        ew = f"{where} effect {j}"
        if not isinstance(e, dict):
            r.error(ew, "an effect must be an object")
            continue
        do = e.get("do")
        if do not in EFFECTS:
            r.error(ew, f"do '{do}' is not one of {sorted(EFFECTS)}")
            continue
        need, opt = EFFECTS[do]
        for k in e:
            if k != "do" and k not in need | opt:
                r.error(ew, f"field '{k}' does not belong to a {do} effect")
        missing = sorted(need - set(e))
        for k in missing:
            r.error(ew, f"{do} needs field '{k}'")
        if missing:
            continue
        if "amount" in e and not is_int(e["amount"], 1, 20):
            r.error(ew, "amount must be an integer 1..20")
        if "count" in e and not is_int(e["count"], 1, 10):
            r.error(ew, "count must be an integer 1..10")
        if "who" in e:
            check_who(r, ew, "who", e["who"], ctx, e.get("who_index", 0))
        if "chooser" in e and do == "choose-mode":
            check_who(r, ew, "chooser", e["chooser"], ctx)
        for k in ("who_index", "what_index"):
            if k in e and not is_int(e[k], 0, 2):
                r.error(ew, f"{k} must be an integer 0..2")
        if "who_index" in e and e.get("who") != "target":
            r.error(ew, "who_index needs who \"target\"")
        if "what_index" in e and e.get("what") != "target":
            r.error(ew, "what_index needs what \"target\"")
        if "what" in e and do in WHAT:
            check_what(r, ew, do, e["what"], ctx, e.get("what_index"))
        if do == "damage":
            if e["to"] not in DAMAGE_TO:
                r.error(ew, f"to '{e['to']}' is not one of {sorted(DAMAGE_TO)}")
            elif e["to"] == "target":
                target_index(r, ew, ctx, "to", 0, "damage")
        elif do == "create-token":
            if e["token"] not in tokens:
                r.error(ew, f"token '{e['token']}' is not in tokens {sorted(tokens)}")
        elif do == "gain-control":
            if e["duration"] not in DURATIONS:
                r.error(ew, f"duration '{e['duration']}' is not one of {sorted(DURATIONS)}")
        elif do == "pump":
            for k in ("power", "toughness"):
                if not is_int(e[k], -10, 10):
                    r.error(ew, f"pump {k} must be an integer -10..10")
            if e["power"] == 0 and e["toughness"] == 0:
                r.warn(ew, "pump +0/+0 does nothing")
        elif do == "grant":
            if e["keyword"] not in KEYWORDS:
                r.error(ew, f"keyword '{e['keyword']}' is not one of {sorted(KEYWORDS)}")
        elif do == "exile":
            ret = e["return"]
            if ret not in RETURNS:
                r.error(ew, f"return '{ret}' is not one of {sorted(RETURNS)}")
            elif ret in ("until-source-leaves", "linked") and not ctx.permanent:
                r.error(ew, f"return {ret} needs a permanent source")
        elif do == "return-linked":
            if not ctx.permanent or not any(
                    isinstance(x, dict) and x.get("do") == "exile" and x.get("return") == "linked"
                    for t in ctx.card.get("triggers", []) if isinstance(t, dict)
                    for x in (t.get("effects") or [])):
                r.error(ew, "return-linked needs an exile with return \"linked\" on the same permanent")
        elif do == "restrict":
            for k in ("attack", "block"):
                if not isinstance(e[k], bool):
                    r.error(ew, f"{k} must be true or false")
            if e["attack"] is False and e["block"] is False:
                r.warn(ew, "restrict with neither attack nor block does nothing")
        if do in ("restrict", "must-attack-you") and e["until"] not in UNTIL:
            r.error(ew, f"until '{e['until']}' is not one of {sorted(UNTIL)}")
        if do == "choose-mode":
            modes = e["modes"]
            if not isinstance(modes, list) or len(modes) < 2:
                r.error(ew, "modes must be a list of at least two effect lists")
            else:
                for m, mode in enumerate(modes):
                    check_effects(r, f"{ew} mode {m}", mode, ctx, tokens, depth + 1)
        elif do == "unless-pays-life":
            check_effects(r, f"{ew} else", e["else"], ctx, tokens, depth + 1)
        elif do == "add-counter":
            if not isinstance(e["counter"], str) or not ID_RE.match(e["counter"]):
                r.error(ew, "counter must be a kebab-case name")
        elif do == "exchange-life":
            if e["with"] != "target":
                r.error(ew, "with must be \"target\"")
            else:
                target_index(r, ew, ctx, "with", 0, "player")
        elif do == "put-from-library":
            if e["from"] != "target":
                r.error(ew, "from must be \"target\"")
            else:
                target_index(r, ew, ctx, "from", 0, "player")
            if e["filter"] not in LIBRARY_FILTERS:
                r.error(ew, f"filter '{e['filter']}' is not one of {sorted(LIBRARY_FILTERS)}")
        elif do == "split-piles":
            if e["chooser"] not in SPLIT_CHOOSERS:
                r.error(ew, f"chooser '{e['chooser']}' is not one of {sorted(SPLIT_CHOOSERS)}")
        elif do == "give-control":
            if e["what"] == "target":
                idx = e.get("what_index", 0)
                if is_int(idx, 0) and idx < len(ctx.targets) and ctx.targets[idx] not in (
                        "permanent-you-control", "creature-you-control"):
                    r.error(ew, f"give-control gives a permanent you control; target {idx} is "
                                f"'{ctx.targets[idx]}'")


def check_trigger(r, where, t, card, tokens):
    if not isinstance(t, dict):
        r.error(where, "a trigger must be an object")
        return
    for k in t:
        if k not in TRIGGER_FIELDS:
            r.error(where, f"field '{k}' does not belong to a trigger")
    when = t.get("when")
    if when not in WHENS:
        r.error(where, f"when '{when}' is not one of {sorted(WHENS)}")
    elif when in CREATURE_WHENS and "creature" not in card.get("types", []):
        r.error(where, f"when {when} needs a creature")
    elif when.startswith("enchanted-player") and card.get("enchant") != "player":
        r.error(where, f"when {when} needs an Aura with enchant \"player\"")
    if "if" in t:
        cond = t["if"]
        if not isinstance(cond, dict) or len(cond) != 1:
            r.error(f"{where} if", "if must be an object with exactly one condition")
        else:
            (k, v), = cond.items()
            if k not in CONDITIONS:
                r.error(f"{where} if", f"unknown condition '{k}' (one of {sorted(CONDITIONS)})")
            elif not is_int(v, 1, 20):
                r.error(f"{where} if", f"condition {k} needs an integer 1..20")
    targets = t.get("targets", [])
    if "targets" in t:
        check_targets(r, f"{where} targets", targets)
    check_effects(r, where, t.get("effects"), Ctx(card, targets, when=when, permanent=True), tokens)


def check_activated(r, where, a, card, tokens):
    if not isinstance(a, dict):
        r.error(where, "an activated ability must be an object")
        return
    for k in a:
        if k not in ACTIVATED_FIELDS:
            r.error(where, f"field '{k}' does not belong to an activated ability")
    cost = a.get("cost")
    if not isinstance(cost, dict) or not cost:
        r.error(where, "activated needs a cost object {mana, tap, sacrifice}")
    else:
        for k in cost:
            if k not in COST_FIELDS:
                r.error(where, f"field '{k}' does not belong to an activated cost")
        if "mana" in cost:
            check_mana(r, where, "cost mana", cost["mana"])
        for k in ("tap", "sacrifice"):
            if k in cost and not isinstance(cost[k], bool):
                r.error(where, f"cost {k} must be true or false")
    for k in ("any_player", "sorcery_speed"):
        if k in a and not isinstance(a[k], bool):
            r.error(where, f"{k} must be true or false")
    targets = a.get("targets", [])
    if "targets" in a:
        check_targets(r, f"{where} targets", targets)
    check_effects(r, where, a.get("effects"), Ctx(card, targets, permanent=True, activated=True), tokens)


def check_static(r, where, s, card):
    if not isinstance(s, dict):
        r.error(where, "a static must be an object")
        return
    kind = s.get("kind")
    if kind not in STATIC_FIELDS:
        r.error(where, f"kind '{kind}' is not one of {sorted(STATIC_FIELDS)}")
        return
    for k in s:
        if k != "kind" and k not in STATIC_FIELDS[kind]:
            r.error(where, f"field '{k}' does not belong to a {kind} static")
    for k in sorted(STATIC_FIELDS[kind] - set(s)):
        r.error(where, f"{kind} needs field '{k}'")
    if kind == "enchanted-pt":
        for k in ("power", "toughness"):
            if k in s and not is_int(s[k], -10, 10):
                r.error(where, f"{k} must be an integer -10..10")
    elif kind == "cant-attack-you" and "min_power" in s and not is_int(s["min_power"], 0, 20):
        r.error(where, "min_power must be an integer 0..20")
    elif kind in ("attack-limit", "block-limit") and "count" in s and not is_int(s["count"], 0, 20):
        r.error(where, "count must be an integer 0..20")
    if kind in AURA_STATICS and card.get("enchant") != "creature":
        r.error(where, f"{kind} needs an Aura with enchant \"creature\"")


def check_keywords(r, where, c):
    kws = c.get("keywords", [])
    if not isinstance(kws, list):
        r.error(where, f"keywords must be a list of {sorted(KEYWORDS)}")
        return []
    bad = [k for k in kws if k not in KEYWORDS]
    if bad:
        r.error(where, f"keywords: unknown keyword(s) {bad} (one of {sorted(KEYWORDS)})")
    if len(set(kws)) != len(kws):
        r.error(where, "keywords repeat a keyword")
    if kws and "creature" not in c.get("types", []):
        r.error(where, "keywords belong to creatures")
    return [k for k in kws if k in KEYWORDS]


def check_types(r, where, c):
    types = c.get("types")
    if not isinstance(types, list) or not types:
        r.error(where, f"types must be a non-empty list of {sorted(TYPES)}")
        return []
    bad = [t for t in types if t not in TYPES]
    if bad:
        r.error(where, f"types: unknown type(s) {bad} (one of {sorted(TYPES)})")
    if len(set(types)) != len(types):
        r.error(where, "types repeat a type")
    ts = set(types)
    if len(ts & {"instant", "sorcery", "land"}) and len(ts) > 1:
        r.error(where, f"types {types}: land, instant and sorcery stand alone")
    return types


def check_text(r, where, c, kws):
    text = c.get("text")
    if not isinstance(text, str) or not text.strip():
        r.error(where, "text must be a non-empty string")
        return
    low = text.lower()
    for k in kws:
        if KEYWORD_WORD[k] not in low:
            r.warn(where, f"text does not mention the keyword {k}")


def check_pt(r, where, c, is_creature):
    for k in ("power", "toughness"):
        if is_creature:
            if k not in c:
                r.error(where, f"a creature needs field '{k}'")
            elif not is_int(c[k], 0, 20):
                r.error(where, f"{k} must be an integer 0..20")
        elif k in c:
            r.error(where, f"field '{k}' belongs to creatures")


def check_token(r, where, t):
    for k in t:
        if k not in TOKEN_FIELDS:
            r.error(where, f"field '{k}' does not belong to a token")
    types = check_types(r, where, t)
    if set(types) & {"land", "instant", "sorcery"}:
        r.error(where, "a token here is a creature or an artifact")
    check_pt(r, where, t, "creature" in types)
    kws = check_keywords(r, where, t)
    check_text(r, where, t, kws)
    if isinstance(t.get("id"), str) and not t["id"].endswith("-token"):
        r.warn(where, "token ids end in '-token' by convention")


def check_card(r, where, c, tokens):
    types = check_types(r, where, c)
    ts = set(types)
    is_land, is_creature = "land" in ts, "creature" in ts
    is_spell = bool(ts & {"instant", "sorcery"})
    for k in c:
        if k not in CARD_FIELDS:
            r.error(where, f"unknown field '{k}'")
        elif is_land and k not in LAND_FIELDS:
            r.error(where, f"field '{k}' does not belong to a land")
        elif is_spell and k in PERMANENT_ONLY:
            r.error(where, f"field '{k}' belongs to permanents, not instants or sorceries")
        elif not is_spell and not is_land and k in SPELL_ONLY:
            r.error(where, f"field '{k}' belongs to instants and sorceries")
    if is_land:
        if c.get("produces") not in COLOURS:
            r.error(where, f"produces must be one of {COLOURS}")
        if "basic" in c and not isinstance(c["basic"], bool):
            r.error(where, "basic must be true or false")
    else:
        for k in ("produces", "basic"):
            if k in c:
                r.error(where, f"field '{k}' belongs to lands")
        if "cost" not in c:
            r.error(where, "needs field 'cost'")
        else:
            check_mana(r, where, "cost", c["cost"])
    check_pt(r, where, c, is_creature)
    kws = check_keywords(r, where, c)
    check_text(r, where, c, kws)

    subs = c.get("subtypes", [])
    if not isinstance(subs, list) or any(s not in SUBTYPES for s in subs) or len(set(subs)) != len(subs):
        r.error(where, f"subtypes must be a list of distinct {sorted(SUBTYPES)}")
        subs = []
    is_aura = "aura" in subs
    if is_aura and "enchantment" not in ts:
        r.error(where, "subtype aura needs type enchantment")
    if "curse" in subs and not is_aura:
        r.error(where, "subtype curse needs subtype aura")
    if is_aura:
        if c.get("enchant") not in ENCHANT:
            r.error(where, f"an Aura needs enchant, one of {sorted(ENCHANT)}")
    elif "enchant" in c:
        r.error(where, "field 'enchant' belongs to Auras")
    if "curse" in subs and c.get("enchant") != "player":
        r.error(where, "a Curse enchants a player")

    if "as_enters" in c and c["as_enters"] not in AS_ENTERS:
        r.error(where, f"as_enters '{c['as_enters']}' is not one of {sorted(AS_ENTERS)}")
    if "choose" in c and c["choose"] not in CHOOSE:
        r.error(where, f"choose '{c['choose']}' is not one of {sorted(CHOOSE)}")
    if "timing" in c and c["timing"] not in TIMINGS:
        r.error(where, f"timing '{c['timing']}' is not one of {sorted(TIMINGS)}")
    if "additional_cost" in c and c["additional_cost"] != {"pay_half_life": True}:
        r.error(where, "additional_cost must be {\"pay_half_life\": true}")

    for field, fn in (("triggers", check_trigger), ("activated", check_activated),
                      ("statics", check_static)):
        if field not in c:
            continue
        items = c[field]
        if not isinstance(items, list) or not items:
            r.error(where, f"{field} must be a non-empty list")
            continue
        for j, it in enumerate(items):
            if field == "statics":
                fn(r, f"{where} {field}[{j}]", it, c)
            else:
                fn(r, f"{where} {field}[{j}]", it, c, tokens)

    if is_spell:
        has_modes, has_effects = "modes" in c, "effects" in c
        if has_modes == has_effects:
            r.error(where, "an instant or sorcery needs exactly one of 'effects' or 'modes'")
        if has_effects:
            targets = c.get("targets", [])
            if "targets" in c:
                check_targets(r, f"{where} targets", targets)
            check_effects(r, where, c["effects"], Ctx(c, targets), tokens)
        elif has_modes:
            if "targets" in c:
                r.error(where, "a modal spell puts its targets in each mode")
            modes = c["modes"]
            if not isinstance(modes, list) or len(modes) < 2:
                r.error(where, "modes must be a list of at least two {targets, effects}")
            else:
                for m, mode in enumerate(modes):
                    mw = f"{where} modes[{m}]"
                    if not isinstance(mode, dict):
                        r.error(mw, "a mode must be an object {targets, effects}")
                        continue
                    for k in mode:
                        if k not in ("targets", "effects"):
                            r.error(mw, f"field '{k}' does not belong to a mode")
                    targets = mode.get("targets", [])
                    if "targets" in mode:
                        check_targets(r, f"{mw} targets", targets)
                    check_effects(r, mw, mode.get("effects"), Ctx(c, targets), tokens)
    elif not is_land and not is_creature and not any(k in c for k in PERMANENT_ONLY) \
            and "enchant" not in c:
        r.warn(where, "a noncreature permanent with no abilities does nothing")


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
        if k not in ("tokens", "cards"):
            r.error(where0, f"unknown top-level field '{k}'")

    ids, names = set(), set()

    def claim(where, obj):
        oid, name = obj.get("id"), obj.get("name")
        ok = True
        if not isinstance(oid, str) or not ID_RE.match(oid):
            r.error(where, f"id '{oid}' must be kebab-case (a-z, 0-9, single '-')")
            ok = False
        elif oid in ids:
            r.error(where, f"id '{oid}' appears twice (tokens and cards share one id space)")
            ok = False
        else:
            ids.add(oid)
        if not isinstance(name, str) or not name.strip():
            r.error(where, "needs a name")
        elif name in names:
            r.error(where, f"name '{name}' is not unique")
        else:
            names.add(name)
        return ok

    tokens = {}
    raw_tokens = data.get("tokens", [])
    if not isinstance(raw_tokens, list):
        r.error(where0, "tokens must be a list")
        raw_tokens = []
    for i, t in enumerate(raw_tokens):
        tw = f"token '{t.get('id')}'" if isinstance(t, dict) and isinstance(t.get("id"), str) \
            else f"{where0} tokens[{i}]"
        if not isinstance(t, dict):
            r.error(tw, "a token must be an object")
            continue
        if claim(tw, t):
            tokens[t["id"]] = t
        check_token(r, tw, t)

    cards = data.get("cards")
    if not isinstance(cards, list) or not cards:
        r.error(where0, "cards must be a non-empty list")
        return None
    by_id = {}
    for i, c in enumerate(cards):
        if not isinstance(c, dict):
            r.error(f"{where0} cards[{i}]", "a card must be an object")
            continue
        cid = c.get("id")
        where = f"card '{cid}'" if isinstance(cid, str) else f"{where0} cards[{i}]"
        if claim(where, c):
            by_id[cid] = c
        check_card(r, where, c, tokens)

    used = set(re.findall(r'"token": "([^"]+)"', json.dumps(cards)))
    for tid in sorted(set(tokens) - used):
        r.warn(f"token '{tid}'", "no card creates this token")
    for kw in sorted(KEYWORDS):
        if not any(kw in c.get("keywords", []) for c in by_id.values() if isinstance(c.get("keywords"), list)):
            r.warn(where0, f"no card has the keyword {kw}")
    return {"by_id": by_id, "tokens": tokens}


def card_colours(c):
    cost = c.get("cost")
    return cost_colours(cost) if isinstance(cost, str) else []


# -------------------------------------------------------------------- decks
def check_deck(r, path, pool, summaries):
    where = rel(path)
    stem = os.path.splitext(os.path.basename(path))[0]
    if not ID_RE.match(stem):
        r.error(where, "deck file names are kebab-case")
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
        if k not in ("name", "description", "cards"):
            r.error(where, f"unknown field '{k}'")
    if not isinstance(deck.get("name"), str) or not deck["name"].strip():
        r.error(where, "needs a name")
    if "description" in deck and not isinstance(deck["description"], str):
        r.error(where, "description must be a string")
    cards = deck.get("cards")
    if not isinstance(cards, dict) or not cards:
        r.error(where, "cards must be an object: card id -> number of copies")
        return
    by_id = pool["by_id"]
    total = 0
    kinds = Counter()
    lands_make, colours_needed = set(), {}
    for cid, n in cards.items():
        cw = f"{where} cards '{cid}'"
        if not is_int(n, 1):
            r.error(cw, "count must be a positive integer")
            continue
        total += n
        c = by_id.get(cid)
        if c is None:
            r.error(cw, "is no card" + (" (tokens are not deck cards)" if cid in pool["tokens"] else ""))
            continue
        types = c.get("types", [])
        basic = "land" in types and c.get("basic") is True
        if n > MAX_COPIES and not basic:
            r.error(cw, f"{n} copies; at most {MAX_COPIES} of a card but basic lands")
        if "land" in types:
            kinds["land"] += n
            if c.get("produces") in COLOURS:
                lands_make.add(c["produces"])
        elif "creature" in types:
            kinds["creature"] += n
        else:
            kinds["other"] += n
        for col in card_colours(c):
            colours_needed.setdefault(col, []).append(cid)
    if total < DECK_SIZE:
        r.error(where, f"{total} cards; a constructed deck has at least {DECK_SIZE}")
    elif total != DECK_SIZE:
        r.warn(where, f"{total} cards; starter decks have exactly {DECK_SIZE}")
    for col, cids in sorted(colours_needed.items()):
        if col not in lands_make:
            r.warn(where, f"no land makes {{{col}}} for {sorted(set(cids))}")
    if not 22 <= kinds["land"] <= 26:
        r.warn(where, f"{kinds['land']} lands; starter decks want about 24")
    if not 16 <= kinds["creature"] <= 20:
        r.warn(where, f"{kinds['creature']} creatures; starter decks want about 16-20")
    cols = "".join(c for c in COLOURS if c in lands_make) or "-"
    summaries.append((where, deck.get("name"), cols, total, kinds))


def main(argv):
    strict = "--strict" in argv
    args = [a for a in argv if a != "--strict"]
    cards_path = args[0] if args else DEFAULT_CARDS
    deck_paths = args[1:] if len(args) > 1 else sorted(glob.glob(os.path.join(DEFAULT_DECKS, "*.json")))
    r = Report()
    pool = check_pool(r, cards_path)
    summaries = []
    if pool is not None:
        if not deck_paths:
            r.warn("decks", "no deck files found")
        for p in deck_paths:
            check_deck(r, p, pool, summaries)
        cards = pool["by_id"].values()
        typ = Counter("+".join(c.get("types") or ["?"]) for c in cards)
        col = Counter("".join(card_colours(c)) or ("land" if "land" in c.get("types", []) else "colorless")
                      for c in cards)
        print(f"{rel(cards_path)}: {len(pool['by_id'])} cards, {len(pool['tokens'])} tokens")
        for label, cnt in (("types", typ), ("colours", col)):
            print(f"  {label}: " + ", ".join(f"{k} {v}" for k, v in sorted(cnt.items())))
    for where, name, cols, total, kinds in summaries:
        print(f"{where}: '{name}' ({cols}) {total} cards: "
              + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print(f"{r.errors} error(s), {r.warnings} warning(s)")
    return 1 if r.errors or (strict and r.warnings) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
