"""The marks' pins, kept as marks come (a pin made again only when its own markers change), are
always the pins of the marks as they stand: any sequence of marks, changes of mind, phones
leaving, renames and new games gives what grouping the marks afresh gives; so do the monitor's
most agreed few, and the server's pins made of the marks handed over."""

from __future__ import annotations

from hypothesis import given, strategies as st

from lastmessage.phones.marks import COLOURS, Mark, Marks, Pin, Player
from tests.table.tables import CATALOG

HARBOUR, STATION = CATALOG["harbour"], CATALOG["station"]
FIGURES = [c.id for c in HARBOUR.suspects()[:6]]

steps = st.lists(st.one_of(
    st.tuples(st.just("mark"), st.integers(0, 5), st.sampled_from([*FIGURES, None, "nobody"]), st.booleans()),
    st.tuples(st.just("leave"), st.integers(0, 5), st.none(), st.booleans()),
    st.tuples(st.just("clear"), st.just(0), st.none(), st.booleans())), max_size=60)


def afresh(kept: dict[int, tuple[Player, str]]) -> list[Pin]:
    who: dict[str, list[Player]] = {}
    for player, character in kept.values():
        who.setdefault(character, []).append(player)
    pins = []
    for character, players in who.items():
        figure = HARBOUR.character(character)
        assert figure is not None
        pins.append(Pin(character, figure.x, figure.y, tuple(sorted(players, key=lambda p: p.id)),
                        figure.y if figure.box is None else figure.box[1]))
    return sorted(pins, key=lambda pin: (-len(pin.players), pin.x, pin.y))


@given(steps)
def test_the_pins_are_those_of_the_marks_as_they_stand(sequence: list[tuple[str, int, str | None, bool]]) -> None:
    marks, kept = Marks(), {}
    shown: list[Pin] = []
    for kind, number, character, renamed in sequence:
        player = Player(number, f"#{number}{'!' if renamed else ''}", COLOURS[number])
        version = marks.version
        if kind == "mark":
            taken = marks.take(Mark(player, character), HARBOUR)
            assert taken == (character != "nobody")
            if character is None:
                kept.pop(number, None)
            elif taken:
                kept[number] = (player, character)
        elif kind == "leave":
            marks.forget(player)
            kept.pop(number, None)
        else:
            marks.clear()
            kept.clear()
        expected = afresh(kept)
        assert marks.pins(HARBOUR) == expected
        assert marks.top(HARBOUR, 3) == expected[:3]   # the monitor's, made without the others
        assert Marks.of(marks.marked()).pins(HARBOUR) == expected   # the phones', on the server's thread
        if expected != shown:   # whoever shows the pins again when the version changes sees every change
            assert marks.version != version
        shown = expected
    assert marks.pins(STATION) == []   # another scene's figures: no pin stands on this one
    assert marks.pins(HARBOUR) == afresh(kept)
