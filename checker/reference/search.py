"""Finding the rule: ranked, forgiving search over every rule, ruling, card text and glossary
entry, for questions as judges type them ("exchange empty pile", "tie breaker", "can I call
Royal Carriage on a Duration card?").

The index is SQLite's full-text index (FTS5) with the Porter stemmer, so word forms meet
("exchanges", "exchanging" find "exchange"), built in memory at first use (a few
milliseconds); a ruling is indexed with its title, which says what it rules. A question is
read as a list of *concepts*: each card's, Event's or token's name it holds, however many
words ("royal carriages" is Royal Carriage, "minus one card token" the -1 Card token, "ferry
token" the -$2 cost token), with what the name implies (Soldier: a Traveller, non-Supply);
each other word that is not a stop word, with its Dominion synonyms (:data:`SYNONYMS`:
"topdeck" is also "put onto your deck", "upgrade pile" is also "non-Supply"; a number is also
that many $) and, for a word the index does not know, the nearest word it does (a typo). A
question may also ask for a kind of answer (:data:`INTENTS`): "when do I ..." for a moment,
"do I have to ..." for whether a step is optional; the phrases such answers are stated in
("after", "until", "at the start"; "optional", "you may", "must") are concepts too, of which an
entry counts only the rarest it holds, at ``INTENT`` of its weight (a sentence counts each).

Entries are ranked by the weight of the concepts they hold (:func:`weights`): a concept
weighs the more the fewer entries hold it, a name more than other words, a concept in an
entry's id or title twice as much as in its text; where the question names a card, a word
that most of that card's entries hold weighs little ("call" on Royal Carriage). A general
rule or glossary term weighs a little more than a card's ruling, more where the question
names no card, and twice as much where it asks what a word means ("what counts as in
play"). Two words of the question side by side in an entry ("empty hand") add to its weight.
Equal weights rank by FTS5's BM25 of the words as typed. An entry whose id is the
whole question ("Mission", "topdeck") comes first.

Each hit shows the sentence of its text that best answers the question (:func:`excerpts`): the
one holding the most weight of the question's concepts, then the best BM25 rank of the words
as typed, read from a second index of every entry's sentences (the same stemmer and synonyms;
a ruling's own text, not its example); the first sentence when none holds a concept. Of a
sentence longer than ``WIDTH``, the part shown is the one holding the most weight of the
concepts the hit's title does not already show, starting at a clause where it can.

>>> "travellers.exchange-needs-copy" in [h.id for h in search("exchange empty pile", 3)]
True
>>> h = search("tie breaker", 1)[0]
>>> h.kind, h.id, h.title
('rule', 'game.scoring', 'Scoring and ties')
"""

from __future__ import annotations

import difflib
import math
import re
import sqlite3
from dataclasses import asdict, dataclass
from functools import cache
from itertools import pairwise
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
    "you", "your", "yours", "mine",
    # a question's own words: who asks, how sure, what else
    "he", "she", "him", "her", "his", "hers", "still", "anything", "something", "already",
    "let", "lets", "many", "much", "now", "just", "also", "really", "actually", "ok", "okay",
    "exactly", "basically", "precisely", "please", "anyway", "correct",
    "someone", "somebody", "else", "else's", "want", "wants", "need", "needs",
    "able", "allowed", "work", "works", "way", "about",
})

#: A question asking what a word means: its rule or glossary entry first.
DEFINITION = re.compile(r"^\s*(?:what(?:'s| is| are) (?:an? |the )?|what counts as|what does"
                        r"|meaning of|define)\b|\bmeans?\s*\??\s*$", re.IGNORECASE)

