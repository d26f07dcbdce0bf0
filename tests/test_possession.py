"""Possession (Alchemy): another player's turn under control. Who decides and who gains, the
trashed cards that come back, the tie-break, several Possessions, Mission, Travellers,
Champion and Inheritance; and "who decides" read by policies, bots, state keys, positions,
the prompts and the stepper."""

from __future__ import annotations

import pytest
from dominion_tavern.checker.explore.state_keys import KeyMaker
from dominion_tavern.checker.format.dump import state_spec
from dominion_tavern.checker.format.policies import Policies
from dominion_tavern.notebooks.widgets.game_html import log_html, player_html, turn_html
from dominion_tavern.notebooks.widgets.seats import face_down
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.position import build
from helpers import BOTH, entries, finish_turn, names, position


def possessed(ruleset="current", kingdom=("Possession",), ann_hand=("Possession", "4 Copper"),
              first=("play Possession",), ann_deck=("10 Copper",), **kw):
    """Ann plays Possession (``first``) and ends her turn: Bob's Possession turn starts."""
    kw.setdefault("bob", {"hand": ["5 Copper"], "deck": ["10 Silver"]})
    g = position(list(kingdom), ruleset=ruleset,
                 ann={"hand": list(ann_hand), "deck": list(ann_deck)}, **kw)
    for a in (*first, "end Buy phase"):
        g.answer(a)
    return g


def answer(g, *answers):
    """Give each answer that is legal now (an Action phase with nothing to play is not
    asked)."""
    for a in answers:
        if a in g.legal():
            g.answer(a)


@BOTH
def test_the_possessor_decides_for_the_possessed_player(ruleset):
    """Ruling possession.possessor-decides (Possession FAQ, Alchemy 2010): Bob's turn, with
    Bob's cards, Ann choosing; the prompt says both."""
    g = possessed(ruleset, kingdom=("Possession", "Smithy"),
                  bob={"hand": ["Smithy", "4 Estate"], "deck": ["3 Gold", "5 Silver"]})
    t, d = g.state.turn, g.pending
    assert (t.player.name, t.controller.name, t.extra) == ("Bob", "Ann", True)
    assert (d.player, d.decider) == ("Bob", "Ann")
    assert d.who() == "Ann decides for Bob (Possession turn)"
    g.answer("play Smithy")  # "you" is Bob: Smithy draws from Bob's deck
    assert names(g.player("Bob").hand) == ["Estate"] * 4 + ["Gold"] * 3
    assert g.pending.decider == "Ann"
    finish_turn(g)
    t, d = g.state.turn, g.pending
    assert (t.player.name, t.controller, t.extra) == ("Bob", None, False)
    assert d.decider == "Bob" and d.who() == "Bob"


def test_another_players_own_decisions_stay_theirs():
    """Rule possession.decides (Possession FAQ: 'you' is the possessed player): Bob's Militia
    hits Ann, the possessor, and Ann makes her own discards as herself; an illegal answer's
    message names who makes Bob's decision."""
    g = possessed(kingdom=("Possession", "Militia"), ann_deck=("3 Copper", "2 Estate"),
                  bob={"hand": ["Militia", "4 Copper"], "deck": ["5 Copper"]})
    g.answer("play Militia")
    d = g.pending
    assert (d.player, d.decider, d.who()) == ("Ann", "Ann", "Ann")
    g.answer("discard: Estate, Estate")
    with pytest.raises(ValueError, match="Bob's decision, made by Ann \\(Possession turn\\)"):
        g.answer("buy Colony")


def test_gains_go_to_the_possessors_discard_pile():
    """Ruling possession.gains-to-possessor (Possession FAQ): a bought card and a card gained
    to the hand (Ghost Town) both land in Ann's discard pile; Bob gains nothing and his turn
    counts no gain (Messenger and Treasure Hunter read that count)."""
    g = possessed(kingdom=("Possession", "Ghost Town"),
                  bob={"hand": ["3 Gold", "2 Silver"], "deck": ["5 Copper"]})
    answer(g, "end Action phase", "play all Treasures", "buy Ghost Town")
    ann, bob = g.player("Ann"), g.player("Bob")
    assert names(ann.discard)[-1] == "Ghost Town" and "Ghost Town" not in names(ann.hand)
    assert g.state.turn.gained == 0
    assert [e.rule for e in entries(g, "gains")] == ["possession.gain"]
    assert entries(g, "gains")[0].player == "Ann"
    assert "Ghost Town" not in names(bob.hand) + names(bob.discard)


