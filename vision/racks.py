"""Counting the tiles standing in a rack zone (a polygon of the frame from the config).

A tile on a rack leans back and is lit differently from the tiles lying on the board, so
its face is matched to the board's tile colour mostly by hue (chroma), with lightness
weighing less. Where the face ends is decided within each rack strip (Otsu on the
distance to the tile colour), and a strip whose closest colours are still far from the
tile colour holds no tiles. Tiles are counted by their letters (ink enclosed by face), so
tiles pushed together still count one each; letterless faces are blanks, at most two.

Checked on rendered frames with random tile styles, racks and tables (0-9 tiles a rack):
tests/test_vision_reader.py::test_rack_counts_over_random_tile_styles_never_raise_a_false_overdraw.
"""
from __future__ import annotations

import cv2
import numpy as np

STRIP_HEIGHT = 32
LIGHTNESS_WEIGHT = 0.35  # Lab L counts this much against a and b
BLANKS_IN_A_SET = 2
FACE_REACH = 2.0  # a rack tile's face may be this many tolerances from the board tile colour


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


def _face_mask(strip: np.ndarray, tile_lab: np.ndarray, tolerance: float) -> np.ndarray:
    """Pixels of the strip that look like a tile face (bool, strip-sized)."""
    lab = cv2.cvtColor(cv2.GaussianBlur(strip, (5, 5), 0), cv2.COLOR_BGR2LAB).astype(np.float32)
    diff = lab - tile_lab
    diff[..., 0] *= LIGHTNESS_WEIGHT
    dist = np.linalg.norm(diff, axis=2)
    reach = FACE_REACH * tolerance
    if np.percentile(dist, 2) > reach:
        return np.zeros(dist.shape, bool)  # nothing in the strip is close to the tile colour
    scaled = np.clip(dist * 255.0 / (4 * reach), 0, 255).astype(np.uint8)
    split, _ = cv2.threshold(scaled, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return dist < min(max(split * 4 * reach / 255.0, tolerance), reach)


def _letters(face: np.ndarray, height: float) -> np.ndarray:
    """x centres of the letters: holes in the face mask (ink enclosed by face) at least a
    quarter of a face tall; value numbers and specks are smaller."""
    _, _, stats, centroids = cv2.connectedComponentsWithStats((~face).astype(np.uint8), connectivity=4)
    h, w = face.shape
    x, y, bw, bh = stats[:, 0], stats[:, 1], stats[:, 2], stats[:, 3]
    enclosed = (x > 0) & (y > 0) & (x + bw < w) & (y + bh < h)
    centres = np.sort(centroids[enclosed & (bh >= 0.25 * height) & (bw < height), 0])
    # pieces of one glyph (a serif letter, ink broken by glare) lie closer than half a tile
    return centres[np.concatenate([[True], np.diff(centres) > 0.5 * height])] if len(centres) else centres


def count_rack_tiles(frame: np.ndarray, zone: np.ndarray, tile_lab: np.ndarray, tolerance: float) -> int:
    """Tiles in a zone: runs of tile-coloured columns; a run with letters holds one tile per
    letter, a run without is blanks (by its width over the tile pitch, two at most).
    `tolerance` is how far (Lab) a tile face may be from `tile_lab` (from the board's own tiles).
    A zone with no letter in it counts 0: a rack of blanks alone is not told from an empty one."""
    strip = _strip(frame, zone)
    if strip.size == 0:
        return 0
    face = _face_mask(strip, tile_lab, tolerance)
    # fill each tile's letter from the face above and below it (gaps between tiles stay open)
    filled = cv2.morphologyEx(face.astype(np.uint8), cv2.MORPH_CLOSE,
                              np.ones((strip.shape[0] // 2 | 1, 1), np.uint8)) > 0
    column = filled.mean(axis=0) > 0.3
    column = cv2.morphologyEx(column.astype(np.uint8)[None], cv2.MORPH_OPEN, np.ones((1, 3), np.uint8))[0] > 0
    if not column.any():
        return 0
    height = float(np.median(filled.sum(axis=0)[column]))  # of a tile's face
    letters = _letters(face, height)
    if not len(letters):
        return 0
    edges = np.diff(np.concatenate([[0], column.astype(np.int8), [0]]))
    runs = [(a, b) for a, b in zip(np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)) if b - a >= 0.4 * height]
    in_run = [int(((letters >= a) & (letters < b)).sum()) for a, b in runs]
    one_letter = [b - a for (a, b), n in zip(runs, in_run) if n == 1]
    pitch = float(np.median(one_letter)) if one_letter else height
    # a run with letters has that many tiles; a run without one is blanks, and a set has two
    blanks = sum(max(1, round((b - a) / pitch)) for (a, b), n in zip(runs, in_run) if not n)
    return sum(in_run) + min(blanks, BLANKS_IN_A_SET)