#: What a question asks for beyond its words, and the phrases in which answers of that kind
#: state it: "when do I ...", "at what point ..." ask for a moment (an answer says "after",
#: "until", "at the start", "in Clean-up"); "do I have to ...", "must I ...", "can I choose
#: not to ..." ask whether a step is optional (an answer says "optional", "you may", "must",
#: "wanted or not"). An entry holding such a phrase gains the weight of the rarest one it holds
#: (:func:`weights`), times ``INTENT``.
INTENTS: dict[str, tuple[re.Pattern[str], tuple[str, ...]]] = {
    "moment": (re.compile(
        r"\bwhen\s+(?:exactly\s+)?(?:do|does|did|is|are|am|can|could|should|will|would|must"
        r"|may)\b|\bat (?:what|which) (?:point|time|moment|stage)\b|\bwhat time\b"
        r"|\bbefore\b[^?.!]{0,60}\bor after\b|\bafter\b[^?.!]{0,60}\bor before\b"
        r"|\bhow (?:long|soon)\b|\bas soon as\b"
        r"|\b(?:right|straight) away\b|\bimmediately\b|\blater\b", re.IGNORECASE),
        ("after", "before", "until", "at the start", "at the end", "during", "phase", "clean-up",
         "next turn", "straight after", "directly after", "right after", "immediately",
         "only when", "when played", "when called", "later", "moment", "at once")),
    "optional": (re.compile(
        r"\b(?:have|has|need|needs|got) to\b|\bmust\b|\bforced\b|\bobliged\b|\brequired\b"
        r"|\bmandatory\b|\boptional\b|\bchoose (?:not )?to\b|\bdecline\b|\brefuse\b"
        r"|\bskip\b|\bopt out\b", re.IGNORECASE),
        ("optional", "you may", "must", "mandatory", "not optional", "wanted or not",
         "whether or not", "whether you want", "your choice", "decline", "refuse", "need not",
         "lets you", "allowed", "if you choose", "must be", "any number")),
}

#: "mine" ending a clause, in lower case, is a pronoun ("is it still mine?"), not the card.
PRONOUN = re.compile(r"\bmine\b\s*(?:[?.!,;]|$)")

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
    "two": ("2", "several", "multiple", "stack"),
    "three": ("3",),
    "four": ("4",),
    "five": ("5",),
    "six": ("6",),
    "seven": ("7",),
    "second": ("again", "twice", "once", "2nd"),
    "again": ("twice", "more than once"),
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
    "run-out": ("empty", "none left", "runs out"),
    "runs-out": ("empty", "none left", "run out"),
    "ran-out": ("empty", "none left", "run out"),
    "ends": ("end",),
    "over": ("end",),
    "double": ("twice", "throne room"),
    "twice": ("played twice", "once", "again", "two"),
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
    "in-play": ("play area",),
    "set-aside": ("sets aside", "setting aside"),
    "decline": ("optional", "you may"),
    "skip": ("optional", "you may"),
    "optional": ("you may",),
    "must": ("mandatory", "not optional"),
    "forced": ("mandatory", "not optional"),
    "back": ("return", "returns"),
    "only": ("fewer than", "too few"),
    "both": ("each", "several"),
    "protect": ("unaffected",),
    "hit": ("affected", "attack"),
    "trade": ("exchange",),
}
#: A judge's names of the Adventures tokens, and how the rules write them (FTS5 drops the
#: sign: "1 card token" is the -1 Card token, or Pathfinding's +1 Card token).
TOKENS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = tuple(
    (re.compile(pattern + r"(?:'s)? (?:cost )?tokens?\b"), phrases) for pattern, phrases in (
        (r"(?:\bminus|-) ?(?:one |1 ?)?card", ("1 card token",)),
        (r"(?:(?:\bminus|-) ?(?:one |a |1 ?)?(?:\$|coin|dollar|money)|-\$1?)", ("$1 token",)),
        (r"(?:(?:\bminus|-) ?(?:two|2|\$2)(?: coin| dollar)?|\bferry)",
         ("$2 token", "$2 cost token")),
        (r"\b(?:journey|pilgrimage|ranger|giant)", ("journey token",)),
        (r"\b(?:estate|inheritance)", ("estate token",)),
        (r"\b(?:trashing|plan)", ("trashing token",)),
        (r"(?:(?:\bplus|\+) ?(?:one |1 ?)?action|\blost arts)", ("1 action token",)),
        (r"(?:(?:\bplus|\+) ?(?:one |1 ?)?buy|\bseaway)", ("1 buy token",)),
        (r"(?:(?:\bplus|\+) ?(?:one |1 ?)?card|\bpathfinding)", ("1 card token",)),
        (r"(?:(?:\bplus|\+) ?(?:one |a |1 ?)?(?:\$|coin|dollar|money)|\+\$1?|\btraining)",
         ("$1 token",)),
    ))
