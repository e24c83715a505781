"""The renderer path shows the picture the software path draws.

Frames go to the window through SDL's renderer, uploading only the rectangles
the views report as changed. If a view forgot a rectangle, the texture would
keep a stale patch: so the same game is played by two apps side by side, one
drawing on plain surfaces (the software path of headless play and
screenshots), one through the renderer, and what the renderer shows is read
back and compared. Under SDL's dummy video driver the renderer is SDL's
software renderer; under its offscreen driver (EGL, Mesa here) it is the
GLES2 renderer a Raspberry Pi uses.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lastmessage.table.app import App
from lastmessage.clock import SimulatedClock
from lastmessage.commands import Accuse, AddStroke, AddWord, ChooseScene, Command, Erase, Flip, Pick
from lastmessage.ui.display import WindowDisplay
from lastmessage.hal.base import Intent, IntentKind
from lastmessage.table.loop import run_frames
from lastmessage.ui.present import (FlipOutput, Layer, TextureOutput, compose, compose_onto, open_output, render_driver,
                                  solid, upload_rects)
from lastmessage.rules.projections import public_view, tablet_view
from lastmessage.ui.screen import Pointer
from tables import CATALOG, make_app

TOLERANCE = 4   # per colour channel, out of 255: SDL and pygame round a translucent pixel a little apart


@pytest.fixture(params=["dummy", "offscreen"])
def video_driver(request: pytest.FixtureRequest) -> Iterator[str]:
    """SDL's video driver for one test, put back after it (SDL reads it when video starts)."""
    saved = os.environ.get("SDL_VIDEODRIVER")
    pygame.display.quit()
    os.environ["SDL_VIDEODRIVER"] = request.param
    try:
        pygame.init()
        if not pygame.display.get_init():
            pytest.skip(f"SDL has no {request.param} video driver here")
        yield request.param
    finally:
        pygame.display.quit()
        if saved is None:
            os.environ.pop("SDL_VIDEODRIVER", None)
        else:
            os.environ["SDL_VIDEODRIVER"] = saved
        pygame.display.init()


def largest_difference(shown: pygame.Surface, drawn: pygame.Surface) -> int:
    a, b = pygame.image.tobytes(shown, "RGB"), pygame.image.tobytes(drawn, "RGB")
    assert len(a) == len(b)
    return 0 if a == b else max(abs(x - y) for x, y in zip(a, b))


class Table:
    """One app and its clock; `draw` puts a frame on its screens."""

    def __init__(self, tablet: pygame.Surface, detective: pygame.Surface) -> None:
        self.clock = SimulatedClock()
        self.app = make_app(self.clock, tablet=tablet.get_size(), detective=detective.get_size())
        self.tablet, self.detective = tablet, detective

    def frame(self) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        self.clock.advance(1 / 60)
        self.app.step()
        return self.app.draw(self.tablet, self.detective)


def move(direction: IntentKind) -> Callable[[App], None]:
    def act(app: App) -> None:
        for command in app.detective.handle_intent(Intent(direction, app.clock.now()), public_view(app.game)):
            app.execute(command, "detective")
    return act


def run(command: Command) -> Callable[[App], None]:
    return lambda app: app.execute(command, "test") and None


def tap_tablet(target: str, arg: object = None) -> Callable[[App], None]:
    def act(app: App) -> None:
        where = app.tablet.locate(tablet_view(app.game), target, arg)
        assert where is not None, target
        app.tablet_input(Pointer("down", *where))
        app.tablet_input(Pointer("up", *where))
    return act


def choose_one_in_view(app: App) -> None:
    """Tap the first suspect the pick screen shows (its ring and name tag are layers)."""
    view = tablet_view(app.game)
    where = next(spot for c in SUSPECTS if (spot := app.tablet.locate(view, "character", c.id)) is not None)
    app.tablet_input(Pointer("down", *where))
    app.tablet_input(Pointer("up", *where))


def drag_tablet(app: App) -> None:
    """A finger drags the pick screen's scene up and to the left."""
    for kind, x, y in (("down", 640.0, 400.0), ("move", 600.0, 380.0), ("move", 520.0, 330.0), ("up", 520.0, 330.0)):
        app.tablet_input(Pointer(kind, x, y))  # type: ignore[arg-type]


