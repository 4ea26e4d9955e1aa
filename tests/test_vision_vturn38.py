"""Round 38 (helper "vturn38", issue 15): a first play whose few tiles are all read surely one turn and not at all the
other way settles that turn by one such tile against every other turn (vision.reader._sure_letters_read_one_way,
SURE_ONE_WAY_TILES), where ONE_WAY_TILES asks for more tiles than the board has."""
from __future__ import annotations

import numpy as np

from tests.test_vision_vturn35 import _readings, assert_settled_and_read
from vision.reader import RIVAL_EVEN, SURE_ONE_WAY_TILES, _sure_letters_read_one_way

NAN = float("nan")


def _scores(read: list[list[float]]) -> np.ndarray:
    """_rotation's letters' score per turn for tiles read in some turn (half their summed log-probabilities, a tile
    read as no letter counted at 0)."""
    probs = np.nan_to_num(np.array(read, float))
    return 0.5 * np.log(probs + 1e-2).sum(axis=1)


def test_few_tiles_read_surely_one_way_settle_only_a_turn_ahead_of_every_other():
    n = SURE_ONE_WAY_TILES
    # 362362 board-048's shape: R E E P read surely turned 0; turned 180 the R and the E's read H and B at the bar
    # and n tiles (the P) as no letter; turned 90 and 270 most read as no letter
    turned = [[1.0] * (3 + n), [0.95, NAN, NAN] + [0.6] * n, [0.96, 0.94, 0.92] + [NAN] * n, [NAN] * (3 + n)]
    at_bar, read_in = _readings(turned)
    letters = _scores(turned)
    assert _sure_letters_read_one_way(at_bar, read_in, np.zeros(4), 0, letters)
    # a value number for another turn: not settled so; nor where another turn's letters score as well
    assert not _sure_letters_read_one_way(at_bar, read_in, np.array([0.0, 0, 1, 0]), 0, letters)
    even = letters.copy()
    even[2] = letters[0] - RIVAL_EVEN / 2
    assert not _sure_letters_read_one_way(at_bar, read_in, np.zeros(4), 0, even)
    # one tile read under LETTER_DECIDES turned 0: not read surely, not settled
    unsure = [[0.97] + [1.0] * (2 + n), *turned[1:]]
    at_bar, read_in = _readings(unsure)
    assert not _sure_letters_read_one_way(at_bar, read_in, np.zeros(4), 0, _scores(unsure))
    # the P read as a letter turned 180 too: no tile ahead of 180, not settled
    both = [turned[0], turned[1], [0.96, 0.94, 0.92] + [0.9] * n, turned[3]]
    at_bar, read_in = _readings(both)
    assert not _sure_letters_read_one_way(at_bar, read_in, np.zeros(4), 0, _scores(both))


def test_a_first_play_of_four_tiles_with_no_value_number_found_is_settled():
    """Rendered seed 362362 board-048 (`python -m vision.synth dataset DIR --boards 49 --seed 362362`, the lead's
    round-37 boards, a dev case since round 38): R E E P turned 0 on a deluxe board, blurred, their value numbers too
    small and faint to find (none found). The four read at 1.00 turned 0; turned 180 the E's read B (0.94, 0.92) and
    the R H (0.96), the P no letter: 180 was its rival and the four letters unknown. Now settled turned 0, all read."""
    assert_settled_and_read(362362, 48, rotation=0, tiles=4, at_least=4)
