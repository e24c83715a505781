"""The criminal's and the accused's descriptions are drawn whole on every tablet screen.

Every sentient character of every shipped scene, in English and Romanian, at
1280x800 and 1024x600: each place a description is drawn (the ready screen's
card and its last-verdict card, the waiting screen's card, the clue screen's
corner and its held card, typing or not, the end screen's card and its reason)
is laid out as the screen lays it out, measured with the font it draws with,
and the lines must join back to the whole text, each no wider than its box,
all inside the box, never under the floor. Then tesseract reads the longest
ones off painted screens (issue 20 quoted them cut: "The woman in grey polka
dots with a red", "Bărbatul șaten cu tricou negru și").
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pygame
import pytest

from lastmessage.commands import Accuse, ChooseScene, Erase, Flip, Pass, Pick, perform
from lastmessage.i18n.names import capitalized
from lastmessage.i18n.translate import translator
from lastmessage.rules.config import Rules
from lastmessage.rules.game import Game, Phase
from lastmessage.rules.projections import tablet_view
from lastmessage.scenes.model import Character, load_scenes, shipped_scenes_dir
from lastmessage.ui import theme
from lastmessage.ui.naming import name_forms
from lastmessage.ui.screen import Status
from lastmessage.ui.tablet import TabletUI
from lastmessage.ui.tablet.clues import CluesScreen
from lastmessage.ui.tablet.ready import ReadyScreen, accused_line
from lastmessage.ui.tablet.secret_card import DESCRIPTION_FLOOR, secret_card
from lastmessage.ui.tablet.summary import SummaryScreen, wrong_line
from lastmessage.ui.tablet.waiting import WaitingScreen
from lastmessage.ui.text import Block
from lastmessage.ui.theme import font

from test_tablet_screens import SIZES
from ocr import needs_ocr, read_ink

CATALOG = load_scenes(shipped_scenes_dir())
SUSPECTS = [(scene, c) for scene in CATALOG.values() for c in scene.suspects()]


def whole(block: Block, text: str, box: pygame.Rect, where: str) -> None:
    """`block` holds every word of `text` in order, inside `box`, at the floor or above."""
    assert " ".join(block.lines) == " ".join(text.split()), where
    assert block.size >= DESCRIPTION_FLOOR, where
    measure = font(block.size, block.bold)
    assert all(measure.size(line)[0] <= box.w for line in block.lines), where
    assert block.height <= box.h, where


def ui_for(size: tuple[int, int], language: str) -> TabletUI:
    pygame.font.init()
    ui = TabletUI(size, CATALOG, Rules())
    ui.ctx.tx = translator(language)
    return ui


@pytest.mark.parametrize("language", ["en", "ro"])
@pytest.mark.parametrize("size", SIZES)
def test_every_description_is_laid_out_whole_on_every_tablet_screen(size: tuple[int, int], language: str) -> None:
    ui = ui_for(size, language)
    ctx, tx, th = ui.ctx, ui.ctx.tx, ui.ctx.theme
    screens = ui._by_phase.values()
    ready = next(s for s in screens if isinstance(s, ReadyScreen))
    waiting = next(s for s in screens if isinstance(s, WaitingScreen))
    clues = next(s for s in screens if isinstance(s, CluesScreen))
    summary = next(s for s in screens if isinstance(s, SummaryScreen))
    flip_top = ready._flip().rect.top
    for scene, character in SUSPECTS:
        where = f"{character.id} {language} {size}"
        heading = name_forms(tx, character).heading
        # The criminal's card on the ready and waiting screens.
        for screen, area in (("ready", ready.secret_area()), ("waiting", waiting.secret_area())):
            card = secret_card(ctx, character, area)
            assert card.name == heading
            whole(card.lines, heading, card.text, f"{screen} {where}")
            assert area.contains(card.text), f"{screen} {where}"
            assert card.portrait is not None and area.contains(card.portrait), f"{screen} {where}"
            assert card.portrait.bottom < card.text.top
        # The last verdict, when this character was wrongly accused: the card grows, the
        # title and the round's plan still come above the flip button.
        sentence = accused_line(tx, character, character.id, 1)
        verdict, box, lines = ready.verdict_card(sentence)
        whole(lines, sentence, box, f"verdict {where}")
        assert verdict.contains(box), where
        assert verdict.bottom + th.px(30) + th.px(100) + th.px(60) <= flip_top - th.px(16), where
        # The end screen: the reason (a wrong accusation of this character) in the band,
        # the card of this character as the criminal under it.
        reason = wrong_line(tx, character, character.id, 3)
        box, lines = summary.reason_lines(reason)
        whole(lines, reason, box, f"reason {where}")
        area = summary.secret_area(reason)
        card = secret_card(ctx, character, area, revealed=True)
        definite = capitalized(name_forms(tx, character).definite)
        whole(card.lines, definite, card.text, f"end {where}")
        assert area.contains(card.text) and card.portrait is not None, f"end {where}"
        # The clue screen's corner, drawing and typing, and held big over the board.
        for mode, typing in (("draw", False), ("type", True)):
            clues.mode = mode
            picture, box, block = clues.criminal_card(character, typing=typing)
            whole(block, heading, box, f"corner {mode} {where}")
            assert picture is not None and not picture.colliderect(box)
            assert not picture.colliderect(clues.board) and not box.colliderect(clues.board), where
            assert not box.colliderect(clues.ring.rect) and not picture.colliderect(clues.ring.rect), where
            held, box, block = clues.criminal_card(character, held=True)
            whole(block, heading, box, f"held {mode} {where}")
            assert clues.board.contains(box), where
        clues.mode = "draw"
        assert all(not b.rect.colliderect(clues._description) for b in clues._buttons()), where


def _game(scene_id: str, secret: str, accused: str | None) -> Game:
    """A game of `scene_id` in the clue step of round 1; with `accused`, lost at once by
    accusing them wrongly in round 3."""
    rules = Rules()
    game, t = Game(rules, CATALOG), 0.0
    perform(game, ChooseScene(scene_id), t)
    perform(game, Pick(secret), t)
    if accused is None:
        return game
    for number in range(1, 4):
        perform(game, Flip(), t)
        t += rules.timer_seconds + 1
        game.advance(t)
        perform(game, Erase(tuple(range(rules.erase_count(number)))), t)
        perform(game, Accuse(accused) if number == 3 else Pass(), t)
    assert game.phase is Phase.OVER
    return game


def _widest(language: str) -> tuple[Character, Character]:
    """The two suspects of one scene whose descriptions are widest in `language`."""
    tx = translator(language)
    pygame.font.init()
    measure = font(40, True)
    ranked = sorted(SUSPECTS, key=lambda sc: measure.size(name_forms(tx, sc[1]).heading)[0])
    scene, first = ranked[-1]
    second = max((c for c in scene.suspects() if c is not first),
                 key=lambda c: measure.size(name_forms(tx, c).heading)[0])
    return first, second


def _read(surface: pygame.Surface, area: pygame.Rect, colour: theme.Color, tmp: Path) -> str:
    """What tesseract reads in `area` of the text drawn in `colour`, as a block of lines."""
    return read_ink(surface, area, colour, 2, tmp, psm=6, tolerance=50)


def _same(read: str, text: str) -> bool:
    """Read whole: the first and last words there, and nearly every letter."""
    words, seen = text.lower().split(), read.lower().replace("|", "").split()
    ratio = difflib.SequenceMatcher(None, " ".join(seen), " ".join(words)).ratio()
    return bool(seen) and seen[-1].strip(".,:") == words[-1].strip(".,:") and ratio >= 0.9


@needs_ocr
@pytest.mark.parametrize("language", ["en", "ro"])
@pytest.mark.parametrize("size", SIZES)
def test_the_widest_descriptions_read_whole_off_the_painted_screens(size: tuple[int, int], language: str,
                                                                     tmp_path: Path) -> None:
    criminal, accused = _widest(language)
    scene = next(s for s in CATALOG.values() if criminal in s.suspects())
    tx, status = translator(language), Status(language=language)
    surface = pygame.Surface(size)
    read: dict[str, bool] = {}
    # The ready screen and the clue screen: the criminal's card and corner.
    game = _game(scene.id, criminal.id, None)
    ui = TabletUI(size, CATALOG, Rules())
    ui.draw(surface, tablet_view(game), 0.0, status)
    ready = ui.screen(tablet_view(game), 0.0)
    assert isinstance(ready, ReadyScreen)
    heading = name_forms(tx, criminal).heading
    card = secret_card(ui.ctx, criminal, ready.secret_area())
    read["ready"] = _same(_read(surface, card.text.inflate(8, 8), theme.AMBER, tmp_path), heading)
    perform(game, Flip(), 0.0)
    ui.draw(surface, tablet_view(game), 0.5, status)
    clues = ui.screen(tablet_view(game), 0.5)
    assert isinstance(clues, CluesScreen)
    _picture, box, _block = clues.criminal_card(criminal)
    read["corner"] = _same(_read(surface, box.inflate(8, 8), theme.AMBER, tmp_path), heading)
    # The end screen: the criminal named as that sentence needs, and the accused in the reason.
    game = _game(scene.id, criminal.id, accused.id)
    ui = TabletUI(size, CATALOG, Rules())
    view = tablet_view(game)
    ui.draw(surface, view, 0.0, status)
    summary = ui.screen(view, 0.0)
    assert isinstance(summary, SummaryScreen)
    reason = wrong_line(tx, accused, accused.id, 3)
    box, _lines = summary.reason_lines(reason)
    read["reason"] = _same(_read(surface, box.inflate(8, 8), theme.TEXT, tmp_path), reason)
    card = secret_card(ui.ctx, criminal, summary.secret_area(reason), revealed=True)
    read["end"] = _same(_read(surface, card.text.inflate(8, 8), theme.AMBER, tmp_path),
                        capitalized(name_forms(tx, criminal).definite))
    assert read == {"ready": True, "corner": True, "reason": True, "end": True}


@pytest.mark.parametrize("language", ["en", "ro"])
@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_every_accused_is_named_whole_under_the_monitor_s_verdict(
        size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The panel under a stamped verdict names the accused: wrapped and shrunk to the
    monitor's floor if it must be, never cut (it kept two lines and dropped the rest)."""
    from lastmessage.hal.discipline import Timings
    from lastmessage.ui.detective import panels
    from lastmessage.ui.detective.layout import MIN_TEXT
    from lastmessage.ui.detective.screen import DetectiveUI
    from lastmessage.ui.detective.words import name as heading_of

    pygame.font.init()
    monitor = DetectiveUI(size, CATALOG, hold_time=Timings().hold_time)
    tx = translator(language)
    drawn: list[tuple[Block, pygame.Rect]] = []
    real = panels.draw_block
    monkeypatch.setattr(panels, "draw_block", lambda surface, block, rect, colour, **how:
                        drawn.append((block, rect)) or real(surface, block, rect, colour, **how))
    surface = pygame.Surface(size)
    for scene, character in SUSPECTS:
        rect = monitor.table.panel_rect(scene)
        drawn.clear()
        panels.verdict_caption(surface, rect, monitor.table.theme, "Round 3", heading_of(tx, character),
                               theme.AMBER)
        (block, box), = drawn
        where = f"{character.id} {language} {size}"
        assert " ".join(block.lines) == " ".join(heading_of(tx, character).split()), where
        assert block.size >= monitor.table.theme.px(MIN_TEXT), where
        assert box.bottom <= rect.bottom and block.height <= box.h, where
