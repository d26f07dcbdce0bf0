"""The built wheel, installed into a fresh virtual environment as a user would: it owns one
import name, and `tavern` works there over the scenario book packaged with it (issue 15).

Slow-ish (it builds the wheel and installs its PyPI dependencies, from pip's cache when warm),
so it builds and installs once for the whole module.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest
from dominion_tavern.checker import CORPUS

from dominion_tavern import __version__

ROOT = Path(__file__).resolve().parents[1]
COPY_IGNORED = shutil.ignore_patterns(".venv", ".git", "build", "*.egg-info", "__pycache__",
                                      ".pytest_cache", ".ruff_cache", "saved-scenarios")


def _run(*cmd: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``cmd`` away from the checkout (whose ``dominion_tavern/`` folder would otherwise
    be imported in place of the installed package)."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    return subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True,
                          text=True, check=False, timeout=600)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from a copy of the source (so no build files land in the checkout)."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    shutil.copytree(ROOT, src, ignore=COPY_IGNORED)
    out = _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", tmp / "dist",
               src, cwd=tmp)
    assert out.returncode == 0, out.stderr
    (built,) = (tmp / "dist").glob("dominion_tavern-*.whl")
    return built


@pytest.fixture(scope="module")
def env(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel (and its widgets extra) installed; its bin."""
    where = tmp_path_factory.mktemp("venv") / "env"
    venv.create(where, with_pip=True)
    bin_ = where / "bin"
    out = _run(bin_ / "python", "-m", "pip", "install", "--quiet", f"{wheel}[widgets]",
               cwd=where)
    assert out.returncode == 0, out.stderr
    return bin_


def _folders(config: dict, data: bool) -> set[str]:
    """The package names of the folders under the package folders that hold Python (an
    ``__init__.py``), or, with ``data``, only package data (and the folders above those)."""
    found = set() if data else {"dominion_tavern"}
    for package, folder in config["package-dir"].items():
        for d in [ROOT / folder, *(ROOT / folder).rglob("*")]:
            rel = d.relative_to(ROOT / folder)
            if not d.is_dir() or {"build", "__pycache__"} & set(rel.parts) or \
                    (d / "__init__.py").exists() != (not data):
                continue
            if not data or any(f.is_file() for f in d.rglob("*")):
                found.add(".".join([package, *rel.parts]))
    return found


def test_every_package_folder_is_listed_in_pyproject() -> None:
    """A subpackage left out of ``packages`` would be missing from the wheel while editable
    installs stay green; a folder of package data left out makes setuptools warn on every
    install. Checked here without building anything."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    assert set(config["packages"]) == _folders(config, False) | _folders(config, True)


def test_the_wheel_owns_one_import_name(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        tops = {name.split("/")[0] for name in z.namelist()}
    assert tops == {"dominion_tavern", f"dominion_tavern-{__version__}.dist-info"}


def test_the_wheel_ships_every_module_and_the_scenario_book(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    for folder in ("rulebook", "checker", "diagrams", "notebooks"):
        for module in (ROOT / folder).rglob("*.py"):
            rel = module.relative_to(ROOT).as_posix()
            if rel.startswith("notebooks/build/"):
                continue
            assert f"dominion_tavern/{rel}" in names, rel
    for scenario in CORPUS.rglob("*.yaml"):
        assert f"dominion_tavern/{scenario.relative_to(ROOT).as_posix()}" in names
    assert "dominion_tavern/checker/scenario.schema.json" in names
    assert "dominion_tavern/rulebook/data/rules.toml" in names


def test_every_subpackage_imports_from_the_wheel(env: Path, tmp_path: Path) -> None:
    code = ("import importlib, pkgutil, dominion_tavern as d; "
            "names = [m.name for m in pkgutil.walk_packages(d.__path__, 'dominion_tavern.') "
            "if m.ispkg]; [importlib.import_module(n) for n in names]; "
            "print(importlib.import_module('dominion_tavern.checker').__file__); "
            "print(' '.join(sorted(names)))")
    out = _run(env / "python", "-c", code, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    where, names = out.stdout.splitlines()
    assert "site-packages" in where
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    assert set(names.split()) == set(config["packages"]) - {"dominion_tavern"} - \
        _folders(config, True)


def test_tavern_version_and_commands(env: Path, tmp_path: Path) -> None:
    out = _run(env / "tavern", "--version", cwd=tmp_path)
    assert out.returncode == 0 and out.stdout.strip() == f"tavern {__version__}"
    out = _run(env / "tavern", cwd=tmp_path)
    assert out.returncode == 0
    assert "check" in out.stdout and "explore" in out.stdout and "example:" in out.stdout


def test_check_runs_the_packaged_scenario_book(env: Path, tmp_path: Path) -> None:
    out = _run(env / "tavern", "check", cwd=tmp_path)  # no path: the book shipped with Tavern
    total = len(list(CORPUS.rglob("*.yaml")))
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr
    assert out.stdout.strip().splitlines()[-2] == f"{total} passed, 0 failed, 0 with no claim"


def test_explore_card_rule_and_coverage_work_installed(env: Path, tmp_path: Path) -> None:
    found = _run(env / "python", "-c", "from dominion_tavern.checker import CORPUS; "
                 "print(CORPUS / 'seeds' / 'peasant-soldier-outcomes.yaml')", cwd=tmp_path)
    puzzle = found.stdout.strip()
    assert "site-packages" in puzzle
    out = _run(env / "tavern", "explore", puzzle, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "3 distinct outcome(s)" in out.stdout
    out = _run(env / "tavern", "card", "Peasant", cwd=tmp_path)
    assert out.returncode == 0 and "Peasant" in out.stdout, out.stderr
    out = _run(env / "tavern", "rule", "traveller.exchange", cwd=tmp_path)
    assert out.returncode == 0 and "traveller.exchange" in out.stdout, out.stderr
    out = _run(env / "tavern", "coverage", cwd=tmp_path)
    assert out.returncode == 0, out.stderr


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_diagrams_render_installed(env: Path, tmp_path: Path) -> None:
    out = _run(env / "tavern", "diagram", "turn", "-o", tmp_path / "turn.svg", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "turn.svg").read_text().lstrip().startswith(("<?xml", "<svg"))


def test_the_widgets_import_installed(env: Path, tmp_path: Path) -> None:
    out = _run(env / "python", "-c", "from dominion_tavern.notebooks.widgets import Stepper; "
               "from dominion_tavern.notebooks.widgets.desk import Desk; "
               "from dominion_tavern.checker import CORPUS; "
               "s = Stepper(CORPUS / 'seeds' / 'peasant-soldier-outcomes.yaml'); "
               "print(type(s).__name__, type(Desk()).__name__)", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["Stepper", "Desk"]
