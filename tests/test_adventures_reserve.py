"""Adventures: the Reserve cards and the Tavern mat (Coin of the Realm, Distant Lands,
Duplicate, Guide, Miser, Ratcatcher, Royal Carriage, Transmogrify, Wine Merchant, Teacher).

One test per ruling in ``rulebook/data/rulings.toml`` for these cards (each names it as
``Ruling <id>`` with its source), plus the Reserve mechanics of issue 3, the seed texts
(``/work/shared/seeds``: "Reserve" encyclopedia page, Adventures rulebook "Reserve Cards") and
the pitfalls (``/work/shared/reference/pitfalls.md``).
"""

from __future__ import annotations

import pytest
from helpers import BOTH, entries, finish_turn, names, position, to_buy


def rules(g):
    return [e.rule for e in g.log]


def calls(g):
    """The "call X" answers the pending decision offers."""
    return [a for a in g.legal() if a.startswith("call ")]


def idle(g, who="Ann"):
    """Nothing more is asked: the turn's player chooses in their Action or Buy phase again."""
    return g.pending.player == who and g.pending.rule in ("turn.action", "turn.buy")


# == Mechanics: calling ==========================================================================

@BOTH
def test_calling_is_optional_and_declined_card_stays_on_mat(ruleset):
    """Seed "Reserve" (official rules): a call moves the card into play at its time,
    optionally. Declining ("continue") leaves the Ratcatcher on the mat, nothing trashed."""
    g = position(["Ratcatcher"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Estate"], "mat": ["Ratcatcher"]})
    assert g.pending.player == "Ann" and g.legal() == ["call Ratcatcher", "continue"]
    g.answer("continue")
    ann = g.player("Ann")
    assert names(ann.mat) == ["Ratcatcher"] and names(ann.hand) == ["Estate"]
    assert g.state.trash.cards == [] and idle(g)


@BOTH
def test_start_of_turn_calls_only_at_start_of_turn(ruleset):
    """Rule reserve.call (Adventures rulebook 2015, Reserve Cards): a call happens only at the
    time the card names. Ratcatcher, Guide, Transmogrify and Teacher are not offered after an
    Action is played nor in the Buy phase (pitfall: Guide callable in the Buy phase)."""
    mat = ["Ratcatcher", "Guide", "Transmogrify", "Teacher"]
    g = position(["Ratcatcher", "Guide", "Transmogrify", "Peasant", "Village"], ruleset=ruleset,
                 ann={"hand": ["Village", "Copper"], "deck": ["Copper"] * 3, "mat": mat})
    g.answer("play Village")
    assert idle(g) and calls(g) == []
    to_buy(g)
    assert calls(g) == []
    g.answer("play Copper")
    assert calls(g) == []
    g.answer("end Buy phase")
    assert names(g.player("Ann").mat) == mat  # none left the mat


@BOTH
def test_called_card_is_in_play_and_discarded_in_that_cleanup(ruleset):
    """Rules reserve.call, reserve.called-discarded (Adventures rulebook 2015, Reserve Cards):
    a called card moves from the mat into play, and is discarded in that turn's Clean-up."""
    g = position(["Ratcatcher"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Estate", "Copper"], "mat": ["Ratcatcher"]})
    g.answer("call Ratcatcher")
    g.answer("trash Estate")
    ann = g.player("Ann")
    assert names(ann.play) == ["Ratcatcher"] and names(ann.mat) == []
    assert "reserve.call" in rules(g)
    finish_turn(g)
    assert names(ann.play) == [] and "Ratcatcher" in names(ann.discard) + names(ann.hand)
    assert names(ann.mat) == []


@BOTH
def test_calling_uses_no_action_two_ratcatchers_then_ranger(ruleset):
    """Seed (Adventures rulebook 2015, Reserve Cards): "a player could start a turn by calling
    two Ratcatchers, then continue his turn by playing a Ranger from hand". Rule
    reserve.call.not-play: calling uses no Action. Interleaved with a Gear from an earlier turn
    in the order the player picks (rule reserve.start-of-turn)."""
    g = position(["Ratcatcher", "Gear", "Ranger"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Estate", "Copper", "Ranger"], "deck": ["Silver"] * 6,
                      "mat": ["Ratcatcher", "Ratcatcher"],
                      "play": [{"card": "Gear", "earlier": True, "aside": ["Gold", "Silver"]}]})
    assert g.legal() == ["resolve Gear", "call Ratcatcher"]  # Gear is mandatory: no "continue"
    g.answer("call Ratcatcher")
    g.answer("trash Estate")
    assert g.legal() == ["resolve Gear", "call Ratcatcher"]  # the second Ratcatcher
    g.answer("resolve Gear")
    assert g.legal() == ["call Ratcatcher", "continue"]
    g.answer("call Ratcatcher")
    g.answer("trash Gold")  # a card Gear just returned: Gear was resolved first
    ann = g.player("Ann")
    assert names(g.state.trash) == ["Estate", "Gold"]
    assert g.state.turn.actions == 1 and g.state.turn.phase == "action"
    assert g.legal() == ["play Ranger", "end Action phase"]
    g.answer("play Ranger")
    assert g.state.turn.actions == 0 and g.state.turn.buys == 2
    assert sorted(names(ann.play)) == ["Gear", "Ranger", "Ratcatcher", "Ratcatcher"]
    assert names(ann.mat) == []


@BOTH
def test_ratcatcher_called_with_empty_hand_after_torturer(ruleset):
    """Rule reserve.call.any-effect (seed "Reserve", other rules clarifications): Ratcatcher
    may be called when the turn starts with no cards in hand (due to Torturer); it trashes
    nothing, is in play and is discarded in Clean-up."""
    g = position(["Torturer", "Ratcatcher"], ruleset=ruleset, turn={"player": "Bob"},
                 bob={"hand": ["Torturer"], "deck": ["Copper"] * 8},
                 ann={"hand": ["Copper", "Estate"], "mat": ["Ratcatcher"]})
    g.answer("play Torturer")
    g.answer("discard 2 cards")  # the only two cards are discarded without asking
    ann = g.player("Ann")
    assert names(ann.hand) == []
    finish_turn(g)
    assert g.state.turn.player.name == "Ann" and names(ann.hand) == []
    assert g.legal() == ["call Ratcatcher", "continue"]
    g.answer("call Ratcatcher")
    assert names(ann.play) == ["Ratcatcher"] and g.state.trash.cards == []
    finish_turn(g)
    assert "Ratcatcher" in names(ann.discard) + names(ann.hand) + names(ann.deck)
    assert names(ann.mat) == []


@BOTH
def test_mat_cards_not_in_play_but_scored(ruleset):
    """Rules reserve.tavern-mat, game.scoring (Adventures rulebook 2015, Reserve Cards): cards
    on the Tavern mat are not in play, but are included in the deck when scoring."""
    g = position(["Gardens", "Ratcatcher", "Distant Lands"], ruleset=ruleset,
                 ann={"hand": ["Gardens"], "deck": ["Copper"] * 6,
                      "mat": ["Ratcatcher", "Distant Lands", "Copper"]})
    ann = g.player("Ann")
    assert names(ann.play) == []
    # 10 cards owned (3 of them on the mat): Gardens 1 VP, Distant Lands on the mat 4 VP.
    assert len(ann.owned()) == 10
    assert g.scores()["Ann"] == 5


@BOTH
def test_pilgrimage_sees_called_cards_not_the_mat(ruleset):
    """Seed (Adventures rulebook 2015, Reserve Cards; rule reserve.tavern-mat): "Pilgrimage
    cannot gain copies of cards on the Tavern mat, but can gain copies of Reserve cards called
    into play the same turn": a called Ratcatcher is offered, a Guide on the mat is not."""
    g = position(["Ratcatcher", "Guide"], ruleset=ruleset, phase="start", events=["Pilgrimage"],
                 ann={"hand": ["Estate", "Silver", "Silver"], "mat": ["Ratcatcher", "Guide"],
                      "journey": "down"})
    g.answer("call Ratcatcher")
    g.answer("trash Estate")
    g.answer("continue")  # Guide stays on the mat
    to_buy(g)
    g.answer("play all Treasures")
    g.answer("buy Pilgrimage")
    assert g.pending.card == "Pilgrimage"
    labels = g.legal()
    assert "gain a copy of: Ratcatcher" in labels
    assert not [a for a in labels if "Guide" in a]


# == Coin of the Realm ===========================================================================

@BOTH
def test_coin_of_the_realm_is_a_treasure(ruleset):
    """Ruling coin-of-the-realm.treasure (Adventures rulebook 2015, card FAQ: Coin of the
    Realm): a $1 Treasure played in the Buy phase, not an Action to play in the Action phase."""
    g = position(["Coin of the Realm", "Village"], ruleset=ruleset,
                 ann={"hand": ["Coin of the Realm", "Village"], "deck": ["Estate"]})
    assert g.legal() == ["play Village", "end Action phase"]
    g.answer("end Action phase")
    assert "play Coin of the Realm" in g.legal()
    g.answer("play Coin of the Realm")
    assert g.state.turn.coins == 1


@BOTH
def test_coin_of_the_realm_to_mat_on_play(ruleset):
    """Ruling coin-of-the-realm.to-mat-on-play (Adventures rulebook 2015, card FAQ: Coin of
    the Realm): playing it puts it on the Tavern mat; the $1 is kept, it is not in play."""
    g = position(["Coin of the Realm"], ruleset=ruleset, phase="buy",
                 ann={"hand": ["Coin of the Realm"]})
    g.answer("play Coin of the Realm")
    ann = g.player("Ann")
    assert names(ann.mat) == ["Coin of the Realm"] and names(ann.play) == []
    assert g.state.turn.coins == 1


@BOTH
def test_coin_of_the_realm_playing_is_not_playing_an_action(ruleset):
    """Seed (Adventures rulebook 2015, Reserve Cards): playing a Reserve card other than Coin
    of the Realm is playing an Action. Playing Coin of the Realm uses no Action and opens no
    after-Action window: Royal Carriage and another Coin of the Realm are not offered (pitfall:
    callable after a Treasure)."""
    g = position(["Coin of the Realm", "Royal Carriage"], ruleset=ruleset, phase="buy",
                 ann={"hand": ["Coin of the Realm", "Copper"],
                      "mat": ["Coin of the Realm", "Royal Carriage"]})
    g.answer("play Coin of the Realm")
    assert idle(g) and calls(g) == []
    assert g.state.turn.actions == 1
    g.answer("play Copper")
    assert idle(g) and calls(g) == []
    assert names(g.player("Ann").mat) == ["Coin of the Realm", "Royal Carriage",
                                          "Coin of the Realm"]
    assert g.state.turn.coins == 2


@BOTH
def test_coin_of_the_realm_stays_until_called(ruleset):
    """Ruling coin-of-the-realm.stays-until-called (Adventures rulebook 2015, card FAQ: Coin
    of the Realm): it stays on the mat across turns (Clean-up does not move it) until called."""
    g = position(["Coin of the Realm", "Smithy"], ruleset=ruleset, phase="buy",
                 ann={"hand": ["Coin of the Realm"], "deck": ["Smithy"] + ["Copper"] * 9})
    g.answer("play Coin of the Realm")
    finish_turn(g)   # Ann's Clean-up
    finish_turn(g)   # Bob's turn
    ann = g.player("Ann")
    assert g.state.turn.player is ann and names(ann.mat) == ["Coin of the Realm"]
    g.answer("play Smithy")
    assert g.legal() == ["call Coin of the Realm", "continue"]


@BOTH
def test_coin_of_the_realm_call_after_action(ruleset):
    """Ruling coin-of-the-realm.call-after-action (Adventures rulebook 2015, card FAQ: Coin of
    the Realm): after Smithy (0 Actions left) it may be called for +2 Actions."""
    g = position(["Coin of the Realm", "Smithy"], ruleset=ruleset,
                 ann={"hand": ["Smithy"], "deck": ["Copper"] * 3,
                      "mat": ["Coin of the Realm"]})
    g.answer("play Smithy")
    assert g.pending.rule == "reserve.after-action"
    assert g.legal() == ["call Coin of the Realm", "continue"]
    assert names(g.player("Ann").hand) == ["Copper"] * 3  # Smithy resolved first
    g.answer("call Coin of the Realm")
    assert g.state.turn.actions == 2
    assert names(g.player("Ann").play) == ["Smithy", "Coin of the Realm"]


@BOTH
def test_coin_of_the_realm_declined_after_action(ruleset):
    """Rule reserve.call (seed "Reserve"): the call is optional; declined, +0 Actions and the
    card stays on the mat; with 0 Actions the Action phase then ends."""
    g = position(["Coin of the Realm", "Smithy"], ruleset=ruleset,
                 ann={"hand": ["Smithy"], "deck": ["Copper"] * 3,
                      "mat": ["Coin of the Realm"]})
    g.answer("play Smithy")
    g.answer("continue")
    assert g.state.turn.actions == 0 and g.pending.rule == "turn.buy"
    assert names(g.player("Ann").mat) == ["Coin of the Realm"]


@BOTH
def test_coin_of_the_realm_action_need_not_stay(ruleset):
    """Ruling coin-of-the-realm.action-need-not-stay (Dominion Strategy Wiki, Coin of the
    Realm): unlike Royal Carriage, it may be called after an Action that left play (Ratcatcher
    that went to the mat). Royal Carriage is not offered there."""
    g = position(["Coin of the Realm", "Ratcatcher", "Royal Carriage"], ruleset=ruleset,
                 ann={"hand": ["Ratcatcher"], "deck": ["Copper"],
                      "mat": ["Coin of the Realm", "Royal Carriage"]})
    g.answer("play Ratcatcher")
    assert g.legal() == ["call Coin of the Realm", "continue"]
    g.answer("call Coin of the Realm")
    assert g.state.turn.actions == 3  # 1 - 1 + 1 (Ratcatcher) + 2


@BOTH
def test_coin_of_the_realm_call_no_coin(ruleset):
    """Ruling coin-of-the-realm.call-no-coin (Adventures rulebook 2015, card FAQ: Coin of the
    Realm): called, it moves into play and gives only +2 Actions, no $."""
    g = position(["Coin of the Realm", "Village"], ruleset=ruleset,
                 ann={"hand": ["Village"], "deck": ["Estate"], "mat": ["Coin of the Realm"]})
    g.answer("play Village")
    g.answer("call Coin of the Realm")
    assert g.state.turn.coins == 0 and g.state.turn.actions == 4
    assert names(g.player("Ann").play) == ["Village", "Coin of the Realm"]


@BOTH
def test_coin_of_the_realm_discard_after_call(ruleset):
    """Ruling coin-of-the-realm.discard-after-call (Adventures rulebook 2015, card FAQ: Coin of
    the Realm): a called one is discarded in that turn's Clean-up with the other cards."""
    g = position(["Coin of the Realm", "Village"], ruleset=ruleset,
                 ann={"hand": ["Village"], "deck": ["Estate"] * 8,
                      "mat": ["Coin of the Realm"]})
    g.answer("play Village")
    g.answer("call Coin of the Realm")
    finish_turn(g)
    ann = g.player("Ann")
    assert names(ann.play) == [] and names(ann.mat) == []
    assert sorted(names(ann.discard)) == ["Coin of the Realm", "Estate", "Village"]


@BOTH
def test_two_coins_of_the_realm_after_one_action(ruleset):
    """Rule reserve.call (Adventures rulebook 2015, Reserve Cards; Royal Carriage and Duplicate
    FAQ): several copies may be called at the same time, one after another. Two Coins of the
    Realm called after one Smithy give +4 Actions."""
    g = position(["Coin of the Realm", "Smithy"], ruleset=ruleset,
                 ann={"hand": ["Smithy"], "deck": ["Copper"] * 3,
                      "mat": ["Coin of the Realm", "Coin of the Realm"]})
    g.answer("play Smithy")
    g.answer("call Coin of the Realm")
    assert g.legal() == ["call Coin of the Realm", "continue"]
    g.answer("call Coin of the Realm")
    assert g.state.turn.actions == 4


# == Distant Lands ===============================================================================

@pytest.mark.parametrize("players, size", [(("bob",), 8), (("bob", "cid"), 12)])
def test_distant_lands_pile_size(players, size):
    """Ruling distant-lands.pile-size (Adventures rulebook 2015, card FAQ: Distant Lands): 8
    cards with 2 players, 12 with 3 or more."""
    g = position(["Distant Lands"], **{p: {} for p in players})
    assert len(g.state.supply["Distant Lands"]) == size


@BOTH
def test_distant_lands_to_mat(ruleset):
    """Ruling distant-lands.to-mat (Adventures rulebook 2015, card FAQ: Distant Lands): playing
    it (an Action: it uses one) puts it on the mat, where it stays through Clean-up."""
    g = position(["Distant Lands"], ruleset=ruleset,
                 ann={"hand": ["Distant Lands", "Distant Lands"], "deck": ["Copper"] * 5})
    g.answer("play Distant Lands")
    ann = g.player("Ann")
    assert names(ann.mat) == ["Distant Lands"] and names(ann.play) == []
    assert g.state.turn.actions == 0 and g.pending.rule == "turn.buy"
    finish_turn(g)
    assert names(ann.mat) == ["Distant Lands"]


@BOTH
def test_distant_lands_never_called(ruleset):
    """Ruling distant-lands.never-called (Adventures rulebook 2015, card FAQ: Distant Lands): it
    has no call; no window offers it (start of turn, after an Action, end of Buy phase)."""
    g = position(["Distant Lands", "Village"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Village", "Copper", "Copper"], "deck": ["Copper"] * 8,
                      "mat": ["Distant Lands"]})
    assert g.pending.rule == "turn.action"  # nothing at the start of the turn
    g.answer("play Village")
    assert idle(g) and calls(g) == []
    to_buy(g)
    g.answer("play all Treasures")
    g.answer("end Buy phase")  # $3 unspent: still nothing to do with it
    assert g.state.turn.player.name == "Bob"
    assert names(g.player("Ann").mat) == ["Distant Lands"]


@BOTH
def test_distant_lands_vp_only_on_mat(ruleset):
    """Ruling distant-lands.vp-on-mat (Adventures rulebook 2015, card FAQ: Distant Lands): one
    on the mat, one in the discard pile and one in hand: 4 VP in all."""
    g = position(["Distant Lands"], ruleset=ruleset,
                 ann={"hand": ["Distant Lands"], "discard": ["Distant Lands"],
                      "mat": ["Distant Lands"]})
    assert g.scores()["Ann"] == 4
    g.player("Ann").mat.cards.clear()  # (a position with none on the mat)
    assert g.scores()["Ann"] == 0


@BOTH
def test_distant_lands_counts_for_deck(ruleset):
    """Ruling distant-lands.counts-for-deck (Adventures rulebook 2015, card FAQ: Distant Lands):
    it counts as one of the player's cards wherever it is (Gardens). 9 other cards + Distant
    Lands in the discard pile = 10 cards: Gardens 1 VP, Distant Lands 0 VP."""
    g = position(["Distant Lands", "Gardens"], ruleset=ruleset,
                 ann={"hand": ["Gardens"], "deck": ["Copper"] * 8,
                      "discard": ["Distant Lands"]})
    assert g.scores()["Ann"] == 1


# == Duplicate ===================================================================================

@BOTH
def test_duplicate_to_mat(ruleset):
    """Ruling duplicate.to-mat (Adventures rulebook 2015, card FAQ: Duplicate): playing it puts
    it on the mat, where it stays until called (Clean-up leaves it there)."""
    g = position(["Duplicate"], ruleset=ruleset,
                 ann={"hand": ["Duplicate"], "deck": ["Copper"] * 5})
    g.answer("play Duplicate")
    ann = g.player("Ann")
    assert names(ann.mat) == ["Duplicate"] and names(ann.play) == []
    assert g.state.turn.actions == 0
    finish_turn(g)
    assert names(ann.mat) == ["Duplicate"]


@BOTH
def test_duplicate_call_on_gain(ruleset):
    """Ruling duplicate.call-on-gain (Adventures rulebook 2015, card FAQ: Duplicate): on
    gaining a card costing up to $6 it may be called to gain one more copy, to the discard
    pile; the called Duplicate is in play."""
    g = position(["Duplicate"], ruleset=ruleset, phase="buy", turn={"coins": 3, "buys": 2},
                 ann={"mat": ["Duplicate"]})
    g.answer("buy Silver")
    assert g.pending.player == "Ann" and g.legal() == ["call Duplicate", "continue"]
    g.answer("call Duplicate")
    ann = g.player("Ann")
    assert names(ann.discard) == ["Silver", "Silver"]
    assert names(ann.play) == ["Duplicate"] and names(ann.mat) == []
    assert "reserve.on-gain" in rules(g)


@BOTH
def test_duplicate_declined_stays_on_mat(ruleset):
    """Rule reserve.call (seed "Reserve"): the call is optional; declined, only one Silver."""
    g = position(["Duplicate"], ruleset=ruleset, phase="buy", turn={"coins": 3, "buys": 2},
                 ann={"mat": ["Duplicate"]})
    g.answer("buy Silver")
    g.answer("continue")
    ann = g.player("Ann")
    assert names(ann.discard) == ["Silver"] and names(ann.mat) == ["Duplicate"]


@BOTH
@pytest.mark.parametrize("card, offered", [("Gold", True), ("Province", False)])
def test_duplicate_cost_cap_six(ruleset, card, offered):
    """Ruling duplicate.call-on-gain (Adventures rulebook 2015, card FAQ: Duplicate): only for
    a card costing up to $6: Gold ($6) yes, Province ($8) no."""
    g = position(["Duplicate"], ruleset=ruleset, phase="buy", turn={"coins": 8, "buys": 2},
                 ann={"mat": ["Duplicate"]})
    g.answer(f"buy {card}")
    assert ("call Duplicate" in g.legal()) is offered
    if not offered:
        assert idle(g) and names(g.player("Ann").mat) == ["Duplicate"]


@BOTH
@pytest.mark.parametrize("trolls, offered", [(1, False), (2, True)])
def test_duplicate_cost_cap_uses_current_cost(ruleset, trolls, offered):
    """Rules reserve.on-gain, card.cost (Duplicate FAQ 2015; pitfall: cost cap checked on the
    printed cost): the cap is the cost now. With two Bridge Trolls (2015: in play; current:
    this turn) a Province costs $6, so Duplicate may copy it; with one it costs $7."""
    g = position(["Duplicate", "Bridge Troll"], ruleset=ruleset, turn={"coins": 8, "actions": 2},
                 ann={"hand": ["Bridge Troll"] * trolls, "mat": ["Duplicate"]})
    for _ in range(trolls):
        g.answer("play Bridge Troll")
    to_buy(g)
    assert g.cost("Province") == 8 - trolls
    g.answer("buy Province")
    assert ("call Duplicate" in g.legal()) is offered
    if offered:
        g.answer("call Duplicate")
        assert names(g.player("Ann").discard) == ["Province", "Province"]


@BOTH
def test_duplicate_supply_only(ruleset):
    """Ruling duplicate.supply-only (Adventures rulebook 2015, card FAQ: Duplicate): it cannot
    copy a non-Supply card such as Teacher. (No card in scope gains a Teacher, so the gain is
    driven directly.) Calling is allowed (rule reserve.call.any-effect) but gains nothing."""
    g = position(["Peasant", "Duplicate"], ruleset=ruleset, ann={"mat": ["Duplicate"]})
    ann = g.player("Ann")
    gen = g.gain(ann, "Teacher")
    d = next(gen)
    assert d.player == "Ann" and d.answers() == ["call Duplicate", "continue"]
    with pytest.raises(StopIteration):
        gen.send(d.resolve("call Duplicate"))
    assert names(ann.discard) == ["Teacher"] and names(ann.play) == ["Duplicate"]
    assert len(g.state.nonsupply["Teacher"]) == 4
    assert "gain.supply-only" in rules(g)


@BOTH
def test_duplicate_other_turns_messenger(ruleset):
    """Ruling duplicate.other-turns (Adventures rulebook 2015, card FAQ: Duplicate): Bob buys
    Messenger and picks Estate; Ann gains an Estate on Bob's turn and may call Duplicate for a
    second one."""
    g = position(["Messenger", "Duplicate"], ruleset=ruleset, phase="buy",
                 turn={"player": "Bob", "coins": 4, "buys": 2},
                 ann={"mat": ["Duplicate"]})
    g.answer("buy Messenger")
    assert g.pending.player == "Bob"
    g.answer("gain Estate")
    assert g.pending.player == "Ann" and g.legal() == ["call Duplicate", "continue"]
    g.answer("call Duplicate")
    ann = g.player("Ann")
    assert names(ann.discard) == ["Estate", "Estate"] and names(ann.play) == ["Duplicate"]
    # 2015: "when you buy" comes before Messenger is gained; current: gaining it triggers it.
    bob = ["Estate", "Messenger"] if ruleset == "2015" else ["Messenger", "Estate"]
    assert names(g.player("Bob").discard) == bob


@BOTH
def test_duplicate_other_turns_witch_curse(ruleset):
    """Ruling duplicate.other-turns (Adventures rulebook 2015, card FAQ: Duplicate): a Curse
    ($0) gained from Bob's Witch may be Duplicated too (the call is optional and allowed)."""
    g = position(["Witch", "Duplicate"], ruleset=ruleset, turn={"player": "Bob"},
                 bob={"hand": ["Witch"], "deck": ["Copper"] * 2}, ann={"mat": ["Duplicate"]})
    g.answer("play Witch")
    assert g.pending.player == "Ann" and g.legal() == ["call Duplicate", "continue"]
    g.answer("call Duplicate")
    assert names(g.player("Ann").discard) == ["Curse", "Curse"]
    assert len(g.state.supply["Curse"]) == 8  # 10 Curses with 2 players


@BOTH
def test_duplicate_multiple(ruleset):
    """Ruling duplicate.multiple (Adventures rulebook 2015, card FAQ: Duplicate): several
    Duplicates may be called for one gain, each gaining another copy."""
    g = position(["Duplicate"], ruleset=ruleset, phase="buy", turn={"coins": 3, "buys": 2},
                 ann={"mat": ["Duplicate", "Duplicate"]})
    g.answer("buy Silver")
    g.answer("call Duplicate")
    assert g.legal() == ["call Duplicate", "continue"]
    g.answer("call Duplicate")
    ann = g.player("Ann")
    assert names(ann.discard) == ["Silver"] * 3
    assert names(ann.play) == ["Duplicate", "Duplicate"] and names(ann.mat) == []


@BOTH
def test_duplicate_discard_turn_called(ruleset):
    """Ruling duplicate.discard-turn-called (Adventures rulebook 2015, card FAQ: Duplicate): a
    Duplicate called on Bob's turn is discarded in Bob's Clean-up (rule
    reserve.called-discarded), so it is gone from play when Ann's turn starts."""
    g = position(["Messenger", "Duplicate"], ruleset=ruleset, phase="buy",
                 turn={"player": "Bob", "coins": 4, "buys": 2},
                 ann={"mat": ["Duplicate"]})
    g.answer("buy Messenger")
    g.answer("gain Estate")
    g.answer("call Duplicate")
    ann = g.player("Ann")
    assert names(ann.play) == ["Duplicate"]
    finish_turn(g)  # Bob's Clean-up
    assert g.state.turn.player is ann
    assert names(ann.play) == [] and "Duplicate" in names(ann.discard) + names(ann.hand)
    assert [e.rule for e in entries(g, "discards", "Ann")] == ["reserve.called-discarded"]


@BOTH
def test_duplicate_on_last_card_of_pile(ruleset):
    """Rule reserve.call.any-effect (seed "Reserve", other rules clarifications): Duplicate
    may be called on gaining the last card of a pile; it gains nothing but is in play."""
    g = position(["Duplicate"], ruleset=ruleset, phase="buy", turn={"coins": 3, "buys": 2},
                 piles={"Silver": 1}, ann={"mat": ["Duplicate"]})
    g.answer("buy Silver")
    assert g.legal() == ["call Duplicate", "continue"]
    g.answer("call Duplicate")
    ann = g.player("Ann")
    assert names(ann.discard) == ["Silver"] and names(ann.play) == ["Duplicate"]
    assert len(g.state.supply["Silver"]) == 0


@BOTH
def test_duplicate_copy_triggers_lost_city(ruleset):
    """Ruling lost-city.any-gain (Adventures rulebook 2015, card FAQ: Lost City); rule
    reserve.on-gain (pitfall: Duplicate's copy not triggering its own when-gain): buying Lost
    City and Duplicating it makes Bob draw 2 cards in all."""
    g = position(["Lost City", "Duplicate"], ruleset=ruleset, phase="buy",
                 turn={"coins": 5, "buys": 2}, ann={"mat": ["Duplicate"]},
                 bob={"deck": ["Gold", "Silver", "Copper"]})
    g.answer("buy Lost City")
    assert g.legal() == ["Lost City: each other player draws a card", "call Duplicate"]
    g.answer("call Duplicate")  # the two when-gain draws are then taken by themselves
    assert idle(g)
    assert names(g.player("Ann").discard) == ["Lost City", "Lost City"]
    assert names(g.player("Bob").hand) == ["Gold", "Silver"]


@pytest.mark.parametrize("ruleset, ports", [("2015", 3), ("current", 4)])
def test_duplicate_copy_triggers_port(ruleset, ports):
    """Rule reserve.on-gain (Duplicate FAQ 2015: the copy is a normal gain) with Port's text of
    each ruleset. 2015 ("when you buy this, gain another Port"): the bought Port, the extra one
    and a Duplicate copy: 3. Current ("when you gain this, gain another Port (that doesn't come
    with another)"): the bought Port and its extra, the copy and its extra: 4."""
    g = position(["Port", "Duplicate"], ruleset=ruleset, phase="buy", turn={"coins": 4, "buys": 2},
                 ann={"mat": ["Duplicate"]})
    g.answer("buy Port")
    g.answer("call Duplicate")
    while g.pending is not None and g.pending.player == "Ann" and not idle(g):
        g.answer(g.legal()[0])
    ann = g.player("Ann")
    assert names(ann.discard) == ["Port"] * ports and names(ann.play) == ["Duplicate"]
    assert len(g.state.supply["Port"]) == 12 - ports


@BOTH
def test_duplicate_not_on_traveller_exchange(ruleset):
    """Ruling travellers.exchange-not-gain (Adventures rulebook 2015, Travellers): exchanging
    is not gaining, so Duplicate is not offered when Peasant is exchanged for Soldier."""
    g = position(["Peasant", "Duplicate"], ruleset=ruleset, phase="cleanup",
                 ann={"play": ["Peasant"], "mat": ["Duplicate"]})
    assert g.legal() == ["exchange Peasant for Soldier", "continue"]
    g.answer("exchange Peasant for Soldier")
    ann = g.player("Ann")
    assert "Soldier" in names(ann.discard) + names(ann.hand)
    assert names(ann.mat) == ["Duplicate"] and g.state.turn.player.name == "Bob"


# == Guide =======================================================================================

@BOTH
def test_guide_on_play(ruleset):
    """Ruling guide.on-play (Adventures rulebook 2015, card FAQ: Guide): +1 Card, +1 Action,
    and it goes on the mat."""
    g = position(["Guide"], ruleset=ruleset, ann={"hand": ["Guide"], "deck": ["Gold"]})
    g.answer("play Guide")
    ann = g.player("Ann")
    assert names(ann.hand) == ["Gold"] and g.state.turn.actions == 1
    assert names(ann.mat) == ["Guide"] and names(ann.play) == []


@BOTH
def test_guide_call_start_of_turn(ruleset):
    """Ruling guide.call-start-of-turn (Adventures rulebook 2015, card FAQ: Guide): called at
    the start of the turn, discard the whole hand, then draw 5."""
    g = position(["Guide"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Estate", "Estate", "Copper"], "deck": ["Gold"] * 5 + ["Silver"],
                      "mat": ["Guide"]})
    assert g.legal() == ["call Guide", "continue"]
    g.answer("call Guide")
    ann = g.player("Ann")
    assert names(ann.hand) == ["Gold"] * 5
    assert sorted(names(ann.discard)) == ["Copper", "Estate", "Estate"]
    assert names(ann.play) == ["Guide"] and names(ann.deck) == ["Silver"]


@BOTH
def test_guide_not_callable_in_buy_phase(ruleset):
    """Ruling guide.call-start-of-turn (Adventures rulebook 2015, card FAQ: Guide; pitfall:
    Guide callable in the Buy phase): no call in the Buy phase, nor at its end."""
    g = position(["Guide"], ruleset=ruleset, phase="buy", turn={"coins": 5},
                 ann={"hand": ["Copper"], "mat": ["Guide"]})
    assert calls(g) == []
    g.answer("play Copper")
    assert calls(g) == []
    g.answer("end Buy phase")
    assert g.state.turn.player.name == "Bob" and names(g.player("Ann").mat) == ["Guide"]


@BOTH
@pytest.mark.parametrize("first", ["call Guide", "resolve Gear"])
def test_guide_start_of_turn_order(ruleset, first):
    """Ruling guide.start-of-turn-order (Adventures rulebook 2015, card FAQ: Guide): with Gear
    returning 2 cards and Guide on the mat, Guide may be called before or after Gear: before,
    the Gear cards are kept on top of the 5 drawn; after, they are discarded with the hand."""
    g = position(["Guide", "Gear"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Estate"], "deck": ["Copper"] * 5, "mat": ["Guide"],
                      "play": [{"card": "Gear", "earlier": True, "aside": ["Gold", "Gold"]}]})
    assert g.legal() == ["resolve Gear", "call Guide"]
    g.answer(first)
    if g.pending.rule == "reserve.start-of-turn":  # after Guide, Gear alone is taken by itself
        g.answer("call Guide")
    hand = sorted(names(g.player("Ann").hand))
    if first == "call Guide":
        assert hand == ["Copper"] * 5 + ["Gold", "Gold"]
    else:
        assert hand == ["Copper"] * 5
        assert sorted(names(g.player("Ann").discard)) == ["Estate", "Gold", "Gold"]


@BOTH
def test_guide_discard_after_call(ruleset):
    """Ruling guide.discard-after-call (Adventures rulebook 2015, card FAQ: Guide): a called
    Guide is in play and is discarded in that turn's Clean-up."""
    g = position(["Guide"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Estate"], "deck": ["Copper"] * 10, "mat": ["Guide"]})
    g.answer("call Guide")
    assert names(g.player("Ann").play) == ["Guide"]
    finish_turn(g)
    ann = g.player("Ann")
    assert names(ann.play) == [] and names(ann.mat) == [] and "Guide" in names(ann.discard)


# == Miser =======================================================================================

MISER_COPPER = "put a Copper from your hand onto your Tavern mat"
MISER_COINS = "+$1 per Copper on your Tavern mat"


@BOTH
def test_miser_copper_to_mat(ruleset):
    """Ruling miser.not-trashing (Adventures rulebook 2015, card FAQ: Miser): the Copper moves
    from hand to the mat; it is not trashed."""
    g = position(["Miser"], ruleset=ruleset, ann={"hand": ["Miser", "Copper", "Estate"]})
    g.answer("play Miser")
    assert g.legal() == [MISER_COPPER, MISER_COINS]
    g.answer(MISER_COPPER)
    ann = g.player("Ann")
    assert names(ann.mat) == ["Copper"] and names(ann.hand) == ["Estate"]
    assert g.state.trash.cards == [] and g.state.turn.coins == 0


@BOTH
def test_miser_copper_option_without_copper(ruleset):
    """Ruling miser.copper-option-without-copper (Adventures rulebook 2015, card FAQ: Miser):
    the Copper option may be chosen with no Copper in hand; nothing happens."""
    g = position(["Miser"], ruleset=ruleset,
                 ann={"hand": ["Miser", "Estate"], "mat": ["Copper"]})
    g.answer("play Miser")
    assert MISER_COPPER in g.legal()
    g.answer(MISER_COPPER)
    ann = g.player("Ann")
    assert names(ann.mat) == ["Copper"] and names(ann.hand) == ["Estate"]
    assert g.state.turn.coins == 0


@BOTH
def test_miser_coin_option_empty_mat(ruleset):
    """Ruling miser.coin-option-empty-mat (Adventures rulebook 2015, card FAQ: Miser): the +$
    option may be chosen with no Copper on the mat, for $0."""
    g = position(["Miser"], ruleset=ruleset, ann={"hand": ["Miser", "Copper"]})
    g.answer("play Miser")
    assert g.pending.prompt == "Miser: choose one (0 Copper on your Tavern mat: +$0)"
    g.answer(MISER_COINS)
    assert g.state.turn.coins == 0 and names(g.player("Ann").hand) == ["Copper"]


def test_miser_answers_can_be_written_before_the_game():
    """Issue 12 (an answer label never carries changing state): Miser's answers are the same
    whatever the mat holds, so a script can name them in advance; the figure is in the
    prompt."""
    labels = set()
    for mat in ([], ["Copper"], ["Copper"] * 4):
        g = position(["Miser"], ann={"hand": ["Miser", "Copper"], "mat": mat})
        g.answer("play Miser")
        labels.add(tuple(g.legal()))
    assert labels == {(MISER_COPPER, MISER_COINS)}


@BOTH
def test_miser_coins_per_copper_on_mat(ruleset):
    """Card text (Miser): +$1 per Copper on the Tavern mat; Coppers in hand don't count."""
    g = position(["Miser"], ruleset=ruleset,
                 ann={"hand": ["Miser", "Copper"], "mat": ["Copper"] * 3 + ["Ratcatcher"]})
    g.answer("play Miser")
    assert g.pending.prompt == "Miser: choose one (3 Copper on your Tavern mat: +$3)"
    g.answer(MISER_COINS)
    assert g.state.turn.coins == 3
    assert names(g.player("Ann").mat) == ["Copper"] * 3 + ["Ratcatcher"]


@BOTH
def test_miser_mat_not_in_play(ruleset):
    """Ruling miser.mat-not-in-play (Adventures rulebook 2015, card FAQ: Miser): Coppers on the
    mat are not in play, and stay on the mat through Clean-up."""
    g = position(["Miser"], ruleset=ruleset,
                 ann={"hand": ["Miser", "Copper"], "deck": ["Estate"] * 5, "mat": ["Copper"]})
    g.answer("play Miser")
    g.answer(MISER_COPPER)
    ann = g.player("Ann")
    assert names(ann.play) == ["Miser"]
    finish_turn(g)
    assert names(ann.mat) == ["Copper", "Copper"] and "Copper" not in names(ann.discard)


@BOTH
def test_miser_mat_counts_for_scoring(ruleset):
    """Ruling miser.mat-counts-for-scoring (Adventures rulebook 2015, card FAQ: Miser): Coppers
    on the mat are part of the deck at the end (Gardens: 10 cards with the 3 on the mat)."""
    g = position(["Miser", "Gardens"], ruleset=ruleset,
                 ann={"hand": ["Gardens"], "deck": ["Copper"] * 6, "mat": ["Copper"] * 3})
    assert g.scores()["Ann"] == 1


# == Ratcatcher ==================================================================================

@BOTH
def test_ratcatcher_on_play(ruleset):
    """Ruling ratcatcher.on-play (Adventures rulebook 2015, card FAQ: Ratcatcher): +1 Card,
    +1 Action, onto the mat."""
    g = position(["Ratcatcher"], ruleset=ruleset, ann={"hand": ["Ratcatcher"], "deck": ["Gold"]})
    g.answer("play Ratcatcher")
    ann = g.player("Ann")
    assert names(ann.hand) == ["Gold"] and g.state.turn.actions == 1
    assert names(ann.mat) == ["Ratcatcher"] and names(ann.play) == []


@BOTH
def test_ratcatcher_call_trash(ruleset):
    """Ruling ratcatcher.call-trash (Adventures rulebook 2015, card FAQ: Ratcatcher): called at
    the start of the turn, it moves into play and a card from hand is trashed (a card must be
    chosen: no "trash nothing")."""
    g = position(["Ratcatcher"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Estate", "Copper"], "mat": ["Ratcatcher"]})
    g.answer("call Ratcatcher")
    assert g.pending.card == "Ratcatcher" and g.legal() == ["trash Estate", "trash Copper"]
    g.answer("trash Estate")
    assert names(g.state.trash) == ["Estate"] and names(g.player("Ann").hand) == ["Copper"]
    assert names(g.player("Ann").play) == ["Ratcatcher"]


@BOTH
@pytest.mark.parametrize("first", ["call Ratcatcher", "resolve Gear"])
def test_ratcatcher_start_of_turn_order(ruleset, first):
    """Ruling ratcatcher.start-of-turn-order (Adventures rulebook 2015, card FAQ: Ratcatcher):
    ordered freely with Gear: only after Gear may it trash a card Gear returned."""
    g = position(["Ratcatcher", "Gear"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Estate"], "mat": ["Ratcatcher"],
                      "play": [{"card": "Gear", "earlier": True, "aside": ["Curse"]}]})
    assert g.legal() == ["resolve Gear", "call Ratcatcher"]
    g.answer(first)
    if first == "call Ratcatcher":  # the only card is trashed, then Gear resolves by itself
        assert names(g.state.trash) == ["Estate"]
        assert names(g.player("Ann").hand) == ["Curse"] and idle(g)
    else:
        g.answer("call Ratcatcher")
        assert g.legal() == ["trash Estate", "trash Curse"]
        g.answer("trash Curse")
        assert names(g.state.trash) == ["Curse"]


@BOTH
def test_ratcatcher_discard_after_call(ruleset):
    """Ruling ratcatcher.discard-after-call (Adventures rulebook 2015, card FAQ: Ratcatcher):
    the called Ratcatcher is discarded in that turn's Clean-up."""
    g = position(["Ratcatcher"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Estate", "Copper"], "deck": ["Silver"] * 5,
                      "mat": ["Ratcatcher"]})
    g.answer("call Ratcatcher")
    g.answer("trash Estate")
    finish_turn(g)
    ann = g.player("Ann")
    assert names(ann.play) == [] and sorted(names(ann.discard)) == ["Copper", "Ratcatcher"]


# == Royal Carriage ==============================================================================

@BOTH
def test_royal_carriage_on_play(ruleset):
    """Ruling royal-carriage.on-play (Adventures rulebook 2015, card FAQ: Royal Carriage): +1
    Action, onto the mat; a Royal Carriage going to the mat can't be replayed (not in play)."""
    g = position(["Royal Carriage"], ruleset=ruleset,
                 ann={"hand": ["Royal Carriage", "Estate"], "mat": ["Royal Carriage"]})
    g.answer("play Royal Carriage")
    ann = g.player("Ann")
    assert g.state.turn.actions == 1 and names(ann.play) == []
    assert names(ann.mat) == ["Royal Carriage", "Royal Carriage"]
    assert idle(g) and calls(g) == []


@BOTH
def test_royal_carriage_call_timing_replays_village(ruleset):
    """Ruling royal-carriage.call-timing (Adventures rulebook 2015, card FAQ: Royal Carriage):
    directly after a played Action that is still in play, it may be called to replay it."""
    g = position(["Royal Carriage", "Village"], ruleset=ruleset,
                 ann={"hand": ["Village"], "deck": ["Gold", "Silver"],
                      "mat": ["Royal Carriage"]})
    g.answer("play Village")
    assert g.pending.rule == "reserve.after-action"
    assert g.legal() == ["call Royal Carriage", "continue"]
    g.answer("call Royal Carriage")
    ann = g.player("Ann")
    assert names(ann.hand) == ["Gold", "Silver"] and g.state.turn.actions == 4
    assert names(ann.play) == ["Village", "Royal Carriage"] and names(ann.mat) == []
    assert "play.replay" in rules(g)


@BOTH
def test_royal_carriage_not_after_reserve_to_mat(ruleset):
    """Ruling royal-carriage.not-if-left-play (Adventures rulebook 2015, card FAQ: Royal
    Carriage): a Ratcatcher that went to the mat can't be replayed."""
    g = position(["Royal Carriage", "Ratcatcher"], ruleset=ruleset,
                 ann={"hand": ["Ratcatcher"], "deck": ["Copper"], "mat": ["Royal Carriage"]})
    g.answer("play Ratcatcher")
    assert idle(g) and calls(g) == []


@BOTH
def test_royal_carriage_refused_after_raze_trashed_itself(ruleset):
    """Ruling royal-carriage.not-if-left-play (Adventures rulebook 2015, card FAQ: Royal
    Carriage): after a Raze that trashed itself, Royal Carriage is not offered."""
    g = position(["Royal Carriage", "Raze"], ruleset=ruleset,
                 ann={"hand": ["Raze", "Estate"], "deck": ["Gold", "Copper"],
                      "mat": ["Royal Carriage"]})
    g.answer("play Raze")
    g.answer("trash Raze (this)")
    g.answer("put into hand Gold")
    assert names(g.state.trash) == ["Raze"]
    assert idle(g) and calls(g) == []
    assert names(g.player("Ann").mat) == ["Royal Carriage"]


@BOTH
def test_royal_carriage_offered_after_raze_trashing_from_hand(ruleset):
    """Ruling royal-carriage.call-timing (Adventures rulebook 2015, card FAQ: Royal Carriage):
    a Raze that trashed a card from hand is still in play, so it may be replayed (the control
    case of the self-trashing Raze)."""
    g = position(["Royal Carriage", "Raze"], ruleset=ruleset,
                 ann={"hand": ["Raze", "Copper"], "deck": ["Gold", "Copper"],
                      "mat": ["Royal Carriage"]})
    g.answer("play Raze")
    g.answer("trash Copper")  # $0: looks at nothing
    assert g.legal() == ["call Royal Carriage", "continue"]
    g.answer("call Royal Carriage")  # replayed with an empty hand: Raze trashes itself
    g.answer("trash Raze (this)")
    assert names(g.state.trash) == ["Copper", "Raze"]
    assert g.pending.card == "Raze"
    assert g.legal() == ["put into hand Gold", "put into hand Copper"]


@BOTH
def test_royal_carriage_not_on_called_reserve(ruleset):
    """Ruling royal-carriage.not-on-called-reserve (Dominion Strategy Wiki, Royal Carriage):
    calling Ratcatcher at the start of the turn is not playing it; no Royal Carriage (nor
    Coin of the Realm) window opens, though Ratcatcher is in play."""
    g = position(["Royal Carriage", "Ratcatcher", "Coin of the Realm"], ruleset=ruleset,
                 phase="start",
                 ann={"hand": ["Estate", "Copper"],
                      "mat": ["Ratcatcher", "Royal Carriage", "Coin of the Realm"]})
    g.answer("call Ratcatcher")
    g.answer("trash Estate")
    assert names(g.player("Ann").play) == ["Ratcatcher"]
    assert idle(g) and calls(g) == []
    assert g.state.turn.actions == 1
    assert names(g.player("Ann").mat) == ["Royal Carriage", "Coin of the Realm"]


@BOTH
def test_royal_carriage_replays_that_very_card(ruleset):
    """Ruling royal-carriage.replays-that-card (Adventures rulebook 2015, card FAQ: Royal
    Carriage; pitfall: replaying the wrong card): with a Gear from an earlier turn in play, a
    new Gear is played and Royal Carriage replays the new one, by identity: that Gear and the
    Carriage stay in play, the old Gear (done) is discarded."""
    g = position(["Royal Carriage", "Gear"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Gear"], "deck": ["Copper", "Estate", "Silver", "Duchy"] + [
                     "Curse"] * 5, "mat": ["Royal Carriage"],
                      "play": [{"card": "Gear", "earlier": True, "aside": ["Gold"]}]})
    # the old Gear resolves by itself (the only start-of-turn thing): Gold to hand
    ann = g.player("Ann")
    old = next(c for c in ann.play.cards if c.name == "Gear")
    new = next(c for c in ann.hand.cards if c.name == "Gear")
    g.answer("play Gear")
    g.answer("set aside: Copper, Estate")
    assert g.legal() == ["call Royal Carriage", "continue"]
    g.answer("call Royal Carriage")
    g.answer("set aside: Silver, Duchy")
    assert new.plays == 2 and old.plays == 1
    assert [e.text() for e in entries(g, "plays")][-1].startswith("Ann plays Gear again")
    finish_turn(g)
    assert [c.name for c in ann.play.cards] == ["Gear", "Royal Carriage"]
    assert ann.play.cards[0] is new and old.zone is ann.discard
    assert sorted(names(ann.aside)) == ["Copper", "Duchy", "Estate", "Silver"]


@BOTH
def test_royal_carriage_multiple_on_one_action(ruleset):
    """Ruling royal-carriage.multiple (Adventures rulebook 2015, card FAQ: Royal Carriage):
    two Royal Carriages on one Village: it is played three times; both are discarded in
    Clean-up (Village is not a Duration)."""
    g = position(["Royal Carriage", "Village"], ruleset=ruleset,
                 ann={"hand": ["Village"], "deck": ["Copper"] * 8,
                      "mat": ["Royal Carriage", "Royal Carriage"]})
    g.answer("play Village")
    g.answer("call Royal Carriage")
    assert g.legal() == ["call Royal Carriage", "continue"]
    g.answer("call Royal Carriage")
    ann = g.player("Ann")
    assert idle(g) and names(ann.hand) == ["Copper"] * 3
    assert g.state.turn.actions == 6  # 1 - 1 + 2 + 2 + 2
    assert names(ann.play) == ["Village", "Royal Carriage", "Royal Carriage"]
    assert len(entries(g, "plays")) == 3
    finish_turn(g)
    assert names(ann.play) == []


@BOTH
def test_royal_carriage_resolve_first(ruleset):
    """Ruling royal-carriage.resolve-first (Adventures rulebook 2015, card FAQ: Royal Carriage):
    the Action resolves completely (Gear's set-aside choice) before the call is offered."""
    g = position(["Royal Carriage", "Gear"], ruleset=ruleset,
                 ann={"hand": ["Gear"], "deck": ["Copper", "Estate"] + ["Curse"] * 2,
                      "mat": ["Royal Carriage"]})
    g.answer("play Gear")
    assert g.pending.card == "Gear" and calls(g) == []
    g.answer("set aside: Estate")
    assert g.legal() == ["call Royal Carriage", "continue"]


@BOTH
def test_royal_carriage_duration_stays(ruleset):
    """Ruling royal-carriage.duration-stays (Adventures rulebook 2015, card FAQ: Royal
    Carriage): a Royal Carriage that replayed Caravan Guard stays in play until Caravan Guard is
    discarded; next turn the effect happens twice (+$2)."""
    g = position(["Royal Carriage", "Caravan Guard"], ruleset=ruleset,
                 ann={"hand": ["Caravan Guard"], "deck": ["Copper"] * 12,
                      "mat": ["Royal Carriage"]})
    g.answer("play Caravan Guard")
    g.answer("call Royal Carriage")
    finish_turn(g)
    ann = g.player("Ann")
    assert names(ann.play) == ["Caravan Guard", "Royal Carriage"]
    finish_turn(g)  # Bob's turn
    assert g.state.turn.player is ann
    # Two Caravan Guard effects resolve (same card: taken without asking).
    assert g.state.turn.coins == 2
    finish_turn(g)
    assert names(ann.play) == []


@BOTH
def test_two_royal_carriages_on_a_duration_both_stay(ruleset):
    """Ruling royal-carriage.multiple and Ruling royal-carriage.duration-stays (Adventures
    rulebook 2015, card FAQ: Royal Carriage): two Carriages on one Caravan Guard: played three
    times, both Carriages stay in play with it; next turn +$3, then all three are discarded."""
    g = position(["Royal Carriage", "Caravan Guard"], ruleset=ruleset,
                 ann={"hand": ["Caravan Guard"], "deck": ["Copper"] * 12,
                      "mat": ["Royal Carriage", "Royal Carriage"]})
    g.answer("play Caravan Guard")
    g.answer("call Royal Carriage")
    g.answer("call Royal Carriage")
    assert g.state.turn.actions == 3 and len(g.player("Ann").hand) == 3
    finish_turn(g)
    ann = g.player("Ann")
    assert names(ann.play) == ["Caravan Guard", "Royal Carriage", "Royal Carriage"]
    finish_turn(g)  # Bob's turn
    assert g.state.turn.player is ann and g.state.turn.coins == 3
    finish_turn(g)
    assert names(ann.play) == []


@BOTH
def test_royal_carriage_on_caravan_guard_played_on_another_turn(ruleset):
    """Royal Carriage (Dominion Strategy Wiki, Royal Carriage, other rules clarifications): it
    may replay a Caravan Guard played on Bob's turn in reaction to his Attack; as a Duration it
    keeps the Carriage in play through Bob's Clean-up; on Ann's turn +$2."""
    g = position(["Royal Carriage", "Caravan Guard", "Witch"], ruleset=ruleset,
                 turn={"player": "Bob"}, bob={"hand": ["Witch"], "deck": ["Copper"] * 7},
                 ann={"hand": ["Caravan Guard"], "deck": ["Copper"] * 8,
                      "mat": ["Royal Carriage"]})
    g.answer("play Witch")
    assert g.pending.player == "Ann"
    g.answer("play Caravan Guard")
    assert g.pending.player == "Ann" and g.legal() == ["call Royal Carriage", "continue"]
    g.answer("call Royal Carriage")
    ann = g.player("Ann")
    assert len(ann.hand) == 2 and g.state.turn.actions == 0  # +Actions: no effect for Ann
    finish_turn(g)  # Bob's turn ends
    assert g.state.turn.player is ann
    assert names(ann.play) == ["Caravan Guard", "Royal Carriage"]
    assert g.state.turn.coins == 2


@BOTH
def test_royal_carriage_not_after_treasure(ruleset):
    """Rule reserve.after-action (Coin of the Realm and Royal Carriage FAQ 2015; pitfall: Coin
    of the Realm and Royal Carriage callable after a Treasure): playing Treasures opens no
    window."""
    g = position(["Royal Carriage", "Coin of the Realm"], ruleset=ruleset, phase="buy",
                 ann={"hand": ["Copper", "Silver"],
                      "mat": ["Royal Carriage", "Coin of the Realm"]})
    g.answer("play all Treasures")
    assert idle(g) and calls(g) == [] and g.state.turn.coins == 3
    assert names(g.player("Ann").play) == ["Copper", "Silver"]


# == Transmogrify ================================================================================

@BOTH
def test_transmogrify_on_play(ruleset):
    """Ruling transmogrify.on-play (Adventures rulebook 2015, card FAQ: Transmogrify): +1
    Action, onto the mat."""
    g = position(["Transmogrify"], ruleset=ruleset, ann={"hand": ["Transmogrify", "Estate"]})
    g.answer("play Transmogrify")
    ann = g.player("Ann")
    assert g.state.turn.actions == 1 and names(ann.mat) == ["Transmogrify"]
    assert names(ann.hand) == ["Estate"] and names(ann.play) == []


@BOTH
@pytest.mark.parametrize("first", ["call Transmogrify", "resolve Gear"])
def test_transmogrify_call_start(ruleset, first):
    """Ruling transmogrify.call-start (Adventures rulebook 2015, card FAQ: Transmogrify): called
    at the start of the turn, in any order with other start-of-turn effects (Gear)."""
    g = position(["Transmogrify", "Gear"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Estate"], "mat": ["Transmogrify"],
                      "play": [{"card": "Gear", "earlier": True, "aside": ["Copper"]}]})
    assert g.legal() == ["resolve Gear", "call Transmogrify"]
    g.answer(first)
    if first == "resolve Gear":
        g.answer("call Transmogrify")
        assert g.legal() == ["trash Estate", "trash Copper"]
    else:
        assert g.pending.card == "Transmogrify"  # Estate trashed: gain choice
        g.answer("gain Silver")  # then Gear, left alone, resolves by itself
        assert sorted(names(g.player("Ann").hand)) == ["Copper", "Silver"]


@BOTH
def test_transmogrify_trash_gain_to_hand(ruleset):
    """Ruling transmogrify.trash-gain-hand (Adventures rulebook 2015, card FAQ: Transmogrify):
    trash Estate ($2), gain Silver ($3) into hand (2015: gained then put into hand; current:
    gained to hand)."""
    g = position(["Transmogrify"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Estate", "Copper"], "mat": ["Transmogrify"]})
    g.answer("call Transmogrify")
    g.answer("trash Estate")
    g.answer("gain Silver")
    ann = g.player("Ann")
    assert sorted(names(ann.hand)) == ["Copper", "Silver"] and names(ann.discard) == []
    assert names(g.state.trash) == ["Estate"] and names(ann.play) == ["Transmogrify"]


@BOTH
def test_transmogrify_no_trash_no_gain(ruleset):
    """Ruling transmogrify.no-trash-no-gain (Adventures rulebook 2015, card FAQ: Transmogrify):
    with no card in hand to trash, nothing is gained."""
    g = position(["Transmogrify"], ruleset=ruleset, phase="start",
                 ann={"hand": [], "mat": ["Transmogrify"]})
    g.answer("call Transmogrify")
    ann = g.player("Ann")
    assert names(ann.hand) == [] and names(ann.discard) == [] and g.state.trash.cards == []
    assert names(ann.play) == ["Transmogrify"] and g.pending.rule in ("turn.action", "turn.buy")


@BOTH
def test_transmogrify_same_or_cheaper(ruleset):
    """Ruling transmogrify.same-or-cheaper (Adventures rulebook 2015, card FAQ: Transmogrify):
    trashing a $4 Transmogrify, any Supply card up to $5 may be gained: cheaper, the same, a
    copy of the trashed card, or $1 more; a gain is required (no "gain nothing")."""
    g = position(["Transmogrify", "Village", "Market"], ruleset=ruleset,
                 phase="start", ann={"hand": ["Transmogrify"], "mat": ["Transmogrify"]})
    g.answer("call Transmogrify")  # only one card in hand: trashed without asking
    assert names(g.state.trash) == ["Transmogrify"]
    assert g.legal() == ["gain Copper", "gain Silver", "gain Estate", "gain Duchy",
                         "gain Curse", "gain Transmogrify", "gain Village", "gain Market"]
    g.answer("gain Transmogrify")
    assert names(g.player("Ann").hand) == ["Transmogrify"]


@BOTH
def test_transmogrify_discard_after_call(ruleset):
    """Ruling transmogrify.discard-after-call (Adventures rulebook 2015, card FAQ:
    Transmogrify): the called Transmogrify is discarded in that turn's Clean-up."""
    g = position(["Transmogrify"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Curse"], "deck": ["Copper"] * 5, "mat": ["Transmogrify"]})
    g.answer("call Transmogrify")
    g.answer("gain Copper")
    finish_turn(g)
    ann = g.player("Ann")
    assert names(ann.play) == [] and names(ann.mat) == []
    assert sorted(names(ann.discard)) == ["Copper", "Transmogrify"]


# == Wine Merchant ===============================================================================

@BOTH
def test_wine_merchant_on_play(ruleset):
    """Ruling wine-merchant.on-play (Adventures rulebook 2015, card FAQ: Wine Merchant): +1 Buy,
    +$4, onto the mat."""
    g = position(["Wine Merchant"], ruleset=ruleset, ann={"hand": ["Wine Merchant"]})
    g.answer("play Wine Merchant")
    ann = g.player("Ann")
    assert (g.state.turn.coins, g.state.turn.buys) == (4, 2)
    assert names(ann.mat) == ["Wine Merchant"] and names(ann.play) == []


@BOTH
def test_wine_merchant_discard_condition(ruleset):
    """Ruling wine-merchant.discard-condition (Adventures rulebook 2015, card FAQ: Wine
    Merchant): at the end of the Buy phase with $2 unspent it may go from the mat to the
    discard pile (not into play)."""
    g = position(["Wine Merchant"], ruleset=ruleset, phase="buy", turn={"coins": 2},
                 ann={"mat": ["Wine Merchant"]})
    assert calls(g) == [] and "discard Wine Merchant from the Tavern mat" not in g.legal()
    g.answer("end Buy phase")
    assert g.pending.rule == "reserve.end-of-buy"
    assert g.legal() == ["discard Wine Merchant from the Tavern mat", "continue"]
    g.answer("discard Wine Merchant from the Tavern mat")
    ann = g.player("Ann")
    assert names(ann.mat) == [] and names(ann.play) == []
    assert "Wine Merchant" in names(ann.discard) + names(ann.hand)
    assert "reserve.end-of-buy" in rules(g)


@BOTH
def test_wine_merchant_not_with_one_coin(ruleset):
    """Ruling wine-merchant.discard-condition (Adventures rulebook 2015, card FAQ: Wine
    Merchant): with only $1 unspent it can't leave the mat."""
    g = position(["Wine Merchant"], ruleset=ruleset, phase="buy", turn={"coins": 1},
                 ann={"mat": ["Wine Merchant", "Wine Merchant"]})
    g.answer("end Buy phase")
    assert g.state.turn.player.name == "Bob"
    assert names(g.player("Ann").mat) == ["Wine Merchant", "Wine Merchant"]


@BOTH
def test_wine_merchant_spent_coins_do_not_count(ruleset):
    """Ruling wine-merchant.discard-condition (Adventures rulebook 2015, card FAQ: Wine
    Merchant): it is $2 *unspent*: $5 with a Silver bought leaves $2, enough; a Duchy leaves
    $0."""
    for buy, offered in (("Silver", True), ("Duchy", False)):
        g = position(["Wine Merchant"], ruleset=ruleset, phase="buy",
                     turn={"coins": 5, "buys": 2}, ann={"mat": ["Wine Merchant"]})
        g.answer(f"buy {buy}")
        g.answer("end Buy phase")
        assert (g.pending.rule == "reserve.end-of-buy") is offered


@BOTH
def test_wine_merchant_not_automatic_at_cleanup(ruleset):
    """Ruling wine-merchant.discard-condition (Adventures rulebook 2015, card FAQ: Wine
    Merchant; pitfall: discarded automatically at Clean-up): declined, it stays on the mat
    through Clean-up."""
    g = position(["Wine Merchant"], ruleset=ruleset, phase="buy", turn={"coins": 4},
                 ann={"mat": ["Wine Merchant"]})
    g.answer("end Buy phase")
    g.answer("continue")
    assert g.state.turn.player.name == "Bob"
    ann = g.player("Ann")
    assert names(ann.mat) == ["Wine Merchant"] and "Wine Merchant" not in names(ann.discard)


@BOTH
def test_wine_merchant_multiple_share_threshold(ruleset):
    """Ruling wine-merchant.multiple-share (Adventures rulebook 2015, card FAQ: Wine Merchant):
    with three on the mat and just $2 unspent, all three may be discarded (one threshold)."""
    g = position(["Wine Merchant"], ruleset=ruleset, phase="buy", turn={"coins": 2},
                 ann={"mat": ["Wine Merchant"] * 3})
    g.answer("end Buy phase")
    for _ in range(3):
        assert g.legal() == ["discard Wine Merchant from the Tavern mat", "continue"]
        g.answer("discard Wine Merchant from the Tavern mat")
    ann = g.player("Ann")
    assert names(ann.mat) == [] and g.state.turn.player.name == "Bob"
    assert (names(ann.discard) + names(ann.hand)).count("Wine Merchant") == 3


@BOTH
def test_wine_merchant_two_on_mat_discard_one(ruleset):
    """Issue 3 (Wine Merchant with two on the mat and $2 left): either may be kept: discard one,
    then "continue" keeps the other on the mat."""
    g = position(["Wine Merchant"], ruleset=ruleset, phase="buy", turn={"coins": 2},
                 ann={"mat": ["Wine Merchant"] * 2})
    g.answer("end Buy phase")
    g.answer("discard Wine Merchant from the Tavern mat")
    assert g.legal() == ["discard Wine Merchant from the Tavern mat", "continue"]
    g.answer("continue")
    assert names(g.player("Ann").mat) == ["Wine Merchant"]


# == Teacher =====================================================================================

TEACHER_TOKENS = ["move +1 Card token", "move +1 Action token", "move +1 Buy token",
                  "move +$1 token"]


@BOTH
def test_teacher_to_mat_moves_no_token(ruleset):
    """Ruling teacher.to-mat and Ruling teacher.token-on-call (Adventures rulebook 2015, card
    FAQ: Teacher; pitfall: Teacher moving tokens when played): playing Teacher puts it on the
    mat and moves no token."""
    g = position(["Peasant", "Village"], ruleset=ruleset,
                 ann={"hand": ["Teacher", "Village"]})
    g.answer("play Teacher")
    ann = g.player("Ann")
    assert names(ann.mat) == ["Teacher"] and names(ann.play) == []
    assert set(ann.tokens.values()) == {None}
    assert g.state.turn.actions == 0 and g.pending.rule == "turn.buy"


@BOTH
def test_teacher_token_on_call(ruleset):
    """Ruling teacher.token-on-call (Adventures rulebook 2015, card FAQ: Teacher): called at the
    start of the turn, it moves one of the four bonus tokens to an Action Supply pile."""
    g = position(["Peasant", "Village", "Smithy"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Copper"], "mat": ["Teacher"]})
    assert g.legal() == ["call Teacher", "continue"]
    g.answer("call Teacher")
    assert g.legal() == TEACHER_TOKENS
    g.answer("move +1 Action token")
    assert g.legal() == ["put +1 Action token on Peasant", "put +1 Action token on Village",
                         "put +1 Action token on Smithy"]  # Action Supply piles only
    g.answer("put +1 Action token on Smithy")
    ann = g.player("Ann")
    assert ann.tokens["+1 Action"] == "Smithy" and names(ann.play) == ["Teacher"]


@BOTH
def test_teacher_token_bonus_each_play(ruleset):
    """Ruling teacher.token-bonus (Adventures rulebook 2015, card FAQ: Teacher): each play of a
    card from that pile gives the bonus first; Throne Room's two plays give it twice."""
    g = position(["Peasant", "Smithy", "Throne Room"], ruleset=ruleset,
                 ann={"hand": ["Throne Room", "Smithy"], "deck": ["Copper"] * 8,
                      "tokens": {"+1 Action": "Smithy", "+$1": "Smithy"}})
    g.answer("play Throne Room")
    g.answer("play Smithy")
    assert len(g.player("Ann").hand) == 6
    assert g.state.turn.actions == 2 and g.state.turn.coins == 2


@BOTH
def test_teacher_bonus_first_even_from_empty_pile(ruleset):
    """Ruling teacher.token-bonus (Adventures rulebook 2015, card FAQ: Teacher), rule
    token.pile-bonus: the bonus comes before the card's own text, even with the pile empty.
    +$1 token on Storyteller: the $1 is there when Storyteller pays all $ for cards, so two
    cards are drawn and no $ is left (had it come after, $1 would remain)."""
    g = position(["Storyteller"], ruleset=ruleset, piles={"Storyteller": 0},
                 ann={"hand": ["Storyteller"], "deck": ["Gold", "Silver", "Estate"],
                      "tokens": {"+$1": "Storyteller"}})
    g.answer("play Storyteller")
    log = rules(g)
    assert log.index("token.pile-bonus") < max(i for i, r in enumerate(log) if r == "draw")
    assert names(g.player("Ann").hand) == ["Gold", "Silver"]
    assert g.state.turn.coins == 0


@BOTH
def test_teacher_no_own_token_pile(ruleset):
    """Ruling teacher.no-own-token-pile (Adventures rulebook 2015, card FAQ: Teacher): no pile
    holding any of Ann's tokens: her -$2 cost token (Ferry), Trashing token (Plan) or another
    bonus token."""
    g = position(["Peasant", "Village", "Smithy", "Market", "Laboratory"], ruleset=ruleset,
                 phase="start",
                 ann={"hand": ["Copper"], "mat": ["Teacher"],
                      "tokens": {"-$2 cost": "Village", "Trashing": "Smithy",
                                 "+1 Buy": "Market"}})
    g.answer("call Teacher")
    g.answer("move +1 Card token")
    assert g.legal() == ["put +1 Card token on Peasant", "put +1 Card token on Laboratory"]


@BOTH
def test_teacher_others_tokens_ok(ruleset):
    """Ruling teacher.others-tokens-ok (Adventures rulebook 2015, card FAQ: Teacher): a pile
    holding only Bob's token may be chosen."""
    g = position(["Peasant", "Village"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Copper"], "mat": ["Teacher"]},
                 bob={"tokens": {"+1 Action": "Village", "+1 Card": "Peasant"}})
    g.answer("call Teacher")
    g.answer("move +1 Card token")
    assert g.legal() == ["put +1 Card token on Peasant", "put +1 Card token on Village"]
    g.answer("put +1 Card token on Village")
    assert g.player("Ann").tokens["+1 Card"] == "Village"
    assert g.player("Bob").tokens["+1 Action"] == "Village"


@BOTH
def test_teacher_token_onto_empty_pile(ruleset):
    """Rule token (Adventures rulebook 2015, Tokens): a token may be put on an empty pile;
    Teacher offers an empty Action Supply pile."""
    g = position(["Peasant", "Village"], ruleset=ruleset, phase="start",
                 piles={"Village": 0}, ann={"hand": ["Copper"], "mat": ["Teacher"]})
    g.answer("call Teacher")
    g.answer("move +$1 token")
    assert "put +$1 token on Village" in g.legal()


@BOTH
def test_teacher_others_can_join(ruleset):
    """Ruling teacher.others-can-join (Adventures rulebook 2015, card FAQ: Teacher): Lost Arts
    may put Ann's +1 Action token on the pile where Teacher put her +1 Card token."""
    g = position(["Peasant", "Village"], ruleset=ruleset, phase="buy", turn={"coins": 6},
                 events=["Lost Arts"], ann={"tokens": {"+1 Card": "Village"}})
    g.answer("buy Lost Arts")
    assert "put +1 Action token on Village" in g.legal()
    g.answer("put +1 Action token on Village")
    ann = g.player("Ann")
    assert ann.tokens["+1 Action"] == "Village" and ann.tokens["+1 Card"] == "Village"


@BOTH
def test_teacher_estate_token_ok(ruleset):
    """Ruling teacher.estate-token-ok (Adventures rulebook 2015, card FAQ: Teacher): Ann's
    Estate token on a Village set aside by Inheritance does not keep Teacher off the Village
    pile."""
    g = position(["Peasant", "Village"], ruleset=ruleset, phase="buy",
                 turn={"coins": 7, "buys": 2}, events=["Inheritance"],
                 ann={"deck": ["Copper"] * 5, "mat": ["Teacher"]})
    g.answer("buy Inheritance")
    if g.pending.card == "Inheritance":
        g.answer("set aside Village")
    ann = g.player("Ann")
    assert ann.estate_token is not None and ann.estate_token.name == "Village"
    finish_turn(g)  # Ann's turn
    finish_turn(g)  # Bob's turn
    assert g.state.turn.player is ann
    g.answer("call Teacher")
    g.answer("move +1 Buy token")
    assert "put +1 Buy token on Village" in g.legal()


@BOTH
def test_teacher_start_of_turn_order(ruleset):
    """Ruling teacher.start-of-turn-order (Adventures rulebook 2015, card FAQ: Teacher): it is
    ordered freely among other start-of-turn effects: here after Gear and before Ratcatcher."""
    g = position(["Peasant", "Village", "Gear", "Ratcatcher"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Copper", "Estate"], "mat": ["Teacher", "Ratcatcher"],
                      "play": [{"card": "Gear", "earlier": True, "aside": ["Silver"]}]})
    assert g.legal() == ["resolve Gear", "call Teacher", "call Ratcatcher"]
    g.answer("resolve Gear")
    assert g.legal() == ["call Teacher", "call Ratcatcher", "continue"]
    g.answer("call Teacher")
    g.answer("move +1 Card token")
    g.answer("put +1 Card token on Village")
    assert g.legal() == ["call Ratcatcher", "continue"]
    g.answer("call Ratcatcher")
    g.answer("trash Estate")
    assert sorted(names(g.player("Ann").play)) == ["Gear", "Ratcatcher", "Teacher"]


@BOTH
def test_teacher_discard_after_call(ruleset):
    """Ruling teacher.discard-after-call (Adventures rulebook 2015, card FAQ: Teacher): the
    called Teacher is discarded in that turn's Clean-up, and the token stays on its pile."""
    g = position(["Peasant", "Village"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Copper"], "deck": ["Copper"] * 5, "mat": ["Teacher"]})
    g.answer("call Teacher")
    g.answer("move +1 Buy token")
    g.answer("put +1 Buy token on Village")
    finish_turn(g)
    ann = g.player("Ann")
    assert names(ann.play) == [] and names(ann.mat) == [] and "Teacher" in names(ann.discard)
    assert ann.tokens["+1 Buy"] == "Village"
