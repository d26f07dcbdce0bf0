"""Adventures Events (Alms, Ball, Bonfire, Borrow, Expedition, Ferry, Inheritance, Lost Arts,
Mission, Pathfinding, Pilgrimage, Plan, Quest, Raid, Save, Scouting Party, Seaway, Trade,
Training, Travelling Fair), their tokens and extra turns.

One test per ruling in ``rulebook/data/rulings.toml`` whose card is an Event or "Events" (both
rulesets where its ``rulesets`` says so), each naming its ruling id and source; then the rules
of the Events section of the Adventures rulebook (seed 001), the seed examples, and the pitfalls
in ``shared/reference/pitfalls.md``.
"""

from __future__ import annotations

import pytest
from dominion_tavern.rulebook.engine.decisions import IllegalAnswer
from dominion_tavern.rulebook.position import expand
from dominion_tavern.rulebook.setup import Setup, SetupError
from helpers import BOTH, buy_labels, deck, entries, finish_turn, names, play_all, position, to_buy

TEN = ["Village", "Smithy", "Market", "Festival", "Laboratory", "Moat", "Cellar", "Chapel",
       "Workshop", "Witch"]


def plays(g):
    """The Treasure-playing answers on offer."""
    return [a for a in g.legal() if a.startswith("play")]


def whose(g):
    return g.state.turn.player.name


def bought_events(g, name):
    return [e for e in entries(g, "buys the Event") if e.cards == (name,)]


# == Events in general (Adventures rulebook 2015, Events section; seed 001) ====================

@BOTH
def test_events_are_not_kingdom_cards(ruleset):
    """Ruling events.not-kingdom (Adventures rulebook 2015, Events section): a game with 10
    Kingdom cards and 2 Events is a legal set-up; the Events make no Supply pile and can't be
    named as Kingdom cards."""
    state, _ = Setup(ruleset=ruleset, kingdom=TEN, events=["Alms", "Ball"]).build()
    assert state.events == ["Alms", "Ball"]
    assert "Alms" not in state.supply and "Ball" not in state.supply
    assert "Alms" not in state.nonsupply
    with pytest.raises(SetupError):
        Setup(ruleset=ruleset, kingdom=[*TEN[:9], "Alms"])


@BOTH
def test_events_setup_any_number(ruleset):
    """Ruling events.setup (Adventures rulebook 2015, Events section): a game may use any
    number of Events (here three, and none)."""
    state, _ = Setup(ruleset=ruleset, kingdom=TEN, events=["Alms", "Ball", "Raid"]).build()
    assert state.events == ["Alms", "Ball", "Raid"]
    assert Setup(ruleset=ruleset, kingdom=TEN).build()[0].events == []


@BOTH
def test_event_is_not_a_card_no_gain_triggers(ruleset):
    """Ruling events.not-cards (Adventures rulebook 2015, Events section): buying an Event is
    not gaining a card, so Duplicate on the Tavern mat can't be called, and no card named
    after the Event exists anywhere."""
    g = position(["Duplicate"], ruleset=ruleset, phase="buy", events=["Expedition"],
                 turn={"coins": 3, "buys": 2},
                 ann={"mat": ["Duplicate"], "deck": ["5 Copper"]})
    g.answer("buy Expedition")
    assert g.pending.rule == "turn.buy" and "call Duplicate" not in g.legal()
    assert not any(e.verb == "calls" for e in g.log)
    assert all(c.name != "Expedition" for c in g.state.all_cards())
    assert names(g.player("Ann").mat) == ["Duplicate"]


@BOTH
def test_events_never_owned(ruleset):
    """Ruling events.never-owned (Adventures rulebook 2015, Events section): the Event stays on
    the table: no card of that name is gained or put into any deck."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Alms"], turn={"buys": 2},
                 ann={"hand": [], "deck": ["5 Copper"]})
    before = len(g.state.all_cards())
    g.answer("buy Alms")
    g.answer("gain Village")
    assert g.state.events == ["Alms"]
    assert len(g.state.all_cards()) == before
    assert "Alms" not in [c.name for c in g.state.all_cards()]
    assert names(g.player("Ann").discard) == ["Village"]


@BOTH
def test_event_offered_only_in_buy_phase_wherever_a_card_can_be_bought(ruleset):
    """Ruling events.buy-phase (Adventures rulebook 2015, Events section): not in the Action
    phase; in the Buy phase before playing Treasures and after buying a card."""
    g = position(["Village"], ruleset=ruleset, events=["Alms"], turn={"buys": 2},
                 ann={"hand": ["Village", "Copper"], "deck": ["5 Copper"]})
    assert "buy Alms" not in g.legal()
    g.answer("end Action phase")
    assert "buy Alms" in g.legal() and "play Copper" in g.legal()
    g.answer("buy Copper")
    assert "buy Alms" in g.legal()


@BOTH
def test_event_uses_a_buy(ruleset):
    """Ruling events.uses-buy (Adventures rulebook 2015, Events section): with 1 Buy, after
    Trade no card can be bought; the Buy phase ends by itself."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Trade"], turn={"coins": 10},
                 ann={"hand": ["Estate"], "deck": ["5 Copper"]})
    g.answer("buy Trade")
    assert g.state.turn.buys == 0
    g.answer("trash: nothing")
    assert whose(g) == "Bob"
    assert not entries(g, "buys", "Ann")
    assert names(g.player("Ann").discard) == ["Estate"]


@BOTH
def test_event_pay_then_effect(ruleset):
    """Ruling events.pay-then-effect (Adventures rulebook 2015, Events section): the cost is
    paid before the effect happens (Trade's decision comes with the $5 already spent)."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Trade"], turn={"coins": 7,
                 "buys": 2},
                 ann={"hand": ["Estate", "Copper"]})
    g.answer("buy Trade")
    assert g.pending.card == "Trade"
    assert g.state.turn.coins == 2 and g.state.turn.buys == 1
    g.answer("trash: Estate, Copper")
    assert names(g.player("Ann").discard) == ["Silver", "Silver"]


@pytest.mark.parametrize("order", [("buy Silver", "buy Expedition"),
                                   ("buy Expedition", "buy Silver"),
                                   ("buy Expedition", "buy Bonfire")])
@BOTH
def test_events_and_cards_in_any_mix_and_order(order, ruleset):
    """Ruling events.mix-order (Adventures rulebook 2015, Events section; seed example: buying
    two Events with two Buys): 2 Buys buy a card and an Event in either order, or two Events."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Expedition", "Bonfire"],
                 turn={"coins": 6, "buys": 2}, ann={"deck": ["10 Copper"]})
    g.answer(order[0])
    assert order[1] in g.legal()
    g.answer(order[1])
    if g.pending is not None and g.pending.card == "Bonfire":
        g.answer("trash: nothing")
    bought = [e.cards[0] for e in g.log if e.verb in ("buys", "buys the Event")]
    assert bought == [o.removeprefix("buy ") for o in order]


@BOTH
def test_same_event_bought_twice_with_two_buys(ruleset):
    """Ruling events.repeatable (Adventures rulebook 2015, Events section; seed example: buying
    two Events with two Buys): 2 Buys and $10 buy Trade twice, each paid and doing its effect."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Trade"], turn={"coins": 10,
                 "buys": 2},
                 ann={"hand": ["Estate", "Estate", "Copper"], "deck": ["5 Copper"]})
    g.answer("buy Trade")
    g.answer("trash: Estate")
    assert "buy Trade" in g.legal()
    g.answer("buy Trade")
    g.answer("trash: Estate, Copper")
    assert len(bought_events(g, "Trade")) == 2
    assert names(g.state.trash) == ["Estate", "Estate", "Copper"]
    assert names(g.player("Ann").discard).count("Silver") == 3


@BOTH
def test_event_plus_buy_allows_more_buys(ruleset):
    """Ruling events.plus-buy (Adventures rulebook 2015, Events section): with 1 Buy, Travelling
    Fair's +2 Buys let two more cards be bought."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Travelling Fair"],
                 turn={"coins": 6},
                 ann={"deck": ["5 Copper"]})
    g.answer("buy Travelling Fair")
    assert g.state.turn.buys == 2
    g.answer("buy Copper")
    g.answer("continue")  # don't put it onto the deck
    g.answer("buy Village")
    g.answer("continue")
    assert [e.cards for e in entries(g, "buys", "Ann")] == [("Copper",), ("Village",)]


@BOTH
def test_no_treasures_after_buying_an_event(ruleset):
    """Ruling events.no-treasures-after (Adventures rulebook 2015, Events section; pitfall:
    Treasures still playable after buying): after Alms, no Treasure may be played."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Alms"], turn={"buys": 2},
                 ann={"hand": ["Copper", "Silver"]})
    assert plays(g) == ["play Copper", "play Silver", "play all Treasures"]
    g.answer("buy Alms")
    g.answer("gain Village")
    assert plays(g) == []
    with pytest.raises(IllegalAnswer):
        g.answer("play Silver")


@BOTH
def test_once_per_turn_event_not_offered_again(ruleset):
    """Rule event.once-per-turn (pitfall: once-per-turn Events bought again for nothing): with
    Buys and $ left, Save is not offered a second time; Expedition, not limited, still is."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Save", "Expedition"],
                 turn={"coins": 8, "buys": 3}, ann={"hand": ["Copper", "Estate"]})
    g.answer("buy Save")
    g.answer("set aside Estate")
    assert "buy Save" not in g.legal() and "buy Expedition" in g.legal()
    assert g.state.turn.buys == 3 and g.state.turn.coins == 7


@BOTH
def test_once_per_game_event_never_offered_again(ruleset):
    """Rule event.once-per-game (ruling inheritance.once-per-game, Adventures rulebook 2015,
    card FAQ: Inheritance): not again that turn, nor on a later turn; Bob may still buy it."""
    g = position(["Village", "Smithy"], ruleset=ruleset, phase="buy", events=["Inheritance"],
                 turn={"coins": 14, "buys": 2}, ann={"deck": ["10 Copper"]},
                 bob={"deck": ["10 Copper"]})
    g.answer("buy Inheritance")
    g.answer("set aside Village")
    assert g.state.turn.coins == 7 and "buy Inheritance" not in g.legal()
    finish_turn(g)
    assert whose(g) == "Bob"
    g.state.turn.coins = 7
    to_buy(g)
    assert "buy Inheritance" in buy_labels(g)
    finish_turn(g)
    assert whose(g) == "Ann"
    to_buy(g)
    g.state.turn.coins = 20
    assert "buy Inheritance" not in buy_labels(g)


@BOTH
def test_bridge_troll_does_not_lower_event_cost(ruleset):
    """Ruling events.cost-not-reduced (Adventures rulebook 2015, Events section; example:
    Bridge Troll in play, Bonfire still costs $3), both rulesets: Silver costs $2 but Bonfire
    is not offered for $2, and with $3 buying it spends all $3."""
    g = position(["Bridge Troll"], ruleset=ruleset, phase="buy", events=["Bonfire"],
                 turn={"coins": 2}, ann={"play": [{"card": "Bridge Troll"}]})
    assert g.cost("Silver") == 2
    assert "buy Silver" in g.legal() and "buy Bonfire" not in g.legal()
    g.state.turn.coins = 3
    assert "buy Bonfire" in buy_labels(g)
    h = position(["Bridge Troll"], ruleset=ruleset, phase="buy", events=["Bonfire"],
                 turn={"coins": 3, "buys": 2}, ann={"play": [{"card": "Bridge Troll"}]})
    h.answer("buy Bonfire")
    if h.pending.card == "Bonfire":  # 2015: Bridge Troll in play may be trashed
        h.answer("trash: nothing")
    assert h.state.turn.coins == 0 and h.state.turn.buys == 1


@BOTH
def test_goons_no_vp_for_an_event(ruleset):
    """Ruling events.not-buying-card (Adventures rulebook 2015, Events section; example: Goons
    in play, buy Alms: no VP token): then buying a card does give 1 VP."""
    g = position(["Goons"], ruleset=ruleset, phase="buy", events=["Alms"], turn={"buys": 2},
                 ann={"play": ["Goons"]})
    g.answer("buy Alms")
    g.answer("gain Silver")
    assert g.player("Ann").vp_tokens == 0
    g.answer("buy Copper")
    assert g.player("Ann").vp_tokens == 1


@BOTH
def test_swamp_hag_not_triggered_by_an_event(ruleset):
    """Rulings swamp-hag.events-not-cards and events.not-buying-card (Adventures rulebook 2015,
    card FAQ: Swamp Hag; Events section): Bob's Swamp Hag gives Ann no Curse for buying Ball,
    even for the two cards Ball gains; buying a card afterwards does."""
    g = position(["Swamp Hag"], ruleset=ruleset, phase="buy", events=["Ball"],
                 turn={"coins": 5, "buys": 3},
                 bob={"play": [{"card": "Swamp Hag", "earlier": True}]})
    g.answer("buy Ball")
    g.answer("gain Silver")
    g.answer("gain Silver")
    assert "Curse" not in names(g.player("Ann").discard)
    g.answer("buy Copper")
    assert names(g.player("Ann").discard).count("Curse") == 1


