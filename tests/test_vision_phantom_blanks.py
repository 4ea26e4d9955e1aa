"""A marked blank is told from a premium square's print by hue (vision.reader.MARK_COLOUR), on rendered boards of
dev seed 88028 (round 16, helper v88): glare that whitens a labelled square does not make it a blank, and a
blank whose lightness the light changed is still found."""
from vision.config import VisionConfig
from vision.observation import BoardObservation
from vision.reader import BoardReader
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame

SEED = 88028


def _read(index: int) -> tuple[BoardObservation, list[str]]:
    """Frame `index` of `python -m vision.synth dataset OUT --seed 88028` as saved (JPEG), read from scratch."""
    frame, _ = dataset_frame(DatasetSpec(boards=index + 1, seed=SEED), index)
    return BoardReader(VisionConfig(tileset="english")).observe(as_saved(frame.image)), frame.truth


def _squares(truth: list[str], char: str) -> list[tuple[int, int]]:
    return [(r, c) for r in range(15) for c in range(15) if truth[r][c] == char]


def test_glared_labels_are_no_blanks():
    # board 30 (cream board with labels, glare, 19 cream tiles): two '2W' squares in a glare band, their
    # label read as a blank's mark, were blanks at 0.97 on the start tree (nearer the tiles in Lab)
    obs, truth = _read(30)
    assert truth[11][3] == "." and truth[12][2] == "."
    phantoms = [(r, c) for r, c in _squares(truth, ".") if obs.cells[r * 15 + c].state in ("tile", "blank")]
    assert phantoms == []


def test_logo_blanks_on_white_tiles_are_found():
    # board 38 (classic board, 72 white tiles, logo blanks): its two blanks were unknown on the start tree,
    # one of them nearer its square's empty colour than the tiles' in Lab, not in hue
    obs, truth = _read(38)
    blanks = _squares(truth, "?")
    assert len(blanks) == 2
    assert [obs.cells[r * 15 + c].state for r, c in blanks] == ["blank", "blank"]
