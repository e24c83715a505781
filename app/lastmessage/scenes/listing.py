"""The `scenes list --json` entry of a scene (docs/contract.md, "Scene data added for life and depth").

The file's own data (`Scene.summary`), with each character's drawn `box` measured here when the file
predates it, so the listing gives every scene the same keys and old files keep loading unchanged.
"""

from __future__ import annotations

from lastmessage.scenes.model import Scene
from lastmessage.scenes.occlusion import scene_box


def listing(scene: Scene) -> dict[str, object]:
    entry = scene.summary()
    characters = entry["characters"]
    assert isinstance(characters, list)
    for shown, character in zip(characters, scene.characters):
        if shown["box"] is None:
            shown["box"] = list(scene_box(character.x, character.y, character.art.scale, character.traits,
                                          scene.aspect))
    return entry
