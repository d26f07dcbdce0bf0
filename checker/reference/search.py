"""Finding the rule: ranked, forgiving search over every rule, ruling, card text and glossary
entry, for questions as judges type them ("exchange empty pile", "tie breaker").

The index is SQLite's full-text index (FTS5) with the Porter stemmer, so word forms meet
("exchanges", "exchanging" find "exchange"), built in memory at first use (a few
milliseconds). A question is read as a list of *concepts*: each word that is not a stop word,
with its Dominion synonyms (:data:`SYNONYMS`: "topdeck" is also "put onto your deck", "upgrade
pile" is also "non-Supply") and, for a word the index does not know, the nearest word it
does (a typo). Entries are ranked by how many concepts they hold (a concept in most entries,
such as "card", does not count), then by FTS5's BM25 rank of the words as typed (a synonym
finds an entry but adds no weight)
(ids and titles weigh more than text, a general rule or glossary term more than a card's
ruling); an entry whose id is the whole question ("Mission", "topdeck") comes first.

Each hit shows the sentence of its text that best answers the question (:func:`excerpts`): the
one holding most of the question's concepts, then the best BM25 rank of the words as typed,
read from a second index of every entry's sentences (the same stemmer and synonyms; a
ruling's own text, not its example); the first sentence when none holds a concept.

>>> "travellers.exchange-needs-copy" in [h.id for h in search("exchange empty pile", 3)]
True
>>> h = search("tie breaker", 1)[0]
>>> h.kind, h.id, h.title
('rule', 'game.scoring', 'Scoring and ties')
"""

from __future__ import annotations

import difflib
import re
import sqlite3
from dataclasses import asdict, dataclass
from functools import cache
from typing import Any

from dominion_tavern.checker.reference.pages import glossary
from dominion_tavern.rulebook.carddata import CARDS, EVENTS
from dominion_tavern.rulebook.rules import RULES, rulings

KINDS = ("rule", "ruling", "card", "event", "term")
#: BM25 weights of the columns id, title, text.
WEIGHTS = (8.0, 4.0, 1.0)

#: Words a question holds that say nothing about the rules (negations included: a question
#: asks whether, the answer says yes or no).
STOP_WORDS = frozenset({
    "a", "an", "and", "are", "as", "at", "be", "been", "but", "by", "can", "cannot", "cant",
    "could", "did", "do", "does", "doesn", "doesnt", "doing", "don", "dont", "for", "from", "get",
    "gets", "got", "had", "happen", "happens", "has", "have", "how", "i", "if", "in", "into", "is",
    "isn", "isnt", "it", "its", "may", "me", "might", "my", "no", "not", "of", "on", "or", "our",
    "rule", "rules", "ruling", "s", "same", "should", "so", "t", "than", "that", "the", "their",
    "them", "then", "there", "these", "they", "this", "those", "to", "too", "was", "we", "were",
    "what", "when", "where", "which", "while", "who", "whom", "why", "will", "with", "would",
    "you", "your", "yours",
})

#: Dominion words and their other names: each side finds the other (phrases in quotes).
SYNONYMS: dict[str, tuple[str, ...]] = {
    "topdeck": ("onto your deck", "on top of your deck", "top of their deck"),
    "upgrade": ("non-supply", "traveller"),
    "non-supply": ("upgrade pile", "not in the supply"),
    "tavern": ("reserve", "mat"),
    "reserve": ("tavern mat",),
    "mat": ("tavern", "reserve"),
    "face-down": ("turn it over", "turns it over", "face up"),
    "face-up": ("turn it over", "turns it over", "face down"),
    "flip": ("turn it over", "turns it over", "face up", "face down"),
    "tie": ("fewest turns", "tied", "tie-break"),
    "breaker": ("fewest turns", "tie"),
    "tiebreaker": ("tie", "fewest turns"),
    "money": ("coins", "$"),
    "coin": ("$", "coins"),
    "coins": ("$",),
    "leftover": ("unspent", "unused"),
    "unspent": ("leftover", "unused"),
    "minus": ("-1", "-$1", "-$2"),
    "card-token": ("-1 card",),
    "one": ("1",),
    "two": ("2",),
    "three": ("3",),
    "duration": ("stays in play", "next turn"),
    "stays": ("stays in play",),
    "attack": ("attacks",),
    "moat": ("reaction", "unaffected"),
    "block": ("unaffected", "reaction"),
    "immune": ("unaffected",),
    "exchange": ("traveller",),
    "swap": ("exchange",),
    "traveler": ("traveller",),
    "travelers": ("traveller",),
    "shuffle": ("reshuffle",),
    "reshuffle": ("shuffle",),
    "empty": ("no cards", "run out", "none left"),
    "ends": ("end",),
    "over": ("end",),
    "double": ("twice", "throne room"),
    "twice": ("throne room", "played twice", "once"),
    "replay": ("play it again", "twice"),
    "cost": ("costs", "cheaper"),
    "cheaper": ("cost", "less"),
    "discount": ("cost", "less"),
    "extra": ("another",),
    "trash": ("trashing",),
    "score": ("vp", "victory points"),
    "points": ("vp", "scoring"),
    "vp": ("victory points",),
    "plus": ("+",),
    "token": ("tokens",),
    "order": ("any order", "simultaneous"),
}
#: How much more an entry of a kind weighs when it holds as many of the question's words:
#: the general rule first, then the card rulings that apply it.
KIND_WEIGHT = {"rule": 1.5, "term": 1.5, "ruling": 1.0, "card": 1.0, "event": 1.0}
#: A concept found in more than this share of the entries does not count for the ranking by
#: concepts held (it still counts for BM25).
COMMON = 0.5

