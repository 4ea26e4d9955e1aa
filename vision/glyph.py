"""Cut the big letter out of a rectified tile cell and describe it for the letter model.

The ink is found by Otsu inside the tile (or, when glare or shadow lights the tile
unevenly, as the strokes that stand out from their surroundings), the value number
(small, to the lower right of the letter) is left out, and the letter's box is scaled
into a fixed square keeping its aspect ratio, so the model sees the same thing whatever
the tile's size or offset.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, TypeVar

import cv2
import numpy as np

GLYPH = 24
# the letter model's last class: ink shaped like a letter on a square with no tile (a premium
# square's printed label, the centre star, a logo, a speck), learnt from rendered boards
NOT_A_LETTER = "-"
# a glyph's features: its GLYPH x GLYPH image (0..1, row-major; the letter network is a small
# CNN on it, vision.models) and three shape figures (see glyph_image)
FEATURES = GLYPH * GLYPH + 3
HEIGHT_FEATURE = FEATURES - 2  # which feature is the letter's height over the ink mask's (see glyph_image)
# a tile letter is at least this tall (share of the window) and at most this wide (per
# height); the training renders stay well inside (>= 0.32 tall, <= 1.5 wide)
MIN_HEIGHT = 0.2
MAX_WIDTH = 2.0
MAX_SPAN = 0.6  # no letter spans more of the window than this: rendered letters stay under 0.52
# (99 %); letting taller or wider shapes in (0.75) reads a few more W and M but misreads shaded
# tile edges (an L along two sides, a bar down one side), which are tall
MAX_WIDTH_SPAN = 0.75  # ... but a letter no taller than MAX_SPAN may be this wide over its upper
# half: the W of a wide serif face reaches 0.70
# a letter's ink reaches at least this share of its length away from the ink's edge (its
# strokes' half-width): the thinnest letters on rendered training tiles reach 0.06, a
# 2-px line as long as a letter 0.03
MIN_DEPTH = 0.045
INSET = 2  # px of the window's rim the ink masks leave out
LETTER_PLACE = 0.46  # where letters sit in their window: this share of it down and across (the value number
# takes the low right corner)
# a letter's centre lies at most this share of the window from where letters sit: 0.20 at
# most on 2556 rendered glyphs (seed 1500), 0.31 on a tile pushed far off its square
MAX_OFF_CENTRE = 0.4
# a multi-letter tile's second letter: its height this share of the first's (and their lines
# overlapping as much), at most SIDE_GAP of a letter's height beside it (CH, L·L, NY, QU as
# vision.synth.tiles prints them: 0.08 apart, 0.4 with the dot of L·L); a neighbour's letter
# in a photo can come within 0.6 (spiel-13: an O beside a T)
SIDE_LETTER = (0.8, 1.25)
SIDE_GAP = (0.25, 0.6)  # the second: with a dot between them (L·L)
# umlaut_dots: the dots' bottom sits at most this share of the main stroke's height above its top
# (rendered German tiles in the 20 renderer fonts at 0.3-0.45 board fill, tilted up to 20
# degrees: 0.3 catches 146 of 240 umlauts the letter model read bare, flagging 13 of 3693 bare
# A/O/U; 0.45 catches 153 but flags 65: the tile's top edge comes within reach)
DOTS_BAND = 0.3
# _dotted_cap: umlaut dots the ink mask ran into the letter (one stroke at ~20 px a square). The
# dots are 0.1-0.3 of the letter's height (rendered umlauts in the 20 renderer fonts, and the
# scrabscrap-v1 tiles); the neck's row has at most NECK of the cap's widest row (the real tiles at
# ~20 px: 0.4-0.5); dots fused with no neck span at most CAP_SPAN of the letter's width (0.45-0.7
# on those tiles; a bare U's arms and a serif U's serifs span all of it). With these, on tiles of
# the 20 fonts rendered at 16/18/20/22/26 px and scaled to the window, 25/27/52/58/60 of 60
# umlauts are seen (19/17/25/43/54 before) and none of 60 bare A/O/U at any size. On the windows
# the reader cut of scrabscrap-v1 seen as by the bench's --tilt 20 --scale 0.4 --turn 30 and
# --tilt 15 --scale 0.35 --turn 90 and of rendered German frames (dev seeds in vision.reader), it
# flags none of 1387 bare A/O/U read right that it did not flag before, and sees 245 of 296
# umlaut windows (179 before); held-out render seed 990303: 75 of 76 (69), 0 of 332 bare flagged
CAP_ROWS = (0.1, 0.3)  # where the neck below a dotted cap may be, in the letter's height
NECK = 0.6  # ... its row's ink at most this share of the cap's widest row
CAP_SPAN = 0.8  # _two_dot_rows: dots fused into the letter span at most this share of its width
CAP_REACH = 0.5  # ... and the letter as wide again as the cap within this share of its height
# letter_box: an accent's bottom sits at most this share of the letter's height above it. The accents letter_box took
# in on rendered dev seed 134102's Polish, German (30 boards each), Swedish, Spanish and Slovene (20 each) frames sit
# 0.00-0.143 above (188 pieces); what it took in at 0.19-0.25 (it asked 0.25) were dashes of the tile's lit top edge
# (a Swedish A whose ring the ink ran into the letter, 222222 board-026's Q read 'not a letter') and scraps over
# bare M, Z, O, P, I (11 pieces, 7 squares)
ACCENT_GAP = 0.17
# _broken_off: a piece of the letter its mask cut off at its side (232232 board-082's W, its thin right arm apart
# from the rest in the strokes' mask, 1 px off (0.04 of its height), its top 1 px over the rest's, 0.54 of its height
# tall). On rendered dev seeds 134089, 134106, 134107 (60 boards each), 232232 (83) and 134106 in German (30) the
# pieces it takes in under two-letter height are 0.33-0.76 tall, 0-0.1 off, and no letter read changes but that W
# (one right M's confidence 0.981 -> 1.0)
BROKEN_GAP = 0.1
BROKEN_TOP = 0.25
BROKEN_HEIGHT = 0.3
EDGE_ROW = 0.5  # a mask row inked over this share of the window is a tile edge (dots: 0.3 at most
# with the tile's sides; 0.4 and 0.6 catch fewer or flag more on the frames above)


@lru_cache(maxsize=16)
def _percentile_ranks(n: int, q: tuple[float, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For np.percentile of n values at q: the order statistics below and above each
    percentile (one array, below first), the interpolation weights and where the upper
    one is the base of numpy's lerp."""
    virtual = (n - 1) * (np.asarray(q, np.float64) / 100)
    below = np.floor(virtual)
    gamma = virtual - below
    below = below.astype(np.intp)
    ranks = np.concatenate([below, np.minimum(below + 1, n - 1)])
    for a in (ranks, gamma):
        a.flags.writeable = False
    return ranks, gamma, gamma >= 0.5


def _percentiles(values: np.ndarray, q: tuple[float, ...]) -> np.ndarray:
    """np.percentile(values, q), the same numbers (linear interpolation between order
    statistics), found from a histogram for uint8 values: a third of the time on a cell."""
    if values.dtype != np.uint8:
        return np.percentile(values, q)
    ranks, gamma, upper = _percentile_ranks(values.size, tuple(q))
    cum = np.cumsum(np.bincount(values.ravel(), minlength=256))
    a, b = np.searchsorted(cum, ranks, side="right").astype(np.float64).reshape(2, -1)
    diff = b - a
    return np.where(upper, b - diff * (1 - gamma), a + diff * gamma)  # numpy's own lerp


