"""Why an option is not there (issue 12): a pending decision lists the answers a player might
expect that the rules close, each with the rule id that closes it (``Decision.unavailable``);
an illegal answer naming one says which rule closes it; a window that offers nothing because
of such a rule logs it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from dominion_tavern.checker.cli import main
from dominion_tavern.checker.reading.script_messages import not_legal
from dominion_tavern.rulebook.engine.decisions import IllegalAnswer
from helpers import BOTH, entries, names, play_all, position


def closed(g) -> list[str]:
    return [c.text() for c in g.pending.unavailable()]


# -- Travellers -----------------------------------------------------------------------------------

@BOTH
def test_peasant_exchange_closed_while_the_soldier_pile_is_empty(ruleset):
    """Rules traveller.exchange.needs-copy and traveller.order (Adventures rulebook 2015,
    Traveller cards: the Soldier-then-Peasant example): the Peasant exchange is not offered
    first, and the decision says which rule closes it; once the Soldier is exchanged it is."""
    g = position(["Peasant"], ruleset=ruleset, phase="cleanup", piles={"Soldier": 0},
                 ann={"play": ["Peasant", "Soldier"], "deck": ["5 Copper"]})
    assert g.legal() == ["exchange Soldier for Fugitive", "continue"]
    assert closed(g) == ["exchange Peasant for Soldier — traveller.exchange.needs-copy (the "
                         "Soldier pile is empty)"]
    with pytest.raises(IllegalAnswer, match=r"not offered now: traveller\.exchange\.needs-copy"):
        g.answer("exchange Peasant for Soldier")
    g.answer("exchange Soldier for Fugitive")
    assert g.legal() == ["exchange Peasant for Soldier", "continue"]
    assert closed(g) == []


def test_a_lone_closed_exchange_is_logged():
    """Rule traveller.exchange.needs-copy: with nothing else to exchange no decision is asked;
    the log says the Peasant could not be exchanged and why."""
    g = position(["Peasant"], phase="cleanup", piles={"Soldier": 0},
                 ann={"play": ["Peasant"], "deck": ["5 Copper"]})
    assert entries(g, "cannot exchange Peasant for Soldier")[0].text() == (
        "Ann cannot exchange Peasant for Soldier (the Soldier pile is empty) "
        "[traveller.exchange.needs-copy]")


def test_a_traveller_discarded_from_hand_cannot_be_exchanged():
    """Rule traveller.exchange.from-play-only (Adventures rulebook 2015, Traveller cards): a
    Peasant left in hand at Clean-up is closed, next to the one played, which is offered: the
    closed one says it is another Peasant, so the two lines do not read as a contradiction."""
    g = position(["Peasant", "Page"], phase="cleanup",
                 ann={"play": ["Peasant"], "hand": ["Peasant", "Page"], "deck": ["5 Copper"]})
    assert g.legal() == ["exchange Peasant for Soldier", "continue"]
    assert closed(g) == [
        "exchange Peasant for Soldier — traveller.exchange.from-play-only (another Peasant was "
        "discarded from hand, not from play)",
        "exchange Page for Treasure Hunter — traveller.exchange.from-play-only (it was "
        "discarded from hand, not from play)"]


# -- Reserve cards ---------------------------------------------------------------------------------

@BOTH
@pytest.mark.parametrize("phase", ["action", "buy"])
def test_reserve_calls_wait_for_their_window(ruleset, phase):
    """Rules reserve.call, reserve.start-of-turn, reserve.after-action, reserve.on-gain,
    reserve.end-of-buy (card FAQs: Guide, Royal Carriage, Duplicate, Wine Merchant): cards
    on the mat are not offered in the Action or Buy phase decision; each says its window."""
    g = position(["Guide", "Royal Carriage", "Duplicate", "Wine Merchant", "Village"],
                 ruleset=ruleset, phase=phase,
                 ann={"hand": ["Village", "Copper"],
                      "mat": ["Guide", "Royal Carriage", "Duplicate", "Wine Merchant"]})
    assert closed(g) == [
        *(["play Village — turn.action (Action cards are played in the Action phase, which is "
           "over)"] if phase == "buy" else []),
        "call Guide — reserve.start-of-turn (only at the start of its owner's turn)",
        "call Royal Carriage — reserve.after-action (only directly after an Action card "
        "resolves)",
        "call Duplicate — reserve.on-gain (only when its owner gains a card)",
        "discard Wine Merchant from the Tavern mat — reserve.end-of-buy (only at the end of its "
        "owner's Buy phase)"]


def test_no_actions_left_ends_the_action_phase_and_closes_action_cards():
    """Rule turn.action (Dominion rulebook 2nd ed., Action phase): each Action card played
    from hand uses an Action. With none left, the Action phase ends unasked and the log says
    why; in the Buy phase a Village in hand is closed, with the rule, not silently missing."""
    g = position(["Smithy", "Village"], ann={"hand": ["Smithy", "Village", "Copper"],
                                             "deck": ["3 Copper", "5 Estate"]})
    g.answer("play Smithy")
    assert entries(g, "has no Actions left")[0].text() == (
        "Ann has no Actions left (the Action phase ends) [turn.action]")
    assert g.pending.kind == "buy" and "play Village" not in g.legal()
    assert "play Village — turn.action (Action cards are played in the Action phase, which is " \
        "over)" in closed(g)


def test_royal_carriage_closed_after_raze_trashed_itself():
    """Ruling royal-carriage.call-timing (Adventures rulebook 2015, card FAQ: Royal Carriage):
    Raze trashed itself, so Royal Carriage is closed; Coin of the Realm is offered, and the
    decision says why the Carriage is not."""
    g = position(["Raze", "Royal Carriage", "Coin of the Realm"],
                 ann={"hand": ["Raze", "Estate"], "deck": ["Gold", "Copper"],
                      "mat": ["Royal Carriage", "Coin of the Realm"]})
    play_all(g, "play Raze", "trash Raze (this)", "put into hand Gold")
    assert g.pending.prompt == "call a Reserve card after playing Raze?"
    assert g.legal() == ["call Coin of the Realm", "continue"]
    assert closed(g) == ["call Royal Carriage — reserve.after-action (the Raze just played is "
                         "no longer in play but in the trash; a called Royal Carriage replays "
                         "only a card still in play)"]


def test_royal_carriage_alone_closed_is_logged():
    """The same without Coin of the Realm: no decision is asked; the log says why."""
    g = position(["Raze", "Royal Carriage"],
                 ann={"hand": ["Raze", "Estate"], "deck": ["Gold", "Copper"],
                      "mat": ["Royal Carriage"]})
    play_all(g, "play Raze", "trash Raze (this)", "put into hand Gold")
    assert entries(g, "cannot call Royal Carriage")[0].text() == (
        "Ann cannot call Royal Carriage (the Raze just played is no longer in play but in the "
        "trash; a called Royal Carriage replays only a card still in play) "
        "[reserve.after-action]")
    assert g.pending.rule == "turn.buy"


@BOTH
def test_wine_merchant_with_less_than_2_unspent(ruleset):
    """Ruling wine-merchant (card FAQ: Wine Merchant, at least $2 unspent): with $1 left no
    decision is asked, and the log says why the Wine Merchant stays."""
    g = position(["Wine Merchant"], ruleset=ruleset, phase="buy", turn={"coins": 1},
                 ann={"mat": ["Wine Merchant"]})
    g.answer("end Buy phase")
    assert entries(g, "cannot discard Wine Merchant from the Tavern mat")[0].text() == (
        "Ann cannot discard Wine Merchant from the Tavern mat ($1 unspent, less than $2) "
        "[reserve.end-of-buy]")
    assert names(g.player("Ann").mat) == ["Wine Merchant"]


@BOTH
def test_duplicate_closed_on_a_card_costing_more_than_6(ruleset):
    """Rule reserve.on-gain (card FAQ: Duplicate, a card costing up to $6): buying a Province
    with Travelling Fair's effect on: the decision offers the Fair and closes Duplicate."""
    g = position(["Duplicate"], ruleset=ruleset, phase="buy", events=["Travelling Fair"],
                 turn={"coins": 10, "buys": 1}, ann={"mat": ["Duplicate"]})
    play_all(g, "buy Travelling Fair", "buy Province")
    assert g.legal() == ["Travelling Fair: put Province onto your deck", "continue"]
    assert closed(g) == ["call Duplicate — reserve.on-gain (Province costs $8, more than $6)"]


