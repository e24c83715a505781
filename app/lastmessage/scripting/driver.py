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
import time
from collections.abc import Callable
from pathlib import Path
from typing import assert_never

import pygame

from lastmessage.table.app import App
from lastmessage.clock import SimulatedClock
from lastmessage.commands import (
    Accuse, AddStroke, AddWord, ChooseScene, Erase, Flip, GameCommand, Guide, Pass, Pick, Screenshot, ShowBoard,
    ScriptAction, SetVolume, Undo, Wait, Zoom,
)
from lastmessage.config.paths import write_whole
from lastmessage.hal.base import Control, Hal, KeyedHal, ModuleHal
from lastmessage.operator.commands import (
    ChooseHouseRules, ChooseLanguage, ChoosePhones, ChooseRotation, ChooseVolume, CloseOperator, EnterPin, OpenOperator,
    PowerCommand, PutAway, ShowPage, CheckOutput,
)
from lastmessage.scenes.render import png_bytes
from lastmessage.scripting.operator_driving import drive_operator
from lastmessage.ui.present import compose
from lastmessage.rules.board import DEFAULT_WIDTH, MAX_WORD_LENGTH, make_stroke
from lastmessage.rules.errors import InvalidStroke
from lastmessage.rules.events import Point
from lastmessage.ui.screen import Pointer, ScreenInput, TextTyped, Wheel
from lastmessage.ui.tablet.clues import PENS
from lastmessage.ui.tablet.erase import EraseScreen

FRAME = 1 / 60
MODULE_PATIENCE = 2.0   # seconds a module press may take to come back over the link
RELEASE_MARGIN = 0.15   # the release, too, must come back before the game goes on
PEN_WIDTHS = frozenset(width for _, width in PENS)


PressButton = Callable[["AppDriver", Control, float], bool]
"""Presses a button of the table for the driver, held some seconds; False if it cannot."""


def sim_buttons(key: Callable[[Control, bool, float], None]) -> PressButton:
    """Buttons on the simulated pins: edges at once, on the simulated clock."""
    def press(driver: AppDriver, control: Control, hold: float) -> bool:
        key(control, True, driver.clock.now())
        if hold:
            driver.elapse(hold)
        else:
            driver.frame()
        key(control, False, driver.clock.now())
        driver.frame()
        return True
    return press


def module_buttons(press_on_module: Callable[[Control, float], bool]) -> PressButton:
    """Buttons pressed by the timer/button module itself (its TEST command): the
    press goes through the module's scanning, debounce and the serial link, so
    the driver lets real time pass, frame by frame, until the app has acted."""
    def press(driver: AppDriver, control: Control, hold: float) -> bool:
        before = len(driver.app.executed)
        if not press_on_module(control, hold + 0.1):
            return False
        start = time.monotonic()
        released = start + hold + 0.1 + RELEASE_MARGIN
        end = start + hold + MODULE_PATIENCE
        while time.monotonic() < end and (len(driver.app.executed) == before or time.monotonic() < released):
            driver.elapse(FRAME)
        return True
    return press


def buttons_of(hal: Hal) -> PressButton | None:
    """How scripted play presses buttons on this HAL backend (None: it cannot, as on pins)."""
    if isinstance(hal, KeyedHal):
        return sim_buttons(hal.key)
    if isinstance(hal, ModuleHal):
        return module_buttons(hal.press)
    return None


