"""The ``tavern`` command line. Each sub-command lives in its own module of this package
(``checker/cli/check.py`` for ``tavern check``), which gives ``add(subparsers)``; errors a user
can cause print one clear line, never a traceback.

The sub-commands (and with them the engine) are imported only when a command runs, so
``tavern --version`` and ``tavern`` alone answer at once.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from dominion_tavern import __version__

COMMANDS = ["simulate", "example", "check", "coverage", "explore", "why", "play", "rule", "dump",
            "diagram"]
EXAMPLE = """example:
  tavern check checker/scenarios/seeds/peasant-soldier-outcomes.yaml
  tavern explore checker/scenarios/seeds/peasant-soldier-outcomes.yaml

Run 'tavern COMMAND --help' for a command's arguments."""


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="tavern", description="Dominion rules engine and "
                                 "scenario checker, centred on Adventures.", epilog=EXAMPLE,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--version", action="version", version=f"tavern {__version__}")
    sub = ap.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"dominion_tavern.checker.cli.{name}").add(sub)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv in (["--version"], ["-V"]):
        print(f"tavern {__version__}")
        return 0
    if not argv:
        parser().print_help()
        return 0
    from dominion_tavern.checker.format.load import ScenarioError
    from dominion_tavern.checker.reading.engine_faults import fault_text
    from dominion_tavern.rulebook.engine.decisions import IllegalAnswer
    from dominion_tavern.rulebook.setup import SetupError
    from dominion_tavern.rulebook.simulate.cluster import ClusterError

    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except ScenarioError as e:  # one "file:line:col: message" line per problem
        print(str(e), file=sys.stderr)
        return 2
    except (SetupError, IllegalAnswer, OSError, ClusterError) as e:
        print(f"tavern {args.command}: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # a fault in Tavern itself: said in words, never a bare traceback
        print(f"tavern {args.command}: {fault_text(e)}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
