"""Round 32 (issue 15): plain blanks of a colour near their board's squares, their hue their tiles' and not their
square's, were read empty at 0.99 because the occupancy model gave them under FACE_HUE_BLANK as a blank (the hue
test's second sign); they are asked now where their hue is as far from every empty square of their type as from
their tiles' faces and their colour within HUE_ASKED_NEAR of those faces (vision.reader _hued_blanks). Empty squares
near in hue to their tiles' faces keep their reading."""
from tests.rendered_board import assert_nothing_wrong, read_rendered


def test_a_blank_its_hue_shows_is_asked_not_read_empty():
    # 268268 board-058 (8, 7): a pale blue blank on a grey board, 5.0 Lab from its tiles' faces, 1.3 by hue, 8.1 by
    # hue from its near empties and 8.0 from the nearest grey square anywhere; blank 0.008 (start tree empty 0.991)
    truth, obs = read_rendered(268268, 58)
    assert truth[8][7] == "?"
    assert obs.cells[8 * 15 + 7].state in ("blank", "unknown"), obs.cells[8 * 15 + 7]
    assert_nothing_wrong(truth, obs)


def test_empty_squares_near_their_tiles_hue_stay_empty():
    # 264264 board-049 (6, 10): 1.9 by hue from its tiles' faces, its near empties 3.1 times as far but a square of
    # its type 1.94 times (the nearest empty square to the rule on the dev boards); 268268 board-041 (5, 13): 10.7
    # and 6.7 times as far by hue, but 65 Lab from its tiles' faces (HUE_ASKED_NEAR)
    for seed, board, (r, c) in ((264264, 49, (6, 10)), (268268, 41, (5, 13))):
        truth, obs = read_rendered(seed, board)
        assert truth[r][c] == "." and obs.cells[r * 15 + c].state == "empty", (seed, board, obs.cells[r * 15 + c])
        assert_nothing_wrong(truth, obs)
