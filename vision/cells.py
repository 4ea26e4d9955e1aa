"""The rectified board and what each of its 225 cells looks like to the occupancy model.

Features are relative to the board itself (each cell against the median of the cells
with the same premium colour, or against the club's calibrated empty board), so the
model trained on rendered boards carries over to a board colour it has never seen.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.layout import LAYOUT

CELL = 48  # px per cell in the rectified board
PAD = 8  # px of context around each cell in a letter window (tiles sit a little off their squares)
INSET = 10  # px left out at each cell edge when measuring colour
OCCUPANCY_CLASSES = ("empty", "tile", "blank", "unknown")
# share of a premium type's squares (farthest from the tile colour first) whose median is that
# type's empty colour once the tile colour is known, and the fewest squares taken. Over every
# frame of the fixture games, scrabscrap-v1 and jheidel-en at least 4 of the 17 double-word,
# 2 of the 8 triple-word and 6 of the 12 triple-letter squares stay empty: the median of the
# farthest 3 (or the farthest fifth) is then an empty square (see expected_empty)
EMPTY_QUANTILE = 0.2
OCCUPANCY_FEATURES = 60  # columns of occupancy_features
EMPTY_MIN = 3
# Glare whitens a few squares of a type, and whitened they are the farthest from a coloured tile: the median
# of the farthest was then a glared square, and the type's squares out of the glare looked unlike it and
# inkless, so blanks (dev seed 79019 board-030: 6 phantom blanks on the German board's double-word squares,
# 3 of the 4 farthest under glare; 68008 board-032 with a network retrained in round 16: 12). So squares
# farther than TILE_SPREAD from the tiles' colour with at least SUPPORT others of their type within
# SUPPORT_LAB are taken farthest first, when there are as many as the squares taken (else all, as before:
# late in a game the few empty triple-word squares of scrabscrap-v1's photos share no colour, their tiles do).
# In vision.train's rendered stats (held-out seeds 1003-1004, 132 boards / training seeds 1002, 1005, 1006,
# 300 boards) an empty square's second-nearest empty square of its type is within 7.3 / 6.4 Lab on 95 % of
# them, 19.9 / 16.8 on 99 % (board-030's glared squares are 19-20 Lab from any other, board-032's two 8 from
# each other and 20 from the rest); a tile is within 20.3 / 19.1 Lab of the tiles' median colour on 90 %
# (27.7 / 24.6 on 95 %; board-032's empty double-word squares are 25-27 from it)
SUPPORT, SUPPORT_LAB = 2, 10.0
TILE_SPREAD = 20.0
# Light as the renderer shades and whitens a colour (lit_colours): glare mixes it toward GLARE_WHITE in BGR, up to
# GLARE_PEAK of the way (vision.synth.effects.glare's strongest spot; 0.3-0.75 drawn), each way in LIGHT_STEPS steps
GLARE_PEAK, GLARE_WHITE, LIGHT_STEPS = 0.75, 250.0, 12


def board_matrix(corners: np.ndarray, cell: int = CELL, pad: int = PAD) -> np.ndarray:
    """The warp from the frame to the rectified board: `cell` px per square, corners[0] at top-left,
    `pad` px of the surroundings on every side."""
    side = 15 * cell
    target = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32) + pad
    return cv2.getPerspectiveTransform(np.asarray(corners, np.float32), target)


def rectify(frame: np.ndarray, corners: np.ndarray, cell: int = CELL, pad: int = PAD) -> np.ndarray:
    """The playing area seen straight from above (board_matrix)."""
    side = 15 * cell
    return cv2.warpPerspective(frame, board_matrix(corners, cell, pad), (side + 2 * pad, side + 2 * pad),
                               flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def unpadded(board: np.ndarray, pad: int = PAD) -> np.ndarray:
    return board[pad:board.shape[0] - pad, pad:board.shape[1] - pad]


def letter_windows(board: np.ndarray, cell: int = CELL, pad: int = PAD) -> list[np.ndarray]:
    """225 windows (row-major) of cell + context from a padded rectified board."""
    size = cell + 2 * pad
    return [board[r * cell:r * cell + size, c * cell:c * cell + size] for r in range(15) for c in range(15)]


def letter_window(board: np.ndarray, k: int, cell: int = CELL, pad: int = PAD) -> np.ndarray:
    """Window k (row-major) of letter_windows, alone."""
    r, c = divmod(k, 15)
    return board[r * cell:r * cell + cell + 2 * pad, c * cell:c * cell + cell + 2 * pad]


def cell_grid(board: np.ndarray, cell: int = CELL) -> np.ndarray:
    """(15, 15, cell, cell, ...) view of a rectified board."""
    shape = (15, cell, 15, cell) + board.shape[2:]
    return board.reshape(shape).swapaxes(1, 2)


def expected_empty(colours: np.ndarray, tile_lab: np.ndarray | None = None, *others: np.ndarray,
                   shade: tuple[float, float] | None = None) -> np.ndarray | tuple[np.ndarray, ...]:
    """Per-cell empty colour estimated from the frame, per premium type: the median of the
    cells of that type; once the tile colour is known, the median of the half of them
    farthest from it, which stays an empty square even when most of that type is covered.
    Further per-cell arrays (`others`) get their medians over the same cells.

    Late in a game more than half of a type can be covered (13 of the 17 double-word squares
    in the demo game's last frames): the farthest half then holds tiles too and its median is
    a tile, and every empty square of that type looked like a blank. So the cells are taken
    farthest first, EMPTY_QUANTILE of the type but at least EMPTY_MIN of them, of those unlike the
    tiles whose colour others of the type share when there are enough (SUPPORT: not squares
    whitened by glare).

    With `shade`, the distances from the tiles' colour are from it as light may leave it (from_lit:
    shaded, sunlit or whitened by glare), so that tiles under a glare spot are not the squares farthest from
    the sure ones (vision.reader.GLARED_NEAR); the occupancy features take them by Lab, as the model learnt."""
    arrays = (colours, *others)
    # the arrays side by side, one median per type (each column's median is its own, the same
    # numbers), when they are of one type (else side by side would change the numbers)
    together = len({a.dtype for a in arrays}) == 1
    groups = [np.concatenate(arrays, axis=1)] if together else list(arrays)
    outs = [np.empty_like(a) for a in groups]
    for cells in _TYPE_CELLS:
        chosen = cells
        if tile_lab is not None:
            keep = max(min(EMPTY_MIN, len(chosen)), int(np.ceil(EMPTY_QUANTILE * len(chosen))))
            distance = np.linalg.norm(colours[chosen] - tile_lab, axis=1) if shade is None else \
                from_lit(colours[chosen], tile_lab, shade)
            plain = _supported(colours[chosen]) & (distance > TILE_SPREAD)
            if plain.sum() >= keep:
                chosen, distance = chosen[plain], distance[plain]
            chosen = chosen[np.argsort(-distance, kind="stable")[:keep]]
        for out, a in zip(outs, groups):
            out[cells] = _column_medians(a[chosen])
    if together:
        outs = np.split(outs[0], np.cumsum([a.shape[1] for a in arrays])[:-1], axis=1)
    return outs[0] if not others else tuple(outs)


def from_lit(colours: np.ndarray, lab: np.ndarray, shade: tuple[float, float]) -> np.ndarray:
    """Each colour's (N x 3 Lab) distance from the nearest colour `lab` takes as light may leave it (lit_colours),
    between neighbouring steps of the glare taken as straight in Lab. From the products (two matrix products for
    every colour and piece), not the differences' N x pieces x 3 arrays: 0.2 ms where those took 1.2 for 150
    colours on the loaded dev machine."""
    grid = lit_colours(lab, shade).astype(np.float64)
    start, step = grid[:, :-1].reshape(-1, 3), np.diff(grid, axis=1).reshape(-1, 3)  # pieces of the glare's way
    c = colours.astype(np.float64)
    length = (step * step).sum(axis=1)
    along = c @ step.T - (start * step).sum(axis=1)  # (colour - start) . step, N x pieces
    apart = (c * c).sum(axis=1)[:, None] - 2 * (c @ start.T) + (start * start).sum(axis=1)  # |colour - start|^2
    t = np.clip(along / np.maximum(length, 1e-6), 0.0, 1.0)
    return np.sqrt(np.maximum(apart - 2 * t * along + t * t * length, 0.0).min(axis=1)).astype(np.float32)


def lit_colours(lab: np.ndarray, shade: tuple[float, float]) -> np.ndarray:
    """LIGHT_STEPS x (LIGHT_STEPS + 1) x 3 Lab: a colour as the renderer's light leaves it, its BGR times a gain
    from shade[0] to shade[1] (shadows, sunlit patches, the light's fall: vision.synth.effects.cast_shadow and
    lighting) along the first axis, then whitened by glare, mixed toward GLARE_WHITE 0 to GLARE_PEAK of the way
    (vision.synth.effects.glare, applied after them), along the second."""
    rounded = np.clip(np.round(np.asarray(lab, np.float32)), 0, 255).astype(np.uint8).reshape(1, 1, 3)
    bgr = cv2.cvtColor(rounded, cv2.COLOR_LAB2BGR).reshape(3).astype(np.float32)
    gain = np.linspace(*shade, LIGHT_STEPS, dtype=np.float32)[:, None, None]
    glare = np.linspace(0.0, GLARE_PEAK, LIGHT_STEPS + 1, dtype=np.float32)[None, :, None]
    bgrs = np.clip(np.round(bgr * gain * (1 - glare) + GLARE_WHITE * glare), 0, 255).astype(np.uint8)
    return cv2.cvtColor(bgrs, cv2.COLOR_BGR2LAB).astype(np.float32)


def lit_distances(stats: CellStats, tile_lab: np.ndarray, cells: np.ndarray,
                  shade: tuple[float, float]) -> tuple[np.ndarray, np.ndarray]:
    """Of the given cells (frame order): their colours' distance from their premium type's empty colour as light
    may leave it (from_lit with `shade`; the empty colour by expected_empty, its squares' distance from the tiles'
    colour `tile_lab` measured so too), and that of the tiles' colour from the type's so lit (how well colour tells
    a tile from an empty square of that type at all)."""
    reference = expected_empty(stats.mean, tile_lab, shade=shade)
    to_empty, apart = np.empty(len(cells), np.float32), np.empty(len(cells), np.float32)
    types = LAYOUT.ravel()[cells]
    for t in np.unique(types):
        mine = types == t
        empty_lab = reference[cells[mine][0]]
        to_empty[mine] = from_lit(stats.mean[cells[mine]], empty_lab, shade)
        apart[mine] = from_lit(np.asarray(tile_lab, np.float32)[None], empty_lab, shade)[0]
    return to_empty, apart


def _supported(colours: np.ndarray) -> np.ndarray:
    """Which of these squares' colours (N x 3 Lab) have at least SUPPORT others within SUPPORT_LAB (the
    squared distances from the products: expected_empty took 0.86 ms of CPU a call with the differences'
    norms, 0.27 ms so, 0.09 without SUPPORT)."""
    c = colours.astype(np.float64)
    squares = (c * c).sum(axis=1)
    apart = squares[:, None] + squares[None] - 2 * (c @ c.T)
    return np.count_nonzero(apart <= SUPPORT_LAB ** 2, axis=1) - 1 >= SUPPORT


def _column_medians(rows: np.ndarray) -> np.ndarray:
    """np.median(rows, axis=0) of float rows without NaN, in their own type: the middle row of them
    sorted, or the mean of the middle two (their sum halved, as np.median's mean of them)."""
    ordered = np.sort(rows, axis=0)
    half = len(rows) // 2
    return ordered[half] if len(rows) % 2 else (ordered[half - 1] + ordered[half]) / 2


_TYPE_CELLS = [np.flatnonzero(LAYOUT.ravel() == t) for t in np.unique(LAYOUT)]  # each premium type's squares


@dataclass(frozen=True)
class CellStats:
    """What the occupancy features need from a rectified board, computed once per frame."""
    mean: np.ndarray  # 225x3 Lab
    shape: np.ndarray  # 225xK: spread, ink fractions, edge strengths, neighbourhood contrast
    lab: np.ndarray  # the rectified board in Lab (unpadded, uint8)
    edge: np.ndarray  # 225x(2*EDGE_BINS): lightness and gradient across the cell's border
    # the face rings' colours (face_colours) measured so far, row-major, NaN where not yet: the reader's face tests
    # ask the same squares' rings again and again on one frame (round 33, helper "vspeed14": 1767 rings asked for
    # about 600-630 squares on ten dev frames), and a ring's colour is its square's alone
    faces: np.ndarray = field(init=False, repr=False, compare=False,
                              default_factory=lambda: np.full((225, 3), np.nan, np.float32))


EDGE_FROM, EDGE_TO, EDGE_BIN = -4, 16, 2  # px from the cell's border (outside < 0) of the edge profile
EDGE_BINS = (EDGE_TO - EDGE_FROM) // EDGE_BIN


def edge_profiles(padded_l: np.ndarray, padded_grad: np.ndarray, cell: int = CELL, pad: int = PAD) -> np.ndarray:
    """225 x 2*EDGE_BINS: lightness (uint8) and gradient strength (float32) against the distance from the
    cell's border, over the middle of each side (corners left out), the mean of the two middle sides.

    A tile, lettered or blank, shows its own edge here: a gap or shadow outside, a bevel just
    inside, then its flat face; an empty square shows the board's grid line and nothing else.
    This is what tells a blank from a square of the same colour."""
    start = np.arange(15) * cell + pad  # first px of each cell in the padded board
    depth = np.arange(EDGE_FROM, EDGE_TO)
    near = start[:, None] + depth  # 15 x D: rows (or columns) at each depth from a cell's near side
    far = start[:, None] + cell - 1 - depth  # ... from its far side
    span = slice(pad, pad + 15 * cell)
    rows = []
    for image in (padded_l, padded_grad):
        by_row, by_col = _side_means(image, span, cell)
        top, bottom = by_row[near], by_row[far]  # 15 (cell rows) x D x 15 (cell columns)
        left, right = by_col[near], by_col[far]  # 15 (cell columns) x D x 15 (cell rows)
        sides = np.stack([top.transpose(0, 2, 1), bottom.transpose(0, 2, 1),
                          left.transpose(2, 0, 1), right.transpose(2, 0, 1)])  # 4 x r x c x D
        # a side on the board's outer edge looks out at the rim or frame, not at a grid line
        # and the next square: there the opposite side stands in for it
        sides[0, 0], sides[1, -1] = sides[1, 0], sides[0, -1]
        sides[2, :, 0], sides[3, :, -1] = sides[3, :, 0], sides[2, :, -1]
        # the middle two of the four sides: a neighbour's tile leaning over one side, or its
        # shadow, does not make an empty square look edged like a tile. Of four numbers they are
        # the larger of the two pairs' smaller ones and the smaller of their larger ones (the
        # values sorting gives: no NaN, no -0.0 here, lightness and gradient strength >= 0)
        low = np.maximum(np.minimum(sides[0], sides[1]), np.minimum(sides[2], sides[3]))
        high = np.minimum(np.maximum(sides[0], sides[1]), np.maximum(sides[2], sides[3]))
        profile = (low + high).reshape(225, EDGE_BINS, EDGE_BIN).mean(axis=2) / 2
        rows.append(profile)
    return np.concatenate(rows, axis=1).astype(np.float32)


def _side_means(image: np.ndarray, span: slice, cell: int) -> tuple[np.ndarray, np.ndarray]:
    """Means over the middle of each cell's side (INSET in from its corners) of every row (H x 15, the cells'
    columns) and every column (W x 15, the cells' rows) of a padded image, float32. Of uint8 lightness from
    whole sums: the numbers the means of its float32 pixels give (whole sums under 2**24 are exact in any
    order), without the float copy: 2.7 -> 1.9 ms of one core a board for both profiles (MEASUREMENTS
    round 19)."""
    middle = slice(INSET, cell - INSET)
    if image.dtype == np.uint8:
        count = np.float32(cell - 2 * INSET)
        by_row = image[:, span].reshape(-1, 15, cell)[:, :, middle].sum(axis=2, dtype=np.int32).astype(np.float32) / count
        by_col = image[span, :].reshape(15, cell, -1)[:, middle, :].sum(axis=1, dtype=np.int32).astype(np.float32) / count
        return by_row, by_col.T
    return image[:, span].reshape(-1, 15, cell)[:, :, middle].mean(axis=2), \
        image[span, :].reshape(15, cell, -1)[:, middle, :].mean(axis=1).T


def cell_stats(padded_bgr: np.ndarray) -> CellStats:
    padded_lab = cv2.cvtColor(np.ascontiguousarray(padded_bgr), cv2.COLOR_BGR2LAB)
    lab = unpadded(padded_lab)
    mean = _inner_means(lab)
    # the lightness alone, in whole levels: the per-cell figures below are those of the float
    # pixels (sums of whole levels are exact in float32; the spread sums the same new array)
    padded_l8 = cv2.extractChannel(padded_lab, 0)
    light = cell_grid(unpadded(padded_l8))[:, :, INSET:-INSET, INSET:-INSET].reshape(225, -1).astype(np.float32)
    median_l = light.mean(axis=1)
    spread = light.std(axis=1)
    # shares counted, not the booleans' mean (the same float64 numbers, 0.15 where the means took 0.44 ms)
    dark_ink = np.count_nonzero(light < median_l[:, None] - 35, axis=1) / light.shape[1]
    bright_ink = np.count_nonzero(light > median_l[:, None] + 35, axis=1) / light.shape[1]
    padded_grad = _gradient_strength(padded_l8)
    g = cell_grid(unpadded(padded_grad))
    ring_grad = g[:, :, _RING].reshape(225, -1).mean(axis=1)
    centre_grad = g[:, :, INSET:-INSET, INSET:-INSET].reshape(225, -1).mean(axis=1)
    # how far the cell's local neighbourhood (not the whole board) agrees with this cell
    neighbour_l = cv2.blur(mean[:, 0].reshape(15, 15), (3, 3), borderType=cv2.BORDER_REFLECT).ravel()
    shape = np.column_stack([spread, dark_ink, bright_ink, ring_grad / 50, centre_grad / 50,
                             mean[:, 0] - neighbour_l])
    return CellStats(mean=mean, shape=shape, lab=lab, edge=edge_profiles(padded_l8, padded_grad))


def _gradient_strength(lightness: np.ndarray) -> np.ndarray:
    """The Sobel gradient's length at each pixel of a uint8 image (float32), correctly rounded: the
    derivatives are whole numbers, their squares' sum a whole number under 2**24 (exact in float32),
    and its square root rounded once, all in place. cv2.magnitude of the derivatives of the float
    lightness, used before, rounded a quarter of the pixels a last bit otherwise, and which ones
    depended on where NumPy put the arrays (round 17: one board gave two answers call after call);
    and it took longer: on the 49 boards read following scrabscrap-v1's two games, both ways on each
    in turn, 3.8 against 2.2 ms of one core on average (MEASUREMENTS round 19)."""
    gx = cv2.Sobel(lightness, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(lightness, cv2.CV_32F, 0, 1, ksize=3)
    np.multiply(gx, gx, out=gx)
    gx += np.multiply(gy, gy, out=gy)
    return np.sqrt(gx, out=gx)


def _inner_means(lab: np.ndarray, cell: int = CELL) -> np.ndarray:
    """225x3 float32 means of each cell's inner part (INSET in from its edges) of an unpadded
    uint8 board: the numbers inner.mean(axis=1) gives on the float32 pixels (whole sums under
    2**24 are exact in float32, in any order), from whole sums over the rows, then the columns."""
    rows = lab.reshape(15, cell, -1, lab.shape[2])[:, INSET:cell - INSET].sum(axis=1, dtype=np.int32)
    sums = rows.reshape(15, 15, cell, -1)[:, :, INSET:cell - INSET].sum(axis=2)
    return sums.reshape(225, -1).astype(np.float32) / np.float32((cell - 2 * INSET) ** 2)


_CENTRE = np.zeros(225, np.float32)
_CENTRE[7 * 15 + 7] = 1.0  # the star square looks unlike the other double-word squares
_rim = np.zeros((15, 15), np.float32)
_rim[[0, -1], :] = _rim[:, [0, -1]] = 1.0  # squares along the board's rim
_OUTER = _rim.ravel()

_RING = np.zeros((CELL, CELL), bool)
_RING[2:7, 2:-2] = _RING[-7:-2, 2:-2] = _RING[2:-2, 2:7] = _RING[2:-2, -7:-2] = True


def occupancy_features(board: np.ndarray | CellStats, tile_lab: np.ndarray | None = None) -> np.ndarray:
    """225 x F features of a padded rectified board (or its CellStats). The empty colours come
    from the frame itself (see expected_empty), helped by `tile_lab`, the tile colour when known."""
    stats = board if isinstance(board, CellStats) else cell_stats(board)
    mean = stats.mean
    chroma = np.hypot(mean[:, 1] - 128, mean[:, 2] - 128)
    edge = stats.edge
    reference, edge_reference = expected_empty(mean, tile_lab, edge)
    delta = mean - reference
    board_l = np.median(mean[:, 0])
    board_chroma = np.median(chroma)
    light, grad = edge[:, :EDGE_BINS], edge[:, EDGE_BINS:]
    ref_light, ref_grad = edge_reference[:, :EDGE_BINS], edge_reference[:, EDGE_BINS:]
    # once the tile colour is known: how near this cell is to it, and how near the empty
    # squares of its type are (a square the colour of the tiles leaves only the edge to go by)
    if tile_lab is None:
        to_tile = np.zeros((225, 3), np.float32)
    else:
        to_tile = np.column_stack([np.linalg.norm(mean - tile_lab, axis=1) / 50,
                                   np.linalg.norm(reference - tile_lab, axis=1) / 50, np.ones(225)])
    return np.column_stack([
        delta, np.linalg.norm(delta, axis=1), mean[:, 0] - board_l, chroma - board_chroma, chroma,
        stats.shape, (mean[:, 1:] - 128), _CENTRE, _OUTER, to_tile,
        # the edge profile against the cell's own face, and against the empty squares of its type
        light - mean[:, :1], light - ref_light, (grad - ref_grad) / 50, grad / 50,
    ]).astype(np.float32)


def tile_colour(stats: CellStats, cells: np.ndarray) -> np.ndarray | None:
    """Median Lab of the given cells (indices, row-major), or None."""
    if len(cells) == 0:
        return None
    return np.median(stats.mean[np.asarray(cells, int)], axis=0).astype(np.float32)


_FACE_RING = np.zeros((CELL, CELL), bool)
_FACE_RING[6:-6, 6:-6] = True
_FACE_RING[13:-13, 13:-13] = False  # where the letter is


def face_colours(stats: CellStats, cells: np.ndarray) -> np.ndarray:
    """Lab of the given tiles' faces (indices, row-major; N x 3 float32): the median of the band
    between each tile's edge and its letter (of the whole levels: the median of two of them, a
    whole or a half level, is the same number in float32 as in float64). Each band's channels sorted
    (a radix sort for uint8) and the middle two taken: the numbers np.median gives, and 0.66 ms of one core
    a call where a histogram a row took 1.15 (the 92 calls following scrabscrap-v1's two games, 37 tiles a
    call, both ways in turn: MEASUREMENTS round 21). Each square's ring is measured once a frame (stats.faces)."""
    cells = np.asarray(cells, int)
    missing = np.unique(cells[np.isnan(stats.faces[cells, 0])])
    if len(missing):
        r, c = np.divmod(missing, 15)
        ordered = np.sort(cell_grid(stats.lab)[r, c][:, _FACE_RING], axis=1, kind="stable")  # N x pixels x 3
        n = ordered.shape[1]
        stats.faces[missing] = (ordered[:, (n - 1) // 2].astype(np.float32) + ordered[:, n // 2]) / 2  # (one value
        # twice where n is odd)
    return stats.faces[cells]
