"""What the monitor shows of the phones: the join card (QR code, code, address), the pill in
the top bar, the audience's countdown, and at the end the keepsake's card (the QR code of the
finished game's page).

All are `present.Layer`s drawn over the detective monitor, so the screens'
own drawing is untouched: the card in the bottom-right corner while a game can
be joined, the pill while it is played. Their pictures are drawn once per code
and kept. The marks' pins are `pins.py`'s.
"""

from __future__ import annotations

from functools import lru_cache

import pygame
import segno

from lastmessage.i18n.translate import translator
from lastmessage.ui import text
from lastmessage.ui.present import Layer

CARD_MODULE = 4        # pixels a side of one QR module on a 1080p monitor


@lru_cache(maxsize=4)
def join_card(url: str, code: str, language: str, scale: float) -> pygame.Surface:
    """White QR code on a dark card, the code under it large and the address small."""
    return qr_card(url, translator(language).tr("Join on your phone"), code, scale)


@lru_cache(maxsize=2)
def keepsake_card(url: str, minutes: int, language: str, scale: float) -> pygame.Surface:
    """The finished game's page: what it holds over the QR code, how long it stays under it."""
    tx = translator(language)
    return qr_card(url, tx.tr("Take this game home"), "", scale,
                   tx.ntr("The replay and the boards, for {n} minute", "The replay and the boards, for {n} minutes",
                          minutes, n=minutes))


