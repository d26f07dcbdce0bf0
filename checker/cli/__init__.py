"""The ``tavern`` command line (``tavern = dominion_tavern.checker.cli:main``): one module per
sub-command, each importing only when its command runs."""

from dominion_tavern.checker.cli.main import main

__all__ = ["main"]
