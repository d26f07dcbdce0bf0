"""Whole games between bots, for invariant tests and the ``simulate`` benchmark.

Games are cut into batches (a run of seeds on one Kingdom) that any executor can play: this
process, a pool of local processes (``workers``), or a Dask cluster (``cluster``, in
:mod:`.cluster`). A game depends only on its Kingdom, bots and seed, and the report lists
games by Kingdom and seed, so every figure but the wall time is the same however they ran.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import random
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field

from dominion_tavern.rulebook.carddata import CARDS
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.setup import Setup, SetupError, new_game
from dominion_tavern.rulebook.simulate.bots import BOTS

MAX_TURNS = 400  # a guard against a bot that never ends a game; reported, never hidden
RANDOM_SETS = ("base-2e", "adventures")  # random Kingdoms: the sets the kit covers whole
TASKS_PER_WORKER = 8  # enough batches that the last ones even out across the workers
#: How often the games of a worker process that ended (killed, out of memory) are played again
#: in fresh processes before the command gives up and names them.
WORKER_RETRIES = 2


class WorkerLost(RuntimeError):
    """Worker processes kept ending: the games named were not played (the others were)."""


class _PoolBroken(Exception):
    """A worker process ended: the pool is broken, and these batches were not played."""

    def __init__(self, lost: list[Batch]) -> None:
        self.lost = lost


@dataclass
class GameResult:
    seed: int
    winners: list[str]
    scores: dict[str, int]
    turns: int
    decisions: int
    finished: bool
    kingdom: int = 0  # index into ``Report.kingdoms``


@dataclass
class Report:
    bots: list[str]
    games: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0
    kingdoms: list[list[str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what went wrong on the way and was mended

    def seats(self) -> list[str]:
        """Each player's name: seat and bot, so two copies of a bot are told apart."""
        return seat_names(self.bots)

    def summary(self) -> dict:
        n = len(self.games)
        by_kingdom = [[] for _ in self.kingdoms]
        for r in self.games:
            by_kingdom[r.kingdom].append(r)
        return {
            "bots": self.bots,
            **figures(self.seats(), self.games),
            "kingdoms": self.kingdoms,
            "by_kingdom": [figures(self.seats(), games) for games in by_kingdom],
            "seconds": round(self.seconds, 3),
            "games_per_second": round(n / self.seconds, 1) if self.seconds else None,
            "notes": self.notes,
        }


def seat_names(bots: Sequence[str]) -> list[str]:
    return [f"P{i + 1}-{b}" for i, b in enumerate(bots)]


def figures(seats: list[str], games: list[GameResult]) -> dict:
    """Games, wins per seat (a tie shares the win), mean scores and turns, unfinished games."""
    wins: dict[str, float] = dict.fromkeys(seats, 0.0)
    for r in games:
        for w in r.winners:
            wins[w] += 1 / len(r.winners)
    n = len(games)
    return {
        "games": n,
        "wins": wins,
        "mean_scores": {s: round(sum(r.scores[s] for r in games) / n, 2)
                        for s in seats} if n else {},
        "mean_turns": round(sum(r.turns for r in games) / n, 2) if n else 0,
        "unfinished": sum(not r.finished for r in games),
    }


def play_game(setup: Setup, bots: list[str], seed: int, *, log: bool = True
              ) -> tuple[Game, GameResult]:
    """One whole game; the bots' own generators are seeded from ``seed``. ``log=False``: keep
    no log (a batch's games, whose logs nobody reads; the same seed replays with one)."""
    g = new_game(setup, log=log)
    players = [BOTS[b](seed * 7919 + i) for i, b in enumerate(bots)]
    index = {p.name: i for i, p in enumerate(g.state.players)}
    decisions = 0
    while g.pending is not None and g.state.turn.number <= MAX_TURNS:
        d = g.pending
        g.answer(players[index[d.decider]].choose(g, d))  # the possessor on a Possession turn
        decisions += 1
    finished = g.over
    scores = g.scores()
    return g, GameResult(seed, g.winners, scores, g.state.turn.number, decisions, finished)


@dataclass(frozen=True)
class Batch:
    """Games with seeds ``first`` to ``first + count - 1`` on Kingdom number ``kingdom``:
    one task for a worker, small to send (names only) and complete in itself."""

    bots: tuple[str, ...]
    kingdom: int
    cards: tuple[str, ...]
    events: tuple[str, ...]
    ruleset: str
    any_kingdom: bool
    first: int
    count: int


