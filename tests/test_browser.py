"""A real browser: notebooks served by Voilà on loopback as ``make desk`` serves them, Debian's
Chromium driven by Playwright.

* The Travellers notebook: clicking through the Peasant and Soldier puzzle in the turn stepper,
  which shows the exchange the rules close and why.
* The judge's desk: a judge builds the same puzzle on an empty desk, asks (the closed exchange
  shown, the tree's leaves numbered), edits, meets an error, saves, and the saved file checks
  what the desk showed; finds a rule; marks a deck unknown and sees each outcome's probability,
  then lets the stepper's random button draw; reloading the page does not pile up kernels
  (they are culled when idle and unconnected), and the page left open stops a long search.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from dominion_tavern.checker.cli import main
from dominion_tavern.checker.format.load import load_scenario
from dominion_tavern.notebooks.widgets.browser import (
    NOTEBOOKS,
    Served,
    chromium,
    chromium_missing,
    stepper_locator,
    to_ipynb,
    voila,
)

MISSING = chromium_missing()
pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

TITLE = "Exchanging Soldier, then Peasant, with the Soldier pile empty"
IGNORED = re.compile(r"fonts|font-awesome|cdn|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|"
                     r"Failed to load resource", re.I)
CULL = 2   # seconds: make desk uses 600 (CULL_IDLE), shortened here to keep the test quick


def test_puzzle_in_voila(tmp_path: Path) -> None:
    nb = to_ipynb(NOTEBOOKS / "05_travellers.py", tmp_path)
    errors: list[str] = []
    with voila(nb) as server, chromium() as page:
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url)
        box = stepper_locator(page, TITLE)
        box.wait_for(timeout=60_000)

        def pile(name: str) -> str:
            return box.locator(f"[data-pile='{name}']").get_attribute("data-count")

        def answers() -> list[str]:
            return [t.strip() for t in box.locator("button.tv-answer").all_inner_texts()]

        def discard() -> str:
            return box.locator("[data-zone='Ann.discard']").inner_text()

        # Clean-up, Soldier pile empty: only the Soldier can be exchanged.
        assert pile("Soldier") == "0"
        assert answers() == ["exchange Soldier for Fugitive", "continue"]
        assert "Peasant" in discard() and "Soldier" in discard()
        # The Peasant's exchange is shown greyed, with its rule (opening to its text) and why.
        closed = box.locator(".tv-closed-box .tv-closed")
        assert closed.count() == 1
        assert re.sub(r"\s+", " ", closed.inner_text()).strip() == (
            "not offered: exchange Peasant for Soldier (the Soldier pile is empty) "
            "[traveller.exchange.needs-copy]")
        closed.locator("summary").click()
        assert "Exchange needs a card to take" in closed.locator(".tv-ruletext").inner_text()

        def at(step: int) -> None:  # the step counter is redrawn last: wait for it
            box.locator(".tv-position", has_text=f"step {step} of 2").wait_for()

        box.locator("button.tv-answer", has_text="exchange Soldier for Fugitive").click()
        at(1)
        assert pile("Soldier") == "1"
        assert answers() == ["exchange Peasant for Soldier", "continue"]
        assert box.locator(".tv-closed-box .tv-closed").count() == 0
        assert pile("Fugitive") == "4"
        assert "Fugitive" in discard() and "Soldier" not in discard()

        box.locator("button.tv-answer", has_text="exchange Peasant for Soldier").click()
        at(2)
        assert pile("Soldier") == "0"
        assert "Fugitive" in discard() and "Soldier" in discard()
        assert "Peasant" not in discard()

        # The log line expands to the rule's own text.
        line = box.locator(".tv-logbox details", has_text="exchanges Peasant for Soldier")
        rule_text = line.locator(".tv-ruletext")
        assert not rule_text.is_visible()
        line.locator("summary").click()
        assert rule_text.is_visible()
        assert "Exchanging a Traveller" in rule_text.inner_text()
        assert "put it back on its own pile" in rule_text.inner_text()

        # Back one step, then branch: do not exchange the Peasant.
        box.locator("button.tv-back").click()
        at(1)
        assert pile("Soldier") == "1"
        box.locator("button.tv-answer", has_text="continue").click()
        at(2)
        assert "Peasant" in discard() and "Fugitive" in discard()
        assert pile("Soldier") == "1"
        history = box.locator(".tv-history").inner_text()
        assert "continue" in history and "exchange Peasant" not in history
        assert box.locator(".tv-lines select option").count() == 2  # this line, the one left
    assert [e for e in errors if not IGNORED.search(e)] == []


# -- the judge's desk -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[tuple[Served, Path, Path]]:
    """One server for both tests: the page, the folder it saves into, the server's log."""
    work = tmp_path_factory.mktemp("desk")
    saved = work / "saved"
    nb = to_ipynb(NOTEBOOKS / "desk.py", work / "build")
    with voila(nb, cull_idle=CULL, cull_interval=1,
               env={"TAVERN_SAVE_DIR": str(saved)}) as server:
        yield server, saved, nb.parent / "voila.log"


