"""Finding the rule: ``checker.reference.search`` and ``tavern rule --search``.

The quality list: questions as judges type them (word forms, Dominion synonyms, typos), each
with the entries that answer it; one of them must be among the first three results. The
expected ids are entries of ``rulebook/data/rules.toml``, ``rulings.toml`` and
``glossary.toml``, each of which cites its source (rulebook section, FAQ or wiki page).
"""

from __future__ import annotations

import json
import time

import pytest
from dominion_tavern.checker.bench.search import SETS, measure
from dominion_tavern.checker.bench.search_questions import HELD_OUT, SECOND_40, THIRD_SET
from dominion_tavern.checker.cli import main
from dominion_tavern.checker.format.semantic_checks import ruling_ids
from dominion_tavern.checker.reference.search import (
    KINDS,
    SYNONYMS,
    Hit,
    concepts,
    first_line,
    search,
)
from dominion_tavern.checker.reference.search import index as search_index
from dominion_tavern.rulebook.carddata import CARDS, EVENTS
from dominion_tavern.rulebook.rules import RULES

QUESTIONS = [
    ("exchange empty pile", {"traveller.exchange.needs-copy", "travellers.exchange-needs-copy"}),
    ("can I play treasures after buying an event",
     {"event.no-treasures-after", "events.no-treasures-after"}),
    ("throne room duration stays in play", {"throne-room.duration-stays", "duration.multi-play"}),
    ("tie breaker", {"game.scoring"}),
    ("who wins when scores are tied", {"game.scoring"}),
    ("when does the game end", {"game.end"}),
    ("does an empty upgrade pile count for three piles", {"game.end.nonsupply",
                                                          "travellers.non-supply-empty-ignored"}),
    ("reshuffle when my deck runs out", {"draw.shuffle"}),
    ("moat blocks witch", {"moat.reveal-unaffected", "attack.unaffected", "attack.reaction"}),
    ("royal carriage on a called reserve card", {"royal-carriage.not-on-called-reserve"}),
    ("is calling a reserve card the same as playing it", {"reserve.call.not-play"}),
    ("when is a called card discarded", {"reserve.called-discarded",
                                          "coin-of-the-realm.discard-after-call"}),
    ("bridge troll cost below zero", {"bridge-troll.floor-zero"}),
    ("leftover coins at the end of the turn", {"turn.buy.end"}),
    ("does buying an event use a buy", {"events.uses-buy", "event"}),  # rule event says it too
    ("mission turn cant buy cards", {"mission.no-card-buys"}),
    ("third turn in a row", {"mission.third-turn-current", "turn.extra"}),
    ("gain a card that is not in the supply", {"gain.supply-only"}),
    ("topdeck", {"topdeck"}),
    ("put a card on top of your deck", {"topdeck"}),
    ("haunted woods hand on deck in any order", {"haunted-woods.buy-topdecks-hand"}),
    ("gear set aside cards next turn", {"gear.return-next-turn"}),
    ("hireling never leaves play", {"hireling.stays-in-play", "duration.rest-of-game"}),
    ("champion protects from attacks", {"champion.immunity-mandatory", "attack.unaffected"}),
    ("journey token face down", {"token.journey"}),
    ("minus one card token", {"token.minus-card"}),
    ("-$1 token", {"token.minus-coin"}),
    ("ferry token cost", {"token.cost", "ferry.move-token"}),
    ("disciple on a non supply card", {"disciple.non-supply-no-copy"}),
    ("page exchange for treasure hunter", {"page.exchange"}),
    ("cards on the tavern mat count for scoring", {"game.scoring", "reserve.tavern-mat"}),
    ("wine merchant $2 unspent", {"wine-merchant.discard-condition"}),
    ("order of start of turn effects", {"choice.simultaneous", "reserve.start-of-turn",
                                        "duration.start-of-turn"}),
    ("what is the non-supply", {"non-Supply", "traveller.nonsupply"}),
    ("raze trashing itself", {"raze.trash-self"}),
    ("exchange a traveller discarded from hand", {"traveller.exchange.from-play-only",
                                                  "travellers.exchange-from-play-only"}),
    ("only one choice is done automatically", {"choice.only-option"}),
    ("excahnge travller", {"traveller.exchange", "travellers.exchange-mechanics",
                           "travellers.exchange-optional", "traveller.exchange.from-play-only",
                           "traveller.exchange.needs-copy"}),   # two typos
    ("tavern matt", {"reserve.tavern-mat", "Tavern mat"}),
    ("inheritance estate token", {"token.estate"}),
    # audit of judges' questions (possessives, "twice" meaning a second purchase, token names)
    ("do coppers on Miser's mat count for points", {"miser.mat-counts-for-scoring"}),
    ("can I buy Inheritance twice", {"event.once-per-game", "inheritance.once-per-game"}),
    ("minus one card token with Library", {"token.minus-card"}),
    # a question asking what a word means finds its glossary entry or rule first; "$" is any
    # amount ("+$1" is indexed as "$1"); "mine" ending a clause is a pronoun, not the card
    ("what counts as in play", {"in play", "in-play"}),
    ("what does set aside mean", {"set aside", "set-aside"}),
    ("caravan guard, when do I get the coin", {"caravan-guard.on-play"}),
    ("return a card to its pile, is it still mine", {"return-to-pile", "card.ownership"}),
    ("what happens if the province pile runs out", {"game.end"}),   # "runs out": empty
    # written to check the weighed ranking after it was built (only 'ratcatcher with empty
    # hand' led to a change: words side by side)
    ('how much does bridge troll reduce costs if I have two of them', {'bridge-troll.cumulative'}),
    ('does coin of the realm count as in play while on my mat',
     {'coin-of-the-realm.to-mat-on-play', 'in-play', 'reserve.tavern-mat'}),
    ('disciple on a card whose pile is empty', {'disciple.copy-if-available'}),
    ("what does distant lands score if it isn't on the mat", {'distant-lands.vp-on-mat'}),
    ('dungeon at the start of next turn', {'dungeon.next-turn'}),
    ('does lost city let other players draw when I buy it',
     {'lost-city.any-gain', 'lost-city.gain-others-draw'}),
    ('magpie flips a treasure', {'magpie.treasure-to-hand'}),
    ('is the port pile bigger than normal', {'port.pile-size'}),
    ('ranger flips my journey token face down, do I draw', {'ranger.face-up-draw'}),
    ('can relic be blocked by moat', {'moat.attack-definition', 'relic.is-attack'}),
    ('storyteller under the current text, do I get money', {'storyteller.plus-card-current'}),
    ('can transmogrify gain a card that costs the same', {'transmogrify.same-or-cheaper'}),
    ('treasure trove when gold is gone', {'treasure-trove.one-empty'}),
    ('hero, can it gain a relic', {'hero.gain-treasure'}),
    ('ball, do both cards have to be different', {'ball.two-gains'}),
    ('plan token trash when I gain from that pile without buying',
     {'plan.on-buy-2015', 'plan.on-gain-current', 'token.trashing'}),
    ('does raid put the minus card token on my own deck', {'raid.minus-card', 'token.minus-card'}),
    ('scouting party when my deck has only 3 cards', {'scouting-party.short-deck'}),
    ('trade, do I get a silver if I trash nothing', {'trade.silver-per-trashed'}),
    ('is an event a kingdom card', {'events.not-kingdom', 'game.setup.kingdom'}),
    ('what happens when a duration card is played by throne room',
     {'duration.multi-play', 'throne-room.duration-stays'}),
    ('who wins if tied on points and turns', {'game.scoring'}),
    ('when exactly do I shuffle my discard pile', {'draw.shuffle'}),
    ('do I get the amulet choice again next turn', {'amulet.choice-next-turn-independent'}),
    ('artificer discard three cards gain what', {'artificer.exact-cost'}),
    ('is the bridge troll attack blocked by moat',
     {'attack.reaction', 'attack.unaffected', 'moat.attack-definition', 'moat.reveal-unaffected'}),
    ('coin of the realm after a treasure', {'coin-of-the-realm.call-after-action'}),
    ('disciple gains a copy where', {'disciple.play-twice-then-gain'}),
    ("duplicate a card gained on my opponent's turn", {'duplicate.other-turns'}),
    ('gear with nothing set aside, is it discarded', {'gear.sets-aside-nothing'}),
    ('does hireling ever get discarded', {'duration.rest-of-game', 'hireling.stays-in-play'}),
    ('miser coppers are they in play', {'miser.mat-not-in-play'}),
    ('ratcatcher with empty hand', {'reserve.call.any-effect'}),
    ('do treasures played by storyteller stay in play', {'storyteller.treasures-stay'}),
    ('can warrior trash a soldier', {'warrior.asterisk-costs'}),
    ('wine merchant two of them with two dollars left', {'wine-merchant.multiple-share'}),
    ('when does the game check for the end', {'game.end'}),
    ('can an event be gained', {'events.never-owned'}),
    ('who picks the order of simultaneous effects', {'choice.simultaneous'}),
    ('exchange page for treasure hunter', {'page.exchange'}),
    ('seaway on an empty pile', {'seaway.no-empty-pile'}),
    ('does champion give actions for treasures', {'champion.plus-action-per-action'}),
    ('how many cards does the province pile have with 5 players',
     {'game.setup.piles', 'province.pile-size'}),
]