def time_up(app: App) -> None:
    assert isinstance(app.clock, SimulatedClock)
    app.clock.advance(31)
    app.step()


SUSPECTS = CATALOG["harbour"].suspects()
STROKE = tuple((0.1 + 0.8 * k / 30, 0.3 + 0.4 * (k % 6) / 6) for k in range(30))
# (what happens, then how many frames pass before the pictures are compared)
BEATS: list[tuple[str, list[Callable[[App], None]], int]] = [
    ("attract", [], 3),
    ("roles", [run(ChooseScene("harbour"))], 3),
    ("pick", [tap_tablet("guide", False)], 3),
    ("pick zoomed and panned", [tap_tablet("zoom_in"), drag_tablet], 3),
    ("pick chosen", [choose_one_in_view], 3),
    ("pick zoomed out", [tap_tablet("zoom_out")], 3),
    ("clues", [run(Pick(SUSPECTS[0].id)), run(Flip()), run(AddStroke(STROKE)), run(AddWord(4, "boat"))], 4),
    ("board arriving", [time_up, run(Erase((0, 1, 2, 3, 4)))], 20),
    ("board settled", [], 200),   # slid in and every square struck out
    ("cursor", [move(IntentKind.MOVE_RIGHT), move(IntentKind.MOVE_RIGHT), move(IntentKind.MOVE_DOWN)], 3),
    ("verdict", [run(Accuse(SUSPECTS[1].id))], 90),   # the lights down, the lens grown, the stamp at rest
]


@pytest.mark.parametrize("kind", [TextureOutput, FlipOutput])
def test_the_window_shows_what_the_software_path_draws_frame_after_frame(
        video_driver: str, kind: type[TextureOutput] | type[FlipOutput]) -> None:
    """Through the renderer, and through the flip kept for machines without one."""
    software = Table(pygame.Surface((1280, 800)), pygame.Surface((1920, 1080)))
    windows = [pygame.Window("tablet", (1280, 800)), pygame.Window("detective", (1920, 1080))]
    outputs = [kind(w, w.size) for w in windows]
    renderer = Table(outputs[0].screen, outputs[1].screen)
    try:
        if video_driver == "offscreen" and render_driver(outputs[0]) == "software":
            pytest.skip("no GL renderer under the offscreen driver here (no EGL)")
        for beat, actions, frames in BEATS:
            for act in actions:
                act(software.app)
                act(renderer.app)
            for _ in range(frames):
                software.frame()
                for output, dirty, layers in zip(outputs, renderer.frame(), renderer.app.layers()):
                    output.upload(dirty, None, layers)
                    output.present()
            for output, drawn, layers, name in zip(outputs, (software.tablet, software.detective),
                                                   software.app.layers(), ("tablet", "detective")):
                # Headless play and screenshots compose the layers in software (present.compose).
                assert largest_difference(output.read_back(), compose(drawn, layers)) <= TOLERANCE, f"{name}, {beat}"
    finally:
        for output in outputs:
            output.close()
        for window in windows:
            window.destroy()


