"""Three phones as people hold them: real headless Chromium pages with a phone's screen and touch.

Each one loads the page, pinches the scene to zoom in (the sharp tiles arrive
for the zoomed level), pans, and taps the suspect; the table's App, stepped as
the frame loop steps it, shows the three marks as one pin with the count 3,
and every page draws it. Skipped only where no Chromium is installed
(scripts/setup.sh installs Debian's).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import aiohttp
import pytest

from lastmessage.commands import ChooseScene, Flip, Pick
from lastmessage.rules.game import Phase
from tests.phones.chromium import Browser, Page, chromium
from tests.phones.helpers import SECRET, play_a_round, receive_until, start_suspect, table_with_phones, until, with_frames

pytestmark = pytest.mark.skipif(chromium() is None, reason="no chromium (scripts/setup.sh installs it)")


async def pinch(page: Page, centre: tuple[float, float], start: float, end: float) -> None:
    (cx, cy), steps = centre, 12
    await page.touch("touchStart", [(cx - start, cy), (cx + start, cy)])
    for step in range(1, steps + 1):
        half = start + (end - start) * step / steps
        await page.touch("touchMove", [(cx - half, cy), (cx + half, cy)])
        await asyncio.sleep(0.01)
    await page.touch("touchEnd", [])


async def app_screenshot(app, path: Path) -> None:   # type: ignore[no-untyped-def]
    """The monitor as it shows now, its layers composed (as `play --screenshots` writes it)."""
    import pygame

    from lastmessage.scenes.render import png_bytes
    from lastmessage.ui.present import compose

    tablet, detective = pygame.Surface((1280, 800)), pygame.Surface((1920, 1080))
    app.draw(tablet, detective)
    path.write_bytes(png_bytes(compose(detective, app.layers()[1])))


async def zoom_on(page: Page, x: float, y: float, zoom: float = 6) -> None:
    """The page's view zoomed `zoom` times with the point (x, y) of the scene at its middle."""
    await page.evaluate(f"""(() => {{ lmView.z = {zoom}; const k = lmView.k0 * lmView.z, a = state.picture.aspect,
        b = document.getElementById("scene");
        lmView.ox = b.clientWidth / 2 - {x} * k; lmView.oy = b.clientHeight / 2 - {y} * k / a; clamp(); draw(); }})()""")


async def tap_scene_point(page: Page, x: float, y: float) -> None:
    """A finger on the point (x, y) of the scene, wherever the page's view shows it now."""
    at = await page.evaluate(f"""(() => {{ const r = document.getElementById("view").getBoundingClientRect();
        const k = lmView.k0 * lmView.z, a = state.picture.aspect;
        return [r.left + lmView.ox + {x} * k, r.top + lmView.oy + {y} * k / a]; }})()""")
    await page.touch("touchStart", [(at[0], at[1])])
    await page.touch("touchEnd", [])


