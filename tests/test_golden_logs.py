"""Seeded whole games whose logs were recorded before a change that must not alter any game
(the engine's speed work, issue 14): the same setups, seeds and bots give the same log, byte
for byte, and the same answers.

The record (``tests/golden/logs.json``) keeps, per game, a SHA-256 of its log text and of its
answers, and their lengths. Record it again only for a change that is meant to alter logs, and
say so in that commit: ``python tests/test_golden_logs.py --record``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest
from dominion_tavern.rulebook.carddata import CARDS, EVENTS
from dominion_tavern.rulebook.setup import Setup
from dominion_tavern.rulebook.simulate.games import play_game
from helpers import KINGDOM_CARDS

RECORD = Path(__file__).with_name("golden") / "logs.json"
#: The sets whose Kingdom cards the random Kingdoms were drawn from when the logs were recorded:
#: cards added from other sets later (Alchemy, Empires...) do not change which games are played.
RECORDED_SETS = ("base-2e", "adventures", "intrigue-2e", "prosperity")
RECORDED_CARDS = [n for n in KINGDOM_CARDS if CARDS[n].set in RECORDED_SETS]
GENTLE_INTRO = ["Amulet", "Distant Lands", "Duplicate", "Giant", "Hireling", "Port", "Ranger",
                "Ratcatcher", "Treasure Trove", "Village"]


def games() -> list[dict]:
    """100 Big Money mirrors (First Game), 100 random-bot games on the Gentle Intro, 100 on
    random Kingdoms with Events, 2 or 3 players; both rulesets."""
    out = [{"kingdom": "first-game", "events": [], "bots": ["big-money"] * 2,
            "ruleset": "current", "seed": s} for s in range(100)]
    out += [{"kingdom": GENTLE_INTRO, "events": [], "bots": ["random", "big-money"],
             "ruleset": ("2015", "current")[s % 2], "seed": s} for s in range(100)]
    rng = random.Random(14)
    for s in range(100):
        out.append({"kingdom": rng.sample(RECORDED_CARDS, 10),
                    "events": rng.sample(sorted(EVENTS), rng.randint(0, 3)),
                    "bots": ["random"] * (2 + s % 2), "ruleset": ("2015", "current")[s % 2],
                    "seed": 1000 + s})
    return out


def setup_of(spec: dict) -> Setup:
    players = ["Ann", "Bob", "Cid"][: len(spec["bots"])]
    return Setup(kingdom=spec["kingdom"], events=spec["events"], players=players,
                 ruleset=spec["ruleset"], seed=spec["seed"])


def fingerprint(spec: dict) -> dict:
    g, _ = play_game(setup_of(spec), spec["bots"], spec["seed"])
    log = g.log.text()
    answers = "\n".join(g.answers)
    return {"log": hashlib.sha256(log.encode()).hexdigest(), "entries": len(g.log),
            "answers": hashlib.sha256(answers.encode()).hexdigest(), "answered": len(g.answers)}


GAMES = games()


@pytest.fixture(scope="module")
def record() -> list[dict]:
    return json.loads(RECORD.read_text())


@pytest.mark.parametrize("k", range(len(GAMES)))
def test_same_game_as_recorded(k: int, record: list[dict]) -> None:
    assert len(record) == len(GAMES)
    assert fingerprint(GAMES[k]) == record[k], f"game {k} ({GAMES[k]}) changed"


@pytest.mark.parametrize("k", range(0, len(GAMES), 3))
def test_a_game_without_a_log_plays_the_same(k: int, record: list[dict]) -> None:
    """Simulations keep no log (nobody reads it); the rules never read it, so the game is the
    same: the same answers, turns and scores as the recorded, logged game."""
    spec = GAMES[k]
    g, result = play_game(setup_of(spec), spec["bots"], spec["seed"], log=False)
    assert g.log is None
    answers = hashlib.sha256("\n".join(g.answers).encode()).hexdigest()
    assert (answers, len(g.answers)) == (record[k]["answers"], record[k]["answered"])
    logged = play_game(setup_of(spec), spec["bots"], spec["seed"])[1]
    assert (result.winners, result.scores, result.turns) == \
        (logged.winners, logged.scores, logged.turns)


if __name__ == "__main__" and sys.argv[1:] == ["--record"]:
    RECORD.parent.mkdir(exist_ok=True)
    RECORD.write_text(json.dumps([fingerprint(spec) for spec in GAMES], indent=0) + "\n")
    print(f"recorded {len(GAMES)} games into {RECORD}")
