"""The rough search (vision.locate._global_search) runs once an image: the pattern-alone placement
(_pattern_candidates, board_candidates' last try) takes the rough placements _candidates' search gave."""
from __future__ import annotations

from collections.abc import Callable, Iterator

import cv2
import numpy as np
import pytest

import vision.locate as locate
from vision.board_scale import MIN_CELL_PX, smallest_square_px
from vision.locate import (PATTERN_ROUGHS, ROUGH_CELL, BoardLocation,
                           board_candidates, order_corners)
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame


def _table() -> np.ndarray:
    """A wooden table's grain and nothing else (as tests/test_vision_locate_lineless.py's)."""
    rng = np.random.default_rng(7)
    grain = cv2.GaussianBlur(rng.normal(0, 1, (480, 640)).astype(np.float32), (0, 0), sigmaX=12, sigmaY=1.5)
    grey = 110 + 40 * grain / grain.std()
    return np.dstack([grey * 0.55, grey * 0.75, grey]).clip(0, 255).astype(np.uint8)


def _board_134089_48() -> np.ndarray:
    """A dim paper board whose grid lines do not show: placed by its premium pattern alone."""
    frame, _ = dataset_frame(DatasetSpec(boards=60, seed=134089), 48)
    return as_saved(frame.image)


class _Watched:
    """Every rough search (its work image and the placements it gave) and every pattern-alone placement's
    rough placement, while board_candidates runs."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.searches: list[tuple[np.ndarray, float, list[tuple[np.ndarray, bool]]]] = []
        self.placed: list[tuple[np.ndarray, np.ndarray, bool]] = []
        search, by_pattern = locate._global_search, locate._placed_by_pattern

        def watched_search(frame: np.ndarray, scale: float, small: np.ndarray,
                           gray: np.ndarray) -> Iterator[tuple[np.ndarray, bool]]:
            given: list[tuple[np.ndarray, bool]] = []
            self.searches.append((small, scale, given))
            for rough, relative in search(frame, scale, small, gray):
                given.append((rough.copy(), relative))
                yield rough, relative

        def watched_placing(small: np.ndarray, gray: np.ndarray, scale: float, rough: np.ndarray,
                            relative: bool) -> BoardLocation | None:
            self.placed.append((small, rough.copy(), relative))
            return by_pattern(small, gray, scale, rough, relative)
        monkeypatch.setattr(locate, "_global_search", watched_search)
        monkeypatch.setattr(locate, "_placed_by_pattern", watched_placing)


@pytest.mark.parametrize("image", [_table, _board_134089_48], ids=["no board", "134089 board-048"])
def test_the_pattern_alone_places_the_rough_placements_of_the_one_search_of_its_image(
        monkeypatch: pytest.MonkeyPatch, image: Callable[[], np.ndarray]) -> None:
    watched = _Watched(monkeypatch)
    frame = image()
    found = list(board_candidates(frame))
    assert watched.placed, "the pattern-alone placement was tried"
    searched = [id(small) for small, _, _ in watched.searches]
    assert len(searched) == len(set(searched)), "no image searched twice"
    for small, scale, given in watched.searches:
        # the first PATTERN_ROUGHS of the search, less those too small to read (as _candidates skips them)
        expected = [(rough, relative) for rough, relative in ((order_corners(r), rel) for r, rel in given[:PATTERN_ROUGHS])
                    if smallest_square_px(rough) / scale >= ROUGH_CELL * MIN_CELL_PX]
        placed = [(rough, relative) for placed_small, rough, relative in watched.placed if placed_small is small]
        if placed:
            assert len(placed) == len(expected)
            for (rough, relative), (want, want_relative) in zip(placed, expected):
                assert np.array_equal(rough, want) and relative == want_relative
    assert (found == []) == (image is _table)


def test_the_rough_search_places_each_lattice_once_by_each_measure(monkeypatch: pytest.MonkeyPatch) -> None:
    """_global_search to its end (the strongest lattices' placements after ROUGH_CANDIDATES) works each
    lattice's _placement out once by each measure."""
    placing = locate._placement
    asked: list[tuple[int, bool, bool]] = []
    kept: list[locate._LatticeCells] = []  # every lattice asked about kept alive, so no two share an id

    def counted(cells: locate._LatticeCells, relative: bool,
                near_combs: bool = False) -> tuple[float, np.ndarray] | None:
        asked.append((id(cells), relative, near_combs))
        kept.append(cells)
        return placing(cells, relative, near_combs)
    monkeypatch.setattr(locate, "_placement", counted)
    frame = _table()
    small, gray, scale = locate._work_images(frame)
    list(locate._global_search(frame, scale, small, gray))
    assert asked and len(asked) == len(set(asked))
