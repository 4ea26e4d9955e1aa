"""Tiles whitened by glare are never read as sure empty squares (round 26, helper vglare): on round 25's measuring
seed 222222 (then looked at) board 37, red wooden tiles on the German board's green squares under a glare spot, 19
tiles were read empty at 0.87-0.996 on the start tree d9a62af: the occupancy model takes a pale, flat square whose
letter has faded for glare on an empty one, and the plain squares' empty colour its features compare with was the
whitened tiles' (vision.cells.expected_empty by Lab). See vision.reader.GLARED_NEAR."""
import numpy as np

from vision.cells import _TYPE_CELLS, CellStats, expected_empty, lit_line
from vision.config import VisionConfig
from vision.layout import LAYOUT
from vision.observation import BoardObservation
from vision.reader import LIT_SHADE, BoardReader, _glared_tiles
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame

RED_TILES = np.array([60.5, 143.5, 137.3], np.float32)  # board 37's sure tiles (Lab, rounded)
GREEN_SQUARES = np.array([67.0, 119.0, 132.0], np.float32)  # its plain squares (Lab, rounded)


def _read(seed: int, index: int) -> tuple[BoardObservation, list[str]]:
    """Frame `index` of `python -m vision.synth dataset OUT --seed SEED` as saved (JPEG), read from scratch."""
    frame, _ = dataset_frame(DatasetSpec(boards=index + 1, seed=seed), index)
    return BoardReader(VisionConfig(tileset="english")).observe(as_saved(frame.image)), frame.truth


def test_the_empty_colour_measured_as_light_leaves_the_tiles_is_not_taken_from_tiles_whitened_by_glare():
    # the plain squares: most of them empty and green, 25 red tiles whitened by a spot of glare (on the red tiles'
    # line toward white, as vision.synth.effects.glare mixes them), the farthest from the sure tiles' red by Lab and
    # alike among themselves: by Lab (the occupancy features, as the model learnt) their median is the empty colour
    plain = next(cells for cells in _TYPE_CELLS if (LAYOUT.ravel()[cells] == LAYOUT[0, 1]).all())
    rng = np.random.default_rng(3)
    colours = np.full((225, 3), [150.0, 128.0, 128.0], np.float32)
    glared = lit_line(RED_TILES)[8:]  # the tiles lit 0.35-0.75 of the way to white: L 140-200
    looks = [glared[i % len(glared)] for i in range(25)] + [GREEN_SQUARES] * (len(plain) - 25)
    colours[plain] = np.array(looks, np.float32) + rng.normal(0, 1, (len(plain), 3)).astype(np.float32)
    assert np.abs(expected_empty(colours, RED_TILES)[plain] - GREEN_SQUARES).max() > 50
    reference = expected_empty(colours, RED_TILES, shade=LIT_SHADE)
    assert np.abs(reference[plain] - GREEN_SQUARES).max() < 3


def test_a_square_the_colour_of_glared_tiles_is_no_sure_empty_where_colour_tells_tiles_from_squares():
    stats = CellStats(mean=np.tile(GREEN_SQUARES, (225, 1)), shape=np.empty((225, 0), np.float32),
                      lab=np.empty(0, np.uint8), edge=np.empty((225, 0), np.float32))
    stats.mean[112] = lit_line(RED_TILES)[10]  # the centre square: a red tile whitened by glare
    stats.mean[113] = GREEN_SQUARES * [1.4, 1, 1]  # its neighbour: an empty square in a sunlit patch
    assert np.flatnonzero(_glared_tiles(stats, RED_TILES, np.arange(225))).tolist() == [112]
    # the tiles the colour of the squares: colour cannot tell them (vision.reader.GLARED_COLOURS_APART)
    assert not _glared_tiles(stats, GREEN_SQUARES * [1.1, 1, 1], np.arange(225)).any()


def test_no_tile_under_the_glare_spot_is_read_empty():
    obs, truth = _read(222222, 37)
    tiles = [(r, c) for r in range(15) for c in range(15) if truth[r][c] != "."]
    assert len(tiles) == 88
    assert [(r, c) for r, c in tiles if obs.cells[r * 15 + c].state == "empty"] == []
    assert [(r, c) for r in range(15) for c in range(15)
            if truth[r][c] == "." and obs.cells[r * 15 + c].state in ("tile", "blank")] == []
