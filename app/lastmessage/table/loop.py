"""The real-time loop of `run`, `sim` and `demo`: 60 frames a second until quit."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import assert_never

import pygame

from lastmessage.table.app import App
from lastmessage.table.memory import settle_the_heap
from lastmessage.clock import SimulatedClock
from lastmessage.hal.base import KeyedHal
from lastmessage.ui.display import HeadlessDisplay, KeyEdge, Quit, ScreenEvent, SimPanel, WindowDisplay
from lastmessage.rules.game import Phase
from lastmessage.ui.detective.screen import BOARD_KEYS
from lastmessage.ui.screen import KeyPressed

FPS = 60
log = logging.getLogger(__name__)


def route_key(app: App, edge: KeyEdge) -> None:
    """Keys stand for the arcade buttons in the simulator. Over the tablet they
    are typing while the victim writes, so F does not flip the timer mid-word.
    A key let go always reaches the buttons: F pressed over the tablet starts
    the clues, and its release must not stay a button held down (stuck)."""
    if not isinstance(app.hal, KeyedHal):   # the buttons are pins or the module's
        return
    if edge.pressed and edge.target == "tablet" and app.game.phase is Phase.CLUES:
        return
    if edge.pressed and edge.name in BOARD_KEYS:   # a round's board brought up big on the monitor
        app.detective_input(KeyPressed(edge.name))
        return
    app.hal.key_name(edge.name, edge.pressed, app.clock.now())


def sim_panel(app: App) -> SimPanel:
    """The simulator window's bar, buzzer and key legend (a window that is not the simulator's
    does not show it)."""
    from lastmessage.hal.sim import KEY_LEGEND
    return SimPanel(app.hal.timer_bar.levels(), app.hal.buzzer.frequency(), KEY_LEGEND, app.hal.link_ok(),
                    app.language)


def phase_label(app: App) -> str:
    """The phase staff and systemd see: "closed" outside the opening hours, "idle" until
    a scene is chosen, then the game's."""
    if app.asleep:
        return "closed"
    return "idle" if app.origin is None else app.game.phase.value


def _never() -> bool:
    return False


def run_frames(app: App, display: WindowDisplay | HeadlessDisplay, *, frames: int | None = None,
               presented: Sequence[Callable[[], None]] = (), stop: Callable[[], bool] = _never,
               faulted: Callable[[Exception], None] | None = None) -> int:
    """Run until the windows close, `stop()` is true, or for `frames` frames; returns frames shown.

    `presented` are called after each frame that was drawn without a fault
    (the watchdog and the status): a loop that freezes or fails every frame
    stops calling them. A simulated clock (the demo's, once its script is
    played) follows the frames as they pass, or the timer and held buttons
    would never end. `faulted` hears each frame's fault after it is logged (the
    device sets aside a journal whose resumed game cannot be drawn)."""
    settle_the_heap()   # the catalog and the resumed game are loaded: frozen out of the frames' collections
    ticker = pygame.time.Clock()
    shown = 0
    trouble = FrameTrouble()
    while (frames is None or shown < frames) and not stop():
        try:
            if not _frame(app, display):
                return shown
        except Exception as error:   # noqa: BLE001 - the table must keep running
            trouble.report(error)
            if faulted is not None:
                faulted(error)
        else:
            for listener in presented:
                listener()
        shown += 1
        elapsed = ticker.tick(FPS)
        if isinstance(app.clock, SimulatedClock):
            app.clock.advance(elapsed / 1000)
    return shown


def _frame(app: App, display: WindowDisplay | HeadlessDisplay) -> bool:
    """One frame: inputs, the game, both screens; False when the windows were closed."""
    for routed in display.inputs():
        match routed:
            case Quit():
                return False
            case ScreenEvent(target="tablet", event=event):
                app.tablet_input(event)
            case ScreenEvent(event=event):
                app.detective_input(event)
            case KeyEdge():
                route_key(app, routed)
            case _:
                assert_never(routed)
    app.step()
    tablet_dirty, detective_dirty = app.draw(display.tablet, display.detective)
    display.present(tablet_dirty, detective_dirty, sim_panel(app), app.layers())
    return True


class FrameTrouble:
    """A fault in one frame is logged (each kind once, with its traceback) and the
    loop goes on: the game is safe in the journal and the next frame may well
    work, while a device that quits loses the table for the rest of the day."""

    def __init__(self) -> None:
        self._seen: set[str] = set()

    def report(self, error: Exception) -> None:
        kind = f"{type(error).__name__}: {error}"
        if kind not in self._seen:
            self._seen.add(kind)
            log.exception("a frame failed (%s); the device goes on", kind)
