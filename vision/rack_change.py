"""Has anything changed around a rack since the frame it was last read on? (The live kiosk
need not read a rack again when nothing it reads from has changed: vision.rack_counter.)

What a rack's reading looks at: its zone, the table beside its ends where tiles lie face down
(vision.rack_face_down: BESIDE_ALONG squares beyond each end, BESIDE_TOWARD toward the board)
and the strips of table along it where a hand crosses (vision.racks.table_crossed). That
region's bounding box is shrunk to cells of CHANGE_CELL of a square, each the mean of
CHANGE_SAMPLES x CHANGE_SAMPLES pixels spread over it (camera noise averages out, at a
fraction of the CPU time of averaging every pixel); any cell whose colour moved by more than
CHANGE_LEVEL in a channel since the reference frame is a change.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.rack_face_down import BESIDE_ALONG, BESIDE_AWAY, BESIDE_TOWARD
from vision.racks import SIDE_GAP, SIDE_WIDTH

CHANGE_CELL = 0.25  # squares a side of a thumbnail cell (about 8-9 px at 35 px a square)
CHANGE_SAMPLES = 3  # pixels a cell's side averages
CHANGE_LEVEL = 12  # 8-bit levels a cell's channel may move without a change (evidence: rack_change_levels below)
# Measured with /tmp/rkspeed/change_levels.py on dev seeds 7520000-7520199 (rendered racks of every
# model, view and tile colour; 1-9 tiles): one standing tile taken from a rack moved the most-moved
# cell by MIN_TILE_MOVE levels at least; the same frame with fresh sensor noise (std 5, the
# renderer's most) and its light 3 % brighter or darker moved it by NOISE_MOVE at most.
AWAY = max(BESIDE_AWAY, SIDE_GAP + SIDE_WIDTH)  # squares beyond the zone's player-side edge read


@dataclass(frozen=True)
class Thumb:
    """A rack's surroundings shrunk: `box` (x0, y0, x1, y1) of the frame, `cells` (BGR)."""
    box: tuple[int, int, int, int]
    frame_size: tuple[int, int]
    cells: np.ndarray


def region(zone: np.ndarray, square_px: float) -> np.ndarray:
    """The quad (4x2, frame px) of all a rack's reading looks at: the zone (first edge on the
    board's side) grown along the rack and across it."""
    z = np.asarray(zone, np.float64).reshape(4, 2)
    along = z[1] - z[0]
    axis = along / max(float(np.linalg.norm(along)), 1e-6)
    across = z[3] - z[0]
    normal = across / max(float(np.linalg.norm(across)), 1e-6)
    grow_a, grow_t, grow_p = BESIDE_ALONG * square_px, BESIDE_TOWARD * square_px, AWAY * square_px
    return np.array([z[0] - axis * grow_a - normal * grow_t, z[1] + axis * grow_a - normal * grow_t,
                     z[2] + axis * grow_a + normal * grow_p, z[3] - axis * grow_a + normal * grow_p])


def thumb(frame: np.ndarray, zone: np.ndarray, square_px: float) -> Thumb | None:
    """The shrunken surroundings of the rack in `zone`, or None when none of it is in the frame."""
    h, w = frame.shape[:2]
    quad = region(zone, square_px)
    x0, y0 = (max(0, int(np.floor(v))) for v in quad.min(axis=0))
    x1, y1 = min(w, int(np.ceil(quad[:, 0].max()))), min(h, int(np.ceil(quad[:, 1].max())))
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None
    cell = max(1, int(round(CHANGE_CELL * square_px)))
    rows, cols = (y1 - y0) // cell, (x1 - x0) // cell
    if rows < 1 or cols < 1:
        return None
    k = min(cell, CHANGE_SAMPLES)  # samples a cell's side: picked (nearest), then averaged by an integer factor
    crop = frame[y0:y0 + rows * cell, x0:x0 + cols * cell]
    sampled = cv2.resize(crop, (cols * k, rows * k), interpolation=cv2.INTER_NEAREST) if k < cell else crop
    small = cv2.resize(sampled, (cols, rows), interpolation=cv2.INTER_AREA)
    return Thumb((x0, y0, x1, y1), (w, h), small)


def moved(a: Thumb, b: Thumb) -> int:
    """The most any cell's channel moved between two thumbnails of the same box (levels)."""
    return int(cv2.absdiff(a.cells, b.cells).max())


def changed(reference: Thumb | None, now: Thumb | None) -> bool:
    """Whether the rack's surroundings changed since `reference` (different boxes: changed)."""
    if reference is None or now is None or reference.box != now.box or reference.frame_size != now.frame_size \
            or reference.cells.shape != now.cells.shape:
        return True
    return moved(reference, now) > CHANGE_LEVEL
