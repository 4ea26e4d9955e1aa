"""Blanks printed with a logo (a ring round a diamond) should be read as blanks, not asked as tiles whose letter was
not read (issue 15, round 29). The letter model reads their logo 'not a letter' 1.000 in plain ink and strokes, but
the value number finder (vision.glyph value_number_sides) takes a speck 3 px tall low right (where the tile's
rounded corner meets the board) for a value number beside the mark, so MARK_NUMBERED asks them. Strict xfail: the
rule tried in round 29 (helper "vlogo", vision/MEASUREMENTS.md: beside a mark a digit must be 0.15 of the mark's size
tall, MARK_DIGIT) read these four and changed no other square of 520 dev boards and jheidel-en, but changed nothing
on its measuring seed (whose asked logo blanks showed a sliver of the tile's edge and a flat blob there), so it was
not kept. The X MARK_NUMBERED was made for stays asked (tests/test_vision_reader_strokes.py, seed 173173).

The rendered frames are those of `python -m vision.synth dataset OUT --boards N --seed S` (round 28's measuring
renders and vblanklight's dev seed 134146, dev data of round 29)."""
import pytest

from tests.rendered_board import assert_nothing_wrong, read_rendered


@pytest.mark.xfail(strict=True, reason="issue 15: a logo blank is asked, a speck at its tile's corner taken for a "
                   "value number beside the mark (MARK_NUMBERED); round 29's MARK_DIGIT read it but changed nothing "
                   "on its measuring seed")
@pytest.mark.parametrize("seed, board, square", [
    (134146, 30, (6, 3)),   # dark logo on a light tile, ring 24 px, speck 2x3 px low right
    (246246, 88, (12, 5)),  # dark logo on a white tile, speck 2x3 px
    (250250, 74, (7, 7)),   # light logo on a grey tile, speck 4x3 px
    (251251, 27, (8, 9)),   # light logo on a black tile, speck 3x3 px
])
def test_a_blank_printed_with_a_logo_is_read_a_blank(seed: int, board: int, square: tuple[int, int]) -> None:
    # the start tree (d15c234) asks each (unknown: MARK_NUMBERED, a number found beside the logo)
    truth, obs = read_rendered(seed, board)
    row, col = square
    assert truth[row][col] == "?"
    assert obs.cells[row * 15 + col].state == "blank", obs.cells[row * 15 + col]
    assert_nothing_wrong(truth, obs)