@BOTH
def test_haunted_woods_not_triggered_by_an_event(ruleset):
    """Rulings haunted-woods.events-not-cards and events.not-buying-card (Adventures rulebook
    2015, card FAQ: Haunted Woods; Events section): buying Trade keeps Ann's hand; buying a
    card afterwards puts it onto her deck."""
    g = position(["Haunted Woods"], ruleset=ruleset, phase="buy", events=["Trade"],
                 turn={"coins": 5, "buys": 3}, ann={"hand": ["Estate", "Gold"]},
                 bob={"play": [{"card": "Haunted Woods", "earlier": True}]})
    g.answer("buy Trade")
    g.answer("trash: nothing")
    assert names(g.player("Ann").hand) == ["Estate", "Gold"]
    g.answer("buy Copper")
    if g.pending.player == "Ann" and g.pending.kind == "put onto deck":
        g.answer("put onto deck: Gold, Estate")
    assert names(g.player("Ann").hand) == []
    assert deck(g, "Ann")[:2] == ["Gold", "Estate"]


def test_messenger_2015_first_buy_counts_an_event():
    """Ruling messenger.first-buy-2015 (Adventures rulebook 2015, card FAQ: Messenger; example:
    buy Borrow, then Messenger: no gift): an Event bought first makes Messenger not the first
    buy."""
    g = position(["Messenger"], ruleset="2015", phase="buy", events=["Borrow"],
                 turn={"coins": 4}, ann={"deck": ["5 Copper"]})
    g.answer("buy Borrow")
    g.answer("buy Messenger")
    assert not any(e.cards == ("Messenger",) and e.verb == "gains" for e in g.log[-1:])
    assert names(g.player("Bob").discard) == []
    assert names(g.player("Ann").discard) == ["Messenger"]


def test_messenger_2015_first_buy_gift_control():
    """Ruling messenger.first-buy-2015 (Adventures rulebook 2015, card FAQ: Messenger): bought
    first, Messenger gives the gift to everyone (the control for the Event case)."""
    g = position(["Messenger"], ruleset="2015", phase="buy", events=["Borrow"],
                 turn={"coins": 4}, ann={"deck": ["5 Copper"]})
    g.answer("buy Messenger")
    g.answer("gain Silver")
    assert names(g.player("Bob").discard) == ["Silver"]


def test_messenger_current_event_gaining_nothing_does_not_count():
    """Ruling messenger.first-gain-buy-phase-current (Dominion Strategy Wiki, Messenger, 2022
    errata; example: buy Borrow, then Messenger: gift happens)."""
    g = position(["Messenger"], ruleset="current", phase="buy", events=["Borrow"],
                 turn={"coins": 4}, ann={"deck": ["5 Copper"]})
    g.answer("buy Borrow")
    g.answer("buy Messenger")
    g.answer("gain Silver")
    assert names(g.player("Bob").discard) == ["Silver"]
    assert names(g.player("Ann").discard) == ["Messenger", "Silver"]


def test_messenger_current_event_that_gains_first_counts():
    """Ruling messenger.first-gain-buy-phase-current (Dominion Strategy Wiki, Messenger, 2022
    errata): Alms gaining a card in the Buy phase first means Messenger is not the first card
    gained in the Buy phase: no gift."""
    g = position(["Messenger"], ruleset="current", phase="buy", events=["Alms"],
                 turn={"coins": 4, "buys": 2}, ann={"deck": ["5 Copper"]})
    g.answer("buy Alms")
    g.answer("gain Silver")
    g.answer("buy Messenger")
    assert names(g.player("Bob").discard) == []
    assert names(g.player("Ann").discard) == ["Silver", "Messenger"]


# == Alms ======================================================================================

@BOTH
def test_alms_once_per_turn(ruleset):
    """Ruling alms.once-per-turn (Adventures rulebook 2015, card FAQ: Alms): with a second Buy
    and $ left, Alms is not offered again."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Alms"], turn={"coins": 5,
                 "buys": 2},
                 ann={"deck": ["5 Copper"]})
    g.answer("buy Alms")
    g.answer("gain Village")
    assert "buy Alms" not in g.legal() and "buy Silver" in g.legal()


@BOTH
def test_alms_treasures_in_hand_do_not_matter(ruleset):
    """Ruling alms.no-treasures-in-play (Adventures rulebook 2015, card FAQ: Alms; example:
    Silver in hand, nothing in play: Alms gains a card): choices are the cards up to $4."""
    g = position(["Village", "Smithy", "Market"], ruleset=ruleset, phase="buy", events=["Alms"],
                 turn={"buys": 2}, ann={"hand": ["Silver"]})
    g.answer("buy Alms")
    assert g.pending.card == "Alms"
    assert "gain Smithy" in g.legal() and "gain Silver" in g.legal()
    assert "gain Market" not in g.legal() and "gain Gold" not in g.legal()
    g.answer("gain Smithy")
    assert names(g.player("Ann").discard) == ["Smithy"]


@BOTH
def test_alms_gains_to_discard_pile(ruleset):
    """Ruling alms.gain-to-discard (Adventures rulebook 2015, card FAQ: Alms): the card comes
    from the Supply into the discard pile."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Alms"], turn={"buys": 2},
                 ann={"hand": ["Copper"], "deck": ["Gold"]})
    g.answer("buy Alms")
    g.answer("gain Village")
    ann = g.player("Ann")
    assert names(ann.discard) == ["Village"] and names(ann.hand) == ["Copper"]
    assert deck(g, "Ann") == ["Gold"]
    assert len(g.state.supply["Village"]) == 9


@BOTH
def test_alms_coin_of_the_realm_on_the_mat_is_not_in_play(ruleset):
    """Ruling alms.no-treasures-in-play (Adventures rulebook 2015, card FAQ: Alms; Reserve rules:
    cards on the Tavern mat are not in play, seed 000): Coin of the Realm played this turn went
    to the mat; with no Treasure in play Alms still gains."""
    g = position(["Coin of the Realm"], ruleset=ruleset, phase="buy", events=["Alms"],
                 turn={"buys": 2},
                 ann={"hand": ["Coin of the Realm"]})
    g.answer("play Coin of the Realm")
    ann = g.player("Ann")
    assert names(ann.mat) == ["Coin of the Realm"] and names(ann.play) == []
    assert g.state.turn.coins == 1
    g.answer("buy Alms")
    g.answer("gain Silver")
    assert names(ann.discard) == ["Silver"]


@pytest.mark.parametrize("treasure", ["Copper", "Coin of the Realm"])
@BOTH
def test_alms_nothing_with_a_treasure_in_play(treasure, ruleset):
    """Ruling alms.no-treasures-in-play (Adventures rulebook 2015, card FAQ: Alms; pitfall: Alms
    counting cards in hand): a Treasure in play (a Copper, or a called Coin of the Realm) means
    no gain; the Buy and the Event are still used."""
    g = position(["Coin of the Realm"], ruleset=ruleset, phase="buy", events=["Alms"],
                 turn={"buys": 2},
                 ann={"play": [treasure], "hand": ["Estate"], "deck": ["5 Copper"]})
    before = len(g.state.all_cards())
    g.answer("buy Alms")
    ann = g.player("Ann")
    assert names(ann.discard) == [] and g.state.turn.buys == 1
    assert "buy Alms" not in g.legal()
    assert len(g.state.all_cards()) == before


# == Ball ======================================================================================

@BOTH
def test_ball_takes_the_minus_coin_token(ruleset):
    """Ruling ball.minus-coin (Adventures rulebook 2015, card FAQ: Ball): the -$1 token is
    taken; Ann's next $ (her Silver, two turns later) gives $1 less and returns it."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Ball"], turn={"coins": 5},
                 ann={"deck": ["Silver", "4 Copper"]}, bob={"deck": ["5 Copper"]})
    g.answer("buy Ball")
    assert g.player("Ann").minus_coin
    g.answer("gain Silver")
    g.answer("gain Village")
    assert whose(g) == "Bob"
    finish_turn(g)
    assert whose(g) == "Ann"
    to_buy(g)
    g.answer("play Silver")
    assert g.state.turn.coins == 1 and not g.player("Ann").minus_coin
    g.answer("play Copper")
    assert g.state.turn.coins == 2


@pytest.mark.parametrize("gains", [("Silver", "Silver"), ("Village", "Silver")])
@BOTH
def test_ball_gains_two_cards_up_to_4(gains, ruleset):
    """Ruling ball.two-gains (Adventures rulebook 2015, card FAQ: Ball): two cards costing up
    to $4 each, the same or different."""
    g = position(["Village", "Market"], ruleset=ruleset, phase="buy", events=["Ball"],
                 turn={"coins": 5},
                 ann={"deck": ["5 Copper"]})
    g.answer("buy Ball")
    assert "gain Market" not in g.legal() and "gain Gold" not in g.legal()
    g.answer(f"gain {gains[0]}")
    g.answer(f"gain {gains[1]}")
    assert names(g.player("Ann").discard) == list(gains)


# == Bonfire ===================================================================================

@BOTH
def test_bonfire_only_cards_in_play(ruleset):
    """Ruling bonfire.in-play-only (Adventures rulebook 2015, card FAQ: Bonfire): the Coppers in
    hand are not offered, only the one in play."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Bonfire"],
                 turn={"coins": 3, "buys": 2}, ann={"play": ["Copper"], "hand": ["2 Copper"]})
    g.answer("buy Bonfire")
    assert g.pending.options and [o.label for o in g.pending.options] == ["Copper"]
    g.answer("trash: Copper")
    assert names(g.state.trash) == ["Copper"]
    assert names(g.player("Ann").hand) == ["Copper", "Copper"]


@BOTH
def test_bonfire_up_to_two(ruleset):
    """Ruling bonfire.up-to-two (Adventures rulebook 2015, card FAQ: Bonfire): 0, 1 or 2 of the
    3 Coppers in play; not 3."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Bonfire"],
                 turn={"coins": 3, "buys": 2}, ann={"play": ["3 Copper"]})
    g.answer("buy Bonfire")
    assert g.legal() == ["trash: nothing", "trash: Copper", "trash: Copper, Copper"]
    with pytest.raises(IllegalAnswer):
        g.answer("trash: Copper, Copper, Copper")
    g.answer("trash: Copper, Copper")
    assert names(g.state.trash) == ["Copper", "Copper"]
    assert names(g.player("Ann").play) == ["Copper"]


@BOTH
def test_bonfire_coin_kept(ruleset):
    """Ruling bonfire.coin-kept (Adventures rulebook 2015, card FAQ: Bonfire; example: 5 Coppers
    in play, 2 Buys: Bonfire trashing 2 Coppers, then a Peasant with the other $2)."""
    g = position(["Peasant"], ruleset=ruleset, phase="buy", events=["Bonfire"],
                 turn={"buys": 2}, ann={"hand": ["5 Copper"], "deck": ["5 Copper"]})
    g.answer("play all Treasures")
    assert g.state.turn.coins == 5
    g.answer("buy Bonfire")
    g.answer("trash: Copper, Copper")
    assert g.state.turn.coins == 2
    g.answer("buy Peasant")
    assert names(g.state.trash) == ["Copper", "Copper"]
    assert "Peasant" in names(g.player("Ann").discard)


def test_bonfire_any_card_2015():
    """Ruling bonfire.any-card-2015 (Adventures rulebook 2015, card FAQ: Bonfire): under the
    2015 text, Silvers and Actions in play may be trashed."""
    g = position(["Village"], ruleset="2015", phase="buy", events=["Bonfire"],
                 turn={"coins": 3, "buys": 2}, ann={"play": ["Village", "Silver", "Copper"]})
    g.answer("buy Bonfire")
    assert sorted(o.label for o in g.pending.options) == ["Copper", "Silver", "Village"]
    g.answer("trash: Village, Silver")
    assert names(g.state.trash) == ["Village", "Silver"]
    assert names(g.player("Ann").play) == ["Copper"]


def test_bonfire_coppers_only_current():
    """Ruling bonfire.coppers-only-current (Dominion Strategy Wiki, Bonfire, 2022 errata;
    example: Silver and Copper in play: only the Copper can be trashed)."""
    g = position(["Village"], ruleset="current", phase="buy", events=["Bonfire"],
                 turn={"coins": 3, "buys": 2}, ann={"play": ["Village", "Silver", "Copper"]})
    g.answer("buy Bonfire")
    assert [o.label for o in g.pending.options] == ["Copper"]
    assert g.legal() == ["trash: nothing", "trash: Copper"]
    with pytest.raises(IllegalAnswer):
        g.answer("trash: Silver")
    g.answer("trash: Copper")
    assert names(g.player("Ann").play) == ["Village", "Silver"]


# == Borrow ====================================================================================

@BOTH
def test_borrow_once_per_turn(ruleset):
    """Ruling borrow.once-per-turn (Adventures rulebook 2015, card FAQ: Borrow): not offered a
    second time though Buys remain."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Borrow"],
                 turn={"buys": 2}, ann={"deck": ["5 Copper"]})
    g.answer("buy Borrow")
    assert g.state.turn.buys == 2
    assert "buy Borrow" not in g.legal()