def play_batch(batch: Batch) -> list[GameResult]:
    results = []
    for seed in range(batch.first, batch.first + batch.count):
        setup = Setup(kingdom=list(batch.cards), players=seat_names(batch.bots),
                      events=list(batch.events), ruleset=batch.ruleset, seed=seed,
                      any_kingdom=batch.any_kingdom)
        result = play_game(setup, list(batch.bots), seed, log=False)[1]
        result.kingdom = batch.kingdom
        results.append(result)
    return results


def random_kingdoms(count: int, seed: int) -> list[list[str]]:
    """``count`` Kingdoms of 10 cards drawn from the Base and Adventures Kingdom cards; the same
    seed draws the same Kingdoms."""
    pool = sorted(n for n, d in CARDS.items() if d.kingdom and d.set in RANDOM_SETS)
    rng = random.Random(seed)
    return [sorted(rng.sample(pool, 10)) for _ in range(count)]


def available_cores() -> int:
    """The cores this process may run on (a container's limit, not the machine's count)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def simulate(bots: list[str], games: int, seed: int, kingdom: list[str] | str | None = None,
             events: list[str] | None = None, ruleset: str = "current",
             any_kingdom: bool = False,
             progress: Callable[[int], None] | None = None, *,
             kingdoms: Sequence[list[str] | str] | None = None,
             workers: int = 1, cluster: str | None = None,
             connect_timeout: float = 10.0) -> Report:
    """``games`` games (seeds ``seed`` to ``seed + games - 1``) on ``kingdom``, or on each of
    ``kingdoms``; in this process (``workers=1``), in ``workers`` local processes, or on the
    Dask cluster at ``cluster``. ``progress`` is told how many games each finished batch had."""
    for b in bots:
        if b not in BOTS:
            raise SetupError(f"unknown bot {b!r}; bots: {', '.join(BOTS)}")
    if games < 0:
        raise SetupError(f"the number of games must be 0 or more, not {games}")
    if workers < 1:
        raise SetupError(f"workers must be at least 1, not {workers}")
    if cluster is not None and workers != 1:
        raise SetupError("give a number of local workers or a cluster, not both")
    if connect_timeout <= 0:
        raise SetupError(f"the connect timeout must be more than 0 s, not {connect_timeout:g}")
    if (kingdom is None) == (kingdoms is None):
        raise SetupError("give either one kingdom or a list of kingdoms")
    chosen = [kingdom] if kingdoms is None else list(kingdoms)
    if not chosen:
        raise SetupError("the list of kingdoms is empty")
    report = Report(bots, kingdoms=[checked_kingdom(k, bots, events, ruleset, any_kingdom)
                                    for k in chosen])
    start = time.perf_counter()
    if cluster is not None:
        from dominion_tavern.rulebook.simulate.cluster import cluster_executor
        with cluster_executor(cluster, connect_timeout) as (executor, threads):
            plan = batches(report, events, ruleset, any_kingdom, games, seed, threads, 500)
            results = run_batches(executor, plan, threads * 2, progress)
    else:
        plan = list(batches(report, events, ruleset, any_kingdom, games, seed, workers, 50))
        if workers == 1 or len(plan) < 2:
            results = run_batches(InProcess(), plan, 2, progress)
        else:
            results = run_on_workers(plan, workers, progress, report.notes)
    report.games = sorted(results, key=lambda r: (r.kingdom, r.seed))
    report.seconds = time.perf_counter() - start
    return report


def checked_kingdom(kingdom: list[str] | str, bots: list[str], events: list[str] | None,
                    ruleset: str, any_kingdom: bool) -> list[str]:
    """The Kingdom's cards (a named one looked up), checked once here rather than in a worker."""
    setup = Setup(kingdom=kingdom, players=seat_names(bots), events=list(events or []),
                  ruleset=ruleset, any_kingdom=any_kingdom)
    return list(setup.kingdom)


