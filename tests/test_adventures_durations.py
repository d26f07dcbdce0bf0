"""Adventures Duration cards (Amulet, Bridge Troll, Caravan Guard, Dungeon, Gear, Haunted Woods,
Hireling, Swamp Hag, Champion) and the Duration mechanics: one test per ruling in
``rulebook/data/rulings.toml`` for these cards, each naming its ruling and source, then the
rules of Duration cards staying in play (Adventures rulebook, "Duration Cards" section; seed
001) and the pitfalls in ``shared/reference/pitfalls.md``.
"""

from __future__ import annotations

import pytest
from dominion_tavern.rulebook.engine.choosing import card_label
from helpers import BOTH, buy_labels, deck, entries, finish_turn, names, position, to_buy


def topdecks(g, who):
    """The cards ``who`` put onto their deck, one tuple per move, from the log."""
    return [e.cards for e in g.log if e.player == who and "onto their deck" in e.text()]


def owned(g, who, name):
    """How many cards named ``name`` a player owns, wherever they are."""
    return [c.name for c in g.player(who).owned()].count(name)


def whose(g):
    return g.state.turn.player.name


def earlier(g, who):
    """Names of the cards a player has in play from earlier turns."""
    now = g.state.turn.number
    return [c.name for c in g.player(who).play.cards if c.since < now]


# == Amulet ====================================================================================

@BOTH
def test_amulet_choice_on_play(ruleset):
    """Ruling amulet.choice-on-play (Adventures rulebook 2015, card FAQ: Amulet): one of the
    three options at once; 'gain a Silver' puts a Silver in the discard pile now."""
    g = position(["Amulet"], ruleset=ruleset, ann={"hand": ["Amulet", "Estate"]})
    g.answer("play Amulet")
    assert g.legal() == ["+$1", "trash a card from your hand", "gain a Silver"]
    assert g.pending.player == "Ann" and g.pending.card == "Amulet"
    g.answer("gain a Silver")
    assert names(g.player("Ann").discard) == ["Silver"]
    assert g.state.turn.coins == 0 and names(g.player("Ann").hand) == ["Estate"]


@BOTH
@pytest.mark.parametrize("second", ["+$1", "trash a card from your hand", "gain a Silver"])
def test_amulet_choice_next_turn_independent(ruleset, second):
    """Ruling amulet.choice-next-turn-independent (Adventures rulebook 2015, card FAQ: Amulet):
    the next turn's pick is made again, free of the first (+$1 now, any of the three then)."""
    g = position(["Amulet"], ruleset=ruleset, ann={"hand": ["Amulet"], "deck": ["15 Estate"]})
    g.answer("play Amulet")
    g.answer("+$1")
    assert g.state.turn.coins == 1
    finish_turn(g)
    assert names(g.player("Ann").play) == ["Amulet"]  # stays: it has something left to do
    finish_turn(g)  # Bob's turn
    assert whose(g) == "Ann" and g.pending.card == "Amulet"
    assert g.legal() == ["+$1", "trash a card from your hand", "gain a Silver"]
    g.answer(second)
    ann = g.player("Ann")
    if second == "+$1":
        assert g.state.turn.coins == 1
    elif second == "gain a Silver":
        assert names(ann.discard) == ["Silver"] and g.state.turn.coins == 0
    else:
        assert names(g.state.trash) == ["Estate"] and len(ann.hand) == 4
    finish_turn(g)
    assert "Amulet" in names(ann.discard) and names(ann.play) == []


# == Bridge Troll ==============================================================================

@BOTH
def test_bridge_troll_minus_coin_token(ruleset):
    """Ruling bridge-troll.minus-coin-token (Adventures rulebook 2015, card FAQ: Bridge
    Troll): each other player takes the -$1 token; their next $ is $1 less (a Silver makes $1)
    and the token comes off."""
    g = position(["Bridge Troll"], ruleset=ruleset, ann={"hand": ["Bridge Troll"]},
                 bob={"hand": ["Silver", "Copper", "Estate", "Estate", "Estate"]},
                 cid={"hand": []})
    g.answer("play Bridge Troll")
    assert g.player("Bob").minus_coin and g.player("Cid").minus_coin
    assert not g.player("Ann").minus_coin
    finish_turn(g)
    assert whose(g) == "Bob"
    assert names(g.player("Bob").hand) == ["Silver", "Copper", "Estate", "Estate", "Estate"]
    g.answer("play Silver")
    assert g.state.turn.coins == 1 and not g.player("Bob").minus_coin
    g.answer("play Copper")
    assert g.state.turn.coins == 2
    assert [e.rule for e in entries(g, "returns the -$1 token", "Bob")] == ["token.minus-coin"]


@BOTH
def test_bridge_troll_buy_now_and_next(ruleset):
    """Ruling bridge-troll.buy-now-and-next (Adventures rulebook 2015, card FAQ: Bridge Troll):
    +1 Buy now and +1 Buy at the start of the next turn; it stays in play until then."""
    g = position(["Bridge Troll"], ruleset=ruleset,
                 ann={"hand": ["Bridge Troll"], "deck": ["15 Estate"]})
    g.answer("play Bridge Troll")
    assert g.state.turn.buys == 2
    finish_turn(g)
    assert names(g.player("Ann").play) == ["Bridge Troll"]
    finish_turn(g)  # Bob
    assert whose(g) == "Ann" and g.state.turn.buys == 2
    assert earlier(g, "Ann") == ["Bridge Troll"]
    finish_turn(g)
    assert names(g.player("Ann").play) == [] and "Bridge Troll" in names(g.player("Ann").discard)


@BOTH
def test_bridge_troll_own_turns_only(ruleset):
    """Ruling bridge-troll.own-turns-only (Adventures rulebook 2015, card FAQ: Bridge Troll):
    with Ann's Bridge Troll in play from her last turn, Bob's Workshop still cannot gain a $5
    card on his turn."""
    g = position(["Bridge Troll", "Workshop"], ruleset=ruleset, turn={"player": "Bob"},
                 ann={"play": [{"card": "Bridge Troll", "earlier": True}]},
                 bob={"hand": ["Workshop"]})
    assert g.cost("Bridge Troll") == 5 and g.cost("Silver") == 3
    g.answer("play Workshop")
    assert "gain Bridge Troll" not in g.legal() and "gain Duchy" not in g.legal()
    assert "gain Silver" in g.legal()


@BOTH
def test_bridge_troll_applies_everywhere(ruleset):
    """Ruling bridge-troll.applies-everywhere (Adventures rulebook 2015, card FAQ: Bridge
    Troll): the reduction is on every card wherever it is: Supply, hands, decks, trash."""
    g = position(["Bridge Troll"], ruleset=ruleset, trash=["Gold"],
                 ann={"hand": ["Bridge Troll", "Gold"], "deck": ["Silver", "Gold"]},
                 bob={"hand": ["Gold"], "discard": ["Province"]})
    g.answer("play Bridge Troll")
    ann, bob = g.player("Ann"), g.player("Bob")
    where = [ann.hand.cards[0], ann.deck.cards[0], bob.hand.cards[0], g.state.trash.cards[0],
             g.state.supply["Gold"].cards[-1]]
    assert [g.cost(c) for c in where] == [5, 5, 5, 5, 5]
    assert g.cost(bob.discard.cards[0]) == 7
    assert g.cost(ann.deck.cards[-1]) == 2  # the Silver on top of the deck


@BOTH
def test_bridge_troll_raze_estate(ruleset):
    """Rulings bridge-troll.raze-estate and raze.modified-cost (Adventures rulebook 2015, card
    FAQs: Bridge Troll, Raze): with Bridge Troll in play an Estate costs $1, so Raze trashing
    it looks at only 1 card."""
    g = position(["Bridge Troll", "Raze"], ruleset=ruleset, turn={"actions": 2},
                 ann={"hand": ["Bridge Troll", "Raze", "Estate"],
                      "deck": ["Gold", "Silver", "Copper"]})
    g.answer("play Bridge Troll")
    g.answer("play Raze")
    g.answer("trash Estate")
    ann = g.player("Ann")
    assert names(ann.hand) == ["Gold"]  # the one card looked at, put into hand
    assert deck(g, "Ann") == ["Silver", "Copper"] and names(ann.discard) == []
    assert [len(e.cards) for e in entries(g, "looks at", "Ann")] == [1]


