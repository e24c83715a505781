"""The `lastmessage` command: one subcommand per job, each defined by its own module.

Each module in COMMAND_MODULES has `register(subparsers)` (lastmessage.arguments), which adds its
subcommands and sets `func` (taking the parsed args, returning an exit code).
Modules import heavy things (pygame, pyserial, gpiozero) inside their
commands, so building the command line stays fast and `--help` always works.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
from collections.abc import Sequence

from lastmessage.config.paths import shown

COMMAND_MODULES = [
    "lastmessage.scripting.play",
    "lastmessage.scenegen.commands",
    "lastmessage.hal.tools.commands",
    "lastmessage.hal.tools.module_commands",
    "lastmessage.kiosk.device",
    "lastmessage.scripting.bench",
    "lastmessage.journal.stats",
    "lastmessage.kiosk.status",
    "lastmessage.kiosk.install.commands",
    "lastmessage.operator.set_pin",
    "lastmessage.venue.view",
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
    # pygame prints a banner on standard output when imported; `lastmessage play` writes
    # its events there. Set before the command modules are imported, not by importing ours.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    logging.basicConfig(level=logging.INFO if os.environ.get("LASTMESSAGE_VERBOSE") else logging.WARNING,
                        format="lastmessage: %(message)s")
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        code = int(args.func(args))
        sys.stdout.flush()
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader of our output went away (`lastmessage ... | head`): stop
        # quietly, and send what is still buffered nowhere, so that Python's own
        # flush at exit does not end in a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as error:
        # A command reports the files it was given; what reaches here is its
        # output failing (`lastmessage scenes list > /dev/full`): one line, and
        # the rest of the output dropped so the flush at exit cannot raise again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        where = shown(error.filename) if error.filename else "standard output"
        print(f"lastmessage: {where}: {error.strerror or error}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
