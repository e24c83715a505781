"""The scene cache's own PNGs are read straight into the screens' 32-bit format, pixel for pixel as
pygame's loader reads them; any other or damaged file is refused (None), never half read."""

from __future__ import annotations

from pathlib import Path

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from lastmessage.scenes.png_read import read_own_png
from lastmessage.scenes.render import png_bytes


def _picture(width: int, height: int, seed: int) -> pygame.Surface:
    surface = pygame.Surface((width, height))
    for y in range(height):
        for x in range(0, width, 3):
            surface.set_at((x, y), ((x * 7 + seed) % 256, (y * 13 + seed) % 256, (x * y + seed) % 256))
    return surface


@settings(max_examples=25)
@given(st.integers(1, 300), st.integers(1, 200), st.integers(0, 255))
def test_an_own_png_reads_as_pygame_reads_it(tmp_path_factory: object, width: int, height: int, seed: int) -> None:
    folder: Path = tmp_path_factory.mktemp("png")  # type: ignore[attr-defined]
    path = folder / "scene.png"
    path.write_bytes(png_bytes(_picture(width, height, seed)))
    read = read_own_png(path)
    assert read is not None
    assert read.get_bitsize() == 32 and not read.get_flags() & pygame.SRCALPHA
    assert pygame.image.tobytes(read, "RGB") == pygame.image.tobytes(pygame.image.load(str(path)), "RGB")


def test_other_pngs_and_damaged_ones_are_refused(tmp_path: Path) -> None:
    picture = _picture(130, 90, 5)
    own = png_bytes(picture)
    pygame.image.save(picture, str(tmp_path / "pygame.png"))   # another writer: filtered rows
    cases = {
        "pygame.png": (tmp_path / "pygame.png").read_bytes(),
        "cut.png": own[: len(own) // 2],
        "no-end.png": own[:-12],
        "flipped.png": own[:60] + bytes([own[60] ^ 0xFF]) + own[61:],
        "empty.png": b"",
        "not-png.png": b"GIF89a" + own[6:],
        "huge.png": own[:16] + (99999).to_bytes(4, "big") + own[20:],
    }
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
        read = read_own_png(tmp_path / name)
        if name == "pygame.png" and read is not None:   # pygame wrote unfiltered rows: read alike
            assert pygame.image.tobytes(read, "RGB") == pygame.image.tobytes(picture, "RGB")
            continue
        assert read is None, name
    assert read_own_png(tmp_path / "missing.png") is None
