"""``tavern rule ID``, ``tavern rule --search WORDS`` and ``tavern card NAME``: the rules and
cards reference, with the rulings that explain them and the scenarios that show them. The
entries are :mod:`checker.reference.entries`, the search :mod:`checker.reference.search`."""

from __future__ import annotations

import argparse
import json
import sys

from dominion_tavern.checker.cli.subcommand import command, user_errors
from dominion_tavern.checker.reference.entries import (
    LookupFailed,
    card_data,
    card_text,
    find_cards,
    find_rule,
    rule_data,
    rule_text,
    ruling_data,
    ruling_text,
)
from dominion_tavern.checker.reference.search import search
from dominion_tavern.rulebook.rules import Rule


def add(sub) -> None:
    ap = command(sub, "rule", "a rule or ruling by id, or the rules and rulings that best "
                 "answer --search WORDS",
                 "Print a rule (rulebook/data/rules.toml: title, its text under each ruleset "
                 "where they differ, history and source) or an official ruling restated "
                 "(rulebook/data/rulings.toml: its card, text, example, source and the "
                 "scenarios that show it), by id; or list, best first, the rules, rulings, cards "
                 "and glossary terms that answer the question given to --search.\n\n"
                 "  tavern rule turn.cleanup.draw\n"
                 "  tavern rule royal-carriage.call-timing\n"
                 "  tavern rule --search exchange empty pile",
                 {0: "found", 1: "--search found nothing"})
    ap.add_argument("id", nargs="*", help="a rule id (turn.cleanup.draw) or a ruling id "
                    "(royal-carriage.call-timing); two or more words are a question, "
                    "searched for as --search does")
    ap.add_argument("--search", nargs="+", metavar="WORD",
                    help="rules, rulings, cards and glossary terms that best answer the words "
                         "(a question as typed: word forms, synonyms and typos are found)")
    ap.add_argument("--limit", type=int, default=8, metavar="N",
                    help="with --search: show the best N (default 8)")
    ap.add_argument("--json", action="store_true", help="print JSON")
    ap.set_defaults(run=run_rule)
    cp = command(sub, "card", "a card or Event: types, cost, texts, rulings, scenarios",
                 "Print a card's or Event's types and cost, its text under each ruleset "
                 "(with the errata between them), the official rulings on it restated, and "
                 "the corpus scenarios that show them, with paths that work from the current "
                 "folder.\n\n"
                 "  tavern card royal carriage\n"
                 "  tavern card Royal Carriage Throne Room      (two cards)",
                 {0: "found"})
    cp.add_argument("name", nargs="+", help="one or more card or Event names, in any case, "
                    "quoted or not (Royal Carriage Throne Room: two cards)")
    cp.add_argument("--json", action="store_true", help="print JSON")
    cp.set_defaults(run=run_card)


def print_search(query: str, limit: int, as_json: bool) -> int:
    """The best ``limit`` entries for ``query``, each with its kind, id, title and the sentence
    that best answers; exit status 1 when nothing is found."""
    hits = search(query, limit)
    if as_json:
        print(json.dumps([h.as_dict() for h in hits], indent=1))
    elif not hits:
        print(f"nothing found for: {query}")
    for h in hits if not as_json else []:
        print(f"{h.kind} {h.id}: {h.title}")
        print(f"    {h.line}")
    return 0 if hits else 1


@user_errors
def run_rule(args: argparse.Namespace) -> int:
    try:
        if args.search:
            return print_search(" ".join(args.search), args.limit, args.json)
        if not args.id:
            raise LookupFailed("give a rule id, or --search WORDS")
        if len(args.id) > 1:  # "tavern rule tie breaker": a question, not an id
            print(f"(not an id: searching for {' '.join(args.id)!r}, as --search does)",
                  file=sys.stderr)
            return print_search(" ".join(args.id), args.limit, args.json)
        found = find_rule(args.id[0])
        if isinstance(found, Rule):
            print(json.dumps(rule_data(found), indent=1) if args.json else rule_text(found))
        else:
            data = ruling_data(found)
            print(json.dumps(data, indent=1) if args.json else ruling_text(data))
        return 0
    except LookupFailed as e:
        print(f"tavern rule: error: {e.args[0]}", file=sys.stderr)
        return 2


@user_errors
def run_card(args: argparse.Namespace) -> int:
    try:
        found = find_cards(args.name)
    except LookupFailed as e:
        print(f"tavern card: error: {e.args[0]}", file=sys.stderr)
        return 2
    cards = [card_data(*f) for f in found]
    if args.json:
        print(json.dumps(cards[0] if len(cards) == 1 else cards, indent=1))
    else:
        print("\n\n".join(card_text(c) for c in cards))
    return 0
