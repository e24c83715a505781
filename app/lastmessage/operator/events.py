"""What the operator menu did, as events beside the game's (PLAY_SCRIPT.md, extended).

They go to the events output of scripted play, never into the game journal
(they are not part of any game), and never carry the PIN. `t` is game time,
as for every event (0 before a game).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

Refusal = Literal["wrong_pin", "locked", "no_pin", "pin_file"]


@dataclass(frozen=True)
class OperatorOpened:
    type: ClassVar[str] = "operator_opened"
    t: float
    via: str


@dataclass(frozen=True)
class OperatorRefused:
    """The PIN pad refused: a wrong PIN (`tries_left`), locked (`seconds` to wait),
    no PIN set, or a PIN file that cannot be used."""

    type: ClassVar[str] = "operator_refused"
    t: float
    reason: Refusal
    tries_left: int | None = None
    seconds: int | None = None


@dataclass(frozen=True)
class OperatorUnlocked:
    type: ClassVar[str] = "operator_unlocked"
    t: float


@dataclass(frozen=True)
class OperatorClosed:
    type: ClassVar[str] = "operator_closed"
    t: float
    reason: Literal["done", "idle"]


@dataclass(frozen=True)
class OperatorChanged:
    """A setting the menu changed: `language`, `volume`, `house_rules` or `rotation`; `phones` or
    `audience` (`value` true or false, for the next game; the host's too where no PIN is set)."""

    type: ClassVar[str] = "operator_changed"
    t: float
    setting: str
    value: str | int | bool | tuple[str, ...]


@dataclass(frozen=True)
class OperatorDone:
    """An action of the menu: `put_away`, `restart`, `reboot`, `shutdown`; `done`
    false with the reason when it could not be done here."""

    type: ClassVar[str] = "operator_action"
    t: float
    action: str
    done: bool
    message: str = ""


@dataclass(frozen=True)
class OperatorRemote:
    """A command from the venue (`source`: "mqtt" or "osc"), as it was taken: `command`
    its name, `done` false with the reason when it could not be done."""

    type: ClassVar[str] = "operator_remote"
    t: float
    source: str
    command: str
    done: bool
    message: str = ""


OperatorEvent = (OperatorOpened | OperatorRefused | OperatorUnlocked | OperatorClosed
                 | OperatorChanged | OperatorDone | OperatorRemote)
