"""The explorer's limits hold everywhere (issue 23): ``max_nodes`` bounds a single decision with
millions of answers (Cellar with 25 different cards: 2^25 ways to discard), whose answers are
made one at a time and counted without being listed; a time limit for the interactive tools;
a search cut short says which limit, where, and what it had explored."""

from __future__ import annotations

from dominion_tavern.checker.explore import explore
from dominion_tavern.checker.reading.why_not import OPTIONS_LISTED, pending_dict
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.position import build

KINGDOM = ["Cellar", "Village", "Smithy", "Market", "Festival", "Laboratory", "Militia", "Moat",
           "Chapel", "Witch", "Mine", "Remodel", "Moneylender", "Workshop", "Bureaucrat",
           "Gardens", "Throne Room", "Library"]
# Cellar and 25 different cards: 7 of the basic cards and the 18 Kingdom cards
HAND = ["Cellar", "Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse", *KINGDOM]
CELLAR_25 = {"kingdom": KINGDOM, "players": [
    {"name": "Ann", "hand": HAND, "deck": ["10 Copper"]}, {"name": "Bob"}],
    "turn": {"phase": "action"}}


def test_a_decision_with_millions_of_answers_stops_at_the_node_limit():
    ex = explore(lambda: build(CELLAR_25), ["play Cellar"], {"decisions": 1},
                 ["players.Ann.hand"], max_nodes=300)
    assert ex.truncated and ex.limit == "max-nodes" and ex.explored == 300
    answers, prompt, tried, of = ex.cut
    assert answers == [] and "Cellar" in prompt and tried == 300 and of == 2 ** 25
    assert ex.leaves == 300 and len(ex.outcomes) > 100
    text = ex.limit_text()
    assert "node limit (300 answers tried)" in text and "300 of its 33,554,432 answers" in text


def test_a_search_past_its_time_says_so():
    """``max_seconds`` (the interactive tools' limit) ends the search, and says it was time."""
    ex = explore(lambda: build(CELLAR_25), ["play Cellar"], {"decisions": 1},
                 ["players.Ann.hand"], max_seconds=1e-9)
    assert ex.truncated and ex.limit == "max-seconds" and ex.cut is not None
    assert "time limit" in ex.limit_text()


def test_a_finished_search_names_no_limit():
    ex = explore(lambda: build(CELLAR_25), [], {"decisions": 1}, ["players.Ann.hand"])
    assert not ex.truncated and ex.limit is None and ex.cut is None and ex.limit_text() == ""


def test_a_report_of_a_decision_lists_a_bounded_number_of_answers_and_counts_them_all():
    g = Game(lambda: build(CELLAR_25))
    g.answer("play Cellar")
    d = pending_dict(g)
    assert len(d["options"]) == OPTIONS_LISTED and d["options_count"] == 2 ** 25
    assert d["options"][:2] == ["discard: nothing", "discard: Copper"]
