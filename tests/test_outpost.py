"""Outpost (Seaside) and the extra-turn rulings Adventures meets: the 3-card hand, one extra
turn per turn and never a 3rd in a row, Mission and Outpost in one turn under both rulesets,
Expedition on top of 3 cards, and next-turn Durations and attacks before an extra turn."""

from __future__ import annotations

import html
import json

import pytest
from helpers import BOTH, entries, finish_turn, names, position


def whose(g):
    return g.state.turn.player.name


def outpost_game(ruleset, hand=("Outpost", "4 Copper"), **kw):
    kw.setdefault("ann", {"hand": list(hand), "deck": ["20 Silver"]})
    kw.setdefault("bob", {"deck": ["10 Copper"]})
    return position(kw.pop("kingdom", ["Outpost"]), ruleset=ruleset, **kw)


@BOTH
def test_outpost_three_card_extra_turn(ruleset):
    """Ruling outpost.three-card-extra-turn (Seaside rulebook 2009, card FAQ: Outpost; wiki
    Official FAQ 2022): 3 cards drawn in Clean-up, then Ann's extra turn; it is not counted
    for the tie-break; Outpost stays until that turn's Clean-up (ruling
    outpost.stays-until-extra-turn-ends)."""
    g = outpost_game(ruleset)
    g.answer("play Outpost")
    g.answer("end Buy phase")
    ann = g.player("Ann")
    assert whose(g) == "Ann" and g.state.turn.extra and g.state.turn.number == 2
    assert names(ann.hand) == ["Silver"] * 3 and names(ann.play) == ["Outpost"]
    assert ann.turns_taken == 1
    finish_turn(g)
    assert whose(g) == "Bob" and "Outpost" in names(ann.discard)
    assert len(ann.hand.cards) == 5  # the Outpost turn's Clean-up draws a normal hand


@BOTH
def test_outpost_twice_one_extra_turn(ruleset):
    """Ruling outpost.one-extra-turn-per-turn (Seaside 2009 FAQ; wiki Errata): the second
    Outpost gives no turn and leaves play in this Clean-up."""
    g = outpost_game(ruleset, hand=("Village", "Outpost", "Outpost", "2 Copper"))
    for a in ("play Village", "play Outpost", "play Outpost", "end Buy phase"):
        g.answer(a)
    ann = g.player("Ann")
    assert whose(g) == "Ann" and g.state.turn.extra
    assert names(ann.play) == ["Outpost"] and names(ann.discard).count("Outpost") == 1
    finish_turn(g)
    assert whose(g) == "Bob"


@BOTH
def test_outpost_in_an_extra_turn_gives_no_third(ruleset):
    """Ruling outpost.not-from-an-extra-turn (Seaside 2009 FAQ; wiki Errata): Outpost in Ann's
    extra turn: 3 cards drawn, but Bob plays next, and Outpost is discarded with it."""
    g = outpost_game(ruleset, turn={"number": 2, "extra": True})
    g.answer("play Outpost")
    g.answer("end Buy phase")
    ann = g.player("Ann")
    assert whose(g) == "Bob" and g.state.turn.number == 3
    assert len(ann.hand.cards) == 3 and "Outpost" in names(ann.discard)


@pytest.mark.parametrize("first", ["Outpost", "Mission"])
def test_outpost_and_mission_both_2015(first):
    """Ruling outpost.mission-both-2015 (wiki, Mission, Other rules clarifications): two extra
    turns, in the order Ann picks; the first starts with 3 cards, the second with 5."""
    g = outpost_game("2015", events=["Mission"], turn={"coins": 4})
    g.answer("play Outpost")
    g.answer("buy Mission")
    assert g.pending.rule == "turn.extra.choice"
    assert sorted(g.legal()) == ["take first the Mission turn", "take first the Outpost turn"]
    g.answer(f"take first the {first} turn")
    assert whose(g) == "Ann" and len(g.player("Ann").hand.cards) == 3
    assert g.state.turn.no_buying_cards == (first == "Mission")
    finish_turn(g)
    assert whose(g) == "Ann" and len(g.player("Ann").hand.cards) == 5
    assert g.state.turn.no_buying_cards == (first == "Outpost")
    finish_turn(g)
    assert whose(g) == "Bob" and g.state.turn.number == 4


