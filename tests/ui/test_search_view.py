"""The detectives' search view: zoom steps, panning within the scene, the overview,
taps choosing the character seen under them, the secret never drawn, and the
size the suspects reach at 2x on a 1080p monitor."""

from __future__ import annotations

import statistics

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from lastmessage.clock import SimulatedClock
from lastmessage.commands import Accuse, AddWord, Erase, Flip, Pick, ChooseScene
from lastmessage.hal.base import Intent, IntentKind
from lastmessage.hal.sim import SimHal
from lastmessage.journal.codec import CodecError, decode_action, encode_command
from lastmessage.commands import Zoom
from lastmessage.rules.config import Rules
from lastmessage.scenes.hittest import character_at
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
from lastmessage.table.app import App
from lastmessage.ui.detective.search import suspect_heights
from lastmessage.scenes.geometry import fit
from lastmessage.ui.detective.view import LEVELS, geometry, panned, zoomed
from lastmessage.ui.present import compose
from lastmessage.ui.screen import Pointer
from lastmessage.ui.text import tag_place

SCENES = load_scenes(shipped_scenes_dir())
MONITOR = (1920, 1080)


def deciding(secret: str = "harbour-p050") -> tuple[App, pygame.Surface]:
    """A table whose detectives are deciding round 1 of the harbour."""
    clock = SimulatedClock()
    app = App(catalog=SCENES, rules=Rules(), clock=clock, hal=SimHal(), tablet_size=(1280, 800),
              detective_size=MONITOR)
    app.execute(ChooseScene("harbour"), "test")
    app.execute(Pick(secret), "test")
    app.execute(Flip(), "test")
    app.execute(AddWord(4, "hat"), "test")
    clock.advance(31)
    app.step()
    app.execute(Erase((0, 1, 2, 3, 5)), "test")
    return app, pygame.Surface(MONITOR)


def zoom(app: App) -> None:
    for command in app.detective.handle_intent(Intent(IntentKind.ZOOM, app.clock.now()), app.views.public):
        app.execute(command, "test")


def picture(app: App, surface: pygame.Surface) -> bytes:
    app.step()
    app.draw(pygame.Surface((1280, 800)), surface)
    return pygame.image.tobytes(compose(surface, app.layers()[1]), "RGB")


# ---- the view's arithmetic ---------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.integers(640, 3840), st.integers(400, 2160), st.sampled_from(LEVELS),
       st.tuples(st.floats(-1, 2), st.floats(-1, 2)), st.tuples(st.floats(0, 1), st.floats(0, 1)))
def test_scene_points_and_screen_pixels_round_trip_at_every_zoom_and_pan(
        width: int, height: int, level: int, centre: tuple[float, float], point: tuple[float, float]) -> None:
    view = geometry(fit(16 / 9, (0, 0, width, height)), level, centre)
    back = view.to_scene(*view.to_screen(*point))
    assert back == pytest.approx(point, abs=1e-9)
    pixel = (view.viewport[0] + 0.37 * view.viewport[2], view.viewport[1] + 0.81 * view.viewport[3])
    assert view.to_screen(*view.to_scene(*pixel)) == pytest.approx(pixel, abs=1e-6)
    x0, y0, x1, y1 = view.shown()   # never anything outside the scene
    assert -1e-9 <= x0 <= x1 <= 1 + 1e-9 and -1e-9 <= y0 <= y1 <= 1 + 1e-9
    assert x1 - x0 == pytest.approx(1 / level, abs=1e-3)


def test_a_pan_stops_at_the_edges_of_the_scene() -> None:
    view = geometry((0, 0, 1920, 1080), 3, (0.5, 0.5))
    far = panned(view, 100_000, 100_000)   # the picture dragged right and down: the top left shows
    assert far.origin == (0, 0)
    far = panned(view, -100_000, -100_000)
    assert far.shown()[2:] == pytest.approx((1.0, 1.0))
    assert panned(geometry((0, 0, 1920, 1080), 1, (0.2, 0.9)), 500, 500).origin == (0, 0)   # 1x: the whole scene


