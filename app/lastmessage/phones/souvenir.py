"""The keepsake's pictures: the scene with the criminal ringed, the boards whole, their replay as a GIF.

Made once per finished game on the keepsake's own thread (keepsake.py), never
on the frame loop. The boards are drawn by the reveal's own replay
(`ui.detective.replay`): its patches laid down one sixtieth of a second at a
time, the erased ink coming back in the ghost colour on its redacted squares,
so the GIF shows what the monitor showed. Pillow encodes them (the GIF on one
palette taken from the finished boards: paper, ink, ghost and grid are all a
board holds).

The boards are big enough to keep (`BOARD` pixels a side, two to a row: a
sheet about 1600 wide), so the GIF is written frame by frame as the replay is
painted, each frame only what changed on the board painted (a GIF frame has its own
place on the sheet, and holds only the box of what changed): memory holds one
sheet and one board whatever the number of frames.
Pillow's own writer keeps every frame until the end, whole: four boards'
replay at this size would be 160 frames of 2.7 MB.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass

import pygame
from PIL import GifImagePlugin, Image, ImageChops

from lastmessage.i18n.translate import Translator
from lastmessage.rules.projections import Reveal
from lastmessage.scenes.model import Scene
from lastmessage.scenes.render import draw_highlight, png_bytes, render_scene
from lastmessage.ui import theme
from lastmessage.ui.detective import replay
from lastmessage.ui.detective.cards import style
from lastmessage.ui.text import render

SCENE_WIDTH = 1600
BOARD = 760              # pixels a side of one board in the pictures: two to a row make a sheet 1592 wide
COLUMNS = 2
GAP = 24
LABEL = 56               # the band over each board naming its round
LABEL_PX = 36
STEPS_PER_FRAME = 5      # of the replay's 60 a second: a GIF of 12 frames a second
FRAME_MS = 80            # GIF delays are in hundredths: 5/60 s rounded
HOLD_MS = 3000           # the finished boards stay this long before the replay begins again
JPEG_QUALITY = 85


@dataclass(frozen=True)
class Souvenir:
    scene_jpeg: bytes
    boards_png: bytes
    replay_gif: bytes

    @property
    def size(self) -> int:
        return len(self.scene_jpeg) + len(self.boards_png) + len(self.replay_gif)


def round_labels(reveal: Reveal, tx: Translator) -> list[pygame.Surface]:
    """The boards' labels, drawn on the frame's thread (the fonts are not to be shared across threads)."""
    return [render(tx.tr("Round {round}", round=board.round), LABEL_PX, theme.PAPER, bold=True).copy()
            for board in reveal.boards]


def make_souvenir(reveal: Reveal, scene: Scene, labels: list[pygame.Surface]) -> Souvenir:
    """All three pictures of a finished game (seconds of work on a Pi: call it off the frame loop)."""
    return Souvenir(scene_jpeg(reveal, scene), png_bytes(_boards_sheet(reveal, labels, whole=True)),
                    replay_gif(reveal, labels))


def scene_jpeg(reveal: Reveal, scene: Scene) -> bytes:
    size = (SCENE_WIDTH, max(1, round(SCENE_WIDTH / scene.aspect)))
    picture = render_scene(scene, size).copy()   # the cache's is shared: ring a copy
    criminal = scene.character(reveal.secret)
    if criminal is not None:
        draw_highlight(picture, scene, criminal, size, color=theme.CRIMSON, grow=1.5)
    out = io.BytesIO()
    _pil(picture).save(out, "JPEG", quality=JPEG_QUALITY, optimize=True)
    return out.getvalue()


def _slots(reveal: Reveal) -> list[pygame.Rect]:
    return [pygame.Rect(GAP + (index % COLUMNS) * (BOARD + GAP), GAP + LABEL + (index // COLUMNS) * (LABEL + BOARD + GAP),
                        BOARD, BOARD) for index in range(len(reveal.boards))]


def sheet_size(count: int) -> tuple[int, int]:
    """The boards' picture for `count` boards: COLUMNS to a row, as many rows as they need."""
    count = max(1, count)
    columns, rows = min(count, COLUMNS), -(-count // COLUMNS)
    return GAP + columns * (BOARD + GAP), GAP + rows * (LABEL + BOARD + GAP)


def _boards_sheet(reveal: Reveal, labels: list[pygame.Surface], *, whole: bool) -> pygame.Surface:
    """Every board under its round, finished (`whole`) or as its replay begins."""
    sheet = pygame.Surface(sheet_size(len(reveal.boards)))
    sheet.fill(theme.NIGHT)
    turns = replay.turns(reveal.boards, 0.0)
    for board, turn, rect, label in zip(reveal.boards, turns, _slots(reveal), labels):
        sheet.blit(label, (rect.x, rect.y - LABEL + (LABEL - label.get_height()) // 2))
        if whole:
            replay.paint_whole(sheet, rect, board, grid_width=2, weight=style(False))
        else:
            replay.paint(sheet, rect, board, turn, 0, grid_width=2, weight=style(False))
    return sheet


def replay_frames(reveal: Reveal, labels: list[pygame.Surface]) -> Iterator[tuple[pygame.Surface, pygame.Rect]]:
    """The replay as the monitor plays it, one frame every STEPS_PER_FRAME patches, board after board:
    the sheet as it begins (with its whole rect), then the sheet and the board's rect that changed
    (the same sheet, painted on: use each before asking for the next); the last is the boards finished."""
    sheet = _boards_sheet(reveal, labels, whole=False)
    yield sheet, sheet.get_rect()
    for board, turn, rect in zip(reveal.boards, replay.turns(reveal.boards, 0.0), _slots(reveal)):
        for step in range(1, turn.steps + 1):
            replay.paint(sheet, rect, board, turn, step, grid_width=2, weight=style(False))
            if step % STEPS_PER_FRAME == 0 or step == turn.steps:
                yield sheet, rect


def replay_gif(reveal: Reveal, labels: list[pygame.Surface]) -> bytes:
    """The GIF, written as it is painted: a frame is what changed since the one before (within the
    board painted, the box of the pixels that differ), at its place, on the finished boards' palette;
    each waits for the next to know its delay (the last holds HOLD_MS)."""
    palette = _pil(_boards_sheet(reveal, labels, whole=True)).quantize(colors=64, method=Image.Quantize.MEDIANCUT)
    out = io.BytesIO()
    waiting: tuple[Image.Image, tuple[int, int]] | None = None
    before: tuple[pygame.Rect, Image.Image] | None = None   # the board last painted, as last written
    for sheet, rect in replay_frames(reveal, labels):
        image = _pil(sheet.subsurface(rect)).quantize(palette=palette, dither=Image.Dither.NONE)
        at, changed = rect.topleft, image
        if before is not None and before[0] == rect:
            box = ImageChops.difference(before[1], image).getbbox()
            if box is not None:   # (none: a frame that changed nothing is its whole board again)
                at, changed = (rect.x + box[0], rect.y + box[1]), image.crop(box)
        before = (rect, image)
        if waiting is None:
            header, _ = GifImagePlugin.getheader(image, None, {"loop": 0, "optimize": False})
            out.write(b"".join(header))
        else:
            _frame(out, *waiting, FRAME_MS)
        waiting = (changed, at)
    assert waiting is not None
    _frame(out, *waiting, HOLD_MS)
    out.write(b";")   # the GIF's trailer
    return out.getvalue()


def _frame(out: io.BytesIO, image: Image.Image, at: tuple[int, int], duration: int) -> None:
    for chunk in GifImagePlugin.getdata(image, at, duration=duration, disposal=1):
        out.write(chunk)


def _pil(surface: pygame.Surface) -> Image.Image:
    return Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))