@BOTH
def test_borrow_token_and_coin(ruleset):
    """Ruling borrow.token-and-coin (Adventures rulebook 2015, card FAQ: Borrow): +1 Buy, the
    -1 Card token goes on the deck, and +$1."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Borrow"],
                 turn={"coins": 2}, ann={"deck": ["5 Copper"]})
    g.answer("buy Borrow")
    assert g.state.turn.buys == 1 and g.state.turn.coins == 3
    assert g.player("Ann").minus_card


@BOTH
def test_borrow_token_already_there(ruleset):
    """Ruling borrow.token-already-there (Adventures rulebook 2015, card FAQ: Borrow): with the
    -1 Card token already on the deck (from Raid, say), +1 Buy but no +$1."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Borrow"],
                 turn={"coins": 2}, ann={"deck": ["5 Copper"], "minus_card": True})
    g.answer("buy Borrow")
    assert g.state.turn.buys == 1 and g.state.turn.coins == 2
    assert g.player("Ann").minus_card


@BOTH
def test_borrow_cleanup_draws_four(ruleset):
    """Ruling borrow.minus-card-next-draw (Adventures rulebook 2015, card FAQ: Borrow; example:
    token on deck at Clean-up: draw 4 cards, token removed)."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Borrow"],
                 ann={"deck": ["6 Copper"]})
    g.answer("buy Borrow")
    finish_turn(g)
    ann = g.player("Ann")
    assert len(ann.hand) == 4 and len(ann.deck) == 2 and not ann.minus_card


# == Expedition ================================================================================

@BOTH
def test_expedition_draws_seven(ruleset):
    """Ruling expedition.extra-draw (Adventures rulebook 2015, card FAQ: Expedition)."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Expedition"],
                 turn={"coins": 3},
                 ann={"deck": ["10 Copper"]})
    g.answer("buy Expedition")
    assert whose(g) == "Bob"
    assert len(g.player("Ann").hand) == 7


@BOTH
def test_expedition_twice_draws_nine(ruleset):
    """Ruling expedition.cumulative (Adventures rulebook 2015, card FAQ: Expedition): the same
    Event bought twice with two Buys."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Expedition"],
                 turn={"coins": 6, "buys": 2}, ann={"deck": ["10 Copper"]})
    g.answer("buy Expedition")
    g.answer("buy Expedition")
    assert whose(g) == "Bob"
    assert len(g.player("Ann").hand) == 9


@BOTH
def test_expedition_this_turn_only(ruleset):
    """Ruling expedition.this-turn-only (Adventures rulebook 2015, card FAQ: Expedition): Ann's
    following turn ends with a 5-card draw again."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Expedition"],
                 turn={"coins": 3},
                 ann={"deck": ["20 Copper"]}, bob={"deck": ["10 Copper"]})
    g.answer("buy Expedition")
    assert len(g.player("Ann").hand) == 7
    finish_turn(g)  # Bob's turn
    assert whose(g) == "Ann"
    finish_turn(g)
    assert len(g.player("Ann").hand) == 5


@BOTH
def test_expedition_with_borrow(ruleset):
    """Rules turn.cleanup.draw and token.minus-card (Expedition and Borrow FAQ 2015): 5 + 2 for
    Expedition, one fewer for the -1 Card token: 6."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Expedition", "Borrow"],
                 turn={"coins": 3}, ann={"deck": ["10 Copper"]})
    g.answer("buy Borrow")
    g.answer("buy Expedition")
    assert whose(g) == "Bob"
    assert len(g.player("Ann").hand) == 6 and not g.player("Ann").minus_card


# == Save ======================================================================================

@BOTH
def test_save_once_per_turn(ruleset):
    """Ruling save.once-per-turn (Adventures rulebook 2015, card FAQ: Save)."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Save"],
                 turn={"coins": 5}, ann={"hand": ["Estate", "Copper"]})
    g.answer("buy Save")
    g.answer("set aside Estate")
    assert "buy Save" not in g.legal() and g.state.turn.buys == 1


@BOTH
def test_save_plus_buy(ruleset):
    """Ruling save.plus-buy (Adventures rulebook 2015, card FAQ: Save): with 1 Buy, Save then a
    card."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Save"],
                 turn={"coins": 4}, ann={"hand": ["Estate"], "deck": ["5 Copper"]})
    g.answer("buy Save")
    assert g.state.turn.buys == 1 and g.state.turn.coins == 3
    g.answer("buy Village")
    assert "Village" in names(g.player("Ann").discard)


@BOTH
def test_save_sets_aside_from_hand(ruleset):
    """Ruling save.face-down (Adventures rulebook 2015, card FAQ: Save): the card comes from the
    hand and is set aside (its face-down, hidden state is not modelled: the engine has no
    hidden information)."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Save"], turn={"coins": 1,
                 "buys": 2},
                 ann={"hand": ["Gold", "Estate"]})
    g.answer("buy Save")
    assert g.legal() == ["set aside Gold", "set aside Estate"]
    g.answer("set aside Gold")
    ann = g.player("Ann")
    assert names(ann.aside) == ["Gold"] and names(ann.hand) == ["Estate"]


@BOTH
def test_save_card_returns_after_drawing(ruleset):
    """Ruling save.return-after-draw (Adventures rulebook 2015, card FAQ: Save; example: Save
    an unplayed Copper: after drawing 5, it joins them for a 6-card hand); rule
    turn.cleanup (Save after the draw)."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Save"],
                 turn={"coins": 1}, ann={"hand": ["Copper", "Estate"], "deck": ["5 Silver"]})
    g.answer("buy Save")
    g.answer("set aside Copper")
    finish_turn(g)
    assert whose(g) == "Bob"
    ann = g.player("Ann")
    assert names(ann.hand) == ["Silver"] * 5 + ["Copper"]
    assert names(ann.discard) == ["Estate"] and names(ann.aside) == []
    rules = [e.rule for e in entries(g, player="Ann")]
    assert rules.index("turn.end") > rules.index("turn.cleanup.draw")


@BOTH
def test_save_with_borrow_and_expedition(ruleset):
    """Rule turn.cleanup (Save, Expedition and Borrow FAQ 2015): Clean-up draws 5 + 2 - 1 = 6,
    then Save's card joins: 7 cards."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Save", "Borrow", "Expedition"],
                 turn={"coins": 3}, ann={"hand": ["Gold"], "deck": ["10 Copper"]})
    g.answer("buy Borrow")  # $4, 2 Buys
    g.answer("buy Save")    # $3, 2 Buys; the Gold, alone in hand, is set aside
    assert names(g.player("Ann").aside) == ["Gold"]
    g.answer("buy Expedition")
    assert whose(g) == "Bob"
    assert names(g.player("Ann").hand) == ["Copper"] * 6 + ["Gold"]


# == Ferry =====================================================================================

def to_next_own_turn(g, me="Ann"):
    """Pass the other players' turns (and the rest of this one, if it is Ann's) until Ann's
    next turn is waiting for her."""
    if whose(g) == me:
        finish_turn(g)
    while whose(g) != me:
        finish_turn(g)


@BOTH
def test_ferry_moves_cost_token_to_an_action_pile(ruleset):
    """Ruling ferry.move-token (Adventures rulebook 2015, card FAQ: Ferry): only Action Supply
    piles are offered; Village then costs $1 less by $2, and cards from it anywhere (in hand)
    too."""
    g = position(["Village", "Smithy", "Gardens"], ruleset=ruleset, phase="buy",
                 events=["Ferry"], turn={"coins": 3, "buys": 2}, ann={"hand": ["Village"]})
    g.answer("buy Ferry")
    assert g.legal() == ["put -$2 cost token on Village", "put -$2 cost token on Smithy"]
    g.answer("put -$2 cost token on Village")  # Gardens, Silver: not Actions
    assert g.player("Ann").tokens["-$2 cost"] == "Village"
    assert g.cost("Village") == 1 and g.cost(g.player("Ann").hand.cards[0]) == 1
    assert g.cost("Gardens") == 4 and g.cost("Silver") == 3


@BOTH
def test_ferry_never_below_zero(ruleset):
    """Ruling ferry.move-token (Adventures rulebook 2015, card FAQ: Ferry): with Bridge Troll in
    play the $2 Moat with Ann's token costs $0, not less; buying it leaves the $ untouched."""
    g = position(["Moat", "Bridge Troll"], ruleset=ruleset, phase="buy",
                 turn={"coins": 1, "buys": 2},
                 ann={"tokens": {"-$2 cost": "Moat"}, "play": [{"card": "Bridge Troll"}]})
    assert g.cost("Moat") == 0
    g.answer("buy Moat")
    assert g.state.turn.coins == 1


@BOTH
def test_ferry_only_on_owners_turns(ruleset):
    """Ruling ferry.own-turns (Adventures rulebook 2015, card FAQ: Ferry): on Bob's turn Ann's
    token on Village does nothing: Village costs $3 and $1 doesn't buy it; Bob's own token
    works for him."""
    g = position(["Village", "Smithy"], ruleset=ruleset, phase="buy", turn={"player": "Bob",
                 "coins": 2}, ann={"tokens": {"-$2 cost": "Village"}},
                 bob={"tokens": {"-$2 cost": "Smithy"}})
    assert g.cost("Village") == 3 and g.cost("Smithy") == 2
    assert "buy Village" not in g.legal() and "buy Smithy" in g.legal()


@BOTH
def test_ferry_token_on_an_empty_pile(ruleset):
    """Rules token and token.cost (Adventures rulebook 2015, Tokens; Ferry FAQ): the token may go
    on an empty pile and still works: Remodel trashing a Village from hand ($1) gains a card
    costing up to $3."""
    g = position(["Village", "Remodel", "Smithy"], ruleset=ruleset, phase="buy",
                 events=["Ferry"], piles={"Village": 0}, turn={"coins": 3, "buys": 2},
                 ann={"deck": ["Remodel", "Village", "3 Copper"]}, bob={"deck": ["5 Copper"]})
    g.answer("buy Ferry")
    assert "put -$2 cost token on Village" in g.legal()
    g.answer("put -$2 cost token on Village")
    to_next_own_turn(g)
    g.answer("play Remodel")
    g.answer("trash Village")
    assert "gain Silver" in g.legal() and "gain Smithy" not in g.legal()


# == Lost Arts, Pathfinding, Training, Seaway: the bonus tokens =================================

@BOTH
def test_lost_arts_token_gives_action_first(ruleset):
    """Ruling lost-arts.move-token (Adventures rulebook 2015, card FAQ: Lost Arts); rule
    token.pile-bonus: bought, the token goes on an Action pile of Ann's choice; on her next
    turn playing Smithy gives +1 Action before it draws."""
    g = position(["Village", "Smithy"], ruleset=ruleset, phase="buy", events=["Lost Arts"],
                 turn={"coins": 6}, ann={"deck": ["Smithy", "Village", "3 Copper", "5 Gold"]},
                 bob={"deck": ["5 Copper"]})
    g.answer("buy Lost Arts")
    assert g.legal() == ["put +1 Action token on Village", "put +1 Action token on Smithy"]
    g.answer("put +1 Action token on Smithy")
    to_next_own_turn(g)
    g.answer("play Smithy")
    assert g.state.turn.actions == 1
    assert g.legal() == ["play Village", "end Action phase"]
    after = [e for e in g.log if e.turn == g.state.turn.number]
    first = next(i for i, e in enumerate(after) if e.rule == "token.pile-bonus")
    draw = next(i for i, e in enumerate(after) if e.verb == "draws")
    assert first < draw


@BOTH
def test_pathfinding_token_draws_before_library(ruleset):
    """Ruling pathfinding.move-token (Adventures rulebook 2015, card FAQ: Pathfinding); rule
    token.pile-bonus (first): with the +1 Card token on Library, the token's card comes first,
    then Library draws to 7: 7 cards, not 8."""
    g = position(["Library"], ruleset=ruleset, phase="buy", events=["Pathfinding"],
                 turn={"coins": 8}, ann={"hand": ["Copper"]})
    g.answer("buy Pathfinding")
    assert g.player("Ann").tokens["+1 Card"] == "Library"
    h = position(["Library"], ruleset=ruleset, ann={"hand": ["Library", "4 Copper"],
                 "deck": ["6 Silver"], "tokens": {"+1 Card": "Library"}})
    h.answer("play Library")
    assert len(h.player("Ann").hand) == 7 and len(h.player("Ann").deck) == 3


