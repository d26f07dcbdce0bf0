"""Described positions are real games: piles, Kingdoms, called cards, extra and previous turns.

Pile sizes: rule ``game.setup.piles`` (Dominion rulebook, 2nd ed., Setup); starting decks: rule
``game.setup.decks``; Kingdom: rule ``game.setup.kingdom`` (Adventures rulebook, Travellers).
"""

from __future__ import annotations

import pytest
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.position import build
from dominion_tavern.rulebook.setup import SetupError, default_pile
from helpers import entries, position


def test_a_card_in_play_comes_out_of_its_pile_and_goes_back_to_full():
    """Adventures rulebook (2015), Traveller cards: exchanging returns the Peasant to its pile;
    the pile held 9 while the Peasant was in play, so it is full again, never 11."""
    g = position(["Peasant"], phase="cleanup", ann={"play": ["Peasant"], "deck": ["5 Copper"]})
    assert len(g.state.pile("Peasant")) == 9
    g.answer("exchange Peasant for Soldier")
    assert len(g.state.pile("Peasant")) == 10 and len(g.state.pile("Soldier")) == 4


@pytest.mark.parametrize(("name", "placed", "players", "pile"), [
    ("Copper", 5, 2, 46),      # within the 14 starting Coppers: the pile is untouched
    ("Copper", 20, 2, 40),     # 6 beyond the starting ones come out of the pile
    ("Estate", 3, 2, 8),
    ("Estate", 9, 2, 5),       # 3 beyond the 6 starting Estates
    ("Estate", 9, 3, 12),      # 3 players start with 9 Estates
    ("Curse", 2, 2, 8),        # every Curse starts in its pile
    ("Curse", 2, 4, 28),
    ("Province", 12, 2, 0),    # more than a game has leaves the pile empty (the loader refuses)
    ("Gold", 1, 2, 29),
    ("Soldier", 2, 2, 3),      # Traveller piles are exact too
])
def test_default_piles(name, placed, players, pile):
    assert default_pile(name, players, placed) == pile


def test_cards_anywhere_come_out_of_their_piles():
    g = position(["Gear", "Peasant"], trash=["Silver"], phase="buy",
                 ann={"hand": ["Silver", "3 Curse"], "discard": ["Soldier"],
                      "play": [{"card": "Gear", "earlier": True, "aside": ["Silver"]}]},
                 bob={"deck": ["Gear"], "mat": ["Fugitive"]})
    piles = {n: len(g.state.pile(n)) for n in ("Silver", "Curse", "Gear", "Soldier", "Fugitive")}
    assert piles == {"Silver": 37, "Curse": 7, "Gear": 8, "Soldier": 4, "Fugitive": 4}


def test_an_explicit_pile_that_contradicts_the_cards_placed_is_refused():
    with pytest.raises(SetupError, match=r"piles.Witch: 10 in the Witch pile plus 1 placed "
                       r"elsewhere is more than the 10 copies a 2-player game has"):
        position(["Witch"], piles={"Witch": 10}, ann={"hand": ["Witch"]})
    with pytest.raises(SetupError, match="11 is more than the Curse pile holds"):
        position(["Witch"], piles={"Curse": 11})


@pytest.mark.parametrize(("kingdom", "words"), [
    (["Peasant", "Soldier"], "Soldier is not a Kingdom card: its pile comes with Peasant"),
    (["Village", "Copper"], "Copper is a basic card"),
    (["Village", "Village"], "Village is named twice"),
])
def test_a_kingdom_names_kingdom_piles_once(kingdom, words):
    with pytest.raises(SetupError, match=words):
        position(kingdom)


def test_a_called_card_was_not_played():
    """Rule reserve.call.not-play: a card called this turn is in play but was not played."""
    g = position(["Coin of the Realm"], phase="buy",
                 ann={"play": [{"card": "Coin of the Realm", "called": True}]})
    card = g.player("Ann").play.cards[0]
    assert card.plays == 0 and card.since == g.state.turn.number
    assert g.state.turn.played == []
    with pytest.raises(SetupError, match="was called this turn, so it has no times"):
        position(["Coin of the Realm"], ann={"play": [{"card": "Coin of the Realm",
                                                       "called": True, "times": 2}]})


