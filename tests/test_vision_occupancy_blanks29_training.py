"""The occupancy networks train in processes of their own (vision.train.train_occupancy): a network trained in a
pool's process has the very weights of one trained in this process from the same seed (one thread, seeded)."""
from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from vision.train import train_dense

pytest.importorskip("torch")


def test_a_network_trained_in_another_process_has_the_same_weights():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(600, 12)).astype(np.float32)
    y = rng.integers(0, 4, 600)
    here = train_dense(x, y, hidden=8, epochs=2, seed=1)
    with ProcessPoolExecutor(max_workers=2) as pool:
        there = list(pool.map(train_dense, [x] * 2, [y] * 2, [8] * 2, [2] * 2, [0, 1]))
    for name in ("mean", "scale", "w1", "b1", "w2", "b2"):
        assert np.array_equal(getattr(here, name), getattr(there[1], name)), name
    assert not np.array_equal(there[0].w1, there[1].w1)  # the seed matters: the comparison can fail
