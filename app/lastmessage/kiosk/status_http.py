"""The optional read-only status page (`[museum] status_port`) for staff phones.

`/status.json` serves the same JSON as the status file; `/` a small page that
reads on a phone and refreshes itself: OK or what is wrong on top, the fields
in words in the museum's language (status_words.py). GET and HEAD only: the page changes
nothing on the device. It runs in a daemon thread of the standard library's
server and reads only the publisher's last snapshot, so a slow or hostile
client never touches the frame loop. A phone that navigates away mid-load is
normal on a museum network, so a dropped connection is one debug line, not a
traceback in the journal.

No number of slow clients keeps staff out: a request must arrive whole within
`REQUEST_DEADLINE_S` of connecting (a client dribbling a byte at a time is let
go then, whatever the idle timeout), at most `MAX_CLIENTS` connections are
held, and a client past that cap is served by letting go of the oldest
connection whose request has not arrived (else the oldest of all). A phone
sends its request in one packet, so it is always the newest and never the
one let go. IPv6 addresses ("::1", "::") are served as well as IPv4 ones.
"""

from __future__ import annotations

import html
import json
import logging
import socket
import sys
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from lastmessage.i18n.translate import translator
from lastmessage.kiosk.status_words import headline, rows

log = logging.getLogger(__name__)

REFRESH_S = 5
IDLE_TIMEOUT_S = 10.0
REQUEST_DEADLINE_S = 3.0
MAX_CLIENTS = 16

PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="{refresh}">
<title>Last Message - status</title>
<style>
body {{ font: 18px/1.4 system-ui, sans-serif; margin: 0; padding: 1em; background: #14161c; color: #eee; }}
h1 {{ font-size: 1.3em; margin: 0 0 .6em; }}
table {{ width: 100%; border-collapse: collapse; }}
th, td {{ text-align: left; padding: .45em .3em; border-bottom: 1px solid #333; vertical-align: top; }}
th {{ color: #aab; font-weight: normal; width: 40%; }}
td {{ word-break: break-word; }}
p {{ color: #889; font-size: .85em; }}
p.fine, p.wrong {{ font-size: 1.2em; font-weight: bold; padding: .5em; border-radius: .3em; color: #fff; }}
p.fine {{ background: #1d5c2e; }}
p.wrong {{ background: #8a1f1f; }}
</style></head>
<body><h1>Last Message</h1>
<p class="{kind}">{headline}</p>
<table>
{rows}
</table>
<p>{footer} <a href="/status.json" style="color:#9cf">{raw}</a></p>
</body></html>
"""


def status_page(values: dict[str, object], language: str = "en", now: float | None = None) -> str:
    """The page in `language`: the headline (OK or what is wrong), the fields in words
    (kiosk/status_words.py), the raw JSON a link away."""
    tx = translator(language)
    moment = time.time() if now is None else now
    fine, said = headline(values, tx, moment)
    shown = "\n".join(f"<tr><th>{html.escape(label)}</th><td>{html.escape(value)}</td></tr>"
                      for label, value in rows(values, tx, moment))
    return PAGE.format(rows=shown, refresh=REFRESH_S, lang=html.escape(language), kind="fine" if fine else "wrong",
                       headline=html.escape(said),
                       footer=html.escape(tx.tr("Read-only. Refreshes every {n} s.", n=REFRESH_S)),
                       raw=html.escape(tx.tr("All the fields, as the device writes them (JSON)")))


class StatusServer:
    """Serves `snapshot()` (JSON bytes) on `bind:port` until closed."""

    def __init__(self, bind: str, port: int, snapshot: Callable[[], bytes],
                 idle_timeout: float = IDLE_TIMEOUT_S, request_deadline: float = REQUEST_DEADLINE_S,
                 language: str = "en") -> None:
        """`language`: the museum's, the page's."""
        handler = _handler(snapshot, idle_timeout, language)
        self._server = _QuietServer((bind, port), handler, min(idle_timeout, request_deadline))
        self.address = self._server.server_address
        self._thread = threading.Thread(target=self._server.serve_forever, name="status-page", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=2)


class _QuietServer(ThreadingHTTPServer):
    """Holds at most `MAX_CLIENTS` connections, each given `deadline` seconds for its
    request to arrive whole; a client that went away is one debug line, anything else
    one warning."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler], deadline: float) -> None:
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.deadline = deadline
        self._lock = threading.Lock()
        self._held: dict[socket.socket, float] = {}      # every connection held, by when it came
        self._reading: set[socket.socket] = set()        # those whose request has not arrived whole
        super().__init__(address, handler)

    def process_request(self, request: socket.socket | tuple[bytes, socket.socket],
                        client_address: tuple[str, int]) -> None:
        assert isinstance(request, socket.socket)
        with self._lock:
            self._let_go_late()
            if len(self._held) >= MAX_CLIENTS:
                oldest = min(self._reading or self._held, key=self._held.__getitem__)
                log.debug("status page: %d clients held; letting the oldest go for %s", MAX_CLIENTS,
                          client_address[0])
                self._let_go(oldest)
            self._held[request] = time.monotonic()
            self._reading.add(request)
        super().process_request(request, client_address)

    def arrived(self, connection: socket.socket) -> None:
        """The request on `connection` arrived whole: it is answered, not let go for being slow."""
        with self._lock:
            self._reading.discard(connection)

    def service_actions(self) -> None:
        """Called by serve_forever about every half second."""
        with self._lock:
            self._let_go_late()

    def _let_go_late(self) -> None:
        now = time.monotonic()
        for connection in [c for c in self._reading if now - self._held[c] > self.deadline]:
            log.debug("status page: a request that did not arrive within %g s is let go", self.deadline)
            self._let_go(connection)

    def _let_go(self, connection: socket.socket) -> None:
        """Its thread's read or write ends at once; the thread closes it and forgets it."""
        self._reading.discard(connection)
        self._held.pop(connection, None)
        try:
            connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def process_request_thread(self, request: socket.socket | tuple[bytes, socket.socket],
                               client_address: tuple[str, int]) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            assert isinstance(request, socket.socket)
            with self._lock:
                self._reading.discard(request)
                self._held.pop(request, None)

    def handle_error(self, request: socket.socket | tuple[bytes, socket.socket],
                     client_address: tuple[str, int]) -> None:
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)):
            log.debug("status page: %s went away (%s)", client_address[0], type(error).__name__)
        else:
            log.warning("status page: answering %s failed: %s: %s", client_address[0], type(error).__name__, error)


def _handler(snapshot: Callable[[], bytes], idle_timeout: float, language: str) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "lastmessage-status"
        timeout = idle_timeout

        def parse_request(self) -> bool:
            whole = super().parse_request()
            if whole and isinstance(self.server, _QuietServer):
                self.server.arrived(self.connection)
            return whole

        def do_GET(self) -> None:
            self._answer(send_body=True)

        def do_HEAD(self) -> None:
            self._answer(send_body=False)

        def _answer(self, *, send_body: bool) -> None:
            path = self.path.split("?", 1)[0]
            if path == "/status.json":
                body, kind = snapshot(), "application/json"
            elif path == "/":
                body, kind = status_page(json.loads(snapshot()), language).encode("utf-8"), "text/html; charset=utf-8"
            else:
                self.send_error(404, "only / and /status.json are here")
                return
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            if send_body:
                self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:   # noqa: A002 - the base class's name
            log.debug("status page: " + format, *args)

    return Handler
