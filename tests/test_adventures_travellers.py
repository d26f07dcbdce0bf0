"""Adventures Travellers: Page, Treasure Hunter, Warrior, Hero (Champion's line) and Peasant,
Soldier, Fugitive, Disciple (Teacher's line), and the exchange rules. One test per ruling in
``rulebook/data/rulings.toml`` (``Ruling <card>.<point>``), plus the Travellers section of the
Adventures rulebook (seed 001) and the pitfalls in ``shared/reference/pitfalls.md``."""

from __future__ import annotations

import pytest
from helpers import entries, names, pile, position, to_cleanup

RULESETS = ["2015", "current"]
SOLDIER_LINE = ["Peasant"]
PAGE_LINE = ["Page"]
BOTH_LINES = ["Page", "Peasant"]


# -- the exchange ------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_exchange_mechanics_returns_and_puts_next_into_discard(ruleset):
    """Ruling travellers.exchange-mechanics and peasant.exchange (Adventures rulebook 2015,
    Travellers section; card FAQ: Peasant): Peasant goes back to its pile, a Soldier from
    the Soldier pile goes to the discard pile."""
    g = position(SOLDIER_LINE, ruleset=ruleset, ann={"hand": ["Peasant"], "deck": ["5 Copper"]})
    g.answer("play Peasant")
    to_cleanup(g)
    assert g.pending.player == "Ann" and g.pending.rule == "traveller.order"
    assert g.legal() == ["exchange Peasant for Soldier", "continue"]
    before = pile(g, "Peasant"), pile(g, "Soldier")
    g.answer("exchange Peasant for Soldier")
    ann = g.player("Ann")
    assert names(ann.discard) == ["Soldier"]
    assert (pile(g, "Peasant"), pile(g, "Soldier")) == (before[0] + 1, before[1] - 1)
    assert g.state.supply["Peasant"].cards[-1].zone is g.state.supply["Peasant"]
    assert [e.rule for e in entries(g, "exchanges")] == ["traveller.exchange"]
    assert "Peasant" not in names(ann.play) + names(ann.hand) + names(ann.deck)


def test_page_exchange():
    """Ruling page.exchange (Adventures rulebook 2015, card FAQ: Page)."""
    g = position(PAGE_LINE, ann={"hand": ["Page"], "deck": ["6 Copper"]})
    g.answer("play Page")
    to_cleanup(g)
    assert g.legal() == ["exchange Page for Treasure Hunter", "continue"]
    g.answer("exchange Page for Treasure Hunter")
    assert names(g.player("Ann").discard) == ["Copper", "Treasure Hunter"]
    assert pile(g, "Treasure Hunter") == 4 and pile(g, "Page") == 10  # back to full


def test_exchange_is_optional():
    """Ruling travellers.exchange-optional (Adventures rulebook 2015, Travellers section)."""
    g = position(SOLDIER_LINE, ann={"hand": ["Peasant"], "deck": ["5 Copper"]})
    g.answer("play Peasant")
    to_cleanup(g)
    g.answer("continue")
    assert names(g.player("Ann").discard) == ["Peasant"]
    assert pile(g, "Soldier") == 5 and pile(g, "Peasant") == 9
    assert not entries(g, "exchanges")


@pytest.mark.parametrize(("card", "upgrade"), [
    ("Page", "Treasure Hunter"), ("Treasure Hunter", "Warrior"), ("Warrior", "Hero"),
    ("Hero", "Champion"), ("Peasant", "Soldier"), ("Soldier", "Fugitive"),
    ("Fugitive", "Disciple"), ("Disciple", "Teacher")])
def test_lines_one_step_per_exchange(card, upgrade):
    """Ruling travellers.lines (Adventures rulebook 2015, Travellers section): each exchange
    moves exactly one step along the line."""
    g = position(BOTH_LINES, phase="cleanup", ann={"play": [card], "deck": ["5 Copper"]})
    assert g.legal() == [f"exchange {card} for {upgrade}", "continue"]
    g.answer(f"exchange {card} for {upgrade}")
    assert names(g.player("Ann").discard) == [upgrade]
    assert card in g.state.pile(card).names()


