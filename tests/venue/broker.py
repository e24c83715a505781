"""A real Mosquitto on the loopback for the venue tests: a password file, an ACL, TLS.

Each table's user is its id and may write only under `lastmessage/<id>/` and
its own Home Assistant node; `venue` (the staff's tools) reads everything and
writes commands. The CA and the broker's certificate are made with openssl at
test time. Conditions are waited for with deadlines, never with fixed sleeps.
"""

from __future__ import annotations

import getpass
import json
import socket
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from tests.ports import free_port

MOSQUITTO = "/usr/sbin/mosquitto"
PASSWORD = "secret"
TABLES = tuple(f"t{n}" for n in range(1, 11))


def wait_for(condition: Callable[[], object], deadline: float = 10.0, what: str = "the condition") -> None:
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if condition():
            return
        time.sleep(0.02)
    raise AssertionError(f"{what} did not happen within {deadline} s")


def make_ca(folder: Path) -> Path:
    """A test CA and a certificate for 127.0.0.1 it signed; returns the CA's file."""
    def run(*args: str) -> None:
        subprocess.run(["openssl", *args], check=True, cwd=folder, capture_output=True)

    run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=venue test CA",
        "-keyout", "ca.key", "-out", "ca.crt")
    run("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", "server.key",
        "-out", "server.csr")
    (folder / "ext.cnf").write_text("subjectAltName=IP:127.0.0.1\n")
    run("x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
        "-days", "2", "-extfile", "ext.cnf", "-out", "server.crt")
    return folder / "ca.crt"


class Broker:
    def __init__(self, folder: Path, *, tls: bool = False) -> None:
        self.folder = folder
        self.port = free_port()
        self.tls = tls
        self.ca = make_ca(folder) if tls else None
        passwords = folder / "passwd"
        passwords.write_text("")
        for user in (*TABLES, "venue"):
            subprocess.run(["mosquitto_passwd", "-b", str(passwords), user, PASSWORD], check=True,
                           capture_output=True)
        acl = folder / "acl"
        acl.write_text("user venue\ntopic read lastmessage/#\ntopic write lastmessage/+/command\n"
                       "topic read homeassistant/#\n\n"
                       "pattern write lastmessage/%u/#\npattern read lastmessage/%u/command\n"
                       "pattern write homeassistant/+/%u/#\n")
        config = folder / "mosquitto.conf"
        lines = [f"listener {self.port} 127.0.0.1", "allow_anonymous false", f"password_file {passwords}",
                 f"acl_file {acl}", "persistence false", "log_dest stderr", "log_type error",
                 "max_packet_size 1000000",
                 f"user {getpass.getuser()}"]   # as root it would become `mosquitto`, who cannot read tmp_path
        if tls:
            lines += [f"cafile {self.ca}", f"certfile {folder / 'server.crt'}", f"keyfile {folder / 'server.key'}"]
        config.write_text("\n".join(lines) + "\n")
        for path in (passwords, acl, folder / "server.key"):
            if path.exists():
                path.chmod(0o600)
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    def url(self, user: str, password: str = PASSWORD) -> str:
        return f"{'mqtts' if self.tls else 'mqtt'}://{user}:{password}@127.0.0.1:{self.port}"

    def start(self) -> None:
        with open(self.folder / "mosquitto.log", "ab") as log:
            self.process = subprocess.Popen([MOSQUITTO, "-c", str(self.folder / "mosquitto.conf")], stderr=log)
        try:
            wait_for(self._listening, 10, "mosquitto listening")
        except AssertionError:
            raise AssertionError((self.folder / "mosquitto.log").read_text()[-2000:]) from None

    def _listening(self) -> bool:
        try:
            socket.create_connection(("127.0.0.1", self.port), 0.2).close()
            return True
        except OSError:
            return False

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None


class Watcher:
    """The staff's side: a client as `venue` that keeps every message it hears."""

    def __init__(self, broker: Broker, topics: tuple[str, ...] = ("lastmessage/#", "homeassistant/#")) -> None:
        self.messages: list[tuple[str, bytes, bool]] = []
        self.lock = threading.Lock()
        self.ready = threading.Event()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
        self.client.username_pw_set("venue", PASSWORD)
        if broker.ca is not None:
            self.client.tls_set(ca_certs=str(broker.ca))
        self.client.on_connect = lambda c, u, f, r, p: (c.subscribe([(t, 1) for t in topics]), self.ready.set())
        self.client.on_message = self._message
        self.client.connect("127.0.0.1", broker.port)
        self.client.loop_start()
        wait_for(self.ready.is_set, 10, "the watcher connected")

    def _message(self, client: mqtt.Client, userdata: object, message: mqtt.MQTTMessage) -> None:
        with self.lock:
            self.messages.append((message.topic, bytes(message.payload), bool(message.retain)))

    def on(self, topic: str) -> list[bytes]:
        with self.lock:
            return [payload for name, payload, _ in self.messages if name == topic]

    def json_on(self, topic: str) -> list[object]:
        return [json.loads(payload) for payload in self.on(topic)]

    def send(self, table: str, payload: str | bytes) -> None:
        self.client.publish(f"lastmessage/{table}/command", payload, qos=1).wait_for_publish(5)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


LASTMESSAGE = str(Path(__file__).resolve().parents[2] / ".venv" / "bin" / "lastmessage")
HELD_GAME = ('{"action": "scene", "id": "harbour"}\n{"action": "pick", "character": "harbour-p200"}\n'
             '{"action": "flip"}\n{"action": "wait", "seconds": %s}\n'
             '{"action": "accuse", "character": "harbour-p200"}\n')


def play(folder: Path, url: str | None, table: str, *, hold: float | None = None,
         extra: tuple[str, ...] = (), game: str | None = None) -> subprocess.Popen[str]:
    """`lastmessage play --mqtt` as its own process: the example game, or (`hold`) a game
    that waits `hold` real seconds in its first round so that the venue can act on it,
    or `game` (a script's lines, played in real time).
    `url` None: the broker is the config's (`extra` gives --config)."""
    import os

    script = folder / f"{table}.jsonl"
    if game is not None:
        script.write_text(game)
    elif hold is None:
        script.write_text(Path(__file__).resolve().parents[2].joinpath("examples", "detectives-win.jsonl").read_text())
    else:
        script.write_text(HELD_GAME % hold)
    args = [LASTMESSAGE, "play", "--script", str(script), *(("--mqtt", url) if url else ()), "--table", table,
            "--events", str(folder / f"{table}-events.jsonl"), "--db", str(folder / f"{table}.sqlite"), *extra]
    if hold is not None or game is not None:
        args.append("--real-time")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def events_file(folder: Path, table: str) -> list[dict[str, object]]:
    path = folder / f"{table}-events.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []
