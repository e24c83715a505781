"""Onboarding (issue 20): the roles screen before the pick, the guided first round
that a group chooses or skips, on the tablet and in `Status.guide` for the monitor."""

from __future__ import annotations

import difflib
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from lastmessage.commands import ChooseScene, Erase, Flip, Pass, Pick
from lastmessage.i18n.translate import translator
from lastmessage.rules.game import Phase
from lastmessage.ui import guide, theme
from lastmessage.ui.tablet.roles import GuideCard, RolesScreen

from test_tablet_screens import SIZES, Table
from ocr import needs_ocr, read_ink


def test_the_roles_screen_comes_before_the_pick_and_skipping_leads_to_it() -> None:
    table = Table(roles=True)
    table.run([ChooseScene("park")])
    assert isinstance(table.ui.screen(table.view, 0.0), RolesScreen)
    assert table.ui.guide(table.view) is guide.Step.ROLES       # the monitor shows who is who too
    assert table.ui.locate(table.view, "character", "park-robot") is None   # no pick behind it
    table.tap("guide", False)
    assert table.ui.guide(table.view) is None
    table.tap("character", "park-robot")                        # the pick screen, as before


def test_the_guided_round_says_each_step_then_round_two_is_plain() -> None:
    table = Table(roles=True)
    table.run([ChooseScene("park")])
    table.tap("guide", True)
    steps = []
    for command in (None, Pick("park-robot"), Flip(), None, Erase((0, 1, 2, 3, 4))):
        if command is not None:
            table.run([command])
        elif table.game.phase is Phase.CLUES:
            table.t += table.rules.timer_seconds + 1   # the clue timer runs out
        shown = table.ui.guide(table.view)
        steps.append(shown)
        if isinstance(table.ui.screen(table.view, table.t), GuideCard):
            table.tap("guide_ok")                               # read, then the step's own screen
        assert not isinstance(table.ui.screen(table.view, table.t), GuideCard)
    assert steps == [guide.Step.PICK, guide.Step.READY, guide.Step.CLUES, guide.Step.ERASE, guide.Step.SUSPECT]
    table.run([Pass()])
    assert table.game.round == 2 and table.ui.guide(table.view) is None


def test_a_new_game_asks_again() -> None:
    table = Table(roles=True)
    table.run([ChooseScene("park")])
    table.tap("guide", True)
    table.game = type(table.game)(table.rules, table.game.scenes)
    table.run([ChooseScene("park")])
    assert table.ui.guide(table.view) is guide.Step.ROLES


@needs_ocr
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "ro"])
def test_the_roles_screen_reads_whole(size: tuple[int, int], language: str, tmp_path: Path) -> None:
    """Tesseract reads every word of the three roles' texts (none cut, none overlapping)."""
    table = Table(size, roles=True)
    table.status = replace(table.status, language=language)
    table.run([ChooseScene("park")])
    table.draw()
    th = table.ui.ctx.theme
    cards = pygame.Rect(0, th.px(100), size[0], size[1] - th.px(100) - th.px(160))
    read = read_ink(table.surface, cards, theme.TEXT, 2, tmp_path, psm=6).lower().split()
    for _, what in guide.roles(translator(language)):
        words = what.lower().replace(",", " ").replace(".", " ").replace(":", " ").split()
        found = [w for w in words if any(difflib.SequenceMatcher(None, w, r.strip(",.:")).ratio() > 0.8 for r in read)]
        assert len(found) >= 0.8 * len(words), (what, read)   # tesseract misreads some ț (comma below)
