"""The table's two screens, by name: the tablet behind the privacy screen and the detective monitor.

A name, not a window: the config (which screen a bare touch belongs to), the
captions (which screen writes a sound) and the display backends all speak of
the screens without importing pygame.
"""

from __future__ import annotations

from typing import Literal

Target = Literal["tablet", "detective"]
TARGETS: tuple[Target, ...] = ("tablet", "detective")
