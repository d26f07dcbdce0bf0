"""Diagrams: graph structure of each kind (nodes, edges, attributes), the state-aware Traveller
chain on the Peasant-and-Soldier puzzle, rendering to SVG, and the missing-Graphviz error."""

from __future__ import annotations

import itertools
import time
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import networkx as nx
import pytest
from dominion_tavern.checker.cli import main
from dominion_tavern.checker.explore import explore
from dominion_tavern.diagrams import (
    Branch,
    Diagram,
    DotMissing,
    card_moves,
    from_exploration,
    game_prompts,
    line_of,
    lines,
    outcome_tree,
    to_dot,
    traveller_chains,
    turn_diagram,
    upgrade_after,
)
from dominion_tavern.diagrams.cardmoves import CARD_MOVES, MOVES
from dominion_tavern.notebooks.examples import PUZZLE_FIELDS, readme_diagrams
from dominion_tavern.rulebook.carddata import CARDS
from dominion_tavern.rulebook.engine.turn import PHASES, WINDOWS
from dominion_tavern.rulebook.rules import RULES
from dominion_tavern.rulebook.setup import SetupError
from helpers import ACTION_END, position

ROOT = Path(__file__).resolve().parent.parent


def puzzle():
    """Ann's Clean-up with Peasant and Soldier in play and no Soldier left in its pile."""
    return position(["Peasant"], piles={"Soldier": 0}, phase="cleanup",
                    ann={"play": ["Peasant", "Soldier"]})


def svg_names(svg: str) -> set[str]:
    """Every <title> and <text> in an SVG (Graphviz titles nodes by id); parsing proves XML."""
    root = ET.fromstring(svg)
    return {(el.text or "").strip() for el in root.iter()
            if el.tag.rsplit("}", 1)[-1] in ("title", "text")}


# -- Traveller chains --------------------------------------------------------------------------
def test_lines_follow_the_card_data():
    assert lines() == {
        "Page": ["Page", "Treasure Hunter", "Warrior", "Hero", "Champion"],
        "Peasant": ["Peasant", "Soldier", "Fugitive", "Disciple", "Teacher"],
    }
    for chain in lines().values():
        assert all(CARDS[a].upgrade == b for a, b in itertools.pairwise(chain))
        assert CARDS[chain[0]].supply and not CARDS[chain[-1]].is_traveller


def test_upgrade_queries():
    assert upgrade_after("Peasant", 3) == "Disciple"
    assert upgrade_after("Page") == "Treasure Hunter"
    assert upgrade_after("Hero", 0) == "Hero"
    assert line_of("Champion") == "Page"
    with pytest.raises(ValueError, match="ends at Teacher"):
        upgrade_after("Disciple", 2)
    with pytest.raises(ValueError, match="not on a Traveller line"):
        line_of("Village")


def test_chain_nodes_and_edges():
    G = traveller_chains().graph
    assert len(G) == 10 and G.number_of_edges() == 8
    p = G.nodes["Peasant"]
    assert (p["cost"], p["types"], p["pile"], p["supply"], p["end"]) == \
        (2, ("Action", "Traveller"), 10, True, False)
    s = G.nodes["Soldier"]
    assert (s["cost"], s["pile"], s["supply"], s["line"]) == (3, 5, False, "Peasant")
    assert G.nodes["Teacher"]["end"] and G.nodes["Champion"]["end"]
    assert G.nodes["Teacher"]["peripheries"] == 2
    assert list(G.successors("Teacher")) == []
    e = G.edges["Peasant", "Soldier"]
    assert (e["kind"], e["rule"]) == ("exchange", "traveller.exchange")
    assert "open" not in e  # no position, no live state