def test_the_quality_list_is_long_enough_and_names_real_entries():
    assert len(QUESTIONS) >= 30
    terms = {"non-Supply", "Tavern mat", "in play", "set aside"}
    known = set(RULES) | ruling_ids() | terms
    for question, wanted in QUESTIONS:
        assert wanted <= known, (question, wanted - known)


@pytest.mark.parametrize(("question", "wanted"), QUESTIONS, ids=[q for q, _ in QUESTIONS])
def test_judges_questions_find_their_rule_in_the_first_three(question, wanted):
    hits = search(question, 3)
    assert {h.id for h in hits} & wanted, (question, [h.id for h in hits])


def test_word_forms_meet():
    """'exchanges' finds what 'exchange' finds (it found 2 entries, not 22, by substring)."""
    one = {h.id for h in search("exchange", 50)}
    many = {h.id for h in search("exchanges", 50)}
    assert len(one) >= 20 and one == many


def test_hits_say_what_they_are():
    hits = search("Gear", 20)
    assert all(isinstance(h, Hit) and h.kind in KINDS and h.title and h.line for h in hits)
    kinds = {h.kind for h in hits}
    assert {"card", "ruling"} <= kinds
    gear = next(h for h in hits if h.kind == "card")
    assert gear.id == "Gear" and gear.title.startswith("Gear (Action, Duration, $3)")
    assert {h.kind for h in search("Mission", 5)} >= {"event"}
    assert search("non-Supply", 5)[0].id in {"non-Supply", "traveller.nonsupply"}


