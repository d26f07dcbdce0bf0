"""Widgets for the notebooks: the turn stepper and the judge's desk."""

from dominion_tavern.notebooks.widgets.stepper import PUZZLE_PATH, SCENARIOS, Stepper

__all__ = ["PUZZLE_PATH", "SCENARIOS", "Stepper"]
