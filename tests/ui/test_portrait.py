"""A portrait is cut from a render of its crop alone: a render small enough to be supersampled is
made whole (its background at twice the size) before the crop is taken, 27 MB and more for a
moment at a game's end, which set the soak's highest resident size."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from lastmessage.scenes.model import Scene, load_scenes, shipped_scenes_dir
from lastmessage.scenes.render import supersampled
from lastmessage.ui.tablet.portrait import source_size

CATALOG = load_scenes(shipped_scenes_dir())
SCENES = [CATALOG[scene_id] for scene_id in CATALOG]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SCENES), st.integers(0, 10_000), st.integers(60, 900))
def test_a_portrait_is_never_cut_from_a_supersampled_render(scene: Scene, pick: int, diameter: int) -> None:
    character = scene.characters[pick % len(scene.characters)]
    assert not supersampled(source_size(scene, character, diameter))
