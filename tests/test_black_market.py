"""Black Market (Promo): buying outside the Buy phase from a deck of Kingdom cards not in the
Supply (issue 24). The rulings are in rulebook/data/rulings.toml, each with its source; the
scenarios checker/scenarios/outside/black-market-*.yaml state them as a judge asks them."""

from __future__ import annotations

import pytest
from dominion_tavern.checker.format.load import ScenarioError, load_scenario
from dominion_tavern.rulebook.carddata import CARDS, EVENTS
from dominion_tavern.rulebook.cards import BEHAVIOURS
from dominion_tavern.rulebook.engine.game import replay
from dominion_tavern.rulebook.position import PositionError
from dominion_tavern.rulebook.setup import Setup
from dominion_tavern.rulebook.simulate.games import play_game
from helpers import position


def market(g) -> list[str]:
    """The Black Market deck, top card first."""
    return g.state.black_market.names()[::-1]


def test_a_setup_gives_the_deck_in_order_and_the_game_shuffles_one_otherwise() -> None:
    """Black Market's printed text: "Before the game, make a Black Market deck out of one copy
    of each Kingdom card not in the Supply"."""
    g = position(["Black Market"], black_market=["Smithy", "Market"])
    assert market(g) == ["Smithy", "Market"]
    g = position(["Black Market", "Village"])
    names = market(g)
    assert "Village" not in names and "Black Market" not in names and "Smithy" in names
    assert len(names) == len(set(names))
    # a Potion-cost card in the Black Market deck brings the Potion pile (Dominion Strategy
    # Wiki, 'Black Market' page; rule cost.potion)
    assert "Potion" in g.state.supply


@pytest.mark.parametrize("deck, kingdom, message", [
    (["Village"], ["Black Market", "Village"], "is in the Kingdom"),
    (["Gold"], ["Black Market"], "not a Kingdom card"),
    (["Smithy", "Smithy"], ["Black Market"], "named twice"),
    (["Smithy"], ["Village"], "needs Black Market in the Kingdom"),
])
def test_a_deck_the_rules_do_not_allow_is_refused(deck, kingdom, message) -> None:
    with pytest.raises(PositionError, match=message):
        position(kingdom, black_market=deck)


def test_a_buy_from_it_uses_no_buy_and_treasures_stay_playable() -> None:
    """Ruling black-market.buy-no-buy-used (Black Market FAQ, first printing)."""
    g = position(["Black Market"], black_market=["Smithy", "Market", "Cellar", "Moat"],
                 ann={"hand": ["Black Market", "Silver", "Copper"]})
    g.answer("play Black Market")
    assert "buy Market" not in g.legal()  # $2: the Market costs $5
    why = g.pending.closed_for("buy Market")
    assert why is not None and why.rule == "buy.black-market" and "$5" in why.reason()
    g.answer("play Silver")
    g.answer("buy Smithy")
    g.answer("put on the bottom: Cellar, Market")
    t = g.state.turn
    assert (t.buys, t.coins, t.treasures_closed) == (1, 0, False)
    assert market(g) == ["Moat", "Cellar", "Market"]
    assert "play Copper" in g.legal()


def test_nothing_is_bought_from_it_in_missions_turn() -> None:
    """Ruling mission.black-market (wiki, Mission, other rules clarifications)."""
    g = position(["Black Market"], black_market=["Smithy", "Market", "Cellar"],
                 turn={"extra": "Mission", "number": 3, "coins": 5},
                 ann={"hand": ["Black Market", "Copper"]})
    g.answer("play Black Market")
    assert [x for x in g.legal() if x.startswith("buy ")] == ["buy nothing"]
    why = g.pending.closed_for("buy Cellar")
    assert why is not None and why.rule == "turn.extra"


def test_black_market_swept_by_random_games() -> None:
    """Random bots with Black Market in the Kingdom: no card lost or created, the answers
    replay to the same log, and something was bought from the deck."""
    bought = 0
    for k in range(6):
        setup = Setup(kingdom=["Black Market", "Village", "Smithy", "Market", "Page",
                               "Coin of the Realm", "Haunted Woods", "Swamp Hag", "Engineer",
                               "University"],
                      events=["Mission"] if k % 2 else [], seed=k,
                      ruleset=("2015", "current")[k % 2])
        total = len(setup.build()[0].all_cards())
        g, result = play_game(setup, ["random", "random"], k)
        assert result.finished and len(g.state.all_cards()) == total
        assert replay(setup.build, g.answers).log.text() == g.log.text()
        bought += g.log.text().count("from the Black Market deck [turn.buy.purchase]")
    assert bought > 0


