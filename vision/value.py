"""The printed value number as a second cue to a tile's letter: one digit or two.

The letter model reads the big letter's shape alone; a blurred Q can look like a G or
an O. But a Q prints 10 and a G 2: where the letters a tile may be disagree on how many
digits their value has, the value number's ink (its width for its height) tells them
apart, and the letter probabilities are reweighted by how well one or two digits fit.
"""
from __future__ import annotations

from functools import cache
from typing import Callable

import cv2
import numpy as np

from vision.glyph import ink_mask, letter_box, letter_ink
from vision.tilesets import TILESETS, tile_value

Box = tuple[int, int, int, int]  # x, y, width, height
SURE = 0.99  # a letter read this surely is left as it is (most tiles: the cue costs nothing there)
# Number ink wider than tall is two digits, at most half as wide as tall one digit (a 1);
# in between (most single digits, a 10 whose 1 ran into a Q's tail) it says nothing.
# Measured on rendered frames (python -m vision.synth dataset, 20 fonts; each letter
# weighted alike): wider than tall on 65% of two-digit tiles and 0.45% of one-digit
# tiles (seeds 3001 English + 3002 German, 600 boards, 26192 tiles), 56% and 0.57% on
# seeds 3003 + 3004 (300 boards, 13247 tiles): likelihood ratio 143 and 99; half as
# wide or less: 36% of one-digit tiles and 1.9% / 2.2% of two-digit ones (19 and 17).
# The ratios used are the lower figures, rounded down.
TWO_DIGITS_ABOVE = 1.0
ONE_DIGIT_UP_TO = 0.5
# A value number's foot sits below the letter's: by 0.083 of the letter's height or more on
# 99.5 % of 1382 rendered tiles whose number stands apart (render_tile with random styles, the
# 20 renderer fonts, every English letter; median 0.32). A part of the letter itself (a thin
# serif G's spur) ends at the letter's foot.
NUMBER_BELOW_FOOT = 0.08
# A part that starts well left of the letter's right edge and whose top lies well below its foot is the tile's
# bottom edge or its shadow, not its number: rendered dev seed 134104 board-049 (8, 4), a noisy E on a small blurred
# board whose faint 1 went unseen, the tile's lower edge under it (20 x 9 px, 0.32 of the letter's height left of its
# right, its top 0.2 below its foot) read "two digits" (2.2) and sent the E (0.77) to Z. On the first 25-30 boards of
# dev seeds 134112, 134113, 134106 (3459 one-digit and 57 two-digit tiles, /tmp/vdoubt/aspect.py) the two-digit
# tiles' numbers start at least 0.08 left of the letter's right (Q's, their tails) and their tops at most 0.15 below
# its foot; the parts over both bounds were 4, all on one-digit tiles (aspects V 1.14 and M 1.75: "two digits",
# wrong; L 1.0 and W 0.67: no say)
EDGE_LEFT = 0.15
EDGE_BELOW = 0.1
TWO_DIGITS_LIKELIHOOD = 100.0
ONE_DIGIT_LIKELIHOOD = 15.0


@cache
def _tile_chars() -> frozenset[str]:
    return frozenset(ch for name in TILESETS for ch in TILESETS[name].chars)


class ValueCue:
    """Letter probabilities reweighted by the digit count of the value number, for the
    letter model's classes in one tile set."""

    def __init__(self, classes: tuple[str, ...], tileset: str) -> None:
        # a blank: None; a class that is no tile of any set (a text the game's set does not print,
        # never chosen) counts as one digit
        self.two_digits = np.array([c in _tile_chars() and (tile_value(c, tileset) or 0) >= 10 for c in classes])

    def applies(self, probs: np.ndarray) -> np.ndarray:
        """Per row of letter probabilities (one tile each): whether the tile is not read
        surely and the letters the cue could still lift to the top (the top one too) print
        numbers of both lengths. A row of zeros (no letter found) is left alone."""
        top = probs.max(axis=1)
        applies = (top > 0) & (top < SURE)
        if applies.any():  # most tiles are read surely: for them the cue costs the line above only
            likely = probs[applies] * TWO_DIGITS_LIKELIHOOD >= top[applies, None]
            applies[applies] = (likely & self.two_digits).any(axis=1) & (likely & ~self.two_digits).any(axis=1)
        return applies

    def reweighted(self, probs: np.ndarray, windows: list[np.ndarray]) -> np.ndarray:
        """Letter probabilities of upright tile windows (one row each), reweighted where the
        cue applies and the value number is clearly one digit or two (`probs` itself where
        the cue applies to no tile)."""
        rows = np.flatnonzero(self.applies(probs))
        if not len(rows):
            return probs
        out = probs.copy()
        for j in rows:
            aspect = number_aspect(windows[j])
            if aspect is None or ONE_DIGIT_UP_TO < aspect <= TWO_DIGITS_ABOVE:
                continue
            two = aspect > TWO_DIGITS_ABOVE
            likelihood = TWO_DIGITS_LIKELIHOOD if two else ONE_DIGIT_LIKELIHOOD
            weighted = probs[j] * np.where(self.two_digits == two, likelihood, 1.0)
            out[j] = weighted / weighted.sum()
        return out


