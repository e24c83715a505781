"""The `lastmessage` command: one subcommand per job, each defined by its own module.

Each module in COMMAND_MODULES has `register(subparsers)`, which adds its
subcommands and sets `func` (taking the parsed args, returning an exit code).
Modules are imported only when the command line is built, so a broken optional
part (for example pygame missing) cannot stop `play` or `scenes list`.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

COMMAND_MODULES = [
    "lastmessage.play",
    "lastmessage.scenes.commands",
    "lastmessage.hal.module_commands",
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="lastmessage",
        description="Last Message: the table device for the party deduction game.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
