"""The scene as phones download it: the whole picture at once after the scene is chosen, sharp tiles on asking."""

from __future__ import annotations

import asyncio
import io
import json
import time

import aiohttp
import pygame

from lastmessage.commands import ChooseScene, Pick
from lastmessage.phones.pictures import LEVELS, OVERVIEW, render_size
from tests.phones.helpers import receive_until, table_with_phones


def test_the_whole_picture_and_a_tile_are_pngs_of_the_scene() -> None:
    with table_with_phones() as (app, phones, clock):
        app.execute(ChooseScene("harbour"), "test")
        app.execute(Pick("harbour-p050"), "test")
        url = phones.url()
        assert url is not None
        base = url.replace("/j/", "/s/")
        scene = app.catalog.get("harbour")
        assert scene is not None

        async def phone() -> tuple[dict[str, object], bytes, bytes, float, int, int]:
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(url.replace("/j/", "/ws/")) as ws:
                    state = await receive_until(ws, "state")
                started = time.monotonic()
                whole = b""
                while not whole:   # drawn on its own thread after the scene was chosen
                    async with session.get(base + "/whole.png") as got:
                        if got.status == 200:
                            assert got.content_type == "image/png"
                            whole = await got.read()
                first_view = time.monotonic() - started
                async with session.get(base + "/1/1/1.png") as got:
                    assert got.status == 200, await got.text()
                    tile = await got.read()
                async with session.get(base + "/3/17/9.png") as got:   # 8x: sharp at the page's deepest zoom
                    assert got.status == 200 and got.content_type == "image/png", await got.text()
                async with session.get(base + "/4/0/0.png") as wrong:
                    wrong_level = wrong.status
                async with session.get(url.replace("/j/", "/s/")[:-6] + "ZZZZZZ/whole.png") as wrong:
                    wrong_code = wrong.status
                return state, whole, tile, first_view, wrong_level, wrong_code

        state, whole, tile, first_view, wrong_level, wrong_code = asyncio.run(phone())
        assert state["picture"] == {"aspect": scene.aspect, "widths": [OVERVIEW, *LEVELS], "tile": 448}
        picture = pygame.image.load(io.BytesIO(whole))
        assert picture.get_size() == render_size(scene, OVERVIEW)
        assert pygame.image.load(io.BytesIO(tile)).get_size() == (448, 448)
        assert (wrong_level, wrong_code) == (404, 404)
        print(f"\nthe whole picture: {len(whole)} bytes, first view {first_view:.2f} s; a tile {len(tile)} bytes")
        assert "harbour-p050" not in json.dumps(state)


def test_a_zoomed_tile_is_the_scene_drawn_at_that_size_ground_and_figures() -> None:
    """A phone's tile is the scene as drawn whole at the zoom's size, the same pixels: its figures
    from their vectors and its ground from its shapes, not a small raster scaled up (figures and all,
    it left a blurred ghost round each figure; the ground alone, chairs and table cloths were a
    blur beside the sharp people at 8x)."""
    from lastmessage.phones.pictures import Pictures
    from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
    from lastmessage.scenes.render import draw_scene
    from lastmessage.ui.detective.tiles import TILE

    pygame.init()
    scene = load_scenes(shipped_scenes_dir())["harbour"]
    pictures = Pictures()
    pictures.prepare(scene)
    size = render_size(scene, LEVELS[0])   # the whole scene at this size is a second's drawing
    front = max(scene.suspects(), key=lambda c: c.y)   # the nearest, with the ground round it
    column, row = int(front.x * size[0]) // TILE, int(front.y * size[1]) // TILE
    end = time.monotonic() + 30
    tile = None
    while tile is None:   # drawn on the tiles' worker
        assert time.monotonic() < end
        tile = pictures.tile(scene, 1, column, row)
        time.sleep(0.02)
    got = pygame.image.load(io.BytesIO(tile))
    area = pygame.Rect(column * TILE, row * TILE, got.get_width(), got.get_height())
    whole = draw_scene(scene, size).subsurface(area)
    assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(whole, "RGB")
