"""Adventures Kingdom cards that are neither Duration, Reserve nor Traveller: Artificer,
Giant, Lost City, Magpie, Messenger, Port, Ranger, Raze, Relic, Storyteller, Treasure Trove.
One test per ruling in ``rulebook/data/rulings.toml`` (``Ruling <card>.<point>``), both
rulesets where the card changed, plus the token rules they touch (``token.journey``,
``token.minus-card``)."""

from __future__ import annotations

import pytest
from helpers import deck, entries, names, pile, play_all, position, to_cleanup

RULESETS = ["2015", "current"]


# -- Artificer ---------------------------------------------------------------------------------

def artificer(**kw):
    g = position(["Artificer", "Village", "Page", "Smithy"],
                 ann=kw.pop("ann", {"hand": ["Artificer", "Estate", "Estate", "Copper"],
                                    "deck": ["Gold", "Silver"]}), **kw)
    g.answer("play Artificer")
    return g


def test_artificer_bonuses_first():
    """Ruling artificer.bonuses-first (Adventures rulebook 2015, card FAQ: Artificer): the
    drawn card is among the cards to discard, the Action and $ are already there."""
    g = artificer()
    assert g.pending.card == "Artificer"
    assert (g.state.turn.actions, g.state.turn.coins) == (1, 1)
    assert names(g.player("Ann").hand) == ["Estate", "Estate", "Copper", "Gold"]
    assert "discard: Gold" in g.legal()


def test_artificer_discard_zero_allowed_and_gains_a_zero_cost_card():
    """Rulings artificer.discard-zero-allowed and artificer.zero-discard-zero-cost (Adventures
    rulebook 2015, card FAQ: Artificer): discard nothing, gain a $0 card (Copper or Curse)
    onto the deck."""
    g = artificer()
    assert "discard: nothing" in g.legal()
    g.answer("discard: nothing")
    assert g.legal() == ["gain Copper", "gain Curse", "gain nothing"]
    g.answer("gain Curse")
    ann = g.player("Ann")
    assert ann.deck.cards[-1].name == "Curse"
    assert names(ann.discard) == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_artificer_exact_cost_onto_deck(ruleset):
    """Rulings artificer.exact-cost and artificer.gain-onto-deck (Adventures rulebook 2015,
    card FAQ: Artificer): 2 cards discarded: only $2 cards (Estate, Page), not $0/$1/$3; the
    card goes on top of the deck, not to the discard pile."""
    g = artificer(ruleset=ruleset)
    g.answer("discard: Estate, Copper")
    assert g.legal() == ["gain Estate", "gain Page", "gain nothing"]
    g.answer("gain Page")
    ann = g.player("Ann")
    assert ann.deck.cards[-1].name == "Page"
    assert names(ann.discard) == ["Estate", "Copper"]
    assert [e.where for e in entries(g, "gains")] == ["onto their deck"]


def test_artificer_exact_cost_uses_the_current_cost():
    """Ruling artificer.exact-cost with rule card.cost: with Bridge Troll (current text) in
    play, cards cost $1 less: discarding 2 offers the $3 cards (Village, Silver) and not the
    $2 ones (now $1)."""
    g = artificer(ann={"hand": ["Artificer", "Estate", "Estate", "Copper"],
                       "deck": ["Gold", "Silver"], "play": ["Bridge Troll"]})
    g.answer("discard: Estate, Copper")
    assert g.legal() == ["gain Silver", "gain Village", "gain nothing"]


def test_artificer_gain_is_optional():
    """Ruling artificer.gain-optional (Adventures rulebook 2015, card FAQ: Artificer)."""
    g = artificer()
    g.answer("discard: Estate, Estate, Copper")
    assert g.legal() == ["gain Silver", "gain Village", "gain nothing"]
    g.answer("gain nothing")
    ann = g.player("Ann")
    assert names(ann.hand) == ["Gold"]
    assert names(ann.deck) == ["Silver"]
    assert not entries(g, "gains")


# -- Giant and Ranger: the Journey token -------------------------------------------------------

def test_giant_journey_starts_up_first_giant_gives_1():
    """Rulings giant.journey-starts-up and giant.face-down-coin (Adventures rulebook 2015, card
    FAQ: Giant): the first Giant turns the token face down: +$1, no attack."""
    g = position(["Giant"], ann={"hand": ["Giant"]}, bob={"deck": ["Copper"]})
    assert g.player("Ann").journey_up and g.player("Bob").journey_up
    g.answer("play Giant")
    assert g.state.turn.coins == 1
    assert not g.player("Ann").journey_up
    assert names(g.player("Bob").deck) == ["Copper"]
    assert pile(g, "Curse") == 10
    assert [e.rule for e in entries(g, "turns their Journey token face down")] == \
        ["token.journey"]


