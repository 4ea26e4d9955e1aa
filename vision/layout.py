"""The standard 15x15 premium-square layout, as geometry the board locator can look for."""
from __future__ import annotations

import cv2
import numpy as np

from kiosk.rules.board import PREMIUM, SIZE

NORMAL, DOUBLE_LETTER, TRIPLE_LETTER, DOUBLE_WORD, TRIPLE_WORD = range(5)


_TYPES = {"DL": DOUBLE_LETTER, "TL": TRIPLE_LETTER, "DW": DOUBLE_WORD, "TW": TRIPLE_WORD}


def premium_layout() -> np.ndarray:
    """15x15 int array of square types (the centre star counts as double word), from the
    rules' one premium table (kiosk.rules.board.PREMIUM)."""
    grid = np.full((SIZE, SIZE), NORMAL, dtype=np.int8)
    for (r, c), kind in PREMIUM.items():
        grid[r, c] = _TYPES[kind]
    return grid


LAYOUT = premium_layout()


def lightness_among_neighbours(lab: np.ndarray, among: np.ndarray | None = None) -> np.ndarray:
    """A grid of square colours (RxCx3 Lab) with each square's lightness taken against the
    median of the 5 x 5 squares around it (the grid's edge squares repeated beyond it): a
    float32 copy. `among` (RxC bool): only those squares count as neighbours (a square with
    none of them around it keeps the median of all); None: every square."""
    out = np.array(lab, np.float32)
    lightness = np.ascontiguousarray(out[..., 0])
    around = cv2.medianBlur(lightness, 5)
    if among is not None and not np.all(among):
        around = _median_among(lightness, np.asarray(among, bool), around)
    out[..., 0] -= around
    return out


def _median_among(lightness: np.ndarray, among: np.ndarray, fallback: np.ndarray) -> np.ndarray:
    """The median lightness of the `among` squares in each square's 5 x 5 neighbourhood (edges
    repeated as cv2.medianBlur does), `fallback` where there are none."""
    rows, cols = lightness.shape
    values = np.pad(lightness, 2, mode="edge")
    counted = np.pad(among, 2, mode="edge")
    # the squares not counted sorted last (infinitely light): the counted ones' median is then
    # the middle of the first `count` of each neighbourhood (np.nanmedian in under half its time)
    windows = np.lib.stride_tricks.sliding_window_view(np.where(counted, values, np.inf), (5, 5))
    ordered = np.sort(windows.reshape(rows, cols, 25), axis=2)
    count = np.lib.stride_tricks.sliding_window_view(counted, (5, 5)).sum(axis=(2, 3))
    low = np.take_along_axis(ordered, np.maximum(count - 1, 0)[..., None] // 2, axis=2)[..., 0]
    high = np.take_along_axis(ordered, (count // 2)[..., None], axis=2)[..., 0]
    return np.where(count > 0, (low + high) / 2, fallback).astype(np.float32)


def premium_contrast(colours: np.ndarray, keep: np.ndarray | None = None) -> float:
    """How well the colours of the 225 squares (225x3 Lab, row-major) follow the premium
    layout: the spread between the square types' mean colours over the spread within them,
    counting only the squares in `keep` (225 bool; all when None). Every quarter turn of
    the layout is the same layout, so the board's rotation does not matter.

    Lightness is taken against the squares around each one (lightness_among_neighbours),
    so light falling unevenly over the board (a lamp to one side, a dark corner) is not
    counted as spread within a square type; against the kept squares only, so tiles left out
    do not count as the board's light either (navy tiles all around a plain square made it
    look light: rendered seed 72012 board-025 scored 0.24 against every square)."""
    keep = np.ones(225, bool) if keep is None else np.asarray(keep, bool).ravel()
    lab = lightness_among_neighbours(np.reshape(colours, (15, 15, 3)), keep.reshape(15, 15))
    kept, types = lab.reshape(225, 3).astype(np.float64)[keep], LAYOUT.ravel()[keep]
    if len(kept) == 0:
        return 0.0
    overall = kept.mean(axis=0)
    between = within = 0.0
    for t in np.unique(types):
        members = kept[types == t]
        centre = members.mean(axis=0)
        between += len(members) * float(((centre - overall) ** 2).sum())
        within += float(((members - centre) ** 2).sum())
    return between / (within + len(kept))