def test_puzzle_position_closes_peasant_until_soldier_goes_back():
    state = puzzle().factory()[0]  # as built: both cards still in play
    G = traveller_chains(state).graph
    assert list(G) == lines()["Peasant"]  # only the lines in this game
    assert (G.nodes["Soldier"]["count"], G.nodes["Soldier"]["empty"]) == (0, True)
    assert (G.nodes["Peasant"]["count"], G.nodes["Fugitive"]["count"]) == (9, 5)
    assert G.nodes["Peasant"]["in_play"] == {"Ann": 1} == G.nodes["Soldier"]["in_play"]
    assert G.nodes["Fugitive"]["in_play"] == {}
    closed = G.edges["Peasant", "Soldier"]
    assert closed["open"] is False and closed["reopens"] is True
    assert "Ann exchanges Soldier first" in closed["label"]
    assert G.edges["Soldier", "Fugitive"]["open"] is True
    label = G.nodes["Soldier"]["label"]
    assert "EMPTY" in label and "in play: Ann ×1" in label


def test_puzzle_edge_opens_once_the_soldier_is_exchanged():
    g = puzzle()
    assert "exchange Peasant for Soldier" not in g.legal()
    g.answer("exchange Soldier for Fugitive")
    G = traveller_chains(g.state).graph
    assert G.nodes["Soldier"]["count"] == 1
    assert G.edges["Peasant", "Soldier"]["open"] is True
    assert "exchange Peasant for Soldier" in g.legal()


# -- the turn --------------------------------------------------------------------------------
def test_turn_graph_is_phases_and_windows():
    G = turn_diagram().graph
    assert list(G) == [w[1] for w in WINDOWS]
    assert list(G.graph["clusters"]) == list(PHASES)
    for phase, window, what, rule in WINDOWS:
        a = G.nodes[window]
        assert (a["phase"], a["what"], a["rule"], a["cluster"]) == (phase, what, rule, phase)
        assert rule in RULES and a["title"] == RULES[rule].title
    order = [w[1] for w in WINDOWS]
    for a, b in itertools.pairwise(order):
        assert G.edges[a, b]["kind"] == "then"
    assert G.edges[order[-1], order[0]]["kind"] == "next-turn"
    assert G.number_of_edges() == len(order)
    assert "turn.buy" in G.graph["clusters"]["buy"]


# -- where a card can go -------------------------------------------------------------------
def test_moves_table_cites_known_rules():
    for moves in [*MOVES.values(), *CARD_MOVES.values()]:
        for _, _, _, rule in moves:
            assert rule in RULES, rule


def test_reserve_card_round_trip():
    G = card_moves("Royal Carriage").graph
    for src, dst, rule in [("hand", "play", "turn.action"), ("play", "mat", "reserve.tavern-mat"),
                           ("mat", "play", "reserve.call"),
                           ("play", "discard", "reserve.called-discarded"),
                           ("supply", "discard", "buy")]:
        assert rule in G.edges[src, dst]["rules"]
    assert G.edges["play", "mat"]["penwidth"] == 2  # a move of its own type
    assert G.nodes["mat"]["label"] == "Tavern mat"
    assert "pile" not in G


def test_moves_of_durations_travellers_and_others():
    assert "duration.stays-in-play" in card_moves("Amulet").graph.edges["play", "play"]["rules"]
    assert "duration.rest-of-game" in card_moves("Champion").graph.edges["play", "play"]["rules"]
    peasant = card_moves("Peasant").graph
    assert peasant.edges["discard", "supply"]["rules"] == ["traveller.exchange"]
    teacher = card_moves("Teacher").graph  # non-Supply: no buying, in by exchange only
    assert "supply" not in teacher
    assert teacher.edges["pile", "discard"]["rules"] == ["traveller.exchange"]
    assert ("mat", "play") in teacher.edges
    wine = card_moves("Wine Merchant").graph
    assert "reserve.end-of-buy" in wine.edges["mat", "discard"]["rules"]
    province = card_moves("Province").graph
    assert "play" not in province and "mat" not in province
    with pytest.raises(SetupError, match="did you mean Royal Carriage"):
        card_moves("Royal Carriag")