_WORD = re.compile(r"[a-z0-9$][a-z0-9$'-]*")
_ENDINGS = ("s", "es", "ing", "ed", "d")


@dataclass(frozen=True)
class Hit:
    """One search result: what it is (``kind``: rule, ruling, card, event, term), its id (a rule
    or ruling id, a card's or Event's name, a glossary term), a title and the sentence of its
    text that best answers the question (``line``)."""

    id: str
    kind: str
    title: str
    line: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


_SENTENCE_END = re.compile(r"(?<!e\.g\.)(?<!i\.e\.)(?<=[.!?])\s")
#: Characters of an excerpt shown (a longer sentence is cut).
WIDTH = 200


def first_line(text: str, width: int = 160) -> str:
    """The text's first sentence (or line), cut at ``width`` characters."""
    return _cut(sentences(text)[0] if text.strip() else "", width)


def _cut(line: str, width: int) -> str:
    return line if len(line) <= width else line[:width - 1].rstrip() + "…"


def sentences(text: str) -> list[str]:
    """The text's sentences (a line break ends one too), spaces made single.

    >>> sentences("One. Two (e.g. three).\\nFour")
    ['One.', 'Two (e.g. three).', 'Four']
    """
    out: list[str] = []
    for line in text.splitlines():
        line = " ".join(line.split())
        out += [s for s in _SENTENCE_END.split(line) if s]
    return out or [""]


def _entries() -> list[tuple[str, str, str, str]]:
    """(kind, id, title, text) of everything indexed."""
    out: list[tuple[str, str, str, str]] = []
    for r in RULES.values():
        texts = dict.fromkeys(t for t in (r.text, r.text_2015, r.text_current) if t)
        out.append(("rule", r.id, r.title, "\n".join([*texts, r.history or ""]).strip()))
    for x in rulings():
        text = x["text"] + ("\n" + x["example"] if x.get("example") else "")
        out.append(("ruling", x["id"], f"{x['card']} ruling", text))
    for name, d in CARDS.items():
        texts = "\n".join(dict.fromkeys(d.texts.values()))
        out.append(("card", name, f"{name} ({', '.join(d.types)}, {d.cost})", texts))
    for name, e in EVENTS.items():
        texts = "\n".join(dict.fromkeys(e.texts.values()))
        out.append(("event", name, f"{name} (Event, {e.cost})", texts))
    for term, e in glossary().items():
        out.append(("term", term, f"{term} (glossary)", e["text"]))
    return out


class Index:
    """The full-text index of :func:`_entries`, in memory."""

    def __init__(self) -> None:
        self.db = sqlite3.connect(":memory:", check_same_thread=False)
        self.db.execute("CREATE VIRTUAL TABLE doc USING fts5(ident, title, body, "
                        "kind UNINDEXED, id UNINDEXED, line UNINDEXED, "
                        "tokenize=\"porter unicode61 tokenchars '$'\")")
        rows = [(re.sub(r"[.\-_]", " ", ident), title, text, kind, ident, first_line(text, WIDTH))
                for kind, ident, title, text in _entries()]
        self.db.executemany("INSERT INTO doc VALUES (?, ?, ?, ?, ?, ?)", rows)
        self.db.execute("CREATE VIRTUAL TABLE sentence USING fts5(body, entry UNINDEXED, "
                        "tokenize=\"porter unicode61 tokenchars '$'\")")
        self.db.executemany("INSERT INTO sentence VALUES (?, ?)",
                            [(s, i) for i, (kind, _, _, text) in enumerate(_entries(), 1)
                             for s in sentences(text.split("\n")[0] if kind == "ruling"
                                                else text)])
        self.words = sorted({w for r in rows for w in _WORD.findall(" ".join(r[:3]).lower())})
        self.known = set(self.words)
        self.size = len(rows)

    def matches(self, expr: str) -> list[tuple[int, str, str, str, str, float]]:
        """(rowid, kind, id, title, line, bm25) of the entries matching the FTS5 ``expr``."""
        return self.db.execute(
            "SELECT rowid, kind, id, title, line, bm25(doc, ?, ?, ?) FROM doc "
            "WHERE doc MATCH ? ORDER BY bm25(doc, ?, ?, ?)",
            (*WEIGHTS, expr, *WEIGHTS)).fetchall()

    def sentences_matching(self, expr: str, entries: list[int]
                           ) -> list[tuple[int, int, str, float]]:
        """(sentence rowid, entry rowid, text, bm25) of the sentences of ``entries`` matching
        the FTS5 ``expr``."""
        marks = ",".join("?" * len(entries))
        return self.db.execute(
            f"SELECT rowid, entry, body, bm25(sentence) FROM sentence WHERE sentence MATCH ? "
            f"AND entry IN ({marks})", (expr, *entries)).fetchall()

    def spelled(self, word: str) -> list[str]:
        """``word`` if the index holds it (in any form), else the nearest words it holds."""
        if word in self.known or self.count(_phrase(word)):
            return [word]
        return difflib.get_close_matches(word, self.words, n=2, cutoff=0.75)

    def count(self, expr: str) -> int:
        return self.db.execute("SELECT count(*) FROM doc WHERE doc MATCH ?", (expr,)).fetchone()[0]


