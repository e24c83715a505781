"""The detectives' buttons step from suspect to suspect: animals and plants,
who can never be accused, are never stopped on."""

from __future__ import annotations

from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
from lastmessage.scenes.arrows import DIRECTIONS
from lastmessage.ui.detective.cursor import SuspectCursor, reading_order

SCENES = load_scenes(shipped_scenes_dir())
SIZE = (1190, 660)


def test_arrows_walk_every_direction_and_only_ever_stop_on_suspects() -> None:
    for scene in SCENES.values():
        cursor = SuspectCursor()
        assert cursor.on(scene).sentient
        for index in range(120):
            cursor.step(scene, list(DIRECTIONS)[(index // 7) % 4], SIZE)
            assert cursor.on(scene).sentient, (scene.id, cursor.on(scene).id)


def test_the_encoder_cycles_through_every_suspect_and_nothing_else() -> None:
    scene = SCENES["harbour"]
    cursor = SuspectCursor()
    seen = set()
    for _ in range(len(scene.suspects())):
        cursor.cycle(scene, 1)
        seen.add(cursor.on(scene).id)
    assert seen == {c.id for c in scene.suspects()}


def test_from_an_animal_the_mouse_pointed_at_the_encoder_goes_to_the_suspects_beside_it() -> None:
    scene = SCENES["harbour"]
    animal = next(c for c in scene.characters if not c.sentient)
    order = reading_order(scene)
    before = [c for c in order if (c.x, c.y, c.id) < (animal.x, animal.y, animal.id)]
    after = [c for c in order if (c.x, c.y, c.id) > (animal.x, animal.y, animal.id)]
    for delta, expected in ((1, (after or order)[0]), (-1, (before or order)[-1])):
        cursor = SuspectCursor()
        cursor.snap(scene, animal.x, animal.y, SIZE)
        assert cursor.on(scene).id == animal.id   # a pointer may rest on anything
        cursor.cycle(scene, delta)
        assert cursor.on(scene).id == expected.id
