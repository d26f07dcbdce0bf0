"""The rule search measured on a judge's questions (:mod:`.search_questions`, two sets of forty,
a third of 74 weighted to questions asking when, or whether a step is optional, and a fourth
of 30 written blind):
how many find an answering entry in the top three, and how many of the top three's answering
hits show the answering sentence in their excerpt.
``python -m dominion_tavern.checker.bench --search``."""

from __future__ import annotations

from dataclasses import dataclass

from dominion_tavern.checker.bench.search_questions import (
    HELD_OUT,
    QUESTIONS,
    SECOND_40,
    THIRD_SET,
)
from dominion_tavern.checker.reference.search import search

TOP = 3


@dataclass
class Figures:
    questions: int
    found: int            # questions with an answering entry among the top three
    answering_hits: int   # answering entries among the top threes
    sentence_shown: int   # of those, excerpts holding the answering sentence's words
    misses: list[str]     # questions with no answering entry in the top three
    hidden: list[str]     # answering hits whose excerpt is another sentence

    def text(self) -> str:
        lines = [f"top {TOP}: {self.found}/{self.questions} questions find an answering entry",
                 f"excerpts: {self.sentence_shown}/{self.answering_hits} answering hits in the "
                 "top three show the answering sentence"]
        lines += [f"  not found: {q}" for q in self.misses]
        lines += [f"  other sentence shown: {h}" for h in self.hidden]
        return "\n".join(lines)


def measure(questions: list[tuple[str, set[str], str]] = QUESTIONS) -> Figures:
    """The figures for ``questions``: (question, answering ids, words of the answering
    sentence, alternatives separated by ``|``: one sentence per answering entry)."""
    f = Figures(len(questions), 0, 0, 0, [], [])
    for q, ids, words in questions:
        hits = [h for h in search(q, TOP) if h.id in ids]
        f.found += bool(hits)
        if not hits:
            f.misses.append(q)
        for h in hits:
            f.answering_hits += 1
            if any(w.lower() in h.line.lower() for w in words.split("|")):
                f.sentence_shown += 1
            else:
                f.hidden.append(f"{q} -> {h.id}: {h.line}")
    return f


#: The question sets measured, by name.
SETS = {"first 40": QUESTIONS, "second 40": SECOND_40, "third, weak families": THIRD_SET,
        "fourth, written blind": HELD_OUT}


def main() -> int:
    for name, questions in SETS.items():
        print(f"Rule search, a judge's questions ({name}):")
        print(measure(questions).text())
    return 0