@pytest.mark.parametrize("chosen", ["Outpost", "Mission"])
def test_outpost_and_mission_one_current(chosen):
    """Ruling outpost.mission-one-current (wiki, Outpost, Errata): Ann picks one turn, the
    other fails; 3 cards either way; a failed Outpost turn leaves Outpost nothing to do."""
    g = outpost_game("current", events=["Mission"], turn={"coins": 4})
    g.answer("play Outpost")
    g.answer("buy Mission")
    assert sorted(g.legal()) == ["take the Mission turn", "take the Outpost turn"]
    g.answer(f"take the {chosen} turn")
    ann = g.player("Ann")
    assert whose(g) == "Ann" and len(ann.hand.cards) == 3
    assert g.state.turn.no_buying_cards == (chosen == "Mission")
    assert ("Outpost" in names(ann.play)) == (chosen == "Outpost")
    finish_turn(g)
    assert whose(g) == "Bob"


@BOTH
def test_expedition_adds_to_outposts_three(ruleset):
    """Ruling expedition.outpost (Adventures rulebook 2015, card FAQ: Expedition): 3 + 2."""
    g = outpost_game(ruleset, events=["Expedition"], turn={"coins": 3})
    g.answer("play Outpost")
    g.answer("buy Expedition")
    assert whose(g) == "Ann" and len(g.player("Ann").hand.cards) == 5


@BOTH
@pytest.mark.parametrize("card", ["Haunted Woods", "Swamp Hag"])
def test_attack_duration_then_outpost_never_lands(ruleset, card):
    """Rulings haunted-woods.extra-turn and swamp-hag.extra-turn (Adventures rulebook 2015,
    card FAQs, naming Outpost): the next-turn part comes at the start of the Outpost turn and
    the attack ends there, before Bob buys anything (ruling outpost.next-turn-durations)."""
    g = outpost_game(ruleset, kingdom=["Outpost", card],
                     ann={"hand": ["Village", card, "Outpost"], "deck": ["20 Silver"]},
                     bob={"hand": ["5 Gold", "Estate"], "deck": ["10 Copper"]})
    for a in ("play Village", f"play {card}", "play Outpost", "end Buy phase"):
        g.answer(a)
    ann = g.player("Ann")
    assert whose(g) == "Ann"
    finish_turn(g)
    assert card in names(ann.discard) and whose(g) == "Bob"
    g.answer("play all Treasures")
    g.answer("buy Province")  # his one Buy: his turn ends by itself
    assert whose(g) == "Ann"
    bob = g.player("Bob")
    assert "Curse" not in names(bob.discard)  # Swamp Hag's attack is over
    # Haunted Woods' is over too: the Estate left in hand was discarded, not put onto his
    # deck, so his next hand is the deck's Coppers
    assert "Estate" in names(bob.discard) and names(bob.hand) == ["Copper"] * 5


def test_the_stepper_names_what_gave_the_extra_turn():
    """The stepper and desk show an extra turn for what it is (issue 25): the turn header
    names Outpost; a position's 'extra: Mission' names Mission."""
    from dominion_tavern.notebooks.widgets.game_html import turn_html
    g = outpost_game("current")
    g.answer("play Outpost")
    g.answer("end Buy phase")
    assert "Turn 2 (extra turn from Outpost)" in turn_html(g)
    h = position(["Village"], events=["Mission"], phase="buy",
                 turn={"number": 2, "extra": "Mission"}, ann={"hand": ["5 Copper"]},
                 bob={"deck": ["5 Copper"]})
    assert "(extra turn from Mission)" in turn_html(h)


@BOTH
def test_a_position_with_outpost_played_this_turn(ruleset):
    """A position's Outpost played this turn keeps its effects (ruling
    outpost.three-card-extra-turn): 3 cards, then Ann's extra turn, Outpost kept until its
    end; one played earlier (this is its extra turn) has nothing left to do."""
    g = outpost_game(ruleset, phase="buy", ann={"hand": ["Estate"], "play": ["Outpost"],
                                                "deck": ["10 Silver"]})
    g.answer("end Buy phase")
    assert whose(g) == "Ann" and g.state.turn.extra
    assert len(g.player("Ann").hand.cards) == 3 and names(g.player("Ann").play) == ["Outpost"]
    h = outpost_game(ruleset, phase="buy", turn={"number": 2, "extra": True},
                     ann={"hand": ["Estate"], "play": [{"card": "Outpost", "earlier": True}],
                          "deck": ["10 Silver"]})
    h.answer("end Buy phase")
    assert whose(h) == "Bob" and "Outpost" in names(h.player("Ann").discard)


# -- Outpost's 2022 text (Seaside 2nd edition), named by a scenario: setup.texts ------------
# "If this is the first time you played an Outpost this turn, and the previous turn wasn't
# yours, then take an extra turn after this one, and you only draw 3 cards for your next hand."
TEXT_2022 = {"Outpost": "2022"}


