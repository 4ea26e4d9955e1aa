"""Find the board's playing area in a frame from its own grid lines, without markers.

Steps: (1) the dominant edge direction modulo 90 degrees gives the skew (a second strong
direction a second one); (2) in the de-skewed image, the column/row profiles of a
thin-line filter are periodic with the cell size, and a 16-tooth comb that starts and
ends on lines with no line beyond finds the 16 grid lines each way; the 15 x 15 window of
cells whose colours best follow the premium layout places the board on that lattice
(steps 1 and 2 on the image at half the work size: coarse to fine);
(3) a few refinement passes in the rectified view fit each grid line locally, which
absorbs camera perspective, and give the homography. Under stronger perspective the two
families of grid lines are followed to their vanishing points (vision.locate_perspective) and
the board searched again in the view that undoes it; when all of the frame's edges lie in a small part of it, only
that part is searched, at the work size (coarse to fine for a small, far board).

Corners come out in frame order (the corner nearest the frame's top-left first, then
clockwise); which way up the board is is decided later from the letters.

Rendered sets looked at in development (python -m vision.synth dataset OUT --boards N --seed S):
wide style space 52118, 52119, 52120, 86413, 90217, 330417, 614027, 53117, 70123, 777001; club
style space 52121.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Literal, NamedTuple
from functools import cache, lru_cache, partial, reduce

import cv2
import numpy as np

from vision.board_scale import MIN_CELL_PX, smallest_square_px
from vision.layout import LAYOUT, lightness_among_neighbours
from vision.locate_perspective import OFF_SQUARE, PERSPECTIVE, SMALL_BOARD, Rectifier, rectifier
from vision.locate_still import BorderProfiles, border_profiles, carried, held, stayed

WORK_SIZE = 640  # the frame is searched at this size
SHIFT_CELLS = 4  # a comb can land this many cells off when the rim, racks or tile edges look like grid lines
REFINE_CELL = 24  # px per cell in the rectified view used for refinement
LINE_REACHES = (2,)  # half-width (px at work size) of the line filter for hairlines
WIDE_REACHES = (2, 4)  # ... and for the wide ridges of deluxe boards
# a second edge direction this strong against the first is searched too: on rendered frames
# the second direction is under 0.07 of the first in 9 frames of 10; a board turned 4.5
# degrees between racks square to the frame gives 0.82
SECOND_SKEW = 0.3
# A board found from scratch is taken only when its premium pattern scores this many times its
# best rival's one cell off, whole or at one side (placement_margin). On 51 frames with known
# corners (40 rendered, seed 7301, and the 11 jheidel-en photos, measured, not fitted) the right
# placement scored 1.75 times its best rival or more (median 6); placements one or two cells
# off, whole or at one side, 0.95 at most. Measured again with the tiles' cells left out (_tile_cells), at
# the true corners and the truth moved (the whole grid one cell 8 ways or two 8 ways, one side one or two
# cells across, 16 ways) on development seeds 134100 (30 boards) and 134101 (60), the 11 jheidel-en photos
# and 4 boards many tiles hid (223223 board-019, 225225 board-036, 219219 board-023, 134080 board-068):
# the right placements 1.84 or more (median 8-14; before 1.00, two of the four under 1.3), the moved ones
# 1.25 at most (one side two cells off; before 1.38: 134080 board-068's side a cell off)
PLACEMENT_MARGIN = 1.3
# ... and its grid lines fit (line_fit: the share of _line_pieces that fit, on the lines the board
# can show). Measured on 140 rendered frames
# (seeds 52118 and 52119 of the wide style space, 52121 of the club one): placements within half a cell of the truth
# (refined from the true corners, or from corners a cell or two off) fit 0.57 or more (1 % under
# 0.68); placements over half a cell off that pass PLACEMENT_MARGIN (a corner, one side or the
# whole grid one cell off, as given or refined, or a side two cells off: 3476) fit 0.656 at most.
# (Earlier, on the club style only: right ones 0.80 or more, wrong ones 0.66 at most; the wider
# style space's faint and pale grids fit less.) A wider margin does not make a lower fit safe: a
# German photo tilted 20 degrees at 0.4 by the bench gave placements 0.54-0.64 cells off at a
# corner fitting 0.62 with margins of 2.1-3.9. A whole grid two cells off along the diagonal fits
# as well as the right one: the line fit cannot see that; the premium pattern (the search's
# ranking, the reader's check) must.
# Both this and the corner fits below are taken over the lines the board can show (_shown_lines): an
# outer line none of whose pieces fit is left out (34 of development seed 77017's 60 boards print no
# line at the rim; 74014 frame 21, placed 0.06 cells off, fit 0.667 and its worst corner 0.5 with
# its three blank outer lines counted, 0.736 and 0.6 without). Measured again with them left out,
# at the work and the finer scale (development seeds 74014 and 77017, 15 frames each, true corners
# with one corner moved a cell 8 ways, as given and refined, and the truth refined): of 824
# placements over half a cell off passing PLACEMENT_MARGIN none passes the line and corner fits
# either way (line fit 0.698 -> 0.744 at most, but none of those 26 with 0.67 or more fits its
# worst corner over 0.417); of the 1501
# within 0.3 cells 1381 -> 1436 pass them, none passing before refused now. On the frames the
# corner checks here cite (330417 frames 24, 27, 32, 36, 41, 71, 77 and 62002 frames 23, 37, 43),
# the same: 294 over half a cell off, none passing; and the 7 grids refined from the top-left corner
# a cell off that end 0.51-0.60 off (330417) fit 0.698-0.812 -> 0.719-0.867, each passing or refused
# as before (2 by the corner fit; 5 pass it and HALF_CELL_GAIN refuses them).
LINE_FIT = 0.67
# ... and at each corner: at least CORNER_FIT of the end pieces of the CORNER_LINES lines each way
# next to it fit (_corner_fit). Measured on 40 rendered frames of the wide style space (development
# seed 330417, frames 0-39), placements given and refined from the truth, from the grid moved by a
# cell (whole, one side, one corner) and two along a diagonal, at the work size: 563 placements over
# half a cell off passed PLACEMENT_MARGIN and 5 of them LINE_FIT too (0.51-0.64 cells off at a
# corner, fitting up to 0.84: refined from one corner a cell off); with this check none passes, and
# 984 of the 995 placements within half a cell that passed LINE_FIT pass it too (6 lines: 4 let a
# placement 0.52 off pass, 8 four of them)
CORNER_LINES = 6
CORNER_FIT = 0.5
# A placement whose lines do not fit at the work size is refined and checked again at FINE_FACTOR
# times it (faint hairlines fade in the shrinking) and taken there only when its worst corner fits
# at least FINE_CORNER_FIT: measured as above at the finer scale, 2 placements 0.59 cells off pass
# CORNER_FIT there, none this (980 of the 1072 within half a cell do)
FINE_CORNER_FIT = 0.6
# ... and that corner fits over every line (the outer ones _shown_lines leaves out counted too) more than
# half its 12 end pieces: FINER_EVERY_CORNER. A grid pulled over the board's rim at one corner (its outer
# lines there on the rim, its inner ones half a cell off the board's) can pass the shown fits there with its
# outer line left out as unprinted, while at the work size the half-cell gain refuses it: rendered dev seed
# 264264 board-032 (tiles near its top-left corner), refined 0.506 cells off at the work size
# (its worst corner 0.42 over every line) and 0.524 off at the finer scale: shown (0.89, 0.625), over every
# line (0.80, 0.5), its half-cell gain there 0.09 (own contrast 0.83; at the work size 0.21); the truth there
# fits 0.83 over every line. Right placements taken there (/tmp/vcpu37/forced.py and survey.py: 264264
# frames 0, 2, .. 98 from the truth, one corner a cell off 8 ways or the grid half a cell off 4 ways,
# refined as _settled refines; every frame of 264264 and of 134262 0-61 as the search runs): 0.583 or more
FINER_EVERY_CORNER = 0.55
# ... and no corner moved half a cell (any of 8 ways) fits its lines better than it by more than
# HALF_CELL_GAIN (_half_cell_gain). Measured on the 80 rendered frames of development seed 330417
# (wide style space), placements refined from the truth and from one corner a cell off (8 ways)
# that pass PLACEMENT_MARGIN, LINE_FIT and CORNER_FIT: the 5 over half a cell off (0.51-0.60 at
# the corner, frames 32, 36, 41, 71, 77) gain 0.16-0.37; the 1611 within 0.3 cells at most 0.112
# (99 % under 0.01; from the truth 0.014 at most). Looked at afterwards on seed 614027 (frames
# 0-29, from the truth and one corner a cell off diagonally): the 281 within 0.3 cells gain 0.121 at
# most (frame 5, from the truth 0.06): the margin under this threshold is thin there
HALF_CELL_GAIN = 0.13
# ... but where no finer scale looks again (_unsettled's `last`), a corner's gain does not refuse the placement
# when the grid with that corner moved half a cell the way that gains, refined (2 passes, as _at_finer), comes
# back within HALF_BACK cells of the placement: the board's lines hold it there, and what gains is beside them.
# Rendered seed 365365 board-030 (a clear board at 0.36 of the frame, red tiles along its left column and on its red
# corner square): refined 0.04 cells off at the finer scale, lines fitting, its bottom-left corner gains 0.265 (at the
# true corners -0.02: the refinement ends that corner 1.1-1.6 px off, among the tiles): not located. Measured
# (/tmp/vsmall37/ev8.py; ev.py the diagonal moves only) at the finer scale on grids refined from the truth and from it with one corner a cell off
# (dev seeds 134261 and 365365: 8 ways, 100 boards each; 134260: diagonally, boards 0, 2, .. 98), those passing
# PLACEMENT_MARGIN and the lines (4938): 29 refused by the half-cell gain. The 7 over 0.3 cells off (0.36-0.70) come
# back 0.234-0.467 cells (the 4 over half a cell off 0.337 or more); 13 of the 22 within 0.3 (0.03-0.15 off:
# board-030's 8, 134261 board-066's 2, 365365 board-080's 3) come back 0.012-0.068, the other 9 0.108-0.335 (stay refused)
HALF_BACK = 0.1
# ... and the corner whose own lines fit least (_corner_contrasts) fits them no better moved by one
# or two whole cells (any of 24 ways) than by WHOLE_CELL_GAIN (_whole_cell_gain). Measured on the 120
# rendered frames of development seeds 61001 and 62002 (wide style space, 60 boards each), at the
# work and the finer scale: the 118 placements the search gave within half a cell gain 0.029 at most
# (under 0.01 but for two), 227 refined from the truth and from a corner one or two cells off
# diagonally (seed 62002, every third frame) -0.072 at most; the 3 placements 1.7-2.8 cells off at a
# corner that passed every other check (62002 frames 23, 37, 43) gain 0.055-0.386 (0.13-0.27 at the
# finer scale), their worst corner's own fit 0.46-0.9 (frame 23, 2.0 cells off at a corner, was taken
# first: 6 confident-wrong letters). On those three the corner where the gain is largest is the one
# whose own lines fit least, so only it is moved (24 views, not 96). (Grids of another spacing
# placed inside the board, candidates after the first on 12 frames of those seeds, gain -0.16-0.024:
# this check does not see them: board_candidates refuses them, see SPACING_CELLS.)
WHOLE_CELL_GAIN = 0.05
# ... and a grid so moved fits the board's lines about as well: its shown share of fitting line pieces
# (as LINE_FIT takes it) at most STRETCH_FIT_DROP under the placement's (_stretched). A grid placed
# right whose corner thick tiles crowd can gain by a whole-cell move there (the tiles' edges and letters),
# but moved so its lines leave the board's over much of the grid; a grid stretched a cell or two at a
# corner fits about as well or better moved back. Measured at the work and finer scale (round 32,
# /tmp/vloc32half: proto.py, offsurvey.py, guard3.py, guards2.py; the largest change, moved minus own,
# over the moves gaining over WHOLE_CELL_GAIN): placements within 0.3 cells, from forced starts (the
# truth, one corner 1-2 cells off, one side a cell off) on 24 boards: rendered seed 299299 board-098
# -0.68 to -0.79, 266266-066 -0.40 to -0.75, 248248-056 -0.42 to -0.57, 219219-023 (0.21-0.23 off)
# -0.21 to -0.45, 290290-042 (0.27 off, the search) -0.63. Over half a cell off: the search's own with
# this check off on 1027 boards (wide-style seeds 61001, 62002 frames 0-59, and 907 of round 31's
# unused boards) one, 62002 frame 23 (1.98 off) +0.02; forced starts 134180 board-008 (3.0 off) -0.16;
# tests/test_vision_locate.py's 330417 frames 24, 27, 32, 36 (0.51-0.60 off) -0.09 to -0.37; the truth
# of 11 boards with one corner moved 1-2 cells (703 grids gaining, 0.94-4.7 cells off) -0.22 at most.
# The nearest placement over half a cell off stands 0.18 inside this, the nearest right one it must
# take (098) 0.13 beyond it; 630 forced starts on six of these boards took none over half a cell off.
STRETCH_FIT_DROP = 0.55
# A refined placement the premium pattern does not put clearly there (placement_margin under 1) moves to its
# best rival and is refined there, MARGIN_STEPS times at most, before it is refused. On dev seeds 134246 and
# 134247 (100 boards each, head-on and through `--tilt 15 --scale 0.5 --turn 120`; /tmp/vspeed37/split.py)
# 365 of the 367 placements taken moved once at most (head-on all 198), 134247 board-074 twice and board-005
# three times (both through the view); 349 placements refused moved three times (22 head-on), their third
# moves 4.9 % of the frames' thread CPU through the view (1.2 % head-on). Once is too few (board-074 is then
# not located); with two, board-005 is found another way, one empty square more read (round 37: every other
# board's line the same on those seeds and on 331331 and 358358). Only a placement whose third move would have
# ended clearly placed (PLACEMENT_MARGIN) is answered otherwise: taken or refused later on the start tree.
MARGIN_STEPS = 2  # times a placement moves to a rival that beats it before it is given up
# A placement offered after another (board_candidates) whose centre lies on that board and whose
# sides, in that board's cells, average more than SPACING_CELLS under 15 is a grid of a finer
# spacing laid over part of the same place: not given (_another_spacing). On development seeds 61001, 62002 and
# 64004 (wide style space, 60 boards each) the search's placements after the first (up to 3 a
# frame) include 18 grids of another spacing laid over part of the board, each passing every check
# of _settled, their sides 7.5-13.1 of the first (right) board's cells (half to 0.87 of its spacing,
# along one axis or both; 2.0-7.5 cells off); every first placement was right (within 0.13 cells),
# and grids of the board's own spacing placed off it measure 14.3-16.0 (62002 frames 21, 23, 43).
# A grid larger than the one given first is given: the board is the largest grid over its place,
# and a first placement the reader refused can be such a finer grid inside the board (rendered
# seed 121121 board-049, a deluxe board with 85 tiles: first a grid of 0.78 of the board's spacing
# 3.97 cells off, then the board 0.06 off, whose sides measure 19.3 of the first one's cells;
# 91031 board-015 the same, 5.84 and 0.06 off). Every candidate the reader can take (CANDIDATES) of
# rendered seeds 62002 (60 frames), 330417 (80), 101041 (60), and of 98038, 120120 and 102042 (every
# other frame, 90): none is a grid larger than one offered before it
SPACING_CELLS = 1.5
# ... and a placement whose every other line, each way, is much fainter than the lines between
# them (the median response along each line, of the odd lines over the even or the even over the
# odd, the larger of the two ways under LINE_PARITY: _line_parity) is a grid of half the board's
# spacing laid over the board, every second line of it in the middle of the board's squares: not
# taken. Measured at the scale the search checks at (work or finer), on development seeds 65005
# and 66006 (wide style space, frames 0-199 each: `python -m vision.synth dataset OUT --boards 200
# --seed S`): the 389 first placements within half a cell of the truth 0.606 or more (1 in 20 under
# 0.8); the one grid of half the spacing the search took first (65005 frame 171: a labelled classic
# board tilted 27 degrees, 70 tiles; margin 1.74, line fit 0.83) 0.029; grids of half the spacing
# laid inside the board at random and refined (1200, none passing the pattern margin and line fit)
# under 0.3 for 9 of 10. The boards found on scrabscrap-v1 0.774 or more, on jheidel-en 0.876. Grids of other spacings (0.6-0.87 of the board's) do not alternate
# so: board_candidates' _another_spacing is what refuses them after a board
LINE_PARITY = 0.3


@dataclass(frozen=True)
class BoardLocation:
    corners: np.ndarray  # 4x2 float32 frame coordinates, clockwise from the frame-top-left corner
    # mean thin-line response on the fitted grid vs. between lines (>1 = grid seen); of a board placed by its
    # premium pattern alone (no lines seen: _placed_by_pattern), that pattern's score on the grid vs. on
    # the grid half a cell off (_pattern_clearness): on the grid vs. between its lines too
    grid_score: float
    margin: float = float("inf")  # premium-pattern score over the best rival's a cell off (placement_margin)
    line_fit: float = 1.0  # share of the grid lines' pieces that fit, on the lines the board can show (line_fit)


def _median(values: np.ndarray, axis: int = 0) -> np.ndarray:
    """np.median(values, axis=axis) of a float array without NaN, the same numbers (the middle
    order statistic, or the mean of the two middle ones), without np.median's overhead. Sorted,
    not partitioned: on the short rows it is given (lines of 16-408 values) np.sort is several
    times quicker than np.partition's selection of two middle values (1.9 -> 0.3 ms for the
    36 x 24 rows of 120 of _corner_contrasts)."""
    n = values.shape[axis]
    k = n // 2
    ordered = np.sort(values, axis=axis)
    if n % 2:
        return np.take(ordered, k, axis=axis)
    return (np.take(ordered, k - 1, axis=axis) + np.take(ordered, k, axis=axis)) / 2.0


def _shrink(image: np.ndarray) -> tuple[np.ndarray, float]:
    """The image at work size, one INTER_AREA step, and the scale from frame to work
    coordinates. On a grey frame this is where every grid line is found and checked (see
    _work_images); cheaper ones tried lose a faint grid (pyrDown first) or place boards a little
    worse (whole factors then INTER_AREA placed rendered boards of seeds 52118-52120, 86413, 90217
    at a 90th percentile error of 0.072 cells against 0.063, one more board not located)."""
    scale = WORK_SIZE / max(image.shape[:2])
    size = (round(image.shape[1] * scale), round(image.shape[0] * scale))
    return cv2.resize(image, size, interpolation=cv2.INTER_AREA), scale


def _work_images(image: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """The image at work size in colour and in grey, and the scale from frame to work
    coordinates. The grey, which every line is found and checked on, is the frame's grey shrunk
    in one INTER_AREA step (as _fit_near shrinks it). The colour, which only the cells' mean
    colours are taken from, is shrunk by the largest whole factor first (OpenCV's quick path:
    2 ms of a 1504 px frame) and then bilinearly: 3 ms, against 17-19 ms for one fractional
    INTER_AREA of three channels."""
    bgr = image if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    gray, scale = _shrink(_gray(bgr))
    size = (gray.shape[1], gray.shape[0])
    whole = int(1 / scale)
    if whole < 2:
        return cv2.resize(bgr, size, interpolation=cv2.INTER_AREA), gray, scale
    step = cv2.resize(bgr, (bgr.shape[1] // whole, bgr.shape[0] // whole), interpolation=cv2.INTER_AREA)
    return cv2.resize(step, size, interpolation=cv2.INTER_LINEAR), gray, scale


def _gray(image: np.ndarray) -> np.ndarray:
    """Grey in whole levels (uint8): the line filters run on it with OpenCV's saturating
    subtract as their max(0, .), on a quarter of the memory float32 takes."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    return gray if gray.dtype == np.uint8 else np.clip(gray, 0, 255).astype(np.uint8)


def _cell_means(small_bgr: np.ndarray, corners: np.ndarray, border: int = 0) -> np.ndarray:
    """(15+2b)x(15+2b)x3 Lab means of the cell centres of the grid given by corners, b cells beyond it."""
    return _cells_means(small_bgr, [corners], border)[0]


def _cells_means(small_bgr: np.ndarray, placements: list[np.ndarray], border: int = 0) -> np.ndarray:
    """_cell_means of several grids (4x2 corners each) at once: N x (15+2b) x (15+2b) x 3. The
    views drawn into one stack; only each cell's middle 4x4 px (all the means are taken over)
    converted to Lab, a quarter of the pixels, and summed in whole numbers (exact)."""
    cell = 8
    n = 15 + 2 * border
    side = n * cell
    target = _canonical(cell) + border * cell
    views = np.empty((len(placements) * side, side, 3), np.uint8)
    for k, corners in enumerate(placements):
        cv2.warpPerspective(small_bgr, cv2.getPerspectiveTransform(np.asarray(corners, np.float32), target),
                            (side, side), dst=views[k * side:(k + 1) * side], flags=cv2.INTER_AREA)
    # the mean of each cell's middle 4x4 px: the numbers the float pixels' mean gives (whole sums of
    # 16 levels are exact in float32). The Lab conversion works pixel by pixel, so the middles alone,
    # laid side by side, are converted (their very levels) and summed from one integral image
    middles = np.ascontiguousarray(views.reshape(len(placements), n, cell, n, cell, 3)[:, :, 2:cell - 2, :, 2:cell - 2])
    summed = cv2.integral(cv2.cvtColor(middles.reshape(-1, n * (cell - 4), 3), cv2.COLOR_BGR2LAB), sdepth=cv2.CV_32S)
    at = summed[::cell - 4, ::cell - 4]  # the corners of every cell's middle
    sums = at[1:, 1:] - at[:-1, 1:] - at[1:, :-1] + at[:-1, :-1]
    return (sums.astype(np.float32) / np.float32(16)).reshape(len(placements), n, n, 3)



_TYPE_CELLS = [np.argwhere(LAYOUT == t) for t in range(int(LAYOUT.max()) + 1)]
_COMMONEST = int(np.argmax([len(cells) for cells in _TYPE_CELLS]))  # plain squares: summed as the rest of the window
_PREMIUM = [t for t in range(len(_TYPE_CELLS)) if t != _COMMONEST]
_PREMIUM_CELLS = np.concatenate([_TYPE_CELLS[t] for t in _PREMIUM])  # grouped by type
_PREMIUM_ENDS = np.cumsum([len(_TYPE_CELLS[t]) for t in _PREMIUM]).tolist()
_PREMIUM_SPANS = list(zip([0] + _PREMIUM_ENDS[:-1], _PREMIUM_ENDS))  # each type's rows of _PREMIUM_CELLS
_COUNTS = np.array([float(len(cells)) for cells in _TYPE_CELLS])


def _window_scores(means: np.ndarray, inside: np.ndarray | None = None, relative: bool = False) -> np.ndarray:
    """How well the cell colours of every 15x15 window of a grid of cell means (RxCx3 Lab)
    follow the premium layout: spread between the square types' mean colours over the
    spread within them. All windows at once: the sums under each premium type by adding
    the grid shifted to each of its squares, the plain squares' as the window's sum (from
    an integral image) less those. `inside` (RxC bool) marks cells in the frame; a window
    leaving the frame scores -inf. `relative`: lightness taken against the neighbouring
    cells' (lightness_among_neighbours). Returns (R-14)x(C-14), window (0, 0) at the top-left."""
    means = lightness_among_neighbours(means) if relative else np.ascontiguousarray(means, np.float32)
    rows, cols = means.shape[0] - 14, means.shape[1] - 14
    squared = means ** 2
    # sums of squares alongside; every sum over the 3 channels written out, left to right (the numbers
    # NumPy's sum over that short axis gives, without its per-row overhead)
    with_squares = np.dstack([means, (squared[..., 0] + squared[..., 1]) + squared[..., 2]])
    planes = np.ascontiguousarray(with_squares.transpose(2, 0, 1))  # channel by channel: 4 x R x C
    s2, s0, s1 = planes.strides  # [i, j]: the grid shifted by cell (i, j) of the window
    shifted = np.lib.stride_tricks.as_strided(planes, (15, 15, 4, rows, cols), (s0, s1, s2, s0, s1), writeable=False)
    under = np.empty((len(_TYPE_CELLS), 4, rows, cols))  # per square type: sums under it in each window
    # each type's squares summed in order, in float64 (np.add.reduceat's numbers: a reduction along the
    # outer axis adds the squares one after another), in half the time reduceat takes on the gather
    gathered = shifted[_PREMIUM_CELLS[:, 0], _PREMIUM_CELLS[:, 1]].astype(np.float64)
    for t, (start, stop) in zip(_PREMIUM, _PREMIUM_SPANS):
        np.add.reduce(gathered[start:stop], axis=0, out=under[t])
    summed = cv2.integral(with_squares, sdepth=cv2.CV_64F)
    window = summed[15:, 15:] - summed[:-15, 15:] - summed[15:, :-15] + summed[:-15, :-15]
    under[_COMMONEST] = window.transpose(2, 0, 1) - sum(under[t] for t in _PREMIUM)
    sums = under[:, :3]
    counts = _COUNTS[:, None, None]
    squares = sums ** 2
    within = np.add.reduce(under[:, 3] - ((squares[:, 0] + squares[:, 1]) + squares[:, 2]) / counts, axis=0)
    overall = np.add.reduce(sums, axis=0) / 225.0
    spread = (sums / counts[:, None] - overall) ** 2
    between = np.add.reduce(counts * ((spread[:, 0] + spread[:, 1]) + spread[:, 2]), axis=0)
    scores = (between / (np.maximum(within, 0) + 225.0)).astype(np.float32)
    if inside is not None:
        seen = cv2.integral(inside.astype(np.uint8))  # cells in the frame, counted per window
        scores[seen[15:, 15:] - seen[:-15, 15:] - seen[15:, :-15] + seen[:-15, :-15] < 225] = -np.inf
    return scores


def _line_responses(gray: np.ndarray, axis: int, reach_sets: tuple[tuple[int, ...], ...]) -> list[np.ndarray]:
    """Dark or bright line running across `axis` (axis=1: vertical lines) about 2*reach px
    wide; boards print hairlines, deluxe boards have wide raised ridges, so for each set of
    reaches: the largest response over them. A pixel's response is how far it lies outside
    the range of its two neighbours `reach` px away each side (wrapping round at the edges);
    the largest over reaches is how far it lies outside the narrowest such range."""
    reach = max(max(reaches) for reaches in reach_sets)
    size = gray.shape[axis]
    wrap = (0, 0, reach, reach) if axis == 1 else (reach, reach, 0, 0)
    padded = cv2.copyMakeBorder(gray, *wrap, cv2.BORDER_WRAP)

    def shifted(d: int) -> np.ndarray:  # np.roll(gray, -d, axis), as a view
        return padded[:, reach + d:reach + d + size] if axis == 1 else padded[reach + d:reach + d + size]
    # OpenCV's min, max and subtract: the same numbers as NumPy's on these (no NaN), several times quicker
    ranges = {r: (cv2.min(shifted(-r), shifted(r)), cv2.max(shifted(-r), shifted(r)))
              for r in sorted(set().union(*reach_sets))}
    out = []
    for reaches in reach_sets:
        darker = cv2.subtract(reduce(cv2.max, [ranges[r][0] for r in reaches]), gray)
        brighter = cv2.subtract(gray, reduce(cv2.min, [ranges[r][1] for r in reaches]))
        # cv2.max/min with a scalar: opencv-python 5.0's type stubs refuse it, 5.1's take it (unused-ignore: both)
        out.append(cv2.max(cv2.max(darker, brighter, dst=darker), 0, dst=darker))  # type: ignore[call-overload, unused-ignore]  # a scalar is fine
    return out


def _skews(gray: np.ndarray) -> list[float]:
    """The dominant edge direction modulo 90 degrees, as a skew in (-45, 45]; and a second
    one when another direction at least SECOND_SKEW as strong stands 1.5 degrees or more
    apart (racks or a table edge square to the frame, the board turned a few degrees)."""
    gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)
    magnitude = cv2.magnitude(gx, gy).ravel()
    edges = np.flatnonzero(magnitude > magnitude.mean())  # flat areas only add noise
    if len(edges) == 0:
        return []  # a flat frame (a lens cap, a dark room): no lines, no board
    angle = cv2.phase(gx.ravel()[edges], gy.ravel()[edges], angleInDegrees=True).ravel()  # on the edges only
    # modulo 90 degrees: the phase (in [0, 360]) less 90 for each multiple of 90 it reaches, exact in
    # float32 (so the numbers of NumPy's float remainder, at a fifth of its time)
    reached = (angle >= 90).view(np.uint8) + (angle >= 180).view(np.uint8) + (angle >= 270).view(np.uint8)
    np.subtract(angle, np.float32(90) * (reached + (angle >= 360).view(np.uint8)), out=angle)
    hist = np.bincount(np.minimum((angle * 2).astype(np.int64), 179), magnitude[edges], 180)
    hist = np.convolve(np.concatenate([hist[-3:], hist, hist[:3]]), np.ones(5) / 5, mode="same")[3:-3]
    peak = int(np.argmax(hist))
    peaks = [peak]
    apart = np.abs(np.arange(180) - peak)
    apart = np.minimum(apart, 180 - apart) >= 3
    local = (hist >= np.roll(hist, 1)) & (hist >= np.roll(hist, -1)) & apart
    if local.any():
        other = int(np.flatnonzero(local)[np.argmax(hist[local])])
        if hist[other] >= SECOND_SKEW * hist[peak]:
            peaks.append(other)
    skews = [(k + 0.5) * 0.5 for k in peaks]
    return [skew if skew < 45 else skew - 90 for skew in skews]


