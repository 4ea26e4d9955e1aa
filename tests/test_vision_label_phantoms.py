"""A premium label is no lettered tile (vision.reader, round 28, helper vlabel): a square read as a tile or blank that
no square read as a tile, blank or unknown touches, where other tiles stand, is unknown (_lone_tiles). Rendered dev
seed 255255."""
from vision.config import VisionConfig
from vision.observation import BoardObservation, CellReading
from vision.reader import BoardReader, _lone_tiles
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame


def _read(seed: int, index: int) -> tuple[BoardObservation, list[str]]:
    """Frame `index` of `python -m vision.synth dataset OUT --seed SEED` as saved (JPEG), read from scratch."""
    frame, _ = dataset_frame(DatasetSpec(boards=index + 1, seed=seed), index)
    return BoardReader(VisionConfig(tileset="english")).observe(as_saved(frame.image)), frame.truth


def test_a_label_cut_by_a_shadow_is_no_tile():
    # board 77 (a board printing '2L/3L/2W/3W', a window-shaped shadow across it): the '2W' label at (13,13), cut by
    # the shadow's edge, no tile near it, was a W at 0.9998 on the start tree
    obs, truth = _read(255255, 77)
    assert truth[13][13] == "."
    assert obs.cells[13 * 15 + 13].state in ("empty", "unknown")


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
