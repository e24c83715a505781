"""What the monitor shows of the phones: the join card (QR code, code, address), the pill in
the top bar, the audience's countdown, and at the end the keepsake's card (the QR code of the
finished game's page).

All are `present.Layer`s drawn over the detective monitor, so the screens'
own drawing is untouched: the card in the bottom-right corner while a game can
be joined, the pill while it is played. Their pictures are drawn once per code
and kept. The marks' pins are `pins.py`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame
import segno

from lastmessage.i18n.translate import translator
from lastmessage.ui import text
from lastmessage.ui.detective.layout import MIN_TEXT, TITLE_ROOM
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
                          minutes, n=minutes), address=False)   # its token is too long to type: scanned only


def qr_card(url: str, heading: str, big: str, scale: float, note: str = "", address: bool = True) -> pygame.Surface:
    """`heading` over the QR code of `url`, `big` (if any) large under it, the address (if `address`:
    one that can be typed), `note` last."""
    qr = qr_square(url, max(2, round(CARD_MODULE * scale)), 4, error="m")   # the standard's quiet zone
    side = qr.get_width()
    pad = round(14 * scale)
    line = text.render(heading, round(32 * scale), (230, 232, 238), bold=True)
    under = [text.render(big, round(46 * scale), (255, 214, 102), bold=True)] if big else []
    if address:   # typed from the sofa by a phone without a camera
        under.append(text.render(url, round(MIN_TEXT * scale), (170, 176, 190)))
    if note:   # wrapped to the card's width: a wide card over the scene would reach the big lens
        reach = max(side, line.get_width(), *(u.get_width() for u in under))
        under += [text.render(words, round(MIN_TEXT * scale), (230, 232, 238))
                  for words in text.wrap(note, reach, round(MIN_TEXT * scale))]
    width = max(side, line.get_width(), *(u.get_width() for u in under)) + 2 * pad
    height = pad + line.get_height() + pad // 2 + side + pad // 2 + sum(u.get_height() for u in under) + pad
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(card, (20, 22, 28, 235), card.get_rect(), border_radius=round(12 * scale))
    y = pad
    card.blit(line, ((width - line.get_width()) // 2, y))
    y += line.get_height() + pad // 2
    card.blit(qr, ((width - side) // 2, y))
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


PILL_MODULE = 2     # pixels a side of one QR module in the pill on a 1080p monitor: a 33-module code in the
                    # top bar's 76 pixels, about 4 cm on a 55-inch screen, read by a phone held a metre away
PILL_QUIET = 2      # modules of white around it (the standard's 4 is for print on any ground; the pill's is dark)


def qr_square(url: str, module: int, quiet: int, error: str = "l") -> pygame.Surface:
    """The QR code of `url`: black modules on white, `quiet` modules of white around them."""
    matrix = [list(row) for row in segno.make(url, error=error).matrix]
    side = (len(matrix) + 2 * quiet) * module
    square = pygame.Surface((side, side))
    square.fill((255, 255, 255))
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            if dark:
                square.fill((0, 0, 0), ((c + quiet) * module, (r + quiet) * module, module, module))
    return square


@lru_cache(maxsize=4)
def join_pill(address: str, code: str, scale: float, url: str = "") -> pygame.Surface:
    """The join address's QR code (when `url`) at the pill's left, then the address over the code,
    both at the monitor's text floor (typed from the sofa by a phone without a camera)."""
    words = text.render(address, round(MIN_TEXT * scale), (190, 196, 210))
    big = text.render(code, round(MIN_TEXT * scale), (255, 214, 102), bold=True)
    pad, gap, inset = round(14 * scale), round(12 * scale), max(2, round(3 * scale))
    qr = qr_square(url, max(2, round(PILL_MODULE * scale)), PILL_QUIET) if url else None
    lines = words.get_height() + big.get_height()
    height = lines + 2 * inset
    left = pad
    if qr is not None:
        height = max(height, qr.get_height() + 2 * inset)
        left = inset + qr.get_width() + gap
    pill = pygame.Surface((left + max(words.get_width(), big.get_width()) + pad, height), pygame.SRCALPHA)
    pygame.draw.rect(pill, (40, 44, 56, 255), pill.get_rect(), border_radius=min(height // 2, round(12 * scale)))
    if qr is not None:
        pill.blit(qr, (inset, (height - qr.get_height()) // 2))
    top = (height - lines) // 2
    pill.blit(words, (left, top))
    pill.blit(big, (left, top + words.get_height()))
    return pill


def pill_layer(address: str, code: str, screen: tuple[int, int], url: str = "",
               taken: Sequence[pygame.Rect] = ()) -> Layer | None:
    """The join address's QR code, small, and the address and code in the monitor's top bar, after
    the title's room, while the game is played: a phone that comes late scans or types them.
    None while it would cover one of `taken` (a sound's caption, the service line: they are there
    for seconds, for people who cannot hear or must act; the pill is there all game)."""
    scale = screen[1] / 1080
    pill = join_pill(address, code, scale, url)
    dest = pygame.FRect(screen[0] / 2 - round(TITLE_ROOM * scale) + round(12 * scale),
                        round(38 * scale) - pill.get_height() / 2, pill.get_width(), pill.get_height())
    if pygame.Rect(dest).collidelist(list(taken)) >= 0:
        return None
    return Layer(("phones", "pill"), pill, dest, version=(address, code, url))


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
