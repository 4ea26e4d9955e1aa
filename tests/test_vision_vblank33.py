"""Round 33 (issue 15): plain blanks the colour of their squares that the occupancy model half takes for blanks were
asked (BLANK_DOUBT, vision.reader _doubted_blanks); one whose window's outer band also shows a tile's own outline
(DOUBT_OUTLINED) is read a blank now, at FACE_BLANK_CONFIDENCE (the kiosk still confirms it). An empty square the
same rule asks, walled in by tiles under glare, stays asked."""
import numpy as np

from tests.rendered_board import assert_nothing_wrong, read_rendered
from vision.reader import _outline_margin


def test_blanks_their_outline_shows_are_read_blanks():
    # 309309 board-048 (6, 4) and (6, 5): two cream blanks side by side on a classic board, the occupancy model's blank
    # 0.44 and 0.43, outline margins 0.38 and 0.43 (asked on the start tree acd992a)
    truth, obs = read_rendered(309309, 48)
    for r, c in ((6, 4), (6, 5)):
        assert truth[r][c] == "?"
        assert obs.cells[r * 15 + c].state == "blank", obs.cells[r * 15 + c]
    assert_nothing_wrong(truth, obs)


def test_an_empty_square_walled_in_by_tiles_stays_asked():
    # 240240 board-085 (9, 11): an empty square between tiles under glare that BLANK_DOUBT asks (blank 0.045, 4.8 Lab
    # from its tiles' faces), outline margin 0.166: the empty square nearest DOUBT_OUTLINED on the dev boards
    truth, obs = read_rendered(240240, 85)
    assert truth[9][11] == "."
    assert obs.cells[9 * 15 + 11].state == "unknown", obs.cells[9 * 15 + 11]
    assert_nothing_wrong(truth, obs)


def test_no_outline_margin_without_two_tiles_and_two_empty_squares_near():
    windows = [np.zeros((64, 64), np.uint8)] * 225
    index = np.arange(225)
    assert _outline_margin(windows, index, 16, np.array([1]), np.array([2, 3])) == -np.inf
    assert _outline_margin(windows, index, 16, np.array([1, 17]), np.array([2])) == -np.inf
