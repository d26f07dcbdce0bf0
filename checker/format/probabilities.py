"""Probabilities as a scenario writes them: an exact fraction (``"3/10"``) or the range the
players' choices allow (``"9/14 to 1"``), read and written."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

PROBABILITY = "probability"


def parse_probability(value: Any) -> tuple[Fraction, Fraction]:
    """An expected outcome's ``probability``: exact, as a fraction (``"3/10"``, ``1``), or the
    range the players' choices allow (``"9/14 to 1"``); decimals are refused (inexact).

    >>> parse_probability("3/10"), parse_probability("9/14 to 1")
    ((Fraction(3, 10), Fraction(3, 10)), (Fraction(9, 14), Fraction(1, 1)))
    """
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError(f"{value!r} is not a probability; write a fraction such as \"3/10\", "
                         "or a range \"9/14 to 1\"")
    parts = str(value).split(" to ")
    if len(parts) > 2:
        raise ValueError(f"{value!r}: write one fraction, or \"LOW to HIGH\"")
    try:
        low, high = (Fraction(parts[0]), Fraction(parts[-1]))
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{value!r} is not a fraction such as \"3/10\" (or \"9/14 to 1\")"
                         ) from None
    if "." in str(value):
        raise ValueError(f"{value!r}: write the probability exactly, as a fraction (\"3/10\")")
    if not 0 <= low <= high <= 1:
        raise ValueError(f"{value!r}: probabilities lie from 0 to 1, the lower one first")
    return low, high


def bounds_text(bounds: tuple[Fraction, Fraction]) -> str:
    """A probability as ``outcomes.expect`` writes it (what :func:`parse_probability` reads):
    ``3/10``, or the range the players' choices allow, ``0 to 3/5``."""
    low, high = bounds
    return str(low) if low == high else f"{low} to {high}"