#: Token phrases the search cannot tell apart, FTS5 having dropped the sign (the +1 Card and
#: -1 Card tokens, the +$1 and -$1 tokens): a judge naming the token by the card or Event that
#: moves it ("pathfinding token") keeps that name as a word of the question.
SIGNLESS = frozenset({"1 card token", "$1 token"})
#: How much more an entry of a kind weighs when it holds the same concepts: the general rule
#: first, then the card rulings that apply it; more so for a question that names no card,
#: and for one that asks what a word means.
KIND_WEIGHT = {"rule": 1.2, "term": 1.2, "ruling": 1.0, "card": 1.0, "event": 1.0}
GENERAL_WEIGHT = {"rule": 1.3, "term": 1.3, "ruling": 1.0, "card": 1.0, "event": 1.0}
DEFINITION_WEIGHT = {"rule": 2.0, "term": 2.0, "ruling": 1.0, "card": 1.0, "event": 1.0}
#: A concept found in more than this share of the entries does not count for the ranking by
#: concepts held (it still counts for BM25).
COMMON = 0.5
#: How much more a concept weighs in an entry's id or title than in its text.
HEAD = 2.0
#: How much more a card's, Event's or token's name weighs than another word; what a name
#: implies (a Traveller, non-Supply), how much less.
NAME = 1.5
IMPLIED = 0.3
#: How much a phrase of the answer a question asks for (:data:`INTENTS`) weighs, against a word
#: of the question as rare.
INTENT = 0.5
#: Two words of the question found side by side in an entry ("empty hand") add this share of
#: their weights again.
PHRASE = 0.3
#: How steeply a word loses weight as more of the named card's entries hold it (0: not at all).
DAMP = 0.5
#: What a concept of no weight (in most entries, "card") counts for in choosing a sentence.
LITTLE = 0.1
#: Decimal places of the weights compared (closer weights rank by BM25).
STEP = 1

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
        out.append(("ruling", x["id"], x["title"], text))
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

    def spelled(self, word: str, typo: bool = True) -> list[str]:
        """``word`` if the index holds it (in any form), else (if it may be a ``typo``) the
        nearest words it holds."""
        if word in self.known or self.count(_phrase(word)):
            return [word]
        return difflib.get_close_matches(word, self.words, n=2, cutoff=0.75) if typo else []

    def heads(self, expr: str, entry: int) -> bool:
        """Whether the id or title of ``entry`` (by rowid) matches the FTS5 ``expr``."""
        return self.db.execute("SELECT 1 FROM doc WHERE doc MATCH ? AND rowid = ?",
                               (f"{{ident title}} : ({expr})", entry)).fetchone() is not None

    def count(self, expr: str) -> int:
        return self.db.execute("SELECT count(*) FROM doc WHERE doc MATCH ?", (expr,)).fetchone()[0]


@cache
def index() -> Index:
    return Index()


def _phrase(text: str) -> str:
    """An FTS5 phrase for ``text`` (every token quoted: no operators or columns by accident)."""
    tokens = _WORD.findall(text.lower())
    if tokens == ["$"]:
        return '"$"*'  # any amount: the index holds "$1", "$2" ("+$1" is "$1")
    return '"' + " ".join(t.replace('"', "") for t in tokens) + '"' if tokens else '""'


@dataclass(frozen=True)
class Concept:
    """One thing a question asks about: the word as typed (or the index's nearest spellings
    of it) and its other names."""

    words: tuple[str, ...]
    synonyms: tuple[str, ...]
    name: bool = False      # a card's, Event's or token's name: weighs NAME times as much
    implied: bool = False   # what a name implies (Soldier: Traveller, non-Supply): weighs less
    intent: str = ""        # a phrase of an answer to the question's kind (INTENTS)

    @property
    def expr(self) -> str:
        return " OR ".join(_phrase(a) for a in (*self.words, *self.synonyms))


