"""Counting tiles along a rack's strip (vision.racks, vision.rack_tops): the runs of tile colour
along it, split into whole tiles by every pitch a square allows (or setup learnt); where the
pitches give different totals, the seams between tiles pushed together decide (the total whose
seams fall where the strip is darkest), or else how well the runs fit one pitch.
"""
from __future__ import annotations

import math
from typing import NamedTuple

import cv2
import numpy as np

END_ZONE = 0.6  # pitches at each end of the zone no standing tile lies wholly within: the zone's 3 mm
# margin and the rack's 3 mm end wall are 0.3 of a tile (dev seed 1586: a light blend at a rack's
# end, 8 px, read as an eighth tile with a learnt pitch)
EDGE_LOSS = 0.1  # share of a pitch the dark rounded ends of a run of tiles lose (renders: 0.05-0.15)
UNSURE_FRACTION = 0.3  # a run whose length is this far from a whole number of tiles is not counted


def tile_runs(column: np.ndarray, pitch: float) -> list[tuple[int, int]]:
    """Runs of tile columns (tiles pushed together make one run), none wholly within the
    zone's ends, none shorter than 0.4 of a tile."""
    edges = np.diff(np.concatenate([[0], column.astype(np.int8), [0]]))
    ends = END_ZONE * pitch
    whole = (1 - UNSURE_FRACTION) * pitch - EDGE_LOSS * pitch  # the shortest run a tile alone makes
    runs: list[tuple[int, int]] = []
    for a, b in zip(np.flatnonzero(edges == 1).tolist(), np.flatnonzero(edges == -1).tolist()):
        if runs and a - runs[-1][1] <= FRAGMENT_GAP and min(b - a, runs[-1][1] - runs[-1][0]) < whole:
            # a column or so missing from a tile's top (a blend, a speck) splits no tile in two
            # (dev seed 9650135: 6 and 7 px either side of one such column, no tile alone: eight
            # white tiles not counted); runs of whole tiles stay apart (their seams decide nothing then)
            runs[-1] = (runs[-1][0], b)
        else:
            runs.append((a, b))
    return [(a, b) for a, b in runs if b - a >= 0.4 * pitch and b > ends and a < len(column) - ends]


FRAGMENT_GAP = 1  # px (a tenth of a tile): a gap this narrow between a run and a piece of a tile joins them


def seam_dip(light: np.ndarray, a: int, b: int, n: int) -> tuple[float, int]:
    """How much darker the run a..b is where n tiles pushed together would touch (evenly
    spaced: each run loses the same rounded edge at both ends) than across the tiles' middles:
    (mean dip over the n - 1 seams, seams)."""
    if n < 2:
        return 0.0, 0
    width = (b - a) / n
    values = light.tolist()  # (the same values as Python floats: min and sorted on lists cost less per seam)
    dips = []
    for k in range(1, n):
        x = a + k * width
        lo, hi = math.floor(x - SEAM_SLACK), math.ceil(x + SEAM_SLACK) + 1
        seam = float(min(values[max(a, lo):min(b, hi)]))
        left = values[int(round(x - 0.7 * width)):int(round(x - 0.3 * width)) + 1]
        right = values[int(round(x + 0.3 * width)):int(round(x + 0.7 * width)) + 1]
        middles = [_median(side) for side in (left, right) if len(side)]
        dips.append(_mean(middles) - seam if middles else 0.0)
    return _mean(dips), n - 1


def _mean(values: list[float]) -> float:
    """float(np.mean(values)) of a short list of floats, to the same bits without its overhead (a
    twentieth of its CPU time; a reading takes a few dozen): numpy's float64 sum, a running sum under 8
    values, else 8 running sums paired ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7)) and the rest
    added (its pairwise sum for up to 128 values), over the count."""
    n = len(values)
    if n < 8:
        total = -0.0
        for v in values:
            total += v
        return total / n
    if n > 128:
        return float(np.mean(values))
    r = values[:8]
    i = 8
    while i + 8 <= n:
        for j in range(8):
            r[j] += values[i + j]
        i += 8
    total = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
    for v in values[i:]:
        total += v
    return total / n


