"""Which OpenCV the vision tests check, and whether the running one is it.

The reader's edge-case decisions (a grid half a cell off, a letter on the edge of being misread) move with
OpenCV's warps: OpenCV 4.x warps at 1/32 pixel, 5.0 in floating point. Round 39 measured it: with the reader's
warps done at 1/32 pixel under 5.0, 15 of the vision tests fail, the same 15 that fail with opencv-python
4.11.0.86 (what Raspberry Pi OS Bookworm's numpy 1 brings) on the very same images (vision/MEASUREMENTS.md).
CI installs the tested release (pyproject.toml pins opencv-python below 5.1; tests/test_vision_libraries.py
fails when the tests run another), so this is the one place that names it."""
from __future__ import annotations

import cv2

TESTED_OPENCV = (5, 0)


def opencv_release(version: str | None = None) -> tuple[int, int]:
    """The (major, minor) of an OpenCV version string, by default the running one's."""
    major, minor = (version or cv2.__version__).split(".")[:2]
    return int(major), int(minor)


def untested_opencv() -> str | None:
    """A sentence for the installer when the running OpenCV is not the release the tests check, else None."""
    if opencv_release() == TESTED_OPENCV:
        return None
    tested = ".".join(map(str, TESTED_OPENCV))
    return (f"OpenCV {cv2.__version__} is not the release the reader's tests check ({tested}): edge cases (a grid "
            f"half a cell off, a letter on the edge of being misread) may be decided otherwise; on Raspberry Pi OS "
            f"Trixie systemd/install.sh installs OpenCV {tested}")