@BOTH
def test_bridge_troll_raze_estate_without_troll_looks_at_two(ruleset):
    """Ruling raze.modified-cost (Adventures rulebook 2015, card FAQ: Raze), the control: no
    Bridge Troll, the Estate costs $2 and Raze looks at 2 cards."""
    g = position(["Raze"], ruleset=ruleset,
                 ann={"hand": ["Raze", "Estate"], "deck": ["Gold", "Silver", "Copper"]})
    g.answer("play Raze")
    g.answer("trash Estate")
    assert [len(e.cards) for e in entries(g, "looks at", "Ann")] == [2]


@BOTH
def test_bridge_troll_cumulative(ruleset):
    """Ruling bridge-troll.cumulative (Adventures rulebook 2015, card FAQ: Bridge Troll): two
    from last turn plus one played now: $3 less, a Province costs $5."""
    g = position(["Bridge Troll"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Bridge Troll"],
                      "play": [{"card": "Bridge Troll", "earlier": True},
                               {"card": "Bridge Troll", "earlier": True}]})
    assert g.cost("Province") == 6 and g.state.turn.buys == 3
    g.answer("play Bridge Troll")
    assert g.cost("Province") == 5 and g.cost("Gold") == 3
    assert g.state.turn.buys == 4  # two +1 Buys from last turn's Trolls, one from this one


@BOTH
def test_bridge_troll_floor_zero(ruleset):
    """Ruling bridge-troll.floor-zero (Adventures rulebook 2015, card FAQ: Bridge Troll): three
    reductions on a $2 Page make it cost $0, not -$1; buying it gives no $."""
    g = position(["Bridge Troll", "Page"], ruleset=ruleset, phase="buy",
                 ann={"play": [{"card": "Bridge Troll", "earlier": True},
                               {"card": "Bridge Troll", "earlier": True},
                               {"card": "Bridge Troll"}]})
    assert g.cost("Page") == 0 and g.cost("Copper") == 0 and g.cost("Estate") == 0
    assert g.cost("Silver") == 0 and g.cost("Gold") == 3
    g.answer("buy Page")
    assert g.state.turn.coins == 0


@pytest.mark.parametrize("player", ["Throne Room", "Disciple"])
def test_bridge_troll_per_copy_in_play_2015(player):
    """Ruling bridge-troll.per-copy-in-play-2015 (Adventures rulebook 2015, card FAQ: Bridge
    Troll): under the 2015 text, Bridge Troll played twice is one copy in play: $1 less (this
    turn and, while it stays in play, the next); the other player takes the -$1 token; +2
    Buys now and next turn."""
    g = position(["Bridge Troll", "Throne Room", "Peasant"], ruleset="2015",
                 ann={"hand": [player, "Bridge Troll"], "deck": ["15 Estate"]},
                 bob={"hand": ["Silver"]})
    g.answer(f"play {player}")
    g.answer("play Bridge Troll")
    assert g.cost("Gold") == 5 and g.player("Bob").minus_coin
    assert g.state.turn.buys == 3
    finish_turn(g)
    assert g.cost("Gold") == 6  # Bob's turn
    finish_turn(g)
    assert whose(g) == "Ann" and g.state.turn.buys == 3 and g.cost("Gold") == 5
    assert sorted(earlier(g, "Ann")) == sorted(["Bridge Troll", player])


@pytest.mark.parametrize("player", ["Throne Room", "Disciple"])
def test_bridge_troll_per_play_current(player):
    """Ruling bridge-troll.per-play-current (Dominion Strategy Wiki, Bridge Troll, 2022
    errata): each play lowers costs by $1 this turn and next: played twice, $2 less on both."""
    g = position(["Bridge Troll", "Throne Room", "Peasant"], ruleset="current",
                 ann={"hand": [player, "Bridge Troll"], "deck": ["15 Estate"]},
                 bob={"hand": ["Silver"]})
    g.answer(f"play {player}")
    g.answer("play Bridge Troll")
    assert g.cost("Gold") == 4 and g.player("Bob").minus_coin
    finish_turn(g)
    assert g.cost("Gold") == 6  # Bob's turn
    finish_turn(g)
    assert whose(g) == "Ann" and g.state.turn.buys == 3 and g.cost("Gold") == 4
    finish_turn(g)
    finish_turn(g)
    assert whose(g) == "Ann" and g.cost("Gold") == 6  # the turn after next: over


@BOTH
def test_bridge_troll_reduction_lasts_this_turn_and_next_only(ruleset):
    """Bridge Troll's cost reduction (card texts 2015 and current; rulings
    bridge-troll.own-turns-only, bridge-troll.buy-now-and-next): $1 less on the turn it is
    played and on its owner's next turn (2015: it is still in play then), never on the other
    player's turn between them, and no longer once it has been discarded."""
    g = position(["Bridge Troll"], ruleset=ruleset,
                 ann={"hand": ["Bridge Troll"], "deck": ["20 Estate"]})
    seen = [g.cost("Gold")]
    g.answer("play Bridge Troll")
    seen.append(g.cost("Gold"))
    for _ in range(4):
        finish_turn(g)
        seen.append((whose(g), g.cost("Gold")))
    assert seen == [6, 5, ("Bob", 6), ("Ann", 5), ("Bob", 6), ("Ann", 6)]


@BOTH
def test_bridge_troll_lets_workshop_and_remodel_gain_more(ruleset):
    """Ruling bridge-troll.applies-everywhere (Adventures rulebook 2015, card FAQ: Bridge
    Troll): costs as lowered are what gainers read: Workshop may gain a $5 card (now $4),
    Remodel trashing an Estate ($1) may gain a printed $4 card (now $3), not a $5 one."""
    g = position(["Bridge Troll", "Workshop", "Remodel", "Smithy", "Festival"], ruleset=ruleset,
                 turn={"actions": 3},
                 ann={"hand": ["Bridge Troll", "Workshop", "Remodel", "Estate"]})
    g.answer("play Bridge Troll")
    g.answer("play Workshop")
    assert "gain Bridge Troll" in g.legal() and "gain Duchy" in g.legal()
    assert "gain Gold" not in g.legal()
    g.answer("gain Festival")
    g.answer("play Remodel")  # the Estate, the only card in hand, is trashed
    assert "gain Smithy" in g.legal() and "gain Silver" in g.legal()
    assert "gain Festival" not in g.legal() and "gain Duchy" not in g.legal()
    g.answer("gain Smithy")
    assert names(g.player("Ann").discard) == ["Festival", "Smithy"]


@BOTH
def test_bridge_troll_does_not_lower_event_costs(ruleset):
    """Ruling events.cost-not-reduced (Adventures rulebook 2015, Events section): with Bridge
    Troll in play Bonfire still costs $3: with $2 it cannot be bought."""
    g = position(["Bridge Troll"], ruleset=ruleset, phase="buy", events=["Bonfire"],
                 turn={"coins": 2}, ann={"play": [{"card": "Bridge Troll"}]})
    assert "buy Bonfire" not in g.legal() and "buy Silver" in g.legal()
    g.state.turn.coins = 3
    assert "buy Bonfire" in buy_labels(g)


# == Caravan Guard =============================================================================

@BOTH
def test_caravan_guard_on_play(ruleset):
    """Ruling caravan-guard.on-play (Adventures rulebook 2015, card FAQ: Caravan Guard): +1 Card
    and +1 Action now, +$1 at the start of the next turn; it stays in play until then."""
    g = position(["Caravan Guard"], ruleset=ruleset,
                 ann={"hand": ["Caravan Guard"], "deck": ["Gold", "15 Estate"]})
    g.answer("play Caravan Guard")
    assert names(g.player("Ann").hand) == ["Gold"] and g.state.turn.actions == 1
    assert g.state.turn.coins == 0
    finish_turn(g)
    assert names(g.player("Ann").play) == ["Caravan Guard"]
    finish_turn(g)  # Bob's turn
    assert whose(g) == "Ann" and g.state.turn.coins == 1 and g.state.turn.actions == 1
    finish_turn(g)
    assert names(g.player("Ann").play) == []
    assert names(g.player("Ann").discard).count("Caravan Guard") == 1


def militia_vs_caravan_guard(ruleset, **bob):
    g = position(["Caravan Guard", "Militia"], ruleset=ruleset,
                 ann={"hand": ["Militia"], "deck": ["15 Estate"]},
                 bob=dict({"hand": ["Caravan Guard", "Copper", "Copper", "Estate", "Estate"],
                           "deck": ["Gold", "15 Copper"]}, **bob))
    g.answer("play Militia")
    assert g.pending.player == "Bob" and g.pending.rule == "attack.reaction"
    assert g.legal() == ["play Caravan Guard", "continue"]
    g.answer("play Caravan Guard")
    return g