@BOTH
def test_debt_from_a_card_bought_while_possessed(ruleset):
    """Ruling possession.debt: Possession's current text gives the possessor 'any cards or
    Debt' the possessed player would gain, so Ann takes Engineer's 4 Debt and Bob may go on
    buying; under the first printing (cards only) Bob takes it and can buy nothing more."""
    g = possessed(ruleset, kingdom=("Possession", "Engineer", "Villa"),
                  bob={"hand": ["Villa", "Silver", "3 Estate"], "deck": ["5 Copper"]})
    answer(g, "play Villa", "end Action phase", "play Silver", "buy Engineer")
    ann, bob = g.player("Ann"), g.player("Bob")
    taker, other = (ann, bob) if ruleset == "current" else (bob, ann)
    assert (taker.debt, other.debt) == (4, 0)
    assert names(ann.discard)[-1] == "Engineer"
    assert ("buy Silver" in g.legal()) == (ruleset == "current")
    took = entries(g, "takes 4 Debt")[0]
    assert (took.player, took.rule) == (taker.name, "possession.gain" if ruleset == "current"
                                        else "debt.take")


@BOTH
@pytest.mark.parametrize("attack", ["Haunted Woods", "Swamp Hag"])
def test_an_attack_on_buyers_played_while_possessed_spares_the_possessor(ruleset, attack):
    """Rulings haunted-woods.possessed-buyer, swamp-hag.possessed-buyer: Bob plays the Attack
    on his Possession turn, then buys a Gold; Ann gains it but did not buy it ('gains a card
    they bought'; 2015: the buyer is the Attack's own player), so her hand stays and she gains
    no Curse."""
    g = possessed(ruleset, kingdom=("Possession", attack), ann_deck=("5 Estate", "10 Copper"),
                  bob={"hand": [attack, "4 Silver"], "deck": ["10 Copper"]})
    answer(g, f"play {attack}", "play all Treasures", "buy Gold")
    ann = g.player("Ann")
    assert names(ann.hand) == ["Estate"] * 5
    assert "Curse" not in names(ann.discard) and names(ann.discard)[-1] == "Gold"


def test_trashed_cards_are_set_aside_and_come_back():
    """Ruling possession.trashed-returned (Possession FAQ): Bob's Estates trashed by his Chapel
    are set aside, not in the trash, and after Clean-up go to his discard pile, which is not a
    gain."""
    g = possessed(kingdom=("Possession", "Chapel"),
                  bob={"hand": ["Chapel", "2 Estate", "2 Copper"], "deck": ["5 Silver"]})
    g.answer("play Chapel")
    g.answer("trash: Estate, Estate")
    bob = g.player("Bob")
    assert names(g.state.trash) == [] and names(bob.aside) == ["Estate", "Estate"]
    finish_turn(g)
    assert names(bob.aside) == [] and names(bob.discard).count("Estate") == 2
    assert names(g.state.trash) == [] and entries(g, "gains") == []
    back = entries(g, "puts", "Bob")[-1]
    assert (back.cards, back.rule, back.turn) == (("Estate", "Estate"), "possession.trash", 2)


def test_a_possession_turn_is_not_counted_for_the_tie_break():
    """Ruling possession.not-counted (wiki: Extra turn): the last Province bought on Bob's
    Possession turn ends the game with the scores tied; Bob has taken fewer turns, since the
    Possession turn does not count, and wins."""
    g = Game(lambda: build({
        "kingdom": ["Possession"], "piles": {"Province": 1}, "seed": 0,
        "players": [{"name": "Ann", "hand": ["Possession", "4 Copper"], "turns_taken": 5},
                    {"name": "Bob", "hand": ["3 Gold", "2 Copper"], "discard": ["2 Duchy"],
                     "turns_taken": 4}],
        "turn": {"player": "Ann", "number": 9, "phase": "action"}}))
    for a in ("play Possession", "end Buy phase", "play all Treasures", "buy Province"):
        g.answer(a)
    finish_turn(g)
    assert g.over and g.scores() == {"Ann": 6, "Bob": 6}
    assert g.player("Bob").turns_taken == 4 and g.winners == ["Bob"]


