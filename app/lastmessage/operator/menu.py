"""The operator menu's part of the App: carries out what the operator asks.

Kept out of app.py so the loop stays about the game. Security by
construction: every command but opening, the PIN and closing is ignored
unless the right PIN was entered since the menu opened, whatever sent it (a
tap, a script). While the menu is open, the table's buttons belong to it (the
self-test shows them), never to the game underneath.
"""

from __future__ import annotations

import logging
import weakref
from dataclasses import replace
from typing import TYPE_CHECKING, assert_never

from lastmessage.commands import SetVolume
from lastmessage.hal.base import Intent, IntentKind, Pattern, Sound
from lastmessage.i18n.translate import LANGUAGES, translated_later
from lastmessage.operator.commands import (
    ChooseHouseRules, ChooseLanguage, ChooseRotation, ChooseVolume, CloseOperator, EnterPin, OpenOperator,
    OperatorCommand, Page, PowerCommand, PutAway, ShowPage, CheckOutput,
)
from lastmessage.operator.desk import OperatorDesk
from lastmessage.operator.events import OperatorDone, OperatorEvent
from lastmessage.operator.power import RESTART_EXIT, Outcome, PowerAction
from lastmessage.operator.view import OperatorView
from lastmessage.rules.events import AbandonReason
from lastmessage.rules.game import Phase
from lastmessage.rules.presets import presets

if TYPE_CHECKING:
    from lastmessage.table.app import App

log = logging.getLogger(__name__)


