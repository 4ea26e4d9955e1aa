"""Counting the tiles standing in a rack zone (a polygon of the frame from the config)."""
from __future__ import annotations

import cv2
import numpy as np

STRIP_HEIGHT = 32


def _strip(frame: np.ndarray, zone: np.ndarray) -> np.ndarray:
    """The zone's bounding rectangle turned so its long side runs left to right."""
    x, y, w, h = cv2.boundingRect(np.asarray(zone, np.float32))
    x0, y0 = max(x, 0), max(y, 0)
    crop = frame[y0:y + h, x0:x + w]
    mask = np.zeros(crop.shape[:2], np.uint8)
    cv2.fillPoly(mask, [np.round(np.asarray(zone) - (x0, y0)).astype(np.int32)], 1)
    crop = np.where(mask[..., None] > 0, crop, 0)
    if crop.shape[0] > crop.shape[1]:
        crop = np.ascontiguousarray(np.rot90(crop))
    scale = STRIP_HEIGHT * 4 / max(crop.shape[0], 1)
    return cv2.resize(crop, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)


def count_rack_tiles(frame: np.ndarray, zone: np.ndarray, tile_lab: np.ndarray, tolerance: float) -> int:
    """Tiles in a zone: runs of tile-coloured columns, each run split by the tile pitch.
    `tolerance` is how far (Lab) a tile face may be from `tile_lab` (from the board's own tiles)."""
    strip = _strip(frame, zone)
    if strip.size == 0:
        return 0
    lab = cv2.cvtColor(cv2.GaussianBlur(strip, (5, 5), 0), cv2.COLOR_BGR2LAB).astype(np.float32)
    tile_like = (np.linalg.norm(lab - tile_lab, axis=2) < tolerance).astype(np.uint8)
    # fill each tile's letter from the face above and below it (gaps between tiles stay open)
    tile_like = cv2.morphologyEx(tile_like, cv2.MORPH_CLOSE, np.ones((strip.shape[0] // 2 | 1, 1), np.uint8)) > 0
    column = tile_like.mean(axis=0) > 0.3
    column = cv2.morphologyEx(column.astype(np.uint8)[None], cv2.MORPH_OPEN, np.ones((1, 3), np.uint8))[0] > 0
    runs = []
    start = None
    for i, on in enumerate(np.append(column, False)):
        if on and start is None:
            start = i
        elif not on and start is not None:
            runs.append(i - start)
            start = None
    # a tile is about as wide as the strip's tile-filled rows are tall
    height = max(1, int(np.median(tile_like.sum(axis=0)[column])) if column.any() else 1)
    runs = [r for r in runs if r >= height * 0.4]
    if not runs:
        return 0
    single = float(np.median([r for r in runs if r <= 1.6 * min(runs)]))
    return int(sum(max(1, round(r / (single * 1.08))) if r > 1.6 * single else 1 for r in runs))
