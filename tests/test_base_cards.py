"""Dominion (2nd edition) base cards, one test per ruling in ``rulebook/data/rulings.toml``.

Each test names its ruling (``Ruling <card>.<point>``) and the ruling's source; the check in
``test_rulings_data.py`` makes sure every cited id exists. Positions are built with
``tests/helpers.py``; decisions are answered by their labels.
"""

from __future__ import annotations

import pytest
from dominion_tavern.rulebook.engine.registry import BEHAVIOURS, Behaviour
from dominion_tavern.rulebook.setup import Setup, new_game
from helpers import deck, entries, names, position, to_buy

KINGDOM = ["Village", "Smithy", "Market", "Workshop"]


def idle(g, who="Ann"):
    """The card has finished without asking anything more: the turn's player is choosing in
    their Action or Buy phase again (an Action phase with no Action left to play passes by
    itself, rule choice.only-option)."""
    return g.pending.player == who and g.pending.rule in ("turn.action", "turn.buy")


def owned_named(g, name):
    return sum(1 for c in g.state.all_cards() if c.name == name)


def setup_game(kingdom="first-game", players=2, **kw):
    names_ = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"][:players]
    return new_game(Setup(kingdom=kingdom, players=names_, **kw))


# -- basic cards: pile sizes ---------------------------------------------------------------

@pytest.mark.parametrize(("players", "coppers"), [(2, 60), (3, 60), (4, 60), (5, 120), (6, 120)])
def test_copper_pile_size(players, coppers):
    """Ruling copper.pile-size (Dominion rulebook, card FAQ: Copper; 2nd ed. rulebook, 5-6
    players: a second set's Coppers are added): 60 Coppers in all, 120 with 5 or 6 players,
    the starting decks' 7 each coming out of them."""
    g = setup_game(players=players)
    assert owned_named(g, "Copper") == coppers
    assert len(g.state.supply["Copper"]) == coppers - 7 * players


@pytest.mark.parametrize(("players", "silvers", "golds"), [(2, 40, 30), (4, 40, 30), (5, 80, 60),
                                                           (6, 80, 60)])
def test_silver_and_gold_pile_sizes(players, silvers, golds):
    """Ruling silver.pile-size and Ruling gold.pile-size (Dominion rulebook, card FAQs:
    Silver, Gold; 2nd ed. rulebook, 5-6 players: a second set's Silvers and Golds are
    added)."""
    supply = setup_game(players=players).state.supply
    assert (len(supply["Silver"]), len(supply["Gold"])) == (silvers, golds)


@pytest.mark.parametrize(("players", "size"), [(2, 8), (3, 12), (4, 12), (6, 12)])
def test_estate_pile_size(players, size):
    """Ruling estate.pile-size (Dominion rulebook, card FAQ: Estate): besides the 3 starting
    Estates each player has."""
    g = setup_game(players=players)
    assert len(g.state.supply["Estate"]) == size
    assert owned_named(g, "Estate") == size + 3 * players


@pytest.mark.parametrize(("players", "size"), [(2, 8), (3, 12), (5, 12)])
def test_duchy_pile_size(players, size):
    """Ruling duchy.pile-size (Dominion rulebook, card FAQ: Duchy)."""
    assert len(setup_game(players=players).state.supply["Duchy"]) == size


@pytest.mark.parametrize(("players", "size"), [(2, 8), (3, 12), (4, 12), (5, 15), (6, 18)])
def test_province_pile_size(players, size):
    """Ruling province.pile-size (Dominion rulebook, card FAQ: Province)."""
    assert len(setup_game(players=players).state.supply["Province"]) == size


def test_curse_always_in_supply():
    """Ruling curse.always-in-supply (Dominion rulebook, card FAQ: Curse): no Witch (or any
    cursing card) in the Kingdom, yet Curses are a Supply pile."""
    g = setup_game()  # First Game: no card that gives Curses
    assert "Curse" in g.state.supply
    assert len(g.state.supply["Curse"]) == 10
    g = position(kingdom=[])
    assert "Curse" in g.state.supply


@pytest.mark.parametrize(("players", "size"), [(2, 10), (3, 20), (4, 30), (5, 40), (6, 50)])
def test_curse_pile_size(players, size):
    """Ruling curse.pile-size (Dominion rulebook, card FAQ: Curse)."""
    assert len(setup_game(players=players).state.supply["Curse"]) == size


# -- Artisan -------------------------------------------------------------------------------

def test_artisan_gain_to_hand():
    """Ruling artisan.gain-to-hand (Dominion rulebook, card FAQ: Artisan)."""
    g = position(kingdom=["Artisan", *KINGDOM], ann={"hand": ["Artisan", "Estate"]})
    g.answer("play Artisan")
    g.answer("gain Silver")
    ann = g.player("Ann")
    assert names(ann.hand) == ["Estate", "Silver"]
    assert names(ann.discard) == []
    assert len(g.state.supply["Silver"]) == 39
    assert g.legal() == ["topdeck Estate", "topdeck Silver"]
    g.answer("topdeck Estate")
    assert names(ann.hand) == ["Silver"]
    assert deck(g, "Ann") == ["Estate"]


def test_artisan_fixed_cap():
    """Ruling artisan.fixed-cap (Dominion rulebook, card FAQ: Artisan): $7 already made does
    not let Artisan gain a Gold or Province."""
    g = position(kingdom=["Artisan", *KINGDOM], ann={"hand": ["Artisan"]},
                 turn={"coins": 7})
    g.answer("play Artisan")
    assert sorted(g.legal()) == sorted(
        ["gain Copper", "gain Silver", "gain Estate", "gain Duchy", "gain Curse",
         "gain Village", "gain Smithy", "gain Market", "gain Workshop"])


def test_artisan_topdeck_any():
    """Ruling artisan.topdeck-any (Dominion rulebook, card FAQ: Artisan): the gained card
    itself may be the one put on the deck."""
    g = position(kingdom=["Artisan"], ann={"hand": ["Artisan", "Estate"], "deck": ["Copper"]})
    g.answer("play Artisan")
    g.answer("gain Duchy")
    assert g.pending.player == "Ann" and g.pending.card == "Artisan"
    assert g.legal() == ["topdeck Estate", "topdeck Duchy"]
    g.answer("topdeck Duchy")
    assert names(g.player("Ann").hand) == ["Estate"]
    assert deck(g, "Ann") == ["Duchy", "Copper"]


# -- Bandit --------------------------------------------------------------------------------

def test_bandit_gold_first():
    """Ruling bandit.gold-first (Dominion rulebook, card FAQ: Bandit): the Gold is gained to
    the discard pile before anyone reveals."""
    g = position(kingdom=["Bandit"], ann={"hand": ["Bandit"]},
                 bob={"deck": ["Silver", "Gold"]})
    g.answer("play Bandit")
    assert names(g.player("Ann").discard) == ["Gold"]
    assert names(g.player("Ann").hand) == []
    verbs = [(e.player, e.verb) for e in g.log if e.verb in ("gains", "reveals")]
    assert verbs == [("Ann", "gains"), ("Bob", "reveals")]


