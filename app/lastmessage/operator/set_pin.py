"""`lastmessage set-pin`: the operator menu's PIN, asked twice without echo.

The PIN goes beside the journal the config names (installed:
/var/lib/lastmessage/operator-pin), or to `--pin-path`. Run with sudo on an
installed device: the file is then given to the owner of its folder, the
device's own user, which alone may read it (0600). `--pin-file -` reads the
PIN from standard input (one line) for automation.
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from collections.abc import Callable
from pathlib import Path

from lastmessage.arguments import Subparsers
from lastmessage.operator.pin import PinError, PinHash, check_pin, pin_path_beside, save_pin
from lastmessage.config.paths import PathRefused, read_text, shown
from lastmessage.config.settings import SettingsError, load_settings

Ask = Callable[[str], str]


def pin_destination(args: argparse.Namespace) -> Path:
    """--pin-path, else beside the journal (`--db`, else the config's `[store] db`)."""
    if args.pin_path is not None:
        return Path(args.pin_path)
    return pin_path_beside(args.db or load_settings(args.config).store.db)


def read_pin(source: str | None, *, ask: Ask = getpass.getpass) -> str:
    """The new PIN: typed twice at the terminal, or the first line of `source`
    ("-" is standard input). PinError says in one line what is wrong."""
    if source is None:
        if not sys.stdin.isatty():
            raise PinError("no terminal to type the PIN at; give it with --pin-file - (one line "
                           "on standard input) or --pin-file FILE")
        first = check_pin(ask("New operator PIN (4-8 digits): "))
        if ask("The same PIN again: ") != first:
            raise PinError("the two PINs differ; nothing was changed")
        return first
    if source == "-":
        line = sys.stdin.buffer.readline(64)
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            raise PinError("standard input: the PIN line is not UTF-8 text; a PIN is 4 to 8 digits (0-9)") from None
    else:
        try:
            text = read_text(source, "PIN file", limit=64)
        except PathRefused as error:
            raise PinError(str(error)) from error
    return check_pin(text.split("\n", 1)[0].rstrip("\r"))


def _owner_of(folder: Path) -> tuple[int, int] | None:
    """Root writes the file for the folder's owner (the device's user)."""
    if os.geteuid() != 0:
        return None
    status = folder.stat()
    return status.st_uid, status.st_gid


def _run(args: argparse.Namespace) -> int:
    try:
        path = pin_destination(args)
        pin = read_pin(args.pin_file)
    except (SettingsError, PinError) as error:
        print(f"lastmessage: set-pin: {error}", file=sys.stderr)
        return 2
    except (EOFError, KeyboardInterrupt):
        print("\nlastmessage: set-pin: no PIN given; nothing was changed", file=sys.stderr)
        return 2
    if args.pin_path is not None and not path.parent.is_dir():
        # Named outright, a folder that is not there is a typo: a PIN where the device never looks.
        print(f"lastmessage: set-pin: --pin-path {shown(path)}: the folder {shown(path.parent)} does not exist; "
              f"check the path (the device reads the PIN beside its journal)", file=sys.stderr)
        return 2
    try:
        if not path.parent.is_dir():   # beside a journal not written yet: its folder, as the device makes it
            path.parent.mkdir(mode=0o700, parents=True)
        save_pin(path, PinHash.make(pin), owner=_owner_of(path.parent))
    except PathRefused as refused:
        print(f"lastmessage: set-pin: {refused}; nothing was changed", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"lastmessage: set-pin: {shown(path)}: cannot write the PIN file: "
              f"{error.strerror or error}", file=sys.stderr)
        return 2
    print(f"operator PIN set ({shown(path)}, scrypt hash, readable only by its owner); "
          f"hold the service button or the start screen's top left corner for 3 s to open the menu")
    return 0


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("set-pin", help="set the PIN of the operator menu on the tablet")
    parser.add_argument("--config", type=Path, metavar="FILE",
                        help="config naming the journal; the PIN file goes beside it")
    parser.add_argument("--db", type=Path, metavar="FILE", help="the journal; the PIN file goes beside it")
    parser.add_argument("--pin-path", type=Path, metavar="FILE",
                        help="where to write the PIN file (default: operator-pin beside the journal)")
    parser.add_argument("--pin-file", metavar="FILE",
                        help='read the PIN from the first line of FILE ("-": standard input) '
                             "instead of asking twice at the terminal")
    parser.set_defaults(func=_run)
