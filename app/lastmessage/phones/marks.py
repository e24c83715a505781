"""Whom each phone marks: kept on the frame's thread, told to phones and the monitor as positions only.

A mark comes in as a point on the scene (0..1); the server's thread finds the
figure drawn there (`scenes.hittest`, as a tap on the monitor would: `figure_at`,
off the frame loop, which it would cost a third of a millisecond a mark), and
the frame's thread keeps one mark per phone, its latest. Phones learn the pins as the marked figures'
positions with a count and the colours of who agrees, never an id, so the
secret cannot leak through the marks either. The table's ACCUSE still decides.
"""

from __future__ import annotations

from dataclasses import dataclass

from lastmessage.scenes.hittest import character_at
from lastmessage.scenes.model import Scene

COLOURS = ("#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#bfef45",
           "#fabed4", "#469990", "#dcbeff", "#9a6324")
"""A phone's colour, by the order it joined (Sasha Trubetskoy's distinct colours)."""


@dataclass(frozen=True)
class Player:
    id: int        # the connection's number, never shown
    name: str
    colour: str


@dataclass(frozen=True)
class Mark:
    """A phone asks to mark a figure of the scene (found where it tapped); None: take its mark back."""

    player: Player
    character: str | None


def figure_at(scene: Scene | None, x: float, y: float) -> str | None:
    """The sentient figure drawn at (x, y) of the scene (0..1), if any: whom a tap there marks."""
    found = character_at(scene, x, y, sentient_only=True) if scene is not None else None
    return None if found is None else found.id


@dataclass(frozen=True)
class Pin:
    character: str                 # stays on the device (the monitor places the pin by it)
    x: float
    y: float
    players: tuple[Player, ...]


class Marks:
    def __init__(self) -> None:
        self._by_player: dict[int, tuple[Player, str]] = {}
        self.version = 0   # changes whenever the pins do

    def clear(self) -> None:
        if self._by_player:
            self._by_player.clear()
            self.version += 1

    def forget(self, player: Player) -> None:
        """A phone that left: its mark goes with it."""
        if self._by_player.pop(player.id, None) is not None:
            self.version += 1

    def take(self, mark: Mark, scene: Scene | None) -> bool:
        """Apply one mark; False when it names nobody of this scene (another game's, no scene yet)."""
        if mark.character is None:
            self.forget(mark.player)
            return True
        if scene is None or scene.character(mark.character) is None:
            return False
        if self._by_player.get(mark.player.id) != (mark.player, mark.character):
            self._by_player[mark.player.id] = (mark.player, mark.character)
            self.version += 1
        return True

    def pins(self, scene: Scene | None) -> list[Pin]:
        """One pin per marked figure, the most agreed first."""
        if scene is None:
            return []
        who: dict[str, list[Player]] = {}
        for player, character in self._by_player.values():
            who.setdefault(character, []).append(player)
        pins = []
        for character, players in who.items():
            figure = scene.character(character)
            if figure is not None:
                pins.append(Pin(character, figure.x, figure.y, tuple(sorted(players, key=lambda p: p.id))))
        return sorted(pins, key=lambda pin: (-len(pin.players), pin.x, pin.y))


def pins_message(pins: list[Pin]) -> dict[str, object]:
    """The `pins` message phones get: positions, counts, colours and names; no ids."""
    return {"type": "pins", "pins": [
        {"x": round(pin.x, 4), "y": round(pin.y, 4), "count": len(pin.players),
         "colours": [p.colour for p in pin.players], "names": [p.name for p in pin.players]}
        for pin in pins]}
