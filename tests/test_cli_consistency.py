"""The command line speaks one language: the same wording for a script entry that cannot be
used, whichever command meets it."""

from __future__ import annotations

from pathlib import Path

import pytest
from dominion_tavern.checker.cli import main

# Ann plays Militia; Bob must discard two of Gold, Estate x4 (one Gold: "Gold, Gold" is not
# legal). The Base rulebook's Militia: each other player discards down to 3 cards.
ILLEGAL = """\
meta: {id: militia-bad-answer, question: "Can Bob discard two Golds?"}
setup:
  kingdom: [Militia]
  players:
    - {name: Ann, hand: [Militia]}
    - {name: Bob, hand: [Gold, 4 Estate]}
  turn: {phase: action}
script: [play Militia, "discard: Gold, Gold"]
"""
# The last Province bought ends the game: an answer after that is never used.
UNUSED = """\
meta: {id: over, question: "Buying the last Province ends the game"}
setup:
  piles: {Province: 1}
  players:
    - {name: Ann, hand: [Gold, Gold, Silver, Silver]}
    - {name: Bob}
  turn: {player: Ann, phase: buy}
script: [play all Treasures, buy Province, end Buy phase]
"""


def run(capsys, *args: str) -> tuple[int, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.mark.parametrize(("text", "message"), [
    (ILLEGAL, "script entry 2 'discard: Gold, Gold' is not a legal answer to Bob's decision "
              "\"Discard down to 3 cards\"; legal: discard: Gold, Estate | discard: Estate, "
              "Estate"),
    (UNUSED, "script entry 3 'end Buy phase' is never used: the game is over"),
])
@pytest.mark.parametrize("command", ["check", "explore", "dump", "why"])
def test_one_wording_for_a_script_entry_that_cannot_be_used(capsys, tmp_path: Path, text,
                                                            message, command):
    path = tmp_path / "s.yaml"
    path.write_text(text)
    code, out = run(capsys, command, str(path))
    assert message in out
    assert code in (1, 2)
