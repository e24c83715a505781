"""What a phone is told of the game: the monitor's public projection, as JSON, without names.

Built from `rules.projections.PublicView`, the same projection the monitor
draws, so a phone can never know more than the room does. It goes further:
no character is ever named by id, and by description only one who cannot be
the criminal: a wrong accusation carries whom it accused (`accused`, as the
monitor names them, in the table's language), a right one only its round and
verdict, marks only scene positions. The criminal is never named to a phone,
not even once the game is over: the reveal belongs to the keepsake.
"""

from __future__ import annotations

from lastmessage.i18n.translate import translator
from lastmessage.rules.board import Stroke, Word
from lastmessage.rules.game import Accusation
from lastmessage.rules.projections import PublicBoard, PublicView
from lastmessage.scenes.model import Scene
from lastmessage.ui.naming import name_forms

Json = dict[str, object]


def state_message(view: PublicView, code: str, now: float, picture: Json | None = None, *,
                  audience: bool = False, vote: Json | None = None, scene: Scene | None = None,
                  language: str = "en") -> Json:
    """The `state` message: phase, round, the clue timer's seconds left, the public boards, the
    verdicts, the end; `picture`: how to download the scene (pictures.picture_json); `audience`:
    marks are votes; `vote`: the audience's countdown while it runs ({"seconds_left": N});
    `scene` and `language`: to name the wrongly accused as the monitor does."""
    left = None if view.deadline is None else max(0.0, round(view.deadline - now, 1))
    return {
        "type": "state",
        "code": code,
        "scene": view.scene_id,
        "picture": picture,
        "phase": view.phase.value,
        "round": view.round,
        "rounds": view.rounds,
        "seconds_left": left,
        "erase_count": view.erase_count,
        "boards": [board_json(board) for board in view.boards],
        "accusations": [_accusation(a, scene, language) for a in view.accusations],
        "passes": list(view.passes),
        "audience": audience,
        "vote": vote,
        "outcome": None if view.outcome is None else {
            "winner": view.outcome.winner.value, "reason": view.outcome.reason.value,
            "round": view.outcome.round},
    }


def _accusation(accusation: Accusation, scene: Scene | None, language: str) -> Json:
    """A verdict; a wrong one with whom it accused (never the criminal: that is what wrong means)."""
    shown: Json = {"round": accusation.round, "correct": accusation.correct}
    accused = scene.character(accusation.character) if scene is not None and not accusation.correct else None
    if accused is not None:
        shown["accused"] = name_forms(translator(language), accused).heading
    return shown


def board_json(board: PublicBoard) -> Json:
    return {"round": board.round, "erased": sorted(board.erased),
            "strokes": [_stroke(s) for s in board.strokes], "words": [_word(w) for w in board.words]}


def _stroke(stroke: Stroke) -> Json:
    return {"width": stroke.width, "points": [[round(x, 4), round(y, 4)] for x, y in stroke.points]}


def _word(word: Word) -> Json:
    return {"text": word.text, "cell": word.cell, "line": word.line, "x": round(word.x, 4), "size": word.size}
