"""Turn raw button edges and encoder steps into intents, on the injected clock.

Why our own layer: gpiozero's mock pins neither bounce nor let a test control
time (hold timing uses real time), and the serial module reports edges with
its own timestamps. Doing debounce, hold-to-confirm, auto-repeat and stuck
detection here, on the times carried by the raw events and by `poll(t)`, gives
every backend the same behaviour and lets tests replay chatter exactly.

The model is a small discrete-event simulation: `feed` queues raw inputs;
`poll(t)` replays them in time order and fires every timer (debounce
confirmation, hold, repeat, stuck) that fell due up to `t`, so the result does
not depend on how often the app polls.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from lastmessage.hal.base import Control, ControlEdge, EncoderStep, Intent, IntentKind, RawInput

_log = logging.getLogger(__name__)

ARROW_INTENTS: dict[Control, IntentKind] = {
    Control.LEFT: IntentKind.MOVE_LEFT,
    Control.RIGHT: IntentKind.MOVE_RIGHT,
    Control.UP: IntentKind.MOVE_UP,
    Control.DOWN: IntentKind.MOVE_DOWN,
}
"""Arrows auto-repeat while held, so a detective can sweep the cursor."""

PRESS_INTENTS: dict[Control, IntentKind] = {
    Control.FLIP: IntentKind.FLIP,
    Control.PASS: IntentKind.PASS,
    Control.ZOOM: IntentKind.ZOOM,
    Control.ADMIN: IntentKind.ADMIN,
    **ARROW_INTENTS,
}
"""The intent a confirmed press gives at once (ACCUSE is special: hold; ADMIN: on release)."""

ADMIN_HOLD = 3.0
"""Seconds the service button is held to open the operator menu (ADMIN_HELD)."""
ADMIN_TAP = 1.0
"""A service-button press released within this long is a press (ADMIN, given at
the release): so an operator holding it for the menu, or letting go a little
early, never counts as a press that arms putting the visitors' game away."""