@BOTH
def test_caravan_guard_react_play(ruleset):
    """Ruling caravan-guard.react-play (Adventures rulebook 2015, card FAQ: Caravan Guard): Bob
    plays Caravan Guard from hand when Ann plays Militia: it goes into play, he draws 1 and
    then discards down to 3; it stays in play until his next turn, where he gets +$1; there
    it shows as from an earlier turn, and it is discarded in that turn's Clean-up."""
    g = militia_vs_caravan_guard(ruleset)
    bob = g.player("Bob")
    assert names(bob.play) == ["Caravan Guard"]
    assert names(bob.hand) == ["Copper", "Copper", "Estate", "Estate", "Gold"]
    assert g.pending.player == "Bob" and g.pending.card == "Militia"
    g.answer("discard: Estate, Estate")
    assert names(bob.hand) == ["Copper", "Copper", "Gold"]
    assert g.state.turn.coins == 2  # Ann's Militia
    finish_turn(g)  # Ann's Clean-up: Bob's Caravan Guard stays in play
    assert whose(g) == "Bob" and names(bob.play) == ["Caravan Guard"]
    assert earlier(g, "Bob") == ["Caravan Guard"]
    assert g.state.turn.coins == 1 and g.state.turn.actions == 1 and g.state.turn.buys == 1
    finish_turn(g)
    assert names(bob.play) == [] and "Caravan Guard" in names(bob.discard)


@BOTH
def test_caravan_guard_action_useless_off_turn(ruleset):
    """Rulings caravan-guard.action-useless-off-turn and caravan-guard.no-carry-over (Adventures
    rulebook 2015, card FAQ: Caravan Guard): its +1 Action on Ann's turn gives Ann nothing, lets
    Bob play nothing, and is not kept for Bob's own turn."""
    g = militia_vs_caravan_guard(ruleset)
    assert g.state.turn.actions == 0  # Ann's: Militia used her only Action
    notes = [e.note for e in entries(g, "gets +1 Action", "Bob")]
    assert notes == ["no effect: not their turn"]
    g.answer("discard: Estate, Estate")
    finish_turn(g)
    assert whose(g) == "Bob" and g.state.turn.actions == 1 and g.state.turn.coins == 1


@BOTH
def test_caravan_guard_buy_coin_useless_off_turn(ruleset):
    """Ruling caravan-guard.buy-coin-useless-off-turn (Adventures rulebook 2015, card FAQ:
    Caravan Guard): +Buy and +$ from Bob's tokens on the Caravan Guard pile, received on Ann's
    turn, buy nothing: Ann's counters are unchanged and Bob's next turn has only his Caravan
    Guard's +$1 and one Buy."""
    g = militia_vs_caravan_guard(ruleset, tokens={"+1 Buy": "Caravan Guard",
                                                  "+$1": "Caravan Guard"})
    t = g.state.turn
    assert (t.coins, t.buys) == (2, 1)
    assert [(e.verb, e.note) for e in entries(g, player="Bob")
            if e.verb in ("gets +1 Buy", "gets +$1")] == [
        ("gets +1 Buy", "no effect: not their turn"), ("gets +$1", "no effect: not their turn")]
    g.answer("discard: Estate, Estate")
    finish_turn(g)
    assert whose(g) == "Bob" and (g.state.turn.coins, g.state.turn.buys) == (1, 1)


@BOTH
def test_caravan_guard_coin_cancels_minus_token(ruleset):
    """Ruling caravan-guard.coin-cancels-minus-token (Adventures rulebook 2015, card FAQ:
    Caravan Guard): the +$1 from Bob's +$1 token, received on Ann's turn, still takes off his
    -$1 token; his next turn's +$1 from Caravan Guard then arrives whole."""
    g = militia_vs_caravan_guard(ruleset, tokens={"+$1": "Caravan Guard"}, minus_coin=True)
    assert not g.player("Bob").minus_coin
    g.answer("discard: Estate, Estate")
    finish_turn(g)
    assert whose(g) == "Bob" and g.state.turn.coins == 1


@BOTH
def test_caravan_guard_chain_reactions(ruleset):
    """Ruling caravan-guard.chain-reactions (Adventures rulebook 2015, card FAQ: Caravan
    Guard): against Witch, Bob plays Caravan Guard, draws another and plays it, draws a Moat and
    reveals it: he is unaffected by the Witch."""
    g = position(["Caravan Guard", "Witch", "Moat"], ruleset=ruleset,
                 ann={"hand": ["Witch"], "deck": ["Copper", "Copper"]},
                 bob={"hand": ["Caravan Guard"], "deck": ["Caravan Guard", "Moat", "Gold"]})
    g.answer("play Witch")
    g.answer("play Caravan Guard")
    assert g.legal() == ["play Caravan Guard", "continue"]  # the one just drawn
    g.answer("play Caravan Guard")
    assert g.legal() == ["reveal Moat", "continue"]
    g.answer("reveal Moat")
    bob = g.player("Bob")
    assert names(bob.play) == ["Caravan Guard", "Caravan Guard"]
    assert names(bob.hand) == ["Moat"] and "Curse" not in names(bob.discard)
    assert g.pending.player == "Ann"


@BOTH
def test_caravan_guard_may_decline(ruleset):
    """Caravan Guard's reaction is optional ("you may"; Adventures rulebook 2015, card FAQ:
    Caravan Guard): declining leaves it in hand and Bob is attacked."""
    g = position(["Caravan Guard", "Witch"], ruleset=ruleset,
                 ann={"hand": ["Witch"], "deck": ["Copper", "Copper"]},
                 bob={"hand": ["Caravan Guard"]})
    g.answer("play Witch")
    g.answer("continue")
    assert names(g.player("Bob").hand) == ["Caravan Guard"]
    assert names(g.player("Bob").discard) == ["Curse"]


# == Champion ==================================================================================

@BOTH
def test_champion_stays_in_play(ruleset):
    """Ruling champion.stays-in-play (Adventures rulebook 2015, card FAQ: Champion): once
    played, no Clean-up discards it; it shows as from an earlier turn later on."""
    g = position(["Page"], ruleset=ruleset, ann={"hand": ["Champion"], "deck": ["30 Estate"]})
    g.answer("play Champion")
    assert g.state.turn.actions == 1
    for _ in range(4):
        finish_turn(g)
    assert whose(g) == "Ann" and g.state.turn.number == 5
    assert names(g.player("Ann").play) == ["Champion"] and earlier(g, "Ann") == ["Champion"]


@BOTH
def test_champion_plus_action_per_action(ruleset):
    """Ruling champion.plus-action-per-action (Adventures rulebook 2015, card FAQ: Champion):
    with 1 Action left, playing Smithy leaves 1 Action; Throne Room on Smithy is three Actions
    played: 0 + 3 = 3 Actions left."""
    g = position(["Page", "Smithy", "Throne Room"], ruleset=ruleset,
                 ann={"hand": ["Smithy", "Throne Room", "Smithy"], "deck": ["10 Copper"],
                      "play": [{"card": "Champion", "earlier": True}]})
    g.answer("play Smithy")
    assert g.state.turn.actions == 1
    g.answer("play Throne Room")
    g.answer("play Smithy")
    assert g.state.turn.actions == 3


def test_champion_bonus_first_current():
    """Ruling champion.bonus-first-current (Dominion Strategy Wiki, Champion, current text):
    the +1 Action comes before the played card's own effects: while Throne Room (played with
    the last Action) asks what to play, Ann already has 1 Action."""
    g = position(["Page", "Smithy", "Throne Room"], ruleset="current",
                 ann={"hand": ["Throne Room", "Smithy"],
                      "play": [{"card": "Champion", "earlier": True}]})
    g.answer("play Throne Room")
    assert g.pending.card == "Throne Room" and g.state.turn.actions == 1
    assert [e.text() for e in g.log] == [  # the bonus is logged, with its rule, first
        "Ann plays Throne Room from hand [play.action-use]",
        "Ann gets +1 Action (Champion: they played an Action, Throne Room) "
        "[duration.rest-of-game]"]


