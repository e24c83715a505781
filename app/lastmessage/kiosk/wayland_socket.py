"""The kiosk's Wayland socket: where it is, and waiting until labwc has made it.

`python -m lastmessage.kiosk.wayland_socket --wait S` is the kiosk unit's
ExecStartPost=: the kiosk counts as started (and the game, ordered after it,
starts) only once the socket exists. The device waits the same way before it
connects, for the restarts that do not go through the kiosk's start.
"""

from __future__ import annotations

import argparse
import os
import pwd
import stat
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path


def socket_path(environ: Mapping[str, str] = os.environ, uid: int | None = None) -> Path:
    """$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY; a system service has no runtime dir: /run/user/<uid>."""
    display = environ.get("WAYLAND_DISPLAY") or "wayland-0"
    if os.path.isabs(display):
        return Path(display)
    runtime = environ.get("XDG_RUNTIME_DIR") or f"/run/user/{os.getuid() if uid is None else uid}"
    return Path(runtime) / display


def is_socket(path: Path) -> bool:
    try:
        return stat.S_ISSOCK(path.stat().st_mode)
    except OSError:
        return False


def wait_for_socket(path: Path, seconds: float, *, sleep: Callable[[float], None] = time.sleep,
                    now: Callable[[], float] = time.monotonic) -> bool:
    """True once `path` is a socket, False if it is not within `seconds`."""
    end = now() + seconds
    while not is_socket(path):
        if now() >= end:
            return False
        sleep(0.05)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lastmessage.kiosk.wayland_socket")
    parser.add_argument("--wait", type=float, default=30.0, metavar="S",
                        help="seconds to wait for the compositor's socket")
    parser.add_argument("--user", metavar="NAME",
                        help="the compositor's user, whose /run/user/<uid> holds the socket (default: this one)")
    args = parser.parse_args(argv)
    environ: Mapping[str, str] = os.environ
    uid = None
    if args.user is not None:
        try:
            uid = pwd.getpwnam(args.user).pw_uid
        except KeyError:
            print(f"lastmessage: no user {args.user!r}", file=sys.stderr)
            return 2
        environ = {key: value for key, value in os.environ.items() if key != "XDG_RUNTIME_DIR"}
    path = socket_path(environ, uid)
    if wait_for_socket(path, args.wait):
        return 0
    print(f"lastmessage: no Wayland socket {path} after {args.wait:g} s", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
