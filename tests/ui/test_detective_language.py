"""The detective monitor in Romanian and English.

The language is switched on the tablet (or set by the config) while the
monitor shows anything: its next frame must be wholly in the new language
(nothing cached in the old one stays on screen), and every screen must render
in Romanian, at 1080p and on a 4K monitor.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lastmessage import i18n
from lastmessage.commands import Accuse, ChooseScene, Erase, Flip, Pass, Pick
from lastmessage.hal.sim import KEY_LEGEND
from lastmessage.rules.config import Rules
from lastmessage.rules.errors import RuleViolation
from lastmessage.rules.game import Phase
from lastmessage.ui.detective import words
from lastmessage.ui.detective.attract import SLIDE_SECONDS as CARD_SECONDS
from lastmessage.ui.detective.moments import MESSAGE_SECONDS, SLIDE_SECONDS, VERDICT_SECONDS
from lastmessage.ui.screen import Status
from test_detective_screens import FULL_HD, UHD, Table, colours, pixels


def screens(size: tuple[int, int]) -> Iterator[tuple[str, Table]]:
    """Every screen of the detective monitor, in the language set now: a game
    won by the detectives after a refusal, a wrong accusation and a pass, then
    the two ways the criminal wins. Yields (name, table) with the frame drawn."""
    table = Table(size)

    def shot(name: str) -> tuple[str, Table]:
        table.draw()
        return name, table

    yield shot("attract-scene")
    for card in range(3):                                   # one scene: then the three cards
        table.t = (card + 1) * CARD_SECONDS + 1.0
        yield shot(f"attract-how-to-{card + 1}")
    table.t = 0.0
    table.do(ChooseScene("park"))
    yield shot("secret")
    table.do(Flip())                               # refused: not now
    yield shot("secret-refusal")
    table.t += MESSAGE_SECONDS
    table.do(Pick(table.secret))
    yield shot("ready")
    table.clues()
    yield shot("clues")
    table.wait(table.rules.timer_seconds)
    yield shot("erase")
    table.do(Erase((0, 2, 6, 8, 1)))
    table.t += SLIDE_SECONDS
    yield shot("suspect")
    table.do(Accuse("park-dog"))  # refused: not a person
    yield shot("suspect-refusal")
    table.status = Status(link_ok=False)
    yield shot("suspect-link-down")
    table.status = Status()
    table.t += MESSAGE_SECONDS
    table.do(Accuse("park-robot"))
    yield shot("verdict-wrong")
    table.t += VERDICT_SECONDS
    table.clues()
    table.erase()
    table.t += SLIDE_SECONDS
    table.do(Pass())
    yield shot("verdict-passed")
    table.t += VERDICT_SECONDS
    yield shot("ready-round-3")
    table.clues()
    table.erase()
    table.t += SLIDE_SECONDS
    yield shot("suspect-fatal-round")
    table.do(Accuse("park-baker"))
    yield shot("verdict-correct")
    table.t += VERDICT_SECONDS + 10
    yield shot("over-detectives-win")

    table = Table(size, rules=Rules(fatal_from_round=1, allow_pass=False))
    table.start()
    table.clues()
    table.erase()
    table.t += SLIDE_SECONDS
    yield shot("suspect-no-pass")
    table.do(Accuse("park-robot"))
    table.t += VERDICT_SECONDS + 10
    yield shot("over-wrong-accusation")

    table = Table(size, rules=Rules(erase_schedule=(1,)))
    yield shot("attract-one-round")
    for card in (2, 3):                                     # one square; never fatal
        table.t = CARD_SECONDS * card + 1.0
        yield shot(f"attract-how-to-{card}-one-round")
    table.t = 0.0
    table.start()
    yield shot("ready-one-square")
    table.clues()
    table.wait(table.rules.timer_seconds)
    yield shot("erase-one-square")
    table.do(Erase((0,)))
    table.t += SLIDE_SECONDS
    yield shot("suspect-one-round")
    table.do(Pass())
    table.t += VERDICT_SECONDS + 10
    yield shot("over-not-found")


def frames(size: tuple[int, int], code: str) -> dict[str, bytes]:
    i18n.set_language(code)
    return {name: pixels(table.surface) for name, table in screens(size)}


@pytest.mark.parametrize("size", [FULL_HD, UHD])
def test_every_screen_renders_in_romanian(size: tuple[int, int]) -> None:
    english = frames(size, "en")
    i18n.set_language("ro")
    for name, table in screens(size):
        assert colours(table.surface) > 2, name
        assert pixels(table.surface) != english[name], f"{name} is still in English"
    assert table.view.phase is Phase.OVER


def test_switching_the_language_repaints_every_screen_and_back() -> None:
    """On the same surface, frame after frame: a switch repaints the whole
    monitor in the other language (and exactly as a fresh monitor would paint
    it), and switching back gives the first picture again."""
    fresh_ro = frames(FULL_HD, "ro")
    i18n.set_language("en")
    for name, table in screens(FULL_HD):
        english = pixels(table.surface)
        assert table.draw() == []                                   # nothing changed...
        i18n.set_language("ro")
        assert table.draw() == [table.surface.get_rect()], name    # ...the language did
        assert pixels(table.surface) != english, name
        assert pixels(table.surface) == fresh_ro[name], f"{name}: not as a fresh monitor paints it"
        i18n.set_language("en")
        table.draw()
        assert pixels(table.surface) == english, f"{name}: not back in English"


def test_a_refusal_on_screen_follows_the_language() -> None:
    """Refusals are kept as templates: a switch while one shows translates it."""
    table = Table()
    table.start()
    table.ui.on_rejected(Flip(), RuleViolation("Round {round}", round=2), table.t)
    assert table.ui.moments.message is not None
    assert table.ui.moments.message.text == "Round 2"
    i18n.set_language("ro")
    assert table.ui.moments.message.text == "Runda 2"
    table.ui.notify("Apăsați din nou", table.t)                 # the device's own: as given
    assert table.ui.moments.message.text == "Apăsați din nou"


def test_no_grammar_is_built_from_numbers() -> None:
    i18n.set_language("ro")
    assert words.erasing(1) == "Un pătrat va dispărea"
    assert words.erasing(3) == "3 pătrate vor dispărea"
    assert words.board_erased(1) == "1 ștearsă"
    assert words.board_erased(4) == "4 șterse"
    i18n.set_language("en")
    assert words.erasing(1) == "1 square will vanish"
    assert words.board_erased(1) == "1 erased"


def test_the_simulator_key_legend_is_translated() -> None:
    catalog = i18n.catalog("ro")
    texts = [meaning for _, meaning in KEY_LEGEND] + [keys for keys, _ in KEY_LEGEND if len(keys) > 3]
    assert [text for text in texts if text not in catalog] == []


def test_romanian_uses_comma_below_letters() -> None:
    """ș and ț, never the Turkish-looking cedilla forms ş and ţ."""
    for path in sorted((i18n.LOCALE_DIR / "ro").glob("detective.json")):
        text = path.read_text(encoding="utf-8")
        assert not set("şţŞŢ") & set(text), path