def _type(page, tab: str, field: str, text: str) -> None:
    page.get_by_role("tab", name=tab, exact=True).click()
    box = page.locator(f".tv-form .{field} input:visible")
    box.fill(text)


def _outcomes(page) -> list[str]:
    rows = page.locator(".tv-outcomes .tv-outcome")
    return [re.sub(r"\s+", " ", t).strip() for t in rows.all_inner_texts()]


def test_a_judge_builds_asks_edits_fails_and_saves(served, capsys) -> None:
    server, saved, _ = served
    errors: list[str] = []
    with chromium(1300, 1000) as page:
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url)
        desk = page.locator(".tv-desk")
        desk.wait_for(timeout=60_000)

        # The page: the desk alone, one heading, its own title, empty, not pre-answered.
        assert page.title() == "Tavern \u2014 judge's desk"
        assert page.locator("h1, h2").count() == 1
        assert page.locator(".jp-MarkdownOutput, .jp-RenderedMarkdown").count() == 0
        assert not page.locator(".tv-results").is_visible()
        assert page.locator(".tv-form .tv-zone-play input").first.input_value() == ""

        # The puzzle, typed in: Peasant and Soldier in play, the Soldier pile empty.
        _type(page, "Ann", "tv-zone-play", "Peasant, Soldier")
        _type(page, "Ann", "tv-zone-deck", "5 Copper")
        _type(page, "game", "tv-kingdom", "Peasant")
        _type(page, "game", "tv-piles", "Soldier: 0")
        page.get_by_role("tab", name="turn", exact=True).click()
        page.locator(".tv-phase select").select_option("cleanup")
        page.locator("button.tv-ask").click()
        page.locator(".tv-outcomes [data-outcome='3']").wait_for(timeout=30_000)
        seen = _outcomes(page)
        assert len(seen) == 3
        assert "3 distinct outcome(s) at the end of the turn" in \
            page.locator(".tv-summary").inner_text()
        # Soldier first, then Peasant: both exchanged (Adventures rulebook, Travellers).
        assert any("Fugitive Soldier" in s and "exchange Peasant for Soldier" in s
                   for s in seen)
        assert not page.locator(".tv-results.tv-stale").count()
        # Where the outcomes start: the Peasant's exchange is not offered, and why.
        start = page.locator(".tv-start .tv-closed").inner_text()
        assert "not offered: exchange Peasant for Soldier" in start
        assert "[traveller.exchange.needs-copy]" in start
        # The tree fits its panel, its leaves numbered as the outcomes are.
        page.get_by_role("tab", name="tree", exact=True).click()
        svg = page.locator(".tv-tree svg").bounding_box()
        panel = page.locator(".tv-results").bounding_box()
        assert 0 < svg["width"] <= panel["width"]
        texts = page.locator(".tv-tree svg text").all_text_contents()
        assert sorted(t for t in texts if t.startswith("outcome ")) == [
            "outcome 1", "outcome 2", "outcome 3"]
        page.get_by_role("tab", name="outcomes", exact=True).click()

        # An edit marks the results out of date at once.
        _type(page, "game", "tv-piles", "Soldier: 1")
        page.locator(".tv-results.tv-stale").wait_for(timeout=5_000)
        assert "Out of date" in page.locator(".tv-stale-banner").inner_text()

        # A position the loader refuses: the message next to the button, no results.
        _type(page, "game", "tv-piles", "Soldier: 11")
        page.locator("button.tv-ask").click()
        message = page.locator(".tv-message .tv-error")
        message.wait_for(timeout=10_000)
        assert "pile sizes: Soldier: 11 is more than the Soldier pile holds (5 with 2 players)" \
            in message.inner_text()
        assert not page.locator(".tv-results").is_visible()

        # Put the puzzle back, ask again: current results, the same three outcomes.
        _type(page, "game", "tv-piles", "Soldier: 0")
        page.locator("button.tv-ask").click()
        page.locator(".tv-outcomes [data-outcome='3']").wait_for(timeout=30_000)
        assert _outcomes(page) == seen
        assert not page.locator(".tv-results.tv-stale").count()
        assert not page.locator(".tv-message .tv-error").count()

        # Save with a question; the file checks what the desk showed.
        page.locator(".tv-question input").fill(
            "The Soldier pile is empty: can Ann exchange both?")
        page.locator(".tv-save-name input").fill("puzzle")
        page.locator("button.tv-save").click()
        page.locator(".tv-save-message .tv-ok").wait_for(timeout=30_000)
        path = saved / "puzzle.yaml"
        assert str(path) in page.locator(".tv-save-message").inner_text()

        # Saving again under the same name does not replace the file, unless asked.
        page.locator("button.tv-save").click()
        page.locator(".tv-save-message .tv-error").wait_for(timeout=10_000)
        assert "already exists" in page.locator(".tv-save-message").inner_text()
        page.locator(".tv-replace input").check()
        page.locator("button.tv-save").click()
        page.locator(".tv-save-message .tv-ok").wait_for(timeout=30_000)

        # Find the rule: a question, the best hits, one opened (Adventures rulebook, Events).
        query = page.locator(".tv-find-query input")
        query.fill("can I play treasures after buying an event")
        query.press("Enter")
        hits = page.locator("button.tv-hit")
        hits.first.wait_for(timeout=10_000)
        assert hits.first.inner_text().strip() == "event.no-treasures-after"
        page.locator("button.tv-hit", has_text="events.no-treasures-after").click()
        entry = page.locator(".tv-entry[data-entry='events.no-treasures-after']")
        entry.wait_for(timeout=10_000)
        assert "A ruling on Events" in entry.inner_text()
        assert "events-no-treasures-after" in entry.inner_text()    # the scenario showing it

        # Chance: a new position, Ann's deck a starting deck in unknown order; her Clean-up
        # draw holds 5, 4, 3 or 2 Coppers with probability 1/12, 5/12, 5/12, 1/12
        # (multivariate hypergeometric, rule chance.unknown-order).
        page.locator("button.tv-new").click()
        _type(page, "Ann", "tv-deck-unknown", "7 Copper, 3 Estate")
        page.get_by_role("tab", name="turn", exact=True).click()
        page.locator(".tv-phase select").select_option("cleanup")
        page.locator("button.tv-ask").click()
        page.locator(".tv-outcomes [data-outcome='4']").wait_for(timeout=30_000)
        chances = page.locator(".tv-outcomes .tv-chance").all_inner_texts()
        assert [c.strip() for c in chances] == ["probability 5/12 (41.7%)"] * 2 + [
            "probability 1/12 (8.3%)"] * 2
        # The stepper stops at the draw: one button per outcome, and the random one.
        page.get_by_role("tab", name="step through", exact=True).click()
        stepper = page.locator(".tv-results .tv-stepper")
        assert stepper.locator("button.tv-chance").count() == 4
        assert stepper.locator("button.tv-chance").first.inner_text().strip() == \
            "draw: Copper, Copper, Copper, Copper, Copper \u00b7 1/12 (8.3%)"
        # Explore from here: the same four outcomes, each with its exact probability.
        stepper.locator("button.tv-explore-here").click()
        stepper.locator(".tv-explored [data-outcome='4']").wait_for(timeout=30_000)
        assert [c.strip() for c in stepper.locator(".tv-explored .tv-chance")
                .all_inner_texts()] == [c.strip() for c in chances]
        assert "each with its exact probability" in stepper.locator(
            ".tv-explored-head").inner_text()
        stepper.locator("button.tv-random").click()
        stepper.locator(".tv-position", has_text="step 1 of 1").wait_for(timeout=10_000)
        assert "(chance " in stepper.locator(".tv-logbox").inner_text()
    assert [e for e in errors if not IGNORED.search(e)] == []

    scn = load_scenario(path)
    assert scn.question == "The Soldier pile is empty: can Ann exchange both?"
    assert scn.setup["piles"] == {"Soldier": 0}
    expect = scn.outcomes["expect"]
    assert len(expect) == 3
    for shown, wanted in zip(seen, expect, strict=True):   # the desk's numbering and values
        assert " ".join(wanted["players.Ann.discard"]) in shown
        assert f"Soldier pile {wanted['piles.Soldier']}" in shown
    assert main(["check", str(path)]) == 0
    assert "PASS desk.puzzle" in capsys.readouterr().out
    assert [p.name for p in saved.iterdir()] == ["puzzle.yaml"]   # no temporary file left


