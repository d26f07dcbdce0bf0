"""The positions the notebooks and the README draw, their diagrams, and ``python -m
dominion_tavern.notebooks.examples [FOLDER]`` (``make diagrams``) to write them as SVG into
``diagrams/svg/``. They live with the notebooks, above the checker: an outcome tree needs the
explorer, and the diagrams only draw the graphs they are given."""

from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any

from dominion_tavern.checker.explore import explore
from dominion_tavern.diagrams.cardmoves import card_moves
from dominion_tavern.diagrams.render import Diagram
from dominion_tavern.diagrams.travellers import traveller_chains
from dominion_tavern.diagrams.tree import from_exploration, game_prompts
from dominion_tavern.diagrams.turn import turn_diagram
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.state import GameState
from dominion_tavern.rulebook.position import build

#: Clean-up with Peasant and Soldier in play and the Soldier pile empty: exchanging the
#: Soldier first puts a Soldier back, which lets the Peasant be exchanged too.
PUZZLE: dict[str, Any] = {
    "kingdom": ["Peasant"],
    "players": [{"name": "Ann", "play": ["Peasant", "Soldier"]}, {"name": "Bob"}],
    "piles": {"Soldier": 0},
    "turn": {"player": "Ann", "phase": "cleanup"},
}
PUZZLE_FIELDS = ["piles.Peasant", "piles.Soldier", "piles.Fugitive"]


def puzzle_state() -> GameState:
    """The puzzle position as built, before Clean-up runs (both cards still in play)."""
    return build(copy.deepcopy(PUZZLE))[0]


def puzzle_game() -> Game:
    """The puzzle as a game: it runs to Ann's first exchange decision."""
    return Game(lambda: build(copy.deepcopy(PUZZLE)))


def puzzle_tree() -> Diagram:
    """The outcome tree of the puzzle, from the explorer."""
    g = puzzle_game()
    return from_exploration(explore(g.factory, fields=PUZZLE_FIELDS),
                            game_prompts(g.factory),
                            title="Clean-up: Peasant and Soldier in play, Soldier pile empty")


#: Ann plays Laboratory over 3 Coppers and 2 Estates in unknown order (no seed: chance asked).
LABORATORY: dict[str, Any] = {
    "kingdom": ["Laboratory"],
    "players": [{"name": "Ann", "hand": ["Laboratory"],
                 "deck": {"unknown": ["3 Copper", "2 Estate"]}}, {"name": "Bob"}],
    "turn": {"player": "Ann", "phase": "action"},
}


def laboratory_tree() -> Diagram:
    """The chance step of Laboratory's draw and its three outcomes, from the explorer."""

    def factory() -> tuple[GameState, str]:
        return build(copy.deepcopy(LABORATORY))

    script = ["play Laboratory"]
    ex = explore(factory, script, {"at": "end-of-phase", "phase": "action"},
                 ["players.Ann.hand"])
    return from_exploration(ex, game_prompts(factory, script),
                            title="Ann plays Laboratory: her deck is 3 Copper, 2 Estate in "
                                  "unknown order")


def readme_diagrams() -> dict[str, Diagram]:
    """File name -> diagram, for ``diagrams/svg/``."""
    return {
        "travellers.svg": traveller_chains(),
        "travellers-peasant-soldier.svg": traveller_chains(puzzle_state()),
        "turn.svg": turn_diagram(),
        "card-royal-carriage.svg": card_moves("Royal Carriage"),
        "tree-peasant-soldier.svg": puzzle_tree(),
        "tree-laboratory.svg": laboratory_tree(),
    }


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0] if args else Path(__file__).parents[1] / "diagrams" / "svg")
    folder.mkdir(parents=True, exist_ok=True)
    for name, d in readme_diagrams().items():
        print(d.save(folder / name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