def test_giant_face_up_attacks():
    """Rulings giant.face-up-attack and giant.trash-or-curse (Adventures rulebook 2015, card
    FAQ: Giant): token face down -> up: +$5; Bob's Copper is discarded and he gains a Curse;
    Cid's Silver is trashed. Bob (on the left) goes first (ruling giant.turn-order)."""
    g = position(["Giant"], ann={"hand": ["Giant"], "journey": "down"},
                 bob={"deck": ["Copper", "Gold"]}, cid={"deck": ["Silver", "Gold"]})
    g.answer("play Giant")
    assert g.state.turn.coins == 5
    assert g.player("Ann").journey_up
    assert names(g.player("Bob").discard) == ["Copper", "Curse"]
    assert names(g.player("Cid").discard) == []
    assert names(g.state.trash) == ["Silver"]
    moves = [(e.player, e.verb) for e in g.log if e.player in ("Bob", "Cid")]
    assert moves == [("Bob", "reveals"), ("Bob", "discards"), ("Bob", "gains"),
                     ("Cid", "reveals"), ("Cid", "trashes")]


@pytest.mark.parametrize(("top", "trashed"), [
    ("Curse", False), ("Estate", False), ("Village", True), ("Smithy", True),
    ("Duchy", True), ("Gold", True), ("Province", False)])
def test_giant_trashes_3_to_6(top, trashed):
    """Ruling giant.trash-or-curse (Adventures rulebook 2015, card FAQ: Giant)."""
    g = position(["Giant", "Village", "Smithy"], ann={"hand": ["Giant"], "journey": "down"},
                 bob={"deck": [top]})
    g.answer("play Giant")
    assert names(g.state.trash) == ([top] if trashed else [])
    assert names(g.player("Bob").discard) == ([] if trashed else [top, "Curse"])


def test_giant_trashes_teacher():
    """Ruling giant.asterisk-costs (Adventures rulebook 2015, card FAQ: Giant): Teacher ($6*)
    is trashed."""
    g = position(["Giant", "Peasant"], ann={"hand": ["Giant"], "journey": "down"},
                 bob={"deck": ["Teacher"]})
    g.answer("play Giant")
    assert names(g.state.trash) == ["Teacher"]
    assert pile(g, "Curse") == 10


def test_giant_reactions_even_for_the_coin():
    """Ruling giant.react-even-on-coin (Adventures rulebook 2015, card FAQ: Giant): Bob may
    play Caravan Guard although this Giant only gives +$1."""
    g = position(["Giant", "Caravan Guard"], ann={"hand": ["Giant"]},
                 bob={"hand": ["Caravan Guard"], "deck": ["Silver"]})
    g.answer("play Giant")
    assert g.pending.player == "Bob"
    assert g.legal() == ["play Caravan Guard", "continue"]
    g.answer("play Caravan Guard")
    assert names(g.player("Bob").hand) == ["Silver"]
    assert g.state.turn.coins == 1


def test_ranger_buy_and_flip_face_down_draws_nothing():
    """Rulings ranger.buy-and-flip and ranger.face-up-draw (Adventures rulebook 2015, card
    FAQ: Ranger): the first Ranger turns the token face down: only +1 Buy."""
    g = position(["Ranger"], ann={"hand": ["Ranger"], "deck": ["6 Copper"]})
    g.answer("play Ranger")
    assert g.state.turn.buys == 2
    assert names(g.player("Ann").hand) == []
    assert not g.player("Ann").journey_up


def test_ranger_face_up_draws_5():
    """Ruling ranger.face-up-draw (Adventures rulebook 2015, card FAQ: Ranger)."""
    g = position(["Ranger"], ann={"hand": ["Ranger"], "deck": ["6 Copper"], "journey": "down"})
    g.answer("play Ranger")
    assert len(g.player("Ann").hand) == 5
    assert g.state.turn.buys == 2
    assert g.player("Ann").journey_up


def test_giant_then_ranger_share_the_token():
    """Ruling ranger.shared-token (Adventures rulebook 2015, card FAQ: Ranger): Giant turns it
    face down, then Ranger turns it face up and draws 5."""
    g = position(["Giant", "Ranger", "Village"],
                 ann={"hand": ["Village", "Giant", "Ranger"], "deck": ["Gold", "6 Copper"]})
    g.answer("play Village")
    g.answer("play Giant")
    assert g.state.turn.coins == 1
    g.answer("play Ranger")
    assert len(g.player("Ann").hand) == 1 + 5
    assert g.player("Ann").journey_up


# -- Lost City ---------------------------------------------------------------------------------

def test_lost_city_on_play():
    """Lost City: +2 Cards +2 Actions (card text)."""
    g = position(["Lost City"], ann={"hand": ["Lost City"], "deck": ["3 Copper"]})
    g.answer("play Lost City")
    assert names(g.player("Ann").hand) == ["Copper", "Copper"]
    assert g.state.turn.actions == 2


def test_lost_city_gain_others_draw():
    """Ruling lost-city.gain-others-draw (Adventures rulebook 2015, card FAQ: Lost City): Bob
    and Cid each draw a card; Ann does not."""
    g = position(["Lost City"], phase="buy", turn={"coins": 5, "buys": 2},
                 ann={"deck": ["Gold"]}, bob={"deck": ["Silver"]}, cid={"deck": ["Estate"]})
    g.answer("buy Lost City")
    assert names(g.player("Bob").hand) == ["Silver"]
    assert names(g.player("Cid").hand) == ["Estate"]
    assert names(g.player("Ann").hand) == []