@BOTH
@pytest.mark.parametrize("attack", ["Militia", "Witch"])
def test_champion_immunity_mandatory(ruleset, attack):
    """Ruling champion.immunity-mandatory (Adventures rulebook 2015, card FAQ: Champion): Bob's
    Champion shields him from Ann's later Attack whether he wants it or not: he is never asked
    (even holding a hand he would gladly discard down), and nothing happens to him."""
    g = position(["Page", "Militia", "Witch"], ruleset=ruleset,
                 bob={"play": [{"card": "Champion", "earlier": True}],
                      "hand": ["Estate", "Estate", "Curse", "Curse", "Gold"]},
                 ann={"hand": [attack], "deck": ["Copper", "Copper"]})
    g.answer(f"play {attack}")
    bob = g.player("Bob")
    assert g.pending.player == "Ann" and len(bob.hand) == 5
    assert "Curse" not in names(bob.discard)
    assert [e.rule for e in entries(g, "is unaffected by", "Bob")] == ["attack.unaffected"]


@BOTH
def test_champion_not_retroactive(ruleset):
    """Ruling champion.not-retroactive (Adventures rulebook 2015, card FAQ: Champion): Ann's
    Swamp Hag from her last turn still curses Bob after he plays Champion and buys a Silver."""
    g = position(["Page", "Swamp Hag"], ruleset=ruleset, turn={"player": "Bob"},
                 ann={"play": [{"card": "Swamp Hag", "earlier": True}]},
                 bob={"hand": ["Champion", "Silver", "Copper"]})
    g.answer("play Champion")
    to_buy(g)
    g.answer("play all Treasures")
    g.answer("buy Silver")
    assert owned(g, "Bob", "Curse") == 1


@BOTH
def test_champion_protects_from_attacks_played_after_it(ruleset):
    """Ruling champion.immunity-mandatory (Adventures rulebook 2015, card FAQ: Champion), the
    other side of champion.not-retroactive: Ann's Swamp Hag played after Bob's Champion never
    affects him; his buys on his turn give no Curse."""
    g = position(["Page", "Swamp Hag"], ruleset=ruleset,
                 ann={"hand": ["Swamp Hag"], "deck": ["15 Estate"]},
                 bob={"play": [{"card": "Champion", "earlier": True}],
                      "hand": ["Silver", "Copper", "3 Estate"]})
    g.answer("play Swamp Hag")
    finish_turn(g)
    assert whose(g) == "Bob"
    to_buy(g)
    g.answer("play all Treasures")
    g.answer("buy Silver")
    assert owned(g, "Bob", "Curse") == 0 and owned(g, "Bob", "Silver") == 2


@BOTH
def test_champion_still_may_react(ruleset):
    """Champion's protection (ruling champion.immunity-mandatory) does not stop Bob from
    playing Caravan Guard in response (card FAQ: Caravan Guard): he plays it, draws, and is
    still unaffected."""
    g = position(["Page", "Militia", "Caravan Guard"], ruleset=ruleset,
                 ann={"hand": ["Militia"]},
                 bob={"play": [{"card": "Champion", "earlier": True}],
                      "hand": ["Caravan Guard", "Estate", "Estate", "Estate", "Estate"],
                      "deck": ["Gold"]})
    g.answer("play Militia")
    g.answer("play Caravan Guard")
    assert len(g.player("Bob").hand) == 5 and g.pending.player == "Ann"


# == Dungeon ===================================================================================

@BOTH
def test_dungeon_now(ruleset):
    """Ruling dungeon.now (Adventures rulebook 2015, card FAQ: Dungeon): +1 Action, then +2
    Cards, then discard 2 cards (any from hand)."""
    g = position(["Dungeon"], ruleset=ruleset,
                 ann={"hand": ["Dungeon", "Estate"], "deck": ["Gold", "Curse"]})
    g.answer("play Dungeon")
    assert g.state.turn.actions == 1
    assert names(g.player("Ann").hand) == ["Estate", "Gold", "Curse"]
    assert g.pending.card == "Dungeon" and "discard: Estate, Curse" in g.legal()
    assert all(a.count(",") == 1 for a in g.legal())  # exactly 2
    g.answer("discard: Estate, Curse")
    assert names(g.player("Ann").hand) == ["Gold"]
    assert names(g.player("Ann").discard) == ["Estate", "Curse"]


@BOTH
def test_dungeon_next_turn(ruleset):
    """Ruling dungeon.next-turn (Adventures rulebook 2015, card FAQ: Dungeon): at the start of
    the next turn, +2 Cards then discard 2 cards; Dungeon is discarded in that Clean-up."""
    g = position(["Dungeon"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Copper", "Copper", "Copper", "Estate", "Estate"],
                      "deck": ["Gold", "Silver", "10 Estate"],
                      "play": [{"card": "Dungeon", "earlier": True}]})
    ann = g.player("Ann")
    assert g.pending.card == "Dungeon" and len(ann.hand) == 7
    g.answer("discard: Estate, Estate")
    assert names(ann.hand) == ["Copper", "Copper", "Copper", "Gold", "Silver"]
    finish_turn(g)
    assert names(ann.play) == [] and "Dungeon" in names(ann.discard)


# == Gear ======================================================================================

@BOTH
def test_gear_sets_aside_nothing(ruleset):
    """Ruling gear.sets-aside-nothing (Adventures rulebook 2015, card FAQ: Gear): setting aside
    0 cards leaves Gear nothing to do: it is discarded in this turn's Clean-up."""
    g = position(["Gear"], ruleset=ruleset,
                 ann={"hand": ["Gear"], "deck": ["Gold", "Silver", "10 Estate"]})
    g.answer("play Gear")
    g.answer("set aside: nothing")
    ann = g.player("Ann")
    assert names(ann.hand) == ["Gold", "Silver"] and names(ann.aside) == []
    finish_turn(g)
    assert names(ann.play) == [] and "Gear" in names(ann.discard)


@BOTH
def test_gear_up_to_two_face_down(ruleset):
    """Ruling gear.up-to-two-face-down (Adventures rulebook 2015, card FAQ: Gear): 0, 1 or 2
    cards, never 3; they wait set aside (the owner may look: they are in his set-aside zone)."""
    g = position(["Gear"], ruleset=ruleset,
                 ann={"hand": ["Gear", "Copper"], "deck": ["Gold", "Silver"]})
    g.answer("play Gear")
    assert g.legal() == ["set aside: nothing", "set aside: Copper", "set aside: Gold",
                         "set aside: Silver", "set aside: Copper, Gold",
                         "set aside: Copper, Silver", "set aside: Gold, Silver"]
    g.answer("set aside: Gold")
    assert names(g.player("Ann").aside) == ["Gold"]
    assert names(g.player("Ann").hand) == ["Copper", "Silver"]


@BOTH
def test_gear_any_hand_cards(ruleset):
    """Ruling gear.any-hand-cards (Adventures rulebook 2015, card FAQ: Gear): the cards set
    aside need not be the ones Gear drew."""
    g = position(["Gear"], ruleset=ruleset,
                 ann={"hand": ["Gear", "Province", "Duchy"], "deck": ["Gold", "Silver"]})
    g.answer("play Gear")
    g.answer("set aside: Province, Duchy")
    assert names(g.player("Ann").aside) == ["Province", "Duchy"]
    assert names(g.player("Ann").hand) == ["Gold", "Silver"]


@BOTH
def test_gear_return_next_turn(ruleset):
    """Ruling gear.return-next-turn (Adventures rulebook 2015, card FAQ: Gear): the set-aside
    cards come to hand at the start of the next turn, and Gear is discarded in that Clean-up
    (not in the Clean-up of the turn it was played)."""
    g = position(["Gear"], ruleset=ruleset,
                 ann={"hand": ["Gear", "Gold"], "deck": ["Silver", "Silver", "20 Estate"]})
    g.answer("play Gear")
    g.answer("set aside: Gold, Silver")
    finish_turn(g)
    ann = g.player("Ann")
    assert names(ann.play) == ["Gear"] and names(ann.aside) == ["Gold", "Silver"]
    assert len(ann.hand) == 5
    finish_turn(g)  # Bob
    assert whose(g) == "Ann" and names(ann.aside) == []
    assert sorted(names(ann.hand)) == sorted(["Gold", "Silver"] + ["Estate"] * 5)
    finish_turn(g)
    assert names(ann.play) == [] and "Gear" in names(ann.discard)


