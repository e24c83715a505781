"""What a running device does besides the game: it tells systemd that it lives,
tells staff how it is, and stops cleanly when asked to (SIGTERM).

Everything here hangs off `frame_presented()`, called by the frame loop (and by
the missing-monitor screen) after each frame that reached the screens.
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType

from lastmessage.config.museum import MuseumSettings
from lastmessage.kiosk.status import StatusBoard, StatusPublisher, default_status_path
from lastmessage.kiosk.status_http import StatusServer
from lastmessage.kiosk.status_sources import LastError, add_standard_fields
from lastmessage.kiosk.watchdog import SystemdNotifier, Watchdog, watchdog_period

log = logging.getLogger(__name__)


class StopRequest:
    """SIGTERM (systemd stopping the service) or Ctrl-C: the loop ends after the
    frame in progress, so the journal is flushed and closed before exit 0."""

    def __init__(self) -> None:
        self.requested = False

    def install(self) -> None:
        # After pygame.init(): SDL installs its own handlers (which post QUIT,
        # ignored on the device) where it finds the default one. Only a
        # process's main thread may set one (a test may run a command in another).
        if threading.current_thread() is not threading.main_thread():
            return
        for number in (signal.SIGTERM, signal.SIGINT):
            signal.signal(number, self._handle)

    def _handle(self, number: int, frame: FrameType | None) -> None:
        self.requested = True

    def __call__(self) -> bool:
        return self.requested


class Liveness:
    def __init__(self, museum: MuseumSettings, *, journal: Path, status_file: Path | None = None,
                 started: float | None = None, language: str = "en") -> None:
        """`language`: the museum's, the status page's."""
        self.phase: Callable[[], str] = lambda: "starting"
        self.link: Callable[[], str] = lambda: "starting"
        self.warning: Callable[[], str | None] = lambda: None   # `state` and `warning` in the status
        self.last_error = LastError()
        logging.getLogger("lastmessage").addHandler(self.last_error)
        self.board = StatusBoard()
        add_standard_fields(self.board, phase=lambda: self.phase(), link=lambda: self.link(),
                            journal=journal, last_error=self.last_error,
                            started=time.monotonic() if started is None else started,
                            warning=lambda: self.warning())
        path = status_file or museum.status_file or default_status_path()
        self.publisher = StatusPublisher(self.board, path, interval=museum.status_interval)
        self.notifier = SystemdNotifier()
        self.watchdog = Watchdog(self.notifier, watchdog_period())
        self.server: StatusServer | None = None
        if museum.status_port:
            try:
                self.server = StatusServer(museum.status_bind, museum.status_port, lambda: self.publisher.latest,
                                           language=language)
            except OSError as error:
                # The page is for staff; the table is for the visitors: it plays on without the page
                # (an address not up yet at boot, a port taken), and says so where staff look.
                log.error("museum.status_port = %s: cannot serve the status page on %s: %s; the device "
                          "runs without it (choose another port, or 0)", museum.status_port, museum.status_bind,
                          error.strerror or error)
        self.publisher.publish()

    def frame_presented(self) -> None:
        self.watchdog.frame_presented(self.phase())
        self.publisher.frame_presented()

    def close(self, *, stopping: bool = True) -> None:
        if stopping:
            self.watchdog.stopping()
        if self.server is not None:
            self.server.close()
            self.server = None
        self.publisher.remove()
        self.notifier.close()
        logging.getLogger("lastmessage").removeHandler(self.last_error)