SCREENS = Path(__file__).resolve().parents[1] / "build" / "screens"   # git-ignored
LOADING = 180_000   # ms: a hang guard, not a speed target (a shared machine can be slow)


def _open_desk(page, server: Served) -> None:
    """A fresh page of the desk; a new kernel starts for it (slow on a busy machine)."""
    page.goto(server.url, timeout=LOADING)   # Voilà runs the notebook before answering
    page.locator(".tv-desk").wait_for(timeout=LOADING)


def _cut_labels(page) -> list[str]:
    """Visible text in the desk cut short by its box (an ellipsis where a label ends)."""
    return page.evaluate("""() => [...document.querySelectorAll('.tv-desk *')]
        .filter(e => e.offsetParent && !e.children.length && e.textContent.trim()
                && getComputedStyle(e).overflow !== 'visible'
                && e.scrollWidth > e.clientWidth + 1)
        .map(e => e.textContent.trim())""")


def _haunted_woods(page, stop: str) -> None:
    """Bob buys holding five different cards under Ann's Haunted Woods, which puts them onto
    his deck in any order he chooses (Adventures rulebook (2015), card FAQ: Haunted Woods)."""
    page.locator("button.tv-new").click()
    _type(page, "game", "tv-kingdom", "Haunted Woods")
    _type(page, "Ann", "tv-zone-earlier", "Haunted Woods")
    _type(page, "Ann", "tv-zone-deck", "13 Estate")
    _type(page, "Bob", "tv-zone-hand", "Gold, Estate, Duchy, Province, Curse")
    _type(page, "Bob", "tv-zone-deck", "20 Copper")
    page.get_by_role("tab", name="turn", exact=True).click()
    page.locator(".tv-turn-player select").select_option("Bob")
    page.locator(".tv-phase select").select_option("buy")
    page.locator(".tv-stop-at select").select_option(label=stop)


