"""Claims recorded from what the engine did, for a tool to write into a scenario (``tavern play``
saves them marked ``recorded``): the position where a run stops, as an ``expect`` mapping, and
an exploration's outcomes, as an ``outcomes`` section.

The position is read where ``tavern check`` will check it: the script is run by the runner
itself (:class:`~.script_run.ScriptRun`), to the same stop point, so a recorded claim passes
by construction, and fails later only if the engine changes what it does.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dominion_tavern.checker.explore import Exploration, ExploreError
from dominion_tavern.checker.format.load import Scenario
from dominion_tavern.checker.reading.field_paths import ZONES, plain, zone_view
from dominion_tavern.checker.runner.script_run import ScriptRun
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.knowing import Unknown
from dominion_tavern.rulebook.engine.state import GameState, Player

#: A pending decision's answers are recorded when there are no more than this many.
MAX_OPTIONS = 20
_SOMETIMES = ("mat", "aside")  # zones recorded only when they hold a card, or held one


def _view(items: list[str | Unknown]) -> list[Any]:
    return [x.plain() if isinstance(x, Unknown) else x for x in items]


def _zone(what: str, items: list[str | Unknown]) -> Any:
    """A zone as a claim: a deck of two or more cards in order (top first), else a multiset
    (names sorted, then groups of unknown cards)."""
    if what == "deck" and len(items) > 1:
        return {"in_order": _view(items)}
    known = sorted(x for x in items if isinstance(x, str))
    return [*known, *_view([x for x in items if isinstance(x, Unknown)])]


def _player(p: Player, before: Player) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for what in ZONES:
        now = zone_view(p, what)
        if what in _SOMETIMES and not now and not zone_view(before, what):
            continue
        out[what] = _zone(what, now)
    tokens = sorted({t for q in (p, before) for t, pile in q.tokens.items() if pile})
    if tokens:
        out["tokens"] = {t: p.tokens.get(t) for t in tokens}
    if not p.journey_up or not before.journey_up:
        out["journey"] = "up" if p.journey_up else "down"
    for flag in ("minus_card", "minus_coin", "vp_tokens", "coffers"):
        if getattr(p, flag) or getattr(before, flag):
            out[flag] = getattr(p, flag)
    return out


def position_claims(g: Game, start: GameState) -> dict[str, Any]:
    """Where ``g`` is, as an ``expect`` mapping: every player's zones (their mat and cards set
    aside when there are any, or were at ``start``), their tokens when they have or had any,
    the piles that changed since ``start``, the trash, the turn, the pending decision (its
    answers, when there are at most :data:`MAX_OPTIONS`) and the game's end."""
    s = g.state
    out: dict[str, Any] = {"players": {p.name: _player(p, q)
                                       for p, q in zip(s.players, start.players, strict=True)}}
    piles = {name: len(s.pile(name).cards) for name in [*start.supply, *start.nonsupply]
             if len(s.pile(name).cards) != len(start.pile(name).cards)}
    if piles:
        out["piles"] = piles
    out["trash"] = sorted(c.name for c in s.trash.cards)
    t = s.turn
    out["turn"] = {"player": t.player.name, "phase": t.phase, "number": t.number,
                   "actions": t.actions, "buys": t.buys, "coins": t.coins}
    d = g.pending
    if d is None:
        out["pending"] = None
    else:
        out["pending"] = {"player": d.player}
        if d.decider != d.player:  # a Possession turn: the possessor answers
            out["pending"]["decider"] = d.decider
        if d.answer_count() <= MAX_OPTIONS:
            out["pending"]["options"] = g.legal()
    if g.over:
        out["game_over"] = True
        out["winners"] = sorted(g.winners)
    return out


def recorded_expect(scn: Scenario, ruleset: str | None = None,
                    stop: dict[str, Any] | None = None) -> dict[str, Any]:
    """The position ``scn``'s script leads to, read where the run stops after it (``stop``, as
    a scenario writes it; None: the default), as an ``expect`` mapping. Raises
    :class:`ExploreError` with the runner's words when the script does not fit."""
    bare = replace(scn, expect={}, checkpoints=[], stop=stop)
    run = ScriptRun(bare, ruleset or scn.ruleset)
    for step in run.steps():
        if isinstance(step, str):
            raise ExploreError(step)
    return position_claims(run.game, bare.factory(ruleset)()[0])


def recorded_outcomes(ex: Exploration) -> dict[str, Any]:
    """An exploration's outcomes as an ``outcomes`` section's ``fields`` and ``expect`` (with
    each outcome's probability when chance was met), the likeliest first."""
    if ex.truncated:
        raise ExploreError("the exploration was cut short: its outcomes are not all of them")
    expect = []
    for o in ex.numbered():
        e = {f: plain(o.values[f]) for f in ex.fields}
        if ex.chance:
            e["probability"] = o.probability_text()
        expect.append(e)
    return {"fields": list(ex.fields), "expect": expect}
