"""Round 43 (issue 15): a board's turn from its tiles. A lone value number against a turn no longer holds it open
where its tiles are read one way only (vision.reader NUMBERS_AS_TILES: each number counts as one tile read that other
way), and board labels read under the kiosk's bar no longer settle a lone tile's turn (FAVOURING_AT_BAR)."""
from __future__ import annotations

import numpy as np
import pytest

import vision.reader as reader_module
import vision.synth.dataset as dataset_module
from tests.test_vision_vturn35 import assert_settled_and_read
from vision.config import VisionConfig
from vision.reader import ONE_WAY_TILES, TURN_NOT_SETTLED, BoardReader, _one_way_ahead
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame

# rendered seed 391391 board-099 (`python -m vision.synth dataset DIR --boards 100 --seed 391391`): 61 blurred serif
# tiles turned 0 on 34 px squares; one 'value number' found, pointing 180
SEED, BOARD, TILES = 391391, 99, 61


def test_each_number_against_a_turn_counts_as_one_tile_read_the_other_way():
    nan = float("nan")
    # 4 tiles read at the bar turned 0; turned 180 one of them too, the others read as no letter: 0 is 3 ahead of 180
    read_in = [np.log(np.array([0.99] * 4) + 1e-2), np.full(4, nan),
               np.log(np.array([0.99, nan, nan, nan]) + 1e-2), np.full(4, nan)]
    at_bar = np.stack([~np.isnan(row) for row in read_in])
    assert _one_way_ahead(at_bar, read_in, 0, np.zeros(4)) == 3
    assert _one_way_ahead(at_bar, read_in, 0, np.array([0.0, 0, 1, 0])) == 2
    # numbers for turn 0 itself, or as many for the other turn as for 0, take nothing off
    assert _one_way_ahead(at_bar, read_in, 0, np.array([2.0, 0, 2, 0])) == 3
    assert _one_way_ahead(at_bar, read_in, 0, np.array([2.0, 0, 1, 0])) == 3


def test_a_full_board_whose_lone_number_points_the_wrong_way_is_settled_by_its_letters():
    """All 16 tiles looked at read as letters at the kiosk's bar turned 0, 8 turned 180: five ahead of 180, one number
    against, so 4 >= ONE_WAY_TILES. Before, the number's turn was kept with 0 its rival and every tile was asked."""
    assert ONE_WAY_TILES <= 4
    assert_settled_and_read(SEED, BOARD, rotation=0, tiles=TILES, at_least=55)


def test_without_counting_numbers_as_tiles_the_board_is_left_unsettled(monkeypatch: pytest.MonkeyPatch):
    """The same board with the rule before round 43 (no turn with value numbers against it settled by its letters
    read one way): every tile asked. Shows the test above depends on the new rule."""
    before = reader_module._letters_read_one_way

    def numbers_bar_it(at_bar: np.ndarray, read_in: list[np.ndarray], votes: np.ndarray, best: int,
                       lead: float) -> bool:
        return votes[best] >= votes.max() and before(at_bar, read_in, votes, best, lead)

    monkeypatch.setattr(reader_module, "_letters_read_one_way", numbers_bar_it)
    frame, _ = dataset_frame(DatasetSpec(boards=BOARD + 1, seed=SEED), BOARD)
    observation = BoardReader(VisionConfig(tileset="english")).observe(as_saved(frame.image))
    assert observation.located and TURN_NOT_SETTLED in observation.problems
    assert all(ch in ".#" for row in observation.board_text() for ch in row)


def test_a_lone_tile_is_not_turned_by_the_board_labels_read_under_the_bar(monkeypatch: pytest.MonkeyPatch):
    """Rendered dev g134361 board-184 (`vision.synth` first plays of 1-7 tiles: dataset.MAX_TILES 7, German, seed
    134361): a lone red U on the centre of a green board printed with red and blue '2W' and '3L' labels, no value number
    found. Five labels read as letters (0.43-0.63) turned 270 only and favoured that turn, which was settled: the U read
    as C at 0.9995. Tiles favour a turn only where read at the kiosk's bar that way (FAVOURING_AT_BAR): the U is asked
    or read right, never another letter."""
    monkeypatch.setattr(dataset_module, "MAX_TILES", 7)
    frame, _ = dataset_frame(DatasetSpec(boards=185, seed=134361, tileset="german"), 184)
    assert frame.rotation == 0 and [ch for row in frame.truth for ch in row if ch != "."] == ["U"]
    observation = BoardReader(VisionConfig(tileset="german")).observe(as_saved(frame.image))
    assert observation.located
    assert observation.board_text()[7][7] in ("U", "#")
    assert all(ch in ".#" for r, row in enumerate(observation.board_text()) for c, ch in enumerate(row) if (r, c) != (7, 7))
