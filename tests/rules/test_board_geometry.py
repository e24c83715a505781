"""Which squares a stroke touches, found by geometry segment by segment, and erase clipping."""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from lastmessage.rules.board import MAX_POINTS, Board, Stroke, cell_of, cell_rect, make_stroke
from lastmessage.rules.errors import InvalidStroke

Point = tuple[float, float]
Rect = tuple[float, float, float, float]
THIRD = 1 / 3
LINES = (THIRD, 2 * THIRD)
EPS = 1e-9

# Coordinates: any float in 0..1, often exactly on a grid line or a board edge.
coordinate = st.one_of(
    st.floats(0.0, 1.0, allow_nan=False),
    st.sampled_from((0.0, THIRD, 2 * THIRD, 1.0)),
    st.sampled_from((0.5, 0.1, 0.9, 1 / 6, 5 / 6)),
)
point = st.tuples(coordinate, coordinate)
segments = st.tuples(point, point)
paths = st.lists(point, min_size=1, max_size=8).map(tuple)
erased_sets = st.frozensets(st.integers(0, 8), max_size=9)


def grown(rect: Rect, by: float) -> Rect:
    left, top, right, bottom = rect
    return left - by, top - by, right + by, bottom + by


def length_in_rect(p: Point, q: Point, rect: Rect) -> float:
    """Liang-Barsky: length of segment p-q inside a closed rectangle (an oracle independent of board.py)."""
    left, top, right, bottom = rect
    dx, dy = q[0] - p[0], q[1] - p[1]
    s0, s1 = 0.0, 1.0
    for pk, qk in ((-dx, p[0] - left), (dx, right - p[0]), (-dy, p[1] - top), (dy, bottom - p[1])):
        if pk == 0:
            if qk < 0:
                return 0.0
            continue
        r = qk / pk
        if pk < 0:
            s0 = max(s0, r)
        else:
            s1 = min(s1, r)
    return max(0.0, s1 - s0) * math.hypot(dx, dy)


def path_length(points: tuple[Point, ...]) -> float:
    return sum(math.dist(p, q) for p, q in zip(points, points[1:]))


def along_grid_line(p: Point, q: Point) -> bool:
    return any(p[axis] == q[axis] and any(abs(p[axis] - line) < EPS for line in LINES) for axis in (0, 1))


def distance_to_segment(r: Point, p: Point, q: Point) -> float:
    dx, dy = q[0] - p[0], q[1] - p[1]
    norm = dx * dx + dy * dy
    s = 0.0 if norm == 0 else max(0.0, min(1.0, ((r[0] - p[0]) * dx + (r[1] - p[1]) * dy) / norm))
    return math.dist(r, (p[0] + s * dx, p[1] + s * dy))


def neighbours(a: int, b: int) -> bool:
    (ra, ca), (rb, cb) = divmod(a, 3), divmod(b, 3)
    return max(abs(ra - rb), abs(ca - cb)) == 1


# ---- the cells a stroke touches ------------------------------------------------

@pytest.mark.parametrize("points, cells", [
    ([(0.1, 0.5), (0.9, 0.5)], {3, 4, 5}),            # ends in 3 and 5, passes through 4
    ([(0.0, 0.0), (1.0, 1.0)], {0, 4, 8}),            # the diagonal crosses the grid at corners
    ([(1.0, 0.0), (0.0, 1.0)], {2, 4, 6}),            # the other diagonal
    ([(0.1, 0.1), (0.9, 0.1), (0.9, 0.9)], {0, 1, 2, 5, 8}),  # an L, segment by segment
    ([(0.1, 0.1), (0.9, 0.9), (0.1, 0.9)], {0, 4, 8, 7, 6}),
    ([(0.0, 0.0), (1.0, 0.0)], {0, 1, 2}),            # the top edge of the board
    ([(0.0, 1.0), (1.0, 1.0)], {6, 7, 8}),            # the bottom edge belongs to the last row
    ([(1.0, 0.0), (1.0, 1.0)], {2, 5, 8}),            # the right edge belongs to the last column
    ([(0.5, 0.5)], {4}),                              # a dot
    ([(1.0, 1.0)], {8}),
    ([(0.2, 0.2), (0.2, 0.2)], {0}),                  # a dot drawn as two equal points
])
def test_stroke_cells_examples(points: list[Point], cells: set[int]) -> None:
    assert make_stroke(points).cells() == frozenset(cells)


