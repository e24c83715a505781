"""Reading the screens back with OCR (tesseract), as a player reads them.

`make test` installs tesseract with its Romanian data (scripts/setup.sh), so a
test that needs it fails, saying so, where it is missing: a skipped check of
what people see would pass without proving anything.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest


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