class TimingsError(ValueError):
    """A timing that cannot be used; `key` names it (the config reports it as hal.discipline.KEY)."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


@dataclass(frozen=True)
class Timings:
    """The seconds the discipline works with (`[hal.discipline]` of the config).

    Checked here, once, wherever the values come from; nothing is clamped."""

    debounce: float = 0.02
    hold_time: float = 0.8
    repeat_delay: float = 0.4
    repeat_interval: float = 0.12
    stuck_after: float = 10.0

    def __post_init__(self) -> None:
        ranges = {
            "debounce": (0.0, 1.0),
            "hold_time": (0.05, 10.0),
            "repeat_delay": (0.05, 10.0),
            "repeat_interval": (0.01, 10.0),
            "stuck_after": (1.0, 3600.0),
        }
        for key, (low, high) in ranges.items():
            value = getattr(self, key)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
                raise TimingsError(key, f"{key} = {value!r}; give a number of seconds from {low:g} to {high:g}")
        for key in ("hold_time", "repeat_delay"):
            if getattr(self, key) <= self.debounce:
                raise TimingsError(key, f"{key} = {getattr(self, key)!r}; it must be longer than "
                                        f"debounce ({self.debounce:g} s)")
        if self.hold_time >= self.stuck_after:
            raise TimingsError("hold_time", f"hold_time = {self.hold_time!r}; it must be shorter than "
                                            f"stuck_after ({self.stuck_after:g} s), or ACCUSE could "
                                            f"never be confirmed")


@dataclass
class _ControlState:
    """What we know of one control; times are on the injected clock."""

    raw: bool = False            # last level reported by the backend
    raw_since: float = 0.0       # time of the last raw change
    stable: bool = False         # debounced level
    pressed_at: float = 0.0      # raw edge that began the current stable press
    stuck: bool = False          # held too long: ignored until released
    hold_done: bool = False      # ACCUSE confirmed for this press
    next_repeat: float | None = None


class InputDiscipline:
    """Debounce, hold-to-confirm, auto-repeat and stuck detection for all controls.

    - A level change counts once the raw input has stayed at the new level for
      `debounce` seconds: chatter shorter than that, and glitches, are ignored.
      The intent is due at that confirmation time.
    - ACCUSE: ACCUSE_HOLD on press, ACCUSE once held `hold_time` (measured from
      the physical press), ACCUSE_CANCEL if released before.
    - ADMIN: ADMIN on release after a press shorter than ADMIN_TAP, and
      ADMIN_HELD once held ADMIN_HOLD seconds (the operator menu); a press in
      between gives nothing.
    - Arrows: one move on press, then one after `repeat_delay` and every
      `repeat_interval` while held.
    - A control held longer than `stuck_after` is stuck: it gives nothing
      (and cancels a pending ACCUSE) until it is released; both are logged.
    - Encoder steps: +1 (clockwise) is NEXT_SUSPECT, -1 PREVIOUS_SUSPECT,
      one intent per detent, at the step's time, no debounce (the quadrature
      decoder already rejects bounce).

    `feed` may be called from a backend's callback thread; `poll` from the app
    loop. Events whose time goes backwards are treated as happening at the
    latest time already seen.
    """

    def __init__(self, timings: Timings = Timings(), *,
                 log: Callable[[str], None] | None = None) -> None:
        self.debounce = timings.debounce
        self.hold_time = timings.hold_time
        self.repeat_delay = timings.repeat_delay
        self.repeat_interval = timings.repeat_interval
        self.stuck_after = timings.stuck_after
        self._log = log if log is not None else _log.warning
        self._lock = threading.Lock()
        self._pending: deque[RawInput] = deque()
        self._states: dict[Control, _ControlState] = {c: _ControlState() for c in Control}
        self._now = float("-inf")
        self._out: list[Intent] = []

    # -- the two calls backends and the app make ---------------------------------

    def feed(self, raw: RawInput) -> None:
        """Queue one raw input; it is acted on by the next `poll` at or after its time."""
        if not isinstance(raw, (ControlEdge, EncoderStep)):
            raise TypeError(f"input discipline: cannot feed {raw!r}; "
                            f"give a ControlEdge or an EncoderStep")
        with self._lock:
            self._pending.append(raw)

    def poll(self, t: float) -> list[Intent]:
        """The intents that became due up to time `t`, oldest first."""
        with self._lock:
            later: deque[RawInput] = deque()
            # in time order (stable): a backend may learn of an edge after a later one
            for raw in sorted(self._pending, key=lambda r: r.t):
                if raw.t > t:
                    later.append(raw)
                    continue
                at = max(raw.t, self._now)
                self._advance(at)
                self._apply(raw, at)
            self._pending = later
            self._advance(t)
            out, self._out = self._out, []
        out.sort(key=lambda intent: intent.t)
        return out

    def start_held(self, control: Control, t: float) -> None:
        """`control` was already down when the backend opened: it gives nothing
        until released (a button held at power-on must not start a game), and
        is reported stuck if it stays down past `stuck_after`."""
        with self._lock:
            state = self._states[control]
            state.raw = state.stable = True
            state.raw_since = state.pressed_at = t
            state.hold_done = True
            state.next_repeat = None

    def held(self) -> set[Control]:
        """Controls currently pressed (debounced), for diagnostics and self-test."""
        with self._lock:
            return {c for c, s in self._states.items() if s.stable}

    def stuck(self) -> set[Control]:
        """Controls held past `stuck_after` and not yet released."""
        with self._lock:
            return {c for c, s in self._states.items() if s.stuck}

    # -- the simulation ------------------------------------------------------------

    def _emit(self, kind: IntentKind, t: float) -> None:
        self._out.append(Intent(kind, t))

    def _apply(self, raw: RawInput, at: float) -> None:
        """Act on one raw input at time `at` (timers before it already fired)."""
        if isinstance(raw, EncoderStep):
            kind = IntentKind.NEXT_SUSPECT if raw.delta > 0 else IntentKind.PREVIOUS_SUSPECT
            for _ in range(abs(raw.delta)):
                self._emit(kind, at)
            return
        state = self._states[raw.control]
        if raw.pressed == state.raw:
            return  # a repeated level (a lost edge on a serial link): nothing changed
        state.raw = raw.pressed
        state.raw_since = at
        if state.raw == state.stable:
            # Bounced back to the settled level: timers that fell due meanwhile
            # fire now, once (a bounce must not cost the person a repeat).
            self._catch_up(raw.control, state, at)

    def _catch_up(self, control: Control, state: _ControlState, at: float) -> None:
        if not state.stable or state.stuck:
            return
        if control is Control.ACCUSE and not state.hold_done \
                and state.pressed_at + self.hold_time <= at:
            state.hold_done = True
            self._emit(IntentKind.ACCUSE, at)
        if control is Control.ADMIN and not state.hold_done and state.pressed_at + ADMIN_HOLD <= at:
            state.hold_done = True
            self._emit(IntentKind.ADMIN_HELD, at)
        if state.next_repeat is not None and state.next_repeat <= at:
            self._emit(ARROW_INTENTS[control], at)
            state.next_repeat = at + self.repeat_interval
        if state.pressed_at + self.stuck_after <= at:
            self._become_stuck(control, state, at)

    def _next_due(self, control: Control, state: _ControlState) -> float | None:
        """Earliest timer of this control, or None; timers pause while the raw
        level disagrees with the debounced one (a release may be under way)."""
        if state.raw != state.stable:
            return state.raw_since + self.debounce
        if not state.stable or state.stuck:
            return None
        times = [state.pressed_at + self.stuck_after]
        if control is Control.ACCUSE and not state.hold_done:
            times.append(state.pressed_at + self.hold_time)
        if control is Control.ADMIN and not state.hold_done:
            times.append(state.pressed_at + ADMIN_HOLD)
        if state.next_repeat is not None:
            times.append(state.next_repeat)
        return min(times)

    def _advance(self, until: float) -> None:
        """Fire, in time order, every timer of every control due up to `until`."""
        while True:
            best: tuple[float, Control] | None = None
            for control, state in self._states.items():
                due = self._next_due(control, state)
                if due is not None and due <= until and (best is None or due < best[0]):
                    best = (due, control)
            if best is None:
                break
            due, control = best
            self._fire(control, self._states[control], due)
        self._now = max(self._now, until)

    def _fire(self, control: Control, state: _ControlState, at: float) -> None:
        if state.raw != state.stable:
            self._settle(control, state, at)
            return
        if at >= state.pressed_at + self.stuck_after:
            self._become_stuck(control, state, at)
            return
        if control is Control.ACCUSE and not state.hold_done \
                and at >= state.pressed_at + self.hold_time:
            state.hold_done = True
            self._emit(IntentKind.ACCUSE, at)
            return
        if control is Control.ADMIN and not state.hold_done and at >= state.pressed_at + ADMIN_HOLD:
            state.hold_done = True
            self._emit(IntentKind.ADMIN_HELD, at)
            return
        if state.next_repeat is not None and at >= state.next_repeat:
            self._emit(ARROW_INTENTS[control], at)
            state.next_repeat = at + self.repeat_interval

    def _settle(self, control: Control, state: _ControlState, at: float) -> None:
        """The raw level held for `debounce`: the debounced level follows it."""
        state.stable = state.raw
        if state.stable:
            state.pressed_at = state.raw_since
            state.hold_done = False
            state.stuck = False
            if control is Control.ACCUSE:
                self._emit(IntentKind.ACCUSE_HOLD, at)
            elif control in PRESS_INTENTS and control is not Control.ADMIN:
                self._emit(PRESS_INTENTS[control], at)
            state.next_repeat = (state.pressed_at + self.repeat_delay
                                 if control in ARROW_INTENTS else None)
            # A press confirmed late (edges fed long after they happened) may
            # already be past its hold or stuck time.
            self._catch_up(control, state, at)
            return
        if state.stuck:
            state.stuck = False
            self._log(f"button {control.value}: released after being stuck; "
                      f"it works again")
        elif control is Control.ACCUSE and not state.hold_done:
            self._emit(IntentKind.ACCUSE_CANCEL, at)
        elif control is Control.ADMIN and not state.hold_done and state.raw_since - state.pressed_at < ADMIN_TAP:
            self._emit(IntentKind.ADMIN, at)
        state.next_repeat = None

    def _become_stuck(self, control: Control, state: _ControlState, at: float) -> None:
        state.stuck = True
        state.next_repeat = None
        if control is Control.ACCUSE and not state.hold_done:
            self._emit(IntentKind.ACCUSE_CANCEL, at)
        self._log(f"button {control.value}: held for over {self.stuck_after:g} s; "
                  f"ignoring it until it is released (check the switch and its wiring)")
