"""The turn stepper, driven through its widgets in Python (the desk: tests/test_desk.py)."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from dominion_tavern.checker.format.load import load_scenario
from dominion_tavern.notebooks.widgets import PUZZLE_PATH, Stepper
from dominion_tavern.notebooks.widgets.stepper import random_outcome
from dominion_tavern.notebooks.widgets.teach import position
from dominion_tavern.rulebook.engine.chance import ChanceStep
from dominion_tavern.rulebook.engine.knowing import Unknown
from dominion_tavern.rulebook.setup import Setup, new_game
from dominion_tavern.rulebook.simulate.bots import BigMoney
from helpers import TEN_DIFFERENT


def labels(s: Stepper) -> list[str]:
    return [b.description for b in s.answer_buttons()]


def test_one_button_per_legal_answer_and_the_puzzle() -> None:
    s = Stepper(PUZZLE_PATH)
    assert labels(s) == s.legal() == ["exchange Soldier for Fugitive", "continue"]
    assert s.pile("Soldier") == 0 and s.history == load_scenario(PUZZLE_PATH).script
    s.button("exchange Soldier for Fugitive").click()
    assert labels(s) == ["exchange Peasant for Soldier", "continue"]
    assert s.pile("Soldier") == 1 and s.pile("Fugitive") == 4
    s.button("exchange Peasant for Soldier").click()
    assert s.zone("Ann", "discard") == ["Fugitive", "Soldier"]
    assert s.zone("Ann", "hand") == ["Copper"] * 5
    assert (s.pile("Soldier"), s.pile("Fugitive")) == (0, 4)
    assert s.state.turn.player.name == "Bob"
    assert "traveller.exchange" in s.log.value and "Exchanging a Traveller" in s.log.value


def test_back_forward_and_branch() -> None:
    s = Stepper(PUZZLE_PATH)
    s.forward_button.click()
    s.forward_button.click()
    assert s.at == 2 and s.forward_button.disabled and s.zone("Ann", "discard") == [
        "Fugitive", "Soldier"]
    s.back_button.click()
    assert s.at == 1 and s.pile("Soldier") == 1 and not s.forward_button.disabled
    s.button("continue").click()   # a different answer: a new line
    assert s.history == ["exchange Soldier for Fugitive", "continue"]
    assert s.lines == [["exchange Soldier for Fugitive", "exchange Peasant for Soldier"]]
    assert s.zone("Ann", "discard") == ["Peasant", "Fugitive"]
    s.lines_menu.value = 0         # back to the line left behind
    assert s.history[-1] == "exchange Peasant for Soldier" and s.at == 2
    assert s.zone("Ann", "discard") == ["Fugitive", "Soldier"]
    s.restart_button.click()
    assert s.at == 0 and s.back_button.disabled and s.pile("Soldier") == 0
    s.end_button.click()
    assert s.at == 2


def test_same_answer_keeps_the_line() -> None:
    s = Stepper(PUZZLE_PATH)
    assert s.button("exchange Soldier for Fugitive").button_style == "info"  # the line's next
    s.button("exchange Soldier for Fugitive").click()
    assert len(s.history) == 2 and s.lines == [] and s.at == 1


def test_earlier_turn_cards_are_marked() -> None:
    g = position({"kingdom": ["Gear"], "players": [
        {"name": "Ann", "hand": ["Copper"], "play": [{"card": "Gear", "earlier": True}],
         "deck": ["5 Copper"]}, {"name": "Bob"}], "turn": {"phase": "buy", "number": 3}})
    s = Stepper(g)
    assert s.board.value.count("tv-earlier") == 1
    assert "in play from an earlier turn" in s.board.value


def test_multi_pick_uses_toggle_chips_and_confirm() -> None:
    g = position({"kingdom": ["Gear"], "players": [
        {"name": "Ann", "hand": ["Gear", "Estate", "Copper", "Silver"],
         "deck": ["Gold", "Duchy", "5 Copper"]}, {"name": "Bob"}],
        "turn": {"phase": "action"}})
    s = Stepper(g)
    s.button("play Gear").click()
    picks = s.pick_buttons()
    assert len(s.legal()) > 8 and [p.description for p in picks] == s.pending.labels()
    assert not s.confirm_button.disabled           # "set aside: nothing" is legal
    for p in picks:
        if p.description in ("Gold", "Duchy"):
            p.value = True
    assert s.confirm_button.description == "set aside: Gold, Duchy"
    picks[0].value = True
    assert s.confirm_button.disabled                # three is too many
    picks[0].value = False
    s.confirm_button.click()
    assert s.zone("Ann", "aside") == ["Gold", "Duchy"]
    assert s.history[-1] == "set aside: Gold, Duchy"


def test_many_orders_are_picked_in_order_with_toggle_chips(monkeypatch) -> None:
    """Haunted Woods: Bob puts his hand onto his deck in any order (card FAQ: Haunted Woods).
    Ten different cards have 3,628,800 orders: the stepper shows a chip per card, clicked in
    the order wanted (top card first), without listing the orders."""
    hand = TEN_DIFFERENT
    g = position({"kingdom": ["Haunted Woods", "Village", "Smithy", "Moat"], "players": [
        {"name": "Ann", "play": [{"card": "Haunted Woods", "earlier": True}]},
        {"name": "Bob", "hand": ["Gold", *hand], "deck": ["5 Copper"]}],
        "turn": {"phase": "buy", "player": "Bob"}})
    g.answer("play Gold")
    g.answer("buy Silver")
    monkeypatch.setattr(type(g.pending), "answers", lambda self: pytest.fail("orders listed"))
    s = Stepper(g)
    picks = s.pick_buttons()
    assert labels(s) == [] and [p.description for p in picks] == hand
    for p in reversed(picks):
        p.value = True
    assert s.confirm_button.description == "put onto deck: " + ", ".join(reversed(hand))
    monkeypatch.undo()
    s.confirm_button.click()  # Bob's turn ends: he draws the top 5 of them
    on_top = hand[::-1]
    assert s.zone("Bob", "hand") == on_top[:5] and s.zone("Bob", "deck")[:5] == on_top[5:]


def test_few_multi_pick_answers_are_buttons() -> None:
    g = position({"kingdom": ["Gear"], "players": [
        {"name": "Ann", "hand": ["Gear"], "deck": ["Gold", "Duchy"]}, {"name": "Bob"}],
        "turn": {"phase": "action"}})
    s = Stepper(g).choose("play Gear")
    assert labels(s) == s.legal() and "set aside: Gold, Duchy" in labels(s)


def test_live_game_steps_on_and_back() -> None:
    """A stepper opened on a game in progress answers on that game; stepping back replays a
    new one. (How fast a click redraws is measured by ``redraw_bench``, not asserted here.)"""
    g = new_game(Setup(kingdom="first-game", seed=3))
    bot = BigMoney(1)
    for _ in range(30):
        g.answer(bot.choose(g, g.pending))
    s = Stepper(g)
    assert s.at == 30 and s.game is g
    for _ in range(10):
        answer = bot.choose(s.game, s.pending)  # a label, or an option (a typed answer)
        s.button(getattr(answer, "label", answer)).click()
    assert s.at == 40 and s.game is g
    s.back()
    assert s.at == 39 and s.game is not g


def test_game_over_has_no_buttons() -> None:
    g = new_game(Setup(kingdom="first-game", seed=2))
    bot = BigMoney(0)
    while g.pending is not None:
        g.answer(bot.choose(g, g.pending))
    s = Stepper(g)
    assert s.answer_buttons() == [] and "Game over" in s.board.value


def test_answers_the_rules_close_are_shown_greyed_with_their_rule() -> None:
    """The Adventures rulebook's Peasant and Soldier example (2015, Traveller cards): with the
    Soldier pile empty the Peasant can't be exchanged; once the Soldier is exchanged for a
    Fugitive, a Soldier is back in its pile and the Peasant can be."""
    s = Stepper(PUZZLE_PATH)
    closed = s.closed.value
    assert "exchange Peasant for Soldier" not in labels(s)
    assert "not offered: <span class='tv-closed-label'>exchange Peasant for Soldier</span>" \
        in closed
    assert "(the Soldier pile is empty)" in closed
    assert "[traveller.exchange.needs-copy]" in closed
    # the id opens to the rule's own text, as a log line's does
    assert "Exchange needs a card to take" in closed and "<details>" in closed
    s.button("exchange Soldier for Fugitive").click()
    assert "exchange Peasant for Soldier" in labels(s) and s.closed.value == ""
    s.back()
    assert "data-closed='exchange Peasant for Soldier'" in s.closed.value


def test_a_closed_call_says_when_it_opens() -> None:
    """Royal Carriage is called only directly after an Action card resolves (Royal Carriage
    FAQ, 2015): at the start of the Action phase it is not offered, and says why."""
    g = position({"kingdom": ["Royal Carriage", "Village"], "players": [
        {"name": "Ann", "hand": ["Village", "Estate"], "mat": ["Royal Carriage"],
         "deck": ["3 Copper"]}, {"name": "Bob"}], "turn": {"phase": "action"}})
    s = Stepper(g)
    assert "data-closed='call Royal Carriage'" in s.closed.value
    assert "[reserve.after-action]" in s.closed.value
    s.button("play Village").click()      # the Village has resolved: the call is offered
    assert "call Royal Carriage" in labels(s) and s.closed.value == ""


# -- chance steps and seats ------------------------------------------------------------------
def laboratory() -> Stepper:
    """Ann's Laboratory over 3 Copper and 2 Estate in unknown order, no seed: drawing 2 is a
    chance step, [Copper, Copper] 3/10, [Copper, Estate] 3/5, [Estate, Estate] 1/10
    (multivariate hypergeometric, rule chance.unknown-order; tests/test_chance.py)."""
    return Stepper(position({"kingdom": ["Laboratory"], "players": [
        {"name": "Ann", "hand": ["Laboratory"], "deck": {"unknown": ["3 Copper", "2 Estate"]}},
        {"name": "Bob"}], "turn": {"phase": "action"}}))


def test_a_chance_step_is_one_button_per_outcome_with_its_probability() -> None:
    s = laboratory()
    assert s.zone("Ann", "deck") == [Unknown(5, ("Copper",) * 3 + ("Estate",) * 2)]
    deck = re.search(r'data-zone="Ann.deck">(.*?)</div>', s.board.value).group(1)
    assert "order unknown:" in deck and "3\u00d7" in deck and "2\u00d7" in deck
    assert s.random_button.layout.display == "none"     # a player's decision: no dice
    s.button("play Laboratory").click()
    assert isinstance(s.pending, ChanceStep)
    assert labels(s) == ["draw: Copper, Copper \u00b7 3/10 (30.0%)",
                         "draw: Copper, Estate \u00b7 3/5 (60.0%)",
                         "draw: Estate, Estate \u00b7 1/10 (10.0%)"]
    assert [b.tooltip for b in s.answer_buttons()] == s.legal()   # the labels a script uses
    assert "no one decides" in s.prompt.value and "[chance.unknown-order]" in s.prompt.value
    assert s.random_button.layout.display == ""
    s.button("draw: Copper, Estate").click()
    assert s.zone("Ann", "hand") == ["Copper", "Estate"]
    assert s.zone("Ann", "deck") == [Unknown(3, ("Copper", "Copper", "Estate"))]
    assert "Ann draws Copper, Estate (chance 3/5)" in s.log.value
    assert s.history == ["play Laboratory", "draw: Copper, Estate"]


def test_the_random_button_draws_with_the_probabilities_and_is_recorded() -> None:
    a, b = laboratory(), laboratory()
    a.button("play Laboratory").click()
    b.button("play Laboratory").click()
    a.random_button.click()
    b.random_button.click()
    assert a.history == b.history and a.history[1] in a.game.branch(a.history[:1]).legal()
    drawn = a.history[1]
    a.back()                                 # recorded like any other answer
    assert a.at == 1 and a.button(drawn).button_style == "info"
    a.forward()
    assert a.history[-1] == drawn and a.at == 2
    with pytest.raises(ValueError, match="no chance step is pending"):
        a.choose_at_random()
    # Exactly the step's probabilities: 20,000 draws within 5 standard deviations of each.
    step = ChanceStep.of("Ann", "draw", {"Copper": 3, "Estate": 2}, 2, "test")
    rng, n = random.Random(7), 20_000
    seen = Counter(random_outcome(step, rng) for _ in range(n))
    for label, p in zip(step.labels(), step.probabilities, strict=True):
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(seen[label] / n - float(p)) < 5 * sd, (label, seen[label])


def test_explore_from_here_fixes_the_answers_so_far() -> None:
    """From the start Ann may or may not play Laboratory, so each draw's probability is a
    range (0 to 3/5: she may avoid it); explored from the chance step, with her answer fixed,
    it is exact: 3/10, 3/5, 1/10 (C(3,2), 3x2, C(2,2) over C(5,2) = 10)."""
    s = laboratory()
    s.explore_stop, s.explore_fields = {"at": "end-of-phase", "phase": "action"}, \
        ["players.Ann.hand"]
    start = s.explore_here()
    assert sorted(o.probability_text() for o in start.outcomes) == [
        "0 to 1", "0 to 1/10", "0 to 3/10", "0 to 3/5"]
    # "0 to 1" (ending the phase without playing it: her choice alone) is said once, above
    assert "1 outcome(s) show no probability" in s.explored.value
    assert "0 to 1 (0% to 100%)" not in s.explored.value.split("tv-chosen")[1]
    s.button("play Laboratory").click()
    assert s.explored.value == ""           # what it showed was elsewhere
    here = s.explore_here()
    assert [(o.values["players.Ann.hand"], o.chance_text()) for o in here.numbered()] == [
        (("Copper", "Estate"), "3/5 (60.0%)"), (("Copper", "Copper"), "3/10 (30.0%)"),
        (("Estate", "Estate"), "1/10 (10.0%)")]
    assert "3 outcome(s) from here</b> (1 answer(s) fixed)" in s.explored.value
    assert "each with its exact probability" in s.explored.value
    s.back()
    assert s.explored.value == "" and s.exploration is None


def test_explore_from_a_chance_step_goes_to_the_next_decision_by_default() -> None:
    s = laboratory()
    s.button("play Laboratory").click()
    ex = s.explore_here()
    assert sorted(o.chance_text() for o in ex.outcomes) == [
        "1/10 (10.0%)", "3/10 (30.0%)", "3/5 (60.0%)"]
    assert "once chance is resolved, at the next decision" in s.explored.value


def test_an_unknown_hand_shows_as_part_of_its_pool_until_read() -> None:
    """Witch makes Bob's hand known before he may reveal Moat (Attack: reactions read the
    hand); until then it is 5 cards of the pool, not known which (rule chance.unknown-order)."""
    s = Stepper(position({"kingdom": ["Witch", "Moat"], "players": [
        {"name": "Ann", "hand": ["Witch"], "deck": ["2 Copper"]},
        {"name": "Bob", "hand": {"unknown": 5, "pool": ["Moat", "4 Copper", "5 Estate"]}}],
        "turn": {"phase": "action"}}))
    pool = ("Copper",) * 4 + ("Estate",) * 5 + ("Moat",)
    assert s.zone("Bob", "hand") == [Unknown(5, pool)]
    hand = re.search(r'data-zone="Bob.hand">(.*?)</div>', s.board.value).group(1)
    assert "5 of these, not known which:" in hand
    s.button("play Witch").click()
    assert s.pending.verb == "deal" and len(s.legal()) == 10
    s.button("deal: Copper, Copper, Estate, Estate, Moat").click()
    assert s.zone("Bob", "hand") == ["Copper", "Copper", "Estate", "Estate", "Moat"]
    assert "Bob has in hand Copper, Copper, Estate, Estate, Moat (chance" in s.log.value


def aside(s: Stepper, player: str) -> str:
    return re.search(rf'data-zone="{player}.aside">(.*?)</div>', s.board.value).group(1)


def test_a_card_saved_face_down_shows_to_its_owner_only() -> None:
    """Save FAQ (2015): the card is set aside face down, so the other players do not see it;
    from Bob's seat the zone and the log show a card, not which."""
    s = Stepper(position({"events": ["Save"], "players": [
        {"name": "Ann", "hand": ["Gold", "Copper"], "deck": ["5 Copper"]},
        {"name": "Bob", "deck": ["5 Copper"]}], "turn": {"phase": "buy", "coins": 1}}))
    assert [o[1] for o in s.view_menu.options] == ["", "Ann", "Bob"] and s.viewer is None
    s.choose("buy Save").choose("set aside Gold")
    assert "Gold" in aside(s, "Ann") and "only Ann sees it" in aside(s, "Ann")
    assert "Ann sets aside Gold from hand face down" in s.log.value
    s.view_menu.value = "Bob"
    assert "Gold" not in aside(s, "Ann") and "tv-facedown" in aside(s, "Ann")
    assert "Ann sets aside a card from hand face down" in s.log.value
    assert "Gold" not in s.log.value.split("sets aside")[1].split("</summary>")[0]
    s.view_menu.value = "Ann"
    assert "Gold" in aside(s, "Ann") and "Ann sets aside Gold" in s.log.value
    s.view_menu.value = "Bob"
    s.choose("end Buy phase")        # at the end of the turn the card goes back to her hand
    assert s.zone("Ann", "aside") == [] and "Gold" in s.zone("Ann", "hand")
    assert "Ann puts a card from their set-aside cards into their hand" in s.log.value


def test_gears_cards_from_a_position_are_face_down_too() -> None:
    """Gear sets its cards aside face down (its text); a position that starts with them set
    aside shows them to their owner only."""
    g = position({"kingdom": ["Gear"], "players": [
        {"name": "Ann", "hand": ["Copper"], "deck": ["5 Copper"]},
        {"name": "Bob", "play": [{"card": "Gear", "earlier": True, "aside": ["Gold"]}],
         "deck": ["5 Copper"]}], "turn": {"phase": "buy"}})
    s = Stepper(g, view="Ann")
    assert "Gold" not in aside(s, "Bob") and "face down" in aside(s, "Bob")
    s.view_menu.value = "Bob"
    assert "Gold" in aside(s, "Bob")
    s.view_menu.value = ""                     # the judge sees all
    assert "Gold" in aside(s, "Bob")
