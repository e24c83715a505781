"""The tablet behind the privacy screen: one screen per step of the game.

Which screen shows follows the game's phase (plus, before a game, whether
the players left the start screen). A screen is painted whole only when
what it shows changes; otherwise only moving parts are redrawn, and the
rectangles returned let the app present just those. Refusals from the game
are shown in plain words on top of the current screen until the App, which
times them on its clock (notices.py), says to forget them.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import pygame

from lastmessage.commands import Command
from lastmessage.operator.commands import ChoosePhones, OpenOperator, OperatorCommand
from lastmessage.operator.view import OperatorView
from lastmessage.i18n.translate import Translator, translator
from lastmessage.i18n.names import capitalized
from lastmessage.ui.present import Layer
from lastmessage.rules.config import Rules
from lastmessage.rules.errors import RuleViolation
from lastmessage.rules.events import GameEvent, GameStarted
from lastmessage.rules.game import Phase
from lastmessage.rules.projections import TabletView
from lastmessage.scenes.model import SceneCatalog
from lastmessage.sound.captions import Caption, caption_for
from lastmessage.ui import guide, theme
from lastmessage.ui.caption import caption_pill
from lastmessage.ui.painting import painting
from lastmessage.ui.screen import Pointer, ScreenInput, Status
from lastmessage.ui.tablet.base import Context, Screen, Spot
from lastmessage.ui.tablet.choose import ChooseScreen
from lastmessage.ui.tablet.clues import CluesScreen
from lastmessage.ui.tablet.erase import EraseScreen
from lastmessage.ui.tablet.idle import IdleScreen
from lastmessage.ui.tablet.operator import OperatorScreens
from lastmessage.ui.tablet.pick import PickScreen
from lastmessage.ui.tablet.portrait import forget_portraits
from lastmessage.ui.tablet.ready import ReadyScreen
from lastmessage.ui.tablet.roles import GuideCard, RolesScreen
from lastmessage.ui.tablet.summary import SummaryScreen
from lastmessage.ui.tablet.waiting import WaitingScreen
from lastmessage.ui.tablet.widgets import message_box

NOTICE_SECONDS = 5.0
CARDS = frozenset({guide.Step.PICK, guide.Step.READY, guide.Step.ERASE, guide.Step.SUSPECT})
"""The guided round's steps that get a card on the tablet first (the clue step's is the
ready card: once FLIP is pressed the victim's 30 s are the board's)."""
CORNER_HOLD = 3.0
"""Seconds a finger stays on the start screen's top left corner to open the
operator menu (hidden: nothing shows there; a shorter touch starts as any)."""


@dataclass(frozen=True, eq=False)   # one notice, one object: the same words again repaint
class Notice:
    """An English template and its values: shown in the language of the frame."""
    template: str
    params: tuple[tuple[str, object], ...]

    def text(self, tx: Translator) -> str:
        return tx.refusal(self.template, dict(self.params))


class TabletUI:
    """The tablet's screens, satisfying `ui.screen.TabletScreen`."""

    notice_seconds = NOTICE_SECONDS

    def __init__(self, size: tuple[int, int], catalog: SceneCatalog, rules: Rules, *,
                 seed: int = 0) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.ctx = Context(self.size, theme.Theme(*self.size), catalog, rules, random.Random(seed))
        ctx = self.ctx
        self.idle, self.choose = IdleScreen(ctx), ChooseScreen(ctx)
        self.roles, self.card = RolesScreen(ctx), GuideCard(ctx)
        clues = CluesScreen(ctx)
        self._by_phase: dict[Phase, Screen] = {
            Phase.SECRET: PickScreen(ctx), Phase.READY: ReadyScreen(ctx, prepare=clues.prepare), Phase.CLUES: clues,
            Phase.ERASE: EraseScreen(ctx), Phase.SUSPECT: WaitingScreen(ctx), Phase.OVER: SummaryScreen(ctx),
        }
        self._entered: tuple[int, int, str | None] | None = None
        self._shown: Screen | None = None
        self._notice: Notice | None = None
        self._painted: Hashable = None
        self._overlays: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.operator = OperatorScreens(ctx)
        self._corner_since: float | None = None
        self._layers: list[Layer] = []

    def screen(self, view: TabletView, t: float) -> Screen:
        """The screen for this view; a screen coming up forgets its old local state."""
        current: Screen
        if view.phase is Phase.SCENE:
            current = self.choose if self.ctx.choosing else self.idle
        else:
            shown = self.guide(view)
            if shown is guide.Step.ROLES:
                current = self.roles
            elif shown in CARDS and shown not in self.ctx.guide_seen:
                current = self.card
            else:
                current = self._by_phase[view.phase]
            # Only "New game" on the summary leads straight to the scene grid; a
            # game the device put away by itself (nobody came back) starts over
            # at the start screen.
            self.ctx.choosing = False
        key = (id(current), view.round, view.scene_id)
        if key != self._entered:
            if self._shown is not None and self._shown is not current:
                self._shown.leave()
            self._entered, self._shown = key, current
            current.enter(view, t)
        return current

    # ---- the TabletScreen contract --------------------------------------

    def handle(self, event: ScreenInput, view: TabletView, t: float) -> list[Command | OpenOperator | ChoosePhones]:
        screen = self.screen(view, t)
        if screen is self.idle and isinstance(event, Pointer) and self._corner_held(event, t):
            return [OpenOperator("corner")]
        return list(screen.handle(event, view, t))

    def corner(self) -> pygame.Rect:
        side = self.ctx.theme.px(170)
        return pygame.Rect(0, 0, side, side)

    def _corner_held(self, event: Pointer, t: float) -> bool:
        """The hidden long-press: down in the corner, up there CORNER_HOLD later."""
        inside = self.corner().collidepoint(event.x, event.y)
        if event.kind == "down":
            self._corner_since = t if inside else None
        elif event.kind == "move" and event.pressed and not inside:
            self._corner_since = None
        elif event.kind == "up":
            since, self._corner_since = self._corner_since, None
            return since is not None and inside and t - since >= CORNER_HOLD
        return False

    def handle_operator(self, event: ScreenInput, view: OperatorView, t: float) -> list[OperatorCommand]:
        return self.operator.handle(event, view, t)

    def locate_operator(self, view: OperatorView, target: str, arg: object = None) -> Spot | None:
        return self.operator.locate(view, target, arg)

    def guide(self, view: TabletView) -> guide.Step | None:
        """What the onboarding explains now, on both screens (`Status.guide`)."""
        if view.phase is Phase.SCENE or view.phase is Phase.OVER:
            return None
        return guide.step(view.phase, view.round, self.ctx.guided)

    def on_events(self, events: Sequence[GameEvent], t: float) -> None:
        if any(isinstance(event, GameStarted) for event in events):
            self.ctx.guided = None   # every game's group is asked again
            self.ctx.guide_seen.clear()
        for screen in (self.idle, self.choose, *self._by_phase.values()):
            screen.on_events(events, t)

    def on_rejected(self, command: Command, violation: RuleViolation, t: float) -> None:
        self._notice = Notice(violation.template, tuple(sorted(violation.params.items())))
        for screen in (self.idle, self.choose, *self._by_phase.values()):
            screen.on_rejected(command, violation, t)

    def notify(self, text: str, t: float) -> None:
        self._notice = Notice(text, ())

    def forget_notice(self) -> None:
        self._notice = None

    @property
    def setting_up(self) -> bool:
        """Players have left the start screen for the scene grid (no game yet)."""
        return self.ctx.choosing

    @property
    def away_from_start(self) -> bool:
        """Before a game, something else than the start screen shows (the scene grid, the credits)."""
        return self.ctx.choosing or self.idle.showing_credits

    def repaint(self) -> None:
        """The next frame paints the whole screen (something else was on the surface)."""
        self._painted = None

    def to_start(self) -> None:
        """Back to the start screen, credits closed (nobody came back)."""
        self.ctx.choosing = False
        self.idle.close_credits()

    def draw(self, surface: pygame.Surface, view: TabletView, t: float,
             status: Status) -> list[pygame.Rect]:
        self.ctx.rotation = status.scenes
        self.ctx.phones = status.phones
        self.ctx.vote = status.vote
        if status.operator is not None:
            return self._draw_operator(surface, status.operator, status)
        self.operator.page(None)
        screen = self.screen(view, t)
        notice = self._notice
        caption = caption_for(status.captions, "tablet")
        if caption is not None and screen.caption_area() is None:
            caption = None   # a screen with no place for captions: they are the monitor's then
        heard = caption.sound if caption is not None else None
        signature = (id(surface), surface.get_size(), id(screen), screen.signature(view, t),
                     notice, status.link_ok, status.language, heard, status.making_scene, status.vote)
        if signature != self._painted:
            self._painted = signature
            self.ctx.link_ok = status.link_ok
            self.ctx.tx = translator(status.language)
            screen.paint(surface, view, t)
            screen.update(surface, view, t)
            if status.making_scene:   # a new crowd is being made: the game starts when it is
                painting(surface, surface.get_rect(), self.ctx.tx.tr("Painting the scene…"),
                         self.ctx.theme.px(48))
            self._overlays = self._make_overlays(screen, notice) + self._caption(screen, caption)
            for image, rect in self._overlays:
                surface.blit(image, rect)
            self._layers = self._with_notice(screen.layers(view, t))
            return [surface.get_rect()]
        dirty = screen.update(surface, view, t)
        if dirty:
            for image, rect in self._overlays:
                if rect.collidelist(dirty) >= 0:
                    dirty.append(surface.blit(image, rect))
        self._layers = self._with_notice(screen.layers(view, t))
        return dirty

    def _draw_operator(self, surface: pygame.Surface, view: OperatorView, status: Status) -> list[pygame.Rect]:
        """The operator's page over the game (painted whole: it changes on taps only)."""
        signature = ("operator", id(surface), surface.get_size(), self.operator.signature(view),
                     status.link_ok, status.language)
        if signature == self._painted:
            return []
        self._painted = signature
        self._layers = []   # nothing of the game's screens over the operator's page
        self.ctx.link_ok = status.link_ok
        self.ctx.tx = translator(status.language)
        self.operator.paint(surface, view)
        return [surface.get_rect()]

    def layers(self) -> list[Layer]:
        return self._layers

    def drop_pictures(self) -> None:
        forget_portraits()

    def _with_notice(self, layers: list[Layer]) -> list[Layer]:
        """A notice shows over the screen's layers too (on the screen alone it would hide under them)."""
        if not layers:
            return layers
        return layers + [Layer(("notice", index), image, pygame.FRect(rect))
                         for index, (image, rect) in enumerate(self._overlays)]

    def locate(self, view: TabletView, target: str, arg: object = None) -> Spot | None:
        return self.screen(view, 0.0).locate(view, target, arg)

    # ---- overlays --------------------------------------------------------

    def _caption(self, screen: Screen, caption: Caption | None) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """A sound's caption, for whoever cannot hear it (sound.captions)."""
        area, th = screen.caption_area(), self.ctx.theme
        if caption is None or area is None:
            return []
        pill = caption_pill(self.ctx.tx.tr(caption.text), th.px(34), th.px(28), area.w)
        shown = [(pill, pill.get_rect(center=area.center))]
        if screen.caption_covers:
            blank = pygame.Surface(area.size)
            blank.fill(theme.NIGHT)
            shown.insert(0, (blank, area))
        return shown

    def _make_overlays(self, screen: Screen, notice: Notice | None) -> list[tuple[pygame.Surface, pygame.Rect]]:
        if notice is None:
            return []
        area = screen.notice_area()
        text, th = capitalized(notice.text(self.ctx.tx)), self.ctx.theme
        size = th.px(36)
        while True:
            card = message_box(text, area.w, size, theme.TEXT, theme.NIGHT_RAISED, theme.CRIMSON)
            if card.get_height() <= area.h or size <= th.px(24):   # smaller rather than over a button
                break
            size -= max(1, size // 12)
        overlays = [(card, card.get_rect(midtop=(area.centerx, area.y)))]
        if screen.notice_covers:
            blank = pygame.Surface(area.size)
            blank.fill(theme.NIGHT)
            overlays.insert(0, (blank, area))
        return overlays
