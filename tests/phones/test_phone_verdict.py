"""A detective holding a phone follows the game: after each ACCUSE or pass the page shows the verdict as the
monitor stamps it, whom a wrong accusation accused and that the game goes on, and at the end who won and why.

Real headless Chromium on the real server, a real table stepped as the frame loop steps it, in both
languages; the page's screenshots are kept under /tmp/page/ for a person to look at.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from lastmessage.commands import Accuse, AddStroke, Command, Erase, Flip, Pass, SetLanguage
from lastmessage.i18n.translate import translator
from lastmessage.rules.game import Phase
from lastmessage.table.app import App
from lastmessage.clock import SimulatedClock
from lastmessage.ui.naming import name_forms
from tests.phones.chromium import Browser, Page, chromium
from tests.phones.helpers import SECRET, start_suspect, table_with_phones, with_frames
from tests.table.tables import CATALOG

pytestmark = pytest.mark.skipif(chromium() is None, reason="no chromium (scripts/setup.sh installs it)")

SHOTS = Path(os.environ.get("LASTMESSAGE_SHOTS", "/tmp/page"))
WRONG = "harbour-p051"

READ = """(() => { const v = document.getElementById("verdict"), t = (id) => document.getElementById(id).textContent;
  return {status: t("status"), shown: !v.hidden, kind: v.className, word: t("verdict_word"), who: t("verdict_who"),
          next: t("verdict_next"), end: t("verdict_end"), why: t("verdict_why")}; })()"""


async def read_when(page: Page, condition: str) -> dict[str, object]:
    """What the page shows once its state meets `condition` (and its phase line is written)."""
    await page.until(f"state && ({condition})")
    await page.until("document.getElementById('status').textContent !== ''")
    return dict(await page.evaluate(READ))


def next_round(app: App, clock: SimulatedClock, squares: int) -> None:
    for command in (Flip(), AddStroke(((0.3, 0.3), (0.6, 0.6)))):
        app.execute(command, "test")
        app.step()
    clock.advance(31)
    app.step()
    app.execute(Erase(tuple(range(squares))), "test")
    app.step()
    assert app.game.phase is Phase.SUSPECT


def decide(app: App, command: Command) -> None:
    app.execute(command, "test")
    app.step()


Steps = Callable[[Page, App, SimulatedClock, dict[str, dict[str, object]]], Awaitable[None]]


def on_a_phone(language: str, steps: Steps) -> dict[str, dict[str, object]]:
    """A harbour game to its first suspect step in `language`, a phone joined, then `steps` played on it."""
    with table_with_phones() as (app, phones, clock):
        app.execute(SetLanguage(language), "test")
        start_suspect(app, clock)
        url = phones.url()
        assert url is not None
        seen: dict[str, dict[str, object]] = {}

        async def phone() -> None:
            async with Browser() as browser:
                page = await browser.open(url)
                await read_when(page, "state.phase === 'suspect'")
                seen["suspect"] = dict(await page.evaluate(READ))
                await steps(page, app, clock, seen)

        SHOTS.mkdir(parents=True, exist_ok=True)
        with_frames(app, phone())
        return seen


def wrong_name(language: str) -> str:
    """WRONG as the monitor names them (never the criminal: a wrong accusation's)."""
    wrong = CATALOG.get("harbour").character(WRONG)   # type: ignore[union-attr]
    assert wrong is not None and wrong.id != SECRET and wrong.is_person
    return name_forms(translator(language), wrong).heading


@pytest.mark.parametrize("language", ["en", "ro"])
def test_a_wrong_accusation_then_the_right_one(language: str) -> None:
    tx = translator(language)

    async def steps(page: Page, app: App, clock: SimulatedClock, seen: dict[str, dict[str, object]]) -> None:
        decide(app, Accuse(WRONG))
        seen["wrong"] = await read_when(page, "state.phase === 'ready'")
        await page.screenshot(SHOTS / f"verdict-wrong-{language}.png")
        next_round(app, clock, 4)
        seen["round 2"] = await read_when(page, "state.phase === 'suspect' && state.round === 2")
        decide(app, Accuse(SECRET))
        seen["end"] = await read_when(page, "state.phase === 'over'")
        await page.until("/" + tx.tr("The game is over.") + "/.test(document.getElementById('status').textContent)")
        seen["after"] = dict(await page.evaluate(READ))
        await page.screenshot(SHOTS / f"verdict-end-{language}.png")

    seen = on_a_phone(language, steps)
    assert seen["suspect"]["shown"] is False
    assert seen["wrong"] == {
        "status": tx.tr("Round {round} of {rounds}", round=2, rounds=4) + " · " + tx.tr("The round is about to start."),
        "shown": True, "kind": "wrong", "word": tx.tr("NOT THE CRIMINAL"),
        "who": tx.tr("Round {round}", round=1) + " · " + wrong_name(language),
        "next": tx.tr("The game goes on.") + " " + tx.tr("Next: the victim draws a new clue for round {number}.",
                                                         number=2),
        "end": "", "why": ""}
    assert seen["round 2"]["shown"] is False   # the verdict was the waiting's: the search is on again
    assert seen["end"]["kind"] == "correct" and seen["end"]["word"] == tx.tr("CORRECT")
    assert seen["end"]["who"] == tx.tr("Round {round}", round=2)   # the criminal is not named to a phone
    assert seen["end"]["end"] == tx.tr("The victim and the detectives win!")
    assert seen["end"]["why"] == tx.tr("The criminal was found in round {round}.", round=2)
    assert seen["after"]["status"] == tx.tr("The game is over.") and seen["after"]["shown"] is True


@pytest.mark.parametrize("language", ["en", "ro"])
def test_a_pass_then_a_fatal_wrong_accusation(language: str) -> None:
    """From round 3 a wrong accusation loses at once: the accused is named, the criminal wins."""
    tx = translator(language)

    async def steps(page: Page, app: App, clock: SimulatedClock, seen: dict[str, dict[str, object]]) -> None:
        decide(app, Pass())
        seen["passed"] = await read_when(page, "state.phase === 'ready'")
        next_round(app, clock, 4)
        decide(app, Pass())
        await read_when(page, "state.phase === 'ready' && state.round === 3")
        next_round(app, clock, 3)
        decide(app, Accuse(WRONG))
        seen["end"] = await read_when(page, "state.phase === 'over'")
        await page.screenshot(SHOTS / f"verdict-lost-{language}.png")

    seen = on_a_phone(language, steps)
    assert seen["passed"]["kind"] == "passed" and seen["passed"]["word"] == tx.tr("PASSED")
    assert seen["passed"]["who"] == tx.tr("Round {round}", round=1)
    assert seen["passed"]["next"] == tx.tr("Next: the victim draws a new clue for round {number}.", number=2)
    assert seen["end"]["kind"] == "wrong" and seen["end"]["next"] == ""
    assert seen["end"]["who"] == tx.tr("Round {round}", round=3) + " · " + wrong_name(language)
    assert seen["end"]["end"] == tx.tr("The criminal wins")
    assert seen["end"]["why"] == tx.tr("A wrong accusation in round {round}.", round=3)