def layered_picture() -> tuple[pygame.Surface, list[Layer]]:
    """A screen and layers of every kind: plain, part of an image, see-through,
    half off the screen, hidden, and a veil (a one-pixel image, scaled)."""
    screen = pygame.Surface((320, 200))
    for x in range(0, 320, 20):
        pygame.draw.rect(screen, (40 + x // 2, 90, 160 - x // 3), (x, 0, 20, 200))
    card = pygame.Surface((60, 40), pygame.SRCALPHA)
    card.fill((250, 240, 200, 255))
    pygame.draw.circle(card, (200, 30, 30, 160), (30, 20), 15)
    stripes = pygame.Surface((64, 64))
    for y in range(0, 64, 8):
        pygame.draw.rect(stripes, (y * 4, 255 - y * 4, 120), (0, y, 64, 8))
    return screen, [
        Layer("card", card, pygame.FRect(20, 30, 60, 40)),
        Layer("stripes", stripes, pygame.FRect(120, 20, 64, 32), area=pygame.Rect(0, 16, 64, 32)),
        solid("veil", (0, 0, 0, 128), pygame.FRect(0, 120, 320, 80)),
        Layer("faded", card, pygame.FRect(200, 100, 60, 40), alpha=128),
        Layer("leaving", card, pygame.FRect(290, 150, 60, 40)),
        Layer("hidden", stripes, pygame.FRect(0, 0, 320, 200), alpha=0),
    ]


@pytest.mark.parametrize("kind", [TextureOutput, FlipOutput])
def test_layers_show_the_same_over_the_screen_on_both_paths_and_in_screenshots(
        video_driver: str, kind: type[TextureOutput] | type[FlipOutput]) -> None:
    screen, layers = layered_picture()
    window = pygame.Window("layers", (320, 200))
    output = kind(window, (320, 200))
    try:
        output.screen.blit(screen, (0, 0))
        output.upload([output.screen.get_rect()], None, layers)
        output.present()
        assert largest_difference(output.read_back(), compose(screen, layers)) <= TOLERANCE
    finally:
        output.close()
        window.destroy()


def test_a_scaled_layer_is_scaled_by_the_gpu_as_smoothscale_scales_it() -> None:
    """Zoomed 2.5 times (the pick screen's zoom), the GPU's bilinear filter and smoothscale agree closely."""
    pygame.init()
    screen, layers = layered_picture()
    stripes = layers[1].image
    zoomed = [Layer("zoom", stripes, pygame.FRect(10, 10, 160, 160))]
    window = pygame.Window("zoom", (320, 200))
    output = TextureOutput(window, (320, 200))
    try:
        output.screen.blit(screen, (0, 0))
        output.upload([output.screen.get_rect()], None, zoomed)
        a = pygame.image.tobytes(output.read_back(), "RGB")
        b = pygame.image.tobytes(compose(screen, zoomed), "RGB")
        assert sum(abs(x - y) for x, y in zip(a, b)) / len(a) < 3
    finally:
        output.close()
        window.destroy()


def test_a_layer_is_uploaded_once_moved_for_nothing_and_freed_when_its_key_goes() -> None:
    pygame.init()
    screen, layers = layered_picture()
    card = layers[0]
    window = pygame.Window("layers", (320, 200))
    output = TextureOutput(window, (320, 200))
    try:
        output.upload([output.screen.get_rect()])
        output.present()
        assert output.upload([], None, [card]) and output.uploaded_bytes == 60 * 40 * 4
        output.present()
        assert not output.upload([], None, [card]) and not output.present(), "a still layer costs nothing"
        moved = Layer("card", card.image, pygame.FRect(25.5, 30, 90, 60))
        assert output.upload([], None, [moved]) and output.uploaded_bytes == 0, "moving is the GPU's work"
        output.present()
        redrawn = Layer("card", card.image, moved.dest, version=1)
        assert output.upload([], None, [redrawn]) and output.uploaded_bytes == 60 * 40 * 4
        output.upload([], None, [])
        assert output.upload([], None, [redrawn]) and output.uploaded_bytes == 60 * 40 * 4, "its texture was freed"
    finally:
        output.close()
        window.destroy()


def test_a_steady_frame_uploads_nothing_and_a_cursor_step_a_small_part() -> None:
    pygame.init()
    window = pygame.Window("detective", (1920, 1080))
    output = TextureOutput(window, window.size, pygame.Rect((0, 0), window.size))
    table = Table(pygame.Surface((1280, 800)), output.screen)
    try:
        settled = next(index for index, beat in enumerate(BEATS) if beat[0] == "board settled")
        for _, actions, _ in BEATS[:settled + 1]:
            for act in actions:
                act(table.app)
        for _ in range(60):
            output.upload(table.frame()[1])
        assert output.upload(table.frame()[1]) and output.uploaded_bytes == 0   # not yet presented
        output.present()
        assert not output.upload(table.frame()[1]) and not output.present()
        move(IntentKind.MOVE_LEFT)(table.app)
        output.upload(table.frame()[1])
        full = 1920 * 1080 * output.screen.get_bytesize()
        assert 0 < output.uploaded_bytes < 0.1 * full
        assert output.present()
    finally:
        output.close()
        window.destroy()


def test_the_simulator_shows_the_screens_scaled_by_the_renderer_with_the_panel_under_them() -> None:
    pygame.init()
    display = WindowDisplay((1280, 800), (1920, 1080), simulator=True)
    try:
        assert isinstance(display.detective_output, TextureOutput)
        app = make_app(SimulatedClock())
        run_frames(app, display, frames=3)
        shown = display.detective_output.read_back()
        view = shown.subsurface(pygame.Rect((0, 0), display._detective_view))
        scaled = pygame.transform.smoothscale(display.detective, view.get_size())
        a, b = pygame.image.tobytes(view, "RGB"), pygame.image.tobytes(scaled, "RGB")
        # Scaled to 0.3 here: the renderer filters bilinearly, smoothscale averages boxes, so
        # fine detail differs a little (about 4 of 255 on average); a wrong or stale picture, far more.
        assert sum(abs(x - y) for x, y in zip(a, b)) / len(a) < 6
        panel = shown.subsurface(pygame.Rect(0, view.get_height(), view.get_width(), display.panel_height))
        assert len(set(pygame.image.tobytes(panel, "RGB"))) > 3, "the LED panel is drawn under the view"
    finally:
        display.close()


def test_the_render_driver_is_named_as_sdl_knows_it(video_driver: str) -> None:
    window = pygame.Window("driver", (64, 64))
    output = TextureOutput(window, window.size, pygame.Rect(0, 0, 64, 64))
    try:
        name = render_driver(output)
        assert name == "software" if video_driver == "dummy" else name in ("opengles2", "opengl", "software")
    finally:
        output.close()
        window.destroy()


def test_a_screen_the_gpu_cannot_hold_falls_back_to_flipping_the_window(
        video_driver: str, caplog: pytest.LogCaptureFixture) -> None:
    window = pygame.Window("too wide", (64, 64))
    probe = TextureOutput(window, (64, 64))
    gpu = render_driver(probe) != "software"
    probe.close()
    try:
        if not gpu:
            pytest.skip("SDL's software renderer takes textures of any size")
        output = open_output(window, (40000, 8))   # wider than any GL texture
        assert isinstance(output, FlipOutput)
        assert "flipping the whole window instead" in caplog.text
    finally:
        window.destroy()


rects = st.builds(pygame.Rect, st.integers(-50, 250), st.integers(-50, 250), st.integers(0, 120),
                  st.integers(0, 120))


@given(st.lists(rects, max_size=6))
def test_uploads_cover_every_changed_pixel_on_screen_and_never_more_than_the_rectangles_given(
        dirty: list[pygame.Rect]) -> None:
    bounds = pygame.Rect(0, 0, 200, 150)
    uploads = upload_rects(dirty, bounds)
    assert all(bounds.contains(rect) and rect.w > 0 and rect.h > 0 for rect in uploads)
    for rect in dirty:
        inside = rect.clip(bounds)
        for x, y in ((inside.left, inside.top), (inside.right - 1, inside.bottom - 1)):
            if inside.w and inside.h:
                assert any(u.collidepoint(x, y) for u in uploads)
    clipped_area = sum(r.clip(bounds).w * r.clip(bounds).h for r in dirty)
    assert sum(u.w * u.h for u in uploads) <= clipped_area


def test_bench_driver_names_the_drivers_for_an_installer(video_driver: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    from lastmessage.cli import main

    assert main(["bench", "--driver"]) == 0
    line = capsys.readouterr().out.strip()
    advice = "; no screen here: run it in the desktop session, or with SDL_VIDEODRIVER=kmsdrm on the console"
    if video_driver == "dummy":
        assert line == "video driver dummy, render driver software (no GPU: SDL's software renderer)" + advice
    else:
        assert line.startswith("video driver offscreen, render driver ") and line.endswith(advice)


@given(st.integers(-50, 90), st.integers(-40, 70), rects)
def test_a_layer_seen_through_a_window_shows_exactly_its_part_inside(x: int, y: int, window: pygame.Rect) -> None:
    """Layer.within: what the pick screen's ring and name tag use to stay inside the view."""
    image = pygame.Surface((40, 30), pygame.SRCALPHA)
    for k in range(0, 40, 5):
        pygame.draw.line(image, (6 * k, 255 - 6 * k, 90, 100 + 3 * k), (k, 0), (39 - k, 29), 3)
    layer = Layer("ring", image, pygame.FRect(x, y, 40, 30))
    screen = pygame.Surface((200, 150))
    screen.fill((30, 60, 90))
    expected = screen.copy()
    expected.set_clip(window)
    compose_onto(expected, [layer])
    part = layer.within(window)
    shown = compose(screen, [part] if part is not None else [])
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(expected, "RGB")