def test_stroke_along_a_grid_line_belongs_to_the_square_below_or_right() -> None:
    assert make_stroke([(0.0, THIRD), (1.0, THIRD)]).cells() == {3, 4, 5}
    assert make_stroke([(2 * THIRD, 0.0), (2 * THIRD, 1.0)]).cells() == {2, 5, 8}
    assert make_stroke([(THIRD, THIRD)]).cells() == {4}


def test_stroke_from_corner_to_corner_of_one_square_stays_in_it() -> None:
    assert make_stroke([(THIRD, THIRD), (2 * THIRD, 2 * THIRD)]).cells() == {4}


@given(segments)
@settings(max_examples=200)
def test_a_segment_touches_a_connected_run_of_squares(segment: tuple[Point, Point]) -> None:
    cells = make_stroke(list(segment)).cells()
    assert cells
    reached = {min(cells)}
    frontier = [min(cells)]
    while frontier:
        here = frontier.pop()
        for other in cells - reached:
            if neighbours(here, other):
                reached.add(other)
                frontier.append(other)
    assert reached == cells
    # a straight line meets at most one square per row and column it crosses, plus one per line crossed
    assert len(cells) <= 5


@given(paths)
@settings(max_examples=150)
def test_a_stroke_touches_the_union_of_its_segments_squares(points: tuple[Point, ...]) -> None:
    stroke = make_stroke(points)
    if len(points) == 1:
        assert stroke.cells() == {cell_of(*points[0])}
        return
    union = frozenset().union(*(make_stroke([p, q]).cells() for p, q in zip(points, points[1:])))
    assert stroke.cells() == union


@given(segments, st.lists(st.floats(0.0, 1.0), min_size=1, max_size=20))
@settings(max_examples=200)
def test_points_along_a_segment_lie_in_reported_squares(
        segment: tuple[Point, Point], samples: list[float]) -> None:
    p, q = segment
    cells = make_stroke([p, q]).cells()
    for s in [0.0, 0.5, 1.0, *samples]:
        x, y = p[0] + (q[0] - p[0]) * s, p[1] + (q[1] - p[1]) * s
        if any(abs(v - line) < EPS for v in (x, y) for line in LINES):
            continue  # on a border: either side may own it
        if s in (0.0, 1.0) and p != q:
            # an end point counts only if the segment has length in its square
            continue
        assert cell_of(x, y) in cells, (x, y)


@given(segments)
@settings(max_examples=200)
def test_reported_squares_are_exactly_those_the_segment_passes_through(
        segment: tuple[Point, Point]) -> None:
    p, q = segment
    assume(p != q)
    cells = make_stroke([p, q]).cells()
    for cell in range(9):
        inside = length_in_rect(p, q, grown(cell_rect(cell), -EPS))
        touching = length_in_rect(p, q, grown(cell_rect(cell), EPS))
        if inside > 1e-7:
            assert cell in cells, f"segment runs {inside} inside square {cell}"
        if cell in cells:
            assert touching > 0, f"square {cell} reported but never reached"


# ---- erase clipping -----------------------------------------------------------

@given(paths)
@settings(max_examples=100)
def test_no_erasure_leaves_strokes_as_drawn(points: tuple[Point, ...]) -> None:
    stroke = make_stroke(points)
    board = Board([stroke])
    assert board.visible_strokes() == [stroke]
    board.erase([])
    assert board.visible_strokes() == [stroke]


@given(paths, erased_sets)
@settings(max_examples=200)
def test_clipped_pieces_have_no_ink_inside_erased_squares(
        points: tuple[Point, ...], erased: frozenset[int]) -> None:
    board = Board([make_stroke(points)], erased)
    for piece in board.visible_strokes():
        for cell in erased:
            rect = grown(cell_rect(cell), -EPS)
            if len(piece.points) == 1:
                x, y = piece.points[0]
                assert not (rect[0] < x < rect[2] and rect[1] < y < rect[3])
            for a, b in zip(piece.points, piece.points[1:]):
                assert length_in_rect(a, b, rect) < 1e-9, (a, b, cell)
        assert not piece.cells() & erased


