"""Boards from the tablet's view of a game, drawn with the shared board drawing."""

from __future__ import annotations

import pygame

from lastmessage.rules.board import Board
from lastmessage.rules.projections import FullBoard
from lastmessage.ui.board_draw import draw_board


def draw_full_board(surface: pygame.Surface, rect: pygame.Rect, board: FullBoard, *,
                    ghosts: bool) -> None:
    """A board after its erasure; with `ghosts` the erased parts show again in their colour."""
    whole = Board(board.items, board.erased)
    draw_board(surface, rect, strokes=whole.visible_strokes(), words=whole.visible_words(),
               erased=board.erased,
               ghost_strokes=whole.strokes if ghosts else (),
               ghost_words=whole.words if ghosts else (),
               grid_width=max(2, rect.w // 200))
