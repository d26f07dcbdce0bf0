"""The scenario checker: file format, loader, runner, explorer and the ``tavern`` command."""

from pathlib import Path

#: The scenario book shipped with Tavern (``checker/scenarios`` in the repository).
CORPUS = Path(__file__).resolve().parent / "scenarios"
