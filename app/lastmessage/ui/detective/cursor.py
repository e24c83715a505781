"""The detectives' suspect cursor: which character is pointed at, and how it moves.

The buttons (arrows, encoder) step from suspect to suspect: stopping on an
animal or a plant, who can never be accused, only costs the detectives
presses. A mouse or finger may still point at anything, as a person points;
accusing an animal is then the game's refusal, shown like any other. The
cursor lives in scene terms (a character id), so it is the same whatever
size the scene is shown at.
"""

from __future__ import annotations

from lastmessage.scenes.geometry import Size
from lastmessage.scenes import arrows
from lastmessage.scenes.hittest import nearest_character
from lastmessage.scenes.model import Character, Scene


def reading_order(scene: Scene) -> tuple[Character, ...]:
    """The encoder's order of the suspects: left to right, ties top to bottom; stable for a scene."""
    return tuple(sorted(scene.suspects(), key=lambda c: (c.x, c.y, c.id)))


class SuspectCursor:
    def __init__(self) -> None:
        self._scene: Scene | None = None
        self._current: str | None = None
        self._order: tuple[Character, ...] = ()

    def on(self, scene: Scene) -> Character:
        """The character pointed at in `scene`; a new scene starts at its centre."""
        if self._scene is not scene:   # not by id: a resumed game's kept scene shares it with the catalog's
            self._scene = scene
            self._current = None
            self._order = reading_order(scene)
        found = scene.character(self._current) if self._current else None
        if found is None:
            found = nearest_character(scene, 0.5, 0.5, sentient_only=True)
            self._current = found.id
        return found

    def step(self, scene: Scene, direction: str, size: Size) -> None:
        """Arrows: to the nearest suspect that way (`arrows`: none left unreachable); stays put
        at the edge."""
        found = arrows.step(scene, self.on(scene), direction, size)
        if found is not None:
            self._current = found.id

    def cycle(self, scene: Scene, delta: int) -> None:
        """Encoder: the next (or previous) suspect in reading order, wrapping
        (from an animal the mouse left it on: the suspect after it)."""
        current = self.on(scene)
        order = self._order
        after = sum(1 for c in order if (c.x, c.y, c.id) < (current.x, current.y, current.id))
        index = order.index(current) if current in order else after - (1 if delta > 0 else 0)
        self._current = order[(index + delta) % len(order)].id

    def snap(self, scene: Scene, x: float, y: float, size: Size) -> None:
        """Mouse or finger at scene point (x, y): the nearest character."""
        self.on(scene)
        self._current = nearest_character(scene, x, y, size=size).id
