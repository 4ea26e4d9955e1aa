"""The two letters round 30's unused boards read wrong at the kiosk's bar (issue 15, round 30): a W whose thin right
arm the plain ink and the strokes lose (both read M) and which only the strokes with their hairlines kept read W, and
a T on a dark tile whose plain ink shows no letter (the tile's face taken in), its strokes Y, whose window
median-filtered reads T surely. Each is asked now (vision.reader FAINT_STROKES, FILTERED_RIVAL)."""
import pytest

from kiosk.turns import DEFAULT_MIN_CONFIDENCE
from tests.rendered_board import assert_nothing_wrong, read_rendered


# 276276 board-044 (11, 9): plain M 0.673, strokes M 0.991 (taken, surer than the plain ink's same letter), hairlines
# W 1.000: start tree M 0.993. 284284 board-074 (6, 4): plain ink no letter, strokes Y 0.812, darker T 0.640, hairlines
# no glyph, median-filtered T 1.000: start tree Y 0.812
@pytest.mark.parametrize("seed, board, row, col, letter", [(276276, 44, 11, 9, "W"), (284284, 74, 6, 4, "T")])
def test_a_letter_a_third_reading_surely_calls_another_is_not_read_surely(seed: int, board: int, row: int, col: int,
                                                                          letter: str) -> None:
    truth, obs = read_rendered(seed, board)
    assert truth[row][col] == letter
    cell = obs.cells[row * 15 + col]
    assert cell.letter in (None, letter) or cell.confidence < DEFAULT_MIN_CONFIDENCE, cell
    assert_nothing_wrong(truth, obs)
