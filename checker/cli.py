"""The ``tavern`` command line. Each sub-command lives in its own ``cmd_*`` module, which
gives ``add(subparsers)``; errors a user can cause print one clear line, never a traceback."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from dominion_tavern.checker import (
    cmd_check,
    cmd_coverage,
    cmd_diagram,
    cmd_dump,
    cmd_example,
    cmd_explore,
    cmd_rule,
    cmd_simulate,
    cmd_why,
)
from dominion_tavern.checker.scenario import ScenarioError
from dominion_tavern.rulebook.engine.decisions import IllegalAnswer
from dominion_tavern.rulebook.setup import SetupError
from dominion_tavern.rulebook.simulate_cluster import ClusterError

COMMANDS = [cmd_simulate, cmd_example, cmd_check, cmd_coverage, cmd_explore,
            cmd_why, cmd_rule, cmd_dump, cmd_diagram]
USER_ERRORS: tuple[type[Exception], ...] = (SetupError, IllegalAnswer, OSError, ScenarioError,
                                             ClusterError)


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="tavern", description="Dominion rules engine and "
                                 "scenario checker, centred on Adventures.")
    sub = ap.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in COMMANDS:
        module.add(sub)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except ScenarioError as e:  # one "file:line:col: message" line per problem
        print(str(e), file=sys.stderr)
        return 2
    except USER_ERRORS as e:
        print(f"tavern {args.command}: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
