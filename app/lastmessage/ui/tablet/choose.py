"""Scene choice: every scene at once as a thumbnail, the rules preset, Start.

All scenes fit on one screen so the players compare them at a glance. The
rules preset (house rules first) is chosen here and shown as chips, because
it is what the table agrees to play. "New crowd" plays the chosen place with
a freshly generated crowd (a scene id naming theme, seed and generator
version, which the painter's worker makes before the game starts and the journal keeps).
"Phones" (at home: where no operator PIN is set) opens a card with the phones'
switches for this game, beside the other choices the group makes here.
"""

from __future__ import annotations

import math
from collections.abc import Hashable

import pygame

from lastmessage.commands import ChooseScene, Command
from lastmessage.i18n.translate import Translator
from lastmessage.operator.commands import ChoosePhones
from lastmessage.rules.config import Rules
from lastmessage.rules.presets import Preset
from lastmessage.rules.projections import TabletView
from lastmessage.scenegen.generate import THEMES, scene_id_for
from lastmessage.scenes.render import render_scene
from lastmessage.ui import theme
from lastmessage.ui.screen import Pointer, ScreenInput
from lastmessage.ui.tablet import phones_switches
from lastmessage.ui.tablet.base import Context, Screen, Spot
from lastmessage.ui.tablet.widgets import Button, Taps, draw_button, panel
from lastmessage.ui.text import blit_text, fit_size, render


def rules_chips(tx: Translator, rules: Rules) -> list[str]:
    """The rules preset in a few words each, in the current language."""
    schedule = "·".join(str(n) for n in rules.erase_schedule)
    chips = [tx.tr("{seconds:g} s to draw", seconds=rules.timer_seconds),
             tx.tr("erase {schedule}", schedule=schedule),
             tx.ntr("{rounds} round", "{rounds} rounds", rules.rounds, rounds=rules.rounds)]
    if rules.fatal_from_round <= rules.rounds:
        chips.append(tx.tr("wrong accusation loses from round {round}", round=rules.fatal_from_round))
    else:
        chips.append(tx.tr("wrong accusations never lose"))
    chips.append(tx.tr("pass allowed") if rules.allow_pass else tx.tr("no passing"))
    chips.append(tx.tr("words + drawings") if rules.allow_text else tx.tr("drawings only"))
    return chips


def preset_label(tx: Translator, preset: Preset) -> str:
    """A preset's short name in the current language (its `label` is English)."""
    labels = {
        "house": tx.tr("House rules"),
        "classic": tx.tr("Classic"),
        "drawings": tx.tr("Drawings only"),
        "relaxed": tx.tr("{seconds:g} s to draw", seconds=preset.rules.timer_seconds),
    }
    return labels.get(preset.key) or tx.tr(preset.label)


