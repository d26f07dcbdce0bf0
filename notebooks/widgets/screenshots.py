"""``python -m dominion_tavern.notebooks.widgets.screenshots FOLDER`` (``make screenshots``): the
README's pictures, taken in Debian's Chromium: the judge's desk served by Voilà (``make desk``)
and the Travellers notebook in JupyterLab (``make lab``) with its stepper."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from dominion_tavern.notebooks.widgets.browser import NOTEBOOKS, chromium, lab, to_ipynb, voila


def desk_shot(out: Path, work: Path) -> Path:
    """The desk as ``make desk`` serves it, opened on the puzzle and asked, and a question
    typed into Find the rule."""
    nb = to_ipynb(NOTEBOOKS / "desk.py", work)
    path = out / "desk.png"
    with voila(nb) as server, chromium(1300, 1500) as page:   # the whole desk in view
        page.goto(server.url + "&scenario=seeds/peasant-soldier-outcomes")
        page.locator(".tv-desk").wait_for(timeout=60_000)
        page.locator("button.tv-ask").click()
        page.locator(".tv-outcomes [data-outcome='3']").wait_for(timeout=60_000)
        page.get_by_role("tab", name="Ann", exact=True).click()   # her zones, typed in
        query = page.locator(".tv-find-query input")
        query.fill("can I play treasures after buying an event")
        query.press("Enter")
        page.locator("button.tv-hit").first.wait_for(timeout=30_000)
        page.wait_for_timeout(500)
        page.locator(".tv-desk").screenshot(path=str(path))
    return path


def lab_shot(out: Path, work: Path) -> Path:
    to_ipynb(NOTEBOOKS / "05_travellers.py", work)
    path = out / "lab.png"
    with lab(work) as url, chromium(1400, 1000) as page:
        page.goto(url.replace("/?token", "/lab/tree/05_travellers.ipynb?token"))
        page.wait_for_function("window.jupyterapp && window.jupyterapp.shell", timeout=60_000)
        page.locator(".jp-Notebook").wait_for(timeout=60_000)
        page.wait_for_timeout(3000)  # the kernel connects after the toolbar says idle
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        box = page.locator(".tv-stepper").first
        box.wait_for(state="attached", timeout=60_000)
        box.scroll_into_view_if_needed()
        page.wait_for_timeout(500)
        box.locator("button.tv-answer", has_text="exchange Soldier for Fugitive").click()
        box.locator(".tv-position", has_text="step 1 of 2").wait_for()
        box.locator(".tv-logbox details", has_text="exchanges Soldier").locator(
            "summary").click()
        page.wait_for_timeout(300)
        box.scroll_into_view_if_needed()
        page.screenshot(path=str(path))
    return path


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else NOTEBOOKS / "screenshots")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        print(desk_shot(out, Path(tmp) / "desk"))
        print(lab_shot(out, Path(tmp) / "lab"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
