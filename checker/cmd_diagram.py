"""``tavern diagram``: draw the Traveller lines, the turn, an outcome tree or where a card can
go, as SVG, PNG or DOT (by the suffix of ``-o``; DOT text on stdout without it)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dominion_tavern.diagrams.render import Diagram


def add(sub) -> None:
    ap = sub.add_parser("diagram", help="draw the rules: travellers, turn, tree FILE, card NAME")
    kinds = ap.add_subparsers(dest="kind", required=True, metavar="KIND")
    trav = kinds.add_parser("travellers", help="Traveller lines (live, at a scenario's start)")
    trav.add_argument("scenario", nargs="?", help="a scenario file: draw its position")
    kinds.add_parser("turn", help="phases and windows of a turn")
    tree = kinds.add_parser("tree", help="outcome tree of a scenario file")
    tree.add_argument("scenario")
    tree.add_argument("--max-depth", type=int, default=None)
    tree.add_argument("--max-nodes", type=int, default=500,
                      help="cut the tree at this many nodes (default 500, at most 1000)")
    card = kinds.add_parser("card", help="where a card can go, and the rules moving it")
    card.add_argument("name")
    for p in (trav, kinds.choices["turn"], tree, card):
        p.add_argument("-o", "--output", help="file to write: .svg, .png or .dot")
    ap.set_defaults(run=run)


def build(args: argparse.Namespace) -> Diagram:
    from dominion_tavern.diagrams.cardmoves import card_moves
    from dominion_tavern.diagrams.travellers import traveller_chains
    from dominion_tavern.diagrams.turn import turn_diagram

    if args.kind == "turn":
        return turn_diagram()
    if args.kind == "card":
        return card_moves(args.name)
    from dominion_tavern.checker.scenario import load_scenario

    if args.kind == "travellers":
        if args.scenario is None:
            return traveller_chains()
        return traveller_chains(load_scenario(args.scenario).factory()()[0])
    from dominion_tavern.checker.explore import explore_scenario
    from dominion_tavern.diagrams.tree import from_exploration, game_prompts

    scn = load_scenario(args.scenario)
    ex = explore_scenario(scn)
    factory = scn.factory()
    return from_exploration(ex, game_prompts(factory, scn.script), max_depth=args.max_depth,
                            max_nodes=args.max_nodes)


def _problem(args: argparse.Namespace) -> str | None:
    from dominion_tavern.diagrams.render import FORMATS
    from dominion_tavern.diagrams.tree import MAX_NODES_LIMIT

    if args.output is not None:
        suffix = Path(args.output).suffix.lstrip(".").lower()
        if suffix not in FORMATS:
            return f"-o {args.output}: use a .svg, .png or .dot file"
    if not 2 <= getattr(args, "max_nodes", 2) <= MAX_NODES_LIMIT:
        return f"--max-nodes: 2 to {MAX_NODES_LIMIT}"
    return None


def run(args: argparse.Namespace) -> int:
    from dominion_tavern.checker.explore import ExploreError

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
