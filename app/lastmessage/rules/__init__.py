"""The game of Last Message as pure code: no pygame, no hardware, no clock.

Time is passed in as `t`, seconds on the game clock since the game started.
"""

from lastmessage.rules.board import Board, Stroke, Word
from lastmessage.rules.config import Rules, RulesError
from lastmessage.rules.errors import RuleViolation
from lastmessage.rules.events import Event, GameEvent
from lastmessage.rules.game import Game, Outcome, Phase

__all__ = [
    "Board", "Event", "Game", "GameEvent", "Outcome", "Phase", "RuleViolation", "Rules", "RulesError",
    "Stroke", "Word",
]