@cache
def index() -> Index:
    return Index()


def _phrase(text: str) -> str:
    """An FTS5 phrase for ``text`` (every token quoted: no operators or columns by accident)."""
    tokens = _WORD.findall(text.lower())
    return '"' + " ".join(t.replace('"', "") for t in tokens) + '"' if tokens else '""'


@dataclass(frozen=True)
class Concept:
    """One thing a question asks about: the word as typed (or the index's nearest spellings
    of it) and its other names."""

    words: tuple[str, ...]
    synonyms: tuple[str, ...]

    @property
    def expr(self) -> str:
        return " OR ".join(_phrase(a) for a in (*self.words, *self.synonyms))


def concepts(query: str) -> list[Concept]:
    """The question's concepts: each word that is not a stop word, or a two-word name with
    synonyms ("face down", "non supply")."""
    idx = index()
    words = [w.removesuffix("'s").rstrip("'") for w in _WORD.findall(query.lower())]
    words = [w for w in words if w and w not in STOP_WORDS]  # "Miser's" is Miser
    out: list[Concept] = []
    i = 0
    while i < len(words):
        word = words[i]
        pair = f"{word}-{words[i + 1]}" if i + 1 < len(words) else ""
        if pair in SYNONYMS:
            word, i = pair, i + 1
        spelled = tuple(w for w in idx.spelled(word) if _WORD.search(w))
        others = tuple(a for a in synonyms(word) if _WORD.search(a) and a not in spelled)
        if spelled or others:
            out.append(Concept(spelled, others))
        i += 1
    return out


def synonyms(word: str) -> tuple[str, ...]:
    """The other names of ``word`` or of its plain form ("exchanges" -> "exchange")."""
    for form in [word] + [word[:-len(e)] for e in _ENDINGS if word.endswith(e)]:
        if form in SYNONYMS:
            return SYNONYMS[form]
    return ()


def search(query: str, limit: int = 10) -> list[Hit]:
    """The entries that best answer ``query``, best first (at most ``limit``)."""
    found = concepts(query)
    if not found or limit < 1:
        return []
    idx = index()
    held: dict[int, int] = {}
    for concept in found:
        rows = idx.matches(concept.expr)
        if len(rows) > idx.size * COMMON:
            continue  # "card": in most entries, it tells none apart
        for row in rows:
            held[row[0]] = held.get(row[0], 0) + 1
    typed = " OR ".join(_phrase(w) for c in found for w in c.words)
    rank = {r[0]: r[5] for r in idx.matches(typed)} if typed else {}
    rows = idx.matches(" OR ".join(c.expr for c in found))
    exact = query.strip().lower()
    rows.sort(key=lambda r: (r[2].lower() != exact, -held.get(r[0], 0),
                             rank.get(r[0], 0.0) * KIND_WEIGHT[r[1]]))
    best = excerpts([r[0] for r in rows[:limit]], found)
    return [Hit(ident, kind, title, best.get(rowid, line))
            for rowid, kind, ident, title, line, _ in rows[:limit]]


def excerpts(entries: list[int], found: list[Concept]) -> dict[int, str]:
    """For each entry (by rowid), the sentence holding most of the concepts ``found``, then
    ranked best by BM25 for the words as typed; entries none of whose sentences holds one are
    left out (their first line stands)."""
    if not entries:
        return {}
    idx = index()
    held: dict[int, int] = {}
    text: dict[int, tuple[int, str]] = {}
    for concept in found:
        for sid, entry, body, _ in idx.sentences_matching(concept.expr, entries):
            held[sid] = held.get(sid, 0) + 1
            text[sid] = (entry, body)
    typed = " OR ".join(_phrase(w) for c in found for w in c.words)
    rank = {sid: bm for sid, _, _, bm in idx.sentences_matching(typed, entries)} if typed \
        else {}
    best: dict[int, tuple[tuple[int, float, int], str]] = {}
    for sid, (entry, body) in text.items():
        key = (-held[sid], rank.get(sid, 0.0), sid)
        if entry not in best or key < best[entry][0]:
            best[entry] = (key, body)
    return {entry: _cut(body, WIDTH) for entry, (_, body) in best.items()}


__all__ = ["KINDS", "SYNONYMS", "Concept", "Hit", "concepts", "excerpts", "first_line", "search",
           "sentences"]