# -- the Buy phase ---------------------------------------------------------------------------------

@BOTH
def test_no_treasures_after_buying(ruleset):
    """Rule turn.buy.treasures (Dominion rulebook, Buy phase): after buying a card the
    Treasures left in hand are closed; after an Event, rule event.no-treasures-after."""
    g = position(["Village"], ruleset=ruleset, phase="buy", turn={"buys": 3},
                 events=["Alms"], ann={"hand": ["Copper", "Silver"]})
    assert closed(g) == []
    g.answer("buy Copper")
    assert closed(g) == [
        "play Copper — turn.buy.treasures (Copper was bought this turn)",
        "play Silver — turn.buy.treasures (Copper was bought this turn)",
        "play all Treasures — turn.buy.treasures (Copper was bought this turn)"]
    g = position(["Village"], ruleset=ruleset, phase="buy", turn={"buys": 2},
                 events=["Alms"], ann={"hand": ["Copper"]})
    play_all(g, "buy Alms", "gain Copper")
    assert "play Copper — event.no-treasures-after (Alms was bought this turn)" in closed(g)


@BOTH
def test_a_once_per_turn_event_bought_again(ruleset):
    """Rule event.once-per-turn (Alms FAQ): a second Alms is not offered, and says why."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Alms"], turn={"buys": 2})
    play_all(g, "buy Alms", "gain Village")
    assert "buy Alms" not in g.legal()
    assert closed(g) == ["buy Alms — event.once-per-turn (bought once this turn)"]


def test_a_once_per_game_event_bought_again():
    """Rule event.once-per-game (Inheritance FAQ)."""
    g = position(["Village"], phase="buy", events=["Inheritance"],
                 turn={"buys": 2, "coins": 14})
    g.answer("buy Inheritance")  # Village is the only Action to set aside: taken by itself
    assert closed(g) == ["buy Inheritance — event.once-per-game (bought once this game)"]


@BOTH
def test_no_cards_in_missions_turn(ruleset):
    """Rule turn.extra (Mission FAQ: in the extra turn, cards can't be bought, Events can)."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Mission"],
                 turn={"coins": 4}, ann={"deck": ["5 Silver"]})
    g.answer("buy Mission")  # nothing left to do this turn: the extra turn's Buy phase is next
    assert g.state.turn.extra and g.pending.rule == "turn.buy"
    assert "buy Silver" not in g.legal()
    g.answer("play all Treasures")  # $10: Silver would be affordable
    assert "buy Silver" not in g.legal()
    assert "buy Silver — turn.extra (no cards can be bought in the extra turn Mission gives, "\
        "only Events)" in closed(g)
    with pytest.raises(IllegalAnswer, match=r"it is not offered now: turn\.extra"):
        g.answer("buy Silver")


