"""The rulings data (``rulebook/data/rulings.toml``) is well formed, and tests cite it truly.

A test cites a ruling by writing ``Ruling`` followed by the ruling's id in its docstring or a
comment; every id cited must exist, and every ruling on a card these tests cover (Base 2nd
edition, Torturer, Goons, City) must be cited by some test.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from dominion_tavern.rulebook.carddata import CARDS, EVENTS, RULESETS

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "rulebook" / "data"
RULINGS_FILE = DATA / "rulings.toml"
TESTS = Path(__file__).resolve().parent
CITATION = re.compile(r"\bRuling ([a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+)")
GROUPS = {"Events", "Travellers"}  # rulings about a whole section, not one card
COVERED_SETS = {"base-2e", "intrigue-2e", "prosperity"}


def load_rulings() -> list[dict]:
    with RULINGS_FILE.open("rb") as f:
        return tomllib.load(f)["ruling"]


RULINGS = load_rulings()


def cited_ids() -> dict[str, list[str]]:
    """Ruling id -> the test files citing it."""
    cited: dict[str, list[str]] = {}
    for path in sorted(TESTS.glob("*.py")):
        for rid in CITATION.findall(path.read_text("utf-8")):
            cited.setdefault(rid, []).append(path.name)
    return cited


def test_rulings_file_is_not_empty():
    assert len(RULINGS) > 100


def test_ids_unique():
    counts = Counter(r["id"] for r in RULINGS)
    assert [rid for rid, n in counts.items() if n > 1] == []


@pytest.mark.parametrize("ruling", RULINGS, ids=lambda r: r.get("id", "?"))
def test_ruling_fields(ruling):
    """Each ruling has an id, a title, a card, a text and a source; rulesets (if given) are
    known."""
    assert set(ruling) >= {"id", "title", "card", "text", "source"}
    assert set(ruling) <= {"id", "title", "card", "text", "source", "example", "rulesets"}
    assert CITATION.fullmatch(f"Ruling {ruling['id']}"), ruling["id"]
    assert ruling["text"].strip() and ruling["source"].strip()
    assert set(ruling.get("rulesets", RULESETS)) <= set(RULESETS)


@pytest.mark.parametrize("ruling", RULINGS, ids=lambda r: r.get("id", "?"))
def test_title_says_what_it_rules(ruling):
    """A ruling's title is its own line saying what it rules ("Royal Carriage can replay a
    Duration: it stays in play as long as the Duration"), in one line: not "Royal Carriage
    ruling", "Ruling on Royal Carriage" or the card's name alone (rule search shows titles and
    weighs them)."""
    title, card = ruling["title"], ruling["card"]
    words = re.findall(r"[\w$+-]+", title.lower())
    rest = [w for w in words if w not in re.findall(r"[\w$+-]+", card.lower())]
    assert title == title.strip() and "\n" not in title and len(title) <= 100, title
    assert "ruling" not in words and len(rest) >= 2, (
        f"{ruling['id']}: title {title!r} does not say what the ruling rules")
    assert not title.endswith("."), title


def test_titles_unique():
    counts = Counter(r["title"] for r in RULINGS)
    assert [t for t, n in counts.items() if n > 1] == []


@pytest.mark.parametrize("ruling", RULINGS, ids=lambda r: r.get("id", "?"))
def test_card_known(ruling):
    """Every ``card`` is a card or Event in the card data, or a section name."""
    card = ruling["card"]
    assert card in CARDS or card in EVENTS or card in GROUPS, (
        f"{ruling['id']}: unknown card {card!r}")


def test_cited_ids_exist():
    """Every ``Ruling <id>`` cited in tests/*.py names a ruling in rulings.toml."""
    known = {r["id"] for r in RULINGS}
    cited = cited_ids()
    assert cited, "no test cites a ruling"
    missing = {rid: files for rid, files in cited.items() if rid not in known}
    assert missing == {}


def test_covered_cards_all_cited():
    """Every ruling on a Base 2nd edition card, Torturer, Goons or City is tested."""
    cited = cited_ids()
    covered = [r["id"] for r in RULINGS
               if r["card"] in CARDS and CARDS[r["card"]].set in COVERED_SETS]
    assert len(covered) >= 100
    assert [rid for rid in covered if rid not in cited] == []


def test_citation_pattern():
    word = "Ruling"  # spelled apart so that this file cites nothing itself
    text = f'x = 1  # {word} cellar.not-self (Dominion)\n"""{word} throne-room.a-b."""'
    assert CITATION.findall(text) == ["cellar.not-self", "throne-room.a-b"]
    assert CITATION.findall(f"{word} <card>.<point>, {word}s, {word} none") == []


# Words of a note to ourselves, never of a text a user reads: a reference file only we have,
# and doubt about a source said anywhere but in the source.
NOTES_TO_OURSELVES = re.compile(r"cards\.json|not confirmed|unconfirmed|\bNote:", re.I)


def _user_strings(data: object, where: str = "") -> list[tuple[str, str]]:
    if isinstance(data, dict):
        return [x for k, v in data.items() for x in _user_strings(v, f"{where}.{k}")]
    if isinstance(data, list):
        return [x for i, v in enumerate(data) for x in _user_strings(v, f"{where}[{i}]")]
    return [(where, data)] if isinstance(data, str) else []


@pytest.mark.parametrize("name", ["cards", "rules", "rulings", "glossary"])
def test_what_users_read_holds_no_notes_to_ourselves(name):
    data = tomllib.loads((DATA / f"{name}.toml").read_text("utf-8"))
    found = [(w, s) for w, s in _user_strings(data) if NOTES_TO_OURSELVES.search(s)]
    assert found == []


def test_errata_say_what_is_unknown_in_their_source():
    """An erratum's doubt is worded for a reader in its source ("date of this erratum
    unknown"), and its note is only the change."""
    for d in [*CARDS.values(), *EVENTS.values()]:
        if d.errata:
            assert set(d.errata) == {"date", "source", "note"}, d.name
            assert "unknown" not in d.errata["note"], d.name