def test_limit_and_nothing_found():
    assert len(search("exchange", 4)) == 4
    assert search("xyzzy qwvk", 5) == []
    assert search("the of and", 5) == []   # only stop words
    assert search("exchange", 0) == []


def test_query_syntax_is_not_interpreted():
    """FTS5 operators and quotes in a question are words, never syntax errors."""
    for q in ['"exchange', "exchange AND OR NOT", "title:exchange", "exchange*", "(pile"]:
        assert isinstance(search(q, 3), list)


def test_synonyms_point_both_ways_where_it_matters():
    assert "non-supply" in SYNONYMS["upgrade"] and "reserve" in SYNONYMS["tavern"]
    assert any("deck" in s for s in SYNONYMS["topdeck"])


def test_first_line():
    assert first_line("One. Two.") == "One."
    assert first_line("An empty pile (e.g. Soldier) counts. More.") == \
        "An empty pile (e.g. Soldier) counts."
    assert first_line("x" * 300, 10) == "x" * 9 + "…"


def test_index_covers_every_entry():
    db = search_index().db
    counts = dict(db.execute("SELECT kind, count(*) FROM doc GROUP BY kind").fetchall())
    assert counts["rule"] == len(RULES) and counts["ruling"] == len(ruling_ids())
    assert counts["card"] == len(CARDS) and counts["event"] == len(EVENTS)
    assert counts["term"] >= 10


def test_index_builds_fast():
    """Built in memory at first use: well under the CLI's start-up."""
    search_index.cache_clear()
    t0 = time.perf_counter()
    search_index()
    assert time.perf_counter() - t0 < 1.0


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_rule_search_command(capsys):
    code, out, _ = run(capsys, "rule", "--search", "tie", "breaker")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("rule game.scoring: ")
    assert lines[1].startswith("    ")  # the first line of its text
    code, out, _ = run(capsys, "rule", "--search", "exchanges", "--limit", "2")
    assert code == 0 and len([x for x in out.splitlines() if not x.startswith(" ")]) == 2


def test_rule_search_json_and_nothing(capsys):
    code, out, _ = run(capsys, "rule", "--search", "topdeck", "--json")
    hits = json.loads(out)
    assert code == 0 and hits[0] == {"id": "topdeck", "kind": "rule", "title": hits[0]["title"],
                                     "line": hits[0]["line"]}
    code, out, _ = run(capsys, "rule", "--search", "xyzzy-nothing")
    assert code == 1 and "nothing found for: xyzzy-nothing" in out


