"""Location's exact cuts of round 31 (vision/locate.py, helper vspeed11): where only whether a placement passes the
span margin is asked, _span_passes answers as _span_margin does, asking each measure first of the placement and
the plain measure's best rival alone; and the trimmed combs' lattices are worked out skew by skew as the search
asks for them. The start tree (9c64a2b) has no _span_passes, so this module does not import there."""
from __future__ import annotations

from itertools import islice
from pathlib import Path

import cv2
import numpy as np
import pytest

import vision.locate as locate
from tests.rendered_board import rendered_corners
from tests.test_vision_locate import _spanned
from vision.locate import (SPAN_MARGIN, TRIMMED_LATTICES, _masked_pattern_scores, _pattern_scores, _plain_cells,
                           _relative_lightness, _span_bare, _span_margin, _span_passes, _span_rivals, _work_images,
                           order_corners)

SCRABSCRAP = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "scrabscrap-v1"


def _board(board: int) -> tuple[np.ndarray, np.ndarray]:
    """Dev seed 245245's board (its work image and true corners there)."""
    image, corners = rendered_corners(245245, board)
    small, _, scale = _work_images(image)
    return small, order_corners(corners * scale)


def _placements(truth: np.ndarray) -> list[np.ndarray]:
    """The truth, grids spaced otherwise or moved along either axis, and the truth jittered a third of a cell to
    three cells at each corner."""
    rng = np.random.default_rng(31)
    cell = float(np.linalg.norm(truth[1] - truth[0])) / 15
    spanned = [order_corners(_spanned(truth, axis, lo, hi)) for axis in (0, 1)
               for lo, hi in ((-2.0, 17.0), (0.0, 11.0), (2.5, 17.5), (-4.0, 11.0), (1.0, 19.0), (3.0, 15.0))]
    jittered = [(truth + rng.normal(0.0, spread * cell, (4, 2))).astype(np.float32)
                for spread in (0.3, 1.0, 3.0) for _ in range(3)]
    return [truth] + spanned + jittered


def test_each_grid_scores_its_own_numbers_whatever_grids_are_scored_with_it():
    """_span_passes scores the placement and one rival alone and compares them with scores of every grid: the
    pattern scores, the relative lightness and the scores with the tiles left out of a pair are those rows of
    all of them, to the bit (on a board with tiles, the rivals of a placement a cell and a half off)."""
    small, truth = _board(0)
    rivals = _span_rivals(small, order_corners(_spanned(truth, 0, -1.5, 15.0)))
    assert rivals is not None and len(rivals.grids) > 20
    bare = _span_bare(small, truth, rivals)
    assert bare is not None and not bare.all()  # the premise: the board's tiles are left out
    relative = _relative_lightness(rivals.grids)
    for pair in ([0, 1], [0, len(rivals.grids) - 1], [0, 7]):
        assert np.array_equal(_pattern_scores(rivals.grids[pair]), _pattern_scores(rivals.grids)[pair])
        assert np.array_equal(_relative_lightness(rivals.grids[pair]), relative[pair])
        for means in (rivals.grids, relative):
            assert np.array_equal(_masked_pattern_scores(means[pair], bare[pair]), _masked_pattern_scores(means, bare)[pair])


@pytest.mark.parametrize("board", [0, 3])
def test_span_passes_answers_as_the_span_margin_and_mostly_from_the_pair(board: int, monkeypatch: pytest.MonkeyPatch):
    """On placements of a rendered board, passed and refused alike, _span_passes says what _span_margin's
    margin against SPAN_MARGIN says; the relative lightness of every grid is worked out for fewer of the
    refused than the span margin works it out for."""
    small, truth = _board(board)
    relative = locate._relative_lightness
    every_grid: list[int] = []

    def counted(grids: np.ndarray) -> np.ndarray:
        if len(grids) > 2:
            every_grid.append(1)
        return relative(grids)
    monkeypatch.setattr(locate, "_relative_lightness", counted)
    answers, passes_asked, margin_asked = [], 0, 0
    for corners in _placements(truth):
        every_grid.clear()
        passed = _span_passes(small, corners)
        passes_asked += len(every_grid)
        every_grid.clear()
        margin = _span_margin(small, corners)[0]
        margin_asked += len(every_grid)
        assert passed == (margin >= SPAN_MARGIN)
        answers.append(passed)
    assert answers[0] and not all(answers)  # the premise: the board passes, some placements are refused
    assert passes_asked < margin_asked


@pytest.mark.skipif(not (SCRABSCRAP / "spiel-13").exists(), reason="needs ../shared/datasets")
def test_the_trimmed_lattices_are_worked_out_skew_by_skew_as_asked(monkeypatch: pytest.MonkeyPatch):
    """A German photo too small and steep to read (spiel-13/board-05 as the bench's --tilt 35 --scale 0.2 shows
    it: two skews, 9 and 5 trimmed lattices): the first TRIMMED_LATTICES are the first skew's alone, the same
    cells as when every skew's are worked out, and the second skew's combs are not scored less their tooth."""
    from vision.bench import TABLE_GREY, frame_transform
    frame = cv2.imread(str(SCRABSCRAP / "spiel-13" / "board-05.jpg"), cv2.IMREAD_COLOR)
    assert frame is not None
    h, w = frame.shape[:2]
    frame = cv2.warpPerspective(frame, frame_transform(w, h, 35.0, 0.2, 0.0), (w, h), flags=cv2.INTER_AREA,
                                borderMode=cv2.BORDER_CONSTANT, borderValue=TABLE_GREY)
    small, gray, _ = _work_images(frame)
    lattices = locate._lattices
    asked: list[int] = []

    def counted(view: np.ndarray, skew: float, coarse: bool = False) -> tuple[locate.Lattices, np.ndarray, object]:
        found, rot, trimmed = lattices(view, skew, coarse)

        def trimmed_asked() -> locate.Lattices:
            asked.append(1)
            return trimmed()
        return found, rot, trimmed_asked
    monkeypatch.setattr(locate, "_lattices", counted)
    _, every, _ = _plain_cells(small, gray)
    all_of_them = list(every())
    assert len(asked) == 2 and len(all_of_them) > TRIMMED_LATTICES  # the premise: two skews, both asked
    asked.clear()
    _, trimmed_cells, _ = _plain_cells(small, gray)
    first = list(islice(trimmed_cells(), TRIMMED_LATTICES))
    assert len(asked) == 1
    for (cells, back), (whole, whole_back) in zip(first, all_of_them[:TRIMMED_LATTICES]):
        assert np.array_equal(back, whole_back)
        assert all(np.array_equal(getattr(cells, name), getattr(whole, name)) for name in vars(whole))
