"""``python -m dominion_tavern.checker.reference`` (``make reference``): write the rules
reference pages into ``rulebook/reference/``."""

import sys

from dominion_tavern.checker.reference.pages import main

sys.exit(main())
