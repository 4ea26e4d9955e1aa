"""Blanks printed with a logo (a ring round a diamond) should be read as blanks, not asked as tiles whose letter was
not read (issue 15, rounds 29-30). The letter model reads their logo 'not a letter' 1.000 in plain ink and strokes, but
the value number finder (vision.glyph value_number_sides) takes a speck 3 px tall low right (where the tile's
rounded corner meets the board, or a piece of its edge line) for a value number beside the mark, so MARK_NUMBERED
asks them. Strict xfail: two rules read these four and changed no other square of their dev boards, but changed
nothing on their measuring seeds, so neither was kept (vision/MEASUREMENTS.md): round 29's MARK_DIGIT (helper
"vlogo": beside a mark a digit must be 0.15 of the mark's size tall) and round 30's mark_number_sides (helper
"vlogo30", commit 2f04eff: beside a mark the pieces of the tile's own edge are no digits; it read the two 271271
blanks too, where the "digit" is a sliver 2x7 px of the tile's right edge line or a speck and a flat blob of its dashed
outline). Round 31 (helper "vlogo31") measured the lead both left, the tile's outline fitted in the window and
what lies along it cut out of the number masks: on rendered lettered tiles the real value number lies as near the
fitted outline (within 2 px on 13 % of them) as these pieces do (-3 to 2 px), so no margin keeps the one and cuts the
other; nor do the pieces' darkness, their stand-out from what lies round them, or a fainter mask joining them to the
rim tell them from real numbers (vision/MEASUREMENTS.md, round 31).
Round 33 (helper "vnumbered33") reads five: where every piece taken for the number continues the tile's edge beyond
it along its length (vision.glyph EDGE_CONTINUED), in a window of dark print; the other five stay strict xfails.
The X MARK_NUMBERED was made for reads X (tests/test_vision_reader_strokes.py, seed 173173).

The rendered frames are those of `python -m vision.synth dataset OUT --boards N --seed S` (round 28's measuring
renders and vblanklight's dev seed 134146, dev data of round 29; 271271, round 29's measuring seed of helper vlogo,
dev data of round 30; 260260, 263263, 270270 (round 29's measuring seeds) and 275275 (round 30's), dev data of round
31)."""
import pytest

from tests.rendered_board import assert_nothing_wrong, read_rendered


_ASKED = pytest.mark.xfail(strict=True, reason="issue 15: a logo blank is asked, a piece of its tile's edge or corner "
                           "taken for a value number beside the mark (MARK_NUMBERED): a light logo's window, or a piece "
                           "that does not continue the tile's edge (EDGE_CONTINUED, round 33)")


@pytest.mark.parametrize("seed, board, square", [
    (134146, 30, (6, 3)),   # dark logo on a light tile, ring 24 px, speck 2x3 px low right
    (246246, 88, (12, 5)),  # dark logo on a white tile, speck 2x3 px
    pytest.param(250250, 74, (7, 7), marks=_ASKED),  # light logo on a grey tile, speck 4x3 px
    pytest.param(251251, 27, (8, 9), marks=_ASKED),  # light logo on a black tile, speck 3x3 px
    # dark logo on a wood tile, its outline dashed: a speck 2x3 px and a blob 11x6 px
    pytest.param(271271, 5, (14, 10), marks=_ASKED),
    (271271, 8, (5, 7)),    # dark logo on a white tile: a sliver 2x7 px of the tile's right edge line
    (263263, 3, (7, 7)),    # dark logo on a light tile: a sliver 5x12 px of its right edge at the corner
    pytest.param(270270, 94, (5, 6), marks=_ASKED),  # light logo on a dark tile: a speck 4x4 px low right
    pytest.param(260260, 23, (10, 0), marks=_ASKED),  # light logo on a dark tile: a speck 3x3 px above its bottom edge
    (275275, 43, (8, 10)),  # dark logo on a cream tile: the arc of its rounded corner, 10x14 px
])
def test_a_blank_printed_with_a_logo_is_read_a_blank(seed: int, board: int, square: tuple[int, int]) -> None:
    # the start trees d15c234, bdb6a76 and acd992a ask each (unknown: MARK_NUMBERED, a number found beside the logo);
    # the five not marked _ASKED read blanks since round 33 (vision.glyph.numbered_by_edge_alone)
    truth, obs = read_rendered(seed, board)
    row, col = square
    assert truth[row][col] == "?"
    assert obs.cells[row * 15 + col].state == "blank", obs.cells[row * 15 + col]
    assert_nothing_wrong(truth, obs)
