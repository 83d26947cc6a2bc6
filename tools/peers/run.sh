#!/usr/bin/env bash
# Side-by-side speed: tabletop's games against OpenSpiel's C++ games, interleaved.
#
#   run.sh [ROUNDS] [--tabletop PATH] [--ismcts-args "ARGS"] [--only KEYS] [--quick]
#
# ROUNDS (default 7): each round runs every pair once, tabletop then peer, so
# both sides see the same machine load; the table gives medians over rounds.
# --tabletop PATH: the tabletop binary (default: this checkout's release build).
# --ismcts-args: extra `tabletop bench suikoden` options that make its IS-MCTS
#   figure use full random playouts (no depth cut-off); without them tabletop's
#   IS-MCTS is not run (its default has a depth cut-off of 20 and is not
#   comparable) and only the peer's hearts rate is printed.
# --only KEYS: comma-separated pairs to run, of suikoden,ddm,lc2,lc3,lc4,magic2,magic4,ismcts
#   (default: all).
# --quick: a fifth of the games per run (for a smoke test).
#
# Every figure: one thread, thread CPU time, random legal decisions by seats
# (players), every game from a fresh deal; decisions count only decisions by
# seats/players, never chance outcomes or deals.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
PEER="${PEER_BENCH:-$HERE/peer_bench}"
TABLETOP="$HERE/../../build/release/src/cli/tabletop"
ROUNDS=7
ISMCTS_ARGS=""
SCALE=1
ONLY=""
while (($#)); do
  case "$1" in
    --tabletop) TABLETOP="$2"; shift 2 ;;
    --tabletop=*) TABLETOP="${1#*=}"; shift ;;
    --ismcts-args) ISMCTS_ARGS="$2"; shift 2 ;;
    --ismcts-args=*) ISMCTS_ARGS="${1#*=}"; shift ;;
    --only) ONLY=",$2,"; shift 2 ;;
    --only=*) ONLY=",${1#*=},"; shift ;;
    --quick) SCALE=5; shift ;;
    -h|--help) sed -n '2,/^set /p' "$0" | grep '^#'; exit 0 ;;
    [0-9]*) ROUNDS="$1"; shift ;;
    *) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ -x "$TABLETOP" ]] || { echo "run.sh: no tabletop binary at $TABLETOP" >&2; exit 2; }
[[ -x "$PEER" ]] || { echo "run.sh: build the peer first: make -C $HERE" >&2; exit 2; }

# Games per run, bounded so that 7 rounds take about 3 minutes on 2 loaded cores.
# key | tabletop bench arguments | tabletop games | peer game | peer games
PAIRS=(
  "suikoden|suikoden|3000|hearts|5000"
  "ddm|ddm|1000|dou_dizhu|5000"
  "lc2|lastchronicle --seats 2|1200|crazy_eights(players=2)|5000"
  "lc3|lastchronicle --seats 3|600|crazy_eights(players=3)|5000"
  "lc4|lastchronicle --seats 4|400|crazy_eights(players=4)|5000"
  "magic2|magic --seats 2|600|crazy_eights(players=2)|5000"
  "magic4|magic --seats 4|300|crazy_eights(players=4)|5000"
)

OUT="$(mktemp -d /tmp/peer_run.XXXXXX)"
trap 'rm -rf "$OUT"' EXIT
echo "tabletop: $TABLETOP ($(stat -c %y "$TABLETOP" | cut -d. -f1))"
echo "peer:     $PEER (OpenSpiel $(cat "$HERE/SNAPSHOT" 2>/dev/null || echo '?'))"
echo "rounds:   $ROUNDS; raw output in $OUT while running"

# tabletop's fresh set-up line -> "games/s decisions/s"
tt_rates() {
  python3 -c '
import re, sys
text = sys.stdin.read()
m = re.search(r"fresh set-up.*?\):\s*([\d,.]+)\s*games/s,\s*([\d.]+)\s*([kM]?)\s*decisions/s", text)
if not m:
    sys.exit("no fresh set-up line in tabletop output:\n" + text)
unit = {"": 1, "k": 1e3, "M": 1e6}[m.group(3)]
print(float(m.group(1).replace(",", "")), float(m.group(2)) * unit)'
}

