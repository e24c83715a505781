"""The loupe's name plates stay within their budget however far the cursor goes, and every
plate shown is the one the character's name makes."""

from __future__ import annotations

import pygame
import pytest

from lastmessage.i18n.translate import translator
from lastmessage.rules.config import Rules
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
from lastmessage.ui.detective import words
from lastmessage.ui.detective.cursor import SuspectCursor
from lastmessage.ui.detective.loupe import name_plate
from lastmessage.ui.detective.moments import Moments
from lastmessage.ui.detective.table import TableScreen

SCENES = load_scenes(shipped_scenes_dir())


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_a_cursor_over_every_character_keeps_the_plates_within_their_budget(size: tuple[int, int]) -> None:
    pygame.font.init()
    table = TableScreen(size, Rules(), Moments(), SuspectCursor())
    scene, tx = SCENES["harbour"], translator("ro")
    loupe, rect = table.loupe, table.scene_rect(scene)
    loupe.prepare(scene, rect.size, tx)
    made = len(loupe._names)
    assert 0 < made < len(scene.characters)   # the middle's plates at once, not the whole crowd's
    assert loupe._names.bytes <= loupe._names.budget + max(
        pygame.Surface.get_pitch(p) * p.get_height() for p in loupe._names._entries.values())
    screen = pygame.Surface(size)
    for character in scene.characters:
        centre = loupe.place((rect.centerx, rect.centery), 10, rect)
        loupe.draw(screen, centre, scene, character)
        plate = loupe._names.get(character.id)
        assert plate is not None
        expected = name_plate(words.name(tx, character), 2 * loupe.radius, loupe.theme)
        assert pygame.image.tobytes(plate, "RGBA") == pygame.image.tobytes(expected, "RGBA"), character.id
        assert loupe._names.bytes <= loupe._names.budget or len(loupe._names) == 1
    assert len(loupe._names) < len(scene.characters)