def test_bandit_reveal_two():
    """Ruling bandit.reveal-two (Dominion rulebook, card FAQ: Bandit): clockwise from the
    Bandit's player, each reveals exactly their top 2 cards."""
    g = position(kingdom=["Bandit"], turn={"player": "Bob"}, bob={"hand": ["Bandit"]},
                 ann={"deck": ["Estate", "Copper", "Duchy"]},
                 cid={"deck": ["Copper", "Estate", "Province"]})
    g.answer("play Bandit")
    reveals = [(e.player, e.cards) for e in entries(g, "reveals")]
    assert reveals == [("Cid", ("Copper", "Estate")), ("Ann", ("Estate", "Copper"))]
    assert deck(g, "Ann") == ["Duchy"]
    assert deck(g, "Cid") == ["Province"]


def test_bandit_trash_choice():
    """Ruling bandit.trash-choice (Dominion rulebook, card FAQ: Bandit): Silver and Gold
    revealed, the attacked player picks which to trash; the other is discarded."""
    g = position(kingdom=["Bandit"], ann={"hand": ["Bandit"]},
                 bob={"deck": ["Silver", "Gold", "Estate"]})
    g.answer("play Bandit")
    assert g.pending.player == "Bob"
    assert g.legal() == ["trash Silver", "trash Gold"]
    g.answer("trash Gold")
    assert names(g.state.trash) == ["Gold"]
    assert names(g.player("Bob").discard) == ["Silver"]
    assert deck(g, "Bob") == ["Estate"]


def test_bandit_no_target():
    """Ruling bandit.no-target (Dominion rulebook, card FAQ: Bandit): Copper and Estate
    revealed: nothing trashed, both discarded, no question asked."""
    g = position(kingdom=["Bandit"], ann={"hand": ["Bandit"]},
                 bob={"deck": ["Copper", "Estate", "Gold"]})
    g.answer("play Bandit")
    assert g.pending.player == "Ann"  # back in Ann's Action phase
    assert names(g.state.trash) == []
    assert sorted(names(g.player("Bob").discard)) == ["Copper", "Estate"]
    assert deck(g, "Bob") == ["Gold"]


# -- Bureaucrat ----------------------------------------------------------------------------

def test_bureaucrat_silver_on_empty_deck():
    """Ruling bureaucrat.silver-on-empty-deck (Dominion rulebook, card FAQ: Bureaucrat): the
    Silver becomes the whole deck; the discard pile is not shuffled."""
    g = position(kingdom=["Bureaucrat"], ann={"hand": ["Bureaucrat"], "discard": ["Copper"]})
    g.answer("play Bureaucrat")
    assert deck(g, "Ann") == ["Silver"]
    assert names(g.player("Ann").discard) == ["Copper"]
    assert not entries(g, "shuffles")


def test_bureaucrat_victory_on_empty_deck():
    """Ruling bureaucrat.victory-on-empty-deck (Dominion rulebook, card FAQ: Bureaucrat)."""
    g = position(kingdom=["Bureaucrat"], ann={"hand": ["Bureaucrat"]},
                 bob={"hand": ["Estate", "Duchy", "Copper"], "discard": ["Gold"]})
    g.answer("play Bureaucrat")
    assert g.pending.player == "Bob"
    assert g.legal() == ["topdeck Estate", "topdeck Duchy"]
    g.answer("topdeck Duchy")
    assert deck(g, "Bob") == ["Duchy"]
    assert names(g.player("Bob").hand) == ["Estate", "Copper"]
    assert names(g.player("Bob").discard) == ["Gold"]


# -- Cellar --------------------------------------------------------------------------------

def test_cellar_not_self():
    """Ruling cellar.not-self (Dominion rulebook, card FAQ: Cellar)."""
    g = position(kingdom=["Cellar"], ann={"hand": ["Cellar", "Estate", "Copper"]})
    g.answer("play Cellar")
    assert g.pending.labels() == ["Estate", "Copper"]
    assert "discard: Cellar" not in g.legal()
    assert names(g.player("Ann").play) == ["Cellar"]


def test_cellar_discard_then_draw():
    """Ruling cellar.discard-then-draw (Dominion rulebook, card FAQ: Cellar): one discard of
    both cards, then one draw of 2."""
    g = position(kingdom=["Cellar"], ann={"hand": ["Cellar", "Estate", "Estate", "Copper"],
                                          "deck": ["Gold", "Silver", "Duchy"]})
    g.answer("play Cellar")
    g.answer("discard: Estate, Estate")
    moves = [(e.verb, e.cards) for e in entries(g, player="Ann")
             if e.verb in ("discards", "draws")]
    assert moves == [("discards", ("Estate", "Estate")), ("draws", ("Gold", "Silver"))]
    assert names(g.player("Ann").hand) == ["Copper", "Gold", "Silver"]
    assert g.state.turn.actions == 1


def test_cellar_shuffle_includes_discarded():
    """Ruling cellar.shuffle-includes-discarded (Dominion rulebook, card FAQ: Cellar): empty
    deck, discard 3: the draw shuffles those 3 into the new deck and draws them."""
    g = position(kingdom=["Cellar"], ann={"hand": ["Cellar", "Estate", "Duchy", "Province"]})
    g.answer("play Cellar")
    g.answer("discard: Estate, Duchy, Province")
    assert sorted(names(g.player("Ann").hand)) == ["Duchy", "Estate", "Province"]
    assert [e.note for e in entries(g, "shuffles")] == ["3 cards"]
    assert names(g.player("Ann").discard) == []


# -- Chapel --------------------------------------------------------------------------------

def test_chapel_not_self():
    """Ruling chapel.not-self (Dominion rulebook, card FAQ: Chapel)."""
    g = position(kingdom=["Chapel"], ann={"hand": ["Chapel", "Estate", "Copper"]})
    g.answer("play Chapel")
    assert g.pending.labels() == ["Estate", "Copper"]
    g.answer("trash: Estate, Copper")
    assert names(g.state.trash) == ["Estate", "Copper"]
    assert names(g.player("Ann").play) == ["Chapel"]


def test_chapel_other_chapel():
    """Ruling chapel.other-chapel (Dominion rulebook, card FAQ: Chapel)."""
    g = position(kingdom=["Chapel"], ann={"hand": ["Chapel", "Chapel", "Estate"]})
    g.answer("play Chapel")
    assert "trash: Chapel" in g.legal()
    g.answer("trash: Chapel, Estate")
    assert names(g.state.trash) == ["Chapel", "Estate"]
    assert names(g.player("Ann").play) == ["Chapel"]
    assert names(g.player("Ann").hand) == []


# -- Council Room --------------------------------------------------------------------------

def test_council_room_others_must_draw():
    """Ruling council-room.others-must-draw (Dominion rulebook, card FAQ: Council Room):
    nobody is asked; each other player simply draws."""
    g = position(kingdom=["Council Room"],
                 ann={"hand": ["Council Room"], "deck": ["4 Copper"]},
                 bob={"deck": ["Province", "Gold"]}, cid={"deck": ["Curse"]})
    g.answer("play Council Room")
    assert g.pending.player == "Ann"
    assert names(g.player("Bob").hand) == ["Province"]
    assert names(g.player("Cid").hand) == ["Curse"]
    assert names(g.player("Ann").hand) == ["Copper"] * 4
    assert g.state.turn.buys == 2


