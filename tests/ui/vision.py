"""How colours on a screenshot look to people: contrast, difference, colour blindness.

Pure Python (numpy is not a dependency), on a few averaged colours per check.

- `contrast`: the WCAG 2 contrast ratio of two sRGB colours (1..21).
- `difference`: CIE76 colour difference (Delta E) in CIELAB; about 2.3 is
  just noticeable, above 20 two colours read as different colours.
- `simulate`: how a person with protanopia or deuteranopia sees a colour,
  by the matrices of Machado, Oliveira and Fernandes, "A Physiologically-based
  Model for Simulation of Color Vision Deficiency" (IEEE TVCG 15(6), 2009),
  severity 1.0, applied in linear RGB.
"""

from __future__ import annotations

Colour = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

MACHADO: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
}


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(value: float) -> int:
    value = min(1.0, max(0.0, value))
    c = value * 12.92 if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055
    return round(c * 255)


def simulate(colour: Colour, deficiency: str) -> Colour:
    matrix = MACHADO[deficiency]
    rgb = [_linear(c) for c in colour]
    r, g, b = (sum(m * c for m, c in zip(row, rgb)) for row in matrix)
    return _encoded(r), _encoded(g), _encoded(b)


def luminance(colour: Colour) -> float:
    r, g, b = (_linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _lab(colour: Colour) -> tuple[float, float, float]:
    r, g, b = (_linear(c) for c in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def difference(a: Colour, b: Colour) -> float:
    la, lb = _lab(a), _lab(b)
    return sum((p - q) ** 2 for p, q in zip(la, lb)) ** 0.5
