"""The optional read-only status page (`[museum] status_port`) for staff phones.

`/status.json` serves the same JSON as the status file; `/` a small page that
reads on a phone and refreshes itself. GET and HEAD only: the page changes
nothing on the device. It runs in a daemon thread of the standard library's
server and reads only the publisher's last snapshot, so a slow or hostile
client never touches the frame loop.
"""

from __future__ import annotations

import html
import json
import logging
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger(__name__)

REFRESH_S = 5

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

    def __init__(self, bind: str, port: int, snapshot: Callable[[], bytes]) -> None:
        handler = _handler(snapshot)
        self._server = ThreadingHTTPServer((bind, port), handler)
        self._server.daemon_threads = True
        self.address = self._server.server_address
        self._thread = threading.Thread(target=self._server.serve_forever, name="status-page", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=2)


def _handler(snapshot: Callable[[], bytes]) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "lastmessage-status"

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
