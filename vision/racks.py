"""Counting the tiles standing on a rack from what the camera over the board sees of them.

The tiles stand in the rack's groove facing their owner and lean back against the rack's
back wall (on the board's side): the camera sees their tops and a strip of their plain
backs above that wall, never their letters. `read_rack` counts them from the tile width the
board gives (vision.rack_find finds the racks and their zones at setup; vision.rack_face_down
counts tiles lying face down beside a rack). Measured by `python -m vision.rack_bench`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Generic, Hashable, Iterator, TypeVar

import cv2
import numpy as np

from vision.board_scale import grid_to_frame, square_px
from vision.rack_comb import (EDGE_LOSS, PITCH_STEPS, SEAM_MARGIN, TABLE_END, UNSURE_FRACTION, Comb,
                              comb_decide, comb_options, fit_decides, runs_whole, seams_decide, seams_rank, seams_show,
                              seams_shown, tile_runs, tiles_alike, tiles_solid, trim_table_ends)

if TYPE_CHECKING:
    from vision.rack_tops import TopsProfile

FACE_REACH = 2.0  # a rack tile's colour may be this many tolerances from the board tile colour

# ---------------------------------------------------------------------------------------
# Racks as the camera over the board really sees them (issue 18): the tops of the tiles
# standing in the rack and a strip of their plain backs above the rack's back wall, never
# their letters. Counted from the tile width the board gives (a tile is about as wide as a
# square) and from the seams between tiles pushed together; a rack the camera cannot see
# well enough (a hand over it, out of the frame) is unknown (None), never a count.
# Every threshold below is taken from the rendered geometry of vision.synth.racks (real
# rack and tile dimensions) and checked by `python -m vision.rack_bench`.
# ---------------------------------------------------------------------------------------

ROWS_PER_PX = 1  # the strip's rows per px along it (dev seeds 5000000-5000399: 1, 2, 3 read 93.8, 92.8, 91.9 %)
PX_PER_TILE = 14.0  # the strip is resampled so one tile width is about this many px (dev seeds
# 5000000-5000399 with setup: 14, 18, 22 px read 93.6, 93.8, 93.1 %; 18 px costs 1.6x the CPU time)
TILE_PER_SQUARE = (0.86, 1.0)  # tile width / square side: 19 mm tiles on 19-22 mm squares
# (vision.synth.racks sources); the band in between is the prior for the pitch
TILE_PER_SQUARE_MEAN = float(np.mean(TILE_PER_SQUARE))
OUT_OF_FRAME_PX = 2.0  # a zone corner farther out than this: the rack may hold tiles unseen
RAISED = (1.035, 1.075)  # the scale at the tiles' tops (22-23 mm over the table) / the table's: a
# camera that sees the racks 20-30 deg off vertical hangs 300-650 mm over the table (rendered
# racks, seeds 7300000-7300299: 1.035-1.074, median 1.053)
RAISED_MEAN = float(np.mean(RAISED))
RACK_LIGHTNESS_WEIGHT = 0.35  # as on the board: the backs of leaning tiles face down and are darker than their tops
END_COLUMNS = 2  # the zone reaches 3 mm past the rack's ends (rack_outline): its first and last two
# columns (1.5-2 mm at 14 px a tile) show table or the rack's end walls, never a standing tile
BLOCKED_SHARE = 0.25  # pitches of the rack's length covered (a hand) before the rack is unknown
MIN_TILE_ROW = 0.06  # one tile on a pro rack fills 19/256 of the zone's length
BAND_SHARE = 0.34  # a column is a tile's when a third of the band's rows are (the band may sit a row off)
MIN_RACK_SHARE = 0.2  # the rack's body fills >= 0.35 of its zone in every rendered view
MIN_CONTRAST = 12.0  # tile and rack closer than this (weighted Lab) are not told apart
FULL_ROW = 0.94
TABLE_CONTRAST = 16.0  # tiles closer than this to the table's colour are not told from a strip of
# table along the rack (dev renders: a white table under ivory tiles read 2 tiles as 8)
MAX_BAND = 0.7  # rows of tile colour at most, in pitches: a tile's top (3.5-5 mm) and the strip of
# its back above the wall (< 8 mm in every rendered view) are < 13 mm = 0.7 of a 19 mm tile
RACK_LIMIT = 7
OVER_BAND_ROWS = 2  # rows of tile colour a count over seven needs, setup or not (dev seed 179: one
# row along the edge of a wooden rack, its grain dipping like seams, read 3 tiles as 9; seed 7000909,
# with setup: one row of a light table under a blue rack read 1 tile as 9)


@dataclass(frozen=True)
class RackReading:
    count: int | None  # tiles standing on the rack; None = unknown
    face_down: int = 0  # tiles lying face down beside it (DRAW-01)
    blocked: bool = False  # something (a hand) covers part of the rack
    reason: str = ""  # why the count is unknown


def rack_square_px(board_corners: np.ndarray, zone: np.ndarray) -> float:
    """A board square's side in the frame as it would be at the rack in `zone`, on the table's
    plane (the board's own plane carried on to the rack: a camera tilted a few degrees makes the
    table at a rack 0.92-1.11x the board's mean square, rendered racks, seeds 7300000-7300299).
    Pass it to read_rack/learn_rack as `square_px`."""
    c = np.asarray(board_corners, np.float32).reshape(4, 2)
    to_frame = grid_to_frame(c)
    centre = np.asarray(zone, np.float64).reshape(4, 2).mean(axis=0)
    q = np.linalg.solve(to_frame, np.array([centre[0], centre[1], 1.0]))  # the zone's middle on the board's plane
    w = float(to_frame[2] @ (q / q[2]))
    # the homography's local area scale there: det(H) / w^3 frame px^2 per square
    area = abs(float(np.linalg.det(to_frame)) / w ** 3) if abs(w) > 1e-9 else 0.0
    mean = square_px(c)
    local = float(np.sqrt(area))
    # far beyond the board (a wild corner) the extrapolation means nothing: keep to the board's mean then
    return local if 0.7 * mean <= local <= 1.4 * mean else mean


def _rectify(frame: np.ndarray, zone: np.ndarray, square_px: float) -> tuple[np.ndarray, float]:
    """The zone warped to a strip along the rack (its first edge on top), scaled so one tile
    width is about PX_PER_TILE px. Returns (strip, px per square in the strip)."""
    z = np.asarray(zone, np.float32)
    w, h, k = _strip_size(z, square_px)
    matrix = _perspective(z, np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32))
    strip = cv2.warpPerspective(frame, matrix, (w, h), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    return strip, square_px * k


Key = TypeVar("Key", bound=Hashable)
Made = TypeVar("Made")


class MadeOnce(Generic[Key, Made]):
    """What rack counting makes from where a zone, the board and the frame are (never from the
    frame's pixels), kept for the frames that follow: the live kiosk looks at the same zones frame
    after frame. Keyed by what it is made from (arrays as bytes); all forgotten once `size` are kept
    (a zone or a board that moved leaves its old ones behind)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: dict[Key, Made] = {}

    def get(self, key: Key, make: Callable[[], Made]) -> Made:
        """The value kept for `key`, made by `make()` when there is none."""
        if key in self._kept:
            return self._kept[key]
        if len(self._kept) >= self.size:
            self._kept.clear()
        made = self._kept[key] = make()
        return made

    def clear(self) -> None:
        self._kept.clear()


def _perspective(quad: np.ndarray, target: np.ndarray) -> np.ndarray:
    """cv2.getPerspectiveTransform(quad, target) (float32 4x2 each), made once for the frames that
    follow: the live kiosk warps the same zone and strips of table frame after frame."""
    return _MATRICES.get(quad.tobytes() + target.tobytes(), lambda: _kept_matrix(quad, target))


def _kept_matrix(quad: np.ndarray, target: np.ndarray) -> np.ndarray:
    """cv2.getPerspectiveTransform(quad, target), read-only: it is kept (MadeOnce) for later frames."""
    matrix = cv2.getPerspectiveTransform(quad, target)
    matrix.flags.writeable = False
    return matrix


MATRICES_KEPT = 64  # two racks' zones and finer strips (one a band a frame), and some to spare
_MATRICES: MadeOnce[bytes, np.ndarray] = MadeOnce(MATRICES_KEPT)
_STRIP_SIZES: MadeOnce[tuple[bytes, float], tuple[int, int, float]] = MadeOnce(MATRICES_KEPT)


def _strip_size(z: np.ndarray, square_px: float) -> tuple[int, int, float]:
    """The strip's width and height (px) for zone `z` (float32), and its scale (strip px per frame px);
    made once for the frames that follow."""
    return _STRIP_SIZES.get((z.tobytes(), float(square_px)), lambda: _strip_size_made(z, square_px))


def _strip_size_made(z: np.ndarray, square_px: float) -> tuple[int, int, float]:
    length = float(np.linalg.norm(z[1] - z[0]) + np.linalg.norm(z[2] - z[3])) / 2
    depth = float(np.linalg.norm(z[3] - z[0]) + np.linalg.norm(z[2] - z[1])) / 2
    k = PX_PER_TILE / (square_px * TILE_PER_SQUARE_MEAN)
    return max(8, int(round(length * k))), max(8, int(round(depth * k * ROWS_PER_PX))), k


DARK_L = 80.0  # 8-bit L: a band of tiles darker than this (median over its tile columns) has its seams
# looked for in a finer strip (_fine_light). Dev racks of 7650000-7650999: navy and maroon tiles' bands
# 26-63; wood, the darkest light tiles, would be about 95 at 0.5 of its board L (SHADE's deepest; estimated
# from the preset, not measured), and the dev bench's readings of light tiles were all the same with it
FINE = 3  # the finer strip's columns per strip column: one sample every 0.9 frame px at 40 px squares


def seam_light(frame: np.ndarray, zone: np.ndarray, square_px: float, band: tuple[int, int], light: np.ndarray,
               column: np.ndarray) -> np.ndarray:
    """The band's light along the strip its seams are looked for in: `light` (its rows' mean L), or for a
    dark band (its tile columns', `column`, median under DARK_L) the brightest channel on the finer strip
    (_fine_light). One rule for reading a rack (_columns) and for learning it by its tops (vision.rack_tops)."""
    if column.any() and float(median_colour(light[column])) < DARK_L:
        return _fine_light(frame, np.asarray(zone, np.float32), square_px, band)
    return light


def _fine_light(frame: np.ndarray, z: np.ndarray, square_px: float, band: tuple[int, int]) -> np.ndarray:
    """The band's light along the strip for dark tiles: each pixel's brightest channel (HSV's
    value), each column the darkest of FINE columns of a strip FINE times finer along the rack.
    Finer: warpPerspective samples the frame (INTER_AREA is bilinear there): at 14 px a tile a
    strip column stands for 2.6 frame px at 40 px squares, and a seam 1-2 px wide between dark
    tiles falls between samples, its dip 1-3 L where the frame shows it (dev seeds 7650000-7650999,
    navy and maroon tiles rendered again with 8 and 9 on each rack, the 23 learnt racks of one run
    not read: the true total's seams 0.3-4 L deeper for 17 of them, every other total's -0.6 to
    +0.9). The brightest channel: a seam's shade dims every channel by the same share, and L
    weighs a navy tile's blue 0.07 and a maroon tile's red 0.21, so the channel the tile's light
    is in shows the seam in the most levels (dev seeds 7670000-7670299, dark tiles rendered with
    8 and 9: 7670226 p2, eight navy tiles, seams 2.7 L against nine's 0.6, 6.1 against 2.4 so;
    7670224 p1 4.3 against 2.5 L, 6.4 against 2.3). The comb's levels (SEAM_MIN, SEAM_MARGIN,
    SEAM_SHOWN, TABLE_STEP) then count in that channel."""
    w, h, _ = _strip_size(z, square_px)
    y0, y1 = band
    matrix = _perspective(z, np.array([[0, -y0], [w * FINE, -y0], [w * FINE, h - y0], [0, h - y0]], np.float32))
    fine = cv2.warpPerspective(frame, matrix, (w * FINE, y1 - y0), flags=cv2.INTER_AREA,
                               borderMode=cv2.BORDER_REPLICATE)
    light = fine.max(axis=2).astype(np.float32).mean(axis=0)
    return light.reshape(w, FINE).min(axis=1)


def weighted_lab(strip: np.ndarray) -> np.ndarray:
    return weight_lab(cv2.cvtColor(strip, cv2.COLOR_BGR2LAB))


def weight_lab(lab8: np.ndarray) -> np.ndarray:
    """8-bit Lab (cv2.cvtColor's) as float32 with the lightness weighted (RACK_LIGHTNESS_WEIGHT)."""
    lab = lab8.astype(np.float32)
    lab[..., 0] *= RACK_LIGHTNESS_WEIGHT
    return lab


def lab_norm(diff: np.ndarray) -> np.ndarray:
    """np.linalg.norm(diff, axis=-1) of colour differences (3 channels last), to the same bits
    (the squares summed in its order) at half its CPU time: it runs a dozen times a reading."""
    return np.sqrt(diff[..., 0] * diff[..., 0] + diff[..., 1] * diff[..., 1] + diff[..., 2] * diff[..., 2])


def colour_gap(a: np.ndarray, b: np.ndarray) -> float:
    """float(np.linalg.norm(a - b)) of two colours (1-D), to the same bits (numpy's norm of a vector is
    the square root of its dot with itself) without its overhead: a reading takes a dozen."""
    d = a - b
    return float(np.sqrt(d.dot(d)))


def channel_planes(lab: np.ndarray) -> np.ndarray:
    """A colour image's channels (last axis) as contiguous planes (3 x H x W): lab_distance's input."""
    return np.ascontiguousarray(lab.transpose(lab.ndim - 1, *range(lab.ndim - 1)))  # (np.moveaxis(lab, -1, 0))


def lab_distance(planes: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """lab_norm(lab - colour) from the image's channel_planes, to the same bits (the same
    differences, their squares summed in its order) at a fifth of its CPU time: each step on a
    contiguous plane, in place. A reading takes its strip's distance to a colour a dozen times."""
    x = planes[0] - colour[0]
    x *= x
    y = planes[1] - colour[1]
    y *= y
    x += y
    y = planes[2] - colour[2]
    y *= y
    x += y
    return np.sqrt(x, out=x)


def bool_mean(mask: np.ndarray, axis: int) -> np.ndarray:
    """mask.mean(axis) of a boolean array, to the same bits (whole counts over the same n), at
    half its CPU time: it runs a dozen times a reading."""
    return np.add.reduce(mask.view(np.uint8), axis=axis, dtype=np.int32) / mask.shape[axis]


def median_colour(values: np.ndarray) -> np.ndarray:
    """np.median(values, axis=0) (N x 3 colours, or rows of colours), to the same bits (the same
    middle values, the same mean of two), without its overhead: partitioned in a contiguous copy."""
    if len(values) == 0:
        return np.median(values, axis=0)
    last = np.ascontiguousarray(values.transpose(*range(1, values.ndim), 0))  # (np.moveaxis(values, 0, -1))
    half = last.shape[-1] // 2
    if last.shape[-1] % 2:
        last.partition(half, axis=-1)
        return last[..., half].copy()
    last.partition((half - 1, half), axis=-1)
    return np.mean(last[..., half - 1:half + 1], axis=-1)


_CODES = np.repeat(np.arange(256, dtype=np.uint8)[:, None, None], 3, axis=2)
_CODE_VALUES = np.ascontiguousarray(weight_lab(_CODES)[:, 0].T).ravel()  # [channel * 256 + 8-bit code] -> weighted Lab
_CHANNEL_STARTS = np.arange(3)  # each channel's pixels counted before its bins, in n's (_lab_histogram)


def median_lab(lab8: np.ndarray, mask: np.ndarray | None = None) -> np.ndarray:
    """np.median(weight_lab(lab8)[mask], axis=0) of an 8-bit Lab image (or N x 3 pixels), to
    the same bits, from each channel's histogram (no copy of the pixels picked): the weighting
    keeps the codes' order, so the middle codes give the middle values (and their mean, as
    np.median takes it, for an even count). NaN for no pixel, as np.median."""
    return _median_of(*_lab_histogram(lab8, mask))


def _lab_histogram(lab8: np.ndarray, mask: np.ndarray | None = None) -> tuple[np.ndarray, int]:
    """The cumulative histogram of an 8-bit Lab image's pixels (in `mask`), its three channels' 256
    bins one after another (channel c's counts run on from c times their number), and their number:
    the histograms of two images add up to their union's (for median_lab's)."""
    image = lab8.reshape(-1, 1, 3) if lab8.ndim == 2 else lab8
    picked = None if mask is None else mask.view(np.uint8)
    n = int(image.shape[0] * image.shape[1]) if mask is None else int(np.count_nonzero(mask))
    if n == 0:
        return np.zeros(768, np.float64), 0
    # (whole counts, exact in float64)
    return np.concatenate([cv2.calcHist([image], [c], picked, [256], [0, 256]) for c in range(3)]).cumsum(
        dtype=np.float64), n


def _median_of(below: np.ndarray, n: int) -> np.ndarray:
    """median_lab from a cumulative histogram of n pixels (_lab_histogram): each channel's first code
    counting more than half its pixels (a channel's bins hold c * n before its own counts)."""
    if n == 0:
        return np.full(3, np.nan, np.float32)
    low = _CODE_VALUES[np.searchsorted(below, _CHANNEL_STARTS * n + (n - 1) // 2, side="right")]
    if n % 2:
        return low
    # np.median's mean of the two middle values: their float32 sum halved
    return (low + _CODE_VALUES[np.searchsorted(below, _CHANNEL_STARTS * n + n // 2, side="right")]) / np.float32(2)


def _middle(width: int) -> slice:
    """The middle 80 % of a strip's columns (at least one): the rack's length away from its ends,
    where the wall, the lip and the groove show whatever the rack's ends do."""
    return slice(int(0.1 * width), max(int(0.1 * width) + 1, int(0.9 * width)))


def _band(cand: np.ndarray, table_like: bool = False, rack: np.ndarray | None = None,
          backed_only: bool = False, max_rows: float = np.inf) -> tuple[int, int] | None:
    """Rows of the strip where the tiles' tops and backs are: the rows with most
    tile-coloured pixels, and their neighbours as long as they hold half as many.
    `table_like`: the table is the tiles' colour (a white table under white tiles);
    `rack`: pixels of the rack's colour: the tiles lean on its wall, which shows right above
    them in the strip (the board's side first), so the band starts under it;
    `backed_only`: only a band right under the wall (None when there is none);
    `max_rows`: the most rows tiles' tops and backs fill (MAX_BAND pitches)."""
    rows = bool_mean(cand, 1)
    share = rows.copy()
    if table_like:
        # the zone's ends show the table beside the rack in every row, tiles' rows too: a row
        # of table is one of tile colour all along, with no groove or rack end showing
        # (nine tiles pushed together show 1-3 px of groove at each end; renders: a band row
        # is <= 0.9 tile colour, a table row >= 0.97)
        rows[rows > FULL_ROW] = 0.0
    elif not backed_only:
        # a row of tile colour out to both ends of the zone is the table or the board, not tiles
        # (nine tiles pushed together fill a rack but not the zone's ends; dev seed 206 read 9 as 0)
        rows[cand[:, :END_COLUMNS].any(axis=1) & cand[:, -END_COLUMNS:].any(axis=1)] = 0.0
    if rack is not None:
        # the tiles lean on the rack's wall: their band starts right under a row that is wall
        # (not tile colour) nearly all along the rack; the row with most tile colour there is
        # the band's (dev seed 5000027: the board's cream rim along the zone's board-side edge
        # took the band from ivory tiles; 5000032: a row of the lip between four tiles, under
        # the groove between them, did)
        wall_row = bool_mean(~cand[:, _middle(cand.shape[1])], 1) >= WALL_SHARE
        # under a wall row within WALL_ROWS, and the rack's lip (a wall row) a few rows further down
        under, over_lip = _rows_near(wall_row, WALL_ROWS * ROWS_PER_PX, 2 * WALL_ROWS * ROWS_PER_PX)
        under &= ~wall_row
        # rows between the wall and the lip count whole, even with tile colour out to the zone's
        # ends (dev seed 7200272: nine grey tiles filling a rack, its end walls grey in the light)
        backed_rows = np.where(under, np.where(over_lip, share, rows), 0.0)
        sandwiched = under & over_lip
        if (sandwiched & (share >= MIN_TILE_ROW)).any():
            # tiles stand between the wall and the lip: a row under the lip with none further
            # down is the table beyond the rack (dev seed 9600178: a table the tiles' colour
            # blurred into the row under a pro rack's lip, 0.85 of it, took the band from
            # seven tiles' 0.58 between wall and lip; read blocked)
            backed_rows = np.where(sandwiched, backed_rows, 0.0)
        start = int(np.argmax(backed_rows))
        if backed_only:
            # the first such row from the board's side: rows of table under the rack's lip are
            # backed by the lip (dev seed 7100139: the table under a wooden rack took the band)
            start = int(np.argmax(backed_rows >= BAND_SHARE))
        if backed_rows[start] >= MIN_TILE_ROW:
            rows[start] = max(float(rows[start]), 10.0)
        elif backed_only:
            return None
    elif backed_only:
        return None
    lip = wall_row if rack is not None else None
    peak = int(np.argmax(rows))
    if rows[peak] < MIN_TILE_ROW:
        return None
    level = float(share[peak])
    if rows[peak] >= 10.0 and lip is not None:
        # a band right under the rack's wall and over its lip holds every row of tile colour in
        # between, out to the zone's ends or not (dev seed 7200312: nine tiles filling a rack end
        # to end, a light table beside it: the band kept only its first, blended row and read none)
        after = lip[peak + 1:peak + 1 + 2 * WALL_ROWS * ROWS_PER_PX]
        if after.any():
            inside = slice(peak + 1, peak + 1 + int(after.argmax()))
            level = max(level, float(share[inside].max(initial=0.0)))
            rows = rows.copy()
            rows[inside] = share[inside]
    y0, y1 = _grown(rows, peak, level)
    if table_like and rows[peak] >= 10.0:
        # on a table the tiles' colour, rows of tile colour all along were taken for table: a
        # band right under the rack's wall holds them too, when they end (the tiles' lower edge,
        # the lip's shade) within a tile's top and back (dev seeds 7650013, 7650028 p1: nine navy
        # tiles filling a wooden rack on a blue table, the band's other rows 0.97-1.0 tile colour,
        # a band of one row left, seams 6.5-18 L deep, not counted)
        g0, g1 = _grown(share, peak, level)
        if g1 + 1 - g0 <= max_rows and g0 > 0 and g1 < len(share) - 1:
            y0, y1 = min(y0, g0), max(y1, g1)
    return y0, y1 + 1


def _rows_near(marked: np.ndarray, above: int, below: int) -> tuple[np.ndarray, np.ndarray]:
    """Each row's having a `marked` row within `above` rows above it, and within `below` rows below it
    (the OR of that many shifted copies, from one running count of the marked rows)."""
    n = len(marked)
    counts = np.empty(n + above + 1 + below, np.int64)  # counts[above + 1 + i]: rows marked among the first i + 1
    counts[:above + 1] = 0
    np.cumsum(marked, out=counts[above + 1:above + 1 + n])
    counts[above + 1 + n:] = counts[above + n]
    # marked rows before row i: counts[above + i]; before row i - above: counts[i] (0 before the first)
    first = above + 1
    return (counts[above:above + n] > counts[:n],
            counts[first + below:first + below + n] > counts[first:first + n])


def _grown(rows: np.ndarray, peak: int, level: float) -> tuple[int, int]:
    """The first and last row of the rows around `peak` that hold at least half `level`."""
    y0 = y1 = peak
    while y0 > 0 and rows[y0 - 1] >= 0.5 * level:
        y0 -= 1
    while y1 < len(rows) - 1 and rows[y1 + 1] >= 0.5 * level:
        y1 += 1
    return y0, y1


def _lip_under(is_rack: np.ndarray, band: tuple[int, int]) -> bool:
    """Does the rack show right under the band (its front lip, beyond the tiles' tops: the
    camera's line over a tile's top meets the 6-7 mm lip 2-4 mm from the tile, vision.synth.racks)?"""
    below = is_rack[band[1]:band[1] + LIP_ROWS * ROWS_PER_PX, _middle(is_rack.shape[1])]
    return bool(len(below)) and float(bool_mean(below, 1).max()) >= 0.5


LIP_ROWS = 3  # rows under the tiles' band where the lip shows


def _lip_span(is_rack: np.ndarray, band: tuple[int, int]) -> tuple[int, int] | None:
    """The first and last columns with the rack's lip under the band, when the lip shows under
    LIP_SEEN of the zone's columns at least; else None (the lip lit like the tiles or the table:
    nothing tells the rack's ends)."""
    lip = np.asarray(is_rack[band[1]:band[1] + LIP_ROWS * ROWS_PER_PX].any(axis=0), bool)
    if not len(lip) or np.count_nonzero(lip) / len(lip) < LIP_SEEN:  # (lip.mean(), to the same bits)
        return None
    return int(lip.argmax()), len(lip) - 1 - int(lip[::-1].argmax())


def _lip_ends(is_rack: np.ndarray, band: tuple[int, int]) -> np.ndarray:
    """The first column past each end of the rack's lip under the band (none marked when
    _lip_span finds none): no tile stands past the lip, so a run of tiles that stops right
    there ends at the rack's end, whatever the table beyond looks like (dev seed 7540759: eight
    ivory tiles, the last at a plastic rack's end, a table 0-10 L lighter beyond it with no
    dark line nor step, read unknown)."""
    ends = np.zeros(is_rack.shape[1], bool)
    if (span := _lip_span(is_rack, band)) is None:
        return ends
    first, last = span
    ends[max(0, first - 1)] = first > 0
    ends[min(len(ends) - 1, last + 1)] = last < len(ends) - 1
    return ends


SANDWICH_BELOW = 0.5  # a band whose best row is less than half tile colour is looked for again
# between the rack's wall and lip (seven tiles fill >= 0.55 of a rack's middle, nine 0.7-0.95)


PITCH_SLACK = 0.03  # the table's scale at the rack (rack_square_px) is known to +-3 % (the rack's own turn)
SETUP_SLACK = 0.02  # the pitches that read seven tiles at setup, widened this much (dev seeds 5000000-5000399: 0, 0.01, 0.02 read 93.1, 93.1, 93.2 %)
WALL_ROWS = 4  # rows above a tile's top where its rack's wall shows (tiles lean on it)
WALL_SHARE = 0.9  # a row of the wall is this much not tile colour over the rack's middle 80 %
WALL_END = 1.3


def prior_pitches(square: float) -> tuple[float, float]:
    """The tile pitches the board's square allows in a rack's strip whose square is `square` px
    (a tile 0.86-1.0 of a square, raised by its lean, the scale at the rack known to PITCH_SLACK)."""
    return (square * TILE_PER_SQUARE[0] * RAISED[0] * (1 - PITCH_SLACK),
            square * TILE_PER_SQUARE[1] * RAISED[1] * (1 + PITCH_SLACK))


@dataclass(frozen=True)
class RackProfile:
    """What setup learned about one rack, with seven tiles on it (find_racks/learn_rack):
    where the tiles' tops and backs run in the zone's strip and the colours there."""
    band: tuple[int, int]  # rows of the strip (resampled as _rectify does)
    tile: tuple[float, float, float]  # weighted Lab of the tiles' tops/backs on this rack
    rack: tuple[float, float, float]
    table: tuple[float, float, float]
    pitch: float  # one tile's width along the strip, px
    edge: float = 0.0  # px a run of tiles pushed together shows less than its tiles' pitches
    pitch_range: tuple[float, float] | None = None  # every pitch that read the setup's tiles right
    rows: int = 0  # the strip's rows when learnt (0: not known): `band` holds in a strip as tall
    tops: TopsProfile | None = None  # tiles told by their tops' shape only (vision.rack_tops): read so

    @property
    def pitches(self) -> tuple[float, float]:
        """The lowest and highest pitch setup learnt (pitch_range, else the one pitch)."""
        return self.pitch_range or (self.pitch, self.pitch)


def zone_in_frame(frame: np.ndarray, z: np.ndarray) -> bool:
    h, w = frame.shape[:2]
    (x0, y0), (x1, y1) = z.min(axis=0).tolist(), z.max(axis=0).tolist()
    return not (x0 < -OUT_OF_FRAME_PX or y0 < -OUT_OF_FRAME_PX or x1 > w - 1 + OUT_OF_FRAME_PX
                or y1 > h - 1 + OUT_OF_FRAME_PX)


@dataclass(frozen=True)
class _Found:
    table: np.ndarray
    rack: np.ndarray
    band: tuple[int, int] | None
    is_tile: np.ndarray
    is_rack: np.ndarray
    d_tile: np.ndarray
    d_rack: np.ndarray
    d_table: np.ndarray
    table_like: bool = False
    tile: np.ndarray | None = None  # the tiles' colour on this rack
    rack_seen: bool = True  # something neither table nor tile fills the zone as a rack does


def _to_segment(planes: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Each pixel's distance to the nearest blend of colours a and b (the segment a-b), from the
    image's channel_planes."""
    d = np.asarray(b - a, np.float32)
    n2 = float(d @ d)
    if n2 < 1e-6:
        return lab_distance(planes, a)
    # per channel (the same bits as diff @ d and lab_norm(diff - t[..., None] * d), a third of the CPU time)
    # (each step in place where numpy's would make a temporary: the same operations, in the same order)
    d0, d1, d2 = d[0], d[1], d[2]
    x, y, z = planes[0] - a[0], planes[1] - a[1], planes[2] - a[2]
    t = x * d0
    u = y * d1
    t += u
    np.multiply(z, d2, out=u)
    t += u
    t /= n2
    np.clip(t, 0.0, 1.0, out=t)
    for c, dc in ((x, d0), (y, d1), (z, d2)):
        np.multiply(t, dc, out=u)
        c -= u
        c *= c
    x += y
    x += z
    return np.sqrt(x, out=x)


def _find_tiles(lab: np.ndarray, lab8: np.ndarray, tile: np.ndarray, tolerance: float,
                max_band: float = np.inf) -> _Found | None:
    """Without a profile: the table (the zone's border ring), the rack (neither table nor
    tile), and the band of tile colour that stands within the rack and against its wall.
    `lab`: the strip's weighted Lab (weight_lab), `lab8` its 8-bit Lab."""
    ring = np.concatenate([lab8[:2].reshape(-1, 3), lab8[-2:].reshape(-1, 3), lab8[:, :2].reshape(-1, 3),
                           lab8[:, -2:].reshape(-1, 3)])
    table = median_lab(ring)
    planes = channel_planes(lab)
    d_tile = lab_distance(planes, tile)
    d_table = lab_distance(planes, table)
    rest = (d_tile > MIN_CONTRAST) & (d_table > MIN_CONTRAST)
    # the rack: what is neither table nor tile; a rack the colour of the table is the table's colour
    rack_seen = bool(np.count_nonzero(rest) / rest.size >= MIN_RACK_SHARE)  # (rest.mean(), to the same bits)
    rack = median_lab(lab8, rest) if rack_seen else table
    if colour_gap(rack, tile) < MIN_CONTRAST:
        return None
    table_like = colour_gap(table, tile) < TABLE_CONTRAST
    d_rack = lab_distance(planes, rack)
    is_rack = (d_rack < d_tile) & (d_rack <= d_table)
    d_mix = _to_segment(planes, rack, table)

    def tiles_by(d_tile: np.ndarray, reach: float, tile: np.ndarray, near_table: bool = True) -> np.ndarray:
        is_tile = (d_tile < d_rack) & (d_tile < reach)
        if near_table and colour_gap(table, tile) >= MIN_CONTRAST:
            # nearer the tile's colour than any blend of the rack's and the table's: the rack's
            # edge on the table, antialiased and blurred, is such a blend all along the rack
            # (dev seed 7200246: a brown rack's edge on a light blue table, a line of cream-like
            # pixels under three cream tiles, read as eight)
            is_tile &= d_tile < d_mix
        # (no cut to rows with some rack colour: a wall face lit like the table left no row of
        # tiles inside the rack, dev seed 5000021; _band starts the band under the wall instead)
        return is_tile

    # first with a wide reach: the tiles' backs face down and are darker than tiles lying on
    # the board; then with the colour the tiles have on this rack, in this light
    is_tile = tiles_by(d_tile, 2 * FACE_REACH * tolerance, tile)
    first = _band(is_tile, table_like, is_rack, max_rows=max_band)
    first_share = 0.0 if first is None else float(bool_mean(is_tile[first[0]:first[1]], 1).max())
    if first_share < SANDWICH_BELOW and not table_like:
        # the tiles' backs in the rack's shade may be nearer the table's colour than the board
        # tiles' (dev seed 7100139: ivory backs at L 123, a light grey table at 114, board tiles
        # at 160: eight tiles read as none; 7200312: nine cream tiles on a light table, a band
        # of scattered pixels read as none): tile colour right under the rack's wall, table or not
        shaded = tiles_by(d_tile, 2 * FACE_REACH * tolerance, tile, near_table=False)
        under = _band(shaded, table_like, is_rack, backed_only=True)
        # ... with the rack's lip right under them (not the table under an empty rack's body,
        # dev seed 7100031), no taller than tiles' tops
        if under is not None and _lip_under(is_rack, under) and under[1] - under[0] <= max_band \
                and float(bool_mean(shaded[under[0]:under[1]], 1).max()) > first_share:
            first, is_tile = under, shaded
            backs = median_lab(lab8[first[0]:first[1]], is_tile[first[0]:first[1]])
            table_like = colour_gap(table, backs) < TABLE_CONTRAST
    if first is not None and is_tile[first[0]:first[1]].any():
        tile = median_lab(lab8[first[0]:first[1]], is_tile[first[0]:first[1]])
        d_tile = lab_distance(planes, tile)
        is_rack = (d_rack < d_tile) & (d_rack <= d_table)
        is_tile = tiles_by(d_tile, FACE_REACH * tolerance, tile)
    band = _band(is_tile, table_like, is_rack, max_rows=max_band)
    if table_like and band is not None:
        is_tile = _past_rack_ends(is_tile, is_rack, band)
    return _Found(table=table, rack=rack, band=band, is_tile=is_tile, is_rack=is_rack,
                  d_tile=d_tile, d_rack=d_rack, d_table=d_table, table_like=table_like, tile=tile,
                  rack_seen=rack_seen)


LIP_SEEN = 0.8  # the lip shows under the band in this share of the zone's columns when it tells the
# rack's ends (dev seeds 9680191-9680449, racks turned in their zones: 0.89-0.94; 9680032, 9680141,
# 9680161, a lip lit like the table: 0.01, and every tile's run was left out with it)


def _past_rack_ends(is_tile: np.ndarray, is_rack: np.ndarray, band: tuple[int, int]) -> np.ndarray:
    """On a table the tiles' colour: the band's columns from each end of the zone up to the
    first with the rack's lip under the band are the table beyond the rack's end, not tiles
    (every tile stands in the groove, the lip under it: _lip_under). Dev seeds 9680191,
    9680196, 9680241, 9680449, 9680453 (setup frames, seven white or cream tiles on a dark
    rack turned in its zone): 6-7 px of table past the rack's end in the band's rows, a run no
    tile's width, read unknown and never learnt."""
    if (span := _lip_span(is_rack, band)) is None:
        return is_tile
    first, last = span
    out = is_tile.copy()
    out[band[0]:band[1], :first] = False
    out[band[0]:band[1], last + 1:] = False
    return out


def learn_rack(frame: np.ndarray, zone: np.ndarray, square_px: float, tile_lab: np.ndarray, tolerance: float,
               tiles: int = 7) -> RackProfile | None:
    """At setup, with `tiles` tiles standing on the rack: learn where their tops show in the
    zone, their colour there, and the tile pitch (the one that makes the runs seen `tiles`
    tiles). None when they cannot be found or do not come to `tiles`."""
    seen = _columns(frame, zone, square_px, tile_lab, tolerance, None)
    if isinstance(seen, RackReading):
        return None
    runs = tile_runs(seen.column, (seen.p_lo + seen.p_hi) / 2)
    if seen.table_like:
        profile = cv2.GaussianBlur(seen.light.reshape(1, -1).astype(np.float32), (0, 0), 0.7).ravel()
        runs, ends_found = trim_table_ends(runs, profile, len(seen.column), TABLE_END * seen.p_hi, seen.rack_col)
        if not ends_found:
            return None
        # as comb_count reads them: what is left of a run cut at the table is no tile's top
        runs = [(a, b) for a, b in runs if b - a >= 0.4 * seen.p_lo]
    if not runs:
        return None
    fits, pitches = tile_splits(runs, tiles, seen.p_lo, seen.p_hi)
    if len(fits) != 1:
        return None  # not the tiles we were told of, or not one way to split them into tiles
    # the pitches that make the runs seen exactly `tiles` tiles: a run of tiles in groups
    # may hold a gap of a few px (dev seed 5000240: runs of 1, 1, 1, 1 and 3 tiles gave 15.2 px
    # by their lengths, nine tiles pushed together later showed 14.0 px each)
    y0, y1 = seen.band
    pitch = (pitches[0] + pitches[-1]) / 2
    return RackProfile(band=(int(y0), int(y1)), tile=_triple(seen.tile), rack=_triple(seen.rack),
                       table=_triple(seen.table), pitch=pitch, edge=float(EDGE_LOSS * pitch),
                       pitch_range=(pitches[0], pitches[-1]), rows=int(seen.is_rack.shape[0]))


def tile_splits(runs: list[tuple[int, int]], tiles: int, p_lo: float, p_hi: float
                ) -> tuple[set[tuple[int, ...]], list[float]]:
    """The ways `runs` (of a strip's tile columns) make exactly `tiles` tiles at the PITCH_STEPS
    pitches from p_lo to p_hi, each run within UNSURE_FRACTION of a whole number of tiles, and the
    pitches (ascending) that make them so: what setup learns a rack's pitch from."""
    fits: set[tuple[int, ...]] = set()
    pitches: list[float] = []
    if not runs:
        return fits, pitches
    for p in np.linspace(p_lo, p_hi, PITCH_STEPS):
        lengths = [(b - a + EDGE_LOSS * p) / p for a, b in runs]
        ns = [max(1, int(round(n))) for n in lengths]
        if sum(ns) == tiles and max(abs(n - k) for n, k in zip(lengths, ns)) <= UNSURE_FRACTION:
            fits.add(tuple(ns))
            pitches.append(float(p))
    return fits, pitches


@dataclass(frozen=True)
class Learnt:
    """What setup made of a rack it knows holds a count of tiles (learn_known)."""
    profile: RackProfile | None  # what was learnt; None: nothing
    misread: bool = False  # the frame read surely as fewer, and nothing was learnt: not counted (unknown)
    over: int = 0  # what the frame read surely when more than the rules said (0: not so): it may hold too many


def counted(count: int | None, learnt: Learnt | None) -> int | None:
    """The count the kiosk acts on (vision.rack_counter; vision.rack_bench reads as it does), given
    what was made of the rack as the game started (`learnt`; None: nothing tried yet): none on a
    rack whose start frame read surely as fewer (`misread`), and none over seven on a rack not
    learnt unless its start frame already read that count, more than the rules said (a player who
    drew too many before the first press, Learnt.over). A rack setup could not learn is one the
    camera reads badly: 16 % of them exact (dev seeds 9680000-9680699: 5 of 31) against 99 % of
    learnt ones, and a count over seven raises the overdraw question, which costs a player tiles. The measuring runs
    9740000, 9760000 and 9770000, looked at after they ran, each held one false overdraw, every one
    on a rack not learnt (5, 3 and 6 tiles read as 8, 9 and 9), while their racks not learnt caught
    0 of 8 and 0 of 5 real overdraws (9760000, 9770000)."""
    if count is None or learnt is None:
        return count
    if learnt.misread:
        return None
    if count > RACK_LIMIT and learnt.profile is None and count != learnt.over:
        # ... and only the count it read then: a player who drew too many before the first press
        # holds them until asked (DRAW-09); any other count over seven on a rack read so badly is
        # as likely a misreading (dev seed 9911047 p2: seven navy tiles read as 9 at setup)
        return None
    return count


def learn_known(frame: np.ndarray, zone: np.ndarray, square_px: float, tile_lab: np.ndarray, tolerance: float,
                tiles: int = 7, plain: RackReading | None = None, by_tops: bool = True) -> Learnt:
    """What setup learns of a rack it knows holds `tiles` tiles (seven as a game starts): the
    profile learn_rack finds for that count, kept only when it reads the same frame back as
    `tiles`. The kiosk (vision.rack_counter, vision.rack_find) and the bench (vision.rack_bench)
    learn through this one function. The frame need not read as `tiles` without a profile
    first (seven white tiles on a white table whose seams alone do not decide, dev seeds
    9680000-9680499: 4 of 683 racks in view learnt so, none read otherwise after it), but when it reads
    surely as fewer the camera does not see this rack's tiles well enough: it is `misread`, and
    counted as unknown (dev seeds 9680000-9680699: seven tiles read as 0 on four racks that read
    0 then with 5-7 on them), unless it reads BLIND_SHORT or more under `tiles` and a profile learnt
    from it reads it back as `tiles`. A frame read surely as more teaches nothing but is not taken for a
    misreading: the rack may really hold more (a player who drew eight before the first press),
    and its count, read without a profile, stays to raise the overdraw question. The price: a rack
    whose seven read as more may later read too many again (one dev rack: seven read as 9, two
    tiles later as 11).
    A rack whose tiles its colours do not tell is learnt by the shape of their tops
    (vision.rack_tops) when the frame reads it neither as `tiles` nor surely otherwise (but
    BLIND_SHORT or more under it), and no profile by their colour reads it back (`by_tops`;
    vision.rack_find looks for racks by their tiles' colours only).
    A frame read as covered by the tiles' colours is still tried by their tops (read_tops has its own
    tests of a hand: colours off both learnt, the wall, the table crossed): tiles not told from the
    rack by colour leave columns near none of the colours found there (dev setup frames 7700133 p1,
    7710205 p2, 7710682 p2, 7720244 p2: "something covers the rack" with no hand; learnt by their
    tops, 0-9 tiles then read right but one unknown).
    `plain`: the frame's reading without a profile, when the caller has it already."""
    if plain is None:
        plain = read_rack(frame, zone, square_px, tile_lab, tolerance)
    if plain.count is not None and plain.count > tiles:
        return Learnt(None, over=plain.count)
    short = tiles - plain.count if plain.count is not None else 0  # tiles under the count known, read surely
    if 0 < short < BLIND_SHORT:
        return Learnt(None, misread=True)
    profile = learn_rack(frame, zone, square_px, tile_lab, tolerance, tiles)
    if profile is not None and read_rack(frame, zone, square_px, tile_lab, tolerance, profile).count == tiles:
        return Learnt(profile)
    # by their tops: the best band that reads its own frame back as `tiles`. The best band alone may call its own
    # frame covered (dev setup frame 8081543 p1, seven grey tiles on a black club-wood rack: its wall rows learnt as
    # the median over the tiles' columns, 23-42 off it over tiles whose tops rise into them; a band a row higher
    # reads the seven back)
    for tops in (_learnt_by_tops(frame, zone, square_px, tile_lab, tiles) if by_tops else []):
        if read_rack(frame, zone, square_px, tile_lab, tolerance, tops).count == tiles:
            return Learnt(tops)
    return Learnt(None, misread=short > 0)


BLIND_SHORT = 2  # tiles: a frame read surely this many or more under the count known is blind to its tiles rather
# than a rack short of them, and is still learnt where a profile reads the count back. One tile short is not: the
# pitches the board's square allows (prior_pitches, the lowest 0.78 of the highest) stretch six tiles' runs to
# seven (dev seeds 7918000-7918056, six tiles told seven, read surely as 6: learning them anyway learnt 31 racks;
# test seeds 600 p1, 605 p2 read six as 7 since). Five and four tiles told seven (dev seeds 7918100-7918159,
# 7918200-7918239): 114 and 77 racks read surely as 5 and 4 (one 3), none learnt. Seven read surely as 0, 2 and 4
# at setup (dev setup frames 7915535 p1, 7915502 p1, 7915880 p1): learnt by their tops, 20 of 21 later counts
# (0-9 tiles) right, one unknown; 7915720 p2 (0) still not learnt.


TILE_SIDE = MIN_CONTRAST  # the groove learnt by the tiles' tops this much nearer the board tiles' colour than
# the tiles learnt: the two sides taken the wrong way round. Dev setup frames (671 racks learnt by their tops:
# 7660300-7660599 as the bench draws them, and 7660000-7660999's 92 scenes of navy or maroon tiles on Mattel
# racks): the tiles' side nearer, or at most 1.2 farther (navy and maroon tiles on their own colour);
# 7660309 p1 31.1 farther (seven ivory tiles on a black pro rack, a light table: the rack's two
# bare ends made seven "tiles" at the lowest pitch, the tiles the "groove"; four tiles later read as 10)


def _learnt_by_tops(frame: np.ndarray, zone: np.ndarray, square_px: float, tile_lab: np.ndarray,
                    tiles: int) -> Iterator[RackProfile]:
    """A rack whose tiles' colour tells them from neither the rack nor the table, learnt by the
    shape of their tops (vision.rack_tops): a profile read_rack reads so for each band tops_bands
    finds, the best first; a band whose groove is clearly nearer the board tiles' colour (`tile_lab`,
    8-bit Lab) than what was taken for the tiles (TILE_SIDE) gives none."""
    from vision.rack_tops import tops_bands
    for tops, (p_lo, p_hi) in tops_bands(frame, zone, square_px, tiles):
        pitch = (p_lo + p_hi) / 2
        # the band's mean colour (weighted Lab) of a tile's column and an empty one's (rack_find takes the tiles')
        rows = np.sqrt(tops.band[1] - tops.band[0])
        weight = np.array([RACK_LIGHTNESS_WEIGHT, 1, 1], np.float32)
        tile, groove = (np.asarray(c, np.float32).reshape(-1, 3).mean(axis=0) * rows * weight
                        for c in (tops.tile, tops.groove))
        board = np.asarray(tile_lab, np.float32) * weight
        if float(np.linalg.norm(tile - board) - np.linalg.norm(groove - board)) > TILE_SIDE:
            continue
        yield RackProfile(band=tops.band, tile=_triple(tile), rack=_triple(groove), table=_triple(groove), pitch=pitch,
                          edge=float(EDGE_LOSS * pitch), pitch_range=(p_lo, p_hi), rows=tops.rows, tops=tops)


def _triple(values: np.ndarray) -> tuple[float, float, float]:
    return float(values[0]), float(values[1]), float(values[2])


def board_side_first(zone: np.ndarray, board_centre: np.ndarray) -> np.ndarray:
    """A config's 4-corner rack zone turned (its corners' order rotated, never reflected) so its
    first edge is the one nearest the board, as read_rack wants it: a zone written as a band of
    the frame from its top-left corner clockwise reads the same for the rack at the frame's top."""
    z = np.asarray(zone, np.float32).reshape(4, 2)
    mids = (z + np.roll(z, -1, axis=0)) / 2
    edges = np.linalg.norm(np.roll(z, -1, axis=0) - z, axis=1)
    near = np.linalg.norm(mids - np.asarray(board_centre, np.float32), axis=1)
    # ... of the two edges along the rack: a rack turned near the board's corner can bring an end's
    # middle nearer the board's centre (dev seed 7530057, a rack turned 17 degrees: read from its end, unknown)
    near[edges < np.roll(edges, -1)] = np.inf
    first = int(np.argmin(near))
    return np.roll(z, -first, axis=0)


@dataclass(frozen=True)
class _Columns:
    """What a rack's strip shows along it: which columns hold a tile's top, the strip's
    lightness there (the seams), the pitches the tiles may have, and the colours found."""
    column: np.ndarray
    light: np.ndarray
    p_lo: float
    p_hi: float
    band: tuple[int, int]
    table_like: bool
    tile: np.ndarray
    rack: np.ndarray
    table: np.ndarray
    prior: tuple[float, float]  # the pitches the board's square allows (whatever setup learnt)
    rack_col: np.ndarray  # columns where the band's rows are mostly the rack's colour
    is_rack: np.ndarray  # the strip's pixels of the rack's colour
    filled: bool  # the band is rows of tile colour all along (_filled_band): tiles only if seams show
    pitch: float  # the tile pitch expected (setup's or the board's square's)
    share: np.ndarray  # each column's share of the band's rows of tile colour
    lab: np.ndarray  # the strip's weighted Lab (weight_lab)


def _columns(frame: np.ndarray, zone: np.ndarray, square_px: float, tile_lab: np.ndarray,
             tolerance: float, profile: RackProfile | None) -> RackReading | _Columns:
    """The columns of the rack's strip, or the reading when there is nothing to count
    (unknown: out of the frame, covered, not told apart; 0: no tiles)."""
    z = np.asarray(zone, np.float32)
    if not zone_in_frame(frame, z):
        return RackReading(None, reason="rack partly out of the frame")
    strip, square = _rectify(frame, z, square_px)
    pitch = square * TILE_PER_SQUARE_MEAN * RAISED_MEAN if profile is None else profile.pitch
    lab8 = cv2.cvtColor(strip, cv2.COLOR_BGR2LAB)
    lab = weight_lab(lab8)
    # setup (a profile) gives the pitch only: the colours and the band are found anew in each
    # frame (dev seeds 5000000-5000399: 92.8 % exact with setup's colours and band, 93.2 % without)
    max_rows = MAX_BAND * pitch * ROWS_PER_PX
    found = _find_tiles(lab, lab8, np.asarray(tile_lab, np.float32) * np.array([RACK_LIGHTNESS_WEIGHT, 1, 1], np.float32),
                        tolerance, max_rows)
    if found is None:
        return RackReading(None, reason="tiles the colour of the rack or the table")
    d_tile, d_rack, d_table = found.d_tile, found.d_rack, found.d_table
    tile, rack, table = (found.tile if found.tile is not None else np.asarray(tile_lab, np.float32)), found.rack, found.table
    band, is_tile, table_like = found.band, found.is_tile, found.table_like
    if band is not None and (band[0] == 0 or band[1] == lab.shape[0]):
        # the zone is drawn a few mm around the rack and its tiles (rack_outline's 3 mm): tile
        # colour out to its long edge is the table beyond, not tiles' tops, and no band is
        # found (dev seeds 9650586, 9650695: a lighter stretch of table along the zone's edge
        # took the band from two tiles, read as six and as none)
        band = None
    filled = False
    if table_like and (band is None or float(bool_mean(is_tile[band[0]:band[1]], 1).max()) < SANDWICH_BELOW):
        # no clear band on a table the tiles' colour: nine tiles filling a rack make rows of tile
        # colour out to the zone's ends, as the table does (dev seeds 9670096, 9670347: nine white
        # and ivory tiles read 0 and unknown, the dark line under them taken for the band)
        full = _filled_band(is_tile, MAX_BAND * pitch * ROWS_PER_PX)
        if full is not None:
            band, filled = full, True
    if _band_astray(band, profile, lab.shape[0]):
        # read in the rows setup found the tiles in: on a table near the tiles' colour the band may be
        # taken from the table (dev seed 7810095 p1: rows 2-3 at the strip's top, nine ivory tiles in
        # setup's rows 25-28), be one blended row (7820085 p1: nine white tiles, row 25 of setup's 25-28;
        # OVER_BAND_ROWS holds a count over seven then) or not be found (7820087 p1: eight ivory tiles)
        assert profile is not None
        band = profile.band
        # ... where pixels nearer setup's tile colour than its rack's and table's are tiles too: tiles where the
        # light falls off along the rack leave the board tiles' colour and make no band (dev seed 8020066 p2: wood
        # tiles on a navy pro-long rack, their tops 34 down to 24 in weighted L along it, the board's tiles 56;
        # 8, 6, 5 and 3 tiles read surely as 0)
        is_tile = is_tile | _learnt_tile_colour(lab, profile)
    backed = np.ones(lab.shape[1], bool)
    if band is not None:
        # the tiles lean on the rack's back wall: seen from the board's side, the wall
        # (rack colour) lies right above every tile's top in the strip
        reach = max(3, 2 * (band[1] - band[0]))
        # ... whatever colour the light gives the wall's face: not tile colour (dev seed
        # 5000021: a wall face the table's colour, not the rack top's, left no column backed)
        backed = np.asarray((~found.is_tile[max(0, band[0] - reach):band[0]]).any(axis=0), bool)
    foreign = np.minimum(np.minimum(d_tile, d_table), d_rack) > BLOCKED_LAB
    wall_off = None
    if band is not None and band[0] >= 2:
        # the rack's wall right behind the tiles shows one colour all along (its own, whatever
        # the light makes of it: dev seed 5000021's wall face looked like the table, not like
        # the rack's top, and a wall measured against the rack's colour read every rack blocked)
        h_band = max(2, band[1] - band[0])
        wall = lab[max(0, band[0] - 3 * h_band):band[0] - 1]
        columns = median_colour(wall)
        # the zone's margins and the rack's ends (seen slanted: dev seed 5000026's wall changed
        # colour over the first 15 px, 1.1 pitches, and read a rack of nine as blocked)
        ends = _end_columns(len(columns), pitch)
        inner = columns[ends:len(columns) - ends] if len(columns) > 2 * ends else columns
        wall_off = lab_norm(columns - _commonest_colour(inner)) > WALL_LAB
        wall_off[:ends] = wall_off[-ends:] = False
    hidden = _rack_hidden(found.is_rack, pitch)
    if hidden is not None:
        wall_off = hidden if wall_off is None else wall_off | hidden
    if colour_gap(rack, table) >= MIN_CONTRAST:  # the rack's body told from the table (dev seed 8102261 p2, a rack
        # 6.4 from the table's colour: its body's rows of rack colour 2-18 a column with the noise, no hand)
        raised = _body_raised(found.is_rack, is_tile, band, pitch)
        wall_off = raised if wall_off is None else wall_off | raised
    blocked = _blocked_columns(foreign, wall_off)
    if blocked.sum() > BLOCKED_SHARE * pitch:
        return RackReading(None, blocked=True, reason="something covers the rack")
    if table_crossed(frame, z, square_px):
        return RackReading(None, blocked=True, reason="a hand or arm reaches over the rack")
    if band is None:
        if profile is None and not found.rack_seen:
            # no tiles and no rack either: the rack was moved out of its zone (or is the table's
            # colour), not seen empty
            return RackReading(None, reason="no rack in the zone")
        empty = _empty(table_like, table, tile_lab, profile, found.is_rack, pitch, lab)
        if empty.count == 0 and profile is None and _tiles_in_shade(lab, lab8, tile_lab, tolerance, max_rows):
            return RackReading(None, reason="tiles not clear enough to count")
        return empty
    y0, y1 = band
    tile_now, rack_now, table_now = tile, rack, table
    if y1 - y0 > MAX_BAND * pitch * ROWS_PER_PX:  # tile colour over far more than the tiles' tops: the rack itself
        return RackReading(None, reason="tiles not told from the rack")
    share = bool_mean(is_tile[y0:y1], 0)
    light = lab8[y0:y1, :, 0].astype(np.float32).mean(axis=0)
    column = (share >= BAND_SHARE) & backed
    if table_like:
        column &= ~_rack_edge_over_table(light, tile_now, rack_now, pitch)
    light = seam_light(frame, z, square_px, (y0, y1), light, column)
    prior = prior_pitches(square)
    if profile is not None:
        p_lo, p_hi = profile.pitches[0] * (1 - SETUP_SLACK), profile.pitches[1] * (1 + SETUP_SLACK)
    else:
        p_lo, p_hi = prior
    return _Columns(column=column, light=light, p_lo=p_lo, p_hi=p_hi, band=(y0, y1), table_like=table_like,
                    tile=tile_now, rack=rack_now, table=table_now, prior=prior,
                    rack_col=bool_mean(found.is_rack[y0:y1], 0) >= 0.5, is_rack=found.is_rack, pitch=pitch,
                    filled=filled, share=share, lab=lab)


def _learnt_tile_colour(lab: np.ndarray, profile: RackProfile) -> np.ndarray:
    """The strip's pixels (`lab`: weighted Lab) nearer the tiles' colour setup learnt on this rack than its
    rack's and table's."""
    planes = channel_planes(lab)
    d_tile = lab_distance(planes, np.asarray(profile.tile, np.float32))
    return (d_tile < lab_distance(planes, np.asarray(profile.rack, np.float32))) \
        & (d_tile < lab_distance(planes, np.asarray(profile.table, np.float32)))


def _band_astray(band: tuple[int, int] | None, profile: RackProfile | None, rows: int) -> bool:
    """Is the band found (`band`; None: none) not where setup found a learnt rack's tiles (by their
    colour, in a strip of as many `rows`): none, or no row shared with setup's band, or under
    OVER_BAND_ROWS where setup's band had as many?"""
    if profile is None or profile.tops is not None or profile.rows != rows:
        return False
    y0, y1 = profile.band
    if band is None:
        return True
    return band[1] <= y0 or band[0] >= y1 or (band[1] - band[0] < OVER_BAND_ROWS <= y1 - y0)


EDGE_STRETCH = 0.5  # pitches: the rack's bare end is 1.5-3.5 pitches (10030613 p2 with seven and six tiles),
# the dark lines between its tiles pushed together 1-3 columns (0.07-0.2); on dev seeds 7780000-7780149 and
# 7790000-7790199 (bench, 683 racks) no reading changed with this rule
EDGE_CONTRAST = 40.0  # L between the tiles and the rack, or a half-lit column is no sign of the rack's edge:
# dev seed 7780113 p2, maroon tiles at L 28 on a wood rack at 27, its seams (L 16-25) taken for the rack's
# edge and its seven misread at setup; 10030613 p2's rack is 143 L darker than its tiles


def _rack_edge_over_table(light: np.ndarray, tile: np.ndarray, rack: np.ndarray, pitch: float) -> np.ndarray:
    """Columns of a band on a table the tiles' colour that are the rack's bare edge with the table
    showing under it: stretches at least EDGE_STRETCH pitches long whose light (the band's mean L)
    is nearer the rack's than the tiles' (`tile`, `rack`: weighted Lab). Their rows of table pass
    for a tile's top (BAND_SHARE) though no tile stands there (dev seed 10030613 p2, first seed
    10030350: seven white tiles on a navy pro rack, its bare end 23 columns at L 95-100 between
    tiles at 190 and a rack at 47, half its two rows table: read as 9)."""
    tile_l, rack_l = tile[0] / RACK_LIGHTNESS_WEIGHT, rack[0] / RACK_LIGHTNESS_WEIGHT
    out = np.zeros(len(light), bool)
    if abs(tile_l - rack_l) < EDGE_CONTRAST:
        return out
    dim = np.abs(light - rack_l) < np.abs(light - tile_l)
    for a, b in _true_runs(dim):
        out[a:b] = b - a >= EDGE_STRETCH * pitch
    return out


def _true_runs(mask: np.ndarray) -> list[tuple[int, int]]:
    """The [start, end) stretches where `mask` holds."""
    edges = np.flatnonzero(np.diff(np.concatenate([[0], mask.astype(np.int8), [0]])))
    return list(zip(edges[::2].tolist(), edges[1::2].tolist()))


def _filled_band(is_tile: np.ndarray, max_rows: float) -> tuple[int, int] | None:
    """Rows of tile colour all along the strip (FULL_ROW) right under a row of the rack's wall,
    ending in a row that is not (the tiles' lower edge) within `max_rows`: where tiles filling a
    rack stand on a table of their colour. None when there are none, or they run on (table)."""
    wall_row = bool_mean(~is_tile[:, _middle(is_tile.shape[1])], 1) >= WALL_SHARE
    full = bool_mean(is_tile, 1) >= FULL_ROW
    starts = np.flatnonzero(full[1:] & wall_row[:-1]) + 1
    if not len(starts):
        return None
    y0 = y1 = int(starts[0])
    while y1 < len(full) and full[y1]:
        y1 += 1
    if y1 >= len(full) or y1 - y0 > max_rows:
        return None
    return y0, y1


def read_rack(frame: np.ndarray, zone: np.ndarray, square_px: float, tile_lab: np.ndarray,
              tolerance: float, profile: RackProfile | None = None) -> RackReading:
    """How many tiles stand on the rack in `zone` (4x2: first edge along the rack on the
    board's side, as find_racks and vision.synth.racks.rack_outline give it), from what the
    camera over the board sees of them: tops and backs, never letters.
    `square_px`: a board square's side in the frame (from the located board);
    `tile_lab`/`tolerance`: the tile colour (Lab) from the board's own tiles;
    `profile`: what setup learned of this rack (learn_rack), which makes the reading surer."""
    if profile is not None and profile.tops is not None:  # learnt by its tiles' tops (vision.rack_tops)
        from vision.rack_tops import read_tops
        count, blocked, why = read_tops(frame, zone, square_px, profile.tops, profile.pitches, profile.edge)
        return RackReading(count, blocked=blocked, reason=why)
    seen = _columns(frame, zone, square_px, tile_lab, tolerance, profile)
    if isinstance(seen, RackReading):
        return seen
    stops = seen.rack_col | _lip_ends(seen.is_rack, seen.band)  # columns a run of tiles ends at
    edge = profile.edge if profile is not None else None
    comb = comb_options(seen.column, seen.light, seen.p_lo, seen.p_hi, edge, seen.table_like, stops)
    count, sure = comb_decide(comb, seen.filled)
    if sure and count > RACK_LIMIT and profile is None \
            and not (seams_show(comb, count) and runs_whole(seen.column, comb.runs)
                     and tiles_solid(seen.share, comb, count)):
        # a rack setup did not learn (16 % exact: counted), or a setup frame, read as more than
        # seven by a split whose seams mostly fall on tiles' middles (the strip's dark lines are gaps
        # between tiles standing apart: dev seed 9911047 p2, first seed 9910300, seven navy tiles on
        # a navy table, five of them 2-4 px apart in one run of 89 px, read as 9 at setup and after,
        # three seams of its split 5-14 L deep, three flat), or with a run of specks (dev seed
        # 7640029 p1): not seen (learn_known then tries to learn it, as a frame read unsure)
        sure = False
    if count == 0 and sure:
        # a band of tile colour with no run of a tile's width in it: empty only when tiles would
        # show as they do with no band at all (dev seed 9670096: nine white tiles filling a rack
        # on a white table, their rows taken for table, the dark line under them as the band: 0)
        return _empty(seen.table_like, seen.table, tile_lab, profile, seen.is_rack, seen.pitch, seen.lab)
    if profile is not None:
        # what the board's square's pitches make of the same runs, computed once when weighed
        board: Comb | None = None
        if sure and count > RACK_LIMIT:
            # an overdraw read with what setup learnt must also be what the board's square makes of
            # the same runs: setup may learn a pitch 12 % off from seven tiles that merged or split
            # (dev seed 7200017: a pitch of 13.1 px learnt, 14.8 px seen, seven tiles read as eight)
            board = _board_comb(seen, stops)
            count, sure = _board_decides(comb, board, count, seen.filled)
        if not sure and not seen.filled and _all_over(comb):
            # (a band that may be table counts only by its seams: comb_decide's seams_only; the
            # board's options are computed only when setup's all lie over seven, as _over_seven asks)
            board = _board_comb(seen, stops) if board is None else board
            over = _over_seven(comb, board)
            if over is not None:
                count, sure = over, True
        if sure and count > RACK_LIMIT and not _split_holds(count, comb, board, seen.share):
            sure = False
    if count > RACK_LIMIT and _band_thin(seen.band, profile, seen.is_rack.shape[0]):
        sure = False  # one row of tile colour may be a blend along the rack's edge, not tiles
    if count > RACK_LIMIT and colour_gap(seen.tile, seen.rack) < MIN_CONTRAST \
            and (profile is None or _least_solid(seen) < SOLID_RUNS):
        # the tiles' colour as found on this rack is not told from the rack's: the shade in an
        # empty stretch of the groove may pass for a tile (seed 9800170, a measuring seed looked
        # at after its run: navy tiles on a navy pro rack, 9 apart in weighted Lab, the groove's
        # shaded end read as an eighth tile, a run only 0.57 of tile colour; not learnt at setup).
        # A rack learnt at setup read its seven right in these colours: its count stands when
        # every run is solid tile colour (dev seeds 7580000-7580999, every scene of navy or maroon
        # tiles rendered with 6 and 7, then 8 and 9 tiles on its racks: 9 learnt racks of 8-9 held
        # back by this, their runs' least share 0.67-1.0; no rack of 6 or 7, learnt or not, read
        # as more than seven before it)
        sure = False
    if not sure:
        return RackReading(None, reason="tiles not clear enough to count")
    return RackReading(count)


def _band_thin(band: tuple[int, int], profile: RackProfile | None, rows: int) -> bool:
    """Is `band` too thin for a count over seven: under OVER_BAND_ROWS rows, unless it is the very
    band setup learnt the rack's seven tiles in by their colour (in a strip of as many `rows`), as thin
    as that? Dev seed 7820179 p1 (round 18's harness: grey tiles spread on a pro rack, setup's band one
    row, 31-32, and eight and nine read surely in it, every run one tile): unknown otherwise."""
    y0, y1 = band
    if y1 - y0 >= OVER_BAND_ROWS * ROWS_PER_PX:
        return False
    return profile is None or profile.tops is not None or profile.rows != rows or profile.band != band


def _split_holds(count: int, learnt: Comb, board: Comb | None, share: np.ndarray) -> bool:
    """Does the split that read a learnt rack as `count` (over seven) hold: setup's pitches' split, or
    the board's where only those make `count` (_over_seven's choice), with LEARNT_SEAMS_SHOWN of its seams
    showing (not a count by the runs' lengths alone) and every tile SOLID_TILE of tile colour over the
    band's rows (`share`; rack_comb.tiles_solid, as for a rack read without setup) and as light as the
    split's other tiles (rack_comb.tiles_alike). Dev seed 7880075 p2 (first seed 7880000): seven ivory
    tiles on a wood-classic rack, the lit wood of the empty groove past the last one tile colour in a row
    or two of the band (its 15 columns 0.48 of it, the tiles 0.88-1.0; 0.52-0.59 on four frames of fresh
    sensor noise) and 0.655 as light as the tiles, its step down from them taken for a seam: read as 8
    at setup's pitches and the board's."""
    chosen = learnt if count in learnt.splits else board
    if chosen is None or count not in chosen.splits:
        return False
    return (seams_shown(chosen, count) >= LEARNT_SEAMS_SHOWN and tiles_solid(share, chosen, count)
            and tiles_alike(chosen, count))


LEARNT_SEAMS_SHOWN = 0.2  # a learnt rack read over seven needs this share of its split's seams to show.
# Dev seed 7670293 p2, rendered with six maroon tiles: the rack's top in its own shade, the tiles'
# colour, taken for the band, four runs of it read as 9 at setup's pitches and the board's, 0 of 5
# seams showing. The learnt racks of navy and maroon tiles read over seven that held eight or nine
# (7670000-7670999 rendered with 8 and 9, 9 and 8: 325 racks) 0.25-1.0 of them (nine navy tiles in one
# run 0.25, 0.38, 0.5; every other 0.75 or more, or no seam); the 306 racks of light tiles of 80 other
# scenes of 7670300-7670385 rendered so read the same with it


def _board_comb(seen: _Columns, stops: np.ndarray) -> Comb:
    """What the pitches the board's square allows make of the strip's runs (setup's edge not used)."""
    return comb_options(seen.column, seen.light, seen.prior[0], seen.prior[1], None, seen.table_like, stops)


def _board_confirms(learnt: Comb, board: Comb, count: int, filled: bool) -> bool:
    """Whether the board's square's pitches (`board`) read the same runs as `count` tiles, as setup's
    (`learnt`) did. When setup's pitches allow no other total (`count` chosen by the pitch alone, no
    seam weighed), the board's must read it surely: a count they leave open, named only by the darkest
    of seams too faint to decide, confirms nothing (dev seed 9910264 p2: seven maroon tiles in four
    groups, the groove's shade between them the tiles' colour, one run of 127 px; setup's pitch 16.7 px
    allows 8 only, the board's 8, 9 or 10, seams 1.0, 0.7 and 0.6 L: read as 8). Where setup's pitches
    allow others, its choice weighed the seams already (dev seed 9910886 p1: nine navy tiles in one run,
    9 against 8 at setup's pitches, seams 2.7 and 0.5 L; the board's also 10, 0.7 L: kept as 9)."""
    alone, alone_sure = comb_decide(board, filled)
    return alone == count and (alone_sure or len(learnt.options) > 1)


def _board_decides(learnt: Comb, board: Comb, count: int, filled: bool) -> tuple[int, bool]:
    """A learnt rack read surely as `count` (over seven) at setup's pitches: (count, sure) as the board's
    square's pitches (`board`) have it: `count` when they confirm it (_board_confirms), or their own count,
    also over seven, where their seams decide it (_seams_decide) and setup's pitches' seams did not decide
    theirs (setup's pitch is then off: both read an overdraw, the seams name its count). Dev seed 7901694 p1
    (nine navy tiles in one run on a wood-classic rack, setup's pitch 15.0-16.5 px, 12 % high from seven
    spread): 8 at setup's pitches by fit alone (seams 3.1 L against seven's 2.4), 9 at the board's by seams
    8.2 L against eight's 3.1; unknown before."""
    if _board_confirms(learnt, board, count, filled):
        return count, True
    alone, alone_sure = comb_decide(board, filled)
    if not alone_sure or alone <= RACK_LIMIT or len(board.options) < 2 or _seams_decide(learnt):
        return count, False
    return (alone, True) if _seams_decide(board) else (count, False)


def _seams_decide(comb: Comb) -> bool:
    """Do the seams of the darkest total decide among two or more (SEAM_MIN deep, SEAM_MARGIN deeper)?"""
    return len(comb.options) >= 2 and seams_decide(comb.options)[1]


def _all_over(comb: Comb) -> bool:
    """Every total a set of pitches splits the runs into is over seven (the runs' ends found)."""
    return comb.ends_found and bool(comb.options) and min(comb.options) > RACK_LIMIT


def _over_seven(comb: Comb, board: Comb) -> int | None:
    """A learnt rack whose reading the seams and fits leave unsure, or whose learnt pitches and
    the board's square read differently: when every total its runs make at setup's pitches and
    every total they make at the board's pitches is over seven, it holds more than seven; its count
    is the total whose seams are OVER_MARGIN darker than every other's (SEAM_MIN not needed: the
    choice is only between counts over seven; a wrong one is 8 for 9, never a false overdraw). None otherwise. Dev seeds 7600000-7600999 (nine
    tiles pushed together): 7600838, navy tiles whose seams dip 3.6 L for nine, 0.4 for eight, both
    fitting setup's pitches; 7600655, wood tiles, setup's pitch 10 % high from seven in groups, eight
    at it, nine at the board's pitches with seams 10.4 L deep against eight's 2.7: read unknown.
    `comb`, `board`: the options at setup's pitches and at the board's."""
    if not (_all_over(comb) and _all_over(board)):
        return None
    learnt = comb.options
    both = dict(board.options)
    for total, option in learnt.items():
        if total not in both or option[0] > both[total][0]:
            both[total] = option
    total, dip, second = seams_rank(both)
    if len(both) == 1 or dip - second >= OVER_MARGIN:
        return total
    # ... or darker than every other total setup's pitches allow, by SEAM_MARGIN, and the darkest
    # of all (dev seed 7600157: nine maroon tiles, seams 3.2 L for nine, 0 for eight, the two
    # setup's pitches allow; ten, at the board's narrowest pitches only, 1.4)
    others = [d for t, (d, _, _) in learnt.items() if t != total]
    if total in learnt and dip - max(others, default=0.0) >= SEAM_MARGIN:
        return total
    # ... or, the seams tying, the one total setup's pitches fit best (comb_decide's fit without its seams'
    # veto): every total is over seven here, so a wrong pick is 8 for 9, never a false overdraw. Dev seed
    # 7901948 p1 (nine navy tiles in one run, seams 1.5 L for nine, 1.7 for eight): nine fits setup's pitches
    # within 0.0, eight 0.12; unknown before
    return fit_decides(learnt, seams_veto=False)


OVER_MARGIN = 1.0  # L levels the darkest total's seams must be darker than every other's when every total a
# learnt rack's runs make is over seven (_over_seven): a wrong pick is 8 for 9, never a false overdraw. Dev
# seeds 7730000-7750999, their navy and maroon scenes rendered again with 8 and 9, 9 and 8 tiles: of the
# learnt racks whose every total was over seven and whose seams did not decide by SEAM_MARGIN (3), the
# darkest total was the truth on all 23, by 0.0-3.0 L (nine navy tiles in one run, the next total 8 or 10);
# under 1 L (0.0, 0.5, 0.8, 0.9: near-ties a frame's sensor noise may turn) they stay unread


def _least_solid(seen: _Columns) -> float:
    """The least share of the band's pixels of tile colour over any run of tiles (0: none)."""
    runs = tile_runs(seen.column, (seen.p_lo + seen.p_hi) / 2)
    return min((float(seen.share[a:b].mean()) for a, b in runs), default=0.0)


SOLID_RUNS = 0.6  # see read_rack: a groove's shade taken for a tile 0.57 (9800170), runs of tiles 0.67-1.0


def _empty(table_like: bool, table: np.ndarray, tile_lab: np.ndarray, profile: RackProfile | None,
           is_rack: np.ndarray, pitch: float, lab: np.ndarray) -> RackReading:
    """No tiles found on a rack in view: 0, unless tiles standing there could have been missed
    (a learnt rack: unless the rows setup found its tiles in show some, _learnt_band_count)."""
    few = _learnt_band_count(lab, profile)
    if few is not None and few > 0:
        if few > FEW_TILES:
            return RackReading(None, reason="tiles not clear enough to count")
        return RackReading(few)
    if (table_like or _hidden_by_table(table, tile_lab, profile)) and not _groove_bare(is_rack, profile):
        # no tile colour found, but tiles near the table's colour may have been taken for
        # table (whole-frame test seed 63: seven light grey tiles in the rack's shade, as
        # dark as the grey table, read as none): empty only when the tiles would show
        return RackReading(None, reason="tiles not told from the table")
    if _notched(is_rack, pitch) >= NOTCH_SHARE:
        # the rack's outline notched as by tiles standing in front of it, of a colour not
        # found as tiles' (timing seed 7500020: seven ivory tiles, not learnt, read as empty)
        return RackReading(None, reason="tiles not told from the table")
    return RackReading(0)


FEW_TILES = 3  # tiles _learnt_band_count may read (where no band of tiles was found: a few tiles)
LEARNT_NEAR = 8.0  # weighted Lab: a column of the learnt band (median over its rows) this near
# setup's tile or rack colour is that. Dev seeds 7590000-7590999 (racks of 0-2 tiles rendered
# again, learnt racks read with no band of tiles): the lone tile's columns 0-2 from the tile's
# colour learnt, the groove's 0-5 from the rack's, the table past the rack's ends 12-17 from the
# tile's (7590006: a wood tile on a dark red rack, a table 11 from the tile's colour); a wood tile
# on a wooden rack 14 from it (7590537, read 0): its columns 2-6 from the tile, 8-12 from the rack
LEARNT_SEEN = 0.9  # share of the band's middle columns that must be one or the other (blends at
# a tile's edges are neither: 1-2 px a tile)


def _learnt_band_count(lab: np.ndarray, profile: RackProfile | None) -> int | None:
    """A rack learnt by its tiles' colour, found with no band of tiles now: the tiles standing in
    the rows setup found its tiles in (profile.band; the strip as tall as then), told by the
    colours setup learnt there, column by column: runs of the tile's colour that each make a
    whole number of tiles at setup's pitch, the rest of the rows the rack's colour (so the rack
    stands where it stood). None when they do not (unsure, moved, or not learnt by colour).
    A tile the table's colour in the board's light is still told from the rack it stands on
    (dev seed 7590006: one wood tile on a dark red rack, found in no band, read unknown)."""
    if profile is None or profile.tops is not None or profile.rows != lab.shape[0]:
        return None
    tile, rack, table = (np.asarray(c, np.float32) for c in (profile.tile, profile.rack, profile.table))
    if float(np.linalg.norm(tile - rack)) < MIN_CONTRAST:
        return None
    y0, y1 = profile.band
    columns = np.median(lab[y0:y1], axis=0)
    d_tile, d_rack = lab_norm(columns - tile), lab_norm(columns - rack)
    # nearer the tile's colour than the rack's or the table's: the table past the rack's ends
    # may be within LEARNT_NEAR of grey tiles (dev seed 7590216: 7 from them, read as a tile)
    is_tile = (d_tile < LEARNT_NEAR) & (d_tile < d_rack) & (d_tile < lab_norm(columns - table))
    if is_tile[0] or is_tile[-1]:
        return None  # tile colour out to the zone's end: the table, or a rack moved, not told
    middle = _middle(len(is_tile))
    if float((is_tile | (d_rack < LEARNT_NEAR))[middle].mean()) < LEARNT_SEEN:
        return None
    pitch = sum(profile.pitches) / 2
    total = 0
    for a, b in tile_runs(is_tile, pitch):
        n = (b - a + profile.edge) / pitch
        if abs(n - round(n)) > UNSURE_FRACTION or round(n) < 1:
            return None
        total += int(round(n))
    return total


BARE_GROOVE = 0.98  # share of the learnt band's pixels (the rack's middle 80 %) of the rack's colour
# where no tile stands: dev seeds 9680000-9680699, learnt racks read with no band of tiles: 39 empty
# racks 0.67-1.0 (13 of them read unknown for tiles near the table's colour: all 1.0), two tiles
# missed on a rack 0.81; one tile on a pro rack covers 0.09 of its middle


def _groove_bare(is_rack: np.ndarray, profile: RackProfile | None) -> bool:
    """Does a learnt rack show its own colour all along the rows where its tiles' tops stood at
    setup (the profile's band, in a strip as tall)? Then no tile stands there, whatever its
    colour: tiles near the table's colour are not hidden on it. (A rack moved in its zone since
    setup shows other rows there: _notched still looks at its outline.)"""
    if profile is None or profile.rows != is_rack.shape[0]:
        return False
    y0, y1 = profile.band
    band = is_rack[y0:y1, _middle(is_rack.shape[1])]
    return band.size > 0 and float(band.mean()) >= BARE_GROOVE


SHADE = (0.5, 1.0)  # the light on a standing tile's top and back, as a share of the board's tiles'
# (vision.synth.racks._shade: 0.55 for a face turned from the light, 1 for one facing it)


def _shaded_tile_lab(tile_lab: np.ndarray, shade: float) -> np.ndarray:
    """The board tiles' colour (8-bit Lab) in a rack's shade: its light (BGR) scaled by `shade`, as 8-bit Lab."""
    lab8 = np.clip(np.round(np.asarray(tile_lab, np.float32)), 0, 255).astype(np.uint8).reshape(1, 1, 3)
    bgr = cv2.cvtColor(lab8, cv2.COLOR_LAB2BGR).astype(np.float32) * shade
    return cv2.cvtColor(np.clip(np.round(bgr), 0, 255).astype(np.uint8), cv2.COLOR_BGR2LAB).reshape(3).astype(np.float32)


TILES_SHADE = float(np.mean(SHADE))  # the shade an unlearnt rack's tiles are looked for in again (_tiles_in_shade)


def _tiles_in_shade(lab: np.ndarray, lab8: np.ndarray, tile_lab: np.ndarray, tolerance: float, max_rows: float) -> bool:
    """A rack not learnt, where no band of the board tiles' colour was found: does a band of tiles show in
    that colour at TILES_SHADE? Then its tiles may stand there, lit halfway between the board's tiles and
    the rack, and "empty" is not what the frame shows (dev seed 8060102 p2: nine wood tiles on a
    wood-classic rack at weighted L 57, the board's tiles 71, the rack 42: the tiles' pixels fell to the
    rack as often as not, no band on 3 of 12 noise draws, read as a sure 0; at shades 0.5-0.9 all read 9)."""
    tile = _shaded_tile_lab(tile_lab, TILES_SHADE) * np.array([RACK_LIGHTNESS_WEIGHT, 1, 1], np.float32)
    found = _find_tiles(lab, lab8, tile, tolerance, max_rows)
    if found is None or found.band is None:
        return False
    y0, y1 = found.band
    return 0 < y0 and y1 < lab.shape[0] and bool((bool_mean(found.is_tile[y0:y1], 0) >= BAND_SHARE).any())


def _hidden_by_table(table: np.ndarray, tile_lab: np.ndarray, profile: RackProfile | None) -> bool:
    """Could tiles standing on the rack pass for the table (weighted Lab)? Within TABLE_CONTRAST
    of the colour the rack's tiles showed at setup (`profile`), or, for a rack not learnt, of the
    board's tile colour (`tile_lab`, 8-bit Lab) in any shade a rack may give it (its light
    scaled by SHADE). Dev seeds 9650000-9650299: 5 racks of 2-9 ivory, white, grey and
    yellowish tiles whose tops and backs looked like a grey or beige table read as empty (tiles
    3.1-14.8 from the table as learnt, 1.1-5.1 from a shade of the board's tiles; 23 empty
    racks 15.8-60.6 as learnt, 2.0-40.6 from a shade, the tests' (seeds 620-625) 15.8 and up.
    Not learnt, the two overlap: seven ivory tiles on timing seed 7500020, 12.2 from a shade,
    not told from an empty rack here (_notched tells them); an empty rack not learnt may be unknown)."""
    if profile is not None:
        return float(np.linalg.norm(np.asarray(profile.tile, np.float32) - table)) < TABLE_CONTRAST
    # a shade is one colour, not the spread of a colour as seen: within MIN_CONTRAST of it
    lab8 = np.clip(np.round(np.asarray(tile_lab, np.float32)), 0, 255).astype(np.uint8).reshape(1, 1, 3)
    bgr = cv2.cvtColor(lab8, cv2.COLOR_LAB2BGR).astype(np.float32)
    shades = np.linspace(SHADE[0], SHADE[1], 11, dtype=np.float32)[None, :, None] * bgr
    seen = weighted_lab(np.clip(np.round(shades), 0, 255).astype(np.uint8))
    return bool(lab_norm(seen - table).min() < MIN_CONTRAST)


WALL_LAB = 8.0  # weighted Lab: a column of the wall behind the tiles this far from the wall's colour (_commonest_colour)
# is off (a hand or an arm over it). Dev seeds 8070000-8070399 (the bench's 407 hand racks learnt by colour or not
# learnt, cached with each scene without its hand and its setup frame, /tmp/rkhand26/wallrun.py): the least distance
# from the median column held over 0.4 tile (as _blocked_columns opens it), the most along the rack, reached 4.1 on
# the 1194 racks of those frames without a hand
# (setup frames and the hand scenes rendered bare), and 5.6-14.4 on the eight hand racks read as fewer tiles than
# stand (skin or a sleeve over a wooden rack, none foreign by BLOCKED_LAB); at 18 (the bound before) none was off
BLOCKED_LAB = 28.0  # a column this far (Lab, median over its rows) from the rack's median
# column is not rack: rendered racks under lighting vary < 12 between columns (bench)


WALL_NEAR = 4.0  # weighted Lab: wall columns this near one another are one colour (the clean walls of WALL_LAB's
# dev frames: none held farther than 4.1 from the wall's median column over 0.4 tile)


def _commonest_colour(columns: np.ndarray) -> np.ndarray:
    """The colour most of a rack's wall columns (N x 3, weighted Lab) show: the median of those within WALL_NEAR of
    the column with most others that near. A clean wall's median column; under a hand over more than half the
    wall the median column is the hand's (README run's 10011134 p1, a dark hand along 75 of 139 columns of a
    wood-classic rack: 7.0 from their median held over 0.4 tile, 9.2 from this colour; 5 tiles read 4)."""
    median = median_colour(columns)
    if 2 * np.count_nonzero(lab_norm(columns - median) < WALL_NEAR) >= len(columns):
        return median  # most columns one colour with the median, as on a clean wall: no pairs (0.3 ms a call)
    near = lab_norm(columns[:, None] - columns[None]) < WALL_NEAR
    densest = int(np.argmax(np.add.reduce(near, axis=1)))
    return median_colour(columns[near[densest]])


def _rack_hidden(is_rack: np.ndarray, pitch: float) -> np.ndarray | None:
    """Columns where the rack's body does not show in the rows that are the rack's nearly all
    along it (its wall: a hand or a sleeve over the rack, whatever its colour: dev seeds
    7400003 and 7400021, a brown hand on a blue rack and a skin-coloured one over cream tiles,
    read 0 with no band of tiles). None when no row is the rack's all along."""
    w = is_rack.shape[1]
    rows = bool_mean(is_rack[:, _middle(w)], 1) >= RACK_ROW
    if rows.sum() < 2:
        return None
    off = bool_mean(is_rack[rows], 0) < 0.5
    ends = _end_columns(w, pitch)
    off[:ends] = off[-ends:] = False
    return np.asarray(off, bool)


RAISED_PITCH = 0.5  # pitches: a column of the rack's body this many rows taller than most is a hand over its outline.
# Dev seeds 8100000-8100299 (the bench's hand scenes, each cached with the scene rendered without its hand and its
# setup frame by /tmp/rkhand26/cache.py; /tmp/rkhand3/hump.py: each column's rows of rack colour, and of tile colour
# in the band's rows, over the lower quartile of the rack's middle columns, the least over 0.4 tile held along the
# rack): on the 1073 racks learnt by colour or not learnt of those frames without a hand (setup frames, the scenes
# rendered bare) 6 rows at most; hands read as fewer tiles than stand 10 (8100190 p1) and 6 (8100121 p2, a faint
# dark hand, left); the round-26 runs' 10350320 p1 and 10360418 p1 (skin over a wooden rack, the wall under it
# within WALL_LAB) 10 and 16. A pitch is 14.8 rows, so 7.4 rows


def _body_raised(is_rack: np.ndarray, is_tile: np.ndarray, band: tuple[int, int] | None, pitch: float) -> np.ndarray:
    """Columns where the rack's body (rack colour, and tile colour in the tiles' `band`) stands RAISED_PITCH taller
    than along most of the rack (its middle columns' lower quartile): a hand of the rack's own colour reaching over
    its outline, above or below it (skin over a wooden rack: no colour foreign, the wall's colour kept). The rack's
    height is the same all along whether it stands square or turned in its zone; its ends are left out."""
    body = is_rack
    if band is not None:
        body = is_rack.copy()
        body[band[0]:band[1]] |= is_tile[band[0]:band[1]]
    height = np.add.reduce(body.view(np.uint8), axis=0, dtype=np.int32)  # (as bool_mean: count_nonzero's half time)
    w = len(height)
    ends = _end_columns(w, pitch)
    if w <= 2 * ends:
        return np.zeros(w, bool)
    middle = height[ends:w - ends]
    quartile = int(np.partition(middle, len(middle) // 4)[len(middle) // 4])  # (np.percentile: 20 times the time)
    raised = height > quartile + RAISED_PITCH * pitch * ROWS_PER_PX
    raised[:ends] = raised[w - ends:] = False
    return np.asarray(raised, bool)


def _end_columns(width: int, pitch: float) -> int:
    """Columns at each end of a strip `width` columns long left out when the rack's wall or body is judged
    there: the zone's margins and the rack's ends seen slanted (WALL_END pitches)."""
    return max(1, int(0.06 * width), int(WALL_END * pitch))


RACK_ROW = 0.6  # a row of the rack's body: this share of the rack's middle 80 % is rack colour
NOTCH_ROWS = 3  # a notch: the rack's body this many rows shorter than on both sides of it
NOTCH_RUN = 0.5  # ... over half a pitch at least
NOTCH_SHARE = 0.4  # an empty rack's outline is notched over less than this share of its middle:
# dev seeds 9660000-9660799 (600 scenes learnt at setup, 200 not; 7500000-7500029 too), racks read as
# empty: 0-0.26 when empty (three above 0.05: a brown rack on a brown table, its edge blending
# in), 0.92 for seven ivory tiles (7500020) and 0.0 for nine (9660686, tiles below the rack's
# edge all along: no notch); racks of 1-7 tiles taken for the table 0.0-0.92


def _notched(is_rack: np.ndarray, pitch: float) -> float:
    """The share of the rack's middle columns where its body shows NOTCH_ROWS rows fewer
    than somewhere on either side of them: a notch in the rack's outline, where something
    not the rack's colour stands in front of it (tiles the table's colour), not a rack seen
    slanted or turned (its outline then rises or falls, it has no notch)."""
    w = is_rack.shape[1]
    rows = is_rack.sum(axis=0).astype(np.int32)
    envelope = np.minimum(np.maximum.accumulate(rows), np.maximum.accumulate(rows[::-1])[::-1])
    notch = rows <= envelope - NOTCH_ROWS * ROWS_PER_PX
    ends = max(1, int(0.1 * w), int(WALL_END * pitch))
    if w <= 2 * ends:
        return 0.0
    # ... as wide as a tile at least: not a few columns where the rack's edge blends into a table of
    # near its colour
    edges = np.flatnonzero(np.diff(np.concatenate([[0], notch[ends:w - ends].astype(np.int8), [0]])))
    wide = sum(b - a for a, b in zip(edges[::2], edges[1::2]) if b - a >= NOTCH_RUN * pitch)
    return wide / (w - 2 * ends)


def _blocked_columns(foreign: np.ndarray, wall_off: np.ndarray | None = None) -> np.ndarray:
    """Columns where a third of the rows look like neither table, rack nor tile (a hand, an
    arm, a sleeve), or where the wall behind the tiles does not show, at least 0.4 tile wide
    (a finger is >= 12 mm; seams and edges 1-2 px)."""
    off = bool_mean(foreign, 0) > 0.3
    if wall_off is not None:
        off |= wall_off
    width = max(3, int(round(0.4 * PX_PER_TILE)))
    return cv2.morphologyEx(off.astype(np.uint8)[None], cv2.MORPH_OPEN, np.ones((1, width), np.uint8))[0] > 0


# A hand or arm over a rack reaches in over the table, so it crosses the table beside the rack.
# Dev seeds 7400000-7400099 (hands) and 7300000-7300149 (clean racks, 292 in frame): of the 23
# covered racks still read as a count, most were hands the colour of a wooden rack (7400058,
# 7400084) or dark sleeves on a dark table (7400073, 7400075): neither foreign in the zone nor
# breaking the rack's wall. Strips of table 0.15-0.65 squares beyond the zone's long edges,
# ends left out (face-down tiles lie beside the ends), each pixel's weighted Lab against the
# strips' median (the table): on the player's side (the board's rim may lie on the other),
# no clean rack had a single column 12 from it over half its rows (threshold 8: 4 racks up to
# 5.6 tiles wide, shadows and table grain); 11 of the 23 were crossed over >= 0.4 tile.
SIDE_GAP = 0.15  # squares from the zone's edge to the strip (the rack's own shadow and blur)
SIDE_WIDTH = 0.5  # squares of table in each strip
SIDE_LAB = 12.0  # weighted Lab from the table's median: not table
SIDE_ENDS = 0.1  # share of the strip's length left out at each end


def side_quad(zone: np.ndarray, square_px: float, player_side: bool) -> np.ndarray:
    """The strip of table beside the zone's long edge (the player's side or the board's) that
    table_crossed looks at: a 4x2 float32 frame quad, its first edge the nearer the zone."""
    z = np.asarray(zone, np.float32)
    across = z[3] - z[0]
    normal = across / max(float(np.linalg.norm(across)), 1e-6) * (1.0 if player_side else -1.0)
    a, b = (z[3], z[2]) if player_side else (z[0], z[1])
    gap, width = SIDE_GAP * square_px, SIDE_WIDTH * square_px
    return np.array([a + normal * gap, b + normal * gap, b + normal * (gap + width), a + normal * (gap + width)],
                    np.float32)


def _side_strip(frame: np.ndarray, zone: np.ndarray, square_px: float, player_side: bool) -> np.ndarray:
    """The table beside the zone's long edge (the player's side or the board's), rectified
    like the rack's strip (PX_PER_TILE px per tile along it), BGR; both sides are as high."""
    z = np.asarray(zone, np.float32)
    matrix, size = _SIDE_WARPS.get((z.tobytes(), float(square_px), player_side),
                                   lambda: _side_warp(z, square_px, player_side))
    return cv2.warpPerspective(frame, matrix, size, flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)


def _side_warp(z: np.ndarray, square_px: float, player_side: bool) -> tuple[np.ndarray, tuple[int, int]]:
    """_side_strip's perspective matrix and strip size (width, height) for zone `z`."""
    a, b = (z[3], z[2]) if player_side else (z[0], z[1])
    k = PX_PER_TILE / (square_px * TILE_PER_SQUARE_MEAN)
    w, h = max(8, int(round(float(np.linalg.norm(b - a)) * k))), max(3, int(round(SIDE_WIDTH * square_px * k)))
    quad = side_quad(z, square_px, player_side)
    return _kept_matrix(quad, np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)), (w, h)


# each zone's strips of table as _side_strip warps them (matrix, size), made once for the frames that follow
# (their matrices kept here only, not in _MATRICES)
_SIDE_WARPS: MadeOnce[tuple[bytes, float, bool], tuple[np.ndarray, tuple[int, int]]] = MadeOnce(MATRICES_KEPT)


def table_crossed(frame: np.ndarray, zone: np.ndarray, square_px: float) -> bool:
    """Something not table (a hand, an arm, a sleeve) crosses the table on the player's side
    of the rack over at least 0.4 tile (a finger), whatever its colour next to the rack's."""
    player, board = (_side_strip(frame, zone, square_px, s) for s in (True, False))
    both8 = cv2.cvtColor(np.concatenate((player, board), axis=1), cv2.COLOR_BGR2LAB)  # one conversion (per pixel)
    own8, other8 = both8[:, :player.shape[1]], both8[:, player.shape[1]:]
    own_hist, other_hist = _lab_histogram(own8), _lab_histogram(other8)  # both sides' once
    table = _median_of(own_hist[0] + other_hist[0], own_hist[1] + other_hist[1])
    own, other = _median_of(*own_hist), _median_of(*other_hist)
    if colour_gap(own, other) > SIDE_LAB:
        # the two sides differ (the rack stands at the edge of a cloth or of the board's base:
        # dev seed 9600007, grey on the board's side, brown on the player's, read crossed): the
        # player's side against its own median; a hand over most of it leaves the table off then
        table = own
    both = weight_lab(both8)  # both sides weighted, and as planes, once
    planes, cut = channel_planes(both), player.shape[1]
    own_lab, own_planes, other_planes = both[:, :cut], planes[..., :cut], planes[..., cut:]
    off = bool_mean(lab_distance(own_planes, table) > SIDE_LAB, 0) > 0.5
    ends = int(SIDE_ENDS * len(off))
    inner = off.copy()
    inner[:ends] = inner[len(off) - ends:] = False
    shaded = _shaded(median_colour(own8[..., :1])[:, 0], off)
    shaded[:ends] = shaded[len(off) - ends:] = False
    if _blocked_columns((_light_at_ends(own_lab, off, inner) | shaded)[None]).any():
        return True
    # an arm reaching in from the board's side, against that side's own table
    board_off = bool_mean(lab_distance(other_planes, other) > SIDE_LAB, 0)
    return _arm_across(board_off)


# The table's light may fall along the rack (dev seed 7830569 p1, no hand: L 142 -> 95 along the player's
# side, its lighter end "not table" over 25 columns past SIDE_ENDS, the rack never learnt). A run of columns
# off the table that reaches an end of the strip is judged against a line fitted along the strip's other
# columns of table, each channel: 7830569 p1's run lies 4-6 from it (column medians), a hand's shade
# reaching the end on dev seed 7880278 p1 3-5; the 12 hands whose run reaches an end on dev seeds
# 7880100-7880299 lie 13-83 from it (median over the run), all still crossed.
LIGHT_MARGIN = 2.0  # tiles beside the run left out of the fit (a hand's shade and blur beside it)
LIGHT_FIT = 0.4  # share of the strip's columns the fit needs (fewer: the run is judged as before)


def _light_at_ends(lab: np.ndarray, off: np.ndarray, inner: np.ndarray) -> np.ndarray:
    """`inner` (columns off the table, the strip's ends left out) less the runs of `off` that reach
    an end of the strip and are the table's light falling along it: within SIDE_LAB of a line fitted
    along the strip's other columns of table (weighted Lab `lab` of the player's side strip)."""
    w = len(off)
    out = inner.copy()
    margin = int(LIGHT_MARGIN * PX_PER_TILE)
    for a, b in _true_runs(off):
        if (a > 0 and b < w) or not out[a:b].any():
            continue
        columns, x = median_colour(lab), np.arange(w, dtype=np.float32)  # (at most two runs reach an end)
        fit = ~off
        fit[max(0, a - margin):b + margin] = False
        if fit.sum() < LIGHT_FIT * w:
            continue
        slope, level = np.polyfit(x[fit], columns[fit], 1)
        line = (slope * x[a:b, None] + level).astype(np.float32)
        out[a:b] &= bool_mean(lab_norm(lab[:, a:b] - line[None]) > SIDE_LAB, 0) > 0.5
    return out


# A hand the table's colour (skin on a wooden table) crossing the player's side strip is no colour off the table,
# but it casts its shadow beside it, or is darker than the table lit (weighted Lab holds lightness at 0.35: a column
# half as light on a table of L 45-70 moves 8-12, under SIDE_LAB). Dev seeds 7960100-7960399 (the bench's 296 hand
# racks, cached with each scene rendered without its hand and its setup frame, /tmp/rkhand3/dips4.py): the least dip
# over a 0.4-tile run of the player's side, against the table's lightest columns within SHADE_REACH, the darker side
# of the two, reached 0.176 at most on the 1028 strips of those scenes without a hand (setup and clean frames: wood
# grain on dark tables), and 0.237-0.297 on four of the hand racks read as fewer tiles than stand (7960120 p1,
# 7960226 p1, 7960266 p1, 7960328 p1: the hand's shadow, or the hand itself darker than the table lit; 7960191 p1 0.316).
SHADE_DIP = 0.2  # share of the lit table's lightness (8-bit L, column medians) a shadow or a dark hand takes off
SHADE_FLOOR = 8.0  # ... and at least this many 8-bit L levels: on a near-black table (L 15-36) a fifth of its light
# is its grain. Dev setup frames with no hand (rkcatch4's scan of 8080400-8082799, 3689 racks): 7 racks read "a hand
# or arm reaches over the rack" and never learnt (a 0.4-tile run of columns 0.31-0.40 under the table's light, the
# highest floor still calling them crossed 2.5-7.0). The bench's hands on dev seeds 8070000-8070399 and
# 7960100-7960399 (716 hand racks, /tmp/rkshade/sweep.py): one no longer crossed at 8 (7960386 p1, crossed up to a
# floor of 6.5), at 10 four more of 566 (8070040 p1 up to 8.5), all read unknown all the same; the first read as fewer
# tiles than stand at 12 (8070004 p1, 4 read 2: crossed up to 11.5). Every hand's reading the same at 8 as at 0
SHADE_REACH = 4.0  # tiles either side of a column where the lit table is looked for (columns of table colour only)


def _shaded(light: np.ndarray, off: np.ndarray) -> np.ndarray:
    """Columns of the player's side strip (`light`: each column's median 8-bit L; `off`: columns not the
    table's colour) darker by SHADE_DIP, and by SHADE_FLOOR levels, than the table's lightest columns within
    SHADE_REACH on either side, the darker side of the two (a column with no table on one side is not shaded:
    the table's light falling along the strip makes its end darker, dev seed 7960044 p1, L 38 to 116 along 200
    columns)."""
    reach = int(SHADE_REACH * PX_PER_TILE)
    lit = np.where(off, 0.0, light).astype(np.float32)  # columns off the table's colour light nothing
    padded = np.concatenate([np.zeros(reach, np.float32), lit, np.zeros(reach + 1, np.float32)])
    # each padded column's maximum over the `reach` columns from it on: one dilation anchored at the kernel's
    # first column (the same maxima as numpy's sliding windows, to the bit, an eighth of their time: round 23)
    ahead = cv2.dilate(padded[None], np.ones((1, reach), np.uint8), anchor=(0, 0))[0]
    n = len(light)
    left, right = ahead[:n], ahead[reach + 1:reach + 1 + n]
    table = np.minimum(left, right)  # a dip, not the light falling along the strip: lit table on both sides
    return np.asarray((table > 0) & (light < np.minimum((1.0 - SHADE_DIP) * table, table - SHADE_FLOOR)), bool)


ARM_FULL = 0.9  # an arm crossing the strip fills nearly all its rows ...
ARM_WIDE = 1.5  # ... over at least this many tiles (an arm is 2-3 tiles wide; a tile on the board one)
ARM_EDGE = 1.0  # ... its sides sharp: table (under ARM_TABLE of the rows) within this many tiles (14 columns):
# a moving arm's sides ramp over its blur (dev seeds 7880100-7880299 and 7890100-7890299, the bench's hands:
# 6-25 columns from the full run to table, 5 the old bound; 7890297 p2 and 7890181 p2 9, 7890288 p1 11,
# 7890191 p2 14, each read as fewer tiles than stand), while the clean setup frames of the same scenes
# (698 racks in frame) need 27 columns and more (7890119 p1 27, 7890104 p2 29, 7880162 p2 31; the board's rim)
ARM_TABLE = 0.3
# dev seeds 7680100-7680199: arms over a wooden rack from the board's side (7680175, 7680181,
# 7680183) filled 30-42 columns at >= 0.9, table 2-5 columns beside; the board's rim crossing the
# strip slanted (7680517, 7680534, 7680555, clean) ramps over tens of columns on one side at least


def _arm_across(off: np.ndarray) -> bool:
    """`off`: each column's share of rows not table in the strip on the board's side of the rack.
    An arm crosses it as a wide run of columns nearly all not table, sharp on both sides with
    table beyond; the board's rim crossing the strip slanted rises or falls slowly, and the board's
    rim or corner reaching in at an end has no table beyond it."""
    full = (off >= ARM_FULL).astype(np.int8)
    table = off < ARM_TABLE
    edges = np.flatnonzero(np.diff(np.concatenate([[0], full, [0]])))
    edge = int(ARM_EDGE * PX_PER_TILE)
    return any(b - a >= ARM_WIDE * PX_PER_TILE and table[max(0, a - edge):a].any() and table[b:b + edge].any()
               for a, b in zip(edges[::2], edges[1::2]))
