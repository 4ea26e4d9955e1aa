"""A plain blank the colour of the board's squares is told from them by the tiles' faces around it
(vision.reader.INKLESS, _face_coloured_blanks), on rendered boards of dev seeds 99039 and 82022 (round 17,
helper vblank)."""
from vision.config import VisionConfig
from vision.observation import BoardObservation
from vision.reader import FACE_BLANK_CONFIDENCE, BoardReader
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame


def _read(seed: int, index: int) -> tuple[BoardObservation, list[str]]:
    """Frame `index` of `python -m vision.synth dataset OUT --seed SEED` as saved (JPEG), read from scratch."""
    frame, _ = dataset_frame(DatasetSpec(boards=index + 1, seed=seed), index)
    return BoardReader(VisionConfig(tileset="english")).observe(as_saved(frame.image)), frame.truth


def _squares(truth: list[str], char: str) -> list[tuple[int, int]]:
    return [(r, c) for r in range(15) for c in range(15) if truth[r][c] == char]


def test_plain_blanks_the_colour_of_the_squares_are_found():
    # 99039 board 3 (cream board with labels, greyish-cream tiles, plain blanks): both blanks were read
    # empty at 0.95 and 0.98 on the start tree; their faces are the tiles' around them, not the squares'
    obs, truth = _read(99039, 3)
    blanks = _squares(truth, "?")
    assert blanks == [(5, 3), (7, 5)]
    assert [obs.cells[r * 15 + c].state for r, c in blanks] == ["blank", "blank"]
    assert all(obs.cells[r * 15 + c].confidence == FACE_BLANK_CONFIDENCE for r, c in blanks)


def test_squares_in_a_shadow_the_tiles_colour_are_no_blanks():
    # 82022 board 46 (classic board, cream tiles, shadows over the board): shaded empty squares took the
    # tiles' colour (some 5 times nearer the tiles' faces than the board's squares of their type across it)
    obs, truth = _read(82022, 46)
    phantoms = [(r, c) for r, c in _squares(truth, ".") if obs.cells[r * 15 + c].state in ("tile", "blank")]
    assert obs.located and phantoms == []


def test_faint_tiles_the_occupancy_model_calls_empty_are_asked():
    # 99039 board 34 (slate tiles printed faintly, dim light, classic board): six thin I's and a star blank were
    # read empty on the start tree (0.51-0.97); their faces are the tiles' around them: asked, or the blank read
    obs, truth = _read(99039, 34)
    tiles = [(r, c) for r in range(15) for c in range(15) if truth[r][c] != "."]
    missed = [(r, c) for r, c in tiles if obs.cells[r * 15 + c].state == "empty"]
    phantoms = [(r, c) for r, c in _squares(truth, ".") if obs.cells[r * 15 + c].state in ("tile", "blank")]
    assert missed == [] and phantoms == []
