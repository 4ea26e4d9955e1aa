"""Round 35 (issue 15): a plain blank the colour of its square that BLANK_DOUBT asks (vision.reader _doubted_blanks) is
read a blank, at FACE_BLANK_CONFIDENCE (the kiosk still confirms it), where its hue shows a tile: FACE_HUE_APART times
as far by hue from its near empty squares of its type and from every other square of its type called empty as from
its tiles' faces (DOUBT_HUED, _hued_doubted). Empty squares the same rule asks stay asked."""
import numpy as np

from tests.rendered_board import assert_nothing_wrong, read_rendered
from vision.cells import CellStats
from vision.layout import LAYOUT
from vision.reader import SURE_TILE, _hued_doubted, _near


def test_a_blank_its_hue_shows_is_read_a_blank():
    # 313313 board-016 (5, 7): a plain blank of its cream board's colour, the occupancy model's blank 0.057; by hue 0.17
    # from its tiles' faces, 5.5 from its near plain squares and 3.9 from any other plain square called empty (asked on
    # the start tree eef0222: the face test had counted two of the model's phantom blanks, asked later, as read)
    truth, obs = read_rendered(313313, 16)
    assert truth[5][7] == "?"
    assert obs.cells[5 * 15 + 7].state == "blank", obs.cells[5 * 15 + 7]
    assert_nothing_wrong(truth, obs)


def test_empty_squares_blank_doubt_asks_stay_asked():
    # 302302 board-062 (2, 4) and (3, 5): empty squares BLANK_DOUBT asks (blank 0.22 and 0.13), 4.6 and 4.7 by hue from
    # their tiles' faces, 2.0 and 1.7 times that from their near plain squares, 0.67 and 0.28 times that from a twin:
    # the empty squares BLANK_DOUBT asks nearest DOUBT_HUED on the dev boards
    truth, obs = read_rendered(302302, 62)
    for r, c in ((2, 4), (3, 5)):
        assert truth[r][c] == "."
        assert obs.cells[r * 15 + c].state == "unknown", obs.cells[r * 15 + c]
    assert_nothing_wrong(truth, obs)


def _stats(hues: dict[int, tuple[float, float]], tiles: list[int]) -> CellStats:
    """Squares' middles of lightness 150 and hue (0, 0) but those given; the tiles' face rings of hue (10, 20)."""
    mean = np.zeros((225, 3), np.float32)
    mean[:, 0] = 150.0
    for k, (a, b) in hues.items():
        mean[k, 1:] = (a, b)
    stats = CellStats(mean=mean, shape=np.zeros((225, 4), np.float32), lab=np.zeros((1, 1, 3), np.uint8),
                      edge=np.zeros((225, 2), np.float32))
    stats.faces[:] = mean
    stats.faces[tiles] = (150.0, 10.0, 20.0)
    return stats


def test_the_hue_of_a_tile_needs_no_twin_of_it_called_empty():
    tiles = [7 * 15 + c for c in range(4, 9)]
    square = 6 * 15 + 5
    assert LAYOUT.ravel()[square] == 0
    occ = np.zeros((225, 4), np.float32)
    occ[:, 0] = 1.0
    occ[tiles] = (0.0, 1.0, 0.0, 0.0)
    occ[square] = (0.95, 0.0, 0.05, 0.0)  # called empty itself: no twin of its own (_to_twin leaves it out)
    assert occ[square, 0] >= SURE_TILE
    squares = np.array([square])
    near_tiles = _near(squares, np.array(tiles))
    index = np.arange(225)
    assert _hued_doubted(squares, near_tiles, occ, _stats({square: (10.0, 19.5)}, tiles), index) == [square]
    # a plain square across the board called empty with the tiles' hue: the square's hue no longer tells it
    twin = 13 * 15 + 2
    assert LAYOUT.ravel()[twin] == 0
    hues = {square: (10.0, 19.5), twin: (9.0, 18.0)}
    assert _hued_doubted(squares, near_tiles, occ, _stats(hues, tiles), index) == []
