"""The keepsake's pictures: the scene with the criminal ringed, the boards whole, their replay as a GIF.

Made once per finished game on the keepsake's own thread (keepsake.py), never
on the frame loop. The boards are drawn by the reveal's own replay
(`ui.detective.replay`): its patches laid down one sixtieth of a second at a
time, the erased ink coming back in the ghost colour on its redacted squares,
so the GIF shows what the monitor showed. Pillow encodes them (the GIF on one
palette taken from the finished boards: paper, ink, ghost and grid are all a
board holds).
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import pygame
from PIL import Image

from lastmessage.i18n.translate import Translator
from lastmessage.rules.projections import Reveal
from lastmessage.scenes.model import Scene
from lastmessage.scenes.render import draw_highlight, png_bytes, render_scene
from lastmessage.ui import theme
from lastmessage.ui.detective import replay
from lastmessage.ui.detective.cards import style
from lastmessage.ui.text import render

SCENE_WIDTH = 1600
BOARD = 360              # pixels a side of one board in the pictures
GAP = 24
LABEL = 40               # the band over each board naming its round
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
    return [render(tx.tr("Round {round}", round=board.round), 26, theme.PAPER, bold=True).copy()
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
    return [pygame.Rect(GAP + index * (BOARD + GAP), GAP + LABEL, BOARD, BOARD)
            for index in range(len(reveal.boards))]


def _boards_sheet(reveal: Reveal, labels: list[pygame.Surface], *, whole: bool) -> pygame.Surface:
    """Every board in a row under its round, finished (`whole`) or as its replay begins."""
    count = max(1, len(reveal.boards))
    sheet = pygame.Surface((GAP + count * (BOARD + GAP), GAP + LABEL + BOARD + GAP))
    sheet.fill(theme.NIGHT)
    turns = replay.turns(reveal.boards, 0.0)
    for board, turn, rect, label in zip(reveal.boards, turns, _slots(reveal), labels):
        sheet.blit(label, (rect.x, rect.y - LABEL + (LABEL - label.get_height()) // 2))
        if whole:
            replay.paint_whole(sheet, rect, board, grid_width=2, weight=style(False))
        else:
            replay.paint(sheet, rect, board, turn, 0, grid_width=2, weight=style(False))
    return sheet


def replay_frames(reveal: Reveal, labels: list[pygame.Surface]) -> list[pygame.Surface]:
    """The replay as the monitor plays it, one frame every STEPS_PER_FRAME patches, board after board;
    the last frame is the boards finished."""
    sheet = _boards_sheet(reveal, labels, whole=False)
    frames = [sheet.copy()]
    for board, turn, rect in zip(reveal.boards, replay.turns(reveal.boards, 0.0), _slots(reveal)):
        for step in range(1, turn.steps + 1):
            replay.paint(sheet, rect, board, turn, step, grid_width=2, weight=style(False))
            if step % STEPS_PER_FRAME == 0 or step == turn.steps:
                frames.append(sheet.copy())
    return frames


def replay_gif(reveal: Reveal, labels: list[pygame.Surface]) -> bytes:
    frames = replay_frames(reveal, labels)
    palette = _pil(frames[-1]).quantize(colors=64, method=Image.Quantize.MEDIANCUT)
    images = [_pil(frame).quantize(palette=palette, dither=Image.Dither.NONE) for frame in frames]
    out = io.BytesIO()
    images[0].save(out, "GIF", save_all=True, append_images=images[1:], loop=0, optimize=False,
                   duration=[FRAME_MS] * (len(images) - 1) + [HOLD_MS], disposal=1)
    return out.getvalue()


def _pil(surface: pygame.Surface) -> Image.Image:
    return Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))
