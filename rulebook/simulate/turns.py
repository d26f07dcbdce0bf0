"""Bots playing on from a position for some turns, seed by seed: how often something holds by
the end of each turn. The sampled counterpart of an exact multi-turn question (the explorer
following the same bots as policies), and the check of it: each seed deals the cards in
unknown order as a shuffle would (the position with that ``seed``), and the bots answer every
decision.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.position import build
from dominion_tavern.rulebook.simulate.bots import BOTS

#: z of a two-sided 99% interval: a simulation's figure is compared with its interval at this
#: level, so a correct exact answer falls outside it once in a hundred seeds' worth of runs.
Z99 = 2.5758


@dataclass(frozen=True)
class Share:
    """How many of ``games`` games something held in, with its Wilson score interval."""

    held: int
    games: int
    z: float = Z99

    @property
    def rate(self) -> float:
        return self.held / self.games

    def interval(self) -> tuple[float, float]:
        """The Wilson score interval (it stays inside [0, 1] and holds for shares near 0)."""
        n, p, z = self.games, self.rate, self.z
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        return max(0.0, centre - half), min(1.0, centre + half)

    def holds(self, p: float) -> bool:
        """Whether ``p`` lies in the interval."""
        lo, hi = self.interval()
        return lo <= p <= hi


def turn_ends(spec: dict[str, Any], bots: dict[str, str], seed: int, last: int,
              watch: Callable[[Game], bool]) -> dict[int, bool]:
    """One game from the position ``spec`` (its cards in unknown order dealt by ``seed``), each
    player's decisions answered by its bot: ``watch`` at the end of each turn up to turn
    number ``last`` (or the game's end), by turn number."""
    g = Game(lambda: build({**spec, "seed": seed}),
             stop=lambda mark: mark.kind == "turn-end")
    players = {name: BOTS[bot](seed * 7919 + i) for i, (name, bot) in enumerate(bots.items())}
    seen: dict[int, bool] = {}
    while not g.over:
        if g.paused is not None:
            seen[g.paused.turn] = watch(g)
            if g.paused.turn >= last:
                break
            g.resume()
            continue
        d = g.pending
        assert d is not None
        g.answer(players[d.player].choose(g, d))
    return seen


def shares(spec: dict[str, Any], bots: dict[str, str], games: int, last: int,
           watch: Callable[[Game], bool], first_seed: int = 1) -> dict[int, Share]:
    """In how many of ``games`` games (seeds ``first_seed`` on) ``watch`` held at the end of
    each turn up to ``last``, by turn number."""
    held: dict[int, int] = {}
    for seed in range(first_seed, first_seed + games):
        for turn, value in turn_ends(spec, bots, seed, last, watch).items():
            held[turn] = held.get(turn, 0) + bool(value)
    return {turn: Share(n, games) for turn, n in sorted(held.items())}
