"""What the module has shown of its buttons, and up to when.

Why a layer between the link and the input discipline: the discipline fires
hold-to-confirm, auto-repeat and stuck timers as time passes, but over a
serial link time passing proves nothing unless lines keep saying that the
button is still down. So the link never confirms what it did not see:

- the discipline is told of a press only on evidence: a BTN line, or a
  heartbeat's button bitmap showing down a button known to be up;
- while a button is down the discipline's time runs only as far as the
  evidence reaches (`limit`): a hold is confirmed only once a line stamped
  after the hold time still shows the button down (the module sends a
  heartbeat every 100 ms while a button is down);
- a press whose release line was lost is released as soon as a heartbeat shows
  the button up, or when evidence stops for `timeout` seconds (a silent
  module), at the last instant the button was seen down;
- after a gap in the numbering nothing more is trusted of the other buttons
  until a heartbeat restates them all; if its count of BTN lines shows that
  one was lost, a button still down may have been released and pressed again
  unseen, so its hold is not trusted either (released, given nothing more);
- a button first seen down without its press (down when the link came up,
  or still down after evidence stopped) gives nothing until it is released,
  like a button held at power-up.
"""

from __future__ import annotations

from lastmessage.hal import serial_protocol as sp
from lastmessage.hal.base import Control, ControlEdge
from lastmessage.hal.discipline import InputDiscipline
from lastmessage.hal.serial_link import LINK_DOWN, LINK_UP, ModuleEvent

EVIDENCE_TIMEOUT = 1.0
"""Seconds without evidence before a held button is released: ten of the
module's held-button heartbeats (every 0.1 s) lost in a row. Why not shorter:
this only decides when a silent button is given up (its hold never runs past
the last line that showed it down), and a module or host starved of CPU for a
moment must not cost a real hold."""

_BITS: tuple[tuple[int, Control], ...] = tuple(
    (1 << i, Control(name)) for i, name in enumerate(sp.BUTTON_BITS + sp.EXTRA_BITS)
    if name in {c.value for c in Control})
_STAMPED = frozenset({"BTN", "DONE", "HB", "PONG"})


class ButtonEvidence:
    """Feeds a discipline the button edges the module's lines prove."""

    def __init__(self, discipline: InputDiscipline, *, timeout: float = EVIDENCE_TIMEOUT) -> None:
        self.discipline = discipline
        self.timeout = timeout
        self.presses_recovered = 0    # press line lost; the press was seen in a heartbeat
        self.releases_recovered = 0   # release line lost; a heartbeat showed the button up
        self.lapses = 0               # evidence stopped while a button was down
        self.holds_broken = 0         # BTN lines lost while a button was held
        self._forget()

    def _forget(self) -> None:
        self._down: dict[Control, float] = {}   # told to the discipline as down, since
        self._ignored: set[Control] = set()     # down, but no press was seen
        self._known = False      # the HELLO answer or a heartbeat stated every button
        self._synced = False     # no line lost since that statement
        self._horizon = float("-inf")   # host time up to which the state is known
        self._seen_at = float("-inf")   # poll time of the last evidence
        self._edges: int | None = None  # the module's BTN line count, as far as seen

    # -- what the backend calls ----------------------------------------------------

    def take(self, event: ModuleEvent, now: float) -> None:
        """Act on one event of the link, taken by the poll at host time `now`."""
        if event.verb == LINK_DOWN:
            self._release_all(self._horizon)
            self._forget()
            return
        if event.verb == LINK_UP:   # the HELLO answer states every button
            self._forget()
            self._restate(int(event.values[0]), int(event.values[1]), event.t, now)
            return
        if event.gap:
            self._synced = False
        if event.verb == "BTN":
            self._edge(str(event.values[0]), event.values[1] == 1, event.t, now)
        elif event.verb == "HB":
            self._restate(int(event.values[3]), int(event.values[4]), event.t, now)
        if self._synced and event.verb in _STAMPED:
            self._horizon = max(self._horizon, event.t)
            self._seen_at = now

    def expire(self, now: float) -> None:
        """Release the held buttons when evidence stopped for `timeout` seconds."""
        if self._down and now - self._seen_at > self.timeout:
            self.lapses += 1
            self._ignored.update(self._down)
            self._release_all(self._horizon)

    def limit(self, t: float) -> float:
        """How far the discipline may run: to the evidence, or to `t` when nothing
        is known and nothing is down. Why not to `t` whenever nothing is down:
        a press arrives stamped a little in the past (its debounce, the wire),
        and a discipline already past that instant would push it later."""
        return min(t, self._horizon) if self._down or self._synced else t

    # -- the rules -----------------------------------------------------------------

    def _press(self, control: Control, t: float) -> None:
        self._down[control] = t
        self._ignored.discard(control)
        self.discipline.feed(ControlEdge(control, True, t))

    def _release(self, control: Control, t: float) -> None:
        pressed_at = self._down.pop(control)
        self.discipline.feed(ControlEdge(control, False, max(t, pressed_at)))

    def _release_all(self, t: float) -> None:
        for control in list(self._down):
            self._release(control, t)

    def _edge(self, name: str, pressed: bool, t: float, now: float) -> None:
        try:
            control = Control(name)
        except ValueError:
            return
        self._seen_at = now   # an edge line is fresh evidence of its button
        if self._edges is not None:
            self._edges = (self._edges + 1) % sp.SEQ_MOD
        if pressed:
            if control in self._down:       # its release was lost in a gap
                self._release(control, min(self._horizon, t))
            self._press(control, t)
        elif control in self._down:
            # after a gap the lost lines may have held a release: the hold
            # counts only as far as it was seen
            self._release(control, t if self._synced else min(t, self._horizon))
        elif control in self._ignored:
            self._ignored.discard(control)
        elif self._known:                   # its press was lost in a gap: a tap
            self.presses_recovered += 1
            self._press(control, t)
            self._release(control, t)

    def _restate(self, bitmap: int, edges: int, t: float, now: float) -> None:
        """A heartbeat states every button: put right what lost lines hid."""
        edges_lost = self._edges is not None and edges != self._edges
        self._edges = edges
        for bit, control in _BITS:
            down = bool(bitmap & bit)
            if control in self._down:
                if not down:
                    self.releases_recovered += 1
                    self._release(control, self._horizon)
                elif edges_lost:
                    self.holds_broken += 1
                    self._release(control, self._horizon)
                    self._ignored.add(control)
            elif control in self._ignored:
                if not down:
                    self._ignored.discard(control)
            elif down:
                if self._known:
                    self.presses_recovered += 1
                    self._press(control, t)
                else:
                    self._ignored.add(control)
        self._known = self._synced = True
        self._seen_at = now
