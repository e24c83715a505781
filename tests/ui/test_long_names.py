"""Long descriptions are read whole: wrapped by words, never cut, and a cramped label
gets a shorter description that still names one suspect only."""

from __future__ import annotations

import math

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from lastmessage.commands import ChooseScene, Erase, Flip, Pass, Pick, perform
from lastmessage.i18n.translate import translator
from lastmessage.rules.config import Rules
from lastmessage.rules.game import Game, Phase
from lastmessage.rules.projections import public_view
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
from lastmessage.scenes.render import character_radius
from lastmessage.ui import theme
from lastmessage.ui.detective import panels, spotlight, words
from lastmessage.ui.detective.cursor import SuspectCursor
from lastmessage.ui.detective.layout import MIN_TEXT
from lastmessage.ui.detective.loupe import name_plate
from lastmessage.ui.detective.moments import Moments
from lastmessage.ui.detective.table import TableScreen
from lastmessage.ui.naming import name_forms, short_heading
from lastmessage.ui.text import fit_lines, render
from lastmessage.ui.theme import font

SCENES = load_scenes(shipped_scenes_dir())
FULL_HD_SIZE = (1920, 1080)
WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzăâîșțABC", min_size=1, max_size=14)


@settings(max_examples=60, deadline=None)
@given(st.lists(WORD, min_size=1, max_size=16), st.integers(min_value=80, max_value=500))
def test_fitted_lines_keep_every_word_whole_and_in_order(words: list[str], width: int) -> None:
    text = " ".join(words)
    lines, size = fit_lines(text, width, 32, 20, bold=True)
    assert " ".join(lines).split() == words
    assert 20 <= size <= 32
    if len(lines) > 2:   # more lines only when two did not do even at the smallest size
        assert size == 20
    for line in lines:
        assert len(line.split()) == 1 or render(line, size, (0, 0, 0), True).get_width() <= width


@pytest.mark.parametrize("language", ["en", "ro"])
@pytest.mark.parametrize("scene_id", ["harbour", "ski"])
def test_a_short_name_names_one_suspect_only(scene_id: str, language: str) -> None:
    scene, tx = SCENES[scene_id], translator(language)
    suspects = scene.suspects()
    shorts = {c.id: short_heading(tx, scene, c) for c in suspects}
    fulls = {c.id: name_forms(tx, c).heading for c in suspects}
    assert len(set(shorts.values())) == len(suspects)
    for ident, short in shorts.items():
        assert len(short) <= len(fulls[ident])
        assert all(short != full for other, full in fulls.items() if other != ident)
    assert sum(shorts[i] != fulls[i] for i in shorts) > len(suspects) // 2   # most get shorter


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_the_longest_name_of_the_shipped_scenes_fits_a_narrow_loupe_plate_on_three_lines(
        size: tuple[int, int]) -> None:
    pygame.font.init()
    longest = max((name_forms(translator("ro"), c).heading for s in SCENES.values() for c in s.suspects()), key=len)
    loupe = TableScreen(size, Rules(), Moments(), SuspectCursor()).loupe
    plate = name_plate(longest, 2 * loupe.radius, loupe.theme)
    line = render("Ag", loupe.theme.px(MIN_TEXT), (0, 0, 0), True).get_height()
    # narrow: the plate moves with the cursor, its area is what a cursor step redraws and uploads
    assert plate.get_height() < 4 * line and plate.get_width() <= 2.4 * 2 * loupe.radius


@pytest.mark.parametrize("language", ["en", "ro"])
def test_the_big_lens_and_its_name_plate_leave_the_spotlit_figure_in_sight(language: str) -> None:
    pygame.font.init()
    table = TableScreen(FULL_HD_SIZE, Rules(), Moments(), SuspectCursor())
    scene, tx = SCENES["harbour"], translator(language)
    lens, rect = table.lens, table.scene_rect(scene)
    lens.prepare(scene, rect.size, tx, every_name=False)
    for character in scene.suspects():
        focus = spotlight.centre(character, rect)
        figure = character_radius(scene, character, rect.size)
        centre = lens.place(focus, spotlight.radius(scene, character, rect, table.theme), rect,
                            plate=lens.plate_box(character))
        plate = lens.plate_box(character).move(centre)
        assert math.dist(centre, focus) >= lens.radius + figure, character.id
        nearest = (min(max(focus[0], plate.left), plate.right), min(max(focus[1], plate.top), plate.bottom))
        assert math.dist(nearest, focus) >= figure, character.id