def test_lost_city_any_gain_with_duplicate():
    """Ruling lost-city.any-gain (Adventures rulebook 2015, card FAQ: Lost City): buy Lost City
    and call Duplicate for a second: Bob draws 2 cards in all."""
    g = position(["Lost City", "Duplicate"], phase="buy", turn={"coins": 5, "buys": 2},
                 ann={"mat": ["Duplicate"]}, bob={"deck": ["Silver", "Gold", "Estate"]})
    g.answer("buy Lost City")
    assert g.legal() == ["Lost City: each other player draws a card", "call Duplicate"]
    g.answer("call Duplicate")
    assert names(g.player("Bob").hand) == ["Silver", "Gold"]
    assert names(g.player("Ann").discard) == ["Lost City", "Lost City"]


def test_lost_city_gained_by_workshop():
    """Ruling lost-city.any-gain: gained otherwise than by buying (Workshop cannot: $5; so
    Artificer discarding 5 cards)."""
    g = position(["Lost City", "Artificer"],
                 ann={"hand": ["Artificer", "5 Estate"], "deck": ["Copper"]},
                 bob={"deck": ["Silver"]})
    g.answer("play Artificer")
    g.answer("discard: Estate, Estate, Estate, Estate, Estate")
    g.answer("gain Lost City")
    assert names(g.player("Bob").hand) == ["Silver"]


# -- Magpie ------------------------------------------------------------------------------------

def magpie(top, **kw):
    g = position(["Magpie", "Village"], ann={"hand": ["Magpie"], "deck": ["Copper", top]},
                 **kw)
    g.answer("play Magpie")
    return g


def test_magpie_treasure_to_hand():
    """Ruling magpie.treasure-to-hand (Adventures rulebook 2015, card FAQ: Magpie)."""
    g = magpie("Gold")
    ann = g.player("Ann")
    assert names(ann.hand) == ["Copper", "Gold"]
    assert names(ann.discard) == [] and pile(g, "Magpie") == 9  # the one played came from it
    assert g.state.turn.actions == 1


@pytest.mark.parametrize("top", ["Village", "Estate"])
def test_magpie_action_or_victory_gains_magpie_card_stays_on_top(top):
    """Rulings magpie.action-victory-gain and magpie.non-treasure-stays (Adventures rulebook
    2015, card FAQ: Magpie; pitfall "Magpie putting a revealed card on the bottom"): the
    card stays on top of the deck."""
    g = position(["Magpie", "Village"],
                 ann={"hand": ["Magpie"], "deck": ["Copper", top, "Silver", "Gold"]})
    g.answer("play Magpie")
    ann = g.player("Ann")
    assert names(ann.hand) == ["Copper"]
    assert names(ann.discard) == ["Magpie"]
    assert ann.deck.cards[-1].name == top
    assert names(ann.deck) == ["Gold", "Silver", top]


def test_magpie_curse_stays_nothing_gained():
    """Ruling magpie.non-treasure-stays (Adventures rulebook 2015, card FAQ: Magpie): a Curse
    stays on top, nothing is gained."""
    g = position(["Magpie"], ann={"hand": ["Magpie"], "deck": ["Copper", "Curse", "Silver"]})
    g.answer("play Magpie")
    ann = g.player("Ann")
    assert names(ann.deck) == ["Silver", "Curse"]
    assert names(ann.discard) == [] and pile(g, "Magpie") == 9  # the one played came from it


def test_magpie_empty_pile():
    """Ruling magpie.empty-pile (Adventures rulebook 2015, card FAQ: Magpie)."""
    g = magpie("Estate", piles={"Magpie": 0})
    ann = g.player("Ann")
    assert names(ann.discard) == []
    assert ann.deck.cards[-1].name == "Estate"
    assert [e.rule for e in entries(g, "gains nothing")] == ["gain.empty"]


# -- Messenger ---------------------------------------------------------------------------------

def test_messenger_on_play():
    """Ruling messenger.on-play (Adventures rulebook 2015, card FAQ: Messenger)."""
    g = position(["Messenger"], ann={"hand": ["Messenger"], "deck": ["Gold", "Copper"],
                                     "discard": ["Estate"]})
    g.answer("play Messenger")
    assert (g.state.turn.buys, g.state.turn.coins) == (2, 2)
    assert g.legal() == ["put deck into discard pile", "keep deck"]
    g.answer("put deck into discard pile")
    ann = g.player("Ann")
    assert names(ann.deck) == []
    assert sorted(names(ann.discard)) == ["Copper", "Estate", "Gold"]


def test_messenger_keep_deck():
    """Ruling messenger.on-play: putting the deck away is optional."""
    g = position(["Messenger"], ann={"hand": ["Messenger"], "deck": ["Gold", "Copper"]})
    g.answer("play Messenger")
    g.answer("keep deck")
    assert names(g.player("Ann").deck) == ["Copper", "Gold"]