def test_council_room_shuffle_as_needed():
    """Ruling council-room.shuffle-as-needed (Dominion rulebook, card FAQ: Council Room)."""
    g = position(kingdom=["Council Room"],
                 ann={"hand": ["Council Room"], "deck": ["Copper", "Copper"],
                      "discard": ["Gold", "Gold"]},
                 bob={"discard": ["Province"]})
    g.answer("play Council Room")
    assert sorted(names(g.player("Ann").hand)) == ["Copper", "Copper", "Gold", "Gold"]
    assert names(g.player("Bob").hand) == ["Province"]
    assert [e.player for e in entries(g, "shuffles")] == ["Ann", "Bob"]


# -- Festival ------------------------------------------------------------------------------

def test_festival_action_count():
    """Ruling festival.action-count (Dominion rulebook, card FAQ: Festival): 1 Action:
    Festival (2 left), Market (2 left), Festival (3 left)."""
    g = position(kingdom=["Festival", "Market"],
                 ann={"hand": ["Festival", "Market", "Festival"], "deck": ["Estate"]})
    t = g.state.turn
    g.answer("play Festival")
    assert t.actions == 2
    g.answer("play Market")
    assert t.actions == 2
    g.answer("play Festival")
    assert (t.actions, t.buys, t.coins) == (3, 4, 5)


# -- Gardens -------------------------------------------------------------------------------

def end_game_now(g):
    """From the Buy phase with the Province pile empty: end the turn; the game ends."""
    g.answer("end Buy phase")
    assert g.over
    return {e.player: e.verb for e in entries(g) if e.rule == "game.scoring"}


def test_gardens_victory_not_action():
    """Ruling gardens.victory-not-action (Dominion rulebook, card FAQ: Gardens): never
    playable, neither as an Action nor as a Treasure."""
    g = position(kingdom=["Gardens", "Village"],
                 ann={"hand": ["Gardens", "Village", "Copper"], "deck": ["Estate"]})
    assert g.legal() == ["play Village", "end Action phase"]
    g.answer("end Action phase")
    assert [a for a in g.legal() if a.startswith("play")] == ["play Copper"]


def test_gardens_count_all_cards():
    """Ruling gardens.count-all-cards (Dominion rulebook, card FAQ: Gardens): cards in hand,
    deck, discard pile, play and on mats all count (10 cards: 1 VP for the Gardens)."""
    g = position(kingdom=["Gardens"], phase="buy", piles={"Province": 0},
                 ann={"hand": ["Gardens", "Copper"], "deck": ["2 Copper"],
                      "discard": ["2 Copper"], "play": ["Copper", "Copper"], "mat": ["Copper"],
                      "aside": ["Copper"]})
    assert len(g.player("Ann").owned()) == 10
    assert end_game_now(g)["Ann"] == "scores 1 VP"


def test_gardens_round_down():
    """Ruling gardens.round-down (Dominion rulebook, card FAQ: Gardens): 39 cards, 3 VP."""
    g = position(kingdom=["Gardens"], phase="buy", piles={"Province": 0},
                 ann={"hand": ["Gardens"], "deck": ["38 Copper"]},
                 bob={"hand": ["Gardens"], "deck": ["39 Copper"]})
    scores = end_game_now(g)
    assert scores == {"Ann": "scores 3 VP", "Bob": "scores 4 VP"}


@pytest.mark.parametrize(("players", "size"), [(2, 8), (3, 12), (4, 12)])
def test_gardens_pile_size(players, size):
    """Ruling gardens.pile-size (Dominion rulebook, card FAQ: Gardens)."""
    g = setup_game(kingdom=["Gardens", "Village"], players=players, any_kingdom=True)
    assert len(g.state.supply["Gardens"]) == size
    assert len(g.state.supply["Village"]) == 10


# -- Harbinger -----------------------------------------------------------------------------

def test_harbinger_order():
    """Ruling harbinger.order (Dominion rulebook, card FAQ: Harbinger): the card is drawn and
    the Action given before the discard pile is looked through; a draw that shuffles the
    discard pile leaves nothing to pick."""
    g = position(kingdom=["Harbinger"], ann={"hand": ["Harbinger"], "deck": ["Gold"],
                                             "discard": ["Silver"]})
    g.answer("play Harbinger")
    assert g.pending.card == "Harbinger"
    assert names(g.player("Ann").hand) == ["Gold"]
    assert g.state.turn.actions == 1
    # Empty deck: drawing first shuffles the discard pile, so there is nothing to choose.
    g = position(kingdom=["Harbinger"], ann={"hand": ["Harbinger"], "discard": ["Silver"]})
    g.answer("play Harbinger")
    assert names(g.player("Ann").hand) == ["Silver"]
    assert idle(g)


def test_harbinger_optional():
    """Ruling harbinger.optional (Dominion rulebook, card FAQ: Harbinger)."""
    g = position(kingdom=["Harbinger"], ann={"hand": ["Harbinger"], "deck": ["Gold", "Copper"],
                                             "discard": ["Silver", "Estate"]})
    g.answer("play Harbinger")
    assert g.legal() == ["topdeck Silver", "topdeck Estate", "topdeck nothing"]
    g.answer("topdeck nothing")
    assert deck(g, "Ann") == ["Copper"]
    assert names(g.player("Ann").discard) == ["Silver", "Estate"]
    g = position(kingdom=["Harbinger"], ann={"hand": ["Harbinger"], "deck": ["Gold", "Copper"],
                                             "discard": ["Silver", "Estate"]})
    g.answer("play Harbinger")
    g.answer("topdeck Silver")
    assert deck(g, "Ann") == ["Silver", "Copper"]


# -- Laboratory ----------------------------------------------------------------------------

def test_laboratory_effect():
    """Ruling laboratory.effect (Dominion rulebook, card FAQ: Laboratory)."""
    g = position(kingdom=["Laboratory"], ann={"hand": ["Laboratory", "Laboratory"],
                                              "deck": ["Gold", "Silver", "Estate", "Copper"]})
    g.answer("play Laboratory")
    assert names(g.player("Ann").hand) == ["Laboratory", "Gold", "Silver"]
    assert g.state.turn.actions == 1
    g.answer("play Laboratory")
    assert names(g.player("Ann").hand) == ["Gold", "Silver", "Estate", "Copper"]
    assert g.state.turn.actions == 1


# -- Library -------------------------------------------------------------------------------

def test_library_setaside_not_shuffled():
    """Ruling library.setaside-not-shuffled (Dominion rulebook, card FAQ: Library): the
    skipped Village is not in the reshuffle; it is discarded after drawing."""
    g = position(kingdom=["Library", "Village"],
                 ann={"hand": ["Library", "4 Copper"], "deck": ["Village"],
                      "discard": ["Silver", "Silver"]})
    g.answer("play Library")
    assert g.legal() == ["keep Village", "set aside Village"]
    g.answer("set aside Village")
    ann = g.player("Ann")
    assert [e.note for e in entries(g, "shuffles")] == ["2 cards"]
    assert names(ann.hand) == ["Copper"] * 4 + ["Silver", "Silver"]
    assert names(ann.discard) == ["Village"]
    assert names(ann.aside) == []


