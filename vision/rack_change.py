"""Has anything changed around a rack since the frame it was last read on? (The live kiosk
need not read a rack again when nothing it reads from has changed: vision.rack_counter.)

What a rack's reading looks at: its zone, the table beside its ends where tiles lie face down
(vision.rack_face_down: BESIDE_ALONG squares beyond each end, BESIDE_TOWARD toward the board)
and the strips of table along it where a hand crosses (vision.racks.table_crossed). That
region's bounding box is shrunk to cells CHANGE_ALONG of a square long along the rack and
CHANGE_ACROSS across it, each the mean of its pixels (camera noise averages out; a standing
tile's top and back, a thin strip along the rack, fills whole cells); any cell whose colour
moved by more than CHANGE_LEVEL in a channel since the reference frame is a change.

The reading has two parts that look at different cells (`parts`): the rack (its zone and the
strips of table along it: vision.racks.read_rack) and the table beyond its ends (the tiles
face down: vision.rack_face_down.count_face_down). A change in one part's cells calls for that
part's reading only (`changed_parts`, each part against the frame it was last made on); a
change in cells neither looks at calls for none.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.rack_face_down import BESIDE_ALONG, BESIDE_AWAY, BESIDE_TOWARD, end_quads
from vision.racks import SIDE_GAP, SIDE_WIDTH, side_quad

CHANGE_ALONG = 0.25  # squares a cell spans along the rack (9 px at 35 px a square)
CHANGE_ACROSS = 0.0625  # ... and across it (2 px: the tiles' tops and backs show 2-4 px of a dark rack)
CHANGE_LEVEL = 13  # 8-bit levels a cell's channel may move with no change around the rack. Dev seeds
# 7520000-7520199 (/tmp/rkspeed/change_levels.py: one rendered rack of each seed, 1-9 tiles, every
# model, view and tile colour, and the same frame with one of its standing tiles taken off): a tile
# taken moved the most-moved cell by 17 at least (7520107: one red tile on a black rack in a dark
# scene, read unknown before and after; then 23, 24, 28), 47 at the 5th percentile; the same frame
# with fresh sensor noise of std 5 (the renderer's most) by 9 at most. (Its light 3 % brighter or
# darker moved it by up to 15: such a frame is read again.)
AWAY = max(BESIDE_AWAY, SIDE_GAP + SIDE_WIDTH)  # squares beyond the zone's player-side edge read
# The parts: a tile taken from the rack moves a cell of the rack's part as much as any cell (the
# seeds above, /tmp/rkspeed2/parts_levels.py taken 7520000 200: by 17 at least, 47 at the 5th
# percentile; the part beside it moved too where the tile stood at the rack's end); tiles put face
# down beside it move one of the part beside it (dev seeds 7560900-7560999, `parts_levels.py down`: one rendered
# rack of each seed with 1-7 tiles face down beside it and the same frame without them, the
# renderer's draws kept alike): by 23 and more on 97 of 100 (5th percentile 27), 15 on 7560950;
# 10 and 11 on 7560915 (one tile) and 7560969 (six on a table the tiles' colour), which
# count_face_down read alike with and without them (0; unknown), as the whole region's cells did.
REACH_PX = 3  # px around a part's quads whose change may still move its reading (a warp's bilinear
# neighbours: 1 px; and a px to spare)


@dataclass(frozen=True)
class Thumb:
    """A rack's surroundings shrunk: `box` (x0, y0, x1, y1) of the frame, `cells` (BGR), each
    `cell` (width, height) px of the frame from the box's top-left corner."""
    box: tuple[int, int, int, int]
    frame_size: tuple[int, int]
    cells: np.ndarray
    cell: tuple[int, int]


@dataclass(frozen=True)
class Parts:
    """Which cells of a thumb each part of a rack's reading looks at: a mask (uint8, 255 where
    looked at) of their channels in the thumb's cells laid out as rows (cells.reshape(rows, -1))."""
    rack: np.ndarray    # the zone and the strips of table along it (read_rack, with table_crossed)
    beside: np.ndarray  # the table beyond the rack's ends (count_face_down)


@dataclass(frozen=True)
class Changed:
    """Which parts of a rack's reading changed since a reference frame."""
    rack: bool
    beside: bool


def region(zone: np.ndarray, square_px: float) -> np.ndarray:
    """The quad (4x2, frame px) of all a rack's reading looks at: the zone (first edge on the
    board's side) grown along the rack and across it."""
    z = np.asarray(zone, np.float64).reshape(4, 2)
    along = z[1] - z[0]
    axis = along / max(float(np.linalg.norm(along)), 1e-6)
    across = z[3] - z[0]
    normal = across / max(float(np.linalg.norm(across)), 1e-6)
    grow_a, grow_t, grow_p = BESIDE_ALONG * square_px, BESIDE_TOWARD * square_px, AWAY * square_px
    return np.array([z[0] - axis * grow_a - normal * grow_t, z[1] + axis * grow_a - normal * grow_t,
                     z[2] + axis * grow_a + normal * grow_p, z[3] - axis * grow_a + normal * grow_p])


