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
from lastmessage.scenes.model import Character
from lastmessage.ui import theme
from lastmessage.ui.board_draw import cell_px
from lastmessage.ui.screen import KeyPressed, Pointer, ScreenInput, TextTyped
from lastmessage.ui.tablet.base import CAPTION_ROOM, Context, Screen, Spot
from lastmessage.ui.tablet.ink import InkLayer
from lastmessage.ui.tablet.keyboard import BACKSPACE, CANCEL, OK, Keyboard
from lastmessage.ui.tablet.ring import TimerRing
from lastmessage.ui.tablet.portrait import portrait
from lastmessage.ui.tablet.secret_card import description_floor, draw_card, secret_card
from lastmessage.ui.tablet.widgets import Button, Taps, draw_button, panel, paragraph
from lastmessage.ui.naming import name_forms
from lastmessage.ui.text import Block, blit_text, draw_block, fit_block, fit_size

MIN_WORD_PX = 24
"""Typed words on the tablet's board are never smaller (pixels: the tablet is read at
arm's length); the smallest is the board beside the keyboard at 1024x600, 26 px
(`rules.board.WORD_SIZE` of its side)."""

BUTTON_HEIGHT, BUTTON_GAP = 96, 16   # design pixels: big to tap, small enough to leave the notice band
NOTICE_BAND = 100   # design pixels kept free above the hint for a notice (two lines at the smallest size)

PENS = (("Fine pen", DEFAULT_WIDTH), ("Bold pen", 2 * DEFAULT_WIDTH))
"""Pen sizes (fraction of the board side): bold ink reads better across the table."""


def pen_switch(tx: Translator, name: str) -> str:
    """What a tap on the pen button gives, as a verb ("Switch to the bold pen"): a bare
    pen's name read as the pen in use, so players tapped to get the pen they had."""
    return {"Fine pen": tx.tr("Switch to the fine pen"), "Bold pen": tx.tr("Switch to the bold pen")}.get(name, name)


def word_label(tx: Translator, cell: int) -> str:
    """The heading of the word field: which square the word goes into (whole sentences,
    since a square's name changes its form with the sentence in Romanian)."""
    return (tx.tr("Word for the top left square"), tx.tr("Word for the top middle square"),
            tx.tr("Word for the top right square"), tx.tr("Word for the middle left square"),
            tx.tr("Word for the centre square"), tx.tr("Word for the middle right square"),
            tx.tr("Word for the bottom left square"), tx.tr("Word for the bottom middle square"),
            tx.tr("Word for the bottom right square"))[cell]


DRAW, CHOOSE_CELL, TYPE = "draw", "cell", "type"