@pytest.mark.parametrize("language", ["en", "ro"])
def test_the_end_panel_wraps_the_longest_criminal_description_instead_of_cutting_it(language: str) -> None:
    pygame.font.init()
    catalog, tx, rules = load_scenes(shipped_scenes_dir()), translator(language), Rules()
    scene = catalog["ski"]
    longest = max(scene.suspects(), key=lambda c: len(words.criminal_was(tx, c)))
    game, t = Game(rules, catalog), 0.0
    perform(game, ChooseScene(scene.id), t)
    perform(game, Pick(longest.id), t)
    for number in range(1, rules.rounds + 1):   # every round passed: the criminal wins, and is named
        perform(game, Flip(), t)
        t += rules.timer_seconds + 1
        game.advance(t)
        perform(game, Erase(tuple(range(rules.erase_count(number)))), t)
        perform(game, Pass(), t)
    view = public_view(game)
    assert view.phase is Phase.OVER
    table = TableScreen(FULL_HD_SIZE, rules, Moments(), SuspectCursor())
    surface, panel = pygame.Surface(FULL_HD_SIZE), table.panel_rect(scene)
    panels.draw(surface, panel, table.theme, tx, view, rules, scene, True)
    amber = pygame.mask.from_threshold(surface.subsurface(panel), theme.AMBER, (12, 12, 12, 255))
    rows = [y for y in range(panel.h) if any(amber.get_at((x, y)) for x in range(0, panel.w, 2))]
    one_line = font(table.theme.px(34), True).get_height()
    assert rows and rows[-1] - rows[0] > 1.2 * one_line   # two lines of it, not one cut with "…"


@pytest.mark.parametrize("language", ["en", "ro"])
def test_a_wrong_accusation_never_shrinks_a_board_nor_is_cut(language: str) -> None:
    """The small card says "✕ 1" (the cross numbered 1 on the scene shows whom); the big
    board the whole description when it fits its strip, else the short form: the board
    keeps its size either way."""
    pygame.font.init()
    from lastmessage.commands import Accuse
    from lastmessage.ui.detective import cards

    catalog, tx, rules = load_scenes(shipped_scenes_dir()), translator(language), Rules()
    scene = catalog["ski"]
    suspects = sorted(scene.suspects(), key=lambda c: len(name_forms(tx, c).heading))
    secret, longest = suspects[0], suspects[-1]
    game, t = Game(rules, catalog), 0.0
    perform(game, ChooseScene(scene.id), t)
    perform(game, Pick(secret.id), t)
    table = TableScreen(FULL_HD_SIZE, rules, Moments(), SuspectCursor())
    for number in (1, 2):
        perform(game, Flip(), t)
        t += rules.timer_seconds + 1
        game.advance(t)
        perform(game, Erase(tuple(range(rules.erase_count(number)))), t)
        if number == 1:
            perform(game, Accuse(longest.id), t)
            view = public_view(game)
            focus = table.focus(view)   # round 1's board is big while round 2 is drawn
            label, _colour = table._results(tx, view, scene, focus)[1]
            assert label in (f"✕ {words.name(tx, longest)}", "✕ 1")
            slot = table.layout.slot(0, focus)
            assert cards.board_in_card(view.boards[0], slot.w, table.theme, tx, small=False,
                                       result=(label, theme.CRIMSON)).size == (slot.w, slot.w)
    view = public_view(game)
    focus = table.focus(view)
    assert focus == 1
    label, _colour = table._results(tx, view, scene, focus)[1]
    assert label == "✕ 1"
    slot = table.layout.slot(0, focus)
    rect = cards.board_in_card(view.boards[0], slot.w, table.theme, tx, small=True, result=(label, theme.CRIMSON))
    assert rect.move(slot.topleft) == table.layout.board(0, focus)   # the small board keeps its size
