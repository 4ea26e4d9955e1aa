"""Setup: find each rack and its zone by itself, with seven tiles standing on each rack
(issue 18). The zones found are offered on screen for confirmation (kiosk.rack_setup); the
config's `[vision.racks]` zones stay the manual fallback."""
from __future__ import annotations

import cv2
import numpy as np

from vision.racks import (BLOCKED_LAB, FACE_REACH, RACK_LIGHTNESS_WEIGHT, TILE_PER_SQUARE, RackProfile, learn_rack,
                          weighted_lab)

ZONE_TOWARD_BOARD = 2.2  # squares from the tiles' tops to the zone's board-side edge: the
# deepest rack (34 mm, pro) and its wall's parallax at 30 deg (22 mm * tan 30 = 13 mm) = 47 mm
# = 2.2 squares of 21 mm
ZONE_AWAY = 0.7  # squares beyond the tiles' tops on the player's side (the lip: 4-7 mm + margin)
ZONE_ENDS = 1.0  # squares beyond the rack's ends as found along its wall


def find_racks(frame: np.ndarray, board_corners: np.ndarray, tile_lab: np.ndarray, tolerance: float,
               tiles: int = 7) -> dict[str, tuple[np.ndarray, RackProfile]]:
    """Racks with `tiles` tiles standing on each, found in a frame at setup: name -> (zone,
    profile). The zone is 4x2 with its first edge along the rack on the board's side; names
    are p1 for the rack nearest the frame's bottom edge, then p2 (the config's manual zones
    stay the fallback when a rack is not found)."""
    corners = np.asarray(board_corners, np.float32)
    side = float(np.mean([np.linalg.norm(corners[i] - corners[(i + 1) % 4]) for i in range(4)]))
    square = side / 15
    centre = corners.mean(axis=0)
    scale = 0.5  # work at half size: a tile is still >= 12 px wide in a 1000 px frame
    small = cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    lab = weighted_lab(small)
    tile = np.asarray(tile_lab, np.float32) * np.array([RACK_LIGHTNESS_WEIGHT, 1, 1], np.float32)
    board = np.zeros(lab.shape[:2], np.uint8)
    grown = centre + (corners - centre) * (1 + 2 * 1.5 / 15)  # the board and its rim
    cv2.fillPoly(board, [np.round(grown * scale).astype(np.int32)], 1)
    table = np.median(lab[board == 0][::7], axis=0)  # most of the frame around the board is table
    d_tile = np.linalg.norm(lab - tile, axis=2)
    near = ((d_tile < FACE_REACH * tolerance) & (d_tile < np.linalg.norm(lab - table, axis=2))).astype(np.uint8)
    near[board > 0] = 0
    k = max(3, int(square * scale * 0.5) | 1)
    gap = max(3, int(square * scale * 2.5) | 1)  # tiles in groups: up to 2.5 squares between groups
    components = []
    for kernel in (np.ones((k, gap), np.uint8), np.ones((gap, k), np.uint8)):  # racks across or down the frame
        merged = cv2.morphologyEx(near, cv2.MORPH_CLOSE, kernel)
        n, labels, _, _ = cv2.connectedComponentsWithStats(merged)
        components += [np.column_stack(np.nonzero((labels == i) & (near > 0))[::-1]).astype(np.float32) / scale
                       for i in range(1, n)]
    found: list[tuple[float, np.ndarray, RackProfile]] = []
    for points in components:
        if len(points) < 20:
            continue
        (cx, cy), (w, h), angle = cv2.minAreaRect(points)
        long_side, short_side = max(w, h), min(w, h)
        # seven tiles of 0.86-1.0 square, pushed together or in groups on a rack of <= 12 squares
        if not (0.75 * tiles * TILE_PER_SQUARE[0] <= long_side / square <= 12.5 and short_side / square < 1.2):
            continue
        box = cv2.boxPoints(((cx, cy), (w, h), angle))
        axis = box[1] - box[0] if np.linalg.norm(box[1] - box[0]) >= np.linalg.norm(box[2] - box[1]) else box[2] - box[1]
        axis = axis / np.linalg.norm(axis)
        normal = np.array([-axis[1], axis[0]], np.float32)
        if float((centre - np.array([cx, cy])) @ normal) < 0:
            normal = -normal  # toward the board
        along = points @ axis
        mid = np.array([cx, cy], np.float32)
        a0, a1 = along.min() - mid @ axis, along.max() - mid @ axis
        zone = _zone_from_bar(frame, mid, axis, normal, a0, a1, square)
        profile = learn_rack(frame, zone, square, tile_lab, tolerance, tiles)
        if profile is not None:
            if all(float(np.linalg.norm(zone.mean(axis=0) - other.mean(axis=0))) > 2 * square for _, other, _ in found):
                found.append((float(cy), zone, profile))
    found.sort(key=lambda f: -f[0])
    return {f"p{i + 1}": (zone, profile) for i, (_, zone, profile) in enumerate(found[:2])}


def _zone_from_bar(frame: np.ndarray, mid: np.ndarray, axis: np.ndarray, normal: np.ndarray,
                   a0: float, a1: float, square: float) -> np.ndarray:
    """A rack's zone around the bar of its tiles' tops: the rack's wall lies on the board's
    side of the bar; along it the zone reaches as far as the wall does (the tiles may stand
    at one end of a long rack)."""
    lab = weighted_lab(frame)
    probe = mid + normal * 0.7 * square
    def wall_at(a: float) -> np.ndarray:
        x, y = probe + axis * a
        xi, yi = int(round(x)), int(round(y))
        if not (0 <= yi < lab.shape[0] and 0 <= xi < lab.shape[1]):
            return np.full(3, np.inf, np.float32)
        return lab[yi, xi]
    wall = np.median(np.stack([wall_at(a) for a in np.linspace(a0, a1, 15)]), axis=0)
    step = 0.25 * square
    lo, hi = a0, a1
    limit = 12.5 * square
    while hi - lo < limit and float(np.linalg.norm(wall_at(lo - step) - wall)) < BLOCKED_LAB:
        lo -= step
    while hi - lo < limit and float(np.linalg.norm(wall_at(hi + step) - wall)) < BLOCKED_LAB:
        hi += step
    lo, hi = lo - ZONE_ENDS * square, hi + ZONE_ENDS * square
    near, far = -ZONE_AWAY * square, ZONE_TOWARD_BOARD * square
    # first edge on the board's side, left to right as the rack's owner sees it
    pts = [mid + axis * lo + normal * far, mid + axis * hi + normal * far,
           mid + axis * hi + normal * near, mid + axis * lo + normal * near]
    return np.array(pts, np.float32)
