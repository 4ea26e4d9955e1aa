"""`python -m vision.rack_check setup PHOTO`: the person installing the kiosk finds the racks
in a photo with seven tiles on each, gets a PNG with each zone outlined and counted, and the
[vision.racks] table for the config. On rendered start frames (seeds 100-111, tests only);
the PNGs go to tests/output/rack_find_setup/: look at them."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.board_scale import square_px
from vision.config import parse_config
from vision.rack_check import main
from vision.synth import FrameOptions, render_frame

EMPTY = ["." * 15] * 15
OPTIONS = FrameOptions(hand=False, glare=False, shadow=False, rotation=0)
OUT = Path(__file__).resolve().parent / "output" / "rack_find_setup"


def _photo(path: Path, seed: int, counts: dict[str, int]):
    frame = render_frame(EMPTY, seed=seed, size=1000, options=replace(OPTIONS, rack_counts=counts))
    cv2.imwrite(str(path), frame.image)
    return frame


def test_setup_writes_the_outlined_png_and_the_config_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    photo = tmp_path / "seven.png"
    frame = _photo(photo, 100, {"p1": 7, "p2": 7})
    OUT.mkdir(parents=True, exist_ok=True)
    png = OUT / "seed100-racks.png"
    assert main(["setup", str(photo), "--out", str(png)]) == 0
    out = capsys.readouterr().out
    config = parse_config(out, "pasted")      # what is printed is the config's table, as it is
    assert set(config.rack_zones) == {"p1", "p2"} and out.count("# 7 tiles read in it") == 2
    square = square_px(frame.board_corners)
    for name, zone in config.rack_zones.items():
        assert np.linalg.norm(zone.mean(axis=0) - frame.rack_zones[name].mean(axis=0)) < square
    drawn = cv2.imread(str(png))
    assert drawn is not None and drawn.shape == frame.image.shape
    assert np.abs(drawn.astype(int) - frame.image.astype(int)).sum() > 0    # outlines and counts drawn on it


def test_a_rack_not_found_is_left_to_be_measured_by_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    photo = tmp_path / "one.png"
    _photo(photo, 101, {"p2": 7})          # p1's rack stands empty
    assert main(["setup", str(photo)]) == 0
    out = capsys.readouterr().out
    assert "# p1: not found" in out and set(parse_config(out, "pasted").rack_zones) == {"p2"}
    assert (tmp_path / "one-racks.png").exists()     # beside the photo by default


def test_no_rack_found_is_an_error_naming_the_photo(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    photo = tmp_path / "bare.png"
    _photo(photo, 100, {})
    assert main(["setup", str(photo)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{photo}: no rack with seven tiles found")
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((600, 800, 3), 128, np.uint8))
    assert main(["setup", str(blank)]) == 2
    assert capsys.readouterr().err.startswith(f"{blank}: board not found")
    text = tmp_path / "notes.png"
    text.write_text("not a picture")
    assert main(["setup", str(text)]) == 2
    assert capsys.readouterr().err.startswith(f"{text}: not an image")
