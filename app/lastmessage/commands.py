"""Commands: what any input (touch, mouse, keys, buttons, a script) asks of the game.

They are the script actions of PLAY_SCRIPT.md without the script, plus the
app's own `new_game` and `language` (the tablet's language button: both
screens switch to `code`), one frozen dataclass each; `action` is the name a
command has in scripts and in `rejected` events. Every input path ends here,
so the game cannot be reached by a side door.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, assert_never

from lastmessage.operator.commands import OperatorCommand
from lastmessage.rules.events import GameEvent, Point
from lastmessage.rules.game import Game
from lastmessage.sound.settings import check_volume


@dataclass(frozen=True)
class ChooseScene:
    action: ClassVar[str] = "scene"
    id: str
    preset: str | None = None   # the rules preset the players chose (rules.presets); None: as set up


@dataclass(frozen=True)
class Pick:
    action: ClassVar[str] = "pick"
    character: str


@dataclass(frozen=True)
class Flip:
    action: ClassVar[str] = "flip"


@dataclass(frozen=True)
class AddStroke:
    action: ClassVar[str] = "stroke"
    points: tuple[Point, ...]
    width: float | None = None   # None: the usual pen


@dataclass(frozen=True)
class AddWord:
    action: ClassVar[str] = "word"
    cell: int
    text: str


@dataclass(frozen=True)
class Undo:
    action: ClassVar[str] = "undo"


@dataclass(frozen=True)
class Erase:
    action: ClassVar[str] = "erase"
    cells: tuple[int, ...]


@dataclass(frozen=True)
class Accuse:
    action: ClassVar[str] = "accuse"
    character: str


@dataclass(frozen=True)
class Pass:
    action: ClassVar[str] = "pass"


@dataclass(frozen=True)
class NewGame:
    """The app's own command: put the finished (or any) game away for a fresh one."""

    action: ClassVar[str] = "new_game"


@dataclass(frozen=True)
class SetLanguage:
    """The app's own command: both screens speak `code` from now on."""

    action: ClassVar[str] = "language"
    code: str


@dataclass(frozen=True)
class SetVolume:
    """The app's own command (the operator menu; scripts may send it too): the
    speaker plays at `level`, 0..100, from now on. An out-of-range level cannot
    be made (VolumeError), so nothing downstream clamps."""

    action: ClassVar[str] = "volume"
    level: int

    def __post_init__(self) -> None:
        check_volume(self.level)


GameCommand = ChooseScene | Pick | Flip | AddStroke | AddWord | Undo | Erase | Accuse | Pass
Command = GameCommand | NewGame | SetLanguage | SetVolume


def perform(game: Game, command: GameCommand, t: float) -> list[GameEvent]:
    """Carry a game command out at game time `t`; raises RuleViolation when refused."""
    match command:
        case ChooseScene(id=scene_id):
            return game.start(scene_id, t)
        case Pick(character=character):
            return game.pick(character, t)
        case Flip():
            return game.flip(t)
        case AddStroke(points=points, width=width):
            return game.stroke(points, t, width)
        case AddWord(cell=cell, text=text):
            return game.word(cell, text, t)
        case Undo():
            return game.undo(t)
        case Erase(cells=cells):
            return game.erase(cells, t)
        case Accuse(character=character):
            return game.accuse(character, t)
        case Pass():
            return game.pass_turn(t)
        case _:
            assert_never(command)


# ---- script-only actions: the room, not the game ----------------------------------

@dataclass(frozen=True)
class Wait:
    """Time passes on the simulated clock."""

    action: ClassVar[str] = "wait"
    seconds: float


@dataclass(frozen=True)
class Screenshot:
    """Both screens saved as DIR/NAME-tablet.png and DIR/NAME-detective.png: as
    they look once what is under way has settled, or, `at` seconds after the
    last event the monitor heard, as they look at that moment of the animation."""

    action: ClassVar[str] = "screenshot"
    name: str
    at: float | None = None


@dataclass(frozen=True)
class ShowBoard:
    """The detectives bring round `round`'s board up to the big size (a tap on
    its small card); None puts it back (a tap on the big board)."""

    action: ClassVar[str] = "board"
    round: int | None


@dataclass(frozen=True)
class Guide:
    """On the roles screen before the pick, the group chooses the guided first
    round (`on`) or skips it: a tap on that button on the tablet."""

    action: ClassVar[str] = "guide"
    on: bool


@dataclass(frozen=True)
class Zoom:
    """The detectives' search view at step `level` (1 the whole scene, 2, 3), centred on the
    scene point `at` (0..1 each), as near as the scene's edges allow: ZOOM pressed until the
    step shows, then the view dragged there."""

    action: ClassVar[str] = "zoom"
    level: int
    at: tuple[float, float]


ScriptAction = GameCommand | OperatorCommand | SetVolume | Wait | Screenshot | ShowBoard | Zoom | Guide
"""A line of a play script (PLAY_SCRIPT.md); `new_game` is the app's, not a script's.
The operator menu's commands (operator/commands.py) are script actions too."""
