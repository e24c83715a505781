"""The phase panel under the scene: what is happening now, in a few big words.

Its static part goes into the cached background; the only moving parts (the
clue timer bar) are overlays drawn by `timer_bar`. The ACCUSE and PASS icons
of the button legend are also on-screen buttons (mouse, touch, scripted play),
so their rects come from one function, `buttons`.
"""

from __future__ import annotations

import math

import pygame

from lastmessage.i18n.translate import Translator
from lastmessage.rules.config import Rules
from lastmessage.rules.events import Winner
from lastmessage.rules.game import Phase
from lastmessage.rules.projections import PublicView
from lastmessage.scenes.model import Scene
from lastmessage.ui import theme
from lastmessage.ui.detective import words
from lastmessage.ui.detective.chrome import arcade_button, arrows_icon, panel
from lastmessage.ui.detective.layout import MIN_TEXT
from lastmessage.ui.tension import glow, pulse, urgent
from lastmessage.ui.text import blit_text, draw_block, fit_block, fit_line, fit_lines, render, wrap
from lastmessage.ui.theme import Theme

_LEGEND: tuple[tuple[str, theme.Color | None, float], ...] = (
    ("accuse", theme.CRIMSON, 0.41),
    ("pass", (225, 225, 232), 0.31),
    ("move", None, 0.28),
)
"""Control, icon colour (None: the arrows), share of the panel's width: ACCUSE has
the longest explanation, in every language. The words: `words.legend(tx)`."""


def _inner(rect: pygame.Rect, t: Theme) -> pygame.Rect:
    return rect.inflate(-2 * t.px(32), -2 * t.px(22))


def buttons(rect: pygame.Rect, t: Theme) -> dict[str, pygame.Rect]:
    """The legend's icons (centre and size) in the suspect panel `rect`."""
    inner = _inner(rect, t)
    radius = t.px(42)
    found = {}
    left = 0.0
    for name, _color, share in _LEGEND:
        box = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        box.midleft = (inner.x + round(left * inner.w), inner.bottom - radius)
        found[name] = box
        left += share
    return found


def _headline(surface: pygame.Surface, rect: pygame.Rect, t: Theme, text: str,
              color: theme.Color = theme.TEXT, size: int = 50) -> pygame.Rect:
    inner = _inner(rect, t)
    return _line(surface, text, inner.w, t, size, color, inner.topleft, bold=True)


def _line(surface: pygame.Surface, text: str, width: int, t: Theme, size: int, color: theme.Color,
          topleft: tuple[int, int], bold: bool = False) -> pygame.Rect:
    """One line of the panel: `size` design pixels, shrunk to `width` but never
    below the monitor's smallest text."""
    shown, fitted = fit_line(text, width, t.px(size), t.px(MIN_TEXT), bold)
    return blit_text(surface, shown, fitted, color, bold=bold, topleft=topleft)