@BOTH
def test_training_token_gives_coin_first(ruleset):
    """Ruling training.move-token (Adventures rulebook 2015, card FAQ: Training); rule
    token.pile-bonus: buying Training puts the +$1 token on Village: playing Village gives
    +$1; and first: Storyteller (current text) then pays that $1 for a card."""
    g = position(["Village", "Storyteller"], ruleset=ruleset, phase="buy", events=["Training"],
                 turn={"coins": 6}, ann={"hand": ["Copper"]})
    g.answer("buy Training")
    g.answer("put +$1 token on Village")
    assert g.player("Ann").tokens["+$1"] == "Village"
    h = position(["Village"], ruleset=ruleset, ann={"hand": ["Village"], "deck": ["Copper"],
                 "tokens": {"+$1": "Village"}})
    h.answer("play Village")
    assert h.state.turn.coins == 1 and h.state.turn.actions == 2
    s = position(["Storyteller"], ruleset="current", ann={"hand": ["Storyteller"],
                 "deck": ["5 Copper"], "tokens": {"+$1": "Storyteller"}})
    s.answer("play Storyteller")
    assert s.state.turn.coins == 0 and names(s.player("Ann").hand) == ["Copper", "Copper"]


@BOTH
def test_seaway_gains_an_action_up_to_4(ruleset):
    """Ruling seaway.gain-action (Adventures rulebook 2015, card FAQ: Seaway): Action cards
    costing up to $4 only, gained to the discard pile."""
    g = position(["Village", "Smithy", "Market", "Gardens"], ruleset=ruleset, phase="buy",
                 events=["Seaway"], turn={"coins": 5, "buys": 2})
    g.answer("buy Seaway")
    assert g.legal() == ["gain Village", "gain Smithy"]
    g.answer("gain Smithy")
    assert names(g.player("Ann").discard) == ["Smithy"]


@BOTH
def test_seaway_moves_the_buy_token_to_that_pile(ruleset):
    """Ruling seaway.move-buy-token (Adventures rulebook 2015, card FAQ: Seaway): the +1 Buy
    token goes on the gained card's pile (leaving Smithy's); playing a Village then gives
    +1 Buy first."""
    g = position(["Village", "Smithy"], ruleset=ruleset, phase="buy", events=["Seaway"],
                 turn={"coins": 5, "buys": 2}, ann={"tokens": {"+1 Buy": "Smithy"}})
    g.answer("buy Seaway")
    g.answer("gain Village")
    assert g.player("Ann").tokens["+1 Buy"] == "Village"
    h = position(["Village", "Smithy"], ruleset=ruleset,
                 ann={"hand": ["Village", "Smithy"], "deck": ["5 Copper"],
                      "tokens": {"+1 Buy": "Village"}})
    h.answer("play Smithy")
    assert h.state.turn.buys == 1
    h2 = position(["Village"], ruleset=ruleset, ann={"hand": ["Village"], "deck": ["Copper"],
                  "tokens": {"+1 Buy": "Village"}})
    h2.answer("play Village")
    assert h2.state.turn.buys == 2


@BOTH
def test_seaway_cost_checked_once(ruleset):
    """Ruling seaway.cost-checked-once (Adventures rulebook 2015, card FAQ: Seaway; example:
    with Bridge Troll in play, Seaway gains a Bridge Troll ($4); the token stays there when it
    costs $5 again)."""
    g = position(["Bridge Troll", "Market"], ruleset=ruleset, phase="buy", events=["Seaway"],
                 turn={"coins": 5, "buys": 2}, ann={"play": [{"card": "Bridge Troll"}],
                                                    "deck": ["5 Copper"]},
                 bob={"deck": ["5 Copper"]})
    g.answer("buy Seaway")
    g.answer("gain Bridge Troll")
    assert g.player("Ann").tokens["+1 Buy"] == "Bridge Troll"
    finish_turn(g)
    assert whose(g) == "Bob" and g.cost("Bridge Troll") == 5
    assert g.player("Ann").tokens["+1 Buy"] == "Bridge Troll"


@BOTH
def test_seaway_no_empty_pile(ruleset):
    """Ruling seaway.no-empty-pile (Adventures rulebook 2015, card FAQ: Seaway): the empty
    Village pile is not offered; with no Action card to gain, the token stays where it was."""
    g = position(["Village", "Smithy"], ruleset=ruleset, phase="buy", events=["Seaway"],
                 piles={"Village": 0}, turn={"coins": 5, "buys": 2})
    g.answer("buy Seaway")
    assert names(g.player("Ann").discard) == ["Smithy"]  # the only choice: taken
    assert g.player("Ann").tokens["+1 Buy"] == "Smithy"
    h = position(["Village"], ruleset=ruleset, phase="buy", events=["Seaway"],
                 piles={"Village": 0}, turn={"coins": 5, "buys": 2},
                 ann={"tokens": {"+1 Buy": "Village"}})
    h.answer("buy Seaway")
    assert names(h.player("Ann").discard) == []
    assert h.player("Ann").tokens["+1 Buy"] == "Village"


@BOTH
def test_each_player_has_one_of_each_token(ruleset):
    """Rule token.one-each (Adventures rulebook 2015, Tokens): Lost Arts bought twice moves the
    one +1 Action token from Village to Smithy; Village gives no bonus any more, Bob's own
    token on Village gives Ann nothing."""
    g = position(["Village", "Smithy"], ruleset=ruleset, phase="buy", events=["Lost Arts"],
                 turn={"coins": 12, "buys": 2}, ann={"deck": ["5 Copper"]},
                 bob={"tokens": {"+1 Action": "Village"}})
    g.answer("buy Lost Arts")
    g.answer("put +1 Action token on Village")
    g.answer("buy Lost Arts")
    g.answer("put +1 Action token on Smithy")
    assert g.player("Ann").tokens["+1 Action"] == "Smithy"
    assert g.player("Bob").tokens["+1 Action"] == "Village"
    h = position(["Village", "Smithy"], ruleset=ruleset,
                 ann={"hand": ["Village"], "deck": ["Copper"], "tokens": {"+1 Action": "Smithy"}},
                 bob={"tokens": {"+1 Action": "Village"}})
    h.answer("play Village")
    assert h.state.turn.actions == 2


@BOTH
def test_several_tokens_on_one_pile_all_work(ruleset):
    """Rule token (Adventures rulebook 2015, Tokens): Lost Arts, Training, Pathfinding and
    Seaway tokens all on Village: playing it gives +1 Action, +$1, +1 Card and +1 Buy first."""
    g = position(["Village"], ruleset=ruleset,
                 ann={"hand": ["Village"], "deck": ["5 Copper"],
                      "tokens": {"+1 Action": "Village", "+$1": "Village", "+1 Card": "Village",
                                 "+1 Buy": "Village"}})
    g.answer("play Village")
    t = g.state.turn
    assert (t.actions, t.coins, t.buys, len(g.player("Ann").hand)) == (3, 1, 2, 2)


@BOTH
def test_teacher_and_lost_arts_share_the_token(ruleset):
    """Rule token.one-each; rulings teacher.no-own-token-pile and teacher.others-can-join
    (Adventures rulebook 2015, card FAQ: Teacher): Ann's +1 Action token from Lost Arts is on
    Village; Teacher can't pick Village (her token is there) and moving her +1 Action token to
    Smithy takes it off Village; Lost Arts may then put it on a pile with her Teacher token."""
    g = position(["Village", "Smithy", "Market"], ruleset=ruleset, phase="start",
                 events=["Lost Arts"],
                 ann={"mat": ["Teacher"], "hand": ["2 Gold"], "deck": ["5 Copper"],
                      "tokens": {"+1 Action": "Village"}})
    g.answer("call Teacher")
    g.answer("move +1 Action token")
    assert "put +1 Action token on Village" not in g.legal()
    g.answer("put +1 Action token on Smithy")
    assert g.player("Ann").tokens["+1 Action"] == "Smithy"
    assert g.pending.rule == "turn.buy"  # no Action in hand
    g.answer("play all Treasures")
    g.answer("buy Lost Arts")
    assert "put +1 Action token on Market" in g.legal()
    g.answer("put +1 Action token on Market")
    assert g.player("Ann").tokens["+1 Action"] == "Market"


@BOTH
def test_lost_arts_may_join_a_teacher_token(ruleset):
    """Ruling teacher.others-can-join (Adventures rulebook 2015, card FAQ: Teacher): Teacher put
    Ann's +1 Card token on Village; Lost Arts may still put her +1 Action token there."""
    g = position(["Village", "Smithy"], ruleset=ruleset, phase="buy", events=["Lost Arts"],
                 turn={"coins": 6, "buys": 2}, ann={"tokens": {"+1 Card": "Village"}})
    g.answer("buy Lost Arts")
    g.answer("put +1 Action token on Village")
    assert g.player("Ann").tokens["+1 Action"] == "Village"
    assert g.player("Ann").tokens["+1 Card"] == "Village"


# == Plan ======================================================================================

@BOTH
def test_plan_moves_trashing_token(ruleset):
    """Ruling plan.move-token (Adventures rulebook 2015, card FAQ: Plan): any Action Supply
    pile; buying Plan (an Event) is not buying a card from that pile."""
    g = position(["Village", "Smithy", "Gardens"], ruleset=ruleset, phase="buy",
                 events=["Plan"], turn={"coins": 3, "buys": 2}, ann={"hand": ["Estate"]})
    g.answer("buy Plan")
    assert g.legal() == ["put Trashing token on Village", "put Trashing token on Smithy"]
    g.answer("put Trashing token on Smithy")
    assert g.player("Ann").tokens["Trashing"] == "Smithy"
    assert g.pending.rule == "turn.buy" and names(g.state.trash) == []


def test_plan_2015_on_buy_only():
    """Ruling plan.on-buy-2015 (Adventures rulebook 2015, card FAQ: Plan; example: Trashing
    token on Port; Seaway gains a Port: no trash allowed; pitfall: Trashing token firing on any
    gain under 2015): buying a Port offers one trash (its extra Port, gained, doesn't)."""
    g = position(["Port", "Village"], ruleset="2015", phase="buy", events=["Seaway"],
                 turn={"coins": 9, "buys": 3},
                 ann={"hand": ["Estate", "Copper"], "tokens": {"Trashing": "Port"}})
    g.answer("buy Seaway")
    g.answer("gain Port")
    assert g.pending.rule == "turn.buy" and names(g.state.trash) == []
    assert names(g.player("Ann").discard) == ["Port"]
    g.answer("buy Port")
    assert "Trashing token: trash a card from your hand" in g.legal()
    g.answer("Trashing token: trash a card from your hand")
    g.answer("trash Estate")
    while g.pending.rule != "turn.buy":
        assert "Trashing token: trash a card from your hand" not in g.legal()
        g.answer(g.legal()[0])
    assert names(g.state.trash) == ["Estate"]
    assert names(g.player("Ann").discard).count("Port") == 3


def test_plan_current_on_any_gain():
    """Ruling plan.on-gain-current (Dominion Strategy Wiki, Plan, 2022 errata; example:
    Trashing token on Port; Seaway gains a Port: you may trash a card from hand): each Port
    gained (Seaway's, then the one it brings) offers a trash."""
    g = position(["Port", "Village"], ruleset="current", phase="buy", events=["Seaway"],
                 turn={"coins": 5, "buys": 2},
                 ann={"hand": ["Estate", "Copper"], "tokens": {"Trashing": "Port"}})
    g.answer("buy Seaway")
    g.answer("gain Port")
    g.answer("Trashing token: trash a card from your hand")
    g.answer("trash Estate")  # then Port gains another Port, which brings no third one
    assert g.legal() == ["Trashing token: trash a card from your hand", "continue"]
    g.answer("Trashing token: trash a card from your hand")  # one card left: Copper
    assert names(g.state.trash) == ["Estate", "Copper"]
    assert names(g.player("Ann").discard) == ["Port", "Port"]


@BOTH
def test_plan_token_and_workshop(ruleset):
    """Rulings plan.on-buy-2015 / plan.on-gain-current (Adventures rulebook 2015 and Dominion
    Strategy Wiki, Plan): Workshop gains a Village from the pile with the Trashing token: a
    trash is offered only under the current text, and it is optional."""
    g = position(["Village", "Workshop"], ruleset=ruleset,
                 ann={"hand": ["Workshop", "Estate"], "tokens": {"Trashing": "Village"}})
    g.answer("play Workshop")
    g.answer("gain Village")
    if ruleset == "2015":
        assert g.pending.rule == "turn.buy"
    else:
        assert g.legal() == ["Trashing token: trash a card from your hand", "continue"]
        g.answer("continue")
    assert names(g.state.trash) == [] and names(g.player("Ann").discard) == ["Village"]


