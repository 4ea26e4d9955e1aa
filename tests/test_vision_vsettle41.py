"""Boards through a tilted camera not located because a refinement stopped before it settled (issue 15, round 41;
vision/MEASUREMENTS.md). Both through the bench's `--tilt 15 --scale 0.6 --turn 45`, not located by the start tree
(91b006a):

- 134340 board-059 (a green board filling the frame, 69 tiles; 13 px squares at the work size): placed 0.38 cells off
  at the work size, refined at the finer scale by near passes only, which stopped 0.18 off with a corner's lines
  fitting 0.5. vision/locate.py's _settled now refines a placement refused at both scales again at the finer scale
  from a wide first pass (_at_finer's `wide`).
- 134341 board-047 (faint lines, the rendered camera's tilt and the view's): three passes from a rough placement 0.39
  cells off stopped 0.33 off, its lines fitting 0.66. In the second look along the lines, _settled now refines such a
  placement on from where it stopped."""
from __future__ import annotations

import pytest

from tests.rendered_board import assert_nothing_wrong, cells_off, rendered_through_camera
from vision.config import VisionConfig
from vision.locate import board_candidates
from vision.reader import BoardReader
from vision.synth.dataset import DatasetSpec, dataset_frame

VIEW = (15.0, 0.6, 45.0)
CASES = [(134340, 59), (134341, 47)]


@pytest.mark.parametrize("seed, board", CASES)
def test_the_board_is_located_within_a_tenth_of_a_cell(seed: int, board: int) -> None:
    image, truth = rendered_through_camera(seed, board, *VIEW)
    found = next(board_candidates(image), None)
    assert found is not None and cells_off(found.corners, truth) < 0.1


@pytest.mark.parametrize("seed, board", CASES)
def test_the_board_is_read_with_nothing_wrong(seed: int, board: int) -> None:
    image, _ = rendered_through_camera(seed, board, *VIEW)
    frame, _ = dataset_frame(DatasetSpec(boards=board + 1, seed=seed), board)
    obs = BoardReader(VisionConfig(tileset="english")).observe(image)
    assert obs.located
    assert_nothing_wrong(frame.truth, obs)
    tiles = [(r, c) for r in range(15) for c in range(15) if frame.truth[r][c].isalpha()]
    assert sum(obs.cells[r * 15 + c].letter == frame.truth[r][c] for r, c in tiles) >= 0.95 * len(tiles)


@pytest.mark.xfail(strict=True, reason="round 41's measuring seed: a bullseye-logo blank read G 0.994 through the view")
def test_a_bullseye_blank_through_the_view_is_not_read_as_a_letter() -> None:
    """Lead's measuring seed 388388 board-092 (found, not tuned to): the blank at (8, 8), a bullseye logo on a red
    wooden tile, is asked head-on but read G 0.994 through `--tilt 15 --scale 0.6 --turn 45` (the start tree alike;
    vlogo33's bullseye blank read D was the same kind)."""
    image, _ = rendered_through_camera(388388, 92, *VIEW)
    obs = BoardReader(VisionConfig(tileset="english")).observe(image)
    assert obs.located
    assert obs.cells[8 * 15 + 8].letter is None
