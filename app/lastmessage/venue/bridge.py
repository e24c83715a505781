"""Between the running table and the venue: its public events out, its status out, commands in.

Hung on the App as the monitor is (a sink of its events, projected as the
monitor's are: never the secret, never the live board) and on the frame loop
(`frame_presented`, as the status file is). Commands are carried out through
`App.remote`, the operator menu's decision done as its own are; each is
answered on `reply`. Nothing here waits: the link's queues take or drop.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from typing import Protocol

from lastmessage.journal.codec import encode_event
from lastmessage.rules.events import Event, GameAbandoned, GameEvent, GameOver, GameStarted, IdleWarning, Rejected
from lastmessage.rules.projections import public_events
from lastmessage.table.app import App
from lastmessage.venue.discovery import discovery_messages
from lastmessage.venue.wire import Incoming
from lastmessage.venue.refused import RefusalLog
from lastmessage.venue.requests import Refusal, Request, read_request
from lastmessage.venue.state import state_of
from lastmessage.venue.troubles import Said, venue_fields

STATUS_EVERY = 10.0   # seconds between retained status messages when nothing changes
GAP = 2.0             # seconds between two frames after which the status is published at once
Status = Callable[[], Mapping[str, object]]


class Outbox(Protocol):
    """What the bridge needs of the link (venue/link.py): queues that never wait, and what
    goes wrong with the broker (None: nothing)."""

    trouble: Said | None

    def send(self, kind: str, payload: str, *, retain: bool = False) -> None: ...
    def send_to(self, name: str, payload: str, *, retain: bool = False) -> None: ...
    def commands(self, most: int = 8) -> list[Incoming]: ...
    def alive(self) -> None: ...


class Listener(Protocol):
    """Another way out for the public events (show control over OSC)."""

    def event(self, event: Event) -> None: ...
    def phase(self, phase: str) -> None: ...
    def requests(self) -> list[Request]: ...


def public(event: Event) -> bool:
    """Whether the monitor may hear of it (rules.projections), for the events around a game too."""
    if isinstance(event, Rejected):
        return False   # it may carry what the victim was writing
    if isinstance(event, (GameAbandoned, IdleWarning)):
        return True
    game_event: GameEvent = event
    return bool(public_events([game_event]))


def status_payload(table: str, values: Mapping[str, object], trouble: Said | None = None) -> str:
    """The status fields, with the table, its `state` and `reason`, the link's own trouble
    (another process with this table's id) and the last error's message alone (for
    dashboards that cannot read into an object)."""
    values = {**values, **venue_fields(trouble)}
    state, reason = state_of(values)
    last_error = values.get("last_error")
    message = last_error.get("message") if isinstance(last_error, dict) else None
    return json.dumps({**values, "table": table, "state": state, "reason": reason,
                       "last_error_message": message}, ensure_ascii=False, default=str)


class VenueBridge:
    def __init__(self, app: App, link: Outbox, table: str, status: Status, *, version: str,
                 phase: Callable[[], str], listeners: tuple[Listener, ...] = (),
                 clock: Callable[[], float] = time.monotonic, every: float = STATUS_EVERY) -> None:
        self.app = app
        self.link = link
        self.table = table
        self.status = status
        self.phase = phase
        self.listeners = listeners
        self.clock = clock
        self.every = every
        self.published = 0   # messages this bridge handed to the link
        self._status_at: float | None = None
        self._phase: str | None = None   # the phase the last status published
        self._trouble: Said | None = None   # the link's trouble the last status published
        self._told: str | None = None    # the phase the show controllers were told
        self._frame_at: float | None = None   # the last frame's time
        self.refusals = RefusalLog(clock)
        for name, payload in discovery_messages(table, version):
            self._send_to(name, payload)
        app.sinks.append(self.event)

    def event(self, event: Event) -> None:
        """A sink of the App: the public events, as the events JSON."""
        if not public(event):
            return
        self.link.send("event", encode_event(event))
        self.published += 1
        for listener in self.listeners:
            listener.event(event)
        if isinstance(event, (GameStarted, GameOver, GameAbandoned)):
            self._status_at = None   # the venue's list shows the new phase at once

    def frame_presented(self) -> None:
        """After each frame: the commands that came, and the status when due or changed.
        The phase is told to the show controllers before the commands are carried out as
        well as after, so one a command ends at once (a put-away) is still told. The link
        hears the frame loop is alive; after a gap of GAP s (the table was frozen, and the
        venue may have been told it stopped) the status is published at once."""
        self.link.alive()
        self.refusals.roll()
        self._tell_phase()
        for incoming in self.link.commands():
            self._answer(read_request(incoming.payload, self.table, incoming.size), "mqtt")
        for listener in self.listeners:
            for request in listener.requests():
                self._answer(request, "osc", reply=False)
        self._tell_phase()
        now = self.clock()
        if self._frame_at is not None and now - self._frame_at > GAP:
            self._status_at = None
        self._frame_at = now
        if (self._status_at is None or now - self._status_at >= self.every or self.phase() != self._phase
                or self.link.trouble != self._trouble):
            self.publish_status(now)

    def _tell_phase(self) -> None:
        phase = self.phase()
        if phase != self._told:
            self._told = phase
            for listener in self.listeners:
                listener.phase(phase)

    def publish_status(self, now: float | None = None) -> None:
        self._status_at = self.clock() if now is None else now
        self._phase, self._trouble = self.phase(), self.link.trouble
        self.link.send("status", status_payload(self.table, self.status(), self._trouble), retain=True)
        self.published += 1

    def _answer(self, request: Request | Refusal, source: str, *, reply: bool = True) -> None:
        if isinstance(request, Refusal):
            self.refusals.refused(source, request.message)
            answer: dict[str, object] = {"ok": False, "message": request.message}
        else:
            said = self.app.remote(request.command, source)
            answer = {"ok": said.done, "command": said.command, "message": said.message}
            self._status_at = None
        if reply:
            self.link.send("reply", json.dumps({"id": request.id, **answer}, ensure_ascii=False))
            self.published += 1

    def _send_to(self, name: str, payload: str) -> None:
        self.link.send_to(name, payload, retain=True)
        self.published += 1