# A reading of one frame looks at the same tile windows several times (the rotation's value
# numbers and letters, the letters read, the value number painted over, the accents), and
# each look found the window's ink mask again. The masks, their components and letter boxes
# are kept here, keyed by the window's pixels (the same pixels give the same answer; the
# answers are read-only), at most MEMO_SIZE of each kind (then all are forgotten: a
# scrabscrap-v1 frame read from scratch looks at up to 87 windows; at most ~15 MB), and
# forgotten by the reader as each frame comes (forget_inks). 2.1 ms less one-thread CPU per
# scrabscrap-v1 frame read from scratch (median of 21 frames, the same observations).
MEMO_SIZE = 256
_T = TypeVar("_T")
_Key = tuple[tuple[int, ...], str, int, bytes]
LetterInk = tuple[np.ndarray, tuple, tuple[int, int, int, int]]  # see letter_ink
_INK: dict[_Key, np.ndarray | None] = {}
_STROKES: dict[_Key, np.ndarray | None] = {}
_LETTER: dict[_Key, LetterInk | None] = {}
_HAIRLINES: dict[_Key, np.ndarray | None] = {}
_FEATURES: dict[_Key, np.ndarray | None] = {}  # glyph_features_batch's rows (the key's inset: which ink was read)
Levels = tuple[float, float, float, float, bool]  # see _ink_levels
_LEVELS: dict[_Key, Levels] = {}


def _key(cell: np.ndarray, inset: int) -> _Key:
    return (cell.shape, cell.dtype.str, inset, cell.tobytes())


def _memoised(memo: dict[_Key, _T], cell: np.ndarray, inset: int, make: Callable[[], _T]) -> _T:
    key = _key(cell, inset)
    try:  # one look: another thread may clear the memo meanwhile
        return memo[key]
    except KeyError:
        pass
    return _remember(memo, key, make())


def _remember(memo: dict[_Key, _T], key: _Key, made: _T) -> _T:
    if len(memo) >= MEMO_SIZE:
        memo.clear()
    _read_only(made)
    memo[key] = made
    return made


def forget_inks() -> None:
    """Forget the windows' inks remembered so far (a new frame's windows are new)."""
    for memo in (_INK, _STROKES, _HAIRLINES, _LETTER, _FEATURES, _LEVELS):
        memo.clear()


def _read_only(value: object) -> None:
    """Make the arrays of a memoised answer read-only: every caller gets the same ones."""
    parts = [value]
    while parts:  # (no call per part: a letter's ink is six arrays and tuples deep)
        part = parts.pop()
        if isinstance(part, np.ndarray):
            part.flags.writeable = False
        elif isinstance(part, tuple):
            parts.extend(part)


def ink_mask(cell_bgr: np.ndarray, inset: int = INSET) -> np.ndarray | None:
    """Binary ink mask (uint8 0/1) of the inner part of a cell, or None if there is no contrast.

    The threshold comes from the central part (tile face and letter), so the board
    showing at the cell's edges does not move it."""
    return _memoised(_INK, cell_bgr, inset, lambda: _ink_mask(cell_bgr, inset))


def _ink_mask(cell_bgr: np.ndarray, inset: int) -> np.ndarray | None:
    gray = _grey(cell_bgr)
    return _thresholded(gray, inset, _ink_levels(gray))


def _ink_levels(gray: np.ndarray) -> Levels:
    """The 2nd, 40th, 60th and 98th percentiles of a grey window's centre (its middle two thirds) and
    whether its letter is light (light_letter_in): what its ink masks are thresholded by (ink_mask,
    _number_mask). Remembered as the masks are (keyed as ink_mask's of the default inset)."""
    return _memoised(_LEVELS, gray, INSET, lambda: _levels(gray))


def _levels(gray: np.ndarray) -> Levels:
    n = gray.shape[0]
    q = n // 6
    p2, p40, p60, p98 = _percentiles(gray[q:n - q, q:n - q], (2, 40, 60, 98))
    return p2, p40, p60, p98, light_letter_in(gray)


# No ink mask is made of a window whose ink and face lie under INK_CONTRAST grey levels apart (p2 and p60 of its
# centre, a light letter's turned over). TURNED_NO_CONTRAST: a window light_letter_in calls a light letter's that has
# no such contrast turned over, but has it as it is, is read as a dark letter's: a big bold dark letter fills half
# the window's middle, so its median lies in the letter and the lit tile edges make the bright side look the
# minority (rendered dev seed 239239 board-030 (1, 4): a W on a grey tile, middle p3 28, median 50, p97 73: called
# light, 16 apart turned over and no letter read (asked); 38 apart as it is. Its (12, 3), a W whose window the
# lit board beside the tile reaches into, has contrast turned over (30) and stays asked)
INK_CONTRAST = 20


def _ink_dark(gray: np.ndarray, inset: int, levels: Levels) -> tuple[np.ndarray, np.ndarray, float, float] | None:
    """A grey window's inner part (inside `inset`) and centre with the ink the darker side (a light letter's window
    turned over), and the ink's and the face's levels (its p2 and p60 so turned); None where they lie under
    INK_CONTRAST apart (no contrast to read)."""
    n = gray.shape[0]
    inner = gray[inset:n - inset, inset:n - inset]
    q = n // 6
    centre = gray[q:n - q, q:n - q]
    p2, p40, p60, p98, light = levels
    if light and (p98 - p40 >= INK_CONTRAST or p60 - p2 < INK_CONTRAST):  # see TURNED_NO_CONTRAST
        inner, centre = 255 - inner, 255 - centre
        p2, p60 = 255 - p98, 255 - p40
    if p60 - p2 < INK_CONTRAST:
        return None
    return inner, centre, p2, p60