# == Inheritance ===============================================================================

INHERIT = ["Port", "Village", "Market", "Distant Lands", "Caravan Guard", "Moat"]


def test_inheritance_choice_2015():
    """Ruling inheritance.setaside-choice-2015 (Adventures rulebook 2015, card FAQ:
    Inheritance): a non-Victory Action card from the Supply costing up to $4: not Market ($5),
    not Distant Lands (a Victory card, though Ann's -$2 token makes it cost $3), not Silver."""
    g = position(INHERIT, ruleset="2015", phase="buy", events=["Inheritance"],
                 turn={"coins": 7, "buys": 2}, ann={"tokens": {"-$2 cost": "Distant Lands"}})
    g.answer("buy Inheritance")
    assert sorted(g.legal()) == ["set aside Caravan Guard", "set aside Moat", "set aside Port",
                                 "set aside Village"]


def test_inheritance_choice_current():
    """Rulings inheritance.setaside-choice-current and inheritance.no-duration-current (Dominion
    Strategy Wiki, Inheritance): an Action-Victory card is allowed (Distant Lands, $3 with Ann's
    -$2 token); Duration cards (Caravan Guard) are not. (No Command card is in scope.)"""
    g = position(INHERIT, ruleset="current", phase="buy", events=["Inheritance"],
                 turn={"coins": 7, "buys": 2}, ann={"tokens": {"-$2 cost": "Distant Lands"}})
    g.answer("buy Inheritance")
    assert sorted(g.legal()) == ["set aside Distant Lands", "set aside Moat", "set aside Port",
                                 "set aside Village"]


def test_inheritance_any_action_type_2015():
    """Ruling inheritance.any-action-type-2015 (Adventures rulebook 2015, card FAQ: Inheritance):
    a Duration-Reaction (Caravan Guard) may be set aside; Ann's Estates then are Action-Duration-
    Reaction-Victory cards."""
    g = position(INHERIT, ruleset="2015", phase="buy", events=["Inheritance"],
                 turn={"coins": 7, "buys": 2}, ann={"hand": ["Estate"]})
    g.answer("buy Inheritance")
    g.answer("set aside Caravan Guard")
    ann = g.player("Ann")
    assert names(ann.aside) == ["Caravan Guard"]
    estate = ann.hand.cards[0]
    assert set(estate.d.types) == {"Action", "Duration", "Reaction", "Victory"}


@BOTH
def test_inheritance_sets_aside_not_gains(ruleset):
    """Ruling inheritance.not-gaining (Adventures rulebook 2015, card FAQ: Inheritance): the
    Port is set aside from its pile, not gained: no gain counted, no Trashing token (current:
    any gain from that pile), no "when you gain" extra Port (current)."""
    g = position(["Port", "Village"], ruleset=ruleset, phase="buy", events=["Inheritance"],
                 turn={"coins": 7, "buys": 2},
                 ann={"hand": ["Copper"], "tokens": {"Trashing": "Port"}})
    g.answer("buy Inheritance")
    g.answer("set aside Port")
    ann = g.player("Ann")
    assert names(ann.aside) == ["Port"] and names(ann.discard) == []
    assert len(g.state.supply["Port"]) == 11
    assert g.state.turn.gained == 0
    assert g.pending.rule == "turn.buy" and names(g.state.trash) == []
    assert ann.estate_token is ann.aside.cards[0]


@BOTH
def test_inheritance_set_aside_card_counts_for_scoring(ruleset):
    """Ruling inheritance.not-gaining (Adventures rulebook 2015, card FAQ: Inheritance): the
    set-aside card is Ann's when scoring: with it she owns 10 cards, so her Gardens is worth
    1 VP."""
    g = position(["Gardens", "Village"], ruleset=ruleset, phase="buy", events=["Inheritance"],
                 turn={"coins": 7, "buys": 2}, ann={"hand": ["Gardens", "8 Copper"]})
    assert g.vp(g.player("Ann")) == 0
    g.answer("buy Inheritance")
    assert g.vp(g.player("Ann")) == 1


@BOTH
def test_inheritance_estates_still_score_1vp(ruleset):
    """Ruling inheritance.estate-vp (Adventures rulebook 2015, card FAQ: Inheritance): three
    Estates with the Estate token on Port: 3 VP."""
    g = position(["Port"], ruleset=ruleset, ann={"hand": ["2 Estate"], "deck": ["Estate"],
                                                  "estate_token": "Port"})
    assert g.vp(g.player("Ann")) == 3


def test_inheritance_estates_copy_2015():
    """Ruling inheritance.estates-copy-2015 (Adventures rulebook 2015, card FAQ: Inheritance;
    example: inherit Port: Estates give +1 Card +2 Actions): bought this turn, Ann's Estates
    are Action-Victory cards; played next turn, one gives +1 Card +2 Actions."""
    g = position(["Port", "Village"], ruleset="2015", phase="buy", events=["Inheritance"],
                 turn={"coins": 7}, ann={"hand": ["Estate"], "deck": ["Estate", "4 Copper",
                                                                     "Gold", "Gold"]},
                 bob={"deck": ["5 Copper"]})
    g.answer("buy Inheritance")
    g.answer("set aside Port")
    to_next_own_turn(g)
    ann = g.player("Ann")
    assert all(set(c.d.types) == {"Action", "Victory"} for c in ann.owned()
               if c.name == "Estate")
    g.answer("play Estate")
    assert g.state.turn.actions == 2 and len(ann.hand) == 5
    assert names(ann.play) == ["Estate"] and names(ann.aside) == ["Port"]
    # the log says what the Estate is, and the rule that makes it so (rule token.estate)
    assert [e.text() for e in g.log if e.verb.startswith("plays")][-2:] == [
        "Ann plays Estate from hand [play.action-use]",
        "Ann plays the Estate as Port (the card with their Estate token: under the 2015 rules "
        "an Estate has its abilities and types) [token.estate]"]


def test_inheritance_later_estates_2015():
    """Ruling inheritance.later-estates-2015 (Adventures rulebook 2015, card FAQ: Inheritance;
    example: inherited Port, buy an Estate: you also gain a Port)."""
    g = position(["Port"], ruleset="2015", phase="buy", turn={"coins": 2, "buys": 2},
                 ann={"estate_token": "Port"})
    g.answer("buy Estate")
    ann = g.player("Ann")
    assert sorted(names(ann.discard)) == ["Estate", "Port"]
    assert ann.discard.cards[[c.name for c in ann.discard.cards].index("Estate")].d.is_action
    # the log says whose ability the Estate has (a judge reads "Estate", then "Port")
    assert ("Ann resolves Estate (as Port, the card with their Estate token: when you buy "
            "this: gain another Port) [buy]") in g.log.text()


def test_inheritance_no_extra_port_current():
    """Ruling inheritance.command-play-current (Dominion Strategy Wiki, Inheritance; example:
    inherited Port, buy an Estate: no extra Port)."""
    g = position(["Port"], ruleset="current", phase="buy", turn={"coins": 2, "buys": 2},
                 ann={"estate_token": "Port"})
    g.answer("buy Estate")
    assert names(g.player("Ann").discard) == ["Estate"]
    assert len(g.state.supply["Port"]) == 11  # 12 less the Port Inheritance set aside


def test_inheritance_estate_plays_the_card_current():
    """Ruling inheritance.command-play-current (Dominion Strategy Wiki, Inheritance, FAQ 2022):
    the Estate is played, plays the set-aside Port (+1 Card +2 Actions), which stays set aside;
    in Clean-up the Estate is discarded and the Port stays."""
    g = position(["Port"], ruleset="current", ann={"hand": ["Estate"], "deck": ["6 Copper"],
                                                   "estate_token": "Port"})
    g.answer("play Estate")
    ann = g.player("Ann")
    assert g.state.turn.actions == 2 and names(ann.hand) == ["Copper"]
    assert names(ann.play) == ["Estate"] and names(ann.aside) == ["Port"]
    assert set(ann.play.cards[0].d.types) == {"Action", "Command", "Victory"}
    finish_turn(g)
    assert names(ann.aside) == ["Port"] and "Estate" in names(ann.discard)


@BOTH
def test_inheritance_reaction_abilities(ruleset):
    """Rulings inheritance.estates-copy-2015 (types and abilities) and
    inheritance.command-play-current (no other types or abilities): with the Estate token on
    Moat, Ann may reveal an Estate against Bob's Witch under 2015 only."""
    g = position(["Moat", "Witch"], ruleset=ruleset, turn={"player": "Bob"},
                 bob={"hand": ["Witch"], "deck": ["5 Copper"]},
                 ann={"hand": ["Estate"], "estate_token": "Moat"})
    g.answer("play Witch")
    if ruleset == "2015":
        assert g.pending.player == "Ann" and g.legal() == ["reveal Estate", "continue"]
        g.answer("reveal Estate")
        assert "Curse" not in names(g.player("Ann").discard)
    else:
        assert names(g.player("Ann").discard) == ["Curse"]


@BOTH
def test_inheritance_only_buyers_estates(ruleset):
    """Ruling inheritance.own-estates-2015 (Adventures rulebook 2015, card FAQ: Inheritance);
    rule token.estate (current: the token's owner's Estates): Bob's Estates are plain Victory
    cards and can't be played on his turn."""
    g = position(["Port", "Village"], ruleset=ruleset, turn={"player": "Bob"},
                 ann={"hand": ["Estate"], "estate_token": "Port"},
                 bob={"hand": ["Estate", "Village"], "deck": ["5 Copper"]})
    assert g.legal() == ["play Village", "end Action phase"]
    assert g.player("Bob").hand.cards[0].d.types == ("Victory",)


def test_inheritance_whose_estates_2015():
    """Ruling inheritance.whose-estates-2015 (Adventures rulebook 2015, card FAQ: Inheritance):
    an Estate Ann trashes stops being hers (a plain Estate in the trash); an Estate she gains is
    hers (an Action); one Bob gains is not."""
    g = position(["Port", "Chapel", "Workshop"], ruleset="2015",
                 ann={"hand": ["Chapel", "Estate", "Estate"], "estate_token": "Port"},
                 bob={"hand": ["Estate"]})
    g.answer("play Chapel")
    g.answer("trash: Estate")
    trashed = g.state.trash.cards[0]
    assert trashed.name == "Estate" and trashed.d.types == ("Victory",)
    assert g.player("Ann").hand.cards[0].d.is_action
    gen = g.gain(g.player("Bob"), "Estate")
    for _ in gen:
        pass
    assert g.player("Bob").discard.cards[0].d.types == ("Victory",)


@BOTH
def test_inheritance_cost_checked_once(ruleset):
    """Ruling inheritance.cost-checked-once (Adventures rulebook 2015, card FAQ: Inheritance):
    Laboratory costs $3 with Ann's -$2 token, so it can be set aside; when Ferry then moves the
    token away, her Estates still work as Laboratory."""
    g = position(["Laboratory", "Village"], ruleset=ruleset, phase="buy",
                 events=["Inheritance", "Ferry"], turn={"coins": 10, "buys": 2},
                 ann={"tokens": {"-$2 cost": "Laboratory"},
                      "deck": ["Estate", "4 Copper", "2 Gold"]}, bob={"deck": ["5 Copper"]})
    g.answer("buy Inheritance")
    g.answer("set aside Laboratory")
    g.answer("buy Ferry")
    g.answer("put -$2 cost token on Village")
    assert g.cost("Laboratory") == 5 and g.player("Ann").estate_token.name == "Laboratory"
    to_next_own_turn(g)
    g.answer("play Estate")
    assert g.state.turn.actions == 1 and len(g.player("Ann").hand) == 6


@BOTH
def test_inheritance_pile_tokens(ruleset):
    """Rulings inheritance.no-pile-tokens-2015 (Adventures rulebook 2015; example: +1 Action
    token on Port pile, inherited Port: playing an Estate gives no extra Action) and
    inheritance.pile-tokens-current (Dominion Strategy Wiki, Official FAQ 2022: tokens on the
    set-aside card's pile apply when an Estate plays it)."""
    g = position(["Port"], ruleset=ruleset, ann={"hand": ["Estate"], "deck": ["5 Copper"],
                 "estate_token": "Port", "tokens": {"+1 Action": "Port"}})
    g.answer("play Estate")
    assert g.state.turn.actions == (2 if ruleset == "2015" else 3)


# == Mission and extra turns ===================================================================

def mission_turn(ruleset, **kw):
    """Ann buys Mission (turn 1) and her extra turn starts (turn 2)."""
    ann = {"deck": ["5 Copper", "5 Copper"]}
    ann.update(kw.pop("ann", {}))
    g = position(["Village", *kw.pop("kingdom", [])], ruleset=ruleset, phase="buy",
                 events=["Mission", *kw.pop("events", [])],
                 turn={"coins": 4}, ann=ann, bob={"deck": ["10 Copper"]}, **kw)
    g.answer("buy Mission")
    return g


