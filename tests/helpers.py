"""Shared test helpers: build a position, answer decisions, read zones by name."""

from __future__ import annotations

import random

import pytest
from dominion_tavern.rulebook.carddata import CARDS, EVENTS
from dominion_tavern.rulebook.cards import BEHAVIOURS
from dominion_tavern.rulebook.engine.game import Game, replay
from dominion_tavern.rulebook.engine.turn import BuyOffer, buy_label
from dominion_tavern.rulebook.position import build
from dominion_tavern.rulebook.simulate.games import play_game

#: The explorer's stop point at the end of the Action phase.
ACTION_END = {"at": "end-of-phase", "phase": "action"}
#: A hand of ten different cards (Haunted Woods puts it onto the deck: 3,628,800 orders).
TEN_DIFFERENT = ["Copper", "Estate", "Duchy", "Silver", "Province", "Curse", "Village", "Smithy",
                 "Moat", "Gold"]
KINGDOM_CARDS = sorted(n for n, d in CARDS.items()
                       if d.kingdom and d.supply and n in BEHAVIOURS)


def kingdoms(count: int, seed: int) -> list[tuple[list[str], list[str]]]:
    """Random Kingdoms from every card in scope, each with up to 3 Events."""
    rng = random.Random(seed)
    return [(rng.sample(KINGDOM_CARDS, 10), rng.sample(sorted(EVENTS), rng.randint(0, 3)))
            for _ in range(count)]


def position(kingdom=(), *, ruleset="current", phase="action", piles=None, trash=(),
             events=(), turn=None, seed: int | None = 0, black_market=None, texts=None,
             **players) -> Game:
    """A game at ``phase`` of Ann's turn. Keyword ``ann={...}``/``bob={...}`` describe the
    players' zones (hand, deck top first, discard, play, mat, ...). Shuffles are decided by
    ``seed``; ``seed=None`` asks chance steps instead (rule ``chance.unknown-order``).
    ``texts`` names the printed text a card plays by (``{"Outpost": "2022"}``)."""
    pspecs = [dict(players.get(n.lower(), {}), name=n) for n in ("Ann", "Bob", "Cid")
              if n == "Ann" or n == "Bob" or n.lower() in players]
    spec = {"ruleset": ruleset, "kingdom": list(kingdom), "players": pspecs,
            "piles": piles or {}, "trash": list(trash), "events": list(events),
            "turn": {"phase": phase, **(turn or {})}}
    if seed is not None:
        spec["seed"] = seed
    if black_market is not None:
        spec["black_market"] = list(black_market)
    if texts is not None:
        spec["texts"] = dict(texts)
    return Game(lambda: build(spec))


def buy_labels(g: Game) -> list[str]:
    """What the Buy phase would offer now (state changed by a test after the decision)."""
    return [buy_label(v) for v in BuyOffer(g).values()]


def names(zone) -> list[str]:
    return [c.name for c in zone.cards]


def play_all(g: Game, *answers: str) -> Game:
    for a in answers:
        g.answer(a)
    return g


#: A scenario whose outcomes section lists what Cellar can leave in hand.
CELLAR_OUTCOMES = """
meta: {id: cellar-outcomes, question: "What can Cellar leave in hand?", rules: [turn.action]}
setup:
  kingdom: [Cellar]
  players:
    - {name: Ann, hand: [Cellar, Copper, Estate], deck: [2 Gold]}
    - {name: Bob}
  turn: {phase: action}
script: [play Cellar]
outcomes:
  stop: {at: end-of-phase, phase: action}
  fields: [players.Ann.hand]
  expect:
    - {players.Ann.hand: [Copper, Estate]}
    - {players.Ann.hand: [Estate, Gold]}
    - {players.Ann.hand: [Copper, Gold]}
    - {players.Ann.hand: [2 Gold]}
"""
BOTH = pytest.mark.parametrize("ruleset", ["2015", "current"])
PASS = ("end Action phase", "end Buy phase", "continue")


def entries(g: Game, verb: str | None = None, player: str | None = None) -> list:
    """Log entries, optionally only those with ``verb`` (and of ``player``)."""
    return [e for e in g.log
            if (verb is None or e.verb == verb) and (player is None or e.player == player)]


def deck(g: Game, who: str) -> list[str]:
    """A player's deck, top card first."""
    return list(reversed(names(g.player(who).deck)))


def pile(g: Game, name: str) -> int:
    return len(g.state.pile(name))


def to_buy(g: Game) -> None:
    """End the Action phase, unless it already ended by itself."""
    if g.pending.rule == "turn.action":
        g.answer("end Action phase")
    assert g.pending.rule == "turn.buy"


def to_cleanup(g: Game) -> None:
    """End the turn player's Action and Buy phases."""
    who = g.state.turn.player.name
    while g.pending is not None and g.pending.player == who and \
            g.pending.rule in ("turn.action", "turn.buy"):
        g.answer("end Action phase" if g.pending.rule == "turn.action" else "end Buy phase")


def finish_turn(g: Game) -> None:
    """Pass through the rest of the current turn (ending phases, declining optional things)."""
    n = g.state.turn.number
    while g.pending is not None and g.state.turn.number == n:
        for label in PASS:
            if label in g.legal():
                g.answer(label)
                break
        else:
            raise AssertionError(f"no way to pass {g.pending.player}'s decision "
                                 f"{g.pending.prompt!r}: {g.legal()}")


__all__ = [
    "BOTH",
    "CELLAR_OUTCOMES",
    "KINGDOM_CARDS",
    "PASS",
    "buy_labels",
    "deck",
    "entries",
    "finish_turn",
    "kingdoms",
    "names",
    "pile",
    "play_all",
    "position",
    "to_buy",
    "to_cleanup",
]


def random_game_keeps_every_card(setup, seed: int) -> None:
    """A game of random bots from ``setup``: it ends, no card is lost or created, and its
    answers replay to the same log."""
    total = len(setup.build()[0].all_cards())
    g, result = play_game(setup, ["random"] * len(setup.players), seed)
    assert result.finished and len(g.state.all_cards()) == total
    assert replay(setup.build, g.answers).log.text() == g.log.text()