# -- cheap when nobody reads ---------------------------------------------------------------------

def test_unavailable_answers_are_built_only_when_read():
    """The lead's speed work: a Buy phase decision builds its closed answers only when they
    are read (the engine never reads them itself)."""
    g = position(["Village"], phase="buy", ann={"hand": ["Copper"]}, turn={"buys": 2})
    g.answer("buy Copper")
    d = g.pending
    assert d._closed is None
    assert closed(g) and d._closed is not None


# -- tavern why and tavern explore ---------------------------------------------------------------

PEASANT = Path(__file__).resolve().parent.parent / "checker" / "scenarios" / "seeds" / \
    "peasant-soldier-outcomes.yaml"
NEEDS_COPY = ("exchange Peasant for Soldier — traveller.exchange.needs-copy (the Soldier pile "
              "is empty)")
CARRIAGE = """
meta: {id: carriage, question: "May Royal Carriage replay a Raze that trashed itself?"}
setup:
  kingdom: [Raze, Royal Carriage, Coin of the Realm, Village]
  players:
    - {name: Ann, hand: [Raze, Estate, Village], deck: [Gold, Copper, Silver],
       mat: [Royal Carriage, Coin of the Realm]}
    - {name: Bob}
  turn: {phase: action}
script: [play Raze, trash Raze (this), put into hand Gold]
outcomes: {stop: {at: end-of-phase, phase: action}, fields: [turn.actions]}
"""


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_why_shows_the_decision_it_stops_at_and_what_is_closed(capsys):
    """The Peasant puzzle (Adventures rulebook 2015, Traveller cards): `tavern why` names the
    deciding rule, with its text, though nothing in the log cites it yet."""
    code, out, _ = run(capsys, "why", PEASANT)
    assert code == 0
    assert "now waiting: Ann: Clean-up: exchange Travellers? [traveller.order]" in out
    assert "options: exchange Soldier for Fugitive | continue" in out
    assert f"not offered: {NEEDS_COPY}" in out
    assert "traveller.exchange.needs-copy: Exchange needs a card to take" in out


