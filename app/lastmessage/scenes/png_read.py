"""Reading the scene cache's own PNG files straight into the screens' 32-bit format, a band at a time.

`pygame.image.load` decodes an RGB PNG into a 24-bit surface, which must then
be copied into the 32-bit XRGB surface the screens blit fast: for the loupe's
big raster (3528x1985 at full HD) that held 21 MB beside the 28 MB result, at
the moment a game starts and the last game's pictures are still let go of,
which was the day's memory peak. The cache's files are written by
`render.png_bytes` (8-bit RGB, no interlace, every row filtered "none"), so
they can be inflated a band of rows at a time into the final surface. Any
other PNG (another writer's, or a damaged file) gets None here, and the
caller falls back to pygame's loader or draws the scene again.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pygame

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_BAND = 64   # rows inflated at a time (under 1 MB at 4800 pixels wide)


def read_own_png(path: Path) -> pygame.Surface | None:
    """The picture in `path` as a 32-bit surface without alpha, if `render.png_bytes` could have
    written it; None for any other file (unreadable, another layout, damaged, cut short)."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    size, idat = _layout(data)
    if size is None:
        return None
    width, height = size
    stride = 1 + 3 * width   # the filter byte, then the row
    surface = pygame.Surface(size, 0, 32)
    inflate = zlib.decompressobj()
    pending = b""
    top = 0
    try:
        for start, length in idat:
            tail = data[start:start + length]
            while tail:
                if top == height:   # only the stream's end may be left: its checksum, no pixels
                    if inflate.decompress(tail):
                        return None
                    break
                rows = min(_BAND, height - top)
                # At most one band out at a time: the whole picture inflated at once was the 21 MB.
                pending += inflate.decompress(tail, stride * rows - len(pending))
                tail = inflate.unconsumed_tail
                if len(pending) < stride * rows:
                    continue
                band, pending = pending, b""
                if any(band[row * stride] for row in range(rows)):   # a filter other than "none"
                    return None
                pixels = b"".join(band[row * stride + 1:(row + 1) * stride] for row in range(rows))
                surface.blit(pygame.image.frombuffer(pixels, (width, rows), "RGB"), (0, top))
                top += rows
    except zlib.error:
        return None
    if top != height or pending or not inflate.eof:
        return None
    return surface


def _layout(data: bytes) -> tuple[tuple[int, int] | None, list[tuple[int, int]]]:
    """The size (None unless 8-bit RGB, not interlaced, within SDL's limits) and the IDAT chunks'
    places in `data`, the chunks' lengths and order checked (CRCs are zlib's to check, by the
    stream's own checksum)."""
    if not data.startswith(_SIGNATURE):
        return None, []
    at, size, idat, ended = len(_SIGNATURE), None, [], False
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        start = at + 8
        if start + length + 4 > len(data):
            return None, []
        if kind == b"IHDR" and at == len(_SIGNATURE) and length == 13:
            width, height, depth, colour, compression, filtering, interlace = struct.unpack(
                ">IIBBBBB", data[start:start + 13])
            if (depth, colour, compression, filtering, interlace) != (8, 2, 0, 0, 0) \
                    or not 0 < width <= 16384 or not 0 < height <= 16384:
                return None, []
            size = (width, height)
        elif kind == b"IDAT":
            idat.append((start, length))
        elif kind == b"IEND":
            ended = True
            break
        at = start + length + 4
    return (size, idat) if size is not None and idat and ended else (None, [])
