"""Round 30 (issue 15): the one phantom blank over round 30's unused measuring boards, an empty plain square
between two tiles, shaded a little darker than the plain squares near it on a board whose plain squares are the
tiles' colour, is no blank now (vision.reader FACE_SHADE_APART): its hue does not tell it from its near empties and it
is only 7 Lab from them; blanks told from their near empties by hue, or far from them, stay blanks."""
from tests.rendered_board import assert_nothing_wrong, read_rendered, read_square


def test_an_empty_plain_square_shaded_toward_the_tiles_colour_is_no_blank():
    # 283283 board-016 (5, 8) (the board turned 180): between an O and a B, 0.7 Lab from their faces and 7.0 from
    # its near plain squares (0.4 and 0.8 by hue), empty 0.999 to the occupancy model: start tree a blank at 0.75
    truth, obs = read_rendered(283283, 16)
    assert truth[5][8] == "."
    assert obs.cells[5 * 15 + 8].state in ("empty", "unknown"), obs.cells[5 * 15 + 8]
    assert_nothing_wrong(truth, obs)


def test_a_plain_blank_near_its_squares_colour_told_by_hue_stays_a_blank():
    # 269269 board-025 (4, 8): 5.3 Lab from its near plain squares, 1.0 from its tiles' faces, by hue 3.2 and 0.8
    truth, cell = read_square(269269, 25, 4, 8)
    assert truth == "?" and cell.state == "blank", cell


def test_a_plain_blank_its_hue_cannot_tell_far_from_its_squares_stays_a_blank():
    # 263263 board-029 (6, 5): by hue 3.0 from its near plain squares and 0.8 from the faces (the hue test does
    # not take it), but 34 Lab from them in all (FACE_SHADE_APART)
    truth, cell = read_square(263263, 29, 6, 5)
    assert truth == "?" and cell.state == "blank", cell