def test_why_shows_what_was_closed_at_each_answer(capsys, tmp_path):
    path = tmp_path / "carriage.yaml"
    path.write_text(CARRIAGE.replace("put into hand Gold]", "put into hand Gold, continue]"))
    code, out, _ = run(capsys, "why", path)
    assert code == 0
    assert ("Ann answers 'continue'; not offered then:\n"
            "        call Royal Carriage — reserve.after-action (the Raze just played is no "
            "longer in play but in the trash; a called Royal Carriage replays only a card "
            "still in play)") in out
    code, out, _ = run(capsys, "why", path, "--json")
    data = json.loads(out)
    assert data["not_offered"][-1]["closed"] == [
        {"label": "call Royal Carriage", "rule": "reserve.after-action",
         "why": "the Raze just played is no longer in play but in the trash; a called Royal "
                "Carriage replays only a card still in play"}]
    assert data["pending"]["rule"] == "turn.action"  # the Village is still in hand


def test_explore_shows_the_starting_decision(capsys):
    code, out, _ = run(capsys, "explore", PEASANT)
    assert code == 0
    assert ("starting from: Ann: Clean-up: exchange Travellers? [traveller.order]\n"
            "   options: exchange Soldier for Fugitive | continue\n"
            f"   not offered: {NEEDS_COPY}\n") in out
    code, out, _ = run(capsys, "explore", PEASANT, "--json")
    start = json.loads(out)["start"]
    assert start["options"] == ["exchange Soldier for Fugitive", "continue"]
    assert start["not_offered"][0]["rule"] == "traveller.exchange.needs-copy"


def test_explore_shows_what_was_closed_along_a_path(capsys, tmp_path):
    """After Coin of the Realm is called, the Action phase goes on: Royal Carriage is closed
    at the next answer of the path too (outside its window); the explorer says so."""
    path = tmp_path / "carriage.yaml"
    path.write_text(CARRIAGE)
    code, out, _ = run(capsys, "explore", path)
    assert code == 0
    assert "options: call Coin of the Realm | continue" in out
    assert ("   not offered at answer 2 (end Action phase): call Royal Carriage — "
            "reserve.after-action (only directly after an Action card resolves)") in out


@pytest.mark.parametrize(("answer", "reason"), [
    ("buy Province", "turn.buy.purchase (Province costs $8, more than your $3)"),
    ("buy Village", "turn.buy.purchase (the Village pile is empty)"),
    ("buy Soldier", "traveller.nonsupply (Soldier is not in the Supply)"),
    ("buy Training", "event (Training costs $6, more than your $3)")])
