"""How long a notice (a refusal explained, a warning of the device) stays on a screen.

Screens count their time `t` from the start of each game and from each return
to the attract loop, so a notice timed on it outlived its game: a refusal from
one game came back over the next one's screens for minutes. The App therefore
times notices on its own clock, which never restarts, and tells a screen when
to drop its notice: when its time is up, and at once when a game starts, ends
or is put away.
"""

from __future__ import annotations

from typing import Protocol


class NoticeScreen(Protocol):
    @property
    def notice_seconds(self) -> float:
        """How long this screen shows a notice (a screen far from its readers shows it longer)."""
        ...

    def forget_notice(self) -> None:
        """Stop showing the notice, if any."""
        ...


class NoticeTimes:
    """When each screen's notice goes, on the app's clock."""

    def __init__(self) -> None:
        self._due: dict[int, tuple[NoticeScreen, float]] = {}

    def shown(self, screen: NoticeScreen, now: float) -> None:
        """`screen` has just put up a notice (replacing any it had)."""
        self._due[id(screen)] = (screen, now + screen.notice_seconds)

    def expire(self, now: float) -> None:
        for key, (screen, due) in list(self._due.items()):
            if now >= due:
                screen.forget_notice()
                del self._due[key]

    def clear(self) -> None:
        """Every notice goes now (a game started, ended or was put away)."""
        for screen, _ in self._due.values():
            screen.forget_notice()
        self._due.clear()