class ChooseScreen(Screen):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._taps = Taps()
        self._chosen: str | None = None
        self._fresh = False
        self._phones = False   # the Phones card is open
        self._thumbs: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
        self._laid_out: tuple[tuple[str, ...], dict[str, pygame.Rect]] | None = None

    @property
    def _cards(self) -> dict[str, pygame.Rect]:
        ids = tuple(self.ctx.scene_ids())
        if self._laid_out is None or self._laid_out[0] != ids:
            self._laid_out = (ids, self._layout())
        return self._laid_out[1]

    def _layout(self) -> dict[str, pygame.Rect]:
        """One card (thumbnail plus title) per scene, centred in the area between the bars."""
        t, (w, h) = self.ctx.theme, self.ctx.size
        ids = self.ctx.scene_ids()
        columns = 3 if len(ids) <= 6 else 4
        rows = max(1, math.ceil(len(ids) / columns))
        gap, title = t.px(28), t.px(52)
        top, bottom = t.px(96) + gap, h - self._bar_height() - gap
        aspect = 16 / 9
        width = (w - (columns + 1) * gap) / columns
        height = (bottom - top - (rows - 1) * gap) / rows - title
        width = min(width, height * aspect)
        card_w, card_h = int(width), int(width / aspect) + title
        left = (w - columns * card_w - (columns - 1) * gap) // 2
        cards = {}
        for index, scene_id in enumerate(ids):
            row, column = divmod(index, columns)
            in_row = min(columns, len(ids) - row * columns)
            offset = (columns - in_row) * (card_w + gap) // 2
            cards[scene_id] = pygame.Rect(left + offset + column * (card_w + gap),
                                          top + row * (card_h + gap), card_w, card_h)
        return cards

    def _bar_height(self) -> int:
        return self.ctx.theme.px(170)

    def _preset(self) -> Button:
        """Cycles through the presets; its label names the one chosen."""
        t, w = self.ctx.theme, self.ctx.size[0]
        height = t.px(88)
        rect = pygame.Rect(0, (t.px(96) - height) // 2, t.px(520), height)
        rect.right = w - t.px(24)
        label = preset_label(self.ctx.tx, self.ctx.presets[self.ctx.preset % len(self.ctx.presets)])
        return Button("preset", rect, self.ctx.tx.tr("Rules: {preset}", preset=label) + "  ›", "plain")

    def _buttons(self) -> list[Button]:
        t, (w, h) = self.ctx.theme, self.ctx.size
        bar = h - self._bar_height()
        height = t.px(110)
        y = bar + (self._bar_height() - height) // 2
        start = pygame.Rect(w - t.px(36) - t.px(330), y, t.px(330), height)
        back = pygame.Rect(t.px(36), y, t.px(200), height)
        return [Button("back", back, "‹ " + self.ctx.tx.tr("Back"), "plain"),
                Button("start", start, self.ctx.tx.tr("Start") + " ›", "primary", enabled=self._chosen is not None)]

    def _fresh_button(self) -> Button:
        """Toggles "New crowd": the chosen place with a freshly generated crowd."""
        t = self.ctx.theme
        preset = self._preset().rect
        rect = pygame.Rect(0, preset.y, t.px(330), preset.h)
        rect.right = preset.left - t.px(20)
        mark = "✓ " if self._fresh else ""
        return Button("fresh", rect, mark + self.ctx.tx.tr("New crowd"), "primary" if self._fresh else "plain")

    def _phones_button(self) -> Button | None:
        """Left of "New crowd": the phones' switches in a word (None: the operator menu has them)."""
        choice = self.ctx.phones
        if choice is None:
            return None
        t = self.ctx.theme
        fresh = self._fresh_button().rect
        rect = pygame.Rect(0, fresh.y, t.px(390), fresh.h)
        rect.right = fresh.left - t.px(20)
        label = self.ctx.tx.tr("Phones: {state}", state=phones_switches.summary(self.ctx.tx, choice))
        return Button("phones", rect, label, "on" if choice.on and choice.ready else "plain")

    def _card(self) -> pygame.Rect:
        t, (w, h) = self.ctx.theme, self.ctx.size
        card = pygame.Rect(0, 0, min(w * 82 // 100, t.px(1400)), min(h * 80 // 100, t.px(760)))
        card.center = (w // 2, h // 2)
        return card

    def _card_inner(self) -> pygame.Rect:
        return self._card().inflate(-self.ctx.theme.px(80), -self.ctx.theme.px(64))

    def _done_button(self) -> Button:
        t, inner = self.ctx.theme, self._card_inner()
        rect = pygame.Rect(0, 0, t.px(260), t.px(104))
        rect.bottomright = inner.bottomright
        return Button("phones_done", rect, self.ctx.tx.tr("Done"), "primary")

    def _switch_area(self) -> pygame.Rect:
        t, inner = self.ctx.theme, self._card_inner()
        top = inner.y + t.px(96)
        return pygame.Rect(inner.x, top, inner.w, self._done_button().rect.top - t.px(30) - top)

    def _card_buttons(self) -> list[Button]:
        choice = self.ctx.phones
        switches = [] if choice is None else phones_switches.switches(self.ctx, self._switch_area(), choice)
        return [*switches, self._done_button()]

    def _paint_card(self, surface: pygame.Surface) -> None:
        t, (w, h) = self.ctx.theme, self.ctx.size
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((*theme.NIGHT, 215))
        surface.blit(shade, (0, 0))
        panel(surface, self._card(), radius=t.px(24))
        inner = self._card_inner()
        title = self.ctx.tx.tr("Phones at the table")
        blit_text(surface, title, fit_size(title, inner.w, t.px(52), bold=True), theme.AMBER, bold=True,
                  topleft=inner.topleft)
        if self.ctx.phones is not None:
            phones_switches.paint(surface, self.ctx, self._switch_area(), self.ctx.phones)
        draw_button(surface, self._done_button(), t.px(40))

    def enter(self, view: TabletView, t: float) -> None:
        self._chosen = None
        self._fresh = False
        self._phones = False
        keys = [preset.key for preset in self.ctx.presets]   # each new game starts with the house's
        self.ctx.preset = keys.index(self.ctx.house_preset) if self.ctx.house_preset in keys else 0

    def signature(self, view: TabletView, t: float) -> Hashable:
        return self._chosen, self.ctx.preset, self._fresh, self.ctx.rotation, self._phones, self.ctx.phones

    def _thumb(self, scene_id: str, size: tuple[int, int]) -> pygame.Surface:
        if (scene_id, size) not in self._thumbs:
            # a new rotation lays the cards out anew: thumbnails of the old size go
            self._thumbs = {key: thumb for key, thumb in self._thumbs.items() if key[1] == size}
            self._thumbs[scene_id, size] = render_scene(self.ctx.catalog[scene_id], size)
        return self._thumbs[scene_id, size]

    def paint(self, surface: pygame.Surface, view: TabletView, t: float) -> None:
        th, (w, h) = self.ctx.theme, self.ctx.size
        surface.fill(theme.NIGHT)
        fresh, phones = self._fresh_button(), self._phones_button()
        leftmost = (phones or fresh).rect.left
        self.ctx.header(surface, self.ctx.tx.tr("Choose a scene"), reserve=w - leftmost + th.px(12))
        draw_button(surface, self._preset(), th.px(34))
        draw_button(surface, fresh, th.px(34))
        if phones is not None:
            draw_button(surface, phones, th.px(34))
        title_h = th.px(52)
        for scene_id, card in self._cards.items():
            picture = pygame.Rect(card.x, card.y, card.w, card.h - title_h)
            chosen = scene_id == self._chosen
            surface.blit(self._thumb(scene_id, picture.size), picture)
            edge = theme.AMBER if chosen else theme.NIGHT_LINE
            pygame.draw.rect(surface, edge, picture.inflate(6, 6) if chosen else picture,
                             width=th.px(8) if chosen else 2, border_radius=4)
            name = self.ctx.tx.title(self.ctx.catalog[scene_id].title)
            size = fit_size(name, card.w, th.px(34), bold=True)
            blit_text(surface, name, size, theme.AMBER if chosen else theme.TEXT, bold=True,
                      center=(card.centerx, picture.bottom + title_h // 2 + 2))
        self._paint_bar(surface)
        if self._phones:
            self._paint_card(surface)

    def _paint_bar(self, surface: pygame.Surface) -> None:
        th, (w, h) = self.ctx.theme, self.ctx.size
        top = h - self._bar_height()
        pygame.draw.rect(surface, theme.NIGHT_RAISED, (0, top, w, self._bar_height()))
        pygame.draw.line(surface, theme.NIGHT_LINE, (0, top), (w, top), 2)
        buttons = self._buttons()
        for button in buttons:
            draw_button(surface, button, th.px(44))
        # The rules as chips, flowing over two lines between the buttons.
        area = pygame.Rect(buttons[0].rect.right + th.px(36), top + th.px(22), 0, 0)
        area.w = buttons[1].rect.left - th.px(36) - area.x
        area.h = self._bar_height() - th.px(44)
        size, pad, gap = th.px(26), th.px(14), th.px(10)
        line_h = (area.h - gap) // 2
        x, y = area.x, area.y
        for chip in rules_chips(self.ctx.tx, self.ctx.presets[self.ctx.preset % len(self.ctx.presets)].rules):
            image = render(chip, size, theme.TEXT, False)
            box = pygame.Rect(x, y, image.get_width() + 2 * pad, line_h)
            if box.right > area.right and x > area.x:
                x, y = area.x, y + line_h + gap
                box.topleft = (x, y)
            if box.bottom > area.bottom + 1:
                break
            pygame.draw.rect(surface, theme.NIGHT, box, border_radius=line_h // 2)
            pygame.draw.rect(surface, theme.NIGHT_LINE, box, width=2, border_radius=line_h // 2)
            surface.blit(image, image.get_rect(center=box.center))
            x = box.right + gap

    def handle(self, event: ScreenInput, view: TabletView, t: float) -> list[Command | ChoosePhones]:
        if not isinstance(event, Pointer):
            return []
        if self._phones:
            return self._handle_card(event)
        cards = [Button(scene_id, rect, "") for scene_id, rect in self._cards.items()]
        phones = self._phones_button()
        pressed = self._taps.feed(event, [*self._buttons(), self._preset(), self._fresh_button(), *cards,
                                          *([phones] if phones is not None else [])])
        if pressed == "phones":
            self._phones = True
        elif pressed == "back":
            self.ctx.choosing = False
        elif pressed == "preset":
            self.ctx.preset = (self.ctx.preset + 1) % len(self.ctx.presets)
        elif pressed == "fresh":
            self._fresh = not self._fresh
        elif pressed == "start" and self._chosen is not None:
            preset = self.ctx.presets[self.ctx.preset % len(self.ctx.presets)]
            return [ChooseScene(self._scene_to_play(t), preset.key)]
        elif pressed in self._cards:
            self._chosen = pressed
        return []

    def _handle_card(self, event: Pointer) -> list[Command | ChoosePhones]:
        """The card's switches and Done; a tap beside the card closes it too."""
        pressed = self._taps.feed(event, self._card_buttons())
        choice = self.ctx.phones
        if pressed == "phones_done" or choice is None \
                or (event.kind == "up" and pressed is None and not self._card().collidepoint(event.x, event.y)):
            self._phones = False
        elif pressed is not None:
            return [phones_switches.asked(pressed, choice)]
        return []

    def _scene_to_play(self, t: float) -> str:
        """The chosen scene, or with "New crowd" a generated scene of its place (seeded by the
        moment of the tap, so a replayed script picks the same crowd)."""
        assert self._chosen is not None
        theme_name = self.ctx.catalog[self._chosen].theme
        if not self._fresh or theme_name not in THEMES:
            return self._chosen
        return scene_id_for(theme_name, 1000 + int(t * 1000) % 1_000_000)

    def locate(self, view: TabletView, target: str, arg: object) -> Spot | None:
        if target in ("phones_card", "phones_switch", "phones_done"):
            return self._locate_phones(target, arg)
        if self._phones:
            return None   # the card covers the grid
        if target == "scene":
            card = self._cards.get(str(arg))
            return (float(card.centerx), float(card.centery)) if card else None
        if target == "scene_start":
            return self._buttons()[1].center
        if target == "scene_back":
            return self._buttons()[0].center
        if target == "scene_fresh":
            return self._fresh_button().center
        if target == "preset":
            return self._preset().center
        return None

    def _locate_phones(self, target: str, arg: object) -> Spot | None:
        """The header's Phones button (card closed); a switch by its setting, Done (card open)."""
        if target == "phones_card":
            button = self._phones_button()
            return button.center if button is not None and not self._phones else None
        if not self._phones:
            return None
        found = next((b for b in self._card_buttons() if b.name == (arg if target == "phones_switch" else target)),
                     None)
        return found.center if found is not None and found.enabled else None
