"""People dress for the place, sit only on what the scene draws, and one costume never fills a scene."""

from __future__ import annotations

import random
from collections import Counter

import pygame
import pytest

from lastmessage.scenes.figures import BOX_H, CANVAS, SKIN_TONES, person_svg
from lastmessage.scenegen.generate import THEMES, generate
from lastmessage.scenegen.people import BATHERS, COSTUME_CAP, SELLERS, SWIMMERS, make_traits, serving
from lastmessage.scenes.traits import BELOW_WAIST, IN_WATER, POSES, SWIMWEAR, WAIST_UP
from tests.scenes.test_figures import BASE, rasterise

UNITS = 2   # pixels per box unit in these rasterisations (`rasterise` draws the box 400 px tall)


@pytest.fixture(autouse=True)
def _display() -> None:
    pygame.display.init()


def _opaque_columns(image: pygame.Surface, y0: float, y1: float) -> list[int]:
    """The columns with an opaque pixel between box heights y0 and y1."""
    mask = pygame.mask.from_surface(image, 127)
    rows = range(round((y0 - CANVAS[1]) * UNITS), round((y1 - CANVAS[1]) * UNITS))
    return [x for x in range(image.get_width()) if any(mask.get_at((x, y)) for y in rows)]


def test_a_sitting_person_brings_no_seat() -> None:
    """The seat (bench, towel, rim) is the scene's: at the feet only two shoes show, no stool legs."""
    image = rasterise(person_svg({**BASE, "pose": "sitting"}), round(BOX_H * UNITS))
    columns = _opaque_columns(image, 186, 199)
    assert columns and (max(columns) - min(columns)) / UNITS < 32


@pytest.mark.parametrize("pose", WAIST_UP)
def test_a_waist_up_person_is_cut_at_the_counter_with_no_legs(pose: str) -> None:
    """Behind a counter or in a boat the torso reaches the feet point (the counter top, the gunwale)
    and ends there: no legs, no shoes, nothing below; the head sits about half the box down."""
    image = rasterise(person_svg({**BASE, "pose": pose}), round(BOX_H * UNITS))
    at_cut = _opaque_columns(image, 190, 199)
    assert at_cut and 30 < (max(at_cut) - min(at_cut)) / UNITS < 80
    assert not _opaque_columns(image, -50, 80)


def test_a_waist_up_seller_has_no_hidden_bottom() -> None:
    """What the counter hides is no trait: trousers, shorts, skirts and dresses are dropped, so the
    name never tells of them; swimwear and ski wear still show above the waist and stay."""
    rng = random.Random(7)
    everyday = [make_traits(rng, serving(SELLERS)) for _ in range(200)]
    assert all(t["pose"] == "serving" and not t.get("bottom", "").endswith(BELOW_WAIST) for t in everyday)
    beach = [make_traits(rng, serving(BATHERS)) for _ in range(200)]
    assert any(t.get("bottom") in SWIMWEAR for t in beach)


@pytest.mark.parametrize("facing", ["left", "right"])
@pytest.mark.parametrize("pose", POSES)
def test_every_pose_fits_its_canvas(pose: str, facing: str) -> None:
    """Nothing is cut off at the canvas edge (skis and lilos are long)."""
    held = {"floating": "lilo", "swimming": "rubber ring", "splashing": "rubber ring"}.get(pose, "camera")
    for traits in ({**BASE, "pose": pose, "facing": facing},
                   {**BASE, "pose": pose, "facing": facing, "person": "girl", "holding": held}):
        mask = pygame.mask.from_surface(rasterise(person_svg(traits), round(BOX_H * UNITS)), 127)
        w, h = mask.get_size()
        bottom_rows = (0,) if pose in WAIST_UP else (0, h - 1)   # a waist-up figure is cut at the box bottom
        edge = [(x, y) for x in range(w) for y in bottom_rows] + [(x, y) for y in range(h) for x in (0, w - 1)]
        assert not any(mask.get_at(p) for p in edge), (pose, facing)


def test_skis_reach_ahead_of_the_skier_in_the_direction_they_face() -> None:
    right = rasterise(person_svg({**BASE, "pose": "skiing"}), round(BOX_H * UNITS))
    left = rasterise(person_svg({**BASE, "pose": "skiing", "facing": "left"}), round(BOX_H * UNITS))
    centre = round((60 - CANVAS[0]) * UNITS)
    ahead_right, ahead_left = max(_opaque_columns(right, 180, 200)), min(_opaque_columns(left, 180, 200))
    assert ahead_right - centre > 50 * UNITS and centre - ahead_left > 50 * UNITS