@BOTH
def test_outpost_2022_gives_its_turn_on_a_normal_turn(ruleset):
    """Ruling outpost.2022-conditions (wiki: Outpost, Official FAQ 2022): the first Outpost of
    a turn that follows another player's: 3 cards, the extra turn, Outpost kept until its end;
    the log names the text, whichever the ruleset."""
    g = outpost_game(ruleset, texts=TEXT_2022)
    g.answer("play Outpost")
    three = entries(g, "will draw only 3 cards for their next hand")
    assert [e.note for e in three] == ["Outpost's 2022 text"]
    g.answer("end Buy phase")
    ann = g.player("Ann")
    assert whose(g) == "Ann" and g.state.turn.extra and g.state.turn.given_by == "Outpost"
    assert names(ann.hand) == ["Silver"] * 3 and names(ann.play) == ["Outpost"]
    finish_turn(g)
    assert whose(g) == "Bob" and "Outpost" in names(ann.discard)


@BOTH
def test_outpost_2022_on_an_extra_turn_does_nothing(ruleset):
    """Ruling outpost.2022-nothing-after-own-turn (wiki: Outpost, Official FAQ 2022 and Other
    rules clarifications): on Ann's extra turn the previous turn was hers, so no extra turn
    and no 3-card hand (the 2009 and 2023 texts still draw 3: test above), and Outpost leaves
    play in this Clean-up."""
    g = outpost_game(ruleset, texts=TEXT_2022, turn={"number": 2, "extra": True})
    g.answer("play Outpost")
    [e] = entries(g, "gets nothing from")
    assert (e.rule, e.note) == ("turn.extra",
                                "the previous turn was theirs, by Outpost's 2022 text")
    g.answer("end Buy phase")
    ann = g.player("Ann")
    assert whose(g) == "Bob" and len(ann.hand.cards) == 5 and "Outpost" in names(ann.discard)


@BOTH
def test_outpost_2022_second_outpost_does_nothing(ruleset):
    """Ruling outpost.2022-conditions (wiki: Outpost, Official FAQ 2022): only the first
    Outpost played this turn does anything; the second leaves play in this Clean-up."""
    g = outpost_game(ruleset, texts=TEXT_2022, hand=("Village", "Outpost", "Outpost", "Copper"))
    for a in ("play Village", "play Outpost", "play Outpost"):
        g.answer(a)
    [e] = entries(g, "gets nothing from")
    assert e.note == "not the first Outpost played this turn, by Outpost's 2022 text"
    g.answer("end Buy phase")
    ann = g.player("Ann")
    assert whose(g) == "Ann" and len(ann.hand.cards) == 3
    assert names(ann.play) == ["Outpost"] and names(ann.discard).count("Outpost") == 1


@BOTH
def test_throne_room_on_outpost_2022_one_turn_and_stays_out(ruleset):
    """Ruling outpost.2022-throne-room (wiki: Outpost, Other rules clarifications): Throne
    Room on Outpost gives one extra turn (the second play is not the first Outpost this turn),
    and Throne Room stays in play with Outpost until the extra turn ends."""
    g = outpost_game(ruleset, texts=TEXT_2022, kingdom=["Outpost", "Throne Room"],
                     hand=("Throne Room", "Outpost", "Copper"))
    g.answer("play Throne Room")
    g.answer("play Outpost")
    assert len(entries(g, "will take an extra turn")) == 1
    assert len(entries(g, "gets nothing from")) == 1
    g.answer("end Buy phase")
    ann = g.player("Ann")
    assert whose(g) == "Ann" and g.state.turn.extra and len(ann.hand.cards) == 3
    assert sorted(names(ann.play)) == ["Outpost", "Throne Room"]
    finish_turn(g)
    assert whose(g) == "Bob" and {"Outpost", "Throne Room"} <= set(names(ann.discard))


@pytest.mark.parametrize("first", ["Outpost", "Mission"])
def test_mission_2015_and_outpost_2022_both_taken(first):
    """Ruling outpost.2022-mission-2015 (wiki: Outpost, Official FAQ 2022; Mission's 2015 text,
    Adventures FAQ): neither text limits a 3rd turn in a row, both conditions hold on a normal
    turn, so both extra turns come, in the order Ann picks; the first starts with 3 cards."""
    g = outpost_game("2015", texts=TEXT_2022, events=["Mission"], turn={"coins": 4})
    g.answer("play Outpost")
    g.answer("buy Mission")
    assert sorted(g.legal()) == ["take first the Mission turn", "take first the Outpost turn"]
    g.answer(f"take first the {first} turn")
    assert whose(g) == "Ann" and len(g.player("Ann").hand.cards) == 3
    assert g.state.turn.no_buying_cards == (first == "Mission")
    finish_turn(g)
    assert whose(g) == "Ann" and g.state.turn.no_buying_cards == (first == "Outpost")
    finish_turn(g)
    assert whose(g) == "Bob"


