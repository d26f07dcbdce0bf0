"""What every sub-command shares: its parser with the exit statuses in its help, and errors a
user can cause said in one line with exit status 2."""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from collections.abc import Callable
from functools import wraps
from typing import Any

from dominion_tavern.checker.explore import ExploreError
from dominion_tavern.checker.format.dump import DumpError
from dominion_tavern.checker.format.load import ScenarioError
from dominion_tavern.checker.reading.field_paths import FieldError
from dominion_tavern.rulebook.engine.decisions import IllegalAnswer
from dominion_tavern.rulebook.setup import SetupError

ERRORS: tuple[type[Exception], ...] = (ScenarioError, ExploreError, FieldError, DumpError,
                                       SetupError, IllegalAnswer, OSError)
BAD_INPUT = "a bad file or argument: every problem is printed, nothing is run"
FAULT = "a fault in Tavern itself (an internal error, said in one line to report)"


def command(sub: Any, name: str, summary: str, description: str,
            exits: dict[int, str]) -> argparse.ArgumentParser:
    """A sub-command's parser: ``summary`` in ``tavern --help``, ``description`` and the exit
    statuses (``exits``, with 2 for bad input, unless ``exits`` words it, and 3 for a fault
    added) in ``tavern NAME --help``."""
    codes = {2: BAD_INPUT, **exits, 3: FAULT}
    text = "\n\n".join(par if par.startswith("  ") else textwrap.fill(par, 79)
                       for par in description.split("\n\n"))
    epilog = "exit status:\n" + "\n".join(f"  {k}  {v}" for k, v in sorted(codes.items()))
    return sub.add_parser(name, help=summary, description=text, epilog=epilog,
                          formatter_class=argparse.RawDescriptionHelpFormatter)


def user_errors(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Errors a user can cause become ``tavern CMD: error: ...`` and exit status 2."""
    @wraps(run)
    def wrapper(args: argparse.Namespace) -> int:
        try:
            return run(args)
        except BrokenPipeError:  # the reader (``| head``) stopped reading: not an error
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
        except ERRORS as e:
            text = str(e) if not isinstance(e, OSError) or not e.filename else \
                f"{e.filename}: {e.strerror}"
            print(f"tavern {args.command}: error: {text}", file=sys.stderr)
            return 2
    return wrapper