TWO = [(2, "Bob", "Ann", True), (3, "Bob", "Ann", True), (4, "Bob", None, False)]
ONE = [(2, "Bob", "Ann", True), (3, "Bob", None, False), (4, "Ann", None, False)]


@pytest.mark.parametrize(("ruleset", "texts", "seen"), [
    ("2015", None, TWO), ("current", None, ONE),
    ("current", {"Possession": "2010"}, TWO), ("2015", {"Possession": "2023"}, ONE)])
def test_two_possessions_and_the_text_that_decides_how_many_turns(ruleset, texts, seen):
    """Throne Room on Possession. First printing (ruling possession.several; wiki: Mission,
    Other rules clarifications): Bob takes two Possession turns in a row, then his normal
    turn (the rotation goes on from Ann's). The 2023 text ('but not a 2nd extra turn in a
    row'; ruling possession.several-current): the second would be Bob's 2nd extra turn in a
    row and is not taken. The text decides, not the ruleset: a scenario naming the other
    text (setup.texts) gets the other answer."""
    g = possessed(ruleset, kingdom=("Possession", "Throne Room"),
                  ann_hand=("Throne Room", "Possession", "3 Copper"),
                  first=("play Throne Room", "play Possession"), texts=texts)
    got = []
    while g.state.turn.number <= 4:
        t = g.state.turn
        got.append((t.number, t.player.name, t.controller and t.controller.name, t.extra))
        finish_turn(g)
    assert got == seen
    failed = entries(g, "takes no extra turn", "Bob")
    assert len(failed) == (seen is ONE)
    if failed and texts:
        assert failed[0].note == "not a 2nd extra turn in a row, by Possession's 2023 text"


@BOTH
def test_mission_on_the_turn_after_a_possession_turn(ruleset):
    """Ruling mission.possessed-previous-turn (wiki: Mission, Other rules clarifications;
    2015 text): the previous turn was Bob's Possession turn, so his Mission gives nothing;
    under the current text it would be his 3rd turn in a row (ruling
    mission.third-turn-current): nothing either."""
    g = possessed(ruleset, events=["Mission"],
                  bob={"hand": ["5 Estate"], "deck": ["4 Silver", "Estate", "10 Copper"]})
    finish_turn(g)
    assert (g.state.turn.player.name, g.state.turn.extra) == ("Bob", False)
    answer(g, "play all Treasures", "buy Mission")  # the turn then ends by itself
    assert entries(g, "buys the Event", "Bob")
    assert (g.state.turn.player.name, g.state.turn.number) == ("Ann", 4)
    assert entries(g, "takes no extra turn") or entries(g, "will take no extra turn")


@BOTH
def test_mission_bought_while_possessed(ruleset):
    """Ruling mission.bought-while-possessed (wiki: Mission, Unofficial FAQ; Mission FAQ
    2015): Bob's Mission turn follows, under his own control, then his normal turn."""
    g = possessed(ruleset, events=["Mission"],
                  bob={"hand": ["4 Silver", "Estate"], "deck": ["10 Copper"]})
    answer(g, "end Action phase", "play all Treasures", "buy Mission")  # the turn ends
    assert entries(g, "buys the Event", "Bob")
    t = g.state.turn
    assert (t.number, t.player.name, t.extra, t.controller, t.given_by) == \
        (3, "Bob", True, None, "Mission")
    finish_turn(g)
    t = g.state.turn
    assert (t.number, t.player.name, t.extra) == (4, "Bob", False)


@pytest.mark.parametrize(("ruleset", "texts", "fourth"), [
    ("2015", None, ("Bob", True)), ("current", {"Possession": "2010"}, ("Bob", False))])
