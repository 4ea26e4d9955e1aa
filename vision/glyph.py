"""Cut the big letter out of a rectified tile cell and describe it for the letter model.

The ink is found by Otsu inside the tile, the value number (small, to the lower right
of the letter) is left out, and the letter's box is scaled into a fixed square keeping
its aspect ratio, so the model sees the same thing whatever the tile's size or offset.
"""
from __future__ import annotations

import cv2
import numpy as np

GLYPH = 24
HOG_CELL = 6
HOG_BINS = 9
_CELL_INDEX = (
    (np.arange(GLYPH)[:, None] // HOG_CELL) * (GLYPH // HOG_CELL) + np.arange(GLYPH)[None, :] // HOG_CELL)


def hog(image: np.ndarray) -> np.ndarray:
    """Histogram of oriented gradients: 6 px cells, 9 unsigned bins, 2x2-cell blocks, L2-Hys."""
    img = image.astype(np.float32)
    gx = cv2.Sobel(img, cv2.CV_32F, 1, 0, ksize=1)
    gy = cv2.Sobel(img, cv2.CV_32F, 0, 1, ksize=1)
    mag = np.hypot(gx, gy)
    ang = (np.arctan2(gy, gx) % np.pi) / np.pi * HOG_BINS
    lo = np.floor(ang).astype(int) % HOG_BINS
    frac = ang - np.floor(ang)
    cells = img.shape[0] // HOG_CELL
    base = _CELL_INDEX * HOG_BINS
    hist = (np.bincount((base + lo).ravel(), (mag * (1 - frac)).ravel(), cells * cells * HOG_BINS)
            + np.bincount((base + (lo + 1) % HOG_BINS).ravel(), (mag * frac).ravel(), cells * cells * HOG_BINS))
    hist = hist.reshape(cells, cells, HOG_BINS).astype(np.float32)
    blocks = []
    for by in range(cells - 1):
        for bx in range(cells - 1):
            v = hist[by:by + 2, bx:bx + 2].ravel()
            v = v / (np.linalg.norm(v) + 1e-3)
            v = np.minimum(v, 0.2)
            blocks.append(v / (np.linalg.norm(v) + 1e-3))
    return np.concatenate(blocks)


def ink_mask(cell_bgr: np.ndarray) -> np.ndarray | None:
    """Binary ink mask (uint8 0/1) of the inner part of a cell, or None if there is no contrast."""
    gray = cv2.cvtColor(cell_bgr, cv2.COLOR_BGR2GRAY) if cell_bgr.ndim == 3 else cell_bgr
    n = gray.shape[0]
    inset = max(2, n // 12)
    inner = gray[inset:n - inset, inset:n - inset]
    if float(np.median(inner)) < 110:  # light letters on a dark tile
        inner = 255 - inner
    lo, hi = np.percentile(inner, (2, 60))
    if hi - lo < 20:
        return None
    level, _ = cv2.threshold(inner, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    return (inner <= level).astype(np.uint8)


def letter_box(mask: np.ndarray) -> tuple[int, int, int, int] | None:
    """(x0, y0, x1, y1) of the letter's ink: the biggest central component plus its accents."""
    n = mask.shape[0]
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(mask, connectivity=8)
    best, best_score = -1, 0.0
    for k in range(1, count):
        x, y, w, h, area = stats[k]
        if area < max(4, n * n // 400) or x == 0 or y == 0 or x + w >= n or y + h >= n:
            continue
        cx, cy = centroids[k]
        off = np.hypot(cx - n * 0.46, cy - n * 0.46) / n
        score = area * (1.0 - min(off, 0.6))
        if score > best_score:
            best, best_score = k, score
    if best < 0:
        return None
    x, y, w, h, _ = stats[best]
    x0, y0, x1, y1 = x, y, x + w, y + h
    for k in range(1, count):
        if k == best:
            continue
        kx, ky, kw, kh, area = stats[k]
        cx, cy = centroids[k]
        if area < 3 or kx == 0 or ky == 0 or kx + kw >= n or ky + kh >= n:
            continue
        # accents and dots sit above the letter inside its width; the value number sits to the right
        if x - 1 <= cx <= x + w + 1 and cy < y + h * 0.5 and ky + kh >= y - h * 0.6:
            x0, y0, x1, y1 = min(x0, kx), min(y0, ky), max(x1, kx + kw), max(y1, ky + kh)
    return x0, y0, x1, y1


def glyph_features(cell_bgr: np.ndarray) -> np.ndarray | None:
    """Feature vector of the letter on a tile cell, or None when no letter shape is found."""
    mask = ink_mask(cell_bgr)
    if mask is None:
        return None
    box = letter_box(mask)
    if box is None:
        return None
    x0, y0, x1, y1 = box
    crop = mask[y0:y1, x0:x1].astype(np.float32)
    h, w = crop.shape
    side = max(h, w)
    square = np.zeros((side, side), np.float32)
    square[(side - h) // 2:(side - h) // 2 + h, (side - w) // 2:(side - w) // 2 + w] = crop
    inner = GLYPH - 4
    small = cv2.resize(square, (inner, inner), interpolation=cv2.INTER_AREA)
    canvas = np.zeros((GLYPH, GLYPH), np.uint8)
    canvas[2:-2, 2:-2] = (small * 255).astype(np.uint8)
    n = mask.shape[0]
    extra = np.array([w / max(h, 1), h / n, crop.mean()], np.float32)
    return np.concatenate([hog(canvas), extra]).astype(np.float32)
