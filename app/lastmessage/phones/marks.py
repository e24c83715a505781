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


Marked = tuple[tuple[Player, str], ...]
"""Each phone's mark: the phone, and the figure's id (which stays on the device)."""


@dataclass(frozen=True)
class Pin:
    character: str                 # stays on the device (the monitor places the pin by it)
    x: float
    y: float
    players: tuple[Player, ...]
    top: float                     # the top of the figure's drawing: a phone stands its pin above the head


class Marks:
    """One mark per phone, grouped by the figure marked as they come: 64 phones marking change the
    marks every frame, so a pin is made again only when its own markers changed (`pins`)."""

    def __init__(self) -> None:
        self._by_player: dict[int, tuple[Player, str]] = {}
        self._who: dict[str, dict[int, Player]] = {}   # a figure's markers, by the phone's number
        self._made: dict[str, Pin] = {}   # a figure's pin, while its markers stay the same
        self._scene: str | None = None    # the scene the pins in `_made` stand on
        self.version = 0   # changes whenever the pins do

    def clear(self) -> None:
        if self._by_player:
            self._by_player.clear()
            self._who.clear()
            self._made.clear()
            self.version += 1

    def forget(self, player: Player) -> None:
        """A phone that left: its mark goes with it."""
        gone = self._by_player.pop(player.id, None)
        if gone is not None:
            self._unmark(player.id, gone[1])
            self.version += 1

    def take(self, mark: Mark, scene: Scene | None) -> bool:
        """Apply one mark; False when it names nobody of this scene (another game's, no scene yet)."""
        if mark.character is None:
            self.forget(mark.player)
            return True
        if scene is None or scene.character(mark.character) is None:
            return False
        player = mark.player
        before = self._by_player.get(player.id)
        if before != (player, mark.character):
            if before is not None:
                self._unmark(player.id, before[1])
            self._by_player[player.id] = (player, mark.character)
            self._who.setdefault(mark.character, {})[player.id] = player
            self._made.pop(mark.character, None)
            self.version += 1
        return True

    def _unmark(self, number: int, character: str) -> None:
        markers = self._who[character]
        del markers[number]
        if not markers:
            del self._who[character]
        self._made.pop(character, None)

    def marked(self) -> Marked:
        """The marks as they stand, for the server's thread to make the phones' `pins` of (`of`)."""
        return tuple(self._by_player.values())

    @staticmethod
    def of(marked: Marked) -> Marks:
        marks = Marks()
        for player, character in marked:
            marks._by_player[player.id] = (player, character)
            marks._who.setdefault(character, {})[player.id] = player
        return marks

    def pins(self, scene: Scene | None) -> list[Pin]:
        """One pin per marked figure, the most agreed first."""
        return self.top(scene, len(self._who))

    def top(self, scene: Scene | None, most: int) -> list[Pin]:
        """The `most` most agreed pins, in the order of `pins`, without making the others: the
        monitor shows a dozen of the figures 64 phones mark."""
        if scene is None:
            return []
        if scene.id != self._scene:
            self._made.clear()
            self._scene = scene.id
        ranked = []
        for character, markers in self._who.items():
            figure = scene.character(character)
            if figure is not None:
                ranked.append((-len(markers), figure.x, figure.y, character,
                               figure.y if figure.box is None else figure.box[1]))
        ranked.sort()
        made, pins = self._made, []
        for _, x, y, character, top in ranked[:most]:
            pin = made.get(character)
            if pin is None:
                pin = made[character] = Pin(character, x, y, tuple(sorted(self._who[character].values(),
                                                                           key=_number)), top)
            pins.append(pin)
        return pins


def _number(player: Player) -> int:
    return player.id


def pins_message(pins: list[Pin]) -> dict[str, object]:
    """The `pins` message phones get: positions, counts, colours and names; no ids."""
    return {"type": "pins", "pins": [
        {"x": round(pin.x, 4), "y": round(pin.y, 4), "top": round(pin.top, 4), "count": len(pin.players),
         "colours": [p.colour for p in pin.players], "names": [p.name for p in pin.players]}
        for pin in pins]}
