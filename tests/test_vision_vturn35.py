"""Round 35 (helper "vturn35", issue 15): a board's turn settled by letters read one way and not the others
(vision.reader._letters_read_one_way, ONE_WAY_TILES)."""
from __future__ import annotations

import numpy as np

from vision.config import VisionConfig
from vision.reader import ONE_WAY_TILES, TURN_NOT_SETTLED, BoardReader, _letters_read_one_way
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame


def _readings(read: list[list[float]], bar: float = 0.8) -> tuple[np.ndarray, list[np.ndarray]]:
    """at_bar and read_in as _rotation holds them, from per turn per tile probabilities (NaN: no letter)."""
    probs = np.array(read, float)
    read_in = [np.where(np.isnan(row), np.nan, np.log(np.nan_to_num(row) + 1e-2)) for row in probs]
    at_bar = np.stack([~np.isnan(row) & (np.nan_to_num(row) >= bar) for row in probs])
    return at_bar, read_in


def test_one_way_letters_settle_only_a_turn_ahead_of_every_other():
    n = ONE_WAY_TILES
    nan = float("nan")
    # n tiles read surely turned 2, not at all turned 1 or 3, as letters turned 0 (a half-turn reads many alike);
    # n more read turned 2 and not turned 0
    turned = [[0.99] * n + [nan] * n, [nan] * (2 * n), [0.99] * (2 * n), [nan] * (2 * n)]
    at_bar, read_in = _readings(turned)
    assert _letters_read_one_way(at_bar, read_in, np.zeros(4), 2, 0.0)
    # the letters read every way against it: not settled so
    assert not _letters_read_one_way(at_bar, read_in, np.zeros(4), 2, -0.1)
    # each value number for another turn more than for turn 2 counts as one tile read that way only (round 43,
    # NUMBERS_AS_TILES): turn 2 is n tiles ahead of turn 0, so one number for turn 0 keeps it open; it is 2n ahead of
    # turn 3, so n + 1 numbers more for turn 3 keep it open too (2n - (n + 1) < n), and n - 1 more leave it settled
    assert not _letters_read_one_way(at_bar, read_in, np.array([1.0, 0, 0, 0]), 2, 0.0)
    assert not _letters_read_one_way(at_bar, read_in, np.array([0.0, 0, 1, 1 + (n + 1)]), 2, 0.0)
    assert _letters_read_one_way(at_bar, read_in, np.array([0.0, 0, 1, 1 + (n - 1)]), 2, 0.0)
    # one tile fewer ahead of turn 0: not settled (turn 0 leads the others as much as turn 2 does but for them)
    fewer = [[0.99] * (n + 1) + [nan] * (n - 1), [nan] * (2 * n), [0.99] * (2 * n), [nan] * (2 * n)]
    at_bar, read_in = _readings(fewer)
    assert not _letters_read_one_way(at_bar, read_in, np.zeros(4), 2, 0.0)
    # a tile read under the bar turned 2 is no evidence for it
    under = [[0.99] * n + [nan] * n, [nan] * (2 * n), [0.99] * (2 * n - 1) + [0.5], [nan] * (2 * n)]
    at_bar, read_in = _readings(under)
    assert not _letters_read_one_way(at_bar, read_in, np.zeros(4), 2, 0.0)


def assert_settled_and_read(seed: int, board: int, rotation: int, tiles: int, at_least: int) -> None:
    """Rendered board `board` of the seed (`tiles` tiles and blanks, turned `rotation`) read from scratch: its turn
    settled right, no letter wrong, at least `at_least` letters read."""
    frame, _ = dataset_frame(DatasetSpec(boards=board + 1, seed=seed), board)
    assert frame.rotation == rotation and sum(ch != "." for row in frame.truth for ch in row) == tiles
    reader = BoardReader(VisionConfig(tileset="english"))
    observation = reader.observe(as_saved(frame.image))
    assert observation.located and observation.rotation == rotation and reader._memory.rotation_rivals == ()
    assert TURN_NOT_SETTLED not in observation.problems
    read = observation.board_text()
    letters = 0
    for r in range(15):
        for c in range(15):
            assert read[r][c] in (frame.truth[r][c], "#"), f"row {r + 1} col {c + 1}: {read[r][c]!r}"
            letters += read[r][c] == frame.truth[r][c] != "."
    assert letters >= at_least


def test_a_crowded_board_of_faint_value_numbers_is_settled_by_its_letters():
    """Rendered dev seed 326326 board-069 (`python -m vision.synth dataset DIR --boards 70 --seed 326326`): 71 tiles
    turned 180 on a cream board, tilted 29 degrees, blurred, their value numbers too small to show. Four 'numbers'
    were found, two for 180 and two for 270; the letters read in all four turns (6 tiles) favour 180 by 0.22, under
    RIVAL_VOTES with the numbers even: 270 was its rival and all 71 letters were asked. All 16 tiles looked at read
    as letters at the kiosk's bar turned 180, and 3, 6 and 7 more of them than the other way round read as no letter
    at all turned 0, 90 and 270: settled turned 180, the letters read, none wrong."""
    assert_settled_and_read(326326, 69, rotation=180, tiles=71, at_least=65)
