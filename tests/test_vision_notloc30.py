"""Round 29's measuring boards not located (issue 15), vision/locate.py. A paper board whose grid lines do not show,
whose rough placement near the board came after the first PATTERN_ROUGHS, is placed by its premium pattern alone from
it (_candidates hands later rough placements the pattern places clearly as they came to _pattern_candidates; helper
vnotloc30 tried it, the lead restored it on its dev evidence). Tried in round 30 and taken back (the measuring seed
273273 read every board the same; the 0.58-cell placements its evidence shows): a board whose row combs racks beside
it sink, placed from the lattice of its strongest column comb squared with the rows' best comb of that spacing
(_best_comb_at, the rough search's last stage). Strict xfail: the loss on record."""
from __future__ import annotations

import numpy as np

import vision.locate as locate
from tests.rendered_board import cells_off
from vision.locate import PATTERN_MARGIN, PATTERN_ROUGHS, board_candidates, order_corners, placement_margin
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame



def _board_261261_54() -> tuple[np.ndarray, np.ndarray]:
    """Rendered seed 261261 board-054: a paper board with no grid lines (69 tiles, 34 px cells, square-on)."""
    frame, _ = dataset_frame(DatasetSpec(boards=100, seed=261261), 54)
    return as_saved(frame.image), order_corners(np.asarray(frame.board_corners, np.float32))


def test_a_lineless_board_whose_near_rough_placement_comes_third_is_placed_by_its_pattern():
    """Not located: its first two rough placements lie 8.3 and 3.4 cells off (margins 1.32 and 0.78), the third
    0.23 cells off (margin 84.6), and the pattern alone is tried from the first PATTERN_ROUGHS only."""
    image, truth = _board_261261_54()
    found = next(board_candidates(image), None)
    assert found is not None and cells_off(found.corners, truth) < 0.3


def test_only_later_rough_placements_clearly_placed_as_they_came_go_to_the_pattern(monkeypatch):
    """The pattern-alone placement would be tried from the first PATTERN_ROUGHS rough placements and, after them,
    only from those the premium pattern places clearly as they came (PATTERN_MARGIN)."""
    image, _ = _board_261261_54()
    tried: list[tuple[np.ndarray, np.ndarray]] = []
    by_pattern = locate._placed_by_pattern

    def watched(small: np.ndarray, gray: np.ndarray, scale: float, rough: np.ndarray,
                relative: bool) -> locate.BoardLocation | None:
        tried.append((small, rough.copy()))
        return by_pattern(small, gray, scale, rough, relative)
    monkeypatch.setattr(locate, "_placed_by_pattern", watched)
    list(board_candidates(image))
    assert len(tried) > PATTERN_ROUGHS
    for small, rough in tried[PATTERN_ROUGHS:]:
        assert placement_margin(small, rough)[0] >= PATTERN_MARGIN


def test_a_board_whose_row_combs_racks_sink_is_located():
    # a strict xfail until round 37 (round 30's squared combs were taken back): located since one of round 37's last searches
    """Rendered seed 261261 board-085 (a classic board square-on, 17 tiles, racks against its top and bottom rims):
    not located (best rough placement 4.2 cells off): at half size the racks' edges lie a cell beyond the board's
    outer rows, so every row comb of its spacing (8.75-9 px) pays for them and none is among the rows' peaks; its
    strongest column comb is the board's. Squared with the rows' best comb of that spacing it was placed 0.19 cells
    off and located 0.04 off."""
    frame, _ = dataset_frame(DatasetSpec(boards=100, seed=261261), 85)
    image, truth = as_saved(frame.image), order_corners(np.asarray(frame.board_corners, np.float32))
    found = next(board_candidates(image), None)
    assert found is not None and cells_off(found.corners, truth) < 0.3
