"""tabletop-sim in one process: seeds, exact totals, deck edits, card studies
and bad input (the cluster tests are in test_sim_cluster.py)."""

import csv
import json

import pytest

from tabletop.sim import Totals, matrix_study, play_chunk, split
from tabletop.sim import decks as deck_files
from tabletop.sim.chunks import chunk_seed, job
from tabletop.sim.cli import main

CSVS = ["matchups.csv", "decks.csv", "cards.csv", "lengths.csv", "length_summary.csv", "seats.csv"]


def run(args, out):
    return main(args + ["--out", str(out), "--quiet", "--no-plots", "--processes", "0"])


def read(folder):
    return {name: (folder / name).read_text() for name in CSVS}


def rows(folder, name):
    with open(folder / name) as f:
        return list(csv.DictReader(f))


def test_chunk_seeds_depend_on_the_master_seed_and_the_place_only():
    study = matrix_study("suikoden", [("dawn", "dawn"), ("ember", "ember"), ("iron", "iron")],
                         agents=["random"], games=50, chunk=20, seed=7)
    chunks = split(study)
    assert [(c.matchup, c.part, c.count) for c in chunks[:3]] == [(0, 0, 20), (0, 1, 20), (0, 2, 10)]
    assert [c.first_seed for c in chunks[:4]] == [7, 27, 47, 7 + 2 ** 32]
    assert [c.index for c in chunks] == list(range(9))
    assert chunk_seed(2 ** 64 - 1, 1, 0, 20) == 2 ** 32 - 1   # wraps modulo 2**64
    with pytest.raises(ValueError, match="multiple of the 2 seats"):
        study.chunk = 15
        split(study)


def test_each_chunk_is_counted_once():
    study = matrix_study("suikoden", [("dawn", "dawn"), ("ember", "ember")], agents=["random"], games=8,
                         chunk=4)
    chunks = split(study)
    totals = Totals(chunks)
    first = play_chunk(job(study, 0), chunks[0])
    assert totals.add(first)
    again = play_chunk(job(study, 0), chunks[0])          # a rerun of the same chunk
    assert again.exact() == first.exact()                  # plays the very same games
    assert not totals.add(again) and totals.duplicates == 1
    assert not totals.complete()
    assert totals.add(play_chunk(job(study, 0), chunks[1])) and totals.complete()
    assert totals.tally.games == 8


def test_the_numbers_do_not_depend_on_the_chunk_size(tmp_path):
    base = ["matrix", "suikoden", "--decks", "dawn,iron", "--agents", "random", "--games", "60"]
    assert run(base + ["--chunk", "10"], tmp_path / "a") == 0
    assert run(base + ["--chunk", "60"], tmp_path / "b") == 0
    assert read(tmp_path / "a") == read(tmp_path / "b")
    assert run(base + ["--chunk", "10", "--seed", "2"], tmp_path / "c") == 0
    assert read(tmp_path / "c") != read(tmp_path / "a")


def test_outputs_add_up(tmp_path):
    out = tmp_path / "m"
    assert main(["matrix", "suikoden", "--decks", "dawn,ember,iron", "--agents", "random", "--games", "40",
                 "--chunk", "20", "--processes", "0", "--quiet", "--out", str(out)]) == 0
    matchups = rows(out, "matchups.csv")
    assert len(matchups) == 6                        # 3 pairings, each seen from both decks
    for r in matchups:
        assert int(r["wins"]) + int(r["losses"]) + int(r["draws"]) == int(r["finished"])
        assert int(r["finished"]) + int(r["unfinished"]) == int(r["seat_games"]) == 40
        if int(r["finished"]):
            assert float(r["win_low"]) <= float(r["win_rate"]) <= float(r["win_high"])
    seats = [r for r in rows(out, "seats.csv") if r["matchup"] == "all"]
    assert [r["seat"] for r in seats] == ["0", "1", "first"]
    cards = rows(out, "cards.csv")
    assert cards, "the engine reports cards drawn and played"
    for r in cards:
        assert int(r["played_games"]) <= int(r["deck_games"]) and int(r["drawn_games"]) <= int(r["deck_games"])
        assert int(r["drawn_wins"]) + int(r["not_drawn_wins"]) == int(r["deck_wins"])
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 120 and summary["chunks"] == 6 and summary["duplicate_chunks_ignored"] == 0
    for png in ["winrate_matrix.png", "lengths.png", "first_seat.png", "cards_dawn.png"]:
        assert (out / "report" / png).stat().st_size > 10000
    # The study file reruns the same study.
    assert main(["run", str(out / "study.json"), "--processes", "0", "--quiet", "--no-plots",
                 "--out", str(tmp_path / "again")]) == 0
    assert read(tmp_path / "again") == read(out)


