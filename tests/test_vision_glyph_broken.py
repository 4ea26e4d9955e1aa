"""A piece of the letter its mask cut off beside it stays the letter's (issue 15, round 27; vision.glyph._broken_off).

A blurred serif W's plain ink ran into its tile's dark frame (no letter there), and in its strokes' mask its thin right
arm fell apart from the rest, 1 px beside it: the box held the W without that arm, and the glyph read M at 0.998
(round 26's measuring seed 232232 board-082, square (7, 2) counted from 0)."""
import numpy as np

from kiosk.turns import DEFAULT_MIN_CONFIDENCE
from vision.glyph import letter_box
from tests.rendered_board import read_square

N = 60


def _mask(parts: list[tuple[int, int, int, int]]) -> np.ndarray:
    mask = np.zeros((N, N), np.uint8)
    for x0, y0, x1, y1 in parts:
        mask[y0:y1, x0:x1] = 1
    return mask


def test_a_stroke_cut_off_beside_the_letter_from_its_top_is_in_its_box():
    body = [(12, 20, 16, 44), (12, 40, 38, 44), (34, 20, 38, 44)]  # a U-like letter, 24 px tall
    arm = (39, 19, 44, 32)  # 1 px beside it, from its top down half its height
    assert letter_box(_mask(body)) == (12, 20, 38, 44)
    assert letter_box(_mask(body + [arm])) == (12, 19, 44, 44)  # the start tree: (12, 20, 38, 44)


def test_its_value_number_and_a_speck_beside_it_are_not():
    body = [(12, 20, 16, 44), (12, 40, 38, 44), (34, 20, 38, 44)]
    number = (40, 36, 44, 46)  # low beside the letter: starts below its middle
    speck = (39, 22, 41, 25)  # a stroke's scrap under BROKEN_HEIGHT
    assert letter_box(_mask(body + [number])) == (12, 20, 38, 44)
    assert letter_box(_mask(body + [speck])) == (12, 20, 38, 44)


def test_the_blurred_w_whose_right_arm_the_strokes_cut_off_is_not_read_surely_as_m():
    # dejavu-serif-bold, wooden tiles, blur 0.8 (start tree: M 0.998)
    truth, cell = read_square(232232, 82, 7, 2)
    assert truth == "W"
    assert not (cell.letter == "M" and cell.confidence >= DEFAULT_MIN_CONFIDENCE), cell
    assert (cell.state, cell.letter) == ("tile", "W"), cell