@pytest.mark.parametrize(("first", "turns"), [("Mission", 2), ("Outpost", 1)])
def test_mission_2023_and_outpost_2022_the_order_decides(first, turns):
    """Ruling outpost.2022-mission-2023 (wiki: Outpost, Official FAQ 2022; wiki: Mission's
    2023 text): Outpost's 2022 turn has no 3rd-turn limit, Mission's 2023 turn has: Mission's
    turn first, then Outpost's (a 3rd in a row its text allows); Outpost's first, and
    Mission's fails."""
    g = outpost_game("current", texts=TEXT_2022, events=["Mission"], turn={"coins": 4})
    g.answer("play Outpost")
    g.answer("buy Mission")
    g.answer(f"take first the {first} turn")
    assert whose(g) == "Ann" and len(g.player("Ann").hand.cards) == 3
    for _ in range(turns):
        assert whose(g) == "Ann" and g.state.turn.extra
        finish_turn(g)
    assert whose(g) == "Bob"
    assert len(entries(g, "takes no extra turn")) == 2 - turns


def test_a_named_text_that_is_not_the_rulesets():
    """Mission's 2015 text named under the current ruleset: once per turn, and nothing if the
    previous turn was Ann's (the line names the text); its 2023 text named under 2015: no
    once-per-turn limit (rule event.once-per-turn closes nothing)."""
    g = outpost_game("current", texts={"Mission": "2015"}, events=["Mission"], kingdom=[],
                     phase="buy", turn={"number": 2, "extra": True, "coins": 8},
                     ann={"hand": ["Copper"], "deck": ["10 Silver"]})
    g.answer("buy Mission")
    [e] = entries(g, "takes no extra turn")
    assert e.note == "the previous turn was theirs, by Mission's 2015 text"
    assert "buy Mission" not in g.legal()
    h = outpost_game("2015", texts={"Mission": "2023"}, events=["Mission"], kingdom=[],
                     phase="buy", turn={"coins": 8, "buys": 2},
                     ann={"hand": ["Copper"]})
    h.answer("buy Mission")
    assert "buy Mission" in h.legal()


def test_the_stepper_and_why_show_the_text_in_use(capsys):
    """The stepper's header names the text the setup chose, Outpost's pile says its text in
    use (chosen or the ruleset's), and ``tavern why`` prints each named text the game plays
    by, saying who chose it."""
    from dominion_tavern.checker.cli import main
    from dominion_tavern.notebooks.widgets.game_html import piles_html, turn_html
    g = outpost_game("current", texts=TEXT_2022, events=["Mission"])
    assert "(ruleset current; Outpost&#x27;s 2022 text)" in turn_html(g)
    assert "text 2022 (setup.texts): If this is the first time" in html.unescape(
        piles_html(g.state))
    assert "text 2023 (ruleset current): Take an extra turn" in html.unescape(
        piles_html(g.state))
    assert main(["why", "checker/scenarios/turns/outpost-2022-mission-2015.yaml"]) == 0
    out = capsys.readouterr().out
    assert "Outpost plays by its 2022 text (named in setup.texts): If this is the first" in out
    assert "Mission plays by its 2015 text (the ruleset 2015 uses it): Once per turn" in out
    assert main(["why", "--json", "checker/scenarios/turns/outpost-2022-mission-2015.yaml"]) == 0
    texts = json.loads(capsys.readouterr().out)["texts"]
    assert [(t["card"], t["id"], t["named"]) for t in texts] == \
        [("Outpost", "2022", True), ("Mission", "2015", False)]


def test_a_position_with_a_2022_outpost_played_this_turn():
    """A position's Outpost played this turn under its 2022 text (ruling
    outpost.2022-conditions): after Bob's turn, 3 cards and Ann's extra turn; on Ann's extra
    turn (the previous turn hers: ruling outpost.2022-nothing-after-own-turn), nothing."""
    g = outpost_game("current", texts=TEXT_2022, phase="buy",
                     turn={"number": 2, "previous": "Bob"},
                     ann={"hand": ["Estate"], "play": ["Outpost"], "deck": ["10 Silver"]})
    g.answer("end Buy phase")
    assert whose(g) == "Ann" and g.state.turn.extra and len(g.player("Ann").hand.cards) == 3
    h = outpost_game("current", texts=TEXT_2022, phase="buy", turn={"number": 2, "extra": True},
                     ann={"hand": ["Estate"], "play": ["Outpost"], "deck": ["10 Silver"]})
    h.answer("end Buy phase")
    assert whose(h) == "Bob" and len(h.player("Ann").hand.cards) == 5
    assert "Outpost" in names(h.player("Ann").discard)
