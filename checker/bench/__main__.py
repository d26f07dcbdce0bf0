"""``python -m dominion_tavern.checker.bench`` (``make bench-checker``; ``--start`` for ``make
bench-start``): the checker's benchmark, :mod:`dominion_tavern.checker.bench.checker`."""

import sys

from dominion_tavern.checker.bench.checker import main

sys.exit(main())
