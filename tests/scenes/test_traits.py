"""Names generated from traits: English and Romanian, with Romanian agreement and definite forms."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lastmessage.i18n.names import NameForms
from lastmessage.scenegen.people import (
    BATHERS, COSTUME_CAP, FAIR, GALA, HOT_SPRING_BATHERS, PUBLIC, SKATERS, SKIERS, SKIERS_ON_PISTE, SUNBATHERS, SWIMMERS, TRAVELLERS,
    WINTER, make_traits,
)
from lastmessage.scenes.traits import describe


@pytest.mark.parametrize("traits, english, romanian", [
    ({"person": "woman", "top": "yellow stripes", "holding": "balloon"},
     "woman in yellow stripes with a balloon",
     NameForms("femeie cu bluză galbenă în dungi și un balon", "femeia cu bluză galbenă în dungi și un balon", "f")),
    ({"person": "man", "top": "yellow stripes", "holding": "umbrella"},
     "man in yellow stripes with an umbrella",
     NameForms("bărbat cu tricou galben în dungi și o umbrelă", "bărbatul cu tricou galben în dungi și o umbrelă", "m")),
    ({"person": "girl", "hair": "red braids", "top": "white dots", "bottom": "dress", "glasses": "glasses"},
     "girl in a white spotted dress with red braids and glasses",
     NameForms("fată cu codițe roșcate, rochie albă cu buline și ochelari",
               "fata cu codițe roșcate, rochie albă cu buline și ochelari", "f")),
    ({"person": "old man", "hair": "grey short", "beard": "beard", "headwear": "orange cap", "top": "black checks"},
     "bearded old man in an orange cap and black checks",
     NameForms("bătrân cu șapcă portocalie, tricou negru în carouri și barbă",
               "bătrânul cu șapcă portocalie, tricou negru în carouri și barbă", "m")),
    ({"person": "woman", "hair": "blond long", "top": "blue"},
     "blond woman in a blue top", NameForms("femeie blondă cu bluză albastră", "femeia blondă cu bluză albastră", "f")),
    ({"person": "girl", "headwear": "red swim cap", "top": "teal checks", "pose": "swimming"},
     "girl in a red swim cap and a teal checked swimsuit",
     NameForms("fată cu cască roșie de înot și costum de baie turcoaz în carouri",
               "fata cu cască roșie de înot și costum de baie turcoaz în carouri", "f")),
    ({"person": "old man", "hair": "white short", "headwear": "cowboy hat", "top": "red dots",
      "glasses": "glasses", "holding": "walking stick", "beard": "moustache"},   # beside a hat, one thing more
     "old man in a cowboy hat and red polka dots with a walking stick",
     NameForms("bătrân cu pălărie de cowboy, tricou roșu cu buline și un baston",
               "bătrânul cu pălărie de cowboy, tricou roșu cu buline și un baston", "m")),
    ({"person": "woman", "top": "yellow stripes", "bottom": "swimsuit", "pose": "standing"},
     "woman in a yellow striped swimsuit",
     NameForms("femeie cu costum de baie galben în dungi", "femeia cu costum de baie galben în dungi", "f")),
    ({"person": "man", "top": "red", "bottom": "trunks", "pose": "running", "glasses": "sunglasses"},
     "man in red swimming trunks with sunglasses",
     NameForms("bărbat cu șort de baie roșu și ochelari de soare",
               "bărbatul cu șort de baie roșu și ochelari de soare", "m")),
    ({"person": "girl", "top": "orange dots", "bottom": "bikini", "pose": "lounging"},
     "girl in an orange spotted bikini",
     NameForms("fată cu bikini portocaliu cu buline", "fata cu bikini portocaliu cu buline", "f")),
    ({"person": "woman", "headwear": "white helmet", "top": "purple stripes", "bottom": "black salopettes",
      "glasses": "goggles", "pose": "skiing"},
     "woman in a white helmet and a purple striped ski jacket with goggles",
     NameForms("femeie cu cască albă, geacă de schi mov în dungi și ochelari de schi",
               "femeia cu cască albă, geacă de schi mov în dungi și ochelari de schi", "f")),
    ({"person": "boy", "top": "green", "pose": "floating", "holding": "lilo"},
     "boy in a green swimsuit with a lilo",
     NameForms("băiat cu costum de baie verde și o saltea gonflabilă",
               "băiatul cu costum de baie verde și o saltea gonflabilă", "m")),
    ({"person": "woman", "costume": "chef", "top": "white", "headwear": "chef's hat", "holding": "ladle"},
     "woman chef with a ladle", NameForms("bucătăreasă cu un polonic", "bucătăreasa cu un polonic", "f")),
])
def test_names_agree_in_both_languages(traits: dict[str, str], english: str, romanian: NameForms) -> None:
    names = describe(traits)
    assert names["en"] == NameForms(english, "the " + english, "n")
    assert names["ro"] == romanian


CROWDS = (PUBLIC, SWIMMERS, BATHERS, SUNBATHERS, GALA, SKIERS, SKIERS_ON_PISTE, SKATERS, WINTER, HOT_SPRING_BATHERS,
          FAIR, TRAVELLERS)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), crowd=st.sampled_from(CROWDS))
def test_every_drawn_person_has_a_name_in_both_languages(seed: int, crowd: object) -> None:
    traits = make_traits(random.Random(seed), crowd)   # type: ignore[arg-type]
    names = describe(traits)
    assert names["en"].indefinite and names["ro"].indefinite
    assert names["ro"].definite != names["ro"].indefinite
    assert "  " not in names["en"].indefinite + names["ro"].indefinite
    assert not names["ro"].indefinite.endswith((" cu", ",", " și"))


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_nobody_wears_a_costume_past_the_cap(seed: int) -> None:
    rng = random.Random(seed)
    worn = {"lifeguard": COSTUME_CAP}
    for _ in range(40):
        assert make_traits(rng, BATHERS, worn).get("costume") != "lifeguard"


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), crowd=st.sampled_from((BATHERS, SUNBATHERS, SKIERS, SKIERS_ON_PISTE)))
def test_the_beach_wears_no_top_hats_jumpers_or_trousers_and_the_slopes_ski_wear(seed: int, crowd: object) -> None:
    traits = make_traits(random.Random(seed), crowd)   # type: ignore[arg-type]
    assert traits.get("headwear") != "top hat"
    bottom = traits.get("bottom", "")
    if crowd in (BATHERS, SUNBATHERS) and "costume" not in traits:
        assert bottom in ("swimsuit", "bikini", "trunks") or bottom.endswith("shorts"), traits
    if crowd in (SKIERS, SKIERS_ON_PISTE):
        assert bottom.endswith(("salopettes", "ski trousers")), traits
