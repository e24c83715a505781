"""Painting reads shape fields through checked accessors: an impossible field says which, in one line."""

from __future__ import annotations

import pygame
import pytest

from lastmessage.scenes.paint import paint_background
from lastmessage.scenes.shapes import shape_problems


def test_a_checked_shape_paints_its_colour() -> None:
    shape = {"shape": "rect", "x": 0.25, "y": 0.25, "w": 0.5, "h": 0.5, "color": "#33aa55"}
    assert shape_problems(shape) == []
    surface = pygame.Surface((40, 40))
    paint_background(surface, [shape], 10.0)
    assert tuple(surface.get_at((20, 20))) == (0x33, 0xAA, 0x55, 255)
    assert tuple(surface.get_at((2, 2))) == (0, 0, 0, 255)


@pytest.mark.parametrize(("shape", "field"), [
    ({"shape": "rect", "x": "0.1", "y": 0.1, "w": 0.5, "h": 0.5, "color": "#33aa55"}, '"x"'),
    ({"shape": "rect", "x": 0.1, "y": 0.1, "w": 0.5, "h": 0.5, "color": 3355}, '"color"'),
    ({"shape": "path", "points": [[0, 0], [1]], "color": "#33aa55", "width": 0.01}, '"points"'),
    ({"shape": "speckle", "x": 0, "y": 0, "w": 1, "h": 1, "colors": ["#33aa55"], "count": 2.5,
      "size": 0.01, "seed": 1}, '"count"'),
    ({"shape": "stripes", "x": 0, "y": 0, "w": 1, "h": 1, "colors": ["#33aa55"], "count": 3,
      "vertical": "yes"}, '"vertical"'),
])
def test_a_shape_the_checker_refuses_is_not_painted(shape: dict[str, object], field: str) -> None:
    assert shape_problems(shape)
    with pytest.raises(ValueError, match=field) as raised:
        paint_background(pygame.Surface((40, 40)), [shape], 10.0)
    assert "\n" not in str(raised.value)