CORNER_FIGURES, HELD_FIGURES = 2.0, 3.0
"""How close the criminal's portrait is, in figure heights around them: in the corner the
person fills the small disc; held big, a little of the surroundings shows too."""


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
        self._lay_out()
        self._reset()

    def _lay_out(self) -> None:
        """The panel beside the board, from the top: the round and the title; the timer ring
        and the criminal's portrait side by side, the whole description under them (the
        printed game's fold-out sheet, in the corner); a band kept free for notices (a
        refusal, the service warning: never over the title or the hint); a strip for the
        hint, a caption or the link notice; the buttons. While typing, the field beside the smaller board: the
        word, the ring at its right, the help, a caption strip, then the portrait and the
        description side by side."""
        th, panel = self.ctx.theme, self._panel
        count = 3 if self._allow_text else 2
        height, gap = th.px(BUTTON_HEIGHT), th.px(BUTTON_GAP)
        buttons_top = panel.bottom - count * height - (count - 1) * gap
        top = panel.y + th.px(118)
        strip = th.px(CAPTION_ROOM) + th.px(6)
        self._strip = pygame.Rect(panel.x, buttons_top - th.px(12) - strip, panel.w, strip)
        self._notice_band = pygame.Rect(panel.x, self._strip.top - th.px(4) - th.px(NOTICE_BAND), panel.w,
                                        th.px(NOTICE_BAND))
        room = self._notice_band.top - th.px(8) - top
        column = (panel.w - th.px(16)) // 2
        side = min(column, room * 55 // 100)
        self._ring_full = TimerRing((panel.x + column // 2, top + side // 2), side // 2 - 2)
        self._portrait = pygame.Rect(panel.right - column // 2 - side // 2, top, side, side)
        self._description = pygame.Rect(panel.x, top + side + th.px(10), panel.w,
                                        self._notice_band.top - th.px(8) - (top + side + th.px(10)))
        field = self._field
        small_radius = min(field.h * 22 // 100, field.w // 6)
        self._ring_small = TimerRing((field.right - small_radius - 4, field.y + small_radius + 4), small_radius)
        help_top = self._word_box().bottom + th.px(16)
        self._help = pygame.Rect(field.x, help_top, field.w, th.px(72))
        self._typing_strip = pygame.Rect(field.x, self._help.bottom, field.w, th.px(CAPTION_ROOM))
        below = pygame.Rect(field.x, self._typing_strip.bottom, field.w, field.bottom - self._typing_strip.bottom)
        self._typing_portrait = pygame.Rect(below.x, below.y, below.h, below.h)
        self._typing_description = pygame.Rect(below.x + below.h + th.px(20), below.y,
                                               below.w - below.h - th.px(20), below.h)

    def _word_box(self) -> pygame.Rect:
        th, field = self.ctx.theme, self._field
        box = pygame.Rect(field.x, field.y + th.px(90), self._ring_small.rect.left - th.px(20) - field.x,
                          th.px(130))
        if box.bottom > field.bottom:
            box.bottom = field.bottom
        return box

    def _reset(self) -> None:
        self.mode = DRAW
        self.cell: int | None = None
        self.text = ""
        self._finger: int | None = None
        self._held: int | None = None   # the finger (or mouse) holding the portrait: shown big
        self.ink.reset()

    def enter(self, view: TabletView, t: float) -> None:
        if view.rules.allow_text != self._allow_text:
            self._allow_text = view.rules.allow_text
            self._lay_out()
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
        """The band kept for notices above the hint (or below the text field): the title,
        the board, the timer, the hint and the buttons stay in view (over the buttons, a
        refused word hid the pen button; over the heading, the service warning hid the title)."""
        if self.mode == TYPE:
            top = self._field.y + self.ctx.theme.px(230)
            return pygame.Rect(self._field.x, top, self._field.w, self._field.bottom - top)
        return self._notice_band

    caption_covers = True

    def caption_area(self) -> pygame.Rect | None:
        """The strip above the buttons, instead of the hint; or under the help while typing:
        never over the board, the timer or the criminal's description."""
        return self._typing_strip if self.mode == TYPE else self._strip

    def _buttons(self) -> list[Button]:
        if self.mode == TYPE:
            return []
        th = self.ctx.theme
        height, gap = th.px(BUTTON_HEIGHT), th.px(BUTTON_GAP)
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
            buttons.append(Button("pen", above, "✎  " + pen_switch(self.ctx.tx, self._next_pen()[0]), "plain"))
        return buttons

    # ---- drawing -------------------------------------------------------

    def signature(self, view: TabletView, t: float) -> Hashable:
        return (view.round, self.mode, self.cell, self.text, self.ink.width, self._held is not None)

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
        self._paint_criminal(surface, view, self._portrait, self._description, "top")
        strip = self._strip
        if not self.ctx.link_ok:
            chip = self.ctx.link_chip(panel.w)
            surface.blit(chip, chip.get_rect(center=strip.center))
        else:
            paragraph(surface, hint, strip, th.px(26), theme.TEXT_DIM, align="center", max_lines=2,
                      valign="center")
        for button in self._buttons():
            draw_button(surface, button, th.px(44))
        self._paint_held(surface, view)

    def criminal_card(self, character: Character, *, held: bool = False,
                      typing: bool = False) -> tuple[pygame.Rect | None, pygame.Rect, Block]:
        """The criminal in the corner: the portrait's square, the description's box and its
        lines (whole, wrapped, shrunk no further than the floor). Held: big, over the board."""
        th, tx = self.ctx.theme, self.ctx.tx
        floor = description_floor(self.ctx)
        if held:
            card = secret_card(self.ctx, character, self._held_area().inflate(-th.px(60), -th.px(60)),
                               size=52, portrait_share=0.6)
            return card.portrait, card.text, card.lines
        text = name_forms(tx, character).heading
        picture, box = ((self._typing_portrait, self._typing_description) if typing
                        else (self._portrait, self._description))
        return picture, box, fit_block(text, box.w, box.h, th.px(34), floor, bold=True)

    def _held_area(self) -> pygame.Rect:
        return self.board.inflate(-self.ctx.theme.px(40), -self.ctx.theme.px(40))

    def hold_zones(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where a finger held down shows the criminal big: the portrait and the description."""
        if self.mode == TYPE:
            return self._typing_portrait, self._typing_description
        return self._portrait, self._description

    def _paint_criminal(self, surface: pygame.Surface, view: TabletView, picture: pygame.Rect,
                        box: pygame.Rect, valign: str) -> None:
        scene = self.ctx.scene(view)
        character = scene.character(view.secret) if scene and view.secret else None
        if scene is None or character is None:
            return
        _, _, lines = self.criminal_card(character, typing=self.mode == TYPE)
        surface.blit(portrait(scene, character, picture.w, figures=CORNER_FIGURES), picture)
        align = "center" if self.mode != TYPE else "left"
        draw_block(surface, lines, box, theme.AMBER, align=align, valign=valign)

    def prepare(self, view: TabletView) -> None:
        """Cut the criminal's portraits ahead, for the corner and held big (called while the
        ready screen waits for the flip: cutting one from a big render takes a moment on the
        Pi, and the 30 s must not start with a stall)."""
        scene = self.ctx.scene(view)
        character = scene.character(view.secret) if scene and view.secret else None
        if scene is None or character is None:
            return
        for typing in (False, True):
            picture, _box, _lines = self.criminal_card(character, typing=typing)
            if picture is not None:
                portrait(scene, character, picture.w, figures=CORNER_FIGURES)
        held, _box, _lines = self.criminal_card(character, held=True)
        if held is not None:
            portrait(scene, character, held.w, figures=HELD_FIGURES)

    def _paint_held(self, surface: pygame.Surface, view: TabletView) -> None:
        """While the portrait is held: the criminal big, over the board (the finger is off it)."""
        scene = self.ctx.scene(view)
        character = scene.character(view.secret) if scene and view.secret else None
        if self._held is None or scene is None or character is None:
            return
        th = self.ctx.theme
        panel(surface, self._held_area(), color=theme.NIGHT_RAISED, edge=theme.AMBER, radius=th.px(24))
        draw_card(surface, scene, character, secret_card(self.ctx, character,
                                                         self._held_area().inflate(-th.px(60), -th.px(60)),
                                                         size=52, portrait_share=0.6), figures=HELD_FIGURES)

    def _paint_typing(self, surface: pygame.Surface, view: TabletView) -> None:
        th = self.ctx.theme
        field = self._field
        if self.cell is not None:
            pygame.draw.rect(surface, theme.AMBER, cell_px(self.board, self.cell), th.px(8))
        ring_left = self.ring.rect.left - th.px(20)
        label = word_label(self.ctx.tx, self.cell or 0)
        blit_text(surface, label, fit_size(label, ring_left - field.x, th.px(34), bold=True), theme.AMBER,
                  bold=True, topleft=(field.x, field.y + th.px(10)))
        box = self._word_box()
        pygame.draw.rect(surface, theme.PAPER, box, border_radius=th.px(16))
        pygame.draw.rect(surface, theme.AMBER, box, th.px(5), border_radius=th.px(16))
        size = fit_size(self.text + "|", box.w - th.px(48), th.px(64), bold=True)
        shown = blit_text(surface, self.text, size, theme.INK, bold=True,
                          midleft=(box.x + th.px(24), box.centery))
        caret_x = shown.right + th.px(4) if self.text else box.x + th.px(24)
        pygame.draw.line(surface, theme.AMBER, (caret_x, box.centery - size * 6 // 10),
                         (caret_x, box.centery + size * 6 // 10), max(2, th.px(5)))
        paragraph(surface, self.ctx.tx.tr("OK writes it on the board. Each word only once per board."),
                  self._help, th.px(26), theme.TEXT_DIM, max_lines=2, shrink=True)
        self._paint_criminal(surface, view, self._typing_portrait, self._typing_description, "center")
        self.keyboard.draw(surface, self.ctx.tx)
        self._paint_held(surface, view)

    def update(self, surface: pygame.Surface, view: TabletView, t: float) -> list[pygame.Rect]:
        dirty = []
        deadline = view.deadline
        if self.ink.drawing and deadline is not None and t >= deadline:
            self.ink.drop()
            self._finger = None
        self.ink.place(self.board)
        self.ink.sync(view.live_board.items if view.live_board else ())
        inked = self.ink.update(surface) if self._held is None else None   # the big card is over it
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
            self._finger = self._held = None
            return []
        self.ink.place(self.board)
        if isinstance(event, Pointer) and self._holding(event):
            return []
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

    def _holding(self, event: Pointer) -> bool:
        """A finger down on the criminal's corner holds it big until it lifts; meanwhile the
        other fingers do nothing (the board is under the big card). Whether `event` was that."""
        if self._held is None:
            if event.kind == "down" and self._finger is None and any(
                    zone.collidepoint(event.x, event.y) for zone in self.hold_zones()):
                self._held = event.id
                self._taps.cancel()
                return True
            return False
        if event.id == self._held and event.kind == "up":
            self._held = None
        return True

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
        if target == "portrait":
            zone = self.hold_zones()[0]
            return float(zone.centerx), float(zone.centery)
        buttons = {b.name: b for b in self._buttons()}
        if target == "word_tool" and "word" in buttons:
            return buttons["word"].center
        if target == "undo" and "undo" in buttons:
            return buttons["undo"].center
        if target == "pen" and "pen" in buttons and isinstance(arg, (int, float)):
            wanted = min((width for _, width in PENS), key=lambda width: abs(width - float(arg)))
            return buttons["pen"].center if wanted != self.ink.width else None
        return None