def test_zooming_keeps_the_point_under_the_wheel_where_it_was() -> None:
    view = geometry((0, 0, 1920, 1080), 2, (0.5, 0.5))
    anchor = (900.0, 500.0)
    under = view.to_scene(*anchor)
    assert zoomed(view, 3, anchor).to_screen(*under) == pytest.approx(anchor, abs=1.0)


# ---- on the monitor ------------------------------------------------------------------

def test_zoom_steps_from_the_table_through_1x_2x_3x_and_back() -> None:
    app, surface = deciding()
    assert app.detective.search_level() == 0
    seen = []
    for _ in range(4):
        zoom(app)
        seen.append(app.detective.search_level())
    assert seen == [1, 2, 3, 0]


def test_zoom_does_nothing_until_the_detectives_decide() -> None:
    clock = SimulatedClock()
    app = App(catalog=SCENES, rules=Rules(), clock=clock, hal=SimHal(), tablet_size=(1280, 800),
              detective_size=MONITOR)
    app.execute(ChooseScene("harbour"), "test")
    app.execute(Pick("harbour-p050"), "test")
    app.execute(Flip(), "test")
    zoom(app)
    assert app.detective.search_level() == 0


def test_the_overview_frames_the_part_in_view() -> None:
    app, surface = deciding()
    for _ in range(2):
        zoom(app)
    picture(app, surface)
    layers = {layer.key: layer for layer in app.layers()[1]}
    scene = SCENES["harbour"]
    overview = app.detective.search.overview_rect(scene)
    x0, y0, x1, y1 = app.detective.search.view(scene).shown()
    frame = layers[("search", "in view")].dest
    assert frame.x == pytest.approx(overview.x + x0 * overview.w, abs=1)
    assert frame.w == pytest.approx((x1 - x0) * overview.w, abs=1)
    assert frame.y == pytest.approx(overview.y + y0 * overview.h, abs=1)


def test_a_tap_at_2x_and_3x_chooses_the_character_drawn_there() -> None:
    app, surface = deciding()
    scene = SCENES["harbour"]
    zoom(app)
    for _ in range(2):
        zoom(app)
        geo = app.detective.search.view(scene)
        checked = 0
        for character in scene.suspects():
            spot = app.detective.locate(app.views.public, "character", character.id)
            if spot is None:
                continue
            expected = character_at(scene, *geo.to_scene(*spot), size=geo.render_size) or character
            app.detective_input(Pointer("down", *spot, id=1))
            app.detective_input(Pointer("up", *spot, id=1))
            assert app.detective.cursor.on(scene).id == expected.id
            checked += 1
        assert checked >= 10


def test_a_drag_pans_and_is_no_tap() -> None:
    app, surface = deciding()
    scene = SCENES["harbour"]
    zoom(app)
    zoom(app)
    before_view, before_cursor = app.detective.search.view(scene).origin, app.detective.cursor.on(scene).id
    app.detective_input(Pointer("down", 900, 500, id=1))
    app.detective_input(Pointer("move", 700, 450, id=1))
    app.detective_input(Pointer("up", 700, 450, id=1))
    after = app.detective.search.view(scene).origin
    assert after != before_view
    assert app.detective.cursor.on(scene).id == before_cursor


def test_a_pan_moves_the_tiles_it_shows_and_draws_only_those_it_uncovers() -> None:
    """Each piece of a tile is handed over as the same picture, under the same key, while in
    view (its texture stays up); a drag only moves it. A key may take a new picture only once
    its piece left the view (tile_textures.py)."""
    app, surface = deciding()
    zoom(app)
    zoom(app)

    def tiles() -> dict[int, tuple[object, tuple[float, float]]]:
        picture(app, surface)
        return {id(layer.image): (layer.key, (layer.dest.x, layer.dest.y)) for layer in app.layers()[1]
                if layer.key[0] == "tile" and layer.alpha}

    seen = tiles()
    app.detective_input(Pointer("down", 1400, 700, id=1))
    moved = 0
    for step in range(1, 40):
        app.detective_input(Pointer("move", 1400 - 20 * step, 700 - 8 * step, id=1))
        now = tiles()
        for image in now.keys() & seen.keys():
            assert now[image][0] == seen[image][0], f"piece {now[image][0]} changed texture while in view"
            moved += now[image][1] != seen[image][1]
        seen = now
    app.detective_input(Pointer("up", 620, 388, id=1))
    assert moved > 100


