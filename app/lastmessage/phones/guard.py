"""Every TCP connection to the phones' server, counted and timed, so that no number of slow clients holds it.

aiohttp reads requests as they come and would keep a client that sends a
header a byte a minute (slowloris) for as long as it likes. Each connection
is wrapped here: a connection that has not begun a request within
`FIRST_REQUEST_S` of connecting, or `IDLE_S` after its last one began, is let
go (a phone's WebSocket is exempt once it is one: it has its own heartbeat and
rate). At most `limit` connections are held; one more lets go of the oldest
that has not begun a request (else it is refused), so a phone, which sends
its request at once, is never the one left out.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

FIRST_REQUEST_S = 5.0
IDLE_S = 15.0


class _Guarded(asyncio.Protocol):
    def __init__(self, inner: asyncio.Protocol, guard: ConnectionGuard) -> None:
        self.inner = inner
        self.guard = guard
        self.opened = time.monotonic()
        self.last_request: float | None = None
        self.socket = False
        self.admitted = False   # its server protocol saw it open (and must see it close)
        self.transport: asyncio.BaseTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        if not self.guard.admit(self):
            transport.close()
            return
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        self.guard.release(self)
        if self.admitted:
            self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def due(self, now: float) -> bool:
        if self.socket:
            return False
        if self.last_request is None:
            return now - self.opened > FIRST_REQUEST_S
        return now - self.last_request > IDLE_S


class ConnectionGuard:
    def __init__(self, factory: Callable[[], asyncio.Protocol], limit: int) -> None:
        self.factory = factory
        self.limit = limit
        self.held: dict[asyncio.BaseTransport, _Guarded] = {}
        self.refused = 0
        self.timed_out = 0

    def __call__(self) -> asyncio.Protocol:
        return _Guarded(self.factory(), self)

    def admit(self, connection: _Guarded) -> bool:
        if len(self.held) >= self.limit:
            idle = [c for c in self.held.values() if c.last_request is None and not c.socket]
            if not idle:
                self.refused += 1
                return False
            self.refused += 1
            self._let_go(min(idle, key=lambda c: c.opened))
        assert connection.transport is not None
        self.held[connection.transport] = connection
        connection.admitted = True
        return True

    def release(self, connection: _Guarded) -> None:
        if connection.transport is not None:
            self.held.pop(connection.transport, None)

    def request_began(self, transport: asyncio.BaseTransport | None, *, socket: bool = False) -> None:
        connection = self.held.get(transport) if transport is not None else None
        if connection is not None:
            connection.last_request = time.monotonic()
            connection.socket = connection.socket or socket

    def sweep(self) -> None:
        now = time.monotonic()
        for connection in [c for c in self.held.values() if c.due(now)]:
            self.timed_out += 1
            self._let_go(connection)

    def _let_go(self, connection: _Guarded) -> None:
        """Closed at once and no longer counted (its closing is reported to it later)."""
        transport = connection.transport
        if transport is not None:
            self.held.pop(transport, None)
            if isinstance(transport, asyncio.WriteTransport):
                transport.abort()
            else:
                transport.close()
