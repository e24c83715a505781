"""Scene files are edited by hand and made by tools: any value of any type at any
key is refused in one line naming the entry, or gives a scene that draws. Never
another exception, never a scene that passes loading and then stops a game."""

from __future__ import annotations

import copy
import json

import pygame
from hypothesis import given, settings, strategies as st

from lastmessage.data import shipped_path
from lastmessage.scenes.model import SceneError, parse_scene
from lastmessage.scenes.render import draw_scene

pygame.init()


def _small_scene() -> dict[str, object]:
    """A shipped scene of format 2 cut down to a few entries of each kind (fast to draw)."""
    data = json.loads((shipped_path("scenes") / "1-harbour.json").read_text(encoding="utf-8"))
    people = [c for c in data["characters"] if c["sentient"]][:4]
    others = [c for c in data["characters"] if not c["sentient"]][:2]
    data["characters"] = people + others
    data["props"] = data["props"][:3]
    data["background"] = data["background"][:6]
    return data


SMALL = _small_scene()

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12)


def _places(data: dict[str, object]) -> list[tuple[dict[str, object], str]]:
    """Every (object, key) of the scene a hostile value may be put at."""
    found: list[tuple[dict[str, object], str]] = [(data, key) for key in data]
    for group in ("characters", "props", "background"):
        entries = data[group]
        assert isinstance(entries, list)
        for entry in entries:
            found += [(entry, key) for key in entry]
            for nested in ("traits", "names"):
                if isinstance(entry.get(nested), dict):
                    found += [(entry[nested], key) for key in entry[nested]]
    return found


@settings(max_examples=150, deadline=None)
@given(st.data(), json_values)
def test_any_value_at_any_key_is_refused_in_one_line_or_draws(data: st.DataObject, value: object) -> None:
    scene = copy.deepcopy(SMALL)
    places = _places(scene)
    target, key = places[data.draw(st.integers(0, len(places) - 1), label="place")]
    target[key] = value
    try:
        parsed = parse_scene(scene, "hostile.json")
    except SceneError as error:
        assert "\n" not in str(error) and str(error).startswith("hostile.json")
        return
    draw_scene(parsed, (96, 54))


@settings(max_examples=60, deadline=None)
@given(st.data(), st.text(st.characters(categories=("Cc", "Cs")), min_size=1, max_size=3))
def test_a_control_character_or_half_an_emoji_in_any_text_is_refused(data: st.DataObject, bad: str) -> None:
    scene = copy.deepcopy(SMALL)
    texts = [(scene, "title")] + [(entry, key) for group in ("characters", "props")
                                  for entry in scene[group] for key in ("name", "emoji") if key in entry]
    target, key = texts[data.draw(st.integers(0, len(texts) - 1), label="text")]
    target[key] = f"a{bad}b"
    try:
        parse_scene(scene, "hostile.json")
    except SceneError as error:
        assert f'"{key}"' in str(error)
    else:
        raise AssertionError(f"{key} with {bad!r} was loaded")


@given(st.sampled_from(["", " ", "\t", "  \n"]))
def test_a_scene_id_that_is_empty_or_blank_is_refused(blank: str) -> None:
    scene = copy.deepcopy(SMALL)
    scene["id"] = blank
    try:
        parse_scene(scene, "hostile.json")
    except SceneError as error:
        assert '"id"' in str(error) and "\n" not in str(error)
    else:
        raise AssertionError(f"a scene with id {blank!r} was loaded")
