"""Many seeded random-bot games over every implemented card: no card is created or lost, no
exception, every game ends, and the answers replay to the same log (issue: engine core).

"Nothing lost" counts every copy a game has (rule ``game.setup.piles``): those in its zones and,
for a position that places some copies nowhere, those out of the game (rule
``game.setup.out-of-game``), from the first step to the last."""

from __future__ import annotations

import pytest
from dominion_tavern.rulebook.engine.game import Game, replay
from dominion_tavern.rulebook.position import build
from dominion_tavern.rulebook.setup import Setup, black_market_cards, copies_in_game
from dominion_tavern.rulebook.simulate.bots import RandomBot
from dominion_tavern.rulebook.simulate.games import play_game
from helpers import kingdoms


def every_copy(g: Game) -> dict[str, int]:
    """What the rules say the game holds of each card: its pile plus the starting decks', and
    one of each card of the Black Market deck (rule ``buy.black-market``)."""
    n = len(g.state.players)
    copies = {name: copies_in_game(name, n) for name in [*g.state.supply, *g.state.nonsupply]}
    return {**copies, **dict.fromkeys(black_market_cards(g.state.kingdom), 1)}


def check_invariants(g: Game) -> None:
    cards = g.state.all_cards()
    assert dict(g.state.copies()) == every_copy(g), "a card was created or lost"
    assert len({c.uid for c in cards}) == len(cards), "a card is in two places"
    for zone in g.state.all_zones():
        for c in zone.cards:
            assert c.zone is zone


def stalled(g: Game, turns: int = 100) -> bool:
    """A game at the simulation's turn guard in a legal dead end a random bot can reach (it
    trashed down to a lone Chapel while holding Debt): no card gained by anyone in its last
    ``turns`` turns, so no pile can empty and it can never end (rule ``game.end``)."""
    last = g.state.turn.number - turns
    return not any(e.turn > last and e.verb == "gains" for e in g.log)


def test_a_stall_is_named_only_when_no_card_is_gained():
    """The guard's excuse is narrow. City Quarter and Chapel, seed 1: both random bots trash
    down to a lone Chapel while holding Debt (7 and 6), gain nothing after turn 97 and reach
    the guard: a stall. Big Money gains cards every turn and ends: none."""
    setup = Setup(kingdom=["Chapel", "City Quarter"], events=[], players=["Ann", "Bob"],
                  seed=1, ruleset="current", any_kingdom=True)
    g, result = play_game(setup, ["random", "random"], 1)
    assert not result.finished and stalled(g)
    assert [p.debt for p in g.state.players] == [7, 6]
    setup = Setup(kingdom=["Smithy"], events=[], players=["Ann", "Bob"], seed=1,
                  ruleset="current", any_kingdom=True)
    g, result = play_game(setup, ["big-money", "big-money"], 1)
    assert result.finished and not stalled(g)


@pytest.mark.parametrize("k", range(60))
def test_random_games_keep_every_card(k):
    kingdom, events = kingdoms(60, 2026)[k]
    setup = Setup(kingdom=kingdom, events=events, players=["Ann", "Bob", "Cid"][: 2 + k % 2],
                  seed=k, ruleset=("2015", "current")[k % 2])
    g0 = Game(setup.build)
    assert g0.state.out_of_game == {}, "a whole game places every copy"
    check_invariants(g0)
    g, result = play_game(setup, ["random"] * len(setup.players), k)
    assert result.finished or stalled(g), f"game on {kingdom} did not end"
    check_invariants(g)
    again = replay(setup.build, g.answers)
    assert again.log.text() == g.log.text()


