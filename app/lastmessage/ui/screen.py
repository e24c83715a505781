"""The contract between the app loop and the two screens.

The app turns every raw input into these few events, in the screen's own
pixel coordinates (whatever the window, scaling or touch panel), and hands
each screen the projection of the game it may see: the tablet a TabletView,
the detective monitor only a PublicView. The App computes both when the game's
events change (`App.views`), not per input or frame: between two changes
every call gets the same view. Screens answer with Commands; they
never change the game themselves, and never pre-judge the rules: the game
decides, and its verdict comes back through `on_events` / `on_rejected`.

Time `t` given to screens is game time (seconds since `game_started`, the
clock of the views' `deadline` and of event `t`). Before a game starts it
counts from when the device became idle, and it starts again from 0 when a
game starts or a new game is set up: screens keep animation start times in
this `t` and must not assume it never goes back across those two moments.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

import pygame

from lastmessage.commands import Command
from lastmessage.hal.base import Intent
from lastmessage.operator.view import OperatorView, PhonesChoice
from lastmessage.ui.present import Layer
from lastmessage.rules.errors import RuleViolation
from lastmessage.rules.events import GameEvent
from lastmessage.rules.projections import PublicView, TabletView
from lastmessage.sound.captions import Caption
from lastmessage.ui.guide import Step


@dataclass(frozen=True)
class Pointer:
    """A finger or the mouse: down, move (while down or hovering) and up."""

    kind: Literal["down", "move", "up"]
    x: float
    y: float
    id: int = 0          # finger id; 0 for the mouse
    pressed: bool = True  # for "move": is the button/finger down


@dataclass(frozen=True)
class TextTyped:
    """Text from a physical keyboard (simulator), for the word tool."""

    text: str


@dataclass(frozen=True)
class KeyPressed:
    """A named key from a physical keyboard: "backspace", "return", "escape"."""

    key: str


@dataclass(frozen=True)
class Wheel:
    """The mouse wheel turned `steps` notches (+ away from the user) with the pointer at (x, y)."""

    x: float
    y: float
    steps: int


ScreenInput = Pointer | TextTyped | KeyPressed | Wheel


@dataclass(frozen=True)
class Status:
    """Device facts a screen may show (both screens get the same)."""

    link_ok: bool = True          # the timer/button module is connected (or not used)
    language: str = "en"          # what both screens speak (i18n.LANGUAGES); the App holds it
    scenes: tuple[str, ...] | None = None   # the scenes that rotate (operator menu); None: all
    operator: OperatorView | None = None    # the operator menu, while it is open (tablet only)
    captions: tuple[Caption, ...] = ()   # the sounds' captions showing now (sound.captions)
    setting_up: bool = False      # the tablet shows the scene grid: both screens say so
    making_scene: bool = False    # a new crowd was chosen and is being made (the game starts then)
    service: str | None = None    # the device's trouble for staff (English; the monitor's service line)
    guide: Step | None = None     # the onboarding step both screens explain (ui.guide), None: none
    phones: PhonesChoice | None = None   # the host's phones switches (None: the operator menu decides them)
    vote: int | None = None       # the audience's vote: its seconds left (None: no vote runs)


class TabletScreen(Protocol):
    def handle(self, event: ScreenInput, view: TabletView, t: float) -> list[Command]: ...

    def on_events(self, events: Sequence[GameEvent], t: float) -> None: ...

    def on_rejected(self, command: Command, violation: RuleViolation, t: float) -> None: ...

    def notify(self, text: str, t: float) -> None:
        """Show a message from the device itself (the service button): `text` is
        English, put into the language shown when drawn."""
        ...

    notice_seconds: float
    """How long a notice shows; the App times it on its clock and then calls `forget_notice`."""

    def forget_notice(self) -> None: ...

    def drop_pictures(self) -> None:
        """A game is over: let go of the pictures of its criminal."""
        ...

    def draw(self, surface: pygame.Surface, view: TabletView, t: float,
             status: Status) -> list[pygame.Rect]:
        """Bring `surface` up to date; return the changed areas ([] if none)."""
        ...

    def layers(self) -> Sequence[Layer]:
        """What the frame drawn last shows over `surface`, moved by the GPU (present.Layer)."""
        ...

    def locate(self, view: TabletView, target: str, arg: object = None) -> tuple[int, int] | None:
        """Where a person would touch for `target` on the current screen (for scripted
        play), or None when the current screen offers no such thing."""
        ...


class DetectiveScreen(Protocol):
    def handle(self, event: ScreenInput, view: PublicView, t: float) -> list[Command]: ...

    def handle_intent(self, intent: Intent, view: PublicView) -> list[Command]: ...

    def on_events(self, events: Sequence[GameEvent], t: float) -> None:
        """Only public events (see rules.projections.public_events)."""
        ...

    def on_rejected(self, command: Command, violation: RuleViolation, t: float) -> None: ...

    def notify(self, text: str, t: float) -> None: ...

    notice_seconds: float

    def forget_notice(self) -> None: ...

    def drop_pictures(self) -> None:
        """A game is over: let go of the pictures of its scene."""
        ...

    def draw(self, surface: pygame.Surface, view: PublicView, t: float,
             status: Status) -> list[pygame.Rect]: ...

    def layers(self) -> Sequence[Layer]: ...

    def locate(self, view: PublicView, target: str, arg: object = None) -> tuple[int, int] | None: ...