def batches(report: Report, events: list[str] | None, ruleset: str, any_kingdom: bool,
            games: int, seed: int, workers: int, largest: int) -> Iterator[Batch]:
    """Every Kingdom's games in runs of seeds: about ``TASKS_PER_WORKER`` per worker, at most
    ``largest`` games each (so the progress bar moves)."""
    size = max(1, min(largest, games * len(report.kingdoms) // (workers * TASKS_PER_WORKER)))
    for k, cards in enumerate(report.kingdoms):
        for first in range(seed, seed + games, size):
            yield Batch(tuple(report.bots), k, tuple(cards), tuple(events or ()), ruleset,
                        any_kingdom, first, min(size, seed + games - first))


def run_batches(executor: Executor, plan: Iterable[Batch], window: int,
                progress: Callable[[int], None] | None,
                results: list[GameResult] | None = None) -> list[GameResult]:
    """Play the batches on ``executor``, at most ``window`` at a time, in any order, adding
    their games to ``results``. If a worker process ends, raises :class:`_PoolBroken` with
    the batches not played (the games finished are in ``results``)."""
    todo = iter(plan)
    running: dict[Future, Batch] = {}
    results = [] if results is None else results
    try:
        while True:
            for batch in itertools.islice(todo, window - len(running)):
                running[executor.submit(play_batch, batch)] = batch
            if not running:
                return results
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            broken = []
            for f in done:
                batch = running.pop(f)
                if isinstance(f.exception(), BrokenProcessPool):
                    broken.append(batch)
                    continue
                chunk = f.result()
                results += chunk
                if progress:
                    progress(len(chunk))
            if broken:
                raise _PoolBroken([*broken, *running.values(), *todo])
    finally:
        for f in running:
            f.cancel()


def run_on_workers(plan: list[Batch], workers: int, progress: Callable[[int], None] | None,
                   notes: list[str]) -> list[GameResult]:
    """The batches on local worker processes. When a worker ends (killed, out of memory) the
    games finished are kept and the rest are played again in fresh processes, at most
    :data:`WORKER_RETRIES` times, each time said in ``notes``; then :class:`WorkerLost`."""
    results: list[GameResult] = []
    todo = plan
    for attempt in range(WORKER_RETRIES + 1):
        try:
            with local_executor(min(workers, len(todo))) as executor:
                return run_batches(executor, todo, workers * 2, progress, results)
        except _PoolBroken as e:
            todo = sorted(e.lost, key=lambda b: (b.kingdom, b.first))
            again = "; they are played again" if attempt < WORKER_RETRIES else ""
            notes.append(f"a worker process ended (killed, or out of memory): "
                         f"{lost_games(todo)} were not played{again}")
    raise WorkerLost(f"worker processes ended {WORKER_RETRIES + 1} times (killed, or out of "
                     f"memory): {lost_games(todo)} were not played, the other "
                     f"{len(results)} were; play the rest with fewer --workers: "
                     + "; ".join(f"--seed {first} --games {count}"
                                 for _, first, count in seed_runs(todo)))


def lost_games(batches: list[Batch]) -> str:
    """``the games with seeds 1-50, 101-150 (Kingdom 2)``: the seeds of ``batches``, runs that
    follow on joined."""
    return "the games with seeds " + ", ".join(
        f"{first}-{first + count - 1}" + (f" (Kingdom {k + 1})" if k else "")
        for k, first, count in seed_runs(batches))


def seed_runs(batches: list[Batch]) -> list[tuple[int, int, int]]:
    """(Kingdom, first seed, games) of each run of seeds that follow on in ``batches``."""
    runs: list[tuple[int, int, int]] = []
    for b in sorted(batches, key=lambda b: (b.kingdom, b.first)):
        if runs and runs[-1][0] == b.kingdom and sum(runs[-1][1:]) == b.first:
            runs[-1] = (b.kingdom, runs[-1][1], runs[-1][2] + b.count)
        else:
            runs.append((b.kingdom, b.first, b.count))
    return runs


class InProcess(Executor):
    """Runs each task at once, here: one worker takes the same path as many."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def local_executor(workers: int) -> ProcessPoolExecutor:
    """Worker processes: forked on Linux (they start at once, with the engine imported), the
    platform's default elsewhere. They leave Ctrl-C to this process, which stops them."""
    context = multiprocessing.get_context("fork" if sys.platform == "linux" else None)
    return ProcessPoolExecutor(workers, mp_context=context, initializer=signal.signal,
                               initargs=(signal.SIGINT, signal.SIG_IGN))
