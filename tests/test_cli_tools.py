"""The explore, why, rule, card and dump commands, and writing positions back out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from dominion_tavern.checker.cli import main
from dominion_tavern.checker.format.dump import dump, loads_back, position_of, to_spec
from dominion_tavern.checker.format.load import find_scenarios, load_scenario
from dominion_tavern.checker.format.writing import scenario_yaml
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.position import build
from dominion_tavern.rulebook.setup import Setup
from dominion_tavern.rulebook.simulate.games import play_game
from helpers import CELLAR_OUTCOMES

CORPUS = Path(__file__).parent.parent / "checker" / "scenarios"
SCENARIOS = find_scenarios([CORPUS]) if CORPUS.is_dir() else []



@pytest.fixture
def cellar(tmp_path):
    p = tmp_path / "cellar.yaml"
    p.write_text(CELLAR_OUTCOMES)
    return p


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


# -- explore -------------------------------------------------------------------------------------
def test_explore_prints_each_outcome(capsys, cellar):
    code, out, _ = run(capsys, "explore", cellar)
    assert code == 0
    assert "4 distinct outcome(s) at the end of the action phase" in out
    assert "players.Ann.hand = [Gold, Gold]" in out
    assert "shortest path: discard: Copper, Estate" in out
    assert "expected outcomes: all found, none unexpected" in out


def test_explore_says_once_which_outcomes_the_players_choices_alone_decide(capsys):
    """Bob's unseen hand under Swamp Hag (chance/swamp-hag-unknown-hand.yaml): buying nothing,
    a Copper, a Curse or an Estate is open to him on every hand, so each is 0 to 1, which tells
    nothing; it is said once, as the desk and the tree say it, and only the ranges that tell
    something are shown on their outcomes (0 to 11/12 for a Silver: 1/12 of his hands hold
    2 Coppers)."""
    code, out, _ = run(capsys, "explore", CORPUS / "chance" / "swamp-hag-unknown-hand.yaml")
    assert code == 0
    assert out.count("4 outcome(s) show no probability: the players' choices alone can make "
                     "each certain or avoid it (0 to 1, 0% to 100%)") == 1
    assert "probability: 0 to 1 (0% to 100%)" not in out
    assert out.count("   probability: ") == 3
    assert "probability: 0 to 11/12 (0% to 91.7%), by the players' choices" in out
    assert out.count("decision lines reaching it") == 7   # every outcome still shows its lines


def test_explore_json_and_a_failed_expectation(capsys, tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text(CELLAR_OUTCOMES.replace("[2 Gold]}\n", "[3 Gold]}\n"))
    code, out, _ = run(capsys, "explore", p, "--json")
    data = json.loads(out)
    assert code == 1 and data["expected"]["ok"] is False
    assert data["expected"]["missing"] == [{"players.Ann.hand": ["Gold", "Gold", "Gold"]}]
    assert len(data["outcomes"]) == 4 and data["decisions"] == 4


def test_explore_without_outcomes_uses_default_fields(capsys, tmp_path):
    p = tmp_path / "s.yaml"
    p.write_text(CELLAR_OUTCOMES.split("outcomes:")[0])
    code, out, _ = run(capsys, "explore", p, "--depth", "1", "--json")
    data = json.loads(out)
    assert code == 0 and "turn.coins" in data["fields"]


def test_explore_truncated_exits_1(capsys, cellar):
    p = cellar.with_name("t.yaml")
    p.write_text(CELLAR_OUTCOMES.split("  expect:")[0])
    code, out, _ = run(capsys, "explore", p, "--max-nodes", "2")
    assert code == 1 and "TRUNCATED" in out


@pytest.mark.parametrize(("text", "message"), [
    ("stop: {at: lunch}", "'lunch' is not one of end-of-turn, end-of-phase"),
    ("fields: [players.Anne.hand]", "did you mean Ann"),
    ("when: 1", "unknown key"),
])
def test_explore_bad_outcomes_section(capsys, tmp_path, text, message):
    p = tmp_path / "s.yaml"
    p.write_text(CELLAR_OUTCOMES.split("outcomes:")[0] + "outcomes:\n  " + text + "\n")
    code, _, err = run(capsys, "explore", p)
    assert code == 2 and message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_explore_missing_file(capsys, tmp_path):
    code, _, err = run(capsys, "explore", tmp_path / "nope.yaml")
    assert code == 2 and "nope.yaml" in err


# -- why -----------------------------------------------------------------------------------------
def test_why_prints_log_and_rule_texts(capsys, cellar):
    code, out, _ = run(capsys, "why", cellar)
    assert code == 0
    assert "Ann plays Cellar from hand [play.action-use]" in out
    assert "play.action-use: Which plays use up an Action" in out


def test_why_json(capsys, cellar):
    code, out, _ = run(capsys, "why", cellar, "--json", "--ruleset", "2015")
    data = json.loads(out)
    assert code == 0 and data["ruleset"] == "2015"
    assert {r["id"] for r in data["rules"]} >= {"play.action-use"}


def test_why_names_the_copies_out_of_the_game(capsys, cellar):
    """Rule game.setup.out-of-game: Ann's hand and deck place 1 Copper and 1 Estate of the 14
    and 6 starting ones (the piles full), so 13 Coppers and 5 Estates are out of the game;
    why says so before the log, cites the rule with its text, and gives the counts in JSON."""
    code, out, _ = run(capsys, "why", cellar)
    assert code == 0
    line = ("Out of the game (rule game.setup.out-of-game): 13 Copper, 5 Estate; copies the "
            "position places nowhere")
    assert line in out and out.index(line) < out.index("Log:")
    assert "game.setup.out-of-game: Copies a position does not place" in out
    code, out, _ = run(capsys, "why", cellar, "--json")
    assert json.loads(out)["out_of_game"] == {"Copper": 13, "Estate": 5}


# -- rule and card -------------------------------------------------------------------------------
def test_rule(capsys):
    code, out, _ = run(capsys, "rule", "turn.cleanup.draw")
    assert code == 0 and out.startswith("turn.cleanup.draw: ") and "source:" in out


def test_rule_with_two_texts(capsys):
    from dominion_tavern.rulebook.rules import RULES
    differs = [r.id for r in RULES.values() if r.text_2015 and r.text_current]
    if not differs:
        pytest.skip("no rule differs between rulesets")
    code, out, _ = run(capsys, "rule", differs[0])
    assert code == 0 and "ruleset 2015:" in out and "ruleset current:" in out


def test_unknown_rule_suggests(capsys):
    code, _, err = run(capsys, "rule", "turn.cleanup.drw")
    assert code == 2 and "nearest: turn.cleanup.draw" in err


def test_rule_search(capsys):
    code, out, _ = run(capsys, "rule", "--search", "SHUFFLE", "discard")
    assert code == 0 and "rule draw.shuffle: " in out and "ruling cellar." in out
    code, out, _ = run(capsys, "rule", "--search", "xyzzy-nothing")
    assert code == 1 and "nothing found for: xyzzy-nothing" in out


def test_card(capsys):
    code, out, _ = run(capsys, "card", "cellar")
    assert code == 0 and out.startswith("Cellar: Action, costs $2")
    assert "cellar.not-self" in out


def test_card_with_errata_and_json(capsys):
    code, out, _ = run(capsys, "card", "Bridge", "Troll", "--json")
    data = json.loads(out)
    assert code == 0 and data["differs"] and data["errata"]
    code, out, _ = run(capsys, "card", "Bridge Troll")
    assert "text (2015):" in out and "text (current):" in out and "errata" in out


def test_card_shows_every_named_text(capsys):
    """Outpost's three printed texts, each with its year, the ruleset that uses it (none for
    2022) and its source; ``--json`` gives them as ``named_texts``."""
    code, out, _ = run(capsys, "card", "Outpost")
    assert code == 0
    assert "  text 2009 (used by ruleset 2015):\n    You only draw 3 cards (instead of 5)" in out
    assert "  text 2022 (used by no ruleset):\n    If this is the first time you played" in out
    assert "  text 2023 (used by ruleset current):\n    You only draw 3 cards for your next" in out
    assert "source: Seaside 2nd edition (2022)" in out and "text (2015):" not in out
    code, out, _ = run(capsys, "card", "Outpost", "--json")
    named = json.loads(out)["named_texts"]
    assert [(t["id"], t["rulesets"]) for t in named] == \
        [("2009", ["2015"]), ("2022", []), ("2023", ["current"])]


def test_card_lists_scenarios(capsys):
    if not any(p.stem == "throne-room-smithy" for p in SCENARIOS):
        pytest.skip("corpus scenario not present")
    code, out, _ = run(capsys, "card", "Throne Room")
    assert code == 0 and "throne-room-smithy" in out


def test_unknown_card_suggests(capsys):
    code, _, err = run(capsys, "card", "throne rom")
    assert code == 2 and "did you mean Throne Room" in err


# -- dump ----------------------------------------------------------------------------------------
def test_dump_command_round_trip(capsys, cellar, tmp_path):
    out_file = tmp_path / "d.yaml"
    code, _, err = run(capsys, "dump", cellar, "-o", out_file)
    assert code == 0 and "wrote" in err
    scn = load_scenario(out_file)
    assert scn.meta["title"].startswith("Position dumped from cellar-outcomes")
    code, out, _ = run(capsys, "check", out_file)
    # a dumped position claims nothing: it runs, and is never counted as passed (exit 4)
    assert code == 4 and out.startswith("NO CLAIM ")
    assert "0 passed, 0 failed, 1 with no claim" in out


def test_dump_names_the_copies_out_of_the_game(capsys, cellar, tmp_path):
    """Rule game.setup.out-of-game: the dumped file says which copies its position leaves out
    of the game, cites the rule, and its setup loads back to the same copies."""
    out_file = tmp_path / "d.yaml"
    assert run(capsys, "dump", cellar, "-o", out_file)[0] == 0
    scn = load_scenario(out_file)
    assert scn.meta["rules"] == ["game.setup.out-of-game"]
    assert "13 Copper, 5 Estate" in scn.meta["notes"]
    assert scn.game().state.out_of_game == {"Copper": 13, "Estate": 5}


def test_dump_command_answers_out_of_range(capsys, cellar):
    code, _, err = run(capsys, "dump", cellar, "--answers", "9")
    assert code == 2 and "--answers must be between 0 and 1" in err


def _script_game(scn):
    """The game after the script, its policies answering theirs, up to a chance step the
    script leaves open (its branches are the explorer's)."""
    return scn.script_game()


def _check_round_trip(g: Game, tmp_path: Path | None = None) -> None:
    """The dump loads back to ``g``'s position; written to a file, it passes the loader's
    checks (no pile over-full, every card in the game) and loads to the same position."""
    d = dump(g)
    h = Game(lambda: build(d.setup))
    for a in d.script:
        h.answer(a)
    assert position_of(h) == position_of(g)
    if tmp_path is not None:
        meta = {"id": "dumped", "question": "Does the dump load?"}
        path = tmp_path / "dumped.yaml"
        path.write_text(scenario_yaml({"meta": meta, "setup": d.setup, "script": d.script}))
        scn = load_scenario(path)
        f = scn.game()
        for a in scn.script:
            f.answer(a)
        assert position_of(f) == position_of(g)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_corpus_positions_round_trip(path, tmp_path):
    """Every corpus position writes out and loads back, Gear's set-aside cards included."""
    g = _script_game(load_scenario(path))
    _check_round_trip(g, tmp_path)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bot_game_positions_round_trip(seed):
    full, _ = play_game(Setup(kingdom="first-game", players=["P1-big-money", "P2-random"],
                              seed=seed), ["big-money", "random"], seed)
    answers = full.answers
    for n in sorted({5, 17, 40, len(answers) // 2, len(answers) - 3}):
        g = full.branch(answers[:n])
        _check_round_trip(g)
        if g.pending is not None and g.pending.kind in ("action", "buy"):
            spec = to_spec(g)
            assert loads_back(spec, g)


SAYS_MORE = """\
meta: {id: says-more, question: "Ann's Mission turn, Gear holding two cards"}
setup:
  kingdom: [Gear, Coin of the Realm, Haunted Woods]
  events: [Mission]
  players:
    - name: Ann
      hand: [Copper]
      play:
        - {card: Gear, aside: [Gold, Silver]}
        - {card: Coin of the Realm, called: true}
        - {card: Haunted Woods, unaffected: [Bob]}
      deck: [5 Copper]
    - name: Bob
    - name: Cid
  turn: {player: Ann, number: 4, phase: buy, extra: Mission}
"""


def test_dump_writes_what_a_setup_can_say(capsys, tmp_path):
    """Gear's set-aside cards stay with Gear, a called card stays called, the spared player
    stays spared, the extra turn stays an extra turn, and no pile count is written that the
    placed cards already imply."""
    src = tmp_path / "src.yaml"
    src.write_text(SAYS_MORE)
    out_file = tmp_path / "d.yaml"
    code, _, err = run(capsys, "dump", src, "-o", out_file)
    assert code == 0, err
    text = out_file.read_text()
    for piece in ("{card: Gear, aside: [Gold, Silver]}", "{card: Coin of the Realm, called: "
                  "true}", "{card: Haunted Woods, unaffected: [Bob]}",
                  "extra: Mission"):
        assert piece in text, text
    assert "piles" not in text and "previous" not in text
    original, dumped = load_scenario(src).game(), load_scenario(out_file).game()
    assert position_of(dumped) == position_of(original)
    assert position_of(dumped)["effects"] != [[], []]


def test_a_previous_turn_that_is_not_the_default_is_written(tmp_path):
    spec = {"players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cid"}],
            "turn": {"player": "Cid", "number": 5, "phase": "action", "previous": "Ann"}}
    g = Game(lambda: build(spec))
    assert to_spec(g)["turn"]["previous"] == "Ann"
    _check_round_trip(g, tmp_path)