def test_library_run_out():
    """Ruling library.run-out (Dominion rulebook, card FAQ: Library)."""
    g = position(kingdom=["Library"], ann={"hand": ["Library", "Copper"],
                                           "deck": ["Silver"], "discard": ["Gold"]})
    g.answer("play Library")
    ann = g.player("Ann")
    assert sorted(names(ann.hand)) == ["Copper", "Gold", "Silver"]
    assert names(ann.deck) == [] and names(ann.discard) == []
    assert idle(g)


def test_library_optional_skip():
    """Ruling library.optional-skip (Dominion rulebook, card FAQ: Library)."""
    g = position(kingdom=["Library", "Village"],
                 ann={"hand": ["Library", "4 Copper"], "deck": ["Village", "Smithy", "Gold"]})
    g.answer("play Library")
    g.answer("keep Village")
    assert g.pending.prompt == "Library: you drew Smithy; keep it or set it aside?"
    g.answer("set aside Smithy")
    ann = g.player("Ann")
    assert names(ann.hand) == ["Copper"] * 4 + ["Village", "Gold"]
    assert names(ann.discard) == ["Smithy"]


def test_library_seven_already():
    """Ruling library.seven-already (Dominion rulebook, card FAQ: Library)."""
    for copper in (7, 8):
        g = position(kingdom=["Library"], ann={"hand": ["Library", f"{copper} Copper"],
                                               "deck": ["Gold"]})
        g.answer("play Library")
        assert names(g.player("Ann").hand) == ["Copper"] * copper
        assert deck(g, "Ann") == ["Gold"]
        assert not entries(g, "draws")


# -- Market --------------------------------------------------------------------------------

def test_market_effect():
    """Ruling market.effect (Dominion rulebook, card FAQ: Market)."""
    g = position(kingdom=["Market"], ann={"hand": ["Market"], "deck": ["Gold", "Estate"]})
    g.answer("play Market")
    t = g.state.turn
    assert (t.actions, t.buys, t.coins) == (1, 2, 1)
    assert names(g.player("Ann").hand) == ["Gold"]


# -- Merchant ------------------------------------------------------------------------------

def play_merchants(hand, deck_=("Estate", "Estate", "Estate"), answers=()):
    g = position(kingdom=["Merchant", "Throne Room"], ann={"hand": hand, "deck": list(deck_)})
    for a in answers:
        g.answer(a)
    to_buy(g)
    return g


def test_merchant_effect():
    """Ruling merchant.effect (Dominion rulebook, card FAQ: Merchant)."""
    g = position(kingdom=["Merchant"], ann={"hand": ["Merchant"], "deck": ["Gold", "Estate"]})
    g.answer("play Merchant")
    assert names(g.player("Ann").hand) == ["Gold"]
    assert g.state.turn.actions == 1
    assert g.state.turn.coins == 0


def test_merchant_first_silver():
    """Ruling merchant.first-silver (Dominion rulebook, card FAQ: Merchant): first Silver
    $3, the second $2; Copper and Gold get nothing."""
    g = play_merchants(["Merchant", "Copper", "Silver", "Silver"], answers=["play Merchant"])
    g.answer("play Copper")
    assert g.state.turn.coins == 1
    g.answer("play Silver")
    assert g.state.turn.coins == 4
    g.answer("play Silver")
    assert g.state.turn.coins == 6


def test_merchant_multiple():
    """Ruling merchant.multiple (Dominion rulebook, card FAQ: Merchant): 2 Merchants,
    2 Silvers: $6."""
    g = play_merchants(["Merchant", "Merchant", "Silver", "Silver"],
                       answers=["play Merchant", "play Merchant"])
    g.answer("play all Treasures")
    assert g.state.turn.coins == 6


def test_merchant_after_silver():
    """Ruling merchant.after-silver (Dominion rulebook, card FAQ: Merchant). No base card lets
    a Merchant be played after a Treasure, so the position records a Silver already played
    this turn; the Merchant then gives nothing, even to the next Silver."""
    g = position(kingdom=["Merchant"], ann={"hand": ["Merchant", "Silver"], "deck": ["Estate"],
                                            "play": ["Silver"]})
    g.state.turn.played.append("Silver")  # that Silver was played earlier this turn
    g.answer("play Merchant")
    to_buy(g)
    g.answer("play Silver")
    assert g.state.turn.coins == 2


def test_merchant_throne_room():
    """Ruling merchant.throne-room (Dominion rulebook, card FAQ: Merchant): the first Silver
    gives $2 extra ($4); the second its usual $2."""
    g = play_merchants(["Throne Room", "Merchant", "Silver", "Silver"],
                       answers=["play Throne Room", "play Merchant"])
    g.answer("play Silver")
    assert g.state.turn.coins == 4
    g.answer("play Silver")
    assert g.state.turn.coins == 6


# -- Militia -------------------------------------------------------------------------------

def test_militia_down_to_three():
    """Ruling militia.down-to-three (Dominion rulebook, card FAQ: Militia)."""
    g = position(kingdom=["Militia"], ann={"hand": ["Militia"]},
                 bob={"hand": ["Estate", "Copper", "Estate", "Gold", "Silver"]})
    g.answer("play Militia")
    assert g.state.turn.coins == 2
    d = g.pending
    assert (d.player, d.min, d.max) == ("Bob", 2, 2)
    with pytest.raises(ValueError):
        g.answer("discard: Estate")
    g.answer("discard: Estate, Estate")
    assert names(g.player("Bob").hand) == ["Copper", "Gold", "Silver"]
    assert names(g.player("Bob").discard) == ["Estate", "Estate"]


def test_militia_three_or_fewer():
    """Ruling militia.three-or-fewer (Dominion rulebook, card FAQ: Militia)."""
    g = position(kingdom=["Militia"], ann={"hand": ["Militia"]},
                 bob={"hand": ["Estate", "Copper", "Gold"]}, cid={"hand": ["Gold"]})
    g.answer("play Militia")
    assert g.pending.player == "Ann"
    assert names(g.player("Bob").hand) == ["Estate", "Copper", "Gold"]
    assert names(g.player("Cid").hand) == ["Gold"]
    assert not entries(g, "discards")


# -- Mine ----------------------------------------------------------------------------------

def test_mine_upgrade_range():
    """Ruling mine.upgrade-range (Dominion rulebook, card FAQ: Mine): trash Silver: Gold,
    another Silver, or a Copper; never a non-Treasure."""
    g = position(kingdom=["Mine", "Village"], ann={"hand": ["Mine", "Silver", "Estate"]})
    g.answer("play Mine")
    assert g.legal() == ["trash Silver", "trash nothing"]
    g.answer("trash Silver")
    assert g.legal() == ["gain Copper", "gain Silver", "gain Gold"]
    g.answer("gain Copper")
    assert names(g.state.trash) == ["Silver"]
    assert names(g.player("Ann").hand) == ["Estate", "Copper"]


