"""tabletop-sim: the command line (docs/simulation.md).

    tabletop-sim matrix GAME [--decks a,b,c] [--ordered] [--mirror] [common options]
    tabletop-sim card GAME --deck D --card ID [--vs E,F] [--replace-with R] [--set FIELD=VALUE]...
    tabletop-sim run STUDY.json [common options but the study's own]

Exit codes as `tabletop`'s: 1 usage, 2 bad input (the engine's message: an
unknown deck, a bad agent spec or override), 3 the study could not finish.
Nothing is written unless the whole study finished."""

import argparse
import json
import os
import sys
import time
from pathlib import Path

from . import decks as deck_files
from .chunks import play
from .cluster import run_study
from .study import Study, card_study, matrix_study


class UsageError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    def error(self, message):
        self.print_usage(sys.stderr)
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        sys.exit(1)


def _list(text):
    return [x.strip() for x in text.split(",") if x.strip()] if text else []


def _pairs(items, what):
    out = {}
    for item in items or []:
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise UsageError(f"{what} {item!r}: write KEY=VALUE")
        out[key] = value
    return out


def _json_value(text):
    """--set values: JSON when they parse (numbers, true, lists), else text."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def parser():
    common = argparse.ArgumentParser(add_help=False)
    g = common.add_argument_group("what each game is")
    g.add_argument("--agents", default="greedy",
                   help="agent spec per slot, comma separated, or one for all (default greedy), "
                        "e.g. greedy,random or ismcts:sims=200")
    g.add_argument("--seats", type=int, default=0, help="table size (default: the game's or variant's)")
    g.add_argument("--variant", default="", help="rule variant (see `tabletop games`)")
    g.add_argument("--option", action="append", metavar="KEY=VALUE", help="game option (repeatable)")
    g.add_argument("--max-decisions", type=int, default=100000,
                   help="a game still going after this many decisions is unfinished (default 100000)")
    s = common.add_argument_group("how many and where")
    s.add_argument("--games", type=int, default=1000, help="games per matchup (default 1000)")
    s.add_argument("--chunk", type=int, default=500,
                   help="games per chunk, rounded up to a multiple of the seats (default 500)")
    s.add_argument("--seed", type=int, default=1, help="master seed (default 1)")
    s.add_argument("--out", default="sim-results", help="output folder (default sim-results)")
    s.add_argument("--scheduler", metavar="tcp://HOST:8786", help="a running Dask scheduler")
    s.add_argument("--workers", type=int, default=None,
                   help="local cluster: worker processes (default: the cores)")
    s.add_argument("--processes", type=int, default=None, choices=[0],
                   help="0: play in this process, without Dask (the reference)")
    s.add_argument("--threads", type=int, default=1, help="threads per local worker (default 1)")
    s.add_argument("--no-plots", action="store_true", help="CSV and JSON only")
    s.add_argument("-q", "--quiet", action="store_true", help="no progress bar")

    top = Parser(prog="tabletop-sim", description="Balance studies: deck-versus-deck matrices and card "
                 "studies, played in chunks on a Dask cluster (docs/simulation.md).")
    sub = top.add_subparsers(dest="command", required=True, parser_class=Parser)
    m = sub.add_parser("matrix", parents=[common], help="every deck against every other")
    m.add_argument("game", help="a game of the registry (`tabletop games`)")
    m.add_argument("--decks", help="starter deck names or deck files, comma separated (default: every starter deck)")
    m.add_argument("--ordered", action="store_true",
                   help="two seats: each ordered pair, the first deck always at seat 0 (default: each pair "
                        "once, seats swapped every game)")
    m.add_argument("--mirror", action="store_true", help="also each deck against itself")
    c = sub.add_parser("card", parents=[common], help="one deck with a card changed, against opponents")
    c.add_argument("game", help="a game of the registry (`tabletop games`)")
    c.add_argument("--deck", required=True, help="the deck studied (starter deck name or deck file)")
    c.add_argument("--vs", help="opponent decks, comma separated (default: every other starter deck)")
    c.add_argument("--card", required=True, help="the card's data id")
    c.add_argument("--replace-with", metavar="ID",
                   help="arm 'without': every copy of the card replaced by this card")
    c.add_argument("--set", action="append", metavar="FIELD=VALUE",
                   help="arm 'set': the card's FIELD changed (a data override; repeatable)")
    c.add_argument("--no-as-is", action="store_true", help="leave out the unchanged deck")
    r = sub.add_parser("run", parents=[common], help="a study file (e.g. an earlier study.json)")
    r.add_argument("study")
    return top


def _settings(a):
    options = _pairs(a.option, "--option")
    if a.games <= 0 or a.chunk <= 0:
        raise UsageError("--games and --chunk must be positive")
    if a.seats < 0:
        raise UsageError("--seats must be positive")
    return options


def _table_size(game, seats, variant, options):
    """The seats every matchup is played at (checks game, variant and options)."""
    import tabletop

    return tabletop.load_game(game, seats=seats or None, variant=variant, **options).num_players()


def build_study(a):
    if a.command == "run":
        try:
            with open(a.study) as f:
                return Study.from_dict(json.load(f))
        except KeyError as e:
            raise ValueError(f"study file {a.study}: no field {e}") from None
        except (OSError, ValueError, TypeError) as e:
            raise ValueError(f"study file {a.study}: {e}") from None
    options = _settings(a)
    seats = _table_size(a.game, a.seats, a.variant, options)
    chunk = -(-a.chunk // seats) * seats
    common = dict(games=a.games, chunk=chunk, seed=a.seed % 2 ** 64, variant=a.variant, options=options,
                  max_decisions=a.max_decisions)
    agents = _list(a.agents)
    if a.command == "matrix":
        names = _list(a.decks) or deck_files.starter_decks(a.game)
        decks = [deck_files.resolve(a.game, n) for n in names]
        return matrix_study(a.game, decks, seats=seats, agents=agents, ordered=a.ordered, mirror=a.mirror,
                            **common)
    if not (a.replace_with or a.set):
        raise UsageError("say how the card changes: --replace-with ID and/or --set FIELD=VALUE")
    label, deck = deck_files.resolve(a.game, a.deck)
    names = _list(a.vs) or [d for d in deck_files.starter_decks(a.game) if d != label]
    opponents = [deck_files.resolve(a.game, n) for n in names]
    arms = [] if a.no_as_is else [("as-is", deck, None)]
    if a.replace_with:
        without, _ = deck_files.without_card(a.game, deck, a.card, a.replace_with)
        arms.append(("without", without, None))
    if a.set:
        fields = {k: _json_value(v) for k, v in _pairs(a.set, "--set").items()}
        arms.append(("set", deck, [{"card": a.card, "set": fields}]))
    return card_study(a.game, (label, deck), opponents, a.card, arms=arms, seats=seats, agents=agents,
                      **common)


def check(study):
    """The study splits into chunks, and every matchup is set up once by the
    engine (one game, one decision): a bad deck, agent spec or override fails
    here, before anything runs."""
    from .chunks import job, split

    split(study)   # games, chunk and seats agree
    for m in range(len(study.matchups)):
        play(job(study, m), study.seed, 1, max_decisions=1)


def _check_out(out):
    """--out is replaced as a whole: only an empty folder or an earlier output."""
    folder = Path(out)
    if folder.exists() and (not folder.is_dir() or (any(folder.iterdir())
                                                    and not (folder / "summary.json").is_file())):
        raise UsageError(f"--out {out} exists and is not an earlier tabletop-sim output: "
                         "name a new folder")


def main(argv=None):
    args = parser().parse_args(argv)
    import tabletop

    try:
        _check_out(args.out)
        study = build_study(args)
        check(study)
    except UsageError as e:
        print(f"tabletop-sim: {e}", file=sys.stderr)
        return 1
    except (tabletop.EngineError, ValueError, OSError) as e:
        print(f"tabletop-sim: {e}", file=sys.stderr)
        return 2
    if args.scheduler:
        runner = f"Dask scheduler {args.scheduler}"
    elif args.processes == 0 or args.workers == 0:
        runner = "one process"
    else:
        runner = f"local Dask cluster, {args.workers or os.cpu_count()} workers x {args.threads} threads"
    workers = 0 if args.processes == 0 else args.workers
    start = time.monotonic()
    try:
        totals = run_study(study, workers=workers, scheduler=args.scheduler, threads=args.threads,
                           quiet=args.quiet)
    except KeyboardInterrupt:
        print("tabletop-sim: interrupted; nothing written", file=sys.stderr)
        return 130
    except Exception as e:  # a lost cluster, a worker killed too often: nothing is written
        print(f"tabletop-sim: the study did not finish: {type(e).__name__}: {e}", file=sys.stderr)
        return 3
    seconds = time.monotonic() - start
    from .report import effect_rows, matchup_rows, write_all

    summary = write_all(args.out, study, totals, seconds=seconds, runner=runner, plots=not args.no_plots)
    if "plot_error" in summary:
        print(f"tabletop-sim: the plots failed ({summary['plot_error']}); the CSV files are written",
              file=sys.stderr)
    print(f"{study.game}: {summary['games']:,} games in {seconds:.1f} s ({summary['games_per_second'] or 0:,.0f} "
          f"games/s, {runner}); results in {args.out}/")
    studied = study.matchups[0].deck_labels[0]
    for row in matchup_rows(study, totals.tally):
        arm, label, deck, opponent = row[:4]
        if study.kind == "card" and deck != studied:
            continue   # the opponents' rows are in matchups.csv
        wins, losses, draws, unfinished = row[7:11]
        rate, low, high = (float(x) if x else float("nan") for x in row[11:14])
        name = f"{deck} ({arm})" if arm else deck
        print(f"  {name:>28} vs {opponent:<20} {wins:>7,} W {losses:>7,} L {draws:>5,} D  "
              f"{rate:6.1%} ({low:.1%}-{high:.1%})" + (f"  {unfinished} unfinished" if unfinished else ""))
    for row in effect_rows(study, totals.tally):
        if row[1] == "all":
            d, low, high = (float(x) for x in row[12:15])
            print(f"  {row[0]} against as-is, all opponents: {100 * d:+.1f} points of win rate "
                  f"(95% interval {100 * low:+.1f} to {100 * high:+.1f})")
    return 3 if "plot_error" in summary else 0