def test_champion_and_teacher_are_not_travellers():
    """Ruling travellers.end-not-traveller (Adventures rulebook 2015, Travellers section):
    a Teacher discarded from play (after being called) offers no exchange; Champion has no
    line to go on."""
    g = position(BOTH_LINES, phase="cleanup",
                 ann={"play": ["Teacher", {"card": "Champion", "earlier": True}],
                      "deck": ["5 Copper"]})
    assert g.state.turn.player.name == "Bob"  # nothing was asked of Ann
    assert names(g.player("Ann").discard) == ["Teacher"]
    assert names(g.player("Ann").play) == ["Champion"]
    assert not entries(g, "exchanges")


def test_exchange_needs_a_copy_in_the_pile():
    """Ruling travellers.exchange-needs-copy (Adventures rulebook 2015, Travellers section):
    with the Soldier pile empty, Peasant stays a Peasant (no exchange is even offered)."""
    g = position(SOLDIER_LINE, phase="cleanup", piles={"Soldier": 0},
                 ann={"play": ["Peasant"], "deck": ["5 Copper"]})
    assert g.state.turn.player.name == "Bob"
    assert names(g.player("Ann").discard) == ["Peasant"]
    assert pile(g, "Peasant") == 9


def test_soldier_then_peasant_with_empty_soldier_pile():
    """Ruling travellers.discard-order (Adventures rulebook 2015, Travellers section, the
    Soldier-then-Peasant example): no Soldier in the pile; exchange Soldier for Fugitive
    first, then Peasant for that very Soldier."""
    g = position(SOLDIER_LINE, phase="cleanup", piles={"Soldier": 0},
                 ann={"play": ["Peasant", "Soldier"], "deck": ["5 Copper"]})
    # Peasant first is impossible: the Soldier pile is empty
    assert g.legal() == ["exchange Soldier for Fugitive", "continue"]
    soldier = next(c for c in g.player("Ann").discard.cards if c.name == "Soldier")
    g.answer("exchange Soldier for Fugitive")
    assert g.legal() == ["exchange Peasant for Soldier", "continue"]
    g.answer("exchange Peasant for Soldier")
    ann = g.player("Ann")
    assert sorted(names(ann.discard)) == ["Fugitive", "Soldier"]
    assert soldier.zone is ann.discard  # the same card went back and came out again
    assert pile(g, "Soldier") == 0 and pile(g, "Fugitive") == 4 and pile(g, "Peasant") == 10


def test_discard_order_is_the_players_choice():
    """Ruling travellers.discard-order (Adventures rulebook 2015, Travellers section): the
    owner picks which Traveller to exchange first; both orders are offered."""
    g = position(BOTH_LINES, phase="cleanup",
                 ann={"play": ["Page", "Peasant"], "deck": ["5 Copper"]})
    assert g.pending.kind == "order"
    assert g.legal() == ["exchange Page for Treasure Hunter", "exchange Peasant for Soldier",
                         "continue"]
    g.answer("exchange Peasant for Soldier")
    assert g.legal() == ["exchange Page for Treasure Hunter", "continue"]
    g.answer("continue")
    assert sorted(names(g.player("Ann").discard)) == ["Page", "Soldier"]


def test_no_exchange_for_an_unplayed_traveller_discarded_in_cleanup():
    """Ruling travellers.exchange-from-play-only (Adventures rulebook 2015, Travellers
    section): an unplayed Peasant discarded from hand in Clean-up is not exchanged; only the
    one discarded from play is offered."""
    g = position(BOTH_LINES, ann={"hand": ["Peasant", "Peasant", "Page"], "deck": ["5 Copper"]})
    g.answer("play Peasant")
    to_cleanup(g)
    assert g.legal() == ["exchange Peasant for Soldier", "continue"]
    g.answer("exchange Peasant for Soldier")
    assert sorted(names(g.player("Ann").discard)) == ["Page", "Peasant", "Soldier"]
    assert g.state.turn.player.name == "Bob"


def test_no_exchange_with_nothing_played():
    """Ruling travellers.exchange-from-play-only: unplayed Travellers in hand are simply
    discarded (nothing is asked)."""
    g = position(BOTH_LINES, ann={"hand": ["Peasant", "Page"], "deck": ["5 Copper"]})
    to_cleanup(g)
    assert g.state.turn.player.name == "Bob"
    assert sorted(names(g.player("Ann").discard)) == ["Page", "Peasant"]