def concepts(query: str) -> list[Concept]:
    """The question's concepts: each card or Event named (several words are one name: "royal
    carriages" is Royal Carriage), each other word that is not a stop word, or a two-word name
    with synonyms ("face down", "non supply")."""
    idx = index()
    out: list[Concept] = []
    for pattern, phrases in TOKENS:
        if found := pattern.search(query.lower()):
            query = pattern.sub(" ", query.lower())
            out.append(Concept(phrases, (), name=True))
            if set(phrases) & SIGNLESS:  # "pathfinding token": the Event tells + from -
                out += [Concept((named,), ()) for named in _token_giver(found[0])]
    pronoun = bool(PRONOUN.search(query))
    asked = [kind for kind, (pattern, _) in INTENTS.items() if pattern.search(query)]
    query = query.lower()
    words = [w.removesuffix("'s").rstrip("'") for w in _WORD.findall(query)]
    words = [w for w in words if w]  # "Miser's" is Miser
    i = 0
    while i < len(words):
        size = 0 if words[i] == "mine" and pronoun else _name_at(words, i)
        if size > 1 or (size == 1 and not synonyms(words[i])):
            named = " ".join(words[i:i + size])
            out.append(Concept((named,), (), name=True))
            out += [Concept((k,), synonyms(k), implied=True) for k in _implied(named)]
            i += size
            continue
        word = words[i]
        i += 1
        pair = f"{word}-{words[i]}" if i < len(words) else ""
        if pair in SYNONYMS:
            word, i = pair, i + 1
        elif word in STOP_WORDS:
            continue
        others = tuple(a for a in synonyms(word) if _WORD.search(a))
        spelled = tuple(w for w in idx.spelled(word, typo=not others) if _WORD.search(w))
        others = tuple(a for a in others if a not in spelled)
        if spelled or others:
            out.append(Concept(spelled, others))
    # a name said twice ("before smithy draws ... smithy") is one concept, not twice the weight
    return list(dict.fromkeys(out)) + [Concept((phrase,), (), intent=kind) for kind in asked
                                       for phrase in INTENTS[kind][1]]


def _token_giver(said: str) -> list[str]:
    """The card's or Event's name a judge's token name holds ("pathfinding token":
    Pathfinding), or none ("minus one card token")."""
    words = _WORD.findall(said)
    return [" ".join(words[i:i + n]) for i in range(len(words))
            if (n := _name_at(words, i))][:1]


@cache
def _names() -> frozenset[tuple[str, ...]]:
    """The words of every card's and Event's name, lower case."""
    return frozenset(tuple(_WORD.findall(n.lower())) for n in (*CARDS, *EVENTS))


def _implied(named: str) -> list[str]:
    """What a card's or Event's name implies beyond itself: an Event is an Event, a Traveller a
    Traveller, a Reserve a Reserve, a card outside the Supply non-Supply."""
    for name, d in CARDS.items():
        if _WORD.findall(name.lower()) == _WORD.findall(named.removesuffix("s")) \
                or _WORD.findall(name.lower()) == _WORD.findall(named):
            kinds = [t.lower() for t in d.types if t in ("Traveller", "Reserve", "Duration")]
            return kinds + ([] if d.supply else ["non-supply"])
    return ["event"]


def _name_at(words: list[str], i: int) -> int:
    """How many of ``words`` from ``i`` on make a card's or Event's name (its last word may be
    plural), longest first; 0 if none does."""
    for size in range(min(4, len(words) - i), 0, -1):
        found = words[i:i + size]
        if tuple(found) in _names() or tuple([*found[:-1], found[-1].removesuffix("s")]) \
                in _names():
            return size
    return 0


def synonyms(word: str) -> tuple[str, ...]:
    """The other names of ``word`` or of its plain form ("exchanges" -> "exchange"); a number
    is also that many $ ("costs 4" asks about "$4")."""
    if word.isdigit():
        return (*SYNONYMS.get(word, ()), f"${word}")
    for form in [word] + [word[:-len(e)] for e in _ENDINGS if word.endswith(e)]:
        if form in SYNONYMS:
            return SYNONYMS[form]
    return ()