def thumb(frame: np.ndarray, zone: np.ndarray, square_px: float) -> Thumb | None:
    """The shrunken surroundings of the rack in `zone`, or None when none of it is in the frame."""
    h, w = frame.shape[:2]
    quad = region(zone, square_px)
    x0, y0 = (max(0, int(np.floor(v))) for v in quad.min(axis=0))
    x1, y1 = min(w, int(np.ceil(quad[:, 0].max()))), min(h, int(np.ceil(quad[:, 1].max())))
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None
    z = np.asarray(zone, np.float64).reshape(4, 2)
    along, across = max(1, int(round(CHANGE_ALONG * square_px))), max(1, int(round(CHANGE_ACROSS * square_px)))
    dx, dy = np.abs(z[1] - z[0])
    cw, ch = (along, across) if dx >= dy else (across, along)  # the cells' sides in the frame (px)
    rows, cols = (y1 - y0) // ch, (x1 - x0) // cw
    if rows < 1 or cols < 1:
        return None
    small = cv2.resize(frame[y0:y0 + rows * ch, x0:x0 + cols * cw], (cols, rows), interpolation=cv2.INTER_AREA)
    return Thumb((x0, y0, x1, y1), (w, h), small, (cw, ch))


def retake(frame: np.ndarray, zone: np.ndarray, square_px: float, like: Thumb) -> Thumb | None:
    """thumb(frame, zone, square_px) when `like` is the thumb of another frame as large with the
    same zone and square: its box and cells taken over (no geometry worked out again)."""
    h, w = frame.shape[:2]
    if (w, h) != like.frame_size:
        return thumb(frame, zone, square_px)
    x0, y0 = like.box[:2]
    (cw, ch), (rows, cols) = like.cell, like.cells.shape[:2]
    small = cv2.resize(frame[y0:y0 + rows * ch, x0:x0 + cols * cw], (cols, rows), interpolation=cv2.INTER_AREA)
    return Thumb(like.box, like.frame_size, small, like.cell)


def parts(seen: Thumb, zone: np.ndarray, square_px: float) -> Parts:
    """The cells of `seen` (the thumb of `zone` at `square_px`) that each part of the rack's
    reading looks at: those holding a px within REACH_PX of its quads."""
    x0, y0 = seen.box[:2]
    cw, ch = seen.cell
    rows, cols = seen.cells.shape[:2]
    z = np.asarray(zone, np.float32)
    rack = [z, side_quad(z, square_px, False), side_quad(z, square_px, True)]
    return Parts(_cells_of(rack, (x0, y0), (rows, cols), (cw, ch)),
                 _cells_of(list(end_quads(z, square_px)), (x0, y0), (rows, cols), (cw, ch)))


def _cells_of(quads: list[np.ndarray], origin: tuple[int, int], shape: tuple[int, int],
              cell: tuple[int, int]) -> np.ndarray:
    """The cells (of `shape`, each `cell` px from `origin`) holding a px within REACH_PX of
    `quads` (each several cells across), as a mask of their channels (Parts): the cells whose
    middles fall in a quad, grown by one cell (a cell the quad's edge crosses) and by REACH_PX."""
    (rows, cols), (cw, ch) = shape, cell
    mask = np.zeros((rows, cols), np.uint8)
    for quad in quads:  # one at a time: fillPoly leaves out where polygons given together overlap
        # in cells, a cell's middle at whole numbers; 1/16 cell precision (shift=4)
        at = (np.asarray(quad, np.float64) - origin) / np.array([cw, ch], np.float64) - 0.5
        cv2.fillPoly(mask, [np.round(at * 16).astype(np.int32)], 255, shift=4)
    grow_x, grow_y = 1 + -(-REACH_PX // cw), 1 + -(-REACH_PX // ch)
    grown = cv2.dilate(mask, np.ones((2 * grow_y + 1, 2 * grow_x + 1), np.uint8))
    return np.repeat(grown, 3, axis=1)


def changed_parts(rack_reference: Thumb | None, beside_reference: Thumb | None, now: Thumb | None,
                  looked_at: Parts) -> Changed:
    """Which parts of the rack's reading (`looked_at`: the cells each part looks at) changed in
    `now`, each part's cells against its own reference (the frame it was last made on; a
    reference of another box: changed)."""
    rack_moves = _moves(rack_reference, now)
    # both parts last made on the same frame (most frames): the cells' moves taken once
    beside_moves = rack_moves if beside_reference is rack_reference else _moves(beside_reference, now)
    return Changed(_moved_in(rack_moves, looked_at.rack), _moved_in(beside_moves, looked_at.beside))


def _moves(reference: Thumb | None, now: Thumb | None) -> np.ndarray | None:
    """How far each channel of each cell moved from `reference` to `now`, as rows of channels
    (Parts' layout); None when there is no thumb or the two are of different boxes."""
    if reference is None or now is None or reference.box != now.box or reference.frame_size != now.frame_size \
            or reference.cells.shape != now.cells.shape:
        return None
    return cv2.absdiff(reference.cells, now.cells).reshape(now.cells.shape[0], -1)


def _moved_in(moves: np.ndarray | None, cells: np.ndarray) -> bool:
    """Whether a channel of `cells` (a mask of `moves`) moved by more than CHANGE_LEVEL (no
    moves, or cells of a thumb of another size: moved)."""
    if moves is None or moves.shape != cells.shape:
        return True
    return cv2.minMaxLoc(moves, cells)[1] > CHANGE_LEVEL
