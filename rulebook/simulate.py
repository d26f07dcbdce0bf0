"""Whole games between bots, for invariant tests and the ``simulate`` benchmark."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from dominion_tavern.rulebook.bots import BOTS
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.setup import Setup, SetupError, new_game

MAX_TURNS = 400  # a guard against a bot that never ends a game; reported, never hidden


@dataclass
class GameResult:
    seed: int
    winners: list[str]
    scores: dict[str, int]
    turns: int
    decisions: int
    finished: bool


@dataclass
class Report:
    bots: list[str]
    games: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0

    def seats(self) -> list[str]:
        """Each player's name: seat and bot, so two copies of a bot are told apart."""
        return [f"P{i + 1}-{b}" for i, b in enumerate(self.bots)]

    def summary(self) -> dict:
        seats = self.seats()
        wins: dict[str, float] = dict.fromkeys(seats, 0.0)
        for r in self.games:
            for w in r.winners:
                wins[w] += 1 / len(r.winners)
        n = len(self.games)
        return {
            "games": n,
            "bots": self.bots,
            "wins": wins,
            "mean_scores": {s: round(sum(r.scores[s] for r in self.games) / n, 2)
                            for s in seats} if n else {},
            "mean_turns": round(sum(r.turns for r in self.games) / n, 2) if n else 0,
            "unfinished": sum(not r.finished for r in self.games),
            "seconds": round(self.seconds, 3),
            "games_per_second": round(n / self.seconds, 1) if self.seconds else None,
        }


def play_game(setup: Setup, bots: list[str], seed: int) -> tuple[Game, GameResult]:
    """One whole game; the bots' own generators are seeded from ``seed``."""
    g = new_game(setup)
    players = [BOTS[b](seed * 7919 + i) for i, b in enumerate(bots)]
    index = {p.name: i for i, p in enumerate(g.state.players)}
    decisions = 0
    while g.pending is not None and g.state.turn.number <= MAX_TURNS:
        d = g.pending
        g.answer(players[index[d.player]].choose(g, d))
        decisions += 1
    finished = g.over
    scores = g.scores()
    return g, GameResult(seed, g.winners, scores, g.state.turn.number, decisions, finished)


def simulate(bots: list[str], games: int, seed: int, kingdom: list[str] | str,
             events: list[str] | None = None, ruleset: str = "current",
             any_kingdom: bool = False,
             progress: Callable[[int], None] | None = None) -> Report:
    for b in bots:
        if b not in BOTS:
            raise SetupError(f"unknown bot {b!r}; bots: {', '.join(BOTS)}")
    report = Report(bots)
    names = report.seats()
    start = time.perf_counter()
    for k in range(games):
        setup = Setup(kingdom=kingdom, players=names, events=events or [], ruleset=ruleset,
                      seed=seed + k, any_kingdom=any_kingdom)
        report.games.append(play_game(setup, bots, seed + k)[1])
        if progress:
            progress(1)
    report.seconds = time.perf_counter() - start
    return report
