"""The search view's tiles as textures: the pieces in view cover it exactly, a piece coming
into view is copied into the texture of one that left (none is made once the view is full),
a frame uploads at most a piece's bytes and one new texture, and the textures go when the
view does. Through the real renderer path (SDL's, under the dummy video driver)."""

from __future__ import annotations

import pygame
from hypothesis import given, settings, strategies as st

from lastmessage.scenes.painter import PAINTER
from lastmessage.table.app import App
from lastmessage.ui.detective.search import UPLOAD_BYTES
from lastmessage.ui.detective.tile_textures import PIECE, capacity, pieces_over
from lastmessage.ui.detective.tiles import tiles_over
from lastmessage.ui.present import Layer, TextureOutput
from lastmessage.ui.screen import Pointer

from tests.ui.test_search_view import MONITOR, deciding, zoom


@settings(max_examples=300, deadline=None)
@given(st.integers(640, 11520), st.integers(360, 6480), st.integers(0, 11520), st.integers(0, 6480),
       st.integers(1, 3840), st.integers(1, 2160))
def test_the_pieces_over_a_view_cover_it_exactly_and_lie_in_their_tiles(
        width: int, height: int, x: int, y: int, w: int, h: int) -> None:
    shown = pygame.Rect(x, y, w, h).clip(pygame.Rect(0, 0, width, height))
    if not shown.w or not shown.h:
        return
    tiles = tiles_over("digest", (width, height), shown)
    pieces = pieces_over(tiles, shown)
    covered = sum(piece.area().clip(shown).w * piece.area().clip(shown).h for piece in pieces)
    assert covered == shown.w * shown.h   # no gap, no overlap (each in view, each once)
    assert len(set(pieces)) == len(pieces) <= capacity(shown.size, PIECE)
    for piece in pieces:
        assert piece.area().colliderect(shown) and piece.tile.area().contains(piece.area())
        assert 0 < piece.w <= PIECE and 0 < piece.h <= PIECE


def _frame(app: App, surface: pygame.Surface, output: TextureOutput) -> list[Layer]:
    app.step()
    dirty = app.draw(pygame.Surface((1280, 800)), surface)[1]
    layers = app.layers()[1]
    output.upload(dirty, None, layers)
    output.present()
    return [layer for layer in layers if layer.key[0] == "tile"]


def test_a_pan_puts_the_pieces_coming_into_view_into_the_textures_of_those_that_left() -> None:
    app, _ = deciding()
    window = pygame.Window("search tiles", MONITOR)
    output = TextureOutput(window, MONITOR)
    try:
        zoom(app)
        zoom(app)
        shown = _frame(app, output.screen, output)
        most = capacity(MONITOR, PIECE)
        assert shown and len(shown) <= most
        textures: dict[int, object] = {}   # every texture the pieces were ever in (held: ids stay theirs)
        pieces: set[int] = set()
        before = {id(layer.image): layer.key for layer in shown if layer.alpha}
        app.detective_input(Pointer("down", 1600, 700, id=1))
        for step in range(1, 41):   # the view moves 800 px right and 240 down, short of the scene's edges
            app.detective_input(Pointer("move", 1600 - 20 * step, 700 - 6 * step, id=1))
            tiles = _frame(app, output.screen, output)
            textures.update((id(held.texture), held.texture) for key, held in output._textures.items()
                            if key[0] == "tile")
            now = {id(layer.image): layer.key for layer in tiles if layer.alpha}
            pieces |= now.keys()
            for image in now.keys() & before.keys():
                assert now[image] == before[image], "a piece in view moved to another texture"
            before = now
            assert len(tiles) <= most
        app.detective_input(Pointer("up", 800, 460, id=1))
        assert len(pieces) > len(textures) + 20 and len(textures) <= most
    finally:
        output.close()
        window.destroy()


def test_a_frame_uploads_at_most_one_piece_and_the_rest_follow() -> None:
    """Painting in the background (as on the device), the pieces in view arrive one a frame,
    even when their tiles are all drawn already."""
    app, surface = deciding()
    zoom(app)
    zoom(app)
    _tiles_now(app, surface)   # the tiles in view drawn at once (painting in the foreground)
    app.detective.search.forget()   # the screen showed something else: its pieces come back in turn
    PAINTER.use_background(True)
    try:
        seen: set[int] = set()
        frames = 0
        while frames < 500:
            tiles = [layer for layer in _tiles_now(app, surface) if layer.alpha]
            new = [layer for layer in tiles if id(layer.image) not in seen]
            assert sum(layer.image.get_width() * layer.image.get_height() * 4 for layer in new) <= UPLOAD_BYTES
            assert len(new) <= 1
            seen |= {id(layer.image) for layer in tiles}
            frames += 1
            if not new:
                break
    finally:
        PAINTER.use_background(False)
    assert 20 < len(seen) == frames - 1


def test_a_zoom_past_3x_keeps_the_pieces_textures_and_the_table_frees_them() -> None:
    app, surface = deciding()
    for _ in range(3):
        zoom(app)
    at_3x = {layer.key for layer in _tiles_now(app, surface)}
    assert at_3x
    for _ in range(3):   # 3x -> the table -> 1x -> 2x, in one frame: the screen never switched
        zoom(app)
    at_2x = _tiles_now(app, surface)
    assert at_3x <= {layer.key for layer in at_2x}, "textures dropped between two steps"
    assert any(layer.alpha for layer in at_2x)
    zoom(app)
    zoom(app)   # 3x, then the table shows
    assert app.detective.search_level() == 0
    assert not _tiles_now(app, surface), "the table's frame still holds the pieces' textures"


def _tiles_now(app: App, surface: pygame.Surface) -> list[Layer]:
    app.step()
    app.draw(pygame.Surface((1280, 800)), surface)
    return [layer for layer in app.layers()[1] if layer.key[0] == "tile"]
