"""SIGTERM (systemd stopping the service, `kill`) ends a command through its
`finally` blocks, as closing the windows does, so the journal writes what it
has queued before the process goes."""

from __future__ import annotations

import signal
import threading
import sys
from types import FrameType


def leave_on_sigterm() -> None:
    # Only a process's main thread may set a handler (a command run in-process
    # by a test runs in another thread; its process keeps its own handling).
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _leave)


def _leave(signum: int, frame: FrameType | None) -> None:
    sys.exit(128 + signum)
