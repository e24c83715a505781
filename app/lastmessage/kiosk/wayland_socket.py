"""The kiosk's Wayland socket: where it is, and waiting until labwc has made it.

`python -m lastmessage.kiosk.wayland_socket --wait S --socket PATH --share` is
the kiosk unit's ExecStartPost=: the kiosk counts as started (and the game,
ordered after it, starts) only once the socket exists and its group may connect.
The device waits the same way before it connects, for the restarts that do not
go through the kiosk's start.

labwc runs as its own user and makes its socket 0700 (UMask=0077, so its lock
file stays its own: a client that could lock it would keep a restarted labwc
off wayland-0); `--share` then opens the socket alone to its group, the game's.
It runs as root in a folder the kiosk's user owns, so it acts on the file it
checked (opened without following links), never on a name that may have been
swapped for a link to /etc/shadow in between.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path


def socket_path(environ: Mapping[str, str] = os.environ) -> Path:
    """$WAYLAND_DISPLAY when it is a path (the installed unit's), else under $XDG_RUNTIME_DIR,
    or /run/user/<uid> where that is not set (a system service has none)."""
    display = environ.get("WAYLAND_DISPLAY") or "wayland-0"
    if os.path.isabs(display):
        return Path(display)
    runtime = environ.get("XDG_RUNTIME_DIR") or f"/run/user/{os.getuid()}"
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


SHARED_MODE = 0o660
"""The socket's mode once shared: its owner and group connect (connect() needs write)."""


class NotShared(Exception):
    """The socket could not be opened to its group; str() says what and where."""


def share_with_group(path: Path) -> None:
    """Make the socket at `path` 0660, if it is a socket owned by its folder's owner.

    NotShared for a link, anything not a socket, or a socket of another user."""
    try:
        folder = os.stat(path.parent, follow_symlinks=False)
        fd = os.open(path, os.O_PATH | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError as error:
        raise NotShared(f"{path}: cannot be opened ({error.strerror})") from None
    try:
        found = os.fstat(fd)
        if not stat.S_ISSOCK(found.st_mode):
            raise NotShared(f"{path}: not a socket, left as it is")
        if found.st_uid != folder.st_uid:
            raise NotShared(f"{path}: owned by uid {found.st_uid}, not by its folder's owner "
                            f"(uid {folder.st_uid}), left as it is")
        # An O_PATH descriptor takes no fchmod; its /proc link reaches the same inode.
        os.chmod(f"/proc/self/fd/{fd}", SHARED_MODE)
    except OSError as error:
        raise NotShared(f"{path}: cannot change its mode ({error.strerror})") from None
    finally:
        os.close(fd)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lastmessage.kiosk.wayland_socket")
    parser.add_argument("--wait", type=float, default=30.0, metavar="S",
                        help="seconds to wait for the compositor's socket")
    parser.add_argument("--socket", type=Path, metavar="PATH",
                        help="the socket (default: $XDG_RUNTIME_DIR/$WAYLAND_DISPLAY)")
    parser.add_argument("--share", action="store_true",
                        help="then make it 0660, so that its group (the game's user) may connect")
    args = parser.parse_args(argv)
    path = args.socket if args.socket is not None else socket_path()
    if not wait_for_socket(path, args.wait):
        print(f"lastmessage: no Wayland socket {path} after {args.wait:g} s", file=sys.stderr)
        return 1
    if args.share:
        try:
            share_with_group(path)
        except NotShared as error:
            print(f"lastmessage: {error}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