def _median(values: list[float]) -> float:
    """np.median of a few values, without its overhead (a seam's sides are 3-6 px)."""
    v = sorted(values)
    n = len(v)
    return float(v[(n - 1) // 2] + v[n // 2]) / 2


def trim_table_ends(runs: list[tuple[int, int]], profile: np.ndarray, width: int, reach: float,
                     rack_col: np.ndarray) -> tuple[list[tuple[int, int]], bool]:
    """On a table the tiles' colour, a run reaching the zone's ends may hold a strip of table
    beside the rack's end: start it at the darkest line (a tile's edge) within `reach` of
    that end. (runs, every such end found: a line at least SEAM_MIN darker than the run).
    A run that stops at a column of `rack_col` (the rack's colour, its end wall inside the
    zone, or the first column past the rack's lip: _lip_ends) ends there: no table lies between
    (dev seed 9600126: seven ivory tiles pushed to a brown rack's end on a light grey table,
    their last seam a px short of `reach`, unknown)."""
    out, found = [], True
    for a, b in runs:
        level = float(np.median(profile[a:b]))
        stops = _steps_off(profile[:a][::-1], profile[a:b], level)  # the table beyond steps off: none in the run
        if a < reach and not rack_col[max(0, a - RACK_END_COLUMNS):a].any() and not stops:
            cut = a + int(np.argmin(profile[a:min(b, int(reach) + 1)]))
            if (step := _table_step(profile[a:min(b, int(reach) + 1)], level)) is not None:
                a += step  # table in the run's first columns: cut where it ends, not at a dip in a tile
            elif level - float(profile[cut]) >= SEAM_MIN:
                a = cut
            elif a > 0 and level - float(profile[max(0, a - RACK_END_COLUMNS):a].min()) >= SEAM_MIN:
                pass  # the tile's dark edge right beyond the run: it ends there
            else:
                found = False
        stops = _steps_off(profile[b:], profile[a:b][::-1], level)
        if b > width - reach and not rack_col[b:b + RACK_END_COLUMNS].any() and not stops:
            lo = max(a + 1, int(width - reach))
            cut = lo + int(np.argmin(profile[lo:b])) + 1 if b > lo else b
            if b > lo and (step := _table_step(profile[lo:b][::-1], level)) is not None:
                b -= step
            elif level - float(profile[cut - 1]) >= SEAM_MIN:
                b = cut
            elif b < width and level - float(profile[b:b + RACK_END_COLUMNS].min()) >= SEAM_MIN:
                pass
            else:
                found = False
        if b - a > 0:
            out.append((a, b))
    return out, found


def _steps_off(outward: np.ndarray, inward: np.ndarray, level: float) -> bool:
    """Does a run stop where the table beyond it steps off (`outward`: the light from the run's
    end outwards, `inward`: the run's own from that end inwards; `level`: the run's)? The
    RACK_END_COLUMNS columns right beyond the end (fewer at the zone's edge) all TABLE_STEP off
    the level and the run's own end columns not, or the same past one column that blends the
    last tile's edge into the table (dev seeds 7540055 and 7540165: nine ivory tiles at L 195,
    nine navy ones at 33, each ending at a rack's end in a column of 197 and 37, then table at
    205-209 and 46-51: read unknown)."""
    n = min(RACK_END_COLUMNS, len(outward))
    own = inward[:RACK_END_COLUMNS]
    if n > 0 and _table_step(np.concatenate([outward[:n][::-1], own]), level) == n:
        return True
    past = outward[1:1 + RACK_END_COLUMNS]
    return len(past) == RACK_END_COLUMNS and _table_step(np.concatenate([past[::-1], own]), level) == len(past)


def _table_step(end: np.ndarray, level: float) -> int | None:
    """Columns of table at a run's end (`end`: the light from that end inwards), told by a step
    rather than a dark line: the first columns all lighter (or all darker) than the run's
    `level` by TABLE_STEP, up to where the tiles' light begins. None when there is no such
    step (or the whole stretch is off: no tile's light to end it)."""
    off = end - level
    for sign in (1.0, -1.0):
        beyond = sign * off >= TABLE_STEP
        if len(beyond) and beyond[0] and not beyond.all():
            return int(np.argmin(beyond))
    return None


TABLE_STEP = 8.0  # L levels: a table lighter or darker than the tiles beside a rack's end, with no dark
# line between (dev seeds 9670158, 9670273: nine ivory tiles filling a rack, the table beyond its end
# 16-28 lighter, read unknown; a seam darkens 4 and more, SEAM_MIN); a run that stops where such a
# step begins, its own first columns at the tiles' level, holds no table (dev seed 9670251: eight
# navy tiles, the run's end 2 L from its level, the table beyond 20 lighter, read unknown; 9670012:
# a run starting in the table, its first columns as light as the table beyond, read 3 tiles as 4);
# with no dark line nor step inside the run, a dark line (SEAM_MIN) in the columns right beyond it
# is the last tile's edge (dev seed 9670533: nine ivory tiles, the edge a column past the run, unknown).
# A step is looked for before a dark line: a dip of 4-6 L in a tile's own light is no edge (dev seed
# 9670584: a run ending in 2 px of table 27-36 lighter, cut at such a dip in its last tile, unknown)
RACK_END_COLUMNS = 2  # columns beside a run's end looked at for the rack's end wall (blur: 1-2 px)


class Comb(NamedTuple):
    """What the pitches p_lo..p_hi make of a strip's runs of tile colour (comb_options)."""
    runs: list[tuple[int, int]]
    options: dict[int, tuple[float, int, float]]  # total -> (best seam dip, seams, best fit)
    ends_found: bool  # the runs' ends were found (a table the tiles' colour)
    p_lo: float  # the lowest pitch tried
    learnt: bool  # the pitches and edge are what setup learnt (by_fit)
    splits: dict[int, tuple[int, ...]]  # total -> the tiles in each run of its best seams
    profile: np.ndarray  # the strip's lightness along it, blurred as the seams are weighed


def comb_count(column: np.ndarray, light: np.ndarray, p_lo: float, p_hi: float,
               edge: float | None, table_like: bool = False, rack_col: np.ndarray | None = None,
               seams_only: bool = False) -> tuple[int, bool]:
    """Tiles along the strip, one pitch for every run of tiles: every pitch in p_lo..p_hi
    (what the board's square allows, or what setup learnt) splits the runs into whole tiles;
    when the pitches allowed give different totals, the seams between tiles pushed together
    decide: the total whose seams fall where the strip is darkest. (count, sure).
    `seams_only`: sure only when the seams decide (a band that may be table: tiles show seams)."""
    return comb_decide(comb_options(column, light, p_lo, p_hi, edge, table_like, rack_col), seams_only)


def comb_decide(comb: Comb, seams_only: bool = False) -> tuple[int, bool]:
    """comb_count's decision from the options comb_options found (vision.racks computes them once
    per pitch set and weighs them again in _board_confirms and _over_seven)."""
    runs, options = comb.runs, comb.options
    if not runs:
        return 0, True
    if not comb.ends_found:
        return sum(max(1, round((b - a) / comb.p_lo)) for a, b in runs), False
    if not options:
        return 0, False
    if len(options) == 1 and not seams_only:
        return next(iter(options)), True
    darkest, decided = seams_decide(options)
    if decided:
        return darkest, True
    if seams_only:
        return darkest, False
    fitted = by_fit(options, len(runs), comb.learnt)
    return (darkest, False) if fitted is None else (fitted, True)


def seams_decide(options: dict[int, tuple[float, int, float]]) -> tuple[int, bool]:
    """The total whose seams are darkest, and whether they decide: SEAM_MIN deep and SEAM_MARGIN deeper
    than the next total's (0 when there is none)."""
    total, dip, second = seams_rank(options)
    return total, dip >= SEAM_MIN and dip - second >= SEAM_MARGIN


def seams_rank(options: dict[int, tuple[float, int, float]]) -> tuple[int, float, float]:
    """The total whose seams are darkest, their dip, and the next total's dip (0 when none)."""
    ranked = sorted(options.items(), key=lambda kv: -kv[1][0])
    total, (dip, _, _) = ranked[0]
    return total, dip, ranked[1][1][0] if len(ranked) > 1 else 0.0


def comb_options(column: np.ndarray, light: np.ndarray, p_lo: float, p_hi: float, edge: float | None,
                 table_like: bool = False, rack_col: np.ndarray | None = None) -> Comb:
    """comb_count's runs, every total the pitches p_lo..p_hi split them into (total -> (best
    seam dip, seams, best fit)), and whether the runs' ends were found (a table the tiles' colour)."""
    runs = tile_runs(column, (p_lo + p_hi) / 2)
    profile = cv2.GaussianBlur(light.reshape(1, -1).astype(np.float32), (0, 0), 0.7).ravel()
    ends_found = True
    if table_like:
        runs, ends_found = trim_table_ends(runs, profile, len(column), TABLE_END * p_hi,
                                            np.zeros(len(column), bool) if rack_col is None else rack_col)
        runs = [(a, b) for a, b in runs if b - a >= 0.4 * p_lo]
    options: dict[int, tuple[float, int, float]] = {}  # total -> (best seam dip, seams, best fit)
    best_split: dict[int, tuple[int, ...]] = {}
    if runs:
        pitches = pitch_steps(p_lo, p_hi)
        edges = EDGE_LOSS * pitches if edge is None else np.full(PITCH_STEPS, edge)
        widths = np.array([b - a for a, b in runs], np.float64)
        lengths = (widths[None, :] + edges[:, None]) / pitches[:, None]  # tiles in each run, for each pitch
        tiles = np.maximum(1.0, np.rint(lengths))
        residuals = np.abs(lengths - tiles).max(axis=1)
        ok = residuals <= UNSURE_FRACTION
        totals = tiles.sum(axis=1).astype(np.int64)
        # each way of splitting the runs into tiles once (many pitches split them alike)
        splits: dict[tuple[int, ...], None] = dict.fromkeys(tuple(row) for row in tiles[ok].astype(np.int64).tolist())
        run_dips: dict[tuple[int, int], tuple[float, int]] = {}  # (run, tiles) -> its seams' dip: splits share them
        for ns in splits:  # in the order of the pitches that first split them so
            dips = []
            for r, ((a, b), k) in enumerate(zip(runs, ns)):
                if (r, k) not in run_dips:
                    run_dips[r, k] = seam_dip(profile, a, b, k)
                dips.append(run_dips[r, k])
            seams = sum(k for _, k in dips)
            dip = sum(d * k for d, k in dips) / seams if seams else 0.0
            total = int(sum(ns))
            fit = float(residuals[ok & (totals == total)].min())
            best = options.get(total)
            if best is None or dip > best[0]:
                options[total] = (dip, seams, fit)
                best_split[total] = ns
    return Comb(runs, options, ends_found, p_lo, edge is not None, best_split, profile)


def pitch_steps(p_lo: float, p_hi: float) -> np.ndarray:
    """np.linspace(p_lo, p_hi, PITCH_STEPS), to the same bits (its steps times the step, plus p_lo, the
    last p_hi) without its overhead: a reading takes one or two."""
    pitches = _STEPS * ((p_hi - p_lo) / (PITCH_STEPS - 1))
    pitches += p_lo
    pitches[-1] = p_hi
    return pitches


def seams_show(comb: Comb, total: int) -> bool:
    """Whether more than half the seams of `total`'s best split dip by SEAM_SHOWN L (each measured
    as seam_dip weighs the two tiles either side of it; a split with no seam: True)."""
    return seams_shown(comb, total) > 0.5


def seams_shown(comb: Comb, total: int) -> float:
    """The share of the seams of `total`'s best split that dip by SEAM_SHOWN L (1.0 with no seam)."""
    dips = []
    for (a, b), n in zip(comb.runs, comb.splits[total]):
        width = (b - a) / n
        for k in range(1, n):
            x = a + k * width
            dips.append(seam_dip(comb.profile, int(round(x - width)), int(round(x + width)), 2)[0])
    return sum(d >= SEAM_SHOWN for d in dips) / len(dips) if dips else 1.0


SEAM_SHOWN = 2.0  # L levels: a seam that shows (half SEAM_MIN). Dev seeds 7640300-7640993 and
# 9910300-9910978 (/tmp/rkover/scan.py: every rack read without setup's pitches): of 515 read over
# seven that held eight or nine, 0.6-1.0 of their split's seams dip so; 9911047 p2 (seven navy
# tiles 2-4 px apart in one run, read as 9) 0.5, and 7640698 p1 (seven read as 9 by fit) 0.0


def runs_whole(column: np.ndarray, runs: list[tuple[int, int]]) -> bool:
    """Whether every run is at least RUN_WHOLE columns of tile colour (tile_runs joins a piece
    of a tile a column away: specks so joined make a run full of holes)."""
    return all(float(column[a:b].mean()) >= RUN_WHOLE for a, b in runs)


RUN_WHOLE = 0.8  # dev seeds 7640700-7640993 and 9910700-9910978, every rack read without setup's pitches:
# of 201 read over seven that held eight or nine, every run 0.97-1.0 tile columns; 7640029 p1 (seven
# grey tiles and specks at a pro rack's end joined into an eighth run of 8 px, read as 8) 0.62


def _split_tiles(comb: Comb, total: int, start: float, end: float) -> list[tuple[int, int]]:
    """Each tile of `total`'s best split as columns: from `start` to `end` of its width (0, 1 the whole
    tile), its runs split into equal tiles."""
    spans = []
    for (a, b), n in zip(comb.runs, comb.splits[total]):
        width = (b - a) / n
        spans += [(int(round(a + (k + start) * width)), int(round(a + (k + end) * width))) for k in range(n)]
    return spans


def tiles_solid(share: np.ndarray, comb: Comb, total: int) -> bool:
    """Whether every tile of `total`'s best split is SOLID_TILE of tile colour at least (`share`:
    each column's share of the band's rows of tile colour): the empty groove's shade beside a run
    passes for tile colour in a row or two of the band, not in the rows a tile's top and back fill."""
    return not any(float(share[lo:hi].mean()) < SOLID_TILE for lo, hi in _split_tiles(comb, total, 0.0, 1.0))


SOLID_TILE = 0.5  # dev seeds 7810000-7810199 and 7820000-7820199 rendered with 8 and 9 tiles (and the racks'
# setup frames, and 6 and 7 tiles), read without setup: of the 1513 racks of 8-9 read surely over seven, the
# least tile of a rack 0.54 on one (7810096 p2, nine cream tiles, a tile at a group's end), 0.62-1.0 on the
# rest; 10040917 p2 (a measuring run's false overdraw, looked at after it: seven navy tiles on a blue Mattel
# rack, an empty stretch of groove beside two tiles read as a third, so eight at setup and on every later
# frame) 0.46 on that stretch, 0.93-1.0 on its tiles; no rack of 6 or 7 was read surely over seven there
# (and read with what setup learnt, racks._split_holds: of 1526 splits of learnt racks read over seven there, the
# least tile 0.54 on 7810096 p2, 0.62-1.0 on the rest; 7880075 p2's groove 0.48, 0.52-0.59 on four noisy frames)


def tiles_alike(comb: Comb, total: int) -> bool:
    """Whether every tile of `total`'s best split is as light as the split's median tile, within TILE_LIGHT
    (each over its middle half, clear of the seams' blur: `comb.profile`, the strip's lightness along it):
    a stretch of bare rack beside the tiles, tile colour in a row or two of the band, is not as light as
    they are, and its step from them passes for a seam."""
    lights = [float(comb.profile[lo:hi].mean()) for lo, hi in _split_tiles(comb, total, 0.25, 0.75)]
    median = float(np.median(lights))
    return all(TILE_LIGHT * median <= light <= median / TILE_LIGHT for light in lights)


TILE_LIGHT = 0.7  # dev seeds 7810000-7810199 and 7820000-7820199 rendered with 8 and 9 tiles, learnt at setup (round
# 18's harness): of the 1526 splits of learnt racks read over seven, every tile 0.76-1.19 of its split's median tile
# (0.76: 7810042 p1, nine ivory tiles on a pro rack; 1.19: 7820161 p1); 7880075 p2 (first seed 7880000: seven ivory
# tiles, the lit groove of a wood-classic rack past the last one split as an eighth tile) 0.655, and under fresh
# sensor noise (vision.rack_bench's FOLLOW_NOISE, 30 frames) its share of tile colour (tiles_solid) passed in 12
# of 30, this in none


def by_fit(options: dict[int, tuple[float, int, float]], runs: int, learnt: bool = False) -> int | None:
    """The total when seams do not decide (dark tiles show hardly any): runs of different
    lengths (a tile alone, a group) fit one pitch far better for one total than for any other,
    and the seams do not speak against it (dev seed 9600056: navy tiles in runs of 1, 1 and 5
    fit a pitch within 0.09 for seven, within 0.25 at best for eight). A single run fits
    some pitch for every total the board's square allows: None, unless the pitches are the few
    setup learnt (`learnt`: the edge setup learnt is given) and the total that fits is also the
    one whose seams are darkest (dev seeds 7580013, 7580099, 7580179 with nine tiles: dark tiles
    filling a rack in one run, seams 3.2-4.6 L deep, 2-3 L deeper than eight's, read unknown;
    nine fits a learnt pitch within 0.01, eight within 0.15-0.27 at best)."""
    if runs < 2 and not learnt:
        return None
    total = fit_decides(options)
    if total is None:
        return None
    dip = options[total][0]
    if runs < 2 and any(d >= dip for t, (d, _, _) in options.items() if t != total):
        return None
    return total


def fit_decides(options: dict[int, tuple[float, int, float]], seams_veto: bool = True) -> int | None:
    """The total whose runs fit a pitch best, within FIT_SURE, every other total's fit FIT_MARGIN worse and
    (`seams_veto`) none of their seams SEAM_MARGIN darker than its own; else None."""
    ranked = sorted(options.items(), key=lambda kv: kv[1][2])
    (total, (dip, _, fit)), rest = ranked[0], ranked[1:]
    if fit <= FIT_SURE and all(f - fit >= FIT_MARGIN and (not seams_veto or d - dip < SEAM_MARGIN)
                               for _, (d, _, f) in rest):
        return total
    return None


FIT_SURE = 0.12  # the best total's runs are within this share of a tile of a whole number of tiles
FIT_MARGIN = 0.1  # ... and every other total's fit this much worse


PITCH_STEPS = 41  # pitches tried between the lowest and highest the board's square allows
_STEPS = np.arange(PITCH_STEPS, dtype=np.float64)
SEAM_SLACK = 1.0  # px either side of where a seam should be (the edge loss is known to ~1 px)
SEAM_MIN = 4.0  # L levels a seam must darken the strip for seams to decide a count
SEAM_MARGIN = 3.0  # ... and this much more than the seams of any other count allowed

TABLE_END = 1.0
