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


# ---------------------------------------------------------------------------------------
# Racks as the camera over the board really sees them (issue 18): the tops of the tiles
# standing in the rack and a strip of their plain backs above the rack's back wall, never
# their letters. Counted from the tile width the board gives (a tile is about as wide as a
# square) and from the seams between tiles pushed together; a rack the camera cannot see
# well enough (a hand over it, out of the frame) is unknown (None), never a count.
# Every threshold below is taken from the rendered geometry of vision.synth.racks (real
# rack and tile dimensions) and checked by `python -m vision.rack_bench`.
# ---------------------------------------------------------------------------------------

from dataclasses import dataclass  # noqa: E402

PX_PER_TILE = 24.0  # the strip is resampled so one tile width is about this many px
TILE_PER_SQUARE = (0.86, 1.0)  # tile width / square side: 19 mm tiles on 19-22 mm squares
# (vision.synth.racks sources); the band in between is the prior for the pitch
MIN_BAND_PX = 1.5  # a tile's visible top + back strip is >= 3.5 mm thick (the thinnest
# tiles' top edge), >= 2.3 px at the bench's smallest scale (1000 px frame, 0.46 frame per board)
OUT_OF_FRAME_PX = 2.0  # a zone corner farther out than this: the rack may hold tiles unseen
RAISED = 1.03  # tile tops stand ~23 mm over the table, seen from 500-900 mm: 1.03x a square's scale
RACK_LIGHTNESS_WEIGHT = 0.6  # the tops are lit like the board's tiles; the table often shares their hue
FULL_ROW = 0.96  # 9 tiles (171 mm) on the shortest rack (174 mm) fill 0.95 of its zone (+3 mm margins)
BLOCKED_SHARE = 0.25  # columns of the rack's length not seen, in tile widths, before it is unknown


@dataclass(frozen=True)
class RackReading:
    count: int | None  # tiles standing on the rack; None = unknown
    face_down: int = 0  # tiles lying face down beside it (DRAW-01)
    blocked: bool = False  # something (a hand) covers part of the rack
    reason: str = ""  # why the count is unknown


