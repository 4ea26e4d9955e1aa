"""A rendered board read from scratch as the kiosk reads it, and the check that nothing on it is read wrong
(shared by the reader tests on dev boards)."""
from vision.config import VisionConfig
from vision.observation import BoardObservation, CellReading
from vision.reader import BoardReader
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame


def read_rendered(seed: int, board: int) -> tuple[list[str], BoardObservation]:
    """Board `board` of `python -m vision.synth dataset OUT --seed SEED` (saved as the bench reads it): its truth
    rows and a fresh English reader's observation."""
    frame, _ = dataset_frame(DatasetSpec(boards=board + 1, seed=seed), board)
    obs = BoardReader(VisionConfig(tileset="english")).observe(as_saved(frame.image))
    return frame.truth, obs


def read_square(seed: int, board: int, row: int, col: int) -> tuple[str, CellReading]:
    """Square (row, col) (counted from 0) of board `board` of that seed, read as read_rendered reads it: its truth
    ('.' empty, a letter, lower case a blank) and its reading."""
    truth, obs = read_rendered(seed, board)
    return truth[row][col], obs.cells[row * 15 + col]


def assert_nothing_wrong(truth: list[str], obs: BoardObservation) -> None:
    """No square read as another letter than its tile's, and no tile or blank where the board is empty."""
    wrong = [(r, c) for r in range(15) for c in range(15)
             if obs.cells[r * 15 + c].letter not in (None, truth[r][c])]
    phantoms = [(r, c) for r in range(15) for c in range(15)
                if truth[r][c] == "." and obs.cells[r * 15 + c].state in ("tile", "blank")]
    assert wrong == [] and phantoms == []
