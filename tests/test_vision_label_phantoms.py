"""A premium label is no lettered tile (vision.reader, round 28, helper vlabel): a square read as a tile or blank that
no square read as a tile, blank or unknown touches, where other tiles stand, is unknown (_lone_tiles), and so is a
letter on a premium square printed much smaller than the board's tiles' letters (_short_labels). Rendered dev seed
255255."""
import numpy as np

from vision.config import VisionConfig
from vision.observation import BoardObservation, CellReading
from vision.reader import PREMIUM, BoardReader, _lone_tiles, _short_labels
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame


def _read(seed: int, index: int) -> tuple[BoardObservation, list[str]]:
    """Frame `index` of `python -m vision.synth dataset OUT --seed SEED` as saved (JPEG), read from scratch."""
    frame, _ = dataset_frame(DatasetSpec(boards=index + 1, seed=seed), index)
    return BoardReader(VisionConfig(tileset="english")).observe(as_saved(frame.image)), frame.truth


def test_a_label_cut_by_a_shadow_is_no_tile():
    # board 77 (a board printing '2L/3L/2W/3W', a window-shaped shadow across it): the '2W' label at (13,13), cut by
    # the shadow's edge, no tile near it, was a W at 0.9998 on the start tree, the '2L' at (12,8) under a real E an L
    # at 0.9999
    obs, truth = _read(255255, 77)
    assert truth[13][13] == truth[12][8] == "." and truth[11][8] == "E"
    assert obs.cells[13 * 15 + 13].state in ("empty", "unknown")
    assert obs.cells[12 * 15 + 8].state in ("empty", "unknown")
    assert obs.cells[11 * 15 + 8].letter == "E"


def test_a_tile_no_square_joins_is_asked_and_a_lone_first_tile_stays():
    empty, unknown = CellReading("empty", None, 0.9), CellReading("unknown", None, 0.0)
    cells = [empty] * 225
    cells[7 * 15 + 7] = CellReading("tile", "A", 0.99)
    assert _lone_tiles(cells) == []  # the only tile on the board stays read
    cells[7 * 15 + 8] = CellReading("tile", "T", 0.99)  # a word AT: both joined
    cells[2 * 15 + 2] = CellReading("tile", "W", 0.99)  # on its own
    cells[3 * 15 + 3] = CellReading("blank", None, 0.9)  # diagonal to the W only
    cells[12 * 15 + 12] = CellReading("tile", "L", 0.99)
    cells[12 * 15 + 13] = unknown  # beside a square in doubt: it may be joined
    assert _lone_tiles(cells) == [2 * 15 + 2, 3 * 15 + 3]


def test_a_letter_printed_small_on_a_premium_square_is_asked():
    premium, plain = int(np.flatnonzero(PREMIUM)[0]), int(np.flatnonzero(~PREMIUM)[0])
    sure = [k for k in range(225) if k not in (premium, plain)][:3]
    cells = [CellReading("empty", None, 0.9)] * 225
    occ = np.tile(np.array([0.9, 0.1, 0.0, 0.0], np.float32), (225, 1))
    for k in sure + [premium, plain]:
        cells[k] = CellReading("tile", "L", 0.99)
    occ[sure] = [0.02, 0.98, 0.0, 0.0]
    letter_at = {k: j for j, k in enumerate(sure + [premium, plain])}
    heights = np.array([0.38, 0.40, 0.42, 0.22, 0.22], np.float32)  # the premium's and the plain square's: labels' size
    alone = frozenset("L")
    assert _short_labels(cells, occ, letter_at, heights, alone) == [premium]  # a plain square prints no label
    heights[3] = 0.35  # a tile's letter a little smaller than the others' stays
    assert _short_labels(cells, occ, letter_at, heights, alone) == []
    heights[3] = 0.22
    assert _short_labels(cells, occ, {k: j for k, j in letter_at.items() if k != sure[0]}, heights, alone) == []  # 2 sure
    cells[premium] = CellReading("tile", "Ç", 0.99)  # Spanish CH: a tile of two letters prints them smaller
    assert _short_labels(cells, occ, letter_at, heights, alone) == []  # not in the letters printed alone