def test_only_some_swimmers_have_a_rubber_ring_and_some_float_or_splash() -> None:
    rng = random.Random(12)
    swimmers = [make_traits(rng, SWIMMERS) for _ in range(600)]
    rings = sum(t.get("holding") == "rubber ring" for t in swimmers) / len(swimmers)
    poses = Counter(t["pose"] for t in swimmers)
    assert 0.05 < rings < 0.3
    assert {"swimming", "floating", "splashing"} <= set(poses) and all(p in IN_WATER for p in poses)
    assert any(t.get("holding") == "lilo" and t["pose"] == "floating" for t in swimmers)


@pytest.mark.parametrize("theme", THEMES)
def test_no_costume_fills_a_scene_and_top_hats_stay_at_the_gala_and_the_carnival(theme: str) -> None:
    for seed in (3, 4242):
        data, _scene = generate(theme, seed)
        people = [c["traits"] for c in data["characters"] if c["sentient"]]
        worn = Counter(t["costume"] for t in people if "costume" in t)
        assert max(worn.values(), default=0) <= COSTUME_CAP, (theme, seed, worn)
        if theme not in ("museum", "carnival"):
            # a costume keeps its own hat (the station's busker may play in a top hat)
            assert not [t for t in people if t.get("headwear") == "top hat" and "costume" not in t], (theme, seed)


def test_the_beach_crowd_is_dressed_for_the_sand() -> None:
    data, _scene = generate("beach", 11)
    on_sand = [c["traits"] for c in data["characters"]
               if c["sentient"] and c["traits"]["pose"] not in IN_WATER and "costume" not in c["traits"]]
    swimwear = [t for t in on_sand if t.get("bottom") in SWIMWEAR]
    assert len(swimwear) > len(on_sand) * 0.6
    assert not [t for t in on_sand if t.get("bottom", "").endswith("trousers")]



STICK_WOOD, SKATE_BLADE = (0xc8, 0x84, 0x3d), (0xad, 0xb5, 0xbd)
SHOULDERS = {"man": 48, "girl": 66, "old woman": 52}   # `figures._body`: where the arms start


def _pixels(image: pygame.Surface, rgb: tuple[int, int, int]) -> list[tuple[int, int]]:
    w, _ = image.get_size()
    data, want = pygame.image.tobytes(image, "RGBA"), bytes(rgb)
    return [(i // 4 % w, i // 4 // w) for i in range(0, len(data), 4) if data[i:i + 3] == want]


@pytest.mark.parametrize("person", list(SHOULDERS))
def test_a_hockey_player_holds_the_stick_low_in_both_hands_its_blade_flat_on_the_ice(person: str) -> None:
    """Not a walking cane: two hands on the shaft, low, and the blade a flat foot on the ice ahead of
    the skates, at their level (the art review of the ski seeds read the hockey sticks as canes)."""
    traits = {**BASE, "person": person, "pose": "skating", "holding": "hockey stick", "bottom": "blue ski trousers"}
    image = rasterise(person_svg(traits), round(BOX_H * UNITS))
    wood, skates = _pixels(image, STICK_WOOD), _pixels(image, SKATE_BLADE)
    ice = max(y for _, y in skates)
    blade = [(x, y) for x, y in wood if y > ice - 8 * UNITS]   # the wood down at the skates' level
    xs = {x for x, _ in blade}
    assert max(xs) - min(xs) >= 16 * UNITS and min(xs) > max(x for x, _ in skates), person   # a foot, ahead
    lowest = [max(y for bx, y in blade if bx == x) for x in xs]
    assert max(lowest) - min(lowest) <= 3 * UNITS, person   # lying flat along the ice, not slanting into it
    assert abs(max(lowest) - ice) <= 3 * UNITS, person      # on the ice, not under it
    skin = pygame.Color(SKIN_TONES[BASE["skin"]])
    low = round((SHOULDERS[person] + 25 - CANVAS[1]) * UNITS)
    hands = [(x, y) for x, y in _pixels(image, (skin.r, skin.g, skin.b)) if y > low]   # below the chest
    cells = {(x // UNITS, y // UNITS) for x, y in wood}   # the stick, in box units
    def on_stick(x: int, y: int) -> bool:   # within 8 units of the wood: the hand grips it
        return any((x // UNITS + dx, y // UNITS + dy) in cells for dx in range(-8, 9) for dy in range(-8, 9))
    assert hands and all(on_stick(x, y) for x, y in hands), person   # every hand low is on the stick
    assert max(y for _, y in hands) - min(y for _, y in hands) >= 14 * UNITS, person   # two hands, one above the other