def _rectify(frame: np.ndarray, zone: np.ndarray, square_px: float) -> tuple[np.ndarray, float]:
    """The zone warped to a strip along the rack (its first edge on top), scaled so one tile
    width is about PX_PER_TILE px. Returns (strip, px per square in the strip)."""
    z = np.asarray(zone, np.float32)
    length = float(np.linalg.norm(z[1] - z[0]) + np.linalg.norm(z[2] - z[3])) / 2
    depth = float(np.linalg.norm(z[3] - z[0]) + np.linalg.norm(z[2] - z[1])) / 2
    k = PX_PER_TILE / (square_px * float(np.mean(TILE_PER_SQUARE)))
    w, h = max(8, int(round(length * k))), max(8, int(round(depth * k)))
    target = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    matrix = cv2.getPerspectiveTransform(z, target)
    strip = cv2.warpPerspective(frame, matrix, (w, h), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    return strip, square_px * k


def _tile_mask(strip: np.ndarray, tile_lab: np.ndarray, tolerance: float) -> np.ndarray:
    lab = cv2.cvtColor(strip, cv2.COLOR_BGR2LAB).astype(np.float32)
    diff = lab - tile_lab
    diff[..., 0] *= RACK_LIGHTNESS_WEIGHT
    dist = np.linalg.norm(diff, axis=2)
    mask = dist < FACE_REACH * tolerance
    # a row of tile colour right across the zone is the table or the board, not tiles: a
    # rack's end walls (3 mm) and the zone's margin always break a row of tiles
    mask[mask.mean(axis=1) > FULL_ROW] = False
    return mask


def _seams(profile: np.ndarray, start: int, end: int, pitch: float) -> list[int]:
    """Dips in a run's brightness where two tiles touch, at least half a pitch apart."""
    seg = profile[start:end]
    if len(seg) < 3:
        return []
    smooth = cv2.GaussianBlur(seg.reshape(1, -1).astype(np.float32), (0, 0), 0.8).ravel()
    window = max(2, int(pitch * 0.35))
    found = []
    for i in range(2, len(seg) - 2):
        lo, hi = max(0, i - window), min(len(seg), i + window + 1)
        if smooth[i] == smooth[lo:hi].min() and smooth[i] < np.median(smooth[lo:hi]) - 4.0:
            if not found or i - found[-1] > 0.5 * pitch:
                found.append(i)
    return [start + i for i in found]


def _count_runs(mask: np.ndarray, light: np.ndarray, pitch: float) -> tuple[int, bool]:
    """Tiles along the strip (columns of tile pixels); (count, sure)."""
    counts = mask.sum(axis=0).astype(np.float32)
    band = float(np.percentile(counts, 90))
    if band < MIN_BAND_PX:
        return 0, True
    column = counts >= 0.4 * band
    column = cv2.morphologyEx(column.astype(np.uint8)[None], cv2.MORPH_CLOSE, np.ones((1, 3), np.uint8))[0] > 0
    edges = np.diff(np.concatenate([[0], column.astype(np.int8), [0]]))
    runs = [(int(a), int(b)) for a, b in zip(np.flatnonzero(edges == 1), np.flatnonzero(edges == -1))
            if b - a >= 0.4 * pitch]
    sums, hits = np.where(mask, light, 0).sum(axis=0), mask.sum(axis=0)
    profile = np.where(hits > 0, sums / np.maximum(hits, 1), 0.0)
    seams = [_seams(profile, a, b, pitch) for a, b in runs]
    spacings = np.concatenate([np.diff([a, *cuts, b]) for (a, b), cuts in zip(runs, seams)]) if runs else np.zeros(0)
    one_tile = spacings[(spacings > 0.8 * pitch) & (spacings < 1.2 * pitch)]
    if len(one_tile) >= 3:  # the seams between tiles give this rack's own pitch
        pitch = float(np.median(one_tile))
    total, sure = 0, True
    for (a, b), cuts in zip(runs, seams):
        n_len = (b - a) / pitch
        n = max(1, int(round(n_len)))
        if abs(n_len - n) > 0.3 and abs(len(cuts) + 1 - n_len) > 0.3:  # neither length nor seams tell
            sure = False
        total += n
    return total, sure


def read_rack(frame: np.ndarray, zone: np.ndarray, square_px: float, tile_lab: np.ndarray,
              tolerance: float) -> RackReading:
    """How many tiles stand on the rack in `zone` (4x2, first edge along the rack), from
    what the camera over the board sees of them: tops and backs, never letters.
    `square_px`: a board square's side in the frame near the rack (from the located board);
    `tile_lab`/`tolerance`: the tile colour (Lab) from the board's own tiles."""
    z = np.asarray(zone, np.float32)
    h, w = frame.shape[:2]
    if (z[:, 0].min() < -OUT_OF_FRAME_PX or z[:, 1].min() < -OUT_OF_FRAME_PX
            or z[:, 0].max() > w - 1 + OUT_OF_FRAME_PX or z[:, 1].max() > h - 1 + OUT_OF_FRAME_PX):
        return RackReading(None, reason="rack partly out of the frame")
    strip, square = _rectify(frame, z, square_px)
    pitch = square * float(np.mean(TILE_PER_SQUARE)) * RAISED
    mask = _tile_mask(strip, tile_lab, tolerance)
    blocked = _blocked_columns(strip, mask)
    if blocked.sum() > BLOCKED_SHARE * pitch:
        return RackReading(None, blocked=True, reason="something covers the rack")
    light = cv2.cvtColor(strip, cv2.COLOR_BGR2LAB)[..., 0].astype(np.float32)
    count, sure = _count_runs(mask, light, pitch)
    if not sure:
        return RackReading(None, reason="tiles not clear enough to count")
    return RackReading(count)


BLOCKED_LAB = 28.0  # a column this far (Lab, median over its rows) from the rack's median
# column is not rack: rendered racks under lighting vary < 12 between columns (bench)


def _blocked_columns(strip: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Columns of the strip where the rack itself does not show (a hand, an arm, a sleeve):
    compared with the median column, row by row, leaving the tiles out."""
    lab = cv2.cvtColor(cv2.GaussianBlur(strip, (3, 3), 0), cv2.COLOR_BGR2LAB).astype(np.float32)
    median = np.median(lab, axis=1, keepdims=True)
    dist = np.linalg.norm(lab - median, axis=2)
    dist[mask] = 0.0
    blocked = np.median(dist, axis=0) > BLOCKED_LAB
    ends = max(1, int(0.04 * len(blocked)))  # the zone's margins and the rack's rounded ends
    blocked[:ends] = blocked[-ends:] = False
    return blocked