def number_aspect(window: np.ndarray) -> float | None:
    """Width over height of the value number's ink on an upright tile window (the number
    sits low, right of the letter), or None where no number is seen."""
    ink = letter_ink(window)
    return None if ink is None else _aspect(*ink)


def _aspect(mask: np.ndarray, components: tuple, letter: tuple[int, int, int, int]) -> float | None:
    """number_aspect from the window's letter_ink."""
    n = mask.shape[0]
    x0, y0, x1, y1 = letter
    height = y1 - y0
    parts = []
    for x, y, w, h, area in components[2][1:].tolist():
        if x == 0 or y == 0 or x + w >= n or y + h >= n:
            continue
        # digits: low and right of the letter's centre, 0.15 to 0.5 of its height (the
        # flat bits lower down are the tile's own edge)
        if x < x1 - EDGE_LEFT * height and y > y1 + EDGE_BELOW * height:  # the tile's edge
            continue
        if x >= (x0 + x1) / 2 and y >= (y0 + y1) / 2 and 0.15 * height <= h <= 0.5 * height and area >= 3:
            parts.append((x, y, w, h))
    if not parts:
        return None
    number = max(parts, key=lambda p: (p[3], p[2]))  # the tallest part, and those beside it
    rest = [p for p in parts if p != number]
    joined = True
    while joined:
        joined = False
        for part in rest:
            if _beside(number, part):
                number = _union(number, part)
                rest.remove(part)
                joined = True
                break
    return number[2] / number[3]


def _beside(number: Box, part: Box) -> bool:
    """Whether a part is the next digit of the number: on the same line and close (a
    one-pixel line along the tile's right edge stands further off than two digits)."""
    nx, ny, nw, nh = number
    x, y, w, h = part
    overlap = min(ny + nh, y + h) - max(ny, y)
    gap = max(x - (nx + nw), nx - (x + w))
    return overlap >= 0.5 * min(h, nh) and gap <= max(1.0, 0.5 * nh)


def _union(a: Box, b: Box) -> Box:
    x, y = min(a[0], b[0]), min(a[1], b[1])
    return x, y, max(a[0] + a[2], b[0] + b[2]) - x, max(a[1] + a[3], b[1] + b[3]) - y


def without_joined_number(window: np.ndarray, colour: Callable[[], np.ndarray] | None = None) -> np.ndarray | None:
    """An upright tile window whose value number ran into the letter's ink (a '1' touching an
    N's foot reads as an M), with that number painted over in the tile's face colour; None
    where the number stands apart from the letter (number_aspect sees it) or none shows.
    `colour`: the same window in colour (BGR) when `window` is its grey, to be painted instead (made only where
    a number is painted over: most windows show none).

    The number shows itself when the ink mask is split where it touches the letter: first
    taken 4-connected (a number touching the letter only corner to corner: a thin '1' beside
    an N's foot at ~20 px per square, whose one-pixel stroke the thinning below wipes out),
    then thinned by a pixel (a 2x2 erosion cuts a one- or two-pixel bridge), then with its thin strokes
    cut from its thick ones (_thin_apart: a thin '1' whose flag lies along a bold N's foot, which the
    erosion wipes out whole; measuring seed 150150 board-027, two N's read M at 0.98 and 0.91; on dev seeds
    98038, 99039, 93033, 94034, 240 boards, 21 tiles more are read again so, every letter the same and no
    confidence across the kiosk's bar: /tmp/lead18/dump.py). Either way a part
    wholly right of the letter, 0.15 to 0.5 of its height, reaching below its foot as value
    numbers do (NUMBER_BELOW_FOOT)."""
    ink = letter_ink(window)
    mask = ink[0] if ink is not None else ink_mask(window)
    if ink is None or _aspect(*ink) is None:
        if mask is not None:
            for split, connectivity in ((mask, 4), (cv2.erode(mask, np.ones((2, 2), np.uint8)), 8), (_thin_apart(mask), 8)):
                digits = _joined_digits(split, connectivity)
                if digits is not None:
                    return _painted_over(window if colour is None else colour(), mask, digits)
    return None


