"""The follower's border profiles (vision.locate_still._profiles), taken the cheaper way, are the numbers
the plain way gives: each sampled pixel's channel mean, and the median along each piece."""
from __future__ import annotations

import numpy as np

from vision.locate_still import STILL_ALONG, STILL_SEGMENTS, _profiles


def test_profiles_are_the_median_along_each_piece_of_the_channel_means():
    rng = np.random.default_rng(11)
    frame = rng.integers(0, 256, (90, 120, 3), dtype=np.uint8)
    across = 7
    at = rng.integers(0, 90 * 120, 4 * STILL_SEGMENTS * STILL_ALONG * across)
    grey = frame.reshape(-1, 3)[at].astype(np.float32).mean(axis=1)
    plain = np.median(grey.reshape(4, STILL_SEGMENTS, STILL_ALONG, across), axis=2)
    got = _profiles(frame, at, across)
    assert got.dtype == plain.dtype and np.array_equal(got, plain)
    # a grey frame (one channel) the plain way too
    assert np.array_equal(_profiles(frame[..., 0], at, across),
                          np.median(frame[..., 0].reshape(-1)[at].astype(np.float32).reshape(4, STILL_SEGMENTS, STILL_ALONG, across), axis=2))
