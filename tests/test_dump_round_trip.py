"""``tavern dump`` round trips: a seeded game's position written with the cards' actual order
(``dump(..., actual=True)``, ``tavern dump --order actual``) loads back through the scenario
loader and, given the same answers, continues the same game, log line for line; the form as
the players know it (unknown order) shuffles anew."""

from __future__ import annotations

import random

import pytest
from dominion_tavern.checker.cli import main
from dominion_tavern.checker.format.dump import DumpError, dump
from dominion_tavern.checker.format.load import load_scenario_text
from dominion_tavern.checker.format.writing import scenario_yaml
from dominion_tavern.rulebook.engine.decisions import IllegalAnswer
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.position import build
from dominion_tavern.rulebook.setup import Setup
from dominion_tavern.rulebook.simulate.games import play_game, random_kingdoms

#: Answers given after the dumped point (a bot game has a few hundred).
AFTER = 80


def continues_alike(seed: int, actual: bool) -> bool:
    """A bot game of ``seed`` dumped at a random answer and loaded back: do the original and
    the loaded game give the same log from the dumped point on, after the same answers?"""
    kingdom = random_kingdoms(1, seed)[0] if seed % 2 else "first-game"
    g, _ = play_game(Setup(kingdom=kingdom, players=["Ann", "Bob"], seed=seed),
                     ["big-money", "random"], seed)
    k = random.Random(seed).randrange(1, len(g.answers) - 1)
    rest = g.answers[k:k + AFTER]
    h = Game(g.factory)
    for a in g.answers[:k]:
        h.answer(a)
    d = dump(h, actual=actual)
    before = h.log.text().splitlines()
    for a in rest:
        h.answer(a)
    text = scenario_yaml({"meta": {"id": f"dump-{seed}", "question": "q"}, "setup": d.setup})
    loaded = load_scenario_text(text, "dump.yaml").game()
    try:
        for a in [*d.script, *rest]:
            loaded.answer(a)
    except IllegalAnswer:  # the game went otherwise
        return False
    after = len(h.log.text().splitlines()) - len(before)  # the lines the answers added
    new = loaded.log.text().splitlines()
    return new[len(new) - after:] == h.log.text().splitlines()[len(before):] and \
        len(new) >= after > 0


def test_50_random_mid_game_positions_continue_the_same_game():
    assert [seed for seed in range(1, 51) if not continues_alike(seed, True)] == []


def test_the_form_as_the_players_know_it_shuffles_anew():
    """Without the actual order a later shuffle (or draw from a group) differs: this is what
    the test above would catch if the order were not written."""
    assert len([seed for seed in range(1, 11) if not continues_alike(seed, False)]) >= 5


def test_the_actual_order_needs_a_seed(tmp_path, capsys):
    g = Game(lambda: build({"kingdom": ["Village"], "turn": {"phase": "action"}, "players": [
        {"name": "Ann", "deck": {"unknown": ["3 Copper"]}}, {"name": "Bob"}]}))
    with pytest.raises(DumpError, match="the actual order is a seeded game's"):
        dump(g, actual=True)
    bad = tmp_path / "bad.yaml"
    bad.write_text("meta: {id: b, question: q}\nsetup:\n  seed_draws: 3\n  players:\n"
                   "    - {name: Ann, actual: {deck: [Copper]}}\n")
    assert main(["check", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "setup.seed_draws: only a seeded game (setup.seed) has an actual order" in err
    assert "setup.players[0].actual: only a seeded game" in err


def test_tavern_dump_order_actual_writes_the_order_and_loads_back(tmp_path, capsys):
    scn = tmp_path / "seeded.yaml"
    scn.write_text("meta: {id: seeded, question: q}\nsetup:\n  seed: 7\n  kingdom: [Laboratory]\n"
                   "  players:\n    - {name: Ann, hand: [Laboratory],"
                   " deck: {unknown: [3 Copper, 2 Estate]}}\n    - {name: Bob}\n"
                   "  turn: {player: Ann, phase: action}\nscript: [play Laboratory]\n")
    assert main(["dump", str(scn), "--order", "actual", "-o", str(tmp_path / "out.yaml")]) == 0
    text = (tmp_path / "out.yaml").read_text()
    assert "seed_draws:" in text and "actual:" in text and "unknown:" in text
    original = load_scenario_text(scn.read_text(), "seeded.yaml").game()
    original.answer("play Laboratory")
    loaded = load_scenario_text(text, "out.yaml").game()
    assert [c.name for c in loaded.player("Ann").deck.cards] == \
        [c.name for c in original.player("Ann").deck.cards]
    assert loaded.state.rng.getstate() == original.state.rng.getstate()
    capsys.readouterr()


def test_tavern_dump_writes_the_named_texts_back(tmp_path, capsys):
    """A scenario playing by Outpost's 2022 text, dumped after Outpost's extra turn has begun
    (the Outpost there, played on an extra turn, does nothing under that text): the written
    file names the text, and loads back to a game that plays by it (5 cards, Bob next)."""
    src = "checker/scenarios/turns/outpost-2022-extra-turn-three-cards.yaml"
    out = tmp_path / "out.yaml"
    assert main(["dump", src, "-o", str(out)]) == 0
    text = out.read_text()
    assert "texts:\n    Outpost: '2022'\n" in text
    g = load_scenario_text(text.replace("hand: [3 Silver]", "hand: [3 Silver, Outpost]")
                           .replace("phase: buy", "phase: action"), "out.yaml").game()
    assert g.state.texts == {"Outpost": "2022"} and g.state.turn.extra
    g.answer("play Outpost")
    g.answer("end Buy phase")
    assert g.state.turn.player.name == "Bob" and len(g.player("Ann").hand.cards) == 5
    capsys.readouterr()
