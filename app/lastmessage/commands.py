"""Commands: what any input (touch, mouse, keys, buttons, a script) asks of the game.

They are the script actions of PLAY_SCRIPT.md without the script, plus the
app's own `new_game` and `language` (the tablet's language button: both
screens switch to `code`). Every input path ends here, so the game cannot be
reached by a side door.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lastmessage.rules.events import Event
from lastmessage.rules.game import Game

GAME_COMMANDS = ("scene", "pick", "flip", "stroke", "word", "undo", "erase", "accuse", "pass")
APP_COMMANDS = ("new_game", "language")


@dataclass(frozen=True)
class Command:
    kind: str
    fields: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in GAME_COMMANDS + APP_COMMANDS:
            raise ValueError(f"unknown command {self.kind!r}")

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]


def perform(game: Game, command: Command, t: float) -> list[Event]:
    """Carry a game command out at game time `t`; raises RuleViolation when refused."""
    kind, f = command.kind, command.fields
    if kind == "scene":
        return game.start(f["id"], t)
    if kind == "pick":
        return game.pick(f["character"], t)
    if kind == "flip":
        return game.flip(t)
    if kind == "stroke":
        return game.stroke(f["points"], t, f.get("width"))
    if kind == "word":
        return game.word(f["cell"], f["text"], t)
    if kind == "undo":
        return game.undo(t)
    if kind == "erase":
        return game.erase(f["cells"], t)
    if kind == "accuse":
        return game.accuse(f["character"], t)
    if kind == "pass":
        return game.pass_turn(t)
    raise ValueError(f"{kind} is not a game command")
