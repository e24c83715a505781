"""`lastmessage play`: one game from a script, headless, on a simulated clock.

The formats are the public contract of PLAY_SCRIPT.md. Events are written as
they happen, line by line and flushed, so that a script that turns out to be
malformed halfway still leaves everything that happened before it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from lastmessage.clock import SimulatedClock
from lastmessage.commands import Command, perform
from lastmessage.rules.config import Rules, RulesError, load_config, rules_from_config
from lastmessage.rules.errors import RuleViolation
from lastmessage.rules.events import Event
from lastmessage.rules.game import Game, UnknownScene
from lastmessage.scenes.model import SceneCatalog, SceneError, load_scenes, shipped_scenes_dir
from lastmessage.script import Action, ScriptError, read_actions
from lastmessage.store import Journal, StoreError


class PlayError(Exception):
    """Play cannot go on; exit 2 with this one-line message."""


class DirectDriver:
    """Carries script actions straight to the game (the screens are not involved)."""

    def __init__(self, game: Game, clock: SimulatedClock, warn: Callable[[str], None]) -> None:
        self.game = game
        self.clock = clock
        self.origin: float | None = None
        self._warn = warn
        self._warned_screenshots = False

    def t(self) -> float:
        return 0.0 if self.origin is None else self.clock.now() - self.origin

    def perform(self, action: Action) -> None:
        kind = action.kind
        if kind == "wait":
            self.clock.advance(action["seconds"])
            self.game.advance(self.t())
        elif kind == "screenshot":
            if not self._warned_screenshots:
                self._warn("screenshot actions are accepted but no screens are drawn by this driver")
                self._warned_screenshots = True
        else:
            if kind == "scene" and self.origin is None and action["id"] in self.game.scenes:
                self.origin = self.clock.now()
            perform(self.game, Command(kind, action.fields), self.t())


class EventWriter:
    """Writes each event once, as a JSON line, flushed; and to the journal if any."""

    def __init__(self, out: TextIO, journal: Journal | None, game_id: int | None) -> None:
        self.out = out
        self.journal = journal
        self.game_id = game_id

    def write(self, event: Event) -> None:
        self.out.write(event.to_line() + "\n")
        self.out.flush()
        if self.journal is not None and self.game_id is not None and event.type != "rejected":
            self.journal.append(self.game_id, event)


def rejected(action: Action, violation: RuleViolation, t: float, game: Game) -> Event:
    data: dict[str, Any] = {"action": action.kind, "reason": violation.reason,
                            "message": violation.message}
    if game.round:
        data["round"] = game.round
    return Event("rejected", t, data)


def play_script(script: Path, source: str, catalog: SceneCatalog, rules: Rules,
                out: TextIO, journal: Journal | None) -> None:
    """Play every action; raises ScriptError/PlayError for what makes exit 2."""
    game = Game(rules, catalog)
    driver = DirectDriver(game, SimulatedClock(), lambda m: print(f"lastmessage: {m}", file=sys.stderr))
    try:
        stream = script.open(encoding="utf-8")
    except OSError as error:
        raise PlayError(f"{source}: cannot read the script: {error.strerror}") from error
    game_id = journal.new_game(rules.to_mapping()) if journal else None
    writer = EventWriter(out, journal, game_id)
    written = 0
    with stream:
        try:
            for action in read_actions(stream, source):
                try:
                    driver.perform(action)
                except UnknownScene as error:
                    raise ScriptError(source, action.line, f'unknown scene "{action["id"]}"') from error
                except RuleViolation as violation:
                    for event in game.events[written:]:
                        writer.write(event)
                    written = len(game.events)
                    writer.write(rejected(action, violation, driver.t(), game))
                for event in game.events[written:]:
                    writer.write(event)
                written = len(game.events)
        except UnicodeDecodeError as error:
            raise PlayError(f"{source}: not UTF-8 text ({error.reason})") from error


def _run(args: argparse.Namespace) -> int:
    def fail(message: str) -> int:
        print(message, file=sys.stderr)
        return 2

    try:
        catalog = load_scenes(args.scenes or shipped_scenes_dir())
    except SceneError as error:
        return fail(f"lastmessage: {error}")
    try:
        rules = rules_from_config(load_config(args.config), str(args.config)) if args.config else Rules()
    except RulesError as error:
        return fail(f"lastmessage: {error}")
    journal = None
    out: TextIO = sys.stdout
    try:
        if args.db:
            journal = Journal(args.db)
        if args.events:
            out = open(args.events, "w", encoding="utf-8")
        play_script(args.script, str(args.script), catalog, rules, out, journal)
    except (ScriptError, PlayError, StoreError) as error:
        return fail(str(error))
    except OSError as error:
        return fail(f"lastmessage: {error.filename}: {error.strerror}")
    finally:
        if out is not sys.stdout:
            out.close()
        if journal is not None:
            journal.close()
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("play", help="play one game from a script, headless")
    parser.add_argument("--script", type=Path, required=True, metavar="FILE",
                        help="actions as JSON Lines (see PLAY_SCRIPT.md)")
    parser.add_argument("--events", type=Path, metavar="OUT.jsonl",
                        help="write events here (default: standard output)")
    parser.add_argument("--screenshots", type=Path, metavar="DIR",
                        help="where screenshot actions write PNGs")
    parser.add_argument("--scenes", type=Path, metavar="DIR", help="scenes folder")
    parser.add_argument("--config", type=Path, metavar="FILE", help="rules and settings (TOML)")
    parser.add_argument("--db", type=Path, metavar="FILE", help="also journal the game to this SQLite file")
    parser.add_argument("--seed", type=int, default=0, metavar="N", help="seed for random choices")
    parser.set_defaults(func=_run)