def test_mine_to_hand():
    """Ruling mine.to-hand (Dominion rulebook, card FAQ: Mine)."""
    g = position(kingdom=["Mine"], ann={"hand": ["Mine", "Copper"]})
    g.answer("play Mine")
    g.answer("trash Copper")
    g.answer("gain Silver")
    assert names(g.player("Ann").hand) == ["Silver"]
    assert names(g.player("Ann").discard) == []
    to_buy(g)
    g.answer("play Silver")
    assert g.state.turn.coins == 2


def test_mine_no_treasure_no_gain():
    """Ruling mine.no-treasure-no-gain (Dominion rulebook, card FAQ: Mine)."""
    g = position(kingdom=["Mine"], ann={"hand": ["Mine", "Estate"]})
    g.answer("play Mine")
    assert idle(g)
    assert not entries(g, "gains") and names(g.state.trash) == []
    assert names(g.player("Ann").hand) == ["Estate"]


# -- Moat ----------------------------------------------------------------------------------

@pytest.mark.parametrize("attack", ["Bandit", "Bureaucrat", "Militia", "Witch", "Torturer",
                                    "Goons"])
def test_moat_attack_definition(attack):
    """Ruling moat.attack-definition (Dominion rulebook, card FAQ: Moat): every Attack card
    lets Moat be revealed before it resolves."""
    g = position(kingdom=[attack, "Moat"], ann={"hand": [attack]},
                 bob={"hand": ["Moat", "Estate", "Estate", "Estate", "Estate"]})
    g.answer(f"play {attack}")
    assert g.pending.player == "Bob"
    assert g.legal() == ["reveal Moat", "continue"]
    g.answer("reveal Moat")
    assert names(g.player("Bob").hand) == ["Moat", "Estate", "Estate", "Estate", "Estate"]
    assert g.pending.player == "Ann"


def test_moat_attack_definition_treasure_attack():
    """Ruling moat.attack-definition (Dominion rulebook, card FAQ: Moat): a Treasure-Attack
    such as Relic also lets Moat be revealed (asked when Relic is played, before its text);
    a non-Attack that affects others (Council Room) does not."""
    g = position(kingdom=["Relic", "Moat"], phase="buy", ann={"hand": ["Relic"]},
                 bob={"hand": ["Moat"]})
    g.answer("play Relic")
    assert g.pending.player == "Bob"
    assert g.legal() == ["reveal Moat", "continue"]
    g = position(kingdom=["Council Room", "Moat"], ann={"hand": ["Council Room"]},
                 bob={"hand": ["Moat"], "deck": ["Copper"]})
    g.answer("play Council Room")
    assert g.pending.player == "Ann"
    assert names(g.player("Bob").hand) == ["Moat", "Copper"]


def test_moat_reveal_unaffected():
    """Ruling moat.reveal-unaffected (Dominion rulebook, card FAQ: Moat): reveal Moat to
    Witch: no Curse; Moat stays in hand."""
    g = position(kingdom=["Witch", "Moat"], ann={"hand": ["Witch"]},
                 bob={"hand": ["Moat"]})
    g.answer("play Witch")
    g.answer("reveal Moat")
    bob = g.player("Bob")
    assert names(bob.hand) == ["Moat"]
    assert names(bob.discard) == []
    assert len(g.state.supply["Curse"]) == 10
    assert [e.rule for e in entries(g, "is unaffected by")] == ["attack.unaffected"]


def test_moat_attacker_unaffected():
    """Ruling moat.attacker-unaffected (Dominion rulebook, card FAQ: Moat): all opponents
    Moat a Witch: its player still draws 2; one opponent's Moat does not protect another."""
    g = position(kingdom=["Witch", "Moat"], ann={"hand": ["Witch"], "deck": ["Gold", "Gold"]},
                 bob={"hand": ["Moat"]}, cid={"hand": ["Moat"]})
    g.answer("play Witch")
    g.answer("reveal Moat")
    g.answer("reveal Moat")
    assert names(g.player("Ann").hand) == ["Gold", "Gold"]
    assert len(g.state.supply["Curse"]) == 20
    g = position(kingdom=["Witch", "Moat"], ann={"hand": ["Witch"], "deck": ["Gold", "Gold"]},
                 bob={"hand": ["Moat"]}, cid={"hand": ["Copper"]})
    g.answer("play Witch")
    g.answer("reveal Moat")
    assert names(g.player("Ann").hand) == ["Gold", "Gold"]
    assert names(g.player("Bob").discard) == []
    assert names(g.player("Cid").discard) == ["Curse"]


def test_moat_as_action():
    """Ruling moat.as-action (Dominion rulebook, card FAQ: Moat)."""
    g = position(kingdom=["Moat"], ann={"hand": ["Moat"], "deck": ["Gold", "Silver", "Copper"]})
    assert g.legal() == ["play Moat", "end Action phase"]
    g.answer("play Moat")
    assert names(g.player("Ann").hand) == ["Gold", "Silver"]
    assert g.state.turn.actions == 0


# -- Moneylender ---------------------------------------------------------------------------

def test_moneylender_no_copper():
    """Ruling moneylender.no-copper (Dominion rulebook, card FAQ: Moneylender)."""
    g = position(kingdom=["Moneylender"], ann={"hand": ["Moneylender", "Silver", "Estate"]})
    g.answer("play Moneylender")
    assert idle(g)
    assert g.state.turn.coins == 0
    assert names(g.state.trash) == []
    # With a Copper, trashing it is what gives the $3.
    g = position(kingdom=["Moneylender"], ann={"hand": ["Moneylender", "Copper"]})
    g.answer("play Moneylender")
    g.answer("trash Copper")
    assert g.state.turn.coins == 3 and names(g.state.trash) == ["Copper"]


# -- Poacher -------------------------------------------------------------------------------

def test_poacher_draw_first():
    """Ruling poacher.draw-first (Dominion rulebook, card FAQ: Poacher): with an empty hand,
    the drawn card is the one that must be discarded; +$1 and +1 Action still come."""
    g = position(kingdom=["Poacher"], piles={"Curse": 0},
                 ann={"hand": ["Poacher"], "deck": ["Gold", "Estate"]})
    g.answer("play Poacher")
    ann = g.player("Ann")
    assert names(ann.hand) == []
    assert names(ann.discard) == ["Gold"]
    assert (g.state.turn.actions, g.state.turn.coins) == (1, 1)
    moves = [e.verb for e in entries(g, player="Ann") if e.verb in ("draws", "discards")]
    assert moves == ["draws", "discards"]


def test_poacher_no_empty():
    """Ruling poacher.no-empty (Dominion rulebook, card FAQ: Poacher)."""
    g = position(kingdom=["Poacher"], ann={"hand": ["Poacher", "Estate"], "deck": ["Gold"]})
    g.answer("play Poacher")
    assert idle(g)
    assert names(g.player("Ann").hand) == ["Estate", "Gold"]
    assert names(g.player("Ann").discard) == []