def test_a_purchase_the_rules_refuse_says_why_when_tried(answer, reason):
    """Rules turn.buy.purchase, event and traveller.nonsupply (Dominion rulebook 2nd ed., Buy
    phase; Adventures rulebook 2015, Events and Travellers): a card costing more than the $,
    an empty pile, a non-Supply card, an Event too dear. Too ordinary to list with the
    decision (the closed answers stay short), each is explained when it is answered, by the
    engine and by the checker's message."""
    g = position(["Village", "Peasant"], phase="buy", events=["Training"], piles={"Village": 0},
                 ann={"hand": ["3 Copper"]})
    g.answer("play all Treasures")
    assert all(c.label != answer for c in g.pending.unavailable())
    with pytest.raises(IllegalAnswer, match=re.escape(f"it is not offered now: {reason}")):
        g.answer(answer)
    assert f"'{answer}' is not a legal answer to Ann's decision \"Buy phase: play Treasures, " \
        f"buy, or end\"; it is not offered now: {reason}; legal: " in not_legal(2, answer, g)


@pytest.mark.parametrize(("hand", "answer", "reason"), [
    (["Workshop"], "gain Gold", "card.cost (Gold costs $6, more than $4)"),
    (["Workshop"], "gain Village", "gain.empty (the Village pile is empty)"),
    (["Workshop"], "gain Soldier", "gain.supply-only (Soldier is not in the Supply)"),
    (["Mine", "Copper"], "gain Estate", "card.types (Estate is not the kind of card Mine can "
                                        "gain)")])
def test_a_gain_the_card_refuses_says_why_when_tried(hand, answer, reason):
    """Rules card.cost, gain.empty, gain.supply-only and card.types (Workshop and Mine FAQ,
    Dominion rulebook 2nd ed.; Adventures rulebook 2015, Travellers): a card that costs too
    much, an empty pile, a non-Supply card, a card of the wrong type (Mine gains a Treasure),
    each said when answered."""
    g = position(["Workshop", "Mine", "Village", "Peasant"], piles={"Village": 0},
                 ann={"hand": hand, "deck": ["5 Copper"]})
    g.answer(f"play {hand[0]}")
    if hand[0] == "Mine":
        g.answer("trash Copper")
    with pytest.raises(IllegalAnswer, match=re.escape(f"it is not offered now: {reason}")):
        g.answer(answer)


@pytest.mark.parametrize(("answer", "reason"), [
    ("play Gold", "turn.buy.treasures (Treasures are played in the Buy phase: end the Action "
                  "phase first)"),
    ("buy Silver", "turn.buy.purchase (buying is in the Buy phase: end the Action phase first)")])
def test_a_buy_phase_answer_in_the_action_phase_says_to_end_it_first(answer, reason):
    """Rules turn.buy.treasures and turn.buy.purchase (Dominion rulebook 2nd ed., turn
    phases): with a Village still playable, a Treasure or a purchase is answered too early."""
    g = position(["Village"], ann={"hand": ["Village", "Gold"], "deck": ["5 Copper"]})
    with pytest.raises(IllegalAnswer, match=re.escape(f"it is not offered now: {reason}")):
        g.answer(answer)


def test_throne_room_with_no_action_in_hand_says_so():
    """Rule choice.do-what-you-can (Throne Room FAQ, Dominion rulebook 2nd ed.: playing an
    Action is optional; with none in hand nothing happens). It was silent, so a script's next
    answer 'play Copper' read as Throne Room's and passed as an ordinary Treasure play."""
    g = position(["Throne Room"], ann={"hand": ["Throne Room", "Copper"], "deck": ["5 Copper"]})
    g.answer("play Throne Room")
    assert entries(g, "has no card to play")[0].text() == (
        "Ann has no card to play (Throne Room: you may play an Action card from your hand "
        "twice) [choice.do-what-you-can]")
    assert g.pending.kind == "buy"


