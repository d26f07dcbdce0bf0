"""Exact chance at depth (issue 26): the explorer branches from every point of the turn where no
card is being resolved (the start of a turn, of Clean-up and of its draw), searches once, and
its probabilities match an independent enumeration of every order of the cards.

Rule ``chance.unknown-order``: cards in unknown order are equally likely in every order, so a
hand's probability is the share of the orders that deal it (Dominion rulebook, Shuffling)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from dominion_tavern.checker import CORPUS
from dominion_tavern.checker.explore import explore
from dominion_tavern.checker.format.load import load_scenario_text
from dominion_tavern.checker.runner.outcome_check import check_outcomes
from dominion_tavern.rulebook.position import build
from more_itertools import distinct_permutations

TWO_HANDS = ["players.Ann.discard", "players.Ann.hand"]
END_OF_TURN = {"at": "end-of-turn"}


def two_hands(pool: list[str]) -> dict:
    return {"players": [{"name": "Ann", "hand": {"unknown": 5, "pool": pool}}, {"name": "Bob"}],
            "turn": {"phase": "cleanup"}}


def _weighed(ex) -> dict:
    return {tuple(o.values.values()): (o.paths, o.path, o.rules, o.cut, o.low, o.high, o.lines)
            for o in ex.outcomes}


def _by_enumeration(pool: list[str]) -> dict[tuple[tuple[str, ...], ...], Fraction]:
    """Every order of the cards (``"3 Copper"``: 3 of them), each equally likely (orders of
    cards alike by name are each as many orders of the cards themselves): the first 5 are this
    hand, the next 5 the next one (the rest stay in the deck)."""
    cards = [name for entry in pool for count, name in [entry.split(" ", 1)]
             for _ in range(int(count))]
    seen: Counter[tuple[tuple[str, ...], ...]] = Counter()
    orders = 0
    for order in distinct_permutations(cards):
        orders += 1
        seen[(tuple(sorted(order[:5])), tuple(sorted(order[5:10])))] += 1
    return {hands: Fraction(n, orders) for hands, n in seen.items()}


@pytest.mark.parametrize("pool", [["4 Copper", "3 Estate", "2 Silver", "1 Gold"],
                                  ["5 Copper", "3 Estate", "1 Silver", "1 Gold", "1 Smithy"]])
def test_two_hands_match_an_enumeration_of_every_order(pool):
    """This hand and the next from 10 or 11 cards: the explorer's probabilities are those of
    counting every order of the cards."""
    spec = two_hands(pool)
    spec["kingdom"] = ["Smithy"]
    ex = explore(lambda: build(spec), [], END_OF_TURN, TWO_HANDS)
    got = {tuple(o.values.values()): o.probability for o in ex.outcomes}
    assert got == _by_enumeration(pool)


def test_branches_below_the_cleanup_draw_restart_there():
    """Each draw after a deal is rebuilt from the Clean-up draw, not from the scenario: the
    engine is given each answer once (no replays), and the outcomes are those of plain
    replay, probabilities included."""
    spec = two_hands(["4 Copper", "3 Estate", "2 Silver", "2 Gold"])
    fast = explore(lambda: build(spec), [], END_OF_TURN, TWO_HANDS)
    slow = explore(lambda: build(spec), [], END_OF_TURN, TWO_HANDS, fast=False)
    assert fast.answered == fast.decisions < slow.answered
    assert _weighed(fast) == _weighed(slow)
    assert (fast.decisions, fast.leaves) == (slow.decisions, slow.leaves)


def test_a_tree_across_cleanup_and_the_next_turn_is_that_of_plain_replay():
    """Across Clean-up (a Peasant exchanged or not, then the draw) into Bob's turn, which
    starts with his Haunted Woods' draw: restarting at the start of Clean-up, of its draw and
    of the turn gives the tree of plain replay, probabilities and lines of decisions too."""
    spec = {"kingdom": ["Peasant", "Haunted Woods", "Village"], "players": [
        {"name": "Ann", "hand": ["Copper"], "play": ["Peasant"],
         "deck": {"unknown": ["3 Copper", "2 Estate", "2 Village", "Silver"]}},
        {"name": "Bob", "hand": ["Copper"], "play": [{"card": "Haunted Woods",
                                                      "since": "earlier"}],
         "deck": {"unknown": ["3 Copper", "2 Estate", "Village"]}}],
        "turn": {"player": "Ann", "phase": "buy"}}
    fields = ["players.Ann.hand", "players.Ann.discard", "players.Bob.hand"]
    stop = {"decisions": 3}
    fast = explore(lambda: build(spec), [], stop, fields)
    slow = explore(lambda: build(spec), [], stop, fields, fast=False)
    assert fast.chance and not fast.truncated
    assert _weighed(fast) == _weighed(slow)
    assert (fast.decisions, fast.leaves) == (slow.decisions, slow.leaves)
    assert fast.answered < slow.answered


def test_a_search_cut_short_fails_only_the_claims_what_it_explored_rules_out():
    """Cut after Laboratory's first draw ([Copper, Copper], 3/10, with 7/10 unexplored): a
    claim of 1/5 for it is already wrong (it is at least 3/10), one of 3/10 is not ruled out;
    the check holds neither way, as the search was cut short."""
    text = (CORPUS / "chance" / "laboratory-two-of-five.yaml").read_text()
    right = check_outcomes(load_scenario_text(text), max_nodes=1)
    assert right.exploration.truncated and not right.ok and not right.wrong_chance
    wrong = check_outcomes(load_scenario_text(text.replace(
        "{players.Ann.hand: [2 Copper], probability: 3/10}",
        "{players.Ann.hand: [2 Copper], probability: 1/5}")), max_nodes=1)
    assert [(o.values["players.Ann.hand"], want) for o, want in wrong.wrong_chance] == [
        (("Copper", "Copper"), "1/5")]
