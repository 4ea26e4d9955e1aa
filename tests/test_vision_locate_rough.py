"""The rough search's line combs (vision/locate.py _fit_combs): a single line far stronger than the
board's own does not carry a comb of another spacing."""
import numpy as np

from vision.locate import _fit_combs


def _board_rows(spike_at: int | None) -> np.ndarray:
    """A half-size row profile like rendered seed 134117 board-058's: 320 px, a board of 12 px rows
    from 67 whose 14 inner lines respond 300 and whose outer two do not show, a little noise, and a
    rack's edge 10 times as strong at `spike_at` when given."""
    rng = np.random.default_rng(7)
    profile = rng.uniform(0.0, 40.0, 320)
    for k in range(1, 15):
        profile[67 + 12 * k] += 300.0
    if spike_at is not None:
        profile[spike_at] += 3000.0
    return profile


def test_the_boards_spacing_comes_first_without_a_strong_line() -> None:
    best = _fit_combs([_board_rows(None)], keep=3)[0][0]
    assert abs(best[1] - 12.0) <= 0.25


def test_a_rack_edge_beside_the_board_does_not_carry_another_spacing() -> None:
    # 3 px beyond the board's last (unseen) line: on the start tree a comb of spacing 9.0 through it came first
    best = _fit_combs([_board_rows(250)], keep=3)[0][0]
    assert abs(best[1] - 12.0) <= 0.25
