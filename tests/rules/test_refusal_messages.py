"""Every refusal the game can give is a template with values, and reads in Romanian.

The refusals are raised through the real Game (every action tried in every
phase, and each reason's own trigger), not listed by hand, so a new refusal
without a translation fails here.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from lastmessage import i18n
from lastmessage.rules.config import Rules
from lastmessage.rules.errors import RejectionReason, RuleViolation
from lastmessage.rules.game import Game, Phase

from .helpers import ANIMAL, INNOCENT, SECRET, catalog

DOT = [(0.5, 0.5)]
RULES_CATALOG = Path(i18n.__file__).resolve().parent / "locale" / "ro" / "rules.json"

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
    yield each(Phase.CLUES, lambda g, t: g.word(0, "x" * 60, t))
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
    translated = i18n.catalog("ro").get(violation.template)
    assert translated is not None, f"no Romanian for {violation.template!r}"
    assert i18n.placeholders(translated) == i18n.placeholders(violation.template)
    i18n.set_language("ro")
    shown = i18n.tr(violation.template, **violation.params)
    assert shown == (translated.format(**violation.params) if violation.params else translated)
    assert shown != violation.message


def test_the_romanian_rules_catalog_has_no_stale_entries() -> None:
    entries = json.loads(RULES_CATALOG.read_text(encoding="utf-8"))
    assert set(entries) == {v.template for v in ALL}


def test_the_romanian_rules_catalog_uses_comma_below() -> None:
    text = RULES_CATALOG.read_text(encoding="utf-8")
    assert not set(text) & set("şţŞŢ"), "ș and ț take a comma below, not a cedilla"
