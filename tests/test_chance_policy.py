"""A multi-turn question with a policy (issue 26): Ann opened Silver/Smithy and plays the
smithy-big-money bot; how likely is a Gold bought by turn N? The explorer follows the bot,
branches only on chance and merges equal states; its answer is checked against an independent
Markov chain written here over the cards' names (rule ``chance.unknown-order``: cards in
unknown order are equally likely in every order, so a draw of k from them is hypergeometric;
rule ``draw.shuffle``: when the deck runs out the discard pile is shuffled to form a new one;
Clean-up discards before drawing the next hand, Dominion rulebook, Clean-up phase), and
against seeded games of the same bot (rulebook/simulate/turns.py) within a 99% interval."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb

import pytest
from dominion_tavern.checker.explore import explore
from dominion_tavern.checker.format.policies import Policies
from dominion_tavern.checker.reading.stop_points import ExploreError, Stop
from dominion_tavern.rulebook.position import build
from dominion_tavern.rulebook.simulate.turns import Share, shares

POOL = ["7 Copper", "3 Estate", "Silver", "Smithy"]
OPENED = {"kingdom": ["Smithy"],
          "players": [{"name": "Ann", "turns_taken": 2, "hand": {"unknown": 5, "pool": POOL}}],
          "turn": {"player": "Ann", "number": 3, "phase": "start"}}
BOT = {"Ann": "smithy-big-money"}



def _key(c: Counter) -> tuple:
    return tuple(sorted((n, k) for n, k in c.items() if k))


def _take(deck: Counter, k: int):
    """Every multiset of k cards drawn from ``deck`` (cards in unknown order), with its
    chance: the ways to pick so many of each name over the ways to pick any k."""
    names = sorted(n for n in deck if deck[n])
    total = sum(deck.values())
    for picks in product(*[range(min(deck[n], k) + 1) for n in names]):
        if sum(picks) == k:
            ways = 1
            for n, m in zip(names, picks, strict=True):
                ways *= comb(deck[n], m)
            yield Counter(dict(zip(names, picks, strict=True))), Fraction(ways, comb(total, k))


def _draw(n: int, deck: Counter, discard: Counter):
    """(drawn, deck, discard, chance) of drawing n cards, the discard pile shuffled in as a
    new deck when the deck runs out (fewer if both run out)."""
    size = sum(deck.values())
    if size >= n:
        for got, p in _take(deck, n):
            yield got, deck - got, discard, p
        return
    rest = min(n - size, sum(discard.values()))
    for got, p in _take(discard, rest):
        yield deck + got, discard - got, Counter(), p


def _turn(hand: Counter, deck: Counter, discard: Counter):
    """One turn of Smithy Big Money: (bought, next hand, deck, discard, chance)."""
    played: list[str] = []
    if hand["Smithy"]:
        played = ["Smithy"]
        branches = [(hand - Counter(played) + got, d, dc, p)
                    for got, d, dc, p in _draw(3, deck, discard)]
    else:
        branches = [(hand, deck, discard, Fraction(1))]
    for h, d, dc, p in branches:
        coins = h["Copper"] + 2 * h["Silver"] + 3 * h["Gold"]
        buy = next((card for card, cost in (("Province", 8), ("Gold", 6), ("Silver", 3))
                    if coins >= cost), None)
        dc = dc + h + Counter(played) + Counter([buy] if buy else [])
        for nh, nd, ndc, q in _draw(5, d, dc):
            yield buy, nh, nd, ndc, p * q


def gold_by_turn(cards: list[str], first: int, last: int) -> dict[int, Fraction]:
    """The chance that a Gold was bought by the end of each turn from ``first`` to ``last``,
    the first hand 5 of ``cards`` in unknown order."""
    dist: Counter = Counter()
    for h, d, dc, p in _draw(5, Counter(cards), Counter()):
        dist[(_key(h), _key(d), _key(dc), False)] += p
    out = {}
    for t in range(first, last + 1):
        after: Counter = Counter()
        for (h, d, dc, gold), p in dist.items():
            for buy, nh, nd, ndc, q in _turn(Counter(dict(h)), Counter(dict(d)),
                                             Counter(dict(dc))):
                after[(_key(nh), _key(nd), _key(ndc), gold or buy == "Gold")] += p * q
        dist = after
        out[t] = sum(p for k, p in dist.items() if k[3])
    return out


def _cards(pool: list[str]) -> list[str]:
    return [name for entry in pool
            for count, name in [entry.split(" ", 1) if entry[0].isdigit() else (1, entry)]
            for _ in range(int(count))]


@pytest.fixture(scope="module")
def chain() -> dict[int, Fraction]:
    return gold_by_turn(_cards(POOL), 3, 6)


@pytest.mark.parametrize("turn", [3, 4])
def test_the_explorer_following_the_bot_matches_the_markov_chain(turn, chain):
    ex = explore(lambda: build(OPENED), [], {"at": "end-of-turn", "turn": turn}, ["piles.Gold"],
                 policies=Policies(BOT))
    assert not ex.truncated and ex.unexplored == 0
    got = {o.values["piles.Gold"]: o.probability for o in ex.outcomes}
    assert sum(p for gold, p in got.items() if gold < 30) == chain[turn]
    assert chain[3] == Fraction(25, 88)  # $6 or $7 in the first hand (with Smithy's 3 cards)


def test_seeded_games_of_the_same_bot_agree_within_their_interval(chain):
    """1,000 games (seeds 1 to 1000): each turn's share of games with a Gold bought holds the
    exact probability in its 99% Wilson interval (seeded: the same games every run)."""
    found = shares(OPENED, BOT, 1000, 6, lambda g: len(g.state.supply["Gold"].cards) < 30)
    assert sorted(found) == [3, 4, 5, 6]
    for turn, share in found.items():
        assert share.games == 1000
        assert share.holds(float(chain[turn])), (turn, share.rate, share.interval(),
                                                 float(chain[turn]))


def test_a_share_s_interval():
    lo, hi = Share(0, 100).interval()
    assert lo == 0 and 0.05 < hi < 0.07   # Wilson: 99% upper bound for 0 of 100 is z²/(n+z²)
    lo, hi = Share(50, 100).interval()
    assert lo < 0.5 < hi and abs((0.5 - lo) - (hi - 0.5)) < 1e-12
    assert not Share(90, 100).holds(0.5)


def test_a_stop_at_a_later_turn_is_read_and_a_bad_one_refused():
    assert Stop.parse({"at": "end-of-turn", "turn": 5}).describe() == "at the end of turn 5"
    assert Stop.parse({"at": "end-of-phase", "phase": "buy", "turn": 4}).describe() == \
        "at the end of the buy phase of turn 4"
    for bad in ({"at": "end-of-turn", "turn": 0}, {"at": "end-of-turn", "turn": "5"},
                {"decisions": 2, "turn": 4}):
        with pytest.raises(ExploreError, match="turn"):
            Stop.parse(bad)
    with pytest.raises(ExploreError, match="never reached"):  # turn 2 is over already
        explore(lambda: build(OPENED), [], {"at": "end-of-turn", "turn": 2}, ["piles.Gold"],
                policies=Policies(BOT))
