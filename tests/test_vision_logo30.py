"""Blanks printed with a logo (a ring round a diamond) are read as blanks (issue 15, round 30): beside ink read as a
blank's mark, a piece of the tile's own edge is no value number (vision.glyph.mark_number_sides, reader's
MARK_NUMBERED). The letter model reads these logos 'not a letter' 1.000 in plain ink and strokes; the value number
finder took a dash of the tile's right edge line (a sliver 2x7 px) or a speck and a flat blob of its dashed outline
low right of the ring for a number, so they were asked as tiles whose letter was not read. A letter's own value
number is still found beside its ink by the mark's finder.

The rendered frames are those of `python -m vision.synth dataset OUT --boards N --seed S` (271271: round 29's
measuring seed of helper vlogo, dev data of round 30; tests/test_vision_logo29.py holds four more)."""
import cv2
import numpy as np
import pytest

import vision.reader as reader_module
from tests.rendered_board import assert_nothing_wrong, read_rendered
from vision.glyph import mark_number_sides, value_number_sides
from vision.synth import available_fonts
from vision.synth.tiles import TileStyle, render_tile


@pytest.mark.parametrize("seed, board, square", [
    (271271, 5, (14, 10)),  # dark logo on a wood tile, its outline dashed: a speck 2x3 px and a blob 11x6 px
    (271271, 8, (5, 7)),    # dark logo on a white tile: a sliver 2x7 px of the tile's right edge line
])
def test_a_blank_printed_with_a_logo_is_read_a_blank(seed: int, board: int, square: tuple[int, int],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # the start tree (bdb6a76) asks each (unknown: MARK_NUMBERED, a number found beside the logo)
    looked: list[np.ndarray] = []
    numbered = reader_module._numbered_beside_mark

    def recorded(window: np.ndarray) -> bool:
        looked.append(window)
        return numbered(window)
    monkeypatch.setattr(reader_module, "_numbered_beside_mark", recorded)
    truth, obs = read_rendered(seed, board)
    row, col = square
    assert truth[row][col] == "?"
    assert obs.cells[row * 15 + col].state == "blank", obs.cells[row * 15 + col]
    assert_nothing_wrong(truth, obs)
    # the plain number finder takes the tile's edge for a number there; beside a mark it is left out
    edge_taken = [w for w in looked if (sides := value_number_sides(w)) is not None and sides[0] > 0]
    assert edge_taken and all((sides := mark_number_sides(w)) is None or sides[0] == 0 for w in edge_taken)


@pytest.mark.parametrize("font", available_fonts())
def test_a_letters_own_value_number_is_still_found_beside_ink_read_as_a_mark(font: str) -> None:
    # every letter in every font, an upright window as the reader cuts it (a 48 px cell and 8 px around it): where
    # the number finder finds the tile's own number, the mark's finder finds it too (MARK_NUMBERED asks a letter
    # read as a mark with its number in view: rendered 173173 board-042's X, tests/test_vision_reader_strokes.py)
    found = 0
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        tile = render_tile(letter, size=48, style=TileStyle(font=font))
        window = cv2.copyMakeBorder(tile, 8, 8, 8, 8, cv2.BORDER_REPLICATE)
        sides = value_number_sides(window)
        if sides is not None and sides[0] > 0:
            found += 1
            beside_mark = mark_number_sides(window)
            assert beside_mark is not None and beside_mark[0] > 0, letter
    assert found >= 20
