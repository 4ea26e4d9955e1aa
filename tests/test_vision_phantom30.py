"""Round 30 (issue 15): the one phantom blank left over round 29's 1400 measuring boards, a '3L' square whitened by
glare toward the navy tiles beside it, its label printed faintly, is empty now (vision.reader LABEL_SEEN), while a
plain blank the face tests find on a labelled square stays a blank; and a first tile alone on the centre square whose
letter reads alike whichever way the board is turned is read although the turn is not settled (CENTRE_TURNS)."""
import cv2
import numpy as np

from tests.rendered_board import assert_nothing_wrong, read_rendered
from vision.cells import CELL, PAD
from vision.reader import TURN_NOT_SETTLED, _labels_shown


def test_a_faint_label_whitened_toward_the_tiles_is_no_blank():
    # 270270 board-071 (5, 9): a dark blue '3L' under a glare spot beside navy tiles, 3.5 Lab from their faces and
    # 57 from its type's near empties, empty 0.99 to the occupancy model: start tree a blank at 0.75
    truth, obs = read_rendered(270270, 71)
    assert truth[5][9] == "."
    assert obs.cells[5 * 15 + 9].state == "empty", obs.cells[5 * 15 + 9]
    assert_nothing_wrong(truth, obs)


def test_a_plain_blank_on_a_labelled_square_stays_a_blank():
    # 265265 board-021 (7, 0): a plain blank on a '3W' square the face tests find (its type's labels clear, their
    # detail's spread 13 grey levels), its likeness to them 0.10
    truth, obs = read_rendered(265265, 21)
    assert truth[7][0] == "?"
    assert obs.cells[7 * 15].state == "blank", obs.cells[7 * 15]


def _label_window(ink: int, base: int = 120) -> np.ndarray:
    """A grey letter window whose square prints a '3L'-like label `ink` grey levels darker than its face."""
    window = np.full((CELL + 2 * PAD, CELL + 2 * PAD), base, np.uint8)
    if ink:
        cv2.putText(window, "3L", (PAD + 12, PAD + 31), cv2.FONT_HERSHEY_SIMPLEX, 0.6, base - ink, 2)
    return window


def test_a_square_showing_its_types_label_faintly_is_told_from_an_even_face():
    # upright squares (1, 1) and (13, 13) are double words, each with its nearest double words called empty; the
    # board is read upright (the frame's order is the upright one)
    windows = [_label_window(60) for _ in range(225)]
    windows[1 * 15 + 1] = _label_window(8, base=200)  # a faint label on a square whitened by glare
    windows[13 * 15 + 13] = _label_window(0, base=200)  # an even face: a blank's
    occ = np.tile(np.array([1.0, 0.0, 0.0, 0.0], np.float32), (225, 1))
    occ[[16, 13 * 15 + 13]] = [0.2, 0.0, 0.8, 0.0]
    shown = _labels_shown(np.array([16, 13 * 15 + 13, 7 * 15 + 6]), windows, np.arange(225), occ)
    assert shown.tolist() == [True, False, False]  # (7, 6) a plain square: no label to show


def test_a_lone_centre_tile_read_alike_turned_half_way_is_read_while_the_turn_is_open():
    # 260260 board-094: an X alone on the centre square, its one value number not enough to settle the turn (180
    # its rival); the X reads X in every turn: start tree unknown
    truth, obs = read_rendered(260260, 94)
    assert TURN_NOT_SETTLED in obs.problems
    assert (truth[7][7], obs.cells[7 * 15 + 7].state, obs.cells[7 * 15 + 7].letter) == ("X", "tile", "X")
    assert_nothing_wrong(truth, obs)


def test_a_lone_centre_tile_read_otherwise_turned_half_way_stays_asked():
    # r268268 board-094: a V alone on the centre square, turned 180; turned back it reads A (1.0): asked as before
    truth, obs = read_rendered(268268, 94)
    assert TURN_NOT_SETTLED in obs.problems
    assert truth[7][7] == "V" and obs.cells[7 * 15 + 7].state == "unknown"
