"""The optional read-only status page (`[museum] status_port`) for staff phones.

`/status.json` serves the same JSON as the status file; `/` a small page that
reads on a phone and refreshes itself. GET and HEAD only: the page changes
nothing on the device. It runs in a daemon thread of the standard library's
server and reads only the publisher's last snapshot, so a slow or hostile
client never touches the frame loop. A phone that navigates away mid-load is
normal on a museum network, so a dropped connection is one debug line, not a
traceback in the journal; a client that connects and says nothing is let go
after `IDLE_TIMEOUT_S`, and at most `MAX_CLIENTS` are served at once.
"""

from __future__ import annotations

import html
import json
import logging
import socket
import sys
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger(__name__)

REFRESH_S = 5
IDLE_TIMEOUT_S = 10.0
MAX_CLIENTS = 16

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
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
</style></head>
<body><h1>Last Message</h1>
<table>
{rows}
</table>
<p>Read-only. Refreshes every {refresh} s. JSON: <a href="/status.json" style="color:#9cf">/status.json</a></p>
</body></html>
"""


def status_page(values: dict[str, object]) -> str:
    rows = "\n".join(f"<tr><th>{html.escape(str(key).replace('_', ' '))}</th>"
                     f"<td>{html.escape(_shown(value))}</td></tr>" for key, value in values.items())
    return PAGE.format(rows=rows, refresh=REFRESH_S)


def _shown(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    return str(value)


class StatusServer:
    """Serves `snapshot()` (JSON bytes) on `bind:port` until closed."""

    def __init__(self, bind: str, port: int, snapshot: Callable[[], bytes],
                 idle_timeout: float = IDLE_TIMEOUT_S) -> None:
        handler = _handler(snapshot, idle_timeout)
        self._server = _QuietServer((bind, port), handler)
        self.address = self._server.server_address
        self._thread = threading.Thread(target=self._server.serve_forever, name="status-page", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=2)


class _QuietServer(ThreadingHTTPServer):
    """Turns away clients past `MAX_CLIENTS`; a client that went away is one debug line, anything else one warning."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler]) -> None:
        super().__init__(address, handler)
        self._slots = threading.BoundedSemaphore(MAX_CLIENTS)

    def process_request(self, request: socket.socket | tuple[bytes, socket.socket],
                        client_address: tuple[str, int]) -> None:
        if not self._slots.acquire(blocking=False):
            log.debug("status page: %s turned away, %d clients already served", client_address[0], MAX_CLIENTS)
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: socket.socket | tuple[bytes, socket.socket],
                               client_address: tuple[str, int]) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def handle_error(self, request: socket.socket | tuple[bytes, socket.socket],
                     client_address: tuple[str, int]) -> None:
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)):
            log.debug("status page: %s went away (%s)", client_address[0], type(error).__name__)
        else:
            log.warning("status page: answering %s failed: %s: %s", client_address[0], type(error).__name__, error)


def _handler(snapshot: Callable[[], bytes], idle_timeout: float) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "lastmessage-status"
        timeout = idle_timeout

        def do_GET(self) -> None:
            self._answer(send_body=True)

        def do_HEAD(self) -> None:
            self._answer(send_body=False)

        def _answer(self, *, send_body: bool) -> None:
            path = self.path.split("?", 1)[0]
            if path == "/status.json":
                body, kind = snapshot(), "application/json"
            elif path == "/":
                body, kind = status_page(json.loads(snapshot())).encode("utf-8"), "text/html; charset=utf-8"
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
