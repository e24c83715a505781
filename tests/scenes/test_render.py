"""Rendering: real pixels of the right size, the disk cache, highlights and every glyph."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from lastmessage.cli import main
from lastmessage.scenes import render
from lastmessage.scenes.model import Scene, load_scenes, parse_scene, shipped_scenes_dir

SCENES = load_scenes(shipped_scenes_dir())


@pytest.fixture(autouse=True, scope="module")
def _pygame() -> Any:
    pygame.display.init()
    pygame.font.init()
    yield
    render.forget_memory_cache()


def _distinct_colours(surface: pygame.Surface, step: int = 23) -> int:
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x, y))) for x in range(0, w, step) for y in range(0, h, step)})


def test_small_scene_renders_at_exactly_the_size(small_scene: dict[str, Any], tmp_path: Path) -> None:
    scene = parse_scene(small_scene, "tiny.json")
    for size in ((1024, 600), (333, 200)):
        surface = render.render_scene(scene, size, cache_dir=tmp_path)
        assert surface.get_size() == size
        assert _distinct_colours(surface, 7) > 20


def test_figure_is_drawn_where_the_scene_says(small_scene: dict[str, Any], tmp_path: Path) -> None:
    scene = parse_scene(small_scene, "tiny.json")
    plain = dict(small_scene, characters=small_scene["characters"][:2] + small_scene["characters"][3:],
                 id="tiny2")
    with_robot = render.draw_scene(scene, (640, 360))
    without = render.draw_scene(parse_scene(plain, "tiny2.json"), (640, 360))
    robot = scene.character("tiny-robot")
    assert robot is not None
    centre = (round(robot.x * 640), round(robot.y * 360))
    assert with_robot.get_at(centre) != without.get_at(centre)


def test_disk_cache_is_used_on_the_next_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = SCENES["beach"]
    first = render.render_scene(scene, (640, 360), cache_dir=tmp_path)
    cached = render.cache_path(scene, (640, 360), tmp_path)
    assert cached.is_file()
    render.forget_memory_cache()   # as if the process had restarted

    def must_not_draw(*args: Any, **kwargs: Any) -> pygame.Surface:
        raise AssertionError("rendered again although a cached PNG exists")

    monkeypatch.setattr(render, "draw_scene", must_not_draw)
    second = render.render_scene(scene, (640, 360), cache_dir=tmp_path)
    assert second.get_size() == first.get_size()
    assert second.get_bitsize() == 32 and first.get_bitsize() == 32   # the windows' own format
    assert pygame.image.tobytes(second, "RGB") == pygame.image.tobytes(first, "RGB")


def test_cache_key_follows_the_content(small_scene: dict[str, Any], tmp_path: Path) -> None:
    scene = parse_scene(small_scene, "tiny.json")
    small_scene["characters"][0]["x"] = 0.25
    moved = parse_scene(small_scene, "tiny.json")
    assert render.cache_path(scene, (640, 360), tmp_path) != render.cache_path(moved, (640, 360), tmp_path)
    assert render.cache_path(scene, (640, 360), tmp_path) != render.cache_path(scene, (641, 360), tmp_path)
    assert render.cache_path(scene, (640, 360), tmp_path).name.startswith("tiny-640x360-")


def test_a_corrupt_cache_file_is_rendered_again(small_scene: dict[str, Any], tmp_path: Path) -> None:
    scene = parse_scene(small_scene, "tiny.json")
    path = render.cache_path(scene, (320, 180), tmp_path)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a png")
    surface = render.render_scene(scene, (320, 180), cache_dir=tmp_path)
    assert surface.get_size() == (320, 180)
    assert pygame.image.load(str(path)).get_size() == (320, 180)


def test_one_scene_at_4k(tmp_path: Path) -> None:
    surface = render.render_scene(SCENES["carnival"], (3840, 2160), cache_dir=tmp_path)
    assert surface.get_size() == (3840, 2160)
    assert _distinct_colours(surface, 61) > 100


def test_every_shipped_emoji_has_a_glyph() -> None:
    missing = sorted({f"{scene.id}: {figure.id} {figure.art.emoji!r}"
                      for scene in SCENES.values() for figure in (*scene.characters, *scene.props)
                      if figure.art.emoji and render.glyph(figure.art.emoji) is None})
    assert missing == []


def test_highlight_rings_the_character_inside_a_zoomed_view() -> None:
    scene = SCENES["museum"]
    character = min(scene.suspects(), key=lambda c: abs(c.x - 0.5) + abs(c.y - 0.5))   # well inside the view
    screen = pygame.Surface((800, 500))
    screen.fill((0, 0, 0))
    view = pygame.Rect(-400, -250, 1600, 1000)   # zoomed 2x and panned
    dirty = render.draw_highlight(screen, scene, character, view)
    cx, cy = render.character_center(character, view)
    radius = render.character_radius(scene, character, view.size)
    assert radius > 5
    assert dirty.collidepoint(cx, cy)
    ring = screen.get_at((round(cx + radius * 1.25 + 2), round(cy)))
    assert ring != pygame.Color(0, 0, 0)


def test_render_command_writes_a_png(tmp_path: Path, small_scene: dict[str, Any],
                                     write_scenes: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LASTMESSAGE_CACHE", str(tmp_path / "cache"))
    folder = write_scenes(small_scene)
    out = tmp_path / "out" / "tiny.png"
    assert main(["scenes", "render", "tiny", "--size", "400x300", "--out", str(out), "--labels",
                 "--scenes", str(folder)]) == 0
    assert pygame.image.load(str(out)).get_size() == (400, 300)


def test_render_command_refuses_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenes", "render", "atlantis", "--out", str(tmp_path / "x.png")]) == 2
    assert 'no scene "atlantis"' in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["scenes", "render", "beach", "--size", "big", "--out", str(tmp_path / "x.png")])
    assert "must look like 1920x1080" in capsys.readouterr().err


def test_list_json_has_characters_and_props(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenes", "list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [s["id"] for s in listed] == ["harbour", "station", "museum", "beach", "ski", "carnival"]
    first = listed[0]
    # PLAY_SCRIPT.md's keys, and those docs/contract.md added for life and depth
    assert set(first) == {"id", "title", "characters", "props", "theme", "groups", "set_pieces", "lighting"}
    assert set(first["characters"][0]) == {"id", "name", "sentient", "x", "y", "traits", "scale", "facing", "box"}
    assert set(first["props"][0]) == {"id", "name", "x", "y"}


def test_credits_name_the_licences(capsys: pytest.CaptureFixture[str]) -> None:
    from lastmessage.scenes.credits import credits_text
    text = credits_text()
    assert "Noto Color Emoji" in text and "Open Font License 1.1" in text and "Apache License 2.0" in text
    assert main(["scenes", "credits"]) == 0
    assert "Apache License 2.0" in capsys.readouterr().out


def _unused(scene: Scene) -> None:  # keeps the import used for type hints
    del scene


def test_the_memory_cache_holds_the_rasters_of_two_scenes_at_most(tmp_path: Path) -> None:
    """A count, not only bytes: rasters of three small scenes fit the budget, yet the first
    scene's go when the third comes (a repeat loads from the disk cache)."""
    render.forget_memory_cache()
    first, second, third = (SCENES[scene_id] for scene_id in ("beach", "harbour", "station"))
    for scene in (first, second):
        for size in ((320, 180), (400, 225)):
            render.render_scene(scene, size, cache_dir=tmp_path)
    assert {key[0] for key in render._memory} == {"beach", "harbour"}
    render.render_scene(third, (320, 180), cache_dir=tmp_path)
    assert {key[0] for key in render._memory} == {"harbour", "station"}
    assert render.ready_raster(first, (320, 180)) is None and render.ready_raster(first, (400, 225)) is None
    assert render.ready_raster(second, (400, 225)) is not None
    again = render.render_scene(first, (320, 180), cache_dir=tmp_path)   # from the disk; the scene used longest ago goes
    assert again.get_size() == (320, 180) and {key[0] for key in render._memory} == {"beach", "harbour"}


def test_a_scene_let_go_is_not_kept_alive_by_its_digest_or_hit_table(small_scene: dict[str, Any]) -> None:
    """The digest and the hit-test table of a scene are remembered while the scene lives, not
    longer: holding it kept the crowds of 16 past games alive."""
    import gc
    import weakref

    from lastmessage.scenes import hittest

    scene = parse_scene(dict(small_scene, id="passing"), "passing.json")
    render.scene_digest(scene)
    hittest.character_at(scene, 0.5, 0.5, size=(640, 360))
    gone = weakref.ref(scene)
    del scene
    gc.collect()
    assert gone() is None
