"""A first play's turn settled by its few tiles read surely with their one value number (reader.SURE_LETTERS_TILES):
rendered dev boards of two tiles whose letters were asked because one number does not settle the turn alone."""
import numpy as np
import pytest

from tests.rendered_board import read_rendered, read_square
from vision import reader


@pytest.mark.parametrize("seed, board, row, col", [
    (312312, 4, 7, 7),  # E with its number turned 180, Q beside it (no number found): the turn had 270 as a rival
    (312312, 4, 7, 8),
    (310310, 65, 7, 6),  # D numbered turned 90, an S beside it (read alike turned 270): 270 was its rival
])
def test_a_two_tile_first_play_is_read(seed: int, board: int, row: int, col: int) -> None:
    truth, reading = read_square(seed, board, row, col)
    assert reading.letter == truth


def test_nothing_else_on_such_a_board_is_read_wrong() -> None:
    truth, obs = read_rendered(312312, 4)
    assert obs.rotation == 180 and not obs.problems
    assert [c.letter for c in obs.cells if c.letter] == ["E", "Q"]


SURE = float(np.log(1.0 + 1e-2))  # a letter read at 1.0, as _rotation's read_in holds it
WEAK = float(np.log(0.9 + 1e-2))  # ... read at 0.9, under LETTER_DECIDES
NONE = float("nan")  # no letter read


def _read_in(*turns: list[float]) -> list[np.ndarray]:
    return [np.array(t) for t in turns]


def test_two_tiles_read_surely_with_their_number_settle_the_turn() -> None:
    read_in = _read_in([SURE, SURE], [NONE, NONE], [WEAK, SURE], [NONE, NONE])
    assert reader._tiles_read_surely_one_way(1, np.array([1.0, 0, 0, 0]), 0, 0.1, read_in)


@pytest.mark.parametrize("numbers, votes, lead, read_in", [
    (0, [0.0, 0, 0, 0], 0.1, _read_in([SURE, SURE], [NONE, NONE], [WEAK, SURE], [NONE, NONE])),  # no number
    (2, [1.0, 0, 1, 0], 0.1, _read_in([SURE, SURE], [NONE, NONE], [WEAK, SURE], [NONE, NONE])),  # a number against
    (1, [1.0, 0, 0, 0], 0.0, _read_in([SURE, SURE], [NONE, NONE], [SURE, SURE], [NONE, NONE])),  # letters even
    (1, [1.0, 0, 0, 0], 0.1, _read_in([SURE, WEAK], [NONE, NONE], [WEAK, WEAK], [NONE, NONE])),  # one read weakly
    (1, [1.0, 0, 0, 0], 0.1, _read_in([SURE, NONE], [NONE, SURE], [WEAK, NONE], [NONE, NONE])),  # one not read so
    (1, [1.0, 0, 0, 0], 0.1, _read_in([SURE, NONE], [NONE, NONE], [WEAK, NONE], [NONE, NONE])),  # one tile alone
])
def test_a_turn_is_not_settled_so_otherwise(numbers: int, votes: list[float], lead: float,
                                            read_in: list[np.ndarray]) -> None:
    assert not reader._tiles_read_surely_one_way(numbers, np.array(votes), 0, lead, read_in)
