"""Tiles on located boards read, not asked (round 24, helper vunread3): a tile where no letter was found (faint print
on dark wood, a glare gradient across the tile) is read again with its detail boosted (reader._faint_letters,
FAINT_GAIN), a star blank on a plain square is a blank whatever its hue (reader.MARK_ON_PLAIN), and a letter read
from strokes far off where letters sit is unknown (reader.STROKES_OFF_CENTRE). Rendered boards of dev seeds 133077 and
133078."""
from tests.rendered_board import assert_nothing_wrong, read_rendered


def test_faint_letters_on_dark_wood_are_read_with_their_detail_boosted() -> None:
    # 133077 board 94 (dark wooden tiles on a cream board, hanken-grotesk-bold): no ink mask and no strokes on these
    # five tiles (the occupancy model: tile 0.54-0.99), asked on the start tree; their boosted windows read J, S, I, N,
    # P at 0.993-0.9999. N on the centre star needs its polarity judged on the boosted window (a glare gradient across
    # the plain one reads as light print)
    truth, obs = read_rendered(133077, 94)
    squares = [(4, 10), (5, 10), (6, 8), (8, 8), (8, 10)]
    read = [(obs.cells[r * 15 + c].state, obs.cells[r * 15 + c].letter) for r, c in squares]
    assert read == [("tile", truth[r][c]) for r, c in squares]
    assert_nothing_wrong(truth, obs)


def test_faint_letters_under_glare_are_read_with_their_detail_boosted() -> None:
    # 133078 board 97 (wooden tiles on a cream board with labels, under glare): the L and the S at row 12, asked on the
    # start tree (no glyph found), read L 0.9999 and S 0.9996 boosted; the L lies on a premium square
    truth, obs = read_rendered(133078, 97)
    squares = [(12, 6), (12, 7)]
    read = [(obs.cells[r * 15 + c].state, obs.cells[r * 15 + c].letter) for r, c in squares]
    assert read == [("tile", truth[r][c]) for r, c in squares]
    assert_nothing_wrong(truth, obs)


def test_a_star_blank_on_a_plain_square_is_a_blank_whatever_its_hue() -> None:
    # 133077 board 39 (cream tiles on a cream board with labels): the star blank at row 4 column 11 lies 0.8 from its
    # plain squares' hue and 2.3 from the tiles', so MARK_COLOUR dropped it and the other star blank with it (all or
    # none); the other (5,5) was found by its face, (4,11) was asked on the start tree
    truth, obs = read_rendered(133077, 39)
    assert truth[4][11] == "?" and truth[5][5] == "?"
    assert obs.cells[4 * 15 + 11].state == "blank" and obs.cells[5 * 15 + 5].state == "blank"
    assert_nothing_wrong(truth, obs)


def test_a_letter_read_from_strokes_far_off_where_letters_sit_is_unknown() -> None:
    # 133078 board 30 (cream tiles on the German board, red-hat-display-medium): the E at row 11 column 6 shows no
    # letter in its plain ink, and its strokes' biggest part is the tile's shaded left edge, a bar 0.34 of the window
    # off where letters sit, read I 0.994 on the start tree (confidently wrong); unknown now (STROKES_OFF_CENTRE)
    truth, obs = read_rendered(133078, 30)
    assert truth[11][6] == "E"
    assert obs.cells[11 * 15 + 6].state == "unknown"
    assert_nothing_wrong(truth, obs)
