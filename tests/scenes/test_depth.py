"""Depth: people from about half scale at the back of a place to one and a half at the front, props
shrinking with them, figures in front overlapping those behind; the size rules measured where the
detectives look for the small ones, the search view at 2x on a 1920x1080 monitor."""

from __future__ import annotations

import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lastmessage.scenegen.layout import PEOPLE_SCALE, Layout
from lastmessage.scenegen.people import PUBLIC
from lastmessage.scenes.geometry import FIGURE_SIZE, search_size, unit
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
from lastmessage.scenes.occlusion import footprint, hidden_fraction
from lastmessage.scenes.validate import MEDIAN_PERSON_PX, MIN_PERSON_PX, scene_problems
from tests.scenes.test_clearance import _layout, _scene

SHIPPED = load_scenes(shipped_scenes_dir())


def test_the_search_view_at_2x_renders_a_16_9_scene_twice_the_monitor() -> None:
    assert search_size(16 / 9) == (3840, 2160)
    assert search_size(4 / 3) == (2880, 2160)   # pillarboxed: the height fills the monitor


@given(st.floats(0.0, 1.0))
def test_the_scale_runs_from_half_at_the_horizon_to_one_and_a_half_at_the_front(y: float) -> None:
    layout = _layout()
    scale = layout.perspective(y) * PEOPLE_SCALE
    assert 0.5 - 0.005 <= scale <= 1.5 + 0.005
    assert layout.perspective(min(1.0, y + 0.05)) >= layout.perspective(y)


def test_the_back_is_half_the_front_and_props_shrink_with_it() -> None:
    layout = _layout()
    assert round(layout.perspective(layout.horizon) * PEOPLE_SCALE, 2) == 0.5
    assert round(layout.perspective(1.0) * PEOPLE_SCALE, 2) == 1.5
    layout.prop("fish stall", "\U0001F41F", 0.3, 0.3, 1.5)
    layout.prop("fish stall", "\U0001F41F", 0.7, 0.9, 1.5)
    back, front = layout.props[-2:]
    assert back["scale"] / front["scale"] == pytest.approx(
        layout.perspective(0.3) / layout.perspective(0.9), rel=0.01)


@settings(max_examples=30, deadline=None)
@given(st.floats(0.05, 0.95), st.integers(0, 10_000))
def test_a_person_placed_anywhere_is_at_least_36_px_at_2x(y: float, seed: int) -> None:
    layout = Layout("test", "Test", "test", seed)
    layout.prop("red lantern", "\U0001F3EE", 0.02, 0.02, 1.0)
    layout.prop("postbox", "\U0001F4EE", 0.98, 0.02, 1.0)
    if layout.person(0.5, y, PUBLIC):
        entry = layout.characters[-1]
        tall = FIGURE_SIZE * entry["scale"] * unit(search_size(layout.aspect), layout.aspect) * 0.94
        assert tall >= MIN_PERSON_PX


def test_a_person_too_small_at_2x_is_refused_with_one_line() -> None:
    layout = _layout()
    assert layout.person(0.5, 0.5, PUBLIC)
    layout.characters[0]["scale"] = 0.35
    problems = [str(p) for p in scene_problems(_scene(layout), "test.json")]
    assert any('"test-p001": is 30.3 px tall at 2x on a 1920x1080 monitor (at least 36 px needed): raise its scale'
               in p for p in problems), problems


def test_a_scene_of_small_people_is_refused_for_its_median() -> None:
    layout = _layout()
    for i in range(5):
        assert layout.person(0.1 + 0.15 * i, 0.5, PUBLIC)
    for entry in layout.characters:
        entry["scale"] = 0.6   # each 36 px or more, the median under 72
    problems = [str(p) for p in scene_problems(_scene(layout), "test.json")]
    assert not any(f"(at least {MIN_PERSON_PX:g} px needed)" in p for p in problems), problems
    assert any(p.startswith("test.json: characters: the median suspect is ") and
               f"(at least {MEDIAN_PERSON_PX:g} px needed)" in p for p in problems), problems


def test_every_shipped_scene_has_depth_and_real_overlap() -> None:
    for scene in SHIPPED.values():
        people = [c for c in scene.suspects() if c.is_person]
        scales = [c.art.scale for c in people]
        assert min(scales) <= 0.65 and max(scales) >= 1.4, (scene.id, min(scales), max(scales))   # a hall is shallower
        size = search_size(scene.aspect)
        drawn = [footprint(c.x, c.y, c.art.scale, c.traits, scene.aspect, size) for c in people]
        assert statistics.median(fp.feet - fp.y0 for fp in drawn) >= MEDIAN_PERSON_PX, scene.id
        prints = [footprint(c.x, c.y, c.art.scale, c.traits, scene.aspect) for c in scene.characters]
        overlapped = [c for c in people
                      if hidden_fraction(footprint(c.x, c.y, c.art.scale, c.traits, scene.aspect), prints) > 0]
        assert len(overlapped) >= 0.08 * len(people), (scene.id, len(overlapped))
