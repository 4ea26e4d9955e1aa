"""Plain blanks of their square's colour across a lightness gap (issue 15, round 29): lit like the tile beside them
but far from the median of their nearest tiles' faces, they should be asked, never a silent empty (strict xfail: the
rule tried in round 29, vision/MEASUREMENTS.md helper "vblanklight", asked an empty square on its measuring seed and
was not kept); empty squares lit like the tile beside them but as near their type's empty squares by hue stay empty
(guards for such a rule).

The rendered frames are those of `python -m vision.synth dataset OUT --boards N --seed S` (round 28's measuring
renders, dev data of round 29); the photos are jheidel-en's (../shared/datasets)."""
from pathlib import Path

import cv2
import pytest

from tests.rendered_board import assert_nothing_wrong, read_rendered
from vision.config import VisionConfig
from vision.reader import BoardReader

JHEIDEL = Path(__file__).resolve().parents[1].parent / "shared" / "datasets" / "jheidel-en"


@pytest.mark.xfail(strict=True, reason="issue 15: a blank across a lightness gap is read empty (round 29: the rule "
                   "that asked it, judged by the tile beside it, asked an empty square on the measuring seed)")
@pytest.mark.parametrize("seed, board, row, col", [(241241, 55, 6, 7), (256256, 78, 10, 7)])
def test_a_blank_lit_like_the_tile_beside_it_is_asked_not_empty(seed: int, board: int, row: int, col: int) -> None:
    # 241241 board-055 (6,7): blank 0.144 by the occupancy model, 29.4 Lab from its nearest tiles' faces (a shadow's
    # edge: those faces 145 L, it 174) but 7.0 from the lit tile beside it and 13.9 from its type's empties;
    # 256256 board-078 (10,7): blank 0.048, 27.8 Lab from the faces, 2.3 from the tile beside it, 10.1 from its
    # empties. The start tree (c3cbc76) read both empty
    truth, obs = read_rendered(seed, board)
    assert truth[row][col] == "?"
    assert obs.cells[row * 15 + col].state != "empty", obs.cells[row * 15 + col]
    assert_nothing_wrong(truth, obs)


@pytest.mark.skipif(not JHEIDEL.exists(), reason="needs ../shared/datasets")
@pytest.mark.parametrize("image, row, col", [("IMG_20151016_170721.jpg", 8, 11), ("IMG_20151016_170803.jpg", 6, 1)])
def test_an_empty_square_lit_like_the_tile_beside_it_stays_empty(image: str, row: int, col: int) -> None:
    # 170721 (8,11): 1.7 Lab from the tile beside it but 0.3 by hue from its type's empties (1.6 from the tile);
    # 170803 (6,1): 7.5 Lab and 4.1 by hue from the tile beside it, 1.4 by hue from its empties (the nearest
    # empty square to the rule on the dev sets). Both read empty on the start tree too
    photo = cv2.imread(str(JHEIDEL / image))
    assert photo is not None
    obs = BoardReader(VisionConfig(tileset="english")).observe(photo)
    assert obs.cells[row * 15 + col].state == "empty", obs.cells[row * 15 + col]
