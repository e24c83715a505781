"""The operator menu's logic: what the operator asks, decided, as effects for the table.

Security by construction: every command but opening, the PIN and closing is
ignored unless the right PIN was entered since the menu opened, whatever sent
it (a tap, a script). While the menu is open, the table's buttons belong to it
(the self-test shows them), never to the game underneath.

The menu holds the desk (its state) and answers each command with effects
(operator/effects.py) that the table carries out; it is told what it must
know of the table (`TableState`) and never reaches into it.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Iterable
from typing import assert_never

from lastmessage.hal.base import Intent, IntentKind, Sound
from lastmessage.i18n.translate import LANGUAGES, translated_later
from lastmessage.operator.commands import (
    ChooseHouseRules, ChooseLanguage, ChoosePhones, ChooseRotation, ChooseVolume, CloseOperator, EnterPin,
    OpenOperator, OperatorCommand, Opening, Page, PowerCommand, PutAway, RemoteCommand, ShowPage, CheckOutput,
)
from lastmessage.operator.desk import OperatorDesk
from lastmessage.operator.effects import (
    Announce, ChangeVolume, Effect, EndGame, ExitDevice, KeepOpen, Power, RestoreBar, SwitchLanguage,
    SwitchPhones, TableState, TestBar, TestSound, UseHouseRules,
)
from lastmessage.operator.events import OperatorDone, OperatorEvent, OperatorRemote
from lastmessage.operator.power import RESTART_EXIT, Outcome, PowerAction
from lastmessage.operator.view import OperatorView

log = logging.getLogger(__name__)
# What the operator did is logged at warning, so the device's log keeps it at its default level;
# it is the record of an action, not a problem: the status's last error passes it by.
RECORD_ONLY = {"record_only": True}


def _announced(events: Iterable[OperatorEvent]) -> list[Effect]:
    return [Announce(event) for event in events]


def remote_name(command: RemoteCommand) -> str:
    """The command's name as a venue sends it (docs/contract.md)."""
    match command:
        case PutAway():
            return "put_away"
        case ChooseLanguage():
            return "language"
        case ChooseVolume():
            return "volume"
        case PowerCommand(what=what):
            return what.value
        case Opening(open=opened):
            return "open" if opened else "close"
        case _:
            assert_never(command)