def test_the_possessed_player_orders_mission_and_the_next_possession(ruleset, texts, fourth):
    """Ruling mission.possessions-order (wiki: Mission, Other rules clarifications; the first
    printing of Possession): with a second Possession turn waiting, Bob (not Ann) picks which
    extra turn comes first. Taking the Possession turn first, the Mission turn follows it
    under the first printing; under Mission's 2023 text it would be Bob's 3rd turn in a row
    and fails (rule turn.extra)."""
    g = possessed(ruleset, kingdom=("Possession", "Throne Room"), events=["Mission"],
                  ann_hand=("Throne Room", "Possession", "3 Copper"),
                  first=("play Throne Room", "play Possession"), texts=texts,
                  bob={"hand": ["4 Silver", "Estate"], "deck": ["20 Copper"]})
    answer(g, "play all Treasures", "buy Mission", "end Buy phase")
    d = g.pending
    assert (d.player, d.decider, d.who()) == ("Bob", "Bob", "Bob")
    assert sorted(g.legal()) == ["take first the Mission turn", "take first the Possession turn"]
    g.answer("take first the Possession turn")
    assert g.state.turn.controller.name == "Ann" and g.state.turn.number == 3
    finish_turn(g)
    assert (g.state.turn.player.name, g.state.turn.extra) == fourth


def test_under_the_current_texts_the_second_possession_fails_and_the_mission_turn_comes():
    """Ruling possession.several-current (Possession's 2023 text): the second Possession turn
    would be Bob's 2nd extra turn in a row, so Bob has no order to choose; his Mission turn
    (his 2nd turn in a row, allowed by Mission's text) follows, under his own control."""
    g = possessed("current", kingdom=("Possession", "Throne Room"), events=["Mission"],
                  ann_hand=("Throne Room", "Possession", "3 Copper"),
                  first=("play Throne Room", "play Possession"),
                  bob={"hand": ["4 Silver", "Estate"], "deck": ["20 Copper"]})
    answer(g, "play all Treasures", "buy Mission")
    t = g.state.turn
    assert (t.number, t.player.name, t.extra, t.controller, t.given_by) == \
        (3, "Bob", True, None, "Mission")
    assert [e.rule for e in entries(g, "takes no extra turn", "Bob")] == ["possession.turn"]


def test_a_possession_turn_after_the_possessors_own_extra_turn_is_taken():
    """Ruling possession.several-current: only the possessed player's own extra turns count.
    Ann plays Outpost and Possession and takes her Outpost turn first; Bob's Possession turn
    follows it (his previous turn was not an extra turn)."""
    g = position(["Possession", "Outpost"], ruleset="current",
                 ann={"hand": ["Outpost", "Possession", "Village", "2 Copper"],
                      "deck": ["10 Copper"]},
                 bob={"hand": ["5 Copper"], "deck": ["10 Silver"]})
    answer(g, "play Village", "play Outpost", "play Possession", "end Buy phase")
    g.answer("take first the Outpost turn")
    assert (g.state.turn.player.name, g.state.turn.given_by) == ("Ann", "Outpost")
    finish_turn(g)
    t = g.state.turn
    assert (t.player.name, t.extra, t.controller.name) == ("Bob", True, "Ann")


def test_a_traveller_exchanged_on_a_possession_turn_stays_with_its_owner():
    """Ruling possession.traveller-exchange (Adventures rulebook: exchanging is not gaining):
    Ann exchanges Bob's Page for him; the Treasure Hunter is Bob's."""
    g = possessed(kingdom=("Possession", "Page"),
                  bob={"hand": ["Page", "4 Estate"], "deck": ["10 Copper"]})
    g.answer("play Page")
    g.answer("end Buy phase")
    assert (g.pending.player, g.pending.decider) == ("Bob", "Ann")
    g.answer("exchange Page for Treasure Hunter")
    assert "Treasure Hunter" in names(g.player("Bob").discard)
    assert "Treasure Hunter" not in names(g.player("Ann").discard)
    assert entries(g, "gains") == []


