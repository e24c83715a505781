"""What the app may ask of the hardware, whatever backend provides it.

The app never touches a pin. Backends (gpio, serial, sim) report raw edges of
physical controls; our own input discipline (debounce, hold, repeat, stuck
detection, on the injected clock) turns them into intents. Outputs are told
what to show and are animated by `update(t)` from the app loop, so timing is
always on the app's clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol, runtime_checkable


class HalError(RuntimeError):
    """A backend cannot be opened or has lost its hardware; the message says
    which part, where, and what to do about it."""


class Control(str, Enum):
    """A physical control of the table (arcade buttons, encoder push)."""

    FLIP = "flip"        # the criminal turns the sand timer
    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"
    ACCUSE = "accuse"    # also the rotary encoder's push
    PASS = "pass"
    ZOOM = "zoom"        # the detectives' search view: the next zoom step (optional button)
    ADMIN = "admin"      # service button: pressed twice, puts away the game in progress; held 3 s, the operator menu


@dataclass(frozen=True)
class ControlEdge:
    """A raw press or release, as a backend saw it (may bounce)."""

    control: Control
    pressed: bool
    t: float


@dataclass(frozen=True)
class EncoderStep:
    """One detent of the rotary encoder: +1 clockwise, -1 counter-clockwise."""

    delta: int
    t: float


RawInput = ControlEdge | EncoderStep


class IntentKind(str, Enum):
    """What a person meant; the only thing the game side ever sees of controls."""

    FLIP = "flip"
    MOVE_LEFT = "move_left"
    MOVE_RIGHT = "move_right"
    MOVE_UP = "move_up"
    MOVE_DOWN = "move_down"
    NEXT_SUSPECT = "next_suspect"          # encoder clockwise
    PREVIOUS_SUSPECT = "previous_suspect"  # encoder counter-clockwise
    ACCUSE_HOLD = "accuse_hold"            # ACCUSE went down: show hold progress
    ACCUSE_CANCEL = "accuse_cancel"        # released before the hold time
    ACCUSE = "accuse"                      # held long enough: confirmed
    PASS = "pass"
    ZOOM = "zoom"                          # the search view's next zoom step (1x, 2x, 3x, back)
    ADMIN = "admin"
    ADMIN_HELD = "admin_held"              # the service button held 3 s: the operator menu


@dataclass(frozen=True)
class Intent:
    kind: IntentKind
    t: float


class Pattern(str, Enum):
    """Whole-bar animations of the sand-timer bar."""

    OFF = "off"
    IDLE = "idle"    # slow breathing while nobody plays
    WIN = "win"      # detectives and victim won
    LOSE = "lose"    # the criminal won


class Sound(str, Enum):
    """Every moment the table marks with a sound: the buzzer plays its melody
    (hal.sounds), the speaker its synthesised sound (sound.synth), and the
    screens show its caption (sound.cues), all at the same instant."""

    FLIP = "flip"        # the criminal turns the sand timer: the round's clues begin
    TICK = "tick"        # each of the last seconds of the clue timer
    TIME_UP = "time_up"
    STRIKE = "strike"    # one erased square struck out on the monitor
    HOLD = "hold"        # ACCUSE held: rises until the hold confirms (stopped if let go)
    WRONG = "wrong"      # not the criminal
    WIN = "win"          # found: the detectives win
    LOSE = "lose"        # the criminal wins
    REVEAL = "reveal"    # the criminal shown and the boards replayed


class TimerBar(Protocol):
    def drain(self, seconds: float, t: float) -> None:
        """Start full at `t` and empty over `seconds`; blink in the last 5 s."""
        ...

    def show_pattern(self, pattern: Pattern, t: float) -> None: ...

    def update(self, t: float) -> None:
        """Animate to time `t` (called every frame by the app)."""
        ...

    def levels(self) -> list[float]:
        """Brightness 0..1 of each LED (0 = bottom) at the last update: the simulator
        draws them, the operator's self-test shows them."""
        ...


class Buzzer(Protocol):
    def play(self, sound: Sound, t: float) -> None: ...

    def stop(self, t: float) -> None:
        """Silence the sound playing (ACCUSE let go before the hold confirmed)."""
        ...

    def update(self, t: float) -> None: ...

    def current(self) -> Sound | None:
        """The sound playing at the last update, or None."""
        ...

    def frequency(self) -> float | None:
        """The tone (Hz) at the last update, None when silent."""
        ...


class HeldControls(Protocol):
    """A backend's input discipline, as diagnostics read it (hal/discipline.py)."""

    def held(self) -> set[Control]:
        """Controls pressed now (debounced)."""
        ...


class Hal(Protocol):
    """One backend's set of devices, as the app loop uses them."""

    # Read-only members, so a backend may expose richer devices (the simulator's
    # bar, the gpio one) and still be a Hal.
    @property
    def timer_bar(self) -> TimerBar: ...

    @property
    def buzzer(self) -> Buzzer: ...

    @property
    def discipline(self) -> HeldControls: ...

    def poll(self, t: float) -> list[Intent]:
        """Intents that became due by time `t`, oldest first."""
        ...

    def update(self, t: float) -> None:
        """Animate outputs and run time-based input discipline."""
        ...

    def link_ok(self) -> bool:
        """False while an external module is expected but not connected."""
        ...

    def close(self) -> None: ...


@runtime_checkable
class KeyedHal(Hal, Protocol):
    """A backend whose buttons are keys (the simulator): the simulator window's keys and
    scripted play press them, at once and on the app's clock."""

    def key(self, control: Control, pressed: bool, t: float) -> None:
        """The key standing for `control` went down (`pressed`) or up at `t`."""
        ...

    def key_name(self, name: str, pressed: bool, t: float) -> bool:
        """A pygame key by name; True if it stands for a control."""
        ...


@runtime_checkable
class ModuleHal(Hal, Protocol):
    """A backend whose buttons the timer/button module itself can press (its TEST
    command), for scripted play and self-tests over a real link."""

    def press(self, control: Control, seconds: float = 0.1) -> bool:
        """Have the module hold `control` down for `seconds`; False while the link is down."""
        ...