@lru_cache(maxsize=4)
def _comb_layout(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Where the teeth of every comb fall in a profile of length n, for every spacing, phase
    and first tooth: teeth at phase + k * spacing (k first: running sums go along rows).
    Returns spacings, tooth and mid-gap indices together (K x 2 x S x P; n = outside the
    frame), which combs lie wholly in the frame and each comb's first-tooth position (both
    S x combs*P, the order combs are compared in)."""
    spacings = np.arange(n * 0.025, n / 15.0, 0.25)
    phases = np.arange(np.ceil(spacings[-1]))
    k = np.arange(-1, int(n / spacings[0]) + 2)
    start = phases[None, :] + k[:, None, None] * spacings[None, :, None]  # K x S x P
    pos = np.round(start).astype(np.int64)
    mid = np.round(start + spacings[None, :, None] / 2).astype(np.int64)
    combs = len(k) - 17  # first teeth 1 .. K-17: one tooth before and one after every comb
    inside = np.cumsum((pos >= 0) & (pos < n), axis=0)
    whole: np.ndarray = (inside[16:16 + combs] - inside[:combs]) == 16
    at = np.stack([np.where((pos >= 0) & (pos < n), pos, n), np.where((mid >= 0) & (mid < n), mid, n)], axis=1)

    def by_spacing(a: np.ndarray) -> np.ndarray:
        return np.ascontiguousarray(a.transpose(1, 0, 2).reshape(len(spacings), -1))
    return spacings, at, by_spacing(whole), by_spacing(pos[1:1 + combs])


def _strongest_teeth(teeth: np.ndarray, combs: int) -> np.ndarray:
    """Each comb's strongest of its 16 teeth (tooth 1 to 16 of `teeth`, K x S x P x profiles): the
    largest over windows of 2, 4, 8, then 16."""
    m = np.maximum(teeth[:-1], teeth[1:])
    m = np.maximum(m[:-2], m[2:])
    m = np.maximum(m[:-4], m[4:])
    return np.maximum(m[1:1 + combs], m[9:9 + combs])


Combs = list[list[tuple[float, float, float]]]  # per profile, the best few (offset, spacing, score)


def _fit_combs(profiles: list[np.ndarray], keep: int, trimmed: bool = False) -> Combs:
    """For each 1-D line profile (all of one length), the best few (offset, spacing, score) of 16
    equally spaced lines, from different spacings (a comb at half or double the true period can
    score well too). `trimmed`: each comb scored less its strongest tooth (see TRIMMED_LATTICES)."""
    return _comb_fitter(profiles)(keep, trimmed)


def _comb_fitter(profiles: list[np.ndarray]) -> Callable[[int, bool], Combs]:
    """_fit_combs of `profiles` for any `keep` and `trimmed`, the combs scored once: every spacing,
    phase and first tooth at once, by running sums along the teeth; the profiles together (the
    same numbers as one at a time, in less time). Scored less their strongest tooth only when
    asked (the last resort of the rough search), from the scores kept (same numbers as scoring
    again, without the gathers and running sums)."""
    n = len(profiles[0])
    spacings, at, whole, first = _comb_layout(n)
    # p[n]: outside the frame; the profiles side by side (profiles last: every gather fetches one
    # position of all of them, and every step below runs over contiguous blocks; the numbers of
    # profiles first, in half the time)
    p = np.stack([np.append(profile - _median(profile), 0.0) for profile in profiles], axis=1).astype(np.float32)
    sums = np.take(p, at, axis=0)  # teeth and mid-gaps: K x 2 x S x P x profiles
    m = len(profiles)
    combs = first.shape[1] // at.shape[3]
    teeth = sums[:, 0]
    per_comb = (combs, -1)  # 2-D views for OpenCV's max and add (same numbers, quicker)
    edges = cv2.add(cv2.max(teeth[:combs].reshape(per_comb), 0),  # type: ignore[call-overload, unused-ignore]  # a scalar is fine
                    cv2.max(teeth[17:17 + combs].reshape(per_comb), 0)).reshape(teeth[:combs].shape)  # type: ignore[call-overload, unused-ignore]
    for k in range(1, sums.shape[0]):  # running sums row by row: np.cumsum along axis 0 is several times slower
        sums[k] += sums[k - 1]
    teeth16 = sums[16:16 + combs, 0] - sums[:combs, 0]  # sums of 16 teeth from tooth 1, 2, ...
    mids15 = sums[15:15 + combs, 1] - sums[:combs, 1]
    score = teeth16 - 0.5 * mids15 - 2.0 * edges  # combs x S x P x profiles

    def by_profile(a: np.ndarray) -> np.ndarray:  # combs x S x P x profiles -> profiles x S x combs*P
        return a.transpose(3, 1, 0, 2).reshape(m, len(spacings), -1)
    flat = by_profile(score)
    np.copyto(flat, -np.inf, where=~whole[None])
    rows = np.arange(len(spacings))

    def best(keep: int, trimmed: bool) -> Combs:
        # the teeth gathered again (the running sums overwrote them); -inf less a tooth stays -inf
        scores_of = flat - by_profile(_strongest_teeth(np.take(p, at[:, 0], axis=0), combs)) if trimmed else flat
        found = []
        for one in scores_of:
            top = one.argmax(axis=1)
            offsets, scores = first[rows, top], one[rows, top]
            # spacings whose best comb beats those of the two spacings each side
            padded = np.pad(scores, 2, constant_values=-np.inf)
            near = np.maximum.reduce([padded[k:k + len(scores)] for k in range(5)])
            peaks = np.flatnonzero(np.isfinite(scores) & (scores >= near))
            peaks = peaks[np.argsort(-scores[peaks], kind="stable")]
            found.append([(float(offsets[i]), float(spacings[i]), float(scores[i])) for i in peaks[:keep]])
        return found
    return best


def _smooth_profile(resp: np.ndarray, axis: int) -> np.ndarray:
    # summed in whole numbers (under 2**31: 255 times the image's side), then as float64: the
    # same numbers as summing in float64, and OpenCV's integer sum is many times quicker
    profile = cv2.reduce(resp, axis, cv2.REDUCE_SUM, dtype=cv2.CV_32S).ravel().astype(np.float64)
    return np.convolve(profile, np.array([0.25, 0.5, 0.25]), mode="same")


Lattices = list[tuple[float, float, float, float]]


def _lattices(gray: np.ndarray, skew: float,
              coarse: bool = False) -> tuple[Lattices, np.ndarray, Callable[[], Lattices]]:
    """Grid lattices (x0, sx, y0, sy) in the view de-skewed by `skew` from the line combs, the
    de-skewing rotation, and a function giving the lattices of the combs scored less their
    strongest tooth that those scored whole do not give (see TRIMMED_LATTICES; from the profiles
    and comb scores of this search, not worked out again). A lattice fixes the cell size and
    where lines fall, not yet which of its cells are the board's: the premium pattern decides
    that (see _placement). `coarse`: `gray` is a view at half the work size (see _plain_cells)."""
    h, w = gray.shape
    rot = cv2.getRotationMatrix2D((w / 2, h / 2), skew, 1.0)
    # in whole grey levels (uint8): OpenCV's saturating subtract is the response's max(0, .), and
    # a quarter of the memory to go through makes it about three times quicker; the profiles
    # sum hundreds of pixels, so the rounding of the warp to whole levels does not show in them
    deskewed = cv2.warpAffine(_gray(gray), rot, (w, h),
                              flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    # the filters' reaches: in a view at half the work size, half as far (1 px is the least)
    reaches = tuple(tuple(max(1, r // 2) for r in rs) if coarse else rs for rs in (LINE_REACHES, WIDE_REACHES))
    out: list[tuple[float, float, float, float]] = []
    # vertical lines as horizontal ones of the transposed view: OpenCV runs along rows, and
    # shifted column views made the vertical pass twice as slow as the horizontal one
    vertical = [_smooth_profile(r, 1) for r in _line_responses(np.ascontiguousarray(deskewed.T), 0, reaches)]
    horizontal = [_smooth_profile(r, 1) for r in _line_responses(deskewed, 0, reaches)]
    fitters = [_comb_fitter(vertical + horizontal)] if w == h else [_comb_fitter(vertical), _comb_fitter(horizontal)]

    def combs(trim: bool) -> Combs:
        return [found for fit in fitters for found in fit(SQUARE_PEAKS, trim)]

    def paired(found: list[list[tuple[float, float, float]]]) -> None:
        for cols, rows in zip(found[:len(vertical)], found[len(vertical):]):
            pairs = [(col, row) for col in cols[:3] for row in rows[:3]]
            pairs += [(col, row) for col in cols[:1] if (row := _square_partner(rows, col[1])) is not None]
            pairs += [(col, row) for row in rows[:1] if (col := _square_partner(cols, row[1])) is not None]
            for (x0, sx, _), (y0, sy, _) in pairs:
                if not 0.75 < sx / sy < 1.33:  # a camera arm does not squash the board that much
                    continue
                same = any(abs(sx - a[1]) < 0.02 * sx and abs(sy - a[3]) < 0.02 * sy
                           and _phase_gap(x0, a[0], sx) < 0.2 and _phase_gap(y0, a[2], sy) < 0.2 for a in out)
                if not same:
                    out.append((x0, sx, y0, sy))
    paired(combs(False))
    known = len(out)

    def trimmed() -> Lattices:
        paired(combs(True))
        return out[known:]
    return out[:known], rot, trimmed


# Each way's three strongest combs are paired with the other way's; the strongest comb each way, when
# no comb of its spacing is among the other way's three, is also paired with the strongest of that
# spacing among the other way's first SQUARE_PEAKS (partners for all three strongest gave a frame
# whose board is too small to read 26 refinements before it was given up, against 20 at most in
# tests/test_vision_locate.py). On a board square-on between two racks (rendered seed
# 184184 frame 5, a paper board with glare) the row combs from rack to rack (spacings 15.75-18.25 at
# half the work size) outscored the board's own rows (12.25, the 4th), and no lattice had its
# spacing. The board's cells are square to within SQUARE_SPACING where the plain search finds it:
# on the 120 frames of rendered development seeds 118058 and 119059 the true board's width over its
# height was within 0.026 of 1 on the 97 tilted under 15 degrees (0.011 under 10; up to 0.099 at
# 25-29 degrees, which the perspective view undoes); the combs' spacings are 0.25 px apart, 2 % of
# a 12 px cell in the half-size view
SQUARE_PEAKS = 8
SQUARE_SPACING = 0.03


def _square_partner(peaks: list[tuple[float, float, float]], spacing: float) -> tuple[float, float, float] | None:
    """The strongest comb among `peaks` within SQUARE_SPACING of `spacing`, when none of the
    three strongest is (they are paired anyway)."""
    near = [peak for peak in peaks if abs(peak[1] - spacing) <= SQUARE_SPACING * spacing]
    return near[0] if near and near[0] not in peaks[:3] else None


def _phase_gap(a: float, b: float, spacing: float) -> float:
    """How far apart, in cells, two lattices' lines are (0 = the same lines)."""
    d = ((a - b) / spacing) % 1.0
    return min(d, 1.0 - d)


@dataclass(frozen=True)
class _LatticeCells:
    """Mean colours of a lattice's cells in the frame (RxCx3 Lab), which are wholly in it,
    and where the lattice's lines fall (de-skewed view)."""
    means: np.ndarray
    seen: np.ndarray
    left: np.ndarray  # x of each column's left line
    top: np.ndarray  # y of each row's top line
    size: tuple[float, float]  # cell width, height
    combs_at: tuple[int, int]  # the column and row whose left and top lines are the combs' first teeth


def _lattice_cells(summed: np.ndarray, inside: np.ndarray | None, lattice: tuple[float, float, float, float],
                   unturn: np.ndarray) -> _LatticeCells | None:
    """The cells of a lattice, or None when fewer than 15 each way fit in the view.
    `summed` is the integral image (cv2.integral) of the view's Lab (not de-skewed), `inside`
    which of its pixels come from the frame (None: all), `unturn` the 2x3 affine from the
    de-skewed view, where the lattice's lines are, back to the view."""
    x0, sx, y0, sy = lattice
    h, w = summed.shape[0] - 1, summed.shape[1] - 1
    cols = np.arange(np.floor(-x0 / sx), np.ceil((w - x0) / sx))
    rows = np.arange(np.floor(-y0 / sy), np.ceil((h - y0) / sy))
    if len(cols) < 15 or len(rows) < 15:
        return None
    # each cell's centre in the view, and the mean colour of the square half a cell across
    # around it, upright in the view: inside the cell however the lattice is turned (its
    # corners lie 0.35 of a cell from the centre), and one integral image serves every skew
    # (no de-skewed colour view to draw)
    # (the centres' products by the affine's terms broadcast from their row and column: the numbers
    # of a meshgrid's, and np.clip's as np.minimum and np.maximum, without their overhead on small grids)
    cx, cy = (x0 + (cols + 0.5) * sx)[None], (y0 + (rows + 0.5) * sy)[:, None]
    u = unturn[0, 0] * cx + unturn[0, 1] * cy + unturn[0, 2]
    v = unturn[1, 0] * cx + unturn[1, 1] * cy + unturn[1, 2]
    xa = np.minimum(np.maximum(np.round(u - sx / 4), 0), w - 1).astype(np.int64)
    xb = np.minimum(np.maximum(np.round(u + sx / 4), 1), w).astype(np.int64)
    ya = np.minimum(np.maximum(np.round(v - sy / 4), 0), h - 1).astype(np.int64)
    yb = np.minimum(np.maximum(np.round(v + sy / 4), 1), h).astype(np.int64)
    area = np.maximum((yb - ya) * (xb - xa), 1)[..., None]
    # the integral image's corners gathered as rows of its flat form (np.take: the same whole sums as
    # indexing it by (y, x) pairs, in a third of the time)
    flat = summed.reshape(-1, summed.shape[2])
    above, below = ya * (w + 1), yb * (w + 1)
    means = (flat.take(below + xb, axis=0) - flat.take(above + xb, axis=0) - flat.take(below + xa, axis=0)
             + flat.take(above + xa, axis=0)) / area
    iu, iv = np.round(u).astype(np.int64), np.round(v).astype(np.int64)
    seen = (iu >= 0) & (iu < w) & (iv >= 0) & (iv < h)
    if inside is not None:
        seen &= inside[np.clip(iv, 0, h - 1), np.clip(iu, 0, w - 1)]
    return _LatticeCells(means, seen, x0 + cols * sx, y0 + rows * sy, (sx, sy), (-int(cols[0]), -int(rows[0])))


def _placement(cells: _LatticeCells, relative: bool, near_combs: bool = False) -> tuple[float, np.ndarray] | None:
    """The 15x15 window of a lattice's cells that best follows the premium layout with the
    board wholly in the frame: (score, its corners in the de-skewed view), or None. Judged
    on the cells' colours as they are, or (`relative`) with their lightness against their
    neighbours' (lightness_among_neighbours): under a lamp to one side or a dark corner only
    that shows the pattern, but on a board crowded with tiles their lightness can hide it.
    `near_combs`: only the windows starting within a cell of the combs' first teeth each way
    (the combs' 16 teeth span the board's 16 lines, give or take the outer one: see TRIMMED_LATTICES)."""
    scores = _window_scores(cells.means, cells.seen, relative)
    if near_combs:
        near = np.full(scores.shape, -np.inf)
        (col, row), (rows, cols) = cells.combs_at, scores.shape
        near[max(row - 1, 0):min(row + 2, rows), max(col - 1, 0):min(col + 2, cols)] = 0.0
        scores = scores + near
    r, c = np.unravel_index(int(np.argmax(scores)), scores.shape)
    if not np.isfinite(scores[r, c]):
        return None
    (left, top), (sx, sy) = (cells.left[c], cells.top[r]), cells.size
    return float(scores[r, c]), np.array(
        [[left, top], [left + 15 * sx, top], [left + 15 * sx, top + 15 * sy], [left, top + 15 * sy]], np.float32)


def _canonical(cell: int) -> np.ndarray:
    size = 15 * cell
    return np.array([[0, 0], [size, 0], [size, size], [0, size]], dtype=np.float32)


