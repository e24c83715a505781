"""What the operator menu asks the table to do, one frozen value each.

The menu decides (is the PIN right, which page, may this be done now); the
table carries each effect out with `match`, in the order given. So the menu
never reaches into the table, and the table's state stays the table's.
"""

from __future__ import annotations

from dataclasses import dataclass

from lastmessage.hal.base import Sound
from lastmessage.operator.events import OperatorEvent
from lastmessage.operator.power import PowerAction


@dataclass(frozen=True)
class Announce:
    """Pass the event on to the operator's sinks (stamped with the table's run time)."""

    event: OperatorEvent


@dataclass(frozen=True)
class SwitchLanguage:
    """Both screens speak `code`, and it is the house's language from now on."""

    code: str


@dataclass(frozen=True)
class ChangeVolume:
    """The speaker plays at `level`; `heard`: a sound at once, so the operator judges it."""

    level: int
    heard: bool = False


@dataclass(frozen=True)
class UseHouseRules:
    """The tablet offers the rules preset `key` as the house's."""

    key: str


@dataclass(frozen=True)
class SwitchPhones:
    """The phones' choices (the desk's) changed: the table gives them to its phones at once
    when no game is in progress, else when the next game is set up."""


@dataclass(frozen=True)
class EndGame:
    """Put the game away: a finished one gives way to a fresh one, an unfinished one is
    abandoned (journalled as the service's doing)."""

    finished: bool


@dataclass(frozen=True)
class Power:
    """Restart the device, reboot or power off the Pi (the desk's PowerControl does it);
    the table hands the outcome back to the menu (`OperatorMenu.powered`)."""

    action: PowerAction


@dataclass(frozen=True)
class ExitDevice:
    """End the process with `code` (systemd starts it again)."""

    code: int


@dataclass(frozen=True)
class TestBar:
    """The self-test's light running up the LED bar."""


@dataclass(frozen=True)
class TestSound:
    """The self-test plays `sound` on the buzzer and the speaker."""

    sound: Sound


@dataclass(frozen=True)
class RestoreBar:
    """The bar shows the game again (after the self-test swept it)."""


@dataclass(frozen=True)
class KeepOpen:
    """The table is open (`open`) or closed whatever the opening hours say, until they next change."""

    open: bool


@dataclass(frozen=True)
class TableState:
    """What the menu must know of the table to decide, handed in with each command."""

    in_game: bool      # a game has been started and not yet put away
    game_over: bool


Effect = (Announce | SwitchLanguage | ChangeVolume | UseHouseRules | SwitchPhones | EndGame | Power | ExitDevice
          | TestBar | TestSound | RestoreBar | KeepOpen)
