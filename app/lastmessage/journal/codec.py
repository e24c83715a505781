"""Commands and events as JSON: the one place where they meet text.

Used only at the edges, where text comes in or goes out: the script reader
(script.py), the journal (store.py) and the events writer (play.py).
Everything inside works on the typed dataclasses of commands.py and
rules/events.py. The JSON forms are the public contract of PLAY_SCRIPT.md,
field for field and in the same order; `game_started` also carries the rules
it is played with (an extension).

Decoding is strict about what a command or an event needs and says in one
short line what is wrong, quoting at most a few dozen characters of what it
was given; unknown extra fields are ignored, so that scripts may carry
comments and newer writers may add fields. Lines come from anyone (a script
is typed by hand, a journal may be damaged), so JSON that Python would take
but nothing of ours could use or write back is refused as it is read: lone
surrogates, nesting deeper than any line of ours, integers of more digits
than any count or time.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, TypeVar, assert_never, get_args

from lastmessage.config.jsonfile import JsonRefused, loads as bounded_loads
from lastmessage.commands import (
    Accuse, AddStroke, AddWord, ChooseScene, Command, Erase, Flip, NewGame, Pass, Pick, Screenshot, ShowBoard, Zoom, Guide,
    ScriptAction, SetLanguage, SetVolume, Undo, Wait,
)
from lastmessage.operator.commands import (
    ChooseHouseRules, ChooseLanguage, ChoosePhones, ChooseRotation, ChooseVolume, CloseOperator, EnterPin,
    OpenOperator, OperatorCommand, Page, PowerCommand, PutAway, ShowPage, CheckOutput,
)
from lastmessage.operator.events import (
    OperatorChanged, OperatorClosed, OperatorDone, OperatorEvent, OperatorOpened, OperatorRefused, OperatorRemote,
    OperatorUnlocked,
)
from lastmessage.operator.power import PowerAction
from lastmessage.rules.config import Rules, RulesError
from lastmessage.rules.errors import SHOWN_CHARACTERS, RejectionReason, shorten
from lastmessage.rules.events import (
    TIME_DECIMALS, AbandonReason, Accused, CellsErased, EndReason, Event, EventError, GameAbandoned, GameOver, IdleWarning,
    GameStarted, Passed, Point, Rejected, SecretChosen, StrokeAdded, TimerStarted, TimeUp, Undone, Winner, WordAdded,
)

E = TypeVar("E", bound=StrEnum)

EVENT_TYPES = tuple(kind.type for kind in get_args(Event))
ACTIONS = tuple(kind.action for kind in get_args(Command))
MAX_SHOT_AT = 60.0   # seconds: a screenshot's `at` lies within the animations of one event
_SCREENSHOT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,80}")
MAX_DEPTH = 16          # a line of ours nests 3 deep (a stroke's points)
MAX_DIGITS = 20         # more than any count or time of a game
MAX_WAIT = 24 * 3600    # seconds a script may wait at once: a game lasts minutes


class CodecError(ValueError):
    """A command line that is not one of ours; str() says what is wrong, in one line."""


def _dumps(obj: Mapping[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))


def _loads(text: str) -> Any:
    """The line's JSON, bounded (config/jsonfile.py); NaN and Infinity are kept so that
    the field they stand at is named, and a lone surrogate is refused anywhere.
    Numbers are not visited: the journal decodes thousands of points at every boot."""
    try:
        return bounded_loads(text, max_depth=MAX_DEPTH, max_digits=MAX_DIGITS, finite=False,
                             whole_unicode=True)
    except JsonRefused as error:
        raise ValueError(str(error)) from None


def _shown(value: Any) -> str:
    """A JSON value as a message quotes it: one short line, whatever it was."""
    if isinstance(value, str):
        return f'"{shorten(value)}"'
    return shorten(json.dumps(value))


class _Fields:
    """The fields of one JSON object, each read as the type it must be (ValueError if not)."""

    def __init__(self, raw: Mapping[str, Any]) -> None:
        self.raw = raw

    def has(self, key: str) -> bool:
        return key in self.raw

    def text(self, key: str) -> str:
        value = self.raw.get(key)
        if not isinstance(value, str) or not value:
            raise ValueError(f'"{key}" must be non-empty text')
        return value

    def printable(self, key: str, *, empty: bool = False) -> str:
        """Text that a screen can show and a person can type: no NUL, no line breaks."""
        value = self.any_text(key) if empty else self.text(key)
        if not value.isprintable():
            index, bad = next((i, ch) for i, ch in enumerate(value) if not ch.isprintable())
            raise ValueError(f'"{key}" must be printable text, not {_shown(value)} '
                             f"(character {index + 1} is U+{ord(bad):04X})")
        return value

    def any_text(self, key: str) -> str:
        value = self.raw.get(key)
        if not isinstance(value, str):
            raise ValueError(f'"{key}" must be text')
        return value

    def number(self, key: str) -> float:
        value = self.raw.get(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise ValueError(f'"{key}" must be a number, not {_shown(value)}')
        return value   # 30 stays 30 (not 30.0): a line read and written again is the same line

    def whole(self, key: str) -> int:
        return _whole(self.raw.get(key), f'"{key}"')

    def flag(self, key: str) -> bool:
        value = self.raw.get(key)
        if not isinstance(value, bool):
            raise ValueError(f'"{key}" must be true or false')
        return value

    def cells(self, key: str) -> tuple[int, ...]:
        cells = self.raw.get(key)
        if not isinstance(cells, list):
            raise ValueError(f'"{key}" must be a list of square numbers, not {_shown(cells)}')
        return tuple(_whole(cell, "each cell") for cell in cells)

    def points(self, key: str) -> tuple[Point, ...]:
        points = self.raw.get(key)
        if not isinstance(points, list) or not points:
            raise ValueError(f'"{key}" must be a non-empty list of [x, y] pairs')
        result = []
        for index, point in enumerate(points):
            if (not isinstance(point, list) or len(point) != 2
                    or any(isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v)
                           for v in point)):
                raise ValueError(f'"{key}"[{index}] must be [x, y] with two numbers, not {_shown(point)}')
            result.append((float(point[0]), float(point[1])))
        return tuple(result)

    def choice(self, key: str, kind: type[E]) -> E:
        value = self.raw.get(key)
        if isinstance(value, str) and value in kind.__members__.values():
            return kind(value)
        raise ValueError(f'"{key}" must be one of {", ".join(kind)}, not {_shown(value)}')

    def rules(self, key: str) -> Rules:
        table = self.raw.get(key)
        if not isinstance(table, dict):
            raise ValueError(f'"{key}" must be an object of rules settings')
        try:
            return Rules.from_mapping(table)
        except (RulesError, TypeError) as error:   # its messages quote the values whole: cut short
            raise ValueError(f'"{key}": {shorten(str(error), 3 * SHOWN_CHARACTERS)}') from error


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, not {_shown(value)}")
    return int(value)


# ---- events -------------------------------------------------------------------------

def encode_event(event: Event) -> str:
    """One line of JSON, as the events writer and the journal keep it."""
    obj: dict[str, Any] = {"type": event.type, "t": event.t}
    match event:
        case GameStarted(scene=scene, rules=rules):
            obj.update(scene=scene, rules=rules.to_mapping())
        case SecretChosen(character=character):
            obj.update(character=character)
        case TimerStarted(round=number, seconds=seconds):
            obj.update(round=number, seconds=seconds)
        case StrokeAdded(round=number, cells=cells, points=points, width=width):
            obj.update(round=number, cells=list(cells), points=[list(p) for p in points], width=width)
        case WordAdded(round=number, cell=cell, text=text, cells=cells):
            obj.update(round=number, cell=cell, text=text)
            if cells is not None:   # absent from an event of a journal written before words ran on
                obj.update(cells=list(cells))
        case Undone(round=number) | TimeUp(round=number) | Passed(round=number):
            obj.update(round=number)
        case CellsErased(round=number, cells=cells):
            obj.update(round=number, cells=list(cells))
        case Accused(round=number, character=character, correct=correct):
            obj.update(round=number, character=character, correct=correct)
        case GameOver(winner=winner, reason=reason, round=number):
            obj.update(winner=winner.value, reason=reason.value, round=number)
        case GameAbandoned(reason=reason, round=number):
            obj.update(reason=reason.value, round=number)
        case IdleWarning(seconds=seconds, round=number):
            obj.update(seconds=seconds, round=number)
        case Rejected(action=action, reason=reason, message=message, round=number):
            obj.update(action=action, reason=reason.value, message=message)
            if number is not None:
                obj.update(round=number)
        case _:
            assert_never(event)
    return _dumps(obj)


def encode_address_event(kind: str, t: float, url: str) -> str:
    """`phones_ready` / `keepsake`: where phones join the game, or find its keepsake (not journalled)."""
    return _dumps({"type": kind, "t": round(float(t), TIME_DECIMALS), "url": url})   # as every event's t


def encode_operator_event(event: OperatorEvent) -> str:
    """One line of JSON for an event of the operator menu (never the PIN: it has none)."""
    obj: dict[str, Any] = {"type": event.type, "t": event.t}
    match event:
        case OperatorOpened(via=via):
            obj.update(via=via)
        case OperatorRefused(reason=reason, tries_left=tries_left, seconds=seconds):
            obj.update(reason=reason)
            if tries_left is not None:
                obj.update(tries_left=tries_left)
            if seconds is not None:
                obj.update(seconds=seconds)
        case OperatorUnlocked():
            pass
        case OperatorClosed(reason=reason):
            obj.update(reason=reason)
        case OperatorChanged(setting=setting, value=value):
            obj.update(setting=setting, value=list(value) if isinstance(value, tuple) else value)
        case OperatorDone(action=action, done=done, message=message):
            obj.update(action=action, done=done)
            if message:
                obj.update(message=message)
        case OperatorRemote(source=source, command=command, done=done, message=message):
            obj.update(source=source, command=command, done=done)
            if message:
                obj.update(message=message)
        case _:
            assert_never(event)
    return _dumps(obj)


def decode_event(text: str, *, rules: Rules | None = None) -> Event:
    """The event of one JSON line; EventError says in one line what is wrong.

    `rules`: those of a `game_started` that carries none (written before it
    carried them; the journal kept them beside the game).
    """
    try:
        obj = _loads(text)
    except ValueError as error:
        raise EventError(f"event line: {error}") from None
    if not isinstance(obj, dict):
        raise EventError(f"an event must be a JSON object, not {text[:60]!r}")
    kind, t = obj.get("type"), obj.get("t")
    if not isinstance(kind, str) or kind not in EVENT_TYPES:
        raise EventError(f"unknown event type {_shown(kind)}; the types are {', '.join(EVENT_TYPES)}")
    if isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t):
        raise EventError(f'{kind}: "t" must be a number of seconds, not {_shown(t)}')
    try:
        return _event(kind, float(t), _Fields(obj), rules)
    except ValueError as error:
        raise EventError(f"{kind}: {error}") from None


def _event(kind: str, t: float, f: _Fields, rules: Rules | None) -> Event:
    match kind:
        case "game_started":
            if rules is None or f.has("rules"):
                rules = f.rules("rules")
            return GameStarted(t, f.text("scene"), rules)
        case "secret_chosen":
            return SecretChosen(t, f.text("character"))
        case "timer_started":
            return TimerStarted(t, f.whole("round"), f.number("seconds"))
        case "stroke_added":
            return StrokeAdded(t, f.whole("round"), f.cells("cells"), f.points("points"), f.number("width"))
        case "word_added":
            return WordAdded(t, f.whole("round"), f.whole("cell"), f.any_text("text"),
                             f.cells("cells") if f.has("cells") else None)
        case "undone":
            return Undone(t, f.whole("round"))
        case "time_up":
            return TimeUp(t, f.whole("round"))
        case "cells_erased":
            return CellsErased(t, f.whole("round"), f.cells("cells"))
        case "accused":
            return Accused(t, f.whole("round"), f.text("character"), f.flag("correct"))
        case "passed":
            return Passed(t, f.whole("round"))
        case "game_over":
            return GameOver(t, f.choice("winner", Winner), f.choice("reason", EndReason), f.whole("round"))
        case "rejected":
            action = f.text("action")
            if action not in ACTIONS:
                raise ValueError(f'"action" must be one of {", ".join(ACTIONS)}, not {_shown(action)}')
            return Rejected(t, action, f.choice("reason", RejectionReason), f.any_text("message"),
                            f.whole("round") if f.has("round") else None)
        case "game_abandoned":
            return GameAbandoned(t, f.choice("reason", AbandonReason), f.whole("round"))
        case "idle_warning":
            return IdleWarning(t, f.whole("seconds"), f.whole("round"))
    raise AssertionError(f"{kind} is in EVENT_TYPES but has no decoder")


# ---- rules (beside a journalled game, before `game_started` carried them) -------------

def encode_rules(rules: Rules) -> str:
    return _dumps(rules.to_mapping())


def decode_rules(text: str) -> Rules:
    """Rules kept as JSON; a ValueError says what is wrong."""
    return _Fields({"rules": _loads(text)}).rules("rules")


# ---- commands and script actions ------------------------------------------------------

def encode_command(command: Command | OperatorCommand | Wait | Screenshot | ShowBoard | Zoom | Guide) -> str:
    """One line of JSON in the shape of a script action."""
    obj: dict[str, Any] = {"action": command.action}
    match command:
        case OpenOperator(via=via):
            obj.update(via=via)
        case EnterPin(pin=pin):
            obj.update(pin=pin)
        case ShowPage(page=page):
            obj.update(page=page.value)
        case ChooseLanguage(code=code):
            obj.update(code=code)
        case ChooseVolume(level=level):
            obj.update(level=level)
        case ChooseHouseRules(preset=preset):
            obj.update(preset=preset)
        case ChooseRotation(scenes=scenes):
            obj.update(scenes=list(scenes))
        case ChoosePhones(setting=setting, on=on):
            obj.update(setting=setting, on=on)
        case PowerCommand(what=what):
            obj.update(what=what.value)
        case CheckOutput(what=what):
            obj.update(what=what)
        case CloseOperator() | PutAway():
            pass
        case ChooseScene(id=scene_id, preset=preset):
            obj.update(id=scene_id)
            if preset is not None:
                obj.update(preset=preset)
        case Pick(character=character) | Accuse(character=character):
            obj.update(character=character)
        case AddStroke(points=points, width=width):
            obj.update(points=[list(p) for p in points])
            if width is not None:
                obj.update(width=width)
        case AddWord(cell=cell, text=text):
            obj.update(cell=cell, text=text)
        case Erase(cells=cells):
            obj.update(cells=list(cells))
        case Wait(seconds=seconds):
            obj.update(seconds=seconds)
        case ShowBoard(round=number):
            obj.update(round=number)
        case Zoom(level=level, at=at):
            obj.update(level=level, at=list(at))
        case Guide(on=on):
            obj.update(on=on)
        case Screenshot(name=name, at=at):
            obj.update(name=name)
            if at is not None:
                obj.update(at=at)
        case SetLanguage(code=code):
            obj.update(code=code)
        case SetVolume(level=level):
            obj.update(level=level)
        case Flip() | Undo() | Pass() | NewGame():
            pass
        case _:
            assert_never(command)
    return _dumps(obj)


def decode_command(text: str) -> Command | OperatorCommand | Wait | Screenshot | ShowBoard | Zoom | Guide:
    """Any command (the app's `new_game` and a scene's rules preset too); CodecError if not one."""
    return _decode(text, script=False)


def decode_action(text: str) -> ScriptAction:
    """The action of one script line (not blank, not a comment); CodecError names the problem.

    Scripts choose their rules with `--config`: a scene's `preset`, like any
    field an action does not have, is ignored; `new_game` is no script action.
    """
    action = _decode(text, script=True)
    if isinstance(action, (NewGame, SetLanguage)):
        raise CodecError(f"unknown action {_shown(action.action)}")
    return action


def _decode(text: str, *, script: bool) -> Command | OperatorCommand | Wait | Screenshot | ShowBoard | Zoom | Guide:
    try:
        raw = _loads(text)
    except ValueError as error:
        raise CodecError(str(error)) from None
    if not isinstance(raw, dict):
        raise CodecError("each line must be a JSON object")
    if "action" not in raw:
        raise CodecError('missing "action"')
    kind = raw["action"]
    if not isinstance(kind, str):
        raise CodecError(f'"action" must be text, not {_shown(kind)}')
    try:
        return _command(kind, _Fields(raw), script=script)
    except CodecError:
        raise
    except ValueError as error:
        raise CodecError(f"{kind}: {error}") from None


def _command(kind: str, f: _Fields, *, script: bool) -> Command | OperatorCommand | Wait | Screenshot | ShowBoard | Zoom | Guide:
    if kind in OPERATOR_ACTIONS:
        return _operator_command(kind, f)
    match kind:
        case "scene":
            return ChooseScene(f.printable("id"),
                               f.printable("preset") if f.has("preset") and not script else None)
        case "pick":
            return Pick(f.printable("character"))
        case "flip":
            return Flip()
        case "stroke":
            return AddStroke(f.points("points"), f.number("width") if f.has("width") else None)
        case "word":
            return AddWord(f.whole("cell"), f.printable("text", empty=True))
        case "undo":
            return Undo()
        case "erase":
            return Erase(f.cells("cells"))
        case "accuse":
            return Accuse(f.printable("character"))
        case "pass":
            return Pass()
        case "new_game":
            return NewGame()
        case "language":
            return SetLanguage(f.printable("code"))
        case "volume":
            return SetVolume(f.whole("level"))
        case "wait":
            seconds = f.number("seconds")
            if not 0 <= seconds <= MAX_WAIT:
                raise ValueError(f'"seconds" must be from 0 to {MAX_WAIT} (a day), not {_shown(seconds)}')
            return Wait(seconds)
        case "board":
            if not f.has("round"):
                raise ValueError('"round" must be given: a round\'s number, or null to put the board back')
            if f.raw["round"] is None:
                return ShowBoard(None)
            number = f.whole("round")
            if not 1 <= number <= 8:
                raise ValueError(f'"round" must be from 1 to 8, or null, not {number}')
            return ShowBoard(number)
        case "zoom":
            return _zoom(f)
        case "guide":
            return Guide(f.flag("on"))
        case "screenshot":
            name = f.text("name")
            if not _SCREENSHOT_NAME.fullmatch(name):
                raise ValueError('"name" must be a plain file name (letters, digits, ".", "_", "-")')
            if not f.has("at"):
                return Screenshot(name)
            at = f.number("at")
            if not 0 <= at <= MAX_SHOT_AT:
                raise ValueError(f'"at" must be from 0 to {MAX_SHOT_AT} seconds after the last event, not {_shown(at)}')
            return Screenshot(name, at)
    raise CodecError(f"unknown action {_shown(kind)}")


def _zoom(f: _Fields) -> Zoom:
    """`level` 1..3 and `at`, a scene point [x, y] of two numbers from 0 to 1."""
    level = f.whole("level")
    if not 1 <= level <= 3:
        raise ValueError(f'"level" must be 1, 2 or 3, not {level}')
    at = f.raw.get("at")
    if not isinstance(at, list) or len(at) != 2 or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and 0 <= v <= 1 for v in at):
        raise ValueError(f'"at" must be a scene point [x, y] of two numbers from 0 to 1, not {_shown(at)}')
    return Zoom(level, (float(at[0]), float(at[1])))


OPERATOR_ACTIONS = tuple(kind.action for kind in get_args(OperatorCommand))
MAX_PIN_TEXT = 64   # a PIN has 4 to 8 digits; a script may try a wrong one, not a book


def _operator_command(kind: str, f: _Fields) -> OperatorCommand:
    match kind:
        case "operator_open":
            via = f.text("via") if f.has("via") else "button"
            if via not in ("button", "corner"):
                raise ValueError(f'"via" must be "button" or "corner", not {_shown(via)}')
            return OpenOperator("corner" if via == "corner" else "button")
        case "operator_pin":
            pin = f.printable("pin", empty=True)
            if len(pin) > MAX_PIN_TEXT:
                raise ValueError(f'"pin" must have at most {MAX_PIN_TEXT} characters')
            return EnterPin(pin)
        case "operator_close":
            return CloseOperator()
        case "operator_page":
            return ShowPage(f.choice("page", Page))
        case "operator_language":
            return ChooseLanguage(f.printable("code"))
        case "operator_volume":
            return ChooseVolume(f.whole("level"))
        case "house_rules":
            return ChooseHouseRules(f.printable("preset"))
        case "rotation":
            scenes = f.raw.get("scenes")
            if not isinstance(scenes, list) or len(scenes) > 64 or not all(
                    isinstance(s, str) and 0 < len(s) <= 80 and s.isprintable() for s in scenes):
                raise ValueError('"scenes" must be a list of at most 64 scene ids')
            return ChooseRotation(tuple(scenes))
        case "phones":
            setting = f.text("setting")
            if setting not in ("phones", "audience"):
                raise ValueError(f'"setting" must be "phones" or "audience", not {_shown(setting)}')
            return ChoosePhones("phones" if setting == "phones" else "audience", f.flag("on"))
        case "put_away":
            return PutAway()
        case "power":
            return PowerCommand(f.choice("what", PowerAction))
        case "operator_test":
            return CheckOutput(f.printable("what"))
    raise AssertionError(f"{kind} is in OPERATOR_ACTIONS but has no decoder")
