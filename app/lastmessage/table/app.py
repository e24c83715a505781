"""The loop: inputs -> commands -> game -> events -> journal, outputs, both screens.

`App` owns one game at a time and knows nothing of windows: a display backend
(device, simulator or headless) feeds it screen inputs and key edges and
presents the surfaces it draws. Every input path (touch, mouse, keyboard,
GPIO, serial, a script) ends in `execute(command)`, the single door to the
game. Time comes from the injected clock; the game runs on game time (seconds
since its `game_started`).

What each screen may know of the game (`views`: the tablet's and the public
projection) is computed when the game's events arrive (`_announce`) or another
game takes its place, not per input or frame; the screens are handed those, and
scripted play and the bench read them there.

Unattended (museums): after the `[museum]` idle time without input the device
puts away what it shows and goes back to the attract loop. A game in progress is
asked about first: for the last `warning_seconds` of its idle time both screens
ask "still playing?" and count down (the event `idle_warning`); the first tap or
button press only answers it and keeps the game. Outside the opening hours (read
on the injected wall clock) it sleeps: both screens say it is closed and when it
opens, the bar is dark, visitors' input is ignored, the operator's (the service
button) still heard.
"""

from __future__ import annotations

import logging
import dataclasses
import math
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import assert_never

import pygame

from lastmessage.clock import Clock
from lastmessage.commands import (
    Accuse, AddStroke, AddWord, ChooseScene, Command, Erase, Flip, GameCommand, NewGame, Pass, Pick,
    SetLanguage, SetVolume, Undo, perform,
)
from lastmessage.hal.base import Hal, IntentKind, Pattern, Sound
from lastmessage.hal.discipline import Timings
from lastmessage.i18n.translate import Translator, check_language, translated_later, translator
from lastmessage.table.memory import give_back_free_pages, settle_the_heap
from lastmessage.config.museum import MuseumSettings
from lastmessage.table.notices import NoticeTimes
from lastmessage.ui.present import Layer
from lastmessage.rules.config import Rules
from lastmessage.rules.errors import RuleViolation
from lastmessage.rules.events import (
    AbandonReason, Accused, CellsErased, Event, GameAbandoned, GameEvent, GameOver, GameStarted, IdleWarning, Passed,
    Rejected, SecretChosen, StrokeAdded, TimerStarted, TimeUp, Undone, WordAdded,
)
from lastmessage.rules.game import Game, Phase
from lastmessage.operator.commands import ChoosePhones, OpenOperator, OperatorCommand, Page, RemoteCommand
from lastmessage.operator.desk import OperatorDesk
from lastmessage.operator.keep import KeptOpen
from lastmessage.operator.effects import (
    Announce, ChangeVolume, Effect, EndGame, ExitDevice, KeepOpen, Power, RestoreBar, SwitchLanguage,
    SwitchPhones, TableState, TestBar, TestSound, UseHouseRules,
)
from lastmessage.operator.events import OperatorEvent, OperatorRemote
from lastmessage.operator.menu import OperatorMenu
from lastmessage.operator.view import OperatorView, PhonesChoice
from lastmessage.phones.link import Phones
from lastmessage.rules.presets import preset_rules, presets
from lastmessage.rules.projections import PublicView, TabletView, public_events, public_view, tablet_view
from lastmessage.scenes.model import Scene, SceneCatalog
from lastmessage.scenes.painter import PAINTER
from lastmessage.scenes.render import forget_scene
from lastmessage.sound.captions import Captions
from lastmessage.sound.cues import CueSchedule
from lastmessage.sound.settings import SoundSettings
from lastmessage.sound.speaker import Speaker
from lastmessage.ui.detective import DetectiveUI
from lastmessage.ui.detective.moments import CUE_TIMES
from lastmessage.ui.screen import Pointer, ScreenInput, Status
from lastmessage.ui import walkup
from lastmessage.ui.tablet import TabletUI

log = logging.getLogger(__name__)

SERVICE_CONFIRM = 3.0   # seconds within which a second service press ends a game
IDLE_WARNING = 30       # seconds the "still playing?" countdown runs before a game is put away
CLOSED_SHOWN = 60.0     # seconds the closed screen stays lit (after closing, after a tap) before standby
_ENDINGS = {Sound.WIN: Pattern.WIN, Sound.LOSE: Pattern.LOSE}   # the LED bar's end, shown with its sound

EventSink = Callable[[Event], None]