def test_no_exchange_for_a_traveller_discarded_from_hand_by_militia():
    """Ruling travellers.exchange-from-play-only (Adventures rulebook 2015, Travellers
    section): Bob discarding Page from his hand to Militia may not exchange it."""
    g = position(["Militia", "Page"], ann={"hand": ["Militia"], "deck": ["5 Copper"]},
                 bob={"hand": ["Page", "Copper", "Copper", "Estate", "Estate"]})
    g.answer("play Militia")
    g.answer("discard: Page, Estate")
    assert g.pending.player == "Ann" and g.pending.rule == "turn.buy"
    to_cleanup(g)
    assert g.state.turn.player.name == "Bob"
    assert names(g.player("Bob").discard) == ["Page", "Estate"]
    assert pile(g, "Treasure Hunter") == 5
    assert not entries(g, "exchanges")


def test_exchange_is_not_gaining_duplicate_not_offered():
    """Ruling travellers.exchange-not-gain (Adventures rulebook 2015, Travellers section): no
    when-gain ability fires: Duplicate on the mat is not offered for the Soldier."""
    g = position(["Peasant", "Duplicate"], phase="cleanup",
                 ann={"play": ["Peasant"], "mat": ["Duplicate"], "deck": ["5 Copper"]})
    g.answer("exchange Peasant for Soldier")
    assert g.state.turn.player.name == "Bob"  # nothing more was offered to Ann
    assert names(g.player("Ann").mat) == ["Duplicate"]
    assert not entries(g, "gains")
    assert g.state.trash.cards == []  # nor trashing


def test_exchange_is_not_gaining_for_treasure_hunter():
    """Ruling travellers.exchange-not-gain (Adventures rulebook 2015, Travellers section) and
    pitfall "exchange implemented as a gain": Ann's exchange is not counted by Bob's
    Treasure Hunter on his next turn."""
    g = position(BOTH_LINES, ann={"hand": ["Peasant"], "deck": ["5 Copper"]},
                 bob={"hand": ["Treasure Hunter"], "deck": ["5 Copper"]})
    g.answer("play Peasant")
    to_cleanup(g)
    g.answer("exchange Peasant for Soldier")
    assert g.state.turn.player.name == "Bob"
    g.answer("play Treasure Hunter")
    assert names(g.player("Bob").discard) == []
    assert pile(g, "Silver") == 40
    assert g.state.turn.coins == 1 and g.state.turn.actions == 1


def test_exchange_is_not_gaining_travelling_fair():
    """Rulings travellers.exchange-not-gain and travelling-fair.not-exchange (Adventures
    rulebook 2015, Travellers section; card FAQ: Travelling Fair): after Travelling Fair the
    Soldier from an exchange goes to the discard pile; no topdeck choice is offered."""
    g = position(SOLDIER_LINE, events=["Travelling Fair"], turn={"coins": 1},
                 ann={"hand": ["Peasant"], "deck": ["5 Copper"]})
    g.answer("play Peasant")
    g.answer("buy Travelling Fair")
    to_cleanup(g)
    assert g.legal() == ["exchange Peasant for Soldier", "continue"]
    g.answer("exchange Peasant for Soldier")
    assert g.state.turn.player.name == "Bob"
    assert names(g.player("Ann").discard) == ["Soldier"]
    assert names(g.player("Ann").hand) == ["Copper"] * 5


def test_upgrades_are_not_in_the_supply_cannot_be_bought():
    """Ruling travellers.supply-only-first (Adventures rulebook 2015, Travellers section):
    only Page and Peasant can be bought."""
    g = position(BOTH_LINES, phase="buy", turn={"coins": 8})
    buys = [a for a in g.legal() if a.startswith("buy ")]
    assert "buy Page" in buys and "buy Peasant" in buys
    for name in ("Treasure Hunter", "Warrior", "Hero", "Champion", "Soldier", "Fugitive",
                 "Disciple", "Teacher"):
        assert f"buy {name}" not in buys
        assert name in g.state.nonsupply and name not in g.state.supply


def test_upgrades_cannot_be_gained_by_workshop():
    """Ruling travellers.supply-only-first (Adventures rulebook 2015, Travellers section):
    Workshop (up to $4) offers Page and Peasant but no Soldier, Treasure Hunter, Fugitive or
    Warrior."""
    g = position(["Workshop", *BOTH_LINES], ann={"hand": ["Workshop"]})
    g.answer("play Workshop")
    assert g.legal() == ["gain Copper", "gain Silver", "gain Estate", "gain Curse",
                         "gain Workshop", "gain Page", "gain Peasant"]