def test_orders_grouped_rules_panel_big_tree_and_labels(served) -> None:
    server, _, _ = served
    SCREENS.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    with chromium(1300, 1000) as page:
        page.on("pageerror", lambda e: errors.append(str(e)))
        _open_desk(page, server)
        assert _cut_labels(page) == []     # the form: every label whole (turn tab shown)
        _haunted_woods(page, "the end of this phase")
        page.locator("button.tv-ask").click()
        page.locator(".tv-outcomes .tv-orders").first.wait_for(timeout=LOADING)
        assert "314 distinct outcome(s)" in page.locator(".tv-summary").inner_text()
        # Outcomes that differ only in the order of Bob's deck are one group each: 5 cards in
        # 120 orders (bought Copper or Curse), 4 in 24 (Gold played first); the likeliest first.
        heads = page.locator(".tv-outcomes .tv-orders")
        assert [heads.nth(i).get_attribute("data-orders") for i in range(heads.count())] == \
            ["120", "120", "24", "24", "24"][:heads.count()]
        assert "in some order" in heads.first.inner_text()
        assert "the same cards in another order" in \
            page.locator(".tv-group-by select").input_value() + \
            page.locator(".tv-group-by select option:checked").inner_text()
        # at most a few orders listed per group, the rest counted
        assert "117 more order(s) of these cards" in page.locator(".tv-outcomes").inner_text()
        assert "0 to 1" not in page.locator(".tv-outcomes").inner_text()
        # The rules panel opens over the list: nothing below it moves.
        below = heads.first.bounding_box()
        page.locator(".tv-outcomes [data-outcome='2'] details.tv-rules > summary").click()
        page.locator(".tv-outcomes [data-outcome='2'] .tv-rules-body").wait_for()
        assert "Playing Treasures" in page.locator(
            ".tv-outcomes [data-outcome='2'] .tv-rules-body").inner_text()
        assert heads.first.bounding_box() == below
        page.locator(".tv-results").screenshot(path=str(SCREENS / "desk-grouped-orders.png"))
        assert _cut_labels(page) == []
        # The tree of 314 outcomes: one leaf per group, each answer to it counted on one edge.
        page.get_by_role("tab", name="tree", exact=True).click()
        texts = page.locator(".tv-tree svg text").all_text_contents()
        assert "314 distinct outcome(s), drawn as 7 leaves" in texts
        assert texts.count("(or 119 other answer(s))") == 2
        assert "outcomes 3\u2013122: the same cards in 120 orders" in texts
        assert sum(t.startswith("outcome") for t in texts) == 7
        page.locator(".tv-results").screenshot(path=str(SCREENS / "desk-big-tree.png"))
    assert errors == []


