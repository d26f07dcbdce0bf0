"""Positions no game can reach are refused, with the rule: every card is tried with every setup
key that names a card, under both rulesets, and the expected verdict is worked out here from
the printed texts and types (not from the checker's code):

- ``estate_token``: Inheritance's own text, per ruleset ("Set aside a non-Victory Action card
  from the Supply costing up to $4", 2015; "a non-Command non-Duration Action card", current),
  and Inheritance must be in the game (rule ``token.estate``);
- ``played_by``: only a card whose text plays an Action card again (Throne Room, Disciple:
  "play an Action card from your hand twice"; Royal Carriage: "replay that Action"); rule
  ``duration.multi-play``;
- ``earlier``: only a Duration card stays in play past Clean-up (rule
  ``duration.stays-in-play``);
- ``unaffected``: only an Attack spares anyone (rule ``attack.unaffected``);
- ``tokens``: a pile token lies on an Action Supply pile (the texts of Pathfinding, Lost Arts,
  Training, Ferry, Plan, Teacher: "to an Action Supply pile");
- ``aside`` (in play): only Gear sets cards aside under itself ("Set aside up to 2 cards from
  your hand face down (under this)").
"""

from __future__ import annotations

import re

import pytest
from dominion_tavern.checker.format.load import ScenarioError, load_scenario_text
from dominion_tavern.checker.format.semantic_checks import semantic_problems
from dominion_tavern.rulebook.carddata import CARDS, EVENTS, RULESETS

PLAYS_AGAIN = {"Throne Room", "Disciple", "Royal Carriage"}
SETS_ASIDE = {"Gear"}


def kingdom_for(name: str) -> list[str]:
    """The Kingdom that puts ``name`` in the game: itself, or its Traveller line's first card."""
    d = CARDS[name]
    if d.kingdom:
        return [name]
    return [d.line] if d.line else []


def inheritance_takes(name: str, ruleset: str) -> bool:
    """Read from Inheritance's printed text under ``ruleset``."""
    m = re.search(r"Set aside a (.+?) card from the Supply costing up to \$(\d)",
                  EVENTS["Inheritance"].text(ruleset))
    assert m, EVENTS["Inheritance"].text(ruleset)
    words, limit = m.group(1).split(), int(m.group(2))
    d = CARDS[name]
    excluded = [w.removeprefix("non-") for w in words if w.startswith("non-")]
    required = [w for w in words if not w.startswith("non-")]
    lowers_costs = name == "Bridge Troll"  # "cards cost $1 less": it can take itself
    return (all(t in d.types for t in required) and not any(t in d.types for t in excluded)
            and d.supply and d.kingdom
            and (d.cost.at_most(limit) or (d.cost.plain and lowers_costs)))


def problems_at(setup: dict, path: tuple) -> list[str]:
    data = {"meta": {"id": "x", "question": "q"}, "setup": setup}
    return [m for p, m, _ in semantic_problems(data) if p == ("setup", *path)]


def player(**keys) -> dict:
    return {"players": [{"name": "Ann", **keys}, {"name": "Bob"}]}


CASES = [(name, rs) for name in sorted(CARDS) for rs in RULESETS]


@pytest.mark.parametrize("name, ruleset", CASES, ids=[f"{n}-{r}" for n, r in CASES])
def test_every_card_with_every_key_that_names_a_card(name, ruleset):
    d = CARDS[name]
    base = {"ruleset": ruleset, "kingdom": kingdom_for(name)}

    token = problems_at({**base, "events": ["Inheritance"], **player(estate_token=name)},
                        ("players", 0, "estate_token"))
    assert bool(token) != inheritance_takes(name, ruleset), token
    if inheritance_takes(name, ruleset):  # and without Inheritance in the game, never
        assert problems_at({**base, **player(estate_token=name)},
                           ("players", 0, "estate_token"))

    village = {**base, "kingdom": [*base["kingdom"], "Village"]}
    by = problems_at({**village, **player(play=[{"card": "Village", "played_by": name}])},
                     ("players", 0, "play", 0, "played_by"))
    assert bool(by) != (name in PLAYS_AGAIN), by

    play = [{"card": name, "earlier": True, "unaffected": ["Bob"], "aside": ["Copper"]}]
    for key, allowed in (("earlier", d.is_duration), ("unaffected", d.is_attack),
                         ("aside", name in SETS_ASIDE)):
        found = problems_at({**base, **player(play=play)}, ("players", 0, "play", 0, key))
        assert bool(found) != allowed, (key, found)

    if d.supply:
        for token_name in ("+1 Card", "+1 Action", "+1 Buy", "+$1", "-$2 cost", "Trashing"):
            found = problems_at({**base, **player(tokens={token_name: name})},
                                ("players", 0, "tokens", token_name))
            assert bool(found) != d.is_action, (token_name, found)


@pytest.mark.parametrize("text, where, why", [
    ("estate_token: Gold", "estate_token", "it takes a non-Command, non-Duration Action card"),
    ("estate_token: Witch", "estate_token", "Witch costs $5; Inheritance sets aside a card "
     "costing up to $4"),
    ("estate_token: Province", "estate_token", "Province is Victory"),
    ("estate_token: Soldier", "estate_token", "Soldier is not a Supply pile"),
    ("play: [{card: Village, earlier: true}]", "play[0].earlier", "Village is not a Duration"),
    ("play: [{card: Village, played_by: Smithy}]", "play[0].played_by",
     "Smithy does not play other cards"),
    ("play: [{card: Smithy, unaffected: [Bob]}]", "play[0].unaffected",
     "Smithy is not an Attack"),
    ("tokens: {'+1 Action': Gold}", "tokens.+1 Action", "goes on an Action Supply pile"),
])
def test_a_refusal_is_located_and_cites_its_rule(text, where, why):
    yaml = ("meta: {id: x, question: q}\nsetup:\n  events: [Inheritance]\n"
            "  kingdom: [Village, Smithy, Witch, Peasant]\n"
            f"  players:\n    - name: Ann\n      {text}\n    - name: Bob\n")
    with pytest.raises(ScenarioError) as info:
        load_scenario_text(yaml, "pos.yaml")
    [p] = [p for p in info.value.problems if f"setup.players[0].{where}:" in p.message]
    assert p.line == 7 and why in p.message and "rule " in p.message, p


def test_a_possible_position_of_each_kind_loads():
    """Accepted positions build: Haunted Woods from an earlier turn that Moat spared Bob from,
    played twice by Throne Room; Gear with its cards; an Estate token on Village; a token on an
    Action pile."""
    load_scenario_text("""\
meta: {id: x, question: q}
setup:
  events: [Inheritance]
  kingdom: [Haunted Woods, Throne Room, Gear, Village, Moat]
  players:
    - name: Ann
      estate_token: Village
      tokens: {"+1 Action": Village}
      play:
        - {card: Haunted Woods, earlier: true, played_by: Throne Room, unaffected: [Bob]}
        - {card: Gear, earlier: true, aside: [Copper, Estate]}
    - name: Bob
  turn: {player: Ann, number: 3, phase: action}
""", "ok.yaml")
