"""Seeds that are new pictures (issue 21, deliverable 5): a seed builds its place from its own pieces of a
larger kit, on one of two ground plans or more, in a light that changes the whole picture, and the
twelve top colours stay apart under every light (the clues' fairness)."""

from __future__ import annotations

import itertools
import math
import os
import statistics

import pytest
from hypothesis import given, settings, strategies as st

from lastmessage.scenegen.generate import THEMES, generate
from lastmessage.scenegen.layout import Layout
from lastmessage.scenegen.lighting import MAX_TINT, TINTS
from lastmessage.scenes.shapes import parse_colour
from lastmessage.scenes.traits import COLOURS
from lastmessage.scenes.validate import MAX_SHARED_PIECES, kit_overlaps, kit_problems, shared_pieces

SEEDS = range(2000, 2010)   # ten seeds, 45 pairs a theme (`scenes check` measures 50 seeds at the end)


@pytest.fixture(scope="module")
def made() -> dict[str, list[dict[str, object]]]:
    return {theme: [dict(generate(theme, seed)[0]) for seed in SEEDS] for theme in THEMES}


@pytest.mark.parametrize("theme", THEMES)
def test_two_seeds_of_a_theme_share_under_sixty_percent_of_their_set_pieces(
        theme: str, made: dict[str, list[dict[str, object]]]) -> None:
    kits = [set(map(str, data["set_pieces"])) for data in made[theme]]   # type: ignore[call-overload]
    shares = [shared_pieces(a, b) for a, b in itertools.combinations(kits, 2)]
    assert statistics.fmean(shares) < MAX_SHARED_PIECES, f"{theme}: {statistics.fmean(shares):.0%}"


@pytest.mark.parametrize("theme", THEMES)
def test_a_seed_chooses_pieces_a_light_and_more_than_the_shipped_kit(
        theme: str, made: dict[str, list[dict[str, object]]]) -> None:
    pieces = [set(map(str, data["set_pieces"])) for data in made[theme]]   # type: ignore[call-overload]
    everything, common = set.union(*pieces), set.intersection(*pieces)
    assert len(everything) >= len(common) + 8, f"{theme}: a kit of {len(everything)}, {len(common)} in every seed"
    lights = {str(data["lighting"]) for data in made[theme]}
    assert len(lights) >= 2, f"{theme}: every seed lit {lights}"


def test_a_kit_gives_the_shipped_pieces_unvaried_and_a_seeded_choice_otherwise() -> None:
    pieces = tuple("abcdefgh")
    shipped = Layout("t", "T", "t", 1)
    assert shipped.kit(pieces, 3) == ["a", "b", "c"] and shipped.choose(pieces) == "a"
    chosen = [tuple(Layout("t", "T", "t", seed, varied=True).kit(pieces, 3)) for seed in range(40)]
    assert len(set(chosen)) > 20 and all(len(set(c)) == 3 for c in chosen)
    assert chosen == [tuple(Layout("t", "T", "t", seed, varied=True).kit(pieces, 3)) for seed in range(40)]


@given(st.lists(st.sampled_from("abcdefghij"), min_size=1), st.lists(st.sampled_from("abcdefghij"), min_size=1))
def test_the_share_of_set_pieces_is_symmetric_and_one_only_for_the_same_kit(a: list[str], b: list[str]) -> None:
    share = shared_pieces(a, b)
    assert share == shared_pieces(b, a) and 0.0 <= share <= 1.0
    assert (share == 1.0) == (set(a) == set(b))


