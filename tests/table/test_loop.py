"""The real-time loop keeps the table running through a faulty frame."""

from __future__ import annotations

import logging

import pygame
import pytest

from lastmessage.clock import SimulatedClock
from lastmessage.ui.display import HeadlessDisplay
from lastmessage.table.loop import run_frames
from tables import make_app


def test_a_screen_that_fails_is_logged_once_and_the_loop_goes_on(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    pygame.init()
    display = HeadlessDisplay((1280, 800), (1920, 1080))
    app = make_app(SimulatedClock())
    real_draw = app.tablet.draw
    calls = {"n": 0}

    def flaky_draw(*args: object) -> list[pygame.Rect]:
        calls["n"] += 1
        if calls["n"] in (2, 3, 4):
            raise RuntimeError("the tablet could not draw")
        return real_draw(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(app.tablet, "draw", flaky_draw)
    with caplog.at_level(logging.ERROR, logger="lastmessage.table.loop"):
        shown = run_frames(app, display, frames=8)
    assert shown == 8 and calls["n"] == 8
    failures = [r for r in caplog.records if "a frame failed" in r.getMessage()]
    assert len(failures) == 1 and "the tablet could not draw" in failures[0].getMessage()