@BOTH
def test_mission_extra_turn_after_this_one(ruleset):
    """Ruling mission.extra-turn-after-this (Adventures rulebook 2015, card FAQ: Mission), and
    under 2015 Ruling mission.previous-turn-not-yours: the previous turn was Bob's (or none):
    Ann takes another turn right after this one, an extra
    turn in which she can't buy cards, then Bob plays; the extra turn doesn't count for the
    tie-break (rule turn.extra)."""
    g = mission_turn(ruleset)
    assert whose(g) == "Ann" and g.state.turn.number == 2
    assert g.state.turn.extra and g.state.turn.no_buying_cards
    assert g.player("Ann").turns_taken == 1
    finish_turn(g)
    assert whose(g) == "Bob" and not g.state.turn.extra


def test_mission_once_per_turn_2015():
    """Ruling mission.once-per-turn-2015 (Adventures rulebook 2015, card FAQ: Mission)."""
    g = position(["Village"], ruleset="2015", phase="buy", events=["Mission"],
                 turn={"coins": 8, "buys": 2})
    g.answer("buy Mission")
    assert "buy Mission" not in g.legal() and "buy Village" in g.legal()


def test_mission_bought_twice_current_one_extra_turn():
    """Ruling mission.third-turn-current (Dominion Strategy Wiki, Mission, latest text): not
    once per turn: a second Mission may be bought, but gives no 3rd turn in a row."""
    g = position(["Village"], ruleset="current", phase="buy", events=["Mission"],
                 turn={"coins": 8, "buys": 2}, ann={"deck": ["10 Copper"]},
                 bob={"deck": ["5 Copper"]})
    g.answer("buy Mission")
    assert "buy Mission" in g.legal()
    g.answer("buy Mission")
    assert len(bought_events(g, "Mission")) == 2
    assert whose(g) == "Ann" and g.state.turn.extra
    finish_turn(g)
    assert whose(g) == "Bob" and g.state.turn.number == 3


@BOTH
def test_mission_no_card_buys_but_events_and_gains(ruleset):
    """Ruling mission.no-card-buys (Adventures rulebook 2015, card FAQ: Mission; example: Mission
    turn: buying Silver is illegal; Amulet gaining a Silver is fine): Events may be bought and
    Travellers exchanged."""
    g = mission_turn(ruleset, kingdom=["Amulet", "Peasant"], events=["Expedition"],
                     ann={"deck": ["Village", "Amulet", "Peasant", "Gold", "Gold", "10 Copper"]})
    assert g.state.turn.no_buying_cards
    g.answer("play Village")
    g.answer("play Amulet")
    g.answer("gain a Silver")
    g.answer("play Peasant")
    g.answer("end Action phase") if g.pending.rule == "turn.action" else None
    assert "Silver" in names(g.player("Ann").discard)
    g.answer("play all Treasures")
    assert g.state.turn.coins == 8 and g.state.turn.buys == 2  # Gold, Gold, Copper, Peasant
    assert [a for a in g.legal() if a.startswith("buy")] == ["buy Mission", "buy Expedition"]
    with pytest.raises(IllegalAnswer):
        g.answer("buy Silver")
    g.answer("buy Expedition")
    g.answer("end Buy phase")
    assert "exchange Peasant for Soldier" in g.legal()
    g.answer("exchange Peasant for Soldier")
    assert "Soldier" in names(g.player("Ann").discard)


@BOTH
def test_mission_in_a_mission_turn_gives_nothing(ruleset):
    """Rulings mission.no-chain and mission.previous-turn-not-yours (Adventures rulebook 2015,
    card FAQ: Mission); current: mission.third-turn-current (not a 3rd turn in a row): Mission
    bought in the extra turn, whose previous turn was Ann's, gives no further turn."""
    g = mission_turn(ruleset, ann={"deck": ["5 Gold", "5 Copper", "5 Copper"]})
    assert whose(g) == "Ann" and g.state.turn.extra
    to_buy(g)
    g.answer("play all Treasures")
    assert "buy Mission" in g.legal()
    g.answer("buy Mission")  # the last Buy: the turn ends
    assert whose(g) == "Bob" and g.state.turn.number == 3


@BOTH
def test_swamp_hag_then_extra_turn_hits_no_one(ruleset):
    """Ruling swamp-hag.extra-turn (Adventures rulebook 2015, card FAQ: Swamp Hag): Swamp Hag,
    then Mission: +$3 at the start of the extra turn, Swamp Hag discarded then, and Bob's buy
    afterwards gives him no Curse."""
    g = position(["Swamp Hag"], ruleset=ruleset, events=["Mission"],
                 ann={"hand": ["Swamp Hag", "2 Gold"], "deck": ["20 Copper"]},
                 bob={"deck": ["10 Copper"]})
    g.answer("play Swamp Hag")
    g.answer("play all Treasures")
    g.answer("buy Mission")
    assert whose(g) == "Ann" and g.state.turn.extra
    assert g.state.turn.coins == 3
    finish_turn(g)
    assert "Swamp Hag" in names(g.player("Ann").discard)
    assert whose(g) == "Bob"
    to_buy(g)
    g.answer("buy Copper")
    finish_turn(g)
    assert "Curse" not in names(g.player("Bob").discard) + names(g.player("Bob").hand) \
        + names(g.player("Bob").deck)


@BOTH
def test_haunted_woods_then_extra_turn_hits_no_one(ruleset):
    """Ruling haunted-woods.extra-turn (Adventures rulebook 2015, card FAQ: Haunted Woods):
    Haunted Woods, then Mission: +3 Cards at the start of the extra turn, discarded then; Bob's
    buy afterwards leaves his hand alone."""
    g = position(["Haunted Woods"], ruleset=ruleset, events=["Mission"],
                 ann={"hand": ["Haunted Woods", "2 Gold"], "deck": ["20 Copper"]},
                 bob={"hand": ["Estate", "Estate"], "deck": ["10 Copper"]})
    g.answer("play Haunted Woods")
    g.answer("play all Treasures")
    g.answer("buy Mission")
    assert whose(g) == "Ann" and len(g.player("Ann").hand) == 8
    finish_turn(g)
    assert "Haunted Woods" in names(g.player("Ann").discard) and whose(g) == "Bob"
    to_buy(g)
    g.answer("buy Copper")
    assert not [e for e in g.log if e.player == "Bob" and e.verb == "puts onto their deck"]


# == Pilgrimage ================================================================================

@BOTH
def test_pilgrimage_once_per_turn(ruleset):
    """Ruling pilgrimage.once-per-turn (Adventures rulebook 2015, card FAQ: Pilgrimage)."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Pilgrimage"],
                 turn={"coins": 8, "buys": 2}, ann={"journey": "up"})
    g.answer("buy Pilgrimage")
    assert "buy Pilgrimage" not in g.legal() and "buy Village" in g.legal()


@BOTH
def test_pilgrimage_face_down_nothing(ruleset):
    """Ruling pilgrimage.face-down-nothing (Adventures rulebook 2015, card FAQ: Pilgrimage;
    example: first Pilgrimage of the game: token goes face down, no gains)."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Pilgrimage"],
                 turn={"coins": 4, "buys": 2}, ann={"play": ["Silver", "Village"]})
    g.answer("buy Pilgrimage")
    assert not g.player("Ann").journey_up
    assert g.pending.rule == "turn.buy" and names(g.player("Ann").discard) == []


@BOTH
def test_pilgrimage_face_up_differently_named(ruleset):
    """Ruling pilgrimage.face-up-gain (Adventures rulebook 2015, card FAQ: Pilgrimage; example:
    two Silvers and a Gold in play: at most one Silver and one Gold)."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Pilgrimage"],
                 turn={"coins": 4, "buys": 2},
                 ann={"journey": "down", "play": ["Silver", "Silver", "Gold"],
                      "hand": ["Copper"]})
    g.answer("buy Pilgrimage")
    assert g.player("Ann").journey_up
    assert g.legal() == ["gain a copy of: nothing", "gain a copy of: Silver",
                         "gain a copy of: Gold", "gain a copy of: Silver, Gold"]
    with pytest.raises(IllegalAnswer):
        g.answer("gain a copy of: Silver, Silver")
    g.answer("gain a copy of: Silver, Gold")
    assert sorted(names(g.player("Ann").discard)) == ["Gold", "Silver"]


@BOTH
def test_pilgrimage_up_to_three(ruleset):
    """Ruling pilgrimage.face-up-gain (Adventures rulebook 2015, card FAQ: Pilgrimage): up to 3
    of the 4 differently named cards in play."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Pilgrimage"],
                 turn={"coins": 4, "buys": 2},
                 ann={"journey": "down", "play": ["Village", "Copper", "Silver", "Gold"]})
    g.answer("buy Pilgrimage")
    assert g.pending.max == 3
    with pytest.raises(IllegalAnswer):
        g.answer("gain a copy of: Village, Copper, Silver, Gold")
    g.answer("gain a copy of: Village, Silver, Gold")
    assert sorted(names(g.player("Ann").discard)) == ["Gold", "Silver", "Village"]


@BOTH
def test_pilgrimage_shared_journey_token(ruleset):
    """Ruling pilgrimage.shared-token (Adventures rulebook 2015, card FAQ: Pilgrimage; example:
    Ranger turned the token face down this turn; Pilgrimage turns it face up and gains)."""
    g = position(["Ranger"], ruleset=ruleset, turn={"coins": 2},
                 ann={"hand": ["Ranger", "Silver"], "deck": ["5 Copper"], "journey": "up"},
                 events=["Pilgrimage"])
    g.answer("play Ranger")
    assert not g.player("Ann").journey_up and len(g.player("Ann").hand) == 1
    g.answer("play Silver")
    g.answer("buy Pilgrimage")
    assert g.player("Ann").journey_up
    g.answer("gain a copy of: Ranger, Silver")
    assert sorted(names(g.player("Ann").discard)) == ["Ranger", "Silver"]


@BOTH
def test_pilgrimage_called_reserve_not_mat_not_nonsupply(ruleset):
    """Seed example (Adventures rulebook 2015, Reserve Cards; seed 000/001): Pilgrimage can
    gain a copy of a Reserve card called into play this turn (Coin of the Realm) but not of one
    on the Tavern mat (Ratcatcher); a non-Supply card in play (Soldier) gains nothing (rule
    gain.supply-only)."""
    g = position(["Coin of the Realm", "Ratcatcher", "Peasant"], ruleset=ruleset,
                 events=["Pilgrimage"], turn={"coins": 4, "buys": 2},
                 ann={"hand": ["Soldier"], "mat": ["Coin of the Realm", "Ratcatcher"],
                      "deck": ["5 Copper"], "journey": "down"})
    g.answer("play Soldier")
    g.answer("call Coin of the Realm")
    ann = g.player("Ann")
    assert names(ann.play) == ["Soldier", "Coin of the Realm"]
    to_buy(g)
    g.answer("buy Pilgrimage")
    labels = [o.label for o in g.pending.options]
    assert sorted(labels) == ["Coin of the Realm", "Soldier"]
    soldiers = len(g.state.nonsupply["Soldier"])
    g.answer("gain a copy of: Soldier, Coin of the Realm")
    assert names(ann.discard) == ["Coin of the Realm"]
    assert len(g.state.nonsupply["Soldier"]) == soldiers


# == Quest =====================================================================================

@pytest.mark.parametrize(("choice", "pick", "hand", "left"), [
    ("discard an Attack", "discard Militia", ["Militia", "Witch", "Copper"],
     ["Witch", "Copper"]),
    ("discard two Curses", None, ["Curse", "Curse", "Curse", "Copper"], ["Curse", "Copper"]),
    ("discard six cards", "discard: Copper, Copper, Copper, Estate, Estate, Estate",
     ["3 Copper", "3 Estate", "Gold"], ["Gold"]),
])
@BOTH
def test_quest_options_gain_gold(choice, pick, hand, left, ruleset):
    """Ruling quest.options (Adventures rulebook 2015, card FAQ: Quest): an Attack, two Curses
    or six cards discarded: a Gold to the discard pile."""
    g = position(["Militia", "Witch"], ruleset=ruleset, phase="buy", events=["Quest"],
                 turn={"buys": 2},
                 ann={"hand": hand})
    g.answer("buy Quest")
    g.answer(choice)
    if pick:
        g.answer(pick)
    ann = g.player("Ann")
    assert names(ann.hand) == left
    assert names(ann.discard)[-1] == "Gold"
    assert len(ann.discard) + len(ann.hand) == len(expand(hand, "hand")) + 1


