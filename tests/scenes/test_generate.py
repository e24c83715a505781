"""The committed scene files are exactly what the generator makes, and big enough."""

from __future__ import annotations

import pytest

from lastmessage.scenes.generate import MINIMUM_CREATURES, MINIMUM_PROPS, MINIMUM_SUSPECTS, RECIPES, build, dumps
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir


@pytest.mark.parametrize("name", list(RECIPES))
def test_committed_file_matches_its_recipe(name: str) -> None:
    file_name, data, _scene = build(name)
    committed = (shipped_scenes_dir() / file_name).read_text(encoding="utf-8")
    assert dumps(data) == committed, f"regenerate with: python -m lastmessage.scenes.generate {name}"


def test_shipped_scenes_are_crowded_and_varied() -> None:
    for scene in load_scenes(shipped_scenes_dir()).values():
        suspects = scene.suspects()
        assert len(suspects) >= MINIMUM_SUSPECTS
        assert len(scene.characters) - len(suspects) >= MINIMUM_CREATURES
        assert len(scene.props) >= MINIMUM_PROPS
        assert all(c.id.startswith(scene.id + "-") for c in (*scene.characters, *scene.props))
        assert sum(c.art.mirror for c in scene.characters) > len(scene.characters) // 5
        scales = [c.art.scale for c in suspects]
        assert max(scales) / min(scales) > 1.4             # perspective and children
        tones = {tone for c in suspects for tone in "\U0001F3FB\U0001F3FC\U0001F3FD\U0001F3FE\U0001F3FF"
                 if tone in c.art.emoji}
        assert len(tones) == 5
        assert len({c.name for c in suspects}) > 40


def test_animals_and_plants_are_never_suspects() -> None:
    animal_words = ("dog", "cat", "pigeon", "seagull", "tree", "potted palm", "plant", "crab", "pony", "deer")
    for scene in load_scenes(shipped_scenes_dir()).values():
        for character in scene.characters:
            if any(character.name == word or character.name.endswith(" " + word) for word in animal_words):
                assert not character.sentient, character.id
