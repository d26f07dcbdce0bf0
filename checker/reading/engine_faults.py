"""A fault in Tavern itself (never the user's input), said in one line for a bug report."""

from __future__ import annotations

import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the kit's folders (or the installed package)


def fault_where(e: BaseException) -> str:
    """Where ``e`` was raised in Tavern's own code (its innermost frame there), else where
    it was raised at all: ``moves.py:95 in draw``."""
    frames = traceback.extract_tb(e.__traceback__)
    ours = [f for f in frames if Path(f.filename).resolve().is_relative_to(ROOT)]
    last = (ours or frames)[-1]
    return f"{Path(last.filename).name}:{last.lineno} in {last.name}"


def fault_text(e: BaseException) -> str:
    return (f"internal error: {type(e).__name__}: {e} (at {fault_where(e)}). This is a fault "
            "in Tavern, not in your input: please report it with the command and its files.")