def test_words_given_as_an_id_are_searched(capsys):
    """'tavern rule tie breaker' is a question, not an id: it is searched, and says so (it
    failed with 'unrecognized arguments')."""
    assert main(["rule", "tie", "breaker"]) == 0
    out, err = capsys.readouterr()
    assert "not an id: searching for 'tie breaker'" in err
    assert out.startswith("rule game.scoring: Scoring and ties")


# -- a judge's plain questions (three sets), and the sentence each hit shows -----------------
MISSES = {
    # Swamp Hag's rulings all speak of Curses and gaining; only the ruling on gains without
    # buying answers, and nothing in it says Workshop.
    "does swamp hag curse me if I gain a card with workshop",
    # Peasant's and Soldier's own entries (exchange, the lines) hold both names; the answer
    # speaks of Travellers and Possession in general (4th).
    "possessed player exchanges a peasant, who gets the soldier",
}


@pytest.mark.parametrize("name", list(SETS))
def test_the_questions_name_real_entries_and_their_sentences(name):
    from dominion_tavern.checker.reference.pages import glossary
    from dominion_tavern.rulebook.rules import rulings

    texts = {r.id: " ".join(t for t in (r.text, r.text_2015, r.text_current) if t)
             for r in RULES.values()}
    texts |= {x["id"]: x["text"] + " " + (x.get("example") or "") for x in rulings()}
    texts |= {k: v["text"] for k, v in glossary().items()}
    questions = SETS[name]
    assert len(questions) >= 30 and len({q for q, _, _ in questions}) == len(questions)
    for q, ids, words in questions:
        assert ids <= set(texts), q
        assert any(w.lower() in texts[i].lower() for i in ids for w in words.split("|")), q


def test_the_sets_ask_different_questions():
    asked = [q.lower() for qs in SETS.values() for q, _, _ in qs]
    assert len(asked) == len(set(asked))


LATER_SETS = SECOND_40 + THIRD_SET + HELD_OUT


@pytest.mark.parametrize(("question", "wanted"), [(q, ids) for q, ids, _ in LATER_SETS],
                         ids=[q for q, _, _ in LATER_SETS])
def test_the_later_sets_find_their_answer_in_the_first_three(question, wanted):
    hits = {h.id for h in search(question, 3)}
    if question in MISSES:
        assert not hits & wanted, "found now: take it off MISSES"
        return
    assert hits & wanted, (question, sorted(hits))


#: Questions of each set finding an answering entry in the top three, at least.
FOUND = {"first 40": 39, "second 40": 39, "third, weak families": 73,
         "fourth, written blind": 30}


def test_the_questions_figures_hold():
    """Measured by ``python -m dominion_tavern.checker.bench --search``: before the rulings'
    titles and the weighted ranking, 32/40 and 32/40 found an answer in the top three (35 of
    37 and 33 of 37 answering hits showing the answering sentence); then 39/40 and 39/40. The
    third set, written before the ranking read what a question asks for (a moment, whether a
    step is optional), found 69/74 before it (72 of 84 hits showing their sentence), 73/74
    after (87 of 92). The fourth, written blind and measured after that, found 28/30 (35 of 43);
    30/30 (37 of 45) once the three families its misses showed were read in general. At least
    80% of the answering hits show their sentence in every set."""
    assert set(FOUND) == set(SETS)
    for name, questions in SETS.items():
        f = measure(questions)
        assert f.found >= FOUND[name] and f.sentence_shown >= 0.8 * f.answering_hits, \
            (name, f.text())


def test_a_hit_shows_the_sentence_that_answers():
    """Rule duration.rest-of-game's first sentence is about Hireling and Champion; the one
    answering a question about Royal Carriage is its second (rules.toml)."""
    hits = {h.id: h.line for h in search("royal carriage duration stays in play", 3)}
    assert hits["duration.rest-of-game"].startswith("A card that played one of them (Throne "
                                                    "Room, Disciple, Royal Carriage)")
    assert hits["royal-carriage.duration-stays"] == ("A Royal Carriage that replayed a Duration "
                                                      "card stays in play until that Duration "
                                                      "card is discarded.")


