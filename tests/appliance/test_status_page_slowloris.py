"""Slow clients never keep staff out of the status page: 32 connections that
dribble a byte at a time (and come back when dropped) while real GETs keep being
answered within a deadline. Real sockets on 127.0.0.1; every wait is bounded."""

from __future__ import annotations

import socket
import threading
import time

from lastmessage.kiosk.status_http import StatusServer

SLOW_CLIENTS = 32
REAL_GETS = 8
ANSWER_DEADLINE_S = 3.0
REQUEST = b"GET /status.json HTTP/1.0\r\nHost: table\r\nUser-Agent: slowloris\r\n" + b"X-a: b\r\n" * 200


def dribble(address: tuple[str, int], stop: threading.Event) -> None:
    """SLOW_CLIENTS connections, one byte each per round; a dropped one connects again."""
    clients: list[tuple[socket.socket, int]] = []
    try:
        while not stop.is_set():
            while len(clients) < SLOW_CLIENTS:
                try:
                    clients.append((socket.create_connection(address, timeout=1), 0))
                except OSError:
                    break
            kept = []
            for client, sent in clients:
                try:
                    client.send(REQUEST[sent % len(REQUEST):][:1])
                    kept.append((client, sent + 1))
                except OSError:
                    client.close()
            clients = kept
            stop.wait(0.2)
    finally:
        for client, _ in clients:
            client.close()


def get(address: tuple[str, int]) -> bytes:
    deadline = time.monotonic() + ANSWER_DEADLINE_S
    with socket.create_connection(address, timeout=ANSWER_DEADLINE_S) as client:
        client.sendall(b"GET /status.json HTTP/1.0\r\n\r\n")
        answer = b""
        while time.monotonic() < deadline:
            client.settimeout(max(0.01, deadline - time.monotonic()))
            chunk = client.recv(65536)
            if not chunk:
                break
            answer += chunk
        return answer


def test_real_requests_are_answered_while_32_slow_clients_dribble() -> None:
    server = StatusServer("127.0.0.1", 0, lambda: b'{"phase": "idle"}')
    address = (str(server.address[0]), int(server.address[1]))
    stop = threading.Event()
    attacker = threading.Thread(target=dribble, args=(address, stop), daemon=True)
    attacker.start()
    answered = []
    try:
        stop.wait(1.0)   # let the slow clients take their places first
        for _ in range(REAL_GETS):
            started = time.monotonic()
            try:
                answer = get(address)
            except OSError as error:
                answer = repr(error).encode()
            answered.append((answer.startswith(b"HTTP/1.0 200") and answer.endswith(b'"idle"}'),
                             round(time.monotonic() - started, 2), answer[:60]))
            stop.wait(0.3)
    finally:
        stop.set()
        attacker.join(10)
        server.close()
    assert all(ok and seconds < ANSWER_DEADLINE_S for ok, seconds, _ in answered), answered
