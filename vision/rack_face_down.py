"""Tiles drawn and put face down on the table beside a rack (DRAW-01: "5 drawn, 4 due"),
counted from their plain backs, lit like the tiles on the board."""
from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.racks import (FACE_REACH, RACK_LIGHTNESS_WEIGHT, TABLE_CONTRAST, TILE_PER_SQUARE_MEAN, MadeOnce,
                          colour_gap, lab_distance, median_lab, zone_in_frame)

BESIDE_ALONG = 7.0  # squares beyond each end of the rack's zone searched for face-down tiles: up
# to four columns of 19 mm tiles 3-8 mm apart, 8 mm from the rack's end (vision.synth.racks.
# face_down_tiles): 8 + 4 * 27 = 116 mm = 6.1 squares of 19 mm; one more for a tile pushed aside
BESIDE_TOWARD = 1.5  # squares toward the board beyond the zone's board-side edge (a second row of
# tiles: 3-8 mm + 19 mm from the rack's owner side, up to 12 mm past a 34 mm deep rack, and the
# tiles' own height seen at 30 degrees)
BESIDE_AWAY = 0.5  # squares toward the player beyond the zone's edge
RIM_SQUARES = 1.1  # the board's rim: 3-7 % of the playing area's side (vision.synth.racks) = 0.45-1.05 squares
DOWN_PX_PER_TILE = 10.0  # the table beside a rack is resampled so a tile is this many px wide
DOWN_MIN = 0.4  # a blob smaller than this share of a tile's top is not a tile (a speck, a tile's edge)
HIDDEN_SHARE = 0.7  # a tile could hide where the frame leaves out a square of this share of its side:
# a tile showing the rest (0.3 of its side, 3 px of the patch) survives the mask's 3x3 opening and
# touches the frame's edge, which makes the count unknown too (dev seeds 7620050-7620199: the frame's
# edge crossing the 0.5 square searched beyond the player's side, or a corner of the searched table
# far from the tiles, made 45 of 300 counts unknown)
DOWN_LIGHTNESS_WEIGHT = 0.6  # Lab lightness's weight against the table (racks.TABLE_CONTRAST) and in the
# tiles' mask: the backs of tiles lying flat face up to the light as the board's tiles do, so their
# lightness tells them from the table more than a leaning tile's (RACK_LIGHTNESS_WEIGHT 0.35); not all
# of it, as the light falls off toward the frame's corners (dev seed 7620065: backs at L 93 beside the
# rack, the board's tiles at L 130). Dev seeds 7620050-7620199: 0.35 left 34 of 300 counts unknown for
# "table the tiles' colour" (white-ish tiles on a mid-brown table 33 L lighter), 0.6 23 (exact 77.3 %
# -> 80.7 %, never more than there); 1.0 counted one tile beside a rack that had none (7620163 p1)
CUT_MIN = 0.1  # a piece under DOWN_MIN of a tile's top but this much (10 px of the patch, what the 3x3
# opening keeps) touching the board, its rim or the rack's zone is a tile partly hidden by them: the
# count is unknown, not one fewer (dev seeds 7620050-7620199: 5 counts of 300 that were fewer than
# there, 7620109 p2 two tiles of the row nearest the board under the rim's margin; no exact count lost)
DOWN_MAX_ONE = 1.6  # a blob up to this many tiles' tops is one tile (tiles turned, blur); larger: by area


def count_face_down(frame: np.ndarray, zone: np.ndarray, square_px: float, tile_lab: np.ndarray,
                    tolerance: float, board_corners: np.ndarray) -> int | None:
    """Tiles lying face down on the table beside either end of the rack in `zone` (their plain
    backs, lit like the tiles on the board or dimmer or brighter). None when they cannot be
    counted: tiles the table's colour on a table showing edges, edges on the table where no tile
    was counted, the tiles' colour counted where no tile's edge shows, or the table beside the rack
    leaving the frame where more tiles may lie."""
    return face_down_why(frame, zone, square_px, tile_lab, tolerance, board_corners)[0]


