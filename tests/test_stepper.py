"""The turn stepper, driven through its widgets in Python (the desk: tests/test_desk.py)."""

from __future__ import annotations

from dominion_tavern.checker.scenario import load_scenario
from dominion_tavern.notebooks.widgets import PUZZLE_PATH, Stepper
from dominion_tavern.notebooks.widgets.teach import position
from dominion_tavern.rulebook.bots import BigMoney
from dominion_tavern.rulebook.setup import Setup, new_game


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


def test_few_multi_pick_answers_are_buttons() -> None:
    g = position({"kingdom": ["Gear"], "players": [
        {"name": "Ann", "hand": ["Gear"], "deck": ["Gold", "Duchy"]}, {"name": "Bob"}],
        "turn": {"phase": "action"}})
    s = Stepper(g).choose("play Gear")
    assert labels(s) == s.legal() and "set aside: Gold, Duchy" in labels(s)


def test_live_game_redraws_fast() -> None:
    g = new_game(Setup(kingdom="first-game", seed=3))
    bot = BigMoney(1)
    for _ in range(30):
        g.answer(bot.choose(g, g.pending))
    s = Stepper(g)
    assert s.at == 30 and s.game is g
    times = []
    for _ in range(10):
        answer = bot.choose(s.game, s.pending)  # a label, or an option (a typed answer)
        s.button(getattr(answer, "label", answer)).click()
        times.append(s.redraw_ms)
    assert max(times) < 100
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