def test_three_phones_zoom_pan_and_mark_the_suspect(tmp_path: Path) -> None:
    with table_with_phones() as (app, phones, clock):
        start_suspect(app, clock)
        url = phones.url()
        assert url is not None
        target = app.catalog.get("harbour").character("harbour-p050")   # type: ignore[union-attr]
        seen: dict[str, object] = {}
        all_marked = asyncio.Barrier(3)

        async def phone(number: int) -> None:
            async with Browser() as browser:   # a phone each: a background tab would get no frames
                await one_phone(await browser.open(url), number)

        async def one_phone(page: Page, number: int) -> None:
            await page.until("window.lmView && lmView.whole !== null")
            assert await page.evaluate("document.getElementById('status').textContent") != ""
            box = await page.evaluate("""(() => { const r = document.getElementById("view")
                .getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()""")
            await pinch(page, (box[0], box[1]), 20, 130)
            zoom = await page.evaluate("lmView.z")
            assert zoom > 3, zoom
            await page.until("lmView.level >= 1 && [...lmView.tiles.values()].some(t => t.complete && t.naturalWidth)")
            # pan: the suspect to the middle of the view, by a finger's drag
            await page.touch("touchStart", [(box[0], box[1])])
            to = await page.evaluate(f"""(() => {{ const k = lmView.k0 * lmView.z, a = state.picture.aspect;
                const r = document.getElementById("view").getBoundingClientRect();
                return [r.left + lmView.ox + {target.x} * k, r.top + lmView.oy + {target.y} * k / a]; }})()""")
            for step in range(1, 9):
                await page.touch("touchMove", [(box[0] + (box[0] - to[0]) * step / 8,
                                                box[1] + (box[1] - to[1]) * step / 8)])
            await page.touch("touchEnd", [])
            await tap_scene_point(page, target.x, target.y)
            try:
                await page.until("pins.length === 1 && pins[0].count === 3")
            except TimeoutError:
                raise AssertionError((await page.evaluate("JSON.stringify([pins, lmView.z, lmView.ox, lmView.oy, state.phase])"), phones.server.counters))
            await all_marked.wait()
            if number == 0:   # while all three are on the table (a phone that leaves takes its mark)
                await page.screenshot(tmp_path / "phone.png")
                pins = phones.marks.pins(app.catalog.get("harbour"))
                seen["pins"] = [(pin.character, len(pin.players)) for pin in pins]
                _, detective = app.layers()
                seen["layers"] = [layer.key for layer in detective if layer.key[:2] == ("phones", "pin")]
                await app_screenshot(app, tmp_path / "monitor.png")
            await all_marked.wait()

        async def run() -> None:
            task = asyncio.gather(*(phone(n) for n in range(3)))
            while not task.done():   # the frame loop
                app.step()
                await asyncio.sleep(0.01)
            task.result()

        asyncio.run(run())
        assert seen["pins"] == [("harbour-p050", 3)]
        assert seen["layers"] == [("phones", "pin", "harbour-p050")]
        until(lambda: phones.marks.pins(app.catalog.get("harbour")) == [], app)   # gone with the phones
        assert phones.server.counters.malformed == 0
        assert (tmp_path / "phone.png").stat().st_size > 10_000


def test_a_phone_follows_the_keepsake_and_downloads_the_replay(tmp_path: Path) -> None:

    with table_with_phones(keepsake_minutes=30) as (app, phones, clock):
        url = phones.url()
        assert url is not None
        seen: dict[str, object] = {}

        async def phone() -> None:
            async with Browser() as browser:
                page = await browser.open(url)
                await page.until("state !== null")
                play_a_round(app, clock)
                link = await page.until("!document.getElementById('keepsake').hidden "
                                        "&& document.getElementById('keepsake').href")
                seen["link"] = link
                await page.evaluate("document.getElementById('keepsake').click()")
                await page.until("[...document.images].length === 2 && "
                                 "[...document.images].every(i => i.complete && i.naturalWidth > 0)", 60.0)
                seen["title"] = await page.evaluate("document.querySelector('h1').textContent")
                seen["criminal"] = await page.evaluate("document.querySelector('.criminal').textContent")
                seen["gif"] = await page.evaluate("""(async () => {
                    const a = [...document.querySelectorAll('a[download]')].find(a => a.href.endsWith('.gif'));
                    const b = new Uint8Array(await (await fetch(a.href)).arrayBuffer());
                    return [a.download, String.fromCharCode(...b.slice(0, 6)), b.length]; })()""")
                await page.screenshot(tmp_path / "keepsake.png")

        with_frames(app, phone())
        assert str(seen["link"]) == phones.keepsake_url()
        assert seen["title"] == "The victim and the detectives win!"
        assert SECRET not in str(seen["criminal"]) and str(seen["criminal"]).startswith("The criminal: ")
        name, magic, size = seen["gif"]   # type: ignore[misc]
        assert name == "last-message-replay.gif" and magic == "GIF89a" and size > 1000
        assert (tmp_path / "keepsake.png").stat().st_size > 10_000


