"""The clue step: the victim draws and writes on the 3x3 board while the timer runs.

Three local modes: drawing; choosing the square for a word; typing it on the
on-screen keyboard (the board shrinks to make room). Input stops the instant
the time is up, even before the game has noticed: a stroke still under the
finger then is dropped, as on paper when the sand runs out.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from lastmessage.commands import AddStroke, AddWord, Command, Undo
from lastmessage.i18n.translate import Translator
from lastmessage.rules.board import CELLS, DEFAULT_WIDTH, MAX_WORD_LENGTH, cell_of
from lastmessage.rules.errors import RuleViolation
from lastmessage.rules.projections import TabletView
from lastmessage.ui import theme
from lastmessage.ui.board_draw import cell_px
from lastmessage.ui.screen import KeyPressed, Pointer, ScreenInput, TextTyped
from lastmessage.ui.tablet.base import CAPTION_ROOM, Context, Screen, Spot
from lastmessage.ui.tablet.ink import InkLayer
from lastmessage.ui.tablet.keyboard import BACKSPACE, CANCEL, OK, Keyboard
from lastmessage.ui.tablet.ring import TimerRing
from lastmessage.ui.tablet.widgets import Button, Taps, draw_button, paragraph
from lastmessage.ui.text import blit_text, fit_size

MIN_WORD_PX = 24
"""Typed words on the tablet's board are never smaller (pixels: the tablet is read at
arm's length); the smallest is the board beside the keyboard at 1024x600, 26 px
(`rules.board.WORD_SIZE` of its side)."""

PENS = (("Fine pen", DEFAULT_WIDTH), ("Bold pen", 2 * DEFAULT_WIDTH))
"""Pen sizes (fraction of the board side): bold ink reads better across the table."""


def pen_name(tx: Translator, name: str) -> str:
    """A pen's name (from PENS) in the current language."""
    return {"Fine pen": tx.tr("Fine pen"), "Bold pen": tx.tr("Bold pen")}.get(name, name)


def word_label(tx: Translator, cell: int) -> str:
    """The heading of the word field: which square the word goes into (whole sentences,
    since a square's name changes its form with the sentence in Romanian)."""
    return (tx.tr("Word for the top left square"), tx.tr("Word for the top middle square"),
            tx.tr("Word for the top right square"), tx.tr("Word for the middle left square"),
            tx.tr("Word for the centre square"), tx.tr("Word for the middle right square"),
            tx.tr("Word for the bottom left square"), tx.tr("Word for the bottom middle square"),
            tx.tr("Word for the bottom right square"))[cell]


DRAW, CHOOSE_CELL, TYPE = "draw", "cell", "type"


