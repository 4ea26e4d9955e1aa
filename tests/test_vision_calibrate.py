"""Calibration from rendered frames of an empty board and of the tiles in the default pattern."""
from __future__ import annotations

import re
import sys

import cv2
import numpy as np
import pytest

from kiosk.errors import InputError
from vision.calibrate import Oriented, _located, _orient, default_pattern, fit_head, main, read_pattern, turn_note
from vision.cells import OCCUPANCY_FEATURES
from vision.config import VisionConfig
from vision.models import Calibration, Head, shipped
from vision.reader import BoardReader
from vision.synth.frames import FrameOptions, render_frame
from vision.synth.tiles import TileStyle


def test_default_pattern_holds_every_letter_once():
    rows = default_pattern("german")
    text = "".join(rows)
    assert len(rows) == 15 and all(len(r) == 15 for r in rows)
    assert sorted(ch for ch in text if ch != ".") == sorted("ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ?")


def test_calibration_from_frames_is_used_by_the_reader(tmp_path, capsys):
    # its time (under 60 s here) is measured by the benchmark, `python -m vision.calibration_bench`, not here: a shared
    # machine's load made this run take 67.5 s in round 36
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
    assert main(["--empty", str(paths[0]), "--tiles", str(paths[1]), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "tiles.jpg (pattern): before " in printed and "empty.jpg (empty board): before " in printed
    assert "add fixed_turn = 0 to the config's [vision] table" in printed  # the pattern was laid upright
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


def _club_file(tmp_path, **change):
    """A calibration file the shipped models accept, with some arrays replaced (None: left out)."""
    model = shipped("occupancy")
    width = model.hidden(np.zeros((1, OCCUPANCY_FEATURES), np.float32)).shape[1] + len(model.classes)
    Calibration(tile_lab=np.array([80, 130, 140], np.float32),
                heads={"occupancy": Head(np.zeros((width, 4), np.float32), np.zeros(4, np.float32),
                                         np.array([True, True, False, False]))}).save(tmp_path / "good.npz")
    with np.load(tmp_path / "good.npz") as data:
        arrays = {k: data[k] for k in data.files}
    for key, value in change.items():
        if value is None:
            arrays.pop(key)
        else:
            arrays[key] = value
    path = tmp_path / "club.npz"
    np.savez(path, **arrays)
    return path


@pytest.mark.parametrize("change, says", [
    ({}, None),
    ({"occupancy_model": np.array("0123456789abcdef")}, "another version of the shipped occupancy model"),
    ({"format": np.array(2)}, "older version"),
    ({"format": np.array([3, 3])}, "no format number"),
    ({"occupancy_bias": np.zeros(7, np.float32)}, "does not fit the shipped model"),
    ({"occupancy_weights": np.full((3, 4), np.nan, np.float32)}, "does not fit the shipped model"),
    ({"occupancy_fitted": None}, "incomplete"),
    ({"tile_lab": np.zeros(7, np.float32)}, "tile colour"),
])
def test_calibration_file_is_checked_against_the_shipped_models(tmp_path, change, says):
    path = _club_file(tmp_path, **change)
    if says is None:
        assert Calibration.load(path).heads["occupancy"].fitted.tolist() == [True, True, False, False]
        return
    with pytest.raises(InputError) as caught:
        Calibration.load(path)
    assert str(caught.value).startswith(f"{path}: calibration file club.npz: ") and says in str(caught.value)


def test_non_finite_layer_is_refused(tmp_path):
    model = shipped("occupancy")
    width = model.hidden(np.zeros((1, OCCUPANCY_FEATURES), np.float32)).shape[1] + len(model.classes)
    path = _club_file(tmp_path, occupancy_weights=np.full((width, 4), np.inf, np.float32))
    with pytest.raises(InputError, match="not finite"):
        Calibration.load(path)


@pytest.mark.parametrize("content", [b"", b"not a zip", b"PK\x03\x04" + bytes(40), "half"])
def test_damaged_calibration_file_names_the_file_in_the_reader_and_check_config(tmp_path, content, capsys):
    from kiosk.cli.check_config import check

    if content == "half":
        good = _club_file(tmp_path).read_bytes()
        content = good[:len(good) // 2]
    (tmp_path / "club.npz").write_bytes(content)
    with pytest.raises(InputError) as caught:  # the reader given the file: one clear error, no traceback
        BoardReader(VisionConfig(calibration=tmp_path / "club.npz"))
    assert "club.npz" in caught.value.message and str(caught.value).startswith(str(tmp_path / "club.npz"))
    config = tmp_path / "kiosk.toml"
    config.write_text('[vision]\ncalibration = "club.npz"\n', encoding="utf-8")
    check(config, sys.stdout)  # the kiosk's config: a warning on the line naming the file, reading uncalibrated
    out = capsys.readouterr().out
    assert "vision.calibration = none (uncalibrated)" in out
    assert re.search(r"kiosk\.toml:2: vision\.calibration: .*club\.npz.*; reading uncalibrated", out)


def test_check_config_names_a_good_calibration_file(tmp_path, capsys):
    from kiosk.cli.check_config import check

    _club_file(tmp_path)
    config = tmp_path / "kiosk.toml"
    config.write_text('[vision]\ncalibration = "club.npz"\n', encoding="utf-8")
    check(config, sys.stdout)
    assert f"vision.calibration = {tmp_path / 'club.npz'}" in capsys.readouterr().out


def test_correction_leaves_classes_the_photos_never_show_alone():
    """Fitted on empty squares and tiles only, the head moves 'empty' against 'tile' but neither
    against 'blank' or 'covered': each keeps its shipped probability on any input."""
    model = shipped("occupancy")
    rng = np.random.default_rng(5)
    x = rng.random((300, OCCUPANCY_FEATURES)).astype(np.float32)
    y = (x[:, 0] > 0.5).astype(int)  # empty / tile, by a rule the shipped model does not know
    head = fit_head(model, x, y)
    assert head.fitted.tolist() == [True, True, False, False]
    probe = rng.random((300, OCCUPANCY_FEATURES)).astype(np.float32) * 2  # also inputs unlike the samples
    for inputs in (x, probe):
        p0, p = model.probabilities(inputs), model.with_head(head).probabilities(inputs)
        assert np.allclose(p[:, 2:], p0[:, 2:], atol=1e-5)
    p0, p = model.probabilities(x), model.with_head(head).probabilities(x)
    assert np.abs(p - p0)[:, :2].max() > 0.1  # ... and it did learn something


def test_a_few_samples_move_the_model_little(monkeypatch):
    """The correction is shrunk towards the shipped model: five squares move it less than five
    hundred that say the same, and less than an unshrunk fit on the same five."""
    import vision.calibrate

    model = shipped("occupancy")
    rng = np.random.default_rng(6)
    x = rng.random((500, OCCUPANCY_FEATURES)).astype(np.float32)
    y = (x[:, 0] > 0.5).astype(int)
    probe = rng.random((200, OCCUPANCY_FEATURES)).astype(np.float32)
    z0 = model.logits(probe)

    def moved(n: int) -> float:
        return float(np.abs(model.with_head(fit_head(model, x[:n], y[:n])).logits(probe) - z0).mean())

    few, many = moved(5), moved(500)
    monkeypatch.setattr(vision.calibrate, "SHRINK", 1e-4)
    assert few < many and few < 0.75 * moved(5)


def test_photo_with_tiles_the_pattern_leaves_empty_is_refused(tmp_path, capsys):
    """A pattern file for an earlier state of the board (the photo holds a word more): learnt, the
    word's tiles would be examples of empty squares."""
    options = FrameOptions(board_style="classic", rotation=0, hand=False, glare=False, rack_counts={})
    pattern = default_pattern("english")
    board = pattern[:7] + ["....QUIZZED...."] + pattern[8:]
    path = tmp_path / "tiles.jpg"
    cv2.imwrite(str(path), render_frame(board, seed=75, options=options).image)
    (tmp_path / "pattern.txt").write_text("\n".join(pattern) + "\n", encoding="utf-8")
    out = tmp_path / "club.npz"
    assert main(["--tiles", str(path), "--pattern", str(tmp_path / "pattern.txt"), "--out", str(out)]) == 2
    assert "squares the pattern leaves empty hold tiles" in capsys.readouterr().err
    assert not out.exists()


def test_the_pattern_tells_the_boards_turn_under_the_camera(tmp_path):
    """A pattern photo of a board lying turned 270 under the camera: the turn calibrate prints for
    vision.fixed_turn is the reader's own rotation of that board (BoardObservation.rotation)."""
    pattern = default_pattern("english")
    frame = render_frame(pattern, seed=903, options=FrameOptions(rotation=270, hand=False))
    lies = _orient(frame.image, _located(tmp_path / "tiles.jpg", frame.image, VisionConfig(), {}), pattern,
                   shipped("letters"), "english")
    assert lies.settled and lies.turn == 270
    game = render_frame(["." * 15] * 7 + ["....QUIZZED...."] + ["." * 15] * 7, seed=903,
                        options=FrameOptions(rotation=270, hand=False))
    assert BoardReader().observe(game.image).rotation == 270
    assert turn_note({"tiles.jpg": lies}, VisionConfig()).endswith(
        "add fixed_turn = 270 to the config's [vision] table (the reader then never guesses it from the tiles)")
    assert "was the camera moved? If the board stays so, set fixed_turn = 270" in turn_note(
        {"tiles.jpg": lies}, VisionConfig(fixed_turn=0))
    assert "as the config's vision.fixed_turn says" in turn_note({"tiles.jpg": lies}, VisionConfig(fixed_turn=270))


def test_a_pattern_that_reads_alike_turned_gives_no_turn():
    """A pattern of letters that read alike turned half-way (NOON, SOS) does not settle the turn: no line to add."""
    upright = np.array([[0, 0], [10, 0], [10, 10], [0, 10]], np.float32)
    alike = Oriented(upright, right=7, lettered=7, next_best=7)
    note = turn_note({"noon.jpg": alike, "alphabet.jpg": Oriented(upright, right=26, lettered=26, next_best=1)},
                     VisionConfig())
    assert "not settled by noon.jpg (7 letters read right turned 0, 7 turned another way)" in note
    assert "fixed_turn =" not in note
    turned = Oriented(np.roll(upright, -1, axis=0), right=26, lettered=26, next_best=0)
    assert "lie turned differently" in turn_note({"a.jpg": turned, "b.jpg": Oriented(upright, 26, 26, 0)},
                                                 VisionConfig())
