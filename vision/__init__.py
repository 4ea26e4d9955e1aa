"""Camera frames in, BoardObservation out.

    from vision import BoardReader, load_config
    reader = BoardReader(load_config("kiosk.toml"))   # keep it across frames
    observation = reader.observe(frame)                # BGR numpy frame

`observe(frame)` reads a single frame with a fresh reader (tools, tests).
"""
from __future__ import annotations

import numpy as np

from vision.config import VisionConfig, load_config
from vision.observation import BoardObservation, CellReading
from vision.reader import BoardReader

__all__ = ["BoardObservation", "BoardReader", "CellReading", "VisionConfig", "load_config", "observe"]


def observe(frame: np.ndarray, config: VisionConfig | None = None) -> BoardObservation:
    return BoardReader(config).observe(frame)