def _scenario(tmp_path, setup: str):
    path = tmp_path / "bm.yaml"
    path.write_text("meta: {id: bm, question: \"?\", rules: [buy.black-market]}\n"
                    f"setup:\n{setup}\n", "utf-8")
    return load_scenario(path)


def test_a_card_bought_from_the_deck_may_be_placed_once(tmp_path) -> None:
    """The loader accepts a Kingdom card outside the Supply in a player's zones when Black
    Market is in the Kingdom (it was bought from the deck), and refuses a second copy."""
    ok = _scenario(tmp_path, "  kingdom: [Black Market]\n  black_market: [Market]\n"
                             "  players: [{name: Ann, discard: [Smithy]}, {name: Bob}]")
    state, _ = ok.factory()()
    assert state.players[0].discard.names() == ["Smithy"]
    with pytest.raises(ScenarioError, match="one copy of it"):
        _scenario(tmp_path, "  kingdom: [Black Market]\n  black_market: [Smithy]\n"
                            "  players: [{name: Ann, discard: [Smithy]}, {name: Bob}]")
    with pytest.raises(ScenarioError, match="Smithy is not in this game"):
        _scenario(tmp_path, "  kingdom: [Village]\n"
                            "  players: [{name: Ann, discard: [Smithy]}, {name: Bob}]")


def test_events_are_never_in_the_deck() -> None:
    """Ruling black-market.no-events (Black Market's printed text; github
    Mark-Lauman/DominionPicker#27): the deck a game makes is every Kingdom card in scope not
    in the Kingdom, no Event among them; a deck naming an Event is refused with why."""
    g = position(["Black Market", "Village"], events=["Alms", "Inheritance"])
    names = set(market(g))
    assert not names & set(EVENTS)
    assert names == {n for n, d in CARDS.items() if d.kingdom and d.supply
                     and n in BEHAVIOURS} - {"Black Market", "Village"}
    with pytest.raises(PositionError, match=r"black_market\[0\]: Alms is an Event.*never "
                       r"Events \(rule buy.black-market\)"):
        position(["Black Market"], black_market=["Alms", "Smithy"])


def test_a_night_card_bought_from_it_is_played_in_the_night_phase() -> None:
    """A card bought from the Black Market deck is in the game like any other: Ghost Town,
    gained to the hand (its text: "This is gained to your hand (instead of your discard
    pile)"), is offered in the Night phase (rule turn.night), though no Night card is in the
    Supply."""
    g = position(["Black Market"], black_market=["Ghost Town", "Smithy", "Market"],
                 ann={"hand": ["Black Market", "Gold", "Silver"]})
    g.answer("play Black Market")
    g.answer("play Gold")
    g.answer("buy Ghost Town")
    g.answer("put on the bottom: Market, Smithy")
    g.answer("end Buy phase")
    assert g.pending.prompt == "Night phase: play a Night card?"
    assert "play Ghost Town" in g.legal()


def test_a_card_bought_from_it_has_its_abilities_while_in_play() -> None:
    """Goons bought from the Black Market deck works like any Goons once played: "While this is
    in play, when you buy a card, +1 VP" (its text) though no Goons was anywhere else when the
    game started."""
    g = position(["Black Market"], black_market=["Goons", "Smithy", "Market"],
                 ann={"hand": ["Black Market", "Gold", "Gold"]},
                 bob={"hand": ["5 Copper"], "deck": ["5 Copper"]})
    for answer in ("play Black Market", "play Gold", "play Gold", "buy Goons",
                   "put on the bottom: Market, Smithy", "end Buy phase", "end Buy phase",
                   "play Goons", "play all Treasures", "buy Silver"):
        g.answer(answer)  # Ann's next hand is all 4 of her cards, Goons among them
    assert g.player("Ann").vp_tokens == 1
