"""The phones' two switches: phones on or off, audience mode on or off, for the next game.

Drawn alike on the scene grid's Phones card (the host, at home) and on the
operator menu's Phones page (museums, where a PIN is set and visitors get no
card). Where `[phones] listen` is not set there is nothing to switch on: both
say so, with the one line that sets phones up. The switches only ask
(`ChoosePhones`); the operator menu decides and the table applies the choice
between games.
"""

from __future__ import annotations

import pygame

from lastmessage.i18n.translate import Translator, translated_later
from lastmessage.operator.commands import ChoosePhones
from lastmessage.operator.view import PhonesChoice
from lastmessage.ui import theme
from lastmessage.ui.tablet.base import Context
from lastmessage.ui.tablet.widgets import Button, draw_button, paragraph
from lastmessage.ui.text import blit_text, fit_size

ROWS: tuple[tuple[str, str, str], ...] = (
    ("phones", translated_later("Phones"),
     translated_later("Players join from their phone's browser with the code the monitor shows.")),
    ("audience", translated_later("Audience mode"),
     translated_later("For events: every phone votes, and ACCUSE names the suspect with the most votes.")),
)
NOT_SET_UP = translated_later("Phones are not set up on this device.")
HOW_TO = translated_later('To set them up, add listen = "0.0.0.0:8080" under [phones] in the config file, '
                          'then restart.')


def summary(tx: Translator, choice: PhonesChoice) -> str:
    """The switches in a word, for a button's or a menu item's label."""
    if not choice.ready:
        return tx.tr("not set up")
    if not choice.on:
        return tx.tr("off")
    return tx.tr("audience") if choice.audience else tx.tr("on")


def _state(choice: PhonesChoice, setting: str) -> bool:
    return choice.on if setting == "phones" else choice.audience


def _rows(ctx: Context, area: pygame.Rect) -> list[pygame.Rect]:
    t = ctx.theme
    gap = t.px(24)
    height = min((area.h - gap) // 2, t.px(200))
    return [pygame.Rect(area.x, area.y + index * (height + gap), area.w, height) for index in range(len(ROWS))]


def switches(ctx: Context, area: pygame.Rect, choice: PhonesChoice) -> list[Button]:
    """One switch at the right of each row, named for its setting; audience mode waits for phones."""
    if not choice.ready:
        return []
    t, tx = ctx.theme, ctx.tx
    buttons = []
    for (setting, _, _), row in zip(ROWS, _rows(ctx, area)):
        rect = pygame.Rect(0, 0, t.px(250), min(row.h, t.px(110)))
        rect.midright = row.midright
        on = _state(choice, setting)
        buttons.append(Button(setting, rect, "✓ " + tx.tr("On") if on else tx.tr("Off"), "on" if on else "plain",
                              enabled=setting == "phones" or choice.on))
    return buttons


def paint(surface: pygame.Surface, ctx: Context, area: pygame.Rect, choice: PhonesChoice) -> None:
    """The rows (name, what it does, its switch), or how to set phones up."""
    t, tx = ctx.theme, ctx.tx
    if not choice.ready:
        bottom = paragraph(surface, tx.tr(NOT_SET_UP), pygame.Rect(area.x, area.y, area.w, t.px(120)), t.px(42),
                           theme.TEXT, bold=True, max_lines=2, shrink=True)
        paragraph(surface, tx.tr(HOW_TO), pygame.Rect(area.x, bottom + t.px(20), area.w, area.bottom - bottom),
                  t.px(34), theme.TEXT_DIM, max_lines=4, shrink=True)
        return
    for (setting, name, detail), row, button in zip(ROWS, _rows(ctx, area), switches(ctx, area, choice)):
        text = pygame.Rect(row.x, row.y, button.rect.left - t.px(30) - row.x, row.h)
        label = tx.tr(name)
        blit_text(surface, label, fit_size(label, text.w, t.px(44), bold=True),
                  theme.TEXT if button.enabled else theme.TEXT_DIM, bold=True, topleft=text.topleft)
        paragraph(surface, tx.tr(detail), pygame.Rect(text.x, text.y + t.px(62), text.w, text.h - t.px(62)),
                  t.px(30), theme.TEXT_DIM, max_lines=3, shrink=True)
        draw_button(surface, button, t.px(38))


def asked(setting: str, choice: PhonesChoice) -> ChoosePhones:
    """What a tap on the switch of `setting` asks: the other state."""
    return ChoosePhones("phones" if setting == "phones" else "audience", not _state(choice, setting))