@pytest.mark.parametrize("game, deck, card, by", [
    ("suikoden", "dawn", "scouting-run", "night-raid"),        # [{"card", "count"}]
    ("ddm", "arcane", "hedge-witch", "grave-mite"),            # monsters [{"monster", "count"}]
    ("ddm", "arcane", "snare-mine", "crest-leech"),            # items [id]
    ("lastchronicle", "duel-sunfire", "sun-regent", "X"),      # [id], one copy each
    ("magic", "red-white-vanguard", "searing-bolt", "dawnmeadow"),   # {id: n}
])
def test_a_card_is_replaced_copy_for_copy_in_every_deck_format(game, deck, card, by):
    before = deck_files.as_dict(game, deck)
    after, copies = deck_files.without_card(game, deck, card, by)
    assert copies >= 1
    text = json.dumps(after)
    assert f'"{card}"' not in text
    assert text.count(f'"{by}"') >= 1
    assert deck_files.as_dict(game, deck) == before        # the starter deck is untouched


def test_a_card_the_deck_lacks_is_refused():
    with pytest.raises(ValueError, match="no copy of 'nobody'"):
        deck_files.without_card("suikoden", "dawn", "nobody", "aldo")


def test_a_card_study_changes_the_deck_it_studies(tmp_path):
    out = tmp_path / "card"
    assert run(["card", "suikoden", "--deck", "dawn", "--vs", "iron", "--card", "scouting-run",
                "--replace-with", "night-raid", "--agents", "random", "--games", "200", "--chunk", "50"], out) == 0
    by_arm = {(r["arm"], r["deck"]): r for r in rows(out, "matchups.csv")}
    assert set(by_arm) == {("as-is", "dawn"), ("as-is", "iron"), ("without", "dawn"), ("without", "iron")}
    assert by_arm[("as-is", "dawn")]["wins"] != by_arm[("without", "dawn")]["wins"]
    effect = {(r["arm"], r["opponent"]): r for r in rows(out, "card_effect.csv")}
    assert set(effect) == {("without", "iron"), ("without", "all")}
    r = effect[("without", "all")]
    assert int(r["wins"]) == int(by_arm[("without", "dawn")]["wins"])
    assert int(r["as_is_wins"]) == int(by_arm[("as-is", "dawn")]["wins"])
    assert float(r["difference"]) == pytest.approx(float(r["win_rate"]) - float(r["as_is_win_rate"]), abs=1e-6)
    assert float(r["difference_low"]) < float(r["difference"]) < float(r["difference_high"])
    cards = {(r["arm"], r["deck"], r["card"]) for r in rows(out, "cards.csv")}
    assert ("as-is", "dawn", "scouting-run") in cards
    assert ("without", "dawn", "scouting-run") not in cards       # no copy left to draw


def test_an_override_changes_the_numbers_of_its_arm_only(tmp_path):
    out = tmp_path / "set"
    assert main(["card", "suikoden", "--deck", "dawn", "--vs", "iron", "--card", "aldo", "--set", "atk=0",
                 "--agents", "random", "--games", "100", "--chunk", "50", "--processes", "0", "--quiet",
                 "--out", str(out)]) == 0
    for png in ["winrate_matrix.png", "card_effect.png", "cards_as-is_dawn.png", "cards_set_dawn.png"]:
        assert (out / "report" / png).stat().st_size > 10000
    study = json.loads((out / "study.json").read_text())
    assert [m["overrides"] for m in study["matchups"]] == [None, [{"card": "aldo", "set": {"atk": 0}}]]
    dawn = {r["arm"]: r for r in rows(out, "matchups.csv") if r["deck"] == "dawn"}
    assert dawn["as-is"]["wins"] != dawn["set"]["wins"]


def test_a_stronger_card_wins_more(tmp_path):
    """Aldo (four copies in dawn) with no attack and no troops, against attack 99
    and 9,999 troops, played by greedy seats: the strong arm wins more."""
    weak, strong = tmp_path / "weak", tmp_path / "strong"
    base = ["card", "suikoden", "--deck", "dawn", "--vs", "iron", "--card", "aldo", "--agents", "greedy",
            "--games", "200", "--chunk", "50", "--no-as-is"]
    assert run(base + ["--set", "atk=0", "--set", "troops=0"], weak) == 0
    assert run(base + ["--set", "atk=99", "--set", "troops=9900"], strong) == 0

    def dawn_wins(folder):
        return [int(r["wins"]) for r in rows(folder, "matchups.csv") if r["deck"] == "dawn"][0]

    assert dawn_wins(strong) > dawn_wins(weak) + 10


