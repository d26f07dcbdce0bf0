"""Guilds: Masterpiece, a Treasure that can be overpaid for (rule ``buy.overpay``), and Baker,
which gives Coffers (rule ``coffers``)."""

from __future__ import annotations

from dominion_tavern.rulebook.engine.registry import on_play, treasure, when_bought, when_gained

treasure("Masterpiece", 1)

SILVERS = "gain a Silver per $1 overpaid"


def _overpaid_2015(g, p, me, event) -> bool:
    """First printing: "When you buy this, you may overpay for it. If you do, ..."."""
    return g.ruleset == "2015" and event["overpaid"] > 0


def _overpaid_current(g, p, me, event) -> bool:
    """Current: "Overpay: ..." happens when it is gained, if it was overpaid for."""
    return g.ruleset == "current" and event["overpaid"] > 0


@when_bought("Masterpiece", SILVERS, _overpaid_2015)
def masterpiece_bought(g, p, me, event):
    yield from _gain_silvers(g, p, event["overpaid"])


@when_gained("Masterpiece", SILVERS, _overpaid_current)
def masterpiece_gained(g, p, me, event):
    yield from _gain_silvers(g, p, event["overpaid"])


def _gain_silvers(g, p, n: int):
    for _ in range(n):
        yield from g.gain(p, "Silver")


@on_play("Baker")
def baker(g, p, me):
    yield from g.draw(p, 1)
    g.plus_actions(p, 1)
    g.plus_coffers(p, 1)
