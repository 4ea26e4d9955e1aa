"""kiosk.camera_status: the status line's words for each kind of camera reading."""
from kiosk.camera_status import camera_problem
from kiosk.vision_worker import Reading
from vision.observation import BoardObservation, CellReading

EMPTY = CellReading("empty", confidence=1.0)


def _board(unknown: int, *, stable: bool, problems: tuple[str, ...] = ()) -> BoardObservation:
    cells = (CellReading("unknown"),) * unknown + (EMPTY,) * (225 - unknown)
    return BoardObservation(cells, located=True, stable=stable, problems=problems)


def test_each_kind_of_reading_has_its_words():
    assert camera_problem(Reading(None, error="no frame")) == "camera problem: no frame"
    assert camera_problem(Reading(BoardObservation.unlocated("board not found: glare"))) == "board not found: glare"
    assert camera_problem(Reading(BoardObservation(cells=(EMPTY,) * 225, located=False))) == "board not in view"
    assert camera_problem(Reading(_board(0, stable=True, problems=("tilted", "dim")))) == "tilted; dim"
    assert camera_problem(Reading(_board(3, stable=False))) == "3 squares cannot be read"


def test_a_settled_board_or_one_read_whole_is_fine():
    assert camera_problem(Reading(_board(3, stable=True))) == ""      # settled: the unknown squares are asked about
    assert camera_problem(Reading(_board(0, stable=False))) == ""
