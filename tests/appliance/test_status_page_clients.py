"""The status page is for staff phones on a museum network: a phone that goes
away mid-load, or a client that connects and says nothing, must neither fill
the journal with tracebacks nor hold the page."""

from __future__ import annotations

import socket
import struct
import time

import pytest

from lastmessage.kiosk.status_http import MAX_CLIENTS, StatusServer

SNAPSHOT = b'{"phase": "idle", "padding": "' + b"x" * 200_000 + b'"}'


def test_clients_that_reset_mid_answer_leave_no_traceback(capfd: pytest.CaptureFixture[str]) -> None:
    server = StatusServer("127.0.0.1", 0, lambda: SNAPSHOT)
    try:
        for _ in range(5):
            with socket.create_connection(server.address[:2], timeout=5) as client:
                client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                client.sendall(b"GET /status.json HTTP/1.0\r\n\r\n")
                client.recv(100)
        time.sleep(0.5)
        with socket.create_connection(server.address[:2], timeout=5) as client:
            client.sendall(b"GET /status.json HTTP/1.0\r\n\r\n")
            answer = b""
            while chunk := client.recv(65536):
                answer += chunk
        assert answer.startswith(b"HTTP/1.0 200") and answer.endswith(b'"}')
    finally:
        server.close()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Exception occurred" not in err


def test_a_client_that_says_nothing_is_let_go_after_the_idle_timeout() -> None:
    server = StatusServer("127.0.0.1", 0, lambda: SNAPSHOT, idle_timeout=0.5)
    try:
        with socket.create_connection(server.address[:2], timeout=5) as client:
            client.sendall(b"GET /sta")
            started = time.monotonic()
            assert client.recv(100) == b""
            assert time.monotonic() - started < 4
    finally:
        server.close()


def test_a_client_past_the_cap_is_served_and_the_oldest_unfinished_one_let_go() -> None:
    server = StatusServer("127.0.0.1", 0, lambda: b"{}")
    idle = [socket.create_connection(server.address[:2], timeout=5) for _ in range(MAX_CLIENTS)]
    try:
        for client in idle:
            client.sendall(b"GET /sta")
        with socket.create_connection(server.address[:2], timeout=5) as extra:
            extra.sendall(b"GET /status.json HTTP/1.0\r\n\r\n")
            assert extra.recv(100).startswith(b"HTTP/1.0 200")
        assert idle[0].recv(100) == b""   # the oldest was let go to make room
    finally:
        for client in idle:
            client.close()
        server.close()


def test_the_page_serves_on_ipv6_loopback() -> None:
    server = StatusServer("::1", 0, lambda: b'{"phase": "idle"}')
    try:
        with socket.create_connection(("::1", server.address[1]), timeout=5) as client:
            client.sendall(b"GET /status.json HTTP/1.0\r\n\r\n")
            answer = b""
            while chunk := client.recv(65536):
                answer += chunk
        assert answer.startswith(b"HTTP/1.0 200") and answer.endswith(b'"idle"}')
    finally:
        server.close()
