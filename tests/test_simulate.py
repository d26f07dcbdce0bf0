"""Bots and `tavern simulate` / `tavern example` (issue: engine core)."""

from __future__ import annotations

import json

from dominion_tavern.checker.cli import main
from dominion_tavern.rulebook.rules import RULES
from dominion_tavern.rulebook.setup import Setup
from dominion_tavern.rulebook.simulate import play_game, simulate


def test_big_money_beats_random():
    report = simulate(["big-money", "random"], 20, 5, "first-game")
    summary = report.summary()
    assert summary["wins"] == {"P1-big-money": 20.0, "P2-random": 0.0}
    assert summary["unfinished"] == 0


def test_same_seed_same_games():
    a = simulate(["random", "random"], 3, 11, "first-game")
    b = simulate(["random", "random"], 3, 11, "first-game")
    assert [vars(r) for r in a.games] == [vars(r) for r in b.games]


def test_wins_add_up_to_games_with_ties_shared():
    report = simulate(["big-money", "big-money"], 30, 1, "first-game")
    assert sum(report.summary()["wins"].values()) == 30


def test_simulate_json(capsys):
    assert main(["simulate", "--bots", "big-money,random", "--games", "3", "--seed", "2",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 3 and len(out["results"]) == 3
    assert set(out["wins"]) == {"P1-big-money", "P2-random"}
    assert out["games_per_second"] > 0


def test_simulate_errors_are_one_line(capsys):
    assert main(["simulate", "--seed", "x"]) == 2
    assert "--seed must be an integer" in capsys.readouterr().err
    assert main(["simulate", "--kingdom", "Village,Smithy"]) == 2
    assert "10 distinct Kingdom cards" in capsys.readouterr().err
    assert main(["simulate", "--kingdom", "Village,Smithy", "--any-kingdom", "--games",
                 "2"]) == 0
    capsys.readouterr()
    assert main(["simulate", "--bots", "big-money,genius"]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err


def test_example_prints_a_whole_game_with_rules(capsys):
    assert main(["example", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    lines = [ln for ln in out.splitlines() if ln.endswith("]")]
    assert lines and all(ln.rsplit("[", 1)[1].rstrip("]") in RULES for ln in lines)
    assert "Game over:" in out


def test_bot_games_replay_to_the_same_log():
    setup = Setup(kingdom="first-game", players=["Ann", "Bob"], seed=9)
    g, result = play_game(setup, ["big-money", "random"], 9)
    assert result.finished
    assert g.branch().log.text() == g.log.text()