@BOTH
def test_two_gears_keep_their_own_cards(ruleset):
    """Pitfall "two Gears in one turn lost the first one's set-aside cards" (pitfalls.md;
    ruling gear.return-next-turn): each Gear returns what it set aside."""
    g = position(["Gear", "Village"], ruleset=ruleset,
                 ann={"hand": ["Village", "Gear", "Gear"],
                      "deck": ["Copper", "Gold", "Silver", "Province", "Duchy", "20 Estate"]})
    g.answer("play Village")
    g.answer("play Gear")
    g.answer("set aside: Gold")
    g.answer("play Gear")
    g.answer("set aside: Province, Duchy")
    ann = g.player("Ann")
    assert names(ann.aside) == ["Gold", "Province", "Duchy"]
    finish_turn(g)
    finish_turn(g)
    assert whose(g) == "Ann" and names(ann.aside) == []
    assert {"Gold", "Province", "Duchy"} <= set(names(ann.hand)) and len(ann.hand) == 8
    finish_turn(g)
    assert names(ann.play) == []


# == Haunted Woods and Swamp Hag ===============================================================

def bobs_turn_under(attacks, ruleset, *, kingdom=(), events=(), players=None, **bob):
    """Bob's Buy phase, with Ann's ``attacks`` in play from her last turn."""
    spec = {"hand": ["Gold", "Copper", "Estate", "Duchy"], "deck": ["20 Copper"]}
    spec.update(bob)
    return position(["Haunted Woods", "Swamp Hag", *kingdom], ruleset=ruleset, phase="buy",
                    events=events, turn={"player": "Bob", "buys": 2},
                    ann={"play": [{"card": a, "earlier": True} for a in attacks],
                         "deck": ["20 Estate"]},
                    bob=spec, **(players or {}))


def haunted_woods_ann_plays(ruleset, bob_hand, **kw):
    g = position(["Haunted Woods", "Swamp Hag", "Moat", *kw.pop("kingdom", ())],
                 ruleset=ruleset, ann={"hand": ["Haunted Woods"], "deck": ["20 Estate"]},
                 bob={"hand": bob_hand, "deck": ["20 Copper"]}, **kw)
    g.answer("play Haunted Woods")
    return g


@BOTH
def test_haunted_woods_next_turn_draw(ruleset):
    """Ruling haunted-woods.next-turn-draw (Adventures rulebook 2015, card FAQ: Haunted
    Woods): +3 Cards at the start of the next turn; then it is discarded in that Clean-up."""
    g = position(["Haunted Woods"], ruleset=ruleset, phase="start",
                 ann={"hand": ["5 Copper"], "deck": ["Gold", "Gold", "Gold", "20 Estate"],
                      "play": [{"card": "Haunted Woods", "earlier": True}]})
    ann = g.player("Ann")
    assert names(ann.hand) == ["Copper"] * 5 + ["Gold"] * 3
    finish_turn(g)
    assert names(ann.play) == [] and "Haunted Woods" in names(ann.discard)


@BOTH
def test_haunted_woods_buy_topdecks_hand(ruleset):
    """Ruling haunted-woods.buy-topdecks-hand (Adventures rulebook 2015, card FAQ: Haunted
    Woods): when Bob buys a card, he puts the rest of his hand on his deck in the order he
    chooses, naming the top card first like every deck listing."""
    g = bobs_turn_under(["Haunted Woods"], ruleset)
    g.answer("play Gold")
    g.answer("play Copper")
    g.answer("buy Silver")
    assert g.pending.player == "Bob" and g.pending.card == "Haunted Woods"
    assert g.legal() == ["put onto deck: Estate, Duchy", "put onto deck: Duchy, Estate"]
    assert g.pending.prompt == ("Ann's Haunted Woods (you bought Silver): put your hand onto "
                                "your deck in any order (name the top card first)")
    g.answer("put onto deck: Estate, Duchy")
    bob = g.player("Bob")
    assert names(bob.hand) == [] and deck(g, "Bob")[:3] == ["Estate", "Duchy", "Copper"]
    assert entries(g, "puts", "Bob")[-1].text() == (
        "Bob puts Estate, Duchy from hand onto their deck (top card first) [attack]")
    assert names(bob.discard) == ["Silver"]


@BOTH
def test_haunted_woods_empty_hand_ok(ruleset):
    """Ruling haunted-woods.empty-hand-ok (Adventures rulebook 2015, card FAQ: Haunted Woods):
    with no cards left in hand, buying moves nothing and asks nothing."""
    g = bobs_turn_under(["Haunted Woods"], ruleset, hand=["Gold", "Copper"])
    g.answer("play all Treasures")
    g.answer("buy Silver")
    assert g.pending.player == "Bob" and g.pending.rule == "turn.buy"
    assert deck(g, "Bob") == ["Copper"] * 20 and names(g.player("Bob").discard) == ["Silver"]


@BOTH
def test_haunted_woods_may_hold_cards(ruleset):
    """Ruling haunted-woods.may-hold-cards (Adventures rulebook 2015, card FAQ: Haunted Woods):
    Bob may keep a Treasure unplayed (here the Silver, buying a Copper for $0) so that it goes
    back onto his deck."""
    g = bobs_turn_under(["Haunted Woods"], ruleset, hand=["Gold", "Estate"])
    g.answer("buy Copper")
    g.answer("put onto deck: Gold, Estate")
    assert deck(g, "Bob")[:2] == ["Gold", "Estate"]


@BOTH
def test_haunted_woods_no_buy_normal(ruleset):
    """Ruling haunted-woods.no-buy-normal (Adventures rulebook 2015, card FAQ: Haunted Woods):
    Bob buys nothing: his hand is discarded in Clean-up as usual and he draws a new one."""
    g = bobs_turn_under(["Haunted Woods"], ruleset)
    g.answer("end Buy phase")
    bob = g.player("Bob")
    assert sorted(names(bob.discard)) == sorted(["Gold", "Copper", "Estate", "Duchy"])
    assert names(bob.hand) == ["Copper"] * 5 and len(bob.deck) == 15
    assert not topdecks(g, "Bob")


@BOTH
def test_haunted_woods_events_not_cards(ruleset):
    """Rulings haunted-woods.events-not-cards and events.not-buying-card (Adventures rulebook
    2015, card FAQ: Haunted Woods; Events section): buying Alms (and gaining a Silver from it)
    is not buying a card: Bob's hand stays."""
    g = bobs_turn_under(["Haunted Woods"], ruleset, events=["Alms"])
    g.answer("buy Alms")
    g.answer("gain Silver")
    bob = g.player("Bob")
    assert names(bob.hand) == ["Gold", "Copper", "Estate", "Duchy"]
    assert names(bob.discard) == ["Silver"] and g.pending.rule == "turn.buy"


@BOTH
def test_haunted_woods_not_other_gains(ruleset):
    """Ruling haunted-woods.on-gain-current / haunted-woods.buy-topdecks-hand (Adventures
    rulebook 2015, card FAQ: Haunted Woods; Wiki 2022 errata): gaining without buying (Bob's
    Workshop) does not set it off."""
    g = position(["Haunted Woods", "Workshop"], ruleset=ruleset, turn={"player": "Bob"},
                 ann={"play": [{"card": "Haunted Woods", "earlier": True}]},
                 bob={"hand": ["Workshop", "Estate", "Duchy"]})
    g.answer("play Workshop")
    g.answer("gain Silver")
    assert names(g.player("Bob").hand) == ["Estate", "Duchy"]
    assert g.pending.player == "Bob" and g.pending.rule == "turn.buy"


def test_haunted_woods_on_buy_2015():
    """Ruling haunted-woods.on-buy-2015 (Adventures rulebook 2015, card FAQ: Haunted Woods):
    the hand goes onto the deck when the card is bought, before it is gained."""
    g = bobs_turn_under(["Haunted Woods"], "2015", hand=["Gold", "Estate"])
    g.answer("play Gold")
    g.answer("buy Silver")
    bob_log = [e.text() for e in entries(g, player="Bob")]
    assert [("onto their deck" in t, t.startswith("Bob gains")) for t in bob_log[-2:]] == [
        (True, False), (False, True)]


def test_haunted_woods_on_gain_current():
    """Ruling haunted-woods.on-gain-current (Dominion Strategy Wiki, Haunted Woods, 2022
    errata): the hand goes onto the deck when Bob gains the card he bought, alongside his other
    when-gain effects, in the order he chooses (here calling Duplicate)."""
    g = bobs_turn_under(["Haunted Woods"], "current", kingdom=["Duplicate"],
                        hand=["Gold", "Estate"], mat=["Duplicate"])
    g.answer("play Gold")
    g.answer("buy Silver")
    assert g.pending.player == "Bob"
    assert set(g.legal()) == {"Haunted Woods: put your hand onto your deck", "call Duplicate"}
    assert names(g.player("Bob").discard) == ["Silver"]  # already gained
    g.answer("call Duplicate")  # then the one thing left, Haunted Woods, happens by itself
    bob = g.player("Bob")
    assert names(bob.discard) == ["Silver", "Silver"] and deck(g, "Bob")[0] == "Estate"


