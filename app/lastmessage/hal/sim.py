"""The simulator backend: keyboard keys stand for the arcade buttons, and the
timer bar, buzzer and status light are state the screens draw and play.

It runs the same `InputDiscipline` as the hardware, so hold-to-confirm,
auto-repeat and stuck detection behave in the simulator exactly as on the
table. Turn pygame's own key repeat off (`pygame.key.set_repeat()`), or held
keys would be seen as chatter.

Keys are named by pygame's key names (`pygame.key.name(event.key)`) so this
module does not import pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from lastmessage.hal.base import Control, ControlEdge, EncoderStep, Intent
from lastmessage.hal.discipline import InputDiscipline, Timings
from lastmessage.hal.outputs import AnimatedBar, MelodyBuzzer, status_level
from lastmessage.i18n.translate import translated_later

KEY_MAP: dict[str, Control] = {
    "f": Control.FLIP,
    "left": Control.LEFT,
    "right": Control.RIGHT,
    "up": Control.UP,
    "down": Control.DOWN,
    "space": Control.ACCUSE,
    "return": Control.ACCUSE,
    "p": Control.PASS,
    "z": Control.ZOOM,
    "f12": Control.ADMIN,
}
"""pygame key name -> the arcade control it stands for."""

ENCODER_KEYS: dict[str, int] = {
    "]": +1,
    "[": -1,
}
"""pygame key name -> encoder detent (+1 clockwise = next suspect)."""

KEY_LEGEND: tuple[tuple[str, str], ...] = (
    ("F", translated_later("flip the sand timer (criminal)")),
    (translated_later("arrows"), translated_later("move the suspect cursor")),
    ("[ ]", translated_later("previous / next suspect (encoder)")),
    (translated_later("Space or Enter (hold)"), translated_later("accuse")),
    ("P", translated_later("pass")),
    ("Z", translated_later("search view: zoom 1x, 2x, 3x, back (also the mouse wheel)")),
    ("1-8", translated_later("bring a round's board up big (0: back)")),
    (translated_later("F12 twice"), translated_later("service: end the game in progress")),
    (translated_later("F12 held 3 s"), translated_later("operator menu (PIN)")),
)
"""What the simulator window shows as the key legend, in reading order.

Written in English; the simulator window shows both texts in the language of
the screens (`display.WindowDisplay`)."""


class SimTimerBar(AnimatedBar):
    """The timer bar as levels the screens draw as a virtual LED bar."""


class SimBuzzer(MelodyBuzzer):
    """The buzzer as `current()` / `frequency()` / `take_started()` for the app to play."""


class SimHal:
    """A Hal driven by the keyboard (or by scripted play) and drawn on screen."""

    def __init__(self, *, timings: Timings = Timings(), n_leds: int = 10,
                 log: Callable[[str], None] | None = None) -> None:
        # Keyboard keys (and scripted presses) do not bounce: no debounce delay
        # (that setting is the GPIO buttons'), so a key press acts in the same frame.
        self.discipline = InputDiscipline(replace(timings, debounce=0.0), log=log)
        self.timer_bar = SimTimerBar(n_leds)
        self.buzzer = SimBuzzer()
        self._status = 0.0

    # -- inputs ------------------------------------------------------------------

    def key(self, control: Control, pressed: bool, t: float) -> None:
        """A key standing for `control` went down (`pressed`) or up at `t`."""
        self.discipline.feed(ControlEdge(control, pressed, t))

    def encoder(self, delta: int, t: float) -> None:
        """The simulated encoder turned `delta` detents (+ clockwise) at `t`."""
        if delta:
            self.discipline.feed(EncoderStep(delta, t))

    def key_name(self, name: str, pressed: bool, t: float) -> bool:
        """Handle a pygame key by name; True if it stands for a control."""
        if name in KEY_MAP:
            self.key(KEY_MAP[name], pressed, t)
            return True
        if name in ENCODER_KEYS:
            if pressed:
                self.encoder(ENCODER_KEYS[name], t)
            return True
        return False

    def poll(self, t: float) -> list[Intent]:
        return self.discipline.poll(t)

    # -- outputs -----------------------------------------------------------------

    def update(self, t: float) -> None:
        self.timer_bar.update(t)
        self.buzzer.update(t)
        self._status = status_level(t, trouble=bool(self.discipline.stuck()))

    def status_level(self) -> float:
        """The status light at the last update (heartbeat, or fast blink on trouble)."""
        return self._status

    def link_ok(self) -> bool:
        return True

    def close(self) -> None:
        self.buzzer.player.stop()
