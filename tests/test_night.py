"""The Night phase (rule turn.night) and Night cards gained to the hand (rule
gain.instead-of-discard): Ghost Town, Guardian, Den of Sin, and the Adventures rulings that
meet them (Artificer, Haunted Woods)."""

from __future__ import annotations

import pytest
from dominion_tavern.rulebook.engine.turn import PHASES
from helpers import BOTH, finish_turn, names, position


def whose(g):
    return g.state.turn.player.name


def test_night_comes_after_buy_before_cleanup():
    """Rule turn.night (Nocturne rulebook 2017): the phases as data."""
    assert PHASES.index("buy") + 1 == PHASES.index("night") == PHASES.index("cleanup") - 1


@BOTH
@pytest.mark.parametrize("card,draws", [("Ghost Town", 1), ("Den of Sin", 2)])
def test_bought_night_card_played_same_turn(ruleset, card, draws):
    """Rulings ghost-town.same-turn and den-of-sin.same-turn (Nocturne rulebook 2017, card
    FAQs): bought, it is in hand at Night; played, it stays and acts next turn."""
    g = position([card], ruleset=ruleset, phase="buy", turn={"coins": 5},
                 ann={"hand": ["Estate"], "deck": ["20 Silver"]}, bob={"deck": ["10 Copper"]})
    g.answer(f"buy {card}")
    ann = g.player("Ann")
    assert g.state.turn.phase == "night" and card in names(ann.hand)
    assert g.legal() == [f"play {card}", "end Night phase"]
    g.answer(f"play {card}")
    assert whose(g) == "Bob" and names(ann.play) == [card]
    finish_turn(g)
    assert whose(g) == "Ann" and len(ann.hand.cards) == 5 + draws
    assert g.state.turn.actions == 1 + (card == "Ghost Town")


def militia_misses_ann_then_her_plus_coin(g) -> None:
    """Bob plays Militia: Ann, shielded by her Guardian, keeps her 5 cards; her next turn
    starts with Guardian's +$1."""
    g.answer("play Militia")
    assert len(g.player("Ann").hand.cards) == 5
    assert "is unaffected by Militia (protected by their Guardian)" in g.log.text()
    finish_turn(g)
    assert whose(g) == "Ann" and g.state.turn.coins == 1


@BOTH
def test_guardian_shields_from_attacks(ruleset):
    """Ruling guardian.attacks-dont-affect (Nocturne rulebook 2017, card FAQ: Guardian): Bob's
    Militia does not affect Ann; at the start of her next turn, +$1."""
    g = position(["Guardian", "Militia"], ruleset=ruleset, phase="night",
                 ann={"hand": ["Guardian"], "deck": ["20 Copper"]},
                 bob={"hand": ["Militia", "4 Copper"], "deck": ["10 Copper"]})
    g.answer("play Guardian")
    assert whose(g) == "Bob"
    militia_misses_ann_then_her_plus_coin(g)


@BOTH
def test_guardian_in_play_from_an_earlier_turn_still_shields(ruleset):
    """Ruling guardian.attacks-dont-affect (Nocturne rulebook 2017, card FAQ: Guardian): the
    shield lasts until Ann's next turn, so a position with her Guardian played on her last
    turn (Bob's turn now) keeps it: Bob's Militia does not affect her, and her turn starts
    with +$1."""
    g = position(["Guardian", "Militia"], ruleset=ruleset, turn={"player": "Bob"},
                 ann={"hand": ["5 Copper"], "play": [{"card": "Guardian", "earlier": True}],
                      "deck": ["20 Copper"]},
                 bob={"hand": ["Militia", "4 Copper"], "deck": ["10 Copper"]})
    militia_misses_ann_then_her_plus_coin(g)


@BOTH
def test_artificer_gains_ghost_town_onto_deck(ruleset):
    """Ruling artificer.night-card-onto-deck (wiki, Artificer, Other rules clarifications)."""
    g = position(["Artificer", "Ghost Town"], ruleset=ruleset,
                 ann={"hand": ["Artificer", "3 Estate"], "deck": ["Copper", "5 Silver"]})
    g.answer("play Artificer")
    g.answer("discard: Estate, Estate, Estate")
    assert "gain Ghost Town" in g.legal(), g.legal()
    g.answer("gain Ghost Town")
    ann = g.player("Ann")
    assert ann.deck.cards[-1].name == "Ghost Town" and "Ghost Town" not in names(ann.hand)


@pytest.mark.parametrize("ruleset,played", [("current", False), ("2015", True)])
def test_haunted_woods_and_ghost_town(ruleset, played):
    """Rulings haunted-woods.ghost-town-current and -2015 (wiki, Haunted Woods, Other rules
    clarifications): gaining the bought Ghost Town to hand comes before the current Haunted
    Woods (so it goes onto the deck), after the 2015 one (so it can be played at Night)."""
    g = position(["Haunted Woods", "Ghost Town"], ruleset=ruleset, phase="buy",
                 turn={"player": "Bob", "coins": 3},
                 ann={"play": [{"card": "Haunted Woods", "earlier": True}],
                      "deck": ["10 Copper"]},
                 bob={"hand": ["Estate"], "deck": ["10 Copper"]})
    g.answer("buy Ghost Town")
    if not played:  # the hand, the Ghost Town with it, goes onto the deck
        assert "put onto deck: Ghost Town, Estate" in g.legal()
        g.answer("put onto deck: Ghost Town, Estate")
    if played:
        assert g.pending.rule == "turn.night" and "play Ghost Town" in g.legal()
    else:  # no Night card was left in hand: the turn went on to Ann's without asking
        assert whose(g) == "Ann" and "Bob plays Ghost Town" not in g.log.text()