def test_a_phone_in_the_audience_votes_and_sees_the_countdown(tmp_path: Path) -> None:
    from lastmessage.commands import Accuse
    from lastmessage.rules.events import Accused

    with table_with_phones(audience=True) as (app, phones, clock):
        start_suspect(app, clock)
        scene = app.catalog.get("harbour")
        assert scene is not None
        choice, cursor = scene.suspects()[3], scene.suspects()[4]
        url = phones.url()
        assert url is not None
        seen: dict[str, object] = {}

        async def phone() -> None:
            async with Browser() as browser:
                page = await browser.open(url)
                await page.until("window.lmView && lmView.whole !== null && state && state.audience")
                seen["hint"] = await page.evaluate("document.getElementById('hint').textContent")
                await tap_scene_point(page, choice.x, choice.y)
                await page.until("pins.length === 1")
                app.execute(Accuse(cursor.id), "detective")   # the table's cursor is elsewhere
                seen["status"] = await page.until(
                    "state.vote && document.getElementById('status').textContent")
                await page.screenshot(tmp_path / "vote-phone.png")
                for _ in range(44):   # the countdown runs out on the table's clock
                    clock.advance(0.25)
                    await asyncio.sleep(0.01)
                await page.until("state.vote === null")   # the countdown is over on the phone too

        with_frames(app, phone())
        assert str(seen["hint"]).startswith("You are in the audience")
        assert str(seen["status"]).startswith("The audience votes: ") and str(seen["status"]).endswith(" s left")
        assert [e.character for e in app.game.events if isinstance(e, Accused)] == [choice.id]
        assert (tmp_path / "vote-phone.png").stat().st_size > 10_000


def test_the_fourteenth_phone_marks_a_pin_its_colour_is_already_on_and_takes_it_back() -> None:
    """Colours repeat every dozen phones: thirteen mark the suspect, then a phone of a colour already on
    that pin taps it. It marks (14), and a second tap takes its own mark back (13): a phone knows its
    own pin from the server (`mine`), not by its colour."""
    from lastmessage.phones.marks import COLOURS

    with table_with_phones(max_phones=16) as (app, phones, clock):
        start_suspect(app, clock)
        url = phones.url()
        assert url is not None
        target = app.catalog.get("harbour").character("harbour-p050")   # type: ignore[union-attr]
        counts: list[int] = []

        async def phones_and_page() -> None:
            async with aiohttp.ClientSession() as session:
                crowd = [await session.ws_connect(url.replace("/j/", "/ws/")) for _ in range(13)]
                for ws in crowd:
                    await ws.send_str(json.dumps({"type": "mark", "x": target.x, "y": target.y}))
                async with Browser() as browser:
                    page = await browser.open(url)
                    await page.until("window.lmView && lmView.whole !== null && pins.length === 1 "
                                     "&& pins[0].count === 13")
                    assert await page.evaluate("me.colour") in await page.evaluate("pins[0].colours")
                    assert await page.evaluate("me.colour") in COLOURS
                    await zoom_on(page, target.x, target.y)   # close enough that a finger is on the suspect alone
                    await tap_scene_point(page, target.x, target.y)
                    counts.append(await page.until("pins.length === 1 && pins[0].count !== 13 && pins[0].count"))
                    assert await page.evaluate("mine") == 0
                    await tap_scene_point(page, target.x, target.y)
                    counts.append(await page.until("pins.length === 1 && pins[0].count !== 14 && pins[0].count"))
                    assert await page.evaluate("mine") == -1
                for ws in crowd:
                    await ws.close()

        with_frames(app, phones_and_page())
        assert counts == [14, 13]


@pytest.mark.parametrize("language, says", [
    ("en", "The table is full: every phone it takes has joined. Reload the page when someone leaves."),
    ("ro", "Masa e plină: s-au alăturat toate telefoanele pe care le primește. Reîncarcă pagina când pleacă cineva.")])
def test_a_phone_past_a_full_table_is_told_it_is_full(tmp_path: Path, language: str, says: str) -> None:
    from lastmessage.commands import ChooseScene, SetLanguage

    with table_with_phones(max_phones=1) as (app, phones, clock):
        app.execute(SetLanguage(language), "test")
        app.execute(ChooseScene("harbour"), "test")   # the phones are told the game's language with its view
        app.step()
        url = phones.url()
        assert url is not None
        seen: list[str] = []

        async def phones_and_page() -> None:
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(url.replace("/j/", "/ws/")) as first:
                    await receive_until(first, "state")
                    async with Browser() as browser:
                        page = await browser.open(url)
                        await page.until(f"document.getElementById('status').textContent === {json.dumps(says)}")
                        await asyncio.sleep(0.5)   # the socket's close after it changes nothing
                        seen.append(await page.evaluate("document.getElementById('status').textContent"))
                        await page.screenshot(tmp_path / f"full-{language}.png")

        with_frames(app, phones_and_page())
        assert seen == [says]


