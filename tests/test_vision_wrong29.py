"""The three letters round 28 left read wrong at the kiosk's bar or read where no tile is (issue 15, round 29): a
serif J whose strokes lost its hook (read I), a serif W whose strokes took in the tile's edge, read surely only once
median-filtered (M), and a grid line at a square's side read I once median-filtered (a phantom). Each is asked or
read right now; the rules (vision.reader HAIRLINES_RIVAL, DENOISED_PLAIN) are also tried on made-up windows. And the
two letters round 30's unused boards read wrong at the bar (round 30): a W whose thin right arm the plain ink and the
strokes lose (both read M) and which only the strokes with their hairlines kept read W, and a T on a dark tile whose
plain ink shows no letter (the tile's face taken in), its strokes Y, whose window median-filtered reads T surely; each
is asked now (FAINT_STROKES, FILTERED_RIVAL)."""
import cv2
import numpy as np
import pytest

from kiosk.turns import DEFAULT_MIN_CONFIDENCE
from tests.rendered_board import assert_nothing_wrong, read_rendered
from vision.reader import _plain_letter_in_place


# 243243 board-005 (7, 7): a serif J whose plain ink runs into the tile's frame, its strokes keep the stem alone (I
# 0.802), the strokes with their hairlines read J 0.996: start tree I 0.979. 255255 board-075 (10, 4): a serif W, its
# strokes M 0.65 / W 0.22 (the tile's left edge joined to its serif), its window median-filtered M 0.999, whose plain
# ink shows no letter either: start tree M 0.9998. 276276 board-044 (11, 9): plain M 0.673, strokes M 0.991 (taken,
# surer than the plain ink's same letter), hairlines W 1.000: round 30's start tree M 0.993. 284284 board-074 (6, 4):
# plain ink no letter, strokes Y 0.812, darker T 0.640, hairlines no glyph, median-filtered T 1.000: round 30's start
# tree Y 0.812
@pytest.mark.parametrize("seed, board, row, col, letter", [(243243, 5, 7, 7, "J"), (255255, 75, 10, 4, "W"),
                                                           (276276, 44, 11, 9, "W"), (284284, 74, 6, 4, "T")])
def test_a_letter_its_strokes_misread_is_not_read_surely_as_another(seed: int, board: int, row: int, col: int,
                                                                           letter: str) -> None:
    truth, obs = read_rendered(seed, board)
    assert truth[row][col] == letter
    cell = obs.cells[row * 15 + col]
    assert cell.letter in (None, letter) or cell.confidence < DEFAULT_MIN_CONFIDENCE, cell
    assert_nothing_wrong(truth, obs)


def test_a_grid_line_read_i_once_filtered_is_no_tile():
    # 257257 board-030 (0, 8): an empty square at the board's top edge under a shadow (the occupancy model: covered
    # 0.55), its plain ink the grid line at its left side ('not a letter' 1.0), median-filtered read I 0.999 0.36 of
    # the window off where letters sit: start tree a tile I 0.999
    truth, obs = read_rendered(257257, 30)
    assert truth[0][8] == "."
    assert obs.cells[8].state not in ("tile", "blank"), obs.cells[8]
    assert_nothing_wrong(truth, obs)


def _window_with_bar(x: int) -> np.ndarray:
    """A 64 px light window with a dark bar 5 px wide and 26 px tall whose left side is at `x`."""
    window = np.full((64, 64), 200, np.uint8)
    cv2.rectangle(window, (x, 16), (x + 4, 41), 40, -1)
    return window


def test_a_filtered_letter_is_taken_where_its_plain_ink_shows_it_in_its_place():
    central, aside = _window_with_bar(28), _window_with_bar(8)
    assert _plain_letter_in_place(central, False) and _plain_letter_in_place(central, True)
    assert not _plain_letter_in_place(aside, False)
    assert _plain_letter_in_place(aside, True)
    blank = np.full((64, 64), 200, np.uint8)  # no plain ink: a letter read from the filtered strokes
    assert not _plain_letter_in_place(blank, True) and _plain_letter_in_place(blank, False)
