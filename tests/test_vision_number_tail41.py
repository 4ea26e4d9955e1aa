"""A value number run into its letter where the strokes read the plain ink's letter too, but not surely (issue 15,
round 41, the lead): rendered dev seed 134351 board-049 through the bench's `--tilt 15 --scale 0.6 --turn 45`, a G at
upright (10, 7) whose 2 touches its spur. The plain ink reads Q 0.9993, the strokes Q 0.937 (under LETTER_DECIDES),
the strokes of the window median-filtered G 1.000, the darker ink G 0.9999: read Q 0.999 by the start tree 698f208.
vision.reader NUMBER_AS_TAIL now lets the filtered strokes stand in for strokes that do not decide either way."""
from tests.rendered_board import assert_nothing_wrong, rendered_through_camera
from vision.config import VisionConfig
from vision.reader import BoardReader
from vision.synth.dataset import DatasetSpec, dataset_frame


def test_a_g_whose_2_ran_into_its_spur_is_not_read_q_through_a_tilted_camera() -> None:
    image, _ = rendered_through_camera(134351, 49, 15.0, 0.6, 45.0)
    frame, _ = dataset_frame(DatasetSpec(boards=50, seed=134351), 49)
    obs = BoardReader(VisionConfig(tileset="english")).observe(image)
    assert obs.located
    assert frame.truth[10][7] == "G"
    cell = obs.cells[10 * 15 + 7]
    assert cell.state == "unknown" or (cell.state == "tile" and cell.letter == "G"), cell
    assert_nothing_wrong(frame.truth, obs)
