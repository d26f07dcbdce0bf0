"""Chance steps (issue 11): cards in unknown order come up by name with exact probabilities.

Worked examples: Laboratory drawing 2 from 3 Copper and 2 Estate; the 5/2 opening from a
starting deck of 7 Copper and 3 Estate (Dominion Strategy wiki, "Opening": 1 in 6); Witch
against a hand drawn from a pool with one Moat. Probabilities are the multivariate
hypergeometric ones (rule chance.unknown-order).
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from dominion_tavern.checker.explore import explore
from dominion_tavern.rulebook.engine.chance import (
    ChanceStep,
    _drawn,
    outcomes,
    probability,
    random_outcome,
)
from dominion_tavern.rulebook.engine.game import Game, replay
from dominion_tavern.rulebook.position import build
from dominion_tavern.rulebook.simulate.bots import RandomBot
from helpers import ACTION_END, entries, play_all, position


def lab(seed: int | None = None) -> dict:
    spec = {"kingdom": ["Laboratory"], "players": [
        {"name": "Ann", "hand": ["Laboratory"], "deck": {"unknown": ["3 Copper", "2 Estate"]}},
        {"name": "Bob"}], "turn": {"phase": "action"}}
    if seed is not None:
        spec["seed"] = seed
    return spec


def test_laboratory_draws_two_of_five_unknown():
    """The issue's worked example: [Copper, Copper] 3/10, [Copper, Estate] 3/5, [Estate,
    Estate] 1/10."""
    ex = explore(lambda: build(lab()), ["play Laboratory"], ACTION_END, ["players.Ann.hand"])
    got = {o.values["players.Ann.hand"]: o.probability for o in ex.outcomes}
    assert got == {("Copper", "Copper"): Fraction(3, 10), ("Copper", "Estate"): Fraction(3, 5),
                   ("Estate", "Estate"): Fraction(1, 10)}


def test_five_two_opening_from_one_scenario():
    """Turn 1 and turn 2 hands from a shuffled 7 Copper, 3 Estate: 5/2 or 2/5 with
    probability 1/6, 4/3 or 3/4 with 5/6 (both turns' draws, no seed)."""
    spec = {"players": [{"name": "Ann", "hand": {"unknown": 5, "pool": ["7 Copper",
                                                                       "3 Estate"]}},
                        {"name": "Bob"}], "turn": {"phase": "cleanup"}}
    ex = explore(lambda: build(spec), [], {"at": "end-of-turn"},
                 ["players.Ann.discard", "players.Ann.hand"])
    split: Counter[tuple[int, int]] = Counter()
    for o in ex.outcomes:
        turn1 = o.values["players.Ann.discard"].count("Copper")
        turn2 = o.values["players.Ann.hand"].count("Copper")
        split[tuple(sorted((turn1, turn2), reverse=True))] += o.probability
    assert split == {(5, 2): Fraction(1, 6), (4, 3): Fraction(5, 6)}


def test_chance_step_probabilities_sum_to_one():
    rng = random.Random(11)
    names = ["Copper", "Estate", "Silver", "Gold", "Curse"]
    for _ in range(200):
        counts = {n: rng.randint(0, 6) for n in rng.sample(names, rng.randint(1, 5))}
        total = sum(counts.values())
        if not total:
            continue
        k = rng.randint(0, total)
        assert sum(p for _, p in outcomes(counts, k)) == 1
        step = ChanceStep.of("Ann", "draw", counts, k, "test")
        assert sum(step.probabilities) == 1 and len(set(step.answers())) == len(step.options)


def test_seeded_games_take_what_the_shuffle_put_on_top():
    """With a seed nothing is asked: the seeded generator decides, and says how likely it
    was; the same seed gives the same log."""
    g = Game(lambda: build(lab(seed=3)))
    g.answer("play Laboratory")
    drawn = entries(g, "draws")[0]
    assert drawn.probability() in (Fraction(3, 10), Fraction(3, 5), Fraction(1, 10))
    assert Game(lambda: build(lab(seed=3))).branch(["play Laboratory"]).log.text() == \
        g.log.text()


def test_a_script_names_the_outcome_in_any_order():
    g = Game(lambda: build(lab()))
    g.answer("play Laboratory")
    assert isinstance(g.pending, ChanceStep)
    g.answer("draw: Estate, Copper")
    assert sorted(c.name for c in g.player("Ann").hand) == ["Copper", "Estate"]
    assert entries(g, "draws")[0].text() == "Ann draws Copper, Estate (chance 3/5) [draw]"


def test_random_bot_game_with_unknown_decks_replays_to_the_same_log():
    """Both hands and decks unknown, chance asked, answered by a seeded random bot: the
    answers replay to the same log, byte for byte."""
    spec = {"kingdom": ["Village", "Smithy", "Laboratory", "Militia", "Moat", "Cellar",
                        "Market", "Witch", "Gardens", "Workshop"],
            "players": [{"name": n, "hand": {"unknown": 5, "pool": ["7 Copper", "3 Estate"]}}
                        for n in ("Ann", "Bob")], "turn": {"phase": "start"}}
    g = Game(lambda: build(spec))
    bot, rng = RandomBot(5), random.Random(5)
    while g.pending is not None and g.state.turn.number < 30:
        d = g.pending
        if isinstance(d, ChanceStep):
            g.answer(rng.choices(d.answers(), weights=[float(p) for p in d.probabilities])[0])
        else:
            g.answer(bot.choose(g, d))
    assert any(isinstance(e.chance, tuple) and e.chance for e in g.log)
    assert replay(lambda: build(spec), g.answers).log.text() == g.log.text()


def test_save_sets_aside_face_down():
    """Save FAQ (2015): the card is set aside face down; the other players do not see it."""
    g = position(phase="buy", events=["Save"], turn={"coins": 1},
                 ann={"hand": ["Gold", "Copper"]})
    play_all(g, "buy Save", "set aside Gold")
    line = entries(g, "sets aside")[0]
    assert line.text() == "Ann sets aside Gold from hand face down [set-aside]"
    assert line.text(viewer="Ann") == line.text()
    assert line.text(viewer="Bob") == "Ann sets aside a card from hand face down [set-aside]"


def test_a_forced_face_down_pick_is_named_to_its_player_only():
    """Save FAQ (2015): the card is set aside face down. With one card left in hand the pick is
    forced (rule choice.only-option) and the log says so, naming the card to Ann alone."""
    g = position(phase="buy", events=["Save"], ann={"hand": ["Copper", "Province"]})
    play_all(g, "play Copper", "buy Save")
    line = entries(g, "must set aside")[0]
    assert line.text() == line.text(viewer="Ann") == \
        "Ann must set aside Province (the only legal choice for Save) [choice.only-option]"
    assert line.text(viewer="Bob") == \
        "Ann must set aside a card (the only legal choice for Save) [choice.only-option]"


@pytest.mark.parametrize("spec", [lab()])
def test_explorer_agrees_with_seeded_simulation(spec):
    """20,000 seeded games of the same position land on each outcome as often as the
    explorer says, within a generous bound (5 standard deviations)."""
    ex = explore(lambda: build(spec), ["play Laboratory"], ACTION_END, ["players.Ann.hand"])
    want = {o.values["players.Ann.hand"]: o.probability for o in ex.outcomes}
    seen: Counter[tuple[str, ...]] = Counter()
    n = 20_000
    for seed in range(n):
        g = Game(lambda s=seed: build({**spec, "seed": s}))
        g.answer("play Laboratory")
        seen[tuple(sorted(c.name for c in g.player("Ann").hand))] += 1
    for hand, p in want.items():
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(seen[hand] / n - float(p)) < 5 * sd, (hand, seen[hand], p)


def test_a_search_cut_short_keeps_what_it_learned():
    """Cut before its end (issue 26), an exploration that met chance keeps the outcomes found
    with their probability so far and the mass left unexplored: after the first of
    Laboratory's three draws, [Copper, Copper] is at least 3/10 and at most 3/10 + 7/10."""
    ex = explore(lambda: build(lab()), ["play Laboratory"], ACTION_END, ["players.Ann.hand"],
                 max_nodes=1)
    assert ex.truncated and ex.chance and ex.unexplored == Fraction(7, 10)
    [o] = ex.outcomes
    assert o.values["players.Ann.hand"] == ("Copper", "Copper")
    assert o.interval() == (Fraction(3, 10), Fraction(1)) and o.probability is None


@pytest.mark.parametrize("max_nodes", [3, 5, 20, 60, 150])
def test_the_interval_of_a_search_cut_short_holds_the_exact_probability(max_nodes):
    """Chance alone (two hands from 4 kinds of card): cut anywhere, every outcome found lies
    in its interval, what was found and what is unexplored add up to 1, and an outcome not
    found has at most the unexplored mass."""
    spec = {"players": [{"name": "Ann", "hand": {"unknown": 5, "pool": [
        "5 Copper", "3 Estate", "2 Silver", "2 Gold"]}}, {"name": "Bob"}],
        "turn": {"phase": "cleanup"}}
    fields = ["players.Ann.discard", "players.Ann.hand"]
    whole = {o.values[fields[0]] + o.values[fields[1]]: o.probability
             for o in explore(lambda: build(spec), [], {"at": "end-of-turn"}, fields).outcomes}
    ex = explore(lambda: build(spec), [], {"at": "end-of-turn"}, fields, max_nodes=max_nodes)
    assert ex.truncated and ex.unexplored is not None and 0 < ex.unexplored < 1
    assert sum(o.low for o in ex.outcomes) + ex.unexplored == 1
    found = set()
    for o in ex.outcomes:
        key = o.values[fields[0]] + o.values[fields[1]]
        found.add(key)
        low, high = o.interval()
        assert low <= whole[key] <= high
    assert all(p <= ex.unexplored for key, p in whole.items() if key not in found)


def test_a_search_stopped_at_a_players_decision_bounds_nothing():
    """Stopped (the desk's Stop) before every answer of a player's decision was tried, the
    probabilities found are not bounded: nothing says what the untried answers lead to. The
    outcomes found are among the whole search's."""
    spec = {"kingdom": ["Smithy", "Cellar"], "players": [
        {"name": "Ann", "hand": ["Smithy", "Cellar", "Cellar"],
         "deck": {"unknown": ["6 Copper", "5 Estate", "4 Silver", "3 Gold", "2 Smithy"]}},
        {"name": "Bob"}], "turn": {"phase": "action"}}
    whole = explore(lambda: build(spec), [], ACTION_END, ["players.Ann.hand"])
    assert whole.chance and whole.unexplored == 0
    ex = explore(lambda: build(spec), [], ACTION_END, ["players.Ann.hand"],
                 progress=lambda done: done < 200)
    assert ex.stopped and ex.truncated and ex.chance and ex.unexplored is None
    assert all(o.interval() is None and o.probability is None for o in ex.outcomes)
    assert "unbounded" in ex.outcomes[0].chance_text()
    assert ex.keys() < whole.keys()


@pytest.mark.parametrize("bob", [{"mat": ["Duplicate"]}, {"tokens": {"Trashing": "Village"}}])
def test_a_hand_no_one_knows_is_dealt_before_its_owner_orders_effects(bob):
    """Ann buys Messenger (current text: each other player gains a copy of a card she gained,
    costing up to $4); Bob gains it on Ann's turn with his hand still unknown. He then orders
    his effects on gaining (rule choice.simultaneous: Duplicate's call, or Plan's Trashing
    token), which he decides with his hand: it is dealt first (rule chance.unknown-order),
    never an engine fault. 3 of 7 Coppers and 2 of 3 Estates: C(7,3)·C(3,2)/C(10,5) =
    35·3/252 = 5/12."""
    spec = {"kingdom": ["Messenger", "Duplicate", "Village"], "events": ["Plan"],
            "players": [{"name": "Ann", "hand": ["5 Copper"]},
                        {"name": "Bob", "hand": {"unknown": 5, "pool": ["7 Copper", "3 Estate"]},
                         **bob}],
            "turn": {"phase": "buy"}}
    g = Game(lambda: build(spec))
    gained = "gain Silver" if "mat" in bob else "gain Village"
    play_all(g, "play all Treasures", "buy Messenger", gained)
    assert isinstance(g.pending, ChanceStep) and g.pending.player == "Bob"
    g.answer("deal: Copper, Copper, Copper, Estate, Estate")
    assert g.pending.player == "Bob" and g.pending.rule == "choice.simultaneous"
    assert [e.text() for e in entries(g, "has in hand")] == \
        ["Bob has in hand Copper, Copper, Copper, Estate, Estate (chance 5/12) "
         "[chance.unknown-order]"]


class _EveryWay:
    """A stand-in for ``random.Random`` whose ``randrange(n)`` gives 0, 1, ..., n - 1 in turn."""

    def __init__(self) -> None:
        self.next = 0

    def randrange(self, n: int) -> int:
        self.next += 1
        return (self.next - 1) % n


def test_a_random_outcome_of_a_huge_step_has_exactly_its_probability():
    """A step too large to list draws its outcome kind by kind: over every one of the
    comb(total, k) whole numbers it may draw, each outcome comes up exactly as often as its
    probability says (checked on a group made large by its kinds, then on a small one)."""
    counts = {f"Card{i:02}": 1 + i % 3 for i in range(30)}  # 60 cards of 30 kinds: lazy
    step = ChanceStep.of("Ann", "draw", counts, 7, "test")
    assert step.lazy and step.answer_count() > 10_000
    label = random_outcome(step, random.Random(3))
    assert step.probability(label) == probability(counts, label.removeprefix("draw: ").split(", "))
    small = {"Copper": 3, "Estate": 2, "Silver": 4}
    ways = 84  # comb(9, 3)
    every = _EveryWay()
    came: Counter[tuple[str, ...]] = Counter(
        _drawn(tuple(sorted(small.items())), 3, every) for _ in range(ways))
    assert {names: Fraction(n, ways) for names, n in came.items()} == dict(outcomes(small, 3))
