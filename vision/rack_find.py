"""Setup: find each rack and its zone by itself, with seven tiles standing on each rack
(issue 18). The zones found are offered on screen for confirmation (kiosk.rack_setup) or
written into the config (`python -m vision.rack_check setup`); the config's
`[vision.racks]` zones stay the manual fallback.

A rack is found as what it is on the table, whatever colour its tiles have: at a game's
start the board is empty, so the board gives no tile colour (the reader's default ivory
missed every red, navy or wooden set, and a dark rack's end merging into a dark table made
a zone reach past the rack). So: the table is the frame's colour around the board; a rack
(its body, wall and the tops of its tiles) is a blob of something else beside the board,
as long as a rack and about as deep; its zone is the blob's box along the rack. The tiles'
colour is then one of the blob's own colours (or the one the board gave), and a rack is
offered only when vision.racks learns it as `tiles` tiles and reads that many back in the
zone (`learn_known`, as the board reader and the bench learn a rack): a blob that is no rack with seven tiles on it is never
offered.

A rack the colour of the table shows only its tiles' tops clearly: it is found from that bar
and its body's faint difference from the table, averaged across the rack, when both its ends
show (_racks_of_the_tables_colour); else it is not offered.

Development seeds (rendered start frames, `python -m kiosk.rack_setup --seeds A:B`, or
find_racks on them): 5000-5059 and 5100-5159, tests' 100-111 (tests/test_rack_find*.py). Seeds
6200000-6200099 measured an intermediate version once (its summary only); 6300000-6300099 (the
measure's default) and 6400000-6400099 are for figures only.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.board_scale import grid_to_frame, square_px
from vision.racks import RACK_LIGHTNESS_WEIGHT, RackProfile, learn_known, rack_square_px, weighted_lab

REACH_SQUARES = 8.0  # racks stand within this many squares of the rim (a 34 mm deep rack a hand's width
# away, seen at 30 degrees, is < 4 squares out; a rack farther out is not beside the board)
RACK_LONG = (6.0, 14.0)  # a rack's length in squares: 174-250 mm racks (vision.synth.racks.RACK_MODELS) on
# 19-22 mm squares are 7.9-13.2 squares, the tiles' tops and the 3 mm margin included; from 6 when a
# rack's end is in its own shadow or the table's colour
RACK_SHORT = (0.6, 3.5)  # its depth, squares: 25-34 mm deep, with the tiles' height seen at 20-30 degrees
FILL = 0.45  # share of its box a rack blob fills (a rack is a box; a board's shadow along two sides is not)
TABLE_SPREAD = 3.0  # a pixel is not table when this many times the table's typical spread from its colour
MIN_APART = (10.0, 6.0, 4.0)  # ... and at least this far (weighted Lab): a plain table's noise; a rack not
# found so is looked for again with the next (a wooden rack on a grey table, dev seed 5111). Dev seeds
# 5000-5059 / 5100-5159, both racks found: (10) 55 / 44, (10, 6) 59 / 49, (10, 6, 4) 59 / 52, and 3 more
# no more; none wrong with any (every zone is still read back as seven tiles before it is kept)
MARGIN = 0.15  # squares the zone reaches past the blob: rack_outline's 3 mm margin (dev seeds: 0.3 on the
# board's side and 0.4 on the player's, where rack_outline reaches past the blob, found no more racks).
# A rack of the table's own colour shows only its tiles' tops: a zone around them alone (as the
# search before did) missed the rack's ends (dev seed 5036: seven tiles at one end of a long rack
# on a dark-wood table); such a rack is offered only when its body's ends are found (_body_around).
BAR_GAP = 2.5  # squares between groups of tiles on one rack, joined into one bar
BAR_LONG = 2.0  # squares: a bar of at least two tiles' tops
BAR_SHORT = 0.6  # squares: the tiles' tops and the strip of their backs seen (< 13 mm, vision.racks.MAX_BAND)
BODY_FROM = 0.2  # squares past the bar toward the board where the rack's wall and body are sampled ...
BODY_TO = 1.2  # ... to here (the shallowest rack, 25 mm, is 1.1 squares deep)
BODY_APART = 2.0  # times the table's spread: a body this far from the table all along is told from it
WORK_SQUARE_PX = 24.0  # the frame is looked at with a square this many px: a rack is >= 150 px long
RIM_PROBE = 0.2  # squares out from the playing area where the rim's colour is taken
RIM_STEP = 0.1
RIM_MAX = 1.5  # the rim is 3-7 % of the playing area's side (vision.synth.racks): 0.45-1.05 squares
RIM_SAME = 14.0  # weighted Lab: still the rim's colour (a rim's own shading along a side is < 8)
RIM_EDGE = 0.3  # squares past the rim: the board's side face and its shadow's darkest part
RIM_LEFT = 8.0  # weighted Lab: the rim's colour left for good (to RIM_MAX) where the table is near it (RIM_SAME
# never stops): on dev setup frames 8130080-8130179 the rim so found is 0.27 under to 0.01 over the rendered rim's
# width, where RIM_SAME alone finds 0.19 under to 1.04 over (a grey table 7-10 from a grey rim, 10400542: the rim
# 0.83 squares found 1.5, the anchor's body under the board's outline)
OPEN_SQUARES = 0.6  # specks, and the board's shadow along its foot, are not racks: a rack is >= 1.1 squares
# deep, the shadow's band past RIM_EDGE < 0.4 (dev seed 5005: a rack joined to it was 16 squares long;
# 0.15 here found one rack less in 120, 0.45-0.8 the same; lightness weighed as much as colour here,
# or half, found 1-6 racks less: the table's grain and the racks' shading)
CLOSE_SQUARES = 0.3  # seams, grooves and gaps between tiles closed
COLOURS = 4  # colours of a blob tried as the tiles' (k-means): body, wall in shade, tiles' tops and backs
TILE_TOLERANCE = 20.0  # the tiles' colour found on the rack is known as well as a calibrated one (vision.reader)


@dataclass(frozen=True)
class FoundRack:
    zone: np.ndarray        # 4x2, first edge along the rack on the board's side
    profile: RackProfile    # what the rack showed with its tiles (vision.racks.learn_rack)
    colour: np.ndarray      # the tiles' colour (Lab) it was learnt and read back with
    tolerance: float


def find_racks(frame: np.ndarray, board_corners: np.ndarray, tile_lab: np.ndarray | None, tolerance: float,
               tiles: int = 7) -> dict[str, tuple[np.ndarray, RackProfile]]:
    """Racks with `tiles` tiles standing on each, found in a frame at setup: name -> (zone,
    profile); see racks_found."""
    return {name: (rack.zone, rack.profile) for name, rack in racks_found(frame, board_corners, tile_lab,
                                                                          tolerance, tiles).items()}


def racks_found(frame: np.ndarray, board_corners: np.ndarray, tile_lab: np.ndarray | None, tolerance: float,
                tiles: int = 7) -> dict[str, FoundRack]:
    """Racks with `tiles` tiles standing on each, found in a frame at setup. p1 is the rack on
    the frame's bottom side of the board, p2 the one on its top side (the config's manual zones
    stay the fallback for a rack not found). `tile_lab`/`tolerance`: the tiles' colour when
    the board gives one (tried first), else None. A rack is found only when it reads `tiles`
    back in its zone with what was learnt of it and the colour it was learnt with."""
    corners = np.asarray(board_corners, np.float32)
    square = square_px(corners)
    found: dict[str, FoundRack] = {}
    for min_apart in MIN_APART:
        if len(found) < 2:
            _find_in(frame, corners, square, rack_blobs(frame, corners, square, min_apart), tile_lab, tolerance,
                     tiles, found)
    return found


def _find_in(frame: np.ndarray, corners: np.ndarray, square: float, blobs: list[tuple[np.ndarray, list[np.ndarray]]],
             tile_lab: np.ndarray | None, tolerance: float, tiles: int, found: dict[str, FoundRack]) -> None:
    """The racks among these blobs not found yet, into `found`."""
    for zone, colours in blobs:  # nearest the board first
        # p1 sits on the frame's bottom side of the board, p2 on its top (the kiosk's convention,
        # vision.synth.racks): a rack is named by its side, so one found alone is not the other's
        name = "p1" if float(zone[:, 1].mean()) > float(corners[:, 1].mean()) else "p2"
        if name in found:
            continue
        tries = ([(np.asarray(tile_lab, np.float32), tolerance)] if tile_lab is not None else [])
        tries += [(c, TILE_TOLERANCE) for c in colours]
        at_rack = rack_square_px(corners, zone)   # the board's square carried on to the rack's place, as the reader reads
        for colour, tol in tries:
            # by the tiles' colour only: a blob whose tiles no colour tells is not offered as a rack
            profile = learn_known(frame, zone, at_rack, colour, tol, tiles, by_tops=False).profile
            if profile is not None:
                found[name] = FoundRack(zone, profile, colour, tol)
                break


def rack_colour(profile: RackProfile) -> np.ndarray:
    """The tiles' colour (Lab, as the board's tile colour is given) learnt on a rack at setup."""
    return np.array([profile.tile[0] / RACK_LIGHTNESS_WEIGHT, profile.tile[1], profile.tile[2]], np.float32)


def rack_blobs(frame: np.ndarray, corners: np.ndarray, square: float, min_apart: float = MIN_APART[0]
               ) -> list[tuple[np.ndarray, list[np.ndarray]]]:
    """What stands on the table beside the board, rack-sized: (zone, its colours as Lab
    candidates for the tiles', fewest pixels first), nearest the board first."""
    scale = min(1.0, WORK_SQUARE_PX / max(square, 1e-6))
    small = cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else frame
    lab = weighted_lab(small)
    h, w = lab.shape[:2]
    centre = corners.mean(axis=0)
    sq = square * scale

    def grown(squares: float) -> np.ndarray:
        return np.round((centre + (corners - centre) * (1 + 2 * squares / 15)) * scale).astype(np.int32)

    rim = rim_squares(lab, corners * scale, sq)
    board = np.zeros((h, w), np.uint8)
    cv2.fillPoly(board, [grown(rim + RIM_EDGE)], 1)
    near = np.zeros((h, w), np.uint8)
    cv2.fillPoly(near, [grown(rim + REACH_SQUARES)], 1)
    around = (near > 0) & (board == 0)
    if around.sum() < 100:
        return []  # the board and its rim fill the frame: no table, no rack in view
    d_table = _from_table(lab, around)
    spread = float(np.median(d_table[around]))
    strong = ((d_table > max(min_apart, TABLE_SPREAD * spread)) & around).astype(np.uint8)
    k_open = max(3, int(round(OPEN_SQUARES * sq)) | 1)
    k_close = max(3, int(round(CLOSE_SQUARES * sq)) | 1)
    closed = cv2.morphologyEx(strong, cv2.MORPH_CLOSE, np.ones((k_close, k_close), np.uint8))
    other = cv2.morphologyEx(closed, cv2.MORPH_OPEN, np.ones((k_open, k_open), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(other)
    out: list[tuple[float, np.ndarray, list[np.ndarray]]] = []
    for i in range(1, n):
        if stats[i, cv2.CC_STAT_AREA] < RACK_LONG[0] * RACK_SHORT[0] * sq * sq * FILL:
            continue
        ys, xs = np.nonzero(labels == i)
        points = np.column_stack([xs, ys]).astype(np.float32)
        (cx, cy), (bw, bh), angle = cv2.minAreaRect(points)
        long_side, short_side = max(bw, bh) / sq, min(bw, bh) / sq
        if not (RACK_LONG[0] <= long_side <= RACK_LONG[1] and RACK_SHORT[0] <= short_side <= RACK_SHORT[1]):
            continue
        if len(points) < FILL * bw * bh:
            continue
        box = _board_side_first((cv2.boxPoints(((cx, cy), (bw, bh), angle)) / scale).astype(np.float32), centre)
        zone = _grown(box, square, MARGIN, MARGIN, MARGIN)
        out.append((float(np.linalg.norm(np.array([cx, cy]) / scale - centre)), zone, _colours(lab[ys, xs])))
    taken = [zone * scale for _, zone, _ in out]
    beside = np.where(board > 0, 0.0, d_table).astype(np.float32)   # a body stops at the board's rim
    bars = (closed > 0) & (other == 0)
    for zone, pixels in _racks_of_the_tables_colour(bars.astype(np.uint8), beside, spread, centre * scale, sq, taken):
        out.append((float(np.linalg.norm(zone.mean(axis=0) - centre * scale)) / scale, zone / scale,
                    _colours(lab[pixels[:, 1], pixels[:, 0]])))
    out.sort(key=lambda o: o[0])
    return [(zone, colours) for _, zone, colours in out]


def _racks_of_the_tables_colour(bars: np.ndarray, d_table: np.ndarray, spread: float, centre: np.ndarray,
                                sq: float, taken: list[np.ndarray]) -> list[tuple[np.ndarray, np.ndarray]]:
    """Racks whose body is near the table's colour (a wooden rack on a wooden table), found by
    the bar of their tiles' tops (in groups or pushed together) and then the body around it,
    faintly unlike the table all along, averaged across the rack so the table's grain evens
    out; only a rack whose both ends show (the faint difference stops) is kept. (zone,
    the bar's pixels), in the working image's px."""
    k = max(3, int(round(CLOSE_SQUARES * sq)) | 1)
    gap = max(3, int(round(BAR_GAP * sq)) | 1)
    out: list[tuple[np.ndarray, np.ndarray]] = []
    for kernel in (np.ones((k, gap), np.uint8), np.ones((gap, k), np.uint8)):   # racks across or down the frame
        merged = cv2.morphologyEx(bars, cv2.MORPH_CLOSE, kernel)
        n, labels = cv2.connectedComponents(merged)
        for i in range(1, n):
            ys, xs = np.nonzero((labels == i) & (bars > 0))
            if len(xs) < 2 * sq:
                continue
            points = np.column_stack([xs, ys]).astype(np.float32)
            (cx, cy), (bw, bh), angle = cv2.minAreaRect(points)
            if not (BAR_LONG * sq <= max(bw, bh) <= RACK_LONG[1] * sq and min(bw, bh) <= BAR_SHORT * sq):
                continue
            mid = np.array([cx, cy], np.float32)
            if any(cv2.pointPolygonTest(z.reshape(-1, 1, 2).astype(np.float32), (float(cx), float(cy)), False) >= 0
                   for z in taken):
                continue   # the tiles of a rack found already
            box = cv2.boxPoints(((cx, cy), (bw, bh), angle))
            e1, e2 = box[1] - box[0], box[2] - box[1]
            axis = e1 if np.linalg.norm(e1) >= np.linalg.norm(e2) else e2
            axis = axis / np.linalg.norm(axis)
            normal = np.array([-axis[1], axis[0]], np.float32)
            if float((centre - mid) @ normal) < 0:
                normal = -normal   # toward the board
            along, across = (points - mid) @ axis, (points - mid) @ normal
            zone = _body_around(d_table, spread, mid, axis, normal, along.min(), along.max(),
                                across.min(), across.max(), sq)
            if zone is not None:
                out.append((zone, points.astype(np.int64)))
                taken.append(zone)
    return out


def _nan_mean(values: np.ndarray, axis: int) -> np.ndarray:
    """The mean over `axis` of the values that are not NaN (NaN where there are none)."""
    valid = ~np.isnan(values)
    count = valid.sum(axis=axis)
    total = np.where(valid, values, 0.0).sum(axis=axis)
    return np.asarray(np.where(count > 0, total / np.maximum(count, 1), np.nan), np.float32)


def _body_around(d_table: np.ndarray, spread: float, mid: np.ndarray, axis: np.ndarray, normal: np.ndarray,
                 a0: float, a1: float, n0: float, n1: float, sq: float) -> np.ndarray | None:
    """The rack's zone around a bar of tiles' tops (along a0..a1, across n0..n1 toward the
    board, px from `mid`): how far its body reaches along and across, where the faint
    difference from the table stops; None when it does not stop on both ends in view."""
    h, w = d_table.shape
    step = 0.25 * sq

    def mean_d(a_values: np.ndarray, n_values: np.ndarray) -> np.ndarray:
        pts = mid + a_values[:, None, None] * axis + n_values[None, :, None] * normal   # along x across
        x, y = np.round(pts[..., 0]).astype(int), np.round(pts[..., 1]).astype(int)
        inside = (x >= 0) & (x < w) & (y >= 0) & (y < h)
        values = np.where(inside, d_table[np.clip(y, 0, h - 1), np.clip(x, 0, w - 1)], np.nan)
        return np.asarray(values, np.float32)

    body_n = np.arange(n1 + BODY_FROM * sq, n1 + BODY_TO * sq, step)   # the wall and body, toward the board
    reach = RACK_LONG[1] * sq
    a_values = np.arange(a0 - reach, a1 + reach, step)
    d_along = mean_d(a_values, body_n)
    if np.isnan(d_along).any(axis=1)[(a_values >= a0) & (a_values <= a1)].any():
        return None
    profile = _nan_mean(d_along, axis=1)   # NaN where the line leaves the frame
    inner = (a_values >= a0) & (a_values <= a1)
    level = float(np.median(profile[inner]))
    if level < BODY_APART * spread:
        return None   # no body told from the table: its ends would be guesses
    edge = (level + spread) / 2
    profile = cv2.medianBlur(np.nan_to_num(profile, nan=np.inf).astype(np.float32).reshape(1, -1), 5).ravel() \
        if len(profile) >= 5 else profile
    first, last = int(np.argmax(inner)), len(inner) - 1 - int(np.argmax(inner[::-1]))
    lo, hi = first, last
    while lo > 0 and profile[lo - 1] > edge:
        lo -= 1
    while hi < len(profile) - 1 and profile[hi + 1] > edge:
        hi += 1
    if lo == 0 or hi == len(profile) - 1 or not (np.isfinite(profile[lo - 1]) and np.isfinite(profile[hi + 1])):
        return None   # an end not seen (out of the frame, or the difference runs on)
    length = (a_values[hi] - a_values[lo]) / sq
    if not RACK_LONG[0] <= length <= RACK_LONG[1]:
        return None
    # across: from the bar toward the board, as far as the body's difference reaches
    n_values = np.arange(n1, n1 + RACK_SHORT[1] * sq, step)
    across = _nan_mean(mean_d(np.arange(a_values[lo], a_values[hi], step), n_values), axis=0)
    far = 0
    while far < len(across) - 1 and across[far + 1] > edge:
        far += 1
    depth = (n_values[far] - n0) / sq
    if not RACK_SHORT[0] <= depth <= RACK_SHORT[1]:
        return None
    lo_a, hi_a = a_values[lo] - MARGIN * sq, a_values[hi] + MARGIN * sq
    near_n, far_n = n0 - MARGIN * sq, n_values[far] + MARGIN * sq
    # first edge on the board's side, clockwise in the frame as _board_side_first orders it
    zone = np.array([mid + axis * lo_a + normal * far_n, mid + axis * hi_a + normal * far_n,
                     mid + axis * hi_a + normal * near_n, mid + axis * lo_a + normal * near_n], np.float32)
    return _board_side_first(zone, mid + normal * far_n * 4)


def rim_squares(lab: np.ndarray, corners: np.ndarray, sq: float, left: float | None = None) -> float:
    """How far, in squares, the board's rim reaches out from the playing area: on each side,
    where the colour just outside the squares stops along most of the side; the narrowest
    side's (a rack or its shadow against a side can only make that side look wider). With
    `left` (weighted Lab), a side's rim also ends where most of it is over `left` from the rim's
    colour at every step from there on (a table near the rim's colour, RIM_LEFT)."""
    widths = []
    h, w = lab.shape[:2]
    centre = corners.mean(axis=0)
    for i in range(4):
        a, b = corners[i], corners[(i + 1) % 4]
        mid = (a + b) / 2
        out = mid - centre
        out = out / max(float(np.linalg.norm(out)), 1e-6)
        along = np.linspace(0.2, 0.8, 25)[:, None]
        base = a + (b - a) * along

        def at(t: float) -> np.ndarray | None:
            pts = np.round(base + out * t * sq).astype(int)
            inside = (pts[:, 0] >= 0) & (pts[:, 0] < w) & (pts[:, 1] >= 0) & (pts[:, 1] < h)
            return lab[pts[inside, 1], pts[inside, 0]] if inside.mean() > 0.5 else None

        first = at(RIM_PROBE)
        if first is None:
            continue
        rim_colour = np.median(first, axis=0)
        t = RIM_PROBE
        near: list[float] = []   # each step's share within `left` of the rim's colour
        while t < RIM_MAX:
            seen = at(t + RIM_STEP)
            off = None if seen is None else np.linalg.norm(seen - rim_colour, axis=1)
            if off is None or float(np.mean(off < RIM_SAME)) < 0.5:
                break
            if left is not None:
                near.append(float(np.mean(off < left)))
            t += RIM_STEP
        left_at = next((k for k in range(len(near)) if max(near[k:]) < 0.5), len(near))
        widths.append(t - (len(near) - left_at) * RIM_STEP)
    return min(widths) if widths else RIM_MAX


def _from_table(lab: np.ndarray, around: np.ndarray) -> np.ndarray:
    """Each pixel's distance from the table's colour there: a smooth (quadratic) fit over the
    frame around the board, which a lamp to one side lights unevenly (dev seed 5056: a white
    table from cream to grey took the racks for table), fitted again without what is not table."""
    h, w = around.shape
    rows, cols = np.nonzero(around)
    pick = slice(None, None, max(1, len(rows) // 6000))
    rows, cols = rows[pick], cols[pick]
    values = lab[rows, cols]
    xs, ys = cols.astype(np.float32) / w - 0.5, rows.astype(np.float32) / h - 0.5

    def design(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        return np.column_stack([np.ones_like(x), x, y, x * x, x * y, y * y])

    a = design(xs, ys)
    keep = np.ones(len(xs), bool)
    for _ in range(2):
        coef, *_ = np.linalg.lstsq(a[keep], values[keep], rcond=None)
        residual = np.linalg.norm(values - a @ coef, axis=1)
        keep = residual <= max(MIN_APART[0], TABLE_SPREAD * float(np.median(residual)))
    gx, gy = np.meshgrid(np.arange(w, dtype=np.float32) / w - 0.5, np.arange(h, dtype=np.float32) / h - 0.5)
    fitted = (design(gx.ravel(), gy.ravel()) @ coef).reshape(h, w, 3)
    return np.asarray(np.linalg.norm(lab - fitted, axis=2), np.float32)


def _colours(pixels: np.ndarray) -> list[np.ndarray]:
    """A blob's main colours (weighted Lab in, Lab out), fewest pixels first: the tiles' tops
    and backs are a thin strip along the rack's body."""
    data = pixels[:: max(1, len(pixels) // 4000)].astype(np.float32)
    if len(data) < COLOURS:
        return []
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
    cv2.setRNGSeed(0)
    _, labels, centres = cv2.kmeans(data, COLOURS, np.zeros((len(data), 1), np.int32), criteria, 2, cv2.KMEANS_PP_CENTERS)
    sizes = np.bincount(labels.ravel(), minlength=COLOURS)
    order = np.argsort(sizes)
    return [np.array([centres[j, 0] / RACK_LIGHTNESS_WEIGHT, centres[j, 1], centres[j, 2]], np.float32)
            for j in order if sizes[j] > 0]


def _grown(zone: np.ndarray, square: float, ends: float, board: float, player: float) -> np.ndarray:
    """A zone (first edge on the board's side) grown by these margins, in squares."""
    along = zone[1] - zone[0]
    along = along / max(float(np.linalg.norm(along)), 1e-6)
    across = zone[3] - zone[0]
    across = across / max(float(np.linalg.norm(across)), 1e-6)  # toward the player
    ends, board, player = ends * square, board * square, player * square
    return np.array([zone[0] - along * ends - across * board, zone[1] + along * ends - across * board,
                     zone[2] + along * ends + across * player, zone[3] - along * ends + across * player], np.float32)


def _board_side_first(box: np.ndarray, board_centre: np.ndarray) -> np.ndarray:
    """The box's corners clockwise in the frame (y down), its first edge the long one facing
    the board: left to right as the rack's owner sees it, as vision.synth.racks.rack_outline."""
    z = np.asarray(box, np.float32).reshape(4, 2)
    x, y = z[:, 0], z[:, 1]
    if float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y)) < 0:
        z = z[::-1].copy()
    edges = [np.linalg.norm(z[(i + 1) % 4] - z[i]) for i in range(4)]
    mids = (z + np.roll(z, -1, axis=0)) / 2
    long_edges = [i for i in range(4) if edges[i] >= max(edges) - 1e-3 or edges[i] >= edges[(i + 1) % 4]]
    first = min(long_edges, key=lambda i: float(np.linalg.norm(mids[i] - board_centre)))
    return np.roll(z, -first, axis=0)


# ---------------------------------------------------------------------------------------
# A rack moved on the table during a game (issue 18): players slide their racks a few cm and
# turn them. What does not change with the tiles on a rack is its body on the board's side of
# the tiles (the back wall's face and top: the zone's rows before the band of tiles' tops,
# vision.racks.RackProfile.band) and where it ends; that is kept, as the frame showed it where the
# rack was learnt (`rack_anchor`), and looked for again, slid and turned, near there (`refound`).
# ---------------------------------------------------------------------------------------

ANCHOR_ENDS = 0.3   # squares of table past each end of the rack kept with its body (where it ends): not the
# tiles put face down beside it, 8 mm or more off its end (vision.synth.racks.face_down_tiles; with 0.5, five such
# tiles made tests/test_rack_setup.py's rack lost and its overdraw unasked)
END_SQUARES = 1.5   # squares of the anchor at each end (the table past the end and the body's last square)
ANCHOR_GAP = 0.15   # squares kept clear of the band of tiles' tops (their tops lean over the wall)
COARSE_PX = 4.0     # px per square where a moved rack is looked for ...
FINE_PX = 10.0      # ... and where it is placed (and the in-place test made): 2 mm a px
SEARCH_SQUARES = 5.5  # squares around where it was learnt: a rack slid up to 10 cm (5 squares of 19-22 mm)
COARSE_TURNS = np.arange(-21.0, 21.5, 3.0)  # degrees tried: a player turns a rack up to 20 degrees
FINE_TURNS = np.arange(-3.0, 3.25, 0.5)   # ... then around the best, every half degree
FINE_REACH = 2      # coarse px each way the fine search looks around the coarse best
SHARP_PX = 24.0     # px per square where the rack found is placed last (the frame shows 30-40): at FINE_PX a turn
# of one degree moves a 10-square body's ends by under a px, and racks slid along were placed up to 1.5 degrees
# off (dev move scenes 8010250-8010449), enough to put the band of tiles' tops off the zone's rows
SHARP_TURNS = np.arange(-0.75, 0.8, 0.25)   # degrees tried there, around the fine best
SHARP_REACH = 1.5   # fine px each way the sharp search looks around the fine best
NOW_EDGE = 0.1   # squares past the rim left out where a moved rack is looked for: a rack pushed to the board stops
# 2 mm (0.1 square) short of its rim (vision.synth.racks.MOVE_CLEAR); with RIM_EDGE's 0.3, as the anchor leaves it out,
# the rack's own body near the board was hidden too, and a place hiding more of it looked the more alike (the README
# run's 10011395 p2, looked at: a rack turned 4.8 degrees placed 3.4 degrees off, a fifth of its px hidden so)
KEPT = 0.5   # share of the anchor's px (or an end's) a place must show off the board to be compared there


@dataclass(frozen=True)
class RackAnchor:
    """A rack's body as the frame showed it where the rack was learnt (rack_anchor)."""
    zone: np.ndarray     # the zone it was learnt in, frame px, first edge on the board's side
    body: float          # share of the zone's depth from its board side the body fills (before the tiles)
    square: float        # a board square's side at the rack then, frame px
    patch: np.ndarray    # float32 grey of the body and ANCHOR_ENDS past its ends, FINE_PX per square
    mask: np.ndarray     # float32, 1 where the patch is no part of the board (_off_board), else 0
    sharp: np.ndarray    # the patch at SHARP_PX per square ...
    sharp_mask: np.ndarray   # ... and its mask
    rim: float           # squares the board's rim reaches out from the playing area then (rim_squares)


def _zone_axes(zone: np.ndarray) -> tuple[np.ndarray, np.ndarray, float, float]:
    """The zone's unit vectors along its first edge and across it (toward its player's side, made
    square to the first), and its length and depth, frame px."""
    z = np.asarray(zone, np.float64).reshape(4, 2)
    along = z[1] - z[0]
    length = float(np.linalg.norm(along))
    along = along / max(length, 1e-9)
    across = np.array([-along[1], along[0]])
    if float((z[3] - z[0]) @ across) < 0:
        across = -across
    depth = float(((z[3] - z[0]) @ across + (z[2] - z[1]) @ across) / 2)
    return along, across, length, depth


def _to_frame(anchor_zone: np.ndarray, square: float, px: float, grow: float) -> np.ndarray:
    """2x3: a patch's px -> frame px, the patch in the anchor zone's own axes at `px` per square,
    from ANCHOR_ENDS past its first end and `grow` squares out on every side."""
    along, across, _, _ = _zone_axes(anchor_zone)
    k = px / square
    origin = np.asarray(anchor_zone, np.float64)[0] - along * (ANCHOR_ENDS + grow) * square - across * grow * square
    return np.column_stack([along / k, across / k, origin]).astype(np.float64)


def _patch_size(anchor_zone: np.ndarray, square: float, px: float, body: float, grow: float) -> tuple[int, int]:
    """(width, height) of the patch _patch cuts."""
    _, _, length, depth = _zone_axes(anchor_zone)
    k = px / square
    return (max(1, int(round((length + 2 * (ANCHOR_ENDS + grow) * square) * k))),
            max(1, int(round((body * depth + 2 * grow * square) * k))))


def _patch(frame: np.ndarray, anchor_zone: np.ndarray, square: float, px: float, body: float,
           grow: float) -> np.ndarray:
    """The grey frame around the anchor zone's body, in the zone's own axes at `px` per square:
    its length and ANCHOR_ENDS past each end, its depth up to `body` of it, all grown by `grow`
    squares on every side; -1 outside the frame."""
    to_frame = _to_frame(anchor_zone, square, px, grow)
    size = _patch_size(anchor_zone, square, px, body, grow)
    # the patch cut first, then made grey: the whole frame made grey or float costs more than the rest
    cut = cv2.warpAffine(frame, to_frame, size, flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
                         borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    grey = (cut if cut.ndim == 2 else cv2.cvtColor(cut, cv2.COLOR_BGR2GRAY)).astype(np.float32)
    h, w = frame.shape[:2]
    if _inside_by_a_px(to_frame, size, (w, h)):
        return grey
    xs, ys = np.meshgrid(np.arange(size[0], dtype=np.float64), np.arange(size[1], dtype=np.float64))
    fx = to_frame[0, 0] * xs + to_frame[0, 1] * ys + to_frame[0, 2]
    fy = to_frame[1, 0] * xs + to_frame[1, 1] * ys + to_frame[1, 2]
    grey[(fx < 0) | (fy < 0) | (fx > w - 1) | (fy > h - 1)] = -1.0
    return grey


def _inside_by_a_px(to_frame: np.ndarray, size: tuple[int, int], frame_size: tuple[int, int]) -> bool:
    """Whether every px of a patch (`size`) falls a px or more inside the frame (`frame_size`) by the affine
    `to_frame`: its four corners do (an affine map's extremes are at its corners; the px's margin is far
    beyond float64's rounding), so _patch has no px outside the frame to mark, and no grid to work out."""
    w, h = size[0] - 1, size[1] - 1
    corners = np.array([[0, 0, 1], [w, 0, 1], [0, h, 1], [w, h, 1]], np.float64)
    fx, fy = (corners @ to_frame.T).T
    return bool(fx.min() >= 1 and fy.min() >= 1 and fx.max() <= frame_size[0] - 2 and fy.max() <= frame_size[1] - 2)


def _board_outline(corners: np.ndarray, rim: float, edge: float = RIM_EDGE) -> np.ndarray:
    """The board, its rim (`rim` squares) and `edge` squares past it, frame px (4x2)."""
    centre = corners.mean(axis=0)
    return centre + (corners - centre) * (1 + 2 * (rim + edge) / 15)


def _off_board(frame: np.ndarray, corners: np.ndarray, square: float, zone: np.ndarray, body: float,
               px: tuple[float, ...]) -> tuple[float, list[np.ndarray]]:
    """The board's rim (squares, rim_squares to where its colour is left for good), and 1 where the anchor's patch (at each of
    `px` per square) shows no board: the board and its rim stay put when the rack moves, so they are no part of
    it to find it by (dev seed 7940096 p1: a dark rack on a dark table against the board's shadow, found turned
    the wrong way by them)."""
    scale = min(1.0, WORK_SQUARE_PX / max(square, 1e-6))
    small = cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else frame
    rim = rim_squares(weighted_lab(small), corners * scale, square * scale, RIM_LEFT)
    board = np.zeros(frame.shape[:2], np.uint8)
    cv2.fillPoly(board, [np.round(_board_outline(corners, rim)).astype(np.int32)], 1)
    return rim, [(cv2.warpAffine(board, _to_frame(zone, square, at, 0.0), _patch_size(zone, square, at, body, 0.0),
                                 flags=cv2.INTER_NEAREST | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_CONSTANT,
                                 borderValue=0) == 0).astype(np.float32) for at in px]


def _off_board_now(patch: np.ndarray, to_frame: np.ndarray, corners: np.ndarray, rim: float) -> np.ndarray:
    """1 where a search patch (`to_frame`: its px -> frame px) shows the frame and no board (_board_outline), else 0."""
    outline = _board_outline(np.asarray(corners, np.float64), rim, NOW_EDGE)
    to_patch = cv2.invertAffineTransform(to_frame)
    board = np.zeros(patch.shape, np.uint8)
    cv2.fillPoly(board, [np.round(outline @ to_patch[:, :2].T + to_patch[:, 2]).astype(np.int32)], 1)
    return ((board == 0) & (patch >= 0)).astype(np.float32)


def rack_anchor(frame: np.ndarray, zone: np.ndarray, square: float, band_start: float,
                corners: np.ndarray) -> RackAnchor | None:
    """The rack's body where it stands now, to find it by again (refound). `band_start`: the
    share of the zone's depth, from its board side, where the band of tiles' tops begins (what
    was learnt of the rack); `corners`: the board's playing area in the frame. None when the
    body is too thin to tell, not all in the frame, or mostly over the board's rim."""
    _, _, _, depth = _zone_axes(zone)
    body = band_start - ANCHOR_GAP * square / max(depth, 1e-9)
    if body * depth < 0.5 * square:
        return None
    patch = _patch(frame, zone, square, FINE_PX, body, 0.0)
    if (patch < 0).any():
        return None   # partly out of the frame
    rim, (mask, sharp_mask) = _off_board(frame, np.asarray(corners, np.float32), square, zone, body,
                                         (FINE_PX, SHARP_PX))
    if mask.mean() < 0.5:
        return None
    return RackAnchor(np.asarray(zone, np.float32), float(body), float(square), patch, mask,
                      _patch(frame, zone, square, SHARP_PX, body, 0.0), sharp_mask, float(rim))


def _ncc(a: np.ndarray, b: np.ndarray, mask: np.ndarray) -> float | None:
    """Normalised correlation of two patches of one size where `mask` (pixels outside the frame
    in `b` left out); None where `mask` holds no pixel (an end of the anchor all over the board and
    its rim: nothing of the rack there to compare)."""
    part = mask > 0
    if not part.any():
        return None
    seen = (b >= 0) & part
    if seen.sum() < 0.9 * part.sum():
        return -1.0
    a_seen, b_seen = a[seen], b[seen]
    x, y = a_seen - a_seen.mean(), b_seen - b_seen.mean()
    return float((x @ y) / max(float(np.sqrt((x @ x) * (y @ y))), 1e-6))


def in_place(frame: np.ndarray, anchor: RackAnchor, zone: np.ndarray) -> float:
    """How alike (normalised correlation, -1 to 1; the least of the whole and its two ends, an end
    with nothing of the rack off the board left out) the rack's body looks in `zone` (the anchor's
    zone slid and turned, or itself) and where it was anchored."""
    now = _patch(frame, zone, anchor.square, FINE_PX, anchor.body, 0.0)
    if now.shape != anchor.patch.shape:
        return -1.0
    end = int(round(END_SQUARES * FINE_PX))
    a, m = anchor.patch, anchor.mask
    scores = (_ncc(a, now, m), _ncc(a[:, :end], now[:, :end], m[:, :end]), _ncc(a[:, -end:], now[:, -end:], m[:, -end:]))
    return min((s for s in scores if s is not None), default=-1.0)


def _parts(ones: np.ndarray, pad: int, end: int) -> list[np.ndarray]:
    """A padded template's mask (`ones`), whole, and kept to its first and its last `end` px
    along (its two ends); an end with no pixel in the mask left out (as in_place leaves it)."""
    first, last = np.zeros_like(ones), np.zeros_like(ones)
    first[:, :pad + end] = ones[:, :pad + end]
    last[:, -pad - end:] = ones[:, -pad - end:]
    return [ones] + [part for part in (first, last) if part.any()]


def _ccorr(image: np.ndarray, template: np.ndarray) -> np.ndarray:
    return cv2.matchTemplate(image, template, cv2.TM_CCORR)


def _masked_ncc(search: np.ndarray, kept: np.ndarray, template: np.ndarray, mask: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray]:
    """At each place of `template` over `search`: the normalised correlation (TM_CCOEFF_NORMED's) over the
    template's px that are in `mask` and fall on `kept` px of `search` (both masks 0 or 1), and the share of
    the mask's px so kept. cv2.matchTemplate's mask is the template's only: the board, which stays put while
    the rack moves, would be compared wherever the template is placed over it."""
    t = template - float(template[mask > 0].mean()) if mask.any() else template
    seen = search - float(search[kept > 0].mean()) if kept.any() else search
    seen = seen * kept
    tm = t * mask
    n = _ccorr(kept, mask)
    s_i, s_ii = _ccorr(seen, mask), _ccorr(seen * seen, mask)
    s_t, s_tt = _ccorr(kept, tm), _ccorr(kept, tm * t)
    s_ti = _ccorr(seen, tm)
    safe = np.maximum(n, 1.0)
    cov = s_ti - s_t * s_i / safe
    var = np.maximum(s_tt - s_t * s_t / safe, 0.0) * np.maximum(s_ii - s_i * s_i / safe, 0.0)
    ncc = np.where(var > 1e-6, cov / np.sqrt(np.maximum(var, 1e-6)), 0.0)
    return ncc.astype(np.float32), (n / max(float(mask.sum()), 1.0)).astype(np.float32)


def _best_turn(search: np.ndarray, kept: np.ndarray, template: np.ndarray, template_mask: np.ndarray,
               turns: np.ndarray, end: int, near: tuple[float, float, int] | None) -> tuple[float, float, np.ndarray]:
    """The best (score, turn, 2x3 template px -> search px) of `template` turned by each of `turns`
    about its middle and slid over `search` (where `template_mask`, and where `kept`: the search's px that
    show no board), the least alike of the whole and its ends (`end` px along from each) taken (`near`: its
    middle within this many px (x, y, px) of a point of `search`; None: anywhere). Places where the turned
    template leaves the frame (`search` < 0), or where it or either end keeps under KEPT of its px off the
    board (a rack's end is never on the board), are none; an end that some turn keeps no px of is left out."""
    h, w = template.shape
    pad = int(np.ceil(0.5 * w * np.sin(np.radians(float(np.abs(turns).max()) + 1)))) + 2
    canvas = cv2.copyMakeBorder(template, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    ones = cv2.copyMakeBorder(template_mask, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    size = (canvas.shape[1], canvas.shape[0])
    x0 = y0 = 0
    area, area_kept = search, kept
    if near is not None:   # the canvas's top-left corners within reach
        cx, cy, reach = near
        x0 = max(0, int(round(cx - size[0] / 2)) - reach)
        y0 = max(0, int(round(cy - size[1] / 2)) - reach)
        area = search[y0:y0 + size[1] + 2 * reach + 1, x0:x0 + size[0] + 2 * reach + 1]
        area_kept = kept[y0:y0 + size[1] + 2 * reach + 1, x0:x0 + size[0] + 2 * reach + 1]
    best: tuple[float, float, np.ndarray] = (-2.0, 0.0, np.eye(2, 3))
    if area.shape[0] < size[1] or area.shape[1] < size[0]:
        return best
    outside = (area < 0).astype(np.float32)
    seen = np.maximum(area, 0)
    rotations = [cv2.getRotationMatrix2D((w / 2 + pad, h / 2 + pad), float(turn), 1.0) for turn in turns]
    parts = _parts(ones, pad, end)
    turned_parts = [[(cv2.warpAffine(part, m, size, flags=cv2.INTER_LINEAR) > 0.99).astype(np.float32)
                     for part in parts] for m in rotations]
    # an end of a few px (an anchor's end mostly over the board) may keep none once turned, and no place could then
    # show KEPT of it: such an end is left out at every turn, so that the turns are ranked alike (dev seed 8110113
    # p2: its first end kept 3 px at COARSE_PX, none turned, so the coarse search tried no turn but 0 and a rack
    # turned 6.1 degrees was placed 2.5 degrees off, read 6 for 7)
    used = [0] + [i for i in range(1, len(parts)) if all(masks[i].any() for masks in turned_parts)]
    for turn, m, all_masks in zip(turns, rotations, turned_parts):
        turned = cv2.warpAffine(canvas, m, size, flags=cv2.INTER_LINEAR)
        masks = [all_masks[i] for i in used]
        # the body as a whole and each of its ends alike: a body slid along its own length matches itself
        # but at its ends (dev seed 7940308 p1: slid 3.6 squares, 0.85 alike as a whole where it had stood)
        # compared where the frame shows no board now (_off_board_now): a rack pushed to the board has the board's
        # rim where the anchor had table (dev seeds 8060134, 8060146: placed a degree off; 8060055: not found)
        score = np.full((area.shape[0] - size[1] + 1, area.shape[1] - size[0] + 1), 2.0, np.float32)
        for mask in masks:
            part, part_kept = _masked_ncc(seen, area_kept, turned, mask)
            score = np.where(part_kept >= KEPT, np.minimum(score, part), -2.0)
        out = _ccorr(outside, masks[0])
        score = np.where((out > 0.5) | ~np.isfinite(score), -2.0, score)
        y, x = np.unravel_index(int(np.argmax(score)), score.shape)
        if float(score[y, x]) > best[0]:
            # template px p -> canvas px p + pad -> turned m -> search px + the canvas's corner
            placed = np.asarray(m, np.float64).copy()
            placed[:, 2] = m[:, :2] @ np.array([pad, pad], np.float64) + m[:, 2] + np.array([x + x0, y + y0])
            best = (float(score[y, x]), float(turn), placed)
    return best


def refound(frame: np.ndarray, anchor: RackAnchor, corners: np.ndarray) -> tuple[float, np.ndarray | None]:
    """The rack anchored, looked for slid and turned within SEARCH_SQUARES of where it was
    anchored: (how alike its body looks there, normalised correlation; its zone there, frame
    px, the anchor's zone slid and turned alike, and scaled as the board's square is at its new place
    (`corners`: the board's playing area in the frame)), the zone None when nowhere in reach."""
    coarse_t, coarse_m = (cv2.resize(p, None, fx=COARSE_PX / FINE_PX, fy=COARSE_PX / FINE_PX,
                                     interpolation=cv2.INTER_AREA) for p in (anchor.patch, anchor.mask))
    coarse_m = (coarse_m > 0.99).astype(np.float32)
    _, _, length, _ = _zone_axes(anchor.zone)
    # ... and as far again as the template turned reaches past its place (its canvas's padding)
    grow = SEARCH_SQUARES + 0.5 * (length / anchor.square + 2 * ANCHOR_ENDS) * np.sin(np.radians(22.0)) + 0.5
    coarse = _patch(frame, anchor.zone, anchor.square, COARSE_PX, anchor.body, grow)

    def off_board(patch: np.ndarray, px: float) -> np.ndarray:
        return _off_board_now(patch, _to_frame(anchor.zone, anchor.square, px, grow), corners, anchor.rim)

    fine = _patch(frame, anchor.zone, anchor.square, FINE_PX, anchor.body, grow)
    fine_kept = off_board(fine, FINE_PX)
    ratio = FINE_PX / COARSE_PX
    h, w = coarse_t.shape
    best: tuple[float, float, np.ndarray] = (-2.0, 0.0, np.eye(2, 3))
    # looked for roughly with the board left out and with it in (as the rack was anchored): at COARSE_PX the
    # board's edge is a px or two, and either can lead the fine search astray (dev seeds 8060093 and 8060107,
    # racks pushed to the board: each was placed 2 degrees or 1.4 squares off by one and right by the other)
    tried: list[tuple[float, np.ndarray]] = []
    for kept in (off_board(coarse, COARSE_PX), (coarse >= 0).astype(np.float32)):
        score, turn, placed = _best_turn(coarse, kept, coarse_t, coarse_m, COARSE_TURNS,
                                         int(round(END_SQUARES * COARSE_PX)), None)
        if score < -1 or any(turn == t and np.array_equal(placed, p) for t, p in tried):
            continue
        tried.append((turn, placed))
        middle = placed @ np.array([w / 2, h / 2, 1.0]) * ratio   # the template's middle, fine search px
        found = _best_turn(fine, fine_kept, anchor.patch, anchor.mask, turn + FINE_TURNS,
                           int(round(END_SQUARES * FINE_PX)),
                           (float(middle[0]), float(middle[1]), int(round(FINE_REACH * ratio))))
        if found[0] > best[0]:
            best = found
    score, turn, placed = best
    if score < -1:
        return score, None
    sharp = _patch(frame, anchor.zone, anchor.square, SHARP_PX, anchor.body, grow)
    ratio = SHARP_PX / FINE_PX
    h, w = anchor.patch.shape
    middle = placed @ np.array([w / 2, h / 2, 1.0]) * ratio   # the template's middle, sharp search px
    sharp_score, _, sharp_placed = _best_turn(sharp, off_board(sharp, SHARP_PX), anchor.sharp, anchor.sharp_mask,
                                              turn + SHARP_TURNS,
                                              int(round(END_SQUARES * SHARP_PX)),
                                              (float(middle[0]), float(middle[1]), int(np.ceil(SHARP_REACH * ratio))))
    # placed sharp where it can be (nowhere there: the turned template leaves the frame), else as found fine; how
    # alike it looks is the fine search's (FOUND was set on it)
    px, (h, w), placed = (SHARP_PX, anchor.sharp.shape, sharp_placed) if sharp_score >= -1 else \
        (FINE_PX, anchor.patch.shape, placed)
    # the move on the table: the body's middle and a point along it, before (template px -> frame px)
    # and after (-> search px -> frame px), on the board's plane; the zone moved so there
    marks = np.array([[w / 2, h / 2, 1.0], [0.75 * w, h / 2, 1.0]])
    before = marks @ _to_frame(anchor.zone, anchor.square, px, 0.0).T
    after = np.column_stack([marks @ placed.T, np.ones(2)]) @ _to_frame(anchor.zone, anchor.square, px, grow).T
    to_frame = grid_to_frame(corners)
    to_table = np.linalg.inv(to_frame)
    (c0, a0), (c1, a1) = (cv2.perspectiveTransform(p.reshape(-1, 1, 2), to_table).reshape(-1, 2) for p in (before, after))
    turn = np.arctan2(*(a1 - c1)[::-1]) - np.arctan2(*(a0 - c0)[::-1])
    rotation = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    zone_table = cv2.perspectiveTransform(np.asarray(anchor.zone, np.float64).reshape(-1, 1, 2), to_table).reshape(-1, 2)
    moved = (zone_table - c0) @ rotation.T + c1
    zone = cv2.perspectiveTransform(moved.reshape(-1, 1, 2), to_frame).reshape(-1, 2)
    return score, zone.astype(np.float32)


NUDGE_ALONG = 0.1   # squares: a moved rack's zone is placed to a few px along ...
NUDGE_TURN = 0.75   # ... and about a degree (FINE_TURNS' step, the perspective of a rack turned)


def nudged(zone: np.ndarray, square: float) -> list[np.ndarray]:
    """`zone` slid NUDGE_ALONG squares each way along it and turned NUDGE_TURN each way about its middle."""
    z = np.asarray(zone, np.float32)
    along, _, _, _ = _zone_axes(z)
    out = [(z + along * NUDGE_ALONG * square * sign).astype(np.float32) for sign in (-1.0, 1.0)]
    middle = z.mean(axis=0)
    for turn in (-NUDGE_TURN, NUDGE_TURN):
        m = cv2.getRotationMatrix2D((float(middle[0]), float(middle[1])), turn, 1.0)
        out.append((np.column_stack([z, np.ones(4, np.float32)]) @ m.T).astype(np.float32))
    return out
