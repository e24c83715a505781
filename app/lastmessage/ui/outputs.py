"""Which SDL display is the output the config names.

The installer names outputs as labwc and `wlr-randr` do ("HDMI-A-1"); SDL
numbers displays in the order the compositor announced them and names them
by the output's description: under labwc (wlroots) a DRM connector's
description is "<make> <model> <serial> (HDMI-A-1)", a headless one's
"Headless output 1" for HEADLESS-1 (seen in the appliance container). A
number in the config is still SDL's display number.
"""

from __future__ import annotations

import ctypes
import functools
import glob
import os
import re
from collections.abc import Sequence
from pathlib import Path

Output = int | str

OUTPUT_NAME = re.compile(r"^[A-Za-z0-9_.:-]{1,64}$")


def matches(name: str, display: str) -> bool:
    """Whether SDL's name for a display is the output `name` (case aside)."""
    wanted, seen = name.strip().casefold(), display.strip().casefold()
    if seen == wanted or seen.endswith(f"({wanted})"):
        return True
    headless = re.fullmatch(r"headless-(\d+)", wanted)
    return headless is not None and seen == f"headless output {headless.group(1)}"


def resolve(output: Output, names: Sequence[str]) -> int | None:
    """The display index of `output` among SDL's display `names`; None when it is not connected."""
    if isinstance(output, int):
        return output if 0 <= output < len(names) else None
    found = [index for index, display in enumerate(names) if matches(output, display)]
    return found[0] if len(found) == 1 else None


def display_names() -> list[str]:
    """SDL_GetDisplayName of every display, through pygame-ce's own SDL (pygame has no call for it).

    The device asks every 2 s during play: the library is found once (finding it,
    a glob and a dlopen, cost about 220 us a call; the calls themselves a few us)."""
    sdl = _sdl()
    if sdl is None:
        return []
    count = sdl.SDL_GetNumVideoDisplays()
    return [(sdl.SDL_GetDisplayName(index) or b"").decode("utf-8", "replace") for index in range(max(count, 0))]


@functools.cache
def _sdl() -> ctypes.CDLL | None:
    import pygame

    here = Path(pygame.__file__).parent
    candidates = glob.glob(str(here.parent / "pygame_ce.libs" / "libSDL2-*")) + glob.glob(str(here / "libSDL2*"))
    for candidate in candidates + ["libSDL2-2.0.so.0"]:
        try:
            # Already loaded by pygame: the same library, the same SDL state.
            sdl = ctypes.CDLL(candidate, mode=os.RTLD_NOLOAD | os.RTLD_GLOBAL) if candidate != "libSDL2-2.0.so.0" \
                else ctypes.CDLL(candidate)
        except OSError:
            continue
        sdl.SDL_GetNumVideoDisplays.restype = ctypes.c_int
        sdl.SDL_GetDisplayName.restype = ctypes.c_char_p
        sdl.SDL_GetDisplayName.argtypes = [ctypes.c_int]
        return sdl
    return None