class CluesScreen(Screen):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._taps = Taps()
        self.ink = InkLayer()
        th, (w, h) = ctx.theme, ctx.size
        margin = th.px(24)
        key_h, gap = th.px(100), th.px(10)
        kb_h = Keyboard.height_for(key_h, gap)
        self.keyboard = Keyboard(pygame.Rect(margin, h - margin - kb_h, w - 2 * margin, kb_h), gap)
        full_side = h - 2 * margin
        self._full_board = pygame.Rect(margin, margin, full_side, full_side)
        small_side = h - kb_h - 3 * margin
        self._small_board = pygame.Rect(margin, margin, small_side, small_side)
        self._panel = pygame.Rect(self._full_board.right + margin, margin, 0, full_side)
        self._panel.w = w - margin - self._panel.x
        self._field = pygame.Rect(self._small_board.right + margin, margin, 0, small_side)
        self._field.w = w - margin - self._field.x
        self._allow_text = ctx.rules.allow_text   # this game's rule, set on entering
        radius = min(self._panel.w * 30 // 100, h * 17 // 100)
        self._ring_full = TimerRing((self._panel.centerx, self._panel.y + th.px(130) + radius), radius)
        small_radius = min(self._field.h * 22 // 100, self._field.w // 6)
        self._ring_small = TimerRing((self._field.right - small_radius - 4, self._field.y + small_radius + 4),
                                     small_radius)
        self._reset()

    def _reset(self) -> None:
        self.mode = DRAW
        self.cell: int | None = None
        self.text = ""
        self._finger: int | None = None
        self.ink.reset()

    def enter(self, view: TabletView, t: float) -> None:
        self._allow_text = view.rules.allow_text
        self._reset()

    # ---- layout --------------------------------------------------------

    @property
    def board(self) -> pygame.Rect:
        return self._small_board if self.mode == TYPE else self._full_board

    @property
    def ring(self) -> TimerRing:
        return self._ring_small if self.mode == TYPE else self._ring_full

    notice_covers = True

    def notice_area(self) -> pygame.Rect:
        """Over the heading above the timer (or below the text field): the board, the
        timer and the buttons stay in view (over the buttons, a refused word hid
        the pen button)."""
        if self.mode == TYPE:
            top = self._field.y + self.ctx.theme.px(230)
            return pygame.Rect(self._field.x, top, self._field.w, self._field.bottom - top)
        return pygame.Rect(self._panel.x, self._panel.y, self._panel.w,
                           self.ring.rect.top - self.ctx.theme.px(6) - self._panel.y)

    caption_covers = True

    def caption_area(self) -> pygame.Rect | None:
        """Under the timer, instead of the hint; or at the foot of the word field."""
        th = self.ctx.theme
        room = th.px(CAPTION_ROOM)
        if self.mode == TYPE:
            return pygame.Rect(self._field.x, self._field.bottom - room, self._field.w, room)
        top = self.ring.rect.bottom + th.px(8)
        bottom = min(b.rect.top for b in self._buttons()) - th.px(8)
        return pygame.Rect(self._panel.x, top, self._panel.w, max(room, bottom - top))

    def _buttons(self) -> list[Button]:
        if self.mode == TYPE:
            return []
        th = self.ctx.theme
        height, gap = th.px(120), th.px(20)
        bottom = self._panel.bottom
        undo = pygame.Rect(self._panel.x, bottom - height, self._panel.w, height)
        buttons = [Button("undo", undo, "↶ " + self.ctx.tx.tr("Undo"), "plain")]
        above = undo.move(0, -height - gap)
        if self._allow_text:
            if self.mode == CHOOSE_CELL:
                buttons.append(Button("cancel", above, self.ctx.tx.tr("Cancel word"), "on"))
            else:
                buttons.append(Button("word", above, "Aa  " + self.ctx.tx.tr("Word"), "plain"))
            above = above.move(0, -height - gap)
        if self.mode == DRAW:
            buttons.append(Button("pen", above, "✎  " + pen_name(self.ctx.tx, self._next_pen()[0]), "plain"))
        return buttons

    # ---- drawing -------------------------------------------------------

    def signature(self, view: TabletView, t: float) -> Hashable:
        return (view.round, self.mode, self.cell, self.text, self.ink.width)

    def paint(self, surface: pygame.Surface, view: TabletView, t: float) -> None:
        th = self.ctx.theme
        surface.fill(theme.NIGHT)
        self.ink.place(self.board)
        self.ink.sync(view.live_board.items if view.live_board else ())
        self.ink.blit(surface)
        self.ring.forget()
        if self.mode == TYPE:
            self._paint_typing(surface, view)
            return
        panel = self._panel
        blit_text(surface, self.ctx.tx.tr("Round {n} of {total}", n=view.round, total=view.rounds), th.px(34), theme.TEXT_DIM,
                  midleft=(panel.x, panel.y + th.px(26)))
        title = self.ctx.tx.tr("Victim: draw your clues") if self.mode == DRAW else self.ctx.tx.tr("Tap a square for the word")
        blit_text(surface, title, fit_size(title, panel.w, th.px(42), bold=True),
                  theme.AMBER if self.mode == CHOOSE_CELL else theme.TEXT, bold=True,
                  midleft=(panel.x, panel.y + th.px(80)))
        hint = (self.ctx.tx.tr("Ink may cross the squares. Each typed word only once per board.")
                if self.mode == DRAW else self.ctx.tx.tr("The word starts in the square you tap; a long one runs on to the right."))
        top = self.ring.rect.bottom + th.px(24)
        buttons = self._buttons()
        room = min(b.rect.top for b in buttons) - top
        if not self.ctx.link_ok:
            chip = self.ctx.link_chip(panel.w)
            surface.blit(chip, chip.get_rect(midtop=(panel.centerx, top)))
        elif room > th.px(60):
            paragraph(surface, hint, pygame.Rect(panel.x, top, panel.w, room), th.px(28),
                      theme.TEXT_DIM, align="center", max_lines=3, shrink=True)
        for button in buttons:
            draw_button(surface, button, th.px(44))

    def _paint_typing(self, surface: pygame.Surface, view: TabletView) -> None:
        th = self.ctx.theme
        field = self._field
        if self.cell is not None:
            pygame.draw.rect(surface, theme.AMBER, cell_px(self.board, self.cell), th.px(8))
        ring_left = self.ring.rect.left - th.px(20)
        label = word_label(self.ctx.tx, self.cell or 0)
        blit_text(surface, label, fit_size(label, ring_left - field.x, th.px(34), bold=True), theme.AMBER,
                  bold=True, topleft=(field.x, field.y + th.px(10)))
        box = pygame.Rect(field.x, field.y + th.px(90), ring_left - field.x, th.px(130))
        if box.bottom > field.bottom:
            box.bottom = field.bottom
        pygame.draw.rect(surface, theme.PAPER, box, border_radius=th.px(16))
        pygame.draw.rect(surface, theme.AMBER, box, th.px(5), border_radius=th.px(16))
        size = fit_size(self.text + "|", box.w - th.px(48), th.px(64), bold=True)
        shown = blit_text(surface, self.text, size, theme.INK, bold=True,
                          midleft=(box.x + th.px(24), box.centery))
        caret_x = shown.right + th.px(4) if self.text else box.x + th.px(24)
        pygame.draw.line(surface, theme.AMBER, (caret_x, box.centery - size * 6 // 10),
                         (caret_x, box.centery + size * 6 // 10), max(2, th.px(5)))
        paragraph(surface, self.ctx.tx.tr("OK writes it on the board. Each word only once per board."),
                  pygame.Rect(field.x, box.bottom + th.px(16), field.w, field.bottom - box.bottom),
                  th.px(26), theme.TEXT_DIM, max_lines=2, shrink=True)
        self.keyboard.draw(surface, self.ctx.tx)

    def update(self, surface: pygame.Surface, view: TabletView, t: float) -> list[pygame.Rect]:
        dirty = []
        deadline = view.deadline
        if self.ink.drawing and deadline is not None and t >= deadline:
            self.ink.drop()
            self._finger = None
        self.ink.place(self.board)
        self.ink.sync(view.live_board.items if view.live_board else ())
        inked = self.ink.update(surface)
        if inked is not None:
            dirty.append(inked)
        if deadline is not None:
            total = deadline - view.timer_started_at if view.timer_started_at is not None else 0.0
            ringed = self.ring.draw(surface, deadline - t, total)
            if ringed is not None:
                dirty.append(ringed)
        return dirty

    # ---- input ---------------------------------------------------------

    def handle(self, event: ScreenInput, view: TabletView, t: float) -> list[Command]:
        if view.deadline is None or t >= view.deadline:
            self.ink.drop()
            self._finger = None
            return []
        self.ink.place(self.board)
        if self.mode == TYPE:
            return self._typing(event)
        if not isinstance(event, Pointer):
            return []
        if self.mode == DRAW and (self._finger is not None or event.kind == "down"):
            if self._finger == event.id or (self._finger is None and self.board.collidepoint(event.x, event.y)):
                return self._draw(event)
        pressed = self._taps.feed(event, [*self._buttons(), *self._cells()])
        if pressed == "undo":
            return [Undo()]
        if pressed == "pen":
            self.ink.width = self._next_pen()[1]
        if pressed == "word":
            self.mode = CHOOSE_CELL
        elif pressed == "cancel":
            self.mode = DRAW
        elif pressed is not None and pressed.startswith("cell"):
            self.mode, self.cell, self.text = TYPE, int(pressed[4:]), ""
        return []

    def _next_pen(self) -> tuple[str, float]:
        """The pen a tap on the pen button gives: the button names it, not the pen in use."""
        widths = [width for _, width in PENS]
        return PENS[(widths.index(self.ink.width) + 1) % len(PENS)]

    def _cells(self) -> list[Button]:
        if self.mode != CHOOSE_CELL:
            return []
        return [Button(f"cell{n}", cell_px(self.board, n), "") for n in range(CELLS)]

    def _draw(self, event: Pointer) -> list[Command]:
        if event.kind == "down":
            self._finger = event.id
            self.ink.begin(event.x, event.y)
            return []
        if event.kind == "move":
            if not event.pressed:
                return []
            full = self.ink.extend(event.x, event.y)
            return [AddStroke(full, self.ink.width)] if full else []
        self._finger = None
        self.ink.extend(event.x, event.y)
        return [AddStroke(self.ink.finish(), self.ink.width)]

    def _typing(self, event: ScreenInput) -> list[Command]:
        value: str | None = None
        if isinstance(event, Pointer):
            if event.kind == "up" and self.board.collidepoint(event.x, event.y):
                self.cell = cell_of(*self.ink.to_board(event.x, event.y))   # another square
                return []
            value = self._taps.feed(event, [Button(k.value, k.rect, k.label) for k in self.keyboard.keys])
        elif isinstance(event, TextTyped):
            value = "".join(ch for ch in event.text if ch.isprintable()) or None
        elif isinstance(event, KeyPressed):
            value = {"backspace": BACKSPACE, "return": OK, "escape": CANCEL}.get(event.key)
        if value is None:
            return []
        if value == BACKSPACE:
            self.text = self.text[:-1]
        elif value == CANCEL:
            self.mode = DRAW
        elif value == OK:
            self.mode = DRAW
            return [AddWord(self.cell, self.text)] if self.cell is not None else []
        else:
            # A guard only: any word this long is refused, with a message, never cut to fit.
            self.text = (self.text + value)[:MAX_WORD_LENGTH]
        return []

    def on_rejected(self, command: Command, violation: RuleViolation, t: float) -> None:
        if isinstance(command, AddStroke):
            self.ink.refused()

    # ---- scripted play -------------------------------------------------

    def locate(self, view: TabletView, target: str, arg: object) -> Spot | None:
        if target == "board" and self.mode == DRAW:
            if not isinstance(arg, (tuple, list)) or len(arg) != 2:
                return None
            return self.board.x + float(arg[0]) * self.board.w, self.board.y + float(arg[1]) * self.board.h
        if target == "cell" and self.mode != TYPE:
            if isinstance(arg, bool) or not isinstance(arg, int) or not 0 <= arg < CELLS:
                return None
            box = cell_px(self.board, arg)
            return float(box.centerx), float(box.centery)
        if target == "key" and self.mode == TYPE:
            key = self.keyboard.find(" " if arg == " " else str(arg))
            return (float(key.rect.centerx), float(key.rect.centery)) if key else None
        if target == "word_ok" and self.mode == TYPE:
            key = self.keyboard.find(OK)
            return (float(key.rect.centerx), float(key.rect.centery)) if key else None
        buttons = {b.name: b for b in self._buttons()}
        if target == "word_tool" and "word" in buttons:
            return buttons["word"].center
        if target == "undo" and "undo" in buttons:
            return buttons["undo"].center
        if target == "pen" and "pen" in buttons and isinstance(arg, (int, float)):
            wanted = min((width for _, width in PENS), key=lambda width: abs(width - float(arg)))
            return buttons["pen"].center if wanted != self.ink.width else None
        return None
