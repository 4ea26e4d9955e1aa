"""A tile's own rim kept out of its letter's box (issue 15, round 26; vision.glyph.letter_box, _edge_line, ACCENT_GAP).

The tile's lit top edge with a side hanging from it is one ink component as wide as a W: letter_box took it for a wide
letter, bigger than the thin I inside it, and the glyph (the rim's bar over the I) read T at 0.999 (the round-26
measuring seed 227227 board-097, square (14, 5) counted from 0). And the lit top edge broken into dashes 0.23 of the
letter's height above it was taken in as accents: a Q read 'not a letter' (222222 board-026, square (4, 7))."""
import cv2
import numpy as np

from kiosk.turns import DEFAULT_MIN_CONFIDENCE
from vision.glyph import ink_mask, letter_box
from tests.rendered_board import read_square


def _tile(letter_ink: list[tuple[int, int, int, int]], rim: bool) -> np.ndarray:
    """A light 64-px tile window with dark bars (x0, y0, x1, y1) for the letter and, with `rim`, the tile's shaded top
    edge and right side as one line 4 px thick."""
    window = np.full((64, 64, 3), 200, np.uint8)
    for x0, y0, x1, y1 in letter_ink:
        window[y0:y1, x0:x1] = 40
    if rim:
        window[10:14, 12:56] = 60
        window[10:40, 52:56] = 60
    return window


def _box(window: np.ndarray) -> tuple[int, int, int, int] | None:
    mask = ink_mask(window)
    assert mask is not None
    return letter_box(mask)


def test_a_thin_i_under_its_tiles_rim_is_boxed_alone():
    i_bar = [(30, 22, 35, 48)]
    alone = _box(_tile(i_bar, rim=False))
    assert alone is not None
    assert _box(_tile(i_bar, rim=True)) == alone  # the start tree boxes the rim: (10, 8, 54, 38)


def test_a_wide_w_is_still_boxed():
    # a W wider than MAX_SPAN of the window (slanted strokes, no straight run across): the wide-letter rule still takes it
    window = np.full((64, 64, 3), 200, np.uint8)
    for a, b in (((13, 18), (22, 44)), ((22, 44), (31, 22)), ((31, 22), (40, 44)), ((40, 44), (49, 18))):
        cv2.line(window, a, b, (40, 40, 40), 4)
    box = _box(window)
    assert box is not None
    x0, _, x1, _ = box
    assert x1 - x0 > 0.6 * 60


def test_the_i_under_its_lit_rim_is_not_read_surely_as_t():
    # red-hat-display-bold, cream tile, blur 0.5: its plain ink box took in the tile's top rim (start tree: T 0.999)
    truth, cell = read_square(227227, 97, 14, 5)
    assert truth == "I"
    assert not (cell.letter == "T" and cell.confidence >= DEFAULT_MIN_CONFIDENCE), cell
    assert (cell.state, cell.letter) == ("tile", "I"), cell


def _ring(dashes_at: int | None) -> np.ndarray:
    """A light 64-px tile window with a dark ring 33 px tall (rows 16-48: a letter's bowl) and three dashes of 3 x 2 px
    over it whose bottoms (their last row + 1) lie at row 17 - `dashes_at` (None: no dashes)."""
    window = np.full((64, 64, 3), 200, np.uint8)
    cv2.ellipse(window, (30, 32), (12, 14), 0, 0, 360, (40, 40, 40), 3)
    if dashes_at is not None:
        bottom = 17 - dashes_at
        for x in (21, 29, 37):
            window[bottom - 2:bottom, x:x + 3] = 40
    return window


def test_dashes_of_the_tiles_edge_well_above_the_letter_are_no_accent():
    bare = _box(_ring(dashes_at=None))  # the bowl alone
    assert bare is not None
    assert _box(_ring(dashes_at=7)) == bare  # 6 px (0.18 of its height) above it: the start tree takes them in


def test_dots_just_above_the_letter_are_still_its_accent():
    bare = _box(_ring(dashes_at=None))
    dotted = _box(_ring(dashes_at=3))  # 2 px (0.06) above it, as umlauts and acutes sit (0.00-0.143 rendered)
    assert bare is not None and dotted is not None
    assert dotted[1] < bare[1]


def test_the_q_under_its_dashed_lit_edge_is_read():
    # a light Q on a dark tile, its tile's lit top edge three dashes 7-9 px above it (start tree: 'not a letter', asked)
    truth, cell = read_square(222222, 26, 4, 7)
    assert truth == "Q"
    assert (cell.state, cell.letter) == ("tile", "Q"), cell
