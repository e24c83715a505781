"""aiohttp's "Error handling request" as one line in the table's log.

aiohttp logs a request it cannot read (a URL past the limit, a NUL or a
non-UTF-8 byte in the path) with its whole traceback, about ten lines: anyone
on the network could fill the device's log, and staff read a traceback as the
table's own fault. The phone gets its 400 either way; the log gets what was
wrong, in a line, as the server's other refusals are.
"""

from __future__ import annotations

import logging

LONGEST = 160   # characters of aiohttp's reason kept: it may quote the request's bytes


class OneLine(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if error is not None:
            reason = " ".join(str(error).split())[:LONGEST]
            reason = "".join(c if c.isprintable() else "?" for c in reason)
            record.msg, record.args = "phones: refused a request it could not read (%s: %s)", (
                type(error).__name__, reason)
            record.exc_info, record.exc_text = None, None
        return True


def request_logger() -> logging.Logger:
    """The logger the phones' aiohttp server writes its request errors to."""
    logger = logging.getLogger("lastmessage.phones.requests")
    if not any(isinstance(f, OneLine) for f in logger.filters):
        logger.addFilter(OneLine())
    return logger