# -- outcome trees -------------------------------------------------------------------------
def test_tree_merges_identical_outcomes():
    d = outcome_tree([(["a", "x"], "won"), (["a", "y"], "lost"), (["b"], "won")],
                     prompt=lambda p: f"after {len(p)}")
    G = d.graph
    outcomes = [n for n, a in G.nodes(data=True) if a["kind"] == "outcome"]
    decisions = [n for n, a in G.nodes(data=True) if a["kind"] == "decision"]
    assert len(outcomes) == 2 and len(decisions) == 2
    won = next(n for n in outcomes if G.nodes[n]["summary"] == "won")
    assert G.nodes[won]["paths"] == 2 and G.in_degree(won) == 2
    assert G.nodes["d0"]["prompt"] == "after 0" and G.nodes["d1"]["path"] == ("a",)
    assert {G.edges[u, v]["answer"] for u, v in G.edges} == {"a", "x", "y", "b"}
    assert G.graph["cut"] == 0 and G.graph["note"] == ""


def test_tree_cut_at_depth_and_budget_with_counts():
    branches = [(p, "".join(p)) for p in itertools.product("ab", repeat=4)]
    G = outcome_tree(branches, max_depth=2).graph
    assert G.graph["cut"] == 16 and "16 path(s) cut" in G.graph["note"]
    assert max(len(a["path"]) for _, a in G.nodes(data=True) if a["kind"] == "decision") == 2
    cuts = [a["count"] for _, a in G.nodes(data=True) if a["kind"] == "cut"]
    assert cuts == [4, 4, 4, 4]
    small = outcome_tree(branches, max_nodes=10).graph
    assert len(small) <= 10
    assert small.graph["cut"] + sum(a["paths"] for _, a in small.nodes(data=True)
                                    if a["kind"] == "outcome") == 16
    with pytest.raises(ValueError, match="max_nodes"):
        outcome_tree(branches, max_nodes=5000)


def test_tree_of_the_puzzle_from_the_explorer():
    g = puzzle()
    ex = explore(g.factory, fields=PUZZLE_FIELDS)
    G = from_exploration(ex, game_prompts(g.factory)).graph
    leaves = {a["summary"] for _, a in G.nodes(data=True) if a["kind"] == "outcome"}
    assert leaves == {
        "piles.Peasant: 9\npiles.Soldier: 0\npiles.Fugitive: 5",    # no exchange
        "piles.Peasant: 9\npiles.Soldier: 1\npiles.Fugitive: 4",    # Soldier only
        "piles.Peasant: 10\npiles.Soldier: 0\npiles.Fugitive: 4",   # Soldier, then Peasant
    }
    assert G.nodes["d0"]["prompt"] == "Ann: Clean-up: exchange Travellers?"
    assert [G.edges[e]["answer"] for e in G.out_edges("d0")] == \
        ["exchange Soldier for Fugitive", "continue"]
    assert ("d1", "o0") in G.edges and G.edges["d1", "o0"]["answer"] == \
        "exchange Peasant for Soldier"


def test_tree_leaves_carry_the_numbers_the_reports_give():
    """A judge matches a leaf to its row in tavern explore, --json and the desk: each leaf
    says "outcome N" for the N-th of Exploration.numbered(). Soldier first, then Peasant
    (Adventures rulebook 2015, Traveller cards) is one of the three."""
    g = puzzle()
    ex = explore(g.factory, fields=PUZZLE_FIELDS)
    G = from_exploration(ex, game_prompts(g.factory)).graph
    leaves = {a["number"]: a for _, a in G.nodes(data=True) if a["kind"] == "outcome"}
    assert sorted(leaves) == [1, 2, 3]
    for n, o in enumerate(ex.numbered(), 1):
        assert leaves[n]["label"].split("\n")[0] == f"outcome {n}"
        assert leaves[n]["label"].split("\n")[1:] == [
            f"{f}: {o.values[f]}" for f in PUZZLE_FIELDS]
    both = next(n for n, o in enumerate(ex.numbered(), 1)
                if o.path == ["exchange Soldier for Fugitive", "exchange Peasant for Soldier"])
    leaf = next(v for v, a in G.nodes(data=True) if a.get("number") == both)
    path = nx.shortest_path(G, "d0", leaf)
    assert [G.edges[e]["answer"] for e in itertools.pairwise(path)] == \
        ["exchange Soldier for Fugitive", "exchange Peasant for Soldier"]


