"""Shared helpers for the rules tests: the fixture scenes and a game driven to a given step."""

from __future__ import annotations

from pathlib import Path

from lastmessage.rules.config import Rules
from lastmessage.rules.events import Event
from lastmessage.rules.game import Game, Phase
from lastmessage.scenes.model import SceneCatalog, load_scenes

FIXTURE_SCENES = Path(__file__).resolve().parents[1] / "fixtures" / "scenes"
SECRET = "park-baker"
INNOCENT = "park-robot"
OTHER_INNOCENT = "park-ghost"
ANIMAL = "park-dog"
PLANT = "park-tree"
SENTIENT = ("park-baker", "park-robot", "park-ghost", "park-juggler")
NOT_SENTIENT = (ANIMAL, PLANT)


def catalog() -> SceneCatalog:
    return load_scenes(FIXTURE_SCENES)


class Driver:
    """A game plus its own clock, so tests read like the table: flip, wait, erase, accuse."""

    def __init__(self, rules: Rules | None = None, secret: str = SECRET) -> None:
        self.rules = rules or Rules()
        self.game = Game(self.rules, catalog())
        self.t = 0.0
        self.game.start("park", self.t)
        self.game.pick(secret, self.t)

    def wait(self, seconds: float) -> list[Event]:
        self.t += seconds
        return self.game.advance(self.t)

    def clues_over(self) -> None:
        """Flip, let the whole timer run out."""
        self.game.flip(self.t)
        self.wait(self.rules.timer_seconds)
        assert self.game.phase is Phase.ERASE

    def erase_any(self) -> list[Event]:
        return self.game.erase(range(self.game.erase_count()), self.t)

    def to_suspect(self) -> None:
        self.clues_over()
        self.erase_any()
        assert self.game.phase is Phase.SUSPECT
