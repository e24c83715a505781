"""Rules presets: derived from the house rules, distinct, and valid."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from lastmessage.rules.config import Rules
from lastmessage.rules.presets import presets, preset_rules

house_rules = st.builds(
    Rules,
    timer_seconds=st.integers(15, 120),
    erase_schedule=st.lists(st.integers(0, 8), min_size=1, max_size=8).map(tuple),
    allow_pass=st.booleans(),
    allow_text=st.booleans(),
).map(lambda r: replace(r, fatal_from_round=min(r.fatal_from_round, r.rounds + 1)))


def test_the_default_house_rules_offer_four_presets() -> None:
    offered = presets(Rules())
    assert [p.key for p in offered] == ["house", "classic", "drawings", "relaxed"]
    by_key = {p.key: p.rules for p in offered}
    assert by_key["classic"].fatal_from_round == 4
    assert by_key["drawings"].allow_text is False
    assert by_key["relaxed"].timer_seconds == 60
    assert all(r.erase_schedule == (5, 4, 3, 2) for r in by_key.values())


@given(house_rules)
def test_presets_keep_the_house_rules_first_and_never_repeat(house: Rules) -> None:
    offered = presets(house)
    assert offered[0].rules == house and offered[0].key == "house"
    rules = [p.rules for p in offered]
    assert len(set(map(repr, rules))) == len(rules)
    assert all(r.erase_schedule == house.erase_schedule for r in rules)
    for preset in offered:
        assert preset_rules(house, preset.key) == preset.rules


def test_an_unknown_preset_is_none() -> None:
    assert preset_rules(Rules(), "speedrun") is None
