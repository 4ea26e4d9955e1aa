"""The rough search's quicker orders give the same answers (vision/locate.py, round 30's vspeed10): a
refinement is scored (_scored: the grid score on its rectified view, with that view's line responses) only once
the margins keep its placement, and the wider perspective view's later placements are judged by their lines
before their margins. None runs on the start tree (bdb6a76: no _scored, and _clear_as_it_comes takes no grey);
there every refinement is scored (the tiled floor of the second test: 22 refinements, 22 scored,
`/tmp/vspeed10/floor.py`) and the margins are asked of a placement whatever its lines."""
from __future__ import annotations

import numpy as np
import pytest

import vision.locate as locate
from vision.locate import (LINE_FIT, _clear_as_it_comes, _gray, _refine, _scored, _work_images, board_candidates, line_fit,
                           order_corners)
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame


def _tiled_floor(spacing: int) -> np.ndarray:
    """A tiled floor (dark grout every `spacing` px, with noise) and no board: 480 x 640 BGR."""
    rng = np.random.default_rng(3)
    frame = rng.normal(150.0, 12.0, (480, 640, 3))
    frame[::spacing] -= 60.0
    frame[:, ::spacing] -= 60.0
    return np.clip(frame, 0, 255).astype(np.uint8)


def _square(x: float, y: float, side: float) -> np.ndarray:
    return np.array([[x, y], [x + side, y], [x + side, y + side], [x, y + side]], np.float32)


@pytest.mark.parametrize("passes, wide, average", [(3, True, 1), (2, False, 1), (2, False, 5)])
def test_a_refinement_scored_afterwards_is_the_refinement_scored_at_once(passes, wide, average):
    """The corners, grid score, view and line responses to the bit."""
    grey = _gray(_tiled_floor(24)).astype(np.float32)
    rough = _square(53.0, 41.0, 362.0)  # 15 cells of 24 px, a few px off the grout
    corners, score, fitted = _refine(grey, rough, passes, wide=wide, average=average)
    unscored = _refine(grey, rough, passes, wide=wide, average=average, scored=False)
    assert unscored[1] == 0.0 and unscored[2] is None
    later_corners, later_score, later = _scored(grey, unscored[0])
    assert fitted is not None
    assert np.array_equal(later_corners, corners) and later_score == score
    assert np.array_equal(later.view, fitted.view)
    assert later.response.keys() == fitted.response.keys()
    assert all(np.array_equal(later.response[key], fitted.response[key]) for key in fitted.response)


def test_refinements_of_placements_the_margins_refuse_are_not_scored(monkeypatch: pytest.MonkeyPatch):
    """A tiled floor's grout lattices are refined and refused by the premium pattern's margin: none is scored."""
    refined: list[int] = []
    scored: list[int] = []
    refine, contrast = locate._refine, locate._grid_contrast

    def counted_refine(*args, **kwargs):
        refined.append(1)
        return refine(*args, **kwargs)

    def counted_contrast(*args, **kwargs):
        scored.append(1)
        return contrast(*args, **kwargs)
    monkeypatch.setattr(locate, "_refine", counted_refine)
    monkeypatch.setattr(locate, "_grid_contrast", counted_contrast)
    assert list(board_candidates(_tiled_floor(37))) == []
    assert refined  # the premise: placements were refined
    assert scored == []


def test_a_placement_whose_lines_do_not_fit_is_refused_before_its_margins(monkeypatch: pytest.MonkeyPatch):
    """With the grey given, _clear_as_it_comes answers as the margins' check and the lines' together, and asks
    no margin of a placement whose lines do not fit: a rendered board (dev seed 134161, frame 0) at its true
    corners and moved a fraction of a cell, half a cell, a cell each way."""
    frame, _ = dataset_frame(DatasetSpec(boards=1, seed=134161), 0)
    small, gray, scale = _work_images(as_saved(frame.image))
    truth = order_corners(np.asarray(frame.board_corners, np.float32)) * scale
    cell = float(np.linalg.norm(truth[1] - truth[0])) / 15
    placements = [(truth + np.array(move, np.float32) * cell).astype(np.float32)
                  for move in ((0.0, 0.0), (0.3, 0.2), (0.5, 0.0), (1.0, 1.0))]
    clear = [_clear_as_it_comes(small, corners, scale) for corners in placements]
    fits = [line_fit(gray, corners) >= LINE_FIT for corners in placements]
    assert clear[0] and fits[0] and clear[1] and not fits[1]  # the premise: the truth passes both, 0.3 cells off the margins alone
    assert [_clear_as_it_comes(small, corners, scale, gray) for corners in placements] == [
        c and f for c, f in zip(clear, fits)]

    def refused(*args, **kwargs):
        raise AssertionError("a margin asked of a placement whose lines do not fit")
    monkeypatch.setattr(locate, "placement_margin", refused)
    monkeypatch.setattr(locate, "_span_margin", refused)
    monkeypatch.setattr(locate, "_span_passes", refused)  # what _clear_as_it_comes asks since round 31
    for corners, fit in zip(placements, fits):
        if not fit:
            assert not _clear_as_it_comes(small, corners, scale, gray)