class OperatorMenu:
    """`presets`: the keys of the rules presets the tablet offers; `scenes`: the
    catalog's scene ids, in catalog order (read at each use)."""

    def __init__(self, desk: OperatorDesk, *, presets: Collection[str], scenes: Iterable[str]) -> None:
        self.desk = desk
        self.presets = presets
        self.scenes = scenes
        self._bar_tested = False
        self._remote_power: tuple[str, str] | None = None   # (source, name) of a venue's power command
        self.remote_said: OperatorRemote | None = None   # what the last venue's command came to

    def start(self) -> list[Effect]:
        """What the operator chose before this start (kept beside the journal)."""
        choices = self.desk.choices
        effects: list[Effect] = []
        if choices.language is not None:
            effects.append(SwitchLanguage(choices.language))
        if choices.volume is not None:
            effects.append(ChangeVolume(choices.volume))
        if choices.house_preset is not None and choices.house_preset in self.presets:
            effects.append(UseHouseRules(choices.house_preset))
        if choices.phones is not None or choices.audience is not None:
            effects.append(SwitchPhones())
        return effects

    def rotation(self) -> tuple[str, ...] | None:
        """The scenes that rotate, in catalog order; None: all (also when none of the
        chosen ones is shipped any more)."""
        chosen = self.desk.choices.rotation
        if chosen is None:
            return None
        kept = tuple(scene_id for scene_id in self.scenes if scene_id in chosen)
        return kept or None

    def view(self, now: float) -> OperatorView:
        return self.desk.view(now)

    # ---- commands ------------------------------------------------------------------

    def operate(self, command: OperatorCommand, now: float, table: TableState) -> list[Effect]:
        desk = self.desk
        match command:
            case OpenOperator(via=via):
                if desk.is_open:
                    desk.touched(now)
                    return []
                return _announced(desk.open(via, now))
            case CloseOperator():
                return self._close(now, "done")
            case EnterPin(pin=pin):
                if desk.is_open and not desk.unlocked:
                    return _announced(desk.enter_pin(pin, now))
                return []
            case ChoosePhones() if not desk.unlocked and not desk.in_charge:
                return self._phones(command, now, "the host on the tablet")   # at home: no PIN, no menu
            case _:
                pass
        if not desk.unlocked:
            log.warning("operator menu: %s refused: the menu is not unlocked", command.action)
            return []
        match command:
            case ShowPage(page=page):
                desk.show(page, now)
            case ChooseLanguage(code=code):
                if code in LANGUAGES:
                    return [SwitchLanguage(code), Announce(desk.choose("language", code, now))]
            case ChooseVolume(level=level):
                # Heard at once, so the operator judges the level in the room.
                return [ChangeVolume(level, heard=True), Announce(desk.choose("volume", level, now))]
            case ChooseHouseRules(preset=key):
                if key in self.presets:
                    return [UseHouseRules(key), Announce(desk.choose("house_rules", key, now))]
            case ChooseRotation(scenes=scenes):
                kept = tuple(scene_id for scene_id in self.scenes if scene_id in scenes)
                if kept:
                    return [Announce(desk.choose("rotation", kept, now))]
                desk.said(Outcome(False, translated_later("Keep at least one scene.")))
            case ChoosePhones():
                return self._phones(command, now, "the operator menu")
            case PutAway():
                return self._put_away(now, table)
            case PowerCommand(what=what):
                return [Power(what)]
            case CheckOutput(what=what):
                return self._test(what, now)
            case OpenOperator() | CloseOperator() | EnterPin():
                pass
            case _:
                assert_never(command)
        return []

    def remote(self, command: RemoteCommand, source: str, now: float, table: TableState) -> list[Effect]:
        """A venue's command (MQTT, OSC: `source`), decided as the menu decides its own, but
        without the PIN: the broker's password and ACL stand for it. Announced first as
        `operator_remote` with its source (whether it was done: `remote_said` too), then as the
        menu's own events. A power command is said once the table has tried it (`powered`)."""
        effects: list[Effect] = []
        done, message = True, ""
        name = remote_name(command)
        match command:
            case PutAway():
                if not table.in_game:
                    done, message = False, "no game is in progress"
                else:
                    effects.append(EndGame(finished=table.game_over))
                    effects.append(Announce(OperatorDone(now, "put_away", True)))
            case ChooseLanguage(code=code):
                if code in LANGUAGES:
                    effects += [SwitchLanguage(code), Announce(self.desk.choose("language", code, now))]
                else:
                    done, message = False, f"no language {code!r}; the languages are {', '.join(LANGUAGES)}"
            case ChooseVolume(level=level):
                effects += [ChangeVolume(level), Announce(self.desk.choose("volume", level, now))]
            case PowerCommand(what=what):
                self._remote_power = (source, name)
                return [Power(what)]
            case Opening(open=opened):
                effects.append(KeepOpen(opened))
            case _:
                assert_never(command)
        return [self._said_remotely(OperatorRemote(now, source, name, done, message)), *effects]

    def _said_remotely(self, said: OperatorRemote) -> Announce:
        log.warning("%s: %s %s%s", said.source, said.command, "done" if said.done else "refused",
                    f" ({said.message})" if said.message else "", extra=RECORD_ONLY)
        self.remote_said = said
        return Announce(said)

    def _phones(self, command: ChoosePhones, now: float, by: str) -> list[Effect]:
        """Kept beside the journal and given to the phones between games (the table decides when)."""
        log.warning("%s: %s %s from the next game", by, "phones" if command.setting == "phones" else "audience mode",
                    "on" if command.on else "off", extra=RECORD_ONLY)
        return [SwitchPhones(), Announce(self.desk.choose(command.setting, command.on, now))]

    def _put_away(self, now: float, table: TableState) -> list[Effect]:
        desk = self.desk
        effects: list[Effect] = []
        if not table.in_game:
            outcome = Outcome(False, translated_later("No game is in progress."))
        else:
            if not table.game_over:
                log.warning("operator menu: the game in progress was put away unfinished")
            effects.append(EndGame(finished=table.game_over))
            outcome = Outcome(True, translated_later("The game was put away. The table is ready "
                                                     "for the next players."))
        desk.show(Page.MENU, now)
        desk.said(outcome)
        effects.append(Announce(OperatorDone(now, "put_away", outcome.done,
                                             "" if outcome.done else outcome.message)))
        return effects

    def powered(self, what: PowerAction, outcome: Outcome, now: float) -> list[Effect]:
        """What the table's carrying out of `Power(what)` gave: said on the menu, announced,
        and a restart done the device's way (the process ends, systemd starts it again)."""
        self.desk.said(outcome)
        log.warning("operator menu: %s %s", what.value, "done" if outcome.done else "refused", extra=RECORD_ONLY)
        message = "" if outcome.done else outcome.message.format(**dict(outcome.params))
        effects: list[Effect] = []
        if self._remote_power is not None:
            (source, name), self._remote_power = self._remote_power, None
            effects.append(self._said_remotely(OperatorRemote(now, source, name, outcome.done, message)))
        effects.append(Announce(OperatorDone(now, what.value, outcome.done, message)))
        if outcome.done and what is PowerAction.RESTART:
            effects.append(ExitDevice(RESTART_EXIT))
        return effects

    def _test(self, what: str, now: float) -> list[Effect]:
        self.desk.touched(now)
        if what == "leds":
            # A light running up the bar, LED after LED, again and again: the win
            # pattern, which every backend (the Pico's firmware too) already draws.
            self._bar_tested = True
            return [TestBar()]
        if what in {sound.value for sound in Sound}:
            return [TestSound(Sound(what))]
        return []

    # ---- buttons and time ----------------------------------------------------------

    def intent(self, intent: Intent, now: float, table: TableState) -> list[Effect] | None:
        """The effects when the menu took the intent, None when it is the game's: holding
        the service button opens the menu, and while it is open every button is the
        menu's (shown on the self-test)."""
        if intent.kind is IntentKind.ADMIN_HELD:
            return self.operate(OpenOperator("button"), now, table)
        if not self.desk.is_open:
            return None
        if self.desk.page is Page.SELFTEST:
            self.desk.pressed(intent.kind.value, now)
        else:
            self.desk.touched(now)
        return []

    def step(self, now: float) -> list[Effect]:
        return self._close(now, "idle") if self.desk.expired(now) else []

    def _close(self, now: float, reason: str) -> list[Effect]:
        effects = _announced(self.desk.close(now, reason))
        if self._bar_tested:   # the bar shows the game again, not the sweep
            self._bar_tested = False
            effects.append(RestoreBar())
        return effects
