"""A blurred letter whose plain ink reads it under the kiosk's bar (the rest 'not a letter') is read from its darker
ink where that reads the same letter at the kiosk's bar and the median-filtered window reads no other
(vision.reader.DARKER_AGREED)."""
from vision.config import VisionConfig
from vision.reader import BoardReader
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame

from tests.rendered_board import assert_nothing_wrong


def test_a_blurred_a_its_darker_ink_reads_is_read():
    # dev seed 134295 (`python -m vision.synth dataset DIR --boards 40 --seed 134295 --tileset german`) board-012
    # (6, 6): an A, plain A 0.667, median-filtered A 0.681, darker A 0.962 (start tree: asked at 0.667)
    frame, _ = dataset_frame(DatasetSpec(boards=13, seed=134295, tileset="german"), 12)
    obs = BoardReader(VisionConfig(tileset="german")).observe(as_saved(frame.image))
    assert frame.truth[6][6] == "A"
    cell = obs.cells[6 * 15 + 6]
    assert (cell.state, cell.letter) == ("tile", "A")
    assert cell.confidence >= 0.8
    assert_nothing_wrong(frame.truth, obs)
