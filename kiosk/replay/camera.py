"""The camera of a replay: the folder camera showing the frame the script names, or an injected fault."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from hardware.camera import CameraError, CameraNoFrames, CameraUnplugged, FolderCamera, checked_frame


class ReplayCamera:
    """Shows one frame of a folder at a time; '@...' names inject camera faults."""

    def __init__(self, frames_dir: Path):
        self.folder = FolderCamera(frames_dir)
        self.current: str | None = None
        self._last_good: np.ndarray | None = None
        self._rng = np.random.default_rng(0)
        self._missing = ""
        self.info = self.folder.info

    def show(self, name: str) -> None:
        """Show a frame; one missing from the recording is a camera that gives no frame
        (read() says so) while it is shown, not an error for the replay."""
        self.current = name
        self._missing = ""
        if not name.startswith("@"):
            try:
                self.folder.show(name)
            except CameraError as exc:
                self._missing = str(exc)

    def _shape(self) -> tuple[int, ...]:
        if self._last_good is not None:
            return self._last_good.shape
        width, height = self.info.resolution
        return (max(height, 1), max(width, 1), 3)

    def read(self) -> np.ndarray:
        name = self.current
        if name is None or name == "@unplugged":
            raise CameraUnplugged("camera unplugged: no frames")
        if name == "@black":
            return np.zeros(self._shape(), np.uint8)
        if name == "@white":
            return np.full(self._shape(), 255, np.uint8)
        if name == "@noise":
            return self._rng.integers(0, 256, self._shape(), dtype=np.uint8)
        if name == "@away":  # the board knocked out of view: only the table
            return np.full(self._shape(), (60, 90, 120), np.uint8)
        if name == "@frozen":  # the driver hands back the same buffer as last time
            if self._last_good is None:
                raise CameraUnplugged("camera frozen before any frame")
            return self._last_good
        if self._missing:
            raise CameraNoFrames(self._missing)
        image = checked_frame(self.folder.read(), self.info.name)
        self._last_good = image
        return image

    def close(self) -> None:
        self.folder.close()