def search(query: str, limit: int = 10) -> list[Hit]:
    """The entries that best answer ``query``, best first (at most ``limit``)."""
    definition = bool(DEFINITION.search(query))
    found = concepts(DEFINITION.sub(" ", query))
    if not found or limit < 1:
        return []
    idx = index()
    score = weigh(found)
    typed = _typed(found)
    rank = {r[0]: r[5] for r in idx.matches(typed)} if typed else {}
    rows = idx.matches(" OR ".join(c.expr for c in found))
    exact = query.strip().lower()
    kind = DEFINITION_WEIGHT if definition else KIND_WEIGHT \
        if any(c.name for c in found) else GENERAL_WEIGHT
    rows.sort(key=lambda r: (r[2].lower() != exact,
                             -round(score.get(r[0], 0.0) * kind[r[1]], STEP),
                             rank.get(r[0], 0.0) * KIND_WEIGHT[r[1]]))
    best = excerpts([r[0] for r in rows[:limit]], found)
    return [Hit(ident, kind, title, best.get(rowid, line))
            for rowid, kind, ident, title, line, _ in rows[:limit]]


def _typed(found: list[Concept]) -> str:
    """An FTS5 expression of the question's words as typed (not their synonyms, nor the phrases
    of the answer it asks for)."""
    return " OR ".join(_phrase(w) for c in found if not c.intent for w in c.words)


def weights(found: list[Concept]) -> dict[Concept, tuple[float, frozenset[int]]]:
    """Each concept's weight, and the entries (by rowid) holding it: a concept weighs the more
    the fewer entries hold it (its inverse document frequency), a card's, Event's or token's
    name ``NAME`` times as much, what a name implies ``IMPLIED`` times as much. Where the
    question names a card, a concept weighs the less the more of that card's entries hold it
    ("call" in a question on Royal Carriage tells little). A concept held by most entries
    ("card") or by the same entries as another ("buy" and "buying") has none."""
    idx = index()
    held: dict[Concept, frozenset[int]] = {}
    for concept in found:
        rows = frozenset(r[0] for r in idx.matches(concept.expr))
        if rows and rows not in held.values() and len(rows) <= idx.size * COMMON:
            held[concept] = rows
    out: dict[Concept, tuple[float, frozenset[int]]] = {}
    for concept, rows in held.items():
        weight = math.log(idx.size / len(rows))
        if concept.name:
            weight *= NAME
        elif concept.implied:
            weight *= IMPLIED
        elif concept.intent:
            weight *= INTENT
        named = frozenset().union(*(r for c, r in held.items() if c.name and c != concept))
        if named and not concept.implied:
            weight *= (1 - len(rows & named) / len(named)) ** DAMP
        out[concept] = (weight, rows)
    return out


def weigh(found: list[Concept]) -> dict[int, float]:
    """Each entry's (by rowid) weight of the concepts ``found`` it holds (:func:`weights`),
    a concept counting ``HEAD`` times as much in the entry's id or title."""
    idx = index()
    score: dict[int, float] = {}
    weighed = weights(found)
    intent: dict[tuple[str, int], float] = {}
    for concept, (weight, rows) in weighed.items():
        head = {r[0] for r in idx.matches(f"{{ident title}} : ({concept.expr})")}
        for row in rows:
            held = weight * (HEAD if row in head else 1.0)
            if concept.intent:
                key = (concept.intent, row)
                intent[key] = max(intent.get(key, 0.0), held)
            else:
                score[row] = score.get(row, 0.0) + held
    for (_, row), held in intent.items():
        score[row] = score.get(row, 0.0) + held
    plain = [c for c in found if not (c.name or c.implied or c.intent) and len(c.words) == 1]
    for one, two in pairwise(plain):
        bonus = PHRASE * (weighed.get(one, (0.0,))[0] + weighed.get(two, (0.0,))[0])
        for row in idx.matches(_phrase(f"{one.words[0]} {two.words[0]}")):
            score[row[0]] = score.get(row[0], 0.0) + bonus
    return score