def test_haunted_woods_on_buy_2015_no_when_gain_choice():
    """Ruling haunted-woods.on-buy-2015 (Adventures rulebook 2015, card FAQ: Haunted Woods):
    under 2015 the hand is already on the deck when the gain happens; only Duplicate is left
    to call, and calling it sets nothing more off."""
    g = bobs_turn_under(["Haunted Woods"], "2015", kingdom=["Duplicate"],
                        hand=["Gold", "Estate"], mat=["Duplicate"])
    g.answer("play Gold")
    g.answer("buy Silver")
    assert deck(g, "Bob")[0] == "Estate"
    assert g.legal() == ["call Duplicate", "continue"]
    g.answer("call Duplicate")
    assert names(g.player("Bob").discard) == ["Silver", "Silver"]


@BOTH
def test_haunted_woods_moat_timing(ruleset):
    """Ruling haunted-woods.moat-timing (Adventures rulebook 2015, card FAQ: Haunted Woods):
    Moat is revealed when Haunted Woods is played (then Bob is unaffected by it); on his turn,
    when he buys, Moat is not offered again."""
    g = haunted_woods_ann_plays(ruleset, ["Moat", "Gold", "Estate"])
    assert g.legal() == ["reveal Moat", "continue"]
    g.answer("reveal Moat")
    finish_turn(g)
    g.answer("end Action phase")
    g.answer("play Gold")
    g.answer("buy Silver")
    assert not topdecks(g, "Bob")


@BOTH
def test_haunted_woods_moat_not_revealed(ruleset):
    """Ruling haunted-woods.moat-timing (Adventures rulebook 2015, card FAQ: Haunted Woods):
    Bob kept Moat in hand when Haunted Woods was played: on his buy no reaction is asked and
    his hand goes onto his deck."""
    g = haunted_woods_ann_plays(ruleset, ["Moat", "Gold", "Estate"])
    g.answer("continue")
    finish_turn(g)
    g.answer("end Action phase")
    g.answer("play Gold")
    g.answer("buy Silver")
    assert g.pending.card == "Haunted Woods"
    assert all(a.startswith("put onto deck:") for a in g.legal())
    g.answer("put onto deck: Moat, Estate")
    assert topdecks(g, "Bob") == [("Moat", "Estate")]


@BOTH
def test_haunted_woods_extra_turn(ruleset):
    """Ruling haunted-woods.extra-turn (Adventures rulebook 2015, card FAQ: Haunted Woods): Ann
    plays Haunted Woods and buys Mission: the +3 Cards come at the start of her extra turn, it
    is discarded in that turn's Clean-up, and Bob, buying on his turn, is never hit."""
    g = position(["Haunted Woods"], ruleset=ruleset, events=["Mission"], turn={"coins": 4},
                 ann={"hand": ["Haunted Woods"], "deck": ["5 Estate", "3 Gold", "20 Estate"]},
                 bob={"hand": ["Gold", "Estate"], "deck": ["20 Copper"]})
    g.answer("play Haunted Woods")
    g.answer("buy Mission")  # no Buy left: the turn ends by itself
    ann = g.player("Ann")
    assert whose(g) == "Ann" and g.state.turn.extra
    assert names(ann.hand) == ["Estate"] * 5 + ["Gold"] * 3
    finish_turn(g)
    assert "Haunted Woods" in names(ann.discard) and names(ann.play) == []
    assert whose(g) == "Bob"
    g.answer("play Gold")
    g.answer("buy Silver")
    assert not topdecks(g, "Bob")


@BOTH
def test_swamp_hag_next_turn_coin(ruleset):
    """Ruling swamp-hag.next-turn-coin (Adventures rulebook 2015, card FAQ: Swamp Hag): +$3
    at the start of the next turn; discarded in that Clean-up."""
    g = position(["Swamp Hag"], ruleset=ruleset, phase="start",
                 ann={"deck": ["20 Estate"], "play": [{"card": "Swamp Hag", "earlier": True}]})
    assert g.state.turn.coins == 3
    finish_turn(g)
    assert names(g.player("Ann").play) == []


@BOTH
def test_swamp_hag_curse_per_buy(ruleset):
    """Ruling swamp-hag.curse-per-buy (Adventures rulebook 2015, card FAQ: Swamp Hag): a Curse
    for every card Bob buys."""
    g = bobs_turn_under(["Swamp Hag"], ruleset)
    g.answer("play all Treasures")
    g.answer("buy Silver")
    g.answer("buy Copper")
    assert owned(g, "Bob", "Curse") == 2


@BOTH
def test_swamp_hag_no_buy_no_curse(ruleset):
    """Ruling swamp-hag.no-buy-no-curse (Adventures rulebook 2015, card FAQ: Swamp Hag)."""
    g = bobs_turn_under(["Swamp Hag"], ruleset)
    g.answer("play all Treasures")
    g.answer("end Buy phase")
    assert owned(g, "Bob", "Curse") == 0 and whose(g) == "Ann"


@BOTH
def test_swamp_hag_cumulative(ruleset):
    """Ruling swamp-hag.cumulative (Adventures rulebook 2015, card FAQ: Swamp Hag): two Swamp
    Hags of Ann's and one of Bob's: Cid gains 3 Curses per card bought."""
    g = position(["Swamp Hag"], ruleset=ruleset, phase="buy",
                 turn={"player": "Cid", "buys": 2, "number": 3},
                 ann={"play": [{"card": "Swamp Hag", "earlier": True}] * 2},
                 bob={"play": [{"card": "Swamp Hag", "earlier": True}]},
                 cid={"hand": ["Gold"], "deck": ["20 Copper"]})
    g.answer("play Gold")
    g.answer("buy Silver")
    assert owned(g, "Cid", "Curse") == 3
    g.answer("buy Copper")
    assert owned(g, "Cid", "Curse") == 6
    assert owned(g, "Ann", "Curse") == 0 and owned(g, "Bob", "Curse") == 0


@BOTH
def test_swamp_hag_bought_only(ruleset):
    """Ruling swamp-hag.bought-only (Adventures rulebook 2015, card FAQ: Swamp Hag): Bob gains
    a Silver with Amulet: no Curse."""
    g = position(["Swamp Hag", "Amulet"], ruleset=ruleset, turn={"player": "Bob"},
                 ann={"play": [{"card": "Swamp Hag", "earlier": True}]},
                 bob={"hand": ["Amulet"]})
    g.answer("play Amulet")
    g.answer("gain a Silver")
    assert names(g.player("Bob").discard) == ["Silver"] and owned(g, "Bob", "Curse") == 0


@BOTH
def test_swamp_hag_duplicate_copy_is_not_bought(ruleset):
    """Ruling swamp-hag.bought-only (Adventures rulebook 2015, card FAQ: Swamp Hag): the copy
    Duplicate gains of a bought card was not bought: one Curse for the one card bought."""
    g = bobs_turn_under(["Swamp Hag"], ruleset, kingdom=["Duplicate"], hand=["Gold"],
                        mat=["Duplicate"])
    g.answer("play Gold")
    g.answer("buy Silver")
    if ruleset == "2015":  # the Curse comes first; Duplicate is kept for the Silver
        assert names(g.player("Bob").discard) == ["Curse"]
        g.answer("continue")
        g.answer("call Duplicate")
    else:  # gaining the Silver: Duplicate first, then the Curse
        g.answer("call Duplicate")  # the Curse, the one thing left, follows by itself
    assert sorted(names(g.player("Bob").discard)) == ["Curse", "Silver", "Silver"]
    assert owned(g, "Bob", "Curse") == 1


@BOTH
def test_swamp_hag_events_not_cards(ruleset):
    """Rulings swamp-hag.events-not-cards and events.not-buying-card (Adventures rulebook
    2015, card FAQ: Swamp Hag; Events section): buying Alms and gaining a card with it gives
    no Curse."""
    g = bobs_turn_under(["Swamp Hag"], ruleset, events=["Alms"])
    g.answer("buy Alms")
    g.answer("gain Silver")
    assert owned(g, "Bob", "Curse") == 0 and names(g.player("Bob").discard) == ["Silver"]