def face_down_why(frame: np.ndarray, zone: np.ndarray, square_px: float, tile_lab: np.ndarray,
                  tolerance: float, board_corners: np.ndarray) -> tuple[int | None, str]:
    """count_face_down's count and, when it is None, why (for the bench and looking into it)."""
    z = np.asarray(zone, np.float32)
    if not zone_in_frame(frame, z):
        return None, "the rack's zone leaves the frame"
    tile = np.asarray(tile_lab, np.float32) * _TILE_WEIGHT
    ends = _ends(frame.shape[:2], z, square_px, np.asarray(board_corners, np.float32))
    patches = [cv2.warpPerspective(frame, end.matrix, end.size, flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
               for end in ends]
    labs8 = cv2.cvtColor(np.concatenate(patches), cv2.COLOR_BGR2LAB)  # one conversion (per pixel)
    rows = patches[0].shape[0]  # (both ends' patches are as large)
    all_planes = _down_planes(labs8)  # both ends' at once
    all_lit = _light_distance(all_planes, tile)
    all_gradients = cv2.morphologyEx(np.ascontiguousarray(labs8[..., 0]), cv2.MORPH_GRADIENT, _SQUARE3)  # (_bare's)
    total = 0
    for end, lab8, planes, lit_distance, gradient in zip(
            ends, (labs8[:rows], labs8[rows:]), (all_planes[:, :rows], all_planes[:, rows:]),
            (all_lit[:rows], all_lit[rows:]), (all_gradients[:rows], all_gradients[rows:])):
        # (its median: dev seed 7160024, the board's rim in the patch made a grey table look like
        # the tiles' backs and two tiles went uncounted)
        table = median_lab(lab8, end.table_px) * _REWEIGHT
        if colour_gap(table, tile) < TABLE_CONTRAST:
            # tiles the colour of the table are not told apart from it by colour: a bare table, all in
            # the frame, is still told by the tiles' edges it lacks (tiles light enough to show them)
            if end.whole and tile_lab[0] >= EDGE_TILE_L and _bare(gradient, end.table_inner):
                continue
            return None, "table the tiles' colour"
        d_table = lab_distance(planes, table)
        mask = _tile_mask(end, lab_distance(planes, tile), d_table, tolerance)
        seen, why, _ = _count_end(end, mask)
        counted = mask
        if seen is None:
            return None, why
        # backs lit more dimly or brightly than the board's tiles (the light falls off toward the
        # frame's corners) are nearer the table than the board's tile colour: counted again by the
        # tile colour under any light of LIGHT_RANGE (dev 8120050-8120249 and 8121050-8121449: 15 of
        # 30 counts that were fewer than there, 7 read 0, by the board's colour alone). Where the
        # table itself is (near) the tiles' colour under some such light, the board's colour alone counts.
        if _light_gap(table, tile) >= LIGHT_CONTRAST:
            lit_mask = _tile_mask(end, lit_distance, d_table, tolerance)
            if not np.array_equal(lit_mask, mask):
                lit, why, touching = _count_end(end, lit_mask)
                if lit is None:
                    return None, why
                if lit > seen:
                    # the light mask takes in the tiles' sides too (0.7 of their backs' light, within
                    # LIGHT_RANGE): two tiles 3 px apart merge into one blob over two tiles' area, 2.56
                    # of them (10411317 p2, three read four): the tiles the board's colour counts
                    # within such a blob are the count there; only blobs holding none add tiles
                    lit -= _merged_beyond(mask, lit_mask)
                if lit != seen:
                    if touching:  # the rack's wooden end or the board's rim lit like a tile: not told apart
                        return None, "tiles lit unlike the board's, beside the board or the rack"
                    seen = lit
                    counted = lit_mask
        if seen == 0:
            rest = end.table_inner
        else:
            around = _around_tiles(counted)
            # tiles counted show their edges: a patch of the table lit to the tiles' colour shows none
            # (dev 8121356 p2: a table 16.9 from the tiles, a light patch of it, 0.74 of a tile, read one
            # tile beside an empty rack, its surroundings 7 over their median; the tiles of L 64 or more
            # counted on dev 8120050-8120249 and 8121050-8121449, 1742 blobs, 9 or more each)
            if tile_lab[0] >= EDGE_TILE_L and _bare(gradient, _off_seam(around)):
                return None, "the tiles' colour on the table showing no tile's edge"
            rest = _inner(end.free & ~around)
        # tiles lit to the table's colour (near it under the board's light or any other) still show
        # their edges: the table left beside those counted must show none
        if not _bare(gradient, rest):
            return None, "tile edges on the table where no tile's colour is"
        total += seen
    return total, ""


EDGE_TILE_L = 64.0  # 8-bit Lab lightness of the board's tiles under which a bare table the tiles' colour is
# not told by its lack of edges: a tile's sides, turned from the light, are a quarter darker than its back
# (vision.synth.racks: 0.7 against 0.96), 16 levels at 64, over the table's noise; dev 8120194 p1, one
# near-black tile (L 37) on a near-black table, shows no edge (99th percentile 13 over a median of 6)
EDGE_STRUCTURE = 11  # the most a bare table's lightness gradient's 99th percentile stands over its median:
# dev 8120050-8120249 and 8121050-8121449, the 98 racks the start tree read "table the tiles' colour": the
# bare ones' ends at most 9 (17 over 8), the other racks' end holding tiles 15 or more (but 8120194 p1's
# black tile, 7), most over 25. Over all 1200 dev racks the ends read 0 with more edges than this: 6 of
# them, 6-7 tiles read 0 by colour (8120079 p2, 8120196 p1, 8121097 p2, ...), now unknown; 3 right counts
# made unknown (8121094 p2, 8121201 p1, 8121298 p1)


def _bare(gradient: np.ndarray, inner: np.ndarray) -> bool:
    """Whether the px `inner` (uint8 0/1, _inner's: the table's px but those at its edges: the board's
    rim, the rack, the patch's and the frame's edges) of one end's patch show no tile's edge: the
    99th percentile of its lightness's 3x3 morphological `gradient` (uint8) there at most
    EDGE_STRUCTURE over its median (the table's own noise and grain), both from their histogram."""
    n = cv2.countNonZero(inner)
    if n == 0:
        return False
    cumulative = np.cumsum(cv2.calcHist([gradient], [0], inner, [256], [0, 256]).ravel())
    median = int(np.searchsorted(cumulative, 0.5 * n))
    top = int(np.searchsorted(cumulative, 0.99 * n))
    return top - median <= EDGE_STRUCTURE


def _inner(table: np.ndarray) -> np.ndarray:
    """The px of `table` (bool) two px or more from its edges and the patch's, as uint8 0/1 (_bare's:
    the gradient of both ends' patches, one over the other, mixes them on their rows next to each other)."""
    return cv2.erode(table.astype(np.uint8), _SQUARE5, borderType=cv2.BORDER_CONSTANT, borderValue=0)


def _around_tiles(mask: np.ndarray) -> np.ndarray:
    """The px of `mask`'s tile-sized blobs (as _count_end counts them) and two px around them."""
    opened = cv2.morphologyEx(mask, cv2.MORPH_OPEN, _SQUARE3)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(opened)
    keep = np.zeros(n, np.uint8)
    keep[1:] = stats[1:, cv2.CC_STAT_AREA] >= DOWN_MIN * DOWN_PX_PER_TILE ** 2
    return cv2.dilate(keep[labels], _SQUARE5) > 0


def _off_seam(mask: np.ndarray) -> np.ndarray:
    """`mask` (bool) as uint8 0/1 without the patch's first and last rows (_bare's: the gradient of both
    ends' patches, one over the other, mixes them there)."""
    kept = mask.astype(np.uint8)
    kept[0] = kept[-1] = 0
    return kept


def _merged_beyond(mask: np.ndarray, lit_mask: np.ndarray) -> int:
    """The tiles `lit_mask`'s blobs holding blobs of `mask` (the board's colour's, inside them) count
    beyond the tiles those blobs of `mask` count, each blob counted as _count_end does."""
    board_labels, board_tiles = _blob_tiles(mask)
    lit_labels, lit_tiles = _blob_tiles(lit_mask)
    both = (lit_labels > 0) & (board_labels > 0)
    pairs = np.unique(lit_labels[both].astype(np.int64) * len(board_tiles) + board_labels[both])
    held = np.bincount(pairs // len(board_tiles), board_tiles[pairs % len(board_tiles)], len(lit_tiles))
    return int(np.maximum(lit_tiles - held, 0)[held > 0].sum())


def _blob_tiles(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`mask`'s blobs after the 3x3 opening (labels) and the tiles each counts (0: under DOWN_MIN)."""
    opened = cv2.morphologyEx(mask, cv2.MORPH_OPEN, _SQUARE3)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(opened)
    tiles = _tiles_in(stats[:, cv2.CC_STAT_AREA] / DOWN_PX_PER_TILE ** 2)
    tiles[0] = 0
    return labels, tiles


def _tiles_in(area: np.ndarray) -> np.ndarray:
    """The tiles blobs of these areas (in tiles' tops) count: one up to DOWN_MAX_ONE, else the area rounded; none
    under DOWN_MIN."""
    return np.where(area < DOWN_MIN, 0, np.where(area <= DOWN_MAX_ONE, 1, np.round(area))).astype(np.int64)


def _tile_mask(end: _End, d_tile: np.ndarray, d_table: np.ndarray, tolerance: float) -> np.ndarray:
    """The table's px beside one end of the rack nearer the tiles' colour (`d_tile`, distances from
    it) than the table's (`d_table`), as uint8 0/1."""
    near = (d_tile < 2 * FACE_REACH * tolerance) & end.free
    return (near & (d_tile < d_table)).astype(np.uint8) if near.any() else near.view(np.uint8)


def _count_end(end: _End, mask: np.ndarray) -> tuple[int | None, str, bool]:
    """The tiles in `mask` (_tile_mask) beside one end of the rack, by tile-sized blobs, and
    whether a blob counted touches the board, its rim or the rack's zone. None (and why) when a
    tile could lie partly hidden or out of the frame."""
    tile_side = DOWN_PX_PER_TILE  # a tile's top in the patch
    tile_area = tile_side ** 2
    sign, w = end.sign, end.size[0]
    if mask.any():
        opened = cv2.morphologyEx(mask, cv2.MORPH_OPEN, _SQUARE3)
        n, labels, stats, _ = cv2.connectedComponentsWithStats(opened)
    else:  # no px of the tiles' colour (most tables, with no tile beside the rack): no blob, no opening to make
        opened, n = mask, 1
    # along the patch, x grows away from the rack's end on the right end, toward it on the left
    far = 0.0  # the farthest a tile reaches from the rack's end, px of the patch
    count, touching = 0, False
    tiles = _tiles_in(stats[:, cv2.CC_STAT_AREA] / tile_area) if n > 1 else np.zeros(1, np.int64)
    for k in range(1, n):
        if not tiles[k]:
            if stats[k, cv2.CC_STAT_AREA] >= CUT_MIN * tile_area and end.hidden[labels == k].any():
                return None, "a tile partly hidden by the board or the rack", False
            continue
        count += int(tiles[k])
        touching = touching or bool(end.hidden[labels == k].any())
        x0, x1 = stats[k, cv2.CC_STAT_LEFT], stats[k, cv2.CC_STAT_LEFT] + stats[k, cv2.CC_STAT_WIDTH]
        far = max(far, float(x1) if sign > 0 else float(w - x0))
    if not end.whole:
        # the next tile of the row could lie one tile and a gap farther: no tile may hide out of the
        # frame there, nor any tile be cut by the frame's edge
        need = min(float(w), far + 1.5 * tile_side) if far > 0 else 1.5 * tile_side
        cols = slice(0, int(np.ceil(need))) if sign > 0 else slice(max(0, int(w - need)), w)
        if not end.inside[:, cols].all() and _cut_or_hidden(opened, end.inside, cols, tile_side):
            return None, "the table where the next tile could lie leaves the frame", False
    return count, "", touching


LIGHT_RANGE = (0.6, 1.3)  # the tiles' (weighted) Lab from black scaled by this much: their colour under
# dimmer or brighter light than on the board. The renders' light (vision.synth.effects.lighting) is a smooth
# gain on the frame's BGR (a gradient and a vignette), other at a rack's end than at the board's middle; Lab
# from black (L, a - 128, b - 128) scales nearly alike under such a gain. Dev 8120050-8120249 (400 racks, the
# light count taken wherever it differs): 0.6-1.3, 0.7-1.3 and 0.6-1.5 exact 342, 5 fewer; 0.5-1.3 one more
# than there (not looked into); 0.6-1.0 and 0.8-1.2 6 fewer
_BLACK = np.array([0, 128, 128], np.float32)
LIGHT_CONTRAST = 10.0  # the table at least this far (weighted Lab) from the tiles' colour under every light
# of LIGHT_RANGE for that colour to count them. Dev 8120050-8120249 and 8121050-8121449 (1200 racks, wrong
# by the board's colour alone 30): at TABLE_CONTRAST (16) exact 1009, unknown 176, wrong 15; at 10
# exact 1008, unknown 182, wrong 9 (none more than there but the one the start tree reads too); at 8
# one tile counted beside a rack with none (8121425 p1); at 6 four. The README run's 10011324 p1 (two read 0)
# and 10011285 p2 (seven read 5) stand 13.5 and 12.6 apart, 10011329 p2 (seven read 0) 9.8


def _light_distance(planes: np.ndarray, tile: np.ndarray) -> np.ndarray:
    """Each px's (weighted Lab `planes`) distance from the tiles' colour `tile` under any light of
    LIGHT_RANGE: from the nearest point of the segment black + s (tile - black), s in LIGHT_RANGE.
    With r the px from black, a the tile from black and u = r.a / a.a: |r - s a|^2 = r.r + a.a s (s - 2 u)."""
    axis = tile - _BLACK
    aa = float(axis.dot(axis))
    r1 = planes[1] - _BLACK[1]
    r2 = planes[2] - _BLACK[2]
    rr = planes[0] * planes[0]  # (black's lightness is 0)
    rr += r1 * r1
    rr += r2 * r2
    u = planes[0] * np.float32(axis[0] / aa)
    u += r1 * np.float32(axis[1] / aa)
    u += r2 * np.float32(axis[2] / aa)
    s = np.clip(u, LIGHT_RANGE[0], LIGHT_RANGE[1])
    u *= -2
    u += s
    u *= s
    u *= np.float32(aa)
    rr += u
    np.maximum(rr, 0, out=rr)  # (rounding)
    return np.sqrt(rr, out=rr)


def _light_gap(table: np.ndarray, tile: np.ndarray) -> float:
    """The table's colour's distance from the tiles' under any light of LIGHT_RANGE."""
    (l0, a0, b0), (l1, a1, b1) = table.tolist(), tile.tolist()  # (three numbers: no array arithmetic)
    a0, b0, a1, b1 = a0 - 128, b0 - 128, a1 - 128, b1 - 128  # from black
    s = min(max((l0 * l1 + a0 * a1 + b0 * b1) / (l1 * l1 + a1 * a1 + b1 * b1), LIGHT_RANGE[0]), LIGHT_RANGE[1])
    return math.sqrt((l0 - s * l1) ** 2 + (a0 - s * a1) ** 2 + (b0 - s * b1) ** 2)


def _down_planes(lab8: np.ndarray) -> np.ndarray:
    """The patch's weighted Lab as channel planes, lightness at DOWN_LIGHTNESS_WEIGHT:
    channel_planes(weight_lab(lab8)) with its lightness plane then multiplied by _REWEIGHT[0], to the
    same bits (the same two float32 products), in one float32 copy of both ends' pixels where that
    composition makes two of each end's."""
    planes = lab8.transpose(2, 0, 1).astype(np.float32, order="C")
    planes[0] *= np.float32(RACK_LIGHTNESS_WEIGHT)
    planes[0] *= _REWEIGHT[0]
    return planes


_TILE_WEIGHT = np.array([DOWN_LIGHTNESS_WEIGHT, 1, 1], np.float32)  # the tiles' colour weighted as the patch is
_REWEIGHT = np.array([DOWN_LIGHTNESS_WEIGHT / RACK_LIGHTNESS_WEIGHT, 1, 1], np.float32)  # weight_lab's to the above
_SQUARE3 = np.ones((3, 3), np.uint8)
_SQUARE5 = np.ones((5, 5), np.uint8)


def _cut_or_hidden(tiles: np.ndarray, inside: np.ndarray, cols: slice, tile_side: float) -> bool:
    """Whether a tile could lie unseen beside the rack: a blob of `tiles` (the opened mask) touches
    the frame's edge (a tile cut by it, however little of it shows), or the out-of-frame part of
    the patch's columns `cols` holds a HIDDEN_SHARE tile's side square (a tile wholly or mostly
    out of the frame)."""
    outside = (~inside).astype(np.uint8)
    edge = cv2.dilate(outside, _SQUARE3) > 0
    if (tiles.astype(bool) & edge).any():
        return True
    k = max(1, int(np.ceil(HIDDEN_SHARE * tile_side)))
    return bool(cv2.erode(outside[:, cols], np.ones((k, k), np.uint8), borderType=cv2.BORDER_CONSTANT,
                          borderValue=0).any())


def end_quads(zone: np.ndarray, square_px: float) -> tuple[np.ndarray, np.ndarray]:
    """The table beside the rack's two ends count_face_down looks at (4x2 float32 frame quads,
    the zone's first end first): BESIDE_ALONG squares along the rack beyond each end, from
    BESIDE_TOWARD squares toward the board to BESIDE_AWAY squares beyond the player's side."""
    z = np.asarray(zone, np.float32)
    along = z[1] - z[0]
    axis = along / max(float(np.linalg.norm(along)), 1e-6)
    across = z[3] - z[0]
    depth = float(np.linalg.norm(across))
    normal = across / max(depth, 1e-6)  # from the board's side toward the player
    reach = BESIDE_ALONG * square_px
    span = depth + (BESIDE_TOWARD + BESIDE_AWAY) * square_px
    quads = []
    for start, sign in ((z[0], -1.0), (z[1], 1.0)):
        a = (start if sign > 0 else start - axis * reach) - normal * BESIDE_TOWARD * square_px
        quads.append(np.array([a, a + axis * reach, a + axis * reach + normal * span, a + normal * span], np.float32))
    return quads[0], quads[1]


@dataclass(frozen=True)
class _End:
    """The table beside one end of a rack as count_face_down warps it: what depends only on where
    the zone, the board and the frame's edges are, not on the frame's pixels (_ends)."""
    sign: float   # -1: beside the zone's first end (x grows toward the rack), 1: its second (away from it)
    matrix: np.ndarray       # frame -> patch
    size: tuple[int, int]    # the patch's (width, height)
    inside: np.ndarray       # the patch's px from inside the frame
    free: np.ndarray         # ... and off the board, its rim and the rack's zone: the table beside the rack
    hidden: np.ndarray       # px next to the board, its rim or the zone: a piece of a tile there is partly hidden
    table_px: np.ndarray | None  # the px the table's colour is taken from: `free`, or all when none is free
    table_inner: np.ndarray  # _inner(free): the table's px where _bare looks for tiles' edges
    whole: bool              # every px of the patch from inside the frame


def _ends(frame_shape: tuple[int, ...], z: np.ndarray, square_px: float, corners: np.ndarray) -> tuple[_End, _End]:
    """The two ends' geometry, made once for a zone, square, board and frame size (the live kiosk
    counts a rack's face-down tiles on frame after frame of a board and a zone that did not move)."""
    return _ENDS.get((tuple(frame_shape), z.tobytes(), float(square_px), corners.tobytes()),
                     lambda: _ends_made(frame_shape, z, square_px, corners))


ENDS_KEPT = 8  # zones' geometries kept (two racks; a few more while a zone or the board moves)
_ENDS: MadeOnce[tuple[tuple[int, ...], bytes, float, bytes], tuple[_End, _End]] = MadeOnce(ENDS_KEPT)


def _ends_made(frame_shape: tuple[int, ...], z: np.ndarray, square_px: float, corners: np.ndarray
               ) -> tuple[_End, _End]:
    depth = float(np.linalg.norm(z[3] - z[0]))
    scale = DOWN_PX_PER_TILE / (square_px * TILE_PER_SQUARE_MEAN)
    grown = corners.mean(axis=0) + (corners - corners.mean(axis=0)) * (1 + 2 * RIM_SQUARES / 15)  # board and rim
    reach = BESIDE_ALONG * square_px
    span = depth + (BESIDE_TOWARD + BESIDE_AWAY) * square_px
    ends = []
    for sign, quad in zip((-1.0, 1.0), end_quads(z, square_px)):
        w = max(8, int(round(reach * scale)))  # the same for both ends
        h = max(8, int(round(span * scale)))
        matrix = cv2.getPerspectiveTransform(quad, np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32))
        inside = _inside(frame_shape, quad, matrix, (w, h))
        # the table beside the rack: in the frame, off the board and its rim, off the rack's zone
        usable = inside.astype(np.uint8)
        cv2.fillPoly(usable, [np.round(cv2.perspectiveTransform(grown[None], matrix)[0]).astype(np.int32)], 0)
        cv2.fillPoly(usable, [np.round(cv2.perspectiveTransform(z[None], matrix)[0]).astype(np.int32)], 0)
        free = usable > 0
        # the board, its rim and the rack's zone beside the table: a piece of a tile showing there
        # is a tile partly hidden by them
        hidden = cv2.dilate((inside & ~free).astype(np.uint8), _SQUARE3) > 0
        table_inner = _inner(free)
        for mask in (inside, free, hidden, table_inner):
            mask.flags.writeable = False  # kept for later frames
        ends.append(_End(sign, matrix, (w, h), inside, free, hidden, free if free.any() else None, table_inner,
                         bool(inside.all())))
    return ends[0], ends[1]


def _inside(frame_shape: tuple[int, ...], quad: np.ndarray, matrix: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """The pixels of the patch warped from `quad` (by `matrix`, to `size`) that come from inside
    the frame. A quad a px inside the frame's edges brings every patch pixel from inside it (a
    homography keeps the patch's pixels within the quad): no warp of a frame-sized mask then."""
    h, w = frame_shape[:2]
    if quad[:, 0].min() >= 1 and quad[:, 1].min() >= 1 and quad[:, 0].max() <= w - 2 and quad[:, 1].max() <= h - 2:
        return np.ones((size[1], size[0]), bool)
    ones = _FRAME_ONES.get((h, w), lambda: np.ones((h, w), np.uint8))
    return cv2.warpPerspective(ones, matrix, size, flags=cv2.INTER_NEAREST, borderMode=cv2.BORDER_CONSTANT,
                               borderValue=0) > 0


_FRAME_ONES: MadeOnce[tuple[int, int], np.ndarray] = MadeOnce(2)  # a frame-sized mask per frame size, never
# written to (the camera's frames are of one size)