def excerpts(entries: list[int], found: list[Concept]) -> dict[int, str]:
    """For each entry (by rowid), the sentence holding the most weight of the concepts
    ``found`` (:func:`weights`; one that weighs nothing counts a little; each phrase of the
    answer the question asks for counts, so "after the Buy phase and before Clean-up" states a
    moment more than "in the Buy phase"), then ranked best by BM25 for the words as typed,
    shown whole or in part (:func:`_window`); entries none of whose sentences holds one are
    left out (their first line stands)."""
    if not entries:
        return {}
    idx = index()
    weight = {c: w for c, (w, _) in weights(found).items()}
    held: dict[int, float] = {}
    text: dict[int, tuple[int, str]] = {}
    for concept in found:
        for sid, entry, body, _ in idx.sentences_matching(concept.expr, entries):
            held[sid] = held.get(sid, 0.0) + weight.get(concept, 0.0 if concept.intent else LITTLE)
            text[sid] = (entry, body)
    typed = _typed(found)
    rank = {sid: bm for sid, _, _, bm in idx.sentences_matching(typed, entries)} if typed \
        else {}
    best: dict[int, tuple[tuple[float, float, int], str]] = {}
    for sid, (entry, body) in text.items():
        key = (-round(held[sid], STEP), rank.get(sid, 0.0), sid)
        if entry not in best or key < best[entry][0]:
            best[entry] = (key, body)
    return {entry: _window(key[2], body, found, weight, entry)
            for entry, (key, body) in best.items()}


#: Where a clause starts inside a sentence: an excerpt cut from a long sentence starts at one
#: if it can.
_CLAUSE = re.compile(r"(?:[;:,(]|\band|\bbut|\bso)\s+")


def _window(sid: int, body: str, found: list[Concept], weight: dict[Concept, float],
            entry: int) -> str:
    """The sentence ``body`` (by rowid ``sid`` in the sentence index) of ``entry``, or for one
    longer than ``WIDTH``, the part of it ``WIDTH`` long holding the most weight of the concepts
    ``found`` (a concept the entry's id or title holds, which the hit shows anyway, a little),
    starting at a clause where it can, marked cut with "…"."""
    if len(body) <= WIDTH:
        return body
    idx = index()
    spans: list[tuple[int, int, Concept]] = []
    worth: dict[Concept, float] = {}
    for concept in found:
        for (marked,) in idx.db.execute(
                "SELECT highlight(sentence, 0, char(1), char(2)) FROM sentence "
                "WHERE sentence MATCH ? AND rowid = ?", (concept.expr, sid)):
            spans += [(a, b, concept) for a, b in _marked(marked)]
        worth[concept] = LITTLE if idx.heads(concept.expr, entry) else \
            weight.get(concept, 0.0 if concept.intent else LITTLE)
    size = WIDTH - 2
    clauses = {0} | {m.end() for m in _CLAUSE.finditer(body)}
    words = {m.end() for m in re.finditer(r"\s+", body)}

    def held(start: int) -> float:
        return sum(worth[c] for c in {c for a, b, c in spans if a >= start and b <= start + size})

    start = min(clauses | words, key=lambda s: (-round(held(s), STEP), s not in clauses, s))
    space = body.rfind(" ", start, start + size)
    end = len(body) if start + size >= len(body) else space if space > start else start + size
    return ("…" if start else "") + body[start:end].rstrip(" ,;:") \
        + ("…" if end < len(body) else "")


def _marked(text: str) -> list[tuple[int, int]]:
    """The spans, in ``text`` without its marks, that FTS5's highlight marked with \\x01 and
    \\x02."""
    spans: list[tuple[int, int]] = []
    plain = 0
    open_at = 0
    for ch in text:
        if ch == "\x01":
            open_at = plain
        elif ch == "\x02":
            spans.append((open_at, plain))
        else:
            plain += 1
    return spans


__all__ = ["KINDS", "SYNONYMS", "Concept", "Hit", "concepts", "excerpts", "first_line", "search",
           "sentences"]
