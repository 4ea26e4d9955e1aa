"""Tiles told from their rack by the shape of their tops, not by their colour.

A rack's tiles may be of the rack's own colour (navy tiles on a blue rack, maroon ones on a
red rack) or of the table's (ivory tiles on a light grey table): vision.racks finds no band of
the board tiles' colour then and the rack is "not seen". Yet the camera over the board still
sees the tiles: right under the rack's wall, where an empty stretch of the groove shows the
groove and the lip (or the rack's dark body against a light table), a tile shows its top and
back, lit from another angle than the rack's faces, with a dark seam at each of its edges. At
setup the kiosk knows the rack holds seven: `tops_bands` looks for rows under the wall whose
columns fall in two colours, one of them in runs that make exactly that many tiles at one
tile width the board's square allows; it keeps those rows and both colours. `read_tops` then
reads the same rows in each frame by those two colours (vision.racks.read_rack hands a rack
so learnt here). A frame that does not show the two colours as learnt is "not seen". A rack
whose groove setup never saw (seven spread close, only their shade between them) is not learnt.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.rack_comb import (SEAM_MIN, Comb, comb_decide, comb_options, seam_dip, seams_decide, seams_show,
                              tile_runs)
from vision.racks import (BLOCKED_SHARE, RACK_LIMIT, SETUP_SLACK, _blocked_columns, _rectify, _true_runs, prior_pitches,
                          seam_light, table_crossed, tile_splits, zone_in_frame)

# Dev seeds 7570000-7570999 (the setup frames' 54 racks vision.racks did not learn, read with 0-9
# tiles each): the 22 learnt here show 11.1-26 between the two colours (column_colours' distance)
# for tiles of the rack's colour, 39-133 for tiles of the table's; the columns of a clean frame lie
# 1.9-4.9 (median) from the nearer of the two, their 95th percentile 5.4-36.5 (seams, blends).
TOPS_CONTRAST = 8.0  # between the two colours learnt, at least (noise: 2-5)
TOPS_SPREAD = 2.5  # ... and this many times the columns' median distance from their own colour
TOPS_ROWS = (2, 3)  # rows of the band tried (a tile's top and back: 2-5 px at 14 px a tile)
# a column this share of the contrast, and this far, from both colours is neither (a hand), over
# 0.4 tile at least as read_rack reads a hand (single columns off are seams and blends)
TOPS_FOREIGN = (0.5, 24.0)
# a column of the wall above the band this far from both colours learnt there is a hand over it, over 0.4 tile as
# above. Dev hand scenes on Mattel racks holding navy or maroon tiles (/tmp/rkhand3/cachetops.py 8101000 60 and
# 8101100 80, each also rendered without its hand and as its setup frame; /tmp/rkhand3/topsseg.py: the least over 0.4
# tile, held along the rack) and the racks learnt by their tops among the bench's hand scenes of 8100000-8100299: on
# the 124 frames of those racks without a hand at most 16.4 (8101118 p2), 14.3 next; the README run's 10011183 p2 (a
# dark hand over a navy Mattel rack, four cream tiles read as three) 23.9, under TOPS_FOREIGN's 24, its band 22.4
# off both colours, under half their contrast (39.4). (Off the band's two colours the clean frames reach 12.2.)
TOPS_WALL_OFF = 20.0
TOPS_KEEP = 0.5  # a frame's tile and groove columns within this share of the contrast of their colours
SPAN_TRIM = 2  # columns of the rack's blurred, slanted ends left out
WALL_ROWS = 3  # rows of the wall above the band looked at for a hand over the rack
WALL_OFF = 0.8  # share of the wall's rows over an empty stretch off the table's colour
RACK_COLUMN = 0.6  # a column of the rack's body: this share of the most rows any column has off the table's colour
RACK_DIP = 0.3  # ... and a dip between such columns that keeps this share is the rack's too (see rack_span). Dev seed
# 8001031 p2 (ivory tiles on a wood-classic rack, its shadow on the table under its right half 30-32 rows of 32 off
# the table): the left half 19-26 rows, dips to 19 (0.59) cut the span; the table past the rack's ends 0-2 rows
# (under 0.07). On the dark Mattel harness of 8003000-8003560 (53 scenes, 24 racks learnt by
# their tops, 515 readings) no reading changed
# the groove's colour is learnt from a stretch of it at least this many of the board's lowest pitches
# wide: between tiles standing closer the band shows the shade their sides cast, not the groove. Dev
# setup frames 9880000-9881099, the 19 racks learnt by their tops: the widest stretch of groove 6 px
# on 9880512 p2 (seven spread 2-6 px apart, 15.8 px a tile, the board's lowest 13: six read as 8
# later), 9-77 px on the 18 others (all read right, still learnt); 7570000-7570299, 6 racks: 21-79 px
GROOVE_SEEN = 0.5


@dataclass(frozen=True)
class TopsProfile:
    """What setup learnt of a rack whose tiles only their tops' shape tells: the strip's rows
    where the tiles stand (`band`), the tiles' colour there and the groove's (8-bit Lab), the
    strip's rows when learnt, and the rack's wall right above the band."""
    band: tuple[int, int]
    tile: tuple[float, ...]  # column_colours of a tile's column and of an empty stretch's
    groove: tuple[float, ...]
    rows: int
    # column_colours of the WALL_ROWS rows above the band in a tile's column and in an empty
    # one's (a tile's top may rise above the wall): none when the band is at the strip's top
    wall: tuple[tuple[float, ...], ...] = ()


def column_colours(strip_lab: np.ndarray, band: tuple[int, int]) -> np.ndarray:
    """Each column's colours down the band's rows, one after the other (8-bit Lab, a row's
    three then the next's), scaled so a distance between two columns is the root mean square of
    their rows' Lab distances: an empty groove shows the groove's floor and its lip in a column,
    a tile its top and back, which may be the same colours in the mean but not row by row."""
    rows = strip_lab[band[0]:band[1]].astype(np.float32)
    return np.ascontiguousarray(rows.transpose(1, 0, 2).reshape(rows.shape[1], -1)) / np.sqrt(band[1] - band[0])


def _split(colours: np.ndarray, least: int) -> tuple[np.ndarray, float, float] | None:
    """The columns' best split into two colours along their main axis, each side `least`
    columns at least (a few columns of a rack's slanted end are no tile and no groove):
    (mask of one side, the distance between the sides' medians, the columns' median distance
    from their own side's)."""
    centred = colours - colours.mean(axis=0)
    _, _, vt = np.linalg.svd(centred, full_matrices=False)
    proj = centred @ vt[0]
    order = np.sort(proj)
    n = len(order)
    if n < 2 * least + 2:
        return None
    csum = np.cumsum(order)
    k = np.arange(1, n)
    left_mean = csum[:-1] / k
    right_mean = (csum[-1] - csum[:-1]) / (n - k)
    between = k * (n - k) * (left_mean - right_mean) ** 2
    cut = least + int(np.argmax(between[least:n - 1 - least]))
    threshold = (order[cut] + order[cut + 1]) / 2
    high = proj > threshold
    if high.all() or not high.any():
        return None
    a, b = np.median(colours[high], axis=0), np.median(colours[~high], axis=0)
    contrast = float(np.linalg.norm(a - b))
    spread = float(np.median(np.concatenate([np.linalg.norm(colours[high] - a, axis=1),
                                             np.linalg.norm(colours[~high] - b, axis=1)])))
    return high, contrast, spread


def table_colour(lab8: np.ndarray) -> np.ndarray:
    """The table's colour round a rack: the median of the strip's border ring (8-bit Lab)."""
    ring = np.concatenate([lab8[:2].reshape(-1, 3), lab8[-2:].reshape(-1, 3), lab8[:, :2].reshape(-1, 3),
                           lab8[:, -2:].reshape(-1, 3)]).astype(np.float32)
    return np.asarray(np.median(ring, axis=0), np.float32)


def off_table(lab8: np.ndarray) -> np.ndarray:
    """The strip's pixels off the table's colour (table_colour): the rack, its tiles."""
    table = table_colour(lab8)
    return np.asarray(np.linalg.norm(lab8.astype(np.float32) - table, axis=2) > TOPS_CONTRAST, bool)


def rack_span(off: np.ndarray) -> slice | None:
    """The strip's columns the rack's body spans: the longest stretch of columns with RACK_COLUMN
    of the most rows any column has off the table's colour (`off`: off_table), less SPAN_TRIM
    columns at each end. Beyond it the zone shows table only, whatever the tiles' colour. A dip
    inside the body that stays over RACK_DIP of those rows is the rack's, not table: it does not
    cut the stretch (_body_stretches)."""
    share = off.mean(axis=0)
    top = float(share.max())
    stretches = _body_stretches(share >= RACK_COLUMN * top, share >= RACK_DIP * top)
    if not stretches:
        return None
    a, b = max(stretches, key=lambda s: s[1] - s[0])
    a, b = a + SPAN_TRIM, b - SPAN_TRIM
    return slice(a, b) if b - a >= 8 else None


def _body_stretches(body: np.ndarray, some: np.ndarray) -> list[tuple[int, int]]:
    """The [start, end) stretches of `body` columns, each joined to the next where every column
    between them is `some` (a dip in the rack's rows, not table)."""
    edges = np.flatnonzero(np.diff(np.concatenate([[0], body.astype(np.int8), [0]])))
    out: list[tuple[int, int]] = []
    for a, b in zip(edges[::2].tolist(), edges[1::2].tolist()):
        if out and some[out[-1][1]:a].all():
            out[-1] = (out[-1][0], b)
        else:
            out.append((a, b))
    return out


def band_span(lab8: np.ndarray, colours: np.ndarray, band: tuple[int, int], inner: slice, pitch: float) -> slice:
    """The rack's span (`inner`: rack_span) less, at each end, a sliver of columns (under END_SLIVER of
    a tile's `pitch`) whose colours down the band (`colours`: column_colours of the strip `lab8`) are
    nearer the table's (table_colour) than the span's median column: a rack turned in its zone ends a
    few columns sooner in some rows than in others, and the table there, lit unevenly, may be more
    than TOPS_CONTRAST off its ring's median. Dev setup frame 7830139 p2 (seven maroon tiles on a red
    Mattel rack, turned): the span's last 3 columns were table in the tiles' rows (L 130-142 against
    30-70 for the rack and tiles, 8-10 off the ring's median), and the split into two colours took
    them for one side, the rest for the other; learnt so, with eight tiles spread over the rack the
    table's 5 columns past its end read as part of a tile, and the run as two tiles (nine). A wider
    stretch is left as it is: it may be tiles of the table's colour at the rack's end (without the cap,
    bands under the tiles of 7831947 p2 lost 40 columns so)."""
    table = column_colours(np.broadcast_to(table_colour(lab8), (lab8.shape[0], 1, 3)), band)[0]
    span = colours[inner]
    tableish = np.linalg.norm(span - table, axis=1) < np.linalg.norm(span - np.median(span, axis=0), axis=1)
    sliver = END_SLIVER * pitch
    first = _widest_from_start(tableish)
    last = _widest_from_start(tableish[::-1])
    first, last = (first if first < sliver else 0), (last if last < sliver else 0)
    return slice(inner.start + first, max(inner.start + first, inner.stop - last))


END_SLIVER = 0.5  # of a tile's pitch: the table past a turned rack's end in the band's rows (3-5 columns
# on 7830139 p2, 0.2-0.4 of its lowest pitch), narrower than any tile's top at the rack's end


def _widest_from_start(mask: np.ndarray) -> int:
    """How many of a row of columns are True from its start."""
    return len(mask) if mask.all() else int(np.argmin(mask))


def tops_bands(frame: np.ndarray, zone: np.ndarray, square_px: float, tiles: int
               ) -> list[tuple[TopsProfile, tuple[float, float]]]:
    """At setup, with `tiles` tiles standing on the rack, their colour told from neither the
    rack's nor the table's: every band of rows whose columns split into two colours, one in runs
    that make exactly `tiles` tiles, in one way only, at the tile widths the board's square
    allows, the best split first, each as (what was learnt, the pitches that make those runs
    `tiles` tiles). vision.racks.learn_known keeps the first that reads its own frame back as
    `tiles`."""
    strip, square = _rectify(frame, np.asarray(zone, np.float32), square_px)
    lab8 = cv2.cvtColor(strip, cv2.COLOR_BGR2LAB)
    off = off_table(lab8)
    if (span := rack_span(off)) is None:
        return []
    for least, smooth in ((TOPS_CONTRAST, 1), (SEAMLESS_CONTRAST, SEAMLESS_COLUMNS)):
        if learnt := _bands(frame, zone, square_px, lab8, off, span, prior_pitches(square), tiles, least, smooth):
            return learnt
    return []


# Where no band learns the rack, the bands are tried again with each column's colours the median of SEAMLESS_COLUMNS
# columns along the strip (a seam's dark tick, 1-2 columns, gone) and the two colours SEAMLESS_CONTRAST apart at least
# (TOPS_SPREAD still asked). Tiles of their rack's colour pushed together show little but their seams, and the ticks
# ruled the split into two colours: on dev setup frame 7950806 p1 (seven maroon tiles on a red Mattel rack) the tops
# are the rack's L, the ticks 17-25 L under them; on 7950446 p2 (maroon on red) the tops are 7 L from the rack's bare
# end, 1.9 the columns' spread, and the first seam's tick cut one tile off the run. Dev: the navy and maroon scenes of
# 7950000-7951943 put on Mattel racks (/tmp/rkcol/cache.py), each rack learnt from its setup frame and read with 9, 8,
# 7, 6, 4 and 2 tiles: on the first 995 readings not learnt 13 -> 6 racks, exact 901 -> 918, caught 357 -> 359 of 398,
# wrong 7 in both, no false overdraw, every rack learnt before as before; the median over 5 columns (least contrast 6)
# learnt one more but read one eight as 7 (7950806 p2); over 3 columns a least contrast of 6 or 8 learnt 1 and 2 fewer.
# On all 1690 readings: not learnt 28 -> 17 racks, none of their readings wrong, no false overdraw.
SEAMLESS_COLUMNS = 3
SEAMLESS_CONTRAST = 5.0


def _bands(frame: np.ndarray, zone: np.ndarray, square_px: float, lab8: np.ndarray, off: np.ndarray, span: slice,
           prior: tuple[float, float], tiles: int, least: float, smooth: int
           ) -> list[tuple[TopsProfile, tuple[float, float]]]:
    """tops_bands' search over the strip's bands (`lab8`, `off`: off_table, `span`: rack_span): those whose
    columns, each the median of `smooth` columns about it, split into two colours `least` apart at least, the
    best (the two colours' contrast over their spread) first."""
    h, w = lab8.shape[:2]
    p_lo, p_hi = prior
    found: list[tuple[float, TopsProfile, tuple[float, float]]] = []
    for rows in TOPS_ROWS:
        for y0 in range(1, h - rows):
            band = (y0, y0 + rows)
            colours = column_colours(lab8, band)
            inner = band_span(lab8, colours, band, span, p_lo)
            split = _split(_smoothed(colours[inner], smooth) if smooth > 1 else colours[inner], int(p_lo))
            if split is None:
                continue
            side, contrast, spread = split
            if contrast < least or contrast < TOPS_SPREAD * spread:
                continue
            score = contrast / max(spread, 1.0)
            if (above := _wall(band)) is None:
                continue
            for is_tile in (side, ~side):
                if float(off[above[0]:above[1], inner][:, ~is_tile].mean()) < WALL_OFF:
                    # the tiles lean on the rack's wall: over an empty stretch of the groove the rows
                    # above the band are the wall, not table (dev seeds 7570105, 7570584, 7570769:
                    # the board's edge at the strip's top, or the table past the rack, learnt as
                    # seven tiles and every later frame read seven)
                    continue
                if _widest(~is_tile) < GROOVE_SEEN * p_lo:
                    # no stretch of groove seen, only the shade between tiles standing close: an empty
                    # stretch of the groove later is nearer the tiles' colour than that shade (dev seed
                    # 9880512 p2: six navy tiles on a blue rack, spread 2-6 px apart at setup, the empty
                    # end read as two more tiles, eight)
                    continue
                tile = np.median(colours[inner][is_tile], axis=0)
                groove = np.median(colours[inner][~is_tile], axis=0)
                column = np.zeros(w, bool)
                column[inner] = is_tile
                runs = tile_runs(column, (p_lo + p_hi) / 2)
                fits, pitches = tile_splits(runs, tiles, p_lo, p_hi)
                if len(fits) == 1 and _seams_show(band_light(frame, zone, square_px, lab8, band, column), runs,
                                                  next(iter(fits))):
                    walls = [np.median(column_colours(lab8, above)[inner][m], axis=0) for m in (is_tile, ~is_tile)]
                    learnt = TopsProfile(band=band, tile=tuple(float(v) for v in tile),
                                         groove=tuple(float(v) for v in groove), rows=h,
                                         wall=tuple(tuple(float(v) for v in c) for c in walls))
                    found.append((score, learnt, (pitches[0], pitches[-1])))
                    break
    # (sorted stably: of bands scored alike the first found, as when only the best was kept)
    return [(learnt, pitches) for _, learnt, pitches in sorted(found, key=lambda f: -f[0])]


def _smoothed(colours: np.ndarray, k: int) -> np.ndarray:
    """Each column's colours (one a row: column_colours) the median of the k columns about it along the strip."""
    pad = np.pad(colours, ((k // 2, k // 2), (0, 0)), mode="edge")
    return np.median(np.stack([pad[i:i + len(colours)] for i in range(k)]), axis=0)


def _widest(mask: np.ndarray) -> int:
    """The longest stretch of True in a row of columns."""
    edges = np.diff(np.concatenate([[0], mask.astype(np.int8), [0]]))
    return int((np.flatnonzero(edges == -1) - np.flatnonzero(edges == 1)).max(initial=0))


def band_light(frame: np.ndarray, zone: np.ndarray, square_px: float, lab8: np.ndarray, band: tuple[int, int],
               column: np.ndarray) -> np.ndarray:
    """The band's light along the strip, as read_rack takes it for seams (vision.racks.seam_light: for
    a dark band the brightest channel on a finer strip, where a dark tile's seams show in more levels).
    Dev seed 7700034 p2 (seven maroon tiles pushed together on a black pro rack, their tops the only
    sign of them): the seams of the one split into seven 3.4 L deep against SEAM_MIN 4, so never
    learnt; 5.5 in the brightest channel, learnt and read 0-9 right with 0-9 tiles."""
    return seam_light(frame, zone, square_px, band, lab8[band[0]:band[1], :, 0].astype(np.float32).mean(axis=0), column)


def _seams_show(light: np.ndarray, runs: list[tuple[int, int]], ns: tuple[int, ...]) -> bool:
    """Do the tiles pushed together in these runs (`ns` tiles each) show their seams, dark where
    they touch (vision.rack_comb.SEAM_MIN, as read_rack's seams decide a count) in the band's
    `light` (band_light)? A run of one colour that is no row of tiles (the light's gradient over
    the rack's top, dev seed 7570286; the groove's shade, 7570400) split into tiles by the count
    known does not. True with no tiles pushed together (every run one tile: their ends show)."""
    light = cv2.GaussianBlur(light.reshape(1, -1), (0, 0), 0.7).ravel()
    dips = [seam_dip(light, a, b, k) for (a, b), k in zip(runs, ns) if k > 1]
    seams = sum(k for _, k in dips)
    return seams == 0 or sum(d * k for d, k in dips) / seams >= SEAM_MIN


def _wall(band: tuple[int, int]) -> tuple[int, int] | None:
    """The rows of the rack's wall right above the band (the tiles lean on it), if the strip has them."""
    return (band[0] - WALL_ROWS, band[0]) if band[0] >= WALL_ROWS else None


def _ends_open(foreign: np.ndarray) -> np.ndarray:
    """The rack's span's foreign columns with one clean column beyond each end, so that a run of them
    touching an end must be as wide as a hand elsewhere (_blocked_columns' opening takes the row's
    ends for foreign). The rack's slanted, blurred ends are 1-5 such columns: dev setup frames, 45
    scenes of navy or maroon tiles from 7660000-7660497 put on Mattel racks, 68 racks learnt by their
    tops, 7 of them read "something covers the rack" on the frame they were learnt from (7660311 p2:
    maroon tiles, three columns at the rack's end; as the bench draws it, 7660057 p2: cream tiles on a
    classic wooden rack, never learnt); with this, none of the 136 racks of all 92 such scenes."""
    return np.pad(foreign, 1)


def read_tops(frame: np.ndarray, zone: np.ndarray, square_px: float, tops: TopsProfile,
              pitches: tuple[float, float], edge: float) -> tuple[int | None, bool, str]:
    """A rack learnt by one of tops_bands: (count, blocked, why not) from the learnt band's columns,
    each the tiles' or the groove's colour as learnt; None when the band does not show those
    two colours as at setup (the rack moved, the light changed) or something covers it."""
    z = np.asarray(zone, np.float32)
    if not zone_in_frame(frame, z):
        return None, False, "rack partly out of the frame"
    strip, square = _rectify(frame, z, square_px)
    if strip.shape[0] != tops.rows:
        return None, False, "the rack's zone is not the one learnt"
    lab8 = cv2.cvtColor(strip, cv2.COLOR_BGR2LAB)
    colours = column_colours(lab8, tops.band)
    tile, groove = np.asarray(tops.tile, np.float32), np.asarray(tops.groove, np.float32)
    contrast = float(np.linalg.norm(tile - groove))
    d_tile, d_groove = np.linalg.norm(colours - tile, axis=1), np.linalg.norm(colours - groove, axis=1)
    if (span := rack_span(off_table(lab8))) is None:
        return None, False, "no rack in the zone"
    pitch = (pitches[0] + pitches[1]) / 2
    off_both = np.minimum(d_tile, d_groove) > max(TOPS_FOREIGN[0] * contrast, TOPS_FOREIGN[1])
    table = _table_distance(lab8, colours, tops.band) < TABLE_NEARER * np.minimum(d_tile, d_groove)
    inner = _table_trimmed(band_span(lab8, colours, tops.band, span, pitches[0]), off_both & table, pitch)
    foreign = off_both[inner]
    if tops.wall and (above := _wall(tops.band)) is not None:
        # a hand over the rack's wall, not over the band (dev seed 305: a hand over a fifth of
        # the zone read eight grey tiles as six)
        wall = column_colours(lab8, above)
        off_wall = np.min([np.linalg.norm(wall - np.asarray(c, np.float32), axis=1) for c in tops.wall], axis=0)
        foreign |= off_wall[inner] > TOPS_WALL_OFF
    # as vision.racks reads a hand: 0.4 tile wide at least (a finger), not a seam's column or two;
    # at the rack's ends too (`_ends_open`)
    if _blocked_columns(_ends_open(foreign)[None]).sum() > BLOCKED_SHARE * pitch:
        return None, True, "something covers the rack"
    if table_crossed(frame, z, square_px):
        return None, True, "a hand or arm reaches over the rack"
    column = np.zeros(len(colours), bool)
    column[inner] = (d_tile < d_groove)[inner]
    for mask, own in ((column[inner], d_tile[inner]), (~column[inner], d_groove[inner])):
        # (a few columns of either are the blends at tiles' ends: nine tiles spread over a rack
        # left 6 columns of groove between them, 0.6 of the contrast off, dev seed 7570916)
        mask = _stretches_of(mask, SEAMLESS_COLUMNS)
        if mask.sum() >= pitch and float(np.median(own[mask])) > TOPS_KEEP * contrast:
            return None, False, "the rack's tops not as learnt"
    p_lo, p_hi = pitches[0] * (1 - SETUP_SLACK), pitches[1] * (1 + SETUP_SLACK)
    # the seams in the light the rack was learnt in (band_light): dev seeds 7901000-7902999, navy and maroon scenes
    # rendered with 8 and 9 tiles: 4 more racks learnt by their tops read over seven, none lost, no count changed
    light = band_light(frame, zone, square_px, lab8, tops.band, column)
    comb = comb_options(column, light, p_lo, p_hi, edge)
    count, sure = comb_decide(comb)
    if sure and count > RACK_LIMIT:
        # an overdraw must also be what the board's square makes of the same runs (as read_rack asks),
        # its split's seams showing as a count over seven read without setup's needs (seams_show): dev
        # seed 7800188 p2, seven cream tiles on a Mattel rack, the table past the rack's end joined to the
        # last run, read as 8 with 1 of its split's 3 seams showing (two lighter than the tiles beside);
        # the 7 racks of dev seeds 7810000-7810199 and 7820000-7820199 learnt so, read with 8 and 9 tiles:
        # 0.86-1.0 of their seams shown, all read right; or, the two reading different counts over seven, the
        # board's where its seams decide (_board_overdraw)
        board = comb_options(column, light, *prior_pitches(square), None)
        alone, _ = comb_decide(board)
        if alone == count:
            sure = seams_show(comb, count)
        else:
            count, sure = _board_overdraw(comb, board)
    return (count, False, "") if sure else (None, False, "tiles not clear enough to count")


TABLE_NEARER = 0.5  # a column of table past the rack's end: at most this share as far from the table's colour as
# from the nearer colour learnt (the README run's 10010606 p2, below: 0.21-0.34 over its 7 columns). Hands the
# table's colour meet it too (dev scenes of /tmp/rkcatch3/cachehands.py, maroon and other tiles on Mattel racks
# learnt by their tops, a hand over 0.1-0.4 of the zone: some columns under 0.5 on 24 of the 101 hand racks with
# foreign columns), hence TABLE_PAST_END
TABLE_PAST_END = 1.0  # pitches: a rack seen slanted ends up to a pitch past its groove's end (round 23); a stretch
# of table colour at the span's end this wide or wider is left to be read as a hand


def _table_distance(lab8: np.ndarray, colours: np.ndarray, band: tuple[int, int]) -> np.ndarray:
    """Each column's distance down the band (`colours`: column_colours of the strip `lab8`) from the table's colour
    round the rack (table_colour)."""
    table = column_colours(np.broadcast_to(table_colour(lab8), (lab8.shape[0], 1, 3)), band)[0]
    return np.linalg.norm(colours - table, axis=1)


def _table_trimmed(inner: slice, table: np.ndarray, pitch: float) -> slice:
    """The rack's span (`inner`: band_span) less, at each end, the columns of table past the rack's end (`table`:
    a frame's columns off both colours learnt, as read_tops reads a hand, and far nearer the table's colour than
    either, TABLE_NEARER), under TABLE_PAST_END `pitch`es: with the colours learnt a column of table is told from a
    tile of the table's colour, which band_span, at setup, cannot do past END_SLIVER. The README run's 10010606 p2
    (eight navy tiles pushed to one end of a wood-classic rack on a green table, learnt by their tops): the rack's
    end seen slanted leaves 7 columns of table at the span's end (6-12 from its colour, 27-35 from the groove's; by
    band_span's measure 10, over END_SLIVER), read "something covers the rack"."""
    first = _widest_from_start(table[inner])
    last = _widest_from_start(table[inner][::-1])
    first, last = (first if first < TABLE_PAST_END * pitch else 0), (last if last < TABLE_PAST_END * pitch else 0)
    return slice(inner.start + first, max(inner.start + first, inner.stop - last))


def _stretches_of(mask: np.ndarray, least: int) -> np.ndarray:
    """`mask` where it holds over `least` columns in a row at least: read_tops weighs a frame's groove and tiles
    against their learnt colours there, not in a seam's dark tick (1-2 columns) between tiles pushed together,
    which is neither. Dev scenes 8050203 p1 and 8050213 p1 of /tmp/rkcatch3/cachetops.py (maroon tiles put on
    Mattel racks, learnt by their tops at 7.5 between the two colours, rendered with 9, 8, 7, 6 and 3-5 tiles):
    eight tiles' seams and the rack's bare ends, 17-20 columns (over a pitch) 11-17 off the groove's colour, read
    "the rack's tops not as learnt". (The ticks told by their light instead, SEAM_MIN under the tiles', read
    one and two fewer right on the harness's two halves.)"""
    out = np.zeros_like(mask)
    for a, b in _true_runs(mask):
        out[a:b] = b - a >= least
    return out


def _board_overdraw(learnt: Comb, board: Comb) -> tuple[int, bool]:
    """A rack learnt by its tops read surely over seven at setup's pitches (`learnt`), the board's square's
    pitches (`board`) reading another count: (count, sure) as the board's seams
    name it, as vision.racks._board_decides takes a rack learnt by colour: the board's count where its seams
    decide among its totals (SEAM_MIN deep, SEAM_MARGIN deeper) and show, and setup's did not decide theirs
    (setup's pitch is then off: both read an overdraw, the seams name its count). Seven spread or in groups
    at setup make a pitch up to 12 % wider than nine filling the rack: the README run's 10010304 p2 (nine
    maroon tiles on a Mattel rack, learnt 14.7-16.7 px, nine in one run at 13.8 px): 8 at setup's pitches
    by fit alone (seams 2.8 L), 9 at the board's by seams 10.0 L against eight's 2.8; unknown before."""
    alone, alone_sure = comb_decide(board)
    if not alone_sure or alone <= RACK_LIMIT or len(board.options) < 2 or len(learnt.options) >= 2 \
            and seams_decide(learnt.options)[1]:
        return alone, False
    return alone, seams_decide(board.options)[1] and seams_show(board, alone)