def test_empty_upgrade_piles_do_not_end_the_game():
    """Ruling travellers.non-supply-empty-ignored (Adventures rulebook 2015, Travellers
    section): Curse, Estate and Treasure Hunter empty: the game goes on."""
    g = position(PAGE_LINE, phase="cleanup", piles={"Curse": 0, "Estate": 0,
                                                    "Treasure Hunter": 0})
    assert not g.over
    assert g.state.turn.player.name == "Bob"


def test_three_empty_supply_piles_do_end_the_game():
    """Rule game.end (the counterpart of travellers.non-supply-empty-ignored): three empty
    Supply piles end the game."""
    g = position(PAGE_LINE, phase="cleanup", piles={"Curse": 0, "Estate": 0, "Page": 0})
    assert g.over


def test_empty_upgrade_piles_do_not_count_for_city():
    """Ruling travellers.non-supply-empty-ignored (Adventures rulebook 2015, Travellers
    section: City): with Soldier and Fugitive piles empty and no empty Supply pile, City
    gives just +1 Card +2 Actions."""
    g = position(["City", *SOLDIER_LINE], piles={"Soldier": 0, "Fugitive": 0},
                 ann={"hand": ["City"], "deck": ["5 Copper"]})
    g.answer("play City")
    assert names(g.player("Ann").hand) == ["Copper"]
    assert (g.state.turn.actions, g.state.turn.coins, g.state.turn.buys) == (2, 0, 1)


# -- Page and Peasant --------------------------------------------------------------------------

def test_page_on_play():
    """Ruling page.on-play (Adventures rulebook 2015, card FAQ: Page)."""
    g = position(PAGE_LINE, ann={"hand": ["Page"], "deck": ["Gold", "Copper"]})
    g.answer("play Page")
    assert names(g.player("Ann").hand) == ["Gold"]
    assert g.state.turn.actions == 1


def test_peasant_on_play():
    """Ruling peasant.on-play (Adventures rulebook 2015, card FAQ: Peasant)."""
    g = position(SOLDIER_LINE, ann={"hand": ["Peasant"], "deck": ["Gold"]})
    g.answer("play Peasant")
    t = g.state.turn
    assert (t.buys, t.coins, t.actions) == (2, 1, 0)
    assert names(g.player("Ann").hand) == []


# -- Treasure Hunter ---------------------------------------------------------------------------

def test_treasure_hunter_counts_all_gains_of_the_right_players_last_turn():
    """Ruling treasure-hunter.counts-all-gains and treasure-hunter.silvers-to-discard
    (Adventures rulebook 2015, card FAQ: Treasure Hunter): Bob gained a Silver with Workshop
    and bought a Duchy on his turn: Ann's Treasure Hunter gains 2 Silvers to her discard."""
    g = position(["Workshop", *PAGE_LINE], turn={"player": "Bob", "coins": 5},
                 bob={"hand": ["Workshop"], "deck": ["5 Copper"]},
                 ann={"hand": ["Treasure Hunter"], "deck": ["5 Copper"]})
    g.answer("play Workshop")
    g.answer("gain Silver")
    g.answer("buy Duchy")
    assert g.state.turn.player.name == "Ann"
    g.answer("play Treasure Hunter")
    ann = g.player("Ann")
    assert names(ann.discard) == ["Silver", "Silver"]
    assert pile(g, "Silver") == 40 - 1 - 2
    assert (g.state.turn.actions, g.state.turn.coins) == (1, 1)


def test_treasure_hunter_ignores_gains_on_other_players_turns():
    """Pitfall "Treasure Hunter counting gains made during your own turn" (ruling
    treasure-hunter.counts-all-gains: "during their most recent turn"): Bob's Curse from
    Ann's Witch does not count; Bob gained nothing on his own turn."""
    g = position(["Witch", *PAGE_LINE],
                 ann={"hand": ["Witch"], "deck": ["Copper", "Copper", "Treasure Hunter",
                                                 "4 Copper"]},
                 bob={"deck": ["5 Copper"]})
    g.answer("play Witch")
    assert names(g.player("Bob").discard) == ["Curse"]
    to_cleanup(g)
    to_cleanup(g)  # Bob's turn: he gains nothing
    assert g.state.turn.player.name == "Ann"
    g.answer("play Treasure Hunter")
    assert "Silver" not in names(g.player("Ann").discard)
    assert pile(g, "Silver") == 40
    assert (g.state.turn.actions, g.state.turn.coins) == (1, 1)


