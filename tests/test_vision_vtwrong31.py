"""Letters read wrong at the kiosk's bar on rendered boards seen through the bench's camera (issue 15, round 31):
a small tilted board's noise makes _read_denoised read a letter not read at the bar again from its window
median-filtered, and the filter can make another letter: a serif W whose thin arms it merges read M, a blank's star
whose points it blurs read A. The window unfiltered refutes both (vision.reader DENOISED_HAIRLINES, DENOISED_MARK):
the W's hairlines read W, the star's plain ink and strokes read 'not a letter' surely."""
import numpy as np

from vision.bench import camera_view, frame_transform
from vision.config import VisionConfig
from vision.observation import BoardObservation
from vision.reader import BoardReader
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame
from tests.rendered_board import assert_nothing_wrong


def _seen_tilted(seed: int, board: int) -> tuple[list[str], BoardObservation]:
    """Board `board` of that seed through `python -m vision.bench --tilt 15 --scale 0.6 --turn 45`'s camera view:
    its truth rows and a fresh English reader's observation."""
    frame, _ = dataset_frame(DatasetSpec(boards=board + 1, seed=seed), board)
    image = as_saved(frame.image)
    h, w = image.shape[:2]
    seen = camera_view(image, frame_transform(w, h, 15.0, 0.6, 45.0))
    return frame.truth, BoardReader(VisionConfig(tileset="english")).observe(np.ascontiguousarray(seen))


def test_a_w_whose_filtered_window_reads_m_is_not_read_m():
    # 260260 board-048 (12, 2): a serif W, plain W 0.724, strokes M 0.990, hairlines W 0.999, filtered M 0.999:
    # start tree M 0.9995
    truth, obs = _seen_tilted(260260, 48)
    assert truth[12][2] == "W"
    cell = obs.cells[12 * 15 + 2]
    assert cell.letter in (None, "W"), cell
    assert_nothing_wrong(truth, obs)


def test_a_star_blank_whose_filtered_strokes_read_a_is_a_blank():
    # 293293 board-047 (3, 9): a light star blank on a purple tile, plain ink and strokes 'not a letter' 1.000,
    # filtered strokes A 0.991: start tree A 1.0
    truth, obs = _seen_tilted(293293, 47)
    assert truth[3][9] == "?"
    assert obs.cells[3 * 15 + 9].state == "blank", obs.cells[3 * 15 + 9]
    assert_nothing_wrong(truth, obs)