@pytest.mark.parametrize("args, message", [
    (["matrix", "suikoden", "--decks", "dawn,nope"], "unknown starter deck 'nope'"),
    (["matrix", "suikoden", "--decks", "dawn,iron", "--agents", "clever"], "unknown agent 'clever'"),
    (["card", "suikoden", "--deck", "dawn", "--card", "aldo", "--replace-with", "kiri"], "at most 4"),
    (["card", "suikoden", "--deck", "dawn", "--card", "nobody", "--set", "atk=1"], "no entry with id 'nobody'"),
    (["card", "suikoden", "--deck", "dawn", "--card", "aldo", "--set", "atk=x"], "aldo"),
    (["matrix", "suikoden", "--variant", "nope"], "nope"),
])
def test_bad_input_exits_with_the_engines_message_and_writes_nothing(tmp_path, capsys, args, message):
    out = tmp_path / "out"
    assert run(args + ["--games", "10", "--chunk", "10"], out) == 2
    err = capsys.readouterr().err
    assert err.startswith("tabletop-sim: ") and message in err
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_an_output_folder_is_replaced_only_when_it_is_an_earlier_output(tmp_path, capsys):
    base = ["matrix", "suikoden", "--decks", "dawn,iron", "--agents", "random", "--games", "10", "--chunk", "10"]
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me")
    assert run(base, mine) == 1
    assert "is not an earlier tabletop-sim output" in capsys.readouterr().err
    assert (mine / "notes.txt").read_text() == "keep me"
    out = tmp_path / "out"
    assert run(base, out) == 0 and run(base + ["--seed", "5"], out) == 0
    assert '"seed": 5' in (out / "summary.json").read_text()


def test_usage_errors_exit_1(tmp_path, capsys):
    assert run(["card", "suikoden", "--deck", "dawn", "--card", "aldo"], tmp_path / "o") == 1
    assert "--replace-with" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        main(["matrix"])
    assert e.value.code == 1


def test_progress_goes_to_stderr_unless_quiet(tmp_path, capsys):
    base = ["matrix", "suikoden", "--decks", "dawn,iron", "--agents", "random", "--games", "40", "--chunk", "4",
            "--processes", "0", "--no-plots"]
    assert main(base + ["--out", str(tmp_path / "a")]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 10                           # not a terminal: a line every 10%
    assert err[-1].startswith("[" + "#" * 30 + "] 40/40 games") and "games/s" in err[-1] and "ETA" in err[-1]
    assert main(base + ["--out", str(tmp_path / "b"), "--quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_matrix_pairings():
    decks = [("a", "a"), ("b", "b"), ("c", "c")]
    pairs = matrix_study("suikoden", decks, agents=["random"]).matchups
    assert [m.label for m in pairs] == ["a vs b", "a vs c", "b vs c"] and all(m.swap for m in pairs)
    ordered = matrix_study("suikoden", decks, agents=["random"], ordered=True, mirror=True).matchups
    assert len(ordered) == 9 and not any(m.swap for m in ordered)
    assert ordered[0].label == "a vs a" and ordered[0].opponent_label == "a"
    table = matrix_study("lastchronicle", decks, seats=4, agents=["greedy", "random"] * 2).matchups
    assert len(table) == 6 and all(m.swap for m in table)
    assert table[0].decks == ["a", "b", "b", "b"] and table[0].opponents_of("b") == "a"
    with pytest.raises(ValueError, match="3 agent specs for 2 seats"):
        matrix_study("suikoden", decks, agents=["random"] * 3)


def test_intervals_match_the_published_examples():
    from tabletop.sim.interval import difference, wilson

    assert [round(x, 4) for x in wilson(81, 263)] == [0.308, 0.2553, 0.3662]          # Newcombe 1998a
    assert [round(x, 4) for x in difference(56, 70, 48, 80)] == [0.2, 0.0524, 0.3339]  # Newcombe 1998b


def test_a_failed_plot_keeps_the_counts(tmp_path, capsys, monkeypatch):
    import tabletop.sim.plots as plots

    def broken(*args):
        raise RuntimeError("no ink")

    monkeypatch.setattr(plots, "draw_all", broken)
    out = tmp_path / "out"
    assert main(["matrix", "suikoden", "--decks", "dawn,iron", "--agents", "random", "--games", "10",
                 "--chunk", "10", "--processes", "0", "--quiet", "--out", str(out)]) == 3
    assert "the plots failed (RuntimeError: no ink)" in capsys.readouterr().err
    assert json.loads((out / "summary.json").read_text())["plot_error"] == "RuntimeError: no ink"
    assert all((out / name).is_file() for name in CSVS)
