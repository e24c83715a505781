"""A port free on the loopback, for a test's server to listen on."""

from __future__ import annotations

import socket


def free_port(kind: socket.SocketKind = socket.SOCK_STREAM) -> int:
    """A port the system gives now (TCP, or UDP with `socket.SOCK_DGRAM`); free until someone binds it."""
    with socket.socket(socket.AF_INET, kind) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