def test_treasure_hunter_counts_the_player_to_the_right():
    """Ruling treasure-hunter.counts-all-gains: with three players the player to Ann's right
    is Cid (not Bob, who bought on his turn)."""
    g = position(PAGE_LINE, turn={"player": "Bob", "coins": 6, "buys": 2},
                 bob={"deck": ["5 Copper"]}, cid={"deck": ["5 Copper"]},
                 ann={"hand": ["Treasure Hunter"], "deck": ["5 Copper"]})
    g.answer("buy Silver")
    g.answer("buy Silver")
    assert g.state.turn.player.name == "Cid"
    g.answer("buy Copper")
    assert g.state.turn.player.name == "Ann"
    g.answer("play Treasure Hunter")
    assert names(g.player("Ann").discard) == ["Silver"]


# -- Warrior -----------------------------------------------------------------------------------

def test_warrior_counts_travellers_in_play_not_in_hand():
    """Ruling warrior.count-travellers-in-play (Adventures rulebook 2015, card FAQ: Warrior;
    pitfall "Warrior counting Travellers in hand"): Peasant, Fugitive and Warrior in play,
    Page in hand: Bob discards 3 cards, trashing those costing $3 or $4."""
    g = position(BOTH_LINES, ann={"play": ["Peasant", "Fugitive"], "hand": ["Warrior", "Page"],
                                  "deck": ["2 Copper"]},
                 bob={"deck": ["Silver", "Estate", "Workshop", "Gold"]})
    g.answer("play Warrior")
    bob = g.player("Bob")
    assert names(bob.discard) == ["Estate"]
    assert names(g.state.trash) == ["Silver", "Workshop"]
    assert names(bob.deck) == ["Gold"]
    assert names(g.player("Ann").hand) == ["Page", "Copper", "Copper"]


def test_warrior_counts_itself():
    """Ruling warrior.count-travellers-in-play (Adventures rulebook 2015, card FAQ: Warrior):
    alone in play, Warrior makes each other player lose 1 card."""
    g = position(PAGE_LINE, ann={"hand": ["Warrior"], "deck": ["2 Copper"]},
                 bob={"deck": ["Estate", "Silver"]})
    g.answer("play Warrior")
    assert names(g.player("Bob").discard) == ["Estate"]
    assert names(g.player("Bob").deck) == ["Silver"]
    assert g.state.trash.cards == []


@pytest.mark.parametrize(("top", "trashed"), [
    ("Copper", False), ("Estate", False), ("Silver", True), ("Smithy", True),
    ("Duchy", False), ("Gold", False), ("Curse", False)])
def test_warrior_trashes_only_exactly_3_or_4(top, trashed):
    """Ruling warrior.exact-3-or-4 (Adventures rulebook 2015, card FAQ: Warrior)."""
    g = position(["Smithy", *PAGE_LINE], ann={"hand": ["Warrior"], "deck": ["2 Copper"]},
                 bob={"deck": [top]})
    g.answer("play Warrior")
    assert names(g.state.trash) == ([top] if trashed else [])
    assert names(g.player("Bob").discard) == ([] if trashed else [top])


@pytest.mark.parametrize("top", ["Soldier", "Warrior", "Treasure Hunter", "Fugitive"])
def test_warrior_trashes_asterisk_costs(top):
    """Ruling warrior.asterisk-costs (Adventures rulebook 2015, card FAQ: Warrior): $3* and
    $4* cards are trashed (to the trash, not back to their pile)."""
    g = position(BOTH_LINES, ann={"hand": ["Warrior"], "deck": ["2 Copper"]},
                 bob={"deck": [top]})
    before = pile(g, top)
    g.answer("play Warrior")
    assert names(g.state.trash) == [top]
    assert pile(g, top) == before


def test_warrior_champion_and_teacher_do_not_count():
    """Ruling warrior.champion-teacher-not-travellers (Adventures rulebook 2015, card FAQ:
    Warrior): Champion in play (and Teacher called into play) add nothing."""
    g = position(BOTH_LINES, ann={"hand": ["Warrior"], "deck": ["2 Copper"],
                                  "play": [{"card": "Champion", "earlier": True}, "Teacher"]},
                 bob={"deck": ["Estate", "Estate", "Estate"]})
    g.answer("play Warrior")
    assert names(g.player("Bob").discard) == ["Estate"]
    assert len(g.player("Bob").deck) == 2