def test_numbered_outcomes_with_the_same_summary_stay_two_leaves():
    """Decks are compared in order, but a summary counts cards: two decks of the same cards in
    another order read alike. Numbered, they are still two leaves."""
    G = outcome_tree([Branch(("a",), "deck: 2 Copper, Estate", 1, 1),
                      Branch(("b",), "deck: 2 Copper, Estate", 1, 2)]).graph
    labels = sorted(a["label"] for _, a in G.nodes(data=True) if a["kind"] == "outcome")
    assert labels == ["outcome 1\ndeck: 2 Copper, Estate", "outcome 2\ndeck: 2 Copper, Estate"]
    G = outcome_tree([(("a",), "same"), (("b",), "same")]).graph   # unnumbered: merged
    assert [a["paths"] for _, a in G.nodes(data=True) if a["kind"] == "outcome"] == [2]


def test_tree_accepts_branches_with_counts():
    G = outcome_tree([Branch(("a",), "x", paths=3), Branch((), "y")]).graph
    assert G.nodes["o0"]["paths"] == 3
    assert G.edges["d0", "o1"]["label"] == "(no decision)"


def laboratory():
    """Ann plays Laboratory over a deck of 3 Copper and 2 Estate in unknown order, no seed:
    the draw is a chance step (the worked example of tests/test_chance.py)."""
    return position(["Laboratory"], seed=None,
                    ann={"hand": ["Laboratory"], "deck": {"unknown": ["3 Copper", "2 Estate"]}})




def test_a_chance_step_is_its_own_node_with_probabilities_on_its_edges():
    """Drawing 2 of 3 Copper and 2 Estate: [Copper, Copper] 3/10, [Copper, Estate] 3/5,
    [Estate, Estate] 1/10 (multivariate hypergeometric, rule chance.unknown-order)."""
    g = laboratory()
    script = ["play Laboratory"]
    ex = explore(g.factory, script, ACTION_END, ["players.Ann.hand"])
    G = from_exploration(ex, game_prompts(g.factory, script)).graph
    root = G.nodes["d0"]
    assert root["kind"] == "chance" and root["shape"] == "ellipse"
    assert root["prompt"].startswith("Chance: which 2 of the 5 cards in unknown order")
    edges = {G.edges[e]["answer"]: G.edges[e] for e in G.out_edges("d0")}
    assert {a: e["probability"] for a, e in edges.items()} == {
        "draw: Copper, Copper": Fraction(3, 10), "draw: Copper, Estate": Fraction(3, 5),
        "draw: Estate, Estate": Fraction(1, 10)}
    assert edges["draw: Copper, Estate"]["label"] == "draw: Copper, Estate\n3/5"
    assert "outcomes drawn" not in root["label"]        # all three are drawn
    leaves = {G.nodes[v]["summary"]: G.nodes[v] for _, v in G.out_edges("d0")}
    assert leaves["Ann.hand: Copper, Estate"]["label"] == \
        "outcome 1\nAnn.hand: Copper, Estate\nprobability 3/5 (60.0%)"
    assert leaves["Ann.hand: 2 Estate"]["chance"] == "1/10 (10.0%)"
    assert {"d0", "o0", "3/5"} <= svg_names(Diagram(G).svg())


def test_a_leaf_a_choice_can_avoid_shows_the_range_and_decisions_stay_boxes():
    """From the start of the Action phase Ann may not play the Laboratory at all: each draw
    is then at most as likely as the chance step says, and at least 0."""
    g = laboratory()
    ex = explore(g.factory, [], ACTION_END, ["players.Ann.hand"])
    G = from_exploration(ex, game_prompts(g.factory)).graph
    assert G.nodes["d0"]["kind"] == "decision" and G.nodes["d0"]["shape"] == "box"
    (chance,) = [n for n, a in G.nodes(data=True) if a["kind"] == "chance"]
    assert G.edges["d0", chance]["answer"] == "play Laboratory"
    assert "probability" not in G.edges["d0", chance]
    labels = {a["summary"]: a["label"] for _, a in G.nodes(data=True) if a["kind"] == "outcome"}
    assert labels["Ann.hand: 2 Copper"].endswith(
        "\nprobability 0 to 3/10 (0% to 30.0%), by the players' choices")
    # Not playing it (her choice alone: 0 to 1) shows no probability; the note says why, once.
    (kept,) = [lab for lab in labels.values() if "Laboratory" in lab]
    assert "probability" not in kept
    assert "1 outcome(s) show no probability: the players' choices alone can make each " \
        "certain or avoid it (0 to 1)" in G.graph["note"]


