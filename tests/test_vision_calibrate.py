"""Calibration from rendered frames of an empty board and of the tiles in the default pattern."""
from __future__ import annotations

import time

import cv2
import numpy as np
import pytest

from kiosk.errors import InputError
from vision.calibrate import default_pattern, main, read_pattern
from vision.config import VisionConfig
from vision.models import Calibration
from vision.reader import BoardReader
from vision.synth.frames import FrameOptions, render_frame
from vision.synth.tiles import TileStyle


def test_default_pattern_holds_every_letter_once():
    rows = default_pattern("german")
    text = "".join(rows)
    assert len(rows) == 15 and all(len(r) == 15 for r in rows)
    assert sorted(ch for ch in text if ch != ".") == sorted("ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ?")


def test_calibration_from_frames_is_fast_and_used_by_the_reader(tmp_path, capsys):
    style = TileStyle(font="dejavu-serif-bold", face=(150, 215, 235))
    options = FrameOptions(board_style="german", rotation=0, hand=False, glare=False, rack_counts={},
                           tile_style=style)
    empty = render_frame(["." * 15] * 15, seed=71, options=options)
    pattern = default_pattern("english")
    laid_out = render_frame(pattern, seed=72, options=options)
    paths = []
    for name, frame in (("empty.jpg", empty), ("tiles.jpg", laid_out)):
        cv2.imwrite(str(tmp_path / name), frame.image)
        paths.append(tmp_path / name)
    out = tmp_path / "club.npz"
    start = time.perf_counter()
    assert main(["--empty", str(paths[0]), "--tiles", str(paths[1]), "--out", str(out)]) == 0
    assert time.perf_counter() - start < 60
    printed = capsys.readouterr().out
    assert "tiles.jpg (pattern): before " in printed and "empty.jpg (empty board): before " in printed
    calibration = Calibration.load(out)
    assert set(calibration.heads) == {"occupancy", "letters"} and calibration.tile_lab is not None
    board = ["." * 15] * 7 + ["....QUIZZED...."] + ["." * 15] * 7
    game = render_frame(board, seed=73, options=options)
    obs = BoardReader(VisionConfig(calibration=out)).observe(game.image)
    assert obs.board_text()[7] == game.truth[7]
    uncalibrated = BoardReader().observe(game.image)
    for read, truth in zip("".join(uncalibrated.board_text()), "".join(game.truth)):  # no phantom, no wrong letter
        assert read in (truth, "#")
    _phantoms_after_calibration.append(sum(read not in (truth, "#") for read, truth in
                                           zip("".join(obs.board_text()), "".join(game.truth))))


_phantoms_after_calibration: list[int] = []


def test_calibrated_reader_adds_no_phantom():
    assert _phantoms_after_calibration == [0]


def test_bad_pattern_file_names_the_line(tmp_path, capsys):
    path = tmp_path / "pattern.txt"
    path.write_text("\n".join(["." * 15] * 3 + ["ABC"] + ["." * 15] * 11) + "\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_pattern(path)
    assert str(caught.value).startswith(f"{path}:4: ")
    assert main(["--tiles", str(tmp_path / "missing.jpg"), "--pattern", str(path)]) == 2
    assert "pattern.txt:4" in capsys.readouterr().err


def test_no_board_in_view_is_refused_and_nothing_written(tmp_path, capsys):
    path = tmp_path / "wall.jpg"
    cv2.imwrite(str(path), np.random.default_rng(0).integers(0, 256, (600, 800, 3), dtype=np.uint8))
    out = tmp_path / "club.npz"
    assert main(["--empty", str(path), "--out", str(out)]) == 2
    assert "board not found" in capsys.readouterr().err
    assert not out.exists()


def test_wrong_pattern_is_refused_before_training(tmp_path, capsys):
    options = FrameOptions(board_style="classic", rotation=0, hand=False, glare=False, rack_counts={})
    laid_out = render_frame(default_pattern("english"), seed=74, options=options)
    path = tmp_path / "tiles.jpg"
    cv2.imwrite(str(path), laid_out.image)
    wrong = tmp_path / "pattern.txt"
    wrong.write_text("\n".join(["ZZZZZZZZZZZZZZZ", "ZZZZZZZZZZZ?..."] + ["." * 15] * 13) + "\n", encoding="utf-8")
    out = tmp_path / "club.npz"
    assert main(["--tiles", str(path), "--pattern", str(wrong), "--out", str(out)]) == 2
    assert "pattern reads badly" in capsys.readouterr().err
    assert not out.exists()