def test_the_end_keeps_the_winner_line_and_the_code_page_has_no_name_field(tmp_path: Path) -> None:
    from lastmessage.commands import Accuse

    with table_with_phones() as (app, phones, clock):
        start_suspect(app, clock)
        url = phones.url()
        assert url is not None
        seen: dict[str, object] = {}

        async def page_at_the_end() -> None:
            async with Browser() as browser:
                page = await browser.open(url)
                await page.until("state && state.phase === 'suspect'")
                seen["name case"] = await page.evaluate("getComputedStyle(document.getElementById('name')).textTransform")
                app.execute(Accuse("harbour-p050"), "test")
                seen["end"] = await page.until("/The game is over/.test(document.getElementById('status').textContent)"
                                               " && document.getElementById('status').textContent")
                seen["won"] = await page.evaluate("document.getElementById('verdict_end').textContent")
                await page.screenshot(tmp_path / "end.png")
                entry = await browser.open(url.rsplit("/j/", 1)[0] + "/")
                await entry.until("!document.getElementById('joinform').hidden")
                seen["name shown"] = await entry.evaluate("document.getElementById('name').offsetParent !== null")
                seen["code case"] = await entry.evaluate("getComputedStyle(document.getElementById('code')).textTransform")
                await entry.screenshot(tmp_path / "entry.png")

        with_frames(app, page_at_the_end())
        assert seen["end"] == "The game is over."   # who won is in the verdict's box (test_phone_verdict.py)
        assert seen["won"] == "The victim and the detectives win!"
        assert seen["name case"] == "none" and seen["code case"] == "uppercase"
        assert seen["name shown"] is False


def test_the_clue_timer_counts_down_on_the_phone() -> None:
    """The table's state comes when the view changes; between two, the page counts the seconds itself."""
    with table_with_phones() as (app, phones, clock):
        for command in (ChooseScene("harbour"), Pick("harbour-p050"), Flip()):
            app.execute(command, "test")
        app.step()
        assert app.game.phase is Phase.CLUES
        url = phones.url()
        assert url is not None
        seen: list[str] = []

        async def page_counting() -> None:
            async with Browser() as browser:
                page = await browser.open(url)
                seen.append(await page.until("state && state.phase === 'clues' "
                                             "&& document.getElementById('status').textContent"))
                await asyncio.sleep(2.6)   # the table's clock stands still: no new state is sent
                seen.append(await page.evaluate("document.getElementById('status').textContent"))

        with_frames(app, page_counting())
        first, later = (int(text.rsplit(" s left", 1)[0].rsplit(" ", 1)[1]) for text in seen)
        assert first in (29, 30) and first - later in (2, 3), seen


def test_the_pin_stands_above_the_head_and_the_phones_own_has_its_ring(tmp_path: Path) -> None:
    with table_with_phones() as (app, phones, clock):
        start_suspect(app, clock)
        url = phones.url()
        assert url is not None
        target = app.catalog.get("harbour").character("harbour-p050")   # type: ignore[union-attr]
        assert target is not None and target.box is not None
        seen: dict[str, object] = {}

        async def page_marking() -> None:
            async with Browser() as browser:
                page = await browser.open(url)
                await page.until("window.lmView && lmView.whole !== null")
                await zoom_on(page, target.x, target.y)
                await tap_scene_point(page, target.x, target.y)
                await page.until("pins.length === 1 && mine === 0")
                await page.evaluate("draw()")
                seen.update(await page.evaluate(f"""(() => {{
                    const c = document.getElementById("view"), g = c.getContext("2d"), r = devicePixelRatio;
                    const k = lmView.k0 * lmView.z, a = state.picture.aspect, x = lmView.ox + {target.x} * k;
                    const head = lmView.oy + {target.box[1]} * k / a, pinY = lmView.oy + pins[0].top * k / a - 19;
                    const at = (px, py) => [...g.getImageData(Math.round(px * r), Math.round(py * r), 1, 1).data.slice(0, 3)];
                    const hex = (s) => [1, 3, 5].map((i) => parseInt(s.slice(i, i + 2), 16));
                    return {{head: at(x, head + 3), ring: at(x, pinY - 15), colour: hex(me.colour)}}; }})()"""))
                await page.screenshot(tmp_path / "pin.png")

        with_frames(app, page_marking())
        near = lambda a, b: all(abs(p - q) <= 8 for p, q in zip(a, b))   # noqa: E731
        assert not near(seen["head"], seen["colour"]), seen   # the head shows, not the pin
        assert near(seen["ring"], seen["colour"]), seen       # its own mark's ring, in its colour


