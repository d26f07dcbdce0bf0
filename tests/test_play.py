"""``tavern play``: a scenario written by playing it, answers piped in; the saved file keeps its
comments and layout and passes ``tavern check``."""

from __future__ import annotations

import io
import re
import textwrap
from pathlib import Path

import pytest
import yaml
from dominion_tavern.checker.cli import main
from dominion_tavern.checker.cli.play import match
from dominion_tavern.checker.format.load import load_scenario
from dominion_tavern.checker.format.write_back import answer_text, with_script
from dominion_tavern.rulebook.engine.decisions import Decision, IllegalAnswer, Option

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "checker" / "scenarios"

MOAT = """\
# A judge's question, written by hand up to the setup.
meta:
  id: play-moat
  question: "Bob reveals Moat when Ann plays Witch: does Bob gain a Curse?"   # asked in a club
  sources: ["Dominion rulebook (2nd edition), card FAQ: Moat"]
setup:
  kingdom: [Witch, Moat]
  players:
    - name: Ann
      hand: [Witch, 4 Copper]
      deck: [Gold, Silver]     # top first
    - name: Bob
      hand: [Moat, 4 Estate]
  turn: {player: Ann, phase: action}

# the end of the file
"""


def play(tmp_path: Path, monkeypatch, capsys, text: str, answers: str,
         *args: str) -> tuple[int, str, Path]:
    path = tmp_path / "q.yaml"
    if not path.exists():
        path.write_text(text, "utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO(textwrap.dedent(answers)))
    code = main(["play", str(path), *args])
    out = capsys.readouterr()
    return code, out.out + out.err, path


def check(path: Path, capsys) -> tuple[int, str]:
    code = main(["check", str(path)])
    return code, capsys.readouterr().out


def test_a_piped_session_writes_the_script_and_recorded_claims(tmp_path, monkeypatch, capsys):
    code, out, path = play(tmp_path, monkeypatch, capsys, MOAT, "1\nrev\nsave expect\n")
    assert code == 0
    assert "   1  play Witch\n   2  end Action phase" in out  # numbered, labelled
    assert "Ann plays Witch from hand [play.action-use]" in out  # the log as it comes
    assert "Bob is unaffected by Witch (they revealed Moat) [attack.unaffected]" in out
    assert "tavern check" in out and ": PASS" in out
    text = path.read_text("utf-8")
    before = MOAT.split("\n# the end of the file")[0]
    assert text.startswith(before)  # every line before is kept byte for byte, comments too
    assert text.endswith("\n# the end of the file\n")
    scn = load_scenario(path)
    assert scn.script == ["play Witch", "reveal Moat"]
    assert 'recorded: "tavern play"\nexpect:\n' in text
    # what the rules say (Moat's FAQ): Bob gains no Curse, Ann draws her two cards
    assert scn.expect["players"]["Bob"] == {"hand": ["4 Estate", "Moat"], "deck": [],
                                            "discard": [], "play": []}
    assert scn.expect["players"]["Ann"]["hand"] == ["4 Copper", "Gold", "Silver"]
    assert "piles" not in scn.expect  # no pile changed: Curse stays at 10
    assert check(path, capsys)[0] == 0


def test_the_files_script_is_played_first_and_kept_with_its_comments(tmp_path, monkeypatch,
                                                                       capsys):
    text = MOAT.replace("\n# the end", "script:\n  - play Witch      # Ann attacks\n"
                        "  # Bob could reveal Moat here\n  - continue\n"
                        "expect: {piles: {Curse: 9}}\n\n# the end")
    _, out, path = play(tmp_path, monkeypatch, capsys, text, "undo\n1\nsave\n")
    assert "taking back 'continue'" in out
    saved = path.read_text("utf-8")
    assert "  - play Witch      # Ann attacks\n  - reveal Moat\nexpect: {piles: {Curse: 9}}\n" \
        in saved
    assert "Bob could reveal" not in saved  # the comment went with the answer it spoke of
    assert "FAIL (piles.Curse: expected 9, got 10)" in out  # the file's own claim, checked
    _, out, path = play(tmp_path, monkeypatch, capsys, "", "save expect\n")
    saved = path.read_text("utf-8")
    assert "expect: {piles: {Curse: 9}}" in saved  # a hand-written claim is never replaced
    assert '    recorded: "tavern play"\n' in saved  # the recorded one is a checkpoint
    assert load_scenario(path).checkpoints[-1].after == 2
    assert "the file's own expect is kept as written (stated claims)" in out
    assert "kept, recorded" not in out  # it read as if the hand-written claims were recorded
    assert check(path, capsys)[0] == 1  # the hand-written claim still fails, as it should


def test_answers_by_number_prefix_and_mistakes(tmp_path, monkeypatch, capsys):
    _, out, path = play(tmp_path, monkeypatch, capsys, MOAT,
                           "9\nend\nplay\nbuy Gold\nrandom\nundo\nundo\nquit\n")
    assert "not taken: 9 is not one of the numbers 1 to 2" in out
    assert "  = end Action phase" in out  # a unique start is taken, and said in full
    assert "not taken: 'play' starts 2 answers: play Copper | play all Treasures" in out
    assert "not taken: 'buy Gold' is not a legal answer" in out
    assert "'random' answers a chance step only" in out
    assert "nothing to take back: this is the start" in out
    assert "not saved" not in out  # back at the start: nothing to lose
    assert path.read_text("utf-8") == MOAT  # no save, no change


def test_a_chance_step_random_named_or_explored(tmp_path, monkeypatch, capsys):
    lab = (CORPUS / "chance" / "laboratory-two-of-five.yaml").read_text("utf-8")
    text = lab[:lab.index("script:")]
    _, out, path = play(tmp_path, monkeypatch, capsys, text,
                           "1\nexplore\nsave outcomes\nrandom\nundo\ndraw: Estate, Copper\nsave\n",
                           "--seed", "1")
    assert "draw: Copper, Copper   3/10 (30.0%)" in out  # each outcome with its probability
    assert ("3 outcome(s) from here once chance is resolved, at the next decision; each with "
            "its exact probability") in out
    assert "3/5 (60.0%)" in out and "1/10 (10.0%)" in out
    saved = path.read_text("utf-8")
    assert 'outcomes:\n  recorded: "tavern play"\n' in saved
    scn = load_scenario(path)
    assert scn.script == ["play Laboratory", "draw: Copper, Estate"]
    chances = {str(e["probability"]) for e in scn.outcomes["expect"]}
    assert chances == {"3/10", "3/5", "1/10"}  # C(3,2), 3x2, C(2,2) over C(5,2) = 10
    # the outcomes were explored from the end of the first save's script; the second save
    # went on, so they no longer hold there, and check says so
    assert check(path, capsys)[0] == 1


def test_explore_says_once_which_outcomes_the_players_choices_alone_decide(tmp_path, monkeypatch,
                                                                          capsys):
    """Explored before Ann plays Laboratory, ending the phase without playing it is her choice
    alone (0 to 1): said once, that outcome numbered with its paths; the draws keep their
    ranges (0 to 3/5: she may avoid each), as tavern explore shows them."""
    lab = (CORPUS / "chance" / "laboratory-two-of-five.yaml").read_text("utf-8")
    _, out, _ = play(tmp_path, monkeypatch, capsys, lab[:lab.index("script:")],
                     "explore phase\n")
    assert out.count("1 outcome(s) show no probability: the players' choices alone") == 1
    assert "0 to 1 (0% to 100%)" not in out.split("show no probability")[1]
    assert "  1. 1 path(s)\n" in out
    assert "  2. 0 to 3/5 (0% to 60.0%), by the players' choices" in out


def test_outcomes_saved_where_they_were_explored_pass(tmp_path, monkeypatch, capsys):
    lab = (CORPUS / "chance" / "laboratory-two-of-five.yaml").read_text("utf-8")
    _, out, path = play(tmp_path, monkeypatch, capsys, lab[:lab.index("script:")],
                           "play\nexplore\nsave outcomes expect\n")
    assert "tavern check" in out and ": PASS" in out
    assert check(path, capsys)[0] == 0


def test_save_outcomes_needs_an_exploration_here(tmp_path, monkeypatch, capsys):
    _, out, path = play(tmp_path, monkeypatch, capsys, MOAT, "explore\n1\nsave outcomes\n")
    assert "not taken: 'save outcomes' writes the outcomes of an 'explore' made here" in out
    assert path.read_text("utf-8") == MOAT


def test_a_bad_file_gets_the_loaders_message(tmp_path, monkeypatch, capsys):
    code, out, _ = play(tmp_path, monkeypatch, capsys, MOAT.replace("Witch, Moat]", "Witch]"),
                        "quit\n")
    assert code == 2
    assert "q.yaml:13:14: setup.players[1].hand[0]: Moat is not in this game" in out


def test_a_file_script_that_does_not_fit_starts_before_it(tmp_path, monkeypatch, capsys):
    text = MOAT.replace("\n# the end", "script: [play Witch, buy Gold, end Buy phase]\n# the end")
    _, out, path = play(tmp_path, monkeypatch, capsys, text, "save\n")
    assert "script entry 2 'buy Gold' is not a legal answer" in out
    assert "playing from before it" in out
    assert load_scenario(path).script == ["play Witch"]


def test_many_way_picks_are_answered_by_card_numbers():
    d = Decision("Ann", "Trash up to 4 cards", [Option(n) for n in
                                                ["Estate", "Copper", "Curse", "Silver", "Gold"]],
                 min=0, max=4, verb="trash", multi=True)
    assert d.answer_count() > 20
    assert match(d, "1 3") == "trash: Estate, Curse"
    assert match(d, "trash: Gold") == "trash: Gold"
    with pytest.raises(IllegalAnswer, match="6 is not one of the card numbers 1 to 5"):
        match(d, "1 6")
    with pytest.raises(IllegalAnswer, match="5 picked"):
        match(d, "1 2 3 4 5")


def test_answers_with_a_colon_are_quoted_and_flow_scripts_rewritten():
    assert answer_text("play Witch") == "play Witch"
    assert answer_text("draw: Copper, Estate") == '"draw: Copper, Estate"'
    text = "meta: {id: x, question: q}\nsetup: {}\nscript: [end Action phase]  # old\n"
    out = with_script(text, "x.yaml", 1, ["draw: Copper"])
    assert out == ('meta: {id: x, question: q}\nsetup: {}\nscript:\n  - end Action phase\n'
                   '  - "draw: Copper"\n')


@pytest.mark.parametrize("path", sorted(CORPUS.rglob("*.yaml"))[::15],
                         ids=lambda p: p.stem)
def test_a_book_file_written_back_changes_only_its_script(path):
    """Appending an answer, or cutting the script after its first entry, changes the script
    alone: every other section reads back the same, and nothing at all changes when nothing
    is added."""
    text = path.read_text("utf-8")
    before = yaml.safe_load(text)
    script = before.get("script") or []
    assert with_script(text, str(path), len(script), []) == text
    for kept in {len(script), min(1, len(script))}:
        after = yaml.safe_load(with_script(text, str(path), kept, ["draw: Copper"]))
        assert after.pop("script") == [*script[:kept], "draw: Copper"]
        assert after == {k: v for k, v in before.items() if k != "script"}


def _read_until(fd: int, seen: bytearray, text: bytes, deadline: float = 60.0) -> None:
    import os
    import select
    import time

    end = time.monotonic() + deadline
    while text not in seen and time.monotonic() < end:
        if select.select([fd], [], [], 0.5)[0]:
            try:
                seen += os.read(fd, 4096)
            except OSError:
                return


def test_tab_completes_an_answer_on_a_terminal(tmp_path):
    """On a terminal, answers are read through readline: Tab completes the start of one."""
    import os
    import signal
    import sys

    pty = pytest.importorskip("pty")
    path = tmp_path / "q.yaml"
    path.write_text(MOAT, "utf-8")
    tavern = Path(sys.executable).with_name("tavern")
    pid, fd = pty.fork()
    if pid == 0:  # the child: tavern play on the pseudo-terminal
        os.execv(str(tavern), [str(tavern), "play", str(path)])
    seen = bytearray()
    try:
        _read_until(fd, seen, b"> ")
        os.write(fd, b"pl\t\r")
        _read_until(fd, seen, b"react with a card")
        os.write(fd, b"quit\r")
        _read_until(fd, seen, b"not saved")
    finally:
        if os.waitpid(pid, os.WNOHANG) == (0, 0):  # still running: the test failed, end it
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    text = seen.decode(errors="replace")
    assert "> play Witch" in text and "Ann plays Witch from hand" in text


def test_a_long_explore_on_the_default_fields_says_how_to_ask_less(tmp_path, monkeypatch,
                                                                    capsys):
    """Every order of Ann's Treasures and every buy is an outcome on the default fields: the
    list ends saying so, and a file naming its fields gets no such line."""
    _, out, path = play(tmp_path, monkeypatch, capsys, MOAT, "1\n1\nexplore\n")
    many = int(re.search(r"^(\d+) outcome\(s\) from here", out, re.M).group(1))
    assert many > 20
    assert (f"{many} outcomes, told apart by the default fields (the turn player's zones, the "
            "trash and the turn's counters): to ask about less") in out
    path.write_text(MOAT.replace("# the end", "outcomes: {fields: [piles.Curse]}\n# the end"),
                    "utf-8")
    _, out, _ = play(tmp_path, monkeypatch, capsys, "", "1\n1\nexplore\n")
    # Curse 10, or 9 if Ann buys one
    assert "2 outcome(s) from here" in out and "told apart by the default fields" not in out
