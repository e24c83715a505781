"""Scripted play through the real app: a script action becomes what a person does.

Taps land on the tablet where its screen shows the thing (`locate`), buttons
are pressed on the simulated pins (and held as long as a hand would), the
detective cursor is moved onto the character with the mouse. Only when the
screen offers no way at all to do what the script asks (a character that does
not exist, square 9, ink while no board is shown) does the command go in as
the screen would have sent it, so that the game's refusal is recorded exactly
as PLAY_SCRIPT.md says.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pygame

from lastmessage.app import App
from lastmessage.clock import SimulatedClock
from lastmessage.commands import Command
from lastmessage.hal.base import Control
from lastmessage.rules.projections import public_view, tablet_view
from lastmessage.script import Action
from lastmessage.ui.screen import Pointer, ScreenInput, TextTyped

FRAME = 1 / 60
Point = tuple[float, float]


class AppDriver:
    def __init__(self, app: App, clock: SimulatedClock, tablet: pygame.Surface,
                 detective: pygame.Surface, screenshots: Path | None,
                 press: Callable[[Control, bool, float], None] | None,
                 present: Callable[[list[pygame.Rect], list[pygame.Rect]], None] | None = None,
                 pause: float = 0.0) -> None:
        """`present` shows each frame (the demo, at human pace: then `pause`
        seconds pass after each action and ink is drawn point by point)."""
        self.app = app
        self.clock = clock
        self.tablet = tablet
        self.detective = detective
        self.screenshots = screenshots
        self._press = press
        self._present = present
        self._pause = pause
        self._warned = False
        self.frame()

    # ---- the room ---------------------------------------------------------------

    def frame(self) -> None:
        self.app.step()
        tablet_dirty, detective_dirty = self.app.draw(self.tablet, self.detective)
        if self._present is not None:
            self._present(tablet_dirty, detective_dirty)

    def elapse(self, seconds: float) -> None:
        """Time passes frame by frame, as it does for people (button holds)."""
        end = self.clock.now() + seconds
        while self.clock.now() + FRAME < end:
            self.clock.advance(FRAME)
            self.frame()
        self.clock.set(end)
        self.frame()

    def _tablet_at(self, target: str, arg: object = None) -> Point | None:
        found = self.app.tablet.locate(tablet_view(self.app.game), target, arg)
        return (float(found[0]), float(found[1])) if found is not None else None

    def _detective_at(self, target: str, arg: object = None) -> Point | None:
        found = self.app.detective.locate(public_view(self.app.game), target, arg)
        return (float(found[0]), float(found[1])) if found is not None else None

    def _to_tablet(self, event: ScreenInput) -> None:
        self.app.tablet_input(event)

    def tap(self, point: Point) -> None:
        self._to_tablet(Pointer("down", *point))
        self._to_tablet(Pointer("up", *point))
        self.frame()

    def tap_target(self, target: str, arg: object = None) -> bool:
        point = self._tablet_at(target, arg)
        if point is None:
            return False
        self.tap(point)
        return True

    def button(self, control: Control, hold: float = 0.0) -> bool:
        """Press and release an arcade button, held `hold` seconds (ACCUSE must be held)."""
        if self._press is None:
            return False
        self._press(control, True, self.clock.now())
        if hold:
            self.elapse(hold)
        else:
            self.frame()
        self._press(control, False, self.clock.now())
        self.frame()
        return True

    # ---- actions --------------------------------------------------------------

    def perform(self, action: Action) -> None:
        kind = action.kind
        if kind == "wait":
            if self._present is not None:
                self.elapse(action["seconds"])
            else:
                self.clock.advance(action["seconds"])
                self.frame()
            return
        if kind == "screenshot":
            self.screenshot(action["name"])
            return
        before = len(self.app.executed)
        getattr(self, f"_{kind}")(action)
        if not any(command.kind == kind for command, _ in self.app.executed[before:]):
            # The screens offered no way to do it: send it as they would have.
            self.app.execute(Command(kind, action.fields), "script")
            self.frame()
        if self._pause:
            self.elapse(self._pause)

    def _scene(self, action: Action) -> None:
        self.tap_target("start")
        if self.tap_target("scene", action["id"]):
            self.tap_target("scene_start")

    def _pick(self, action: Action) -> None:
        if self.tap_target("character", action["character"]):
            self.tap_target("pick_confirm")

    def _flip(self, action: Action) -> None:
        if not self.button(Control.FLIP):
            self.tap_target("flip")

    def _stroke(self, action: Action) -> None:
        points = [self._tablet_at("board", tuple(p)) for p in action["points"]]
        if any(p is None for p in points):
            return
        if "width" in action.fields:
            while self.tap_target("pen", action["width"]):   # choose the pen nearest that width
                pass
        first, *rest = [p for p in points if p is not None]
        self._to_tablet(Pointer("down", *first))
        for point in rest:
            self._to_tablet(Pointer("move", *point))
            if self._present is not None:
                self.elapse(FRAME)
        self._to_tablet(Pointer("up", *(rest[-1] if rest else first)))
        self.frame()

    def _word(self, action: Action) -> None:
        if self._tablet_at("word_tool") is None or self._tablet_at("cell", action["cell"]) is None:
            return
        self.tap_target("word_tool")
        self.tap_target("cell", action["cell"])
        for character in action["text"]:
            if not self.tap_target("key", character):
                self._to_tablet(TextTyped(character))
        self.tap_target("word_ok")

    def _undo(self, action: Action) -> None:
        self.tap_target("undo")

    def _erase(self, action: Action) -> None:
        cells = action["cells"]
        if self._tablet_at("erase_confirm") is None or any(
                self._tablet_at("cell", cell) is None for cell in cells):
            return
        for cell in cells:
            self.tap_target("cell", cell)
        self.tap_target("erase_confirm")

    def _accuse(self, action: Action) -> None:
        point = self._detective_at("character", action["character"])
        if point is None:
            return
        self.app.detective_input(Pointer("move", *point, pressed=False))
        self.frame()
        self.button(Control.ACCUSE, hold=self.app.hold_time)

    def _pass(self, action: Action) -> None:
        self.button(Control.PASS)

    def screenshot(self, name: str) -> None:
        self.frame()
        if self.screenshots is None:
            if not self._warned:
                self._warned = True
                print("lastmessage: screenshot actions are skipped: give --screenshots DIR to keep the PNGs",
                      file=sys.stderr)
            return
        self.screenshots.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.tablet, str(self.screenshots / f"{name}-tablet.png"))
        pygame.image.save(self.detective, str(self.screenshots / f"{name}-detective.png"))
