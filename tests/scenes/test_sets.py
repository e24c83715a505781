"""Complete sets: an instrument or a fortune teller's ball comes with its person at it, or is not placed
(the art review of issue 21: an audience watching an empty busker's case, a harp nobody plays)."""

from __future__ import annotations

import pytest

from lastmessage.scenegen.generate import THEMES, generate
from lastmessage.scenegen.layout import Layout
from lastmessage.scenegen.people import Crowd
from lastmessage.scenegen.sets import OWNED, unattended

# the review's seeds, the shipped ones and a few more
SEEDS = (3, 17, 42, 101, 256, 999, 1000, 1001)
MUSICIAN = Crowd(poses=("standing",), costumes=("musician",), costume_rate=1.0, children=0.0)


@pytest.mark.parametrize("theme", THEMES)
def test_every_instrument_and_crystal_ball_has_its_person_at_it(theme: str) -> None:
    for seed in SEEDS:
        data, _scene = generate(theme, seed)
        assert unattended(data) == [], f"{theme} seed {seed}"


def test_the_generated_scenes_have_owned_props_to_check() -> None:
    names = {p["name"] for theme in ("carnival", "museum", "station") for seed in SEEDS
             for p in generate(theme, seed)[0]["props"]}
    assert {"drum", "harp", "fortune teller's ball", "busker's open case"} <= names & set(OWNED)


def test_a_prop_whose_person_finds_no_room_is_taken_out() -> None:
    layout = Layout("t", "t", "t", 1)
    drum = layout.prop("drum", "\U0001F941", 0.5, 0.6, 0.9)
    # the only places offered are cut by the frame's edges: nobody may stand there
    assert not layout.attend(drum, [(0.0, 0.6, None), (1.0, 0.6, None)], MUSICIAN)
    assert layout.characters == [] and layout.props == []


def test_an_attended_prop_stays_with_its_player_beside_it() -> None:
    layout = Layout("t", "t", "t", 1)
    drum = layout.prop("drum", "\U0001F941", 0.5, 0.6, 0.9)
    assert layout.attend(drum, layout.beside(drum), MUSICIAN)
    data = layout.to_json()
    data["characters"] = layout.characters
    assert [p["id"] for p in data["props"]] == [drum]
    assert unattended(data) == []