def test_poacher_per_empty_pile():
    """Ruling poacher.per-empty-pile (Dominion rulebook, card FAQ: Poacher): two empty Supply
    piles: discard exactly 2."""
    g = position(kingdom=["Poacher"], piles={"Curse": 0, "Estate": 0},
                 ann={"hand": ["Poacher", "Copper", "Silver", "Duchy"], "deck": ["Gold"]})
    g.answer("play Poacher")
    d = g.pending
    assert (d.player, d.card, d.min, d.max) == ("Ann", "Poacher", 2, 2)
    g.answer("discard: Copper, Duchy")
    assert names(g.player("Ann").hand) == ["Silver", "Gold"]
    assert names(g.player("Ann").discard) == ["Copper", "Duchy"]


@pytest.mark.parametrize("pile", ["Curse", "Copper", "Poacher", "Province"])
def test_poacher_all_supply_piles(pile):
    """Ruling poacher.all-supply-piles (Dominion rulebook, card FAQ: Poacher): Curse pile
    empty: discard 1 (likewise Copper, Province, Poacher's own pile)."""
    g = position(kingdom=["Poacher"], piles={pile: 0},
                 ann={"hand": ["Poacher", "Copper", "Estate"], "deck": ["Gold"]})
    g.answer("play Poacher")
    d = g.pending
    assert (d.card, d.min, d.max) == ("Poacher", 1, 1)
    assert g.legal() == ["discard: Copper", "discard: Estate", "discard: Gold"]


def test_poacher_short_hand():
    """Ruling poacher.short-hand (Dominion rulebook, card FAQ: Poacher): 3 empty piles,
    2 cards in hand after drawing: both are discarded, no question asked."""
    g = position(kingdom=["Poacher"], piles={"Curse": 0, "Estate": 0, "Poacher": 0},
                 ann={"hand": ["Poacher", "Silver"], "deck": ["Gold"]})
    g.answer("play Poacher")
    assert idle(g)
    assert names(g.player("Ann").hand) == []
    assert sorted(names(g.player("Ann").discard)) == ["Gold", "Silver"]


def test_poacher_non_supply_ignored():
    """Ruling poacher.non-supply-ignored (Dominion rulebook, card FAQ: Poacher): empty
    Soldier and Fugitive piles (not in the Supply) make nobody discard."""
    g = position(kingdom=["Poacher", "Peasant"], piles={"Soldier": 0, "Fugitive": 0},
                 ann={"hand": ["Poacher", "Estate"], "deck": ["Gold"]})
    assert len(g.state.nonsupply["Soldier"]) == 0
    g.answer("play Poacher")
    assert idle(g)
    assert names(g.player("Ann").hand) == ["Estate", "Gold"]


# -- Remodel -------------------------------------------------------------------------------

def test_remodel_not_self():
    """Ruling remodel.not-self (Dominion rulebook, card FAQ: Remodel): the played Remodel is
    not offered; another Remodel in hand is, and may be trashed."""
    g = position(kingdom=["Remodel"], ann={"hand": ["Remodel", "Estate", "Copper"]})
    g.answer("play Remodel")
    assert g.legal() == ["trash Estate", "trash Copper"]
    g = position(kingdom=["Remodel", *KINGDOM], ann={"hand": ["Remodel", "Remodel"]})
    g.answer("play Remodel")  # the other Remodel is the only card: trashed without asking
    assert names(g.state.trash) == ["Remodel"]
    assert names(g.player("Ann").play) == ["Remodel"]
    assert "gain Gold" in g.legal()  # $4 + $2


def test_remodel_no_card_no_gain():
    """Ruling remodel.no-card-no-gain (Dominion rulebook, card FAQ: Remodel)."""
    g = position(kingdom=["Remodel"], ann={"hand": ["Remodel"]})
    g.answer("play Remodel")
    assert idle(g)
    assert not entries(g, "gains")
    assert names(g.player("Ann").discard) == []


def test_remodel_gain_supply_discard():
    """Ruling remodel.gain-supply-discard (Dominion rulebook, card FAQ: Remodel)."""
    g = position(kingdom=["Remodel"], ann={"hand": ["Remodel", "Estate"]})
    g.answer("play Remodel")
    g.answer("gain Silver")
    assert names(g.player("Ann").discard) == ["Silver"]
    assert names(g.player("Ann").hand) == []
    assert len(g.state.supply["Silver"]) == 39
    assert names(g.state.trash) == ["Estate"]


def test_remodel_up_to():
    """Ruling remodel.up-to (Dominion rulebook, card FAQ: Remodel): trash an Estate ($2):
    anything costing $0 to $4."""
    g = position(kingdom=["Remodel", "Village", "Smithy", "Market", "Gardens"],
                 ann={"hand": ["Remodel", "Estate"]})
    g.answer("play Remodel")
    assert sorted(g.legal()) == sorted(
        ["gain Copper", "gain Curse", "gain Estate", "gain Silver", "gain Village",
         "gain Smithy", "gain Remodel", "gain Gardens"])


def test_remodel_no_coin_boost():
    """Ruling remodel.no-coin-boost (Dominion rulebook, card FAQ: Remodel): $5 made this turn
    (Market and more); Remodel trashing an Estate still caps at $4."""
    g = position(kingdom=["Remodel", "Market"], turn={"coins": 4, "actions": 2},
                 ann={"hand": ["Market", "Remodel", "Estate"], "deck": ["Copper"]})
    g.answer("play Market")
    g.answer("play Remodel")
    assert g.state.turn.coins == 5
    g.answer("trash Estate")
    gains = g.legal()
    assert "gain Silver" in gains
    assert "gain Market" not in gains and "gain Duchy" not in gains


def test_remodel_same_card():
    """Ruling remodel.same-card (Dominion rulebook, card FAQ: Remodel)."""
    g = position(kingdom=["Remodel"], ann={"hand": ["Remodel", "Silver"]})
    g.answer("play Remodel")
    assert "gain Silver" in g.legal()
    g.answer("gain Silver")
    assert names(g.state.trash) == ["Silver"]
    assert names(g.player("Ann").discard) == ["Silver"]


# -- Sentry --------------------------------------------------------------------------------

def test_sentry_draw_first():
    """Ruling sentry.draw-first (Dominion rulebook, card FAQ: Sentry): the drawn card is not
    among the two looked at."""
    g = position(kingdom=["Sentry"], ann={"hand": ["Sentry"],
                                          "deck": ["Gold", "Silver", "Estate", "Copper"]})
    g.answer("play Sentry")
    assert names(g.player("Ann").hand) == ["Gold"]
    assert g.state.turn.actions == 1
    assert g.pending.labels() == ["Silver", "Estate"]
    assert [e.cards for e in entries(g, "looks at")] == [("Silver", "Estate")]


