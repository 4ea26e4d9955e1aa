"""The rectified board and what each of its 225 cells looks like to the occupancy model.

Features are relative to the board itself (each cell against the median of the cells
with the same premium colour, or against the club's calibrated empty board), so the
model trained on rendered boards carries over to a board colour it has never seen.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.layout import LAYOUT

CELL = 48  # px per cell in the rectified board
PAD = 8  # px of context around each cell in a letter window (tiles sit a little off their squares)
INSET = 10  # px left out at each cell edge when measuring colour
OCCUPANCY_CLASSES = ("empty", "tile", "blank", "unknown")


def rectify(frame: np.ndarray, corners: np.ndarray, cell: int = CELL, pad: int = PAD) -> np.ndarray:
    """The playing area seen straight from above, `cell` px per square, corners[0] at top-left,
    with `pad` px of the surroundings on every side."""
    side = 15 * cell
    target = np.float32([[0, 0], [side, 0], [side, side], [0, side]]) + pad
    matrix = cv2.getPerspectiveTransform(np.asarray(corners, np.float32), target)
    return cv2.warpPerspective(frame, matrix, (side + 2 * pad, side + 2 * pad), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


def unpadded(board: np.ndarray, pad: int = PAD) -> np.ndarray:
    return board[pad:board.shape[0] - pad, pad:board.shape[1] - pad]


def letter_windows(board: np.ndarray, cell: int = CELL, pad: int = PAD) -> list[np.ndarray]:
    """225 windows (row-major) of cell + context from a padded rectified board."""
    size = cell + 2 * pad
    return [board[r * cell:r * cell + size, c * cell:c * cell + size] for r in range(15) for c in range(15)]


def cell_grid(board: np.ndarray, cell: int = CELL) -> np.ndarray:
    """(15, 15, cell, cell, ...) view of a rectified board."""
    shape = (15, cell, 15, cell) + board.shape[2:]
    return board.reshape(shape).swapaxes(1, 2)


def expected_empty(colours: np.ndarray, tile_lab: np.ndarray | None = None) -> np.ndarray:
    """Per-cell empty colour estimated from the frame, per premium type: the median of the
    cells of that type; once the tile colour is known, the median of the half of them
    farthest from it, which stays an empty square even when most of that type is covered."""
    types = LAYOUT.ravel()
    out = np.empty_like(colours)
    for t in np.unique(types):
        members = colours[types == t]
        if tile_lab is not None:
            distance = np.linalg.norm(members - tile_lab, axis=1)
            members = members[distance >= np.median(distance)]
        out[types == t] = np.median(members, axis=0)
    return out


@dataclass(frozen=True)
class CellStats:
    """What the occupancy features need from a rectified board, computed once per frame."""
    mean: np.ndarray  # 225x3 Lab
    shape: np.ndarray  # 225xK: spread, ink fractions, edge strengths, neighbourhood contrast
    lab: np.ndarray  # the rectified board in Lab (unpadded)


def cell_stats(padded_bgr: np.ndarray) -> CellStats:
    board_bgr = np.ascontiguousarray(unpadded(padded_bgr))
    lab = cv2.cvtColor(board_bgr, cv2.COLOR_BGR2LAB).astype(np.float32)
    cells = cell_grid(lab)
    inner = cells[:, :, INSET:-INSET, INSET:-INSET].reshape(225, -1, 3)
    mean = inner.mean(axis=1)
    light = inner[:, :, 0]
    median_l = light.mean(axis=1)
    spread = light.std(axis=1)
    dark_ink = (light < median_l[:, None] - 35).mean(axis=1)
    bright_ink = (light > median_l[:, None] + 35).mean(axis=1)
    gray = lab[:, :, 0]
    grad = cv2.magnitude(cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3))
    g = cell_grid(grad)
    ring_grad = g[:, :, _RING].reshape(225, -1).mean(axis=1)
    centre_grad = g[:, :, INSET:-INSET, INSET:-INSET].reshape(225, -1).mean(axis=1)
    # how far the cell's local neighbourhood (not the whole board) agrees with this cell
    neighbour_l = cv2.blur(mean[:, 0].reshape(15, 15), (3, 3), borderType=cv2.BORDER_REFLECT).ravel()
    shape = np.column_stack([spread, dark_ink, bright_ink, ring_grad / 50, centre_grad / 50,
                             mean[:, 0] - neighbour_l])
    return CellStats(mean=mean, shape=shape, lab=lab)


_CENTRE = np.zeros(225, np.float32)
_CENTRE[7 * 15 + 7] = 1.0  # the star square looks unlike the other double-word squares

_RING = np.zeros((CELL, CELL), bool)
_RING[2:7, 2:-2] = _RING[-7:-2, 2:-2] = _RING[2:-2, 2:7] = _RING[2:-2, -7:-2] = True


def occupancy_features(board: np.ndarray | CellStats, tile_lab: np.ndarray | None = None) -> np.ndarray:
    """225 x F features of a padded rectified board (or its CellStats). The empty colours come
    from the frame itself (see expected_empty), helped by `tile_lab`, the tile colour when known."""
    stats = board if isinstance(board, CellStats) else cell_stats(board)
    mean = stats.mean
    chroma = np.hypot(mean[:, 1] - 128, mean[:, 2] - 128)
    reference = expected_empty(mean, tile_lab)
    delta = mean - reference
    board_l = np.median(mean[:, 0])
    board_chroma = np.median(chroma)
    return np.column_stack([
        delta, np.linalg.norm(delta, axis=1), mean[:, 0] - board_l, chroma - board_chroma, chroma,
        stats.shape, (mean[:, 1:] - 128), _CENTRE,
    ]).astype(np.float32)


def tile_colour(stats: CellStats, cells: np.ndarray) -> np.ndarray | None:
    """Median Lab of the given cells (indices, row-major), or None."""
    if len(cells) == 0:
        return None
    return np.median(stats.mean[np.asarray(cells, int)], axis=0).astype(np.float32)


_FACE_RING = np.zeros((CELL, CELL), bool)
_FACE_RING[6:-6, 6:-6] = True
_FACE_RING[13:-13, 13:-13] = False  # where the letter is


def face_colour(stats: CellStats, k: int) -> np.ndarray:
    """Lab of a tile's face: the median of the band between the tile's edge and its letter."""
    r, c = divmod(int(k), 15)
    return np.median(stats.lab[r * CELL:(r + 1) * CELL, c * CELL:(c + 1) * CELL][_FACE_RING], axis=0)
