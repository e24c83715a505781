"""The cursor's loupe is handed to the display as layers: a cursor step redraws and sends only
the small rings on the scene, the loupe shows in the composed picture, and it keeps clear of a
notice on the scene when there is room."""

from __future__ import annotations

import pygame

from lastmessage.hal.base import IntentKind
from lastmessage.ui import theme
from lastmessage.ui.present import compose

from lastmessage.rules.config import Rules
from lastmessage.scenes.model import Character, load_scenes, shipped_scenes_dir
from lastmessage.ui.detective import chrome
from lastmessage.ui.detective.cursor import SuspectCursor
from lastmessage.ui.detective.moments import Moments
from lastmessage.ui.detective.table import TableScreen

from tests.ui.test_detective_screens import FULL_HD, cursor, has_colour, suspect_table


def _loupe(table: object) -> dict[object, pygame.FRect]:
    return {layer.key: layer.dest for layer in table.ui.layers() if layer.key[0] == "loupe"}  # type: ignore[attr-defined]


def test_a_cursor_step_sends_only_the_rings_and_the_loupe_moves_as_layers() -> None:
    table = suspect_table()
    before = _loupe(table)
    assert set(before) == {("loupe", "lens"), ("loupe", "frame"), ("loupe", "circle"), ("loupe", "plate")}
    start = cursor(table)
    table.intent(IntentKind.MOVE_RIGHT)
    dirty = table.draw()
    assert cursor(table) != start
    lens = table.ui.table.loupe.radius * 2
    assert dirty and all(rect.w < lens and rect.h < lens for rect in dirty)   # no loupe-sized repaint
    after = _loupe(table)
    assert after[("loupe", "lens")] != before[("loupe", "lens")]
    picture = compose(table.surface, table.ui.layers())
    assert has_colour(picture, theme.AMBER, pygame.Rect(after[("loupe", "frame")]))     # the rim shows
    assert not has_colour(table.surface, theme.AMBER, pygame.Rect(after[("loupe", "plate")]).clip(
        table.surface.get_rect()).inflate(-8, -8))   # ... and the screen under it was not drawn on


def test_the_hold_adds_its_arc_layer_and_lets_it_go() -> None:
    table = suspect_table()
    table.intent(IntentKind.ACCUSE_HOLD)
    table.draw()   # the hold counts from the frame that first shows it
    table.t += 0.4
    table.draw()
    assert ("loupe", "hold") in _loupe(table)
    table.intent(IntentKind.ACCUSE_CANCEL)
    table.draw()
    assert ("loupe", "hold") not in _loupe(table)


def test_the_loupe_keeps_clear_of_a_notice_on_the_scene() -> None:
    screen = TableScreen(FULL_HD, Rules(), Moments(), SuspectCursor())
    scene = load_scenes(shipped_scenes_dir())["harbour"]
    rect = screen.scene_rect(scene)
    notice = chrome.toast(pygame.Surface(FULL_HD), screen.theme, "That is not a suspect: choose a person.", rect)
    loupe, clearance = screen.loupe, screen.theme.px(40)
    side = 2 * loupe.radius

    def lens(character: Character, clear_of: list[pygame.Rect]) -> pygame.Rect:
        focus = (rect.x + character.x * rect.w, rect.y + character.y * rect.h)
        box = pygame.Rect(0, 0, side, side)
        box.center = loupe.place(focus, clearance, rect, clear_of=clear_of)
        return box

    near = [c for c in scene.suspects() if lens(c, []).colliderect(notice)]
    assert len(near) > 5   # suspects whose loupe would hide the notice, were it not told of it
    for character in near:
        moved = lens(character, [notice])
        assert rect.contains(moved) and not moved.colliderect(notice), character.id