def test_champion_does_not_stop_possession():
    """Ruling champion.possession (wiki: Champion, Other rules clarifications): Bob with
    Champion in play still takes the Possession turn, and his Champion's +1 Action works in
    it."""
    g = possessed(kingdom=("Possession", "Page", "Smithy"),
                  bob={"hand": ["2 Smithy", "3 Estate"], "play": [{"card": "Champion",
                                                                   "earlier": True}],
                       "deck": ["10 Copper"]})
    assert g.state.turn.controller.name == "Ann"
    g.answer("play Smithy")
    assert g.state.turn.actions == 1
    g.answer("play Smithy")
    assert names(g.player("Bob").play) == ["Champion", "Smithy", "Smithy"]


def test_an_estate_bought_while_possessed_is_the_possessors():
    """Ruling inheritance.possession (Inheritance FAQ): Bob's Estates are Villages; the Estate
    Ann gains for him is hers, a plain Estate."""
    g = possessed(kingdom=("Possession", "Village"), events=["Inheritance"],
                  bob={"estate_token": "Village", "hand": ["2 Copper", "3 Estate"],
                       "deck": ["5 Copper"]})
    answer(g, "end Action phase", "play all Treasures", "buy Estate")
    estate = g.player("Ann").discard.cards[-1]
    assert estate.name == "Estate" and not estate.d.is_action
    assert all(c.d.is_action for c in g.player("Bob").owned() if c.name == "Estate")


def test_a_policy_answers_the_possessed_players_decisions_as_the_possessors():
    """Rule possession.decides: a policy is read for the player who decides; Ann's rule
    answers Bob's Buy phase on the Possession turn, and the log says so; Bob's does not."""
    g = possessed(bob={"hand": ["3 Gold", "2 Copper"], "deck": ["5 Copper"]})
    assert Policies({"Bob": ["buy Province"]}).answer(g) is None
    policies = Policies({"Ann": [{"answer": "buy Gold", "prompt": "Buy phase"},
                                 {"answer": "play all Treasures"}]})
    assert policies.play(g) == ["play all Treasures", "buy Gold"]
    said = entries(g, "answers 'buy Gold' for Bob")
    assert said and said[0].player == "Ann" and "Gold" in names(g.player("Ann").discard)


def test_a_possession_turn_keys_and_writes_apart_from_an_ordinary_extra_turn():
    """The explorer's state keys and a written position tell a Possession turn (Ann deciding)
    from the same cards on an ordinary extra turn; a position with Possession played this turn
    still gives the Possession turn (its resume), and one written on a Possession turn is read
    back with the same controller and rotation."""
    def game(extra):
        return Game(lambda: build({
            "kingdom": ["Possession"],
            "players": [{"name": "Ann", "hand": ["5 Copper"]},
                        {"name": "Bob", "hand": ["5 Silver"], "deck": ["5 Copper"]}],
            "turn": {"player": "Bob", "number": 2, "phase": "action", "extra": extra}}))
    a, b = game("Possession"), game(True)
    assert a.pending.decider == "Ann" and b.pending.decider == "Bob"
    assert KeyMaker().key(a) != KeyMaker().key(b)
    spec = state_spec(a.state)
    assert spec["turn"]["extra"] == "Possession" and "previous" not in spec["turn"]
    again = Game(lambda: build(spec))
    assert again.state.turn.controller.name == "Ann"
    finish_turn(again)
    assert again.state.turn.player.name == "Bob" and not again.state.turn.extra
    mid = Game(lambda: build({
        "kingdom": ["Possession"],
        "players": [{"name": "Ann", "hand": ["4 Copper"], "play": ["Possession"],
                     "deck": ["5 Copper"]}, {"name": "Bob", "deck": ["5 Copper"]}],
        "turn": {"player": "Ann", "phase": "buy"}}))
    finish_turn(mid)
    assert mid.state.turn.controller.name == "Ann" and mid.state.turn.player.name == "Bob"


