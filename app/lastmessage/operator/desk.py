"""The operator menu's state inside the App: open or not, which page, the PIN's tries.

Everything here runs on the app's clock, so the lockout and the menu's own
closing after 60 s untouched are tested in microseconds. The desk never draws
and never touches the game: the App asks it (`operate`) and acts on what it
answers; the tablet draws its `OperatorView`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from lastmessage.operator.commands import Page, Via
from lastmessage.operator.events import (
    OperatorChanged, OperatorClosed, OperatorEvent, OperatorOpened, OperatorRefused, OperatorUnlocked,
)
from lastmessage.operator.keep import ChoicesFile, KeptOpen, OperatorChoices
from lastmessage.operator.lockout import MAX_TRIES, Lockout
from lastmessage.operator.pin import MAX_DIGITS, MIN_DIGITS, PinError, load_pin
from lastmessage.operator.power import Outcome, PowerControl
from lastmessage.operator.view import NO_GAMES, OperatorView, Today

log = logging.getLogger(__name__)

CLOSE_AFTER = 60.0
"""Seconds the menu (or the PIN pad) stays open untouched."""


class OperatorDesk:
    """`pin_path` None: no PIN can exist (the menu never opens). `today` gives the stats
    page's figures (None: they cannot be read); whoever opens the journal hands it in
    (journal.stats.todays_games), so the menu never reaches into the journal itself."""

    def __init__(self, *, pin_path: Path | None = None, choices: ChoicesFile | None = None,
                 power: PowerControl | None = None, today: Callable[[], Today | None] = lambda: NO_GAMES,
                 now: float = 0.0) -> None:
        self.pin_path = pin_path
        self.file = choices or ChoicesFile(None)
        self.power = power or PowerControl(simulator=True)
        self.today = today
        self.choices = self.file.load()
        self.lockout = Lockout(failures=self.choices.failures, lockouts=self.choices.lockouts,
                               locked=self.choices.locked, now=now)
        self.is_open = False
        self.page: Page | None = None
        self.last_input = now
        self._view = OperatorView(None)
        self.in_charge = self._pin_exists()

    def _pin_exists(self) -> bool:
        """A museum install: a PIN was set (even one whose file is damaged now), so the menu
        decides what visitors may not, such as the phones (menu.py)."""
        if self.pin_path is None:
            return False
        try:
            return load_pin(self.pin_path) is not None
        except PinError:
            return True

    # ---- opening and the PIN ------------------------------------------------------

    def open(self, via: Via, now: float) -> list[OperatorEvent]:
        self.is_open, self.page, self.last_input = True, None, now
        self.in_charge = self._pin_exists()   # a PIN set while the device runs takes charge from now
        self._view = self._pin_state(OperatorView(None), now)
        if self._view.pin_set:   # say before the first try whether wrong tries can be kept
            self._keep_lockout()
            self._view = replace(self._view, unkept=self.file.problem)
        events: list[OperatorEvent] = [OperatorOpened(now, via)]
        if not self._view.pin_set:
            events.append(OperatorRefused(now, "pin_file" if self._view.problem else "no_pin"))
        return events

    def _pin_state(self, view: OperatorView, now: float) -> OperatorView:
        problem = ""
        pin_set = False
        if self.pin_path is not None:
            try:
                pin_set = load_pin(self.pin_path) is not None
            except PinError as error:
                problem = str(error)
                log.warning("operator menu: %s", error)
        return replace(view, pin_set=pin_set and not problem, problem=problem,
                       locked_for=self._locked_for(now), tries_left=self.lockout.tries_left)

    def enter_pin(self, pin: str, now: float) -> list[OperatorEvent]:
        """Check a PIN: the menu opens on the right one; five wrong lock the pad."""
        self.last_input = now
        view = replace(self._view, attempt=self._view.attempt + 1)
        locked = self._locked_for(now)
        if locked:
            self._view = replace(view, locked_for=locked)
            return [OperatorRefused(now, "locked", seconds=locked)]
        stored = None
        if self.pin_path is not None:
            try:
                stored = load_pin(self.pin_path)
            except PinError as error:
                self._view = replace(view, pin_set=False, problem=str(error))
                log.warning("operator menu: %s", error)
                return [OperatorRefused(now, "pin_file")]
        if stored is None:
            self._view = replace(view, pin_set=False, problem="")
            return [OperatorRefused(now, "no_pin")]
        # A wrong try that cannot be kept would be a fresh try after every restart, so
        # while the operator's file cannot be written one wrong PIN locks the pad (a
        # restart gives one try, not five); the right PIN still opens the menu, whose
        # PIN hash is a file of its own.
        kept = self._keep_lockout()
        if not kept:
            log.warning("operator menu: %s; one wrong PIN locks the pad until it can be written",
                        self.file.problem)
        # A PIN of the wrong shape is a wrong try too (no scrypt needed to know it).
        right = MIN_DIGITS <= len(pin) <= MAX_DIGITS and pin.isdigit() and stored.matches(pin)
        if right:
            self.lockout.succeeded()
            self._keep_lockout()
            self.page = Page.MENU
            self._view = replace(view, page=Page.MENU, wrong=False, tries_left=self.lockout.tries_left,
                                 unkept=self.file.problem)
            return [OperatorUnlocked(now)]
        self.lockout.failed(now, limit=MAX_TRIES if kept else 1)
        self._keep_lockout()
        locked = self._locked_for(now)
        log.warning("operator menu: a wrong PIN (%d of %d tries)", self.lockout.failures,
                    self.lockout.failures + self.lockout.tries_left)
        self._view = replace(view, wrong=True, tries_left=self.lockout.tries_left, locked_for=locked,
                             unkept=self.file.problem)
        if locked:
            log.warning("operator menu: the PIN pad is locked for %d s (lock %d in a row)", locked,
                        self.lockout.lockouts)
            return [OperatorRefused(now, "locked", seconds=locked)]
        return [OperatorRefused(now, "wrong_pin", tries_left=self.lockout.tries_left)]

    def _locked_for(self, now: float) -> int:
        """The lockout's seconds left; a lock that ran out is forgotten on disk too."""
        seconds = self.lockout.locked_for(now)
        if not seconds and self.choices.locked:
            self._keep_lockout()
        return seconds

    def _keep_lockout(self) -> bool:
        return self._keep(replace(self.choices, failures=self.lockout.failures, lockouts=self.lockout.lockouts,
                           locked=self.lockout.locked_until is not None))

    # ---- the menu -------------------------------------------------------------------

    @property
    def unlocked(self) -> bool:
        return self.is_open and self.page is not None

    def show(self, page: Page, now: float) -> None:
        self.last_input = now
        self.page = page
        today = self.today() if page is Page.STATS else None
        self._view = replace(self._view, page=page, outcome=None, today=today,
                             pressed=() if page is Page.SELFTEST else self._view.pressed,
                             last_pressed=None if page is Page.SELFTEST else self._view.last_pressed)

    def said(self, outcome: Outcome) -> None:
        self._view = replace(self._view, outcome=outcome)

    def close(self, now: float, reason: str = "done") -> list[OperatorEvent]:
        if not self.is_open:
            return []
        self.is_open, self.page = False, None
        self._view = OperatorView(None)
        return [OperatorClosed(now, "idle" if reason == "idle" else "done")]

    def touched(self, now: float) -> None:
        self.last_input = now

    def expired(self, now: float) -> bool:
        return self.is_open and now - self.last_input >= CLOSE_AFTER

    def pressed(self, kind: str, now: float) -> None:
        """A button seen while the menu is open (the self-test shows it)."""
        self.last_input = now
        counts = dict(self._view.pressed)
        counts[kind] = counts.get(kind, 0) + 1
        self._view = replace(self._view, pressed=tuple(sorted(counts.items())), last_pressed=kind)

    def view(self, now: float) -> OperatorView:
        view = replace(self._view, house_preset=self.choices.house_preset or "house",
                       rotation=self.choices.rotation, tries_left=self.lockout.tries_left)
        if self.page is None:
            view = replace(view, locked_for=self._locked_for(now))
        return view

    # ---- what the operator chose ---------------------------------------------------

    def choose(self, setting: str, value: str | int | tuple[str, ...], now: float) -> OperatorEvent:
        self.last_input = now
        match setting:
            case "phones" | "audience":
                assert isinstance(value, bool)
                self._keep(replace(self.choices, phones=value) if setting == "phones"
                           else replace(self.choices, audience=value))
            case "language":
                assert isinstance(value, str)
                self._keep(replace(self.choices, language=value))
            case "house_rules":
                assert isinstance(value, str)
                self._keep(replace(self.choices, house_preset=value))
            case "volume":
                assert isinstance(value, int)
                self._keep(replace(self.choices, volume=value))
            case _:
                assert isinstance(value, tuple)
                self._keep(replace(self.choices, rotation=value))
        return OperatorChanged(now, setting, value)

    def keep_open(self, kept: KeptOpen | None) -> None:
        """A venue's open or close kept beside the journal as the menu's choices are (None: spent)."""
        if kept != self.choices.kept_open:
            self._keep(replace(self.choices, kept_open=kept))

    def _keep(self, choices: OperatorChoices) -> bool:
        """Whether the choices reached the file (they hold in memory either way)."""
        self.choices = choices
        return self.file.save(choices)
