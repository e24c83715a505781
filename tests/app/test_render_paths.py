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

from lastmessage.app import App
from lastmessage.clock import SimulatedClock
from lastmessage.commands import Accuse, AddStroke, AddWord, ChooseScene, Command, Erase, Flip, Pick
from lastmessage.display import WindowDisplay
from lastmessage.hal.base import Intent, IntentKind
from lastmessage.loop import run_frames
from lastmessage.present import FlipOutput, TextureOutput, open_output, render_driver, upload_rects
from lastmessage.rules.projections import public_view
from tables import CATALOG, make_app

TOLERANCE = 2   # per colour channel, out of 255


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


def time_up(app: App) -> None:
    assert isinstance(app.clock, SimulatedClock)
    app.clock.advance(31)
    app.step()


SUSPECTS = CATALOG["harbour"].suspects()
STROKE = tuple((0.1 + 0.8 * k / 30, 0.3 + 0.4 * (k % 6) / 6) for k in range(30))
# (what happens, then how many frames pass before the pictures are compared)
BEATS: list[tuple[str, list[Callable[[App], None]], int]] = [
    ("attract", [], 3),
    ("pick", [run(ChooseScene("harbour"))], 3),
    ("clues", [run(Pick(SUSPECTS[0].id)), run(Flip()), run(AddStroke(STROKE)), run(AddWord(4, "boat"))], 4),
    ("board arriving", [time_up, run(Erase((0, 1, 2, 3, 4)))], 20),
    ("board settled", [], 60),
    ("cursor", [move(IntentKind.MOVE_RIGHT), move(IntentKind.MOVE_RIGHT), move(IntentKind.MOVE_DOWN)], 3),
    ("verdict", [run(Accuse(SUSPECTS[1].id))], 30),
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
                for output, dirty in zip(outputs, renderer.frame()):
                    output.upload(dirty)
                    output.present()
            for output, drawn, name in zip(outputs, (software.tablet, software.detective), ("tablet", "detective")):
                assert largest_difference(output.read_back(), drawn) <= TOLERANCE, f"{name}, {beat}"
    finally:
        for output in outputs:
            output.close()
        for window in windows:
            window.destroy()


def test_a_steady_frame_uploads_nothing_and_a_cursor_step_a_small_part() -> None:
    pygame.init()
    window = pygame.Window("detective", (1920, 1080))
    output = TextureOutput(window, window.size, pygame.Rect((0, 0), window.size))
    table = Table(pygame.Surface((1280, 800)), output.screen)
    try:
        for _, actions, _ in BEATS[:5]:
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