for ((r = 1; r <= ROUNDS; ++r)); do
  for p in "${PAIRS[@]}"; do
    IFS='|' read -r key tt_args tt_n peer_game peer_n <<<"$p"
    [[ -z "$ONLY" || "$ONLY" == *",$key,"* ]] || continue
    # shellcheck disable=SC2086
    "$TABLETOP" bench $tt_args -n $((tt_n / SCALE)) --search-positions 0 >"$OUT/tt.txt"
    [[ $r == 1 ]] && grep -m1 signature "$OUT/tt.txt" | sed "s/^/  [$key] /" >>"$OUT/signatures"
    rates="$(tt_rates <"$OUT/tt.txt")"
    echo "$r $key $rates" >>"$OUT/tabletop"
    "$PEER" --games $((peer_n / SCALE)) "$peer_game" >"$OUT/peer.txt"
    sed -n 's/^RESULT game=[^ ]* games_per_s=\([^ ]*\) decisions_per_s=\([^ ]*\)$/\1 \2/p' \
      "$OUT/peer.txt" | sed "s/^/$r $key /" >>"$OUT/peer"
  done
  if [[ -n "$ONLY" && "$ONLY" != *",ismcts,"* ]]; then
    echo "round $r of $ROUNDS done ($(date -u +%H:%M:%S))"
    continue
  fi
  if [[ -n "$ISMCTS_ARGS" ]]; then
    # shellcheck disable=SC2086
    "$TABLETOP" bench suikoden -n 1 --search-positions 20 --search-sims 1000 $ISMCTS_ARGS \
      >"$OUT/tt.txt"
    sed -n 's/.*IsmctsDecision: 1 thread, \([0-9,]*\) simulations\/s.*/\1/p' "$OUT/tt.txt" |
      tr -d , | sed "s/^/$r ismcts /" >>"$OUT/tabletop_ismcts"
  fi
  "$PEER" --ismcts-positions 20 --ismcts-sims 1000 ismcts >"$OUT/peer.txt"
  sed -n 's/^RESULT ismcts=hearts sims_per_s=\(.*\)$/\1/p' "$OUT/peer.txt" |
    sed "s/^/$r ismcts /" >>"$OUT/peer_ismcts"
  echo "round $r of $ROUNDS done ($(date -u +%H:%M:%S))"
done

echo "behaviour signatures (tabletop, round 1):"
cat "$OUT/signatures" 2>/dev/null || true
python3 - "$OUT" "$ROUNDS" "$ISMCTS_ARGS" <<'EOF'
import os, statistics, sys
out, rounds, ismcts_args = sys.argv[1], int(sys.argv[2]), sys.argv[3]

def read(name, cols):
    rows = {}
    path = os.path.join(out, name)
    if not os.path.exists(path):
        return rows
    for line in open(path):
        f = line.split()
        rows.setdefault(f[1], []).append([float(x) for x in f[2:2 + cols]])
    return rows

def med(rows, key, col):
    return statistics.median(r[col] for r in rows[key])

def games(x):
    return f"{x:,.0f}"

def fmt(x):
    return f"{x / 1e6:.2f} M" if x >= 1e6 else f"{x / 1e3:.0f} k" if x >= 1e3 else f"{x:.0f}"

tt, peer = read("tabletop", 2), read("peer", 2)
names = {
    "suikoden": ("Suikoden", "hearts"),
    "ddm": ("Dungeon Dice Monsters", "dou_dizhu"),
    "lc2": ("Last Chronicle, 2 seats", "crazy_eights, 2 players"),
    "lc3": ("Last Chronicle, 3 seats", "crazy_eights, 3 players"),
    "lc4": ("Last Chronicle, 4 seats", "crazy_eights, 4 players"),
    "magic2": ("Magic-style, 2 seats", "crazy_eights, 2 players"),
    "magic4": ("Magic-style, 4 seats", "crazy_eights, 4 players"),
}
print(f"\nmedians of {rounds} interleaved rounds (one thread, thread CPU time, fresh deal per game, "
      "random legal decisions by seats; decisions exclude chance outcomes)\n")
print("| game | tabletop decisions/s | tabletop games/s | peer | peer decisions/s | peer games/s | ratio (decisions/s) | ratio spread (min-max of rounds) |")
print("|---|---|---|---|---|---|---|---|")
for key, (ours, theirs) in names.items():
    if key not in tt or key not in peer:
        continue
    td, pd = med(tt, key, 1), med(peer, key, 1)
    per_round = sorted(a[1] / b[1] for a, b in zip(tt[key], peer[key]))
    print(f"| {ours} | {fmt(td)} | {games(med(tt, key, 0))} | {theirs} | {fmt(pd)} | "
          f"{games(med(peer, key, 0))} | {td / pd:.2f}x | {per_round[0]:.2f}-{per_round[-1]:.2f}x |")

pi = read("peer_ismcts", 1)
ti = read("tabletop_ismcts", 1)
print()
if "ismcts" in pi:
    p = med(pi, "ismcts", 0)
    lo, hi = min(r[0] for r in pi["ismcts"]), max(r[0] for r in pi["ismcts"])
    line = (f"IS-MCTS, full random playouts, 1,000 simulations per decision, 20 positions: "
            f"peer hearts {fmt(p)} simulations/s (rounds {fmt(lo)}-{fmt(hi)})")
    if "ismcts" in ti:
        t = med(ti, "ismcts", 0)
        line += f"; tabletop Suikoden ({ismcts_args}) {fmt(t)} simulations/s; ratio {t / p:.2f}x"
    else:
        line += ("; tabletop: not run (its bench has no full-playout IS-MCTS option given; "
                 "pass --ismcts-args)")
    print(line)
EOF