def test_an_entry_meant_for_a_choice_made_without_asking_says_so():
    """Rule choice.only-option (engine convention): with one legal answer the choice is made
    for the player, so a script entry written for it meets the next decision. The message says
    which choice was made, and why the entry would not have fitted it (Ruling
    inheritance.no-duration-current: no Duration; Inheritance can set aside only Village)."""
    g = position(["Village", "Amulet"], phase="buy", events=["Inheritance"],
                 turn={"coins": 7}, bob={"deck": ["5 Copper"]})
    g.answer("buy Inheritance")
    text = not_legal(2, "set aside Amulet", g)
    assert text.startswith("script entry 2 'set aside Amulet' is not a legal answer to Bob's "
                           "decision")
    assert text.endswith(
        "(before it, Ann's \"Inheritance: set aside an Action card from the Supply costing up "
        "to $4\" had only one legal answer, 'set aside Village', taken without asking: no "
        "script entry answers it; there 'set aside Amulet' is not offered: token.estate (Amulet "
        "is not the kind of card Inheritance can set aside))")


@pytest.mark.parametrize(("bob", "answer", "reason"), [
    ({"hand": ["Caravan Guard", "Copper"], "discard": ["Moat"]}, "reveal Moat",
     "attack.reaction (Moat is not in Bob's hand)"),
    ({"hand": ["Caravan Guard", "Copper"]}, "reveal Caravan Guard",
     "attack.reaction (Caravan Guard reacts by 'play Caravan Guard')"),
    ({"hand": ["Moat", "Caravan Guard"], "deck": ["Moat"], "react": "reveal Moat"}, "reveal Moat",
     "attack.reaction (this Moat has reacted to this Attack already)")])
def test_a_reaction_that_cannot_be_used_says_why_when_tried(bob, answer, reason):
    """Rule attack.reaction (Moat FAQ, Dominion rulebook 2nd ed.: revealed from your hand;
    Caravan Guard FAQ, Adventures rulebook 2015: it reacts by being played)."""
    g = position(["Witch", "Moat", "Caravan Guard"], ann={"hand": ["Witch"],
                                                          "deck": ["5 Copper"]},
                 bob={"deck": ["5 Copper"], **{k: v for k, v in bob.items() if k != "react"}})
    g.answer("play Witch")
    if "react" in bob:  # a second copy, in the deck, must not give its reason for this one
        g.answer(bob["react"])
    assert g.pending.player == "Bob"
    with pytest.raises(IllegalAnswer, match=re.escape(f"it is not offered now: {reason}")):
        g.answer(answer)


def test_a_reserve_not_on_the_mat_says_where_it_is_when_called():
    """Rule reserve.call (Adventures rulebook 2015, Reserve Cards: only a card on your Tavern
    mat can be called): Guide in hand, at the start of the turn with Ratcatcher on the mat."""
    g = position(["Guide", "Ratcatcher"], phase="start",
                 ann={"hand": ["Guide", "Copper"], "mat": ["Ratcatcher"], "deck": ["5 Copper"]})
    assert g.legal() == ["call Ratcatcher", "continue"]
    with pytest.raises(IllegalAnswer, match=re.escape(
            "it is not offered now: reserve.call (Guide is not on the Tavern mat: it is in "
            "their hand)")):
        g.answer("call Guide")


def test_teacher_onto_a_pile_holding_its_own_token_says_why():
    """Ruling teacher.no-own-token-pile (Teacher FAQ, Adventures rulebook 2015: the pile must
    have none of your tokens) and rule token.pile-bonus: Ann's +1 Action token is on
    Village, so Teacher cannot put her +1 Card token there; a non-Action pile is refused too."""
    g = position(["Peasant", "Village", "Smithy"], phase="start",
                 ann={"mat": ["Teacher"], "tokens": {"+1 Action": "Village"},
                      "deck": ["5 Copper"]})
    g.answer("call Teacher")
    g.answer("move +1 Card token")
    for answer, why in (("put +1 Card token on Village", "Village holds one of Ann's tokens "
                         "already"), ("put +1 Card token on Silver", "Silver is not an Action "
                                      "Supply pile")):
        with pytest.raises(IllegalAnswer, match=re.escape(
                f"it is not offered now: token.pile-bonus ({why})")):
            g.answer(answer)