def test_names_tokens_and_what_they_imply_are_one_concept_each():
    """A card's name of several words, in the plural too, is one concept (it counted twice as
    two words); a token as a judge names it is the token the rules name; a non-Supply
    Traveller implies both."""
    found = concepts("can I call two royal carriages on the same action")
    assert [c.words for c in found if c.name] == [("royal carriages",)]
    assert [c.words for c in concepts("minus one card token")] == [("1 card token",)]
    assert [c.words for c in concepts("-$1 token")] == [("$1 token",)]
    assert concepts("my ferry token")[0].words == ("$2 token", "$2 cost token")
    soldier = concepts("soldier")
    assert [c.words[0] for c in soldier] == ["soldier", "traveller", "non-supply"]
    assert [c.implied for c in soldier] == [False, True, True]


def test_mine_is_the_card_unless_a_pronoun_ends_the_clause():
    assert concepts("is it still mine?") == []
    assert concepts("can mine gain a gold")[0].name


def test_a_question_asking_when_or_whether_it_must_asks_for_that_kind_of_answer():
    """'when do I ...' asks for a moment, 'do I have to ...' whether a step is optional; a
    conditional 'when I buy ...' asks neither. The answers' phrases count as concepts, an
    entry's rarest one only (rule INTENTS in search.py)."""
    def asked(q: str) -> set[str]:
        return {c.intent for c in concepts(q) if c.intent}
    assert asked("when does the mission turn happen") == {"moment"}
    assert asked("at what point in my turn do I play night cards") == {"moment"}
    assert asked("do I have to play an action card with disciple") == {"optional"}
    assert asked("when I buy a card with haunted woods out, what happens") == set()
    assert asked("does the mission turn happen") == set()
    # Mission's rulings all hold 'Mission' and 'turn': the one stating when the turn comes
    # ('straight after the turn it was bought in') was not in the top five before
    assert search("when does the mission turn happen", 1)[0].id == \
        "mission.extra-turn-after-this"
    assert "choice.optional" in {h.id for h in search(
        "if I choose not to do the first part of a card, does the part that says if you do "
        "still happen", 3)}


def test_a_number_is_also_that_many_coins():
    """'still cost 4 later' asks about '$4' (inheritance.cost-checked-once: 'up to $4 when set
    aside', not in the top five before)."""
    assert any("$4" in c.synonyms for c in concepts("does it cost 4"))
    assert "inheritance.cost-checked-once" in {h.id for h in search(
        "does the card I set aside with inheritance have to still cost 4 later in the game", 3)}


def test_a_long_sentence_shows_the_part_that_answers():
    """villa.buy-phase-return's first sentence is 240 characters long; its answer ('Treasures
    can be played again') is at the end, which the first 200 characters cut off."""
    from dominion_tavern.checker.reference.search import WIDTH
    hits = {h.id: h.line for h in search(
        "after villa sends me back to my action phase can I play treasures again", 5)}
    line = hits["villa.buy-phase-return"]
    assert line.startswith("…") and line.endswith("so Treasures can be played again.")
    assert len(line) <= WIDTH


def test_a_question_s_hedges_and_split_before_or_after():
    """'exactly' in "what is a reserve card exactly" says how sure the judge wants to be, not
    what about (it found choice.only-option's 'exactly one legal way' first); "before X or
    after" asks for a moment as "before or after" does."""
    assert ("exactly",) not in [c.words for c in concepts("what is a reserve card exactly")]
    assert {h.id for h in search("what is a reserve card exactly", 3)} & {"reserve", "Reserve"}
    assert {c.intent for c in concepts("do i get it before smithy draws or after")} - {""} \
        == {"moment"}
    assert {c.intent for c in concepts("do i get it before smithy draws")} == {""}


def test_a_token_named_by_its_event_keeps_the_event_where_the_sign_is_lost():
    """'1 card token' is the +1 Card token and the -1 Card token alike (the index drops the
    sign): "pathfinding token" keeps Pathfinding as a word, so its ruling is found before the
    -1 Card token's; a token whose phrase is its own (Ferry's -$2 cost token) adds nothing."""
    assert [c.words for c in concepts("my pathfinding token")] == \
        [("1 card token",), ("pathfinding",)]
    assert [c.words for c in concepts("my ferry token")] == [("$2 token", "$2 cost token")]
    q = ("my pathfinding token is on the smithy pile, do i get the extra card before smithy "
         "draws its 3 or after")
    assert {h.id for h in search(q, 3)} & {"pathfinding.move-token", "token.pile-bonus"}