def warning_seconds(idle: float) -> int:
    """How long the "still playing?" countdown runs for an idle time: `IDLE_WARNING`,
    or half of a shorter idle time (the shortest allowed, 10 s, still asks for 5)."""
    return max(1, min(IDLE_WARNING, int(idle // 2)))


@dataclasses.dataclass(frozen=True)
class Views:
    """What each screen may know of the current game (rules.projections), computed
    when the game changes: the tablet's and the detective monitor's."""

    tablet: TabletView
    public: PublicView

    @classmethod
    def of(cls, game: Game) -> Views:
        return cls(tablet_view(game), public_view(game))


class App:
    views: Views   # the current game's, recomputed when its events change (`_announce`) or it is replaced
    _game: Game

    def __init__(self, *, catalog: SceneCatalog, rules: Rules, clock: Clock, hal: Hal,
                 tablet_size: tuple[int, int], detective_size: tuple[int, int],
                 seed: int = 0, hold_time: float = Timings().hold_time, language: str = "en",
                 operator: OperatorDesk | None = None,
                 sound: SoundSettings = SoundSettings(),
                 museum: MuseumSettings = MuseumSettings(),
                 wall: Callable[[], datetime] = datetime.now, detective_touch: bool = False) -> None:
        """`museum`: idle times and opening hours; `wall`: the local time of day
        the opening hours are read on (a test gives its own); `detective_touch`: the
        monitor is a touch screen."""
        self.catalog = catalog
        self.language = check_language(language)   # both screens speak it; the tablet switches it
        self.house_language = self.language   # the config's or the operator's; an idle reset returns to it
        self.rules = rules
        self.clock = clock
        self.hal = hal
        self.hold_time = hold_time
        self.tablet = TabletUI(tablet_size, catalog, rules, seed=seed)
        self.detective = DetectiveUI(detective_size, catalog, hold_time=hold_time, rules=rules,
                                     touch=detective_touch)
        self.sinks: list[EventSink] = []   # every game event, `rejected` and `game_abandoned`
        # The device's standing trouble (the journal's), English: the monitor's service line.
        self.service: Callable[[], str | None] = lambda: None
        self.museum = museum
        self.wall = wall
        self.notices = NoticeTimes()
        self.asleep = False   # closed (opening hours): the closed screen, visitors' input ignored
        # A venue's open/close (KeepOpen): what it asked, and what the hours said then; it
        # holds until the hours' own answer changes.
        self._kept_open: tuple[bool, bool] | None = None
        self._painted_closed: dict[int, tuple[str, Translator]] = {}   # what each surface's closed screen says
        self._prompted: tuple[int, str, int, int] | None = None   # the countdown as painted last
        # Told True when the screens may go to standby (closed, and nobody touched them for
        # CLOSED_SHOWN seconds), False when they must show again (a tap while closed, opening).
        self.sleep_listeners: list[Callable[[bool], None]] = []
        self.standby = False
        self._closed_shown = clock.now()   # since when the closed screen is lit
        self._service_armed: float | None = None
        self.executed: list[tuple[Command, str]] = []   # the commands of this game, by source
        self.phones: Phones | None = None   # phones at the table ([phones], `play --phones`): `serve_phones`
        self._choosing: tuple[ChooseScene, str] | None = None   # a new crowd chosen, being made
        self.game = Game(rules, catalog)
        self.origin: float | None = None
        self.started = clock.now()
        self.idle_origin = clock.now()
        self.last_touched = clock.now()
        self._warned: float | None = None   # when the countdown began that `idle_warning` was sent for
        self._answering: set[str] = set()   # screens whose touch answered the countdown, until lifted
        self.speaker = Speaker(volume=sound.volume, enabled=sound.enabled, hold_time=hold_time,
                               device=sound.device)
        self.cues = CueSchedule(CUE_TIMES)        # sounds the game's events call for, until due
        self.captions = Captions()       # what the screens write for them
        self._holding = False            # the hold tone is playing (ACCUSE held)
        self._announced = 0   # events of the current game already passed on
        self.exit_code: int | None = None   # set when the operator restarts the device
        self.operator_sinks: list[Callable[[OperatorEvent], None]] = []
        self.menu = OperatorMenu(operator or OperatorDesk(now=clock.now()),
                                 presets={preset.key for preset in presets(rules)}, scenes=catalog)
        self._carry_out(self.menu.start())
        self._kept_open = self._kept_from_before()
        self.hal.timer_bar.show_pattern(Pattern.IDLE, clock.now())

    # ---- the game and its views -----------------------------------------------

    @property
    def game(self) -> Game:
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        """Another game (a new one, a preset's, a resumed one): its views with it."""
        self._game = game
        self.views = Views.of(game)
        self._tell_phones()

    def serve_phones(self, phones: Phones) -> None:
        """Phones may join from now on (unless switched off on the tablet or the operator menu):
        they are told the game as the monitor shows it."""
        self.phones = phones
        self._tell_phones()
        self._switch_phones()

    def phones_choice(self) -> PhonesChoice:
        """Phones and audience mode as chosen for the next game: the host's or the operator's
        (operator.json), else on where phones are served, with the config's audience mode."""
        choices, phones = self.menu.desk.choices, self.phones
        if phones is None:
            return PhonesChoice()
        return PhonesChoice(True, choices.phones is not False,
                            phones.configured_audience if choices.audience is None else choices.audience)

    def _switch_phones(self) -> None:
        """The choice given to the phones: called when no game is in progress (never mid-game)."""
        if self.phones is not None:
            choice = self.phones_choice()
            self.phones.choose(choice.on, choice.audience, self.game_time())

    def _tell_phones(self) -> None:
        if self.phones is not None:
            scene = self.catalog.get(self.views.public.scene_id) if self.views.public.scene_id else None
            self.phones.publish(self.views.public, scene, self.game_time(), self.language)

    # ---- time ------------------------------------------------------------

    def game_time(self) -> float:
        """Seconds since the current game started (0 before it starts)."""
        return 0.0 if self.origin is None else self.clock.now() - self.origin

    def run_time(self) -> float:
        """Seconds since this app started (the device, or a script): the operator's
        events use it, as they happen between games and must never run backwards."""
        return self.clock.now() - self.started

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
            case SetVolume(level=level):
                self.speaker.set_volume(level)
                return True
            case ChooseScene(id=scene_id):
                if self.origin is None and self._choosing is None and PAINTER.make(self.catalog, scene_id) is None \
                        and PAINTER.making(scene_id):
                    self._choosing = (command, source)   # the game starts once it is made (step)
                if self._choosing is not None:
                    return True
                return self._choose(command, source, now)
            case Accuse(character=table_choice) if source != "audience" and self.phones is not None \
                    and self.phones.begin_vote(table_choice, self.game_time()):
                return True   # the audience votes first (phones/audience.py); `step` accuses for it
            case Pick() | Flip() | AddStroke() | AddWord() | Undo() | Erase() | Accuse() | Pass():
                return self._play(command, source, now)
            case _:
                assert_never(command)

    def _choose(self, command: ChooseScene, source: str, now: float) -> bool:
        if self.origin is None and command.id in self.catalog:
            self._use_preset(command.preset)
            self.origin = now
        return self._play(command, source, now)

    def _scene_made(self, now: float) -> None:
        """A new crowd chosen is made on the painter's worker (it takes up to seconds, the screens
        go on meanwhile): then its game starts, or is refused as for any scene there is not."""
        if self._choosing is not None and not PAINTER.making(self._choosing[0].id):
            (command, source), self._choosing = self._choosing, None
            self._choose(command, source, now)

    @property
    def choosing(self) -> bool:
        """A new crowd is chosen and still being made: its game has not started yet."""
        return self._choosing is not None

    def _play(self, command: GameCommand, source: str, now: float) -> bool:
        t = self.game_time()
        try:
            perform(self.game, command, t)
        except RuleViolation as violation:
            if self.game.phase is Phase.SCENE and not self.game.events:
                self.origin = None
            self._announce(now)
            self._reject(command, violation, t)
            if source == "detective":
                self.detective.on_rejected(command, violation, self.screen_time())
                self.notices.shown(self.detective, now)
            else:
                self.tablet.on_rejected(command, violation, self.screen_time())
                self.notices.shown(self.tablet, now)
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
            log.warning("service button: the game in progress was put away unfinished")
            self.put_away(AbandonReason.SERVICE)
            return
        self._service_armed = now
        self.notify(translated_later("Service: press the service button again to end this game."))

    def notify(self, text: str, *, monitor: bool = True) -> None:
        """A message of the device (English, translated when drawn) on the tablet and,
        unless `monitor` is False, on the monitor, for their notice time on the app's clock."""
        now = self.clock.now()
        self.tablet.notify(text, self.screen_time())
        self.notices.shown(self.tablet, now)
        if monitor:
            self.detective.notify(text, self.screen_time())
            self.notices.shown(self.detective, now)

    def put_away(self, reason: AbandonReason, *, at: float | None = None) -> None:
        """Back to the attract loop, whatever was shown. A game in progress is put away
        unfinished: the sinks hear `game_abandoned` (the journal marks it abandoned, so
        it is never resumed). `at`: the app-clock moment it happened (default now)."""
        if self.origin is not None and self.game.phase is not Phase.OVER:
            t = (self.clock.now() if at is None else at) - self.origin
            event = GameAbandoned(t, reason, self.game.round)
            for sink in self.sinks:
                sink(event)
        if reason is AbandonReason.IDLE:
            self.language = self.house_language   # the next visitors get the museum's language back
        self.new_game()
        self.tablet.to_start()

    def operate(self, command: OperatorCommand) -> None:
        """The operator menu's one door (the tablet's operator screens, scripted play)."""
        self.last_touched = self.clock.now()
        self._carry_out(self.menu.operate(command, self.clock.now(), self._table_state()))

    def remote(self, command: RemoteCommand, source: str) -> OperatorRemote:
        """A venue's command (lastmessage.venue: MQTT, OSC), the menu's decision carried
        out as the menu's own are; returns what was said of it (done, and why not)."""
        self._carry_out(self.menu.remote(command, source, self.clock.now(), self._table_state()))
        said = self.menu.remote_said
        assert said is not None
        return dataclasses.replace(said, t=round(self.run_time(), 6))

    def _table_state(self) -> TableState:
        return TableState(in_game=self.origin is not None, game_over=self.game.phase is Phase.OVER)

    def _carry_out(self, effects: Sequence[Effect]) -> None:
        """What the operator menu decided, done to the table in the order it was asked."""
        now = self.clock.now()
        for effect in effects:
            match effect:
                case Announce(event=event):
                    t = round(self.run_time(), 6)
                    for sink in self.operator_sinks:
                        sink(dataclasses.replace(event, t=t))
                case SwitchLanguage(code=code):
                    self.language = self.house_language = code
                case ChangeVolume(level=level, heard=heard):
                    if heard:
                        self.execute(SetVolume(level), "tablet")
                        self.speaker.play(Sound.WIN, self.screen_time())
                    else:
                        self.speaker.set_volume(level)
                case UseHouseRules(key=key):
                    self.tablet.ctx.house_preset = key
                case SwitchPhones():
                    if self.origin is None:   # else the next game takes it (new_game)
                        self._switch_phones()
                case EndGame(finished=finished):
                    if finished:
                        self.new_game()
                    else:
                        self.put_away(AbandonReason.SERVICE)
                case Power(action=action):
                    outcome = self.menu.desk.power.perform(action)
                    self._carry_out(self.menu.powered(action, outcome, self.clock.now()))
                case ExitDevice(code=code):
                    self.exit_code = code
                case TestBar():
                    self.hal.timer_bar.show_pattern(Pattern.WIN, now)
                case TestSound(sound=sound):
                    self.hal.buzzer.play(sound, now)
                    self.speaker.play(sound, self.screen_time())
                case RestoreBar():
                    self._show_game_on_bar(now)
                case KeepOpen(open=opened):
                    self._kept_open = (opened, self._within_hours())
                    self.menu.desk.keep_open(KeptOpen(opened, self._kept_open[1], self.wall().timestamp()))
                    self._opening_hours(now)
                case _:
                    assert_never(effect)

    def _show_game_on_bar(self, now: float) -> None:
        game = self.game
        if game.phase is Phase.CLUES and game.deadline is not None:
            self.hal.timer_bar.drain(max(0.1, game.deadline - self.game_time()), now)
        elif self.origin is None or game.phase is Phase.OVER:
            self.hal.timer_bar.show_pattern(Pattern.IDLE, now)
        else:
            self.hal.timer_bar.show_pattern(Pattern.OFF, now)

    def operator_view(self) -> OperatorView:
        """What the tablet's operator screens draw: the menu's state, the speaker's volume,
        and on the self-test page what the outputs and buttons do now."""
        view = dataclasses.replace(self.menu.view(self.clock.now()), volume=self.speaker.volume,
                                   phones=self.phones_choice())
        if view.page is not Page.SELFTEST:
            return view
        sound = self.hal.buzzer.current()
        return dataclasses.replace(view, leds=tuple(round(level, 2) for level in self.hal.timer_bar.levels()),
                                   held=tuple(sorted(control.value for control in self.hal.discipline.held())),
                                   sounding=sound.value if sound is not None else None)

    def new_game(self) -> None:
        # Strokes are big: a log of every command ever would fill the memory of a
        # device that plays all day. The finished game is in the journal.
        self.executed.clear()
        self._choosing = None
        self.catalog.play_in(None)   # a resumed game's kept scene is over with it
        if self.game.scene is not None:
            forget_scene(self.game.scene.id)
        self.game = Game(self.rules, self.catalog)
        self.origin = None
        self.idle_origin = self.clock.now()
        self._announced = 0
        self.cues = CueSchedule(CUE_TIMES)
        self.captions.clear()
        self._end_hold(self.clock.now(), buzzer=True)
        self._service_armed = None
        self._warned = None
        self._answering.clear()
        self.notices.clear()
        self.hal.timer_bar.show_pattern(Pattern.OFF if self.asleep else Pattern.IDLE, self.clock.now())
        self.detective.drop_pictures()
        self.tablet.drop_pictures()
        self._switch_phones()   # what the host or the operator chose meanwhile
        # The last game's pictures and strokes are dropped by now: its cycles are collected,
        # what stays is frozen, and the holes they left in the heap go back to the device
        # (see memory.py).
        settle_the_heap()
        give_back_free_pages()

    def resume(self, game: Game, last_t: float, scene: Scene | None = None) -> None:
        """Continue a journalled game: game time goes on from its last event. `scene`: the
        copy of its scene the journal kept, shown under its id until the next game (an
        update may have changed or dropped the catalog's)."""
        self.catalog.play_in(scene)
        self.game = game
        self.origin = self.clock.now() - last_t
        self._announced = len(game.events)
        now = self.clock.now()
        deadline = game.deadline if game.phase is Phase.CLUES else None
        if deadline is not None and deadline - last_t > 0 and math.isfinite(deadline - last_t):
            self.hal.timer_bar.drain(deadline - last_t, now)
            if game.timer_started_at is not None:   # the last seconds tick, as live
                self.cues.resume(game.timer_started_at, deadline - game.timer_started_at, last_t)
        elif deadline is not None:
            # Its last event is dated past the deadline (a clock that jumped, an edited row):
            # time is up at once, the next step says so as a live timer would have.
            self.hal.timer_bar.show_pattern(Pattern.OFF, now)
        elif game.phase is Phase.OVER:
            self.hal.timer_bar.show_pattern(Pattern.IDLE, now)
        else:
            self.hal.timer_bar.show_pattern(Pattern.OFF, now)

    def screens_back(self, since: float) -> None:
        """The screens were gone from `since` (app clock) until now: the game goes on from
        where it was, as a game resumed after a power cut (its clock, clue timer and bar
        stood still meanwhile); the idle time counts from now; both screens repaint whole."""
        now = self.clock.now()
        if self.origin is not None:
            self.resume(self.game, since - self.origin, self.catalog.playing)
        self.last_touched = now
        self._painted_closed.clear()
        self.tablet.repaint()
        self.detective.repaint()

    # ---- inputs -----------------------------------------------------------

    def tablet_input(self, event: ScreenInput) -> None:
        if self.asleep:
            self._closed_touched()
            return
        answered = self._answered("tablet", event)
        self.last_touched = self.clock.now()
        if answered:
            return
        if self.menu.desk.is_open:
            self.menu.desk.touched(self.clock.now())
            for asked in self.tablet.handle_operator(event, self.operator_view(), self.screen_time()):
                self.operate(asked)
            return
        for command in self.tablet.handle(event, self.views.tablet, self.screen_time()):
            if isinstance(command, (OpenOperator, ChoosePhones)):   # the host's phones: the menu decides
                self.operate(command)
            else:
                self.execute(command, "tablet")

    def detective_input(self, event: ScreenInput) -> None:
        if self.asleep:
            self._closed_touched()
            return
        answered = self._answered("detective", event)
        self.last_touched = self.clock.now()
        if answered:
            return
        for command in self.detective.handle(event, self.views.public, self.screen_time()):
            self.execute(command, "detective")

    def _intents(self, now: float) -> None:
        for intent in self.hal.poll(now):
            if self.asleep and intent.kind not in (IntentKind.ADMIN, IntentKind.ADMIN_HELD):
                continue   # closed: only the operator's button is heard (held: the operator menu)
            if self._button_answered(intent.kind):
                self.last_touched = now
                continue   # "still playing?": any button answers it, and only that
            self.last_touched = now
            taken = self.menu.intent(intent, now, self._table_state())
            if taken is not None:
                self._carry_out(taken)
                continue
            if intent.kind is IntentKind.FLIP:
                self.execute(Flip(), "buttons")
            elif intent.kind is IntentKind.ADMIN:
                self._service(now)
            else:
                for command in self.detective.handle_intent(intent, self.views.public):
                    self.execute(command, "detective")

    # ---- events -> journal, outputs, screens ---------------------------------

    def _announce(self, now: float) -> None:
        fresh = self.game.events[self._announced:]
        self._announced = len(self.game.events)
        if not fresh:
            return
        self.views = Views.of(self.game)   # the game changes only by its events: the views follow here
        self._tell_phones()
        if any(isinstance(event, (GameStarted, GameOver)) for event in fresh):
            self.notices.clear()   # nothing said about the last game outlives it
        for sink in self.sinks:
            for event in fresh:
                sink(event)
        for event in fresh:
            self._outputs(event, now)
        self.cues.hear(fresh, self.screen_time())
        self._sound_due(now)
        self.tablet.on_events(fresh, self.screen_time())
        self.detective.on_events(public_events(fresh), self.screen_time())

    def _outputs(self, event: GameEvent, now: float) -> None:
        """The LED bar; sounds come from the cue schedule (`_sound_due`)."""
        bar = self.hal.timer_bar
        match event:
            case GameStarted():
                bar.show_pattern(Pattern.OFF, now)
            case TimerStarted(seconds=seconds):
                bar.drain(float(seconds), now)
            case TimeUp():
                bar.show_pattern(Pattern.OFF, now)
            case Accused():
                self._end_hold(now, buzzer=False)   # the verdict's sound takes over
            case SecretChosen() | StrokeAdded() | WordAdded() | Undone() | CellsErased() | Passed() | GameOver():
                # (the end's WIN/LOSE shows with its sound, when the verdict's stamp lands: _sound_due)
                pass   # nothing to see on the bar
            case _:
                assert_never(event)

    # ---- sounds: speaker, buzzer and captions at the same instants ----------------

    def _sound(self, sound: Sound, t: float, now: float) -> None:
        """`sound`, due at screen time `t`: on the buzzer, the speaker and the screens."""
        self.hal.buzzer.play(sound, now)
        self.speaker.play(sound, t)
        self.captions.add(sound, t)

    def _sound_due(self, now: float) -> None:
        for cue in self.cues.due(self.screen_time()):
            self._sound(cue.sound, cue.t, now)
            if cue.sound in _ENDINGS:   # not at the accusation: the bar faces the detectives
                self.hal.timer_bar.show_pattern(_ENDINGS[cue.sound], now)

    def _hold_tone(self, now: float) -> None:
        """The rising tone while ACCUSE is held (the button or the on-screen one)."""
        holding = self.game.phase is Phase.SUSPECT and self.detective.holding()
        if holding and not self._holding:
            self._holding = True
            self._sound(Sound.HOLD, self.screen_time(), now)
        elif not holding and self._holding:
            self._end_hold(now, buzzer=True)

    def _end_hold(self, now: float, *, buzzer: bool) -> None:
        """ACCUSE let go (`buzzer`: silence it too) or confirmed (its verdict plays over it)."""
        if not self._holding:
            return
        self._holding = False
        self.speaker.stop_hold()
        self.captions.end(Sound.HOLD, self.screen_time())
        if buzzer:
            self.hal.buzzer.stop(now)

    # ---- one frame ----------------------------------------------------------

    def status(self, at: float | None = None) -> Status:
        """What the screens show besides the game, with the captions of the screen time `at` (now)."""
        return Status(link_ok=self.hal.link_ok(), language=self.language, scenes=self.menu.rotation(),
                      operator=self.operator_view() if self.menu.desk.is_open else None,
                      captions=self.captions.at(self.screen_time() if at is None else at),
                      setting_up=self.origin is None and self.tablet.setting_up,
                      making_scene=self.choosing, service=self.service(),
                      phones=None if self.menu.desk.in_charge else self.phones_choice(),
                      vote=self.phones.vote_seconds() if self.phones is not None else None,
                      guide=self.tablet.guide(self.views.tablet) if self.origin is not None else None)

    def step(self) -> None:
        """Everything but drawing: buttons, the clue timer, outputs, the idle time, the hours."""
        now = self.clock.now()
        self._intents(now)
        self._scene_made(now)
        self._warn_idle(now)
        idle_until = self._idle_until()
        if idle_until is not None and now >= idle_until:
            # Time passed up to the moment nobody came back (a clue timer that ran
            # out before it still says so), then the device is put away.
            self.game.advance(idle_until - (self.origin or 0.0))
            self._announce(now)
            self.put_away(AbandonReason.IDLE, at=idle_until)
        self.game.advance(self.game_time())
        self._announce(now)
        self._hold_tone(now)
        self._sound_due(now)
        self._carry_out(self.menu.step(now))
        self.notices.expire(now)
        if self.phones is not None:
            if self.phones.language != self.language:   # switched on the tablet: phones speak it too
                self._tell_phones()
            self.phones.step(self.game_time())
            voted = self.phones.vote_due(self.game_time())
            if voted is not None:
                self.execute(Accuse(voted), "audience")
        self._opening_hours(now)
        self._standby_due(now)
        self.hal.update(now)

    def _idle_until(self) -> float | None:
        """When, on the app's clock, the device goes back to the attract loop if nobody
        touches it; None when it shows the attract loop already or the setting is 0."""
        idle = self._idle_seconds()
        return self.last_touched + idle if idle else None

    def _countdown(self) -> tuple[float, int] | None:
        """When the "still playing?" countdown begins on the app's clock, and how many seconds
        it counts: for a game in progress that nobody touches (None otherwise)."""
        idle = self._idle_seconds()
        if not idle or self.origin is None or self.game.phase is Phase.OVER or self.menu.desk.is_open:
            return None
        seconds = warning_seconds(idle)
        return self.last_touched + idle - seconds, seconds

    def idle_left(self) -> float | None:
        """Seconds before the game in progress is put away, while the countdown shows; else None."""
        countdown = self._countdown()
        now = self.clock.now()
        if countdown is None or now < countdown[0]:
            return None
        return max(0.0, countdown[0] + countdown[1] - now)

    def _warn_idle(self, now: float) -> None:
        """The countdown begins: `idle_warning` at its moment (what happened before it, a clue
        timer that ran out, is said first), once for each stretch nobody touched the device."""
        countdown = self._countdown()
        if countdown is None or now < countdown[0] or self._warned == countdown[0] or self.origin is None:
            return
        begins, seconds = countdown
        self._warned = begins
        self.game.advance(begins - self.origin)
        self._announce(now)
        event = IdleWarning(begins - self.origin, seconds, self.game.round)
        for sink in self.sinks:
            sink(event)

    def _answered(self, screen: str, event: ScreenInput) -> bool:
        """While the countdown shows, the first touch of a screen only keeps the game: it and
        the rest of its gesture (to the finger's lifting) do nothing else. True: swallowed."""
        if screen in self._answering:
            if isinstance(event, Pointer) and event.kind == "up":
                self._answering.discard(screen)
            return True
        if self.idle_left() is None or (isinstance(event, Pointer) and event.kind != "down"):
            return False
        if isinstance(event, Pointer):
            self._answering.add(screen)
        return True

    def _button_answered(self, kind: IntentKind) -> bool:
        """As `_answered`, for the buttons: a press while the countdown shows only keeps the
        game (ACCUSE pressed then is not an accusation, however long it is held)."""
        if "accuse" in self._answering and kind in (IntentKind.ACCUSE, IntentKind.ACCUSE_CANCEL):
            self._answering.discard("accuse")
            return True
        if self.idle_left() is None or kind in (IntentKind.ADMIN, IntentKind.ADMIN_HELD):
            return False
        if kind is IntentKind.ACCUSE_HOLD:
            self._answering.add("accuse")
        return True

    def _idle_seconds(self) -> float:
        """The idle time that applies to what the device shows now (0: never)."""
        if self.menu.desk.is_open:
            idle = 0.0    # the menu closes itself after a minute; the idle time counts from then
        elif self.origin is None:
            # A visitor's language left on the start screen counts as setting up too.
            away = self.tablet.away_from_start or self.language != self.house_language
            idle = self.museum.idle_setup if away else 0.0
        elif self.game.phase is Phase.OVER:
            idle = self.museum.idle_finished
        else:
            idle = self.museum.idle_game
        return idle

    # ---- opening hours ----------------------------------------------------

    def is_open(self) -> bool:
        """Within the opening hours now (always, when none are set), unless a venue's
        open or close holds (until the hours' own answer changes)."""
        within = self._within_hours()
        if self._kept_open is not None:
            if self._kept_open[1] == within:
                return self._kept_open[0]
            self._kept_open = None
            self.menu.desk.keep_open(None)
        return within

    def _kept_from_before(self) -> tuple[bool, bool] | None:
        """A venue's open or close from before a restart (operator.json), if the opening
        hours did not change meanwhile; one they did change is forgotten."""
        kept = self.menu.desk.choices.kept_open
        if kept is None:
            return None
        hours = self.museum.hours
        try:
            since = datetime.fromtimestamp(kept.at)
        except (OverflowError, OSError, ValueError):
            since = None
        if since is not None and (hours is None or (kept.within == hours.is_open(self.wall())
                                                    and not hours.changes_between(since, self.wall()))):
            return kept.open, kept.within
        self.menu.desk.keep_open(None)
        return None

    def _within_hours(self) -> bool:
        hours = self.museum.hours
        return hours is None or hours.is_open(self.wall())

    def _opening_hours(self, now: float) -> None:
        """Closed and no game on the screens: sleep. A game in progress at closing
        time plays on to its end (or is put away when left idle); the device sleeps
        once it is back at the attract loop, and wakes at opening."""
        if self.museum.hours is None and self._kept_open is None and not self.asleep:
            return
        # The operator menu (opened by the service button held) is staff at work: awake.
        asleep = self.origin is None and not self.menu.desk.is_open and not self.is_open()
        if asleep == self.asleep:
            return
        self.asleep = asleep
        self._closed_shown = self.last_touched = self.idle_origin = now
        self.notices.clear()
        self.tablet.to_start()
        self.hal.timer_bar.show_pattern(Pattern.OFF if asleep else Pattern.IDLE, now)
        if not asleep:
            self._painted_closed.clear()
            self.tablet.repaint()
            self.detective.repaint()
        log.info("closed: the screens say when it opens" if asleep else "open: the screens wake")
        if not asleep:
            self._stand_by(False)

    def _closed_touched(self) -> None:
        """A visitor touched a screen while closed: the closed screen shows (again), so they
        read when it opens; standby follows CLOSED_SHOWN seconds later."""
        self._closed_shown = self.clock.now()
        if self.standby:
            self._painted_closed.clear()
            self._stand_by(False)

    def _standby_due(self, now: float) -> None:
        if self.asleep and not self.standby and now - self._closed_shown >= CLOSED_SHOWN:
            self._stand_by(True)

    def _stand_by(self, standby: bool) -> None:
        """The screens to standby (where the display allows: kiosk/display_power) or back."""
        if standby == self.standby:
            return
        self.standby = standby
        for listener in self.sleep_listeners:
            listener(standby)

    def draw(self, tablet: pygame.Surface, detective: pygame.Surface, *, tablet_at: float | None = None,
             detective_at: float | None = None) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """Both screens at the screen time, or (scripted screenshots) at a moment given for each."""
        if self.asleep:
            return self._closed(tablet, "tablet"), self._closed(detective, "detective")
        left = self.idle_left()
        if left is None and self._prompted is not None:   # answered: the game's screens come back whole
            self._prompted = None
            self.tablet.repaint()
            self.detective.repaint()
        t = self.screen_time()
        tablet_t = t if tablet_at is None else tablet_at
        detective_t = t if detective_at is None else detective_at
        # A screen drawn at another moment shows the captions of that moment too.
        status = self.status(tablet_t)
        if left is not None:
            return self._still_playing(tablet, detective, math.ceil(left), status, tablet_t, detective_t)
        detective_status = (status if detective_t == tablet_t
                            else dataclasses.replace(status, captions=self.captions.at(detective_t)))
        return (self.tablet.draw(tablet, self.views.tablet, tablet_t, status),
                self.detective.draw(detective, self.views.public, detective_t, detective_status))

    def _still_playing(self, tablet: pygame.Surface, detective: pygame.Surface, seconds: int, status: Status,
                       tablet_t: float, detective_t: float) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """The countdown over both screens' game, painted whole once a second (ui.walkup)."""
        shown = (seconds, self.language, id(tablet), id(detective))
        if shown == self._prompted:
            return [], []
        self._prompted = shown
        tx = translator(self.language)
        self.tablet.repaint()
        self.detective.repaint()
        self.tablet.draw(tablet, self.views.tablet, tablet_t, status)
        self.detective.draw(detective, self.views.public, detective_t, status)
        walkup.still_playing(tablet, seconds, tx, "tablet")
        walkup.still_playing(detective, seconds, tx, "detective")
        return [tablet.get_rect()], [detective.get_rect()]

    def _closed(self, surface: pygame.Surface, screen: walkup.Screen) -> list[pygame.Rect]:
        """The closed screen with the opening time, painted when what it says changes (the
        screens repaint whole when they wake)."""
        hours = self.museum.hours
        now = self.wall()
        tx = translator(self.house_language)
        opening = walkup.opening_text(tx, now, hours.next_opening(now) if hours is not None else None)
        if self._painted_closed.get(id(surface)) == (opening, tx):
            return []
        self._painted_closed[id(surface)] = (opening, tx)
        return [walkup.closed(surface, tx, opening, screen)]

    def layers(self) -> tuple[Sequence[Layer], Sequence[Layer]]:
        """What the frame drawn last shows over the tablet's and the monitor's surfaces
        (present.Layer): give them to the outputs with the rectangles `draw` returned."""
        if self.asleep or self._prompted is not None:
            return (), ()   # nothing of the game's moving layers over the closed screen or the question
        if self.phones is None:
            return self.tablet.layers(), self.detective.layers()
        public = self.views.public
        pins, over = self.phones.layers(self.detective.size, self.detective.places(public),
                                        self.detective.scene_area(public), self.detective.lens_area(),
                                        self.detective.caption(), self.detective.top_taken())
        return self.tablet.layers(), [*self.detective.layers(pins), *over]