def _refine(gray: np.ndarray, corners: np.ndarray, passes: int = 3,
            wide: bool = False, average: int = 1, scored: bool = True) -> tuple[np.ndarray, float, _Fitted | None]:
    """Fit the 16+16 grid lines in the rectified view and return corners and grid score.

    The view is cut into bands across each set of lines; in each band the 16 lines are
    fitted together as one comb (offset, spacing and a bend for perspective), so a few
    strong letter strokes, tile edges or the board's rim beside a faint grid line cannot
    pull single lines off the lattice. A comb is then known in every band, and each grid
    line is the straight line through its tooth in every band. `wide`: the first pass
    looks up to half a cell and 6 % of the spacing away (corners from the coarse search);
    later passes, and tracking, look only nearby. `average` > 1: the lines are found on the view
    averaged over that many px along them (ALONG_LINE), and on the bright lines alone where a family's
    lines are bright (_bright_board): the second look at a placement lost once. A view whose noise
    reaches NOISY (judged at the work size) is clipped below at its median too. Also returns the rectified grey view the
    score was taken on and its line responses (None without passes): _refined_fit of the same
    corners needs that warp and those responses. `scored` False: the corners alone, score 0 and no
    view (_scored gives the rest later, the same numbers, for a placement not refused before)."""
    cell = REFINE_CELL
    margin = cell
    size = 15 * cell + 2 * margin
    target = _canonical(cell) + margin
    score = 0.0
    # grey interpolated in fractions of a level: a view in whole levels flattens faint lines
    # (a board with hairlines a few levels deep was refined a cell off at one side)
    gray = np.asarray(gray, np.float32)  # a float32 grey (a caller refining more than once) is not copied
    reach = cell // 3  # the rows of the view along the lines that _long_lines' erosion reaches beyond the board
    kept = slice(margin - reach, margin + 15 * cell + reach)
    at_work_size = max(gray.shape[:2]) <= WORK_SIZE  # else the finer scale's frame: its noise judged at the work size (NOISY)
    second_look = average > 1  # a placement lost once, refined again on lines averaged along (ALONG_LINE, _bright_board)
    before = corners
    bright_lines: dict[bool, bool] = {}  # each family's lines taken as bright ones only (_bright_board), by the first pass
    noisy_finer: dict[bool, bool] = {}  # at the finer scale: each family's NOISY, judged by the first pass at the work size
    coarse: list[np.ndarray] = []  # ... on this view
    for n in range(passes):
        if n >= 2 and _moved_cells(before, corners) < REFINE_SETTLED:
            break  # the last near pass hardly moved the grid: another moves it as little
        before = corners
        to_view = cv2.getPerspectiveTransform(corners, target)
        view = cv2.warpPerspective(gray, to_view, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        search = _WIDE_SEARCH if (wide and n == 0) else _NEAR_SEARCH
        lines = []
        for vertical in (True, False):
            bright, dark = _signed_lines(_family_part(view, vertical, average, kept))
            if vertical not in bright_lines:
                bright_lines[vertical] = second_look and _bright_board(bright, dark, cell, margin, reach, search)
            along, inner, high = _long_family_lines(bright if bright_lines[vertical] else cv2.max(bright, dark), cell, margin, reach)
            along = cv2.min(along, high)  # type: ignore[call-overload, unused-ignore]  # a scalar is fine
            if not at_work_size and vertical not in noisy_finer:
                if not coarse:  # the first pass's view drawn from the frame at the work size, once for both families
                    coarse.append(_view_at_work_size(gray, corners, target, size))
                bright, dark = _signed_lines(_family_part(coarse[0], vertical, average, kept))
                noisy_finer[vertical] = _noisy(*_long_family_lines(
                    bright if bright_lines[vertical] else cv2.max(bright, dark), cell, margin, reach)[1:])
            if _noisy(inner, high) if at_work_size else noisy_finer[vertical]:  # clipped below at its median too
                along = cv2.max(along, float(_percentile(inner, 50)))  # type: ignore[call-overload, unused-ignore]  # a scalar is fine
            bands = along.reshape(REFINE_BANDS, -1, size).sum(axis=1)
            positions, strength = _band_combs(bands, cell, margin, search)
            mids = margin + (np.arange(REFINE_BANDS) + 0.5) * (15 * cell / REFINE_BANDS)
            lines.append(_regularise(*_fit_lines(positions, mids, strength)))
        (av, bv), (ah, bh) = lines  # vertical lines x = av * y + bv, horizontal y = ah * x + bh
        y = (ah[:, None] * bv[None] + bh[:, None]) / (1 - ah[:, None] * av[None])  # their crossings
        x = av[None] * y + bv[None]
        src = np.stack([x, y], axis=-1).reshape(-1, 2).astype(np.float32)
        dst = _crossings(cell, margin)
        fit, _ = cv2.findHomography(dst, src, 0)
        if fit is None:
            break
        view_corners = cv2.perspectiveTransform(target[None], fit)[0]
        corners = cv2.perspectiveTransform(view_corners[None], np.linalg.inv(to_view))[0].astype(np.float32)
    if passes and scored:
        return _scored(gray, corners)
    return corners, score, None


def _scored(gray: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray, float, _Fitted]:
    """_refine's answer for the corners it ended on (`corners`, as it returned them): the grid score on
    the rectified grey view there, with that view and its line responses. Worked out only for a
    placement the margins did not refuse (_settled, _at_finer): some 1 ms, a tenth of a near refinement,
    spared on every refinement of a placement refused after it (most of a slow frame's refinements)."""
    cell = REFINE_CELL
    margin = cell
    size = 15 * cell + 2 * margin
    to_view = cv2.getPerspectiveTransform(corners, _canonical(cell) + margin)
    view = cv2.warpPerspective(np.asarray(gray, np.float32), to_view, (size, size), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
    response = _view_responses(view, margin, cell)
    return corners, _grid_contrast(view, margin, cell, response), _Fitted(view, response)


def _family_part(view: np.ndarray, vertical: bool, average: int, kept: slice) -> np.ndarray:
    """The part of a rectified view _refine finds one family of lines in (the vertical lines, or the
    horizontal ones transposed), averaged `average` px along them: rows along the lines, columns across
    them (contiguous), only along the board's extent and the rows _long_lines' erosion reaches beyond it
    (`kept`): a pixel's response to lines across it does not depend on the pixels along them."""
    if vertical:
        return (cv2.blur(view, (1, average)) if average > 1 else view)[kept]
    return cv2.transpose((cv2.blur(view, (average, 1)) if average > 1 else view)[:, kept])


def _long_family_lines(response: np.ndarray, cell: int, margin: int, reach: int) -> tuple[np.ndarray, np.ndarray, float]:
    """A family's line response (of _family_part) kept where lines run on (_long_lines) along the
    board's extent; every 4th row of it within the board (the response runs on along rows), and that
    sample's SATURATE percentile (the clip)."""
    along = _long_lines(response, cell)[reach:reach + 15 * cell]
    inner = along[::4, margin:-margin]
    return along, inner, float(_percentile(inner, SATURATE))


def _noisy(inner: np.ndarray, high: float) -> bool:
    """Whether a family's median line response (of _long_family_lines' sample) reaches NOISY of its clip."""
    return bool(np.count_nonzero(inner >= NOISY * high) * 2 > inner.size)


def _view_at_work_size(gray: np.ndarray, corners: np.ndarray, target: np.ndarray, size: int) -> np.ndarray:
    """The rectified view of a frame larger than the work size (the finer scale's) at `corners`, drawn
    from that frame shrunk to the work size (as _work_images shrinks it): how noisy its lines are at
    the work size (NOISY)."""
    factor = WORK_SIZE / max(gray.shape[:2])
    shrunk = cv2.resize(gray, (round(gray.shape[1] * factor), round(gray.shape[0] * factor)), interpolation=cv2.INTER_AREA)
    to_view = cv2.getPerspectiveTransform(np.asarray(corners * factor, np.float32), target)
    return cv2.warpPerspective(shrunk, to_view, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _signed_lines(part: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Bright and dark line responses across the rows of `part` (lines running down them): how far a
    pixel lies above (bright) or below (dark) the range of its two neighbours 2 or 3 px away each side,
    0 when within it. Their maximum is _line_responses' answer (reaches (2, 3), axis 1)."""
    size = part.shape[1]
    padded = cv2.copyMakeBorder(part, 0, 0, 3, 3, cv2.BORDER_WRAP)
    near = [(padded[:, 3 - r:3 - r + size], padded[:, 3 + r:3 + r + size]) for r in (2, 3)]
    lows = [cv2.min(a, b) for a, b in near]
    highs = [cv2.max(a, b) for a, b in near]
    dark = cv2.max(cv2.subtract(cv2.max(*lows), part), 0)  # type: ignore[call-overload, unused-ignore]  # a scalar is fine
    bright = cv2.max(cv2.subtract(part, cv2.min(*highs)), 0)  # type: ignore[call-overload, unused-ignore]  # a scalar is fine
    return bright, dark


# Thick tiles seen at a slant show their faces shifted toward the board's far edge: the dark seams between
# stacked tiles run parallel to the grid lines a quarter of a cell off them, and where the tiles hide the
# lines a band's comb bends onto the seams. 210210 board-088 (a classic board, light lines; 61 tiles 0.28
# cells thick over its top rows, tilt 22 degrees): the horizontal lines' combs of three of the five bands
# stood 6 px (0.25 cells) off at the top line, and refined from the truth it ended 0.20 cells off (the
# finer scale 0.24), was refused by the half-cell gain, and was not located. A tile's seam is dark,
# whatever the board: on a board whose lines are light, the bright responses alone hold the lines
# (from the truth 0.03, from 0.3-0.4 cells off 0.03-0.05). Taken on the second look only (`average` > 1,
# ALONG_LINE: a placement the checks lost once). On every look, the located boards of development seeds
# 134090 and 134091 moved on 21 (all light-lined), 13 of them further off (up to 0.06 -> 0.11 cells:
# the vintage boards' faint woven grid; seams at the lines of boards seen from above helped there), and
# the real English photos of jheidel-en, all light-lined, lost a tile (402/403, 9/11 boards exact).
# The two contrasts (bright, dark) at the truth, each family, dev seeds 134090, 134091 and the three
# looked-at boards (123 boards, `/tmp/vthick/brightstat.py`): bright over dark 1.38 or more on every
# light-lined (classic, vintage) board's families (2.6-2.8 on 134090 board-019, 8.3-10.0 on board-088,
# the two found so), 0.33 or less on every dark-lined one's. A classic board of the wide style space
# with faint lines (development seed 72012 frame 28, tests/test_vision_locate.py, found only on the
# second look) stands at 0.95 and 1.14: taken as bright there (bright over dark alone), its second look
# ended 0.18 cells off (0.10-0.14 before) and it was not found; hence BRIGHT_OVER_DARK.
BRIGHT_OVER_DARK = 2.0


def _bright_board(bright: np.ndarray, dark: np.ndarray, cell: int, margin: int, reach: int,
                  search: tuple[float, float, float]) -> bool:
    """Whether a family's lines are bright ones (_signed_lines of a view's part, lines down the rows): their
    best comb, on the long bright lines clipped at their SATURATE percentile, stands out BRIGHT_OVER_DARK
    times as much as the best on the dark ones so clipped (see the comment above)."""
    contrast = []
    for resp in (bright, dark):
        along, _, high = _long_family_lines(resp, cell, margin, reach)
        profile = cv2.min(along, high).sum(axis=0, dtype=np.float32)  # type: ignore[call-overload, unused-ignore]  # a scalar is fine
        _, weights = _comb_weights(cell, search, margin, along.shape[1])
        contrast.append(float((profile @ weights).max()))
    return contrast[0] > BRIGHT_OVER_DARK * contrast[1]


def _moved_cells(before: np.ndarray, after: np.ndarray) -> float:
    """How far the farthest corner moved from `before` to `after`, in cells (of `before`'s grid)."""
    return float(np.abs(after - before).max() * 15 / np.linalg.norm(before[1] - before[0]))


def line_fit(gray: np.ndarray, corners: np.ndarray) -> float:
    """The share of the grid lines' pieces (_line_pieces) that fit at `corners` (coordinates of `gray`), on
    the lines the board can show (_shown_fit)."""
    return _shown_fit(_line_pieces(_fit_view(gray, corners), REFINE_CELL, REFINE_CELL))


def _fit_view(gray: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The rectified view (as _refine draws it) that _line_pieces checks the grid at `corners` on."""
    cell = REFINE_CELL
    margin = cell
    size = 15 * cell + 2 * margin
    to_view = cv2.getPerspectiveTransform(np.asarray(corners, np.float32), _canonical(cell) + margin)
    # in fractions of a level (see _refine): whole levels tie the on-line and between-line
    # medians of _line_pieces on faint lines
    return cv2.warpPerspective(np.asarray(gray, np.float32), to_view, (size, size), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


class LineFits(NamedTuple):
    """How a placement's grid lines fit (_refined_fit), each as (share of pieces, worst corner's share)."""
    every: tuple[float, float]  # over every line: what decides refining again (finer, polished), so
    # that a board located before keeps its corners (_shown_lines moved some by 1.5 px: dev seed 68112
    # frame 62 read at the work size, not refined at the finer scale)
    shown: tuple[float, float]  # over the lines the board can show (_shown_lines): what accepts it
    # shown by the wide profile's peaks (_matched_peaks) where the pieces refused it: a placement refused after
    # that is still one its hairlines refused, worth the second look along the lines (_settled's answer)
    matched: bool = False


def _refined_fit(gray: np.ndarray, corners: np.ndarray,
                 refined: tuple[np.ndarray, float, _Fitted | None]) -> LineFits:
    """How the grid lines of corners just `refined` (_refine's answer) fit: the share of their
    pieces that fit and that share at the worst corner (_corner_fit), over every line and over
    the lines the board can show; over those, where PEAKED_FIT of the pieces peak on their lines,
    that share when larger. From the view _refine scored them on when they are its
    corners unchanged (order_corners kept their order), the same warp; else warped anew."""
    refined_corners, _, fitted = refined
    if fitted is None or not np.array_equal(refined_corners, corners):
        view = _fit_view(gray, corners)
        pieces = _line_pieces(view, REFINE_CELL, REFINE_CELL)
    else:
        view = fitted.view
        pieces = _line_pieces(view, REFINE_CELL, REFINE_CELL, fitted.response)
    every = np.ones(pieces.shape[:2], bool)
    shown = _shown_lines(pieces)
    strongest, offsets = _strongest_beside(view, REFINE_CELL, REFINE_CELL)
    showing = _pieces_showing_lines(view, REFINE_CELL, REFINE_CELL, shown, strongest)
    shown_fit = _shown_fit(pieces)
    peaked = float((np.abs(offsets) <= PEAK_PX)[shown].mean())
    if peaked >= PEAKED_FIT:  # the lines peak on the grid's almost everywhere (see PEAKED_FIT)
        shown_fit = max(shown_fit, peaked)
    every_fits = (float(pieces.mean()), _corner_fit(pieces, every))
    shown_fits = (shown_fit, _corner_fit(pieces, shown, showing))
    if not _fits(shown_fits):  # blurred lines: where they peak by a profile as wide as they are (see MATCHED_FIT)
        matched = _matched_peaks(view, REFINE_CELL, REFINE_CELL, shown)
        if matched[0] >= MATCHED_FIT and matched[1] >= MATCHED_CORNER:
            return LineFits(every_fits, matched, True)
    return LineFits(every_fits, shown_fits)


def _fits(fit: tuple[float, float], corner: float = CORNER_FIT) -> bool:
    """A placement's grid lines lie on the board's lines: over the whole grid and at every corner."""
    return fit[0] >= LINE_FIT and fit[1] >= corner


# _percentile partitions only the values at or over a sampled bound (the same numbers) in arrays of at least
# PERCENTILE_SAMPLED values: _refine's clips (SATURATE of 32400 line responses, 5-6 a refinement) partitioned
# all of them. The sample is every PERCENTILE_STEP-th value (a stride prime to the rectified view's 24 px
# cells: the lines are sampled no more often than they occur) and the bound PERCENTILE_SLACK under the
# percentile's share in it (some 3 standard errors of the 90th percentile of 1117 samples). On the 332
# clips of 60 refinements (rendered dev seed 244244, boards 0-19) the bound never fell above the
# percentile, 13 % of the values were partitioned at SATURATE and 53 % at the median, and a clip took
# 140-165 us against 230-250 (`/tmp/vspeed8/pctvar.py`; strides 7 and 13 and slacks 0.02-0.05 were no quicker)
PERCENTILE_SAMPLED = 4096
PERCENTILE_STEP = 29
PERCENTILE_SLACK = 0.03


def _percentile(values: np.ndarray, q: float) -> np.floating:
    """np.percentile(values, q) of a float array without NaN, the same number (NumPy's linear
    method and its interpolation), from the two order statistics around it: one partition at the
    lower (a quarter of the time of one partition at both), the upper the least of the values
    after it."""
    flat = values.ravel()
    n = flat.size
    virtual = (n - 1) * np.true_divide(q, 100)
    below = np.floor(virtual)
    gamma = float(virtual - below)
    i = int(below) if virtual < n - 1 else n - 1
    skipped = 0  # the values known to lie under order statistic i, left out of the partition
    if n >= PERCENTILE_SAMPLED:
        # a lower bound from a sample of the values, a little under their share at i: the values
        # under it are left out when at most i lie under it (the order statistics at and after i
        # stand among the rest, in the same order); else every value is partitioned, as without
        sample = flat[::PERCENTILE_STEP]
        k = max(0, int((i / n - PERCENTILE_SLACK) * sample.size))
        kept = flat[flat >= np.partition(sample, k)[k]]
        if n - kept.size <= i:
            flat, skipped = kept, n - kept.size
    part = np.partition(flat, i - skipped)
    a = part[i - skipped]
    b = part[i - skipped + 1:].min() if i < n - 1 else a
    diff = b - a
    return a + diff * gamma if gamma < 0.5 else b - diff * (1 - gamma)


@lru_cache(maxsize=4)
def _crossings(cell: int, margin: int) -> np.ndarray:
    """Where the 16x16 grid-line crossings belong in the rectified view (row by row)."""
    j, i = np.meshgrid(np.arange(16), np.arange(16))
    return np.stack([margin + j * cell, margin + i * cell], axis=-1).reshape(-1, 2).astype(np.float32)


REFINE_BANDS = 5
# a near pass of _refine (the second on) that moved no corner this many cells ends the refinement:
# the passes do not settle closer than about 0.01-0.02 cells (noise of the line fit), and after a
# second pass that moved the grid under 0.03 cells a third moved it 0.04 at most, 0.015 median
# (development seed 330417, frames 0-29, and scrabscrap-v1: 90 searches from scratch). Saves a pass
# (a quarter of the refinement) on most frames
REFINE_SETTLED = 0.03
# A rough placement the premium pattern clearly puts where it is (PLACEMENT_MARGIN) that the
# refinement takes off it (its margin or line fit lost) is refined again, after the search's other
# placements, on the view averaged over ALONG_LINE px along each family of lines (a fifth of
# REFINE_CELL), and taken when it passes every check there. A dim board with hairlines a level or two deep (a German photo tilted 20 degrees at
# 0.4 by the bench, scrabscrap-v1 board-neu/board-01): the grid's line response, eroded along the
# line by _long_lines, sank into the frame's noise (the 90th percentile SATURATE clips at was 1.4
# levels, on-line 1.0 against 0.6-0.9 between lines), and refinement from the true corners drifted
# 0.37 cells at the work size (0.50 in the frame); averaged along 5 px it stays within 0.03 (9 px:
# 0.02); since round 25 the noise floor (NOISY) holds it within 0.03 on the lines as they are too.
# Not the first try everywhere: under strong perspective (development seed 777001, frame 15) it
# settled 0.12 cells off (0.10 without) with a corner's half-cell gain over HALF_CELL_GAIN.
# A rough placement the pattern does not clearly place but whose refinement it does, refused only on
# its lines' fit, is refined again so too: development seed 72012 frame 28 (a classic board's faint
# hairlines, blur 1.6, its red rim's edge drawing the outer line): rough placements 0.61 and 1.32
# cells off (margins 0.59, 0.33) refined to 0.76 and 0.81 cells off, margins 3.22 and 2.65, line fits
# 0.57 and 0.50; averaged along, both settle within 0.13 cells (margin 3.28, fit 0.75)
ALONG_LINE = 5
SATURATE = 90
# A view whose median line response (noise: most of the view is no line) reaches NOISY of the clip
# (SATURATE) has its responses clipped below at that median too, so that the combs weigh only what
# stands above the noise (a constant floor takes as much from the teeth's mean as from the gaps').
# 216216 board-032 (a German board, glare, blur 1.6; the lead's round 24, not located): the median is
# 0.43 of the clip (0.85 of 1.96 levels) and the lines beside the 61 premium squares (lighter squares
# with crenellated borders: a dark hairline beside them is a step, not a ridge) respond under it
# (98 of the 210 inner pieces of the vertical lines: 0.58 clipped, against 0.93 between lines and 1.9
# on the plain squares' lines), as do the outer lines at the rim (0.1-0.4): with the clip alone the
# horizontal lines' teeth stood 0.09 under their gaps (the vertical 0.004 over), and a comb half a
# cell off won; refined (wide, then near) from the truth it ended 0.74 cells off, with the floor
# 0.06. Refined so from the truth and from 0.3-0.4 cells off it, on development seeds 134081, 134082
# and 216216 (160 boards), the floor (on every view) changed the worst end by over 0.1 cells on four
# boards, each better (0.54-0.81 -> 0.05-0.25 cells off), all with ratios 0.30-0.44 at the truth
# (216216/032 and 134082/045 were not located); the ratio is 0.01-0.05 on the real
# photos of scrabscrap-v1's spiel-12 and spiel-13 and of jheidel-en, where the floor moved the located
# corners by up to 0.02 cells, enough to take a letter under the reader's bar (jheidel-en
# IMG_20151016_170803 row 13 column 4, O read at 0.688): views under NOISY are not clipped below.
# The finer scale's frame (_finer, up to twice the work size, less averaged) gives noisier views (the
# ratio at the truth 0.16 -> 0.34 on rendered seed 179179 board-033, 0.21-0.22 -> 0.35-0.37 on 89029
# board-054 and 91031 board-015, 0.30-0.44 -> 0.42-0.49 on the four boards above): there the gate is
# judged on the view at the work size (_view_at_work_size: the finer frame shrunk back), and the floor
# is the finer view's own median. Gated on the finer views themselves (round 25), 179179 board-033's
# refinement there held 0.04 cells off (it drifts 0.36 off without, and the work size's placement
# stands), was taken, and the reader read an E there as I at 0.95 (tests/test_vision_reader_steady.py).
# The share of the view's samples over NOISY of the clip (the gate: over half), at the truth, work /
# finer / finer shrunk back: 179179/033 0.43 / 0.58 / 0.43 (not floored, as at the work size);
# 134082/045 0.55 / 0.69 / 0.56 (floored: refined at the finer scale from the truth it holds 0.04
# cells off, 0.25 unfloored, and is located; not located before); 89029/054 and 91031/015 0.46 / 0.61
# / 0.46-0.47 (not floored). On development seeds 134090 and 134091 (`/tmp/vthick/ratio.py`, 120 boards)
# the shrunk view's share is within 0.01 of the work size's on every board and gates the same 7; the
# finer views themselves would gate 20.
NOISY = 0.25
# comb search in the rectified view (px at REFINE_CELL): offset half-range, spacing and bend
# half-ranges as fractions of a cell. Bend b moves tooth k by b * k * (k - 15) cells: the
# spacing changes by 30 b across the board, and a camera tilted enough to make the far
# edge 15 % shorter than the near one needs b = 0.005.
_WIDE_SEARCH = (0.5, 0.06, 0.006)
_NEAR_SEARCH = (0.25, 0.02, 0.002)


@lru_cache(maxsize=8)
def _comb_offsets(cell: int, search: tuple[float, float, float], fine: bool) -> tuple[np.ndarray, np.ndarray]:
    """Tooth and mid-gap positions, relative to the expected first line, of every comb tried
    (coarse grid over the search ranges, or the fine grid around 0 used after it).
    Returns the (a, s, b) parameters (Nx3, px) and positions (Nx31: 16 teeth, 15 mids)."""
    reach, spread, bend = search
    if fine:
        a = np.arange(-1.0, 1.01, 0.25)
        s = np.arange(-0.25, 0.26, 0.0625)
        b = np.linspace(-bend * cell / 4, bend * cell / 4, 5) if bend else np.zeros(1)
    else:
        a = np.arange(-reach * cell, reach * cell + 0.01, 1.0)
        s = np.arange(-spread * cell, spread * cell + 0.01, 0.25)
        b = np.linspace(-bend * cell, bend * cell, 7)
    grid = np.stack(np.meshgrid(a, s, b, indexing="ij"), axis=-1).reshape(-1, 3)
    k = np.concatenate([np.arange(16), np.arange(15) + 0.5]).astype(np.float64)
    pos = grid[:, :1] + (cell + grid[:, 1:2]) * k[None] + grid[:, 2:3] * (k * (k - 15))[None]
    return grid, pos


def _long_lines(along: np.ndarray, cell: int) -> np.ndarray:
    """Line response (lines running down the rows) kept only where a line runs on for a
    third of a cell: grid lines do, letter strokes and premium-square print mostly do not.
    Widened across by a pixel first so that a line slightly aslant in the view survives."""
    across = cv2.dilate(along, np.ones((1, 3), np.uint8))
    return cv2.erode(across, np.ones((cell // 3, 1), np.uint8))


def _fine_positions(cell: int, search: tuple[float, float, float], start: int, coarse: int,
                    across: bool = False) -> np.ndarray:
    """Tooth and mid-gap positions (combs x 31) of the fine combs of _comb_offsets around coarse comb
    `coarse` (an index of its coarse grid), the first tooth expected at `start`: the sums in the order
    start + fine + a + s * k + b * bend takes them. `across`: laid out 31 x combs (contiguous), as
    _fine_taps reads them."""
    grid, _ = _comb_offsets(cell, search, False)
    _, fine_pos = _comb_offsets(cell, search, True)
    a, s, b = grid[coarse]
    fine = fine_pos.T if across else fine_pos
    k, bend = (_K31[:, None], _BEND31[:, None]) if across else (_K31, _BEND31)
    pos = np.add(fine, start, order="C")
    pos += a
    pos += s * k
    pos += b * bend
    return pos


@lru_cache(maxsize=16)
def _fine_taps(cell: int, search: tuple[float, float, float], start: int, n: int, coarse: int) -> tuple[np.ndarray, np.ndarray]:
    """Where the fine combs around coarse comb `coarse` (_fine_positions) read a profile of length
    n, interpolated linearly between each position's pixel and the next: the first pixel and the
    next one's weight f (float32), laid out 31 x combs (_comb_scores). Cached: the refinement's
    passes settle on a few coarse combs (48 distinct in the 660 bands' searches of the first 30
    scrabscrap-v1 frames, read once each: 16 entries of 0.15 MB found 92 % of them cached, as many
    as 64 entries did, 8 found 82 %)."""
    # laid out as read from the start, and clipped and split in place (no transposed copies): the same numbers
    pos = _fine_positions(cell, search, start, coarse, across=True)
    np.minimum(np.maximum(pos, 0, out=pos), n - 1.001, out=pos)  # np.clip's numbers
    left = pos.astype(np.int64)
    pos -= left
    f = pos.astype(np.float32)
    left.flags.writeable = f.flags.writeable = False  # cached: shared by every caller
    return left, f


def _comb_scores(profiles: np.ndarray, taps: list[tuple[np.ndarray, np.ndarray]]) -> np.ndarray:
    """Mean profile on the teeth minus on the mid-gaps of each profile's combs, read at their
    taps (_fine_taps, one set per profile): profiles x combs."""
    pairs = np.empty((len(profiles), 2) + taps[0][0].shape, np.float32)  # profiles x 2 x 31 x combs
    for profile, (left, f), (at_left, at_right) in zip(profiles, taps, pairs):
        # every tap and the pixel after it lie in the profile: mode 'clip' clips none, and spares the buffered bounds check
        np.take(profile, left, out=at_left, mode="clip")
        np.take(profile[1:], left, out=at_right, mode="clip")
        at_left *= 1 - f
        at_right *= f
    values = pairs[:, 0] + pairs[:, 1]  # profile at the left pixel times 1 - f, plus at the right one times f
    # the means over teeth and mid-gaps: np.mean's own sums (_pairwise_sum) divided in float32, the same numbers
    return _pairwise_sum(values[:, :16]) / np.float32(16) - _pairwise_sum(values[:, 16:]) / np.float32(15)


def _pairwise_sum(values: np.ndarray) -> np.ndarray:
    """np.add.reduce(values, axis=1) of float32 values (8 to 16 along axis 1), the same numbers: NumPy's
    pairwise sum of that many adds the first eight into eight lanes, the next eight lane by lane, the
    lanes in pairs, then any left one by one. Over an axis laid out contiguously each term is one
    vectorised add (the reduction over a short last axis took four times as long)."""
    n = values.shape[1]
    lanes = values[:, :8] + values[:, 8:16] if n >= 16 else values[:, :8]
    total = ((lanes[:, 0] + lanes[:, 1]) + (lanes[:, 2] + lanes[:, 3])) + ((lanes[:, 4] + lanes[:, 5]) + (lanes[:, 6] + lanes[:, 7]))
    for k in range(8 * (n // 8), n):
        total += values[:, k]
    return total


@lru_cache(maxsize=8)
def _comb_weights(cell: int, search: tuple[float, float, float], start: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """The coarse combs of _comb_offsets, first tooth expected at `start` in a profile of
    length n, as weights on the profile (n x combs): profiles times them give every comb's
    _comb_scores at once. Returns the combs' (a, s, b) parameters and the weights."""
    grid, pos = _comb_offsets(cell, search, False)
    pos = np.clip(pos + start, 0, n - 1.001)
    i = pos.astype(np.int64)
    f = pos - i
    mean = np.where(np.arange(31) < 16, 1 / 16, -1 / 15)
    weights = np.zeros((len(grid), n))
    combs = np.arange(len(grid))[:, None]
    np.add.at(weights, (combs, i), (1 - f) * mean)
    np.add.at(weights, (combs, i + 1), f * mean)
    return grid, np.ascontiguousarray(weights.T, np.float32)


def _band_combs(profiles: np.ndarray, cell: int, margin: int,
                search: tuple[float, float, float]) -> tuple[np.ndarray, np.ndarray]:
    """Best 16-line comb in each band's line profile (rows of `profiles`), expected to start
    at `margin` with spacing `cell`: tooth positions (bands x 16) and comb contrast (bands)."""
    kernel = np.array([1, 2, 3, 2, 1], np.float32) / 9
    smooth = np.stack([np.convolve(p, kernel, mode="same") for p in profiles]).astype(np.float32)
    grid, weights = _comb_weights(cell, search, margin, profiles.shape[1])
    # einsum, not a BLAS product: OpenBLAS threads for a product this small cost more than they
    # save, and spin on after it, taking the core the next steps need
    best = np.einsum("bn,nc->bc", smooth, weights).argmax(axis=1).tolist()
    n = profiles.shape[1]
    scores = _comb_scores(smooth, [_fine_taps(cell, search, margin, n, k) for k in best])
    j = scores.argmax(axis=1)
    bands = np.arange(len(profiles))
    # each band's comb's teeth (_fine_positions of fine comb j around coarse comb `best`, its first 16), every
    # band's at once: the same sums element by element, in a third of the time of one call a band
    _, fine_pos = _comb_offsets(cell, search, True)
    a, s, b = (part[:, None] for part in grid[best].T)
    teeth = np.add(fine_pos[j, :16], margin, order="C")
    teeth += a
    teeth += s * _K31[:16]
    teeth += b * _BEND31[:16]
    return teeth, np.maximum(scores[bands, j], 1e-3)


_K31 = np.concatenate([np.arange(16), np.arange(15) + 0.5]).astype(np.float64)
_BEND31 = _K31 * (_K31 - 15)


def _view_responses(view: np.ndarray, margin: int, cell: int) -> dict[tuple[int, int], np.ndarray]:
    """The line responses (by axis and reach 2 or 3: how far a pixel lies outside the range of
    its two neighbours that far each side, as _line_responses) of a rectified view on its
    16 grid lines each way and the 15 mid-gaps between them: what _grid_contrast and _line_pieces
    judge a grid by."""
    on_at = margin + np.arange(16) * cell
    off_at = on_at[:15] + cell // 2
    both = np.concatenate([on_at, off_at])  # each line's response is its own: all 31 lines at once
    size = view.shape[0]
    # every line's centre and its neighbours 2 and 3 px each side gathered in one step per axis
    # (the columns as rows of one transposed copy), a third of the time of three gathers per axis and reach
    at = (both[None] + _VIEW_OFFSETS[:, None]) % size
    out: dict[tuple[int, int], np.ndarray] = {}
    for axis, gathered in ((1, np.ascontiguousarray(view[:, at.ravel()].T)), (0, view[at.ravel()])):
        centre, before2, after2, before3, after3 = gathered.reshape(len(_VIEW_OFFSETS), len(both), -1)
        for r, before, after in ((2, before2, after2), (3, before3, after3)):
            darker = np.minimum(before, after)
            darker -= centre
            brighter = np.subtract(centre, np.maximum(before, after), out=before)
            out[axis, r] = np.maximum(np.maximum(darker, brighter, out=darker), 0, out=darker)
    return out


_VIEW_OFFSETS = np.array([0, -2, 2, -3, 3])  # a line's centre, then its neighbours 2 and 3 px each side


@dataclass(frozen=True)
class _Fitted:
    """The rectified view _refine scored its corners on, and its line responses (_view_responses)."""
    view: np.ndarray
    response: dict[tuple[int, int], np.ndarray]


def _grid_contrast(view: np.ndarray, margin: int, cell: int,
                   response: dict[tuple[int, int], np.ndarray] | None = None) -> float:
    """Mean line response on the grid lines of a rectified view over that between them (>1 when
    a grid is there), the better of the hairline and the wide-ridge response. The responses
    are taken on those lines only (`response`: _view_responses of the view, when known)."""
    inner = slice(margin, view.shape[0] - margin)
    response = _view_responses(view, margin, cell) if response is None else response
    score = -np.inf
    for reaches in ((2,), (2, 3)):
        v, h = (  # mean response along each line
            np.maximum.reduce([response[axis, r] for r in reaches])[:, inner].mean(axis=1) for axis in (1, 0))
        v_on, v_off, h_on, h_off = v[:16], v[16:], h[:16], h[16:]
        on = sum(v_on[k] + h_on[k] for k in range(16))
        off = sum(v_off[k] + h_off[k] for k in range(15))
        score = max(score, float((on / 16) / (off / 15 + 1e-3)))
    return score


LINE_SEGMENTS = 3  # each grid line is checked in this many pieces (five cells each)


def _line_pieces(view: np.ndarray, margin: int, cell: int,
                 response: dict[tuple[int, int], np.ndarray] | None = None) -> np.ndarray:
    """Which of the grid lines' pieces (LINE_SEGMENTS per line; 2 x 16 x LINE_SEGMENTS: the
    vertical lines left to right, pieces top to bottom, then the horizontal lines top to bottom,
    pieces left to right) show a line response on the fitted line stronger than half a cell
    away on both sides: a grid placed right fits nearly everywhere, one a cell off at a side or
    corner fails there. The share of them that fit is the placement's line_fit. `response`:
    _view_responses of the view, when known."""
    size = view.shape[0]
    inner = view[margin:size - margin].shape[0]
    response = _view_responses(view, margin, cell) if response is None else response
    fits = []
    for axis in (1, 0):
        larger = np.maximum(response[axis, 2], response[axis, 3])
        # the median along each piece: a line runs on, a letter stroke or premium print across a
        # mid-gap does not
        pieces = _median(larger[:, margin:margin + inner].reshape(31, LINE_SEGMENTS, -1), axis=2)
        on, off = pieces[:16], pieces[16:]
        left = np.vstack([off[:1], off])  # the mid-gap before each line (the first line: after it)
        right = np.vstack([off, off[-1:]])
        fits.append(on > np.maximum(left, right))
    return np.stack(fits)


def _corner_fit(pieces: np.ndarray, shown: np.ndarray | None = None, showing: np.ndarray | None = None) -> float:
    """The share of fitting pieces (_line_pieces) at the grid's worst corner: the end pieces
    of the CORNER_LINES lines on each side of it that the board can show (_shown_lines). A grid refined from one corner a cell off
    can end a little over half a cell off there with most of its lines fitting elsewhere.
    `showing` (_pieces_showing_lines): at a corner where at least CORNER_SHOWING of those pieces
    show a line, the share is taken over them alone (tiles hide the rest)."""
    n = CORNER_LINES
    shown = _shown_lines(pieces) if shown is None else shown
    shares = []
    for top in (True, False):
        for left in (True, False):
            across = slice(0, n) if left else slice(16 - n, 16)  # vertical lines near the corner ...
            down = slice(0, n) if top else slice(16 - n, 16)  # ... and horizontal ones
            end = (0 if top else -1, 0 if left else -1)  # their pieces at this corner
            region = np.concatenate([pieces[0, across, end[0]], pieces[1, down, end[1]]])
            counted = np.concatenate([shown[0, across], shown[1, down]])
            if showing is not None:
                seen = counted & np.concatenate([showing[0, across, end[0]], showing[1, down, end[1]]])
                if seen.sum() >= CORNER_SHOWING:
                    counted = seen
            shares.append(float(region[counted].mean()))
    return min(shares)


# A piece of a grid line under tiles shows no line anywhere across it (a tile's face is even; its seams
# wander from tile to tile), so it says nothing of where the grid lies. A piece shows a line
# (_pieces_showing_lines) when somewhere from the mid-gap before its line to the one after it the
# median line response along it reaches PIECE_LINE of the median such response over the lines the
# board can show; _corner_fit leaves the inner lines' pieces that show none out (rendered seed 215215
# board-069: a yellow board, 75 navy tiles over its top-left corner, placed 0.05 cells off and refused
# there, 0.42 of that corner's pieces fitting at the work size, 0.58 at the finer scale; the hidden ones
# show 1-1.5 grey levels where its lines show 20-47). Measured (/tmp/vcover/harness.py, analyse2.py,
# chain2.py) on development seeds 134079 (frames 0, 3, .. 57) and 134080 (1, 4, .. 58) and the two
# boards round 24 looked at: the truth and the truth with one corner moved half a cell or a cell (8
# ways each) or two cells along the diagonal, as given and refined (_refine, 3 passes), at the work
# and the finer scale (about 2450 placements within 0.3 cells and 2950 over half a cell off at each).
# Taken by the margin, LINE_FIT, the corner fit and _unsettled: refined within 0.3 cells 2313 -> 2331
# (work) and 2241 -> 2301 (finer); refined over half a cell off 2 and 1, the same ones before and
# after; none taken before refused now. Given with a corner moved just half a cell (0.49-0.55 off,
# where the corner fit and the half-cell gain are both blind to a corner tiles hide): 6 -> 6 (work),
# 1 -> 3 (finer; 134080 board-022, 0.52 and 0.54 off). The corner fit alone (after the margin and
# LINE_FIT) with 0.1, 0.15, 0.2, 0.3: within 0.3 cells at the finer scale 2320 (before) -> 2332, 2375,
# 2381, 2385 pass; over half a cell off 14 -> 15, 17, 20, 21 (finer), 62 -> 62, 63, 64, 69 (work; most
# of them given half-cell moves, refused by the checks after). The outer lines are never left out (they are
# left out whole or counted whole by _shown_lines): at a grid refined 0.61 cells off at a corner of
# 134080 board-022 the rim there, slanted across the view, showed no line along it, and left out it
# let that corner pass at 0.5
PIECE_LINE = 0.2
# ... and a corner is judged on those pieces (_corner_fit) when at least CORNER_SHOWING of its
# 2 x CORNER_LINES end pieces show a line; else on them all (a corner that shows too little cannot
# confirm a placement there). Measured as above: 6 let two corners of 134080 board-010 moved half a
# cell (0.51 off; 6 and 7 of their 12 pieces showing, 4 and 5 of them fitting) pass at the finer
# scale, 8 does not; of the 2453 placements within 0.3 cells there, 2 fewer pass the corner fit alone
CORNER_SHOWING = 8
# A placement whose pieces fit under LINE_FIT is taken too when at least PEAKED_FIT of them (on the lines
# the board can show) have their strongest response within half a cell of their line (_strongest_beside)
# within PEAK_PX (an eighth of the view's cell) of it: thick tiles seen at a slant and glare can make a
# mid-gap's response (a seam, a letter's stroke) beat a faint line's where the line itself still peaks
# on the grid. Rendered seed 225225 board-036 (blurred, glared, 82 thick tiles): refined from the truth
# 0.08-0.12 cells off, its pieces fit 0.55-0.62 and were refused, but 0.9 of them peak on their lines.
# The corner fit stays as it was. Measured (/tmp/vloc2/loclog.py, chainlog.py) on every line-fit check
# (placements past PLACEMENT_MARGIN) of the start tree's search on development seeds 134116, 134117,
# 134118, 134142, 134143 (60 boards each), 246246 and 243243 (100 each) and of the check chain from the
# truth and from it moved (37 starts, both measures) on 134116, 134117 (10 frames each), 134118 (8),
# 225225-036, 219219-023, 253253-045 and -069 (5533 checks): of those over half a cell off whose fit is
# under LINE_FIT but whose worst corner passes (what this could take), 9 on 7 frames, none peaks over
# 0.68 (every one over half a cell off under LINE_FIT: 94, 0.833 at most); between 0.3 and 0.5 cells off
# 2, 0.76 at most; within 0.3 cells 65, 64 of them 0.85 or more (225225-036, 134118-048). Helper vloc2's
# measuring seed 260260 (100 boards) read the same with and without it: kept by the lead for 225225-036, as
# no placement off by more than 0.3 cells gains by it
PEAK_PX = 3
PEAKED_FIT = 0.85


# A placement whose lines fit under LINE_FIT or CORNER_FIT is taken too where the lines, measured by a
# profile as wide as a blurred line (MATCHED_REACHES: how far a pixel lies outside its neighbours 3-5 px away,
# where the hairline response's 2-3 px sit inside a blurred line and read nearly nothing), peak within
# MATCHED_PEAK_PX of the grid's lines (the strongest median response along the piece anywhere from half a cell
# before to half a cell after its line, as _strongest_beside) on at least MATCHED_FIT of the pieces the board can
# show and MATCHED_CORNER of the end pieces at its worst corner (_matched_peaks). Every later check (_unsettled:
# the half- and whole-cell gains, LINE_PARITY; the shift and span checks) still applies. Rendered seed 283283
# board-094 (a yellow board, blur 1.5, 71 tiles): its lines are bright gaps some 5 px wide in the view; refined
# 0.05-0.12 cells off (margin 36) its pieces fit 0.56-0.66, worst corner 0.4-0.5 (the truth itself 0.45), while
# 0.77-0.90 of them peak on their lines by this profile, worst corner 0.55-0.9. Measured (/tmp/vloc32line/:
# evline3.py, offline3.py, harness3.py, probe.py) on every line-fit check of the start tree's search (up to the
# first candidate within half a cell, or six) on 1409 dev frames (/tmp/lead31/m/r287287-r301301, 1400 boards, and
# vnotloc31's 9 cases): of the 339 placements its lines refused, the 222 over half a cell off peak 0.83 at most,
# worst corner 0.58 at most, and 0.36 at most where 0.75 of the pieces peak; the 36 at 0.3-0.5 cells off none
# passes (worst corner 0.6); of the 81 within 0.3 cells 41 pass (5 frames). Forced starts from the truth (20 boards
# whose lines fail or nearly: as given, moved half a cell and a cell whole 8 ways, one corner a cell 32 ways, one
# side 8 ways; both measures; 2280 starts): asked 106 times over half a cell off, none passing (worst corner 0.455
# at most), 132 times at 0.3-0.5 cells, none, 866 within 0.3, 224 (283283-094, 290290-071, 253253-045); no
# placement over 0.3 cells off taken after it. Placements given (not refined) 0.5, 0.75 or a cell off at one
# corner or side, or half a cell whole, on 189 dev frames (22680): of the 20412 over half a cell off none passes,
# the nearest 0.713 and 0.636 (a corner moved half a cell, 0.52 off), worst corners 0.667 at most. Hairline
# reaches (2-3 px) instead: 283283-094's pieces peak 0.66-0.85, worst corner 0.45 and up, where placements over
# half a cell off reach 0.5; on-line against mid-gap pieces (as _line_pieces) by this profile take 0.55-0.84
# cells off placements at 0.87-0.94, worst corner 0.73-0.88 (see vision/MEASUREMENTS.md, round 32)
MATCHED_REACHES = (3, 4, 5)
MATCHED_PEAK_PX = 2
MATCHED_FIT = 0.75
MATCHED_CORNER = 0.7


def _matched_peaks(view: np.ndarray, margin: int, cell: int, shown: np.ndarray) -> tuple[float, float]:
    """The share of the grid lines' pieces (on the lines the board can show, `shown`) whose strongest median
    response within half a cell of their line, by the wide profile (MATCHED_REACHES), lies within
    MATCHED_PEAK_PX of it, and that share at the worst corner (_corner_fit)."""
    size = view.shape[0]
    inner = size - 2 * margin
    lines = margin + np.arange(16) * cell
    across_line = np.arange(-(cell // 2), cell // 2 + 1)
    beside = (lines[:, None] + across_line[None]).ravel()  # 16 x positions across each line
    peaks = np.empty((2, 16, LINE_SEGMENTS), bool)
    for k, axis in enumerate((1, 0)):
        (response,) = _line_responses(np.asarray(view, np.float32), axis, (MATCHED_REACHES,))
        across = response.T if axis == 1 else response  # rows: positions across the lines; columns: along them
        medians = _median(across[beside, margin:margin + inner].reshape(beside.size, LINE_SEGMENTS, -1), axis=2)
        strongest_at = across_line[medians.reshape(16, across_line.size, LINE_SEGMENTS).argmax(axis=1)]
        peaks[k] = np.abs(strongest_at) <= MATCHED_PEAK_PX
    return float(peaks[shown].mean()), _corner_fit(peaks, shown)


def _strongest_beside(view: np.ndarray, margin: int, cell: int) -> tuple[np.ndarray, np.ndarray]:
    """Each of the grid lines' pieces (2 x 16 x LINE_SEGMENTS, as _line_pieces lays them out) of a
    rectified view: the strongest median line response along it anywhere from half a cell before its
    line to half a cell after it, and how far (px, signed) from its line that strongest lies."""
    size = view.shape[0]
    inner = size - 2 * margin
    lines = margin + np.arange(16) * cell
    across_line = np.arange(-(cell // 2), cell // 2 + 1)
    beside = lines[:, None] + across_line[None]  # 16 x positions across each line
    strongest = np.empty((2, 16, LINE_SEGMENTS), np.float32)
    offsets = np.empty((2, 16, LINE_SEGMENTS), np.int64)
    for k, axis in enumerate((1, 0)):
        (response,) = _line_responses(np.asarray(view, np.float32), axis, ((2, 3),))
        across = response.T if axis == 1 else response  # rows: positions across the lines; columns: along them
        medians = _median(across[:, margin:margin + inner].reshape(size, LINE_SEGMENTS, -1), axis=2)  # position x piece
        strongest[k] = medians[beside].max(axis=1)
        offsets[k] = across_line[medians[beside].argmax(axis=1)]
    return strongest, offsets


def _pieces_showing_lines(view: np.ndarray, margin: int, cell: int, shown: np.ndarray,
                          strongest: np.ndarray | None = None) -> np.ndarray:
    """Which of the grid lines' pieces (2 x 16 x LINE_SEGMENTS, as _line_pieces lays them out) of a
    rectified view show a line anywhere across them (see PIECE_LINE; `shown`: the lines the board
    can show, _shown_lines): tiles hide the others. The strongest response is taken over the two
    cells beside each line (_strongest_beside, or `strongest` when known), so a grid placed a little
    off is judged on nearly the pieces of the right one; one off by more at a corner sees the board's
    lines there slanted across the view and may find fewer of them (see CORNER_SHOWING)."""
    if strongest is None:
        strongest, _ = _strongest_beside(view, margin, cell)
    showing = strongest >= PIECE_LINE * np.median(strongest[shown])
    showing[:, [0, -1]] = True  # the outer lines: left out whole or counted whole (_shown_lines)
    return showing


def _shown_lines(pieces: np.ndarray) -> np.ndarray:
    """Which grid lines (2 x 16, as _line_pieces lays them out) the board can show: all but an
    outer line none of whose pieces fit. Many boards print no line at the rim (their squares run
    into it), so an outer line there fits nothing on a board placed right. A placement off the
    board's lines is still judged on all the others (see LINE_FIT for what that lets through)."""
    shown = np.ones(pieces.shape[:2], bool)
    shown[:, [0, -1]] = pieces[:, [0, -1]].any(axis=2)
    return shown


def _shown_fit(pieces: np.ndarray) -> float:
    """The share of the pieces (_line_pieces) that fit on the lines the board can show (_shown_lines)."""
    return float(pieces[_shown_lines(pieces)].mean())


# A corner moved by half a cell (_HALF_MOVES) is the placement's rival at that corner (_half_cell_gain)


_HALF_MOVES = [(dx, dy) for dx in (-0.5, 0.0, 0.5) for dy in (-0.5, 0.0, 0.5) if (dx, dy) != (0.0, 0.0)]
_CORNER_OFFSETS = np.array([0, -2, 2, -3, 3])  # a line's centre, then its neighbours 2 and 3 px each side
# the board's square in cells (_canonical(1)) with corner k moved each of the 8 ways (_HALF_MOVES):
# 4 x 8 x 4 corners x 2
_HALF_MOVED_SQUARES = np.array([[_canonical(1) + np.where(np.arange(4)[:, None] == k, (dx, dy), 0.0) for dx, dy in _HALF_MOVES]
                                for k in range(4)], np.float32)
# ... and by one or two whole cells (_whole_cell_gain): the square with its first corner moved each of 24 ways
_WHOLE_CORNER_MOVES = [(dx, dy) for dx in (-2, -1, 0, 1, 2) for dy in (-2, -1, 0, 1, 2) if (dx, dy) != (0, 0)]
_WHOLE_MOVED_SQUARES = np.array([_canonical(1) + np.where(np.arange(4)[:, None] == 0, (dx, dy), 0.0)
                                 for dx, dy in _WHOLE_CORNER_MOVES], np.float32)


def _corner_contrasts(gray: np.ndarray, placements: list[np.ndarray]) -> np.ndarray:
    """How strongly the grid lines at the first corner of each of `placements` (4x2 corners
    each) lie on the board's lines: in a view of that corner alone (drawn as _fit_view draws
    the grid, the corner top-left), the line response on the end pieces of the CORNER_LINES
    lines each way next to it, summed, over that and the response half a cell off them (the
    larger side, as _line_pieces takes it). All views stacked, the responses and medians
    taken on the stack at once: the numbers of one view at a time, in a fraction of the time."""
    cell = margin = REFINE_CELL
    piece_end = margin + 15 * cell // LINE_SEGMENTS
    # the view reaches just past the last mid-gap's line filter (3 px each side) and the pieces' end,
    # and starts at the first line's filter: its top-left `start` px each way (a quarter of the
    # pixels, nothing read from them) are not drawn
    size = max(margin + (CORNER_LINES - 1) * cell + cell // 2 + 4, piece_end)
    start = margin + int(_CORNER_OFFSETS.min())
    gray = np.asarray(gray, np.float32)
    target = _canonical(cell) + (margin - start)
    views = np.empty((len(placements), size - start, size - start), np.float32)
    for view, corners in zip(views, placements):  # each drawn straight into the stack
        cv2.warpPerspective(gray, cv2.getPerspectiveTransform(np.asarray(corners, np.float32), target),
                            (size - start, size - start), dst=view, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    on_at = margin + np.arange(CORNER_LINES) * cell
    both = np.concatenate([on_at, on_at + cell // 2])
    # every line's centre and its neighbours `reach` px each side (reaches 2 and 3), laid out views x
    # offset x lines x along the line (contiguous along it): the horizontal lines' rows in one step,
    # the vertical lines' columns view by view (half the time of one gather and a transposed copy)
    at = (both[None] + _CORNER_OFFSETS[:, None]).ravel() - start
    along = slice(margin - start, piece_end - start)
    vertical = np.empty((len(placements), len(at), piece_end - margin), np.float32)
    for k, view in enumerate(views):
        vertical[k] = view[along, at].T
    horizontal = views[:, at, along]
    on = np.zeros(len(placements))
    off = np.zeros(len(placements))
    for gathered in (vertical, horizontal):  # vertical lines first, as _line_pieces takes them
        per_offset = gathered.reshape(len(placements), len(_CORNER_OFFSETS), len(both), -1).transpose(1, 0, 2, 3)
        centre, near_before, near_after, far_before, far_after = per_offset
        response = None
        for before, after in ((near_before, near_after), (far_before, far_after)):  # reaches 2 and 3
            darker = np.minimum(before, after)
            darker -= centre
            brighter = np.maximum(before, after)
            np.subtract(centre, brighter, out=brighter)
            one = np.maximum(np.maximum(darker, brighter, out=darker), 0, out=darker)
            response = one if response is None else np.maximum(response, one, out=response)
        assert response is not None
        values = _median(response, axis=2)  # views x lines
        gaps = values[:, CORNER_LINES:]
        on += values[:, :CORNER_LINES].sum(axis=1)
        off += np.maximum(np.concatenate([gaps[:, :1], gaps[:, :-1]], axis=1), gaps).sum(axis=1)
    return on / (on + off + 1e-6)


def _half_cell_gain(gray: np.ndarray, corners: np.ndarray) -> tuple[float, int, float]:
    """How much better the lines at a corner fit with that corner moved half a cell (any of 8
    ways) than where it is (_corner_contrasts), at the corner where that gain is largest: a grid
    refined from one corner a cell off can end a little over half a cell off there, its lines
    passing the piecewise checks; the grid with that corner moved half a cell back fits better.
    Also which corner's own lines fit least, and how well (its _corner_contrasts: for _whole_cell_gain).
    A contrast is at most 1, so a corner whose own lines fit 1 - HALF_CELL_GAIN or better cannot gain
    more than HALF_CELL_GAIN: it is not moved, and its gain is taken as that most, 1 - its fit (the
    largest gain is exact wherever it can pass HALF_CELL_GAIN). On scrabscrap-v1 (frames 0-29) and
    dev seed 97037 (0-28) 97 % of the corners fit over 0.87: 4 views a placement, not 36."""
    own, gains, _ = _half_cell_moves(gray, corners)
    return _gain_of(own, gains)


def _gain_of(own: np.ndarray, gains: np.ndarray) -> tuple[float, int, float]:
    """_half_cell_gain's answer from _half_cell_moves' numbers (`own`, `gains`)."""
    weakest = int(np.argmin(own))
    return float(gains.max()), weakest, float(own[weakest])


def _half_cell_moves(gray: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """_half_cell_gain's numbers: each corner's own contrast, its gain (see there), and the placement with it
    moved the way that gains most (4 x 4 x 2, frame order; the placement itself for a corner not moved)."""
    corners = np.asarray(corners, np.float32)
    turns = [(np.arange(4) + k) % 4 for k in range(4)]  # corner k first (np.roll by -k)
    own = _corner_contrasts(gray, [corners[turn] for turn in turns])
    gains = 1.0 - own  # the most each corner could gain
    best = np.repeat(corners[None], 4, axis=0)
    movable = np.flatnonzero(own < 1.0 - HALF_CELL_GAIN)
    if len(movable):
        to_frame = cv2.getPerspectiveTransform(_canonical(1), corners)
        # the movable corners' 8 moves at once (one transform of all their points: each point's own numbers)
        squares = _HALF_MOVED_SQUARES[movable]
        moved = cv2.perspectiveTransform(squares.reshape(1, -1, 2), to_frame)[0].reshape(squares.shape)
        placements = [np.ascontiguousarray(square[turns[k]]) for k, squares_k in zip(movable, moved) for square in squares_k]
        contrast = _corner_contrasts(gray, placements).reshape(len(movable), len(_HALF_MOVES))
        gains[movable] = (contrast - own[movable, None]).max(axis=1)
        best[movable] = moved[np.arange(len(movable)), contrast.argmax(axis=1)]
    return own, gains, best


def _half_cell_comes_back(gray: np.ndarray, corners: np.ndarray,
                          moves: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None) -> bool:
    """Whether the grid with its most gaining corner moved half a cell (_half_cell_moves), refined, comes
    back within HALF_BACK cells of the placement (see HALF_BACK). `moves`: _half_cell_moves' answer for
    these corners when the caller has it (_unsettled: the same numbers, not worked out twice)."""
    _, gains, best = _half_cell_moves(gray, corners) if moves is None else moves
    again = order_corners(_refine(gray, best[int(np.argmax(gains))], 2, scored=False)[0])
    return float(np.abs(again - order_corners(corners)).max()) <= HALF_BACK * smallest_square_px(corners)


def _line_parity(gray: np.ndarray, corners: np.ndarray,
                 refined: tuple[np.ndarray, float, _Fitted | None]) -> float:
    """How the grid lines of `corners` alternate (see LINE_PARITY): per axis, the median of the
    odd lines' responses (each the median along the line, as _line_pieces takes them) against
    the even lines', the fainter set over the stronger; the larger of the two axes. About 1 on a
    board's own grid; near 0 on a grid of half its spacing, whose every other line crosses the
    middle of the board's squares. From the view _refine scored `refined` on when it is these corners."""
    refined_corners, _, fitted = refined
    if fitted is None or not np.array_equal(refined_corners, corners):
        view = _fit_view(gray, corners)
        response = _view_responses(view, REFINE_CELL, REFINE_CELL)
    else:
        view, response = fitted.view, fitted.response
    margin = REFINE_CELL
    inner = view.shape[0] - 2 * margin
    ratios = []
    for axis in (1, 0):
        larger = np.maximum(response[axis, 2][:16, margin:margin + inner], response[axis, 3][:16, margin:margin + inner])
        along = _median(larger, axis=1)
        even, odd = float(np.median(along[0::2])), float(np.median(along[1::2]))
        ratios.append(min(even, odd) / max(even, odd, 1e-6))
    return max(ratios)


def _whole_cell_moves(gray: np.ndarray, corners: np.ndarray, corner: int) -> tuple[np.ndarray, np.ndarray]:
    """How much better the lines at `corner` (an index of `corners`) fit with that corner moved
    by one or two whole cells (each of 24 ways, _WHOLE_CORNER_MOVES) than where it is
    (_corner_contrasts), and those 24 moved placements (corners in frame order): see _whole_cell_gain."""
    corners = np.asarray(corners, np.float32)
    turn = (np.arange(4) + corner) % 4
    first = corners[turn]  # the corner checked first, as _corner_contrasts takes it
    to_frame = cv2.getPerspectiveTransform(_canonical(1), first)
    moved = cv2.perspectiveTransform(_WHOLE_MOVED_SQUARES.reshape(1, -1, 2), to_frame)[0].reshape(-1, 4, 2)
    contrast = _corner_contrasts(gray, [first, *moved])
    return contrast[1:] - contrast[0], moved


def _whole_cell_gain(gray: np.ndarray, corners: np.ndarray, corner: int) -> float:
    """How much better the lines at `corner` (an index of `corners`) fit with that corner moved
    by one or two whole cells (any of 24 ways, _WHOLE_CORNER_MOVES) than where it is
    (_corner_contrasts), the largest gain: a grid with one corner one or two cells off and the
    others on the board is stretched there, its lines drift across the board's near that corner
    (about half of them fit, enough for the piecewise checks elsewhere), and the grid with that
    corner moved back fits better. On a grid placed right the lines near a corner moved so drift
    off the board's: it fits worse (see WHOLE_CELL_GAIN)."""
    return float(_whole_cell_moves(gray, corners, corner)[0].max())


def _stretched(gray: np.ndarray, corners: np.ndarray, corner: int) -> bool:
    """Whether the grid is stretched at `corner` (an index of `corners`): a move of it by whole
    cells gains over WHOLE_CELL_GAIN there (_whole_cell_gain) and that moved grid's lines fit the
    board about as well as the placement's own (their shown share, as LINE_FIT takes it, at most
    STRETCH_FIT_DROP under it). A grid placed right whose corner the tiles crowd can gain so (their
    edges and letters lie on a grid moved by whole cells there), but moved so its lines leave the
    board's over much of the grid (see STRETCH_FIT_DROP)."""
    gains, moved = _whole_cell_moves(gray, corners, corner)
    gaining = moved[gains > WHOLE_CELL_GAIN]
    if not len(gaining):
        return False
    own = _shown_share(gray, corners)
    return any(_shown_share(gray, order_corners(placed)) >= own - STRETCH_FIT_DROP for placed in gaining)


def _shown_share(gray: np.ndarray, corners: np.ndarray) -> float:
    """The share of a placement's grid-line pieces that fit on the lines its board can show, as
    _refined_fit takes it for LINE_FIT (from a view warped anew)."""
    return _refined_fit(gray, corners, (corners, 0.0, None)).shown[0]


def _peak(values: np.ndarray) -> float:
    k = int(np.argmax(values))
    if 0 < k < len(values) - 1:
        a, b, c = values[k - 1], values[k], values[k + 1]
        denom = a - 2 * b + c
        if denom < 0:
            return k + 0.5 * (a - c) / denom
    return float(k)


def _fit_lines(across: np.ndarray, along: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Weighted straight line through each column of `across` (bands x lines: where each
    line crosses the bands, which sit at `along`): slopes a and intercepts b of
    across = a * along + b."""
    med = _median(across)
    keep = np.abs(across - med) < 3  # points far from the median are a tile edge or letter stroke
    w = weights[:, None] * keep
    wsum = np.maximum(w.sum(axis=0), 1e-12)
    tm, vm = (w * along[:, None]).sum(axis=0) / wsum, (w * across).sum(axis=0) / wsum
    t = along[:, None] - tm
    var = (w * t ** 2).sum(axis=0)
    slopes = np.where(var > 1e-9, (w * t * (across - vm)).sum(axis=0) / np.maximum(var, 1e-9), 0.0)
    few = keep.sum(axis=0) < 2
    return np.where(few, 0.0, slopes), np.where(few, med, vm - slopes * tm)


_QUADRATIC = np.vander(np.arange(16.0), 3)  # least squares on this: a quadratic of the line index
_QUADRATIC_HAT = _QUADRATIC @ np.linalg.pinv(_QUADRATIC)  # values -> their least-squares quadratic


def _regularise(slopes: np.ndarray, inter: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Grid lines under a homography vary smoothly: fit slope and intercept as quadratics of the
    index, then again without the lines far off the first fit."""
    fits = []
    for values in (slopes, inter):
        fit = _QUADRATIC_HAT @ values
        resid = np.abs(values - fit)
        keep = resid <= max(_median(resid) * 3, 1e-3)
        if not keep.all():
            fit = _QUADRATIC @ np.linalg.lstsq(_QUADRATIC[keep], values[keep], rcond=None)[0]
        fits.append(fit)
    return fits[0], fits[1]


def order_corners(corners: np.ndarray) -> np.ndarray:
    """Clockwise (in image coordinates), starting from the corner nearest the frame's top-left."""
    centre = corners.mean(axis=0)
    angles = np.arctan2(corners[:, 1] - centre[1], corners[:, 0] - centre[0])
    ordered = corners[np.argsort(angles)]  # clockwise on screen (y down)
    start = int(np.argmin(ordered.sum(axis=1)))
    return np.roll(ordered, -start, axis=0).astype(np.float32)


def turn_of(upright_corners: np.ndarray) -> int:
    """The quarter turn (degrees clockwise, as BoardObservation.rotation) of a board whose upright corners
    (TL, TR, BR, BL) lie at these points: where its top-left lands among the corners in frame order
    (order_corners)."""
    frame_order = order_corners(np.asarray(upright_corners, np.float32))
    distance = np.linalg.norm(frame_order - np.asarray(upright_corners[0], np.float32), axis=1)
    return int(np.argmin(distance)) * 90


def _shifted(small: np.ndarray, corners: np.ndarray, relative: bool) -> np.ndarray:
    """The grid moved by whole cells (up to SHIFT_CELLS each way) to where the premium
    pattern fits best in perspective (a border line can pass for a grid line), judged as
    the placement was (`relative`: lightness against the neighbours'); unmoved when no
    shifted board lies wholly in the frame."""
    b = SHIFT_CELLS
    n = 15 + 2 * b
    to_frame = cv2.getPerspectiveTransform(_canonical(1), np.asarray(corners, np.float32))
    centres = (np.stack(np.meshgrid(np.arange(n), np.arange(n)), axis=-1) - b + 0.5).reshape(1, -1, 2)
    xy = cv2.perspectiveTransform(centres.astype(np.float32), to_frame)[0].reshape(n, n, 2)
    h, w = small.shape[:2]
    inside = (xy[..., 0] >= 0) & (xy[..., 0] < w) & (xy[..., 1] >= 0) & (xy[..., 1] < h)
    scores = _window_scores(_cell_means(small, corners, border=b), inside, relative)
    dy, dx = np.unravel_index(int(np.argmax(scores)), scores.shape)
    if not np.isfinite(scores[dy, dx]):
        return np.asarray(corners, np.float32)
    return cv2.perspectiveTransform((_canonical(1) + np.array([dx - b, dy - b], np.float32))[None], to_frame)[0]


# The placement's rivals: the grid moved by one cell, whole (8 ways) or one side only (8 ways: a
# perspective wrong by a cell at one edge), in board cells. (One corner moved alone is no rival:
# on rendered frames such a placement keeps most squares and scored up to 1.8 times the right one.)
_WHOLE_MOVES = [(dx, dy, (0, 1, 2, 3)) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
# side k joins corner k to the next one (top, right, bottom, left): it moves across itself
_SIDE_MOVES = [(d * (k % 2), d * (1 - k % 2), (k, (k + 1) % 4)) for k in range(4) for d in (-1, 1)]
# the whole grid two cells off along a diagonal: the premium squares on the diagonals land on
# premium squares of theirs, and such a placement beat its rivals one cell off by 1.3-2.6 on
# rendered frames (seeds 52118, 52119, 52121) while its grid lines fit as well as the right one's
_FAR_MOVES = [(dx, dy, (0, 1, 2, 3)) for dx in (-2, 2) for dy in (-2, 2)]
_RIVALS = _WHOLE_MOVES + _SIDE_MOVES + _FAR_MOVES


_ONE_HOT = (LAYOUT.ravel()[None, :] == np.arange(len(_TYPE_CELLS))[:, None]).astype(np.float64)  # types x 225
_PLACEMENT_AND_RIVALS = [(0, 0, ())] + _RIVALS
# the board's square in cells (_canonical(1)) as placed (first) and moved to each rival
_RIVAL_SQUARES = np.array([_canonical(1) + np.where(np.isin(np.arange(4), moved)[:, None], (dx, dy), 0)
                           for dx, dy, moved in _PLACEMENT_AND_RIVALS], np.float32)


def _pattern_scores(means: np.ndarray) -> np.ndarray:
    """_window_scores of each of N 15x15 grids of cell means (N x 15 x 15 x 3): the same numbers,
    without the machinery for every window of a larger grid."""
    flat = means.reshape(len(means), 225, 3).astype(np.float64)
    sums = _ONE_HOT @ flat  # N x types x 3
    within = (flat ** 2).reshape(len(means), -1).sum(axis=1) - ((sums ** 2).sum(axis=2) / _COUNTS).sum(axis=1)
    overall = sums.sum(axis=1) / 225.0
    between = (_COUNTS * ((sums / _COUNTS[:, None] - overall[:, None]) ** 2).sum(axis=2)).sum(axis=1)
    scores: np.ndarray = between / (np.maximum(within, 0.0) + 225.0)
    return scores


def _masked_pattern_scores(means: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """_pattern_scores of N grids counting only the cells `keep` marks (N x 15 x 15 bool): the spread
    between the kept squares' type means over the spread within them (premium_contrast's measure)."""
    flat = means.reshape(len(means), 225, 3).astype(np.float64)
    weights = keep.reshape(len(means), 225).astype(np.float64)
    counts = weights @ _ONE_HOT.T  # N x types: kept squares of each type
    sums = _ONE_HOT @ (flat * weights[..., None])  # N x types x 3
    share = np.maximum(counts, 1.0)
    within = ((flat ** 2).sum(axis=2) * weights).sum(axis=1) - ((sums ** 2).sum(axis=2) / share).sum(axis=1)
    total = np.maximum(counts.sum(axis=1), 1.0)
    overall = sums.sum(axis=1) / total[:, None]
    between = (counts * ((sums / share[..., None] - overall[:, None]) ** 2).sum(axis=2)).sum(axis=1)
    scores: np.ndarray = between / (np.maximum(within, 0.0) + total)
    return scores


# Tiles hide the premium squares or look like them (red tiles on a board whose triple-word squares are red:
# rendered 223223 board-019, margin 1.23 at its true corners; 75 wooden tiles on a labelled board: 134080
# board-068, 1.00 at the truth, 1.38 with one side a cell off), so placement_margin leaves out the cells that
# look like tiles (_tile_cells), the same cells of the frame for the placement and every rival. A tile shows a
# letter's strokes: grey spread (std) over TILE_TEXTURE inside the cell's middle. At the true corners of
# development seeds 134100 (30 boards) and 134101 (60): 1 % of the tiles' cells spread 4.3 / 2.3 or less, 5 %
# 15; of the bare squares half 1.3 or less, 11 % / 9 % over 8 (printed labels, the centre star, glare). Of the
# cells so textured, those within TILE_COLOUR (Lab, lightness counted a quarter: wood grain and glare vary a
# tile's lightness far more than its hue) of the colour most of them share are taken for tiles: 873 of 1345 and
# 2269 of 2922 tiles' cells found, 23 and 4 bare squares taken (22 the dark labels of one deluxe board with 12
# dark tiles: its margin 7.24 -> 7.07). Under TILE_CELLS such cells, none is left out (a board with a few tiles
# shows its pattern).
TILE_TEXTURE = 8.0
TILE_COLOUR = 8.0
TILE_CELLS = 10


def _tile_cells(small: np.ndarray, corners: np.ndarray, around: np.ndarray) -> np.ndarray:
    """The cells of the placement and b beyond ((15+2b) x (15+2b), as `around`, their Lab means) that look
    like tiles: a letter's strokes inside (grey spread over TILE_TEXTURE) and the colour most such cells
    share (within TILE_COLOUR in Lab); none when fewer than TILE_CELLS do."""
    cell, n = 12, len(around)
    target = _canonical(cell) + (n - 15) // 2 * cell
    view = cv2.warpPerspective(_gray(small), cv2.getPerspectiveTransform(np.asarray(corners, np.float32), target),
                               (n * cell, n * cell), flags=cv2.INTER_AREA).astype(np.float32)
    inner = view.reshape(n, cell, n, cell)[:, 2:cell - 2, :, 2:cell - 2]
    textured = inner.std(axis=(1, 3)) > TILE_TEXTURE
    # lightness counts a quarter: wood grain and glare vary a tile's far more than its hue
    weighed = around * np.array([0.25, 1.0, 1.0], np.float32)
    colours = weighed[textured]
    if len(colours) < TILE_CELLS:
        return np.zeros((n, n), bool)
    near = _apart(colours) < TILE_COLOUR
    common = colours[int(np.argmax(near.sum(axis=1)))]
    tiles = textured & (np.linalg.norm(weighed - common, axis=2) < TILE_COLOUR)
    return tiles if tiles.sum() >= TILE_CELLS else np.zeros((n, n), bool)


def _apart(colours: np.ndarray) -> np.ndarray:
    """np.linalg.norm(colours[:, None] - colours[None], axis=2) of N float32 colours (N x 3), the same numbers:
    the squared differences of each channel added in turn (the order that norm's sum over the short axis takes)
    and their root, without the N x N x 3 array and that slow sum. A placement with tiles has 100-230 textured
    cells, and that norm took 0.48 ms of placement_margin's 3 (`/tmp/vspeed13/nearcheck.py`)."""
    first, *rest = colours.T
    squared = np.subtract.outer(first, first)
    squared *= squared
    for channel in rest:
        step = np.subtract.outer(channel, channel)
        step *= step
        squared += step
    return np.sqrt(squared, out=squared)


def _rival_cells() -> np.ndarray:
    """For the placement and each rival (_PLACEMENT_AND_RIVALS), the cell of the placement's grid two
    cells beyond it (19 x 19) each of its 225 cells' middles falls in: (N x 15 x 15) flat indices."""
    middles = (np.stack(np.meshgrid(np.arange(15), np.arange(15)), axis=-1) + 0.5).reshape(1, -1, 2).astype(np.float32)
    out = []
    for square in _RIVAL_SQUARES:
        at = cv2.perspectiveTransform(middles, cv2.getPerspectiveTransform(_canonical(1), square))[0]
        ij = np.clip(np.floor(at).astype(int) + 2, 0, 18)
        out.append((ij[:, 1] * 19 + ij[:, 0]).reshape(15, 15))
    return np.array(out)


_RIVAL_CELLS = _rival_cells()


def placement_margin(small: np.ndarray, corners: np.ndarray) -> tuple[float, np.ndarray]:
    """How clearly the premium pattern puts the board at `corners` (work-image coordinates,
    frame order) rather than at its rivals one cell off, or two along a diagonal (_RIVALS): the placement's pattern
    score (_window_scores, the better of plain and relative lightness) over the best rival's
    by the same measure; and the corners of the rival that scores best against the placement.
    Scored on the squares that show the board: the cells that look like tiles around the placement
    (_tile_cells) are left out of it and of each rival alike (_masked_pattern_scores), when there are any.
    Rivals leaving the image do not count; 0 when the placement itself leaves it. A board
    placed right beats every rival (each holds the pattern a cell off); a board placed a cell
    off, whole or at one side, has the right placement among its rivals."""
    h, w = small.shape[:2]
    corners = np.asarray(corners, np.float32)
    to_frame = cv2.getPerspectiveTransform(_canonical(1), corners)
    # the placement (first) and its rivals, all transformed at once (each point's own numbers)
    places = cv2.perspectiveTransform(_RIVAL_SQUARES.reshape(1, -1, 2), to_frame)[0].reshape(-1, 4, 2)
    inside = ((places[..., 0].min(axis=1) >= -0.5) & (places[..., 1].min(axis=1) >= -0.5)
              & (places[..., 0].max(axis=1) <= w + 0.5) & (places[..., 1].max(axis=1) <= h + 0.5))
    if not inside[0]:
        return 0.0, corners
    means = np.empty((len(places), 15, 15, 3), np.float32)
    # the cells of the placement and two beyond: the placement and its whole moves in one warp
    around = _cell_means(small, corners, border=2)
    kept = np.flatnonzero(inside)
    sides = []
    for at in kept:
        dx, dy, moved = _PLACEMENT_AND_RIVALS[at]
        if len(moved) == 4 or not moved:
            means[at] = around[2 + dy:17 + dy, 2 + dx:17 + dx]
        else:
            sides.append(at)
    if sides:
        means[sides] = _cells_means(small, list(places[sides]))
    table = np.full((len(places), 2), -np.inf)
    tiles = _tile_cells(small, corners, around)
    if tiles.any():  # judged on the squares that show the board: the same squares of the frame left out of each
        bare = ~tiles.ravel()[_RIVAL_CELLS[kept]]
        table[kept, 0] = _masked_pattern_scores(means[kept], bare)
        table[kept, 1] = _masked_pattern_scores(_relative_lightness(means[kept]), bare)
    else:
        table[kept, 0] = _pattern_scores(means[kept])
        table[kept, 1] = _pattern_scores(_relative_lightness(means[kept]))
    ratios = table[0] / np.maximum(table[1:].max(axis=0), 1e-6)  # per measure: over its best rival
    k = int(np.argmax(ratios))
    rival = 1 + int(np.argmax(table[1:, k]))
    return float(ratios[k]), places[rival]


# A placement can lean: refined to a grid turned a few degrees in the board's own plane, its rows a cell
# off at one side and right at the other, its lines fitting where they cross the board's (LINE_FIT by a hair).
# Its rivals: the grid turned by LEAN_TURNS about its middle and refined up to LEAN_REFINES times from there (near, as _refine's
# later passes look); one whose lines fit LEAN_GAIN better, and that is as clearly placed, shows the lean.
# Rendered 289289 board-096 through --tilt 18 --scale 0.5 --turn 250 (placed 1.24 cells off, fit 0.699,
# margin 1.39): turned -2 degrees and refined three times (the crop at 1006 px) 0.03 cells off the truth, fit 0.964,
# margin 9.9; the placement the search takes next there leans too (fit 0.778, margin 1.69): turned -3, fit 0.976;
# 296296 board-065 through --tilt 8 --scale 0.38 --turn 290 (0.42 off, fit 0.688, margin 4.14): turned +2 degrees
# and refined 0.05 off, fit 0.978, margin 37 (/tmp/vlean32/probe4.py, the frame at full size). Refined at once
# from the turn the rivals do not reach the truth (turned about a corner neither, probe2.py); the rivals' premium
# pattern alone (no refining) beat the truth itself on 57 of 300 dev boards as rendered (truthdist.py): no tell.
# Only placements whose lines fit under LEAN_CHECKED are so checked (the leaning ones 0.69-0.78, the true ones
# 0.93-0.98 on these boards). On 1500 dev boards (/tmp/vlean32/hunt.sh: 10 folders through vwrong32's camera views,
# 5 as rendered; a fresh reader each) 23 placements were checked (fits 0.678-0.796), 6 refused, on 5 boards the start
# tree placed 0.415-1.22 cells off: 4 of them placed 0.03-0.04 off after it, 1 not located; no other board changed.
LEAN_TURNS = (-2.0, 2.0, -3.0, 3.0)
LEAN_GAIN = 0.1
LEAN_CHECKED = 0.8
LEAN_REFINES = 3


def _turned(corners: np.ndarray, degrees: float) -> np.ndarray:
    """The grid at `corners` turned by `degrees` in the board's own plane about its middle."""
    turn = np.radians(degrees)
    rotation = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    square = ((_canonical(1) - 7.5) @ rotation.T + 7.5).astype(np.float32)
    to_frame = cv2.getPerspectiveTransform(_canonical(1), np.asarray(corners, np.float32))
    turned: np.ndarray = cv2.perspectiveTransform(square[None], to_frame)[0]
    return turned


def _leans(small: np.ndarray, grey: np.ndarray, corners: np.ndarray, fit: float) -> bool:
    """A turned rival of the placement at `corners` (work or finer image; its lines fit `fit`), refined,
    fits the board's lines LEAN_GAIN better and is as clearly placed (PLACEMENT_MARGIN): it leans."""
    known = [np.asarray(corners, np.float32)]  # where the refinement goes on from is known (RIVAL_LANDED)
    return any(_fits_clearly_better(small, grey, refined, fit)
               for degrees in LEAN_TURNS for refined in _refined(grey, _turned(corners, degrees), LEAN_REFINES, known))


# A rival's refinement that lands within RIVAL_LANDED cells (its farthest corner) of a place whose next refinement
# is known, the placement being checked (_leans, _off_at_corners: refined to where the refinement settles) or a
# refinement of an earlier rival refined again, is not refined further: from there it goes where that one went,
# which did not refute the placement (the check stops at the first that does). Each refinement is still checked.
# A placement checked (lines fitting under LEAN_CHECKED) makes 44 refinements (12 turned, 32 corner moves) when
# nothing refutes it, most landing 0.006-0.08 cells from it: dev seed 134276 head-on, the slowest two frames of 100
# (boards 020 and 057, 2 checks each; /tmp/vspeed38/chains.py refined every chain in full, chsum.py the stop
# simulated): stopped within 0.03 cells (REFINE_SETTLED, where the refinement itself stops) 54 of 88 made, 0.05
# 50, 0.1 44, the answers the same at each; a little over REFINE_SETTLED taken. The frames' CPU 1290-1320 ms ->
# 830-910 ms and 960-1030 -> 670-710; every board's reading the same on that seed head-on and through --tilt 16
# --scale 0.45 --turn 200, the refusing checks of tests/test_vision_vlean32.py and test_vision_vaccept35.py refuse.
RIVAL_LANDED = 0.05


def _refined(grey: np.ndarray, rival: np.ndarray, times: int, known: list[np.ndarray]) -> Iterator[np.ndarray]:
    """A rival placement refined `times` times in turn, each refinement as it comes (a check may stop early);
    stopped once one lands within RIVAL_LANDED cells of a place in `known` (those whose next refinement the
    check has seen; each refinement refined again is added)."""
    for n in range(times):
        rival = order_corners(_refine(grey, rival, 3, scored=False)[0])
        yield rival
        if n == times - 1 or any(_moved_cells(place, rival) < RIVAL_LANDED for place in known):
            return
        known.append(rival)


def _fits_clearly_better(small: np.ndarray, grey: np.ndarray, rival: np.ndarray, fit: float) -> bool:
    """Whether a rival's lines fit the board's LEAN_GAIN better than `fit` and it is as clearly placed
    (PLACEMENT_MARGIN): the test a placement's rivals refute it by (_leans, _off_at_corners)."""
    return line_fit(grey, rival) >= fit + LEAN_GAIN and placement_margin(small, rival)[0] >= PLACEMENT_MARGIN


# A placement can be squeezed: two opposite corners each a cell off along a side (one family of lines turned
# by a cell over the board, the other spaced a cell short), its lines fitting where they cross the board's and
# its corners by a hair (line fit and worst corner just over LINE_FIT and CORNER_FIT, the half-cell gain just
# under HALF_CELL_GAIN); the turned rivals (_leans) do not reach the board, and the whole-cell corner moves
# (_stretched) do not gain, for the grid's lines near each corner lie on the board's a cell over. Its rivals:
# each corner moved a whole cell along the grid's rows or columns (CORNER_MOVES, 16 grids) and refined up to
# CORNER_REFINES times; one that lies over half a cell away, whose lines fit LEAN_GAIN better and that is as
# clearly placed (PLACEMENT_MARGIN) shows the placement is off there. Rendered seed 347347 board-065 through
# vision.bench's --tilt 18 --scale 0.5 --turn 250 (a navy board with a maroon rim, 40 wooden tiles): taken 1.38
# cells off, margin 2.75, lines 0.677, worst corner 0.545, half-cell gain 0.127 (4 confident-wrong letters and a
# phantom); its top-right corner moved a cell along the top and refined twice 0.02 cells off, lines 0.988, margin
# 8.5 (so too its bottom-left a cell along the bottom: 0.02, 1.0, 8.6); the search's next placement was 0.02 off.
# Checked, as _leans, only under LEAN_CHECKED (see there and MEASUREMENTS round 35 for the dev frames measured).
CORNER_MOVES = ((1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0))
CORNER_REFINES = 2


def _off_at_corners(small: np.ndarray, grey: np.ndarray, corners: np.ndarray, fit: float) -> bool:
    """A rival of the placement at `corners` (work or finer image; its lines fit `fit`) with one corner moved a whole
    cell along a row or column of the grid, refined, lies over half a cell away, fits the board's lines LEAN_GAIN
    better and is as clearly placed (PLACEMENT_MARGIN): the placement is off at its corners (see CORNER_MOVES)."""
    corners = np.asarray(corners, np.float32)
    to_frame = cv2.getPerspectiveTransform(_canonical(1), corners)
    away = 0.5 * smallest_square_px(corners)
    known = [corners]  # where the refinement goes on from is known (RIVAL_LANDED)
    return any(np.abs(refined - corners).max() > away and _fits_clearly_better(small, grey, refined, fit)
               for corner in range(4) for move in CORNER_MOVES
               for refined in _refined(grey, _corner_moved(to_frame, corner, move), CORNER_REFINES, known))


def _corner_moved(to_frame: np.ndarray, corner: int, move: tuple[float, float]) -> np.ndarray:
    """The placement (`to_frame`: the unit square onto its corners) with one corner moved `move` cells."""
    square = _canonical(1).copy()
    square[corner] += np.array(move, np.float32)
    return cv2.perspectiveTransform(square[None], to_frame)[0]


# A placement's rivals along one axis (_span_margin): the grid whose span that way runs from line
# `lo` to line `hi` of the placement's (each end from SPAN_REACH cells inside it to as many outside,
# in half cells), the other way the placement's own; at least one end 1.5 cells or more from the
# placement's (within a cell at both ends the rivals are placement_margin's and the half-cell checks').
# They are the grids spaced otherwise along one axis (0.47-1.53 times the placement's spacing) and the
# placement moved 1.5-4 cells along one axis: a grid of 1.28 times the board's row spacing laid over a
# labelled board passed every other check (rendered seed 125065 frame 31 under --tilt 20: 2.13 cells
# off, margin 1.51, line fit 0.756), as did the board's own grid moved 4 cells along a row (127067
# frame 0 under --tilt 20, the grid laid there and refined: margin 1.59, line fit 0.86).
SPAN_REACH = 4
# A placement is taken only when its premium pattern scores more than every such rival's
# (SPAN_MARGIN: 1, a rival that scores higher holds the board better); where one scores higher the
# search moves to it (_settled_span). Measured on rendered development seeds 127067 (--tilt 20 of
# vision.bench, frames 0-14) and 127068 (--scale 0.35, frames 0-14): grids of 0.78, 0.87, 1.15 and 1.28
# times the board's spacing along one axis laid on it (at either end or about the middle), refined
# and checked by _settled: on 127067, of those it took over half a cell off (2-4 cells), 12 on 5 frames,
# every one scored under 0.61 of its best rival (under 0.34 but one, whose rival lies 5 cells off), the
# rival of 10 of them within 0.3 cells of the board; of the 137 it took within half a cell, 3.9 times
# their best rival or more. On 127068 (/tmp/vloc2/w2_68_s35.txt, read by the lead at the merge): 6 taken
# over half a cell off, every one under 0.15 of its best rival; 147 within half a cell, 2.38 or more. 125065 frame 31 (--tilt 20; tests/test_vision_locate.py) 0.01, its rival 0.2 cells off the board.
SPAN_MARGIN = 1.0
_SPAN_ENDS = np.arange(-SPAN_REACH, SPAN_REACH + 0.25, 0.5)
_SPANS = [(axis, lo, 15 + hi) for axis in (0, 1) for lo in _SPAN_ENDS for hi in _SPAN_ENDS
          if max(abs(lo), abs(hi)) >= 1.5]


def _span_squares() -> np.ndarray:
    """The board's square in cells (_canonical(1)) as each rival of _SPANS spans it: N x 4 x 2."""
    squares = np.repeat(_canonical(1)[None], len(_SPANS), axis=0)
    for square, (axis, lo, hi) in zip(squares, _SPANS):
        square[:, axis] = np.where(square[:, axis] == 0, lo, hi)
    return squares


_SPAN_SQUARES = _span_squares()
_SPAN_CELL = 8  # px per cell of the view the rivals' cells are taken from (as _cells_means)
_SPAN_PX = (15 + 2 * SPAN_REACH) * _SPAN_CELL + 1  # px of that view's integral image each way


def _span_middles() -> tuple[np.ndarray, np.ndarray]:
    """Where each cell's middle half (the part _cells_means averages) lies along the axis it spans otherwise
    for every rival of _SPANS, in a view of the placement drawn at _SPAN_CELL px a cell and
    SPAN_REACH cells around it: its first and past-the-end px (N x 15 each, rounded to the view's
    px: an eighth of a cell)."""
    cell, k = _SPAN_CELL, np.arange(15)
    spans = np.array([(lo, hi) for _, lo, hi in _SPANS])
    step = (spans[:, 1:] - spans[:, :1]) / 15
    starts = np.rint((spans[:, :1] + (k + 0.25) * step + SPAN_REACH) * cell).astype(np.int64)
    ends = np.maximum(np.rint((spans[:, :1] + (k + 0.75) * step + SPAN_REACH) * cell).astype(np.int64), starts + 1)
    return starts, ends


class _SpanCells(NamedTuple):
    """_span_middles with each middle (a first and past-the-end px pair) listed once: the rivals share
    them (691 middles against 3960 cells along either axis), so each is averaged once and then laid
    into every rival grid holding it (_span_means)."""
    starts: np.ndarray  # M: each middle's first px ...
    ends: np.ndarray  # ... and past-the-end px along its axis
    areas: np.ndarray  # M: the px it covers (float32; across it the placement's own cells, 4 px)
    cells: np.ndarray  # N x 15 x 15 (row, column): each rival cell's mean in _span_means' table of means


def _span_cells() -> _SpanCells:
    """_SpanCells of _SPANS. _span_means' table holds each middle's means on the 15 row bands (band by
    band), then on the 15 column bands (middle by middle). A rival along x (axis 0) spans its columns
    otherwise and keeps the placement's rows; along y, the other way about."""
    starts, ends = _span_middles()
    # each middle as one whole number (first px, then past-the-end px): np.unique of numbers sorts at once
    middles, which = np.unique(starts * _SPAN_PX + ends, return_inverse=True)
    which = which.reshape(starts.shape)
    m = len(middles)
    band = np.arange(15)
    along_x = np.array([axis == 0 for axis, _, _ in _SPANS])[:, None, None]
    cells = np.where(along_x, band[None, :, None] * m + which[:, None, :], 15 * m + which[:, :, None] * 15 + band[None, None, :])
    first, past = middles // _SPAN_PX, middles % _SPAN_PX
    return _SpanCells(first, past, ((past - first) * (_SPAN_CELL // 2)).astype(np.float32), cells)


_SPAN_CELLS = _span_cells()


def _span_tile_cells() -> np.ndarray:
    """For the placement (first) and each rival of _SPANS, the cell of the placement's grid SPAN_REACH cells
    beyond it ((15+2r)^2, flat) each of its 225 cells' middles falls in: (1+N) x 15 x 15."""
    n, own = 15 + 2 * SPAN_REACH, np.arange(15) + SPAN_REACH  # own: the placement's rows (or columns) there
    spans = np.array([(lo, hi) for _, lo, hi in _SPANS])
    spanned = np.clip(np.floor(spans[:, :1] + (np.arange(15) + 0.5) * (spans[:, 1:] - spans[:, :1]) / 15).astype(int)
                      + SPAN_REACH, 0, n - 1)  # N x 15: the columns (rows) of the axis spanned otherwise
    along_x = np.array([axis == 0 for axis, _, _ in _SPANS])[:, None, None]
    rivals = np.where(along_x, own[None, :, None] * n + spanned[:, None, :], spanned[:, :, None] * n + own[None, None, :])
    return np.concatenate([(own[:, None] * n + own[None, :])[None], rivals])


# A placement whose pattern does not beat a rival of _SPANS with the tiles counted is judged again with the
# placement's cells that look like tiles (_tile_cells over its own 15 x 15: tiles lie on the board) left out of
# it and of each rival alike (the same cells of the frame), as placement_margin judges; asked only then, so a
# frame whose placement passes pays nothing.
# Where that look beats no rival either, the placement is beaten as with the tiles counted (the same margin and
# rival: _settled_span moves there as before). Rendered seed 236236 board-033 (69 dark tiles crowding the
# upper-left of a white board): refined 0.10 cells off, margin 4.39, lines 0.83; its span margin 0.91 with the
# tiles counted, 4.5 with its 65 tiles' cells left out (a finder over the placement and SPAN_REACH beyond took
# the 76 cells along the board's rim instead, its edge line through their middles: 0.85).
_SPAN_TILE_CELLS = _span_tile_cells()


def _span_means(small: np.ndarray, corners: np.ndarray, which: np.ndarray) -> np.ndarray:
    """The Lab means of the cells of the rival grids of _SPANS that `which` marks (n x 15 x 15 x 3),
    each over its middle half as _cells_means takes them, from one view of the placement and SPAN_REACH
    cells around it (_span_middles): summed across the rival's axis over the placement's own cells
    first (15 bands each way, from the view's integral image), then along it between each middle's ends
    (each middle once, _SpanCells)."""
    cell = _SPAN_CELL
    side = (15 + 2 * SPAN_REACH) * cell
    to_view = cv2.getPerspectiveTransform(np.asarray(corners, np.float32), _canonical(cell) + SPAN_REACH * cell)
    view = cv2.warpPerspective(small, to_view, (side, side), flags=cv2.INTER_AREA)
    summed = cv2.integral(cv2.cvtColor(view, cv2.COLOR_BGR2LAB), sdepth=cv2.CV_32S).astype(np.float32)
    own = (np.arange(15) + SPAN_REACH) * cell + cell // 4  # the placement's own cells' middles across
    starts, ends, areas, cells = _SPAN_CELLS
    rows = summed[own + cell // 2] - summed[own]  # [band, px]: the sums over row band `band` up to px along x
    columns = summed[:, own + cell // 2] - summed[:, own]  # [px, band]: ... over column band `band` up to px along y
    table = np.concatenate([((rows[:, ends] - rows[:, starts]) / areas[:, None]).reshape(-1, 3),
                            ((columns[ends] - columns[starts]) / areas[:, None, None]).reshape(-1, 3)])
    means: np.ndarray = table.take(cells[which], axis=0)
    return means


def _relative_lightness(grids: np.ndarray) -> np.ndarray:
    """lightness_among_neighbours of each of N grids of cell means (N x 15 x 15 x 3) at once: the
    grids laid one under another, each with its edge cells repeated twice beyond it (what the
    median over 5 x 5 cells repeats at a grid's edge), so every cell's neighbours are its own
    grid's: the same numbers."""
    padded = np.pad(grids, ((0, 0), (2, 2), (2, 2), (0, 0)), mode="edge")
    n, side = padded.shape[:2]
    relative = lightness_among_neighbours(padded.reshape(n * side, side, 3)).reshape(padded.shape)
    return relative[:, 2:-2, 2:-2]


class _SpanRivals(NamedTuple):
    """The placement and its rivals of _SPANS that stay in the image (_span_rivals)."""
    grids: np.ndarray  # 1+n x 15 x 15 x 3: the placement's Lab cell means (first), then each rival's
    places: np.ndarray  # n x 4 x 2: those rivals' corners
    kept: np.ndarray  # 1+n: their rows of _SPAN_TILE_CELLS (the placement's first)


def _span_rivals(small: np.ndarray, corners: np.ndarray) -> _SpanRivals | None:
    """_SpanRivals of the placement at `corners` (work-image coordinates, frame order); None when no rival
    stays in the image."""
    h, w = small.shape[:2]
    to_frame = cv2.getPerspectiveTransform(_canonical(1), corners)
    places = cv2.perspectiveTransform(_SPAN_SQUARES.reshape(1, -1, 2), to_frame)[0].reshape(-1, 4, 2)
    inside = ((places[..., 0].min(axis=1) >= -0.5) & (places[..., 1].min(axis=1) >= -0.5)
              & (places[..., 0].max(axis=1) <= w + 0.5) & (places[..., 1].max(axis=1) <= h + 0.5))
    if not inside.any():
        return None
    grids = np.concatenate([_cell_means(small, corners)[None], _span_means(small, corners, inside)])
    return _SpanRivals(grids, places[inside], np.flatnonzero(np.concatenate([[True], inside])))


def _span_bare(small: np.ndarray, corners: np.ndarray, rivals: _SpanRivals) -> np.ndarray | None:
    """The cells of the placement and of each rival (_SpanRivals' grids: 1+n x 15 x 15 bool) that show the
    board, for the second look (see _SPAN_TILE_CELLS): the same cells of the frame left out of each; None
    when the placement shows no tiles (no second look)."""
    tiles = np.zeros((15 + 2 * SPAN_REACH,) * 2, bool)  # tiles lie on the placement: its own cells looked at
    tiles[SPAN_REACH:-SPAN_REACH, SPAN_REACH:-SPAN_REACH] = _tile_cells(small, corners, rivals.grids[0])
    if not tiles.any():
        return None
    bare: np.ndarray = ~tiles.ravel()[_SPAN_TILE_CELLS[rivals.kept]]
    return bare


def _span_margin(small: np.ndarray, corners: np.ndarray) -> tuple[float, np.ndarray]:
    """How clearly the premium pattern puts the board at `corners` (work-image coordinates, frame
    order) rather than on a grid spaced otherwise along one axis (_SPANS): the placement's
    pattern score over the best such rival's, by the better of plain and relative lightness (as
    placement_margin); and that rival's corners. Rivals leaving the image do not count; inf when
    none is left. When the plain lightness alone gives SPAN_MARGIN or more, that margin and its
    rival are given (the relative, the dearer half, is not worked out: the placement is taken either
    way). On development frames (scrabscrap-v1 spiel-12 frames 0-5, seed 132076 frames 0-9, and 0-7 under
    the bench's --tilt 20) the plain gave it on 21 of the 23 placements asked about. Where only whether
    the placement passes is asked, _span_passes answers as this does, sooner."""
    corners = np.asarray(corners, np.float32)
    rivals = _span_rivals(small, corners)
    if rivals is None:
        return float("inf"), corners
    grids = rivals.grids
    plain = _over_best_rival(_pattern_scores(grids))
    if plain[0] >= SPAN_MARGIN:
        return plain[0], rivals.places[plain[1]]
    relative = _relative_lightness(grids)
    margin, rival = max(plain, _over_best_rival(_pattern_scores(relative)), key=lambda by: by[0])
    if margin < SPAN_MARGIN:  # judged again on the squares that show the board (see _SPAN_TILE_CELLS)
        bare = _span_bare(small, corners, rivals)
        if bare is not None:
            masked = max((_over_best_rival(_masked_pattern_scores(means, bare)) for means in (grids, relative)),
                         key=lambda by: by[0])
            if masked[0] >= SPAN_MARGIN:  # taken so; else beaten as with the tiles counted, by that rival
                margin, rival = masked
    return margin, rivals.places[rival]


# _span_passes asks each measure first of the placement and one rival alone: the plain measure's best (the
# rival likeliest to beat it by the others too). Where that rival scores more than the placement by a measure,
# the placement's margin by it over all its rivals is under SPAN_MARGIN too (the best rival scores at least as
# much, and the ratio only falls as its divisor grows), so that measure is not worked out over all of them.
# Each grid's scores are its own numbers whatever grids are scored with it (_pattern_scores,
# _masked_pattern_scores and _relative_lightness work grid by grid: tests/test_vision_speed11.py).
def _span_passes(small: np.ndarray, corners: np.ndarray) -> bool:
    """Whether the placement at `corners` passes the span margin: _span_margin(small, corners)[0] >=
    SPAN_MARGIN, the same answer, with the relative lightness and the tiles' second look worked out over
    every rival only for a measure by which the plain measure's best rival does not beat the placement."""
    corners = np.asarray(corners, np.float32)
    rivals = _span_rivals(small, corners)
    if rivals is None:
        return True
    grids = rivals.grids
    plain = _over_best_rival(_pattern_scores(grids))
    if plain[0] >= SPAN_MARGIN:
        return True
    pair = np.array([0, 1 + plain[1]])
    relative_pair = _relative_lightness(grids[pair])
    every_relative: list[np.ndarray] = []  # the relative lightness of every grid, once worked out

    def relative() -> np.ndarray:
        if not every_relative:
            every_relative.append(_relative_lightness(grids))
        return every_relative[0]
    if _clears(_pattern_scores(relative_pair)) and _clears(_pattern_scores(relative())):
        return True
    bare = _span_bare(small, corners, rivals)
    if bare is None:
        return False
    return ((_clears(_masked_pattern_scores(grids[pair], bare[pair]))
             and _clears(_masked_pattern_scores(grids, bare)))
            or (_clears(_masked_pattern_scores(relative_pair, bare[pair]))
                and _clears(_masked_pattern_scores(relative(), bare))))


def _clears(scores: np.ndarray) -> bool:
    """Whether the first grid's pattern score is SPAN_MARGIN times the best of the rest's or more (_span_margin's test)."""
    return _over_best_rival(scores)[0] >= SPAN_MARGIN


def _over_best_rival(scores: np.ndarray) -> tuple[float, int]:
    """The first grid's pattern score over the best of the rest's (_span_margin), and which of the rest that is."""
    k = 1 + int(np.argmax(scores[1:]))
    return float(scores[0] / max(float(scores[k]), 1e-6)), k - 1


# a board whose cells are under FINE_CELL px at work size is refined and checked in the frame at
# FINE_FACTOR times the work size: the line filter's reach (2-3 px) and _refine's 24 px cells
# want cells of 16 px or more
FINE_CELL = 16.0
FINE_FACTOR = 2.0
# a rough placement's smallest cell is 0.91-1.24 of the refined board's (on the 461 frames of
# ROUGH_CANDIDATES and 22 boards of seed 52120 shrunk to 0.36 and tilted 12 degrees), so one under this
# share of MIN_CELL_PX cannot end up readable and is not refined (a frame with only a board too
# small to read, or none, is given up sooner)
ROUGH_CELL = 0.85
# a placement accepted after the refinement moved it more than this many cells from its rough
# placement is refined once more (_candidates): the wide first pass reaches half a cell, so from
# farther the three passes may stop short. On rendered tilted frames (seeds 424242 and 515151,
# tilt 10-28 degrees, board at 0.28-0.85 of the frame: 65 boards located) 49 were moved so; their
# largest error, 0.39 cells, fell to 0.17 refined once more, and none got worse; on boards the
# plain search finds square-on (the 60 scrabscrap-v1 frames) none is moved so, so it costs nothing there
POLISH_MOVE = 0.5
# The rectifier fits its view to the frame's strong edges (VIEW_FILL of it between their 2nd and
# 98th percentiles), which on a board crowded with tiles are the tiles' and the rim's: bare columns
# of faint lines beyond them, where no rim shows, fell outside the view, and with them every
# 15 x 15 window of the board's lattice. Rendered seed 234234 board-080 (navy tiles over most of a
# cream board seen steeply, its left rim out of the frame): the view cut the board's left 1.4
# columns off (the board from -58 to 570 px of 640), and the lattices of its spacing placed it a
# cell or two off. So when every rough placement before has been tried, the view is drawn again
# this share of its size wider each side, at the same scale, and searched whole (its lattices
# combed anew), its first PERSPECTIVE_RANKS placements by each measure tried last. That board's
# left outer line lies 0.09 of the view beyond it: drawn in place of the first view 0.06 or 0.08
# wider (its cells seen, that line not), its lattice was still not among those tried; 0.1, 0.12,
# 0.15 and 0.2 located it (0.05-0.07 cells off). In place of the first view, the lattices ranked anew lost
# jheidel-en IMG_20151016_170803 and rendered seed 125065 frame 31 as the bench's --tilt 20 shows
# it (placed by its pattern alone, 0.22 cells off): searched last, every frame a candidate was
# taken from before gives the same candidates first. Cost: the view drawn and combed once more
# (1.16 times the first view's thread time, on 6 dev frames) and up to six refinements, only on
# frames none of whose other rough placements was taken and one of whose first view's placements
# was large enough to read (scrabscrap-v1 as --tilt 35 --scale 0.2 shows it, no board readable:
# drawn on every such frame, it cost 25-38 ms more a frame, 52-160 ms before).
VIEW_ROOM = 0.1
PERSPECTIVE_RANKS = 3  # placements of the perspective view tried (by each measure: up to 6)
# rough placements refined and checked at most per search from scratch (the busy part, the whole
# frame): each costs a few refinements, and a frame with no board pays for all of them. The one
# the reader took was the 1st to 4th of its search on all 461 located frames of rendered seeds
# 52118-52121, 86413, 90217, jheidel-en and scrabscrap-v1 tilted 20 degrees at 0.4 (12 were tried:
# a frame with no board took 3-4 s)
ROUGH_CANDIDATES = 5
# After those, the placements of the lattice whose line combs are strongest (the first of the
# dominant skew's lattices, _lattices' order), in the plain view and in the perspective one when
# it was searched, when not among them. The premium pattern ranks lattices weakly on a board
# crowded with tiles or with faint lines: on development seed 53117 (frame 28, a deluxe board with
# 79 tiles) the right lattice had by far the strongest combs (22095 and 86273 against 8929 and
# 31438 for the next) but the lowest pattern score of six (0.078 against 0.09-0.20), so it came
# 6th by plain colours and 6th by lightness, after the ROUGH_CANDIDATES tried; on seed 614027
# (frame 5, a clear board on a white table tilted 21 degrees) the perspective view's strongest
# lattice placed it 2.6 cells off, refined to 0.09 cells, while every placement tried was 7 cells
# off or more. It costs a few refinements only on frames whose first candidates are not taken;
# every acceptance check is the same.
# Then those of the lattices of the next strongest combs, up to STRONG_LATTICES of each view (the
# first of either view, then the second). On boards crowded with tiles the premium
# pattern ranks lattices of other spacings (tile edges, the rim) first: rendered seed 91031 frame 57
# (73 tiles, tilt 27) was placed within 0.06 cells from the perspective view's second lattice, and
# by nothing tried before it; 121121 frame 49 (a deluxe board with 85 tiles) from the plain view's
# second (0.56 cells off, refined to 0.06; the pattern ranked it 3rd and 4th). Rendered development
# seeds 100040, 101041, 102042 (180 frames, a third of them with 70 tiles or more): every frame
# located as before and no location moved (`python -m vision.bench`). Up to 4 more rough placements
# on a frame none of whose others is taken (a frame with no board: with 3 lattices of each view, up
# to 8 more, scrabscrap-v1 shrunk to 0.23 and tilted 35 degrees, no board found, took 1.44 times the
# CPU time of the start tree; no frame looked at needed the third)
STRONG_LATTICES = 2
# Last, on a frame none of whose other placements is taken: the plain view's lattices that the line combs scored
# less their strongest tooth give and the combs scored whole do not (one line far stronger than the board's own
# can carry a comb of another spacing through it), the first TRIMMED_LATTICES, each placed where its combs lie
# (the window whose first line is within a cell of the combs' first teeth each way: _placement's near_combs) and
# offered only when that placement is clear as it comes (_clear_as_it_comes). Rendered dev seed 134117 board-058
# (78 tiles, a rack along two sides; `/tmp/vloc1/trimmeta.py`): the rows' profile at half size peaks at 3166 on a
# rack's edge beside the board, its inner lines 100-1300, and combs of spacing 12.75 and 11.25 through that peak
# outscored the board's 12.0, so no lattice had the rows' spacing (best rough placement 3.8 cells off). Scored
# less their strongest tooth, the rows' first comb is the board's (12.0 from 56 px: its teeth on the board's lines
# but the last, from a cell before its first); the pattern over the whole lattice puts the window 4 columns off
# (the tiles hide it, margin 0.99), where the combs lie it is 0.21 cells off, margins 4.67 and 1.46 (located 0.04
# cells off). The test's board too small to read (tests/test_vision_locate.py, seed 5152) got 5 placements more
# this way, margins 0.34-1.31, span margins 0.29-0.86: 74 refinements where the start took 42; with the
# clear-as-it-comes check, none (42). (Capping each profile at 4 times its 95th percentile before the combs, tried
# in round 28, took 45 there.)
TRIMMED_LATTICES = 2
# Last of all, the plain view's first STRONG_LATTICES lattices with their lines moved half a cell along x, along y and
# both, each placed where its combs lie, by either measure, offered when clear as it comes by the margins (its lines
# may not fit yet). On a board crowded with dark tiles whose letters are light, the dark between a letter's strokes
# is a line in the middle of a cell to the line filter: the combs of the board's spacing can fall half a cell off.
# Rendered seed 356356 board-023 (a clear board, 85 maroon tiles with cream letters, turned 180): the plain view's
# first lattice has the board's spacing (11.5 px at half size; the true cell 11.47) and its rows, but its columns
# lie half a cell off, and every rough placement lay 3.9 cells off or more (margins under 1.0); moved half a cell
# along x and placed where its combs lie it is 0.34 cells off, margin 3.27, span passes, and refined 0.067 off.
# Evidence (`/tmp/vnotloc37/ev.py`, `evsum.py`: every placement this stage gives on a frame, whatever came before,
# settled as _candidates settles one) on 600 rendered dev boards head-on (seeds 356356, 353353, 134246, 134247, 134254,
# 361361): 93 placements on 81 frames, 78 taken, every one within 0.16 cells of the truth (61 of them from starts 0.5
# to 2.3 cells off), 15 refused; none taken 0.3 cells off or more. It comes after every other rough placement, so only
# a frame none of whose placements before was taken can change.
LATTICE_HALF_MOVES = ((0.5, 0.0), (0.0, 0.5), (0.5, 0.5))


def _view_cells(view: np.ndarray, inside: np.ndarray | None, skew: float, to_view: np.ndarray,
                summed: np.ndarray | None = None, gray: np.ndarray | None = None,
                coarse: bool = False) -> list[tuple[_LatticeCells, np.ndarray]]:
    """The lattices of a view (BGR as the work image, or BGRA) de-skewed by `skew`, each with the 3x3
    transform from its de-skewed coordinates back to the work image. `summed` and `gray`: the
    view's _lab_integral and _gray when the caller has them already; `coarse`: the view is at
    half the work size (_lattices' filters reach half as far)."""
    lattices, rot, _ = _lattices(_gray(view) if gray is None else gray, skew, coarse)
    return _cells_back(_lab_integral(view) if summed is None else summed, inside, lattices, rot, to_view)


def _cells_back(summed: np.ndarray, inside: np.ndarray | None, lattices: Lattices, rot: np.ndarray,
                to_view: np.ndarray) -> list[tuple[_LatticeCells, np.ndarray]]:
    """_view_cells of the lattices found in the view de-skewed by `rot`."""
    unturn = cv2.invertAffineTransform(rot)
    back = np.linalg.inv(np.vstack([rot, [0, 0, 1]]) @ to_view)
    return [(c, back) for c in (_lattice_cells(summed, inside, lattice, unturn) for lattice in lattices) if c is not None]


def _lab_integral(view: np.ndarray) -> np.ndarray:
    """The integral image of a BGR (or BGRA) view's Lab: whole sums (< 2**31 at work size), exact."""
    return cv2.integral(cv2.cvtColor(view, cv2.COLOR_BGR2LAB), sdepth=cv2.CV_32S)


_PlacedCells = tuple[_LatticeCells, np.ndarray]  # a lattice's cells and the transform from its view back to the frame


def _plain_cells(small: np.ndarray, gray: np.ndarray) -> tuple[list[_PlacedCells], Callable[[], Iterator[_PlacedCells]],
                                                                 Callable[[_PlacedCells], list[_PlacedCells]]]:
    """The lattices of the work image as it is, searched at half its size (coarse to fine: the
    refinement and every check run at the work size): the skews, line combs and the cells'
    colours there cost a third of the search at full size. The first placement it finds refines
    to within 0.07 cells of the one found at full size on the 60 scrabscrap-v1 frames, and 0.04 cells on
    jheidel-en and development seed 330417 (frames 0-29), the same frames located. (Searched at half
    size, the view that undoes the perspective lost a jheidel-en photo: that view keeps its size.)
    With a function giving the cells of the trimmed combs' lattices (see _lattices), every skew's
    in turn, from this search's profiles and comb scores, worked out skew by skew as they are asked for
    (the search takes the first TRIMMED_LATTICES): the half-size view searched again for them
    cost three frames with no readable board 4 % more instructions (`/tmp/vnoboard/cgnb.sh`). And a function giving
    a lattice of this search moved half a cell along x, y and both (see LATTICE_HALF_MOVES)."""
    h, w = gray.shape
    half = cv2.resize(small, (w // 2, h // 2), interpolation=cv2.INTER_AREA)
    fx, fy = (w // 2) / w, (h // 2) / h
    to_half = np.array([[fx, 0, 0.5 * fx - 0.5], [0, fy, 0.5 * fy - 0.5], [0, 0, 1]])  # pixel centres kept
    half_gray = _gray(half)
    summed = _lab_integral(half)
    cells = []
    later = []
    for skew in _skews(half_gray):
        lattices, rot, trimmed = _lattices(half_gray, skew, coarse=True)
        cells += _cells_back(summed, None, lattices, rot, to_half)
        later.append((trimmed, rot))

    def trimmed_cells() -> Iterator[tuple[_LatticeCells, np.ndarray]]:
        # skew by skew as asked for: each skew's trimmed lattices are its own (from its combs, told apart
        # from its own lattices), so the first ones asked for are the same whether later skews' are worked out
        for lattices_of, rot in later:
            yield from _cells_back(summed, None, lattices_of(), rot, to_half)

    def half_moved(placed: _PlacedCells) -> list[_PlacedCells]:
        (cells, back), (sx, sy) = placed, placed[0].size
        x0, y0 = cells.left[0] + cells.combs_at[0] * sx, cells.top[0] + cells.combs_at[1] * sy  # the combs' first teeth
        unturn = (to_half @ back)[:2]  # from the de-skewed view to the half-size one
        moved = (_lattice_cells(summed, None, (x0 + dx * sx, sx, y0 + dy * sy, sy), unturn)
                 for dx, dy in LATTICE_HALF_MOVES)
        return [(c, back) for c in moved if c is not None]
    return cells, trimmed_cells, half_moved


def _rectified_cells(frame: np.ndarray, scale: float, gray: np.ndarray, found: Rectifier | None,
                     wider: bool = False) -> list[tuple[_LatticeCells, np.ndarray]]:
    """The lattices of the view that undoes the grid's perspective (`found`: the rectifier's answer for
    `gray`), drawn from the frame itself where the view zooms in on a small board; none when the plain
    search sees the grid as well (little perspective and a board not small). `wider`: the view drawn
    VIEW_ROOM wider each side at the same scale (see VIEW_ROOM)."""
    if found is None or (found.spread < PERSPECTIVE and found.off_square < OFF_SQUARE and found.extent >= SMALL_BOARD):
        return []
    # the view is square, as rectifier draws it (the grid fills VIEW_FILL of max(h, w) about its
    # middle): a view of the frame's own portrait or landscape shape cut the board off at a side
    room = round(VIEW_ROOM * max(gray.shape)) if wider else 0
    size = max(gray.shape) + 2 * room
    to_view = np.array([[1.0, 0.0, room], [0.0, 1.0, room], [0.0, 0.0, 1.0]]) @ found.to_view
    # pixels of the view per pixel of the frame, at the grid's middle: draw from the frame
    # shrunk to about that scale (a warp samples, it does not average)
    local = abs(np.linalg.det(found.to_view[:2, :2])) ** 0.5 * scale
    source_scale = min(1.0, max(scale, 1.5 * local))
    source = frame if source_scale >= 1.0 else cv2.resize(
        frame, (round(frame.shape[1] * source_scale), round(frame.shape[0] * source_scale)), interpolation=cv2.INTER_AREA)
    from_source = to_view @ np.diag([scale / source_scale, scale / source_scale, 1.0])
    # warped in four channels: OpenCV warps them in about half the time of three, more than the
    # source's conversion costs, and the view's colours, grey and Lab are the very numbers
    view = cv2.warpPerspective(cv2.cvtColor(source, cv2.COLOR_BGR2BGRA), from_source, (size, size),
                               flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    inside = cv2.warpPerspective(np.ones(source.shape[:2], np.uint8), from_source, (size, size), flags=cv2.INTER_NEAREST) > 0
    cells = []
    view_gray = _gray(view)
    for skew in _skews(view_gray)[:1]:
        cells += _view_cells(view, inside, skew, to_view, gray=view_gray)
    return cells


def _global_search(frame: np.ndarray, scale: float, small: np.ndarray,
                   gray: np.ndarray) -> Iterator[tuple[np.ndarray, bool]]:
    """Rough frame corners (work size) of the playing area, from nothing: the lattices'
    placements by plain colours (best first) in turn with those by lightness against the
    neighbours (see _placement; only worked out if the first is not taken), each place
    once; with whether it came by the latter. After the first, the view that undoes the
    perspective is searched (only when asked for: the first is taken on most frames), and
    its placements come next; ROUGH_CANDIDATES in all, then those of the lattices of the
    strongest line combs (STRONG_LATTICES of each view) when they were not among them; last, when
    the perspective view was searched, those of it drawn wider (VIEW_ROOM); last of all, the plain
    view's strong lattices moved half a cell (LATTICE_HALF_MOVES)."""
    plain, trimmed_cells, half_moved = _plain_cells(small, gray)
    pools = [plain]  # the plain view's lattices, then the perspective view's when searched
    rectified: list[Rectifier | None] = []  # the rectifier's answer, found once for both perspective views

    def perspective(wider: bool) -> list[tuple[_LatticeCells, np.ndarray]]:
        if not rectified:
            rectified.append(rectifier(gray))
        return _rectified_cells(frame, scale, gray, rectified[0], wider)
    given: list[np.ndarray] = []
    placements: dict[tuple[int, int, bool], tuple[float, np.ndarray] | None] = {}  # each worked out once

    def placement(p: int, k: int, relative: bool) -> tuple[float, np.ndarray] | None:
        """_placement of lattice k of pool p by either measure, in the view's coordinates."""
        if (p, k, relative) not in placements:
            placements[p, k, relative] = _placement(pools[p][k][0], relative)
        return placements[p, k, relative]

    def ranked(p: int, relative: bool) -> list[np.ndarray]:
        placed = [(found, back) for found, back in ((placement(p, k, relative), pools[p][k][1]) for k in range(len(pools[p])))
                  if found is not None]
        return [cv2.perspectiveTransform(box[None], back)[0].astype(np.float32)
                for (_, box), back in sorted(placed, key=lambda found: -found[0][0])]

    def new(corners: np.ndarray) -> bool:
        """Whether `corners` lie farther than half a cell from every placement given (asking adds nothing)."""
        cell = np.linalg.norm(corners[1] - corners[0]) / 15
        return all(np.abs(corners - other).max() > 0.5 * cell for other in given)

    def fresh(corners: np.ndarray) -> bool:
        if new(corners):
            given.append(corners)
            return True
        return False

    rankings: dict[tuple[int, bool], list[np.ndarray]] = {}  # per pool and measure, worked out once

    def take(p: int, start: int, stop: int) -> Iterator[tuple[np.ndarray, bool]]:
        for k in range(start, min(stop, len(pools[p]))):
            for relative in (False, True):
                if (p, relative) not in rankings:
                    rankings[p, relative] = ranked(p, relative)
                ranking = rankings[p, relative]
                if k < len(ranking) and fresh(ranking[k]):
                    yield ranking[k], relative

    def ordinary() -> Iterator[tuple[np.ndarray, bool]]:
        yield from take(0, 0, 1)
        pools.append(perspective(False))
        yield from take(1, 0, PERSPECTIVE_RANKS)
        yield from take(0, 1, len(pools[0]))
    yield from islice(ordinary(), ROUGH_CANDIDATES)
    # then each view's lattices of the strongest line combs, by either measure (see ROUGH_CANDIDATES
    # and STRONG_LATTICES): the strongest of each view first, then the next (their placements as
    # the rankings worked them out, where they did)
    for p, k in ((p, k) for k in range(STRONG_LATTICES) for p in range(len(pools)) if k < len(pools[p])):
        for relative in (False, True):
            found = placement(p, k, relative)
            if found is not None:
                corners = cv2.perspectiveTransform(found[1][None], pools[p][k][1])[0].astype(np.float32)
                if fresh(corners):
                    yield corners, relative
    # last, the perspective view drawn wider (see VIEW_ROOM), when a placement of the first was large
    # enough to read (_candidates refines no other): at the same scale, the board's lattice is no larger
    if any(smallest_square_px(order_corners(corners)) / scale >= ROUGH_CELL * MIN_CELL_PX
           for relative in (False, True) for corners in rankings.get((1, relative), [])):
        pools.append(perspective(True))
        yield from take(2, 0, PERSPECTIVE_RANKS)
        # then its placements the pattern ranks after those, when clear as they come and their lines
        # fit as the refined placement's must (LINE_FIT). Rendered dev seed 134119 board-015 (a deluxe
        # board filling the frame, strong keystone; the first view cuts its right side off): the wider
        # view's 6th lattice is placed 0.18 cells off by plain colours, margins 3.19 and 1.18, lines 0.72,
        # but its pattern score (0.060) ranks it after three of 0.08-0.11 placed 4-14 cells off; offered,
        # it is located 0.06 cells off. The test's board too small to read (tests/test_vision_locate.py,
        # seed 5152) has one such placement clear as it comes (margin 1.96) whose lines fit 0.24: with
        # the margins alone it cost 3 refinements more there (45, bound 42), with the lines none
        # (`/tmp/vloc1/wide015.py`, `smallframe.py`)
        # (the cheap checks first: one given before is not judged, and the lines before the margins)
        for k in range(PERSPECTIVE_RANKS, len(pools[2])):
            for relative in (False, True):
                ranking = rankings[2, relative]
                if k < len(ranking) and new(ranking[k]) and _clear_as_it_comes(small, order_corners(ranking[k]), scale, gray) \
                        and fresh(ranking[k]):
                    yield ranking[k], relative
    # last, the plain view's lattices of the combs scored less their strongest tooth that it had not,
    # the strongest first, each placed where its combs lie, by either measure, when the placement is
    # clear as it comes (see TRIMMED_LATTICES)
    yield from _placed_at_combs(islice(trimmed_cells(), TRIMMED_LATTICES), small, scale, None, fresh)
    # last, the strongest lattices again (see the comment above _strongest_again): each later skew's first,
    # where the pattern puts it, then every view's strong ones where their combs lie, each when clear as it comes
    yield from _strongest_again(pools, placement, small, scale, gray, fresh)
    # last, the plain view's strong lattices moved half a cell, where their combs lie (see LATTICE_HALF_MOVES)
    moved = [twin for k in range(min(STRONG_LATTICES, len(plain))) for twin in half_moved(plain[k])]
    yield from _placed_at_combs(moved, small, scale, None, fresh)
    # last of all, the view of the perspective of the edges where the grid's two families cross
    # (rectifier's `crossed`): through a tilted camera a small board on a mat or a table whose long, strong
    # edges meet elsewhere than its own lines (the bench's camera view draws the rendered frame as such a mat)
    # has its vanishing points drawn by those edges, and the view leaves its far side askew (7-9 degrees):
    # every placement of it ends 2 cells or more off at a corner. Rendered dev seeds 360360 through `--tilt 16
    # --scale 0.45 --turn 200` and 134254 through `--tilt 18 --scale 0.42 --turn 80` (vision/MEASUREMENTS.md,
    # round 37): 7 boards over MIN_CELL_PX not located, each found 0.03-0.06 cells off from this view
    if len(pools) > 1 and rectified[0] is not None:
        pools.append(_rectified_cells(frame, scale, gray, rectifier(gray, crossed=True)))
        yield from take(len(pools) - 1, 0, PERSPECTIVE_RANKS)
    # last of all, the plain view's lattices spaced twice one of its strong ones (see DOUBLE_SPACING)
    yield from _doubled_again(plain, small, scale, gray, fresh)


# Last of all, on a frame none of whose other placements is taken, the strongest lattices once more, placed otherwise.
# (1) The plain view's lattices come skew by skew, so STRONG_LATTICES takes the first skew's strongest: each later
# skew's first lattice (the strongest combs at that skew) is placed by the premium pattern and offered when clear as
# it comes by the margins (its lines may not fit yet: the plain view does not undo a tilt). Rendered seed 299299
# board-064 (a classic labelled board filling 0.75 of the frame, 83 tiles, tilt 9.8; skews 1.25 and -1.75): the
# board's lattice is the second skew's first (15.25 x 16.25 px at half size), placed 1.18 cells off, margin 1.38, span
# passes, lines 0.62; every placement offered before lay 11 cells off or more; refined from it 0.04 cells off. (2)
# Every view's strong lattices (their first STRONG_LATTICES and those of (1)) placed where their combs lie
# (_placement's near_combs, as TRIMMED_LATTICES places), offered when clear as it comes by the lines and the margins:
# on a board crowded with tiles the pattern can put the window of a lattice on the board's own lines whole cells off.
# 283283 board-006 (a clear labelled board, 53 red tiles, near square-on): the perspective view's strongest lattice
# (26.25 px) placed 3.0 and 6.5 cells off by the pattern, 0.09 where its combs lie (margin 1.52, lines fit); no rough
# placement before within 2 cells; refined 0.035 off. Evidence (`/tmp/vloc32rough/ev.py`, `sumev.py`: every placement
# this stage gives on a frame, whatever came before, settled as _candidates settles one) on 1400 rendered dev boards
# (seeds 287287-292292, 294294-301301): 1110 placements on 1047 frames; settled, 1095 taken, every one within 0.19
# cells of the truth (1010 from starts within half a cell, 83 from 0.5-1.5 cells off, 2 from farther), 15 refused (10
# of them from starts over 1.5 cells off); none taken 0.3 cells off or more. The stage comes after every other rough
# placement, so only frames none of whose placements before was taken can change: in those 1400 searches it gave
# placements on one frame, 299299 board-064 (located 0.036 cells off, not located without it); the two others not
# located (291291 board-075, 299299 board-098) get nothing fresh and clear from it.
def _strongest_again(pools: list[list[tuple[_LatticeCells, np.ndarray]]],
                     placement: Callable[[int, int, bool], tuple[float, np.ndarray] | None], small: np.ndarray,
                     scale: float, gray: np.ndarray, fresh: Callable[[np.ndarray], bool]) -> Iterator[tuple[np.ndarray, bool]]:
    """_global_search's last rough placements (see the comment above): the first lattice of each skew after the
    first in the plain view (`pools`' first), placed by the premium pattern, when clear as it comes by the
    margins; then the strong lattices of every view searched (their first STRONG_LATTICES and those), each
    placed where its combs lie, when clear as it comes by the lines and the margins. `placement`: the search's
    _placement of lattice k of pool p by either measure (worked out once); `fresh`: whether a placement is none
    given before (noting it given)."""
    later = _skew_firsts(pools[0])[1:]
    for k in later:
        for relative in (False, True):
            found = placement(0, k, relative)
            if found is not None:
                corners = cv2.perspectiveTransform(found[1][None], pools[0][k][1])[0].astype(np.float32)
                if fresh(corners) and _clear_as_it_comes(small, order_corners(corners), scale):
                    yield corners, relative
    strong = [(p, k) for k in range(STRONG_LATTICES) for p in range(len(pools)) if k < len(pools[p])]
    lattices = (pools[p][k] for p, k in dict.fromkeys(strong + [(0, k) for k in later]))  # each lattice once
    yield from _placed_at_combs(lattices, small, scale, gray, fresh)
    if len(pools) > 1:
        yield from _perspective_rest(pools[1], placement, small, scale, fresh)


# Last, every lattice of the perspective view (the first drawn, `pools`' second) past its STRONG_LATTICES strongest,
# in the order of its combs' strength, placed by the premium pattern (by either measure) and offered when clear as it
# comes by the margins alone: the view undoes the tilt only roughly, so its lines may not fit before the refinement (as
# _strongest_again's later skews). The pattern ranks the perspective view's lattices weakly on a tilted board with
# tiles, so the board's own can come after every rank tried (PERSPECTIVE_RANKS). Rendered seed 276276 board-031 (a
# clear board, 56 red tiles, tilt 24.8, blur 1.5; `/tmp/vnotloc33/clear.py`, `trystart.py`): the view's 9th lattice
# (26.75 x 25.0 px) is the board's, placed 0.69 cells off by lightness, margin 2.04, span passes, lines 0.30; every
# rough placement offered before lay 2.2 cells off or more; refined from it 0.06 cells off (not located before).
# Never a grid of a finer spacing over a placement of the view's strong lattices (_over_strong: _another_spacing, as
# board_candidates refuses one over a board given before): offered last, such a grid inside the board is taken where
# nothing came first. Evidence (`/tmp/vnotloc33/ev.py`, `sumev.py`, `guardsides.py`: every placement this stage gives
# on a frame, whatever came before, settled as _candidates settles one, the guard's answer logged, not applied) on 2600
# rendered dev boards (seeds 287287-292292, 294294-313313): 543 placements on 453 frames. Those the guard lets through:
# 261, 238 taken, every one within 0.24 cells of the truth (from starts up to 5.3 cells off), 23 refused; none taken
# 0.3 cells off or more. Those it stops: 282, 6 taken 7.3-17.1 cells off (finer grids inside the board, sides 8.3-11.3
# of the strong placement's cells against SPACING_CELLS' 13.5), 9 taken within 0.3 cells, 267 refused. In the 2600
# searches themselves the stage gives nothing: every frame is located before it but three, for which it has nothing
# fresh and clear; nor on scrabscrap-v1's 60 frames at --tilt 35 --scale 0.2 (no readable board, `nb.py`).
def _perspective_rest(pool: list[tuple[_LatticeCells, np.ndarray]],
                      placement: Callable[[int, int, bool], tuple[float, np.ndarray] | None], small: np.ndarray,
                      scale: float, fresh: Callable[[np.ndarray], bool]) -> Iterator[tuple[np.ndarray, bool]]:
    """The perspective view's lattices past its strong ones (see the comment above), each placed by the premium
    pattern by either measure, offered when fresh and clear as it comes by the margins. `pool`: the view's
    lattices; `placement`: the search's _placement of lattice k of pool p (this pool is the search's second)."""
    strong = [cv2.perspectiveTransform(found[1][None], pool[k][1])[0].astype(np.float32)
              for k in range(min(STRONG_LATTICES, len(pool))) for relative in (False, True)
              if (found := placement(1, k, relative)) is not None]
    for k in range(STRONG_LATTICES, len(pool)):
        for relative in (False, True):
            found = placement(1, k, relative)
            if found is not None:
                corners = cv2.perspectiveTransform(found[1][None], pool[k][1])[0].astype(np.float32)
                if fresh(corners) and not _over_strong(corners, strong) \
                        and _clear_as_it_comes(small, order_corners(corners), scale):
                    yield corners, relative


# Last of all, the plain view's lattices spaced about twice one of its strong ones each way (within DOUBLE_SPACING
# of the larger spacing), placed by the premium pattern (by either measure) when clear as it comes by the margins,
# then where their combs lie when clear as it comes by the lines and the margins. On a clear plastic board the
# table shows through and its faint lines are outdone by the tiles: their edges lie on the lines and their
# letters between them, so the strongest combs are half the board's spacing, and the pattern ranks the lattice of
# the board's own spacing after every one tried. Rendered dev seed 134273 board-054 (a clear labelled board on a
# grey table, 65 dark wooden tiles with light letters, near square-on): the plain view's two strong lattices are
# 8.25 px at half size (the true cell 16.15), the third, 16.25 px, is the board's, placed 0.25 cells off by both
# measures with pattern scores 0.039 and 0.057 (the strong ones' 0.072-0.095); every rough placement offered lay
# 2.5 cells off or more; from it the board is located 0.07 cells off and read 65/65 (not located before).
# DOUBLE_SPACING: twice a strong spacing is 16.5 there, the board's 16.25 (1.5 %); the combs' spacings are
# 0.25 px apart, 2 % of a 12 px cell at half size. Evidence (`/tmp/vclear38/ev.py`: every placement this stage gives
# on a frame, whatever came before, settled as _candidates settles one) on 813 rendered dev boards head-on (seeds
# 134270-134275 boards 0-99, and the 213 clear boards among their boards 100-499): doubled lattices on 52 frames, 29
# placements on 29 frames, 28 taken, every one within 0.25 cells of the truth (from starts 0.09-1.57 cells off), 1
# refused (from 2.07 off); none taken 0.3 cells off or more. It comes after every other rough placement, so only a
# frame none of whose placements before was taken can change: of those 813, 134273 board-054 alone.
DOUBLE_SPACING = 0.03


def _doubled(pool: list[_PlacedCells]) -> list[_PlacedCells]:
    """The lattices of a view's pool past its STRONG_LATTICES whose spacing is within DOUBLE_SPACING of twice one of
    those each way (see the comment above)."""
    strong = [cells.size for cells, _ in pool[:STRONG_LATTICES]]

    def twice(size: tuple[float, float]) -> bool:
        return any(all(abs(size[a] - 2 * other[a]) <= DOUBLE_SPACING * size[a] for a in (0, 1)) for other in strong)
    return [placed for placed in pool[STRONG_LATTICES:] if twice(placed[0].size)]


def _doubled_again(plain: list[_PlacedCells], small: np.ndarray, scale: float, gray: np.ndarray,
                   fresh: Callable[[np.ndarray], bool]) -> Iterator[tuple[np.ndarray, bool]]:
    """_global_search's last rough placements (see the comment above): the plain view's lattices spaced twice a
    strong one's, placed by the premium pattern when fresh and clear as it comes by the margins, then where their
    combs lie when fresh and clear as it comes by the lines and the margins."""
    doubled = _doubled(plain)
    for cells, back in doubled:
        for relative in (False, True):
            found = _placement(cells, relative)
            if found is not None:
                corners = cv2.perspectiveTransform(found[1][None], back)[0].astype(np.float32)
                if fresh(corners) and _clear_as_it_comes(small, order_corners(corners), scale):
                    yield corners, relative
    yield from _placed_at_combs(doubled, small, scale, gray, fresh)


def _over_strong(corners: np.ndarray, strong: list[np.ndarray]) -> bool:
    """Whether a placement (work size) is a grid of a finer spacing over one of `strong` (the perspective view's
    strong lattices' placements; _another_spacing): see the comment above _perspective_rest."""
    return any(_another_spacing(order_corners(corners), order_corners(other)) for other in strong)


def _placed_at_combs(lattices: Iterable[tuple[_LatticeCells, np.ndarray]], small: np.ndarray, scale: float,
                     gray: np.ndarray | None, fresh: Callable[[np.ndarray], bool]) -> Iterator[tuple[np.ndarray, bool]]:
    """Each lattice (its cells and the transform from its view back to the frame) placed where its combs lie, by
    either measure, when the placement is fresh and clear as it comes (by the lines too where `gray` is given)."""
    for cells, back in lattices:
        for relative in (False, True):
            found = _placement(cells, relative, near_combs=True)
            if found is not None:
                corners = cv2.perspectiveTransform(found[1][None], back)[0].astype(np.float32)
                if fresh(corners) and _clear_as_it_comes(small, order_corners(corners), scale, gray):
                    yield corners, relative


def _skew_firsts(pool: list[tuple[_LatticeCells, np.ndarray]]) -> list[int]:
    """Where each skew's lattices begin in a view's pool (_plain_cells: skew by skew, each skew's in the order
    of its combs' strength, and all of one skew with the same transform back)."""
    return [k for k in range(len(pool)) if k == 0 or not np.array_equal(pool[k][1], pool[k - 1][1])]


def _clear_as_it_comes(small: np.ndarray, corners: np.ndarray, scale: float, gray: np.ndarray | None = None) -> bool:
    """Whether a rough placement (work size) large enough to read once refined (_candidates refines no
    other; the margins are not worked out for it) already beats its rivals a cell off (PLACEMENT_MARGIN)
    and along one axis (SPAN_MARGIN), as a refined one must to be taken (see TRIMMED_LATTICES). With
    `gray` (the work image's grey), also whether its lines fit (LINE_FIT), asked before the margins:
    on the rough placements of three frames with no readable board (/tmp/vspeed10/spanprof.py) line_fit
    took 0.85 ms a placement, placement_margin 3.8 and _span_margin 18.6 (asked as _span_passes since round 31:
    3.8 ms a call against _span_margin's 20.0 on the three such calls of the 60 --tilt 35 --scale 0.2 frames,
    `/tmp/vspeed11/check.py`)."""
    return (smallest_square_px(corners) / scale >= ROUGH_CELL * MIN_CELL_PX
            and (gray is None or line_fit(gray, corners) >= LINE_FIT)
            and placement_margin(small, corners)[0] >= PLACEMENT_MARGIN and _span_passes(small, corners))


def _outside(corners: np.ndarray, shape: tuple[int, ...]) -> float:
    """How far (px) the farthest of `corners` lies outside an image of `shape`, 0 inside it."""
    h, w = shape[:2]
    return float(max(0.0, -corners[:, 0].min(), -corners[:, 1].min(), corners[:, 0].max() - w, corners[:, 1].max() - h))


def _finer_when_needed(frame: np.ndarray, scale: float) -> Callable[[], tuple[np.ndarray, np.ndarray, float]]:
    """The frame at the finer scale (_finer), drawn on the first call only (most frames never need it)."""
    return cache(partial(_finer, frame, scale))


def _finer(frame: np.ndarray, scale: float) -> tuple[np.ndarray, np.ndarray, float]:
    """The frame at FINE_FACTOR times the work size (at most its own): colour, grey, scale."""
    fine = min(1.0, FINE_FACTOR * scale)
    small = frame if fine >= 1.0 else cv2.resize(frame, (round(frame.shape[1] * fine), round(frame.shape[0] * fine)),
                                                 interpolation=cv2.INTER_AREA)
    return small, _gray(small), fine


def _another_spacing(corners: np.ndarray, earlier: np.ndarray) -> bool:
    """Whether a board at `corners` (frame coordinates) is a grid of a finer spacing over the
    board at `earlier`: its centre on that board and its sides, measured in that board's cells,
    averaging more than SPACING_CELLS under 15 (a grid laid over part of a board; a board around
    such a grid is not one, see SPACING_CELLS)."""
    to_cells = np.linalg.inv(cv2.getPerspectiveTransform(_canonical(1), np.asarray(earlier, np.float32)))
    at = cv2.perspectiveTransform(np.asarray(corners, np.float32)[None], to_cells)[0]
    centre = at.mean(axis=0)
    sides = np.linalg.norm(at - np.roll(at, -1, axis=0), axis=1)
    return bool(np.all((centre >= 0) & (centre <= 15)) and float(sides.mean()) < 15 - SPACING_CELLS)


# A part searched besides the whole frame (_cluster_box's, or _last_part's) is searched by the premium pattern
# alone too, last of all: when neither its lines, the whole frame's lines nor the whole frame's pattern gave a
# board, the part's rough placements (its first PATTERN_ROUGHS and the later ones clear as they came, as
# _candidates keeps them) go to _pattern_candidates, with every check the busy part's and the whole frame's
# pattern pass make (PATTERN_MARGIN, PATTERN_HALF, PATTERN_CORNER, _beaten_by_a_shift, _span_passes): no new
# threshold. The whole frame's rough placements do not place a small board (cells of 14-15 px at the work
# size) among things on the table; its part's, drawn larger, do. Rendered seed 353353 board-048 (a paper board
# at 0.34 of the frame, 50 cream tiles, a score sheet and loose tiles around it; its texture cell 35 px and
# lines 0.86 px, which the renderer draws 2 and 0 px wide in turn: round 33's vfaint33): the part's first
# rough placement lies 0.12 cells off (margin 5.03), refined 0.04-0.07 off (margins 5.2-48.7) and refused by
# its lines (shown fit 0.58-0.61, worst corner 0.40-0.45, LINE_PARITY: every other line is not drawn); the
# whole frame's two roughs the pattern is given lie 20.0 and 13.3 cells off. From the part's, the pattern
# places it 0.10 cells off (margin 6.63, clearness 4.39): not located before, read whole. Asked of every frame
# with such a part whatever came before (`/tmp/vnotloc36/ev.py`: 74 of 1700 head-on dev frames; see
# vision/MEASUREMENTS.md, round 36) it gave 35 placements on 22 frames, 34 within 0.3 cells and one 0.34 off
# (a frame its part's lines place 0.05 off first), none half a cell off or more. It runs only on frames none of
# whose earlier placements was given, so a frame located before keeps its candidates and its time (the search
# is a generator); where it gives nothing it costs the part's pattern search (median 0.6 s CPU on those frames).
def board_candidates(frame: np.ndarray) -> Iterator[BoardLocation]:
    """Where the playing area may be, searched from nothing: refined, the lattice whose cell
    colours best follow the premium layout first. Tiles the colour of a premium square can
    put a lattice of tile edges ahead of the board's own, so a caller that can check a
    candidate better (with the letters read) takes the next one when it fails. Only
    placements that clearly beat their rivals a cell off, beat their rivals along one axis
    (spaced otherwise or moved farther: _span_margin) and whose lines fit are given, and
    none that is a grid of a finer spacing over a board given before (_another_spacing).
    A small board is refined and checked in the frame at a finer scale (coarse to fine); and
    where the frame's edges all lie in a small part of it (_busy_box), only that part is
    searched, drawn at the work size: a board too small for the combs and vanishing points at
    the frame's work size is found and refined there. (The whole frame searched after it, at
    a coarser scale, gave no board that part did not give first on the 61 located frames that
    had such a part: the 59 of scrabscrap-v1 tilted 20 degrees at 0.4 by the bench, 2 of
    rendered development seed 330417; and it doubled the time a frame with no readable board,
    or none, takes to be given up.) Where no such part is found but most strong edges lie in one
    cluster (_cluster_box: a small board with a score sheet or a pencil beside it), that
    cluster's part is searched first and the whole frame after it; where none is, the part
    holding the largest cluster is searched after the whole frame (_last_part). When none of that
    gives a board, the busy part (or else the whole frame) is searched once more for a board placed
    by its premium pattern alone (_pattern_candidates: a board whose grid lines do not show), and
    last in the part searched before or after the whole frame (_cluster_box, _last_part), from that
    part's own rough placements (see the comment above)."""
    frame = frame if frame.ndim == 3 else cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    small, gray, scale = _work_images(frame)
    given: list[np.ndarray] = []

    def fresh(found: BoardLocation) -> bool:
        cell = smallest_square_px(found.corners)
        if any(_another_spacing(found.corners, other) for other in given):
            return False  # a finer grid over a place offered before: no board of its own
        if all(np.abs(found.corners - other).max() > 0.5 * cell for other in given):
            given.append(found.corners)
            return True
        return False

    def in_part(box: tuple[int, int, int, int], by_pattern_too: bool = False,
                kept: list[Callable[[], Iterator[BoardLocation]]] | None = None,
                kept_half: list[Callable[[], Iterator[BoardLocation]]] | None = None) -> Iterator[BoardLocation]:
        """The part's boards by its lines, then (`by_pattern_too`) by its premium pattern alone and then by every
        other line when none was given; `kept` is given the part's pattern search and `kept_half` its search by
        every other line, to be run later (see the comments above board_candidates and _placed_half_lined)."""
        x0, y0, x1, y1 = box
        crop = frame[y0:y1, x0:x1]
        crop_small, crop_gray, crop_scale = _work_images(crop)
        roughs: list[tuple[np.ndarray, bool]] = []

        def moved(found: BoardLocation) -> BoardLocation:  # from the part's pixels to the frame's
            return BoardLocation(corners=found.corners + np.array([x0, y0], np.float32), grid_score=found.grid_score,
                                 margin=found.margin, line_fit=found.line_fit)

        def by_pattern() -> Iterator[BoardLocation]:  # the part's boards by its premium pattern alone
            return map(moved, _pattern_candidates(crop_small, crop_scale, crop_gray, roughs))

        def half_lined() -> Iterator[BoardLocation]:  # the part's boards by every other line
            return map(moved, _half_lined_candidates(crop, crop_small, crop_scale, crop_gray, roughs))

        def placed() -> Iterator[BoardLocation]:
            yield from map(moved, _candidates(crop, crop_small, crop_scale, crop_gray, roughs))
            if by_pattern_too and not given:  # no board placed by its lines: by its premium pattern alone
                yield from by_pattern()
            if by_pattern_too and not given:  # nor by the pattern: by every other line
                yield from half_lined()
        if kept is not None:
            kept.append(by_pattern)
        if kept_half is not None:
            kept_half.append(half_lined)
        for found in placed():
            if fresh(found):
                yield found
    strong = _strong_edges(gray)  # one mask for both boxes
    box = _busy_box(gray, scale, frame.shape[:2], strong)
    if box is not None:
        yield from in_part(box, by_pattern_too=True)
        return
    cluster = _cluster_box(gray, scale, frame.shape[:2], strong)
    part_patterns: list[Callable[[], Iterator[BoardLocation]]] = []  # the parts' pattern searches, run last
    part_halves: list[Callable[[], Iterator[BoardLocation]]] = []  # the parts' searches by every other line, after them
    if cluster is not None:
        # then the whole frame, as when there is no such cluster
        yield from in_part(cluster, kept=part_patterns, kept_half=part_halves)
    roughs: list[tuple[np.ndarray, bool]] = []
    for found in _candidates(frame, small, scale, gray, roughs):
        if fresh(found):
            yield found
    if cluster is None:
        last = _last_part(gray, scale, frame.shape[:2], strong)
        if last is not None:
            yield from in_part(last, kept=part_patterns, kept_half=part_halves)
    if not given:  # no board placed by its lines: by its premium pattern alone, in the whole frame
        for found in _pattern_candidates(small, scale, gray, roughs):
            if fresh(found):
                yield found
    for by_pattern in part_patterns:  # ... and then in the part searched (see the comment above)
        if given:
            break
        for found in by_pattern():
            if fresh(found):
                yield found
    # last of all, by every other grid line: in the whole frame, then in the part searched (see _placed_half_lined)
    for half_lined in [partial(_half_lined_candidates, frame, small, scale, gray, roughs)] + part_halves:
        if given:
            break
        for found in half_lined():
            if fresh(found):
                yield found


# The part of the frame searched instead of the whole (_busy_box): where the strongest tenth of
# the edges lie (from the 1st to the 99th percentile each way), a fifth wider each side; taken only
# when it is at most ZOOM_BOX of the frame's size, so the board is drawn at least 1.4 times as
# large as in the whole frame's search (less adds little the fine refinement does not)
ZOOM_BOX = 0.7
# Where strong edges also lie away from the board (a score sheet, a pencil, a stray tile), the
# busy part is most of the frame; the part holding the largest cluster of strong edges is then
# searched first (_cluster_box), and the whole frame after it. A board at a third of the frame has
# cells of 14 px at the work size, 7 in the plain search's half-size view: under the combs' least
# spacing (_comb_layout, n * 0.025), so the whole frame's search does not see it. Taken when that
# cluster holds CLUSTER_SHARE of the strong edges: on the 13 frames of rendered development seeds
# 115055, 116056, 100040-102042 and 107047 (360 frames) with no busy part and a cluster, the
# cluster's box held the whole board at shares 0.89-0.97 (7 frames) and cut it at 0.29-0.62 (6)
CLUSTER_SHARE = 0.8
# ... and only when the cluster spans at most this share of the work image: a playing area of 15
# cells of the combs' least spacing spans 0.375 of it, and the board's rim takes the cluster to
# about 0.42. A larger board the whole frame's search sees; found in the part instead, one was
# placed worse: development seed 89029 frame 54 (tests/test_vision_locate.py; cluster 0.49 of the
# work image) 0.36 cells off against under 0.2 by the whole frame. The boards found only so on the
# development set of crowded small boards (seed 117057, MEASUREMENTS round 20: 40 frames, 70-90
# tiles at 0.25-0.4 of the frame, things on the table) had clusters of 0.32-0.38, one 0.46
CLUSTER_SIDE = 0.42


def _strong_edges(gray: np.ndarray) -> np.ndarray:
    """Where the frame's strongest tenth of edges lie, in a view at a quarter of the work size
    (enough for a box): a 0/1 mask."""
    quarter = cv2.resize(gray, (gray.shape[1] // 4, gray.shape[0] // 4), interpolation=cv2.INTER_AREA)
    gx = cv2.Sobel(quarter, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(quarter, cv2.CV_32F, 0, 1, ksize=3)
    magnitude = cv2.magnitude(gx, gy)
    return (magnitude > float(_percentile(magnitude, 90))).astype(np.uint8)


def _box_of(strong: np.ndarray, work: int, largest: float, scale: float,
            shape: tuple[int, int]) -> tuple[int, int, int, int] | None:
    """Frame pixels (x0, y0, x1, y1) of the part of the frame holding the edges of `strong`
    (_strong_edges' mask, or part of it; `work`: the work image's longer side), or None when
    they span more than `largest` of the work image or the part is most of the frame."""
    ys, xs = np.nonzero(strong)
    if len(xs) < 25:
        return None
    low = 4.0 * np.array([_percentile(xs, 1), _percentile(ys, 1)])
    high = 4.0 * np.array([_percentile(xs, 99) + 1, _percentile(ys, 99) + 1])
    side = float((high - low).max())
    if side > largest * work:
        return None
    centre = (low + high) / 2
    half = 0.7 * side  # a fifth wider each side, square
    h, w = shape
    x0, y0 = (np.maximum((centre - half) / scale, 0)).astype(int)
    x1, y1 = np.minimum((centre + half) / scale, [w, h]).astype(int)
    if max(x1 - x0, y1 - y0) > ZOOM_BOX * max(h, w):
        return None
    return int(x0), int(y0), int(x1), int(y1)


def _busy_box(gray: np.ndarray, scale: float, shape: tuple[int, int],
              strong: np.ndarray | None = None) -> tuple[int, int, int, int] | None:
    """Frame pixels (x0, y0, x1, y1) of the part of the frame holding its strong edges, or
    None when that is most of the frame. `strong`: _strong_edges(gray) when the caller has it."""
    return _box_of(_strong_edges(gray) if strong is None else strong, max(gray.shape), ZOOM_BOX / 1.4, scale, shape)


def _cluster_box(gray: np.ndarray, scale: float, shape: tuple[int, int],
                 strong: np.ndarray | None = None) -> tuple[int, int, int, int] | None:
    """Frame pixels of the part of the frame holding its largest cluster of strong edges (edge
    pixels 3 px apart or less at a quarter of the work size joined), when that cluster holds
    CLUSTER_SHARE of them or more and spans CLUSTER_SIDE of the work image or less; else None.
    `strong`: _strong_edges(gray) when the caller has it."""
    cluster, share = _largest_cluster(_strong_edges(gray) if strong is None else strong)
    if share < CLUSTER_SHARE:
        return None
    return _box_of(cluster, max(gray.shape), CLUSTER_SIDE, scale, shape)


def _largest_cluster(strong: np.ndarray) -> tuple[np.ndarray, float]:
    """The largest cluster of _strong_edges' mask (edge pixels 3 px apart or less joined), as a 0/1
    mask, and its share of the strong edges."""
    count, labels = cv2.connectedComponents(cv2.dilate(strong, np.ones((3, 3), np.uint8)), connectivity=8)
    sizes = np.bincount(labels[strong > 0], minlength=count)
    sizes[0] = 0
    largest = int(np.argmax(sizes))
    return ((labels == largest) & (strong > 0)).astype(np.uint8), float(sizes[largest] / max(1, int(strong.sum())))


# Where no part was searched first (no busy part; the largest cluster of strong edges under
# CLUSTER_SHARE of them, or wider than CLUSTER_SIDE), the part holding that cluster is searched after
# the whole frame (_last_part), bounded as the busy part is (ZOOM_BOX: the board drawn at least 1.4
# times as large), so every frame the whole frame's search locates keeps its placement. A board at a
# third of the frame among racks and things on the table, or far under a tilt, has cells under the
# combs' least spacing in the plain search's half-size view (6-7 px against 8), and the perspective
# view, drawn about all the frame's strong edges, draws them under its 16 px too (0.30-0.40 of the
# view's side): rendered development seed 125065 frames 5, 32, 37 read with vision.bench's --tilt 20
# (clusters of 0.55-0.59 of the strong edges, the bench's grey table edge the next cluster) and
# 194194 frame 32 (a German board at 0.34 of the frame, its cluster 0.90 of the edges but spanning
# 0.46 of the work image with the racks): none located, each passing every check at its true
# corners refined; found in that part 0.04-0.06 cells off.
def _last_part(gray: np.ndarray, scale: float, shape: tuple[int, int],
               strong: np.ndarray) -> tuple[int, int, int, int] | None:
    """Frame pixels of the part searched after the whole frame where _cluster_box gave none (see the
    comment above): the part holding the largest cluster of strong edges, whatever its share of them,
    bounded as _busy_box's part is; None when that is most of the frame."""
    return _box_of(_largest_cluster(strong)[0], max(gray.shape), ZOOM_BOX / 1.4, scale, shape)


def _candidates(frame: np.ndarray, small: np.ndarray, scale: float, gray: np.ndarray,
                roughs: list[tuple[np.ndarray, bool]]) -> Iterator[BoardLocation]:
    """board_candidates of one frame (or a part of one) at work size `small`. `roughs` is given the
    first PATTERN_ROUGHS rough placements of the search (in frame order, with their measure) not too
    small to read, then the later ones not taken that the premium pattern placed clearly as they came
    (PATTERN_MARGIN: see PATTERN_ROUGHS), for _pattern_candidates: the search is not run again for them."""
    finer = _finer_when_needed(frame, scale)
    lost: list[tuple[int, np.ndarray, bool, bool]] = []  # rough placements not taken, tried again after the rest
    for k, (rough, relative) in enumerate(_global_search(frame, scale, small, gray)):
        rough = order_corners(rough)
        if smallest_square_px(rough) / scale < ROUGH_CELL * MIN_CELL_PX:
            continue  # too small to be read, once refined: not worth refining
        if k < PATTERN_ROUGHS:
            roughs.append((rough, relative))
        found, fit_lost = _settled_span(small, gray, scale, finer, rough, relative, 1)
        if found is not None:
            yield found
        else:
            lost.append((k, rough, relative, fit_lost))
    for k, rough, relative, fit_lost in lost:
        margin, _ = placement_margin(small, rough)
        if k >= PATTERN_ROUGHS and margin >= PATTERN_MARGIN:
            roughs.append((rough, relative))  # for the pattern alone too (see PATTERN_ROUGHS)
        # clearly placed as it came, or once refined, and lost by the refinement: refined again on
        # lines averaged along (ALONG_LINE, and the comment above it for the second)
        if fit_lost or margin >= PLACEMENT_MARGIN:
            found, _ = _settled_span(small, gray, scale, finer, rough, relative, ALONG_LINE)
            if found is not None:
                yield found


# A placement _shifted moves whole cells by both measures stays when placement_margin (the tiles' cells
# left out) puts it SHIFT_CLEARER times as clearly as each moved grid (and the moved one's margin taken as 1
# at least). Rendered seed 236236 board-033 (69 dark tiles crowding the upper-left of a white board,
# almost frontal): refined 0.10 cells off, margin 4.39, lines 0.83, _shifted moved it 2.9 cells by both
# measures (23 x 23 windows counting the tiles), margins 0.33 and 0.51 there: not located. 207207 board-039
# (four rows off, margin 1.81; moved onto the board, 8.5 there) stays refused. Measured (/tmp/vfrontal/shiftrule.py)
# on 236236 boards 033, 000, 010, .. 090 and dev seeds 134118, 134119 boards 0, 10, .. 50: the grid refined from
# the truth moved whole 2-4 cells (24 ways) gave 54 grids in the image that placement_margin takes (all 4 cells
# off, margins 1.37-2.98); both measures moved every one back onto the board, margins 4.84 or more there (at most
# 0.62 of it): refused by either rule. At the truths both shifts moved 033 alone.
SHIFT_CLEARER = 2.0


def _beaten_by_a_shift(small: np.ndarray, corners: np.ndarray) -> bool:
    """Whether the premium pattern fits better with the whole grid moved by whole cells (up to
    SHIFT_CELLS each way, _shifted) by both measures, plain and relative lightness: such a placement
    is not the board's, though it beats its rivals one cell off (placement_margin). Rendered seed
    207207 board-039 (a clear board, dark tiles, tilt 22.5; looked at in round 23's measuring): a
    grid four rows off, beyond the placement_margin's rivals, passed at margin 1.81 and lines 0.89
    and was read with 13 confident-wrong letters; both measures move it onto the board (margin 8.5
    there). Neither moved any first candidate on 187 located frames of rendered seeds 199199-201201
    nor on the 11 jheidel-en photos (`/tmp/lead23/shiftcheck.py`). A placement whose own margin beats
    each moved one's SHIFT_CLEARER times over is kept (see SHIFT_CLEARER): _shifted's windows count the
    tiles, placement_margin leaves them out."""
    corners = order_corners(np.asarray(corners, np.float32))
    cell = smallest_square_px(corners)
    moved = []
    for relative in (False, True):  # the relative measure (the dearer) asked only when the plain moves it
        shifted = _shifted(small, corners, relative)
        if np.abs(shifted - corners).max() <= 0.5 * cell:
            return False
        moved.append(shifted)
    kept, _ = placement_margin(small, corners)
    return any(kept < SHIFT_CLEARER * max(placement_margin(small, shifted)[0], 1.0) for shifted in moved)


@dataclass(frozen=True)
class _Finer:
    """A work-size placement refined at the finer scale (_at_finer), with what it is checked by there."""
    at: np.ndarray  # the frame at the finer scale (colour) ...
    grey: np.ndarray  # ... its grey (float32) ...
    scale: float  # ... and their scale from the frame
    refined: tuple[np.ndarray, float, _Fitted | None]  # _refine's answer there (scored only where `fit` is given)
    corners: np.ndarray  # its corners in frame order (the finer scale's coordinates)
    margin: float  # placement_margin there
    fit: LineFits | None  # its lines' fit there; None when the margin is under PLACEMENT_MARGIN


def _at_finer(finer: Callable[[], tuple[np.ndarray, np.ndarray, float]], corners: np.ndarray, scale: float,
              along: int, wide: bool = False) -> _Finer:
    """A placement at the work size (`corners`, of an image at `scale`) refined again at the finer
    scale (`finer` gives the frame there), with its margin and line fits there."""
    at, gray, at_scale = finer()
    grey = gray.astype(np.float32)
    # `wide`: a first pass that looks as far as a rough placement's, and a pass more (_settled's second chance)
    refined = _refine(grey, corners * (at_scale / scale), 3 if wide else 2, wide=wide, average=along, scored=False)
    placed = order_corners(refined[0])
    margin, _ = placement_margin(at, placed)
    if margin < PLACEMENT_MARGIN:
        return _Finer(at, grey, at_scale, refined, placed, margin, None)
    refined = _scored(grey, refined[0])
    return _Finer(at, grey, at_scale, refined, placed, margin, _refined_fit(grey, placed, refined))


_Unsettled = Literal["half cell", "whole cell", "parity"]  # which check after the lines' fit refuses a placement (_unsettled)


def _unsettled(grey: np.ndarray, corners: np.ndarray,
               refined: tuple[np.ndarray, float, _Fitted | None], last: bool = False) -> _Unsettled | None:
    """Which of the checks after the lines' fit refuses a placement ("half cell", "whole cell",
    "parity"), or None when none does: a corner half a cell away fits its lines better (not settled
    on the board, HALF_CELL_GAIN); the corner whose lines fit least fits better a cell or two away
    (the grid stretched there, WHOLE_CELL_GAIN) and the grid so moved fits the board's lines about as
    well (_stretched); every other line falls between the board's (a grid
    of half its spacing over it, LINE_PARITY). `last`: judged where no finer scale looks again, where a
    corner's gain whose moved grid the refinement takes back to the placement does not refuse it (HALF_BACK)."""
    moves = _half_cell_moves(grey, corners)  # once: _half_cell_comes_back asks for the same numbers
    half_gain, weakest, own = _gain_of(moves[0], moves[1])
    if half_gain > HALF_CELL_GAIN and not (last and _half_cell_comes_back(grey, corners, moves)):
        return "half cell"
    # (a contrast is at most 1: a corner fitting over 1 - WHOLE_CELL_GAIN cannot gain more, and is not moved)
    if own < 1.0 - WHOLE_CELL_GAIN and _stretched(grey, corners, weakest):
        return "whole cell"
    if _line_parity(grey, corners, refined) < LINE_PARITY:
        return "parity"
    return None


def _margins_of(small: np.ndarray) -> Callable[[np.ndarray], tuple[float, np.ndarray]]:
    """placement_margin on `small`, each placement (corners in frame order) worked out once: _settled
    asks again for the one _clearer judged (kept, or the shifted one taken), some 4 ms a time."""
    known: dict[bytes, tuple[float, np.ndarray]] = {}

    def margin(corners: np.ndarray) -> tuple[float, np.ndarray]:
        key = np.asarray(corners, np.float32).tobytes()
        if key not in known:
            known[key] = placement_margin(small, corners)
        return known[key]
    return margin


def _clearer(small: np.ndarray, placed: np.ndarray, shifted: np.ndarray,
             margin_of: Callable[[np.ndarray], tuple[float, np.ndarray]] | None = None) -> bool:
    """Whether a refined placement stays rather than the one _shifted moves it to (refined too):
    when the premium pattern clearly places it (PLACEMENT_MARGIN, by the better of plain and
    relative lightness) and more clearly than the moved one. _shifted judges by one measure only,
    the one the rough placement came by: on development seed 93033 board-050 (a dim, light board
    crowded with tiles) the placement refined 0.04 cells off, margin 1.64, was moved a cell along
    the diagonal by the plain colours, margin 0.87 there, and the board was not found."""
    margin = _margins_of(small) if margin_of is None else margin_of  # `margin_of`: the caller's (_margins_of(small))
    kept, _ = margin(placed)
    return kept >= PLACEMENT_MARGIN and kept > margin(shifted)[0]


class _OnceMore(NamedTuple):
    """A placement refined once more (_refined_once_more)."""
    refined: tuple[np.ndarray, float, _Fitted | None]  # _refine's answer
    corners: np.ndarray  # its corners in frame order
    margin: float  # placement_margin there
    fit: LineFits | None  # its lines' fit, where still clearly placed (PLACEMENT_MARGIN); else None


def _refined_once_more(at: np.ndarray, grey: np.ndarray, corners: np.ndarray, along: int) -> _OnceMore:
    """A placement (`corners` on the colour image `at`, `grey` its float32 grey) refined once more from where it is,
    three near passes on lines averaged `along` px: _settled's polish and its refinement on in the second look."""
    refined = _refine(grey, corners, 3, average=along)
    placed = order_corners(refined[0])
    margin, _ = placement_margin(at, placed)
    return _OnceMore(refined, placed, margin, _refined_fit(grey, placed, refined) if margin >= PLACEMENT_MARGIN else None)


def _settled(small: np.ndarray, gray: np.ndarray, scale: float, finer: Callable[[], tuple[np.ndarray, np.ndarray, float]],
             rough: np.ndarray, relative: bool, along: int) -> tuple[BoardLocation | None, bool]:
    """A rough placement (work-size corners in frame order) refined and checked (_candidates),
    lines found on the view averaged `along` px along them (_refine); None when it is not taken.
    `finer` gives the frame at the finer scale. Also whether it was refused on its lines' fit
    alone once clearly placed (PLACEMENT_MARGIN): worth refining again along the lines."""
    at, at_gray, at_scale = small, gray, scale
    if np.linalg.norm(rough[1] - rough[0]) / 15 < FINE_CELL and scale < 1.0:
        fine = finer()
        at, at_gray, at_scale = fine
        rough = rough * (at_scale / scale)
    at_grey = at_gray.astype(np.float32)  # once for every refinement and line fit of this placement
    # refined unscored until the margins keep the placement (_scored: most refinements are of placements refused)
    refined = _refine(at_grey, rough, 3, wide=True, average=along, scored=False)
    corners = refined[0]
    if smallest_square_px(corners) / at_scale < ROUGH_CELL * MIN_CELL_PX:
        return None, False  # refined to a grid too small to be read (a lattice of the table's texture, a far board)
    # with perspective the first comb can be a cell off at one side; check again once refined
    again = _shifted(at, order_corners(corners), relative)
    margin_of = _margins_of(at)  # the placement _clearer keeps or takes is asked for below again
    if np.abs(again - order_corners(corners)).max() > 0.3 * np.linalg.norm(corners[1] - corners[0]) / 15:
        shifted = _refine(at_grey, order_corners(again), 2, average=along, scored=False)
        if not _clearer(at, order_corners(corners), order_corners(shifted[0]), margin_of):
            refined = shifted
            corners = refined[0]
    corners = order_corners(corners)
    margin, rival = margin_of(corners)
    for _ in range(MARGIN_STEPS):  # a rival one cell off that scores better: the board is there
        if margin >= 1.0 or (margin == 0.0 and _outside(corners, at.shape[:2]) > 0.5 * smallest_square_px(corners)):
            break  # clearly placed; or refined off the image by more than the near refinement moves back
        refined = _refine(at_grey, order_corners(rival), 2, average=along, scored=False)
        corners = order_corners(refined[0])
        margin, rival = placement_margin(at, corners)
    if margin < PLACEMENT_MARGIN:
        return None, False  # not clearly here rather than a cell away: not this one
    refined = _scored(at_grey, refined[0])
    score = refined[1]
    fit = _refined_fit(at_grey, corners, refined)
    at_work = at_scale < 1.0 and at is small  # refined at the work size of a larger frame: the finer scale can look closer
    if not _fits(fit.every) and at_work:
        # hairlines a pixel wide in the frame fade at the work size: refined and checked
        # again at the finer scale, taken when it passes both checks there; else the work size's
        # placement stands when the lines its board can show fit there (_shown_lines: dev seed 77017
        # board-037, its top and right outer lines unprinted, fits 0.5 at the finer scale's worst corner)
        at_work = False  # looked at the finer scale already

        def taken(closer: _Finer) -> bool:
            # (the wide profile's peaks do not move a placement its work size's lines take to the finer scale:
            # 225225 board-036's, taken at the work size, is refused there by the half-cell gain); nor one whose
            # worst corner fits at most half its pieces over every line (FINER_EVERY_CORNER)
            return closer.fit is not None and _fits(closer.fit.shown, FINE_CORNER_FIT) \
                and closer.fit.every[1] >= FINER_EVERY_CORNER and not (closer.fit.matched and _fits(fit.shown))
        closer = _at_finer(finer, corners, scale, along)
        if not taken(closer) and not _fits(fit.shown):
            # refused at both scales: refined at the finer scale again from a first pass that looks as far as a rough
            # placement's. Where the squares are small at the work size the placement there is rough: rendered dev seed
            # 134340 board-059 through `--tilt 15 --scale 0.6 --turn 45` (13 px squares at the work size) is placed
            # 0.38 cells off there, and the near passes at the finer scale end 0.18 off, the worst corner's lines
            # fitting 0.5 (FINE_CORNER_FIT 0.6); refined wide, 0.05 off, lines 0.98. Not the first try: taken first,
            # it moved boards the near passes place (tests/test_vision_vcorner33.py's 305305-034, refused then)
            wider = _at_finer(finer, corners, scale, along, wide=True)
            closer = wider if taken(wider) else closer
        if taken(closer) and closer.fit is not None:  # (taken says so; the checker cannot see it)
            at, at_scale, at_grey, refined = closer.at, closer.scale, closer.grey, closer.refined
            rough = rough * (closer.scale / scale)
            corners, score, margin, fit = closer.corners, closer.refined[1], closer.margin, closer.fit
        elif not _fits(fit.shown):
            return None, closer.fit is not None  # refused on its lines, or not clearly here at the finer scale
    if not _fits(fit.shown):
        if along == 1:
            return None, True  # its lines do not lie on the board's lines everywhere
        # the second look along the lines (ALONG_LINE) refined on from where it stopped: under a strong keystone each
        # pass undoes only part of the perspective the rough placement missed. Rendered dev seed 134341 board-047
        # through `--tilt 15 --scale 0.6 --turn 45` (faint lines; the rendered camera tilted and the view again): from
        # a rough placement 0.39 cells off (margin 5.9) three passes end 0.26 off (0.33 at the first look), lines 0.57
        # and worst corner 0.36; three more end 0.04 off, lines 0.93 and 0.6. Taken when still clearly placed and its
        # lines fit there (every check after it as for any placement). Only in the second look, where it costs five
        # refinements more on a frame with no readable board (tests/test_vision_locate.py)
        on = _refined_once_more(at, at_grey, corners, along)
        if on.fit is None or not _fits(on.fit.shown):
            return None, True  # its lines do not lie on the board's lines everywhere
        refined, corners, score, margin, fit = on.refined, on.corners, on.refined[1], on.margin, on.fit
    if np.abs(corners - rough).max() > POLISH_MOVE * smallest_square_px(corners):
        # come from a rough placement far away, the refinement may not have settled yet: once
        # more from here, taken when it is as clearly placed and its lines fit at least as well
        polished = _refined_once_more(at, at_grey, corners, along)
        # (the polish's refinement whether its placement is taken or not: _line_parity uses a refinement's view only
        # where its corners are the placement's, and works the view out afresh where they are not)
        refined = polished.refined
        if polished.fit is not None and _fits(polished.fit.every) and polished.fit.every[0] >= fit.every[0]:
            corners, score, margin, fit = polished.corners, polished.refined[1], polished.margin, polished.fit
    found = order_corners(corners / at_scale)
    if smallest_square_px(found) < MIN_CELL_PX:
        return None, False  # found, but too small in the frame to read letters from
    refusal = _unsettled(at_grey, corners, refined, last=not at_work)
    if refusal in ("half cell", "whole cell") and at_work:
        closer_found = _settled_finer(finer, corners, scale, along)
        return closer_found, closer_found is None and fit.matched
    if refusal is not None:
        # one only the wide profile's peaks let through keeps the second look along the lines that its
        # hairlines' refusal gave it before (see MATCHED_FIT)
        return None, fit.matched
    if fit.shown[0] < LEAN_CHECKED and _leans(at, at_grey, corners, fit.shown[0]):
        return None, False  # a turned rival fits the board's lines better: this grid leans
    if fit.shown[0] < LEAN_CHECKED and _off_at_corners(at, at_grey, corners, fit.shown[0]):
        return None, False  # a rival a corner moved a cell fits the board's lines better: this grid is off there
    if _half_cell_pattern(at, corners) < HALF_PATTERN:
        return None, False  # the premium pattern puts the board half a cell away: its lines fit something else
    return BoardLocation(corners=found, grid_score=score, margin=margin, line_fit=fit.shown[0]), False


# Boards whose grid lines do not show are placed by their premium pattern alone (_placed_by_pattern),
# board_candidates' last try when its lines placed no board (_pattern_candidates): a rough placement's
# corners moved, the whole grid or one corner at a time, to where the pattern of whole cells scores
# best (_pattern_refined), taken only when that pattern clearly beats the grid one cell off
# (placement_margin over PATTERN_MARGIN) and half a cell off (_pattern_clearness: the whole grid,
# PATTERN_HALF; one corner, PATTERN_CORNER). Whole cells, not the middles placement_margin takes: a grid
# moved a fraction of a cell mixes that fraction of each square with its neighbours, so the score
# falls from its peak at once. Rendered seed 134089 board-048 (a paper board, green tiles on its green
# squares, its hairlines lost in a dim blur): its true grid's lines fit 0.21 and _refine from the truth
# ends 0.49 cells off on the tiles' edges (lines 0.78, margin 0.54); placed so from rough placements
# 0.5-2.6 cells off it ends 0.07-0.09 off, margin 14, clearness 5.9 (whole) and 1.37 (corner).
# Measured (/tmp/vlineless/harness.py) on development seeds 134092 and 134093 (frames 0, 3, .. 24) and
# that board: the truth and the truth moved half a cell or a cell (whole, 8 ways each), two cells along
# a diagonal, one corner a cell (4 x 4 ways) or one side a cell, placed by the pattern from there by
# either measure (plain, relative): of 312 placements over half a cell off (15 on board-048) none
# passes, their margins 4.33 at most (one 0.56 cells off, clearness 3.0 and 1.08), their corner
# clearness 1.27 at most (with margins 0.52 at most), their whole clearness 3.77 at most (margin 0);
# of 82 between 0.3 and 0.5 cells off none passes (margin 4 and corner 1.2 let 6 through, 0.31-0.47
# off: from the truth itself the pattern ends 0.22-0.48 off on 3 of these 18 boards); of 1164
# within 0.3 cells 530 pass (board-048's 67 all). The whole grid's half-cell check refused none the
# two others took there: kept as the guard against a whole half-cell shift, which the corner check does
# not move. Looked at after these were set (frames 27, 30, .. 54 of both seeds): over half a cell off 0
# of 381 pass, between 0.3 and 0.5 1 of 161 (134092 board-048 from one side a cell off, 0.35 off, margin
# 21: the refinement stopped short on a strong pattern), within 0.3 cells 579 of 1098. (The pattern
# places far less precisely than the lines where they show: hence the last try.)
_PATTERN_CELL = 8  # px per cell of the view the whole cells' means are taken from
_PATTERN_STEPS = (0.25, 0.125, 0.0625, 0.03125)  # cells a corner moves by, in turn (_pattern_refined)
_PATTERN_ROUNDS = 12  # moves at most at each step
_UNIT_MOVES = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
# the board's square in cells moved 1 cell, whole (8 ways) then each corner alone (4 x 8 ways): 40 x 4 x 2
_PATTERN_MOVES = np.array([np.where(np.isin(np.arange(4), moved)[:, None], (dx, dy), 0.0)
                           for moved in ((0, 1, 2, 3), (0,), (1,), (2,), (3,)) for dx, dy in _UNIT_MOVES], np.float32)
_WHOLE_PATTERN_MOVES = len(_UNIT_MOVES)  # the first this many move the whole grid
PATTERN_MARGIN = 5.0
PATTERN_HALF = 3.0
PATTERN_CORNER = 1.3
# A placement whose corner clearness falls short of PATTERN_CORNER, but not under PATTERN_CORNER_SETTLED,
# is taken when the pattern settles there: refined again from it moved half a cell (one corner 32 ways,
# the whole grid 8 ways) it comes back within PATTERN_BACK cells every time (_pattern_settles); one the
# refinement left short of the pattern's peak moves on from some of those starts. Rendered seed 241241
# board-064 (a white board with no grid lines, 36 % of the frame wide, turned 90 degrees, a dark table lit
# unevenly): the lines' refinement settles half a cell off on the labels' print and letters (margin 0.55),
# and the pattern places it 0.14 cells off (margin 7.8, whole 4.2) with a corner clearness of 1.24-1.27,
# coming back within 0.04 cells (by relative lightness 0.38 off, whole 2.6: refused, and it moves on 0.24).
# Measured (/tmp/vsmall/harness2.py, vlineless's starts: the truth, moved half a cell, a cell, two cells,
# one corner or one side a cell, placed by either measure) in the part of the frame the search looks at,
# on 241241 frames 0, 10, .. 90 and 64 and development seed 134120 frames 0, 6, .. 54 (1722 placements):
# with margin and whole clearness passing and the corner clearness 1.2-1.3, over half a cell off 1 (back
# 0.32: refused), 0.3-0.5 off 12, 6 of them taken (all 241241 board-040, 0.32-0.48 off, back 0.03-0.1,
# where the corner check takes 17 such placements already), within 0.3 cells 172, 162 taken (backs 0.08
# at most); 4 of the 21 boards (241241-000, -064, 134120-042, -054) placed only so.
PATTERN_CORNER_SETTLED = 1.2
PATTERN_BACK = 0.1
# rough placements of a part's search placed by the pattern: on board-048 the first, second and fourth
# of its busy part's end within 0.1 cells; each costs some 30 pattern scorings of 40 grids. After them, the later
# rough placements not taken whose placement_margin as they came reaches PATTERN_MARGIN (the bar the pattern's own
# placement must pass; _candidates works the margin out for its second pass anyway). Rendered seed 261261 board-054 (a
# paper board with no grid lines, 69 tiles, 34 px cells; `/tmp/vnotloc30/pat.py`): its first two rough placements
# lie 8.3 and 3.4 cells off (margins 1.32, 0.78: the pattern places neither), its third 0.23 off (margin 84.6), the
# only one of its ten to reach PATTERN_MARGIN: placed by the pattern from it 0.05 cells off (margin 34.1, clearness
# 5.2 and 1.24), not located before. Evidence (`/tmp/vnotloc30/ev.py`: every rough placement of the whole frame's search with its
# error and margin, and the pattern's placement from those of margin 2.5 or more; 342 dev frames: 261261, 260260,
# dev seeds 134151 and 134152 whole, 266266 and 262262 in part): of 2019 rough placements over 1.5 cells off none
# reaches it (3.68 at most), of 365 0.5-1.5 off 30 do, of 329 within 0.5 cells 268; placed by the pattern from the
# 298 that reach it: 227 within 0.3 cells, 4 0.3-0.5 (as the pattern places from near starts, see
# PATTERN_CORNER_SETTLED), 0 farther, 67 refused. Frames with no board (/tmp/vspeed6/noboard, t35) have none.
PATTERN_ROUGHS = 2


def _lab(small: np.ndarray) -> np.ndarray:
    """The work image in Lab (float32): what _whole_cells_scores warps, converted once per placement."""
    return cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)


def _whole_cells_scores(lab: np.ndarray, placements: list[np.ndarray], relative: bool) -> np.ndarray:
    """The premium pattern's score (_pattern_scores; `relative`: of the lightness among the
    neighbours) of each placement (4x2 corners of the work image, `lab`: _lab of it), on the means of
    its whole cells."""
    means = _whole_cells_means(lab, placements)
    return _pattern_scores(_relative_lightness(means) if relative else means)


def _whole_cells_means(lab: np.ndarray, placements: list[np.ndarray]) -> np.ndarray:
    """The Lab means of each placement's whole cells (N x 15 x 15 x 3; see _whole_cells_scores)."""
    cell = _PATTERN_CELL
    side = 15 * cell
    views = np.empty((len(placements) * side, side, 3), np.float32)
    for k, corners in enumerate(placements):
        cv2.warpPerspective(lab, cv2.getPerspectiveTransform(np.asarray(corners, np.float32), _canonical(cell)),
                            (side, side), dst=views[k * side:(k + 1) * side], flags=cv2.INTER_LINEAR,
                            borderMode=cv2.BORDER_REPLICATE)
    means: np.ndarray = cv2.resize(views, (15, 15 * len(placements)),
                                   interpolation=cv2.INTER_AREA).reshape(len(placements), 15, 15, 3)
    return means


def _pattern_moved(corners: np.ndarray, step: float) -> list[np.ndarray]:
    """`corners` with the whole grid, then each corner alone, moved `step` cells each of 8 ways (_PATTERN_MOVES)."""
    to_frame = cv2.getPerspectiveTransform(_canonical(1), np.asarray(corners, np.float32))
    squares = _canonical(1)[None] + step * _PATTERN_MOVES
    return list(cv2.perspectiveTransform(squares.reshape(1, -1, 2), to_frame)[0].reshape(-1, 4, 2))


def _pattern_refined(lab: np.ndarray, corners: np.ndarray, relative: bool) -> np.ndarray:
    """`corners` (work-image, frame order; `lab`: _lab of the work image) moved, whole or one corner at
    a time, to where the premium pattern of whole cells scores best (_whole_cells_scores), in ever
    smaller steps (_PATTERN_STEPS)."""
    corners = np.asarray(corners, np.float32)
    best = float(_whole_cells_scores(lab, [corners], relative)[0])
    for step in _PATTERN_STEPS:
        for _ in range(_PATTERN_ROUNDS):
            moved = _pattern_moved(corners, step)
            scores = _whole_cells_scores(lab, moved, relative)
            k = int(np.argmax(scores))
            if scores[k] <= best:
                break
            best, corners = float(scores[k]), moved[k]
    return order_corners(corners)


def _pattern_clearness(lab: np.ndarray, corners: np.ndarray, relative: bool) -> tuple[float, float]:
    """How clearly the premium pattern of whole cells puts the board at `corners` rather than half a
    cell off: its score over the best of the whole grid moved half a cell (8 ways), and over the
    best of one corner moved half a cell (32 ways)."""
    scores = _whole_cells_scores(lab, [np.asarray(corners, np.float32)] + _pattern_moved(corners, 0.5), relative)
    whole, corner = scores[1:1 + _WHOLE_PATTERN_MOVES], scores[1 + _WHOLE_PATTERN_MOVES:]
    return float(scores[0] / max(whole.max(), 1e-6)), float(scores[0] / max(corner.max(), 1e-6))


# A placement its lines take is also asked of the premium pattern of whole cells (_half_cell_pattern, _settled's last
# check): refused where the whole grid moved half a cell (8 ways) scores better by both lightness measures (plain,
# relative). Lines can fit half a cell off: on a blurred board whose own lines are faint, the tiles' edges and shadows
# make a grid of lines of their own. Rendered development seed 134349 board-046 (a green board on a wooden table, 64
# light wooden tiles) was placed 0.61 cells off so, its lines fitting 0.83 and its margin over the rivals a cell off
# 1.65 (PLACEMENT_MARGIN 1.3): 37 squares called blocked, 32 of 64 tiles read, an O read Q 0.98. Its clearness there
# 0.69; refused, the premium pattern alone places it 0.1 cells off (_pattern_candidates) and 63 of the 64 are read.
# HALF_PATTERN is the bar's own meaning (a grid half a cell away fits the pattern better), not tuned. Measured
# (/tmp/lead42/hcev.py: board_candidates' first two placements, the check's value logged and its bar lifted): dev seeds
# 134340-134351 as rendered (720 boards), 134340-134347 through the bench's `--tilt 15 --scale 0.6 --turn 45` (480),
# 134340-134345 through `--tilt 25 --scale 0.7 --turn 120` (360), and the fresh 134352-134353 as rendered and through
# `--tilt 20 --scale 0.35 --turn 200` (240): the 1670 placements by lines within 0.3 cells of the truth are 1.50 or
# more (134341 board-045 through the 25-degree view), the one over 0.3 off (that board) 0.69. At the truth itself
# (halfmoved.py, 60 boards of 134340 and 134348) 2.17 or more; at the truth moved 0.5 cells (480) 0.51 at most, moved
# 0.4 all under 1, moved 0.3 80 % under 1.
HALF_PATTERN = 1.0


def _half_cell_pattern(at: np.ndarray, corners: np.ndarray) -> float:
    """How clearly the premium pattern of whole cells puts a board placed by its lines at `corners` (`at`'s
    coordinates, frame order) rather than half a cell off: its score over the best of the whole grid moved half a
    cell (8 ways), by the lightness measure that puts it there more clearly (plain or relative; see HALF_PATTERN).
    Only the part of `at` the grids sample is converted to Lab (a finer frame whole took some 10 ms a placement); the
    placement lies in the image (its margin was judged there: placement_margin gives 0 to one leaving it)."""
    placements = [np.asarray(corners, np.float32)] + _pattern_moved(corners, 0.5)[:_WHOLE_PATTERN_MOVES]
    h, w = at.shape[:2]
    reach = np.concatenate(placements)
    # the bilinear samples of every cell lie inside the grids' box, a pixel or two round it at most
    x0, y0 = np.clip(np.floor(reach.min(axis=0)).astype(int) - 2, 0, [w, h])
    x1, y1 = np.clip(np.ceil(reach.max(axis=0)).astype(int) + 3, 0, [w, h])
    shift = np.array([x0, y0], np.float32)
    means = _whole_cells_means(_lab(at[y0:y1, x0:x1]), [p - shift for p in placements])
    clearness = [scores[0] / max(scores[1:].max(), 1e-6)
                 for scores in (_pattern_scores(measure) for measure in (means, _relative_lightness(means)))]
    return float(max(clearness))


def _pattern_settles(lab: np.ndarray, corners: np.ndarray, relative: bool) -> bool:
    """Whether the premium pattern, refined again (_pattern_refined) from `corners` (work image, frame
    order) moved half a cell (one corner 32 ways, then the whole grid 8 ways), comes back within
    PATTERN_BACK cells of them every time (see PATTERN_CORNER_SETTLED); stops at the first that does not."""
    cell = smallest_square_px(corners)
    moved = _pattern_moved(corners, 0.5)
    return all(np.abs(_pattern_refined(lab, order_corners(start), relative) - corners).max() <= PATTERN_BACK * cell
               for start in moved[_WHOLE_PATTERN_MOVES:] + moved[:_WHOLE_PATTERN_MOVES])


def _placed_by_pattern(small: np.ndarray, gray: np.ndarray, scale: float, rough: np.ndarray,
                       relative: bool) -> BoardLocation | None:
    """A rough placement (work-size corners in frame order; `gray`: the work image's grey) placed by
    the premium pattern alone (see _PATTERN_CELL), or None when the pattern does not put it clearly there."""
    lab = _lab(small)
    corners = _pattern_refined(lab, rough, relative)
    margin, _ = placement_margin(small, corners)
    if margin < PATTERN_MARGIN:
        return None
    whole, corner = _pattern_clearness(lab, corners, relative)
    if whole < PATTERN_HALF or corner < PATTERN_CORNER_SETTLED:
        return None
    if corner < PATTERN_CORNER and not _pattern_settles(lab, corners, relative):
        return None
    found = order_corners(corners / scale)
    if smallest_square_px(found) < MIN_CELL_PX:
        return None
    return BoardLocation(corners=found, grid_score=whole, margin=margin, line_fit=line_fit(gray, corners))


def _pattern_candidates(small: np.ndarray, scale: float, gray: np.ndarray,
                        roughs: list[tuple[np.ndarray, bool]]) -> Iterator[BoardLocation]:
    """Boards of a frame (or a part of one) placed by the premium pattern alone (_placed_by_pattern)
    from the first PATTERN_ROUGHS rough placements of its search (`roughs`, as _candidates kept them),
    with the checks after the refinement that ask the pattern (_beaten_by_a_shift, _span_margin):
    board_candidates' last try when its lines placed no board. `small`, `scale`, `gray`: the frame's
    work images (_work_images), as _candidates takes them."""
    for rough, relative in roughs:
        found = _placed_by_pattern(small, gray, scale, rough, relative)
        if found is None or _beaten_by_a_shift(small, found.corners * scale):
            continue
        if _span_passes(small, order_corners(found.corners * scale)):
            yield found


# Boards whose grid shows every other line only are placed by those lines (_placed_half_lined), board_candidates'
# last try of all, after the premium pattern alone placed none: the rough placements the pattern was given
# (`roughs`) refined on the lines as _settled refines them (at the finer scale where it would), and taken
# only when the premium pattern clearly places the grid there, by the pattern alone's bar (placement_margin
# over PATTERN_MARGIN, then _beaten_by_a_shift and _span_passes), every other line of it, each way, fits
# as a board's lines must (the pieces of the lines of one parity per axis: LINE_FIT over them, FINE_CORNER_FIT
# at the worst corner) and the others fall between lines (_line_parity under LINE_PARITY: else the lines'
# own checks judged it). Such a grid is, by its lines, also a grid of half a board's spacing over a board
# (what LINE_PARITY refuses); the pattern tells them apart: only the board's own grid beats its rivals a
# cell off by PATTERN_MARGIN. The renderer's paper board draws its lines so where they are a texture pixel
# wide or less (boards.draw_board's half-lines of 0.5 px round half to even: 2 and 0 px in turn at an odd
# cell, none at an even one). Rendered development seed 134298 board-678 (0.39 of the frame, 50 cream tiles):
# its rough placements 0.11-0.26 cells off, clearly placed (margins 63), are refused on their lines (half
# the pieces fit: every other line) and by the pattern alone (corner clearness 1.17 under 1.2): not located
# before; placed so 0.07-0.11 cells off (and round 33's 274274 board-076, tests/test_vision_vfaint33.py: 0.08
# off, margin 10.5). 134299 board-2886 (0.33, 60 dark red tiles) stays not located: refined
# 0.09 off, its margin there 3.4. Only a rough placement clearly placed as it came (PLACEMENT_MARGIN, as
# _candidates' second look asks) is refined: the board too small to read of tests/test_vision_locate.py
# refines no more. No threshold of its own. Asked of every frame whatever came before (`/tmp/vpaper38/ev.py`:
# the whole frame's and every part's rough placements, before the PLACEMENT_MARGIN guard): on the 63 paper
# boards at 0.32-0.46 of the frame among development seeds 134298-134303's boards 0-2999 (6 of them showing
# every other line, one no line) it took 5 placements on 3 boards, all showing every other line, 0.07-0.12 cells off; on
# 134298's boards 0-99 (every style) none.
def _placed_half_lined(small: np.ndarray, gray: np.ndarray, scale: float,
                       finer: Callable[[], tuple[np.ndarray, np.ndarray, float]],
                       rough: np.ndarray) -> BoardLocation | None:
    """A rough placement (work-size corners in frame order) refined on its lines and taken when every other
    line of it fits and the premium pattern places it clearly (see the comment above), else None."""
    if placement_margin(small, rough)[0] < PLACEMENT_MARGIN:
        return None  # not clearly placed as it came: not refined (a frame with no readable board is given up sooner)
    at, at_gray, at_scale = small, gray, scale
    if np.linalg.norm(rough[1] - rough[0]) / 15 < FINE_CELL and scale < 1.0:
        at, at_gray, at_scale = finer()
        rough = rough * (at_scale / scale)
    at_grey = at_gray.astype(np.float32)
    corners = order_corners(_refine(at_grey, rough, 3, wide=True, scored=False)[0])
    found = order_corners(corners / at_scale)
    if smallest_square_px(found) < MIN_CELL_PX:
        return None
    margin, _ = placement_margin(at, corners)
    if margin < PATTERN_MARGIN:
        return None
    refined = _scored(at_grey, corners)
    fit = _half_lined_fit(refined[2])
    if fit[0] < LINE_FIT or fit[1] < FINE_CORNER_FIT or _line_parity(at_grey, corners, refined) >= LINE_PARITY:
        return None
    work = found * scale
    if _beaten_by_a_shift(small, work) or not _span_passes(small, work):
        return None
    return BoardLocation(corners=found, grid_score=refined[1], margin=margin, line_fit=fit[0])


def _half_lined_fit(fitted: _Fitted) -> tuple[float, float]:
    """How every other grid line of a placement (each axis: the even lines or the odd ones, whichever fit
    better) fits: the share of their pieces that fit (_line_pieces; the worse axis) and that share at the
    worst corner (_corner_fit over those lines). `fitted`: the view _scored scored the placement on."""
    pieces = _line_pieces(fitted.view, REFINE_CELL, REFINE_CELL, fitted.response)
    drawn = np.zeros(pieces.shape[:2], bool)
    for axis in (0, 1):
        even, odd = pieces[axis, 0::2].mean(), pieces[axis, 1::2].mean()
        drawn[axis, (0 if even >= odd else 1)::2] = True
    share = min(float(pieces[axis][drawn[axis]].mean()) for axis in (0, 1))
    return share, _corner_fit(pieces, drawn)


def _half_lined_candidates(frame: np.ndarray, small: np.ndarray, scale: float, gray: np.ndarray,
                           roughs: list[tuple[np.ndarray, bool]]) -> Iterator[BoardLocation]:
    """Boards of a frame (or a part of one) placed by every other grid line (_placed_half_lined) from the rough
    placements the premium pattern alone was given (`roughs`): board_candidates' last try."""
    finer = _finer_when_needed(frame, scale)
    for rough, _ in roughs:
        found = _placed_half_lined(small, gray, scale, finer, rough)
        if found is not None:
            yield found


def _settled_span(small: np.ndarray, gray: np.ndarray, scale: float,
                        finer: Callable[[], tuple[np.ndarray, np.ndarray, float]], rough: np.ndarray, relative: bool,
                        along: int) -> tuple[BoardLocation | None, bool]:
    """_settled's placement, taken when the premium pattern puts the board there rather than on a
    grid spaced otherwise along one axis (_span_margin, at the work size: SPAN_MARGIN); where
    such a grid beats it, that grid is refined and checked as the rough placement was (_settled), and
    taken when it passes both; never one the pattern puts whole cells away (_beaten_by_a_shift). _settled's
    answer as to the lines' fit when it takes none."""
    found, fit_lost = _settled(small, gray, scale, finer, rough, relative, along)
    if found is None:
        return None, fit_lost
    if _beaten_by_a_shift(small, found.corners * scale):
        return None, False  # the whole grid whole cells off: another rough placement finds the board
    margin, rival = _span_margin(small, order_corners(found.corners * scale))
    if margin >= SPAN_MARGIN:
        return found, False
    found, _ = _settled(small, gray, scale, finer, order_corners(rival), relative, along)
    if (found is None or _beaten_by_a_shift(small, found.corners * scale)
            or not _span_passes(small, order_corners(found.corners * scale))):
        return None, False
    return found, False


# A placement of a larger frame refined at the work size whose lines fit there but one of whose
# corners gains by a move (HALF_CELL_GAIN, WHOLE_CELL_GAIN) is refined and checked again at the finer
# scale, as one whose lines do not fit is (FINE_CORNER_FIT), with the same checks there. On boards
# of 17-21 px cells at the work size the corners' faded lines gained by a half-cell move that gains
# nothing at the finer scale: development seed 88028 board-007 (a pale board, purple tiles; 0.05 cells
# off, margin 4.2, line fit 0.74, worst corner 0.83, half-cell gain 0.132-0.153 at the work size,
# 0.004 at the finer scale) and 89029 board-054 (a green board, white rim, glare; 0.06-0.09 off,
# margin 11.2, gain 0.149-0.177; the truth itself gains 0.155 at the work size, -0.064 finer): both
# not located before, both found 0.03 cells off. Measured on grids refined at the work size (as
# _settled's first refinement) from the truth and from it with one corner a cell off (8 ways) or two
# along a diagonal (4 ways), each refused there by a gain looked at again as here: development seed
# 330417 frames 0-79 (where HALF_CELL_GAIN was measured): 2243 ended over half a cell off, 3 of them
# (0.51-0.84) passed the margin and the lines and were refused by the half-cell gain; at the finer
# scale they refined to within 0.03 cells and were taken there. Of all 26 refused by a gain there, 18
# were taken at the finer scale, every one within 0.3 cells (0.02-0.14), and 8 refused there too
# (frame 3's right placement: whole-cell gain 0.052-0.067 at the finer scale). 62002 frames 23, 37, 43
# (WHOLE_CELL_GAIN's wrong placements): none refused by a gain (88 over half a cell off, refused by the
# margin or the lines). Development seeds 88028, 89029, 93033, 94034 (every fourth frame): 1599 over
# half a cell off, 4 refused by a gain (0.54-0.92 off): 3 taken at the finer scale within 0.07 cells, 1
# refused there too (89029 frame 24: 0.82 off, worst corner 0.27).
def _settled_finer(finer: Callable[[], tuple[np.ndarray, np.ndarray, float]], corners: np.ndarray, scale: float,
                   along: int) -> BoardLocation | None:
    """A placement at the work size whose lines fit but one of whose corners gains by a move there
    (HALF_CELL_GAIN, WHOLE_CELL_GAIN), refined and checked again at the finer scale (see the comment
    above); taken when it passes every check there, else None."""
    fine = _at_finer(finer, corners, scale, along)
    if fine.fit is None or not _fits(fine.fit.shown, FINE_CORNER_FIT):
        return None
    found = order_corners(fine.corners / fine.scale)
    if smallest_square_px(found) < MIN_CELL_PX or _unsettled(fine.grey, fine.corners, fine.refined, last=True) is not None:
        return None
    if _half_cell_pattern(fine.at, fine.corners) < HALF_PATTERN:
        return None  # the premium pattern puts the board half a cell away (as _settled asks)
    return BoardLocation(corners=found, grid_score=fine.refined[1], margin=fine.margin, line_fit=fine.fit.shown[0])


def locate_board(frame: np.ndarray, hint: np.ndarray | None = None) -> BoardLocation | None:
    """Find the playing area: near `hint` (frame-coordinate corners) when given, else the
    best of board_candidates."""
    if hint is None:
        return next(board_candidates(frame), None)
    return _fit_near(frame, hint)


def _fit_near(frame: np.ndarray, hint: np.ndarray) -> BoardLocation:
    """The playing area fitted again near `hint` (frame-coordinate corners)."""
    # following a board needs only its lines: grey first, then shrunk (one channel to average,
    # not three; the same area means up to rounding to whole levels)
    shrunk, scale = _shrink(_gray(frame))
    corners, score, _ = _refine(shrunk, order_corners(np.asarray(hint, dtype=np.float32) * scale), 1)
    return BoardLocation(corners=order_corners(corners / scale), grid_score=score)


class BoardFollower:
    """One board followed from frame to frame (a reader's own): fitted again near its last
    corners (as locate_board with them as the hint), or, when those corners are the ones this
    gave for an earlier frame and the board's border has stayed where it was in that frame
    (locate_still), the same location again: a board that has not moved is not fitted anew.
    A fit near corners whose border is known (this follower's last fit, or a location found afresh:
    `placed`) that does not carry that border along is no follow (locate_still.carried), unless the border
    held where it was under a hand (locate_still.held)."""

    def __init__(self) -> None:
        self._last: BoardLocation | None = None  # the location this gave for the last frame it fitted
        self._border: BorderProfiles | None = None  # the border seen at `_border_of` on that frame
        self._border_of: BoardLocation | None = None

    def placed(self, frame: np.ndarray, location: BoardLocation) -> None:
        """The board located afresh at `location` in `frame`: the next frame's fit near it must carry its border
        there along (a board swapped or moved between the two frames is located afresh again), and is fitted."""
        self._last, self._border_of = None, replace(location, corners=np.array(location.corners, np.float32))
        self._border = border_profiles(frame, self._border_of.corners)

    def follow(self, frame: np.ndarray, hint: np.ndarray) -> BoardLocation | None:
        """The board's location near `hint`; None when the board moved where the near fit did not follow it
        (locate_still.carried: the border at the new fit is not the one it had): locate it afresh. A fit that does
        not carry the border while the border's pixels a hand leaves hold the board where it was (locate_still.held)
        was pulled by the hand: the location the border was seen at stands, and that border is kept."""
        hint = np.asarray(hint, dtype=np.float32)
        last, border, seen_at = self._last, self._border, self._border_of
        if border is None or seen_at is None or not np.array_equal(seen_at.corners, hint):
            border = None  # no border seen at these corners to compare with
        elif last is not None and stayed(frame, border):
            return replace(last, corners=last.corners.copy())  # a caller's own copy, as a fit gives
        found = _fit_near(frame, hint)
        if border is not None and seen_at is not None and not carried(frame, border, found.corners):
            if held(frame, border):
                return replace(seen_at, corners=seen_at.corners.copy())
            self._last, self._border, self._border_of = None, None, None
            return None
        self._last = self._border_of = replace(found, corners=found.corners.copy())
        self._border = border_profiles(frame, found.corners)
        return found
