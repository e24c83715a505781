"""One clue board: 3x3 squares, ink strokes that may cross squares, typed words.

Coordinates are 0..1 on each axis of the board; cell numbers are
`3 * row + column`, 0 at the top left. A stroke's cells are found by geometry,
segment by segment (a stroke from one corner to another touches the squares
it passes through, not just those of its ends). Erasing a square clips every
stroke: the parts inside it are removed, not hidden, so a board handed to the
detectives holds no trace of erased ink.

A typed word is text like handwriting, written at one size on every screen
(`WORD_SIZE` of the board side): it is centred in its square when it fits
there, else it starts at its square's left and runs on into the next squares
of its row. It is never broken inside itself; a word too long for the rest of
its row is refused. Words sit on one of three lines of a row (the middle one
first), never over another word. Erasing a square removes the letters whose
middle is inside it, as it removes ink: a word may be cut in half.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from lastmessage.rules.errors import (
    InvalidCell, InvalidStroke, InvalidWord, NothingToUndo, RepeatedWord,
)
from lastmessage.rules.letters import advance

GRID = 3
CELLS = GRID * GRID
MAX_POINTS = 4000
MAX_WORD_LENGTH = 60        # characters; a guard: any longer is far too long for a row anyway
WORD_SIZE = 0.082           # typed text's em, as a fraction of the board side (49 px on the 603 px big board)
WORD_LINE = 1.15 * WORD_SIZE   # from one line of text to the next
WORD_PAD = 1 / 80           # text keeps this far from a square's left and right edges and the board's
LINE_ORDER = (1, 2, 0)      # the lines of a row in the order words take them: middle, below, above
WORD_GAP = 0.3 * WORD_SIZE  # the least room between two words on one line
DEFAULT_WIDTH = 0.012
MAX_WIDTH = 0.08

Point = tuple[float, float]
_LINES = tuple(i / GRID for i in range(1, GRID))


def cell_of(x: float, y: float) -> int:
    """The square holding a point; a point on a border belongs to the square right/below it."""
    column = min(int(x * GRID), GRID - 1)
    row = min(int(y * GRID), GRID - 1)
    return GRID * row + column


def cell_rect(cell: int) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of a square in board coordinates."""
    row, column = divmod(cell, GRID)
    return column / GRID, row / GRID, (column + 1) / GRID, (row + 1) / GRID


_SAME_CUT = 1e-12


def _pieces(p: Point, q: Point) -> Iterator[tuple[Point, Point, int]]:
    """The segment p-q cut at every grid line it crosses, each piece with its square.

    Cut points are placed exactly on the grid line (not merely interpolated), so a
    piece never pokes an ulp into the neighbouring square; cuts of a vertical and a
    horizontal line that coincide (the segment passes through a corner) are one cut.
    """
    (x0, y0), (x1, y1) = p, q
    found: list[tuple[float, int, float]] = []
    for axis, (a, b) in enumerate(((x0, x1), (y0, y1))):
        if a != b:
            for line in _LINES:
                s = (line - a) / (b - a)
                if 0.0 < s < 1.0:
                    found.append((s, axis, line))
    found.sort()
    cuts: list[tuple[float, Point]] = [(0.0, p)]
    for s, axis, line in found:
        if cuts[-1][0] > 0.0 and s - cuts[-1][0] < _SAME_CUT:
            s, (x, y) = cuts.pop()
        else:
            x, y = x0 + (x1 - x0) * s, y0 + (y1 - y0) * s
        cuts.append((s, (line, y) if axis == 0 else (x, line)))
    cuts.append((1.0, q))
    for (s0, start), (s1, end) in zip(cuts, cuts[1:]):
        middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        yield start, end, cell_of(*middle)


@dataclass(frozen=True)
class Stroke:
    """A line of ink: the path of a fingertip, with the pen's width (fraction of the board side)."""

    points: tuple[Point, ...]
    width: float = DEFAULT_WIDTH

    def cells(self) -> frozenset[int]:
        if len(self.points) == 1:
            return frozenset({cell_of(*self.points[0])})
        return frozenset(cell for p, q in zip(self.points, self.points[1:])
                         for _, _, cell in _pieces(p, q))

    def clipped(self, erased: frozenset[int]) -> list[Stroke]:
        """The parts of this stroke outside the erased squares, as separate strokes."""
        if not erased:
            return [self]
        if len(self.points) == 1:
            return [] if cell_of(*self.points[0]) in erased else [self]
        kept: list[Stroke] = []
        run: list[Point] = []
        for p, q in zip(self.points, self.points[1:]):
            for start, end, cell in _pieces(p, q):
                if cell in erased:
                    if run:
                        kept.append(Stroke(tuple(run), self.width))
                        run = []
                    continue
                if not run:
                    run = [start]
                if end != run[-1]:
                    run.append(end)
        if run:
            kept.append(Stroke(tuple(run), self.width))
        return kept