class OperatorMenu:
    def __init__(self, app: App, desk: OperatorDesk) -> None:
        # The app owns the menu: a plain reference back would make a cycle that keeps every
        # finished App (a hundred MB of rasters) alive until a full garbage collection.
        self._app = weakref.ref(app)
        self.desk = desk
        self._bar_tested = False
        choices = desk.choices
        if choices.language is not None:
            app.language = app.house_language = choices.language
        if choices.volume is not None:
            app.speaker.set_volume(choices.volume)
        if choices.house_preset is not None and self._preset_known(choices.house_preset):
            app.tablet.ctx.house_preset = choices.house_preset

    @property
    def app(self) -> App:
        app = self._app()
        assert app is not None, "the operator menu outlived its app"
        return app

    def _preset_known(self, key: str) -> bool:
        return any(preset.key == key for preset in presets(self.app.rules))

    def rotation(self) -> tuple[str, ...] | None:
        """The scenes that rotate, in catalog order; None: all (also when none of the
        chosen ones is shipped any more)."""
        chosen = self.desk.choices.rotation
        if chosen is None:
            return None
        kept = tuple(scene_id for scene_id in self.app.catalog if scene_id in chosen)
        return kept or None

    def view(self) -> OperatorView:
        view = replace(self.desk.view(self.app.clock.now()), volume=self.app.speaker.volume)
        if view.page is not Page.SELFTEST:
            return view
        hal = self.app.hal
        levels = getattr(hal.timer_bar, "levels", None)
        current = getattr(hal.buzzer, "current", None)
        discipline = getattr(hal, "discipline", None)
        sound = current() if current is not None else None
        return replace(view, leds=tuple(round(level, 2) for level in levels()) if levels is not None else (),
                       held=tuple(sorted(c.value for c in discipline.held())) if discipline is not None else (),
                       sounding=sound.value if sound is not None else None)

    def _tell(self, events: list[OperatorEvent]) -> None:
        t = round(self.app.run_time(), 6)
        for event in events:
            for sink in self.app.operator_sinks:
                sink(replace(event, t=t))

    # ---- commands ------------------------------------------------------------------

    def operate(self, command: OperatorCommand) -> None:
        now = self.app.clock.now()
        desk = self.desk
        match command:
            case OpenOperator(via=via):
                if desk.is_open:
                    desk.touched(now)
                else:
                    self._tell(desk.open(via, now))
                return
            case CloseOperator():
                self._close(now, "done")
                return
            case EnterPin(pin=pin):
                if desk.is_open and not desk.unlocked:
                    self._tell(desk.enter_pin(pin, now))
                return
            case _:
                pass
        if not desk.unlocked:
            log.warning("operator menu: %s refused: the menu is not unlocked", command.action)
            return
        match command:
            case ShowPage(page=page):
                desk.show(page, now)
            case ChooseLanguage(code=code):
                if code in LANGUAGES:
                    self.app.language = self.app.house_language = code
                    self._tell([desk.choose("language", code, now)])
            case ChooseVolume(level=level):
                self.app.execute(SetVolume(level), "tablet")
                # Heard at once, so the operator judges the level in the room.
                self.app.speaker.play(Sound.WIN, self.app.screen_time())
                self._tell([desk.choose("volume", level, now)])
            case ChooseHouseRules(preset=key):
                if self._preset_known(key):
                    self.app.tablet.ctx.house_preset = key
                    self._tell([desk.choose("house_rules", key, now)])
            case ChooseRotation(scenes=scenes):
                kept = tuple(scene_id for scene_id in self.app.catalog if scene_id in scenes)
                if kept:
                    self._tell([desk.choose("rotation", kept, now)])
                else:
                    desk.said(Outcome(False, translated_later("Keep at least one scene.")))
            case PutAway():
                self._put_away(now)
            case PowerCommand(what=what):
                self._power(what, now)
            case CheckOutput(what=what):
                self._test(what, now)
            case OpenOperator() | CloseOperator() | EnterPin():
                pass
            case _:
                assert_never(command)

    def _put_away(self, now: float) -> None:
        app, desk = self.app, self.desk
        if app.origin is None:
            outcome = Outcome(False, translated_later("No game is in progress."))
        else:
            if app.game.phase is Phase.OVER:
                app.new_game()
            else:
                log.warning("operator menu: the game in progress was put away unfinished")
                app.put_away(AbandonReason.SERVICE)
            outcome = Outcome(True, translated_later("The game was put away. The table is ready "
                                                     "for the next players."))
        desk.show(Page.MENU, now)
        desk.said(outcome)
        self._tell([OperatorDone(now, "put_away", outcome.done, "" if outcome.done else outcome.message)])

    def _power(self, what: PowerAction, now: float) -> None:
        outcome = self.desk.power.perform(what)
        self.desk.said(outcome)
        log.warning("operator menu: %s %s", what.value, "done" if outcome.done else "refused")
        self._tell([OperatorDone(now, what.value, outcome.done,
                                 "" if outcome.done else outcome.message.format(**dict(outcome.params)))])
        if outcome.done and what is PowerAction.RESTART:
            self.app.exit_code = RESTART_EXIT

    def _test(self, what: str, now: float) -> None:
        hal = self.app.hal
        self.desk.touched(now)
        if what == "leds":
            # A light running up the bar, LED after LED, again and again: the win
            # pattern, which every backend (the Pico's firmware too) already draws.
            hal.timer_bar.show_pattern(Pattern.WIN, now)
            self._bar_tested = True
        elif what in {sound.value for sound in Sound}:
            hal.buzzer.play(Sound(what), now)
            self.app.speaker.play(Sound(what), self.app.screen_time())

    # ---- buttons and time ----------------------------------------------------------

    def intent(self, intent: Intent) -> bool:
        """True when the menu took the intent: holding the service button opens it,
        and while it is open every button is the menu's (shown on the self-test)."""
        now = self.app.clock.now()
        if intent.kind is IntentKind.ADMIN_HELD:
            self.operate(OpenOperator("button"))
            return True
        if not self.desk.is_open:
            return False
        if self.desk.page is Page.SELFTEST:
            self.desk.pressed(intent.kind.value, now)
        else:
            self.desk.touched(now)
        return True

    def step(self, now: float) -> None:
        if self.desk.expired(now):
            self._close(now, "idle")

    def _close(self, now: float, reason: str) -> None:
        self._tell(self.desk.close(now, reason))
        if self._bar_tested:   # the bar shows the game again, not the sweep
            self._bar_tested = False
            app, bar = self.app, self.app.hal.timer_bar
            game = app.game
            if game.phase is Phase.CLUES and game.deadline is not None:
                bar.drain(max(0.1, game.deadline - app.game_time()), now)
            elif app.origin is None or game.phase is Phase.OVER:
                bar.show_pattern(Pattern.IDLE, now)
            else:
                bar.show_pattern(Pattern.OFF, now)