def test_a_pinch_asks_only_for_the_tiles_of_the_view_it_settles_on() -> None:
    """One pinch passes through every zoom level; only the settled view's tiles are asked for, all of them."""
    with table_with_phones() as (app, phones, clock):
        start_suspect(app, clock)
        url = phones.url()
        assert url is not None
        seen: dict[str, object] = {}

        async def page_zooming() -> None:
            async with Browser() as browser:
                page = await browser.open(url)
                await page.until("window.lmView && lmView.whole !== null")
                box = await page.evaluate("""(() => { const r = document.getElementById("view")
                    .getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()""")
                await pinch(page, (box[0], box[1]), 20, 130)
                seen["keys"] = await page.until("""(() => { const v = view(); return v.level > 0 && v.keys.every(([key]) =>
                    lmView.tiles.has(key) && lmView.tiles.get(key).complete && lmView.tiles.get(key).naturalWidth)
                    && v.keys.map(([key]) => key).sort(); })()""")
                seen["asked"] = await page.evaluate("""performance.getEntriesByType("resource").map((e) => e.name)
                    .filter((n) => /\\/s\\/\\w+\\/\\d+\\/\\d+\\/\\d+\\.png$/.test(n))
                    .map((n) => n.split("/").slice(-3).join("/").replace(".png", "")).sort()""")

        with_frames(app, page_zooming())
        assert seen["asked"] == seen["keys"], seen


def test_the_benchs_zoom_is_the_tiles_a_phone_asks_for_at_that_zoom() -> None:
    """`bench --phones` counts one settled zoom's tiles in `bytes_per_phone`: the very tiles the page wants."""
    from lastmessage.phones.pictures import picture_json
    from lastmessage.scripting.bench_phones import ZOOM, zoomed_tiles

    with table_with_phones() as (app, phones, clock):
        start_suspect(app, clock)
        url = phones.url()
        assert url is not None
        wanted: list[object] = []

        async def page_zoomed() -> None:
            async with Browser() as browser:
                page = await browser.open(url)
                await page.until("window.lmView && lmView.whole !== null")
                wanted.append(await page.evaluate(f"""(() => {{ lmView.z = {ZOOM}; const b = document.getElementById("scene"),
                    k = lmView.k0 * lmView.z; lmView.ox = (b.clientWidth - k) / 2;
                    lmView.oy = (b.clientHeight - k / state.picture.aspect) / 2; clamp(); draw();
                    return view().keys.map(([key]) => key); }})()"""))

        with_frames(app, page_zoomed())
        scene = app.catalog.get("harbour")
        assert scene is not None
        assert wanted == [zoomed_tiles(picture_json(scene))]


def test_a_tile_that_failed_is_asked_again_without_a_move() -> None:
    """The tiles fail while the network refuses them (Chromium blocks their addresses); once it lets
    them through, the page's retries bring the whole view in, no finger moving."""
    with table_with_phones() as (app, phones, clock):
        start_suspect(app, clock)
        url = phones.url()
        assert url is not None
        seen: list[object] = []

        async def page_offline_then_online() -> None:
            async with Browser() as browser:
                page = await browser.open(url)
                await page.until("window.lmView && lmView.whole !== null")
                await page.send("Network.enable")
                await page.send("Network.setBlockedURLs", urls=["*/s/*/2/*"])
                await zoom_on(page, 0.5, 0.5, 4)
                await page.until("[...lmView.tiles.values()].some((t) => t.retry)")   # refused: a retry waits
                await asyncio.sleep(1.0)   # and refused again
                await page.send("Network.setBlockedURLs", urls=[])
                seen.append(await page.until("""(() => { const v = view(); return v.level === 2 && v.keys.every(([key]) =>
                    lmView.tiles.has(key) && lmView.tiles.get(key).complete && lmView.tiles.get(key).naturalWidth)
                    && v.keys.length; })()""", 20.0))

        with_frames(app, page_offline_then_online())
        assert seen and seen[0] > 0