@pytest.mark.parametrize(("answers", "trash", "discard", "top"), [
    (["trash: Silver, Estate"], ["Silver", "Estate"], [], ["Copper"]),
    (["trash: nothing", "discard: Silver, Estate"], [], ["Silver", "Estate"], ["Copper"]),
    (["trash: nothing", "discard: nothing", "put back: Silver, Estate"], [], [],
     ["Silver", "Estate", "Copper"]),
    (["trash: nothing", "discard: nothing", "put back: Estate, Silver"], [], [],
     ["Estate", "Silver", "Copper"]),
    (["trash: Estate", "discard: Silver"], ["Estate"], ["Silver"], ["Copper"]),
    (["trash: Estate", "discard: nothing"], ["Estate"], [], ["Silver", "Copper"]),
    (["trash: nothing", "discard: Estate"], [], ["Estate"], ["Silver", "Copper"]),
])
def test_sentry_options(answers, trash, discard, top):
    """Ruling sentry.options (Dominion rulebook, card FAQ: Sentry): trash both, discard both,
    return both in either order, or split them."""
    g = position(kingdom=["Sentry"], ann={"hand": ["Sentry"],
                                          "deck": ["Gold", "Silver", "Estate", "Copper"]})
    g.answer("play Sentry")
    for a in answers:
        g.answer(a)
    assert idle(g)
    assert names(g.state.trash) == trash
    assert names(g.player("Ann").discard) == discard
    assert deck(g, "Ann") == top


# -- Smithy --------------------------------------------------------------------------------

def test_smithy_effect():
    """Ruling smithy.effect (Dominion rulebook, card FAQ: Smithy)."""
    g = position(kingdom=["Smithy"], ann={"hand": ["Smithy"],
                                          "deck": ["Gold", "Silver", "Estate", "Copper"]})
    g.answer("play Smithy")
    assert names(g.player("Ann").hand) == ["Gold", "Silver", "Estate"]
    assert deck(g, "Ann") == ["Copper"]
    assert g.state.turn.actions == 0


# -- Throne Room ---------------------------------------------------------------------------

def test_throne_room_play_twice():
    """Ruling throne-room.play-twice (Dominion rulebook, card FAQ: Throne Room)."""
    g = position(kingdom=["Throne Room", "Smithy", "Village"],
                 ann={"hand": ["Throne Room", "Smithy", "Village"], "deck": ["7 Copper"]})
    g.answer("play Throne Room")
    assert g.legal() == ["play Smithy", "play Village", "play nothing"]
    g.answer("play Smithy")
    assert names(g.player("Ann").hand).count("Copper") == 6
    plays = [(e.cards, e.rule) for e in entries(g, "plays")]
    assert plays == [(("Throne Room",), "play.action-use"), (("Smithy",), "play.replay"),
                     (("Smithy",), "play.replay")]


def test_throne_room_no_extra_actions():
    """Ruling throne-room.no-extra-actions (Dominion rulebook, card FAQ: Throne Room): one
    Action for Throne Room, none for either play of Smithy."""
    g = position(kingdom=["Throne Room", "Smithy"],
                 ann={"hand": ["Throne Room", "Smithy"], "deck": ["6 Copper"]})
    g.answer("play Throne Room")
    g.answer("play Smithy")
    assert g.state.turn.actions == 0
    assert names(g.player("Ann").hand) == ["Copper"] * 6


def test_throne_room_resolve_fully_first():
    """Ruling throne-room.resolve-fully-first (Dominion rulebook, card FAQ: Throne Room): the
    second Cellar can discard the card the first Cellar drew."""
    g = position(kingdom=["Throne Room", "Cellar"],
                 ann={"hand": ["Throne Room", "Cellar", "Estate"], "deck": ["Duchy", "Gold"]})
    g.answer("play Throne Room")
    g.answer("play Cellar")
    g.answer("discard: Estate")
    assert g.pending.card == "Cellar"
    assert g.pending.labels() == ["Duchy"]
    g.answer("discard: Duchy")
    assert names(g.player("Ann").hand) == ["Gold"]
    assert names(g.player("Ann").discard) == ["Estate", "Duchy"]


def test_throne_room_on_throne_room():
    """Ruling throne-room.on-throne-room (Dominion rulebook, card FAQ: Throne Room): Smithy
    twice, then Village twice; Smithy (now in play) cannot be picked again."""
    g = position(kingdom=["Throne Room", "Smithy", "Village"],
                 ann={"hand": ["Throne Room", "Throne Room", "Smithy", "Village"],
                      "deck": ["8 Copper"]})
    g.answer("play Throne Room")
    g.answer("play Throne Room")
    g.answer("play Smithy")
    assert g.legal() == ["play Village", "play nothing"]
    g.answer("play Village")
    t = g.state.turn
    assert t.played == ["Throne Room", "Throne Room", "Smithy", "Smithy", "Throne Room",
                        "Village", "Village"]
    assert t.actions == 4
    assert names(g.player("Ann").hand) == ["Copper"] * 8


def test_throne_room_plus_action_math():
    """Ruling throne-room.plus-action-math (Dominion rulebook, card FAQ: Throne Room):
    1 Action: Throne Room (0), Market twice: 2 left."""
    g = position(kingdom=["Throne Room", "Market"],
                 ann={"hand": ["Throne Room", "Market"], "deck": ["2 Copper"]})
    g.answer("play Throne Room")
    g.answer("play Market")
    t = g.state.turn
    assert (t.actions, t.buys, t.coins) == (2, 3, 2)


def test_throne_room_no_interleave():
    """Ruling throne-room.no-interleave (Dominion rulebook, card FAQ: Throne Room): between
    the two plays no Action phase choice comes up, though a Village waits in hand."""
    g = position(kingdom=["Throne Room", "Cellar", "Village"],
                 ann={"hand": ["Throne Room", "Cellar", "Village", "Estate"],
                      "deck": ["Copper"]})
    g.answer("play Throne Room")
    assert g.legal() == ["play Cellar", "play Village", "play nothing"]
    g.answer("play Cellar")
    assert g.pending.card == "Cellar"
    g.answer("discard: Estate")
    assert g.pending.card == "Cellar"  # the second Cellar, not the Action phase
    assert "play Village" not in g.legal()
    g.answer("discard: nothing")
    assert idle(g)
    assert [e.cards[0] for e in entries(g, "plays")] == ["Throne Room", "Cellar", "Cellar"]


def test_throne_room_duration_stays(monkeypatch):
    """Ruling throne-room.duration-stays (Adventures rulebook (2015), card FAQ: Hireling).

    Throne Room and Hireling both stay in play, turn after turn. Where Hireling's behaviour is
    not registered, the test gives it its printed text for the length of the test ("At the
    start of each of your turns for the rest of the game: +1 Card")."""
    if BEHAVIOURS.get("Hireling") is None or BEHAVIOURS["Hireling"].on_play is None:
        hireling = Behaviour("Hireling")
        hireling.on_play = lambda g, p, me: g.schedule(p, me, forever=True)
        hireling.next_turn = lambda g, p, me, data: g.draw(p, 1)
        monkeypatch.setitem(BEHAVIOURS, "Hireling", hireling)

    g = position(kingdom=["Throne Room", "Hireling"],
                 ann={"hand": ["Throne Room", "Hireling"], "deck": ["10 Copper"]},
                 bob={"deck": ["10 Estate"]})
    g.answer("play Throne Room")
    g.answer("play Hireling")
    to_buy(g)
    g.answer("end Buy phase")          # Ann's Clean-up
    assert names(g.player("Ann").play) == ["Throne Room", "Hireling"]
    assert g.state.turn.player.name == "Bob"
    to_buy(g)
    g.answer("end Buy phase")          # Bob's Clean-up
    assert g.state.turn.player.name == "Ann"
    assert names(g.player("Ann").play) == ["Throne Room", "Hireling"]
    # Played twice, Hireling draws 2 extra cards each turn (official FAQ: Hireling).
    assert len(g.player("Ann").hand) == 7
    to_buy(g)
    g.answer("end Buy phase")
    assert names(g.player("Ann").play) == ["Throne Room", "Hireling"]