@BOTH
def test_swamp_hag_extra_turn(ruleset):
    """Ruling swamp-hag.extra-turn (Adventures rulebook 2015, card FAQ: Swamp Hag): Swamp Hag,
    then Mission: +$3 in the extra turn, discarded then, and Bob's buy gives him no Curse."""
    g = position(["Swamp Hag"], ruleset=ruleset, events=["Mission"], turn={"coins": 4},
                 ann={"hand": ["Swamp Hag"], "deck": ["Copper", "30 Estate"]},
                 bob={"hand": ["Gold"], "deck": ["20 Copper"]})
    g.answer("play Swamp Hag")
    g.answer("buy Mission")  # no Buy left: the turn ends by itself
    assert whose(g) == "Ann" and g.state.turn.extra and g.state.turn.coins == 3
    finish_turn(g)
    assert "Swamp Hag" in names(g.player("Ann").discard)
    assert whose(g) == "Bob"
    g.answer("play Gold")
    g.answer("buy Silver")
    assert owned(g, "Bob", "Curse") == 0


@BOTH
def test_swamp_hag_moat_timing(ruleset):
    """Ruling swamp-hag.moat-timing (Adventures rulebook 2015, card FAQ: Swamp Hag): Moat
    revealed when Swamp Hag is played protects Bob's later buys; kept in hand, it cannot be
    used when he buys."""
    for reveal, curses in (("reveal Moat", 0), ("continue", 1)):
        g = position(["Swamp Hag", "Moat"], ruleset=ruleset,
                     ann={"hand": ["Swamp Hag"], "deck": ["20 Estate"]},
                     bob={"hand": ["Moat", "Gold"], "deck": ["20 Copper"]})
        g.answer("play Swamp Hag")
        assert g.legal() == ["reveal Moat", "continue"]
        g.answer(reveal)
        finish_turn(g)
        g.answer("end Action phase")
        g.answer("play Gold")
        g.answer("buy Silver")
        assert owned(g, "Bob", "Curse") == curses


def test_swamp_hag_on_buy_2015():
    """Ruling swamp-hag.on-buy-2015 (Adventures rulebook 2015, card FAQ: Swamp Hag): the Curse
    is gained when the card is bought, before the bought card."""
    g = bobs_turn_under(["Swamp Hag"], "2015", hand=["Gold"])
    g.answer("play Gold")
    g.answer("buy Silver")
    assert names(g.player("Bob").discard) == ["Curse", "Silver"]


def test_swamp_hag_on_gain_current():
    """Ruling swamp-hag.on-gain-current (Dominion Strategy Wiki, Swamp Hag, 2022 errata): the
    Curse comes when Bob gains the card he bought, after it, alongside his other when-gain
    effects in the order he picks (here: Duplicate's copy first)."""
    g = bobs_turn_under(["Swamp Hag"], "current", kingdom=["Duplicate"], hand=["Gold"],
                        mat=["Duplicate"])
    g.answer("play Gold")
    g.answer("buy Silver")
    assert set(g.legal()) == {"Swamp Hag: gain a Curse", "call Duplicate"}
    g.answer("call Duplicate")  # the Curse, the one thing left, follows by itself
    assert names(g.player("Bob").discard) == ["Silver", "Silver", "Curse"]


@BOTH
def test_two_swamp_hags_two_curses_per_buy(ruleset):
    """Ruling swamp-hag.cumulative (Adventures rulebook 2015, card FAQ: Swamp Hag): two of
    Ann's Swamp Hags: two Curses for Bob's one buy; Haunted Woods alongside also hits once."""
    g = bobs_turn_under(["Swamp Hag", "Swamp Hag", "Haunted Woods"], ruleset, hand=["Gold"])
    g.answer("play Gold")
    g.answer("buy Silver")
    while g.pending.rule != "turn.buy":
        g.answer(g.legal()[0])
    assert owned(g, "Bob", "Curse") == 2


# == Hireling ==================================================================================

@BOTH
def test_hireling_draw_each_turn_and_stays_in_play(ruleset):
    """Rulings hireling.draw-each-turn and hireling.stays-in-play (Adventures rulebook 2015,
    card FAQ: Hireling): +1 Card at the start of each later turn; never discarded."""
    g = position(["Hireling"], ruleset=ruleset, ann={"hand": ["Hireling"], "deck": ["40 Estate"]})
    g.answer("play Hireling")
    assert names(g.player("Ann").hand) == []  # nothing now
    for turn in (3, 5, 7):
        finish_turn(g)
        finish_turn(g)
        assert whose(g) == "Ann" and g.state.turn.number == turn
        assert len(g.player("Ann").hand) == 6
        assert names(g.player("Ann").play) == ["Hireling"]
    assert [e.rule for e in entries(g, "resolves", "Ann")] == ["duration.start-of-turn"] * 3


@BOTH
@pytest.mark.parametrize("player", ["Throne Room", "Disciple"])
def test_hireling_doubled(ruleset, player):
    """Ruling hireling.doubled (Adventures rulebook 2015, card FAQ: Hireling; rulebook,
    Duration Cards): Throne Room or Disciple playing Hireling: +2 Cards at the start of every
    later turn, and it stays in play with Hireling for the rest of the game (Disciple is never
    discarded, so never exchanged)."""
    g = position(["Hireling", "Peasant"], ruleset=ruleset,
                 ann={"hand": [player, "Hireling"], "deck": ["40 Estate"]})
    g.answer(f"play {player}")
    g.answer("play Hireling")
    for turn in (3, 5):
        finish_turn(g)
        finish_turn(g)
        assert whose(g) == "Ann" and g.state.turn.number == turn
        assert len(g.player("Ann").hand) == 7
        assert sorted(names(g.player("Ann").play)) == sorted([player, "Hireling"])
        assert sorted(earlier(g, "Ann")) == sorted([player, "Hireling"])
    assert "Teacher" not in names(g.player("Ann").discard)


# == Duration mechanics (Adventures rulebook, Duration Cards; seed 001) ========================

@BOTH
def test_earlier_turn_cards_are_marked(ruleset):
    """Rulebook, Duration Cards ("keep track of whether a Duration card was played on the
    current turn"): cards in play from an earlier turn have ``since`` below the turn number,
    and options naming them say "(earlier turn)"; this turn's cards are not marked."""
    g = position(["Gear"], ruleset=ruleset, phase="buy",
                 ann={"hand": ["Copper"],
                      "play": [{"card": "Gear", "earlier": True, "aside": ["Gold"]},
                               {"card": "Hireling", "earlier": True}, {"card": "Village"}]})
    now = g.state.turn.number
    play = g.player("Ann").play.cards
    assert [(c.name, c.since < now) for c in play] == [
        ("Gear", True), ("Hireling", True), ("Village", False)]
    assert [card_label(c, now) for c in play] == [
        "Gear (earlier turn)", "Hireling (earlier turn)", "Village"]
    g.answer("play Copper")
    copper = g.player("Ann").play.cards[-1]
    assert copper.since == now and card_label(copper, now) == "Copper"


def test_earlier_turn_label_in_a_real_decision():
    """Rulebook, Duration Cards (older and this turn's cards told apart), through a decision:
    Bonfire (2015: trash up to 2 cards you have in play) names the Hireling from an earlier
    turn as "Hireling (earlier turn)" and this turn's Copper plainly."""
    g = position(["Hireling"], ruleset="2015", phase="buy", events=["Bonfire"],
                 turn={"coins": 3},
                 ann={"hand": ["Copper"], "play": [{"card": "Hireling", "earlier": True}]})
    g.answer("play Copper")
    g.answer("buy Bonfire")
    assert "trash: Hireling (earlier turn)" in g.legal() and "trash: Copper" in g.legal()


@BOTH
@pytest.mark.parametrize("player", ["Throne Room", "Disciple"])
def test_doubled_caravan_guard(ruleset, player):
    """Rulebook, Duration Cards (a card that played a Duration more than once stays in play
    with it; pitfall "Throne Room or Disciple on a Duration"): Caravan Guard played twice: +2
    Cards and +2 Actions now, +$2 next turn; both stay until that turn's Clean-up."""
    g = position(["Caravan Guard", "Peasant"], ruleset=ruleset,
                 ann={"hand": [player, "Caravan Guard"], "deck": ["Gold", "Gold", "40 Estate"]})
    g.answer(f"play {player}")
    g.answer("play Caravan Guard")
    ann = g.player("Ann")
    assert names(ann.hand) == ["Gold", "Gold"] and g.state.turn.actions == 2
    finish_turn(g)
    assert sorted(names(ann.play)) == sorted([player, "Caravan Guard"])
    assert "Teacher" not in names(ann.discard)
    finish_turn(g)
    assert whose(g) == "Ann" and g.state.turn.coins == 2
    assert sorted(earlier(g, "Ann")) == sorted([player, "Caravan Guard"])
    finish_turn(g)
    assert names(ann.play) == []
    assert {player, "Caravan Guard"} <= set(names(ann.discard))


