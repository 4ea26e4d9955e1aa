"""Round 36 (helper vspeed36, issue 15's speed targets): where the slowest rendered frames spend their time, as counts
(deterministic, where times on a shared machine are not). On the round-35 lead's unused boards (seed 331331) the slowest
tenth of frames spend most of their time refining placements the search then refuses (MEASUREMENTS.md, round 36):
no reading the start tree makes is computed twice there to speak of, so a quicker search is a decision (which
placements are refined, and how far), not an exact cut. The two strict xfails name the cases such a decision must
settle; the first test keeps what was found about the letter model: one call for all of a frame's glyphs gives the
same probabilities as the reader's calls, and takes as long (its cost is per glyph, not per call)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from tests.rendered_board import rendered_corners
from vision import locate
from vision.config import VisionConfig
from vision.reader import BoardReader


def _counted(monkeypatch: pytest.MonkeyPatch, name: str) -> list[bool]:
    """locate.NAME wrapped: one entry a call (whether its answer was None or, for a pair, its first part None)."""
    calls: list[bool] = []
    original: Callable[..., Any] = getattr(locate, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        answer = original(*args, **kwargs)
        first = answer[0] if isinstance(answer, tuple) else answer
        calls.append(first is None)
        return answer
    monkeypatch.setattr(locate, name, counted)
    return calls


def _observed(seed: int, board: int) -> BoardReader:
    """The reader after reading board BOARD of rendered SEED, which it locates."""
    image, _ = rendered_corners(seed, board)
    reader = BoardReader(VisionConfig(tileset="english"))
    obs = reader.observe(image)
    assert obs.located
    return reader


def test_letter_model_in_one_call_gives_the_readers_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    """331331 board-060 (the seed's second slowest frame): the glyphs the reader sends to the letter model, call by
    call (6 calls, 102 glyphs on the start tree), read in one call give the same probabilities to the bit."""
    batches: list[np.ndarray] = []
    original = BoardReader._glyph_probabilities

    def kept(self: BoardReader, feats: np.ndarray) -> np.ndarray:
        fresh = [k for k, row in enumerate(feats) if row.tobytes() not in self._glyph_memo]
        if fresh:
            batches.append(feats[fresh].copy())
        return original(self, feats)
    monkeypatch.setattr(BoardReader, "_glyph_probabilities", kept)
    reader = _observed(331331, 60)
    assert len(batches) >= 2
    apart = np.concatenate([reader.letters.probabilities(b, reader._allowed) for b in batches])
    together = reader.letters.probabilities(np.concatenate(batches), reader._allowed)
    assert np.array_equal(apart, together)


@pytest.mark.xfail(strict=True, reason="issue 15 speed: 331331 board-060, the seed's second slowest frame: 6 placements "
                                       "refined (20 refinements) and 5 refused before one is taken (round 36, vspeed36)")
def test_slow_frame_refines_few_refused_placements(monkeypatch: pytest.MonkeyPatch) -> None:
    settled = _counted(monkeypatch, "_settled")
    _observed(331331, 60)
    assert sum(settled) <= 1  # at most one placement refined and then refused


@pytest.mark.xfail(strict=True, reason="issue 15 speed: 331331 board-035, the seed's slowest frame (some 100 times its "
                                       "median): 14 placements refined (84 refinements), then placed by the premium "
                                       "pattern, whose settling check refines it 40 times more: 41 pattern "
                                       "refinements, 13487 warps (round 36, vspeed36)")
def test_pattern_placed_frame_refines_the_pattern_a_few_times(monkeypatch: pytest.MonkeyPatch) -> None:
    refined = _counted(monkeypatch, "_pattern_refined")
    _observed(331331, 35)
    assert len(refined) <= 10