def test_a_chance_node_says_how_many_of_its_outcomes_are_drawn():
    """Witch against a hand of 5 drawn from Moat, 4 Copper, 5 Estate: the tree draws one
    shortest path per distinct outcome, so the hand's 10 possible contents are not all drawn,
    and the chance node says so."""
    g = position(["Witch", "Moat"], seed=None, ann={"hand": ["Witch"], "deck": ["2 Copper"]},
                 bob={"hand": {"unknown": 5, "pool": ["Moat", "4 Copper", "5 Estate"]}})
    ex = explore(g.factory, ["play Witch"], ACTION_END, ["players.Bob.discard"])
    G = from_exploration(ex, game_prompts(g.factory, ["play Witch"])).graph
    (chance,) = [a for _, a in G.nodes(data=True) if a["kind"] == "chance"]
    assert len(chance["chances"]) == 10 and sum(chance["chances"].values()) == 1
    drawn = len(G.out_edges("d0"))
    assert drawn < 10 and chance["label"].endswith(f"\n({drawn} of its 10 outcomes drawn)")


def test_the_command_line_draws_a_chance_tree(tmp_path, capsys):
    scn = tmp_path / "lab.yaml"
    scn.write_text("""\
meta: {id: lab, question: "What can Laboratory draw from an unknown deck?"}
setup:
  kingdom: [Laboratory]
  players:
    - {name: Ann, hand: [Laboratory], deck: {unknown: [3 Copper, 2 Estate]}}
    - {name: Bob}
  turn: {player: Ann, phase: action}
script: [play Laboratory]
outcomes: {stop: {at: end-of-phase, phase: action}, fields: [players.Ann.hand]}
""")
    assert main(["diagram", "tree", str(scn)]) == 0
    dot = capsys.readouterr().out
    assert '"d0" [shape="ellipse"' in dot and 'label="draw: Estate, Estate\\n1/10"' in dot


# -- DOT and rendering -----------------------------------------------------------------------
def test_dot_text_is_deterministic_and_escaped():
    a, b = turn_diagram().dot(), turn_diagram().dot()
    assert a == b and a.startswith('digraph "turn" {')
    assert "subgraph cluster_0" in a and '"draw" -> "start-of-turn"' in a
    d = outcome_tree([(['say "hi"'], "line 1\nline 2")])
    text = to_dot(d.graph)
    assert 'label="say \\"hi\\""' in text and 'label="line 1\\nline 2"' in text
    assert "summary=" not in text  # data attributes stay out of the DOT text


def test_each_kind_renders_to_svg():
    g = puzzle()
    kinds = {
        "travellers": (traveller_chains(g.factory()[0]), {"Peasant", "Soldier", "Teacher"}),
        "turn": (turn_diagram(), {"start-of-turn", "end-of-buy", "draw"}),
        "card": (card_moves("Royal Carriage"), {"hand", "play", "mat", "Tavern mat"}),
        "tree": (from_exploration(explore(g.factory, fields=PUZZLE_FIELDS)), {"d0", "o2"}),
    }
    for kind, (d, expected) in kinds.items():
        found = svg_names(d.svg())
        assert expected <= found, (kind, expected - found)
        bundle = d._repr_mimebundle_()
        assert list(bundle) == ["image/svg+xml"]


def test_save_by_suffix(tmp_path):
    d = card_moves("Peasant")
    assert d.save(tmp_path / "p.png").read_bytes().startswith(b"\x89PNG")
    assert d.save(tmp_path / "p.dot").read_text() == d.dot() + "\n"
    with pytest.raises(ValueError, match="unknown format"):
        d.save(tmp_path / "p.pdf")


