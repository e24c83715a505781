"""The device with a screen missing: a full-screen message until it is switched on.

A museum often switches the monitor on after the Pi has booted, or a cable
comes loose. The device then says on the display it has which screen to
connect, and looks again every few seconds; it never falls back to the
simulator's decorated windows, which a visitor could close. It speaks the
museum's language: the operator's choice (kept beside the journal), else the
config's.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pygame

from lastmessage.ui.display import Size, hide_cursor
from lastmessage.i18n.translate import Translator
from lastmessage.operator.keep import KEEP_FILE_NAME, ChoicesFile
from lastmessage.ui import theme
from lastmessage.ui.text import blit_text, fit_size

from lastmessage.kiosk.screens_watch import RECHECK_S

__all__ = ["RECHECK_S", "MonitorWait", "missing_screen", "outputs_needed"]


def outputs_needed(tablet_output: int, detective_output: int) -> int:
    return max(tablet_output, detective_output) + 1


def museum_language(configured: str, journal: Path | None) -> str:
    """The language the table speaks before it has opened its screens: the one the operator
    chose in the menu (operator.json beside the journal `journal`), else `configured`."""
    if journal is None:
        return configured
    return ChoicesFile(journal.parent / KEEP_FILE_NAME).load().language or configured


def missing_screen(connected: int, tablet_output: int, detective_output: int, tx: Translator) -> str:
    """The message naming the screen that is not there (outputs count from 0)."""
    if detective_output >= connected > tablet_output:
        return tx.tr("Connect the detective monitor and switch it on")
    if tablet_output >= connected > detective_output:
        return tx.tr("Connect the tablet screen and switch it on")
    return tx.tr("Connect both screens and switch them on")


class MonitorWait:
    """One fullscreen, borderless window on the first display, without a cursor;
    closing it does nothing (device mode)."""

    def __init__(self, desktops: Sequence[Size], message: str, tx: Translator) -> None:
        centred = pygame.WINDOWPOS_CENTERED
        self.window = pygame.Window("Last Message", desktops[0], (centred, centred), borderless=True)
        self.window.set_fullscreen(desktop=True)
        hide_cursor()
        self.message = message
        self.note = tx.tr("The game starts by itself as soon as both screens are on.")
        self._drawn = False

    def frame(self) -> None:
        """Drain events (a close request included: nothing ends the device from
        its screens) and draw the message when the window needs it."""
        for event in pygame.event.get():
            if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSIZECHANGED):
                self._drawn = False
        if self._drawn:
            return
        surface = self.window.get_surface()
        self.draw(surface)
        self.window.flip()
        self._drawn = True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.NIGHT)
        width, height = surface.get_size()
        size = fit_size(self.message, int(width * 0.86), max(18, height // 12), bold=True)
        blit_text(surface, self.message, size, theme.AMBER, bold=True, center=(width // 2, height // 2 - size // 2))
        note_size = fit_size(self.note, int(width * 0.86), max(12, height // 28))
        blit_text(surface, self.note, note_size, theme.TEXT_DIM, center=(width // 2, height // 2 + size))

    def close(self) -> None:
        self.window.destroy()

