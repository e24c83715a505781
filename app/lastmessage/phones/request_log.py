"""aiohttp's "Error handling request" as one line in the table's log.

aiohttp logs a request it cannot read (a URL past the limit, a NUL or a
non-UTF-8 byte in the path) with its whole traceback, about ten lines: anyone
on the network could fill the device's log, and staff read a traceback as the
table's own fault. The phone gets its 400 either way; the log gets what was
wrong, in a line, and then no other for `QUIET_S`: a flood of broken requests
is counted (`count`, which the server's line of refusals reports), not a line
each.
"""

from __future__ import annotations

import logging
import time

LONGEST = 160   # characters of aiohttp's reason kept: it may quote the request's bytes
QUIET_S = 60.0  # after one such line, the next broken requests are only counted for this long


class OneLine(logging.Filter):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0            # requests refused unread, in this process (the server's thread writes it)
        self.said_at = -1e9

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if error is not None:
            self.count += 1
            now = time.monotonic()
            if now - self.said_at < QUIET_S:
                return False
            self.said_at = now
            reason = " ".join(str(error).split())[:LONGEST]
            reason = "".join(c if c.isprintable() else "?" for c in reason)
            record.msg, record.args = "phones: refused a request it could not read (%s: %s)", (
                type(error).__name__, reason)
            record.exc_info, record.exc_text = None, None
        return True


def request_logger() -> logging.Logger:
    """The logger the phones' aiohttp server writes its request errors to."""
    request_log_filter()
    return logging.getLogger("lastmessage.phones.requests")


def request_log_filter() -> OneLine:
    """The filter on that logger (one a process), which counts what it refused."""
    logger = logging.getLogger("lastmessage.phones.requests")
    found = next((f for f in logger.filters if isinstance(f, OneLine)), None)
    if found is None:
        found = OneLine()
        logger.addFilter(found)
    return found
