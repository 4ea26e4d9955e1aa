"""Camera frames in, BoardObservation out.

    from vision import BoardReader, load_config
    reader = BoardReader(load_config("kiosk.toml"))   # keep it across frames
    observation = reader.observe(frame)                # BGR numpy frame

`observe(frame)` reads a single frame with a fresh reader (tools, tests).
"""
from __future__ import annotations

import os

# One OpenBLAS thread (set before NumPy loads it; `python -m vision.bench` and the other
# vision tools start here). The only BLAS work is a club calibration's last layers (the cell
# networks themselves run in OpenCV's dnn module): extra
# threads gain nothing there, cost several ms on a busy machine and spin on afterwards,
# taking the core the next steps need. Results are the same whatever the thread count.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from vision.config import VisionConfig, load_config
from vision.observation import BoardObservation, CellReading
from vision.reader import BoardReader

__all__ = ["BoardObservation", "BoardReader", "CellReading", "VisionConfig", "load_config", "observe"]


def observe(frame: np.ndarray, config: VisionConfig | None = None) -> BoardObservation:
    return BoardReader(config).observe(frame)
