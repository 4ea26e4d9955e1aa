"""Whether a board followed from frame to frame has stayed where it was, without searching for
it again: the frame's grey across the playing area's border lines, compared with the frame the
corners were last fitted on.

Each side of the border is cut into STILL_SEGMENTS pieces; along each piece the grey is taken on
lines across the border (every pixel, STILL_ACROSS of a cell each way) and the median along the
piece gives its profile across the border (a tile, a finger or a speck on a few of the lines
leaves it as it is). A piece has stayed when its profile now differs from the stored one by
less than STILL_SHARE of what the stored profile differs from itself moved STILL_MOVE of a cell
either way: a border moved that far or more changes the profile as much as that, and where a
piece shows nothing that such a move would change (a plain rim, a faint line), the test cannot
pass and the board is fitted anew, as before. The board has stayed when every piece has.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

STILL_SEGMENTS = 3  # pieces per side of the border
STILL_ALONG = 20  # lines across the border per piece
STILL_ACROSS = 0.3  # how far (cells) each line reaches to either side of the border
# A piece has stayed when its profile changed (less its median change: the light or the camera's
# exposure moves a whole profile) by less than STILL_SHARE of what a move of STILL_MOVE cells would
# change it. Measured in development (no held-out set): moving the frame by 0.1 of a cell (across,
# down, or turning it about the board's middle) changed the pieces by at least 0.74 of that, on
# 29 rendered frames of development seed 330417 and the 11 jheidel-en photos, and by at least 0.9 on
# scrabscrap-v1's 50 photos that follow another; the same rendered frames with grey noise (sd 4
# levels) by 0.40 at most. Consecutive photos of a scrabscrap-v1 game with the board where it was
# (tracked corners 0.01-0.04 cells apart) changed 0.16-0.46 (39 of them); the other 11 more (among
# them the photos where the board was moved, up to half a cell, or something lay over its border).
STILL_MOVE = 0.05
STILL_SHARE = 0.5
# A board fitted again where it moved has followed it when its border at the new fit shows the profiles it
# showed at the last fit: a piece has come along when its profile changed by less than CARRIED_CHANGE times
# its stayed limit (STILL_SHARE of a STILL_MOVE move), and the board when fewer than half its pieces did not
# (a hand over a side, a tile on the border). Measured in development (the piece at which half the pieces
# changed, in limits; /tmp/vseq33/seq2.py, realseq.py): boards still where they were, fitted again, 0.37-0.88
# on scrabscrap-v1's games (10 refits); on rendered game frames with a hand through the bench's camera view,
# 0.46-2.86 (dev seed 134198, --tilt 18 --scale 0.5 --turn 250, 12 refits, 5 over the limit) and 0.20-4.25 (dev
# seed 313313, --tilt 8 --scale 0.38 --turn 290, 16 refits, 7 over: fits 0.07-0.18 cells off under the hand),
# located afresh, which costs time, not squares; near fits 0.26 cells or more off a board moved 0.1-1.5 cells
# or turned 1-10 degrees, 1.88 and more (85 refits of 134198, 0.38 cells off at 1.88) and 2.21 and more (61 of
# 313313). The limit leans to the refusing side: a stale fit reads letters a cell off, a refusal costs time.
CARRIED_CHANGE = 1.25
# A board whose border's pixels stayed where they were on the pieces a hand or a tile leaves is still where it
# was, whatever the fit under the hand makes of it, when those pieces pin it: no small move of the board on the
# table (a shift, a turn about any point) nor of the camera nearer or farther (a scale) leaves them all in place.
# A piece stays under a move when the move carries it along its side, so the motions a held piece allows are
# those with no component across its side at its middle: the pieces pin the board when the four motions' across
# components on them (PIECE_MOTIONS, a row a piece) have rank 4, i.e. their least singular value is not 0 (it
# is 0 or at least 0.263 for any set of the 12 pieces; HELD_LEAST halfway is only a floating-point margin).
# Measured in development (/tmp/vseqhand33/seq3.py, pin.py: vseq33's rendered games of dev seed 134198, boards
# 0-7, through --tilt 18 --scale 0.5 --turn 250): of 14 refits of a still board (a hand over it, or just gone)
# 13 pinned (least singular value 0.35-1.89; the 14th, with 2 pieces left by the hand, not), of 112 refits of
# a board shifted 0.1-1.5 cells, turned 1-10 degrees about its middle or a corner, or swapped, none (0 each:
# a shift along a side leaves that side and the opposite one in place, a small turn the sides' middles or the
# pieces at its corner).
HELD_LEAST = 0.1


@dataclass(frozen=True)
class BorderProfiles:
    """Where the border's lines are sampled in the frame (flat pixel indices) and the profiles
    found there (sides x pieces x across)."""
    shape: tuple[int, ...]
    at: np.ndarray
    profiles: np.ndarray
    move_px: int  # STILL_MOVE in the frame's pixels
    limit: np.ndarray  # per piece, the change under which it stayed (STILL_SHARE of _moved_by), worked out once


def _profiles(frame: np.ndarray, at: np.ndarray, across: int) -> np.ndarray:
    if frame.ndim == 3 and frame.shape[2] == 3:
        # the grey is the channels' mean: their whole sum is exact in float32, and divided by 3 it
        # is the very number mean(axis=1) gives (0.15 where the mean took 0.4 ms)
        pixels = frame.reshape(-1, 3)[at]
        grey = (pixels[:, 0].astype(np.float32) + pixels[:, 1] + pixels[:, 2]) / np.float32(3)
    else:
        pixels = frame.reshape(-1, frame.shape[2]) if frame.ndim == 3 else frame.reshape(-1, 1)
        grey = pixels[at].astype(np.float32).mean(axis=1)
    # the median along each piece: the mean of its middle two of STILL_ALONG (an even number), as np.median
    ordered = np.sort(grey.reshape(4, STILL_SEGMENTS, STILL_ALONG, across), axis=2)
    return (ordered[:, :, STILL_ALONG // 2 - 1] + ordered[:, :, STILL_ALONG // 2]) / np.float32(2)


def carried(frame: np.ndarray, border: BorderProfiles, corners: np.ndarray) -> bool:
    """Whether the board whose `border` was sampled on an earlier frame shows that border at `corners` (frame
    order) in `frame`: a fit that followed the board where it was moved or turned carries its border along;
    one left where the board was (the near fit follows a few tenths of a cell at most), or moved onto another
    board, does not. Pieces compared as in `stayed` (the light changed alike along a profile taken out)."""
    again = border_profiles(frame, corners, border.profiles.shape[-1] // 2)
    if again is None:  # too small to sample now: nothing tells
        return True
    change = _profile_change(again.profiles, border.profiles)
    return 2 * int(np.count_nonzero(change >= CARRIED_CHANGE * border.limit)) < change.size


def border_profiles(frame: np.ndarray, corners: np.ndarray, reach: int | None = None) -> BorderProfiles | None:
    """The border profiles of the board at `corners` (frame order) in `frame`; None when its
    cells are too small to sample across (under 10 px) or the corners are no points. `reach`: the
    px sampled to either side of the border (STILL_ACROSS of a cell when not given)."""
    square = np.array([[0, 0], [15, 0], [15, 15], [0, 15]], np.float32)
    corners = np.asarray(corners, np.float32)
    if not np.isfinite(corners).all():
        return None
    cell = float(min(np.linalg.norm(corners[k] - corners[(k + 1) % 4]) for k in range(4)) / 15)
    if cell < 10:
        return None
    reach = int(STILL_ACROSS * cell) if reach is None else reach
    offsets = np.arange(-reach, reach + 1) / cell  # cells, a pixel apart
    along = (np.arange(STILL_SEGMENTS * STILL_ALONG) + 0.5) / (STILL_SEGMENTS * STILL_ALONG) * 15
    sides = []
    for k in range(4):
        start, step = square[k], (square[(k + 1) % 4] - square[k]) / 15
        normal = np.array([-step[1], step[0]])
        sides.append(start + along[:, None, None] * step + offsets[None, :, None] * normal)
    points = cv2.perspectiveTransform(np.stack(sides).reshape(1, -1, 2).astype(np.float64),
                                      cv2.getPerspectiveTransform(square, corners))[0]
    h, w = frame.shape[:2]
    x = np.clip(np.round(points[:, 0]), 0, w - 1).astype(np.int64)
    y = np.clip(np.round(points[:, 1]), 0, h - 1).astype(np.int64)
    at = y * w + x
    profiles, move_px = _profiles(frame, at, len(offsets)), max(1, round(STILL_MOVE * cell))
    return BorderProfiles(frame.shape, at, profiles, move_px, STILL_SHARE * _moved_by(profiles, move_px))


def _moved_by(profiles: np.ndarray, d: int) -> np.ndarray:
    """Mean difference of each profile from itself moved d px across the border (sides x pieces)."""
    return np.abs(profiles[..., d:] - profiles[..., :-d]).mean(axis=-1)


def stayed(frame: np.ndarray, border: BorderProfiles) -> bool:
    """Whether the board whose `border` was sampled on an earlier frame is still there in `frame`."""
    return frame.shape == border.shape and bool(_pieces_stayed(frame, border).all())


def held(frame: np.ndarray, border: BorderProfiles) -> bool:
    """Whether the board whose `border` was sampled on an earlier frame is still there in `frame`, told by the
    pieces of its border that stayed (the others under a hand or a tile) when they pin it (HELD_LEAST): the
    pixels themselves compared, whatever a fit in `frame` made of them."""
    if frame.shape != border.shape:
        return False
    motions = PIECE_MOTIONS[_pieces_stayed(frame, border).ravel()]
    return len(motions) >= 4 and float(np.linalg.svd(motions, compute_uv=False)[-1]) >= HELD_LEAST


def _piece_motions() -> np.ndarray:
    """Per piece of the border (sides x pieces, flat), how far across its side (outward, cells) its middle moves
    when the board shifts a cell right, a cell down, turns about its middle by 1/7.5 radian (its sides' middles
    then move a cell) and grows by one 7.5th (its sides move a cell out)."""
    square = np.array([[0, 0], [15, 0], [15, 15], [0, 15]], np.float64)
    rows = []
    for k in range(4):
        start, step = square[k], (square[(k + 1) % 4] - square[k]) / 15
        outward = np.array([step[1], -step[0]])
        for piece in range(STILL_SEGMENTS):
            x, y = start + step * (piece + 0.5) * 15 / STILL_SEGMENTS - 7.5  # the piece's middle, from the board's
            rows.append([outward[0], outward[1], (outward[1] * x - outward[0] * y) / 7.5, (outward @ (x, y)) / 7.5])
    return np.array(rows)


PIECE_MOTIONS = _piece_motions()


def _pieces_stayed(frame: np.ndarray, border: BorderProfiles) -> np.ndarray:
    """Per piece (sides x pieces), whether its profile at the border's pixels changed by under its limit."""
    return _profile_change(_profiles(frame, border.at, border.profiles.shape[-1]), border.profiles) < border.limit


def _profile_change(now: np.ndarray, before: np.ndarray) -> np.ndarray:
    """Per piece, how much its profiles (`now` against `before`, pixels across last) changed: the mean absolute
    change less its median, the light changed alike along a profile taken out."""
    across = before.shape[-1]  # an odd number (a pixel each way, and the border's own): its median
    change = now - before  # is the middle one sorted, as np.median
    change -= np.sort(change, axis=-1)[..., across // 2, None]
    return np.abs(change).mean(axis=-1)