def test_warrior_turn_order():
    """Ruling warrior.turn-order (Adventures rulebook 2015, card FAQ: Warrior): Bob (on Ann's
    left) loses all his cards first, then Cid."""
    g = position(PAGE_LINE, ann={"hand": ["Warrior"], "play": ["Page"], "deck": ["2 Copper"]},
                 bob={"deck": ["Silver", "Estate"]}, cid={"deck": ["Estate", "Silver"]})
    g.answer("play Warrior")
    moves = [(e.player, e.verb, e.cards) for e in g.log
             if e.verb in ("discards", "trashes") and e.player in ("Bob", "Cid")]
    assert moves == [("Bob", "discards", ("Silver",)), ("Bob", "trashes", ("Silver",)),
                     ("Bob", "discards", ("Estate",)),
                     ("Cid", "discards", ("Estate",)), ("Cid", "discards", ("Silver",)),
                     ("Cid", "trashes", ("Silver",))]


def test_warrior_blocked_by_moat():
    """Warrior is an Attack (rule attack.reaction): Moat keeps Bob's deck intact."""
    g = position(["Moat", *PAGE_LINE], ann={"hand": ["Warrior"], "deck": ["2 Copper"]},
                 bob={"hand": ["Moat"], "deck": ["Silver"]})
    g.answer("play Warrior")
    assert g.pending.player == "Bob"
    g.answer("reveal Moat")
    assert names(g.player("Bob").deck) == ["Silver"]
    assert g.state.trash.cards == []


# -- Hero --------------------------------------------------------------------------------------

def test_hero_on_play():
    """Ruling hero.on-play (Adventures rulebook 2015, card FAQ: Hero)."""
    g = position(PAGE_LINE, ann={"hand": ["Hero"]})
    g.answer("play Hero")
    assert g.state.turn.coins == 2


def test_hero_gains_any_treasure_from_the_supply():
    """Ruling hero.gain-treasure (Adventures rulebook 2015, card FAQ: Hero): any Treasure in
    the Supply (Relic, Coin of the Realm, Treasure Trove, Gold...), no cost limit; no
    non-Treasure, nothing from outside the Supply."""
    g = position([*PAGE_LINE, "Relic", "Coin of the Realm", "Treasure Trove"],
                 ann={"hand": ["Hero"]})
    g.answer("play Hero")
    assert g.legal() == ["gain Copper", "gain Silver", "gain Gold", "gain Relic",
                         "gain Coin of the Realm", "gain Treasure Trove"]
    g.answer("gain Relic")
    assert names(g.player("Ann").discard) == ["Relic"]
    assert g.state.turn.coins == 2


# -- Soldier -----------------------------------------------------------------------------------

def test_soldier_counts_other_attacks_in_play():
    """Ruling soldier.coin (Adventures rulebook 2015, card FAQ: Soldier): Militia in play:
    +$3."""
    g = position(["Militia", *SOLDIER_LINE], ann={"play": ["Militia"], "hand": ["Soldier"]},
                 turn={"coins": 2})
    g.answer("play Soldier")
    assert g.state.turn.coins == 2 + 3


def test_soldier_alone_gives_2():
    """Ruling soldier.coin: no other Attack in play (a non-Attack Peasant does not count)."""
    g = position(SOLDIER_LINE, ann={"play": ["Peasant"], "hand": ["Soldier"]})
    g.answer("play Soldier")
    assert g.state.turn.coins == 2


def test_soldier_discard_only_with_4_or_more_cards():
    """Ruling soldier.discard-4plus (Adventures rulebook 2015, card FAQ: Soldier): Bob with 4
    cards discards one; Cid with 3 does not."""
    g = position(SOLDIER_LINE, ann={"hand": ["Soldier"]},
                 bob={"hand": ["Copper", "Copper", "Estate", "Gold"]},
                 cid={"hand": ["Copper", "Estate", "Gold"]})
    g.answer("play Soldier")
    assert g.pending.player == "Bob"
    assert g.legal() == ["discard Copper", "discard Estate", "discard Gold"]
    g.answer("discard Estate")
    assert names(g.player("Bob").discard) == ["Estate"]
    assert names(g.player("Cid").hand) == ["Copper", "Estate", "Gold"]
    assert g.pending.player == "Ann"


