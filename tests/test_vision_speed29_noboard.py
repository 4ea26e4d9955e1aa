"""On a frame with no readable board the rough search ends with the trimmed combs' lattices
(vision/locate.py, TRIMMED_LATTICES): they come from the first search's line profiles and comb
scores, not from the half-size view searched again (round 29: searched again, three frames with no
board took 4 % more instructions, `/tmp/vnoboard/cgnb.sh`). The second test fails on the start tree
(78ff95c: each half-size view searched twice), the first cannot run there (no _comb_fitter)."""
from __future__ import annotations

import hashlib

import numpy as np
import pytest

import vision.locate as locate
from vision.locate import Lattices, _comb_fitter, board_candidates


def _profiles() -> list[np.ndarray]:
    """Two row profiles of 16 lines 12 px apart, one with a line ten times as strong beside them."""
    rng = np.random.default_rng(11)
    profiles = []
    for strong in (None, 250):
        profile = rng.uniform(0.0, 40.0, 320)
        profile[67 + 12 * np.arange(16)] += 300.0
        if strong is not None:
            profile[strong] += 3000.0
        profiles.append(profile)
    return profiles


def test_combs_scored_once_give_both_scorings_in_either_order():
    """The kept scores are not changed by either scoring: whole then trimmed gives what each alone gives."""
    fit = _comb_fitter(_profiles())
    whole = fit(8, False)
    trimmed = fit(8, True)
    assert trimmed == _comb_fitter(_profiles())(8, True)
    assert whole == fit(8, False) == _comb_fitter(_profiles())(8, False)
    assert trimmed != whole  # the premise: the strong line moves the second profile's combs


def _no_board_frame() -> np.ndarray:
    """A tiled floor (dark grout every 37 px, turned a little by the noise) and no board."""
    rng = np.random.default_rng(3)
    frame = rng.normal(150.0, 12.0, (480, 640, 3))
    frame[::37] -= 60.0
    frame[:, ::37] -= 60.0
    return np.clip(frame, 0, 255).astype(np.uint8)


def test_a_frame_with_no_board_searches_each_half_size_view_once(monkeypatch: pytest.MonkeyPatch):
    searched: list[tuple[bytes, float]] = []
    trimmed_asked: list[int] = []
    plain = locate._lattices

    def counted(gray: np.ndarray, skew: float, coarse: bool = False) -> tuple[Lattices, np.ndarray, object]:
        lattices, rot, trimmed = plain(gray, skew, coarse)
        if coarse:
            searched.append((hashlib.sha1(gray.tobytes()).digest(), skew))

        def asked() -> Lattices:
            trimmed_asked.append(1)
            return trimmed()
        return lattices, rot, asked
    monkeypatch.setattr(locate, "_lattices", counted)
    assert list(board_candidates(_no_board_frame())) == []
    assert trimmed_asked  # the search reached its last resort
    assert len(searched) == len(set(searched))  # no half-size view searched twice at one skew
