"""How long the static site takes to start, in headless Chromium with every other host
unresolvable (``make bench-site``): the site is built (or reused), served on 127.0.0.1, and a
notebook (the tour by default) opened and run to its end, ``--runs`` times, each in a fresh
browser (nothing cached). Prints, in seconds from opening the page: the notebook shown, the
kernel running the first cell (its "loading Tavern…" line), the kit installed and ready, the
next cell run, and every cell run; beside each, the CPU seconds the browser had used by then
(which a busy machine does not stretch as it does the wall time); and the load average.
"""

from __future__ import annotations

import argparse
import os
import subprocess
from contextlib import ExitStack
from pathlib import Path

from dominion_tavern.notebooks.widgets.browser import (
    Watched,
    offline_page,
    run_site_notebook,
    static_site,
)

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notebook", default="01_tour.ipynb")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, action="append",
                        help="a site folder built elsewhere (e.g. from an older commit) instead "
                             "of make site's; given twice or more, the runs alternate between "
                             "them, so that both see the same machine")
    args = parser.parse_args()
    if not args.site:
        subprocess.run(["make", "--no-print-directory", "site"], cwd=ROOT, check=True)
    sites = args.site or [ROOT / "site"]
    with ExitStack() as stack:
        urls = [stack.enter_context(static_site(folder)) for folder in sites]
        for run in range(1, args.runs + 1):
            for folder, url in zip(sites, urls, strict=True):
                with offline_page() as w:
                    run_site_notebook(w, url, args.notebook)
                report(f"run {run}" + (f" {folder}" if len(sites) > 1 else ""), w)


def report(label: str, w: Watched) -> None:
    steps = ", ".join(f"{k} {v:.1f} ({w.cpu[k]:.1f} CPU)" for k, v in w.times.items())
    print(f"{label}: {steps} s; requests to other hosts: {len(w.outside)}; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)


if __name__ == "__main__":
    main()