def draw(surface: pygame.Surface, rect: pygame.Rect, t: Theme, tx: Translator, view: PublicView,
         rules: Rules, scene: Scene, allow_pass: bool) -> None:
    """The static panel for the view's phase (READY to OVER)."""
    panel(surface, rect, t)
    inner = _inner(rect, t)
    phase = view.phase
    if phase is Phase.READY:
        title, detail = words.ready(tx, rules, view.round, view.erase_count)
        top = _headline(surface, rect, t, title)
        _line(surface, detail, inner.w, t, 32, theme.TEXT_DIM, (inner.x, top.bottom + t.px(14)))
        _rule_line(surface, inner, t, tx, rules, view.round)
    elif phase is Phase.CLUES:
        _headline(surface, rect, t, words.writing(tx), theme.AMBER)
        _rule_line(surface, inner, t, tx, rules, view.round)
    elif phase is Phase.ERASE:
        top = _headline(surface, rect, t, words.covering(tx), theme.CRIMSON)
        vanish = words.erasing(tx, view.erase_count)
        _line(surface, vanish, inner.w, t, 34, theme.TEXT, (inner.x, top.bottom + t.px(14)))
        _rule_line(surface, inner, t, tx, rules, view.round)
    elif phase is Phase.SUSPECT:
        top = _headline(surface, rect, t, words.suspect(tx, view.round))
        text, fatal = words.round_rule(tx, rules, view.round)
        _line(surface, text, inner.w, t, 30, theme.CRIMSON if fatal else theme.TEXT_DIM,
              (inner.x, top.bottom + t.px(4)), bold=fatal)
        _legend(surface, rect, t, tx, allow_pass, rules, view.round)
    elif phase is Phase.OVER and view.outcome is not None:
        title, reason = words.outcome(tx, view.outcome, view.rounds)
        won = view.outcome.winner is Winner.DETECTIVES
        top = _headline(surface, rect, t, title, theme.TEAL if won else theme.CRIMSON, 54)
        line = _line(surface, reason, inner.w, t, 34, theme.TEXT, (inner.x, top.bottom + t.px(10)))
        secret = view.reveal.secret if view.reveal else None
        character = scene.character(secret) if secret else None
        if character is not None:
            # The most important line of the end: wrapped (shrunk a little first), never cut.
            lines, size = fit_lines(words.criminal_was(tx, character), inner.w, t.px(34), t.px(MIN_TEXT), bold=True)
            for index, text in enumerate(lines):
                gap = t.px(8) if index == 0 else 0
                line = blit_text(surface, text, size, theme.AMBER, bold=True, topleft=(inner.x, line.bottom + gap))
        _line(surface, words.ghost_note(tx), inner.w, t, MIN_TEXT, theme.GHOST,
              (inner.x, line.bottom + t.px(8)))


def _rule_line(surface: pygame.Surface, inner: pygame.Rect, t: Theme, tx: Translator, rules: Rules,
               round_number: int) -> None:
    text, fatal = words.round_rule(tx, rules, round_number)
    _line(surface, text, inner.w, t, 30, theme.CRIMSON if fatal else theme.TEXT_DIM,
          (inner.x, inner.bottom - t.px(36)), bold=fatal)


