"""What every command module shares to put its subcommands on the `lastmessage` command line.

Kept apart from cli.py, which imports every command module: a command module
that reached back into cli.py for these would import the top of the program
from below it.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeAlias

Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""What `register` is given to add a module's subcommands to."""


def help_of(parser: argparse.ArgumentParser) -> Callable[[argparse.Namespace], int]:
    """The `func` of a command group called without a subcommand: its help, exit 2."""
    def show(args: argparse.Namespace) -> int:
        parser.print_help()
        return 2
    return show
