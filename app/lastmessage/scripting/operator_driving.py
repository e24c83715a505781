"""Scripted play of the operator menu: as staff would do it, on the screens.

`operator_open` holds the service button for its 3 s (or a finger on the
start screen's corner), `operator_pin` taps the digits and OK, every other
action walks the menu to its page and taps there, confirmations included.
Only what the screens cannot offer at that moment (the menu is closed, the
PIN not yet entered, a digit the pad does not have) goes in as the screen
would have sent it, and the menu refuses it there.
"""

from __future__ import annotations

from typing import Protocol, assert_never

from lastmessage.hal.base import Control
from lastmessage.hal.discipline import ADMIN_HOLD
from lastmessage.operator.commands import (
    ChooseHouseRules, ChooseLanguage, ChoosePhones, ChooseRotation, ChooseVolume, CloseOperator, EnterPin, OpenOperator,
    OperatorCommand, Page, PowerCommand, PutAway, ShowPage, CheckOutput,
)
from lastmessage.operator.pin import MAX_DIGITS
from lastmessage.rules.events import Point
from lastmessage.ui.screen import Pointer
from lastmessage.table.app import App
from lastmessage.ui.tablet.tablet_ui import CORNER_HOLD

HOLD_MARGIN = 0.1


class Hands(Protocol):
    """What walking the menu needs of the scripted-play driver (scripting.driver.AppDriver):
    the table, and a person's hands on its screens and buttons."""

    @property
    def app(self) -> App: ...

    def tap(self, point: Point) -> None: ...

    def button(self, control: Control, hold: float = 0.0) -> bool: ...

    def elapse(self, seconds: float) -> None: ...

    def frame(self) -> None: ...


def drive_operator(driver: Hands, command: OperatorCommand) -> None:
    if not _by_hand(driver, command):
        driver.app.operate(command)
        driver.frame()


def _at(driver: Hands, target: str, arg: object = None) -> Point | None:
    found = driver.app.tablet.locate_operator(driver.app.operator_view(), target, arg)
    return (float(found[0]), float(found[1])) if found is not None else None


def _tap(driver: Hands, target: str, arg: object = None) -> bool:
    point = _at(driver, target, arg)
    if point is None:
        return False
    driver.tap(point)
    return True


def _to_page(driver: Hands, page: Page) -> bool:
    """Walk the unlocked menu to `page` (Back to the menu first); False if it is not open."""
    desk = driver.app.menu.desk
    if not desk.unlocked:
        return False
    if desk.page is page:
        return True
    if desk.page is not Page.MENU and not _tap(driver, "back"):
        return False
    return page is Page.MENU or _tap(driver, "item", page.value)


def _by_hand(driver: Hands, command: OperatorCommand) -> bool:
    """Do it on the screens; False when they offer no way to."""
    desk = driver.app.menu.desk
    match command:
        case OpenOperator(via="button"):
            return driver.button(Control.ADMIN, hold=ADMIN_HOLD + HOLD_MARGIN)
        case OpenOperator():
            return _hold_corner(driver)
        case EnterPin(pin=pin):
            if desk.page is not None or not desk.is_open or not (pin.isdigit() and len(pin) <= MAX_DIGITS) \
                    or _at(driver, "pin_key", "0") is None:
                return False
            for digit in pin:
                _tap(driver, "pin_key", digit)
            return _tap(driver, "pin_key", "ok")
        case CloseOperator():
            if not desk.is_open:
                return False
            if desk.page is None:
                return _tap(driver, "cancel")
            return _to_page(driver, Page.MENU) and _tap(driver, "close")
        case ShowPage(page=page):
            return _to_page(driver, page)
        case ChooseLanguage(code=code):
            return _to_page(driver, Page.LANGUAGE) and _tap(driver, "choice", code)
        case ChooseVolume(level=level):
            return _to_page(driver, Page.VOLUME) and _tap(driver, "choice", str(level))
        case ChooseHouseRules(preset=preset):
            return _to_page(driver, Page.RULES) and _tap(driver, "choice", preset)
        case ChooseRotation(scenes=scenes):
            return _rotation(driver, scenes)
        case ChoosePhones(setting=setting, on=on):
            return _phones(driver, setting, on)
        case PutAway():
            return _to_page(driver, Page.PUT_AWAY) and _tap(driver, "confirm")
        case PowerCommand(what=what):
            return _to_page(driver, Page(what.value)) and _tap(driver, "confirm")
        case CheckOutput(what=what):
            return _to_page(driver, Page.SELFTEST) and _tap(driver, "choice", what)
        case _:
            assert_never(command)


def _hold_corner(driver: Hands) -> bool:
    corner = driver.app.tablet.corner()
    if driver.app.menu.desk.is_open or driver.app.origin is not None or driver.app.tablet.setting_up:
        return True   # the corner is the start screen's: elsewhere a finger held there opens nothing
    point = (float(corner.centerx), float(corner.centery))
    driver.app.tablet_input(Pointer("down", *point))
    driver.elapse(CORNER_HOLD + HOLD_MARGIN)
    driver.app.tablet_input(Pointer("up", *point))
    driver.frame()
    return True


def _rotation(driver: Hands, scenes: tuple[str, ...]) -> bool:
    """Tap scenes in (first) and out until the rotation is `scenes`."""
    app = driver.app
    if not _to_page(driver, Page.SCENES):
        return False
    wanted = [scene_id for scene_id in app.catalog if scene_id in scenes]
    if not wanted:
        return False   # the page keeps at least one: the menu says so
    current = app.menu.rotation() or tuple(app.catalog)
    for scene_id in [*wanted, *app.catalog]:
        if (scene_id in wanted) != (scene_id in current):
            _tap(driver, "choice", scene_id)
            current = app.menu.rotation() or tuple(app.catalog)
    return True


def _phones(driver: Hands, setting: str, on: bool) -> bool:
    """On the menu's Phones page when it is unlocked; at home (no PIN) on the scene grid's Phones
    card, as the host does (from the start screen). A switch already `on` is left as it is."""
    app = driver.app
    if app.menu.desk.unlocked:
        if not _to_page(driver, Page.PHONES):
            return False
        choice = app.operator_view().phones
        if choice.ready and (choice.on if setting == "phones" else choice.audience) != on:
            _tap(driver, "choice", setting)
        return True
    host = app.status().phones
    tablet = app.tablet
    if host is None or not host.ready or app.origin is not None or app.menu.desk.is_open:
        return False   # museum mode, nothing to switch, or no scene grid now: the menu decides as sent
    if not tablet.setting_up:
        driver.tap(_spot(tablet.locate(app.views.tablet, "start")))
    driver.tap(_spot(tablet.locate(app.views.tablet, "phones_card")))
    if (host.on if setting == "phones" else host.audience) != on:
        switch = tablet.locate(app.views.tablet, "phones_switch", setting)
        if switch is None:   # audience mode while phones are off: the switch waits for phones
            app.operate(ChoosePhones("phones" if setting == "phones" else "audience", on))
        else:
            driver.tap(_spot(switch))
    driver.tap(_spot(tablet.locate(app.views.tablet, "phones_done")))
    return True


def _spot(found: tuple[float, float] | None) -> Point:
    assert found is not None, "the scene grid's Phones card is not where it is drawn"
    return float(found[0]), float(found[1])