def test_two_soldiers():
    """Ruling soldier.two-soldiers (Adventures rulebook 2015, card FAQ: Soldier): $2 then $3;
    Bob with 5 cards discards once per Soldier."""
    g = position(SOLDIER_LINE, ann={"hand": ["Soldier", "Soldier", "Disciple"]},
                 turn={"actions": 2},
                 bob={"hand": ["Copper", "Copper", "Copper", "Estate", "Estate"]})
    g.answer("play Soldier")
    assert g.state.turn.coins == 2
    g.answer("discard Estate")
    g.answer("play Soldier")
    assert g.state.turn.coins == 2 + 3
    g.answer("discard Estate")
    assert names(g.player("Bob").hand) == ["Copper", "Copper", "Copper"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_disciple_on_soldier_gives_no_extra_coin(ruleset):
    """Ruling soldier.in-play-not-played (Adventures rulebook 2015, card FAQ: Soldier): one
    Soldier card in play, played twice: +$2 and +$2; no copy (not in the Supply)."""
    g = position(SOLDIER_LINE, ruleset=ruleset, ann={"hand": ["Disciple", "Soldier"]})
    g.answer("play Disciple")
    g.answer("play Soldier")
    assert g.state.turn.coins == 4
    assert names(g.player("Ann").discard) == []
    assert pile(g, "Soldier") == 4  # the Soldier in hand came from it; none gained


def test_soldier_counts_a_duration_attack_from_an_earlier_turn():
    """Ruling soldier.durations-count (Adventures rulebook 2015, card FAQ: Soldier): Haunted
    Woods in play from last turn counts."""
    g = position(["Haunted Woods", *SOLDIER_LINE],
                 ann={"play": [{"card": "Haunted Woods", "earlier": True}], "hand": ["Soldier"]})
    g.answer("play Soldier")
    assert g.state.turn.coins == 3


# -- Fugitive ----------------------------------------------------------------------------------

def test_fugitive_order():
    """Ruling fugitive.order (Adventures rulebook 2015, card FAQ: Fugitive): +2 Cards and +1
    Action come first, then the discard from the whole hand."""
    g = position(SOLDIER_LINE, ann={"hand": ["Fugitive", "Estate"], "deck": ["Gold", "Silver"]})
    g.answer("play Fugitive")
    assert g.pending.card == "Fugitive"
    assert g.state.turn.actions == 1
    assert g.legal() == ["discard Estate", "discard Gold", "discard Silver"]


def test_fugitive_discards_any_card():
    """Ruling fugitive.any-card (Adventures rulebook 2015, card FAQ: Fugitive): the discarded
    card need not be a drawn one."""
    g = position(SOLDIER_LINE, ann={"hand": ["Fugitive", "Estate"], "deck": ["Gold", "Silver"]})
    g.answer("play Fugitive")
    g.answer("discard Estate")
    assert names(g.player("Ann").hand) == ["Gold", "Silver"]
    assert names(g.player("Ann").discard) == ["Estate"]


# -- Disciple ----------------------------------------------------------------------------------

def test_disciple_is_optional():
    """Ruling disciple.optional (Adventures rulebook 2015, card FAQ: Disciple)."""
    g = position(["Village", *SOLDIER_LINE], ann={"hand": ["Disciple", "Village"]})
    g.answer("play Disciple")
    assert g.legal() == ["play Village", "play nothing"]
    g.answer("play nothing")
    assert names(g.player("Ann").hand) == ["Village"]
    assert names(g.player("Ann").discard) == []


def test_disciple_plays_twice_then_gains_a_copy():
    """Ruling disciple.play-twice-then-gain (Adventures rulebook 2015, card FAQ: Disciple)."""
    g = position(["Village", *SOLDIER_LINE], ann={"hand": ["Disciple", "Village"],
                                                  "deck": ["Gold", "Silver"]})
    g.answer("play Disciple")
    g.answer("play Village")
    ann = g.player("Ann")
    assert names(ann.hand) == ["Gold", "Silver"]
    assert g.state.turn.actions == 4
    assert names(ann.discard) == ["Village"]
    assert pile(g, "Village") == 8  # 9 left by the one in hand, then one gained
    verbs = [e.verb for e in g.log if e.verb in ("plays", "gains")]
    assert verbs == ["plays", "plays", "plays", "gains"]


def test_disciple_copy_only_if_available():
    """Ruling disciple.copy-if-available (Adventures rulebook 2015, card FAQ: Disciple)."""
    g = position(["Village", *SOLDIER_LINE], piles={"Village": 0},
                 ann={"hand": ["Disciple", "Village"], "deck": ["Gold", "Silver"]})
    g.answer("play Disciple")
    g.answer("play Village")
    assert g.state.turn.actions == 4
    assert names(g.player("Ann").discard) == []
    assert [e.rule for e in entries(g, "gains nothing")] == ["gain.empty"]


def test_disciple_on_fugitive_plays_twice_no_copy():
    """Ruling disciple.non-supply-no-copy (Adventures rulebook 2015, card FAQ: Disciple)."""
    g = position(SOLDIER_LINE, ann={"hand": ["Disciple", "Fugitive", "Estate"],
                                    "deck": ["4 Copper"]})
    g.answer("play Disciple")
    g.answer("play Fugitive")
    g.answer("discard Estate")  # the second discard is forced: four Coppers
    ann = g.player("Ann")
    assert names(ann.hand) == ["Copper"] * 3
    assert g.state.turn.actions == 2
    assert names(ann.discard) == ["Estate", "Copper"]
    assert pile(g, "Fugitive") == 4  # the Fugitive in hand came from it; none gained


def test_disciple_plays_use_no_actions():
    """Ruling disciple.no-extra-actions (Adventures rulebook 2015, card FAQ: Disciple):
    Disciple on Smithy: the one Action went on Disciple, Smithy's two plays used none."""
    g = position(["Smithy", *SOLDIER_LINE], turn={"actions": 2},
                 ann={"hand": ["Disciple", "Smithy"], "deck": ["6 Copper"]})
    g.answer("play Disciple")
    g.answer("play Smithy")
    assert g.state.turn.actions == 1
    assert len(g.player("Ann").hand) == 6


def test_disciple_no_interleave():
    """Ruling disciple.no-interleave (Adventures rulebook 2015, card FAQ: Disciple): nothing
    is asked between the two plays; the other Village in hand waits."""
    g = position(["Village", *SOLDIER_LINE], ann={"hand": ["Disciple", "Village", "Village"],
                                                  "deck": ["2 Copper"]})
    g.answer("play Disciple")
    g.answer("play Village")
    plays = [(e.verb, e.cards, e.where) for e in g.log if e.verb in ("plays", "gains")]
    assert plays == [("plays", ("Disciple",), "from hand"), ("plays", ("Village",), "from hand"),
                     ("plays", ("Village",), "again"), ("gains", ("Village",), "")]
    assert names(g.player("Ann").hand) == ["Village", "Copper", "Copper"]


def test_disciple_on_artificer_action_math():
    """Ruling disciple.plus-action-math (Adventures rulebook 2015, card FAQ: Disciple): 1
    Action, Disciple (0 left) on Artificer: 2 Actions remain."""
    g = position(["Artificer", *SOLDIER_LINE], ann={"hand": ["Disciple", "Artificer"],
                                                    "deck": ["2 Copper"]})
    g.answer("play Disciple")
    g.answer("play Artificer")
    for _ in range(2):
        g.answer("discard: nothing")
        g.answer("gain nothing")
    assert g.state.turn.actions == 2
    assert g.state.turn.coins == 2
    assert names(g.player("Ann").discard) == ["Artificer"]


def test_disciple_on_gear_stays_in_play():
    """Ruling disciple.duration-stays (Adventures rulebook 2015, card FAQ: Disciple): Disciple
    on Gear setting cards aside: both stay in play (Disciple is not exchanged) until the
    Clean-up of the next turn."""
    g = position(["Gear", *SOLDIER_LINE],
                 ann={"hand": ["Disciple", "Gear"], "deck": ["Gold", "Silver", "Estate",
                                                             "Estate", "15 Copper"]})
    g.answer("play Disciple")
    g.answer("play Gear")
    g.answer("set aside: Gold, Silver")
    g.answer("set aside: Estate, Estate")
    to_cleanup(g)
    ann = g.player("Ann")
    assert names(ann.play) == ["Disciple", "Gear"]
    assert g.state.turn.player.name == "Bob"  # no exchange offered
    to_cleanup(g)
    assert g.state.turn.player.name == "Ann"
    assert sorted(names(ann.hand)) == sorted(["Gold", "Silver", "Estate", "Estate"]
                                             + ["Copper"] * 5)
    to_cleanup(g)
    assert g.legal() == ["exchange Disciple for Teacher", "continue"]
    g.answer("exchange Disciple for Teacher")
    assert names(ann.play) == []
    assert "Teacher" in names(ann.discard) and "Gear" in names(ann.discard)
