"""The loop: inputs -> commands -> game -> events -> journal, outputs, both screens.

`App` owns one game at a time and knows nothing of windows: a display backend
(device, simulator or headless) feeds it screen inputs and key edges and
presents the surfaces it draws. Every input path (touch, mouse, keyboard,
GPIO, serial, a script) ends in `execute(command)`, the single door to the
game. Time comes from the injected clock; the game runs on game time (seconds
since its `game_started`).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Sequence
from typing import assert_never

import pygame

from lastmessage.clock import Clock
from lastmessage.commands import (
    Accuse, AddStroke, AddWord, ChooseScene, Command, Erase, Flip, GameCommand, NewGame, Pass, Pick,
    SetLanguage, Undo, perform,
)
from lastmessage.hal.base import Hal, IntentKind, Pattern, Sound
from lastmessage.hal.discipline import Timings
from lastmessage.i18n import check_language, translated_later
from lastmessage.present import Layer
from lastmessage.rules.config import Rules
from lastmessage.rules.errors import RuleViolation
from lastmessage.rules.events import (
    Accused, CellsErased, Event, GameEvent, GameOver, GameStarted, Passed, Rejected, SecretChosen,
    StrokeAdded, TimerStarted, TimeUp, Undone, Winner, WordAdded,
)
from lastmessage.rules.game import Game, Phase
from lastmessage.rules.presets import preset_rules
from lastmessage.rules.projections import public_events, public_view, tablet_view
from lastmessage.scenes.model import SceneCatalog
from lastmessage.ui.detective import DetectiveUI
from lastmessage.ui.screen import ScreenInput, Status
from lastmessage.ui.tablet import TabletUI

log = logging.getLogger(__name__)

TICK_SECONDS = 5   # the buzzer ticks each second of the last five
SERVICE_CONFIRM = 3.0   # seconds within which a second service press ends a game
RESET_AFTER_GAME = 180.0
"""Seconds a finished game stays on the screens without anyone touching the
device before it goes back to the attract loop (museums run unattended)."""

EventSink = Callable[[Event], None]


class App:
    def __init__(self, *, catalog: SceneCatalog, rules: Rules, clock: Clock, hal: Hal,
                 tablet_size: tuple[int, int], detective_size: tuple[int, int],
                 seed: int = 0, hold_time: float = Timings().hold_time, language: str = "en") -> None:
        self.catalog = catalog
        self.language = check_language(language)   # both screens speak it; the tablet switches it
        self.rules = rules
        self.clock = clock
        self.hal = hal
        self.hold_time = hold_time
        self.tablet = TabletUI(tablet_size, catalog, rules, seed=seed)
        self.detective = DetectiveUI(detective_size, catalog, hold_time=hold_time, rules=rules)
        self.sinks: list[EventSink] = []   # every game event, and `rejected` events
        self.abandon_listeners: list[Callable[[], None]] = []   # a game put away unfinished
        self._service_armed: float | None = None
        self.executed: list[tuple[Command, str]] = []   # the commands of this game, by source
        self.game = Game(rules, catalog)
        self.origin: float | None = None
        self.idle_origin = clock.now()
        self.last_touched = clock.now()
        self._next_tick: int | None = None
        self._announced = 0   # events of the current game already passed on
        self.hal.timer_bar.show_pattern(Pattern.IDLE, clock.now())

    # ---- time ------------------------------------------------------------

    def game_time(self) -> float:
        """Seconds since the current game started (0 before it starts)."""
        return 0.0 if self.origin is None else self.clock.now() - self.origin

    def screen_time(self) -> float:
        """The `t` screens get (see ui.screen): game time, or idle time before a game."""
        if self.origin is None:
            return self.clock.now() - self.idle_origin
        return self.clock.now() - self.origin

    # ---- the one door to the game -----------------------------------------

    def execute(self, command: Command, source: str) -> bool:
        """Carry out a command from `source` ("tablet", "detective", "buttons", "script").

        Returns whether the game accepted it. A refusal is shown on the screen
        the command came from (the tablet for buttons at its side) and passed
        to the sinks as a `rejected` event.
        """
        now = self.clock.now()
        self.last_touched = now
        self.executed.append((command, source))
        match command:
            case NewGame():
                self.new_game()
                return True
            case SetLanguage(code=code):
                self.language = check_language(code)
                return True
            case ChooseScene(id=scene_id, preset=preset):
                if self.origin is None and scene_id in self.catalog:
                    self._use_preset(preset)
                    self.origin = now
                return self._play(command, source, now)
            case Pick() | Flip() | AddStroke() | AddWord() | Undo() | Erase() | Accuse() | Pass():
                return self._play(command, source, now)
            case _:
                assert_never(command)

    def _play(self, command: GameCommand, source: str, now: float) -> bool:
        t = self.game_time()
        try:
            perform(self.game, command, t)
        except RuleViolation as violation:
            if self.game.phase is Phase.SCENE and not self.game.events:
                self.origin = None
            self._announce(now)
            self._reject(command, violation, t)
            screen = self.detective if source == "detective" else self.tablet
            screen.on_rejected(command, violation, self.screen_time())
            return False
        self._announce(now)
        return True

    def _use_preset(self, key: str | None) -> None:
        """A game not yet started takes the rules preset the players chose."""
        if key is None or self.game.events:
            return
        rules = preset_rules(self.rules, key)
        if rules is None:
            log.warning("unknown rules preset %r; playing the house rules", key)
        elif rules != self.game.rules:
            self.game = Game(rules, self.catalog)

    def _reject(self, command: GameCommand, violation: RuleViolation, t: float) -> None:
        event = Rejected(t, command.action, violation.reason, violation.message, self.game.round or None)
        for sink in self.sinks:
            sink(event)

    def _service(self, now: float) -> None:
        """The service button: pressed twice within a few seconds, it puts away the
        game in progress (visitors who walked off mid-game). Once alone, it only
        says so, so that a knock on the button never ends a game."""
        if self.game.phase is Phase.SCENE:
            return
        if self.game.phase is Phase.OVER:
            self.new_game()
            return
        if self._service_armed is not None and now - self._service_armed <= SERVICE_CONFIRM:
            self._service_armed = None
            log.warning("service button: the game in progress was put away unfinished")
            for listener in self.abandon_listeners:
                listener()
            self.new_game()
            return
        self._service_armed = now
        message = translated_later("Service: press the service button again to end this game.")
        self.tablet.notify(message, self.screen_time())
        self.detective.notify(message, self.screen_time())

    def new_game(self) -> None:
        # Strokes are big: a log of every command ever would fill the memory of a
        # device that plays all day. The finished game is in the journal.
        self.executed.clear()
        self.game = Game(self.rules, self.catalog)
        self.origin = None
        self.idle_origin = self.clock.now()
        self._announced = 0
        self._next_tick = None
        self.hal.timer_bar.show_pattern(Pattern.IDLE, self.clock.now())

    def resume(self, game: Game, last_t: float) -> None:
        """Continue a journalled game: game time goes on from its last event."""
        self.game = game
        self.origin = self.clock.now() - last_t
        self._announced = len(game.events)
        now = self.clock.now()
        if game.phase is Phase.CLUES and game.deadline is not None:
            self.hal.timer_bar.drain(game.deadline - last_t, now)
            if game.timer_started_at is not None:   # the buzzer ticks the last seconds, as live
                total = game.deadline - game.timer_started_at
                self._next_tick = max(int(total) - TICK_SECONDS,
                                      math.ceil(last_t - game.timer_started_at))
        elif game.phase is Phase.OVER:
            self.hal.timer_bar.show_pattern(Pattern.IDLE, now)
        else:
            self.hal.timer_bar.show_pattern(Pattern.OFF, now)

    # ---- inputs -----------------------------------------------------------

    def tablet_input(self, event: ScreenInput) -> None:
        self.last_touched = self.clock.now()
        for command in self.tablet.handle(event, tablet_view(self.game), self.screen_time()):
            self.execute(command, "tablet")

    def detective_input(self, event: ScreenInput) -> None:
        self.last_touched = self.clock.now()
        for command in self.detective.handle(event, public_view(self.game), self.screen_time()):
            self.execute(command, "detective")

    def _intents(self, now: float) -> None:
        for intent in self.hal.poll(now):
            self.last_touched = now
            if intent.kind is IntentKind.FLIP:
                self.execute(Flip(), "buttons")
            elif intent.kind is IntentKind.ADMIN:
                self._service(now)
            else:
                for command in self.detective.handle_intent(intent, public_view(self.game)):
                    self.execute(command, "detective")

    # ---- events -> journal, outputs, screens ---------------------------------

    def _announce(self, now: float) -> None:
        fresh = self.game.events[self._announced:]
        self._announced = len(self.game.events)
        if not fresh:
            return
        for sink in self.sinks:
            for event in fresh:
                sink(event)
        for event in fresh:
            self._outputs(event, now)
        self.tablet.on_events(fresh, self.screen_time())
        self.detective.on_events(public_events(fresh), self.screen_time())

    def _outputs(self, event: GameEvent, now: float) -> None:
        bar, buzzer = self.hal.timer_bar, self.hal.buzzer
        match event:
            case GameStarted():
                bar.show_pattern(Pattern.OFF, now)
            case TimerStarted(seconds=seconds):
                bar.drain(float(seconds), now)
                self._next_tick = int(seconds) - TICK_SECONDS
            case TimeUp():
                self._next_tick = None
                bar.show_pattern(Pattern.OFF, now)
                buzzer.play(Sound.TIME_UP, now)
            case Accused(correct=correct):
                buzzer.play(Sound.CORRECT if correct else Sound.WRONG, now)
            case GameOver(winner=winner):
                won = winner is Winner.DETECTIVES
                bar.show_pattern(Pattern.WIN if won else Pattern.LOSE, now)
                buzzer.play(Sound.WIN if won else Sound.LOSE, now)
            case SecretChosen() | StrokeAdded() | WordAdded() | Undone() | CellsErased() | Passed():
                pass   # nothing to hear or see on the bar
            case _:
                assert_never(event)

    def _ticks(self, now: float) -> None:
        """One tick per second over the last five seconds of the clue timer."""
        game = self.game
        if self._next_tick is None or game.phase is not Phase.CLUES or game.timer_started_at is None:
            return
        elapsed = self.game_time() - game.timer_started_at
        if elapsed >= self._next_tick:
            self.hal.buzzer.play(Sound.TICK, now)
            self._next_tick += 1

    # ---- one frame ----------------------------------------------------------

    def status(self) -> Status:
        return Status(link_ok=self.hal.link_ok(), language=self.language)

    def step(self) -> None:
        """Everything but drawing: buttons, the clue timer, outputs."""
        now = self.clock.now()
        self._intents(now)
        self.game.advance(self.game_time())
        self._announce(now)
        self._ticks(now)
        if self.game.phase is Phase.OVER and now - self.last_touched >= RESET_AFTER_GAME:
            self.new_game()
        self.hal.update(now)

    def draw(self, tablet: pygame.Surface, detective: pygame.Surface, *, tablet_at: float | None = None,
             detective_at: float | None = None) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """Both screens at the screen time, or (scripted screenshots) at a moment given for each."""
        t = self.screen_time()
        status = self.status()
        return (self.tablet.draw(tablet, tablet_view(self.game), t if tablet_at is None else tablet_at, status),
                self.detective.draw(detective, public_view(self.game), t if detective_at is None else detective_at,
                                    status))

    def layers(self) -> tuple[Sequence[Layer], Sequence[Layer]]:
        """What the frame drawn last shows over the tablet's and the monitor's surfaces
        (present.Layer): give them to the outputs with the rectangles `draw` returned."""
        return self.tablet.layers(), self.detective.layers()