def test_messenger_is_not_discarding():
    """Ruling messenger.not-discarding (Adventures rulebook 2015, card FAQ: Messenger): the
    move is logged as putting the deck away, never as discarding."""
    g = position(["Messenger"], ann={"hand": ["Messenger"], "deck": ["Gold", "Copper"]})
    g.answer("play Messenger")
    g.answer("put deck into discard pile")
    moved = [e for e in entries(g, player="Ann") if set(e.cards) == {"Gold", "Copper"}]
    assert len(moved) == 1 and moved[0].verb != "discards"
    assert not entries(g, "discards", "Ann")
    assert sorted(names(g.player("Ann").discard)) == ["Copper", "Gold"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_messenger_gift_when_bought_first(ruleset):
    """Rulings messenger.first-buy-2015 / messenger.first-gain-buy-phase-current and
    messenger.gift-turn-order (Adventures rulebook 2015, card FAQ: Messenger; wiki): Ann
    gains first, then Bob, then Cid, each a copy of Ann's card."""
    g = position(["Messenger", "Village"], ruleset=ruleset, phase="buy", turn={"coins": 4})
    g.answer("buy Messenger")
    assert g.pending.player == "Ann" and g.pending.card == "Messenger"
    assert "gain Village" in g.legal() and "gain Gold" not in g.legal()
    g.answer("gain Village")
    order = [(e.player, e.cards) for e in entries(g, "gains")]
    gift = [("Ann", ("Village",)), ("Bob", ("Village",)), ("Cid", ("Village",))] \
        if "Cid" in [p.name for p in g.state.players] else \
        [("Ann", ("Village",)), ("Bob", ("Village",))]
    messenger = [("Ann", ("Messenger",))]
    # 2015: when you buy it (before it is gained); current: when you gain it
    assert order == (gift + messenger if ruleset == "2015" else messenger + gift)
    assert names(g.player("Bob").discard) == ["Village"]


def test_messenger_gift_three_players_pile_runs_out():
    """Ruling messenger.gift-runs-out (Adventures rulebook 2015, card FAQ: Messenger): 2
    Silvers left: Ann and Bob get one, Cid gets nothing."""
    g = position(["Messenger"], phase="buy", turn={"coins": 4, "buys": 2}, piles={"Silver": 2},
                 cid={"deck": []})
    g.answer("buy Messenger")
    g.answer("gain Silver")
    assert names(g.player("Ann").discard) == ["Messenger", "Silver"]
    assert names(g.player("Bob").discard) == ["Silver"]
    assert names(g.player("Cid").discard) == []
    assert [e.rule for e in entries(g, "gains nothing", "Cid")] == ["gain.empty"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_messenger_gift_of_a_messenger_brings_no_second_gift(ruleset):
    """Rulings messenger.first-buy-2015 / messenger.first-gain-buy-phase-current: Messengers
    handed out by the gift are not bought (2015), and are neither Ann's first gain of her Buy
    phase nor gained in Bob's Buy phase (current): no further gift."""
    g = position(["Messenger"], ruleset=ruleset, phase="buy", turn={"coins": 4, "buys": 2})
    g.answer("buy Messenger")
    g.answer("gain Messenger")
    assert g.pending.rule == "turn.buy" and g.pending.player == "Ann"
    assert names(g.player("Ann").discard) == ["Messenger", "Messenger"]
    assert names(g.player("Bob").discard) == ["Messenger"]
    assert pile(g, "Messenger") == 7


@pytest.mark.parametrize("ruleset", RULESETS)
def test_messenger_second_buy_no_gift(ruleset):
    """Rulings messenger.first-buy-2015 and messenger.first-gain-buy-phase-current: bought
    after another card, Messenger gives nothing (either ruleset)."""
    g = position(["Messenger"], ruleset=ruleset, phase="buy", turn={"coins": 4, "buys": 3})
    g.answer("buy Copper")
    g.answer("buy Messenger")
    assert names(g.player("Ann").discard) == ["Copper", "Messenger"]
    assert names(g.player("Bob").discard) == []


@pytest.mark.parametrize(("ruleset", "gift"), [("2015", True), ("current", False)])
def test_messenger_after_treasure_trove(ruleset, gift):
    """Rulings messenger.first-buy-2015 and messenger.first-gain-buy-phase-current: Treasure
    Trove gained Gold and Copper in the Buy phase; Messenger is still the first buy (2015:
    gift) but not the first card gained in the Buy phase (current: no gift)."""
    g = position(["Messenger", "Treasure Trove"], ruleset=ruleset, phase="buy",
                 turn={"coins": 2}, ann={"hand": ["Treasure Trove"]})
    g.answer("play Treasure Trove")
    g.answer("buy Messenger")
    if gift:
        g.answer("gain Silver")
    assert names(g.player("Bob").discard) == (["Silver"] if gift else [])


@pytest.mark.parametrize("ruleset", RULESETS)
def test_messenger_gained_in_action_phase_no_gift(ruleset):
    """Rulings messenger.first-buy-2015 (not bought) and messenger.first-gain-buy-phase-current
    (not in the Buy phase): Workshop gaining Messenger gives nothing."""
    g = position(["Messenger", "Workshop"], ruleset=ruleset, ann={"hand": ["Workshop"]})
    g.answer("play Workshop")
    g.answer("gain Messenger")
    assert names(g.player("Ann").discard) == ["Messenger"]
    assert names(g.player("Bob").discard) == []
    assert g.pending.rule == "turn.buy"


def test_messenger_current_first_gain_with_duplicate_resolved_first():
    """Ruling messenger.first-gain-buy-phase-current (wiki, Messenger, 2022 errata) and rule
    choice.simultaneous: Ann buys Messenger (her first gain of the Buy phase) and calls
    Duplicate before its when-gain: that Messenger still was the first card gained, so the
    gift happens (once: the Duplicate copy is the second gain)."""
    g = position(["Messenger", "Duplicate", "Village"], phase="buy", turn={"coins": 4},
                 ann={"mat": ["Duplicate"]})
    g.answer("buy Messenger")
    g.answer("call Duplicate")
    assert g.pending is not None and g.pending.card == "Messenger"
    g.answer("gain Village")
    assert names(g.player("Bob").discard) == ["Village"]


@pytest.mark.parametrize(("ruleset", "gift"), [("2015", False), ("current", True)])
def test_messenger_after_an_event(ruleset, gift):
    """Rulings messenger.first-buy-2015 ("Buy Borrow, then Messenger: no gift") and
    messenger.first-gain-buy-phase-current ("Buy Borrow, then Messenger: gift happens")."""
    g = position(["Messenger"], ruleset=ruleset, phase="buy", turn={"coins": 4},
                 events=["Borrow"])
    g.answer("buy Borrow")
    g.answer("buy Messenger")
    if gift:
        g.answer("gain Silver")
    assert names(g.player("Bob").discard) == (["Silver"] if gift else [])


@pytest.mark.parametrize(("ruleset", "gift"), [("2015", False), ("current", True)])
def test_messenger_gained_with_alms_in_the_buy_phase(ruleset, gift):
    """Rulings messenger.first-buy-2015 (only a buy counts) and
    messenger.first-gain-buy-phase-current ("a Messenger gained other ways in the Buy phase
    also counts"): Alms gains Messenger as Ann's first gain of her Buy phase."""
    g = position(["Messenger"], ruleset=ruleset, phase="buy", events=["Alms"],
                 turn={"buys": 2})
    g.answer("buy Alms")
    g.answer("gain Messenger")
    if gift:
        g.answer("gain Silver")
    assert names(g.player("Bob").discard) == (["Silver"] if gift else [])
    assert names(g.player("Ann").discard) == (["Messenger", "Silver"] if gift
                                              else ["Messenger"])


# -- Port --------------------------------------------------------------------------------------

def test_port_on_play():
    """Port: +1 Card +2 Actions (card text)."""
    g = position(["Port"], ann={"hand": ["Port"], "deck": ["2 Copper"]})
    g.answer("play Port")
    assert names(g.player("Ann").hand) == ["Copper"]
    assert g.state.turn.actions == 2


@pytest.mark.parametrize("ruleset", RULESETS)
def test_port_buy_gains_another(ruleset):
    """Ruling port.buy-gains-another (Adventures rulebook 2015, card FAQ: Port), and under the
    current text the second Port brings no third (ruling port.any-gain-extra-current)."""
    g = position(["Port"], ruleset=ruleset, phase="buy", turn={"coins": 4, "buys": 2})
    g.answer("buy Port")
    assert names(g.player("Ann").discard) == ["Port", "Port"]
    assert pile(g, "Port") == 10


@pytest.mark.parametrize(("ruleset", "ports"), [("2015", 1), ("current", 2)])
def test_port_gained_otherwise(ruleset, ports):
    """Rulings port.other-gain-no-extra-2015 and port.any-gain-extra-current (Adventures
    rulebook 2015, card FAQ: Port; wiki, Port, 2022 errata): Workshop gains a Port."""
    g = position(["Port", "Workshop"], ruleset=ruleset, ann={"hand": ["Workshop"]})
    g.answer("play Workshop")
    g.answer("gain Port")
    assert names(g.player("Ann").discard) == ["Port"] * ports
    assert pile(g, "Port") == 12 - ports


@pytest.mark.parametrize(("ruleset", "ports"), [("2015", 1), ("current", 2)])
def test_port_gained_with_alms(ruleset, ports):
    """Rulings port.other-gain-no-extra-2015 and port.any-gain-extra-current, their own
    example: "Alms gains a Port"."""
    g = position(["Port"], ruleset=ruleset, phase="buy", events=["Alms"], turn={"buys": 2})
    g.answer("buy Alms")
    g.answer("gain Port")
    assert names(g.player("Ann").discard) == ["Port"] * ports


@pytest.mark.parametrize(("ruleset", "offered"), [
    ("2015", ["call Duplicate", "continue"]),
    ("current", ["Port: gain another Port", "call Duplicate"])])
def test_port_when_gain_offered_only_where_it_does_something(ruleset, offered):
    """Rule choice.simultaneous with Port's text of each ruleset (2015: "when you buy this";
    current: "when you gain this"): Alms gains a Port with Duplicate on the mat. Only an
    ability that does something now is put in order with the call, under a label saying what
    it does (never an internal name such as "when-gain of Port")."""
    g = position(["Port", "Duplicate"], ruleset=ruleset, phase="buy", events=["Alms"],
                 turn={"coins": 0}, ann={"mat": ["Duplicate"]})
    g.answer("buy Alms")
    g.answer("gain Port")
    assert g.pending.prompt == "on gaining Port, which effect resolves next?"
    assert g.legal() == offered


def test_port_pile_size():
    """Ruling port.pile-size (Adventures rulebook 2015, card FAQ: Port): 12 Ports."""
    g = position(["Port"])
    assert pile(g, "Port") == 12


# -- Raze --------------------------------------------------------------------------------------

def test_raze_look_n():
    """Ruling raze.look-n (Adventures rulebook 2015, card FAQ: Raze): trash an Estate ($2):
    look at 2, one into hand, the other discarded."""
    g = position(["Raze"], ann={"hand": ["Raze", "Estate"], "deck": ["Gold", "Copper", "Silver"]})
    g.answer("play Raze")
    assert g.legal() == ["trash Raze (this)", "trash Estate"]
    g.answer("trash Estate")
    assert g.legal() == ["put into hand Gold", "put into hand Copper"]
    g.answer("put into hand Gold")
    ann = g.player("Ann")
    assert names(ann.hand) == ["Gold"]
    assert names(ann.discard) == ["Copper"]
    assert names(ann.deck) == ["Silver"]
    assert names(g.state.trash) == ["Estate"]
    assert g.state.turn.actions == 1


def test_raze_trash_itself_looks_at_2():
    """Ruling raze.trash-self (Adventures rulebook 2015, card FAQ: Raze)."""
    g = position(["Raze"], ann={"hand": ["Raze", "Copper"], "deck": ["Gold", "Estate", "Silver"]})
    g.answer("play Raze")
    g.answer("trash Raze (this)")
    assert g.legal() == ["put into hand Gold", "put into hand Estate"]
    g.answer("put into hand Gold")
    assert names(g.state.trash) == ["Raze"]
    assert names(g.player("Ann").hand) == ["Copper", "Gold"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_raze_trash_itself_with_cost_reduction_looks_at_1(ruleset):
    """Rulings raze.modified-cost and raze.trash-self (Adventures rulebook 2015, card FAQ:
    Raze): Bridge Troll in play makes Raze cost $1: look at 1 card only."""
    g = position(["Raze", "Bridge Troll"], ruleset=ruleset,
                 ann={"hand": ["Raze"], "play": ["Bridge Troll"],
                      "deck": ["Gold", "Estate", "Silver"]})
    g.answer("play Raze")
    g.answer("trash Raze (this)")  # then only Gold is seen: taken
    ann = g.player("Ann")
    assert names(ann.hand) == ["Gold"]
    assert names(ann.discard) == []
    assert names(ann.deck) == ["Silver", "Estate"]
    assert [e.cards for e in entries(g, "looks at")] == [("Gold",)]


def test_raze_zero_cost_looks_at_nothing():
    """Ruling raze.zero-cost-nothing (Adventures rulebook 2015, card FAQ: Raze)."""
    g = position(["Raze"], ann={"hand": ["Raze", "Copper", "Estate"], "deck": ["Gold"]})
    g.answer("play Raze")
    g.answer("trash Copper")
    ann = g.player("Ann")
    assert names(ann.hand) == ["Estate"]
    assert names(ann.deck) == ["Gold"]
    assert names(ann.discard) == []
    assert not entries(g, "looks at")


@pytest.mark.parametrize("twice_by", ["Throne Room", "Disciple"])
def test_raze_played_twice_may_choose_this_again(twice_by):
    """Ruling raze.choice-trashes-nothing (Dominion Strategy wiki, Raze, other rules
    clarifications): the first play trashes Raze; the second may still choose "trash Raze
    (this)" (not forced to trash from hand): nothing is trashed and no card is looked at."""
    g = position(["Raze", "Throne Room", "Peasant"],
                 ann={"hand": [twice_by, "Raze", "Estate"], "deck": ["Gold", "Silver", "Copper"]})
    g.answer(f"play {twice_by}")
    g.answer("play Raze")
    g.answer("trash Raze (this)")
    g.answer("put into hand Gold")
    assert g.pending.card == "Raze"
    assert g.legal() == ["trash Raze (this)", "trash Estate", "trash Gold"]
    g.answer("trash Raze (this)")
    ann = g.player("Ann")
    assert names(g.state.trash) == ["Raze"]
    assert sorted(names(ann.hand)) == ["Estate", "Gold"]
    assert deck(g, "Ann") == ["Copper"] and len(entries(g, "looks at")) == 1
    assert entries(g, "cannot trash")[0].text() == (
        "Ann cannot trash Raze (it is no longer in play but in the trash: Raze looks at no "
        "cards) [card.identity]")


def test_raze_played_twice_may_still_trash_from_hand():
    """Ruling raze.choice-trashes-nothing (wiki: Raze), the control: the second play may trash
    the Estate from hand instead, looking at 2 cards."""
    g = position(["Raze", "Throne Room"],
                 ann={"hand": ["Throne Room", "Raze", "Estate"],
                      "deck": ["Gold", "Silver", "Copper", "Duchy"]})
    play_all(g, "play Throne Room", "play Raze", "trash Raze (this)", "put into hand Gold",
             "trash Estate")
    assert g.legal() == ["put into hand Copper", "put into hand Duchy"]


def test_raze_empty_hand_may_choose_the_hand():
    """Ruling raze.choice-trashes-nothing (wiki: Raze): with an empty hand Raze may still
    choose "a card from your hand": nothing is trashed, Raze stays in play, nothing is seen."""
    g = position(["Raze"], ann={"hand": ["Raze"], "deck": ["Gold", "Silver"]})
    g.answer("play Raze")
    assert g.legal() == ["trash Raze (this)", "trash a card from your hand"]
    g.answer("trash a card from your hand")
    ann = g.player("Ann")
    assert names(ann.play) == ["Raze"] and names(g.state.trash) == []
    assert deck(g, "Ann") == ["Gold", "Silver"] and not entries(g, "looks at")
    assert entries(g, "trashes nothing")[0].rule == "choice.do-what-you-can"


def test_raze_minus_card_token_stays():
    """Ruling raze.minus-card-token (Adventures rulebook 2015, card FAQ: Raze) and rule look:
    looking is not drawing: Raze still looks at 2 and the -1 Card token stays on the deck,
    for the Clean-up draw (4 cards)."""
    g = position(["Raze"], ann={"hand": ["Raze", "Estate"], "minus_card": True,
                                "deck": ["Gold", "Copper", "6 Silver"]})
    g.answer("play Raze")
    g.answer("trash Estate")
    assert g.legal() == ["put into hand Gold", "put into hand Copper"]
    g.answer("put into hand Gold")
    ann = g.player("Ann")
    assert ann.minus_card
    to_cleanup(g)
    assert names(ann.hand) == ["Silver"] * 4
    assert not ann.minus_card


# -- Relic and the -1 Card token ---------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_relic_is_a_2_treasure(ruleset):
    """Ruling relic.treasure (Adventures rulebook 2015, card FAQ: Relic)."""
    g = position(["Relic"], ruleset=ruleset, phase="buy", ann={"hand": ["Relic"]})
    assert "play Relic" in g.legal()
    g.answer("play Relic")
    assert g.state.turn.coins == 2


@pytest.mark.parametrize("ruleset", RULESETS)
def test_relic_minus_card_token_hits_the_next_draw(ruleset):
    """Ruling relic.minus-card (Adventures rulebook 2015, card FAQ: Relic): Bob's and Cid's
    tokens go on their decks; Bob's Smithy on his turn draws 2, then the token is gone."""
    g = position(["Relic", "Smithy"], ruleset=ruleset, phase="buy",
                 ann={"hand": ["Relic"], "deck": ["5 Copper"]},
                 bob={"hand": ["Smithy"], "deck": ["6 Silver"]}, cid={"deck": ["5 Copper"]})
    g.answer("play Relic")
    assert g.player("Bob").minus_card and g.player("Cid").minus_card
    assert not g.player("Ann").minus_card
    to_cleanup(g)
    assert g.state.turn.player.name == "Bob"
    g.answer("play Smithy")
    assert names(g.player("Bob").hand) == ["Silver", "Silver"]
    assert not g.player("Bob").minus_card
    assert [e.rule for e in entries(g, "removes the -1 Card token", "Bob")] == \
        ["token.minus-card"]


def test_relic_blocked_by_moat():
    """Ruling relic.is-attack (Adventures rulebook 2015, card FAQ: Relic): Moat blocks it."""
    g = position(["Relic", "Moat"], phase="buy", ann={"hand": ["Relic"]},
                 bob={"hand": ["Moat"]})
    g.answer("play Relic")
    assert g.pending.player == "Bob"
    assert g.legal() == ["reveal Moat", "continue"]
    g.answer("reveal Moat")
    assert not g.player("Bob").minus_card
    assert g.state.turn.coins == 2


def test_relic_caravan_guard_draws_first():
    """Rulings relic.is-attack and relic.caravan-guard-order (Adventures rulebook 2015, card
    FAQ: Relic): Bob plays Caravan Guard, draws a full card, then gets the token."""
    g = position(["Relic", "Caravan Guard"], phase="buy", ann={"hand": ["Relic"]},
                 bob={"hand": ["Caravan Guard"], "deck": ["Gold", "Silver"]})
    g.answer("play Relic")
    assert g.legal() == ["play Caravan Guard", "continue"]
    g.answer("play Caravan Guard")
    bob = g.player("Bob")
    assert names(bob.hand) == ["Gold"]
    assert names(bob.play) == ["Caravan Guard"]
    assert bob.minus_card


def test_minus_card_token_on_the_cleanup_draw():
    """Rule token.minus-card (issue 3: "the -1 Card token against the Clean-up draw"): the
    Clean-up draw of 5 becomes 4."""
    g = position(["Village"], phase="cleanup", ann={"minus_card": True, "deck": ["6 Copper"]})
    assert names(g.player("Ann").hand) == ["Copper"] * 4
    assert not g.player("Ann").minus_card


# -- Storyteller -------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_storyteller_pays_all_coin(ruleset):
    """Rulings storyteller.pays-all-coin and storyteller.action-phase-treasures (Adventures
    rulebook 2015, card FAQ: Storyteller): $2 already, Storyteller plays a Silver: $0 left
    and 5 new cards under either ruleset; the Silver stays in play
    (storyteller.treasures-stay)."""
    g = position(["Storyteller"], ruleset=ruleset, turn={"coins": 2},
                 ann={"hand": ["Storyteller", "Silver"], "deck": ["7 Copper"]})
    g.answer("play Storyteller")
    assert g.legal() == ["play: nothing", "play: Silver"]
    g.answer("play: Silver")
    ann = g.player("Ann")
    assert g.state.turn.coins == 0
    assert names(ann.hand) == ["Copper"] * 5
    assert names(ann.play) == ["Storyteller", "Silver"]
    assert g.state.turn.actions == 1
    to_cleanup(g)  # Clean-up: the Silver is discarded from play with Storyteller
    assert [(e.cards, e.where) for e in entries(g, "discards", "Ann")] == [
        (("Copper",) * 5, "from hand"), (("Storyteller", "Silver"), "from play")]


def test_storyteller_own_coin_2015():
    """Ruling storyteller.own-coin-2015 (Adventures rulebook 2015, card FAQ: Storyteller): no
    $ and no Treasure: its +$1 is paid for 1 card."""
    g = position(["Storyteller"], ruleset="2015",
                 ann={"hand": ["Storyteller"], "deck": ["3 Copper"]})
    g.answer("play Storyteller")
    assert names(g.player("Ann").hand) == ["Copper"]
    assert g.state.turn.coins == 0


def test_storyteller_plus_card_current():
    """Ruling storyteller.plus-card-current (wiki, Storyteller, 2022 errata): no $, no
    Treasures: +1 Card and nothing paid."""
    g = position(["Storyteller"], ann={"hand": ["Storyteller"], "deck": ["3 Copper"]})
    g.answer("play Storyteller")
    assert names(g.player("Ann").hand) == ["Copper"]
    assert g.state.turn.coins == 0
    assert [e.verb for e in entries(g, player="Ann") if e.verb.startswith("pays")] == \
        ["pays $0"]


@pytest.mark.parametrize(("ruleset", "drawn"), [("2015", 4), ("current", 4)])
def test_storyteller_up_to_three_treasures(ruleset, drawn):
    """Ruling storyteller.pays-all-coin: at most 3 Treasures are played (2015: $1 + 3 = 4
    cards; current: +1 Card + 3 = 4 cards); the fourth Copper stays in hand."""
    g = position(["Storyteller"], ruleset=ruleset,
                 ann={"hand": ["Storyteller", "4 Copper"], "deck": ["6 Estate"]})
    g.answer("play Storyteller")
    assert "play: Copper, Copper, Copper, Copper" not in g.legal()
    g.answer("play: Copper, Copper, Copper")
    assert names(g.player("Ann").hand) == ["Copper"] + ["Estate"] * drawn
    assert g.state.turn.coins == 0


def test_storyteller_plays_relic_an_attack():
    """Ruling storyteller.action-phase-treasures: a Treasure played by Storyteller is played
    (Relic's attack happens, its $2 are paid)."""
    g = position(["Storyteller", "Relic"], ann={"hand": ["Storyteller", "Relic"],
                                                "deck": ["4 Copper"]})
    g.answer("play Storyteller")
    g.answer("play: Relic")
    assert g.player("Bob").minus_card
    assert len(g.player("Ann").hand) == 3


# -- Treasure Trove ----------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_treasure_trove(ruleset):
    """Rulings treasure-trove.treasure and treasure-trove.gains (Adventures rulebook 2015,
    card FAQ: Treasure Trove)."""
    g = position(["Treasure Trove"], ruleset=ruleset, phase="buy",
                 ann={"hand": ["Treasure Trove"]})
    g.answer("play Treasure Trove")
    assert g.state.turn.coins == 2
    assert names(g.player("Ann").discard) == ["Gold", "Copper"]


@pytest.mark.parametrize(("empty", "gained"), [("Gold", ["Copper"]), ("Copper", ["Gold"])])
def test_treasure_trove_one_pile_empty(empty, gained):
    """Ruling treasure-trove.one-empty (Adventures rulebook 2015, card FAQ: Treasure
    Trove)."""
    g = position(["Treasure Trove"], phase="buy", piles={empty: 0},
                 ann={"hand": ["Treasure Trove"]})
    g.answer("play Treasure Trove")
    assert names(g.player("Ann").discard) == gained