@BOTH
def test_quest_may_discard_nothing(ruleset):
    """Ruling quest.options (Adventures rulebook 2015, card FAQ: Quest): "you may": discarding
    nothing gains nothing."""
    g = position(["Militia"], ruleset=ruleset, phase="buy", events=["Quest"], turn={"buys": 2},
                 ann={"hand": ["Militia", "Curse", "Curse"]})
    g.answer("buy Quest")
    g.answer("discard nothing")
    assert names(g.player("Ann").hand) == ["Militia", "Curse", "Curse"]
    assert names(g.player("Ann").discard) == []


@BOTH
def test_quest_six_short(ruleset):
    """Ruling quest.six-short (Adventures rulebook 2015, card FAQ: Quest; example: 4 cards in
    hand, choose six cards: all 4 discarded, no Gold)."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Quest"], turn={"buys": 2},
                 ann={"hand": ["Copper", "Estate", "Silver", "Village"]})
    g.answer("buy Quest")
    g.answer("discard six cards")
    ann = g.player("Ann")
    assert names(ann.hand) == [] and len(ann.discard) == 4
    assert "Gold" not in names(ann.discard) and len(g.state.supply["Gold"]) == 30


@BOTH
def test_quest_two_curses_short(ruleset):
    """Ruling quest.two-curses-short (Adventures rulebook 2015, card FAQ: Quest): one Curse: it
    is discarded, no Gold."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Quest"], turn={"buys": 2},
                 ann={"hand": ["Curse", "Copper"]})
    g.answer("buy Quest")
    g.answer("discard two Curses")
    ann = g.player("Ann")
    assert names(ann.hand) == ["Copper"] and names(ann.discard) == ["Curse"]


# == Raid ======================================================================================

@BOTH
def test_raid_is_not_an_attack(ruleset):
    """Ruling raid.not-attack (Adventures rulebook 2015, card FAQ: Raid; pitfall: Raid treated as
    an Attack): Bob holds Moat and Caravan Guard but is never asked; he gets his -1 Card
    token."""
    g = position(["Moat", "Caravan Guard"], ruleset=ruleset, phase="buy", events=["Raid"],
                 turn={"coins": 5, "buys": 2}, ann={"play": ["Silver"]},
                 bob={"hand": ["Moat", "Caravan Guard"]})
    g.answer("buy Raid")
    assert g.pending.player == "Ann" and g.pending.rule == "turn.buy"
    assert not any(e.rule.startswith("attack") for e in g.log)
    assert g.player("Bob").minus_card
    assert names(g.player("Bob").hand) == ["Moat", "Caravan Guard"]
    assert names(g.player("Ann").discard) == ["Silver"]


@BOTH
def test_raid_silver_per_silver_in_play(ruleset):
    """Ruling raid.silver-per-silver (Adventures rulebook 2015, card FAQ: Raid; example: 4
    Silvers in play: gain 4 Silvers; pitfall: counting cards in hand): the Silver in hand
    doesn't count."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Raid"],
                 turn={"buys": 2}, ann={"hand": ["4 Silver", "Silver", "Gold"]})
    g.answer("play Silver")
    g.answer("play Silver")
    g.answer("play Silver")
    g.answer("play Silver")
    assert g.state.turn.coins == 8
    g.answer("buy Raid")
    assert names(g.player("Ann").discard) == ["Silver"] * 4
    assert names(g.player("Ann").hand) == ["Silver", "Gold"]
    assert len(g.state.supply["Silver"]) == 31  # 40, less Ann's 5, less the 4 gained


@BOTH
def test_raid_pile_short(ruleset):
    """Ruling raid.pile-short (Adventures rulebook 2015, card FAQ: Raid): 3 Silvers in play, 2
    left in the pile: gain both."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Raid"],
                 piles={"Silver": 2}, turn={"coins": 5, "buys": 2},
                 ann={"play": ["3 Silver"]})
    g.answer("buy Raid")
    assert names(g.player("Ann").discard) == ["Silver", "Silver"]
    assert len(g.state.supply["Silver"]) == 0


@BOTH
def test_raid_minus_card_each_other_player(ruleset):
    """Ruling raid.minus-card (Adventures rulebook 2015, card FAQ: Raid): Bob and Cid put their
    -1 Card tokens on their decks (Ann doesn't); Bob's next draw, his Clean-up, is 4 cards."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Raid"],
                 turn={"coins": 5}, ann={"deck": ["5 Copper"]},
                 bob={"deck": ["10 Copper"]}, cid={"deck": ["10 Copper"]})
    g.answer("buy Raid")
    assert g.player("Cid").minus_card and not g.player("Ann").minus_card
    assert whose(g) == "Bob" and g.player("Bob").minus_card
    finish_turn(g)
    assert len(g.player("Bob").hand) == 4 and not g.player("Bob").minus_card


# == Scouting Party ============================================================================

@BOTH
def test_scouting_party_plus_buy(ruleset):
    """Ruling scouting-party.plus-buy (Adventures rulebook 2015, card FAQ: Scouting Party)."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Scouting Party"],
                 turn={"coins": 5}, ann={"deck": ["5 Copper"]})
    g.answer("buy Scouting Party")
    assert g.state.turn.buys == 1 and g.state.turn.coins == 3
    g.answer("buy Village")
    assert [e.cards for e in entries(g, "buys", "Ann")] == [("Village",)]


@BOTH
def test_scouting_party_look_discard_three_rest_back(ruleset):
    """Ruling scouting-party.look-discard (Adventures rulebook 2015, card FAQ: Scouting Party):
    the top 5 are looked at, 3 discarded, the other 2 put back in the order chosen, on top of
    the 6th."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Scouting Party"],
                 turn={"coins": 2, "buys": 2},
                 ann={"deck": ["Estate", "Gold", "Copper", "Silver", "Curse", "Province"]})
    g.answer("buy Scouting Party")
    assert len(g.pending.options) == 5
    g.answer("discard: Estate, Copper, Curse")
    assert "name the top card first" in g.pending.prompt
    g.answer("put back: Gold, Silver")  # top card first
    assert deck(g, "Ann") == ["Gold", "Silver", "Province"]
    assert sorted(names(g.player("Ann").discard)) == ["Copper", "Curse", "Estate"]
    assert names(g.player("Ann").hand) == []


@BOTH
def test_scouting_party_short_deck(ruleset):
    """Ruling scouting-party.short-deck (Adventures rulebook 2015, card FAQ: Scouting Party;
    example: deck + discard hold 3 cards: all 3 end in the discard pile): the discard pile is
    shuffled to look at more."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Scouting Party"],
                 turn={"coins": 2, "buys": 2},
                 ann={"deck": ["Gold"], "discard": ["Silver", "Estate"]})
    g.answer("buy Scouting Party")
    ann = g.player("Ann")
    assert names(ann.deck) == [] and sorted(names(ann.discard)) == ["Estate", "Gold", "Silver"]


@BOTH
def test_scouting_party_four_cards(ruleset):
    """Ruling scouting-party.short-deck (Adventures rulebook 2015, card FAQ: Scouting Party):
    with 4 cards, 3 are discarded and 1 put back."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Scouting Party"],
                 turn={"coins": 2, "buys": 2},
                 ann={"deck": ["Gold", "Silver", "Estate", "Copper"]})
    g.answer("buy Scouting Party")
    g.answer("discard: Silver, Estate, Copper")
    assert deck(g, "Ann") == ["Gold"]


@BOTH
def test_scouting_party_minus_card_token_stays(ruleset):
    """Ruling scouting-party.minus-card-token (Adventures rulebook 2015, card FAQ: Scouting
    Party): looking is not drawing: all 5 are looked at and the -1 Card token stays."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Scouting Party"],
                 turn={"coins": 2, "buys": 2},
                 ann={"deck": ["Copper", "Silver", "Estate", "Gold", "Curse", "Province"],
                      "minus_card": True})
    g.answer("buy Scouting Party")
    assert [o.label for o in g.pending.options] == ["Copper", "Silver", "Estate", "Gold",
                                                    "Curse"]
    g.answer("discard: Copper, Estate, Curse")
    g.answer("put back: Gold, Silver")
    assert g.player("Ann").minus_card
    assert deck(g, "Ann") == ["Gold", "Silver", "Province"]


# == Trade =====================================================================================

@BOTH
def test_trade_trash_up_to_two(ruleset):
    """Ruling trade.trash-up-to-two (Adventures rulebook 2015, card FAQ: Trade): 0 to 2 cards
    from hand, not 3."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Trade"], turn={"coins": 5,
                 "buys": 2},
                 ann={"hand": ["Estate", "Curse", "Copper"]})
    g.answer("buy Trade")
    assert "trash: nothing" in g.legal() and g.pending.max == 2
    with pytest.raises(IllegalAnswer):
        g.answer("trash: Estate, Curse, Copper")
    g.answer("trash: Estate, Curse")
    assert names(g.state.trash) == ["Estate", "Curse"]
    assert names(g.player("Ann").hand) == ["Copper"]


@pytest.mark.parametrize(("trash", "silvers"), [("trash: Estate", 1), ("trash: nothing", 0),
                                                ("trash: Estate, Curse", 2)])
@BOTH
def test_trade_silver_per_card_trashed(trash, silvers, ruleset):
    """Ruling trade.silver-per-trashed (Adventures rulebook 2015, card FAQ: Trade; example:
    trash 1 card: gain 1 Silver; trash none: gain none)."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Trade"], turn={"coins": 5,
                 "buys": 2},
                 ann={"hand": ["Estate", "Curse"]})
    g.answer("buy Trade")
    g.answer(trash)
    assert names(g.player("Ann").discard) == ["Silver"] * silvers


# == Travelling Fair ===========================================================================

TF = "Travelling Fair: put {} onto your deck"


@BOTH
def test_travelling_fair_plus_two_buys(ruleset):
    """Ruling travelling-fair.plus-buys (Adventures rulebook 2015, card FAQ: Travelling
    Fair)."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Travelling Fair"],
                 turn={"coins": 2})
    g.answer("buy Travelling Fair")
    assert g.state.turn.buys == 2 and g.state.turn.coins == 0


@BOTH
def test_travelling_fair_any_gain(ruleset):
    """Ruling travelling-fair.topdeck-any-gain (Adventures rulebook 2015, card FAQ: Travelling
    Fair): a bought card and the cards Ball gains may each go onto the deck."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Travelling Fair", "Ball"],
                 turn={"coins": 10, "buys": 2}, ann={"deck": ["Province"]})
    g.answer("buy Travelling Fair")
    g.answer("buy Village")
    assert g.legal() == [TF.format("Village"), "continue"]
    g.answer(TF.format("Village"))
    g.answer("buy Ball")
    g.answer("gain Silver")
    g.answer(TF.format("Silver"))
    g.answer("gain Village")
    g.answer(TF.format("Village"))
    assert g.pending.rule == "turn.buy"
    assert deck(g, "Ann") == ["Village", "Silver", "Village", "Province"]
    assert names(g.player("Ann").discard) == []


@BOTH
def test_travelling_fair_per_gain_choice(ruleset):
    """Ruling travelling-fair.per-gain-choice (Adventures rulebook 2015, card FAQ: Travelling
    Fair): two Silvers bought: the first onto the deck, the second to the discard pile."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Travelling Fair"],
                 turn={"coins": 10, "buys": 2}, ann={"deck": ["Province"]})
    g.answer("buy Travelling Fair")
    g.answer("buy Silver")
    g.answer(TF.format("Silver"))
    g.answer("buy Silver")
    assert g.legal() == [TF.format("Silver"), "continue"]
    g.answer("continue")
    assert deck(g, "Ann") == ["Silver", "Province"]
    assert names(g.player("Ann").discard) == ["Silver"]


@BOTH
def test_travelling_fair_not_on_exchange(ruleset):
    """Ruling travelling-fair.not-exchange (Adventures rulebook 2015, card FAQ: Travelling Fair;
    example and seed example: Peasant exchanged for Soldier after Travelling Fair: the Soldier
    goes to the discard pile; rule traveller.exchange.not-gain)."""
    g = position(["Peasant"], ruleset=ruleset, phase="buy", events=["Travelling Fair"],
                 turn={"coins": 2}, ann={"play": ["Peasant"], "deck": ["5 Copper"]})
    g.answer("buy Travelling Fair")
    g.answer("end Buy phase")
    assert g.legal() == ["exchange Peasant for Soldier", "continue"]
    g.answer("exchange Peasant for Soldier")
    assert whose(g) == "Bob"
    assert names(g.player("Ann").discard) == ["Soldier"]
    assert names(g.player("Ann").hand) == ["Copper"] * 5


@BOTH
def test_travelling_fair_this_turn_only(ruleset):
    """Ruling travelling-fair.topdeck-any-gain ("this turn", Adventures rulebook 2015, card FAQ:
    Travelling Fair): Bob's gains and Ann's next turn's gains are not offered it."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Travelling Fair"],
                 turn={"coins": 2}, ann={"deck": ["10 Copper"]}, bob={"deck": ["5 Copper"]})
    g.answer("buy Travelling Fair")
    g.answer("buy Copper")
    assert g.legal() == [TF.format("Copper"), "continue"]
    g.answer("continue")
    g.answer("end Buy phase")
    assert whose(g) == "Bob"
    to_buy(g)
    g.answer("buy Copper")  # his last Buy: no Travelling Fair question, the turn just ends
    assert whose(g) == "Ann"
    to_buy(g)
    g.answer("buy Copper")
    assert whose(g) == "Bob"


