"""Comparing a game against a scenario's ``expect``: only the fields named are checked.

:func:`checks` yields one :class:`Check` per field named, in the file's order, with the value
observed; the runner reports the first that fails, and ``--compare-rulesets`` compares the
observed values between rulesets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from dominion_tavern.checker.reading.field_paths import (
    plain_cost,
    previous_player,
    unknown_group,
    zone_view,
)
from dominion_tavern.checker.reading.script_messages import options_text
from dominion_tavern.rulebook.carddata import Cost
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.knowing import Unknown, names_of
from dominion_tavern.rulebook.engine.state import GameState
from dominion_tavern.rulebook.position import ZONES, item_name


@dataclass(frozen=True)
class Check:
    field: str       # "Bob's hand", "piles.Curse", "pending.options"
    expected: str    # shown as written
    actual: Any      # the observed value (plain data)
    ok: bool

    def difference(self) -> str:
        return f"{self.field}: expected {self.expected}, got {show(self.actual)}"


def expand(items: list[Any], path: str = "") -> list[Any]:
    """Card names, short forms expanded; ``{unknown: ...}`` entries as :class:`Unknown`."""
    out: list[Any] = []
    for item in items:
        if isinstance(item, dict) and "unknown" in item:
            out.append(unknown_group(item, path))
            continue
        name, n = item_name(item)
        out += [name or str(item)] * n
    return out


def compact(names: list[str]) -> str:
    """``[Copper, Copper, Gold]`` -> ``[2 Copper, Gold]`` (first-seen order)."""
    counts = Counter(names)
    return "[" + ", ".join(f"{n} {c}" if n > 1 else c for c, n in counts.items()) + "]"


def show(value: Any) -> str:
    if isinstance(value, list):
        return compact([str(v) for v in value]) if value else "[]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def zone_checks(label: str, view: list[Any], spec: Any) -> Iterator[Check]:
    """``view``: the zone as :func:`~dominion_tavern.checker.reading.field_paths.zone_view` gives
    it (a deck top card first, groups in unknown order as such)."""
    in_order = list(view)
    actual = names_of(in_order)
    if isinstance(spec, list):
        want = names_of(expand(spec, label))
        yield Check(label, compact([str(w) for w in want]) if want else "[]",
                    sorted(actual, key=str), Counter(want) == Counter(actual))
        return
    if "in_order" in spec:
        want = expand(spec["in_order"], label)
        yield Check(f"{label} (in order)", "[" + ", ".join(map(str, want)) + "]", in_order,
                    want == in_order)
    if "includes" in spec:
        want = expand(spec["includes"])
        missing = Counter(want) - Counter(actual)
        yield Check(f"{label} includes", compact([str(w) for w in want]), actual, not missing)
    if "excludes" in spec:
        unwanted = set(expand(spec["excludes"]))
        yield Check(f"{label} excludes", "none of " + compact(sorted(map(str, unwanted))), actual,
                    not unwanted & set(actual))
    if "count" in spec:
        n = sum(x.size if isinstance(x, Unknown) else 1 for x in actual)
        yield Check(f"{label} count", str(spec["count"]), n, n == spec["count"])


def _player_checks(g: Game, name: str, pex: dict[str, Any]) -> Iterator[Check]:
    p = g.player(name)
    for key, want in pex.items():
        if key in ZONES:
            yield from zone_checks(f"{name}'s {key}", zone_view(p, key), want)
        elif key == "tokens":
            for token, pile in want.items():
                got = p.tokens.get(token)
                yield Check(f"{name}'s {token} token", show(pile), got, got == pile)
        elif key == "journey":
            got = "up" if p.journey_up else "down"
            yield Check(f"{name}'s Journey token", want, got, got == want)
        else:  # minus_card, minus_coin, vp_tokens, debt, coffers
            got = getattr(p, key)
            yield Check(f"{name}'s {key}", show(want), got, got == want)


def _pending_checks(g: Game, want: dict[str, Any] | None) -> Iterator[Check]:
    d = g.pending
    if want is None:
        yield Check("pending", "no decision pending", d and f"{d.who()}: {d.prompt}",
                    d is None)
        return
    if d is None:
        yield Check("pending", "a decision", "no decision pending" + (" (game over)"
                    if g.over else ""), False)
        return
    if "player" in want:
        yield Check("pending.player", want["player"], d.player, d.player == want["player"])
    if "decider" in want:  # who answers: the possessor on a Possession turn
        yield Check("pending.decider", want["decider"], d.decider,
                    d.decider == want["decider"])
    if "prompt" in want:
        yield Check("pending.prompt", repr(want["prompt"]), d.prompt, d.prompt == want["prompt"])
    # the answers are listed only as far as shown: a pick among 25 cards has 2^25
    if "options" in want:
        same = d.answer_count() == len(want["options"]) and \
            Counter(want["options"]) == Counter(d.answers())
        yield Check("pending.options", " | ".join(want["options"]), options_text(d), same)
    if "options_include" in want:
        missing = [o for o in want["options_include"] if not d.is_answer(o)]
        yield Check("pending.options_include", " | ".join(want["options_include"]),
                    options_text(d) + (f" (missing: {', '.join(missing)})" if missing else ""),
                    not missing)
    if "options_exclude" in want:
        offered = [o for o in want["options_exclude"] if d.is_answer(o)]
        yield Check("pending.options_exclude", "none of " + " | ".join(want["options_exclude"]),
                    options_text(d) + (f" (offered: {', '.join(offered)})" if offered else ""),
                    not offered)


def _turn_value(s: GameState, key: str) -> Any:
    t = s.turn
    if key == "player":
        return t.player.name
    if key == "controller":  # who makes the turn player's decisions: a Possession turn's
        return t.controller.name if t.controller is not None else None
    return previous_player(s) if key == "previous" else getattr(t, key)


def checks(g: Game, expect: dict[str, Any]) -> Iterator[Check]:
    """Every check ``expect`` names, in its order."""
    s = g.state
    for key, want in expect.items():
        if key == "players":
            for name, pex in want.items():
                yield from _player_checks(g, name, pex or {})
        elif key == "piles":
            for name, n in want.items():
                pile = s.pile(name)
                got = len(pile) if pile is not None else None
                yield Check(f"piles.{name}", str(n), got, got == n)
        elif key == "costs":
            for name, n in want.items():
                got = g.cost(name)
                yield Check(f"costs.{name}", str(n), plain_cost(got), got == Cost.parse(n))
        elif key == "turn":
            for k, v in want.items():
                got = _turn_value(s, k)
                yield Check(f"turn.{k}", show(v), got, got == v)
        elif key == "trash":
            yield from zone_checks("trash", s.trash.names(), want)
        elif key == "black_market":
            market = s.black_market.names()[::-1] if s.black_market is not None else []
            yield from zone_checks("Black Market deck", market, want)
        elif key == "vp":
            for name, v in want.items():
                got = g.vp(g.player(name))
                yield Check(f"vp.{name}", str(v), got, got == v)
        elif key == "pending":
            yield from _pending_checks(g, want)
        elif key == "game_over":
            yield Check("game_over", show(want), g.over, g.over == want)
        elif key == "winners":
            yield Check("winners", show(want), sorted(g.winners),
                        Counter(want) == Counter(g.winners))
        elif key == "log_cites":
            cited = g.log.rules_cited()
            missing = [r for r in want if r not in cited]
            yield Check("log_cites", ", ".join(want),
                        "no citation of " + ", ".join(missing) if missing else "all cited",
                        not missing)
