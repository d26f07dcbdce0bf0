"""The explorer: hand-computed outcome sets, merging, shortest paths, stop points, truncation,
and the fast paths (checkpoints, memo) against plain replay."""

from __future__ import annotations

from pathlib import Path

import pytest
from dominion_tavern.checker.explore import ExploreError, Stop, explore
from dominion_tavern.checker.format.load import find_scenarios, load_scenario
from dominion_tavern.checker.runner.outcome_check import check_outcomes
from dominion_tavern.rulebook.position import build
from helpers import ACTION_END, CELLAR_OUTCOMES

KINGDOM = ["Cellar", "Chapel", "Village", "Smithy", "Throne Room"]
CORPUS = Path(__file__).parent.parent / "checker" / "scenarios"


def factory(hand, deck=(), phase="action", kingdom=KINGDOM, **turn):
    spec = {"kingdom": list(kingdom), "players": [
        {"name": "Ann", "hand": list(hand), "deck": list(deck)}, {"name": "Bob"}],
        "turn": {"phase": phase, **turn}}
    return lambda: build(spec)




def outcomes(ex):
    return {tuple(o.values.values()): o for o in ex.outcomes}


def test_cellar_three_card_hand():
    f = factory(["Cellar", "Copper", "Estate", "Estate"], ["3 Gold"])
    ex = explore(f, [], ACTION_END, ["players.Ann.hand", "players.Ann.discard"])
    got = {k: o.paths for k, o in outcomes(ex).items()}
    c, e, g, cel = "Copper", "Estate", "Gold", "Cellar"
    assert got == {
        ((cel, c, e, e), ()): 1,
        ((c, e, e), ()): 1,
        ((e, e, g), (c,)): 1,
        ((c, e, g), (e,)): 1,
        ((e, g, g), (c, e)): 1,
        ((c, g, g), (e, e)): 1,
        ((g, g, g), (c, e, e)): 1,
    }
    assert ex.leaves == 7 and not ex.truncated
    assert outcomes(ex)[((g, g, g), (c, e, e))].path == ["play Cellar",
                                                          "discard: Copper, Estate, Estate"]


def test_identical_outcomes_merge_and_keep_the_shortest_path():
    f = factory(["Cellar", "Copper", "Estate", "Estate"], ["3 Gold"])
    ex = explore(f, [], ACTION_END, ["turn.actions"])
    (o,) = ex.outcomes
    assert o.paths == 7 and o.values == {"turn.actions": 1}
    assert o.path == ["end Action phase"]


TR_OUTCOMES = {
    (1, ("Smithy", "Throne Room", "Village")): 1,
    (0, ("Copper",) * 3 + ("Throne Room", "Village")): 1,
    (2, ("Copper", "Smithy", "Throne Room")): 1,
    (0, ("Copper",) * 4): 2,
    (1, ("Copper",) * 4 + ("Throne Room",)): 1,
    (1, ("Copper",) * 7): 1,
    (1, ("Copper", "Smithy")): 1,
    (3, ("Copper",) * 5): 1,
    (4, ("Copper", "Copper", "Smithy")): 1,
    (0, ("Copper",) * 6 + ("Village",)): 1,
    (0, ("Smithy", "Village")): 1,
}


@pytest.mark.parametrize("mode", [{"fast": False}, {"memo": False}, {}])
def test_throne_room_village_smithy(mode):
    f = factory(["Throne Room", "Village", "Smithy"], ["8 Copper"])
    ex = explore(f, [], ACTION_END, ["turn.actions", "players.Ann.hand"], **mode)
    got = outcomes(ex)
    assert {k: o.paths for k, o in got.items()} == TR_OUTCOMES
    assert got[(0, ("Copper",) * 4)].path == ["play Village", "play Smithy", "play Throne Room"]
    assert "play.replay" in got[(1, ("Copper",) * 7)].rules


def test_rules_cited_are_those_after_the_script():
    f = factory(["Throne Room", "Village", "Smithy"], ["8 Copper"])
    ex = explore(f, ["play Throne Room"], ACTION_END, ["turn.actions", "players.Ann.hand"])
    (smithy,) = [o for o in ex.outcomes if o.path == ["play Smithy"]]
    assert smithy.rules == ["play.replay", "draw", "turn.action"]  # no Actions left for Village


def test_stop_after_n_decisions_and_at_turn_end():
    f = factory(["Throne Room", "Village", "Smithy"], ["8 Copper"])
    one = explore(f, [], {"decisions": 1}, ["players.Ann.hand"])
    assert one.leaves == 4 and all(len(o.path) == 1 for o in one.outcomes)
    zero = explore(f, [], {"decisions": 0}, ["players.Ann.hand"])
    assert zero.leaves == 1 and zero.outcomes[0].path == []
    turn = explore(factory(["Copper"], ["5 Estate"], phase="buy"), [], {"at": "end-of-turn"},
                   ["players.Ann.hand", "turn.number"])
    assert {o.values["players.Ann.hand"] for o in turn.outcomes} == {("Estate",) * 5}
    assert {o.values["turn.number"] for o in turn.outcomes} == {1}


def test_stop_at_end_of_the_buy_phase_after_a_script():
    f = factory(["Copper", "Copper"], phase="buy")
    ex = explore(f, ["play all Treasures"], {"at": "end-of-phase", "phase": "buy"},
                 ["players.Ann.discard", "turn.coins"])
    bought = {o.values["players.Ann.discard"] for o in ex.outcomes}
    assert bought == {(), ("Cellar",), ("Chapel",), ("Copper",), ("Curse",), ("Estate",)}


