"""Every notebook runs headless from its jupytext source, without writing an .ipynb."""

from __future__ import annotations

from pathlib import Path

import jupytext
import nbclient
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
SOURCES = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.py"))
PAGES = [NOTEBOOKS / "desk.py"]   # served alone by make desk
#: What a notebook's outputs must hold, each group in one output: the tour's find_rule cell,
#: the rule search as text (where widgets do not show) beside the clickable finder; its chance
#: cells, Laboratory's draw of 2 from 3 Copper and 2 Estate, and the 5/2 opening's 1 in 6
#: (Dominion Strategy wiki, "Opening").
SHOWN = {"01_tour": [["rule event.no-treasures-after: No Treasures after an Event",
                      "application/vnd.jupyter.widget-view+json"],
                     ["draw: Copper, Copper     3/10  30.0%",
                      "draw: Copper, Estate     3/5   60.0%"],
                     ["5/2 opening: 1/6 (16.7%)", "4/3 opening: 5/6 (83.3%)"]],
          # the charts: Vega-Lite, drawn by JupyterLab's own renderer (and the site's)
          "07_simulation": [["application/vnd.vegalite.v5+json", "final score (VP)",
                             "game length (turns, both players)"],
                            # exact by turn (tests/test_chance_policy.py's Markov chain), and
                            # 10,000 seeded games holding it in their 99% intervals
                            ["by turn 4: 2843/4752 = 59.83% exactly"],
                            ["by turn 5: 141035/162624 = 86.72% exactly"],
                            ["turn 3: exact 0.2841, simulated 0.2851, inside its 99% interval: "
                             "True"],
                            ["turn 5: exact 0.8672, simulated 0.8691, inside its 99% interval: "
                             "True"],
                            ["application/vnd.vegalite.v5+json", "a Gold bought by turn N"]]}


def test_the_seven_notebooks_are_there() -> None:
    assert [p.stem[:2] for p in SOURCES] == ["01", "02", "03", "04", "05", "06", "07"]
    for p in SOURCES:
        header = p.read_text("utf-8").split("# ---", 2)[1]
        assert "format_name: percent" in header and "name: python3" in header, p.name


@pytest.mark.parametrize("source", SOURCES + PAGES, ids=lambda p: p.stem)
def test_notebook_runs(source: Path, tmp_path: Path) -> None:
    nb = jupytext.read(source)
    client = nbclient.NotebookClient(nb, kernel_name="python3", timeout=120,
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert errors == []
    outputs = [str(o.get("data", o.get("text", ""))) for c in nb.cells
               for o in c.get("outputs", [])]
    for group in SHOWN.get(source.stem, []):
        assert any(all(t in out for t in group) for out in outputs), group
    if source in PAGES:   # the page shows the desk alone: no prose
        assert [c.cell_type for c in nb.cells] == ["code"]
        assert nb.metadata["title"] == "Tavern \u2014 judge's desk"
    else:
        assert any(c.cell_type == "markdown" for c in nb.cells)
