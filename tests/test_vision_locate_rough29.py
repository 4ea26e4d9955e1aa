"""The rough search's last resort (vision/locate.py, TRIMMED_LATTICES): line combs scored less their
strongest tooth, so that one line far stronger than the board's own (a rack's edge beside the board)
cannot carry a comb of another spacing, and their lattices placed where the combs lie."""
from __future__ import annotations

import cv2
import numpy as np

import vision.locate as locate
from vision.locate import _fit_combs, _lattice_cells, _lab_integral, _placement, board_candidates, order_corners
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame


def _board_rows(rack_at: int | None) -> np.ndarray:
    """A half-size row profile like rendered seed 134117 board-058's: 320 px, a board of 12 px rows from 67
    px whose 14 inner lines respond 300 and whose outer two do not show, a little noise, and a rack's
    edge ten times as strong at `rack_at` when given."""
    profile = np.random.default_rng(7).uniform(0.0, 40.0, 320)
    for k in range(1, 15):
        profile[67 + 12 * k] += 300.0
    if rack_at is not None:
        profile[rack_at] += 3000.0
    return profile


def test_a_rack_edge_beside_the_board_carries_a_comb_of_another_spacing_only_while_teeth_count_whole():
    # 3 px beyond the board's last (unseen) line
    whole = _fit_combs([_board_rows(250)], keep=3)[0][0]
    trimmed = _fit_combs([_board_rows(250)], keep=3, trimmed=True)[0][0]
    assert abs(whole[1] - 12.0) > 0.25  # the premise: a comb through the rack's edge comes first
    assert abs(trimmed[1] - 12.0) <= 0.25
    assert abs(trimmed[0] - 67.0) <= 12.0 + 1  # its 16 teeth on the board's lines, give or take one


def test_without_a_strong_line_both_scores_put_the_boards_spacing_first():
    for trimmed in (False, True):
        assert abs(_fit_combs([_board_rows(None)], keep=3, trimmed=trimmed)[0][0][1] - 12.0) <= 0.25


def test_a_lattice_placed_near_its_combs_takes_no_window_beyond_a_cell_of_them():
    """On a plain grey view every window scores alike: the windows near the combs' first teeth are
    the only ones near_combs may take."""
    view = np.full((400, 400, 3), 128, np.uint8)
    view[::7] = 40  # some texture, so the windows differ
    cells = _lattice_cells(_lab_integral(view), None, (30.0, 12.0, 54.0, 12.0), cv2.getRotationMatrix2D((0, 0), 0.0, 1.0))
    assert cells is not None
    found = _placement(cells, False, near_combs=True)
    assert found is not None
    left, top = found[1][0]
    assert abs(left - 30.0) <= 12.0 + 1e-3 and abs(top - 54.0) <= 12.0 + 1e-3


def _off(corners: np.ndarray, truth: np.ndarray) -> float:
    """How far (cells) the truth's farthest corner lies from `corners`' grid, any turn."""
    to_cells = cv2.getPerspectiveTransform(np.asarray(corners, np.float32), locate._canonical(1))
    mapped = cv2.perspectiveTransform(truth[None], to_cells)[0]
    return min(float(np.linalg.norm(mapped - np.roll(locate._canonical(1), -q, axis=0), axis=1).max()) for q in range(4))


def test_a_crowded_board_whose_rows_a_rack_edge_outcombs_is_found(monkeypatch):
    """Rendered seed 134117 board-058 (78 tiles, a rack along two sides): not located on the start tree
    (best rough placement 3.8 cells off); the trimmed combs' lattice placed where they lie finds it."""
    frame, _ = dataset_frame(DatasetSpec(boards=59, seed=134117), 58)
    image, truth = as_saved(frame.image), order_corners(np.asarray(frame.board_corners, np.float32))
    found = next(board_candidates(image), None)
    assert found is not None and _off(found.corners, truth) < 0.5
    # without the last resort it is not found (the start tree's search)
    monkeypatch.setattr(locate, "TRIMMED_LATTICES", 0)
    assert next(board_candidates(image), None) is None