def test_a_position_written_after_trashing_on_a_possession_turn_keeps_the_cards_coming_back():
    """Rule possession.trash in a written position: Bob's Estates trashed by Chapel are
    written as the turn's ``returning``, read back set aside, and go to his discard pile when
    that turn ends; a turn that is no Possession turn cannot have any."""
    g = possessed(kingdom=("Possession", "Chapel"), seed=None,
                  bob={"hand": ["Chapel", "2 Estate", "2 Copper"], "deck": ["5 Silver"]})
    g.answer("play Chapel")
    g.answer("trash: Estate, Estate")
    spec = state_spec(g.state)
    assert spec["turn"]["returning"] == ["Estate", "Estate"]
    assert "aside" not in spec["players"][1]
    again = Game(lambda: build(spec))
    assert names(again.player("Bob").aside) == ["Estate", "Estate"]
    finish_turn(again)
    assert names(again.player("Bob").discard).count("Estate") == 2
    spec["turn"]["extra"] = True
    with pytest.raises(ValueError, match=r"turn\.returning: .*possession\.trash"):
        build(spec)


def test_the_board_says_whose_turn_and_who_controls_it():
    """The stepper's and the desk's header names a Possession turn for what it is, and Ann's
    seat sees the card Bob sets aside face down with Save on it (Possession FAQ: the possessor
    sees every card the possessed player may see); Cid's seat does not."""
    g = possessed(events=["Save"], cid={"hand": ["5 Copper"]},
                  bob={"hand": ["Gold", "4 Copper"], "deck": ["5 Copper"]})
    assert "Possession turn: Ann controls Bob" in turn_html(g)
    answer(g, "play Copper", "buy Save", "set aside Gold")
    bob, hidden = g.player("Bob"), face_down(g).get("Bob")
    assert names(bob.aside) == ["Gold"] and hidden
    assert "Gold" in player_html(g.state, bob, hidden, viewer="Ann")
    assert "Gold" not in player_html(g.state, bob, hidden, viewer="Cid")
    assert "Gold" in log_html(g, 0, viewer="Ann") and "Gold" not in log_html(g, 0, viewer="Cid")
    finish_turn(g)
    assert "Possession" not in turn_html(g)


@BOTH
def test_outpost_played_while_possessed(ruleset):
    """Ruling outpost.possessed (wiki: Outpost, 2009 page's Other rules clarifications and the
    current page's Errata): Bob draws 3 cards in the Possession turn's Clean-up, takes his
    Outpost turn, his 2nd in a row, under his own control, then his normal turn."""
    g = possessed(ruleset, kingdom=("Possession", "Outpost"),
                  bob={"hand": ["Outpost", "4 Copper"], "deck": ["20 Silver"]})
    g.answer("play Outpost")
    finish_turn(g)
    t, bob = g.state.turn, g.player("Bob")
    assert (t.number, t.player.name, t.extra, t.controller) == (3, "Bob", True, None)
    assert names(bob.hand) == ["Silver"] * 3 and g.pending.decider == "Bob"
    finish_turn(g)
    assert (g.state.turn.player.name, g.state.turn.extra) == ("Bob", False)


@BOTH
def test_outpost_2022_played_while_possessed(ruleset):
    """Ruling outpost.2022-possessed (wiki: Outpost, Official FAQ 2022 and Other rules
    clarifications): on Bob's Possession turn the previous turn was Ann's, so Outpost's 2022
    text gives Bob its extra turn with 3 cards; on his own turn after it, the previous turn
    (the Possession turn) was his: Outpost does nothing, 5 cards, no extra turn."""
    g = possessed(ruleset, kingdom=("Possession", "Outpost"), texts={"Outpost": "2022"},
                  bob={"hand": ["Outpost", "4 Copper"], "deck": ["Outpost", "2 Silver",
                                                                   "Outpost", "20 Gold"]})
    g.answer("play Outpost")
    finish_turn(g)
    t, bob = g.state.turn, g.player("Bob")
    assert (t.number, t.player.name, t.given_by) == (3, "Bob", "Outpost")
    assert names(bob.hand) == ["Outpost", "Silver", "Silver"]
    finish_turn(g)  # the Outpost turn: Bob does not play it
    assert (g.state.turn.player.name, g.state.turn.extra) == ("Bob", False)
    assert names(bob.hand) == ["Outpost"] + ["Gold"] * 4
    g.answer("play Outpost")
    [e] = entries(g, "gets nothing from")
    assert e.note == "the previous turn was theirs, by Outpost's 2022 text"
    finish_turn(g)
    assert g.state.turn.player.name == "Ann" and len(bob.hand.cards) == 5
