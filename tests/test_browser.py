"""A real browser: the Travellers notebook served by Voilà on loopback, Debian's Chromium driven
by Playwright, clicking through the Peasant and Soldier puzzle in the turn stepper."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from dominion_tavern.notebooks.widgets.browser import (
    NOTEBOOKS,
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


def test_puzzle_in_voila(tmp_path: Path) -> None:
    nb = to_ipynb(NOTEBOOKS / "05_travellers.py", tmp_path)
    errors: list[str] = []
    with voila(nb) as url, chromium() as page:
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url)
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

        def at(step: int) -> None:  # the step counter is redrawn last: wait for it
            box.locator(".tv-position", has_text=f"step {step} of 2").wait_for()

        box.locator("button.tv-answer", has_text="exchange Soldier for Fugitive").click()
        at(1)
        assert pile("Soldier") == "1"
        assert answers() == ["exchange Peasant for Soldier", "continue"]
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
        assert box.locator("select option").count() == 2   # this line + the one left
    assert [e for e in errors if not IGNORED.search(e)] == []
