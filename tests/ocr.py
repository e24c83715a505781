"""Reading the screens back with OCR (tesseract), as a player reads them.

`make test` installs tesseract with its Romanian data (scripts/setup.sh), so a
test that needs it fails, saying so, where it is missing: a skipped check of
what people see would pass without proving anything.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pygame
import pytest

from lastmessage.ui import theme


def tesseract_ready() -> bool:
    if shutil.which("tesseract") is None:
        return False
    found = subprocess.run(["tesseract", "--list-langs"], capture_output=True, text=True)
    return "ron" in found.stdout.split()


def require_tesseract() -> None:
    if not tesseract_ready():
        pytest.fail("tesseract with Romanian is not installed (apt-get install tesseract-ocr "
                    "tesseract-ocr-ron; scripts/setup.sh does it)", pytrace=False)


needs_ocr = pytest.mark.usefixtures("tesseract")
"""Marks a test that reads a screen with tesseract (the `tesseract` fixture of conftest.py)."""


def read_ink(shot: pygame.Surface, area: pygame.Rect, colour: theme.Color, scale: int, tmp: Path, *,
             psm: int = 7, tolerance: int = 60) -> str:
    """What tesseract reads of the text drawn in `colour` in `area`: that ink black on white,
    enlarged `scale` times; one line (`psm` 7) or a block of lines (6)."""
    image = shot.subsurface(area.clip(shot.get_rect())).copy()
    ink = pygame.mask.from_threshold(image, colour, (tolerance, tolerance, tolerance, 255))
    bw = ink.to_surface(setcolor=(0, 0, 0, 255), unsetcolor=(255, 255, 255, 255))
    bw = pygame.transform.smoothscale(bw, (bw.get_width() * scale, bw.get_height() * scale))
    page = pygame.Surface((bw.get_width() + 40, bw.get_height() + 40))
    page.fill((255, 255, 255))
    page.blit(bw, (20, 20))
    path = tmp / "line.png"
    pygame.image.save(page, str(path))
    found = subprocess.run(["tesseract", str(path), "stdout", "--psm", str(psm), "-l", "ron+eng"],
                           capture_output=True, text=True, check=True)
    return " ".join(found.stdout.split())
