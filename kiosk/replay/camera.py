"""The camera of a replay: the folder camera showing the frame the script names, or an injected fault."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from hardware.camera import CameraUnplugged, FolderCamera


class ReplayCamera:
    """Shows one frame of a folder at a time; '@...' names inject camera faults."""

    def __init__(self, frames_dir: Path):
        self.folder = FolderCamera(frames_dir)
        self.current: str | None = None
        self._last_good: np.ndarray | None = None
        self._rng = np.random.default_rng(0)
        self.info = self.folder.info

    def show(self, name: str) -> None:
        self.current = name
        if not name.startswith("@"):
            self.folder.show(name)

    def _shape(self) -> tuple[int, ...]:
        if self._last_good is not None:
            return self._last_good.shape
        width, height = self.info.resolution
        return (height, width, 3)

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
        image = self.folder.read()
        self._last_good = image
        return image

    def close(self) -> None:
        self.folder.close()
