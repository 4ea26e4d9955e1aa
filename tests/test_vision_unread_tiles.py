"""Tiles on located boards read, not asked (round 23, helper vunread2): a tile found by its face whose letter was
not looked for is read (reader._faced_letters, FACE_LOOKED), and a marked blank the occupancy model calls a tile
under SURE_TILE is a blank (reader.MARK_TILE), and letters read at the kiosk's bar on squares called covered
make no hand's patch (reader.LETTER_IN_VIEW). Rendered boards of dev seed 128069."""
from tests.rendered_board import assert_nothing_wrong, read_rendered


def test_a_tile_found_by_its_face_is_read_where_its_letter_was_not_looked_for() -> None:
    # 128069 board 49 (dark wooden tiles on a dark board): the O at row 10 column 4, empty 0.51 and covered 0.44 to
    # the occupancy model (tile 0.048, under LETTER_FROM: no letter looked for), its face the tiles': unknown on the
    # start tree, O 0.998 read now
    truth, obs = read_rendered(128069, 49)
    assert truth[10][4] == "O"
    assert (obs.cells[10 * 15 + 4].state, obs.cells[10 * 15 + 4].letter) == ("tile", "O")
    assert_nothing_wrong(truth, obs)


def test_a_marked_blank_called_a_tile_under_sure_tile_is_a_blank() -> None:
    # 128069 board 31 (green tiles on the green board): the logo-marked blank at row 2 column 5, a tile 0.878 only,
    # its ink a mark plain and as strokes: unknown on the start tree
    truth, obs = read_rendered(128069, 31)
    assert truth[2][5] == "?"
    assert obs.cells[2 * 15 + 5].state == "blank"
    assert_nothing_wrong(truth, obs)


def test_letters_read_at_the_kiosks_bar_make_no_hands_patch() -> None:
    # 128069 board 168 (a dark board under glare, green tiles the occupancy model called covered at 0.39-0.73): I's
    # and an O read at 0.93-0.99 with a blank beside them made a patch of a hand's size, and 17 tiles beside it read
    # at 0.99 and more were unknown on the start tree (reader.LETTER_IN_VIEW)
    truth, obs = read_rendered(128069, 168)
    squares = [(6, 7), (6, 9), (6, 10), (7, 7), (7, 8), (7, 9), (7, 10), (8, 8), (8, 9), (8, 11), (8, 12), (9, 7),
               (9, 8), (9, 10), (9, 11), (9, 12), (10, 10)]
    read = [(obs.cells[r * 15 + c].state, obs.cells[r * 15 + c].letter) for r, c in squares]
    assert read == [("tile", truth[r][c]) for r, c in squares]
    assert_nothing_wrong(truth, obs)