def test_scenes_check_refuses_seeds_that_reshuffle_one_kit() -> None:
    data, same = generate("harbour", 3)
    _other_data, other = generate("harbour", 4)
    assert kit_problems([("a", same), ("b", same)])   # two copies of one kit: 100 % shared
    assert kit_overlaps([same, other])["harbour"][0] == 2
    assert not kit_problems([("a", same)])            # one scene of a theme: nothing to compare


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIE L*a*b* of an sRGB colour (D65)."""
    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = map(linear, rgb)
    x, y, z = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, \
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


@pytest.mark.parametrize("lighting", sorted(TINTS))
def test_the_twelve_top_colours_stay_apart_under_every_light(lighting: str) -> None:
    tops = [parse_colour(c.hex)[:3] for c in COLOURS.values()]
    tint = TINTS[lighting]
    r, g, b, a = parse_colour(tint) if tint else (0, 0, 0, 0)
    assert a / 255 <= MAX_TINT + 1e-9
    lit = [tuple(c + a / 255 * (t - c) for c, t in zip(top, (r, g, b))) for top in tops]
    nearest = min(math.dist(_lab(p), _lab(q)) for p, q in itertools.combinations(lit, 2))   # type: ignore[arg-type]
    assert nearest >= 12, f"{lighting}: two top colours {nearest:.1f} apart in L*a*b*"


def test_a_light_falls_on_the_people_and_the_ground_alike() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    from dataclasses import replace

    from lastmessage.scenes.render import draw_region, draw_scene, lit

    pygame.display.init()
    pixel = pygame.Surface((1, 1), pygame.SRCALPHA)
    pixel.fill((200, 100, 0, 128))
    lit(pixel, "#0000ff80")
    r, g, b, a = pixel.get_at((0, 0))
    assert a == 128 and abs(r - 100) <= 2 and abs(g - 50) <= 2 and abs(b - 128) <= 2   # halfway to blue
    _data, scene = generate("harbour", 2004)
    night = replace(scene, tint=TINTS["night"])
    size = (480, 270)
    day_picture, night_picture = draw_scene(replace(scene, tint=""), size), draw_scene(night, size)
    person = next(c for c in scene.suspects() if c.box is not None and c.box[1] > 0.5)
    assert person.box is not None
    x, y = round((person.box[0] + person.box[2]) / 2 * size[0]), round((person.box[1] * 0.6 + person.box[3] * 0.4) * size[1])
    assert night_picture.get_at((x, y)) != day_picture.get_at((x, y))   # the people are lit too, not only the sky
    area = pygame.Rect(100, 60, 120, 90)
    part = draw_region(night, (3000, 1688), area)
    assert part.get_at((5, 5)) == draw_scene(night, (3000, 1688)).get_at((105, 65))   # a crop is the same pixels


def test_under_snow_the_people_have_snow_on_their_shoulders_and_hats() -> None:
    from dataclasses import replace

    from lastmessage.scenes.figures import SNOW, person_svg
    from lastmessage.scenes.render import drawn_svg, scene_digest

    skier = {"person": "woman", "top": "red", "bottom": "blue ski suit", "headwear": "green beanie", "pose": "standing"}
    assert SNOW not in person_svg(skier) and person_svg(skier, snowy=True).count(SNOW) == 3   # the hat, two shoulders
    bather = {"person": "man", "top": "red", "bottom": "blue swim shorts", "pose": "bathing"}
    assert SNOW not in person_svg(bather, snowy=True)   # in the steaming water
    assert SNOW not in person_svg({**skier, "pose": "serving"}, snowy=True)   # under the stall's roof
    _data, scene = generate("ski", 2001)
    snowy, dry = replace(scene, lighting="snow"), replace(scene, lighting="day")
    person = scene.suspects()[0]
    assert drawn_svg(person, snowy=True) != drawn_svg(person)
    assert scene_digest(snowy) != scene_digest(dry)   # a cached picture of the one is not the other's


def test_in_the_snow_nobody_wears_shorts_or_carries_beach_things() -> None:
    from lastmessage.scenegen.people import SUMMER_HELD, WINTER, dressed_for_snow
    from lastmessage.scenegen.recipes_water import KIOSK_KEEPERS, MARKET, harbour_market

    assert "shorts" not in dressed_for_snow(KIOSK_KEEPERS).bottoms
    assert not set(dressed_for_snow(MARKET).held) & set(SUMMER_HELD)
    assert dressed_for_snow(WINTER) is WINTER   # the slopes' crowds are dressed for it already
    seed = next(s for s in range(2000, 2100) if harbour_market(s, True).lighting == "snow")
    people = [c for c in generate("harbour", seed)[0]["characters"] if c["sentient"]]
    assert people and not any("shorts" in c["traits"].get("bottom", "") for c in people)


@given(st.lists(st.sampled_from(("trousers", "shorts", "skirt", "dress", "ski trousers")), min_size=1),
       st.lists(st.sampled_from(("cap", "sun hat", "straw hat", "beret")), min_size=1))
def test_in_the_snow_bare_legs_and_sun_hats_become_the_slopes_winter_wear(
        bottoms: list[str], headwear: list[str]) -> None:
    """The art review found harbour snow seeds full of skirts and summer dresses (only shorts were
    changed): in the snow a crowd dresses as the slopes' (`WINTER`) in place of anything summery."""
    from dataclasses import replace

    from lastmessage.scenegen.people import PUBLIC, SUMMER_BOTTOMS, SUMMER_HEADWEAR, WINTER, dressed_for_snow

    crowd = dressed_for_snow(replace(PUBLIC, bottoms=tuple(bottoms), headwear=tuple(headwear)))
    assert len(crowd.bottoms) == len(bottoms) and len(crowd.headwear) == len(headwear)   # as many choices
    for before, after in zip(bottoms, crowd.bottoms):
        assert after == before if before not in SUMMER_BOTTOMS else after in WINTER.bottoms
    for before, after in zip(headwear, crowd.headwear):
        assert after == before if before not in SUMMER_HEADWEAR else after in WINTER.headwear