def qr_card(url: str, heading: str, big: str, scale: float, note: str = "") -> pygame.Surface:
    """`heading` over the QR code of `url`, `big` (if any) large under it, the address small, `note` last."""
    qr = segno.make(url, error="m")
    module = max(2, round(CARD_MODULE * scale))
    matrix = [list(row) for row in qr.matrix]
    side = (len(matrix) + 8) * module   # a quiet zone of four modules
    pad = round(14 * scale)
    line = text.render(heading, round(24 * scale), (230, 232, 238))
    under = [text.render(big, round(46 * scale), (255, 214, 102), bold=True)] if big else []
    under.append(text.render(url, round(16 * scale), (170, 176, 190)))
    if note:
        under.append(text.render(note, round(18 * scale), (230, 232, 238)))
    width = max(side, line.get_width(), *(u.get_width() for u in under)) + 2 * pad
    height = pad + line.get_height() + pad // 2 + side + pad // 2 + sum(u.get_height() for u in under) + pad
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(card, (20, 22, 28, 235), card.get_rect(), border_radius=round(12 * scale))
    y = pad
    card.blit(line, ((width - line.get_width()) // 2, y))
    y += line.get_height() + pad // 2
    left = (width - side) // 2
    pygame.draw.rect(card, (255, 255, 255), (left, y, side, side))
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            if dark:
                card.fill((0, 0, 0), ((c + 4) * module + left, (r + 4) * module + y, module, module))
    y += side + pad // 2
    for surface in under:
        card.blit(surface, ((width - surface.get_width()) // 2, y))
        y += surface.get_height()
    return card


def card_layer(url: str, code: str, language: str, screen: tuple[int, int]) -> Layer:
    """The whole card, bottom right: where the attract loop and the secret step write nothing."""
    card = join_card(url, code, language, screen[1] / 1080)
    return Layer(("phones", "card"), card, _bottom_right(card, screen), version=(url, code, language))


def keepsake_layer(url: str, minutes: int, language: str, screen: tuple[int, int],
                   scene_area: pygame.Rect | None, criminal: tuple[int, int] | None,
                   lens: pygame.Rect | None = None) -> Layer:
    """The keepsake's card while the end of the game is shown: over the scene, in a corner off
    the big lens (`lens`, where it rests) and farthest from the criminal (the spotlight is on
    them); where every corner meets the lens, the one that covers least of it. Bottom right
    without a scene."""
    card = keepsake_card(url, minutes, language, screen[1] / 1080)
    if scene_area is None:
        return Layer(("phones", "keepsake"), card, _bottom_right(card, screen), version=(url, minutes, language))
    inside = scene_area.inflate(-2 * round(12 * screen[1] / 1080), -2 * round(12 * screen[1] / 1080))
    spot = criminal if criminal is not None else inside.center
    corners = [pygame.Rect(x, y, card.get_width(), card.get_height())
               for x in (inside.left, inside.right - card.get_width())
               for y in (inside.top, inside.bottom - card.get_height())]

    def covered(corner: pygame.Rect) -> int:
        if lens is None:
            return 0
        overlap = corner.clip(lens)
        return overlap.w * overlap.h

    dest = min(corners, key=lambda r: (covered(r), -((r.centerx - spot[0]) ** 2 + (r.centery - spot[1]) ** 2)))
    return Layer(("phones", "keepsake"), card, pygame.FRect(dest), version=(url, minutes, language))


def _bottom_right(card: pygame.Surface, screen: tuple[int, int]) -> pygame.FRect:
    margin = round(18 * screen[1] / 1080)
    return pygame.FRect(screen[0] - margin - card.get_width(), screen[1] - margin - card.get_height(),
                        card.get_width(), card.get_height())


@lru_cache(maxsize=4)
def join_pill(address: str, code: str, scale: float) -> pygame.Surface:
    words = text.render(address, round(20 * scale), (190, 196, 210))
    big = text.render(code, round(26 * scale), (255, 214, 102), bold=True)
    pad, gap = round(14 * scale), round(12 * scale)
    height = max(words.get_height(), big.get_height()) + round(8 * scale)
    pill = pygame.Surface((words.get_width() + gap + big.get_width() + 2 * pad, height), pygame.SRCALPHA)
    pygame.draw.rect(pill, (40, 44, 56, 255), pill.get_rect(), border_radius=height // 2)
    pill.blit(words, (pad, (height - words.get_height()) // 2))
    pill.blit(big, (pad + words.get_width() + gap, (height - big.get_height()) // 2))
    return pill


def pill_layer(address: str, code: str, screen: tuple[int, int]) -> Layer:
    """The address and code small in the monitor's top bar, between the title and the captions,
    while the game is played: a phone that comes late types them."""
    scale = screen[1] / 1080
    pill = join_pill(address, code, scale)
    dest = pygame.FRect(screen[0] * 0.36, round(38 * scale) - pill.get_height() / 2,
                        pill.get_width(), pill.get_height())
    return Layer(("phones", "pill"), pill, dest, version=(address, code))


@lru_cache(maxsize=16)
def vote_card(seconds: int, language: str, scale: float) -> pygame.Surface:
    """The audience's countdown: what is asked, the seconds left large."""
    tx = translator(language)
    pad = round(16 * scale)
    line = text.render(tx.tr("The audience votes: tap your suspect on your phone"), round(28 * scale),
                       (230, 232, 238), bold=True)
    big = text.render(tx.ntr("{n} second", "{n} seconds", seconds, n=seconds), round(56 * scale),
                      (255, 214, 102), bold=True)
    width = max(line.get_width(), big.get_width()) + 2 * pad
    card = pygame.Surface((width, pad + line.get_height() + big.get_height() + pad), pygame.SRCALPHA)
    pygame.draw.rect(card, (20, 22, 28, 235), card.get_rect(), border_radius=round(12 * scale))
    card.blit(line, ((width - line.get_width()) // 2, pad))
    card.blit(big, ((width - big.get_width()) // 2, pad + line.get_height()))
    return card


def vote_layer(seconds: int, language: str, screen: tuple[int, int], scene_area: pygame.Rect | None) -> Layer:
    """The countdown over the top of the scene (the votes' pins stand on it below)."""
    scale = screen[1] / 1080
    card = vote_card(seconds, language, scale)
    area = scene_area if scene_area is not None else pygame.Rect((0, 0), screen)
    dest = pygame.FRect(area.centerx - card.get_width() / 2, area.top + round(14 * scale),
                        card.get_width(), card.get_height())
    return Layer(("phones", "vote"), card, dest, version=(seconds, language))
