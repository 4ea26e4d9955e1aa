"""Lettered tiles the occupancy model calls empty, whose letters are looked for all the same (issue 15, round 27;
vision.reader.FADED_APART): tiles faded by glare toward their type's empty colour less than GLARED_APART, and tiles
the first occupancy pass saw that the second (with the tiles' colour) calls empty. A letter found makes such a square
a tile (read at the kiosk's bar) or asked, never a sure empty; an empty square showing none stays empty.

The frames are those of `python -m vision.synth dataset OUT --boards 120 --seed S` (round 27 vunread4's renders)."""
from vision.config import VisionConfig
from vision.observation import CellReading
from vision.reader import BoardReader
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame


def _read(seed: int, index: int) -> tuple[tuple[CellReading, ...], list[str]]:
    """The readings of frame `index` of `python -m vision.synth dataset OUT --seed SEED` as saved, and its truth."""
    frame, _ = dataset_frame(DatasetSpec(boards=index + 1, seed=seed), index)
    return BoardReader(VisionConfig(tileset="english")).observe(as_saved(frame.image)).cells, frame.truth


def _no_phantom(cells: tuple[CellReading, ...], truth: list[str]) -> None:
    phantoms = [(k // 15, k % 15) for k, c in enumerate(cells) if c.state in ("tile", "blank") and truth[k // 15][k % 15] == "."]
    assert phantoms == []


def test_a_tile_only_the_first_occupancy_pass_saw_is_read():
    # 134104 board-060 (5,9): white R on grey tiles under glare; first pass tile 0.46, second (the tiles' colour known)
    # empty 0.94, tile 0.048 under LETTER_FROM: start tree read it empty; its letter reads R 1.0
    cells, truth = _read(134104, 60)
    assert truth[5][9] == "R"
    assert (cells[5 * 15 + 9].state, cells[5 * 15 + 9].letter) == ("tile", "R"), cells[5 * 15 + 9]
    _no_phantom(cells, truth)


def test_a_tile_faded_toward_the_tiles_lit_colour_is_read():
    # 134096 board-078 (12,12): an E on a dark wooden tile under glare, 0.64 Lab from the tiles' lit colours and 1.37
    # times as far from its type's (under GLARED_APART): start tree empty 0.936; its letter reads E 1.0
    cells, truth = _read(134096, 78)
    assert truth[12][12] == "E"
    assert (cells[12 * 15 + 12].state, cells[12 * 15 + 12].letter) == ("tile", "E"), cells[12 * 15 + 12]
    _no_phantom(cells, truth)


def test_a_faded_tile_whose_letter_is_found_under_the_bar_is_asked_not_empty():
    # 134105 board-073 (8,8): an E on a glared wooden tile, 4.75 times as far from its type's lit colour as from the
    # tiles'; boosted it reads E 0.915 (under LETTER_DECIDES): start tree empty 0.775, now asked
    cells, truth = _read(134105, 73)
    assert truth[8][8] == "E"
    assert cells[8 * 15 + 8].state != "empty", cells[8 * 15 + 8]
    _no_phantom(cells, truth)

