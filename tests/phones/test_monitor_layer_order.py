"""The phones' pictures on the monitor keep out of what the table shows: a pin stands on the
scene's figures under the cursor's loupe, its name plate and the search view's ring and strip
(it would seem to mark the magnified figure), and the keepsake's card keeps off the big lens
at the end."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import pygame

from lastmessage.hal.base import Intent, IntentKind
from lastmessage.phones.marks import COLOURS, Mark, Player
from lastmessage.table.app import App
from lastmessage.ui.present import Layer
from tests.phones.helpers import play_a_round, start_suspect, table_with_phones, until

MARKED = "harbour-p120"


def _drawn(app: App) -> list[Layer]:
    app.step()
    app.draw(pygame.Surface(app.tablet.size), pygame.Surface(app.detective.size))
    return list(app.layers()[1])


def _first(layers: Sequence[Layer], kind: Hashable) -> int:
    return next(i for i, layer in enumerate(layers) if isinstance(layer.key, tuple) and layer.key[0] == kind)


def _pinned(app: App) -> bool:
    return any(layer.key[:2] == ("phones", "pin") for layer in _drawn(app) if isinstance(layer.key, tuple))


def test_a_pin_stands_under_the_loupe_on_the_table_and_under_the_ring_in_the_search_view() -> None:
    with table_with_phones() as (app, phones, clock):
        start_suspect(app, clock)
        phones.bridge.ask(Mark(Player(1, "Ana", COLOURS[0]), MARKED))   # as the server does for a tap
        until(lambda: _pinned(app), app)
        layers = _drawn(app)
        pin = next(i for i, layer in enumerate(layers) if layer.key == ("phones", "pin", MARKED))
        assert pin < _first(layers, "loupe")
        assert pin < next(i for i, layer in enumerate(layers) if layer.key == ("phones", "pill"))

        for command in app.detective.handle_intent(Intent(IntentKind.ZOOM, app.clock.now()), app.views.public):
            app.execute(command, "test")
        assert app.detective.search_level() >= 1
        until(lambda: _pinned(app), app)
        layers = _drawn(app)
        keys = [layer.key for layer in layers]
        pin = keys.index(("phones", "pin", MARKED))
        assert keys.index(("search", "whole")) < pin < keys.index(("search", "ring"))
        assert pin < keys.index(("search", "strip"))


def test_the_keepsake_card_keeps_off_the_big_lens_at_the_end() -> None:
    with table_with_phones(keepsake_minutes=30) as (app, phones, clock):
        play_a_round(app, clock)
        clock.advance(30)   # the end shown, the lens grown to its place
        layers = _drawn(app)
        lens = app.detective.lens_area()
        assert lens is not None
        card = next(layer for layer in layers if layer.key == ("phones", "keepsake"))
        assert not pygame.Rect(card.dest).colliderect(lens), (card.dest, lens)
        area = app.detective.scene_area(app.views.public)
        assert area is not None and area.contains(pygame.Rect(card.dest))
