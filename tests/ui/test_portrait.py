"""A portrait is cut from a render of its crop alone, once per character: a render small enough to
be supersampled is made whole (its background at twice the size) before the crop is taken, 27 MB
and more for a moment at a game's end, which set the soak's highest resident size; and a render
per size drew the verdict's card in the frame of the accusation (31 ms)."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from lastmessage.scenes import render
from lastmessage.scenes.model import Scene, load_scenes, shipped_scenes_dir
from lastmessage.scenes.render import supersampled
from lastmessage.ui.tablet import portrait as portraits
from lastmessage.ui.tablet.portrait import portrait, source_size

CATALOG = load_scenes(shipped_scenes_dir())
SCENES = [CATALOG[scene_id] for scene_id in CATALOG]
A_GAMES_PORTRAITS = [(371, 4.5), (163, 2.0), (154, 2.0), (555, 3.0), (356, 4.5), (286, 4.5)]
# (diameter, figures): the sizes one game at 1280x800 showed its criminal at (the ready card, the
# clue screen's corner while drawing and typing, held big, the cards of the later screens)


@pytest.mark.parametrize("scene", SCENES, ids=lambda scene: scene.id)
def test_a_portrait_is_never_cut_from_a_supersampled_render(scene: Scene) -> None:
    assert not supersampled(source_size(scene))


def test_a_games_portraits_of_its_criminal_are_drawn_from_one_render(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.init()
    drawn: list[pygame.Rect] = []

    def counted(scene: Scene, size: tuple[int, int], area: pygame.Rect) -> pygame.Surface:
        drawn.append(area)
        return render.draw_region(scene, size, area)

    monkeypatch.setattr(portraits, "draw_region", counted)
    scene = CATALOG["harbour"]
    criminal = scene.suspects()[7]
    discs = [portrait(scene, criminal, diameter, figures=figures) for diameter, figures in A_GAMES_PORTRAITS]
    assert len(drawn) == 1
    assert [disc.get_size() for disc in discs] == [(d, d) for d, _ in A_GAMES_PORTRAITS]
    portrait(scene, scene.suspects()[8], 286)   # the next game's criminal: its own render
    assert len(drawn) == 2


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SCENES), st.integers(0, 10_000), st.sampled_from([1.5, 2.0, 3.0, 4.5]))
def test_a_closer_portrait_is_the_middle_of_the_wider_crop(scene: Scene, pick: int, figures: float) -> None:
    """Cut from the widest crop, a closer one shows what a crop of its own would: the same
    place of the scene, the character as near its middle as the scene's edges allow."""
    character = scene.characters[pick % len(scene.characters)]
    size = source_size(scene)
    wide = portraits._crop(scene, character, size, portraits._CROP_FIGURES)
    close = portraits._crop(scene, character, size, figures)
    assert wide.contains(close)
