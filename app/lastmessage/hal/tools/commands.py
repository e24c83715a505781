"""`lastmessage selftest` and `lastmessage hardware docs`: the hardware from the command line."""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

from lastmessage.arguments import Subparsers, help_of
from lastmessage.hal.base import HalError
from lastmessage.hal.pinout import PinoutError, load_pinout


def _selftest(args: argparse.Namespace) -> int:
    if args.serial:
        try:
            module = importlib.import_module("lastmessage.hal.tools.serial_selftest")
        except ModuleNotFoundError as error:
            if error.name != "lastmessage.hal.tools.serial_selftest":
                raise
            print("lastmessage: the serial self-test (lastmessage.hal.tools.serial_selftest) is not "
                  "in this build; run selftest without --serial", file=sys.stderr)
            return 2
        return int(module.run(args.serial, auto=args.auto))
    try:
        pinout = load_pinout(args.pinout)
    except PinoutError as error:
        print(f"lastmessage: {error}", file=sys.stderr)
        return 2
    from lastmessage.hal.tools import selftest
    if args.auto:
        return selftest.run_auto(pinout)
    try:
        return selftest.run_interactive(pinout)
    except HalError as error:
        print(f"lastmessage: {error}\n(no hardware here? `lastmessage selftest --auto` checks "
              f"the pinout on simulated pins)", file=sys.stderr)
        return 2
    except EOFError:
        print("lastmessage: selftest needs a person at the terminal; use --auto otherwise",
              file=sys.stderr)
        return 2


def _docs(args: argparse.Namespace) -> int:
    from lastmessage.hal.tools import wiring
    return wiring.run(args.pinout, args.out, args.check)


def register(subparsers: Subparsers) -> None:
    test = subparsers.add_parser(
        "selftest", help="check every LED, button and the buzzer of the table",
        description="Walk a person through every LED and button of the pinout on the real "
                    "pins, or with --auto check every pin on gpiozero's mock pins.")
    test.add_argument("--pinout", type=Path, default=None, metavar="FILE",
                      help="pinout file (default: the one shipped, hardware/pinout.toml)")
    test.add_argument("--auto", action="store_true",
                      help="no person, no hardware: check the pinout on mock pins")
    test.add_argument("--serial", default=None, metavar="PORT",
                      help="test the timer/button module on PORT instead of the GPIO pins")
    test.set_defaults(func=_selftest)

    hardware = subparsers.add_parser("hardware", help="hardware documentation")
    actions = hardware.add_subparsers(dest="hardware_command", metavar="ACTION")
    docs = actions.add_parser("docs", help="regenerate WIRING.md and wiring.svg beside the pinout "
                                               "(the shipped pinout's: into the current folder)")
    docs.add_argument("--pinout", type=Path, default=None, metavar="FILE",
                      help="pinout to document (default: the shipped one)")
    docs.add_argument("--out", type=Path, default=None, metavar="DIR",
                      help="write there instead of beside the pinout (made if missing)")
    docs.add_argument("--check", action="store_true",
                      help="change nothing; fail if the files are stale")
    docs.set_defaults(func=_docs)
    hardware.set_defaults(func=help_of(hardware))
