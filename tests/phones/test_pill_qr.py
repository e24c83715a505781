"""While the game is played the monitor's pill carries a small QR code of the join address: a latecomer scans
it rather than typing the address. It is the address's own code, read back module by module from the pixels
the monitor shows, with white around it, and it stays in the top bar: the scene is not covered."""

from __future__ import annotations

import pygame
import pytest
import segno

from lastmessage.commands import SetLanguage
from lastmessage.phones import monitor
from lastmessage.phones.monitor import PILL_MODULE, PILL_QUIET
from lastmessage.ui.detective.layout import Layout
from tests.phones.helpers import start_suspect, table_with_phones


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_the_pill_shows_the_join_addresss_qr_code_inside_the_top_bar(size: tuple[int, int]) -> None:
    with table_with_phones() as (app, phones, clock):
        start_suspect(app, clock)
        url = phones.url()
        assert url is not None
        app.step()
        pill = next(layer for layer in phones.layers(size, None)[1] if layer.key == ("phones", "pill"))
    bar = Layout(size, 4).top_bar
    assert bar.contains(pygame.Rect(pill.dest))   # in the bar: nothing of the scene under it
    module = max(2, round(PILL_MODULE * size[1] / 1080))
    matrix = [list(row) for row in segno.make(url, error="l").matrix]
    image = pill.image
    side = (len(matrix) + 2 * PILL_QUIET) * module
    top = (image.get_height() - side) // 2
    left = next(x for x in range(image.get_width()) if image.get_at((x, top + side // 2))[:3] == (255, 255, 255))

    def dark(row: int, column: int) -> bool:   # the middle of a module, quiet zone counted
        x, y = left + column * module + module // 2, top + row * module + module // 2
        return sum(image.get_at((x, y))[:3]) < 3 * 128

    read = [[dark(r + PILL_QUIET, c + PILL_QUIET) for c in range(len(matrix))] for r in range(len(matrix))]
    assert read == [[bool(m) for m in row] for row in matrix]
    ring = [(r, c) for r in range(len(matrix) + 2 * PILL_QUIET) for c in range(len(matrix) + 2 * PILL_QUIET)
            if min(r, c) < PILL_QUIET or max(r, c) >= len(matrix) + PILL_QUIET]
    assert not any(dark(r, c) for r, c in ring)   # white all round: a camera finds its edge


def test_the_monitors_phone_cards_write_nothing_under_the_monitors_text_floor() -> None:
    """The join card, the keepsake's card and the pill are read from the sofa: their lines are
    at least MIN_TEXT at 1080p (the addresses are typed by a phone without a camera)."""
    from lastmessage.ui import text
    from lastmessage.ui.detective.layout import MIN_TEXT

    sizes: list[int] = []
    real = text.render

    def recorded(words: str, size: int, *arguments: object, **keywords: object) -> pygame.Surface:
        sizes.append(size)
        return real(words, size, *arguments, **keywords)   # type: ignore[arg-type]

    text.render = recorded   # type: ignore[assignment]
    try:
        monitor.join_card.cache_clear(), monitor.keepsake_card.cache_clear(), monitor.join_pill.cache_clear()
        monitor.join_card("http://10.0.0.2:8080/j/ABC234", "ABC234", "ro", 1.0)
        monitor.keepsake_card("http://10.0.0.2:8080/k/token", 30, "ro", 1.0)
        monitor.join_pill("10.0.0.2:8080", "ABC234", 1.0, "http://10.0.0.2:8080/j/ABC234")
    finally:
        text.render = real   # type: ignore[assignment]
    assert len(sizes) >= 7 and min(sizes) >= MIN_TEXT, sizes


@pytest.mark.parametrize("language", ["en", "ro"])
def test_the_pill_keeps_off_the_title_and_gives_way_to_a_sounds_caption_while_it_shows(language: str) -> None:
    """The pill is there all game; a sound's caption ("♪ rising tone — keep holding" while ACCUSE
    is held) for seconds, for those who cannot hear: over the caption's place the pill gives way,
    and comes back when the caption has gone."""
    from lastmessage.hal.base import Intent, IntentKind
    from lastmessage.ui.detective.layout import TITLE_ROOM

    def pill_shown() -> bool:
        app.step()
        app.draw(pygame.Surface(app.tablet.size), pygame.Surface(app.detective.size))
        return any(layer.key == ("phones", "pill") for layer in app.layers()[1])

    with table_with_phones() as (app, phones, clock):
        app.execute(SetLanguage(language), "test")
        start_suspect(app, clock)
        clock.advance(3.5)   # the bell's caption of the time up has gone
        assert pill_shown() and not app.detective.top_taken()
        pill = next(layer for layer in app.layers()[1] if layer.key == ("phones", "pill")).dest
        assert pill.left >= app.detective.size[0] / 2 - TITLE_ROOM   # after the title's room
        app.detective.handle_intent(Intent(IntentKind.ACCUSE_HOLD, clock.now()), app.views.public)
        assert not pill_shown()
        assert app.detective.top_taken() and pygame.Rect(pill).collidelist(app.detective.top_taken()) >= 0
        app.detective.handle_intent(Intent(IntentKind.ACCUSE_CANCEL, clock.now()), app.views.public)
        assert pill_shown() and not app.detective.top_taken()
