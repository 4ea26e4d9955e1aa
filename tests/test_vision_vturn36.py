"""Round 36 (helper "vturn36", issue 15): the turn the letters read one way only settle (ONE_WAY_TILES) looked for
among every turn the letters' score does not hold against, not only the one it puts first by a hair
(vision.reader._turn_read_one_way, ONE_WAY_ANY_TURN)."""
from __future__ import annotations

import numpy as np

from vision.config import VisionConfig
from vision.reader import ONE_WAY_TILES, RIVAL_EVEN, TURN_NOT_SETTLED, BoardReader, _turn_read_one_way
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame

NAN = float("nan")


def _readings(read: list[list[float]], bar: float = 0.8) -> tuple[np.ndarray, list[np.ndarray]]:
    """at_bar and read_in as _rotation holds them, from per turn per tile probabilities (NaN: no letter)."""
    probs = np.array(read, float)
    read_in = [np.where(np.isnan(row), np.nan, np.log(np.nan_to_num(row) + 1e-2)) for row in probs]
    at_bar = np.stack([~np.isnan(row) & (np.nan_to_num(row) >= bar) for row in probs])
    return at_bar, read_in


def test_the_turn_read_one_way_is_found_whichever_turn_the_letters_put_first():
    n = ONE_WAY_TILES
    # 2n tiles read surely turned 0; n of them read alike turned 180 (N, H, O...), n as no letter turned 180 nor
    # turned 90 or 270: turn 0 is ahead of every other by n such tiles
    turned = [[0.99] * (2 * n), [NAN] * (2 * n), [0.99] * n + [NAN] * n, [NAN] * (2 * n)]
    at_bar, read_in = _readings(turned)
    hair = np.array([0.014, -0.004, 0.014 + RIVAL_EVEN / 2, -0.045])  # 180 first by less than RIVAL_EVEN
    assert _turn_read_one_way(at_bar, read_in, np.zeros(4), hair) == 0
    # the letters read in every turn clearly for 180, or the value numbers for it: nothing settled so
    clear = np.array([0.014, -0.004, 0.014 + 1.5 * RIVAL_EVEN, -0.045])
    assert _turn_read_one_way(at_bar, read_in, np.zeros(4), clear) is None
    assert _turn_read_one_way(at_bar, read_in, np.array([0.0, 0, 1, 0]), hair) is None
    # one tile fewer read as no letter turned 180: no turn is ahead of every other by ONE_WAY_TILES
    fewer = [[0.99] * (2 * n), [NAN] * (2 * n), [0.99] * (n + 1) + [NAN] * (n - 1), [NAN] * (2 * n)]
    at_bar, read_in = _readings(fewer)
    assert _turn_read_one_way(at_bar, read_in, np.zeros(4), hair) is None


def test_a_full_board_of_serif_letters_whose_score_puts_the_half_turn_first_is_settled():
    """Rendered seed 353353 board-063 (`python -m vision.synth dataset DIR --boards 100 --seed 353353`, round 35's
    measuring seed): 77 white tiles and 2 blanks, serif letters, turned 0, no value number found. The 5 tiles read as
    letters in all four turns (N, H, N, N, N) put 180 first by 0.007, under RIVAL_EVEN; 0 was its rival and all 79
    tiles were asked. Its 16 tiles looked at read at the kiosk's bar turned 0 but a W (M 0.99 turned 180), 4 of them
    as no letter turned 180 and 9 turned 90 and 270: settled turned 0, the letters read, none wrong."""
    frame, _ = dataset_frame(DatasetSpec(boards=100, seed=353353), 63)
    assert frame.rotation == 0 and sum(ch != "." for row in frame.truth for ch in row) == 79
    reader = BoardReader(VisionConfig(tileset="english"))
    observation = reader.observe(as_saved(frame.image))
    assert observation.located and observation.rotation == 0 and reader._memory.rotation_rivals == ()
    assert TURN_NOT_SETTLED not in observation.problems
    read = observation.board_text()
    letters = 0
    for r in range(15):
        for c in range(15):
            assert read[r][c] in (frame.truth[r][c], "#"), f"row {r + 1} col {c + 1}: {read[r][c]!r}"
            letters += read[r][c] == frame.truth[r][c] != "."
    assert letters >= 70