def test_truncation_is_reported():
    f = factory(["Throne Room", "Village", "Smithy"], ["8 Copper"])
    ex = explore(f, [], ACTION_END, ["players.Ann.hand"], max_nodes=3)
    assert ex.truncated and ex.explored == 3


def test_depth_cut_is_counted():
    f = factory(["Throne Room", "Village", "Smithy"], ["8 Copper"])
    ex = explore(f, [], ACTION_END, ["players.Ann.hand"], max_depth=1)
    assert sum(o.cut for o in ex.outcomes) == 2  # Village and Throne Room continue


@pytest.mark.parametrize(("stop", "message"), [
    ({"at": "end-of-game"}, "not a stop point"),
    ({"at": "end-of-phase", "phase": "lunch"}, "is not one of"),
    ({"decisions": -1}, "whole number"),
    ({"when": 1}, "unknown key"),
    ("end-of-turn", "expected a mapping"),
])
def test_bad_stop_points(stop, message):
    with pytest.raises(ExploreError, match=message):
        Stop.parse(stop)


@pytest.mark.parametrize(("fields", "message"), [
    (["players.Anne.hand"], "did you mean Ann"),
    (["players.Ann.hnd"], "did you mean hand"),
    (["piles.Silvr"], "did you mean Silver"),
    (["turn.coin"], "did you mean coins"),
    (["score"], "is not known"),
    (["players.Ann.hand:reversed"], "not a form"),
    ([], "at least one field"),
])
def test_bad_fields(fields, message):
    with pytest.raises(ExploreError, match=message):
        explore(factory(["Copper"]), [], ACTION_END, fields)


def test_bad_script():
    with pytest.raises(ExploreError, match="script entry 1 'play Gold' is not a legal answer"):
        explore(factory(["Copper"]), ["play Gold"], ACTION_END, ["turn.coins"])


def test_field_forms():
    f = factory(["Chapel", "Estate", "Copper"], ["Gold", "Silver"])
    ex = explore(f, ["play Chapel", "trash: Estate, Copper"], {"decisions": 0},
                 ["trash:ordered", "trash", "players.Ann.deck", "players.Ann.deck:sorted",
                  "piles.Gold", "vp.Ann", "turn.player", "over"])
    (o,) = ex.outcomes
    assert o.values["trash:ordered"] == ("Estate", "Copper")
    assert o.values["trash"] == ("Copper", "Estate")
    assert o.values["players.Ann.deck"] == ("Gold", "Silver")
    assert o.values["players.Ann.deck:sorted"] == ("Gold", "Silver")
    assert o.values["vp.Ann"] == 0 and o.values["turn.player"] == "Ann"
    assert o.values["over"] is False


CHAPEL_CELLAR = factory(["Village", "Cellar", "Chapel", "Copper", "Estate", "Silver"],
                        ["Copper", "Estate", "Gold", "Copper", "Estate", "Silver", "Copper"])


def _same(a, b):
    ka = {tuple(o.values.values()): (o.paths, o.path, o.rules, o.cut) for o in a.outcomes}
    kb = {tuple(o.values.values()): (o.paths, o.path, o.rules, o.cut) for o in b.outcomes}
    assert ka == kb
    assert (a.decisions, a.leaves) == (b.decisions, b.leaves)


@pytest.mark.parametrize("stop", [ACTION_END, {"decisions": 3}])
def test_fast_paths_agree_with_plain_replay(stop):
    fields = ["players.Ann.hand", "players.Ann.discard", "trash", "turn.coins",
              "players.Ann.deck:ordered"]
    kw = {"max_nodes": 20000}
    slow = explore(CHAPEL_CELLAR, [], stop, fields, fast=False, **kw)
    assert not slow.truncated
    _same(slow, explore(CHAPEL_CELLAR, [], stop, fields, memo=False, **kw))
    _same(slow, explore(CHAPEL_CELLAR, [], stop, fields, **kw))  # the memo: on by default


@pytest.mark.parametrize("path", find_scenarios([CORPUS]) if CORPUS.is_dir() else [],
                         ids=lambda p: p.stem)
def test_corpus_explores_the_same_every_way(path):
    scn = load_scenario(path)
    f = scn.factory()
    fields = ["players.Ann.hand", "players.Ann.discard", "trash", "turn.coins"]
    try:
        slow = explore(f, scn.script, {"decisions": 3}, fields, fast=False, max_nodes=400)
    except ExploreError:
        pytest.skip("the scenario's players are not Ann")
    _same(slow, explore(f, scn.script, {"decisions": 3}, fields, max_nodes=400, memo=False))
    if not slow.truncated:  # a memo hit spends no budget, so only whole trees compare
        _same(slow, explore(f, scn.script, {"decisions": 3}, fields, max_nodes=400))


def test_check_outcomes(tmp_path):
    text = CELLAR_OUTCOMES
    p = tmp_path / "s.yaml"
    p.write_text(text)
    check = check_outcomes(load_scenario(p))
    assert check.ok, check.describe()
    p.write_text(text.replace("- {players.Ann.hand: [2 Gold]}",
                              "- {players.Ann.hand: [3 Gold]}"))
    check = check_outcomes(load_scenario(p))
    assert not check.ok
    assert [m["players.Ann.hand"] for m in check.missing] == [("Gold", "Gold", "Gold")]
    assert [o.values["players.Ann.hand"] for o in check.unexpected] == [("Gold", "Gold")]
    assert "missing outcome" in check.describe() and "unexpected outcome" in check.describe()
