"""The OpenCV release the reader's tests check (vision.libraries), and what the installer is told when a Pi runs
another (issue 15, round 39: Raspberry Pi OS Bookworm's numpy 1 brings opencv-python 4.11, whose 1/32-pixel warps
move 15 of the reader's edge-case decisions)."""
import logging

import cv2
import numpy as np
import pytest

from kiosk.assembly import Backends, assemble
from kiosk.cli.check_config import opencv
from kiosk.replay.camera import ReplayCamera
from vision.libraries import TESTED_OPENCV, opencv_release, untested_opencv


def test_the_tests_run_on_the_release_they_check():
    """CI installs opencv-python from pyproject.toml's pin: if it ever brings another release, this fails, not the
    claim that the tests check TESTED_OPENCV."""
    assert opencv_release() == TESTED_OPENCV, cv2.__version__
    assert untested_opencv() is None
    assert opencv().endswith("(the release the reader's tests check)")


def test_another_release_is_named_for_the_installer(monkeypatch):
    monkeypatch.setattr(cv2, "__version__", "4.11.0")
    assert opencv_release() == (4, 11)
    note = untested_opencv()
    assert note is not None and note.startswith("OpenCV 4.11.0 is not the release the reader's tests check (5.0)")
    assert opencv() == note


@pytest.mark.parametrize("version, release", [("5.0.0", (5, 0)), ("4.11.0", (4, 11)), ("5.1.0-dev", (5, 1))])
def test_a_version_string_gives_its_release(version, release):
    assert opencv_release(version) == release


def test_the_kiosk_warns_at_start_when_opencv_is_not_the_tested_release(monkeypatch, caplog, tmp_path):
    cv2.imwrite(str(tmp_path / "frame.png"), np.zeros((64, 64, 3), np.uint8))  # a camera with one (empty) frame
    monkeypatch.setattr(cv2, "__version__", "4.11.0")
    with caplog.at_level(logging.WARNING, logger="kiosk.assembly"):
        kiosk = assemble(None, Backends(ReplayCamera(tmp_path), threaded_vision=False), open_game=False)
    kiosk.close()
    assert any("OpenCV 4.11.0 is not the release" in record.getMessage() for record in caplog.records)
