"""``python -m dominion_tavern.checker.cli``: the ``tavern`` command."""

import sys

from dominion_tavern.checker.cli.main import main

sys.exit(main())
