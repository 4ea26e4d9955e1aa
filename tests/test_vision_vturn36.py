"""Round 36 (helper "vturn36", issue 15): the turn the letters read one way only settle (ONE_WAY_TILES) looked for
among every turn the letters' score does not hold against, not only the one it puts first by a hair
(vision.reader._turn_read_one_way, ONE_WAY_ANY_TURN)."""
from __future__ import annotations

import numpy as np

from tests.test_vision_vturn35 import _readings, assert_settled_and_read
from vision.reader import ONE_WAY_TILES, RIVAL_EVEN, _turn_read_one_way

NAN = float("nan")


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
    assert_settled_and_read(353353, 63, rotation=0, tiles=79, at_least=70)
