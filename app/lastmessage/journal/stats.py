"""`lastmessage stats`: what the table has been used for, from its journal.

For the people who run a device (a museum, an event): how many games were
played, who won how, which scenes are chosen, how long a game takes.
"""

from __future__ import annotations

import argparse
import datetime
import json
import logging
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypedDict

from lastmessage.arguments import Subparsers
from lastmessage.rules.events import EndReason, Winner
from lastmessage.config.settings import SettingsError, load_settings
from lastmessage.journal.store import GameSummary, JournalReader, StoreError
from lastmessage.operator.view import NO_GAMES, Today

log = logging.getLogger(__name__)


class Figures(TypedDict):
    games: int
    finished: int
    unfinished: int
    winners: dict[str, int]     # by Winner value
    reasons: dict[str, int]     # by EndReason value
    scenes: dict[str, int]      # most chosen first
    average_rounds: float | None
    average_minutes: float | None
    first: str | None           # local time of the first and the last game
    last: str | None
    skipped: list[str]          # what could not be read of the journal, one line each


def report(games: list[GameSummary], skipped: Sequence[str] = ()) -> Figures:
    finished = [g for g in games if g.winner is not None]
    return {
        "games": len(games),
        "finished": len(finished),
        "unfinished": len(games) - len(finished),
        "winners": {str(w): n for w, n in Counter(g.winner for g in finished if g.winner).items()},
        "reasons": {str(r): n for r, n in Counter(g.reason for g in finished if g.reason).items()},
        "scenes": dict(Counter(g.scene for g in games if g.scene).most_common()),
        "average_rounds": round(sum(g.rounds for g in finished) / len(finished), 2) if finished else None,
        "average_minutes": round(sum(g.seconds for g in finished) / len(finished) / 60, 1) if finished else None,
        "first": time.strftime("%Y-%m-%d %H:%M", time.localtime(games[0].created)) if games else None,
        "last": time.strftime("%Y-%m-%d %H:%M", time.localtime(games[-1].created)) if games else None,
        "skipped": list(skipped),
    }


def todays_games(journal: Path | None,
                 now: Callable[[], datetime.datetime] = datetime.datetime.now) -> Today | None:
    """Today's figures for the operator menu's stats page, read beside the writer
    (read-only); None when the journal cannot be read."""
    if journal is None or not journal.exists():
        return NO_GAMES
    midnight = now().replace(hour=0, minute=0, second=0, microsecond=0).timestamp()
    try:
        reader = JournalReader(journal)
    except StoreError as error:
        log.warning("operator menu: today's figures: %s", error)
        return None
    try:
        figures = report([game for game in reader.summaries() if game.created >= midnight], reader.skipped)
    finally:
        reader.close()
    winners = figures["winners"]
    return Today(figures["games"], figures["finished"], winners.get(Winner.DETECTIVES, 0),
                 winners.get(Winner.CRIMINAL, 0), figures["average_minutes"], len(figures["skipped"]))


def _print(figures: Figures, source: Path) -> None:
    print(f"journal: {source}")
    if not figures["games"]:
        print("no game could be read" if figures["skipped"] else "no games yet")
        return
    print(f"games: {figures['games']} ({figures['finished']} finished, {figures['unfinished']} not) "
          f"from {figures['first']} to {figures['last']}")
    winners = figures["winners"]
    if figures["finished"]:
        print(f"detectives won {winners.get(Winner.DETECTIVES, 0)}, "
              f"the criminal won {winners.get(Winner.CRIMINAL, 0)}")
        reasons = figures["reasons"]
        print(f"  found {reasons.get(EndReason.FOUND, 0)} · "
              f"wrong accusation {reasons.get(EndReason.WRONG_ACCUSATION, 0)} · "
              f"not found {reasons.get(EndReason.NOT_FOUND, 0)}")
        print(f"a finished game lasts {figures['average_rounds']} rounds, "
              f"{figures['average_minutes']} minutes on average")
    print("scenes: " + ", ".join(f"{scene} {count}" for scene, count in figures["scenes"].items()))


def _run(args: argparse.Namespace) -> int:
    try:
        path = args.db or load_settings(args.config).store.db
    except SettingsError as error:
        print(f"lastmessage: {error}", file=sys.stderr)
        return 2
    if not path.exists():
        print(f"lastmessage: {path}: no journal yet (no game has been played with it)", file=sys.stderr)
        return 2
    try:
        journal = JournalReader(path)
    except StoreError as error:
        print(f"lastmessage: {error}", file=sys.stderr)
        return 2
    try:
        figures = report(journal.summaries(), journal.skipped)
    finally:
        journal.close()
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        _print(figures, path)
    for what in journal.skipped:
        print(f"lastmessage: {path}: skipped {what}", file=sys.stderr)
    return 0


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("stats", help="how the table has been used: games, winners, scenes")
    parser.add_argument("--db", type=Path, metavar="FILE", help="the game journal (default: from the config)")
    parser.add_argument("--config", type=Path, metavar="FILE", help="config file naming the journal")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.set_defaults(func=_run)
