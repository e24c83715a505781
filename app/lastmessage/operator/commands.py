"""What the operator asks on the menu, one frozen dataclass each (commands.py style).

The tablet's operator screens and scripted play both send these to
`App.operate`, the menu's one door. `action` is the name in scripts. The
PIN travels only inside `EnterPin` (kept out of its repr), is checked against
the stored hash and forgotten: no event or log line carries it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar, Literal

from lastmessage.operator.power import PowerAction
from lastmessage.sound.settings import check_volume

Via = Literal["button", "corner"]


class Page(StrEnum):
    """The menu's screens (the confirmations carry the action they confirm)."""

    MENU = "menu"
    LANGUAGE = "language"
    VOLUME = "volume"
    RULES = "rules"
    SCENES = "scenes"
    PHONES = "phones"
    SELFTEST = "selftest"
    TOUCH = "touch"
    STATS = "stats"
    PUT_AWAY = "put_away"
    RESTART = "restart"
    REBOOT = "reboot"
    SHUTDOWN = "shutdown"


@dataclass(frozen=True)
class OpenOperator:
    """The service button held 3 s, or the start screen's corner held 3 s: the PIN pad."""

    action: ClassVar[str] = "operator_open"
    via: Via = "button"


@dataclass(frozen=True)
class EnterPin:
    action: ClassVar[str] = "operator_pin"
    pin: str = field(repr=False)


@dataclass(frozen=True)
class CloseOperator:
    action: ClassVar[str] = "operator_close"


@dataclass(frozen=True)
class ShowPage:
    action: ClassVar[str] = "operator_page"
    page: Page


@dataclass(frozen=True)
class ChooseLanguage:
    """Both screens speak `code`, now and after a restart."""

    action: ClassVar[str] = "operator_language"
    code: str


@dataclass(frozen=True)
class ChooseVolume:
    """The speaker plays at `level`, 0..100, now and after a restart (the app's SetVolume)."""

    action: ClassVar[str] = "operator_volume"
    level: int

    def __post_init__(self) -> None:
        check_volume(self.level)


@dataclass(frozen=True)
class ChooseHouseRules:
    """Which rules preset the scene grid offers first (rules.presets key)."""

    action: ClassVar[str] = "house_rules"
    preset: str


@dataclass(frozen=True)
class ChooseRotation:
    """The scenes the attract loop shows and the scene grid offers (ids, at least one)."""

    action: ClassVar[str] = "rotation"
    scenes: tuple[str, ...]


@dataclass(frozen=True)
class ChoosePhones:
    """Phones at the table (`setting` "phones") or audience mode ("audience") on or off, from
    the next game (one in progress keeps its own) and after a restart. The operator's on
    the menu; at home, where no PIN is set, the host's on the scene grid too (menu.py)."""

    action: ClassVar[str] = "phones"
    setting: Literal["phones", "audience"]
    on: bool


@dataclass(frozen=True)
class PutAway:
    """The game in progress is put away unfinished, as the service button does."""

    action: ClassVar[str] = "put_away"


@dataclass(frozen=True)
class PowerCommand:
    """Confirmed on its page: restart the device, reboot or power off the Pi."""

    action: ClassVar[str] = "power"
    what: PowerAction


@dataclass(frozen=True)
class CheckOutput:
    """Self-test: light the LED bar in sequence ("leds") or play one buzzer sound (its name)."""

    action: ClassVar[str] = "operator_test"
    what: str


@dataclass(frozen=True)
class Opening:
    """From the venue (MQTT, OSC), not the menu: open the table (`open`) or close it as
    outside the opening hours. It holds until the opening hours themselves next change
    (or the other is asked): a table closed for an event opens again the next morning."""

    action: ClassVar[str] = "opening"
    open: bool


# What a venue's controller may ask (lastmessage.venue): the menu's own commands where
# there is one, carried out as the menu would, without its PIN (the broker's ACL is the lock).
RemoteCommand = PutAway | ChooseLanguage | ChooseVolume | PowerCommand | Opening

OperatorCommand = (OpenOperator | EnterPin | CloseOperator | ShowPage | ChooseLanguage | ChooseVolume
                   | ChooseHouseRules | ChooseRotation | ChoosePhones | PutAway | PowerCommand | CheckOutput)
