"""Round 31 (issue 15): a plain blank of its board's squares' very colour (cream tiles on a cream board) was read
empty at 0.98, the worst blank miss (the play seen with a tile missing, nobody asked): no colour test can tell it. Its
window's outer band shows a tile's outline (its edge, bevel and shadow) more than its near empty squares' grid lines,
so it is asked now (vision.reader OUTLINE_MARGIN); empty squares and blanks the other tests read keep their reading."""
import numpy as np

from tests.rendered_board import assert_nothing_wrong, read_rendered
from vision.cells import CELL, PAD
from vision.reader import OUTLINE_BAND, OUTLINE_PAD, _band_likeness, _outline_band


def test_a_plain_blank_of_its_squares_colour_is_asked_not_read_empty():
    # 289289 board-065 (11, 8): 1.3 Lab from its tiles' faces, 2.5 from its near empties (FACE_APART): start tree
    # empty 0.984
    truth, obs = read_rendered(289289, 65)
    assert truth[11][8] == "?"
    assert obs.cells[11 * 15 + 8].state in ("blank", "unknown"), obs.cells[11 * 15 + 8]
    assert_nothing_wrong(truth, obs)


def test_empty_squares_beside_a_neighbours_edge_on_a_dark_board_stay_empty():
    # 259259 board-067 (1, 7) and (7, 13): dark tiles on a dark board, 2.9-4.5 Lab from their tiles' faces, a
    # neighbour tile's edge across their window's pad: empty on the start tree, kept so (OUTLINE_PAD)
    truth, obs = read_rendered(259259, 67)
    for r, c in ((1, 7), (7, 13)):
        assert truth[r][c] == "." and obs.cells[r * 15 + c].state == "empty", (r, c, obs.cells[r * 15 + c])
    assert_nothing_wrong(truth, obs)


def _window(frame_at: int, inset: int) -> np.ndarray:
    """A grey letter window of a square outlined `inset` px inside its edge (a tile) or on it (0: a grid line)."""
    window = np.full((CELL + 2 * PAD, CELL + 2 * PAD), 200, np.uint8)
    low, high = PAD + inset, PAD + CELL - 1 - inset
    window[low:high + 1, [low, high]] = frame_at
    window[[low, high], low:high + 1] = frame_at
    return window


def test_the_outline_band_leaves_out_the_middle_and_matches_its_like():
    band = _outline_band(_window(60, 4))
    middle = slice(OUTLINE_PAD + OUTLINE_BAND, OUTLINE_PAD + CELL - OUTLINE_BAND)
    assert band.shape == (CELL + 2 * OUTLINE_PAD,) * 2 and not band[middle, middle].any() and band.any()
    tiles = [_outline_band(_window(60, 4)) for _ in range(2)]
    grid = [_outline_band(_window(60, 0)) for _ in range(2)]
    assert _band_likeness(band, tiles) > _band_likeness(band, grid)