@pytest.mark.parametrize("k", range(12))
def test_shorthand_positions_keep_every_card(k):
    """Rule game.setup.out-of-game (Tavern's reading of a partial position): a position
    that places copies nowhere (Copper: 0 with no Coppers anywhere, hands without their
    starting decks) holds them out of the game; with them, every copy is counted at every
    step of a random game, and none ever comes back into it."""
    kingdom, events = kingdoms(12, 22)[k]
    spec = {"ruleset": ("2015", "current")[k % 2], "kingdom": kingdom, "events": events,
            "seed": k, "piles": {"Copper": 0, "Estate": 2},
            "players": [{"name": "Ann", "hand": ["Silver", "Estate", "Gold"],
                         "deck": [kingdom[0], kingdom[1], "Silver"]},
                        {"name": "Bob", "deck": ["3 Silver", kingdom[2]]}],
            "turn": {"phase": "action"}}
    g = Game(lambda: build(spec))
    out = dict(g.state.out_of_game)
    assert out["Copper"] == 60 and out["Estate"] == 14 - 2 - 1
    check_invariants(g)
    bots = {"Ann": RandomBot(k), "Bob": RandomBot(k + 1)}
    for _ in range(400):
        if g.pending is None:
            break
        g.answer(bots[g.pending.decider].choose(g, g.pending))
        check_invariants(g)
        assert g.state.out_of_game == out
        assert "Copper" not in [c.name for c in g.state.all_cards()]


#: The cards of issue 25 (the shape of turns) with the Adventures cards their rulings meet.
TURN_SHAPES = ["Outpost", "Villa", "Cavalry", "Haunted Woods", "Wine Merchant", "Messenger",
               "Ghost Town", "Guardian", "Den of Sin", "Artificer"]


@pytest.mark.parametrize("k", range(8))
def test_random_games_with_extra_turns_and_phase_returns(k):
    """Random bots on Outpost, Villa, Cavalry and Night cards with Mission and Expedition: every
    copy kept (Horses back to their pile), every game ends, the answers replay to the same
    log."""
    setup = Setup(kingdom=TURN_SHAPES, events=["Mission", "Expedition"],
                  players=["Ann", "Bob", "Cid"][: 2 + k % 2], seed=k,
                  ruleset=("2015", "current")[k % 2])
    g, result = play_game(setup, ["random"] * len(setup.players), k)
    assert result.finished
    check_invariants(g)
    assert replay(setup.build, g.answers).log.text() == g.log.text()


#: Possession with the cards its rulings meet: trashing (Chapel, Remodel), Travellers exchanged
#: on a Possession turn (Page, Peasant), Mission and Outpost turns, Throne Room for several
#: Possessions, Champion's line, Inheritance's Estates, Night cards gained to hand.
POSSESSION_SHAPES = ["Possession", "Chapel", "Remodel", "Throne Room", "Page", "Peasant",
                     "Outpost", "Village", "Ghost Town", "Moat"]


@pytest.mark.parametrize("k", range(8))
def test_random_games_with_possession(k):
    """Random bots with Possession in every deck: the possessor's bot answers the possessed
    player's decisions (rule possession.decides); no card is created or lost at any step
    (trashed cards set aside and returned, gains diverted: rules possession.trash,
    possession.gain); every game ends; the answers replay to the same log."""
    names = ["Ann", "Bob", "Cid"][: 2 + k % 2]
    spec = {"ruleset": ("2015", "current")[k % 2], "kingdom": POSSESSION_SHAPES,
            "events": ["Mission", "Inheritance"], "seed": k,
            "players": [{"name": n, "hand": ["Possession", "Throne Room", "Potion", "Gold",
                                             "Page"],
                         "discard": ["7 Copper", "3 Estate", "Possession", "Chapel"]}
                        for n in names],
            "turn": {"phase": "action"}}
    g = Game(lambda: build(spec))
    check_invariants(g)
    bots = {n: RandomBot(k * 10 + i) for i, n in enumerate(names)}
    possessed = 0
    for _ in range(20000):
        if g.pending is None:
            break
        d = g.pending
        possessed += d.decider != d.player
        g.answer(bots[d.decider].choose(g, d))
        check_invariants(g)
    assert g.over, "the game did not end"
    assert possessed > 0, "no decision was made for another player"
    assert replay(lambda: build(spec), g.answers).log.text() == g.log.text()
