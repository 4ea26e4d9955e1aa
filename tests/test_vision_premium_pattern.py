"""The reader's premium-pattern check (vision.layout.premium_contrast) on boards crowded with tiles: the
squares left out as tiles are no neighbours for the lightness of the squares around them."""
from __future__ import annotations

import numpy as np

from vision.bench import Tally, location_error, score_frame
from vision.config import VisionConfig
from vision.layout import LAYOUT, lightness_among_neighbours, premium_contrast
from vision.reader import MIN_PATTERN, BoardReader
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame

# Lab colours of the plain square and the four premium types (pale beige, blue, dark blue, pink, red)
TYPE_LAB = np.array([[215, 132, 140], [190, 120, 110], [120, 135, 90], [190, 160, 130], [120, 175, 150]], np.float64)
NAVY_TILE = np.array([50, 135, 100], np.float64)


def _board_colours(seed: int) -> np.ndarray:
    """225x3 Lab: each square its type's colour with a little noise."""
    rng = np.random.default_rng(seed)
    return TYPE_LAB[LAYOUT.ravel()] + rng.normal(0, 4, (225, 3))


def test_a_square_among_tiles_is_taken_against_the_board_squares_around_it():
    lab = np.zeros((15, 15, 3), np.float32)
    lab[..., 0] = 200
    lab[5:10, 5:10, 0] = 40  # a block of dark tiles around square (7, 7), which is board
    lab[7, 7, 0] = 200
    among = lab[..., 0] > 100
    assert lightness_among_neighbours(lab, among)[7, 7, 0] == 0  # its board neighbours are as light
    assert lightness_among_neighbours(lab)[7, 7, 0] == 160  # against all, the tiles' median
    everywhere = np.ones((15, 15), bool)
    assert np.array_equal(lightness_among_neighbours(lab, everywhere), lightness_among_neighbours(lab))


def test_navy_tiles_left_out_keep_the_premium_pattern_of_the_squares_around_them():
    colours = _board_colours(7)
    tiles = np.zeros((15, 15), bool)
    tiles[2:13, 3:12:2] = True  # five columns of tiles through the middle
    tiles[7, 2:13] = True
    covered = colours.copy()
    covered[tiles.ravel()] = NAVY_TILE
    keep = ~tiles.ravel()
    bare = premium_contrast(colours, keep)
    assert premium_contrast(covered, keep) >= 0.8 * bare
    assert premium_contrast(covered, keep) >= MIN_PATTERN


def test_a_board_crowded_with_navy_tiles_is_located_and_read():
    """Development seed 72012 frame 25: navy tiles over a pale board; against every square the premium
    pattern scored 0.24 (the plain squares among navy tiles looked light) and the board was not located."""
    frame, board = dataset_frame(DatasetSpec(boards=26, seed=72012), 25)
    obs = BoardReader(VisionConfig(tileset="english")).observe(as_saved(frame.image))
    assert obs.located
    assert location_error(obs.homography, frame.board_corners) < 0.25
    tally = Tally()
    score_frame(obs, board, "seed-72012", "frame-25", set(), tally, [])
    assert tally.phantom == 0 and tally.wrong == 0
    assert tally.tiles_correct >= 0.9 * tally.tiles_total
