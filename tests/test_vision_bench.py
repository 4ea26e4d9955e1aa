"""The benchmark reads any folder in the truth.json format and prints the issue's figures."""
from __future__ import annotations

import json
from pathlib import Path

from vision.bench import Tally, count_rotation, main
from vision.observation import BoardObservation, CellReading
from vision.reader import TURN_NOT_SETTLED
from vision.synth.dataset import DatasetSpec, write_dataset

KEYS = {"tiles_total", "tiles_correct", "confident_wrong", "phantom", "missed", "blanks_total", "blanks_found",
        "boards_total", "boards_exact", "ms_median", "ms_p95", "peak_mb"}


def test_bench_json_on_a_folder_of_folders(tmp_path, capsys):
    write_dataset(tmp_path / "data" / "a", DatasetSpec(boards=2, seed=8101, size=1024))
    write_dataset(tmp_path / "data" / "b", DatasetSpec(boards=1, seed=8102, size=1024, tileset="german"))
    assert main([str(tmp_path / "data"), "--json", "--worst", str(tmp_path / "worst")]) == 0
    result = json.loads(capsys.readouterr().out)
    assert KEYS <= set(result)
    assert result["boards_total"] == 3
    truth = [json.loads((tmp_path / "data" / d / "truth.json").read_text())["frames"] for d in "ab"]
    tiles = sum(ch.isupper() for frames in truth for f in frames for row in f["board"] for ch in row)
    assert result["tiles_total"] == tiles
    assert set(result["folders"]) == {"a", "b"}
    assert (tmp_path / "worst" / "worst.txt").is_file()


def test_bench_names_a_folder_without_truth(tmp_path, capsys):
    assert main([str(tmp_path)]) == 2
    assert "truth.json" in capsys.readouterr().err


def test_real_photo_truth_rotation_and_location_error():
    import numpy as np

    from vision.bench import _frame_rotation, frame_transform, location_error
    corners = [[100, 120], [900, 110], [910, 905], [95, 915]]
    assert _frame_rotation({"corners": corners, "rotation_deg": 0}) == 0
    # a photo to be turned 270 degrees clockwise to be upright: the board lies a quarter turn clockwise
    turned = [corners[1], corners[2], corners[3], corners[0]]  # its top-left at the frame's top-right
    assert _frame_rotation({"corners": turned}) == 90
    assert _frame_rotation({"rotation_deg": 270}) == 90
    assert _frame_rotation({}) is None  # no truth of the rotation: not counted
    assert _frame_rotation({"synth": {"rotation": 180}}) == 180
    # a rendered frame's board corners are its truth corners too
    from vision.bench import _truth_corners
    assert np.allclose(_truth_corners({"synth": {"board_corners": corners}}), corners)
    assert _truth_corners({"synth": {"rotation": 0}}) is None
    src = np.float32(corners)
    to_cells = cv2_homography(src, np.float32([[0, 0], [15, 0], [15, 15], [0, 15]]))
    assert location_error(to_cells, src) < 1e-3
    one_off = cv2_homography(src, np.float32([[1, 0], [16, 0], [16, 15], [1, 15]]))
    assert abs(location_error(one_off, src) - 1.0) < 1e-3
    assert location_error(None, src) == float("inf")
    # the bench's tilt: a tilted camera makes the far edge shorter than the near one
    h = frame_transform(1504, 1504, 15.0, 0.5, 0.0)
    import cv2
    frame = cv2.perspectiveTransform(np.float32([[[0, 0], [1504, 0], [1504, 1504], [0, 1504]]]), h)[0]
    top, bottom = frame[1, 0] - frame[0, 0], frame[2, 0] - frame[3, 0]
    assert 0.7 < min(top, bottom) / max(top, bottom) < 0.8
    assert abs(max(frame[:, 0].max() - frame[:, 0].min(), frame[:, 1].max() - frame[:, 1].min()) - 752) < 1
    quarter = frame_transform(1504, 1504, 0.0, 1.0, 90.0)
    assert _frame_rotation({"rotation_deg": 0, "image_size": [1504, 1504]}, quarter) == 90


def cv2_homography(src, dst):
    import cv2
    return tuple(map(tuple, cv2.getPerspectiveTransform(src, dst)))


def test_a_turn_said_not_settled_is_counted_apart_from_a_wrong_one():
    cells = tuple(CellReading("unknown") for _ in range(225))
    settled_wrong = BoardObservation(cells=cells, rotation=180, located=True)
    unsettled_wrong = BoardObservation(cells=cells, rotation=180, located=True, problems=(TURN_NOT_SETTLED,))
    right = BoardObservation(cells=cells, rotation=0, located=True, problems=(TURN_NOT_SETTLED,))
    tally = Tally()
    for obs in (settled_wrong, unsettled_wrong, right, BoardObservation.unlocated("not found")):
        count_rotation(tally, obs, 0)
    count_rotation(tally, settled_wrong, None)  # the truth does not know the turn: not counted
    assert (tally.rotation_known, tally.rotation_wrong, tally.rotation_unsettled) == (3, 1, 1)
