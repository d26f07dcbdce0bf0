"""Nothing a user types can crash, hang or flood Tavern: each class of hostile file in
``tests/hostile/`` (its first line says what the refusal must say) is refused with exit 2 and a
located message, and Hypothesis's hostile variants of the scenario book's files only ever exit
0, 1, 2 or 4 (``tavern check``'s statuses for a file read or refused; 3 is a fault)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from dominion_tavern.checker.bench.fuzz import broken, check_content, hostile_files
from dominion_tavern.checker.cli import main
from dominion_tavern.checker.format.load import ScenarioError, load_scenario_text
from dominion_tavern.checker.format.yaml_values import MAX_FILE_BYTES
from hypothesis import HealthCheck, given, settings

HOSTILE = sorted((Path(__file__).parent / "hostile").glob("*.yaml"))
#: Characters one refused file may print: a few lines, each message at most 400 characters.
MAX_OUTPUT = 4_000
FUZZ_FILES = 300  # hostile variants the suite checks (about 10 s)


def expected(path: Path) -> str:
    first = path.read_text("utf-8").splitlines()[0]
    assert first.startswith("# refused: "), path
    return first.removeprefix("# refused: ")


@pytest.mark.parametrize("path", HOSTILE, ids=[p.stem for p in HOSTILE])
def test_each_hostile_class_is_refused_located(path, capsys):
    code = main(["check", str(path)])
    out, err = capsys.readouterr()
    assert code == 2, out + err
    assert err.startswith(f"{path}:") and expected(path) in err, err
    line, col = err.split(":")[1:3]
    assert int(line) >= 1 and int(col) >= 1
    assert "Traceback" not in err and "internal error" not in err
    assert len(out) + len(err) < MAX_OUTPUT


def test_a_check_of_them_all_still_runs_the_good_file(tmp_path, capsys):
    good = tmp_path / "good.yaml"
    good.write_text("meta: {id: good, question: q}\nsetup: {}\nexpect: {turn: {number: 1}}\n",
                    "utf-8")
    code = main(["check", *map(str, HOSTILE), str(good)])
    out, err = capsys.readouterr()
    assert code == 2
    assert out.splitlines() == ["PASS good: q (claims: 1 stated)",
                                "1 passed, 0 failed, 0 with no claim", "claims: 1 stated"]
    assert err.splitlines()[-1] == f"{len(HOSTILE)} file(s) refused, not run (their problems " \
        "are above)"
    assert all(str(p) in err for p in HOSTILE)


def test_a_huge_file_is_refused_unread(tmp_path, capsys):
    path = tmp_path / "huge.yaml"
    path.write_text("meta: {id: huge, question: q}\nsetup: {}\n# " + "x" * 10_000_000)
    code = main(["check", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and f"{path}:1:1: the file has 10,000,042 bytes; a scenario file has at " \
        f"most {MAX_FILE_BYTES:,}" in err
    with pytest.raises(ScenarioError, match="a scenario file has at most"):
        load_scenario_text(path.read_text(), "desk")


def test_binary_and_empty_files(tmp_path, capsys):
    (tmp_path / "binary.yaml").write_bytes(random.Random(1).randbytes(5000))
    (tmp_path / "nul.yaml").write_text("meta: {id: n, question: \x00}\nsetup: {}\n")
    code = main(["check", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and "binary.yaml:1:1: not UTF-8 text" in err
    assert "nul.yaml:1:25: YAML error: the character '\\x00' is not allowed in YAML text" in err


@settings(max_examples=FUZZ_FILES, derandomize=True, database=None, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(hostile_files())
def test_hostile_variants_of_the_book_never_break_the_contract(hostile):
    """Hypothesis's variants of the book's files (``make bench-fuzz`` runs a thousand and
    reports the figures): exit 0, 1, 2 or 4, never an internal fault or a traceback, never a
    flood. Derandomized: the same files on every run."""
    run = check_content(*hostile)
    assert not broken(run), run.output[:2000]
    assert len(run.output) < 10 * MAX_OUTPUT