@dataclass(frozen=True)
class Word:
    """A typed word (or what is left of one after erasure) as placed on the board.

    `cell` is the square it starts in, `line` the line of its row (0 top, 1
    middle, 2 bottom), `left` the board x of its first letter (None: where a
    word alone in its square would go, `placed_left`), `size` its em as a
    fraction of the board side."""

    cell: int
    text: str
    line: int = 1
    left: float | None = None
    size: float = WORD_SIZE

    def __post_init__(self) -> None:
        if self.left is None:
            object.__setattr__(self, "left", placed_left(self.cell, self.text, self.size))

    @property
    def x(self) -> float:
        assert self.left is not None   # set when made
        return self.left

    @property
    def width(self) -> float:
        return text_width(self.text, self.size)

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def centre_y(self) -> float:
        """The middle of its line, in board coordinates."""
        row = self.cell // GRID
        return (row + 0.5) / GRID + (self.line - 1) * WORD_LINE

    def letters(self) -> list[tuple[str, float, float]]:
        """Each character with its left edge and its width on the board."""
        found, x = [], self.x
        for ch in self.text:
            width = advance(ch) * self.size
            found.append((ch, x, width))
            x += width
        return found

    def cells(self) -> tuple[int, ...]:
        """Every square the word touches (its letters' boxes), in order."""
        row = self.cell // GRID
        left, right = self.x, self.right
        return tuple(GRID * row + column for column in range(GRID)
                     if left < (column + 1) / GRID and right > column / GRID) or (self.cell,)

    def pieces(self, erased: frozenset[int]) -> tuple[list[Word], list[Word]]:
        """What erasing `erased` leaves of the word and what it takes: runs of
        letters as words of their own, each where it was. A letter goes with
        the square its middle is in."""
        kept: list[Word] = []
        gone: list[Word] = []
        row = self.cell // GRID
        run: list[tuple[str, float, float]] = []
        run_erased: bool | None = None

        def close() -> None:
            if run and run_erased is not None:
                text = "".join(ch for ch, _x, _w in run)
                if text.strip():
                    first = next((x, w) for ch, x, w in run if not ch.isspace())
                    start = next(i for i, (ch, _x, _w) in enumerate(run) if not ch.isspace())
                    cell = GRID * row + min(int((first[0] + first[1] / 2) * GRID), GRID - 1)
                    piece = Word(cell, text[start:].rstrip(), self.line, run[start][1], self.size)
                    (gone if run_erased else kept).append(piece)

        for ch, x, width in self.letters():
            column = min(max(int((x + width / 2) * GRID), 0), GRID - 1)
            is_erased = (GRID * row + column) in erased
            if run and is_erased != run_erased and not ch.isspace():
                close()
                run = []
            if not run:
                run_erased = is_erased
            run.append((ch, x, width))
        close()
        return kept, gone


def text_width(text: str, size: float = WORD_SIZE) -> float:
    return sum(advance(ch) for ch in text) * size


def placed_left(cell: int, text: str, size: float = WORD_SIZE) -> float:
    """Where a word's first letter goes: centred in its square when it fits
    there, else at the square's left edge (the word runs on to the right)."""
    column = cell % GRID
    width = text_width(text, size)
    inner = 1 / GRID - 2 * WORD_PAD
    if width <= inner:
        return (column + 0.5) / GRID - width / 2
    return column / GRID + WORD_PAD


def word_key(text: str) -> str:
    """How two spellings compare: case folded, accents removed (NFKD without combining marks)."""
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return stripped.casefold()


_TOKEN = re.compile(r"\w+(?:['\u2019-]\w+)*")


def word_tokens(text: str) -> list[str]:
    """The words of a typed text, compared form ("Câine mare" -> ["caine", "mare"]).

    An apostrophe or hyphen inside a word keeps it whole ("can't", "într-o"), so
    two different words do not clash on a fragment such as "t" or "o".
    """
    return [token.replace("\u2019", "'") for token in _TOKEN.findall(word_key(text))]


def make_stroke(points: Sequence[Sequence[float]], width: float | None = None) -> Stroke:
    """A validated stroke from raw numbers; raises InvalidStroke with what is wrong."""
    if not points:
        raise InvalidStroke("A stroke needs at least one point.")
    if len(points) > MAX_POINTS:
        raise InvalidStroke("A stroke may have at most {most} points (got {got}).",
                            most=MAX_POINTS, got=len(points))
    clean: list[Point] = []
    for index, point in enumerate(points):
        if len(point) != 2:
            raise InvalidStroke("Point {index} of the stroke must be [x, y].", index=index)
        x, y = float(point[0]), float(point[1])
        if not (math.isfinite(x) and math.isfinite(y) and 0.0 <= x <= 1.0 and 0.0 <= y <= 1.0):
            raise InvalidStroke("Point {index} ({x:g}, {y:g}) is off the board; x and y go from 0 to 1.",
                                index=index, x=x, y=y)
        clean.append((x, y))
    chosen = DEFAULT_WIDTH if width is None else float(width)
    if not (math.isfinite(chosen) and 0.0 < chosen <= MAX_WIDTH):
        raise InvalidStroke("Pen width {width:g} must be above 0 and at most {most:g} of the board.",
                            width=chosen, most=MAX_WIDTH)
    return Stroke(tuple(clean), chosen)


