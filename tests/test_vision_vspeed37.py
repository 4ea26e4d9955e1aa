"""Round 37 (helper vspeed37, issue 15's p95 target): a placement `_settled` refines and the premium pattern does not
clearly put there moves to its best rival twice at most (MARGIN_STEPS 2, was 3) before it is refused (MEASUREMENTS.md,
round 37). On dev seeds 134246 and 134247, head-on and through `--tilt 15 --scale 0.5 --turn 120`, one placement taken
of 367 moved three times (134247 board-005 through the view, found another way with two), and 349 refused did: their
third moves were 4.9 % of the frames' time through the view, 1.2 % head-on."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.rendered_board import assert_nothing_wrong, read_rendered, rendered_through_camera
from vision import locate
from vision.config import VisionConfig
from vision.reader import BoardReader
from vision.synth.dataset import DatasetSpec, dataset_frame


def _refinements_of_refused(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The refinements (`_refine` calls) each `_settled` call that refuses its placement makes, one entry a call:
    the first, the shift's (when `_shifted` moves it), one a MARGIN_STEPS move, and any later checks' own."""
    counts: list[int] = []
    refine: Callable[..., Any] = locate._refine
    settled: Callable[..., Any] = locate._settled
    inside: list[int] = []

    def counted_refine(*args: Any, **kwargs: Any) -> Any:
        if inside:
            inside[-1] += 1
        return refine(*args, **kwargs)

    def counted_settled(*args: Any, **kwargs: Any) -> Any:
        inside.append(0)
        answer = settled(*args, **kwargs)
        made = inside.pop()
        if answer[0] is None:
            counts.append(made)
        return answer
    monkeypatch.setattr(locate, "_refine", counted_refine)
    monkeypatch.setattr(locate, "_settled", counted_settled)
    return counts


def test_a_refused_placement_moves_to_a_rival_twice_at_most(monkeypatch: pytest.MonkeyPatch) -> None:
    """134246 board-057 head-on: its first placement is refused by its margin; on the start tree after the first
    refinement, the shift's and three moves to a rival (5 refinements), now after two moves (4); the next placement
    is taken and the board read with nothing wrong."""
    refused = _refinements_of_refused(monkeypatch)
    truth, obs = read_rendered(134246, 57)
    assert obs.located and refused
    assert max(refused) <= 4  # the first refinement, the shift's, two rivals'
    assert_nothing_wrong(truth, obs)


def test_a_placement_taken_after_three_moves_is_found_all_the_same() -> None:
    """134247 board-005 through the dev camera view: the start tree takes its only placement after three moves to a
    rival; with two that placement is refused and the board is found another way, nothing wrong."""
    image, _ = rendered_through_camera(134247, 5, 15.0, 0.5, 120.0)
    obs = BoardReader(VisionConfig(tileset="english")).observe(image)
    assert obs.located
    frame, _ = dataset_frame(DatasetSpec(boards=6, seed=134247), 5)
    assert_nothing_wrong(frame.truth, obs)
    assert sum(c.letter is not None for c in obs.cells) >= 26  # of its 27 tiles (the start tree's 26)
