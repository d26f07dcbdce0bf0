"""``tavern diagram``: draw the Traveller lines, the turn, an outcome tree or where a card can
go, as SVG, PNG or DOT (by the suffix of ``-o``; DOT text on stdout without it)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from dominion_tavern.checker.cli.subcommand import command
from dominion_tavern.checker.explore import DEFAULT_MAX_NODES, ExploreError
from dominion_tavern.checker.explore.script_branches import prefix
from dominion_tavern.checker.format.load import load_scenario
from dominion_tavern.checker.format.policies import Policies
from dominion_tavern.checker.runner.outcome_check import explore_scenario
from dominion_tavern.rulebook.carddata import CARDS, RULESETS
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.spelling import UnknownName, names_in

if TYPE_CHECKING:
    from dominion_tavern.diagrams.render import Diagram

DRAWN = {0: "the diagram was written (or printed)"}
# diagrams.tree's DEFAULT_MAX_NODES and MAX_NODES_LIMIT, in words: diagrams (networkx) is
# imported only when a diagram is drawn, not at every start of tavern.
DRAWN_LIMITS = "default 500, at most 1000"


def add(sub) -> None:
    ap = command(sub, "diagram", "draw the rules: travellers, turn, tree FILE, card NAME",
                 "Draw a diagram from the code and the card data: the Traveller lines, the "
                 "turn's phases and windows, a scenario's outcome tree, or where a card can "
                 "go. It is written as SVG, PNG or DOT by the suffix of -o (rendering needs "
                 "Graphviz's dot), or printed as DOT text.\n\n"
                 "  tavern diagram tree checker/scenarios/seeds/peasant-soldier-outcomes.yaml "
                 "-o tree.svg", DRAWN)
    kinds = ap.add_subparsers(dest="kind", required=True, metavar="KIND")
    trav = command(kinds, "travellers", "Traveller lines (live, at a scenario's start)",
                   "The Traveller lines from the card data: cost, types, pile size, in the "
                   "Supply or not. Given a scenario, its starting position's piles are drawn "
                   "too, and an exchange its empty pile closes is dashed.", DRAWN)
    trav.add_argument("scenario", nargs="?", help="a scenario file: draw its starting position")
    turn = command(kinds, "turn", "phases and windows of a turn",
                   "The phases of a turn and the windows in which something can happen, each "
                   "with its rule id, from the engine's own tables.", DRAWN)
    tree = command(kinds, "tree", "outcome tree of a scenario file",
                   "The scenario's outcome tree, explored as tavern explore does: decisions "
                   "as boxes, answers as edges, distinct outcomes as leaves; a chance step "
                   "(cards in unknown order coming up) as an ellipse, each edge with its "
                   "outcome's probability, each leaf with its own. A tree deeper "
                   "than --depth or larger than --max-drawn is cut, with a count of the "
                   "paths cut.", DRAWN)
    tree.add_argument("scenario", help="a scenario file")
    tree.add_argument("--depth", type=int, metavar="N", help="draw paths to N answers past "
                      "the script; the rest is counted as cut")
    tree.add_argument("--max-nodes", type=int, default=DEFAULT_MAX_NODES, metavar="N",
                      help="stop the search after trying N answers, as in tavern explore "
                      f"(default {DEFAULT_MAX_NODES})")
    tree.add_argument("--max-drawn", type=int, metavar="N",
                      help=f"draw at most N boxes and leaves ({DRAWN_LIMITS}); the rest is "
                      "counted as cut")
    card = command(kinds, "card", "where a card can go, and the rules moving it",
                   "Every zone a card can be in and every move between them its types allow, "
                   "each move with its rule id.", DRAWN)
    card.add_argument("name", nargs="+", help="a card's name, in any case, quoted or not "
                      "(Royal Carriage)")
    for p in (trav, tree):
        p.add_argument("--ruleset", choices=RULESETS, help="run the scenario under this "
                       "ruleset instead of its own")
    for p in (trav, turn, tree, card):
        p.add_argument("-o", "--output", metavar="OUT", help="file to write: .svg, .png or "
                       ".dot (default: print DOT text)")
    ap.set_defaults(run=run)


def build(args: argparse.Namespace) -> Diagram:
    from dominion_tavern.diagrams.cardmoves import card_moves
    from dominion_tavern.diagrams.travellers import traveller_chains
    from dominion_tavern.diagrams.turn import turn_diagram

    if args.kind == "turn":
        return turn_diagram()
    if args.kind == "card":
        try:
            names = names_in(args.name, CARDS)
        except UnknownName as e:
            raise ExploreError(str(e)) from None
        if len(names) > 1:
            raise ExploreError(f"diagram card draws one card at a time, not {len(names)} "
                               f"({', '.join(names)})")
        return card_moves(names[0])
    if args.kind == "travellers":
        if args.scenario is None:
            return traveller_chains()
        return traveller_chains(load_scenario(args.scenario).factory(args.ruleset)()[0])
    from dominion_tavern.diagrams import tree

    drawn = tree.DEFAULT_MAX_NODES if args.max_drawn is None else args.max_drawn
    if not 2 <= drawn <= tree.MAX_NODES_LIMIT:
        raise ExploreError(f"--max-drawn must be 2 to {tree.MAX_NODES_LIMIT}, not {drawn}")
    scn = load_scenario(args.scenario)
    ex = explore_scenario(scn, args.ruleset, args.max_nodes)
    factory = scn.factory(args.ruleset)
    # the script up to its first open chance step, the policies' answers included: where the
    # outcomes' paths start
    line, _ = prefix(Game(factory), scn.answers(args.ruleset), Policies(scn.policies))
    return tree.from_exploration(ex, tree.game_prompts(factory, line),
                                 max_depth=args.depth, max_nodes=drawn)


def _problem(args: argparse.Namespace) -> str | None:
    from dominion_tavern.diagrams.render import FORMATS

    if args.output is not None:
        suffix = Path(args.output).suffix.lstrip(".").lower()
        if suffix not in FORMATS:
            return f"-o {args.output}: use a .svg, .png or .dot file"
    if args.kind != "tree":
        return None
    if args.max_nodes < 1:
        return f"--max-nodes must be 1 or more, not {args.max_nodes}"
    if args.depth is not None and args.depth < 0:
        return f"--depth must be 0 or more, not {args.depth}"
    return None


def run(args: argparse.Namespace) -> int:
    problem = _problem(args)
    try:
        if problem is not None:
            raise ExploreError(problem)
        d = build(args)
    except ExploreError as e:
        print(f"tavern diagram: error: {e}", file=sys.stderr)
        return 2
    print(d.dot() if args.output is None else d.save(args.output))
    return 0
