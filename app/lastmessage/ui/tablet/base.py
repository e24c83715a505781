"""What every tablet screen shares: the context, and the shape of a screen.

A screen paints itself whole when its `signature` changes (a tap, a new
phase), and otherwise only updates what moves (ink, the timer ring) in
`update`, so that a steady frame costs next to nothing on the Pi.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

import pygame

from lastmessage.commands import Command
from lastmessage.operator.commands import ChoosePhones
from lastmessage.i18n.translate import Translator, translator
from lastmessage.operator.view import PhonesChoice
from lastmessage.ui.present import Layer
from lastmessage.rules.config import Rules
from lastmessage.rules.errors import RuleViolation
from lastmessage.rules.events import GameEvent
from lastmessage.rules.presets import Preset, presets
from lastmessage.rules.projections import TabletView
from lastmessage.scenes.model import Scene, SceneCatalog
from lastmessage.ui import theme
from lastmessage.ui.guide import Step
from lastmessage.ui.screen import ScreenInput
from lastmessage.ui.tablet.widgets import message_box
from lastmessage.ui.text import blit_text, fit_size

Spot = tuple[float, float]
CAPTION_ROOM = 64   # design pixels of height a sound's caption needs


@dataclass
class Context:
    """The tablet's fixed facts, and the bit of navigation no game phase tells."""

    size: tuple[int, int]
    theme: theme.Theme
    catalog: SceneCatalog
    rules: Rules
    random: random.Random
    choosing: bool = False     # phase SCENE: the scene grid (True) or the start screen
    link_ok: bool = True       # Status.link_ok of the frame being painted
    tx: Translator = translator("en")   # the texts of Status.language of the frame being painted
    preset: int = 0            # the rules preset chosen on the scene grid (index in `presets`)
    house_preset: str = "house"   # the preset each game starts with (the operator menu's choice)
    rotation: tuple[str, ...] | None = None   # Status.scenes of the frame: the scenes offered; None: all
    guided: bool | None = None   # this game's group chose the guided first round (None: not chosen yet)
    guide_seen: set[Step] = field(default_factory=set)   # the guided round's cards already dismissed
    phones: PhonesChoice | None = None   # Status.phones of the frame: the host's switches (None: not offered)
    vote: int | None = None   # Status.vote of the frame: the audience's countdown (None: no vote runs)

    def scene_ids(self) -> list[str]:
        """The scenes the scene grid offers (the operator menu's rotation)."""
        return [scene_id for scene_id in self.catalog if self.rotation is None or scene_id in self.rotation]

    @property
    def presets(self) -> tuple[Preset, ...]:
        """`rules` are the house rules; the players may pick another preset."""
        return presets(self.rules)

    def scene(self, view: TabletView) -> Scene | None:
        return self.catalog.get(view.scene_id) if view.scene_id else None

    def header(self, surface: pygame.Surface, title: str, detail: str = "", *,
               reserve: int = 0) -> int:
        """The bar at the top of most screens; returns its bottom. The title shrinks to
        leave room for the detail on the right (or `reserve` pixels for a button there)."""
        t = self.theme
        w = self.size[0]
        height = t.px(96)
        pygame.draw.rect(surface, theme.NIGHT_RAISED, (0, 0, w, height))
        pygame.draw.line(surface, theme.NIGHT_LINE, (0, height - 1), (w, height - 1), 2)
        right = w - t.px(24) - reserve
        if not self.link_ok:
            chip = self.link_chip(w * 45 // 100)
            right = w - t.px(24) - chip.get_width()
            surface.blit(chip, chip.get_rect(midright=(w - t.px(24), height // 2)))
        elif detail and not reserve:
            size = fit_size(detail, w * 40 // 100, t.px(30))
            shown = blit_text(surface, detail, size, theme.TEXT_DIM, midright=(w - t.px(36), height // 2))
            right = shown.left
        room = right - t.px(36) - t.px(30)
        blit_text(surface, title, fit_size(title, room, t.px(40), bold=True), theme.TEXT, bold=True,
                  midleft=(t.px(36), height // 2))
        return height

    def link_chip(self, max_width: int) -> pygame.Surface:
        """The discreet warning that the timer module is gone (the screen timer still runs)."""
        return message_box(self.tx.tr("timer module disconnected — using the screen timer"), max_width,
                           self.theme.px(24), theme.AMBER, theme.NIGHT, theme.AMBER)


class Screen:
    """Base of the tablet screens; the defaults are those of a still screen."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def enter(self, view: TabletView, t: float) -> None:
        """The screen comes up (new phase or round): forget local state."""

    def leave(self) -> None:
        """Another screen comes up: drop what is only needed while showing."""

    def signature(self, view: TabletView, t: float) -> Hashable:
        """Everything whose change needs a full repaint."""
        return None

    def paint(self, surface: pygame.Surface, view: TabletView, t: float) -> None:
        raise NotImplementedError

    def update(self, surface: pygame.Surface, view: TabletView, t: float) -> list[pygame.Rect]:
        return []

    def layers(self, view: TabletView, t: float) -> list[Layer]:
        """What moves over the painted screen this frame, composited by the GPU (present.Layer)."""
        return []

    def handle(self, event: ScreenInput, view: TabletView, t: float) -> Sequence[Command | ChoosePhones]:
        """What a tap asks: the game's commands, or (the scene grid's Phones card) the host's phones."""
        return []

    def on_events(self, events: Sequence[GameEvent], t: float) -> None:
        pass

    def on_rejected(self, command: Command, violation: RuleViolation, t: float) -> None:
        pass

    def locate(self, view: TabletView, target: str, arg: object) -> Spot | None:
        return None

    notice_covers = False
    """A message blanks all of `notice_area` behind it (a heading it covers would peek out)."""

    def notice_area(self) -> pygame.Rect:
        """Where a message may cover the screen without hiding what the message is about."""
        t, (w, h) = self.ctx.theme, self.ctx.size
        return pygame.Rect(w * 15 // 100, t.px(96) + t.px(24), w * 70 // 100, h // 2)

    caption_covers = False
    """A caption blanks all of `caption_area` behind it (a text it covers would peek out)."""

    def caption_area(self) -> pygame.Rect | None:
        """Where a sound's caption goes (centred), clear of what one taps or reads;
        None: the sounds heard here are not the tablet's (they are the monitor's)."""
        return None