# == Inheritance: more on what the Estates are =================================================

def test_inheritance_traveller_2015_estate_exchanged():
    """Rule token.estate (2015) and ruling inheritance.estates-copy-2015 (Adventures rulebook
    2015, card FAQ: Inheritance: Estates get the abilities and types of the set-aside card):
    with the Estate token on Page, an Estate played is a Traveller: discarded from play it may
    be exchanged for a Treasure Hunter, the Estate going back to its pile."""
    g = position(["Page"], ruleset="2015", phase="action",
                 ann={"hand": ["Estate"], "deck": ["10 Copper"], "estate_token": "Page"})
    estates = len(g.state.supply["Estate"])
    g.answer("play Estate")
    to_buy(g)
    g.answer("end Buy phase")
    assert g.legal() == ["exchange Estate for Treasure Hunter", "continue"]
    g.answer("exchange Estate for Treasure Hunter")
    assert whose(g) == "Bob"
    assert "Treasure Hunter" in names(g.player("Ann").discard)
    assert len(g.state.supply["Estate"]) == estates + 1
    assert g.state.supply["Estate"].cards[-1].d.types == ("Victory",)


def test_inheritance_traveller_current_estate_not_exchanged():
    """Ruling inheritance.command-play-current (Dominion Strategy Wiki, Inheritance: the set-aside
    card stays set aside; the Estate gains no other abilities): Estate plays Page (+1 Card +1
    Action); in Clean-up neither the Estate nor the Page can be exchanged."""
    g = position(["Page"], ruleset="current", phase="action",
                 ann={"hand": ["Estate"], "deck": ["10 Copper"], "estate_token": "Page"})
    g.answer("play Estate")
    assert g.state.turn.actions == 1 and names(g.player("Ann").hand) == ["Copper"]
    to_buy(g)
    g.answer("end Buy phase")
    assert whose(g) == "Bob"
    ann = g.player("Ann")
    assert "Estate" in names(ann.discard) and names(ann.aside) == ["Page"]
    assert "Treasure Hunter" not in names(ann.discard)


@BOTH
def test_inheritance_reserve_who_goes_to_the_mat(ruleset):
    """Rulings inheritance.estates-copy-2015 (2015: the Estate has Ratcatcher's abilities, so
    "put this on your Tavern mat" moves the Estate) and inheritance.command-play-current
    (current: the Estate plays the set-aside Ratcatcher, which stays set aside: it can't go to
    the mat, and the Estate stays in play)."""
    g = position(["Ratcatcher"], ruleset=ruleset,
                 ann={"hand": ["Estate"], "deck": ["10 Copper"], "estate_token": "Ratcatcher"})
    g.answer("play Estate")
    ann = g.player("Ann")
    assert g.state.turn.actions == 1 and names(ann.hand) == ["Copper"]
    assert names(ann.aside) == ["Ratcatcher"]
    if ruleset == "2015":
        assert names(ann.mat) == ["Estate"] and names(ann.play) == []
    else:
        assert names(ann.mat) == [] and names(ann.play) == ["Estate"]


def test_inheritance_duration_2015_estate_stays_in_play():
    """Ruling inheritance.any-action-type-2015 (Adventures rulebook 2015, card FAQ: Inheritance):
    with the token on Caravan Guard, an Estate played is a Duration: it stays in play and gives
    +$1 at the start of Ann's next turn."""
    g = position(["Caravan Guard"], ruleset="2015",
                 ann={"hand": ["Estate"], "deck": ["10 Copper"], "estate_token": "Caravan Guard"},
                 bob={"deck": ["5 Copper"]})
    g.answer("play Estate")
    assert g.state.turn.actions == 1
    finish_turn(g)
    assert names(g.player("Ann").play) == ["Estate"]
    to_next_own_turn(g)
    assert g.state.turn.coins == 1
    finish_turn(g)
    assert names(g.player("Ann").play) == []


def estate_under_throne_room(ruleset: str, hand: list[str], deck: list[str]):
    """Ann's Estate token on Throne Room, Ann to play: the position of the tests below."""
    return position(["Throne Room", "Caravan Guard", "Hireling", "Village"], ruleset=ruleset,
                    ann={"hand": hand, "deck": deck, "estate_token": "Throne Room"},
                    bob={"deck": ["10 Copper"]})


def kept(g, who="Ann"):
    """(cards, rule) of each "keeps ... in play" line of the last Clean-up."""
    return [(e.cards, e.rule) for e in entries(g, "keeps", who)]


@BOTH
def test_inheritance_estate_stays_like_the_throne_room_it_played(ruleset):
    """An Estate plays the set-aside Throne Room, which plays Caravan Guard from the hand twice.
    Current: the Estate stays in play as long as Throne Room would have (rule
    duration.command-tracking: the wiki's Command variant page, Tracking Rules; Inheritance,
    Official FAQ (2022); Band of Misfits, Official FAQ (2020)). 2015: the Estate is itself a
    Throne Room (ruling inheritance.estates-copy-2015) that played a Duration twice, so it
    stays (rule duration.multi-play; Adventures rulebook 2015, Duration cards). Either way it
    leaves with Caravan Guard, after the two +$1 of Ann's next turn."""
    g = estate_under_throne_room(ruleset, ["Estate", "Caravan Guard"], ["10 Copper"])
    play_all(g, "play Estate", "play Caravan Guard")
    ann = g.player("Ann")
    assert names(ann.aside) == ["Throne Room"] and names(ann.play) == ["Estate", "Caravan Guard"]
    finish_turn(g)
    assert names(ann.play) == ["Estate", "Caravan Guard"]
    rule = "duration.command-tracking" if ruleset == "current" else "duration.multi-play"
    assert kept(g) == [(("Caravan Guard",), "duration.stays-in-play"), (("Estate",), rule)]
    to_next_own_turn(g)
    assert g.state.turn.coins == 2
    finish_turn(g)
    assert names(ann.play) == [] and names(ann.aside) == ["Throne Room"]


@BOTH
def test_inheritance_estate_leaves_when_its_throne_room_played_no_duration(ruleset):
    """Rules duration.command-tracking and duration.multi-play: the set-aside Throne Room
    played Village twice, which leaves play at once, so the Estate is discarded in the same
    Clean-up (Inheritance, Official FAQ (2022): "normally that means you will discard it that
    turn")."""
    g = estate_under_throne_room(ruleset, ["Estate", "Village"], ["10 Copper"])
    play_all(g, "play Estate", "play Village")
    finish_turn(g)
    assert names(g.player("Ann").play) == [] and kept(g) == []


@BOTH
def test_inheritance_each_estate_tracks_only_its_own_play(ruleset):
    """Rule duration.command-tracking with rule duration.rest-of-game (Hireling FAQ 2015): the
    first Estate's Throne Room played Hireling twice, so that Estate stays for the rest of the
    game; a later Estate whose play of the same set-aside Throne Room played only Village
    leaves in its own Clean-up, and the first one stays."""
    g = estate_under_throne_room(ruleset, ["Estate", "Hireling"],
                                 ["Estate", "Village", "10 Copper"])
    play_all(g, "play Estate", "play Hireling")
    to_next_own_turn(g)
    ann = g.player("Ann")
    assert names(ann.play) == ["Estate", "Hireling"]
    play_all(g, "play Estate", "play Village")
    finish_turn(g)
    assert names(ann.play) == ["Estate", "Hireling"]
    assert entries(g, "discards", "Ann")[-1].cards == ("Estate", "Village")


@BOTH
def test_inheritance_not_offered_with_estate_token_preset(ruleset):
    """Ruling inheritance.once-per-game (Adventures rulebook 2015, card FAQ: Inheritance): a
    player whose Estate token is already on a card has bought Inheritance: never again."""
    g = position(["Port", "Village"], ruleset=ruleset, phase="buy", events=["Inheritance"],
                 turn={"coins": 7}, ann={"estate_token": "Port"})
    assert "buy Inheritance" not in g.legal()


# == More on Mission, Messenger and gains from Events ==========================================

@BOTH
def test_mission_no_extra_turn_when_the_game_ends(ruleset):
    """Rule turn.end (Dominion rulebook, End of the game; rule turn.extra): the game-end check
    comes first: Ann buys Mission and the last Province: the game is over, no extra turn."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Mission"],
                 piles={"Province": 1}, turn={"coins": 12, "buys": 2},
                 ann={"deck": ["5 Copper"]})
    g.answer("buy Mission")
    g.answer("buy Province")
    assert g.over and g.pending is None
    assert g.state.turn.number == 1 and g.winners == ["Ann"]


@BOTH
def test_seaway_gaining_messenger(ruleset):
    """Rulings messenger.first-gain-buy-phase-current (Dominion Strategy Wiki, Messenger: a
    Messenger gained other ways in the Buy phase also counts) and messenger.first-buy-2015
    (2015: only buying it): Seaway gains a Messenger in the Buy phase: the gift under the
    current text only."""
    g = position(["Messenger", "Village"], ruleset=ruleset, phase="buy", events=["Seaway"],
                 turn={"coins": 5, "buys": 2})
    g.answer("buy Seaway")
    g.answer("gain Messenger")
    if ruleset == "current":
        assert g.pending.card == "Messenger"
        g.answer("gain Silver")
        assert names(g.player("Bob").discard) == ["Silver"]
    else:
        assert g.pending.rule == "turn.buy" and names(g.player("Bob").discard) == []
    assert g.player("Ann").tokens["+1 Buy"] == "Messenger"


@BOTH
def test_inherited_estate_played_by_throne_room_current_and_2015(ruleset):
    """Rulings inheritance.estates-copy-2015 and inheritance.command-play-current: Throne Room
    plays an Estate (inherited Port) twice: +2 Cards +4 Actions under both rulesets."""
    g = position(["Port", "Throne Room"], ruleset=ruleset,
                 ann={"hand": ["Throne Room", "Estate"], "deck": ["5 Copper"],
                      "estate_token": "Port"})
    g.answer("play Throne Room")
    g.answer("play Estate")
    assert g.state.turn.actions == 4 and names(g.player("Ann").hand) == ["Copper", "Copper"]
    assert names(g.player("Ann").aside) == ["Port"]


@BOTH
def test_once_per_turn_event_again_in_the_extra_turn(ruleset):
    """Rules event.once-per-turn and turn.extra (Mission FAQ 2015: the extra turn is a complete,
    normal turn): Alms bought in Ann's turn may be bought again in her Mission turn."""
    g = position(["Village"], ruleset=ruleset, phase="buy", events=["Alms", "Mission"],
                 turn={"coins": 4, "buys": 2}, ann={"deck": ["10 Estate"]})
    g.answer("buy Alms")
    g.answer("gain Village")
    g.answer("buy Mission")
    assert whose(g) == "Ann" and g.state.turn.extra
    to_buy(g)
    assert "buy Alms" in g.legal()
    g.answer("buy Alms")
    g.answer("gain Silver")
    assert [(e.turn, e.cards) for e in entries(g, "gains", "Ann")] == [(1, ("Village",)),
                                                                        (2, ("Silver",))]


def test_a_mission_that_would_give_a_third_turn_says_so_when_bought():
    """Ruling mission.third-turn-current (wiki, Mission, current text): bought twice in one
    turn, the second Mission would give a 3rd turn in a row; the log says so when it is bought
    (it said "will take an extra turn") and again when the turn ends."""
    g = position([], phase="buy", events=["Mission"], turn={"buys": 2},
                 ann={"hand": ["5 Gold"], "deck": ["10 Copper"]}, bob={"deck": ["5 Copper"]})
    play_all(g, "play all Treasures", "buy Mission", "buy Mission")
    assert [e.text() for e in g.log if e.verb.startswith("will take")] == [
        "Ann will take an extra turn, in which they can't buy cards [turn.extra]",
        "Ann will take no extra turn (it would be a 3rd turn in a row) [turn.extra]"]


def test_missions_once_per_turn_belongs_to_its_2015_text():
    """Mission's 2015 text begins "Once per turn"; its 2023 text does not (wiki: Mission,
    errata of 2023). The limit follows the text in use, the ruleset's unless a scenario names
    another (setup.texts)."""
    from dominion_tavern.rulebook.carddata import EVENTS

    mission = EVENTS["Mission"]
    assert (mission.once("2015"), mission.once("current")) == ("turn", None)
    assert mission.once("current", mission.named_text("2015")) == "turn"
    assert EVENTS["Alms"].once("current") == "turn" and EVENTS["Inheritance"].once() == "game"