@settings(max_examples=300, deadline=None)
@given(st.tuples(st.integers(20, 900), st.integers(20, 200)), st.tuples(st.floats(-500, 2500), st.floats(-500, 1500)),
       st.floats(0, 200), st.booleans())
def test_a_name_tag_is_always_whole_inside_its_bounds(size: tuple[int, int], centre: tuple[float, float],
                                                       reach: float, overlay: bool) -> None:
    bounds = pygame.Rect(8, 8, 1904, 964)
    place = tag_place(size, centre, reach, bounds, pygame.Rect(1500, 500, 400, 300) if overlay else None)
    assert bounds.contains(place)


def test_the_search_view_crosses_out_the_wrongly_accused_and_tags_the_cursor_whole() -> None:
    app, surface = deciding()
    scene = SCENES["harbour"]
    innocent = max((c for c in scene.suspects() if c.id != "harbour-p050" and 0.3 < c.y < 0.5), key=lambda c: c.x)
    assert innocent.x > 0.95   # by the right edge, where a tag would be cut
    app.execute(Accuse(innocent.id), "test")
    app.clock.advance(30)
    app.step()
    app.execute(Flip(), "test")
    app.execute(AddWord(4, "cap"), "test")
    app.clock.advance(31)
    app.step()
    app.execute(Erase((0, 1, 2, 3)), "test")
    zoom(app)
    for level in (1, 2, 3):
        if level > 1:
            zoom(app)
        app.detective.search.centre_on(scene, (innocent.x, innocent.y))
        spot = app.detective.locate(app.views.public, "character", innocent.id)
        assert spot is not None
        app.detective_input(Pointer("down", *spot, id=1))
        app.detective_input(Pointer("up", *spot, id=1))
        picture(app, surface)
        layers = {layer.key: layer for layer in app.layers()[1]}
        assert ("search", "cross", innocent.id) in layers, f"no cross at {level}x"
        tag = layers[("search", "tag")]
        assert surface.get_rect().contains(pygame.Rect(tag.dest)) and tag.area is None, f"tag cut at {level}x"
        assert not tag.dest.colliderect(app.detective.search.strip_rect())


def test_the_secret_is_never_drawn_on_the_search_view() -> None:
    shots = []
    for secret in ("harbour-p050", "harbour-p120"):
        app, surface = deciding(secret)
        zoom(app)
        zoom(app)
        shots.append(picture(app, surface))
    assert shots[0] == shots[1]


def test_at_2x_the_median_suspect_is_at_least_72_px_tall_on_a_1080p_monitor() -> None:
    for scene in SCENES.values():
        size = geometry(fit(scene.aspect, (0, 0, *MONITOR)), 2, (0.5, 0.5)).render_size
        assert statistics.median(suspect_heights(scene, size)) >= 72, scene.id


# ---- the script action --------------------------------------------------------------

def test_the_zoom_action_reads_and_writes_as_the_contract_says() -> None:
    action = decode_action('{"action": "zoom", "level": 2, "at": [0.25, 0.75]}')
    assert action == Zoom(2, (0.25, 0.75))
    assert decode_action(encode_command(action)) == action


@pytest.mark.parametrize("line", [
    '{"action": "zoom", "level": 4, "at": [0.5, 0.5]}',
    '{"action": "zoom", "level": 0, "at": [0.5, 0.5]}',
    '{"action": "zoom", "level": 2.5, "at": [0.5, 0.5]}',
    '{"action": "zoom", "level": true, "at": [0.5, 0.5]}',
    '{"action": "zoom", "level": 2}',
    '{"action": "zoom", "level": 2, "at": [0.5]}',
    '{"action": "zoom", "level": 2, "at": [0.5, 1.5]}',
    '{"action": "zoom", "level": 2, "at": ["a", 0.5]}',
    '{"action": "zoom", "level": 2, "at": {"x": 0.5}}',
])
def test_a_malformed_zoom_is_a_malformed_script_line(line: str) -> None:
    with pytest.raises(CodecError) as error:
        decode_action(line)
    assert "\n" not in str(error.value)
