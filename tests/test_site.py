"""The static site (``make site``) in a real browser, offline: the site is built (or reused when
its inputs are unchanged), served on 127.0.0.1 by a plain file server, and opened in Chromium
with every other host unresolvable and every request to one refused and counted.

* Notebook 5 runs to the end in the browser's Python (Pyodide): its first cell installs the kit
  from the site and says so, its diagrams are pictures (Graphviz's WebAssembly build), and the
  turn stepper answers clicks on the Peasant and Soldier puzzle.
* Notebook 1 runs to the end.
* The judge's desk (notebook 6) answers the puzzle and saves it as a download that
  ``tavern check`` passes.

No output may be an error or a warning, and no request may leave 127.0.0.1.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from dominion_tavern.checker.cli import main
from dominion_tavern.checker.format.load import load_scenario
from dominion_tavern.notebooks.widgets.browser import (
    Watched,
    chromium_missing,
    offline_page,
    run_site_notebook,
    static_site,
    stepper_locator,
)

ROOT = Path(__file__).resolve().parents[1]


def _missing() -> str | None:
    if (why := chromium_missing()) is not None:
        return why
    if shutil.which("npm") is None:
        return "no npm (Node.js): make site fetches the Pyodide runtime with it"
    if shutil.which("make") is None:
        return "no make: the site is built by make site"
    return None


MISSING = _missing()
pytestmark = pytest.mark.skipif(MISSING is not None, reason=f"the site's test: {MISSING}")
PUZZLE = "Exchanging Soldier, then Peasant, with the Soldier pile empty"


@pytest.fixture(scope="module")
def site_url() -> Iterator[str]:
    """``make site``'s build (a no-op when up to date), served on loopback."""
    build = subprocess.run(["make", "--no-print-directory", "site"], cwd=ROOT,
                           capture_output=True, text=True)
    assert build.returncode == 0, build.stdout + build.stderr
    with static_site(ROOT / "site") as url:
        yield url


def run_notebook(w: Watched, url: str, name: str) -> Any:
    """Run notebook ``name`` to its end in the site: its first cell says it loaded Tavern, and
    no output is an error or a warning."""
    page = run_site_notebook(w, url, name)
    first = page.locator(".jp-CodeCell").first.locator(".jp-OutputArea").text_content()
    assert re.match(r"\s*loading Tavern… ready \(Tavern [\d.]+\)", first), first
    bad = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'],"
                       " .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']")
    assert bad.count() == 0, [bad.nth(i).text_content()[:500] for i in range(bad.count())]
    return page


def assert_offline(w: Watched) -> None:
    assert w.outside == []
    assert any(u.endswith("pyodide.asm.wasm") for u in w.served)   # the runtime was watched
    assert any(re.search(r"/dominion_tavern-[^/]+\.whl$", u) for u in w.served)
    assert w.errors == []


def test_travellers_notebook_diagrams_and_stepper(site_url: str) -> None:
    with offline_page() as w:
        page = run_notebook(w, site_url, "05_travellers.ipynb")
        # The diagrams are pictures drawn in the browser, from the same DOT text.
        pictures = page.locator(".jp-RenderedSVG img, .jp-RenderedImage img")
        assert pictures.count() >= 3
        for i in range(pictures.count()):
            picture = pictures.nth(i)
            picture.scroll_into_view_if_needed()
            src = unquote(picture.get_attribute("src") or "")
            assert src.startswith("data:image/svg+xml") and "<svg" in src and "Soldier" in src
            page.wait_for_function("img => img.complete", arg=picture.element_handle())
            assert picture.evaluate("img => img.naturalWidth") > 0   # it decodes: a picture
        assert page.locator(".jp-OutputArea-output:has-text('digraph')").count() == 0

        box = stepper_locator(page, PUZZLE)
        box.scroll_into_view_if_needed()

        def pile(name: str) -> str:
            return box.locator(f"[data-pile='{name}']").get_attribute("data-count")

        assert pile("Soldier") == "0"
        box.locator("button.tv-answer", has_text="exchange Soldier for Fugitive").click()
        box.locator(".tv-position", has_text="step 1 of 2").wait_for(timeout=30_000)
        assert pile("Soldier") == "1" and pile("Fugitive") == "4"
        box.locator("button.tv-answer", has_text="exchange Peasant for Soldier").click()
        box.locator(".tv-position", has_text="step 2 of 2").wait_for(timeout=30_000)
        assert pile("Soldier") == "0"
        assert_offline(w)


def test_tour_notebook_runs(site_url: str) -> None:
    with offline_page() as w:
        page = run_notebook(w, site_url, "01_tour.ipynb")
        assert "5/2 opening: 1/6 (16.7%)" in page.locator(".jp-Notebook").text_content()
        assert_offline(w)


def test_desk_answers_and_saves_a_download(site_url: str, tmp_path: Path, capsys) -> None:
    with offline_page() as w:
        page = run_notebook(w, site_url, "06_judges_desk.ipynb")
        desk = page.locator(".tv-desk").first
        desk.scroll_into_view_if_needed()
        desk.locator("button.tv-ask").click()
        desk.locator(".tv-outcomes [data-outcome='3']").wait_for(timeout=60_000)
        desk.locator(".tv-save-name input").fill("site-puzzle")
        desk.locator("button.tv-save").click()
        message = desk.locator(".tv-save-message")
        message.locator(".tv-ok, .tv-error").wait_for(timeout=60_000)
        assert "Saved" in message.text_content(), message.text_content()
        link = message.locator("a.tv-download")
        with page.expect_download() as info:
            link.click()
        saved = tmp_path / info.value.suggested_filename
        info.value.save_as(saved)
        assert saved.name == "site-puzzle.yaml"
        shown = re.search(r"(\d+) distinct outcome", desk.locator(".tv-summary").text_content())
        assert len(load_scenario(saved).outcomes["expect"]) == int(shown[1])
        assert main(["check", str(saved)]) == 0   # it checks what the desk showed
        assert_offline(w)