class AppDriver:
    def __init__(self, app: App, clock: SimulatedClock, tablet: pygame.Surface,
                 detective: pygame.Surface, screenshots: Path | None,
                 press: PressButton | None,
                 present: Callable[[list[pygame.Rect], list[pygame.Rect]], None] | None = None,
                 pause: float = 0.0, realtime: bool = False) -> None:
        """`present` shows each frame (the demo, at human pace: then `pause`
        seconds pass after each action and ink is drawn point by point).
        `realtime`: time passes as on the wall clock (a real module is on the
        link, with its own clock and its own bar animation)."""
        self.app = app
        self.clock = clock
        self.tablet = tablet
        self.detective = detective
        self.screenshots = screenshots
        self._press = press
        self._present = present
        self._pause = pause
        self._realtime = realtime
        self._real_origin = time.monotonic() - clock.now()
        self._warned = False
        self.frame_listeners: list[Callable[[], None]] = []   # after each frame (the venue's bridge)
        self.frame()

    # ---- the room ---------------------------------------------------------------

    def frame(self) -> None:
        self.app.step()
        tablet_dirty, detective_dirty = self.app.draw(self.tablet, self.detective)
        if self._present is not None:
            self._present(tablet_dirty, detective_dirty)
        for listener in self.frame_listeners:
            listener()

    def elapse(self, seconds: float) -> None:
        """Time passes frame by frame, as it does for people (button holds)."""
        end = self.clock.now() + seconds
        while self.clock.now() + FRAME < end:
            self._tick(FRAME)
            self.frame()
        self._tick(end - self.clock.now())
        self.frame()

    def _tick(self, seconds: float) -> None:
        seconds = max(0.0, seconds)
        if not self._realtime:
            self.clock.advance(seconds)
            return
        # Follow the wall clock itself (sleeps overshoot): the module's clock is
        # mapped onto ours, and a drift would shorten a held button.
        time.sleep(seconds)
        self.clock.set(max(self.clock.now(), time.monotonic() - self._real_origin))

    def _tablet_at(self, target: str, arg: object = None) -> Point | None:
        found = self.app.tablet.locate(self.app.views.tablet, target, arg)
        return (float(found[0]), float(found[1])) if found is not None else None

    def _detective_at(self, target: str, arg: object = None) -> Point | None:
        found = self.app.detective.locate(self.app.views.public, target, arg)
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
        return self._press is not None and self._press(self, control, hold)

    # ---- actions --------------------------------------------------------------

    def perform(self, action: ScriptAction) -> None:
        match action:
            case Wait(seconds=seconds):
                if self._present is not None or self._realtime:
                    self.elapse(seconds)
                else:
                    self.clock.advance(seconds)
                    self.frame()
            case Screenshot(name=name, at=at):
                self.screenshot(name, at)
            case ShowBoard(round=number):
                self._board(number)
            case Zoom(level=level, at=at):
                self._zoom(level, at)
            case Guide(on=on):
                self.tap_target("guide", on)   # nothing when the roles screen is not up
            case (OpenOperator() | EnterPin() | CloseOperator() | ShowPage() | ChooseLanguage() | ChooseVolume()
                  | ChooseHouseRules() | ChooseRotation() | ChoosePhones() | PutAway() | PowerCommand() | CheckOutput()):
                drive_operator(self, action)
            case SetVolume():
                self.app.execute(action, "script")   # the operator menu's command
                self.frame()
            case _:
                self._act(action)

    def _act(self, command: GameCommand) -> None:
        # The guided round's card for this step is read and put away first, as the group does.
        self.tap_target("guide_ok")
        before = len(self.app.executed)
        match command:
            case ChooseScene():
                self._scene(command)
            case Pick():
                self._pick(command)
            case Flip():
                self._flip()
            case AddStroke():
                self._stroke(command)
            case AddWord():
                self._word(command)
            case Undo():
                self.tap_target("undo")
            case Erase():
                self._erase(command)
            case Accuse():
                self._accuse(command)
            case Pass():
                self.button(Control.PASS)
            case _:
                assert_never(command)
        if not any(type(done) is type(command) for done, _ in self.app.executed[before:]) \
                and not self.app.menu.desk.is_open:   # the operator's menu holds the buttons and tablet
            # The screens offered no way to do it: send it as they would have.
            self.app.execute(command, "script")
            self.frame()
        while self.app.choosing:   # a new crowd made on the painter's worker (the demo paints in the background)
            self.elapse(FRAME)
        if self._pause:
            self.elapse(self._pause)

    def _board(self, number: int | None) -> None:
        """A tap on round `number`'s small card on the monitor (None: on the big board,
        to put it back); nothing when the monitor shows no such card."""
        point = self._detective_at("board", number)
        if point is None:
            return
        self.app.detective_input(Pointer("down", *point))
        self.app.detective_input(Pointer("up", *point))
        self.frame()

    def _zoom(self, level: int, at: tuple[float, float]) -> None:
        """ZOOM pressed until the search view shows step `level` (the mouse wheel on the monitor
        where the table has no such button), then the view dragged until `at` is in the middle
        (or as near as the scene's edges allow). Nothing while the detectives are not deciding."""
        detective = self.app.detective
        for _ in range(4):
            if detective.search_level() == level:
                break
            before = detective.search_level()
            if not self.button(Control.ZOOM):
                middle = (self.detective.get_width() / 2, self.detective.get_height() / 2)
                self.app.detective_input(Wheel(*middle, 1 if before < level else -1))
                self.frame()
            if detective.search_level() == before:
                return   # the monitor takes no zoom now (not the suspect step)
        self._drag_to(at)

    def _drag_to(self, at: tuple[float, float]) -> None:
        """Drags on the search view, each within the middle of the screen, until the scene
        point `at` is in the middle of the view, or stops moving (an edge of the scene)."""
        width, height = self.detective.get_size()
        reach = (width / 4, height / 4)   # a drag stays within the middle half of the screen
        for _ in range(12):
            centre, spot = self._detective_at("view_centre"), self._detective_at("scene_point", at)
            if centre is None or spot is None:
                return
            dx, dy = centre[0] - spot[0], centre[1] - spot[1]
            if abs(dx) < 1 and abs(dy) < 1:
                return
            dx, dy = max(-reach[0], min(reach[0], dx)), max(-reach[1], min(reach[1], dy))
            start = (centre[0] - dx / 2, centre[1] - dy / 2)
            self.app.detective_input(Pointer("down", *start, id=1))
            for k in range(1, 9):
                self.app.detective_input(Pointer("move", start[0] + dx * k / 8, start[1] + dy * k / 8, id=1))
            self.app.detective_input(Pointer("up", start[0] + dx, start[1] + dy, id=1))
            self.frame()
            moved = self._detective_at("scene_point", at)
            if moved is None or (abs(moved[0] - spot[0]) < 1 and abs(moved[1] - spot[1]) < 1):
                return   # held at an edge

    def _scene(self, command: ChooseScene) -> None:
        self.tap_target("start")
        if self.tap_target("scene", command.id):
            self.tap_target("scene_start")

    def _pick(self, command: Pick) -> None:
        # A script that chose nothing on the roles screen plays as a group that knows the game.
        self.tap_target("guide", False)
        self.tap_target("guide_ok")
        if self.tap_target("character", command.character):
            self.tap_target("pick_confirm")

    def _flip(self) -> None:
        if not self.button(Control.FLIP):
            self.tap_target("flip")

    def _stroke(self, command: AddStroke) -> None:
        width = DEFAULT_WIDTH if command.width is None else command.width   # none given: the usual pen
        try:
            make_stroke(command.points, width)
        except InvalidStroke:
            return   # no finger draws it (off the board, too many points, no such pen): the game says why
        if width not in PEN_WIDTHS:
            return   # a width no pen has: drawn as asked, never with the nearest pen
        points = [self._tablet_at("board", p) for p in command.points]
        if any(p is None for p in points):
            return
        while self.tap_target("pen", width):
            pass
        first, *rest = [p for p in points if p is not None]
        self._to_tablet(Pointer("down", *first))
        for point in rest:
            self._to_tablet(Pointer("move", *point))
            if self._present is not None:
                self.elapse(FRAME)
        self._to_tablet(Pointer("up", *(rest[-1] if rest else first)))
        self.frame()

    def _word(self, command: AddWord) -> None:
        if self._tablet_at("word_tool") is None or self._tablet_at("cell", command.cell) is None:
            return
        if len(command.text) > MAX_WORD_LENGTH:
            return   # the word field takes no more: the screen cannot send this word

        self.tap_target("word_tool")
        self.tap_target("cell", command.cell)
        for character in command.text:
            if not self.tap_target("key", character):
                self._to_tablet(TextTyped(character))
        self.tap_target("word_ok")

    def _erase(self, command: Erase) -> None:
        cells = command.cells
        # A square named twice cannot be chosen twice on the screen (a second tap
        # unchooses it): that goes in as the screen would have sent it.
        if len(set(cells)) != len(cells) or self._tablet_at("erase_confirm") is None or any(
                self._tablet_at("cell", cell) is None for cell in cells):
            return
        # Squares still chosen from a refused attempt are tapped off first, as
        # the criminal would, seeing them marked; then the script's are tapped on.
        screen = self.app.tablet.screen(self.app.views.tablet, self.app.screen_time())
        chosen = list(screen.chosen) if isinstance(screen, EraseScreen) else []
        for cell in chosen:
            if cell not in cells:
                self.tap_target("cell", cell)
        for cell in cells:
            if cell not in chosen:
                self.tap_target("cell", cell)
        self.tap_target("erase_confirm")

    def _accuse(self, command: Accuse) -> None:
        point = self._detective_at("character", command.character)
        character = self.app.catalog.get(self.app.views.public.scene_id or "")
        suspect = character.character(command.character) if character is not None else None
        if point is None and suspect is not None and self.app.detective.search_level():
            self._drag_to((suspect.x, suspect.y))   # the search view looks where the suspect is
            point = self._detective_at("character", command.character)
        if point is None:
            return
        self.app.detective_input(Pointer("move", *point, pressed=False))
        self.frame()
        self.button(Control.ACCUSE, hold=self.app.hold_time)

    def screenshot(self, name: str, at: float | None = None) -> None:
        """Both screens as they look once what is under way on the monitor has
        settled, or (`at`) that many seconds after the last event it heard."""
        self.frame()
        now = self.app.screen_time()
        view = self.app.views.public
        if at is None:
            self.app.draw(self.tablet, self.detective, detective_at=self.app.detective.settled(view, now))
        else:
            moment = self.app.detective.last_heard() + at
            self.app.draw(self.tablet, self.detective, tablet_at=moment, detective_at=moment)
        if self.screenshots is None:
            if not self._warned:
                self._warned = True
                print("lastmessage: screenshot actions are skipped: give --screenshots DIR to keep the PNGs",
                      file=sys.stderr)
            return
        self.screenshots.mkdir(parents=True, exist_ok=True)
        tablet_layers, detective_layers = self.app.layers()
        # Encoded in memory and written whole (pygame.image.save on a full disk cuts the
        # file short and says nothing): an OSError names the first screenshot not written.
        write_whole(self.screenshots / f"{name}-tablet.png", png_bytes(compose(self.tablet, tablet_layers)))
        write_whole(self.screenshots / f"{name}-detective.png",
                    png_bytes(compose(self.detective, detective_layers)))
