"""Coffers (Guilds, Renaissance) and Baker, the card that gives them, met by Adventures cards
(issue 24). Sources: the Dominion Strategy wiki's 'Coffers' page (Guilds rules of 2013 and
2018; the 2023 Cornucopia & Guilds second edition rules and their Other rules clarifications)
and 'Cornucopia & Guilds' page (Baker's setup); the scenarios in checker/scenarios/outside/
ask the same rulings as a judge would."""

from __future__ import annotations

import pytest
from dominion_tavern.checker.format.dump import to_spec
from dominion_tavern.notebooks.widgets.game_html import player_html
from dominion_tavern.rulebook.engine.turn import BuyOffer
from dominion_tavern.rulebook.setup import Setup
from dominion_tavern.rulebook.simulate.bots import BigMoney
from helpers import BOTH, position, random_game_keeps_every_card

OTHERS = ["Village", "Smithy", "Market", "Cellar", "Moat", "Militia", "Witch", "Mine",
          "Library"]


def test_baker_setup_gives_each_player_one_coffers() -> None:
    """Cornucopia & Guilds page: with Baker each player starts with 1 Coffers; without it, none."""
    with_baker, _ = Setup(kingdom=["Baker", *OTHERS], players=["Ann", "Bob", "Cid"]).build()
    assert [p.coffers for p in with_baker.players] == [1, 1, 1]
    without, _ = Setup(kingdom=["Festival", *OTHERS]).build()
    assert [p.coffers for p in without.players] == [0, 0]


def test_baker_in_a_black_market_deck_sets_up_coffers() -> None:
    """A card of the Black Market deck brings its setup (as a Potion-cost one brings Potion)."""
    kingdom = ["Black Market", *OTHERS]
    state, _ = Setup(kingdom=kingdom).build()
    assert "Baker" in [c.name for c in state.black_market.cards]
    assert [p.coffers for p in state.players] == [1, 1]


@BOTH
def test_baker_gives_card_action_and_coffers(ruleset) -> None:
    """Baker: +1 Card, +1 Action, +1 Coffers (2015 wording: take a Coin token); the token stays
    on the mat after the turn."""
    g = position(["Baker"], ruleset=ruleset, ann={"hand": ["Baker"], "deck": ["Silver"]})
    g.answer("play Baker")
    ann = g.player("Ann")
    assert ann.coffers == 1 and [c.name for c in ann.hand] == ["Silver"]
    assert g.state.turn.actions == 1
    assert "Ann gets +1 Coffers (now 1) [coffers]" in g.log.text()


@BOTH
def test_coffers_in_the_action_phase(ruleset) -> None:
    """Coffers page: Guilds rules, only in the Buy phase (asked for, the answer says why);
    2023 rules, at any time during your turn."""
    g = position(["Baker", "Village"], ruleset=ruleset, ann={"hand": ["Village"], "coffers": 2})
    if ruleset == "2015":
        assert g.legal() == ["play Village", "end Action phase"]
        why = g.pending.closed_for("spend 1 Coffers")
        assert why is not None and why.rule == "coffers.spend" and "Buy phase" in why.why
    else:
        assert g.legal() == ["play Village", "spend 1 Coffers", "spend 2 Coffers",
                             "end Action phase"]
        g.answer("spend 2 Coffers")
        assert g.state.turn.coins == 2 and g.player("Ann").coffers == 0
        assert "Ann spends 2 Coffers (+$2; 0 left) [coffers.spend]" in g.log.text()


@BOTH
def test_coffers_after_buying(ruleset) -> None:
    """Coffers page: Guilds rules, before buying anything; 2023 rules, after buying too."""
    g = position(["Baker"], ruleset=ruleset, phase="buy", turn={"coins": 3, "buys": 2},
                 ann={"coffers": 2})
    assert "spend 2 Coffers" in g.legal()
    g.answer("buy Silver")
    if ruleset == "2015":
        assert g.legal() == ["buy Copper", "buy Curse", "end Buy phase"]
        why = g.pending.closed_for("spend 1 Coffers")
        assert why is not None and why.rule == "coffers.spend"
    else:
        g.answer("spend 2 Coffers")
        assert g.state.turn.coins == 2


def test_coffers_are_no_buy_and_only_on_the_players_turn() -> None:
    """Spending Coffers uses no Buy; another player's Coffers are never offered."""
    g = position(["Baker"], phase="buy", turn={"coins": 0, "buys": 1},
                 ann={"coffers": 1}, bob={"coffers": 3})
    offer = BuyOffer(g)
    assert list(offer.values())[-2:] == [("coffers", 1), ("end", None)]
    assert offer.allows(("coffers", 1)) and not offer.allows(("coffers", 2))
    g.answer("spend 1 Coffers")
    assert g.state.turn.buys == 1 and g.state.turn.coins == 1
    assert not any("Coffers" in a for a in g.legal())


@BOTH
def test_black_market_and_coffers(ruleset) -> None:
    """Coffers page (Guilds rules): Coin tokens cannot be used when buying via Black Market;
    2023 rules: at any time in the turn, so while Black Market offers its cards too."""
    g = position(["Black Market", "Baker"], ruleset=ruleset,
                 black_market=["Smithy", "Market", "Cellar"],
                 ann={"hand": ["Black Market"], "coffers": 2})
    g.answer("play Black Market")
    offered = "spend 2 Coffers" in g.legal()
    assert offered == (ruleset == "current")
    if offered:
        g.answer("spend 2 Coffers")
        assert "buy Smithy" in g.legal()
    else:
        why = g.pending.closed_for("spend 2 Coffers")
        assert why is not None and why.rule == "coffers.spend"


def test_coffers_are_written_by_dump_and_shown_with_the_tokens() -> None:
    """tavern dump writes them; the stepper and the desk show them beside the other tokens."""
    g = position(["Baker"], ann={"coffers": 3})
    assert to_spec(g)["players"][0]["coffers"] == 3
    assert "3 Coffers" in player_html(g.state, g.player("Ann"))
    assert "Coffers" not in player_html(g.state, g.player("Bob"))


@pytest.mark.parametrize("k", range(4))
def test_random_games_with_baker(k: int) -> None:
    """Random bots play Baker and spend Coffers at random (with Black Market and Storyteller):
    no card lost or created, the answers replay to the same log."""
    setup = Setup(kingdom=["Baker", "Black Market", "Storyteller", "Village", "Smithy",
                           "Market", "Page", "Engineer", "Haunted Woods", "Coin of the Realm"],
                  seed=k, players=["Ann", "Bob", "Cid"][: 2 + k % 2],
                  ruleset=("2015", "current")[k % 2])
    random_game_keeps_every_card(setup, k)


def test_big_money_spends_coffers_only_to_reach_a_province() -> None:
    """The Big Money bot spends just the Coffers that reach $8 (or $6), and keeps the rest."""
    g = position(["Baker"], phase="buy", turn={"coins": 6}, ann={"coffers": 3})
    bot = BigMoney()
    g.answer(bot.choose(g, g.pending))
    assert g.player("Ann").coffers == 1 and g.state.turn.coins == 8
    g.answer(bot.choose(g, g.pending))
    assert [c.name for c in g.player("Ann").discard] == ["Province"]