def _thresholded(gray: np.ndarray, inset: int, levels: Levels) -> np.ndarray | None:
    """_ink_mask of a grey window given its _ink_levels."""
    sides = _ink_dark(gray, inset, levels)
    if sides is None:
        return None
    inner, centre, _, _ = sides
    level, _ = cv2.threshold(centre, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    return cv2.threshold(inner, level, 1, cv2.THRESH_BINARY_INV)[1]  # inner <= level (a whole level)


# The plain ink's Otsu level fills a blurred letter's narrow openings: a G's mouth under blur 1.6 lies between its
# strokes and its face (rendered dev seed 134089 board-031 (5, 7), manrope-semibold: level 118 on a face of 139 and
# strokes of 80, the mouth 100-110), and the G reads O 0.80 (134106 board-049 (6, 3): O 0.86). At DARK_INK of the way
# from the letter's ink (p2) to the face (p60) both read G 1.0 (helper vwrong's measure). As the plain mask's level it
# lost right letters (round 27's vwrong entry in MEASUREMENTS.md): it is only a second opinion (dark_ink_mask, the
# reader's _darker_agrees)
DARK_INK = 0.35


def dark_ink_mask(cell_bgr: np.ndarray) -> np.ndarray | None:
    """ink_mask at DARK_INK of the way from the letter's ink to the face: the plain ink without a blurred letter's
    half-filled openings (None where there is no contrast)."""
    gray = _grey(cell_bgr)
    sides = _ink_dark(gray, INSET, _ink_levels(gray))
    if sides is None:
        return None
    inner, _, p2, p60 = sides
    return (inner <= p2 + DARK_INK * (p60 - p2)).astype(np.uint8)


def dark_letter_ink(cell_bgr: np.ndarray) -> LetterInk | None:
    """letter_ink of the darker ink (dark_ink_mask), as glyph_image reads it with `dark`."""
    return _ink_parts(dark_ink_mask(cell_bgr))


def ink_masks(cells: list[np.ndarray]) -> None:
    """Find (and remember, as ink_mask does) the ink masks of many grey windows of one size at
    once: the two percentile sets each mask needs (its centre's and, for light_letter_in, its
    middle half's) from one histogram of all the windows, the same numbers as _percentiles
    gives each alone, which took most of a mask's time: 209 -> 124 us a mask on the 1126 windows
    of every third scrabscrap-v1 frame's tiles and 20 of its empty squares, one thread, in batches
    of 60, the same masks. Other windows are left to ink_mask."""
    todo: dict[_Key, np.ndarray] = {}
    for cell in cells:
        if cell.ndim == 2 and cell.dtype == np.uint8 and cell.shape == cells[0].shape:
            key = _key(cell, INSET)
            if key not in _INK:
                todo[key] = cell
    if len(todo) < 2:
        return
    grey = np.stack(list(todo.values()))
    n = grey.shape[1]
    q, h = n // 6, n // 4
    centre = _batch_percentiles(grey[:, q:n - q, q:n - q], (2, 40, 60, 98))
    middle = _batch_percentiles(grey[:, h:n - h, h:n - h], (3, 50, 97))
    for (key, cell), (p2, p40, p60, p98), (p3, mid, p97) in zip(todo.items(), centre, middle.tolist()):
        levels = _remember(_LEVELS, key, (p2, p40, p60, p98, _light_letter(p3, mid, p97)))
        _remember(_INK, key, _thresholded(cell, INSET, levels))


def _batch_percentiles(values: np.ndarray, q: tuple[float, ...]) -> np.ndarray:
    """_percentiles of each of N uint8 images (N x H x W) at q: N x len(q), the same numbers."""
    count = values.shape[0]
    size = values[0].size
    ranks, gamma, upper = _percentile_ranks(size, tuple(q))
    offsets = (np.arange(count, dtype=np.intp) * 256)[:, None]
    hist = np.bincount((values.reshape(count, -1) + offsets).ravel(), minlength=256 * count).reshape(count, 256)
    cum = np.cumsum(hist, axis=1)
    # np.searchsorted(cum, rank, side="right") of each row: how many of its cumulative counts are <= rank
    found = (cum[:, None, :] <= ranks[None, :, None]).sum(axis=2).astype(np.float64)
    a, b = found[:, :len(q)], found[:, len(q):]
    diff = b - a
    return np.where(upper, b - diff * (1 - gamma), a + diff * gamma)  # numpy's own lerp


def _grey(cell_bgr: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(cell_bgr, cv2.COLOR_BGR2GRAY) if cell_bgr.ndim == 3 else cell_bgr


def _light_letter(p3: float, mid: float, p97: float) -> bool:
    """Whether the letter is the bright minority of the tile's middle (light letters on a dark tile)."""
    return p97 - mid > mid - p3


def light_letter_in(gray: np.ndarray) -> bool:
    """_light_letter of the window's middle half, where a tile's face and letter are: the light
    board showing between small dark tiles reaches into the middle two thirds a px or two off
    (its brightest 3 % then flipped a wooden tile's dark letter to 'light' and lost it: rendered
    dev seed 70123, 31 more tiles read of 2330, none fewer; scrabscrap-v1 2100/2100 as before,
    jheidel-en 398/403 from 397: the vintage A half off the centre square)."""
    n = gray.shape[0]
    q = n // 4
    p3, mid, p97 = _percentiles(gray[q:n - q, q:n - q], (3, 50, 97))
    return _light_letter(p3, mid, p97)


def light_letters_in(grays: list[np.ndarray]) -> list[bool]:
    """light_letter_in of each of these grey windows: for many uint8 windows of one size, from one
    histogram of all their middle halves (_batch_percentiles, the same numbers as each alone)."""
    if len(grays) < 2 or any(g.shape != grays[0].shape or g.dtype != np.uint8 or g.ndim != 2 for g in grays):
        return [light_letter_in(g) for g in grays]
    n = grays[0].shape[0]
    q = n // 4
    middles = _batch_percentiles(np.stack([g[q:n - q, q:n - q] for g in grays]), (3, 50, 97))
    return [_light_letter(p3, mid, p97) for p3, mid, p97 in middles.tolist()]


def stroke_mask(cell_bgr: np.ndarray, inset: int = INSET) -> np.ndarray | None:
    """Ink mask (like ink_mask) of the strokes only: what stands out from its surroundings
    within a few stroke widths (a morphological top-hat), so a glare spot or shadow that
    lights one side of the tile more than the other does not join the letter to the tile's
    edge. None if nothing stands out."""
    return _memoised(_STROKES, cell_bgr, inset, lambda: _stroke_mask(cell_bgr, inset, 1.0))


# The strokes' level (Otsu's, over the top-hat) loses a blurred serif face's hairlines: a condensed serif E's thin
# arms, a P's bowl, an S's spine fall under it, and the strokes read L, I, N (rendered dev seed 134089 board-039,
# vintage board, cream tiles, blur 1.5: seven clear tiles whose plain ink reads E, P, W, S at 0.90-0.996 and their
# strokes L, I, M, N at 0.94-1.0). At HAIRLINES of that level the hairlines stay: the four E's read E 0.994-0.997, the
# P 0.93, the S 0.9999 (the W still M); at 0.75 of it one E still reads L 0.62 and another E 0.46, L 0.41. The glare
# the top-hat leaves out stays out: the G whose plain ink took in its tile's lit corner as a Q's tail (141141 board-015)
# reads G 1.0 at 0.5 and 0.75.
HAIRLINES = 0.5


def hairline_mask(cell_bgr: np.ndarray) -> np.ndarray | None:
    """stroke_mask at HAIRLINES of its level: the strokes with a blurred letter's hairlines kept."""
    return _memoised(_HAIRLINES, cell_bgr, INSET, lambda: _stroke_mask(cell_bgr, INSET, HAIRLINES))


def _stroke_mask(cell_bgr: np.ndarray, inset: int, share: float) -> np.ndarray | None:
    gray = _grey(cell_bgr)
    n = gray.shape[0]
    q = n // 6
    wider = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (n // 6 | 1, n // 6 | 1))  # than any stroke
    hat = cv2.morphologyEx(gray, cv2.MORPH_TOPHAT if light_letter_in(gray) else cv2.MORPH_BLACKHAT, wider)
    centre = hat[q:n - q, q:n - q]
    if _percentiles(centre, (98,))[0] < 20:
        return None
    level, _ = cv2.threshold(centre, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return (hat[inset:n - inset, inset:n - inset] > share * level).astype(np.uint8)


def letter_box(mask: np.ndarray, components: tuple | None = None) -> tuple[int, int, int, int] | None:
    """(x0, y0, x1, y1) of the letter's ink: the biggest central component plus its accents;
    None when there is none or it is not shaped like a tile letter. `components`: the
    mask's cv2.connectedComponentsWithStats (8-connected) when the caller has it already."""
    n = mask.shape[0]
    count, labels, stats, centroids = components or cv2.connectedComponentsWithStats(mask, connectivity=8)
    stats, centroids = stats.tolist(), centroids.tolist()  # plain ints and floats: a quicker loop
    # the components of 3 px or more off the window's rim, the only ones the loops below look at (but the L·L dot's):
    # picked once, not in each loop (the same answers, quicker: MEASUREMENTS.md, round 30's vspeed9)
    inner = [k for k in range(1, count) if not _rim_or_speck(stats[k], n)]
    ranked = []
    least, span = max(4, n * n // 400), MAX_SPAN * n
    for k in inner:
        x, y, w, h, area = stats[k]
        if area < least:
            continue
        cx, cy = centroids[k]
        if w > span >= h:  # a wide letter (M, W), or one joined low at its side to its value number?
            cut = _upper_part(labels, stats[k], k)
            if cut is None or cut[1] > MAX_WIDTH_SPAN * n or _edge_line(labels, stats[k], k, cut, span):
                continue
            x, w = cut
            cx = x + w / 2
        elif w > span or h > span:  # the shaded edge of the tile itself, not its letter
            continue
        off = np.hypot(cx - n * LETTER_PLACE, cy - n * LETTER_PLACE) / n
        if off > MAX_OFF_CENTRE:  # a scrap at the window's rim: this tile's edge, a neighbour's
            continue
        ranked.append((area * (1.0 - off), k, (x, y, w, h)))
    chosen = next((found for found in sorted(ranked, reverse=True)
                   if not _thin_line(labels, stats[found[1]], found[1])), None)
    if chosen is None:
        return None
    _, best, (x, y, w, h) = chosen
    x0, y0, x1, y1 = x, y, x + w, y + h
    joined = _side_by_side(stats, best, n, inner) | _broken_off(stats, best, n, inner)
    if joined != {best}:
        for k in joined:
            kx, ky, kw, kh, _ = stats[k]
            x0, y0, x1, y1 = min(x0, kx), min(y0, ky), max(x1, kx + kw), max(y1, ky + kh)
        x, y, w, h = x0, y0, x1 - x0, y1 - y0
    for k in inner:
        if k in joined:
            continue
        kx, ky, kw, kh, area = stats[k]
        cx, cy = centroids[k]
        # accents and dots sit just above the letter inside its width and are about as tall
        # as wide, or are two dots blurred into one bar (about a stroke thick) well inside the
        # letter's width; the value number sits to the right, and the thin dark line where a
        # tile meets its neighbour (a pixel or two thick, as wide as the tile) is not an accent
        dot = kw <= 2 * kh + 1 and kh <= 2 * kw + 1 and kh < 0.4 * h
        dots = 0.12 * h <= kh < 0.4 * h and kx > x and kx + kw < x + w and kw <= 0.8 * w
        if (dot or dots) and x - 1 <= cx <= x + w + 1 and ky + kh <= y + 1 and ky + kh >= y - h * ACCENT_GAP:
            x0, y0, x1, y1 = min(x0, kx), min(y0, ky), max(x1, kx + kw), max(y1, ky + kh)
    if y1 - y0 < MIN_HEIGHT * n or x1 - x0 > MAX_WIDTH * (y1 - y0):  # print on a premium square, a speck
        return None
    return x0, y0, x1, y1


def _rim_or_speck(stat: list[int], n: int) -> bool:
    """Whether a component (its cv2.connectedComponentsWithStats row) of an n-px mask is under 3 px or reaches its rim."""
    x, y, w, h, area = stat
    return area < 3 or x == 0 or y == 0 or x + w >= n or y + h >= n


def _side_by_side(stats: list[list[int]], best: int, n: int, inner: list[int]) -> set[int]:
    """The components printed with component `best` as one multi-letter tile (Spanish CH,
    Catalan L·L, NY, QU): letters about its height on its line just beside it, and a dot
    between them; {best} alone on every other tile. `inner`: the components not _rim_or_speck, in order."""
    bx, by, bw, bh, _ = stats[best]
    joined = {best}
    x0, x1 = bx, bx + bw
    for _ in range(2):  # one letter on either side at most
        grown = False
        for k in inner:
            kx, ky, kw, kh, area = stats[k]
            # a component one pixel wide is a line (where a tile meets its neighbour), never a second letter
            # (L Y U H R are wider). Rendered seed 131131 board-008: a light Z on a dark wooden tile and the
            # tile's edge line beside it (1 px wide, the letter's height) read as one glyph, 'not a letter'
            # 0.998, the square unknown (now Z 0.9999). On dev seeds 131131, 150150, 151151, 152152, 141141
            # and 109049 (360 boards, every square dumped) nothing else reads otherwise but two blanks of that
            # board, now found
            if k in joined or kw < 2 or not SIDE_LETTER[0] * bh <= kh <= SIDE_LETTER[1] * bh:
                continue
            gap = max(x0 - (kx + kw), kx - x1)
            overlap = min(by + bh, ky + kh) - max(by, ky)
            if (overlap >= SIDE_LETTER[0] * bh
                    and 0 <= gap <= SIDE_GAP[1] * bh and max(x1, kx + kw) - min(x0, kx) <= MAX_SPAN * n
                    and (gap <= SIDE_GAP[0] * bh or _dot_between(stats, min(x1, kx + kw), max(x0, kx), by, bh))):
                joined.add(k)
                x0, x1 = min(x0, kx), max(x1, kx + kw)
                grown = True
                break
        if not grown:
            break
    if len(joined) > 1:  # the dot of L·L between the letters
        for k in range(1, len(stats)):
            kx, ky, kw, kh, area = stats[k]
            if k not in joined and x0 < kx and kx + kw < x1 and by < ky and ky + kh < by + bh and kh < 0.35 * bh:
                joined.add(k)
    return joined


def _broken_off(stats: list[list[int]], best: int, n: int, inner: list[int]) -> set[int]:
    """The pieces of the letter at component `best` that its mask cut off at its side: a stroke beside its box
    (at most BROKEN_GAP of its height off), from its upper part (BROKEN_TOP: a value number starts below the
    letter's middle) down within its height, at least BROKEN_HEIGHT of it tall. A blurred W's thin right arm
    falls apart from the rest in the strokes' mask, and the W without it reads M. `inner`: the components not
    _rim_or_speck, in order."""
    bx, by, bw, bh, _ = stats[best]
    pieces = set()
    for k in inner:
        kx, ky, kw, kh, area = stats[k]
        if k == best:
            continue
        gap = max(bx - (kx + kw), kx - (bx + bw))
        if (0 <= gap <= BROKEN_GAP * bh and by - BROKEN_GAP * bh <= ky <= by + BROKEN_TOP * bh
                and ky + kh <= by + bh and kh >= BROKEN_HEIGHT * bh
                and max(bx + bw, kx + kw) - min(bx, kx) <= MAX_SPAN * n):
            pieces.add(k)
    return pieces


def _dot_between(stats: list[list[int]], left: int, right: int, top: int, height: int) -> bool:
    """Whether a dot (the middle dot of L·L) lies between x = left and x = right, inside the
    letters' height."""
    return any(left <= kx and kx + kw <= right and top < ky and ky + kh < top + height and kh < 0.35 * height
               and area >= 2 for kx, ky, kw, kh, area in stats[1:])


def _upper_part(labels: np.ndarray, stat: list[int], k: int) -> tuple[int, int] | None:
    """(x, width) of component k's ink in the upper half of its height: a letter's own
    width where something lower at its side (the value number, a shadow) joined it."""
    x, y, w, h, _ = stat
    columns = np.flatnonzero((labels[y:y + h // 2, x:x + w] == k).any(axis=0))
    return (x + int(columns[0]), int(columns[-1] - columns[0]) + 1) if len(columns) else None


def _edge_line(labels: np.ndarray, stat: list[int], k: int, columns: tuple[int, int], span: float) -> bool:
    """Whether component k holds a straight run of ink across, longer than `span` px, within `columns` (x, width:
    the letter's own width, _upper_part's): the tile's own lit or shaded rim (its top edge with a side hanging from
    it), never a letter's stroke (no letter is that wide but an M or W, whose strokes slant; a bar run into the value
    number at its foot lies outside the letter's own width)."""
    _, y, _, h, _ = stat
    x, w = columns
    ink = (labels[y:y + h, x:x + w] == k).astype(np.uint8)
    run = int(span) + 1
    return bool(cv2.erode(ink, np.ones((1, run), np.uint8), borderType=cv2.BORDER_CONSTANT, borderValue=0).any())


def _thin_line(labels: np.ndarray, stat: list[int], k: int) -> bool:
    """Whether component k is a line thinner than any letter stroke (the dark edge where a
    tile meets its neighbour, left over when a shadow joined the letter to the rest)."""
    x, y, w, h, _ = stat
    if MIN_DEPTH * max(w, h) <= _LEAST_DEPTH:  # no ink is thinner: the answer without the transform
        return False
    framed = np.zeros((h + 2, w + 2), np.uint8)  # the component's ink framed as _depth frames it, in one step
    framed[1:-1, 1:-1] = labels[y:y + h, x:x + w] == k
    return _framed_depth(framed) < MIN_DEPTH * max(w, h)


def _depth(ink: np.ndarray) -> float:
    """How far the ink (uint8 0/1) reaches from its edge at most, in px (half the thickest stroke)."""
    return _framed_depth(cv2.copyMakeBorder(ink, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0))  # the crop's edge is an edge


def _framed_depth(framed: np.ndarray) -> float:
    """_depth of ink (uint8 0/1) framed by a pixel of background on every side."""
    return float(cv2.distanceTransform(framed, cv2.DIST_L2, 3).max())


# the least depth _framed_depth gives any ink: a lone pixel's, one step of the transform to a side's neighbour (0.955
# in float32), as every ink pixel's distance is at least one step; so a component under MIN_DEPTH's share of it
# long (21 px) is never a _thin_line (on 20 rendered dev frames, 276 of letter_box's 1986 asked so)
_LEAST_DEPTH = _framed_depth(np.pad(np.ones((1, 1), np.uint8), 1))


def dot_pair_above(cell_bgr: np.ndarray, mask: np.ndarray, box: tuple[int, int, int, int], one: bool = False) -> float:
    """How clearly two dots sit just above the letter at `box` (in `mask`, an ink mask of the
    cell), one each side of its middle, even where they run into the tile's edge in the
    mask: the weaker side's strongest dark blob (scale-normalised determinant of the
    Hessian, at the letter's stroke width) over the squared contrast of the tile. A line
    (a tile edge) or one blob (a neighbour's value number) scores low."""
    x0, y0, x1, y1 = box
    top = max(0, int(y0 + INSET - 0.4 * (y1 - y0)))  # window coordinates from here
    bottom, left, right = y0 + INSET, x0 + INSET, x1 + INSET
    half = (right - left) // 2
    if bottom <= top or half == 0:
        return 0.0
    grey = _grey(cell_bgr)
    n = grey.shape[0]
    q = n // 6
    p3, mid, p97 = _percentiles(grey[q:n - q, q:n - q], (3, 50, 97))
    sigma = max(0.8, _depth(mask[y0:y1, x0:x1]) / np.sqrt(2))  # a dot about a stroke across
    # the band above the letter with room for the filters, so the crop's rim changes nothing
    room = int(np.ceil(4 * sigma)) + 2
    r0, c0 = max(0, top - room), max(0, left - room)
    near = grey[r0:bottom + room, c0:right + room].astype(np.float32)
    if _light_letter(p3, mid, p97):
        near = 255 - near
    smooth = cv2.GaussianBlur(near, (0, 0), sigma)
    dxx = cv2.Sobel(smooth, cv2.CV_32F, 2, 0, ksize=3)
    dyy = cv2.Sobel(smooth, cv2.CV_32F, 0, 2, ksize=3)
    dxy = cv2.Sobel(smooth, cv2.CV_32F, 1, 1, ksize=3)
    blob = np.where((dxx > 0) & (dyy > 0), (dxx * dyy - dxy * dxy) * sigma ** 4, 0)  # dark blobs
    band = blob[top - r0:bottom - r0, left - c0:right - c0]
    if one:
        return float(band.max()) / max(1.0, p97 - p3) ** 2
    return float(min(band[:, :half].max(), band[:, half:].max())) / max(1.0, p97 - p3) ** 2


def mark_above(cell_bgr: np.ndarray, mask: np.ndarray, box: tuple[int, int, int, int]) -> float:
    """How clearly one dark blob (an acute, a dot, a caron, a ring blurred out of the ink mask)
    sits just above the letter at `box`: dot_pair_above's measure for the stronger blob."""
    return dot_pair_above(cell_bgr, mask, box, one=True)


def umlaut_dots(cell_bgr: np.ndarray) -> bool:
    """Whether two dots (or the bar two blurred dots make) sit just above the letter's main
    stroke: over it, at most DOTS_BAND of its height higher, one each side of its middle (a
    bar: across its middle). The ink mask (where it shows no letter, the strokes' letter, the
    dots looked for in the plain mask above it) is taken with the tile's edges out (rows inked over EDGE_ROW of the window), so dots run into the
    tile's top edge show, and the edge's own scraps (a dashed line where tiles meet) are no dots;
    and the main stroke is the letter's biggest part, so dots letter_box took in as the
    letter's accent still count. More than two blobs there: dots and scraps of print, unsure."""
    # the plain ink mask's letter box, as letter_box finds it (remembered), or found with the tile's edge lines
    # taken out: dots run into the lit top edge that touch the letter (a heavy font's) join the letter to the rim
    ink = letter_ink(cell_bgr) or _ink_parts(_edge_lines_out(ink_mask(cell_bgr)))
    above = None  # where the dots are looked for, when not in `mask`
    if ink is not None:
        mask, _, box = ink
    else:
        strokes = stroke_mask(cell_bgr)
        stroke_box = None if strokes is None else letter_box(strokes)
        if strokes is None or stroke_box is None:
            return False
        mask, box = strokes, stroke_box
        # faint dots blurred into the tile's top edge stand out from the tile less than the
        # strokes' threshold (dev seed 68112 board-048: black-hat 40 at most, the letter 91, Otsu
        # 30 on the whole tile), but show in the plain ink mask, which joined them to the edge. Dev
        # seed 68112 (100 German boards): bare A/O/U made unknown 18 -> 18 of 628; held-out seed
        # 994151 (100 German boards): 37 -> 37 of 585; scrabscrap-v1 stays 2100/2100 (vision.bench)
        above = ink_mask(cell_bgr)
    x0, y0, x1, y1 = box
    # the main stroke 4-connected: dots touching the letter corner to corner (a heavy font) stay apart
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    inside = [k for k in range(1, count) if x0 <= stats[k][0] and stats[k][0] + stats[k][2] <= x1
              and y0 <= stats[k][1] and stats[k][1] + stats[k][3] <= y1]
    main = max(inside, key=lambda k: int(stats[k][4]))
    mx, my, mw, mh, _ = stats[main].tolist()
    top = max(0, int(my - DOTS_BAND * mh))
    band = (mask if above is None else above)[top:my + 1].copy()
    band[band.mean(axis=1) >= EDGE_ROW] = 0
    if above is None:
        band[labels[top:my + 1] == main] = 0
    else:  # the plain mask's letter is thicker than its strokes: its rim is no dot
        near = cv2.dilate((labels == main).astype(np.uint8), np.ones((5, 5), np.uint8))
        band[near[top:my + 1] > 0] = 0
    # only what lies over the letter: a dot run into a shorter piece of the tile's edge (its rounded
    # corner, a row inked under EDGE_ROW) is a blob wider than the letter's dots otherwise, and the
    # other dot stands alone (dev seed 68112 board-062: an Ö read O at 0.98, its right dot joined to
    # the edge's last 19 px). On dev seed 68112's 100 German boards the bare A/O/U made unknown stay 18 of
    # 628, and scrabscrap-v1 stays 2100/2100 (vision.bench)
    band[:, :mx] = 0
    band[:, mx + mw:] = 0
    found, _, blob_stats, centres = cv2.connectedComponentsWithStats(band, connectivity=8)
    n = mask.shape[1]
    blobs = [(float(centres[k][0]), int(blob_stats[k][2])) for k in range(1, found)  # (middle, width)
             if blob_stats[k][4] >= 3 and blob_stats[k][0] > 0 and blob_stats[k][0] + blob_stats[k][2] < n
             and blob_stats[k][3] < 0.4 * mh and blob_stats[k][2] <= 0.8 * mw and mx <= centres[k][0] <= mx + mw]
    middle = mx + mw / 2
    # the letter as one: its main stroke and the parts letter_box took in (a dot that stayed apart)
    if _dotted_cap(np.isin(labels[y0:y1, x0:x1], inside).astype(np.uint8)):
        return True
    if len(blobs) == 1:
        return abs(blobs[0][0] - middle) <= 0.2 * mw and blobs[0][1] >= 0.25 * mw
    return len(blobs) > 2 or (len(blobs) == 2 and min(blobs)[0] < middle < max(blobs)[0])


def _dotted_cap(stroke: np.ndarray) -> bool:
    """Whether the top of a letter's main stroke (uint8 0/1, cropped to it) is two dots (or the
    bar two blurred dots make) run into the letter below them: ink on both sides of its middle
    over a few rows, then a neck of much less ink (the light gap the mask ran over at ~20 px a
    square, or the narrow apex of an A), then the letter widening again within CAP_REACH of its
    height. A bare U, O or A only widens from its top down; a serif U narrows below its serifs
    but does not widen again up there."""
    h, w = stroke.shape
    if _two_dot_rows(stroke) >= max(2, CAP_ROWS[0] * h):
        return True
    rows = stroke.sum(axis=1).astype(np.float64)
    reach = int(CAP_REACH * h)
    for neck in range(max(2, int(CAP_ROWS[0] * h)), min(int(CAP_ROWS[1] * h) + 1, reach)):
        cap = stroke[:neck]
        widest = rows[:neck].max()
        if rows[neck] > NECK * widest or rows[neck + 1:reach + 1].max(initial=0) < widest:
            continue
        left, right = cap[:, :w // 2].any(), cap[:, (w + 1) // 2:].any()
        if left and right:
            return True
    return False


def _two_dot_rows(stroke: np.ndarray) -> int:
    """How many rows from the top of a letter's main stroke (as _dotted_cap) are two dots fused
    into the letter below them with no neck: ink on both sides of its middle and none across it,
    spanning at most CAP_SPAN of its width (the dots of an O or A fused into its top, of a U into
    its arms). 0 unless they end within CAP_ROWS[1] of its height: a bare U's arms are its full
    width from the top, a bare O and A have ink across the middle at the top, a serif U's serifs
    span its full width."""
    h, w = stroke.shape
    middle = slice(int(w / 2 - 0.05 * w), int(np.ceil(w / 2 + 0.05 * w)))
    cap = 0
    for row in stroke:
        inked = np.flatnonzero(row)
        if (len(inked) == 0 or row[middle].any() or inked[0] >= middle.start or inked[-1] < middle.stop
                or inked[-1] - inked[0] + 1 > CAP_SPAN * w):
            break
        cap += 1
    return cap if cap <= CAP_ROWS[1] * h else 0


def glyph_image(cell_bgr: np.ndarray, strokes: bool = False,
                hairlines: bool = False, dark: bool = False) -> tuple[np.ndarray, np.ndarray] | None:
    """The letter scaled into a GLYPHxGLYPH square (aspect kept) and its shape figures, or None.
    The strokes alone (stroke_mask) are tried when the plain ink mask shows no letter, or
    only them when `strokes`; only the strokes with their hairlines (hairline_mask) when `hairlines`;
    only the darker ink (dark_ink_mask) when `dark`."""
    if dark:
        ink = dark_letter_ink(cell_bgr)
    else:
        ink = None if strokes or hairlines else letter_ink(cell_bgr)
    mask, box = (None, None) if ink is None else (ink[0], ink[2])
    if dark and box is None:
        return None
    if box is None:
        mask = hairline_mask(cell_bgr) if hairlines else stroke_mask(cell_bgr)
        box = None if mask is None else letter_box(mask)
    if mask is None or box is None:
        return None
    x0, y0, x1, y1 = box
    crop = mask[y0:y1, x0:x1]
    h, w = crop.shape
    side = max(h, w)
    square = np.zeros((side, side), np.uint8)
    square[(side - h) // 2:(side - h) // 2 + h, (side - w) // 2:(side - w) // 2 + w] = crop * 255
    inner = GLYPH - 4
    canvas = np.zeros((GLYPH, GLYPH), np.uint8)
    canvas[2:-2, 2:-2] = cv2.resize(square, (inner, inner), interpolation=cv2.INTER_AREA)
    extra = np.array([w / max(h, 1), h / mask.shape[0], cv2.countNonZero(crop) / crop.size], np.float32)  # ink share
    return canvas, extra


def glyph_in_pieces(cell_bgr: np.ndarray, strokes: bool = False) -> bool:
    """Whether the glyph glyph_image reads on a cell is letters side by side (_side_by_side: a multi-letter
    tile's, or one letter broken into pieces): two components or more inside the letter's box as tall as
    _side_by_side asks of them."""
    ink = None if strokes else letter_ink(cell_bgr)
    if ink is None:
        ink = _ink_parts(stroke_mask(cell_bgr))
        if ink is None:
            return False
    x0, y0, x1, y1 = ink[2]
    tall = [k for k, (x, y, w, h, _) in enumerate(ink[1][2].tolist()[1:], 1)
            if x0 <= x and x + w <= x1 and y0 <= y and y + h <= y1 and h >= SIDE_LETTER[0] * (y1 - y0)]
    return len(tall) >= 2


def glyph_features_batch(cells: list[np.ndarray], strokes: bool = False,
                         hairlines: bool = False, dark: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Features of the letters on many tile cells: (M x FEATURES for the cells where a letter
    shape was found, boolean mask of those cells). `strokes`, `hairlines`, `dark`: as glyph_image. Each window's
    features are remembered as its ink is (the rotation and the letters read look at the
    same windows; forget_inks)."""
    if not strokes and not hairlines:
        ink_masks(cells)
    which = 3 if dark else 2 if hairlines else int(strokes)  # the memo key's inset: which ink the row was read from
    rows = [_memoised(_FEATURES, cell, which, lambda: _feature_row(cell, strokes, hairlines, dark)) for cell in cells]
    found = np.array([row is not None for row in rows], bool)
    if not found.any():
        return np.zeros((0, FEATURES), np.float32), found
    return np.stack([row for row in rows if row is not None]), found


def _feature_row(cell: np.ndarray, strokes: bool, hairlines: bool, dark: bool) -> np.ndarray | None:
    """One window's glyph features (FEATURES float32: the glyph image over 255, then its shape figures)."""
    g = glyph_image(cell, strokes, hairlines, dark)
    if g is None:
        return None
    return np.concatenate([g[0].reshape(-1).astype(np.float32) / 255, g[1]]).astype(np.float32)


def glyph_features(cell_bgr: np.ndarray) -> np.ndarray | None:
    feats, found = glyph_features_batch([cell_bgr])
    return feats[0] if found[0] else None


def letter_ink(cell_bgr: np.ndarray) -> LetterInk | None:
    """A cell's plain ink mask, its 8-connected components (cv2.connectedComponentsWithStats)
    and the letter's box; None where there is no ink or no letter."""
    return _memoised(_LETTER, cell_bgr, INSET, lambda: _letter_ink(cell_bgr))


def _letter_ink(cell_bgr: np.ndarray) -> LetterInk | None:
    return _ink_parts(ink_mask(cell_bgr))


def _edge_lines_out(mask: np.ndarray | None) -> np.ndarray | None:
    """The ink mask with the tile's edge lines taken out of the components that reach its rim: runs of ink across
    or down longer than MAX_WIDTH_SPAN of the window (no letter is that wide: see MAX_WIDTH_SPAN), and the pixel on
    either side of them (the line's blurred fringe). Where a letter touches its tile's edge line (umlaut dots run
    into the lit top edge, a serif into the dark frame) the mask's letter is one component with the edge, which
    reaches the rim and is no letter; without the line the letter stands alone. None where no line was taken out.
    Only umlaut_dots looks there: read as a letter, what is left where a shadow joined the letter to the tile's side
    loses strokes with the line (tests/test_vision_glyph.py's shaded E read F 1.0, rendered dev 134089 board-026's
    G read J 1.0)."""
    if mask is None:
        return None
    n = mask.shape[0]
    _, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    rim = at_rim(stats, n)
    rim[0] = False
    if not rim.any():
        return None
    k = int(MAX_WIDTH_SPAN * n) + 1
    across = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((1, k), np.uint8))
    down = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((k, 1), np.uint8))
    lines = cv2.bitwise_or(cv2.dilate(across, np.ones((3, 1), np.uint8)), cv2.dilate(down, np.ones((1, 3), np.uint8)))
    cut = cv2.bitwise_and(rim.astype(np.uint8)[labels], lines)
    return cv2.subtract(mask, cut) if cut.any() else None


def _ink_parts(mask: np.ndarray | None) -> LetterInk | None:
    """An ink mask (plain or strokes), its 8-connected components and the letter's box; None where
    there is no ink or no letter."""
    if mask is None:
        return None
    components = cv2.connectedComponentsWithStats(mask, connectivity=8)
    box = letter_box(mask, components)
    return None if box is None else (mask, components, box)


# the value number's own ink mask and place (value_number_sides), in the letter's size (its box's longer
# side), measured on the letter windows of every lettered tile of rendered dev seeds 84024, 75016 and
# 74014 (60 boards each, 7773 tiles; /tmp/vturn/variant2.py chose them on 84024 and 75016, 74014 held out).
# The ink mask's Otsu level lost faint numbers (on 908 tiles no number was found) and kept the broken
# dashes of tiles' edges and shadows, and a neighbour's number in the window's corner, as digits: the
# side with the most ink was another turn than the tile's on 561 tiles (its own on 6304). With the
# shape and place asked of a digit, in the letter's mask and one at the level below summed, and the
# lead asked of a side (reader.ROTATION_NUMBER_LEAD): no side on 1046, the tile's own turn on 6684,
# another on 43 (74014 alone: 230/2242/196 -> 301/2350/17; the fainter mask alone 382/2272/14)
# A value number touching the tile's own edge lines (which run to the window's rim) went with them as
# 'at the rim', and what was left in a place was a speck where the lines round the tile cross at its
# corner, counted as a number (rendered dev 82022 board-009: all 4 numbers read so, the board read turned
# 180 and settled, 14 phantoms). So the long lines are cut out of the components at the rim (runs longer
# than the letter's size, grown by LINE_GROW px), and a number's outer edges must stay NUMBER_RIM of the
# window inside its rim (the tile's inside): the digits placed in the tile's own place lie 0.117-0.233
# of the window in (5-95 %), those in another's 0.017-0.15 (84024 and 75016, /tmp/vnum/rim.py). Chosen
# on 84024 and 75016 (NUMBER_RIM 0.06-0.13; LINE_GROW 1-11; /tmp/vnum/check.py), 74014 held out:
# none/own/other votes on the three 1046/6684/43 -> 883/6863/27 (74014 301/2350/17 -> 283/2377/8);
# NUMBER_RIM 0.12 asked more than the tile's own numbers have (1114/6633/26, 84024 board-032's one
# number lost, its turn left unsettled); the rim alone without the cut 970/6776/27, the cut alone
# (grown 5 px) 964/6744/65
NUMBER_RIM = 0.1
LINE_GROW = 7
NUMBER_INK = 0.3  # px darker than the tile's face by this share of the face-to-letter contrast
# (0.2, 0.25, 0.35 and 0.4 found fewer numbers in the tile's own place or more in another's)
# the marks in the place of the tile's own turn with the start finder's mask, 5-95 % (in another's):
NUMBER_HEIGHT = 0.12  # a digit at least this tall (0.09-0.38; in another's 0.08-0.48, half under 0.13)
NUMBER_TOP = 0.3  # its top at least this far below the letter's middle (0.39-0.92; 0.0-1.23)
NUMBER_GAP = 0.8  # its left at most this far right of the letter's right (0.08-0.63; 0.0-0.74)
NUMBER_LOW = 0.6  # its bottom at most this far below the letter's bottom (0.13-0.55; -0.22-0.95)


def value_number_sides(cell_bgr: np.ndarray) -> np.ndarray | None:
    """Ink (px) of digit-shaped marks in the four places the small value number can be, for a tile
    turned 0/90/180/270 degrees clockwise: right of the letter and low beside it when upright, and
    so on turned (the window turned back by np.rot90(window, quarter) shows it low and right).
    Summed over two masks: the letter's (ink_mask) and one at the fainter NUMBER_INK level, which
    finds faint numbers but runs a number into a thick tile's shadow (rendered dev 75016 board-048:
    one of the board's 84 tiles numbered with it alone). None where no letter is found, lying as the
    window shows it or on its side.
    letter_box takes letters as they stand, and a letter lying on its side (a tile turned a quarter)
    can be too flat or too wide for it (an I, S, E, D, J): its letter is then looked for in the window
    turned a quarter. On the pool squares of rendered dev seeds 103043 and 104044 (60 boards each, and
    150 boards each of 1-8 tiles; /tmp/vturn/variants.py) this numbered 122 more lettered tiles, all
    in their own turn, and none of the blanks and empty squares looked at (4833/7 own/other now)."""
    return _sides_either_way(cell_bgr, letter_ink)


def stroke_number_sides(cell_bgr: np.ndarray) -> np.ndarray | None:
    """value_number_sides with the letter and its digits found in the strokes' mask (stroke_mask) in
    place of the plain ink's: for a window whose plain ink shows no letter either way (glare or shadow
    across the tile runs its Otsu level into the face; a dark tile on a light board is all ink), as
    glyph_image reads such a letter from its strokes. On the pool squares of rendered dev seeds 103043 and
    104044 (60 boards each, and 150 boards each of 1-8 tiles) where value_number_sides finds no letter
    (/tmp/vfew/var2.py, with the reader's letter check): 50 more lettered tiles numbered in their own
    turn, 1 in another (f103043 board-147's O: broken dashes of the tile's top edge), none of the 71
    blanks and 107 empty squares looked at."""
    return _sides_either_way(cell_bgr, lambda cell: _ink_parts(stroke_mask(cell)))


# EDGE_CONTINUED: a piece placed as the upright tile's own value number (place 0) that is the tile's own edge or bevel
# (its right or bottom edge broken into short dark runs, which _components_off_lines leaves since they do not reach the
# window's rim) continues beyond its end along its length, where a printed digit stands on the face: the darkest px
# across the piece's width, beyond its top (a piece at least as tall as wide) or its left (a flatter one), as far as its
# own length, median over that run, as a share of the face-to-letter contrast (the NUMBER_INK levels). Marked blanks
# asked by MARK_NUMBERED on rendered dev boards (/tmp/vnumbered33/feat.py, ext.py): 304304-043 (3,9), -056 (5,10),
# 307307-042 (4,9), -091 (10,7), 309309-049 (8,9), 311311-031 (2,3), 296296-027 (5,8), 297297-016 (8,7), 298298-060
# (8,6), 301301-034 (8,7): 0.33-0.50 for every piece; left under it: 311311-000 (12,7) 0.16, 313313-001 (5,5) 0.27 and
# 0.37, (10,11) 0.19, 290290-004 (10,5) 0.28-0.32, -064 (10,7) 0.24. Lettered tiles' pieces (12750 windows of 300 dev
# boards): median 0.06, 99th percentile 0.38, so the piece alone does not decide: 47 windows have every piece at 0.3 or
# more (Q and G tails, ...), all with a letter read, which no mark test reaches. Every blank it reads on dev is in a
# window of dark print; the one lettered tile it asked (294294-061 (7,6), a T under shade whose window the levels take
# for a light letter's, its darkness then the face's brightness) is not, so a light letter's window is left out (every
# square it changes: see MARK_NUMBERED in vision.reader).
EDGE_CONTINUED = 0.3


def numbered_by_edge_alone(cell_bgr: np.ndarray) -> bool:
    """Whether every piece value_number_sides (or stroke_number_sides) places as an upright tile's own value number
    continues the tile's edge (EDGE_CONTINUED) and at least one is placed there; False where the letter is found only
    in the window turned a quarter (those places are not looked at here)."""
    turned = np.ascontiguousarray(np.rot90(cell_bgr))
    for find in (letter_ink, lambda cell: _ink_parts(stroke_mask(cell))):
        ink = find(cell_bgr)
        if ink is not None:
            return _edge_pieces_only(cell_bgr, ink)
        if find(turned) is not None:
            return False
    return False


def _edge_pieces_only(cell_bgr: np.ndarray, ink: LetterInk) -> bool:
    """numbered_by_edge_alone of the letter found (`ink`), in its mask and the NUMBER_INK one as _number_sides."""
    mask, components, box = ink
    size = max(box[2] - box[0], box[3] - box[1])
    gray = _grey(cell_bgr)
    levels = _ink_levels(gray)
    if levels[4]:
        return False  # a light letter's window: see EDGE_CONTINUED
    darkness = _darkness(gray, levels)
    pieces = [row for stats in (_components_off_lines(mask, size, components),
                                _components_off_lines(_number_mask(gray, levels), size))
              for row in stats[1:] if _placed_digits(np.vstack([stats[0], row]), box, mask.shape[0])[0] > 0]
    return bool(pieces) and all(_edge_continued(darkness, row) for row in pieces)


def _darkness(gray: np.ndarray, levels: Levels) -> np.ndarray:
    """Each px's darkness as a share of a dark letter's contrast to the face (0 the face: the 60th percentile of the
    window's centre, 1 the letter: its 2nd), the levels as _number_mask takes them."""
    p2, _, p60, _, _ = levels
    return (p60 - gray.astype(np.float32)) / max(1.0, p60 - p2)


def _edge_continued(darkness: np.ndarray, row: list[int] | np.ndarray) -> bool:
    """Whether a piece (a stats row of an INSET mask) continues beyond its top (or its left, if flatter than tall) as
    far as its own length at EDGE_CONTINUED of the contrast (see there)."""
    x, y, w, h = (int(v) + (INSET if i < 2 else 0) for i, v in enumerate(row[:4]))
    if h >= w:
        beyond = darkness[max(0, y - h):y, x:x + w].max(axis=1, initial=-np.inf)
    else:
        beyond = darkness[y:y + h, max(0, x - w):x].max(axis=0, initial=-np.inf)
    return beyond.size > 0 and float(np.median(beyond)) >= EDGE_CONTINUED


def _sides_either_way(cell_bgr: np.ndarray, find: Callable[[np.ndarray], LetterInk | None]) -> np.ndarray | None:
    """value_number_sides of the letter that `find` finds in the window as it is, or else in the window
    turned a quarter (the places rolled back); None where it finds none either way."""
    sides = _number_sides(cell_bgr, find(cell_bgr))
    if sides is not None:
        return sides
    turned = np.ascontiguousarray(np.rot90(cell_bgr))
    sides = _number_sides(turned, find(turned))
    return None if sides is None else np.roll(sides, 1)  # the turned window's place q is the window's q + 1


def _number_sides(cell_bgr: np.ndarray, ink: LetterInk | None) -> np.ndarray | None:
    """value_number_sides of the letter found (`ink`: a mask of the window as it is, its components
    and the letter's box), digits looked for in that mask and the NUMBER_INK one."""
    if ink is None:
        return None
    mask, components, box = ink
    size = max(box[2] - box[0], box[3] - box[1])
    gray = _grey(cell_bgr)
    letters = _components_off_lines(mask, size, components)
    numbers = _components_off_lines(_number_mask(gray, _ink_levels(gray)), size)
    return _placed_digits(letters, box, mask.shape[0]) + _placed_digits(numbers, box, mask.shape[0])


def _components_off_lines(mask: np.ndarray, size: int, components: tuple | None = None) -> np.ndarray:
    """The components' stats (cv2.connectedComponentsWithStats) of an ink mask with its long straight
    lines taken out of the components that reach the window's rim: runs across or down longer than the
    letter's `size` (the tile's own edge lines), grown by LINE_GROW px. Components off the rim stay whole.
    `components`: the mask's own (8-connected), when the caller has them already."""
    _, labels, stats, _ = components or cv2.connectedComponentsWithStats(mask, connectivity=8)
    rim = at_rim(stats, mask.shape[0])
    rim[0] = False  # the background
    if not rim.any():
        return stats
    k = int(size) + 1
    lines = cv2.bitwise_or(cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((1, k), np.uint8)),
                           cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((k, 1), np.uint8)))
    lines = cv2.dilate(lines, np.ones((LINE_GROW, LINE_GROW), np.uint8))
    cut = cv2.bitwise_and(rim.astype(np.uint8)[labels], lines)
    if not cut.any():
        return stats
    return cv2.connectedComponentsWithStats(cv2.subtract(mask, cut), connectivity=8)[2]


def _placed_digits(stats: np.ndarray, box: tuple[int, int, int, int], n: int) -> np.ndarray:
    """value_number_sides of one mask of an n-px window: the area of its components (their
    cv2.connectedComponentsWithStats rows, the first the background) shaped and placed as a value
    number beside the letter's `box`, in each of the four places. (The few digit-shaped components
    are placed one by one: numpy's work on a handful of rows cost more than the arithmetic.)"""
    x0, y0, x1, y1 = (float(v) for v in box)
    size = max(x1 - x0, y1 - y0)
    zones = np.zeros(4, np.float32)
    # a digit is short and has some thickness, and does not reach the window's rim (the tile's edge)
    digits = [row for row in stats[1:].tolist() if not (row[0] <= 0 or row[1] <= 0 or row[0] + row[2] >= n
                                                       or row[1] + row[3] >= n)
              and max(row[2], row[3]) <= 0.7 * size and min(row[2], row[3]) >= 2]
    if not digits:
        return zones
    letter = [_turned_back((x0, y0, x1, y1), n, quarter) for quarter in range(4)]
    for x, y, w, h, area in digits:
        for quarter, (_, l_top, l_right, l_bottom) in enumerate(letter):
            left, top, right, bottom = _turned_back((x, y, x + w, y + h), n, quarter)
            if (left >= l_right - 1 and left - l_right <= NUMBER_GAP * size
                    and top - (l_top + l_bottom) / 2 >= NUMBER_TOP * size
                    and bottom - top >= NUMBER_HEIGHT * size and bottom - l_bottom <= NUMBER_LOW * size
                    and min(n - right, n - bottom) >= NUMBER_RIM * n):
                zones[quarter] += area
    return zones


def at_rim(stats: np.ndarray, n: int) -> np.ndarray:
    """Which components (cv2.connectedComponentsWithStats rows) of an n-px mask reach its rim."""
    x, y, w, h = (stats[:, i] for i in range(4))
    return (x <= 0) | (y <= 0) | (x + w >= n) | (y + h >= n)


def _number_mask(gray: np.ndarray, levels: Levels) -> np.ndarray:
    """Ink mask (uint8 0/1, INSET px of the rim left out as ink_mask does) at NUMBER_INK of the way
    from the face of the window's centre (its 60th percentile) to the letter (its 2nd), for dark or
    light letters alike; `levels`: the window's _ink_levels (a light letter's are those of the window
    turned negative: its 2nd percentile 255 less the 98th, and so on)."""
    n = gray.shape[0]
    inner = gray[INSET:n - INSET, INSET:n - INSET]
    p2, p40, p60, p98, light = levels
    if light:
        inner = 255 - inner
        p2, p60 = 255 - p98, 255 - p40
    level = p60 - NUMBER_INK * (p60 - p2)
    return (inner <= level).astype(np.uint8)


_Edge = TypeVar("_Edge", float, np.ndarray)


def _turned_back(boxes: tuple[_Edge, _Edge, _Edge, _Edge], n: int, quarter: int) -> tuple[_Edge, _Edge, _Edge, _Edge]:
    """Boxes (left, top, right, bottom; px edges) in an n-px window, where they are once the window
    is turned by np.rot90(window, quarter) (counterclockwise): a tile turned `quarter` clockwise
    quarters shows upright."""
    left, top, right, bottom = boxes
    for _ in range(quarter % 4):
        left, top, right, bottom = top, n - right, bottom, n - left
    return left, top, right, bottom