@BOTH
@pytest.mark.parametrize("player", ["Throne Room", "Disciple"])
def test_doubled_gear(ruleset, player):
    """Rulebook, Duration Cards, and ruling gear.return-next-turn: Gear played twice sets aside
    up to 2 cards each time; all four return next turn; Gear and what played it stay until
    then."""
    g = position(["Gear", "Peasant"], ruleset=ruleset,
                 ann={"hand": [player, "Gear"],
                      "deck": ["Gold", "Gold", "Silver", "Silver", "40 Estate"]})
    g.answer(f"play {player}")
    g.answer("play Gear")
    g.answer("set aside: Gold, Gold")
    g.answer("set aside: Silver, Silver")
    ann = g.player("Ann")
    finish_turn(g)
    assert sorted(names(ann.play)) == sorted([player, "Gear"])
    finish_turn(g)
    assert sorted(names(ann.hand)) == sorted(["Gold", "Gold", "Silver", "Silver"] + ["Estate"] * 5)
    finish_turn(g)
    assert names(ann.play) == []


@BOTH
def test_throne_room_on_gear_that_set_nothing_aside(ruleset):
    """Rulebook, Duration Cards ("stay in play until the Clean-up of the last turn that they do
    something") and ruling gear.sets-aside-nothing: Gear played twice setting nothing aside
    has nothing to do: it and the Throne Room are discarded this turn."""
    g = position(["Gear"], ruleset=ruleset,
                 ann={"hand": ["Throne Room", "Gear"], "deck": ["40 Estate"]})
    g.answer("play Throne Room")
    g.answer("play Gear")
    g.answer("set aside: nothing")
    g.answer("set aside: nothing")
    finish_turn(g)
    assert names(g.player("Ann").play) == []
    assert {"Throne Room", "Gear"} <= set(names(g.player("Ann").discard))


@BOTH
def test_throne_room_on_gear_one_play_sets_aside(ruleset):
    """Rulebook, Duration Cards: Gear played twice, one play setting a card aside: Gear has
    something left to do, so it and its Throne Room stay; the card comes back next turn."""
    g = position(["Gear"], ruleset=ruleset,
                 ann={"hand": ["Throne Room", "Gear"], "deck": ["Gold", "40 Estate"]})
    g.answer("play Throne Room")
    g.answer("play Gear")
    g.answer("set aside: nothing")
    g.answer("set aside: Gold")
    finish_turn(g)
    assert sorted(names(g.player("Ann").play)) == ["Gear", "Throne Room"]
    finish_turn(g)
    assert "Gold" in names(g.player("Ann").hand)


@BOTH
def test_royal_carriage_replaying_a_duration_stays(ruleset):
    """Rulebook, Duration Cards (a card that played a Duration more than once stays in play;
    Royal Carriage is such a card): Royal Carriage called to replay Caravan Guard: +$2 next
    turn; the Carriage stays in play until that turn's Clean-up."""
    g = position(["Caravan Guard", "Royal Carriage"], ruleset=ruleset,
                 ann={"hand": ["Caravan Guard"], "mat": ["Royal Carriage"],
                      "deck": ["Copper", "Copper", "40 Estate"]})
    g.answer("play Caravan Guard")
    assert g.legal() == ["call Royal Carriage", "continue"]
    g.answer("call Royal Carriage")
    ann = g.player("Ann")
    assert names(ann.hand) == ["Copper", "Copper"] and g.state.turn.actions == 2
    finish_turn(g)
    assert names(ann.play) == ["Caravan Guard", "Royal Carriage"] and names(ann.mat) == []
    finish_turn(g)
    assert whose(g) == "Ann" and g.state.turn.coins == 2
    finish_turn(g)
    assert names(ann.play) == []
    assert {"Caravan Guard", "Royal Carriage"} <= set(names(ann.discard))


@BOTH
def test_start_of_turn_effects_in_the_order_chosen(ruleset):
    """Rule reserve.start-of-turn (Reserve seed 000; Adventures rulebook): Duration effects and
    start-of-turn calls are done one at a time in the order the player picks: Gear's Gold comes
    back first, so Dungeon may then discard it; Caravan Guard's +$1 and a Ratcatcher call are
    interleaved; the optional call may be left, the Durations may not."""
    g = position(["Gear", "Dungeon", "Caravan Guard", "Ratcatcher"], ruleset=ruleset,
                 phase="start",
                 ann={"hand": ["Estate", "Copper"], "deck": ["Silver", "Curse", "40 Estate"],
                      "mat": ["Ratcatcher"],
                      "play": [{"card": "Gear", "earlier": True, "aside": ["Gold"]},
                               {"card": "Dungeon", "earlier": True},
                               {"card": "Caravan Guard", "earlier": True}]})
    assert g.pending.rule == "reserve.start-of-turn"
    assert g.legal() == ["resolve Gear", "resolve Dungeon", "resolve Caravan Guard",
                         "call Ratcatcher"]
    g.answer("resolve Gear")
    assert g.legal() == ["resolve Dungeon", "resolve Caravan Guard", "call Ratcatcher"]
    g.answer("call Ratcatcher")
    g.answer("trash Estate")
    g.answer("resolve Dungeon")
    ann = g.player("Ann")
    assert names(ann.hand) == ["Copper", "Gold", "Silver", "Curse"]
    g.answer("discard: Gold, Curse")
    assert g.state.turn.coins == 1  # Caravan Guard, the one thing left, resolved by itself
    assert names(g.state.trash) == ["Estate"] and names(ann.hand) == ["Copper", "Silver"]


@BOTH
def test_start_of_turn_other_order(ruleset):
    """Rule reserve.start-of-turn, the other order: Dungeon first discards from the hand
    before Gear's Gold comes back."""
    g = position(["Gear", "Dungeon"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Estate", "Copper"], "deck": ["Silver", "Curse", "40 Estate"],
                      "play": [{"card": "Gear", "earlier": True, "aside": ["Gold"]},
                               {"card": "Dungeon", "earlier": True}]})
    g.answer("resolve Dungeon")
    assert "discard: Gold, Curse" not in g.legal()
    g.answer("discard: Estate, Curse")
    assert names(g.player("Ann").hand) == ["Copper", "Silver", "Gold"]


@BOTH
def test_position_duration_played_by_throne_room(ruleset):
    """Rulebook, Duration Cards (position built with ``played_by``): a Caravan Guard played
    by Throne Room last turn gives +$2 and both are discarded in this Clean-up."""
    g = position(["Caravan Guard"], ruleset=ruleset, phase="start",
                 ann={"hand": ["Copper"], "deck": ["40 Estate"],
                      "play": [{"card": "Caravan Guard", "earlier": True,
                                "played_by": "Throne Room"}]})
    assert g.state.turn.coins == 2
    finish_turn(g)
    assert names(g.player("Ann").play) == []


def test_position_earlier_duration_after_start_has_done_its_part():
    """Rulebook, Duration Cards (stays until the Clean-up of the last turn it does something):
    a position in Ann's Action phase with a Caravan Guard from her last turn means its +$1 has
    already been given this turn: it leaves play in this Clean-up."""
    g = position(["Caravan Guard"], ann={"play": [{"card": "Caravan Guard", "earlier": True}],
                                         "deck": ["40 Estate"]})
    finish_turn(g)
    assert names(g.player("Ann").play) == []


def test_a_caravan_guard_played_on_another_turn_is_said_to_stay():
    """Ruling caravan-guard.react-play (Adventures rulebook 2015, card FAQ: Caravan Guard:
    played in reaction, it stays in play until its owner's next turn) and rule
    duration.stays-in-play: at Ann's Clean-up the log says Bob's Caravan Guard stays."""
    g = position(["Witch", "Caravan Guard"], ann={"hand": ["Witch"], "deck": ["5 Copper"]},
                 bob={"hand": ["Caravan Guard"], "deck": ["5 Copper"]})
    g.answer("play Witch")
    g.answer("play Caravan Guard")
    finish_turn(g)
    assert "Bob keeps Caravan Guard in play (effects to come) [duration.stays-in-play]" in [
        e.text() for e in entries(g, "keeps")]