def _thin_apart(mask: np.ndarray) -> np.ndarray:
    """The ink mask with its thin strokes (what a 3x3 opening takes out) cut from the thick ones by a
    pixel: a thin '1' whose flag lies along a bold N's foot joins it by more than a thinning cuts, and a
    2x2 erosion wipes the '1' out whole."""
    square = np.ones((3, 3), np.uint8)
    thick = cv2.morphologyEx(mask, cv2.MORPH_OPEN, square)
    return thick | (mask & (1 - cv2.dilate(thick, square)))


def _joined_digits(split: np.ndarray, connectivity: int) -> np.ndarray | None:
    """The value number's ink (uint8 0/1) in a split ink mask, or None where no part of it is
    a number beside the letter (see without_joined_number)."""
    components = cv2.connectedComponentsWithStats(split, connectivity=connectivity)
    box = letter_box(split, components)
    if box is None:
        return None
    x0, y0, x1, y1 = box
    height = y1 - y0
    n = split.shape[0]
    _, labels, stats, _ = components
    # the parts off the window's rim (vision.glyph.at_rim), from the rows as plain ints: NumPy's work on a
    # handful of rows cost more than the comparisons
    parts = [(k, x, y, w, h, area) for k, (x, y, w, h, area) in enumerate(stats.tolist())
             if k and not (x <= 0 or y <= 0 or x + w >= n or y + h >= n)]
    # wholly right of the letter and reaching below its foot (a thin serif G's spur,
    # thinned off its bowl, stands right of what is left but ends at the foot)
    numbers = [p for p in parts if p[1] >= x1 and p[2] >= (y0 + y1) / 2 and 0.15 * height <= p[4] <= 0.5 * height
               and p[5] >= 3 and p[2] + p[4] >= y1 + NUMBER_BELOW_FOOT * height]
    # ... and under no other part of the letter's height: thinning can split a thin letter's bowl too
    # (a serif Q's bowl into its two sides and its foot with the tail, the left side then taken for
    # the letter and the foot for its number: painted over, the Q read O at 0.97, rendered dev seed 68008)
    others = [p for p in parts if p not in numbers and p[4] >= 0.15 * height and p[5] >= 3
              and p[2] < y1 and p[2] + p[4] > y0]
    # ... and no ink under the letter's foot within its width that is no number: there the split cut the
    # letter itself, not a number off it (a blurred L thinned into its stem, its corner and the foot's end,
    # the end taken for the number: painted over, the L read I at 0.989, measuring seed 228228 board-027)
    if any(p[2] >= y1 and p[1] < x1 and p[1] + p[3] > x0 and p[5] >= 3 and p not in numbers for p in parts):
        return None
    # ... and under or left of no other part of the letter's height: a number stands right of all the letter (a thin
    # U's bowl, cut from both its arms, lies right of the left arm taken for the letter: painted over, the U read I
    # 0.99, rendered dev seed 134129 board-028 (9, 9))
    digits = np.zeros_like(split)
    for k, x, _, w, _, _ in numbers:
        if not any(ox + ow > x for _, ox, _, ow, _, _ in others):
            digits[labels == k] = 1
    return digits if digits.any() else None


def _painted_over(window: np.ndarray, mask: np.ndarray, digits: np.ndarray) -> np.ndarray:
    """The window with the ink `digits` (in the ink mask's coordinates) painted in the face colour."""
    n = mask.shape[0]
    inset = (window.shape[0] - n) // 2
    face = np.median(window[inset:inset + n, inset:inset + n][mask == 0], axis=0)
    ys, xs = np.nonzero(cv2.dilate(digits, np.ones((5, 5), np.uint8)))
    out = window.copy()
    out[ys + inset, xs + inset] = face.astype(out.dtype)
    return out
