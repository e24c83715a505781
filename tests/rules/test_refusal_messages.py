"""Every refusal the game can give is a template with values, and reads in Romanian.

The refusals are raised through the real Game (every action tried in every
phase, and each reason's own trigger), not listed by hand, so a new refusal
without a translation fails here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from lastmessage import catalogs
from lastmessage.i18n import translate as i18n
from lastmessage.rules.config import Rules
from lastmessage.rules.errors import RejectionReason, RuleViolation
from lastmessage.rules.game import Game, Phase

from .helpers import ANIMAL, INNOCENT, SECRET, catalog

DOT = [(0.5, 0.5)]
ROMANIAN = catalogs.read(catalogs.po_path("ro"), "ro")

Action = Callable[[Game, float], object]
ACTIONS: dict[str, Action] = {
    "scene": lambda game, t: game.start("park", t),
    "pick": lambda game, t: game.pick(SECRET, t),
    "flip": lambda game, t: game.flip(t),
    "stroke": lambda game, t: game.stroke(DOT, t),
    "word": lambda game, t: game.word(0, "bread", t),
    "undo": lambda game, t: game.undo(t),
    "erase": lambda game, t: game.erase(range(game.erase_count()), t),
    "accuse": lambda game, t: game.accuse(INNOCENT, t),
    "pass": lambda game, t: game.pass_turn(t),
}


def game_in(phase: Phase, rules: Rules | None = None) -> tuple[Game, float]:
    """A fresh game brought to `phase`, and a time at which to act in it."""
    rules = rules or Rules()
    game = Game(rules, catalog())
    steps: list[tuple[Phase, Action, float]] = [
        (Phase.SECRET, ACTIONS["scene"], 0.0),
        (Phase.READY, ACTIONS["pick"], 0.0),
        (Phase.CLUES, ACTIONS["flip"], 0.0),
        (Phase.ERASE, lambda g, t: g.advance(t), rules.timer_seconds),
        (Phase.SUSPECT, ACTIONS["erase"], rules.timer_seconds),
        (Phase.OVER, lambda g, t: g.accuse(SECRET, t), rules.timer_seconds),
    ]
    t = 0.0
    for reached, step, at in steps:
        if game.phase is phase:
            break
        t = at
        step(game, t)
        assert game.phase is reached
    assert game.phase is phase
    return game, (1.0 if phase is Phase.CLUES else t + 1.0)


def refusal(action: Callable[[], object]) -> RuleViolation | None:
    try:
        action()
    except RuleViolation as violation:
        return violation
    return None


def refusals() -> Iterator[RuleViolation]:
    # Every action in every phase: the wrong phases refuse.
    for phase in Phase:
        for act in ACTIONS.values():
            game, t = game_in(phase)
            found = refusal(lambda: act(game, t))
            if found is not None:
                yield found

    def each(phase: Phase, act: Callable[[Game, float], object], rules: Rules | None = None) -> RuleViolation:
        game, t = game_in(phase, rules)
        found = refusal(lambda: act(game, t))
        assert found is not None, f"expected a refusal in {phase.value}"
        return found

    # Each reason's own trigger, with every wording it has.
    yield each(Phase.SCENE, lambda g, t: g.start("no-such-scene", t))
    yield each(Phase.SECRET, lambda g, t: g.pick("nobody", t))
    yield each(Phase.SECRET, lambda g, t: g.pick(ANIMAL, t))
    yield each(Phase.SUSPECT, lambda g, t: g.accuse(ANIMAL, t))
    yield each(Phase.CLUES, lambda g, t: g.undo(t))
    yield each(Phase.CLUES, lambda g, t: (g.word(0, "Câine mare", t), g.word(4, "CAINE", t)))
    yield each(Phase.CLUES, lambda g, t: g.word(0, " ?! ", t))
    yield each(Phase.CLUES, lambda g, t: g.word(0, "x" * 61, t))
    yield each(Phase.CLUES, lambda g, t: g.word(0, "an extraordinarily long word", t))
    yield each(Phase.CLUES, lambda g, t: g.word(2, "mustață", t))
    yield each(Phase.CLUES, lambda g, t: [g.word(0, text, t) for text in ("a" * 12, "b" * 12, "c" * 12, "d")])
    yield each(Phase.CLUES, lambda g, t: g.word(9, "bread", t))
    yield each(Phase.CLUES, lambda g, t: g.word("top", "bread", t))
    yield each(Phase.CLUES, lambda g, t: g.word(0, "bread", t), Rules(allow_text=False))
    yield each(Phase.CLUES, lambda g, t: g.stroke([], t))
    yield each(Phase.CLUES, lambda g, t: g.stroke([(0.5, 0.5)] * 5000, t))
    yield each(Phase.CLUES, lambda g, t: g.stroke([(0.5, 0.5, 0.5)], t))
    yield each(Phase.CLUES, lambda g, t: g.stroke([(0.5, 1.5)], t))
    yield each(Phase.CLUES, lambda g, t: g.stroke(DOT, t, width=0.5))
    yield each(Phase.ERASE, lambda g, t: g.erase([0, 0, 1, 2, 3], t))
    yield each(Phase.ERASE, lambda g, t: g.erase([0, 1], t))
    yield each(Phase.ERASE, lambda g, t: g.erase([-1], t))
    yield each(Phase.SUSPECT, lambda g, t: g.pass_turn(t), Rules(allow_pass=False))


ALL = list(refusals())


def test_every_reason_is_covered() -> None:
    assert {v.reason for v in ALL} == set(RejectionReason)


@pytest.mark.parametrize("violation", ALL, ids=lambda v: f"{v.reason}:{v.template[:40]}")
def test_the_refusal_is_a_template_with_values(violation: RuleViolation) -> None:
    assert i18n.placeholders(violation.template) == set(violation.params)
    assert violation.message == (violation.template.format(**violation.params)
                                 if violation.params else violation.template)
    assert "{" not in violation.message or not violation.params


@pytest.mark.parametrize("violation", ALL, ids=lambda v: f"{v.reason}:{v.template[:40]}")
def test_the_refusal_reads_in_romanian(violation: RuleViolation) -> None:
    entry = ROMANIAN.get(violation.template)
    translated = entry.string if entry is not None else ""
    assert isinstance(translated, str) and translated, f"no Romanian for {violation.template!r}"
    assert i18n.placeholders(translated) == i18n.placeholders(violation.template)
    shown = i18n.translator("ro").tr(violation.template, **violation.params)
    assert shown == (translated.format(**violation.params) if violation.params else translated)
    assert shown != violation.message


def test_extraction_finds_exactly_the_refusals_the_game_gives() -> None:
    """What `make i18n` lists from rules/ (literal templates, and the sentences
    built from an action and a phase) is every refusal, and no more."""
    extracted = {text for text, _context, where in [*catalogs.from_code(), *catalogs.from_rules()]
                 if where.startswith("rules/")}
    assert extracted == {v.template for v in ALL}
