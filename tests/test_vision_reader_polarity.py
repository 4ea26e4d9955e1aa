"""A premium square's label printed in the other polarity than the board's tiles (white '2L' on light blue,
beside light tiles printed dark) is never read as a tile: rendered dev seed 74014 frame 57."""
import numpy as np

from vision.config import VisionConfig
from vision.reader import BoardReader
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame


def _rendered(seed: int, index: int) -> tuple[np.ndarray, list[str]]:
    """Frame `index` of `python -m vision.synth dataset OUT --seed SEED` as saved (JPEG)."""
    frame, _ = dataset_frame(DatasetSpec(boards=index + 1, seed=seed), index)
    return as_saved(frame.image), frame.truth


def test_a_label_printed_light_among_tiles_printed_dark_is_no_letter():
    # the empty '2L' square at row 6, column 12 (0-based) read as a tile 'L' at 1.000; its neighbours' tiles
    # on premium squares (the 'L' of row 6 column 8 on a double letter, the 'C' on the centre star) stay read
    image, truth = _rendered(74014, 57)
    assert truth[6][12] == "." and truth[6][8] == "L" and truth[7][7] == "C"
    cells = BoardReader(VisionConfig(tileset="english")).observe(image).cells
    assert cells[6 * 15 + 12].letter is None
    assert cells[6 * 15 + 12].state != "tile"
    assert (cells[6 * 15 + 8].state, cells[6 * 15 + 8].letter) == ("tile", "L")
    assert (cells[7 * 15 + 7].state, cells[7 * 15 + 7].letter) == ("tile", "C")