def test_a_save_after_an_edit_saves_the_new_question(served) -> None:
    server, saved, _ = served
    with chromium(1300, 1000) as page:
        _open_desk(page, server)
        _haunted_woods(page, "the end of this turn")
        page.locator(".tv-question input").fill("What may Bob put back?")
        page.locator("button.tv-ask").click()
        page.locator(".tv-outcomes [data-outcome='1']").wait_for(timeout=LOADING)
        # The judge edits the position: Bob holds one card fewer. A save now is refused ...
        _type(page, "Bob", "tv-zone-hand", "Gold, Estate, Duchy")
        page.locator(".tv-save-name input").fill("edited")
        page.locator("button.tv-save").click()
        page.locator(".tv-save-message .tv-error").wait_for(timeout=10_000)
        assert "the position has changed since" in page.locator(".tv-save-message").inner_text()
        # ... until it is asked again; then the file holds the new position and question.
        page.locator(".tv-question input").fill("What may Bob put back holding three cards?")
        page.locator("button.tv-ask").click()
        page.locator(".tv-results:not(.tv-stale) .tv-outcomes [data-outcome='1']").wait_for(
            timeout=60_000)
        shown = _outcomes(page)
        page.locator("button.tv-save").click()
        page.locator(".tv-save-message .tv-ok").wait_for(timeout=30_000)
        page.screenshot(path=str(SCREENS / "desk-save-after-edit.png"), full_page=True)
    scn = load_scenario(saved / "edited.yaml")
    assert scn.question == "What may Bob put back holding three cards?"
    assert scn.setup["players"][1]["hand"] == ["Gold", "Estate", "Duchy"]
    assert len(scn.outcomes["expect"]) == len(shown)
    assert main(["check", str(saved / "edited.yaml")]) == 0


def test_the_stepper_log_shows_its_newest_line(served) -> None:
    server, _, _ = served
    with chromium(1300, 1000) as page:
        _open_desk(page, server)
        _type(page, "game", "tv-kingdom", "Village")
        _type(page, "Ann", "tv-zone-hand", "8 Village")
        _type(page, "Ann", "tv-zone-deck", "30 Copper")
        page.locator(".tv-stop-at select").select_option(label="the end of this phase")
        page.locator("button.tv-ask").click()
        page.locator(".tv-outcomes [data-outcome='1']").wait_for(timeout=LOADING)
        page.get_by_role("tab", name="step through", exact=True).click()
        stepper = page.locator(".tv-results .tv-stepper")
        for step in range(1, 9):
            stepper.locator("button.tv-answer", has_text="play Village").click()
            stepper.locator(".tv-position", has_text=f"step {step} of").wait_for()
        log = stepper.locator(".tv-log")
        entries = log.locator("[data-log]")
        assert entries.count() == 16     # plays Village, draws Copper: 8 times
        assert log.evaluate("e => e.scrollHeight > e.clientHeight")   # more than it shows
        box, last = log.bounding_box(), entries.last.bounding_box()
        assert box["y"] <= last["y"] and last["y"] + last["height"] <= box["y"] + box["height"]
        first = entries.first.bounding_box()
        assert first["y"] < box["y"]      # the oldest lines are scrolled out of view, above
        stepper.screenshot(path=str(SCREENS / "stepper-log-newest.png"))


def test_reloads_do_not_pile_up_kernels(served) -> None:
    server, _, log = served
    with chromium() as page:
        for _ in range(10):
            page.goto(server.url)     # the page's kernel runs the notebook as it loads
        page.locator(".tv-desk").wait_for(timeout=LOADING)
        # The open page keeps its kernel; the nine left behind are culled once idle.
        deadline = time.monotonic() + CULL + 10
        while server.kernels() > 2 and time.monotonic() < deadline:
            time.sleep(0.5)
        assert server.kernels() <= 2
        # Culled for idleness (not shut down by the pages as they went):
        assert log.read_text().count("seconds of inactivity") >= 8
        # The page left open still has its kernel: it answers, and a long search stops when
        # asked (to the end of the turn: over 100,000 answers, if not stopped).
        _type(page, "game", "tv-kingdom", "Cellar, Chapel, Village, Throne Room")
        _type(page, "Ann", "tv-zone-hand",
              "Throne Room, Village, Cellar, Chapel, Estate, Copper, Silver")
        _type(page, "Ann", "tv-zone-deck", "Copper, Estate, Silver, Copper, Gold, Copper, Estate")
        page.locator("button.tv-ask").click()
        page.locator(".tv-progress", has_text="answers tried").wait_for(timeout=30_000)
        assert page.locator("button.tv-ask").is_disabled()
        page.locator("button.tv-stop").click()
        page.locator(".tv-summary", has_text="Stopped by you").wait_for(timeout=30_000)
        assert not page.locator("button.tv-stop").is_visible()
        assert not page.locator("button.tv-ask").is_disabled()