def test_cards_in_play_this_turn_count_as_played():
    """Ruling merchant.after-silver (Dominion rulebook, card FAQ: Merchant): a Silver already
    played this turn means the next Silver is not the first, so Merchant gives nothing."""
    g = position(["Merchant"], phase="action", turn={"coins": 2},
                 ann={"hand": ["Merchant", "Silver"], "play": ["Silver"], "deck": ["Estate"]})
    assert g.state.turn.played == ["Silver"]
    g.answer("play Merchant")  # the Action phase then ends by itself: no Action in hand
    g.answer("play Silver")
    assert g.state.turn.coins == 4


@pytest.mark.parametrize(("turn", "owners"), [
    ({}, [0]),                                      # turn 1: no previous turn
    ({"number": 4}, [1, 0]),                        # the player to the right
    ({"number": 4, "player": "Bob"}, [0, 1]),
    ({"number": 4, "extra": "Mission"}, [0, 0]),    # an extra turn follows one's own turn
    ({"number": 4, "player": "Bob", "previous": "Bob", "extra": True}, [1, 1]),
])
def test_who_took_the_previous_turn(turn, owners):
    state, _ = build({"turn": turn})
    assert state.turn_owners == owners


def test_a_mission_turn_set_up_directly_2015():
    """Ruling mission.previous-turn-not-yours (Adventures rulebook 2015, card FAQ: Mission):
    in her Mission turn the previous turn was Ann's, so Mission gives no further turn; and no
    card may be bought (ruling mission.no-card-buys)."""
    g = position(["Village"], ruleset="2015", phase="buy", events=["Mission"],
                 turn={"number": 2, "coins": 4, "extra": "Mission"},
                 ann={"hand": ["Copper"]}, bob={"deck": ["5 Copper"]})
    assert g.state.turn.extra and not any(a.startswith("buy Silver") for a in g.legal())
    g.answer("buy Mission")
    assert [e.note for e in entries(g, "takes no extra turn")] == ["the previous turn was theirs"]
    assert g.state.turn.player.name == "Bob"


def test_turn_previous_refused_on_turn_one():
    with pytest.raises(SetupError, match="turn 1 has no previous turn"):
        Game(lambda: build({"turn": {"previous": "Bob"}}))



# -- copies a position places nowhere --------------------------------------------------------------
def test_copies_placed_nowhere_are_out_of_the_game():
    """Rule game.setup.out-of-game (Tavern's reading of a partial position): Copper: 0 with no
    Copper placed leaves all 60 Coppers of a 2-player game out of it, and a hand written
    without its starting deck leaves the rest of the starting Estates out too. They are in no
    zone: the trash holds what the position lists (nothing), and Ann scores only her own
    cards (rule game.scoring)."""
    g = position(["Village"], piles={"Copper": 0}, ann={"hand": ["Estate", "Silver"]})
    s = g.state
    assert s.out_of_game == {"Copper": 60, "Estate": 14 - 8 - 1}
    assert len(s.trash) == 0 and len(s.supply["Copper"]) == 0
    assert g.scores() == {"Ann": 1, "Bob": 0}
    assert sum(s.copies().values()) == len(s.all_cards()) + 65


def test_a_whole_position_leaves_nothing_out():
    """Rules game.setup.piles and game.setup.decks: a position writing out every starting card
    (7 Coppers and 3 Estates each) with default piles leaves no copy out of the game."""
    start = {"hand": ["5 Copper"], "deck": ["2 Copper", "3 Estate"]}
    g = position([], ann=start, bob=start)
    assert g.state.out_of_game == {}


def test_copies_out_of_the_game_never_come_back():
    """Rule game.setup.out-of-game: with the Copper pile at 0 and the Coppers out of the game,
    nothing can gain one (rule gain: a card comes from its pile), and they stay out."""
    g = position(["Workshop"], piles={"Copper": 0}, ann={"hand": ["Workshop"]})
    g.answer("play Workshop")
    assert "gain Copper" not in g.legal()
    assert g.state.out_of_game["Copper"] == 60
