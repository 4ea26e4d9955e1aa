"""vision.locate._percentile gives np.percentile's number to the bit, whether it partitions only the values
over its sampled bound or, when more values than the percentile's rank lie under that bound, all of them;
and on a refinement's line responses it partitions only some of them (the reason it exists)."""
from __future__ import annotations

import numpy as np
import pytest

import vision.locate as locate
from vision.locate import PERCENTILE_SAMPLED, PERCENTILE_STEP, _percentile


def _partitioned(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The size of every array np.partition is given inside vision.locate from now on."""
    sizes: list[int] = []
    partition = np.partition

    def watched(values: np.ndarray, kth: int) -> np.ndarray:
        sizes.append(int(np.asarray(values).size))
        return partition(values, kth)
    monkeypatch.setattr(locate.np, "partition", watched)
    return sizes


@pytest.mark.parametrize("q", [1.0, 50.0, 90.0, 99.0, 37.3])
def test_the_same_number_as_numpy(q: float) -> None:
    rng = np.random.default_rng(29)
    for n in (10, PERCENTILE_SAMPLED - 1, PERCENTILE_SAMPLED, 32400):
        dense = rng.random(n).astype(np.float32)
        sparse = dense * (rng.random(n) > 0.7)  # mostly zeros, as a view's eroded line responses
        levels = np.round(dense * 4).astype(np.float32)  # few distinct values: ties at the bound
        for values in (dense, sparse, levels, np.sort(dense)[::-1].copy(), dense[:n - n % 10].reshape(-1, 10)[::2, 1:8]):
            assert _percentile(values, q) == np.percentile(values, q)


def test_a_bound_above_the_percentile_partitions_every_value(monkeypatch: pytest.MonkeyPatch) -> None:
    # every sampled value (each PERCENTILE_STEP-th) high, the rest low: the sample's bound lies over the
    # 90th percentile, so the values under it are not left out
    values = np.zeros(32400, np.float32)
    values[::PERCENTILE_STEP] = 1.0
    values[1::PERCENTILE_STEP] = 0.5
    sizes = _partitioned(monkeypatch)
    assert _percentile(values, 90) == np.percentile(values, 90)
    assert sizes[-1] == values.size


def test_line_responses_partition_a_part(monkeypatch: pytest.MonkeyPatch) -> None:
    # responses like a rectified view's (_long_family_lines' sample: 90 x 360, lines every 24 px)
    rng = np.random.default_rng(5)
    responses = rng.exponential(1.0, (90, 360)).astype(np.float32) * (rng.random((90, 360)) > 0.3)
    responses[:, ::24] += 6.0
    sizes = _partitioned(monkeypatch)
    assert _percentile(responses, 90) == np.percentile(responses, 90)
    assert sizes[-1] < 0.25 * responses.size  # fails on the start tree: it partitions every value
