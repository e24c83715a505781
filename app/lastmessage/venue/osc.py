"""Show control over OSC (QLab, Medialon): a few commands in, the phase and game over out.

In: `/lastmessage/<table>/put_away`, `/language <code>`, `/open`, `/close` on
UDP at the one address given (`[venue] osc`), nowhere else. Out, when
`[venue] osc_reply` is given: `/lastmessage/<table>/phase <phase>` at each
change of phase and `/lastmessage/<table>/game_over <winner> <reason>`. The
server runs on its own thread and only puts on a bounded queue; a packet that
is not OSC, an unknown address or wrong arguments is logged (each kind once)
and dropped: UDP has no one to answer.
"""

from __future__ import annotations

import logging
import queue
import threading

from pythonosc.dispatcher import Dispatcher
from pythonosc.osc_server import BlockingOSCUDPServer
from pythonosc.udp_client import SimpleUDPClient

from lastmessage.operator.commands import ChooseLanguage, Opening, PutAway
from lastmessage.rules.events import Event, GameOver
from lastmessage.venue.requests import Request

log = logging.getLogger(__name__)

WAITING = 32   # commands waiting for a frame


class OscControl:
    def __init__(self, table: str, listen: tuple[str, int], reply: tuple[str, int] | None = None) -> None:
        self.prefix = f"/lastmessage/{table}"
        self._waiting: queue.Queue[Request] = queue.Queue(WAITING)
        self._said: set[str] = set()
        dispatcher = Dispatcher()
        dispatcher.map(f"{self.prefix}/put_away", self._plain, PutAway())
        dispatcher.map(f"{self.prefix}/open", self._plain, Opening(True))
        dispatcher.map(f"{self.prefix}/close", self._plain, Opening(False))
        dispatcher.map(f"{self.prefix}/language", self._language)
        dispatcher.set_default_handler(self._unknown)
        self.server = BlockingOSCUDPServer(listen, dispatcher)   # OSError: the address is not ours
        self.address = self.server.server_address
        self.out = SimpleUDPClient(*reply) if reply is not None else None
        self._thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.2},
                                        name="venue-osc", daemon=True)
        self._thread.start()

    def _put(self, request: Request) -> None:
        try:
            self._waiting.put_nowait(request)
        except queue.Full:
            self._once("full", "OSC: a command was dropped: too many wait")

    def _plain(self, address: str, fixed: list[object], *args: object) -> None:
        if args:
            self._once(f"args {address}", f"OSC: {address} takes no arguments; dropped")
            return
        command = fixed[0]
        assert isinstance(command, (PutAway, Opening))
        self._put(Request(command))

    def _language(self, address: str, *args: object) -> None:
        if len(args) != 1 or not isinstance(args[0], str) or len(args[0]) > 8:
            self._once("language", f"OSC: {address} takes one string, the language's code (such as ro); dropped")
            return
        self._put(Request(ChooseLanguage(args[0])))

    def _unknown(self, address: str, *args: object) -> None:
        self._once(f"unknown {address[:60]}", f"OSC: no such address {address[:60]!r}; the table takes "
                                              f"{self.prefix}/put_away, /language, /open and /close")

    def _once(self, kind: str, message: str) -> None:
        if kind not in self._said and len(self._said) < 100:
            self._said.add(kind)
            log.warning("venue: %s", message)

    # ---- the bridge's side (venue/bridge.py Listener) -------------------------------

    def requests(self) -> list[Request]:
        taken: list[Request] = []
        while True:
            try:
                taken.append(self._waiting.get_nowait())
            except queue.Empty:
                return taken

    def event(self, event: Event) -> None:
        if isinstance(event, GameOver):
            self._send("game_over", [event.winner.value, event.reason.value])

    def phase(self, phase: str) -> None:
        self._send("phase", phase)

    def _send(self, name: str, value: str | list[str]) -> None:
        if self.out is None:
            return
        try:
            self.out.send_message(f"{self.prefix}/{name}", value)
        except OSError as error:   # nobody listening is fine for UDP; an unreachable network is said once
            self._once("send", f"OSC: cannot send to the show controller: {error.strerror or error}")

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self._thread.join(2.0)
