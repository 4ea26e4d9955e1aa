"""An Ö whose dots the reader cannot be sure of is unknown (asked), never a bare O read surely:
rendered German squares where the letter model read the bare O at 0.98."""
import numpy as np

from vision.config import VisionConfig
from vision.reader import BoardReader
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame


def _rendered(seed: int, index: int) -> tuple[np.ndarray, list[str]]:
    """Frame `index` of `python -m vision.synth dataset OUT --seed SEED --tileset german` as saved (JPEG)."""
    frame, _ = dataset_frame(DatasetSpec(boards=index + 1, seed=seed, tileset="german"), index)
    return as_saved(frame.image), frame.truth


def test_umlaut_dots_run_into_the_tiles_rounded_edge_make_the_o_unknown():
    # dev seed 68112 frame 62 (a cream tile, the board turned 270 degrees): the Ö's right dot ran into the
    # last stretch of the tile's top edge in the ink mask, a blob wider than a dot, so only one dot was
    # seen, and the Ö was read O at 0.98; the board's bare O's stay O
    image, truth = _rendered(68112, 62)
    assert truth[7][5] == "Ö" and truth[8][10] == "O" and truth[10][12] == "O"
    cells = BoardReader(VisionConfig(tileset="german")).observe(image).cells
    assert cells[7 * 15 + 5].state == "unknown"
    assert all((cells[k].state, cells[k].letter) == ("tile", "O") for k in (8 * 15 + 10, 10 * 15 + 12))


def test_faint_umlaut_dots_blurred_into_the_tiles_edge_make_the_o_unknown():
    # dev seed 68112 frame 48 (a small blurred tile, 0.33 board fill): the plain ink mask joined the letter to
    # the tile's edge, and the strokes alone left out the faint dots, so the Ö was read O at 0.98
    image, truth = _rendered(68112, 48)
    assert truth[7][7] == "Ö"
    assert BoardReader(VisionConfig(tileset="german")).observe(image).cells[7 * 15 + 7].state == "unknown"