def check_cell(cell: object) -> int:
    if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < CELLS:
        raise InvalidCell("Square {cell} does not exist; squares are numbered 0 to {last}.",
                          cell=repr(cell), last=CELLS - 1)
    return cell


class Board:
    """The board of one round, in the order things were put on it (for undo)."""

    def __init__(self, items: Iterable[Stroke | Word] = (), erased: Iterable[int] = ()) -> None:
        self.items: list[Stroke | Word] = list(items)
        self.erased: frozenset[int] = frozenset(erased)
        # Clipping is the costly part of a projection, asked for every frame:
        # keep the last result with what it was computed from.
        self._visible: tuple[tuple[tuple[Stroke | Word, ...], frozenset[int]], list[Stroke]] | None = None

    @property
    def strokes(self) -> list[Stroke]:
        return [item for item in self.items if isinstance(item, Stroke)]

    @property
    def words(self) -> list[Word]:
        return [item for item in self.items if isinstance(item, Word)]

    def check_word(self, cell: object, text: str) -> Word:
        """The word as it would be placed, or the reason it may not be."""
        checked_cell = check_cell(cell)
        shown = unicodedata.normalize("NFC", " ".join(text.split()))
        tokens = word_tokens(shown)
        if not tokens:
            raise InvalidWord("Type a word with at least one letter or digit.")
        if sum(1 for ch in shown if not unicodedata.combining(ch)) > MAX_WORD_LENGTH:
            raise InvalidWord("A word may have at most {most} characters.", most=MAX_WORD_LENGTH)
        seen = {token for word in self.words for token in word_tokens(word.text)}
        for index, token in enumerate(tokens):
            if token in seen or token in tokens[:index]:
                raise RepeatedWord('"{word}" is already written on this board; each word only once.',
                                   word=token)
        left = placed_left(checked_cell, shown)
        if left + text_width(shown) > 1 - WORD_PAD:
            if checked_cell % GRID == 0:
                raise InvalidWord("This word is too long for a row of the board; write it shorter, "
                                  "or in two parts.")
            raise InvalidWord("This word does not fit between this square and the end of its row; "
                              "start it in a square further left.")
        line = self._free_line(checked_cell, left, left + text_width(shown))
        if line is None:
            raise InvalidWord("There is no room left for a word there; choose another square.")
        return Word(checked_cell, shown, line, left)

    def _free_line(self, cell: int, left: float, right: float) -> int | None:
        """The first line of the cell's row (middle, below, above) where the
        span `left`..`right` keeps clear of the words already written."""
        row = cell // GRID
        for line in LINE_ORDER:
            if all(not (left < word.right + WORD_GAP and word.x < right + WORD_GAP)
                   for word in self.words if word.cell // GRID == row and word.line == line):
                return line
        return None

    def placed(self, cell: int, text: str) -> Word:
        """A word from the journal where `check_word` would put it; never refused
        (a journal written before words ran on may hold a word too long for its
        row: it is then written smaller, from the row's left, on a free line)."""
        left = placed_left(cell, text)
        size = WORD_SIZE
        width = text_width(text)
        if left + width > 1 - WORD_PAD:
            row_width = 1 - 2 * WORD_PAD
            size = WORD_SIZE * min(1.0, row_width / max(width, 1e-9))
            left = WORD_PAD
            cell = GRID * (cell // GRID)
            width = text_width(text, size)
        line = self._free_line(cell, left, left + width)
        return Word(cell, text, 1 if line is None else line, left, size)

    def add(self, item: Stroke | Word) -> None:
        self.items.append(item)

    def undo(self) -> Stroke | Word:
        if not self.items:
            raise NothingToUndo("There is nothing on the board to undo.")
        return self.items.pop()

    def erase(self, cells: Iterable[int]) -> None:
        self.erased = self.erased | frozenset(cells)

    def visible_strokes(self) -> list[Stroke]:
        """Ink that survives erasure, clipped at the erased squares."""
        key = (tuple(self.items), self.erased)   # compared item by item, by identity first
        if self._visible is None or self._visible[0] != key:
            pieces = [piece for stroke in self.strokes for piece in stroke.clipped(self.erased)]
            self._visible = (key, pieces)
        return list(self._visible[1])

    def visible_words(self) -> list[Word]:
        """What erasure left of the words: their letters outside the erased
        squares, as pieces placed where they were (erased letters removed, not hidden)."""
        return [piece for word in self.words for piece in word.pieces(self.erased)[0]]

    def copy(self) -> Board:
        return Board(self.items, self.erased)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and (self.items, self.erased) == (other.items, other.erased)

    def __repr__(self) -> str:
        return f"Board(items={self.items!r}, erased={sorted(self.erased)!r})"
