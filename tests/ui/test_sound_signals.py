"""What the screens show of the sounds: captions, and the last seconds' beat, on rendered frames."""

from __future__ import annotations

import hashlib

import pygame
import pytest

from lastmessage.table.app import App
from lastmessage.clock import SimulatedClock
from lastmessage.commands import ChooseScene, Erase, Flip, Pick
from lastmessage.hal.base import Intent, IntentKind, Sound
from lastmessage.hal.sim import SimHal
from lastmessage.rules.config import Rules
from lastmessage.rules.projections import public_view
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
from lastmessage.sound.captions import Caption, CAPTION_SECONDS
from lastmessage.ui import theme
from lastmessage.ui.detective import signals
from lastmessage.ui.detective.layout import MIN_TEXT, Layout
from lastmessage.ui.tension import glow
from lastmessage.i18n.translate import translator

from vision import contrast, difference, simulate

CATALOG = load_scenes(shipped_scenes_dir())
DEFICIENCIES = ("protanopia", "deuteranopia")
TIMER = 30


def clues_at(left: float, *, tablet: tuple[int, int] = (1280, 800), language: str = "en",
             ) -> tuple[App, pygame.Surface, pygame.Surface]:
    """A fresh table with the clue timer showing `left` seconds, both screens drawn."""
    pygame.init()
    clock = SimulatedClock()
    app = App(catalog=CATALOG, rules=Rules(timer_seconds=TIMER), clock=clock, hal=SimHal(),
              tablet_size=tablet, detective_size=(1920, 1080), language=language)
    for command in (ChooseScene("harbour"), Pick("harbour-p200"), Flip()):
        app.execute(command, "test")
    screens = pygame.Surface(tablet), pygame.Surface((1920, 1080))
    clock.advance(TIMER - left)
    app.step()
    app.draw(*screens)
    return app, *screens


def digest(surface: pygame.Surface) -> str:
    return hashlib.sha256(pygame.image.tobytes(surface, "RGB")).hexdigest()


def test_the_beat_is_a_pure_function_of_the_time_left() -> None:
    first, second = clues_at(4.3), clues_at(4.3)
    assert digest(first[1]) == digest(second[1]) and digest(first[2]) == digest(second[2])


def test_the_monitor_edges_glow_only_in_the_last_seconds_brighter_on_each_tick() -> None:
    edge = (960, 3)   # the top bar, inside the glow band
    calm = clues_at(6.5)[2].get_at(edge)[:3]
    on_tick = clues_at(5.0)[2].get_at(edge)[:3]
    between = clues_at(4.3)[2].get_at(edge)[:3]
    assert calm == theme.NIGHT_RAISED
    for deficiency in (None, *DEFICIENCIES):
        seen = (lambda c: c) if deficiency is None else (lambda c, d=deficiency: simulate(c, d))
        assert difference(seen(on_tick), seen(calm)) > 15
        assert difference(seen(on_tick), seen(between)) > 5


@pytest.mark.parametrize("beat", [0.0, 0.6, 1.0])
def test_the_beating_digits_stay_legible_for_every_colour_vision(beat: float) -> None:
    for under in (theme.NIGHT_RAISED, theme.NIGHT):   # the monitor's plate, the tablet's disc
        plate = glow(under, beat)
        assert contrast(theme.TEXT, plate) >= 4.5
        for deficiency in DEFICIENCIES:
            assert contrast(simulate(theme.TEXT, deficiency), simulate(plate, deficiency)) >= 4.5


def test_the_digits_grow_on_the_tick_on_both_screens() -> None:
    app, tablet, detective = clues_at(5.0)
    _, tablet_later, detective_later = clues_at(4.3)
    ring = app.tablet._by_phase[app.game.phase].ring.rect   # type: ignore[attr-defined]
    assert digest(tablet.subsurface(ring)) != digest(tablet_later.subsurface(ring))

    def cream(surface: pygame.Surface) -> int:
        area = pygame.Rect(1000, 850, 180, 150)   # the monitor's seconds, right of the timer bar
        return sum(1 for x in range(area.x, area.right) for y in range(area.y, area.bottom)
                   if surface.get_at((x, y))[:3] == theme.TEXT)
    assert cream(detective_later) > 500 and cream(detective) > 1.2 * cream(detective_later)


