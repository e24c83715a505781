"""The detective monitor in Romanian and English.

The language is switched on the tablet (or set by the config) while the
monitor shows anything: its next frame must be wholly in the new language
(nothing cached in the old one stays on screen), and every screen must render
in Romanian, at 1080p and on a 4K monitor.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from lastmessage import catalogs
from lastmessage.i18n.translate import translator
from lastmessage.commands import Accuse, ChooseScene, Erase, Flip, Pass, Pick
from lastmessage.hal.sim import KEY_LEGEND
from lastmessage.rules.config import Rules
from lastmessage.rules.errors import RuleViolation
from lastmessage.rules.game import Phase
from lastmessage.ui.detective import words
from lastmessage.ui.detective.attract import SLIDE_SECONDS as CARD_SECONDS
from lastmessage.ui.detective.moments import MESSAGE_SECONDS, VERDICT_SECONDS
from lastmessage.ui.screen import Status
from test_detective_screens import FULL_HD, UHD, Table, colours, pixels


def screens(size: tuple[int, int], language: str = "en") -> Iterator[tuple[str, Table]]:
    """Every screen of the detective monitor, in `language`: a game won by the
    detectives after a refusal, a wrong accusation and a pass, then the two ways
    the criminal wins. Yields (name, table) with the frame drawn."""
    table = Table(size)
    table.status = Status(language=language)

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
    table.ui.forget_notice()   # as the App does when the notice's time is up
    table.do(Pick(table.secret))
    yield shot("ready")
    table.clues()
    yield shot("clues")
    table.wait(table.rules.timer_seconds)
    yield shot("erase")
    table.do(Erase((0, 2, 6, 8, 1)))
    table.settle()
    yield shot("suspect")
    table.do(Accuse("park-dog"))  # refused: not a person
    yield shot("suspect-refusal")
    table.status = replace(table.status, link_ok=False)
    yield shot("suspect-link-down")
    table.status = replace(table.status, link_ok=True)
    table.t += MESSAGE_SECONDS
    table.ui.forget_notice()   # as the App does when the notice's time is up
    table.do(Accuse("park-robot"))
    table.settle()
    yield shot("verdict-wrong")
    table.t += VERDICT_SECONDS
    table.clues()
    table.erase()
    table.settle()
    table.do(Pass())
    table.settle()
    yield shot("verdict-passed")
    table.t += VERDICT_SECONDS
    yield shot("ready-round-3")
    table.clues()
    table.erase()
    table.settle()
    yield shot("suspect-fatal-round")
    table.do(Accuse("park-baker"))
    table.settle()
    yield shot("verdict-correct")
    table.t += VERDICT_SECONDS
    table.settle()
    yield shot("over-detectives-win")

    table = Table(size, rules=Rules(fatal_from_round=1, allow_pass=False))
    table.status = Status(language=language)
    table.start()
    table.clues()
    table.erase()
    table.settle()
    yield shot("suspect-no-pass")
    table.do(Accuse("park-robot"))
    table.t += VERDICT_SECONDS
    table.settle()
    yield shot("over-wrong-accusation")

    table = Table(size, rules=Rules(erase_schedule=(1,)))
    table.status = Status(language=language)
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
    table.settle()
    yield shot("suspect-one-round")
    table.do(Pass())
    table.t += VERDICT_SECONDS
    table.settle()
    yield shot("over-not-found")


def frames(size: tuple[int, int], code: str) -> dict[str, bytes]:
    return {name: pixels(table.surface) for name, table in screens(size, code)}


@pytest.mark.parametrize("size", [FULL_HD, UHD])
def test_every_screen_renders_in_romanian(size: tuple[int, int]) -> None:
    english = frames(size, "en")
    for name, table in screens(size, "ro"):
        assert colours(table.surface) > 2, name
        assert pixels(table.surface) != english[name], f"{name} is still in English"
    assert table.view.phase is Phase.OVER


def test_switching_the_language_repaints_every_screen_and_back() -> None:
    """On the same surface, frame after frame: a switch repaints the whole
    monitor in the other language (and exactly as a fresh monitor would paint
    it), and switching back gives the first picture again."""
    fresh_ro = frames(FULL_HD, "ro")
    for name, table in screens(FULL_HD):
        english = pixels(table.surface)
        assert table.draw() == []                                   # nothing changed...
        table.status = replace(table.status, language="ro")
        assert table.draw() == [table.surface.get_rect()], name    # ...the language did
        assert pixels(table.surface) != english, name
        assert pixels(table.surface) == fresh_ro[name], f"{name}: not as a fresh monitor paints it"
        table.status = replace(table.status, language="en")
        table.draw()
        assert pixels(table.surface) == english, f"{name}: not back in English"


def test_a_refusal_on_screen_follows_the_language() -> None:
    """Refusals are kept as templates: a switch while one shows translates it."""
    table = Table()
    table.start()
    table.ui.on_rejected(Flip(), RuleViolation("Round {round}", round=2), table.t)
    message = table.ui.moments.message
    assert message is not None
    assert message.text(translator("en")) == "Round 2"
    assert message.text(translator("ro")) == "Runda 2"


def test_the_service_warning_on_the_monitor_is_translated() -> None:
    table = Table()
    table.start()
    table.ui.notify("Service: press the service button again to end this game.", table.t)
    message = table.ui.moments.message
    assert message is not None
    assert message.text(translator("ro")) == "Service: apăsați încă o dată butonul de service ca să încheiați jocul."


def test_a_number_takes_its_plural_form() -> None:
    """Romanian has three: one, a few (2 to 19, and 0), many ("de")."""
    ro, en = translator("ro"), translator("en")
    assert words.erasing(ro, 1) == "Un pătrat va dispărea"
    assert words.erasing(ro, 3) == "3 pătrate vor dispărea"
    assert words.erasing(ro, 20) == "20 de pătrate vor dispărea"
    assert [words.board_erased(ro, n) for n in (1, 4, 0, 21, 101)] == [
        "1 pătrat șters", "4 pătrate șterse", "0 pătrate șterse", "21 de pătrate șterse", "101 pătrate șterse"]
    assert words.erasing(en, 1) == "1 square will vanish"
    assert [words.board_erased(en, n) for n in (1, 4)] == ["1 erased", "4 erased"]


def test_the_simulator_key_legend_is_translated() -> None:
    ro = translator("ro")
    texts = [meaning for _, meaning in KEY_LEGEND] + [keys for keys, _ in KEY_LEGEND if len(keys) > 3]
    assert [text for text in texts if ro.tr(text) == text] == []


def test_romanian_uses_comma_below_letters() -> None:
    """ș and ț, never the Turkish-looking cedilla forms ş and ţ."""
    text = catalogs.po_path("ro").read_text(encoding="utf-8")
    assert not set("şţŞŢ") & set(text)