def test_a_harbour_under_snow_wears_no_skirt_dress_or_sun_hat() -> None:
    from lastmessage.scenegen.people import SUMMER_BOTTOMS, SUMMER_HEADWEAR
    from lastmessage.scenegen.recipes_water import harbour_market

    seed = next(s for s in range(2000, 2100) if harbour_market(s, True).lighting == "snow")
    people = [c for c in generate("harbour", seed)[0]["characters"] if c["sentient"]]
    costumed = [c for c in people if c["traits"].get("costume")]   # a costume fixes its own clothes
    worn = [(c["traits"].get("bottom", ""), c["traits"].get("headwear", "")) for c in people if c not in costumed]
    assert len(worn) > 250
    assert not [(bottom, hat) for bottom, hat in worn if bottom.split(" ")[-1] in SUMMER_BOTTOMS
                or any(hat.endswith(summer) for summer in SUMMER_HEADWEAR)]


def _night(theme: str) -> list[int]:
    """Seeds of `theme` generated at night under a tint (the first dozen found)."""
    from lastmessage.scenegen.generate import RECIPES
    _file, recipe, shipped = RECIPES[theme]
    return [seed for seed in range(1, 60)
            if seed != shipped and (L := recipe(seed, True)).lighting == "night" and L.tint][:12]


def test_a_generated_night_has_lamps_that_shine_over_its_tint() -> None:
    """A night is more than a blue wash: lamps stand on the open ground, their pools of light and
    globes painted over the tint in their own colour; the crowd keeps off their posts."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    from dataclasses import replace

    from lastmessage.scenes.occlusion import footprint
    from lastmessage.scenes.render import draw_background, scene_digest

    pygame.display.init()
    nights = _night("harbour")
    assert nights, "no harbour seed at night"
    for seed in nights[:4]:
        data, scene = generate("harbour", seed)
        assert scene.tint and len(scene.lights) >= 5 * 3, f"seed {seed}: {len(scene.lights) // 5} lamps"
        globes = [shape for shape in scene.lights if shape.get("color") == "#fff3bf"]
        for globe in globes:   # nobody's head or body against a globe
            gx, gy = float(globe["x"]) + float(globe["w"]) / 2, float(globe["y"]) + float(globe["h"]) / 2
            for person in scene.characters:
                body = footprint(person.x, person.y, person.art.scale, person.traits, scene.aspect, (1920, 1080))
                assert not body.covers(gx * 1920, gy * 1080), f"seed {seed}: {person.id} against a lamp"
    _data, scene = generate("harbour", nights[0])
    size = (480, 270)
    shone, dull = draw_background(scene, size), draw_background(replace(scene, background=scene.background + scene.lights,
                                                                          lights=()), size)
    globe = next(shape for shape in scene.lights if shape.get("color") == "#fff3bf")
    x = round((float(globe["x"]) + float(globe["w"]) / 2) * size[0])
    y = round((float(globe["y"]) + float(globe["h"]) / 2) * size[1])
    assert shone.get_at((x, y))[:3] == (0xff, 0xf3, 0xbf)   # the lamp's own colour, over the night
    assert sum(dull.get_at((x, y))[:3]) < sum(shone.get_at((x, y))[:3]) - 60   # tinted, it was dull
    assert scene_digest(scene) != scene_digest(replace(scene, lights=()))   # a cached picture knows its lamps


def test_a_mirrored_night_mirrors_its_lamps_too() -> None:
    from lastmessage.scenegen.mirror import mirrored
    data, scene = generate("harbour", _night("harbour")[0])
    turned = mirrored(data)
    firsts = [(float(s["x"]), float(s["w"])) for s in data["lights"] if s["shape"] == "ellipse"]
    mirrors = [(float(s["x"]), float(s["w"])) for s in turned["lights"] if s["shape"] == "ellipse"]
    assert len(firsts) == len(mirrors) > 0
    assert all(abs((1 - x - w) - mx) < 2e-4 for (x, w), (mx, _) in zip(firsts, mirrors))   # files round to 1e-4


def test_lights_in_a_scene_file_are_checked_as_the_background_is(tmp_path: "os.PathLike[str]") -> None:
    import json
    from pathlib import Path

    from lastmessage.scenes.model import SceneError, load_scene, scene_json

    data, scene = generate("harbour", _night("harbour")[0])
    path = Path(tmp_path) / "night.json"
    path.write_text(json.dumps(scene_json(scene)))
    assert load_scene(path).lights == scene.lights   # written and read back
    huge = {"shape": "ellipse", "x": 1e308, "y": 0, "w": 1e308, "h": 1, "color": "#ffffff"}
    for lights, where in (("lamp", "lights"), ([huge], "lights[0]")):
        path.write_text(json.dumps({**scene_json(scene), "lights": lights}))
        with pytest.raises(SceneError) as refused:
            load_scene(path)
        assert where in str(refused.value)
