"""The scenario loader: good files load; each kind of bad file gets a located, clear message."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from dominion_tavern.checker.format import pure_validator, schema_errors
from dominion_tavern.checker.format.load import Problem, ScenarioError, load_scenario
from dominion_tavern.checker.format.schema_errors import schema
from dominion_tavern.rulebook.carddata import RULESETS
from dominion_tavern.rulebook.engine.state import PILE_TOKENS
from dominion_tavern.rulebook.engine.turn import PHASES

GOOD = """\
meta:
  id: ok
  question: "Does it load?"
setup:
  kingdom: [Witch, Moat]
  players:
    - name: Ann
      hand: [Witch, 4 Copper]
      deck: [Gold]
    - name: Bob
      hand: [Moat]
  turn: {player: Ann, phase: action}
script:
  - play Witch
expect:
  piles: {Curse: 9}
"""


def _pure(monkeypatch: pytest.MonkeyPatch) -> None:
    """Check with the pure-Python validator the browser uses (jsonschema_rs has no build
    there)."""
    monkeypatch.setattr(schema_errors, "_validator",
                        lambda: pure_validator.Draft202012Validator(schema()))


@pytest.fixture(autouse=True, params=["jsonschema_rs", "jsonschema"])
def validator(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test here runs with both validators: the messages must not depend on which."""
    if request.param == "jsonschema":
        _pure(monkeypatch)
    return request.param