# -- Vassal --------------------------------------------------------------------------------

def test_vassal_optional_play():
    """Ruling vassal.optional-play (Dominion rulebook, card FAQ: Vassal)."""
    g = position(kingdom=["Vassal", "Village"], ann={"hand": ["Vassal"], "deck": ["Village"]})
    g.answer("play Vassal")
    assert g.legal() == ["play Village", "don't play"]
    g.answer("don't play")
    assert names(g.player("Ann").discard) == ["Village"]
    assert names(g.player("Ann").play) == ["Vassal"]
    assert (g.state.turn.actions, g.state.turn.coins) == (0, 2)


def test_vassal_no_action_used():
    """Ruling vassal.no-action-used (Dominion rulebook, card FAQ: Vassal): 0 Actions left,
    Vassal discards Village: play it, ending with 2 Actions."""
    g = position(kingdom=["Vassal", "Village"],
                 ann={"hand": ["Vassal"], "deck": ["Village", "Gold"]})
    g.answer("play Vassal")
    assert g.state.turn.actions == 0
    g.answer("play Village")
    ann = g.player("Ann")
    assert names(ann.play) == ["Vassal", "Village"]
    assert names(ann.discard) == []
    assert names(ann.hand) == ["Gold"]
    assert g.state.turn.actions == 2


# -- Village -------------------------------------------------------------------------------

def test_village_action_count():
    """Ruling village.action-count (Dominion rulebook, card FAQ: Village)."""
    g = position(kingdom=["Village"], ann={"hand": ["Village"], "deck": ["Gold", "Silver"]})
    g.answer("play Village")
    assert names(g.player("Ann").hand) == ["Gold"]
    assert g.state.turn.actions == 2


# -- Witch ---------------------------------------------------------------------------------

def test_witch_curses_short():
    """Ruling witch.curses-short (Dominion rulebook, card FAQ: Witch): one Curse left, Bob
    plays Witch: it goes to Cid (on Bob's left), Ann gets none."""
    g = position(kingdom=["Witch"], piles={"Curse": 1}, turn={"player": "Bob"},
                 bob={"hand": ["Witch"]}, ann={}, cid={})
    g.answer("play Witch")
    assert names(g.player("Cid").discard) == ["Curse"]
    assert names(g.player("Ann").discard) == []
    assert [e.player for e in entries(g, "gains nothing")] == ["Ann"]


def test_witch_no_curses_still_draw():
    """Ruling witch.no-curses-still-draw (Dominion rulebook, card FAQ: Witch)."""
    g = position(kingdom=["Witch"], piles={"Curse": 0},
                 ann={"hand": ["Witch"], "deck": ["Gold", "Silver", "Copper"]})
    g.answer("play Witch")
    assert names(g.player("Ann").hand) == ["Gold", "Silver"]
    assert names(g.player("Bob").discard) == []
    assert [e.rule for e in entries(g, "gains nothing")] == ["gain.empty"]


def test_witch_curse_to_discard():
    """Ruling witch.curse-to-discard (Dominion rulebook, card FAQ: Witch)."""
    g = position(kingdom=["Witch"], ann={"hand": ["Witch"]},
                 bob={"hand": ["Copper"], "deck": ["Estate"], "discard": ["Silver"]})
    g.answer("play Witch")
    bob = g.player("Bob")
    assert names(bob.discard) == ["Silver", "Curse"]
    assert names(bob.hand) == ["Copper"]
    assert deck(g, "Bob") == ["Estate"]
    assert len(g.state.supply["Curse"]) == 9


# -- Workshop ------------------------------------------------------------------------------

def test_workshop_to_discard():
    """Ruling workshop.to-discard (Dominion rulebook, card FAQ: Workshop)."""
    g = position(kingdom=["Workshop", "Smithy"], ann={"hand": ["Workshop"], "deck": ["Gold"]})
    g.answer("play Workshop")
    g.answer("gain Smithy")
    ann = g.player("Ann")
    assert names(ann.discard) == ["Smithy"]
    assert names(ann.hand) == [] and deck(g, "Ann") == ["Gold"]


def test_workshop_supply_only():
    """Ruling workshop.supply-only (Dominion rulebook, card FAQ: Workshop): not a $3 Soldier
    from its non-Supply pile, nor a Village from the trash."""
    g = position(kingdom=["Workshop", "Peasant"], trash=["Village"],
                 ann={"hand": ["Workshop"]})
    g.answer("play Workshop")
    assert sorted(g.legal()) == sorted(
        ["gain Copper", "gain Silver", "gain Estate", "gain Curse", "gain Workshop",
         "gain Peasant"])


def test_workshop_no_coin_boost():
    """Ruling workshop.no-coin-boost (Dominion rulebook, card FAQ: Workshop)."""
    g = position(kingdom=["Workshop", "Market", "Smithy"], turn={"coins": 6},
                 ann={"hand": ["Workshop"]})
    g.answer("play Workshop")
    gains = g.legal()
    assert "gain Smithy" in gains
    assert not {"gain Market", "gain Duchy", "gain Gold"} & set(gains)


@pytest.mark.parametrize(("second", "stays", "line"), [
    ("Caravan Guard", ["Throne Room", "Throne Room", "Caravan Guard", "Caravan Guard"],
     "Ann keeps Throne Room, Throne Room in play (for the cards they played again) "
     "[duration.multi-play]"),
    ("Village", ["Throne Room", "Caravan Guard"],
     "Ann keeps Throne Room in play (for the card it played again) [duration.multi-play]")])
def test_throne_room_on_throne_room_stays_for_two_durations(second, stays, line):
    """Ruling throne-room.nested-durations (Donald X. Vaccarino, BoardGameGeek thread 456393):
    Throne Room on Throne Room, the second on Caravan Guard and then on ``second``. With two
    Durations doubled, the first Throne Room made the extra doubling and stays too; with one,
    only the second Throne Room stays. The log says which cards stay and by which rule."""
    g = position(["Throne Room", "Caravan Guard", "Village"],
                 ann={"hand": ["Throne Room", "Throne Room", "Caravan Guard", second],
                      "deck": ["12 Copper"]})
    for answer in ("play Throne Room", "play Throne Room", "play Caravan Guard",
                   f"play {second}"):
        g.answer(answer)
    to_buy(g)
    g.answer("end Buy phase")          # Ann's Clean-up
    assert names(g.player("Ann").play) == stays
    assert [e.text() for e in entries(g, "keeps")][-1] == line
