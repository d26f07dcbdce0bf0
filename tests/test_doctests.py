"""Every module's doctests, imported under its one installed name (``dominion_tavern.*``)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

SUBPACKAGES = ("rulebook", "checker", "diagrams", "notebooks")


def _modules() -> list[str]:
    """Each subpackage is walked from its own folder: the mapping puts them side by side in
    the repository, not inside ``dominion_tavern/``."""
    out = ["dominion_tavern"]
    for sub in SUBPACKAGES:
        package = importlib.import_module(f"dominion_tavern.{sub}")
        out.append(package.__name__)
        out += [m.name for m in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")
                # running it is all a __main__ does; a notebook (01_tour: not an identifier,
                # with await at its top level) is run by tests/test_notebooks.py instead
                if not m.name.endswith(".__main__") and m.name.rsplit(".", 1)[1].isidentifier()]
    return sorted(out)


MODULES = _modules()


def test_every_subpackage_is_found() -> None:
    for name in ("rulebook.engine.decisions", "checker.explore", "diagrams.tree",
                 "notebooks.widgets.stepper"):
        assert f"dominion_tavern.{name}" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