def _legend(surface: pygame.Surface, rect: pygame.Rect, t: Theme, tx: Translator, allow_pass: bool,
            rules: Rules, round_number: int) -> None:
    boxes = buttons(rect, t)
    texts = words.legend(tx, rules, round_number)
    inner = _inner(rect, t)
    for name, color, share in _LEGEND:
        if name == "pass" and not allow_pass:
            continue
        label, note = texts[name]
        box = boxes[name]
        if color is None:
            arrows_icon(surface, box.center, box.w // 2, t)
        else:
            arcade_button(surface, box.center, box.w // 2, color, t)
        x = box.right + t.px(16)
        room = box.x + round(share * inner.w) - t.px(20) - x   # up to the next icon
        _line(surface, label, room, t, 32, theme.TEXT, (x, box.centery - t.px(50)), bold=True)
        # What passing costs in the last round is a warning, in the criminal's colour.
        warning = name == "pass" and round_number >= rules.rounds
        for index, line in enumerate(wrap(note, room, t.px(MIN_TEXT))[:2]):
            _line(surface, line, room, t, MIN_TEXT, theme.CRIMSON if warning else theme.TEXT_DIM,
                  (x, box.centery - t.px(8) + index * t.px(32)))


def timer_area(rect: pygame.Rect, t: Theme) -> pygame.Rect:
    """Where the clue timer bar and its seconds go in the CLUES panel."""
    inner = _inner(rect, t)
    return pygame.Rect(inner.x, inner.y + t.px(82), inner.w, t.px(84))


def timer_bar(surface: pygame.Surface, rect: pygame.Rect, t: Theme, tx: Translator, left: float,
              total: float) -> pygame.Rect:
    """The sand running out: a bar draining to the left, the seconds beside it."""
    area = timer_area(rect, t)
    pygame.draw.rect(surface, theme.NIGHT_RAISED, area)
    digits = math.ceil(left)
    number_w = t.px(130)
    bar = pygame.Rect(area.x, area.centery - t.px(20), area.w - number_w - t.px(20), t.px(40))
    pygame.draw.rect(surface, theme.NIGHT, bar, border_radius=bar.h // 2)
    fraction = 0.0 if total <= 0 else max(0.0, min(1.0, left / total))
    last = urgent(left)
    if fraction > 0:
        filled = bar.copy()
        filled.w = max(bar.h, round(bar.w * fraction))
        pygame.draw.rect(surface, theme.CRIMSON if last else theme.AMBER, filled,
                         border_radius=bar.h // 2)
    if not last:
        blit_text(surface, words.seconds(tx, digits), t.px(60), theme.TEXT, bold=True,
                  midright=(area.right, area.centery))
        return area
    # The last seconds: the digits grow on each tick, on a plate glowing with it.
    beat = pulse(left)
    image = render(words.seconds(tx, digits), round(t.px(60) * (1 + 0.25 * beat)), theme.TEXT, True)
    plate = image.get_rect().inflate(t.px(24), 0)
    plate.midright = (area.right, area.centery)
    pygame.draw.rect(surface, glow(theme.NIGHT_RAISED, beat), plate, border_radius=t.px(14))
    surface.blit(image, image.get_rect(center=plate.center))
    return area.union(plate)


def prepare_timer_label(t: Theme, tx: Translator, left: float) -> None:
    """Render the next second's label ahead (called on frames that draw nothing):
    rendering big bold text costs more than the rest of a frame."""
    upcoming = math.ceil(left) - 1
    if upcoming >= 0:   # (in the last seconds, as it first shows: at the top of its pulse)
        render(words.seconds(tx, upcoming), round(t.px(60) * (1.25 if urgent(upcoming) else 1)), theme.TEXT, True)


def timer_key(rect: pygame.Rect, t: Theme, left: float, total: float) -> tuple[int, int, float]:
    """What the timer bar shows, in whole pixels, seconds and pulse steps: equal keys, equal pixels."""
    area = timer_area(rect, t)
    width = area.w - t.px(130) - t.px(20)
    fraction = 0.0 if total <= 0 else max(0.0, min(1.0, left / total))
    return round(width * fraction), math.ceil(left), pulse(left)


def verdict_caption(surface: pygame.Surface, rect: pygame.Rect, t: Theme, title: str, name: str,
                    color: theme.Color) -> None:
    """While a verdict is stamped on the scene: which round, and whom it answers
    (a description runs long, in Romanian most: it has a line of its own)."""
    panel(surface, rect, t)
    inner = _inner(rect, t)
    top = verdict_heading(surface, rect, t, title, color)
    area = pygame.Rect(inner.x, top.bottom + t.px(14), inner.w, inner.bottom - top.bottom - t.px(14))
    block = fit_block(name, area.w, area.h, t.px(38), t.px(MIN_TEXT), bold=True)   # whole, never cut
    draw_block(surface, block, area, theme.TEXT, align="left")


def verdict_heading(surface: pygame.Surface, rect: pygame.Rect, t: Theme, title: str,
                    color: theme.Color) -> pygame.Rect:
    """The verdict caption's heading, painted again in the verdict's colour over
    its neutral one when the stamp lands (only that line: a small upload)."""
    inner = _inner(rect, t)
    shown, size = fit_line(title, inner.w, t.px(50), t.px(MIN_TEXT), True)
    area = render(shown, size, color, True).get_rect(topleft=(inner.x, inner.y + t.px(10)))
    surface.set_clip(area)
    panel(surface, rect, t)
    surface.set_clip(None)
    return blit_text(surface, shown, size, color, bold=True, topleft=area.topleft)
