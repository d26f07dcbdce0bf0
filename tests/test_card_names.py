"""Card names the same in every command that takes them: quoted or not, several at once, in
any case, and a did-you-mean for a misspelt one."""

from __future__ import annotations

import json

import pytest
from dominion_tavern.checker.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("argv", [["Royal", "Carriage", "Throne", "Room"],
                                  ["Royal Carriage", "Throne Room"],
                                  ["royal carriage", "throne", "room"]])
def test_card_takes_several_names_quoted_or_not(capsys, argv):
    code, out, _ = run(capsys, "card", *argv, "--json")
    assert code == 0
    assert [c["name"] for c in json.loads(out)] == ["Royal Carriage", "Throne Room"]


def test_card_with_one_name_prints_it_alone(capsys):
    code, out, _ = run(capsys, "card", "coin", "of", "the", "realm", "--json")
    assert code == 0 and json.loads(out)["name"] == "Coin of the Realm"
    code, out, _ = run(capsys, "card", "Treasure", "Trove")  # not "Treasure" and "Trove"
    assert code == 0 and out.startswith("Treasure Trove:")


@pytest.mark.parametrize("argv", [["Royal", "Carriage"], ["royal carriage"], ["ROYAL", "carriage"]])
def test_diagram_card_takes_the_name_unquoted_and_in_any_case(capsys, argv):
    code, out, _ = run(capsys, "diagram", "card", *argv)
    assert code == 0 and 'digraph "card Royal Carriage"' in out


def test_a_misspelt_name_gets_a_did_you_mean_everywhere(capsys):
    code, _, err = run(capsys, "card", "Royal", "Cariage", "Throne", "Room")
    assert code == 2 and "unknown card or Event 'Royal Cariage'; did you mean Royal Carriage?" \
        in err
    code, _, err = run(capsys, "diagram", "card", "roial", "carriage")
    assert code == 2 and "unknown card 'roial carriage'; did you mean Royal Carriage?" in err
    code, _, err = run(capsys, "diagram", "card", "Royal", "Carriage", "Silver")
    assert code == 2 and "draws one card at a time, not 2 (Royal Carriage, Silver)" in err
    code, _, err = run(capsys, "simulate", "--kingdom", "vilage,smithy", "--games", "1")
    assert code == 2 and "--kingdom: unknown card 'vilage'; did you mean Village" in err


def test_simulate_takes_names_in_any_case(capsys):
    code, out, _ = run(capsys, "simulate", "--kingdom", "village,smithy,witch,moat,market,"
                       "festival,laboratory,cellar,chapel,mine", "--events", "alms",
                       "--games", "1", "--seed", "1", "--workers", "1", "--json")
    assert code == 0
    assert json.loads(out)["kingdoms"][0][:2] == ["Village", "Smithy"]