def test_the_tick_caption_shows_on_both_screens_then_goes() -> None:
    app, tablet, detective = clues_at(4.5)
    assert [c.sound for c in app.status().captions] == [Sound.TICK]
    _, quiet_tablet, quiet_detective = clues_at(6.5)
    top_bar = pygame.Rect(1100, 0, 500, 70)
    assert digest(detective.subsurface(top_bar)) != digest(quiet_detective.subsurface(top_bar))
    app.clock.advance(10)   # time up, then its caption over
    app.step()
    assert all(c.sound is not Sound.TICK for c in app.status().captions)
    app.clock.advance(CAPTION_SECONDS[Sound.TIME_UP])
    assert app.status().captions == ()


@pytest.mark.parametrize("language", ["en", "ro"])
@pytest.mark.parametrize("sound", list(Sound))
def test_captions_on_the_monitor_are_big_enough_and_clear_of_the_game(language: str, sound: Sound) -> None:
    pygame.init()
    layout = Layout((1920, 1080), 4)
    surface = pygame.Surface((1920, 1080))
    shown = signals.caption(surface, layout, translator(language), Caption(sound, 0, 1), 4)
    assert shown.h >= layout.theme.px(MIN_TEXT) * 1.2   # a 28 px line at least, on its plate
    assert shown.colliderect(layout.top_bar) and layout.top_bar.contains(shown)
    assert shown.left > 1920 // 2 - layout.theme.px(200)   # right of the title's room


def test_a_caption_on_the_tablet_keeps_clear_of_its_buttons() -> None:
    app, tablet, _ = clues_at(4.5, tablet=(1024, 600), language="ro")
    screen = app.tablet._by_phase[app.game.phase]   # type: ignore[attr-defined]
    area = screen.caption_area()
    assert area is not None
    assert not any(area.colliderect(button.rect) for button in screen._buttons())
    assert not area.colliderect(screen.ring.rect)
    assert any(tablet.get_at((x, area.centery))[:3] == theme.TEXT for x in range(area.x, area.right))


def test_frames_drawn_one_after_another_equal_a_fresh_picture_with_captions_and_the_beat() -> None:
    """The caption is a top layer that stays put while what is under it changes;
    whatever happens under or around it, the picture is the one a full repaint gives."""
    pygame.init()

    def table() -> App:
        app = App(catalog=CATALOG, rules=Rules(timer_seconds=TIMER), clock=SimulatedClock(), hal=SimHal(),
                  tablet_size=(1280, 800), detective_size=(1920, 1080))
        for command in (ChooseScene("harbour"), Pick("harbour-p200"), Flip()):
            app.execute(command, "test")
        return app

    def to(app: App, t: float, screens: tuple[pygame.Surface, pygame.Surface] | None = None) -> None:
        """Frames at 60 fps up to game time t (drawn on `screens`), then one at t."""
        while app.screen_time() + 1 / 60 < t:
            app.clock.advance(1 / 60)
            app.step()
            if screens is not None:
                app.draw(*screens)
        app.clock.advance(t - app.screen_time())
        app.step()
        if screens is not None:
            app.draw(*screens)

    live = table()
    screens = pygame.Surface((1280, 800)), pygame.Surface((1920, 1080))
    checks = [(23.5, None), (25.0, None), (26.6, None), (29.95, None), (30.4, Erase((0, 2, 4, 6, 8))),
              (31.5, None), (31.52, move_right), (32.4, move_right), (33.0, None), (34.5, None)]
    done: list[tuple[float, object]] = []
    for t, action in checks:
        to(live, t, screens)
        if action is not None:
            if callable(action):
                action(live)
            else:
                live.execute(action, "test")   # type: ignore[arg-type]
            live.draw(*screens)
        done.append((t, action))
        fresh = table()
        for when, act in done:
            to(fresh, when)
            if act is not None:
                act(fresh) if callable(act) else fresh.execute(act, "test")   # type: ignore[arg-type]
        pictures = pygame.Surface((1280, 800)), pygame.Surface((1920, 1080))
        fresh.draw(*pictures)
        assert fresh.status().captions == live.status().captions
        assert digest(pictures[1]) == digest(screens[1]), f"monitor at {t}"
        assert digest(pictures[0]) == digest(screens[0]), f"tablet at {t}"


def move_right(app: App) -> None:
    for command in app.detective.handle_intent(Intent(IntentKind.MOVE_RIGHT, app.clock.now()),
                                               public_view(app.game)):
        app.execute(command, "test")