def test_500_node_tree_renders_under_two_seconds():
    branches = [(tuple(f"answer {x}" for x in p), f"outcome {p}\ncoins: {sum(p)}")
                for p in itertools.product(range(2), repeat=9)]
    d = outcome_tree(branches, prompt=lambda p: f"Ann: decision {len(p)}")
    assert len(d.graph) == 500 and d.graph.graph["cut"] > 0  # bigger: cut, with a note
    start = time.perf_counter()
    d.svg()
    assert time.perf_counter() - start < 2.0


def test_missing_dot_says_how_to_install(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("PATH", str(tmp_path))
    d = turn_diagram()
    with pytest.raises(DotMissing, match="apt-get install graphviz"):
        d.svg()
    assert d.dot().startswith("digraph")  # DOT text needs no Graphviz
    assert "make setup" in d._repr_mimebundle_()["text/plain"]
    assert main(["diagram", "turn", "-o", str(tmp_path / "t.svg")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "apt-get install graphviz" in err


# -- the command line and the README's pictures ----------------------------------------------
def test_cli_kinds(tmp_path, capsys):
    assert main(["diagram", "card", "Royal Carriage"]) == 0
    assert capsys.readouterr().out.startswith('digraph "card Royal Carriage"')
    scn = ROOT / "checker/scenarios/base/throne-room-smithy.yaml"
    out = tmp_path / "tree.svg"
    assert main(["diagram", "tree", str(scn), "--depth", "2", "-o", str(out)]) == 0
    assert "d0" in svg_names(out.read_text())
    assert main(["diagram", "travellers", "-o", str(tmp_path / "t.dot")]) == 0
    assert main(["diagram", "turn", "-o", str(tmp_path / "t.pdf")]) == 2
    assert main(["diagram", "card", "Nope"]) == 2
    assert "unknown card" in capsys.readouterr().err


def test_readme_svgs_are_kept_and_shown():
    readme = (ROOT / "README.md").read_text("utf-8")
    for name in readme_diagrams():
        path = ROOT / "diagrams" / "svg" / name
        assert path.exists(), f"{path}: run make diagrams"
        ET.parse(path)
        assert f"diagrams/svg/{name}" in readme


def test_a_tree_of_many_outcomes_groups_orders_and_counts_the_rest():
    """Bob buys under Ann's Haunted Woods holding five different cards: he puts them onto his
    deck in any order (Adventures rulebook (2015), card FAQ: Haunted Woods), 314 outcomes to
    the end of his Buy phase. Drawn with at most 50 leaves, the orders share a leaf; with at
    most 3, the rest are counted in one node."""
    g = position(["Haunted Woods"], phase="buy", turn={"player": "Bob"},
                 ann={"play": [{"card": "Haunted Woods", "earlier": True}],
                      "deck": ["13 Estate"]},
                 bob={"hand": ["Gold", "Estate", "Duchy", "Province", "Curse"],
                      "deck": ["20 Copper"]})
    ex = explore(g.factory, stop={"at": "end-of-phase"},
                 fields=["players.Bob.hand", "players.Bob.deck", "players.Bob.discard"])
    assert len(ex.outcomes) == 314
    G = from_exploration(ex, game_prompts(g.factory), leaves=50).graph
    leaves = [a for _, a in G.nodes(data=True) if a["kind"] == "outcome"]
    assert sorted(a["paths"] for a in leaves) == [1, 1, 24, 24, 24, 120, 120]
    assert sum("other answer(s)" in e["label"] for *_, e in G.edges(data=True)) == 5
    assert "314 distinct outcome(s), drawn as 7 leaves" in G.graph["graph"]["label"]
    cut = from_exploration(ex, game_prompts(g.factory), leaves=3).graph
    assert sum(a["kind"] == "outcome" for _, a in cut.nodes(data=True)) == 3
    assert cut.nodes["more"]["count"] == 314 - 1 - 1 - 120
    plain = from_exploration(ex, game_prompts(g.factory), max_nodes=1000).graph
    assert sum(a["kind"] == "outcome" for _, a in plain.nodes(data=True)) == 314  # unreadable
