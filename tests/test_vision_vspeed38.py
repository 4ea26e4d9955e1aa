"""Round 38 (helper vspeed38, issue 15's p95 target): a placement checked for a lean (_leans) and for being off at its
corners (_off_at_corners) refines 44 rivals' chains; a chain stops once a refinement lands within RIVAL_LANDED cells of
the placement or of an earlier rival refined again (its next refinement known), each refinement still checked
(MEASUREMENTS.md, round 38). The slowest frames of dev seed 134276 head-on (boards 020, 057) are such checks."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from tests.rendered_board import OPENCV_5_1, assert_nothing_wrong, read_rendered
from vision import locate


def _square(left: float, cell: float = 40.0) -> np.ndarray:
    """A placement (frame order) with its top-left corner at (left, 100) and `cell` px cells."""
    return np.array([[left, 100], [left + 15 * cell, 100], [left + 15 * cell, 100 + 15 * cell],
                     [left, 100 + 15 * cell]], np.float32)


def test_a_rival_chain_stops_where_it_lands_on_a_known_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rival refined onto a place within RIVAL_LANDED cells of a known one (here the placement) is refined no
    further, but checked (yielded); the known places are left as they were."""
    placement = _square(200.0)
    landing = _square(200.0 + 0.5 * locate.RIVAL_LANDED * 40.0)
    monkeypatch.setattr(locate, "_refine", lambda *args, **kwargs: (landing, 0.0, None))
    known = [placement]
    chain = list(locate._refined(np.zeros((900, 900), np.float32), _square(240.0), 3, known))
    assert len(chain) == 1 and np.array_equal(chain[0], landing)
    assert len(known) == 1


def test_a_rival_chain_that_moves_on_is_refined_every_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rival each refinement moves 0.3 cells on (never within RIVAL_LANDED of a place it or the placement was) is
    refined all `times` times; each landing refined again is added to the known places, the last not."""
    monkeypatch.setattr(locate, "_refine", lambda grey, rival, *args, **kwargs: (rival + np.float32(12.0), 0.0, None))
    known = [_square(200.0)]
    chain = list(locate._refined(np.zeros((900, 900), np.float32), _square(240.0), 3, known))
    assert len(chain) == 3
    assert len(known) == 3 and np.array_equal(known[-1], chain[1])


def _check_refinements(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The refinements (`_refine` calls) each _leans or _off_at_corners call makes, one entry a call."""
    counts: list[int] = []
    refine: Callable[..., Any] = locate._refine
    inside: list[int] = []

    def counted_refine(*args: Any, **kwargs: Any) -> Any:
        if inside:
            inside[-1] += 1
        return refine(*args, **kwargs)

    def counted(check: Callable[..., bool]) -> Callable[..., bool]:
        def run(*args: Any, **kwargs: Any) -> bool:
            inside.append(0)
            answer = check(*args, **kwargs)
            counts.append(inside.pop())
            return answer
        return run
    monkeypatch.setattr(locate, "_refine", counted_refine)
    monkeypatch.setattr(locate, "_leans", counted(locate._leans))
    monkeypatch.setattr(locate, "_off_at_corners", counted(locate._off_at_corners))
    return counts


@pytest.mark.xfail(not OPENCV_5_1, strict=True, reason="measured with opencv-python 5.1.0.95; with 5.0.0.93 (the CI's) "
                   "this board's checks take another path: not traced this round")
def test_a_checked_placement_refines_fewer_rivals_and_the_board_reads_right(monkeypatch: pytest.MonkeyPatch) -> None:
    """134276 board-020 head-on (the slowest frame of its 100): its placement, lines fitting under LEAN_CHECKED, is
    checked by both; the start tree refines 12 turned rivals and 32 corner moves (every chain in full: none refutes
    it), now fewer than 30 in all; the board is read with nothing wrong, as before."""
    counts = _check_refinements(monkeypatch)
    truth, obs = read_rendered(134276, 20)
    assert obs.located and counts
    assert sum(counts) < 30 * len(counts) // 2  # per pair of checks (the start tree: 44)
    assert_nothing_wrong(truth, obs)
