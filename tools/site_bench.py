"""How long the static site takes to start, in headless Chromium with every other host
unresolvable (``make bench-site``): the site is built (or reused), served on 127.0.0.1, and a
notebook (the tour by default) opened and run to its end, ``--runs`` times, each in a fresh
browser (nothing cached). Prints, in seconds from opening the page: the notebook shown, the
kernel running the first cell (its "loading Tavern…" line), the kit installed and ready, the
next cell run, and every cell run; and the load average, since a busy machine is slower.
"""

from __future__ import annotations

import argparse
import os
import subprocess
from pathlib import Path

from dominion_tavern.notebooks.widgets.browser import (
    offline_page,
    run_site_notebook,
    static_site,
)

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notebook", default="01_tour.ipynb")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    subprocess.run(["make", "--no-print-directory", "site"], cwd=ROOT, check=True)
    with static_site(ROOT / "site") as url:
        for run in range(1, args.runs + 1):
            with offline_page() as w:
                run_site_notebook(w, url, args.notebook)
            steps = ", ".join(f"{k} {v:.1f}" for k, v in w.times.items())
            print(f"run {run}: {steps} s; requests to other hosts: {len(w.outside)}; "
                  f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
                  flush=True)


if __name__ == "__main__":
    main()