def write(tmp_path: Path, text: str, name: str = "scn.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), "utf-8")
    return path


def problems(tmp_path: Path, text: str) -> list[Problem]:
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    for p in info.value.problems:
        assert p.file == str(path)
        assert str(p).startswith(f"{path}:{p.line}:{p.column}: ")
    return info.value.problems


def test_good_file_loads(tmp_path):
    scn = load_scenario(write(tmp_path, GOOD))
    assert scn.id == "ok" and scn.ruleset == "current" and scn.script == ["play Witch"]
    assert scn.setup["players"][0]["hand"] == ["Witch", "4 Copper"]
    g = scn.game()
    assert g.legal() == ["play Witch", "end Action phase"]
    assert scn.game("2015").ruleset == "2015"
    assert scn.factory()()[0] is not scn.factory()()[0]  # a fresh state every call


def test_unquoted_2015_ruleset(tmp_path):
    scn = load_scenario(write(tmp_path, GOOD.replace("  id: ok\n", "  id: ok\n  ruleset: 2015\n")))
    assert scn.ruleset == "2015" and scn.game().ruleset == "2015"


def test_schema_is_valid_and_matches_engine():
    import jsonschema_rs

    jsonschema_rs.meta.validate(schema())  # a valid draft 2020-12 schema
    defs = schema()["$defs"]
    assert tuple(defs["ruleset"]["enum"]) == RULESETS
    assert tuple(defs["phase"]["enum"]) == PHASES
    assert tuple(defs["token"]["enum"]) == PILE_TOKENS
    json.dumps(schema())


# (name, file text, line, column, words the message must contain)
BAD = [
    ("empty", "", 1, 1, ["empty", "meta, setup, script, stop, expect, outcomes"]),
    ("only-comment", "# nothing\n", 1, 1, ["empty"]),
    ("a-list", "- a\n- b\n", 1, 1, ["one mapping", "not a list"]),
    ("a-string", "hello\n", 1, 1, ["one mapping", "not a string"]),
    ("yaml-syntax", "meta:\n  id: [a, b\nsetup: {}\n", 3, 6, ["YAML syntax error"]),
    ("bad-indent", "meta:\n  id: x\n question: q\n", 3, 2, ["YAML syntax error"]),
    ("duplicate-key", "meta: {id: x, question: q}\nsetup: {}\nsetup: {}\n", 3, 1,
     ["YAML syntax error", "duplicate key"]),
    ("python-tag", "meta: !!python/object:os.system {id: x}\nsetup: {}\n", 1, 7,
     ["tag", "not allowed"]),
    ("custom-tag", "meta: {id: x, question: q}\nsetup: {kingdom: !card [Witch]}\n", 2, 18,
     ["'!card'", "not allowed"]),
    ("unknown-top-key", GOOD + "expected: {}\n", 17, 1,
     ["unknown key 'expected'", "did you mean expect", "valid keys: meta, setup"]),
    ("missing-setup", "meta: {id: x, question: q}\n", 1, 1,
     ["'setup' is missing", "required: meta, setup"]),
    ("missing-question", "meta: {id: x}\nsetup: {}\n", 1, 7,
     ["meta", "'question' is missing"]),
    ("bad-id", GOOD.replace("id: ok", "id: Not OK"), 2, 7,
     ["meta.id", "'Not OK'", "lower-case letters"]),
    ("unknown-meta-key", GOOD.replace("  id: ok\n", "  id: ok\n  auther: me\n"), 3, 3,
     ["unknown key 'auther' in meta", "valid keys: id, title, question"]),
    ("bad-ruleset", GOOD.replace("  id: ok\n", "  id: ok\n  ruleset: 2020\n"), 3, 12,
     ["meta.ruleset", "2020", "not one of 2015, current"]),
    ("unknown-rule-id", GOOD.replace("  id: ok\n", "  id: ok\n  rules: [attack.reactoin]\n"),
     3, 11, ["unknown rule id 'attack.reactoin'", "attack.reaction"]),
    ("unknown-ruling-id", GOOD.replace("  id: ok\n", "  id: ok\n  rulings: [moat.nope]\n"),
     3, 13, ["unknown ruling id 'moat.nope'", "rulings.toml"]),
    ("sources-not-list", GOOD.replace("  id: ok\n", "  id: ok\n  sources: FAQ\n"), 3, 12,
     ["meta.sources", "expected a list, not a string"]),
    ("misspelt-kingdom-card", GOOD.replace("[Witch, Moat]", "[Wicth, Moat]"), 5, 13,
     ["setup.kingdom[0]", "unknown card 'Wicth'", "did you mean Witch"]),
    ("lower-case-card", GOOD.replace("hand: [Moat]", "hand: [moat]"), 11, 14,
     ["unknown card 'moat'", "did you mean Moat"]),
    ("misspelt-hand-card", GOOD.replace("4 Copper", "4 Coper"), 8, 21,
     ["setup.players[0].hand[1]", "'Coper'", "Copper"]),
    ("event-as-card", GOOD.replace("deck: [Gold]", "deck: [Alms]"), 9, 14,
     ["Alms is an Event", "setup.events"]),
    ("unknown-event", GOOD.replace("  kingdom: [Witch, Moat]\n",
                                   "  kingdom: [Witch, Moat]\n  events: [Pilgrimmage]\n"),
     6, 12, ["unknown Event 'Pilgrimmage'", "Pilgrimage"]),
    ("card-not-in-kingdom", GOOD.replace("deck: [Gold]", "deck: [Smithy]"), 9, 14,
     ["Smithy is not in this game", "put it in the Kingdom", "Kingdom: Witch, Moat"]),
    ("pile-too-big", GOOD.replace("  kingdom: [Witch, Moat]\n",
                                  "  kingdom: [Witch, Moat]\n  piles: {Curse: 11}\n"),
     6, 18, ["setup.piles.Curse", "11 is more than the Curse pile holds", "10 with 2 players"]),
    ("too-many-copies", GOOD.replace("  kingdom: [Witch, Moat]\n",
                                     "  kingdom: [Witch, Moat]\n  piles: {Witch: 10}\n"),
     6, 18, ["setup.piles.Witch", "10 in the Witch pile plus 1", "Ann's hand", "10 copies"]),
    ("pile-not-in-game", GOOD.replace("  kingdom: [Witch, Moat]\n",
                                      "  kingdom: [Witch, Moat]\n  piles: {Smithy: 0}\n"),
     6, 11, ["Smithy is not a pile in this game", "piles: Copper"]),
    ("unknown-pile-card", GOOD.replace("  kingdom: [Witch, Moat]\n",
                                       "  kingdom: [Witch, Moat]\n  piles: {Curses: 0}\n"),
     6, 11, ["unknown pile 'Curses'", "Curse"]),
    ("negative-pile", GOOD.replace("  kingdom: [Witch, Moat]\n",
                                   "  kingdom: [Witch, Moat]\n  piles: {Curse: -1}\n"),
     6, 18, ["setup.piles.Curse", "-1 is below the minimum, 0"]),
    ("pile-count-text", GOOD.replace("  kingdom: [Witch, Moat]\n",
                                     "  kingdom: [Witch, Moat]\n  piles: {Curse: ten}\n"),
     6, 18, ["setup.piles.Curse", "expected an integer, not a string"]),
    ("turn-player-unknown", GOOD.replace("player: Ann,", "player: Cid,"), 12, 18,
     ["setup.turn.player", "no player named 'Cid'", "players: Ann, Bob"]),
    ("bad-phase", GOOD.replace("phase: action", "phase: actoin"), 12, 30,
     ["setup.turn.phase", "'actoin'", "start, action, buy, night, cleanup", "did you mean action"]),
    ("unknown-turn-key", GOOD.replace("phase: action}", "phase: action, coin: 3}"), 12, 38,
     ["unknown key 'coin' in setup.turn", "did you mean coins"]),
    ("duplicate-player", GOOD.replace("- name: Bob", "- name: Ann"), 10, 13,
     ["setup.players[1].name", "'Ann' is already the name of players[0]"]),
    ("player-without-name", GOOD.replace("    - name: Bob\n      hand: [Moat]\n",
                                         "    - hand: [Moat]\n"), 10, 7,
     ["setup.players[1]", "'name' is missing"]),
    ("unknown-player-key", GOOD.replace("      deck: [Gold]\n",
                                        "      deck: [Gold]\n      hnd: [Gold]\n"), 10, 7,
     ["unknown key 'hnd' in setup.players[0]", "did you mean hand", "valid keys: name, hand"]),
    ("too-many-players", GOOD.replace("    - name: Bob\n", "".join(
        f"    - name: P{i}\n" for i in range(6)) + "    - name: Bob\n"), 7, 5,
     ["setup.players", "8 entries", "1 to 6"]),
    ("hand-not-list", GOOD.replace("hand: [Moat]", "hand: Moat"), 11, 13,
     ["setup.players[1].hand", "a string ('Moat') is not valid here; expected card names"]),
    ("zone-item-number", GOOD.replace("deck: [Gold]", "deck: [3]"), 9, 14,
     ["setup.players[0].deck[0]", "an integer (3) is not valid here",
      "a card name", "mapping with a 'card' key"]),
    ("zone-item-mapping-without-card", GOOD.replace("deck: [Gold]", "deck: [{name: Gold}]"),
     9, 14, ["deck[0]", "'card' is missing"]),
    ("bad-token", GOOD.replace("      deck: [Gold]\n",
                               "      deck: [Gold]\n      tokens: {'+1 Cards': Witch}\n"),
     10, 16, ["unknown token '+1 Cards'", "did you mean +1 Card", "tokens: +1 Card, +1 Action"]),
    ("token-not-on-supply", GOOD.replace("      deck: [Gold]\n",
                                         "      deck: [Gold]\n      tokens: {'+1 Card': Smithy}\n"),
     10, 27, ["+1 Card token must sit on a Supply pile", "'Smithy'"]),
    ("bad-journey", GOOD.replace("      deck: [Gold]\n",
                                 "      deck: [Gold]\n      journey: sideways\n"), 10, 16,
     ["journey", "'sideways'", "not one of up, down"]),
    ("vp-tokens-text", GOOD.replace("      deck: [Gold]\n",
                                    "      deck: [Gold]\n      vp_tokens: many\n"), 10, 18,
     ["vp_tokens", "expected an integer"]),
    ("script-not-list", GOOD.replace("script:\n  - play Witch\n", "script: play Witch\n"),
     13, 9, ["script", "expected a list"]),
    ("script-entry-number", GOOD.replace("  - play Witch\n", "  - play Witch\n  - 3\n"),
     15, 5, ["script[1]", "an integer (3) is not valid here", "expected an answer"]),
    ("script-entry-mapping", GOOD.replace("  - play Witch\n",
                                          "  - play Witch\n  - discard: Estate, Copper\n"),
     15, 5, ["script[1]", "not a mapping", "write it quoted", '"discard: Estate, Copper"']),
    ("unknown-expect-key", GOOD + "  pile: {}\n", 17, 3,
     ["unknown key 'pile' in expect", "did you mean piles"]),
    ("expect-unknown-player", GOOD + "  players: {Cid: {hand: []}}\n", 17, 13,
     ["expect.players.Cid", "no player named 'Cid'"]),
    ("expect-zone-typo", GOOD + "  players: {Bob: {hnad: []}}\n", 17, 19,
     ["unknown key 'hnad' in expect.players.Bob", "did you mean hand"]),
    ("expect-zone-spec-typo", GOOD + "  trash: {in_ordr: [Copper]}\n", 17, 11,
     ["unknown key 'in_ordr' in expect.trash", "did you mean in_order", "includes, count"]),
    ("expect-misspelt-card", GOOD + "  trash: [Copperr]\n", 17, 11,
     ["expect.trash[0]", "unknown card 'Copperr'", "Copper"]),
    ("count-after-the-name", GOOD.replace("deck: [Gold]", "deck: [Gold x4]"), 9, 14,
     ["setup.players[0].deck[0]", "unknown card 'Gold x4'",
      "a count goes before the name: '4 Gold'"]),
    ("expect-pile-not-in-game", GOOD.replace("{Curse: 9}", "{Curse: 9, Smithy: 10}"), 16, 21,
     ["expect.piles: Smithy is not a pile in this game"]),
    ("expect-bad-phase", GOOD + "  turn: {phase: bye}\n", 17, 17,
     ["expect.turn.phase", "'bye'", "start, action, buy, night, cleanup"]),
    ("expect-log-cites-unknown", GOOD + "  log_cites: [attack.moat]\n", 17, 15,
     ["expect.log_cites[0]", "unknown rule id 'attack.moat'"]),
    ("expect-pending-typo", GOOD + "  pending: {option: [x]}\n", 17, 13,
     ["unknown key 'option' in expect.pending", "did you mean options"]),
    ("expect-game-over-text", GOOD + "  game_over: maybe\n", 17, 14,
     ["expect.game_over", "expected true or false, not a string"]),
    ("kingdom-basic-card", GOOD.replace("[Witch, Moat]", "[Witch, Moat, Gold]"), 5, 26,
     ["setup.kingdom[2]", "Gold is a basic card", "leave it out of the Kingdom"]),
    ("kingdom-traveller-upgrade", GOOD.replace("[Witch, Moat]", "[Witch, Soldier]"), 5, 20,
     ["setup.kingdom[1]", "Soldier is not a Kingdom card", "comes with Peasant",
      "put Peasant in the Kingdom"]),
    ("kingdom-twice", GOOD.replace("[Witch, Moat]", "[Witch, Moat, Witch]"), 5, 26,
     ["setup.kingdom[2]", "Witch is named twice (also at [0])"]),
    ("upgrade-not-in-game", GOOD.replace("deck: [Gold]", "deck: [Soldier]"), 9, 14,
     ["Soldier is not in this game", "its pile comes with Peasant; put Peasant in the Kingdom"]),
    ("twelve-provinces", GOOD.replace("deck: [Gold]", "deck: [12 Province]"), 9, 14,
     ["setup.players[0].deck[0]", "12 copies of Province", "more than the 8 a 2-player game"]),
    ("estates-beyond-the-game", GOOD.replace("hand: [Moat]", "hand: [Moat, 9 Estate]")
     .replace("deck: [Gold]", "deck: [6 Estate]"), 11, 20,
     ["setup.players[1].hand[1]", "15 copies of Estate", "more than the 14"]),
    ("called-and-earlier", GOOD.replace("      deck: [Gold]\n", "      deck: [Gold]\n      play: "
     "[{card: Coin of the Realm, called: true, earlier: true}]\n").replace(
         "[Witch, Moat]", "[Witch, Moat, Coin of the Realm]"), 10, 48,
     ["setup.players[0].play[0]", "called from the Tavern mat", "no earlier"]),
    ("called-not-reserve", GOOD.replace("      deck: [Gold]\n", "      deck: [Gold]\n      play: "
     "[{card: Moat, called: true}]\n"), 10, 35, ["Moat is not a Reserve card"]),
    ("play-entry-typo", GOOD.replace("      deck: [Gold]\n", "      deck: [Gold]\n      play: "
     "[{card: Moat, erlier: true}]\n"), 10, 27,
     ["unknown key 'erlier' in setup.players[0].play[0]", "did you mean earlier"]),
    ("unaffected-unknown-player", GOOD.replace("      deck: [Gold]\n", "      deck: [Gold]\n"
     "      play: [{card: Witch, unaffected: [Cid]}]\n"), 10, 41,
     ["setup.players[0].play[0].unaffected[0]", "no player named 'Cid'"]),
    ("previous-unknown", GOOD.replace("phase: action}", "phase: action, number: 3, previous: "
     "Cid}"), 12, 59, ["setup.turn.previous", "no player named 'Cid'"]),
    ("extra-on-turn-one", GOOD.replace("phase: action}", "phase: action, extra: Mission}"), 12,
     45, ["setup.turn.extra", "comes after another turn"]),
    ("extra-bad-value", GOOD.replace("phase: action}", "phase: action, number: 2, extra: "
     "Outpost}"), 12, 56, ["setup.turn.extra", "'Outpost' is not one of true, false, Mission"]),
    ("previous-on-turn-one", GOOD.replace("phase: action}", "phase: action, previous: Bob}"),
     12, 48, ["setup.turn.previous", "turn 1 has no previous turn"]),
    ("stop-unknown-point", GOOD + "stop: {at: lunch}\n", 17, 12,
     ["stop.at", "'lunch' is not one of next-decision, end-of-phase, end-of-turn"]),
    ("stop-phase-with-end-of-turn", GOOD + "stop: {at: end-of-turn, phase: buy}\n", 17, 25,
     ["stop.phase: only 'at: end-of-phase' takes a phase"]),
    ("checkpoint-typo", GOOD.replace("  - play Witch\n", "  - play Witch\n  - {expect: {pile: "
     "{}}}\n"), 15, 15, ["unknown key 'pile' in script[1].expect", "did you mean piles"]),
    ("checkpoint-unknown-player", GOOD.replace("  - play Witch\n", "  - play Witch\n  - expect: "
     "{vp: {Cid: 1}}\n"), 15, 19, ["script[1].expect.vp.Cid", "no player named 'Cid'"]),
    ("checkpoint-key", GOOD.replace("  - play Witch\n", "  - play Witch\n  - {expect: {}, "
     "when: 2}\n"), 15, 18, ["unknown key 'when' in script[1]", "valid keys: expect, stop"]),
    ("outcomes-stop-both", GOOD + "outcomes:\n  stop: {at: end-of-turn, decisions: 2}\n", 18, 9,
     ["outcomes.stop.decisions", "no 'at'"]),
    ("outcomes-unknown-key", GOOD + "outcomes: {feilds: [trash]}\n", 17, 12,
     ["unknown key 'feilds' in outcomes", "did you mean fields"]),
    ("expect-cost-unknown-card", GOOD + "  costs: {Provence: 8}\n", 17, 11,
     ["expect.costs.Provence", "unknown card 'Provence'", "Province"]),
    # ruling inheritance.no-duration-current (the wiki's List of cards: Inheritance's text)
    ("estate-token-on-duration-current", GOOD.replace("[Witch, Moat]", "[Witch, Moat, Caravan "
     "Guard]\n  events: [Inheritance]").replace("      deck: [Gold]\n", "      deck: [Gold]\n"
     "      estate_token: Caravan Guard\n"), 11, 21,
     ["setup.players[0].estate_token", "Caravan Guard is a Duration card",
      '"non-Command non-Duration Action card"', "use ruleset 2015"]),
    ("ruleset-conflict", GOOD.replace("  id: ok\n", "  id: ok\n  ruleset: '2015'\n").replace(
        "  kingdom: [Witch, Moat]\n", "  kingdom: [Witch, Moat]\n  ruleset: current\n"), 7, 12,
     ["setup.ruleset", "contradicts meta.ruleset"]),
]


@pytest.mark.parametrize(("text", "line", "col", "words"),
                         [c[1:] for c in BAD], ids=[c[0] for c in BAD])
def test_bad_file(tmp_path, text, line, col, words):
    found = problems(tmp_path, text)
    hits = [p for p in found if all(w in p.message for w in words)]
    assert hits, f"no message with {words}: {[str(p) for p in found]}"
    assert (hits[0].line, hits[0].column) == (line, col), str(hits[0])


def test_bad_kinds_are_many():
    assert len({c[0] for c in BAD}) >= 30


def test_all_problems_are_reported(tmp_path):
    text = GOOD.replace("[Witch, Moat]", "[Wicth, Moat]").replace("phase: action",
                                                                  "phase: actoin")
    text = text.replace("  id: ok\n", "  id: ok\n  colour: red\n") + "  log_cites: [nope]\n"
    found = problems(tmp_path, text)
    assert len(found) == 4, [str(p) for p in found]
    assert [p.line for p in found] == sorted(p.line for p in found)


def test_three_schema_problems_are_all_reported(tmp_path):
    """Some pure-Python validators stop at the first error; the loader lists every one."""
    text = GOOD.replace("  id: ok\n", "  id: ok\n  colour: red\n").replace(
        "phase: action", "phase: 3").replace("piles: {Curse: 9}", "piles: {Curse: -1}")
    found = [p.message for p in problems(tmp_path, text)]
    assert len(found) == 3, found
    assert "unknown key 'colour' in meta" in found[0]
    assert found[1].startswith("setup.turn.phase: 3 is not one of")
    assert found[2] == "expect.piles.Curse: -1 is below the minimum, 0"


@pytest.mark.parametrize("text", [c[1] for c in BAD], ids=[c[0] for c in BAD])
def test_the_browser_validator_words_problems_the_same(tmp_path, monkeypatch, validator, text):
    if validator != "jsonschema_rs":
        pytest.skip("compares the two validators once")
    compiled = [str(p) for p in problems(tmp_path, text)]
    _pure(monkeypatch)
    assert [str(p) for p in problems(tmp_path, text)] == compiled


def test_unreadable_file(tmp_path):
    path = tmp_path / "bin.yaml"
    path.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(ScenarioError, match="not UTF-8"):
        load_scenario(path)
    with pytest.raises(ScenarioError, match="cannot read"):
        load_scenario(tmp_path / "missing.yaml")


def _alias_bomb(levels: int = 9) -> str:
    """'Billion laughs': each level is ten aliases of the one before (10**levels values)."""
    lines = ["lol0: &lol0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, levels + 1):
        lines.append(f"lol{i}: &lol{i} [" + ", ".join([f"*lol{i - 1}"] * 10) + "]")
    return "\n".join(lines) + f"\nmeta: {{id: x, question: *lol{levels}}}\nsetup: {{}}\n"


@pytest.mark.parametrize("text", [_alias_bomb(), _alias_bomb().replace("lol: &lol0", "a")
                                  + "\nexpect: {trash: [x, x]}\nexpect: {}\n"],
                         ids=["valid-yaml", "with-a-duplicate-key"])
def test_alias_bomb_is_refused_before_it_expands(tmp_path, text):
    found = problems(tmp_path, text)
    assert len(found) == 1 and (found[0].line, found[0].column) == (1, 1)
    assert "aliases (*name) expand to more than 20,000 values" in found[0].message


def test_alias_inside_its_own_anchor_is_refused(tmp_path):
    found = problems(tmp_path, "meta: &m {id: x, question: q, notes: *m}\nsetup: {}\n")
    assert len(found) == 1 and "without end" in found[0].message


def test_a_few_aliases_are_fine(tmp_path):
    text = GOOD.replace("hand: [Witch, 4 Copper]", "hand: &hand [Witch, 4 Copper]")
    text += "  players: {Ann: {hand: *hand}}\n"
    scn = load_scenario(write(tmp_path, text))
    assert scn.expect["players"]["Ann"]["hand"] == ["Witch", "4 Copper"]


def test_error_list_is_capped(tmp_path):
    from dominion_tavern.checker.format.load import MAX_PROBLEMS
    hand = ", ".join(f"Card{i}" for i in range(300))
    found = problems(tmp_path, GOOD.replace("hand: [Moat]", f"hand: [{hand}]"))
    assert len(found) == MAX_PROBLEMS
    assert "unknown card 'Card0'" in found[0].message
    assert found[-1].message.startswith(f"... and {300 - MAX_PROBLEMS + 1} more problems")


def test_a_long_message_is_cut(tmp_path):
    from dominion_tavern.checker.format.load import MAX_MESSAGE
    found = problems(tmp_path, GOOD.replace("  kingdom: [Witch, Moat]\n",
                                            f"  kingdom: [Witch, Moat]\n  seed: {'9x' * 900}\n"))
    assert len(found) == 1 and len(found[0].message) == MAX_MESSAGE
    assert found[0].message.startswith("setup.seed: expected an integer, not a string")


def test_an_estate_token_on_a_duration_loads_under_2015(tmp_path):
    """Ruling inheritance.any-action-type-2015 (Adventures rulebook 2015, card FAQ: Inheritance):
    the first printing allowed a Duration under the token, so the 2015 file loads; the same
    position under the current rules is refused when run (ruling
    inheritance.no-duration-current)."""
    text = GOOD.replace("  id: ok\n", "  id: ok\n  ruleset: '2015'\n").replace(
        "[Witch, Moat]", "[Witch, Moat, Caravan Guard]\n  events: [Inheritance]").replace(
        "      deck: [Gold]\n", "      deck: [Gold]\n      estate_token: Caravan Guard\n")
    scn = load_scenario(write(tmp_path, text))
    assert scn.game().player("Ann").estate_token.name == "Caravan Guard"
    with pytest.raises(ValueError, match="Caravan Guard is a Duration card"):
        scn.game("current")


def test_recorded_marks_claims_in_three_places(tmp_path):
    """``recorded: "<tool>"`` beside claims a tool wrote (the file's expect, a checkpoint, the
    outcomes); an empty one, or one elsewhere, is refused."""
    text = GOOD.replace("  - play Witch\n", "  - play Witch\n  - {expect: {turn: {actions: 0}}, "
                        "recorded: tavern play}\n") + \
        'recorded: "tavern play"\noutcomes: {recorded: tavern play, fields: [piles.Curse], ' \
        'expect: [{piles.Curse: 9}]}\n'
    assert load_scenario(write(tmp_path, text)).checkpoints[0].expect == {"turn": {"actions": 0}}
    empty = problems(tmp_path, text.replace('recorded: "tavern play"', 'recorded: ""'))
    assert [(p.line, "must not be empty" in p.message) for p in empty] == [(18, True)]
    misplaced = problems(tmp_path, GOOD.replace("  id: ok\n", "  id: ok\n  recorded: x\n"))
    assert "recorded" in misplaced[0].message


def test_setup_texts_refused_with_what_would_be_valid(tmp_path):
    """``setup.texts`` names a text by card: each bad entry is located on its key (the name)
    or its value (the id), saying what would be valid; the file is refused whole."""
    text = GOOD.replace("  kingdom: [Witch, Moat]\n", "  kingdom: [Witch, Moat, Outpost]\n"
                        "  texts:\n    Outpots: '2022'\n    Outpost: '2021'\n"
                        "    Witch: '2015'\n    Mission: '2015'\n")
    got = [(p.line, p.column, p.message) for p in problems(tmp_path, text)]
    assert got == [
        (7, 5, "setup.texts.Outpots: unknown card or Event 'Outpots'; did you mean Outpost?"),
        (8, 14, "setup.texts.Outpost: Outpost has no text '2021'; its texts: 2009, 2022, 2023"),
        (9, 5, "setup.texts.Witch: Witch has one text per ruleset, and the ruleset chooses it; "
         "setup.texts names a text only for a card with several (Mission, Outpost, "
             "Possession)"),
        (10, 5, "setup.texts.Mission: Mission is not in this game: put it in setup.events "
         "(Events: none)"),
    ]
    outside = GOOD.replace("  kingdom: [Witch, Moat]\n",
                           "  kingdom: [Witch, Moat]\n  texts: {Outpost: 2022}\n")
    [p] = problems(tmp_path, outside)
    assert p.message == ("setup.texts.Outpost: Outpost is not in this game: put it in the "
                         "Kingdom (Kingdom: Witch, Moat)")


def test_setup_texts_a_year_unquoted_is_read_as_the_text(tmp_path):
    """``Outpost: 2022`` (YAML reads a number) names the 2022 text like ``'2022'``."""
    path = write(tmp_path, GOOD.replace("  kingdom: [Witch, Moat]\n",
                                        "  kingdom: [Witch, Moat, Outpost]\n"
                                        "  texts: {Outpost: 2022}\n"))
    assert load_scenario(path).game().state.text_of("Outpost").id == "2022"
