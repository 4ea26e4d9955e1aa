"""A fingerprint of the renderer's source, so cached renders can tell they are stale."""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

import cv2

from kiosk.rules import board, data
from kiosk.rules.tiles import tileset_names
from vision import tilesets

from .fonts import available_fonts


@lru_cache(maxsize=1)
def renderer_fingerprint() -> str:
    """16 hex digits that change whenever any module of vision.synth, the tile sets it
    prints (vision.tilesets and the data files behind it), the premium layout it draws
    (kiosk.rules.board), the set of tile fonts installed (renders pick fonts from it) or
    the OpenCV version changes: OpenCV 4.x draws putText's labels in Hershey strokes and
    warps at 1/32 pixel, 5.0 in a TrueType face and in floating point, so one seed's
    board comes out another image."""
    digest = hashlib.sha1(",".join(available_fonts()).encode())
    digest.update(cv2.__version__.encode())
    for path in sorted(Path(__file__).parent.glob("*.py")) + [Path(tilesets.__file__), Path(board.__file__)]:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    for name in tileset_names():
        digest.update(data.read_text("tilesets", name)[0].encode())
    return digest.hexdigest()[:16]