@given(paths, erased_sets)
@settings(max_examples=200)
def test_clipped_pieces_lie_on_the_original_path(points: tuple[Point, ...], erased: frozenset[int]) -> None:
    stroke = make_stroke(points)
    pairs = list(zip(points, points[1:])) or [(points[0], points[0])]
    for piece in stroke.clipped(erased):
        assert piece.width == stroke.width
        for r in piece.points:
            assert min(distance_to_segment(r, p, q) for p, q in pairs) < 1e-9


@given(paths, erased_sets)
@settings(max_examples=200)
def test_clipping_keeps_exactly_the_length_outside_erased_squares(
        points: tuple[Point, ...], erased: frozenset[int]) -> None:
    assume(not any(along_grid_line(p, q) for p, q in zip(points, points[1:])))
    stroke = make_stroke(points)
    expected = path_length(points) - sum(
        length_in_rect(p, q, cell_rect(cell)) for p, q in zip(points, points[1:]) for cell in erased)
    kept = sum(path_length(piece.points) for piece in stroke.clipped(erased))
    assert kept == pytest.approx(expected, abs=1e-9)


@given(paths)
@settings(max_examples=100)
def test_erasing_every_touched_square_removes_the_whole_stroke(points: tuple[Point, ...]) -> None:
    stroke = make_stroke(points)
    assert stroke.clipped(stroke.cells()) == []


@given(paths, erased_sets)
@settings(max_examples=100)
def test_erasing_untouched_squares_keeps_a_stroke_in_one_piece(
        points: tuple[Point, ...], erased: frozenset[int]) -> None:
    stroke = make_stroke(points)
    untouched = erased - stroke.cells()
    pieces = stroke.clipped(untouched)
    assert len(pieces) == 1
    assert path_length(pieces[0].points) == pytest.approx(path_length(stroke.points), abs=1e-12)


def test_erasing_the_middle_square_cuts_a_stroke_in_two_at_the_borders() -> None:
    stroke = make_stroke([(0.1, 0.5), (0.9, 0.5)])
    left, right = stroke.clipped(frozenset({4}))
    assert left.points == ((0.1, 0.5), (THIRD, 0.5))
    assert right.points == ((2 * THIRD, 0.5), (0.9, 0.5))


def test_a_stroke_that_crosses_into_an_erased_square_loses_that_part() -> None:
    stroke = make_stroke([(0.1, 0.1), (0.5, 0.1)])   # starts in 0, reaches into 1
    (piece,) = stroke.clipped(frozenset({1}))
    assert piece.points == ((0.1, 0.1), (THIRD, 0.1))
    assert stroke.clipped(frozenset({0}))[0].points == ((THIRD, 0.1), (0.5, 0.1))


def test_a_dot_in_an_erased_square_disappears() -> None:
    assert make_stroke([(0.5, 0.5)]).clipped(frozenset({4})) == []
    assert make_stroke([(0.5, 0.5)]).clipped(frozenset({3})) == [make_stroke([(0.5, 0.5)])]


# ---- refused strokes ----------------------------------------------------------

@pytest.mark.parametrize("points", [
    [], [(1.01, 0.5)], [(-0.0001, 0.5)], [(0.5, math.nan)], [(math.inf, 0.5)], [(0.5,)], [(0.1, 0.2, 0.3)],
    [(0.5, 0.5)] * (MAX_POINTS + 1),
])
def test_malformed_strokes_are_refused(points: list[tuple[float, ...]]) -> None:
    with pytest.raises(InvalidStroke) as caught:
        make_stroke(points)
    assert caught.value.reason == "invalid_stroke"


@pytest.mark.parametrize("width", [0.0, -0.01, 0.0801, math.nan, math.inf])
def test_pen_widths_out_of_range_are_refused(width: float) -> None:
    with pytest.raises(InvalidStroke):
        make_stroke([(0.5, 0.5)], width)


def test_longest_stroke_and_widest_pen_are_accepted() -> None:
    stroke = make_stroke([(0.5, 0.5)] * MAX_POINTS, 0.08)
    assert isinstance(stroke, Stroke) and stroke.width == 0.08
