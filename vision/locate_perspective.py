"""The perspective of a board's grid, from the frame's edges alone (vision.locate searches the
board again in the view this gives when the plain search cannot see the grid as well).

Each strong, one-directional edge pixel (structure tensor) is a short line; the grid's two
families of lines meet in two vanishing points (RANSAC over pairs, then least squares), and the
line through both sends the board to a view where its lines are parallel and square to the view.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

VP_POINTS = 2500  # edge pixels used (a fixed random sample: the same frame gives the same answer)
VP_HYPOTHESES = 1000  # pairs of edges tried (200 or 500 missed a family on some tilted frames)
VP_JUDGED = 300  # edges each pair's meeting point is judged on
VP_FAMILY = 35.0  # degrees each side of the main edge direction that count as the first family
VP_APART = 20.0  # degrees an edge of the second family stands at least off the way to the first vanishing point
VP_TOLERANCE = 0.01  # sine of the angle an edge may make with the line to its vanishing point (0.6 deg)
VP_COHERENT = 0.8  # structure-tensor coherence (squared) of an edge pixel: one direction, not a corner
GUESS_BLOCK = 64  # vanishing point guesses judged at a time (family_vanishing_point)
# perspective worth a view of its own: the grid's scale varies by this factor across its edge
# pixels, or the two families stand this many degrees off square. The plain search fits
# equally spaced combs and vision.locate's refinement bends them for about 15 % (far edge 0.85
# of the near one)
PERSPECTIVE = 1.08
OFF_SQUARE = 3.0
# the view is drawn so the grid's edge pixels span this share of it; a board smaller than
# SMALL_BOARD of the work image is zoomed in so (coarse to fine: its cells are too small to comb)
VIEW_FILL = 0.85
SMALL_BOARD = 0.6
# rectifier(crossed=True) keeps the edge pixels with both families' edges within CROSS_REACH of the image's
# longer side each way: a board's grid crosses every cell, a mat's or the table's long straight edges only at
# their corners. 0.01 of a 640 px work image is 6 px, about half the far squares of the smallest board read
# (MIN_CELL_PX at a busy part's work scale of 0.7: 11 px). Of the 7 dev boards over MIN_CELL_PX this view finds
# (vision.locate's last pool: seeds 360360 and 134254 through the views there, round 37), 0.01 found all 7
# (0.03-0.06 cells off), 0.02 six, 0.03 six (134254 board-082 lost at both)
CROSS_REACH = 0.01


@dataclass(frozen=True)
class Rectifier:
    """The view in which a grid's perspective is undone, and how much there was to undo."""
    to_view: np.ndarray  # 3x3: work image -> a view in which the grid's lines run straight across and down
    spread: float  # largest over smallest local scale of the perspective over the grid's edge pixels
    off_square: float  # degrees the two line families stand off square once parallel
    extent: float  # the grid edge pixels' extent in the view, over the work image's size


def family_vanishing_point(lines: np.ndarray, points: np.ndarray, normals: np.ndarray,
                           rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Homogeneous vanishing point of one family of edge lines (rows a, b, c in normalised
    coordinates) and which edges meet in it."""
    m = len(lines)
    pairs = rng.integers(0, m, (2, 3 * VP_HYPOTHESES))
    # edges far apart (a tenth of the frame) meet at a well-defined point; neighbours on one line do not
    apart = np.linalg.norm(points[pairs[0]] - points[pairs[1]], axis=1) > 0.2
    pairs = pairs[:, apart][:, :VP_HYPOTHESES]
    if pairs.shape[1] == 0:  # every edge in one small patch: no vanishing point to find
        return np.zeros(3), np.zeros(m, dtype=bool)
    guesses = np.cross(lines[pairs[0]], lines[pairs[1]])
    guesses /= np.linalg.norm(guesses, axis=1, keepdims=True) + 1e-12

    px, py, nx, ny = (np.ascontiguousarray(a) for a in (points[:, 0], points[:, 1], normals[:, 0], normals[:, 1]))

    def meeting(v: np.ndarray, at: slice = slice(None)) -> np.ndarray:  # v: H x 3 -> H x m bool
        # the way d from each edge to each guess, a coordinate at a time (H x m each, contiguous:
        # the numbers of an H x m x 2 array's columns, in under half the time), and the sine of
        # its angle to the edge against VP_TOLERANCE
        dx = v[:, 0:1] - v[:, 2:3] * px[None, at]
        dy = v[:, 1:2] - v[:, 2:3] * py[None, at]
        sine = np.abs(dx * nx[None, at] + dy * ny[None, at])
        dx *= dx
        dy *= dy
        dx += dy
        length = np.sqrt(dx, out=dx)
        length += 1e-12
        length *= VP_TOLERANCE
        return sine < length
    # the guesses are judged on a random few of the edges (the sample is in random order), the
    # best one's edges then taken from all; GUESS_BLOCK guesses at a time (arrays that stay in the
    # processor's cache: the same counts in about a third of the time of all 1000 at once)
    judged = np.concatenate([meeting(guesses[k:k + GUESS_BLOCK], slice(VP_JUDGED)).sum(axis=1)
                             for k in range(0, len(guesses), GUESS_BLOCK)])
    best = guesses[int(np.argmax(judged))]
    keep = meeting(best[None])[0]
    v = best
    for _ in range(2):  # least squares over the edges that meet: the smallest eigenvector of L'L
        chosen = lines[keep]
        if len(chosen) < 3:
            break
        v = np.linalg.eigh(chosen.T @ chosen)[1][:, 0]
        keep = meeting(v[None])[0]
    return v, keep


def edge_pixels(jxx: np.ndarray, jyy: np.ndarray, jxy: np.ndarray,
                rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The strong, one-directional edge pixels of an image whose smoothed structure tensor is
    jxx, jyy, jxy (float32): up to VP_POINTS of them in random order (`rng`'s: the same frame gives
    the same answer), as rows, columns and each one's normal direction (radians)."""
    trace = jxx + jyy
    sample = trace[::4, ::4].ravel()
    strong = np.partition(sample, int(sample.size * 0.9))[int(sample.size * 0.9)]  # the strongest tenth
    at = np.flatnonzero(trace > strong)
    # the coherence of the strong pixels alone (about a tenth of the image; in row-major order, as
    # np.nonzero gives them): per pixel the very float32 numbers of the whole image's terms, without
    # the seven frame-sized float arrays and two masks that took
    strong_xy, strong_trace = jxy.take(at), trace.take(at)
    strong_diff = jxx.take(at) - jyy.take(at)
    coherent = strong_diff * strong_diff + 4 * strong_xy * strong_xy > VP_COHERENT * strong_trace * strong_trace
    ys, xs = np.divmod(at[coherent], jxx.shape[1])
    pick = rng.permutation(len(xs))[:VP_POINTS]  # in random order (see family_vanishing_point)
    theta = 0.5 * np.arctan2(2 * strong_xy[coherent][pick], strong_diff[coherent][pick])
    return ys[pick], xs[pick], theta


def where_families_cross(ys: np.ndarray, xs: np.ndarray, first: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Which edge pixels (rows `ys`, columns `xs`; `first`: those of the first family) have edge pixels of
    both families within CROSS_REACH of the image's longer side each way."""
    reach = np.ones((2 * round(CROSS_REACH * max(shape)) + 1,) * 2, np.uint8)
    near = []
    for family in (first, ~first):
        mask = np.zeros(shape[:2], np.uint8)
        mask[ys[family], xs[family]] = 1
        near.append(cv2.dilate(mask, reach) > 0)
    return np.asarray(near[0][ys, xs] & near[1][ys, xs])


def rectifier(gray: np.ndarray, crossed: bool = False) -> Rectifier | None:
    """The view of the work image in which the grid's two line families are parallel and
    square to the view's axes (up to their aspect), from their vanishing points; None when
    two families are not found. `crossed`: from the edge pixels where both families cross
    (where_families_cross) alone."""
    h, w = gray.shape
    gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)
    jxx, jyy, jxy = (cv2.boxFilter(a, -1, (5, 5)) for a in (gx * gx, gy * gy, gx * gy))
    rng = np.random.default_rng(0)
    ys, xs, theta = edge_pixels(jxx, jyy, jxy, rng)
    direction = (np.degrees(theta) + 90) % 180
    hist = np.bincount((direction // 2).astype(np.int64) % 90, minlength=90).astype(np.float64)
    hist = np.convolve(np.concatenate([hist[-2:], hist, hist[:2]]), np.ones(5), "same")[2:-2]
    main = (int(np.argmax(hist)) + 0.5) * 2
    family = np.abs((direction - main + 90) % 180 - 90) < VP_FAMILY
    if crossed:
        kept = where_families_cross(ys, xs, family, gray.shape)
        ys, xs, theta, family = ys[kept], xs[kept], theta[kept], family[kept]
    if len(xs) < 100:
        return None
    normals = np.stack([np.cos(theta), np.sin(theta)], axis=1)
    half = max(h, w) / 2
    points = np.stack([(xs - w / 2) / half, (ys - h / 2) / half], axis=1)
    lines = np.column_stack([normals, -(normals * points).sum(axis=1)])
    found: list[tuple[np.ndarray, np.ndarray]] = []
    for second in (False, True):
        if second:
            # the other family: every edge that does not run towards the first vanishing point
            # (an angular window around the first family's square misses much of a family that
            # a strong perspective fans out)
            v1 = found[0][0]
            d = v1[None, :2] - v1[2] * points
            sine = np.abs((d * normals).sum(axis=1)) / (np.linalg.norm(d, axis=1) + 1e-12)
            family = sine > np.sin(np.radians(VP_APART))
        if family.sum() < 30:
            return None
        v, keep = family_vanishing_point(lines[family], points[family], normals[family], rng)
        if keep.sum() < 20:
            return None
        found.append((v, points[family][keep]))
    (v1, p1), (v2, p2) = found
    horizon = np.cross(v1, v2)
    if abs(horizon[2]) < 1e-9:
        return None
    horizon = horizon / horizon[2]
    grid = np.vstack([p1, p2])
    depth = grid @ horizon[:2] + 1
    if depth.min() <= 0.05:  # the horizon runs through the grid: not a board's two families
        return None
    projective = np.array([[1, 0, 0], [0, 1, 0], horizon])
    d1, d2 = ((projective @ v)[:2] for v in (v1, v2))
    d1, d2 = d1 / np.linalg.norm(d1), d2 / np.linalg.norm(d2)
    if abs(d1[0]) < abs(d2[0]):
        d1, d2 = d2, d1  # d1: the family nearer the view's x axis
    d1, d2 = (d1 if d1[0] >= 0 else -d1), (d2 if d2[1] >= 0 else -d2)
    square = np.eye(3)
    square[:2, :2] = np.linalg.inv(np.column_stack([d1, d2]))
    normalise = np.array([[1 / half, 0, -w / 2 / half], [0, 1 / half, -h / 2 / half], [0, 0, 1]])
    to_square = square @ projective @ normalise
    pixels = np.column_stack([xs, ys]).astype(np.float64)
    in_square = cv2.perspectiveTransform(pixels[None], to_square)[0]
    low, high = np.percentile(in_square, 2, axis=0), np.percentile(in_square, 98, axis=0)
    size = max(h, w)
    zoom = VIEW_FILL * size / float((high - low).max())
    fit = np.array([[zoom, 0, size / 2 - zoom * (low[0] + high[0]) / 2],
                    [0, zoom, size / 2 - zoom * (low[1] + high[1]) / 2], [0, 0, 1]])
    spread = float(np.percentile(depth, 98) / np.percentile(depth, 2))
    off_square = float(abs(90 - np.degrees(np.arccos(min(1.0, abs(float(d1 @ d2)))))))
    extent = float((np.percentile(pixels, 98, axis=0) - np.percentile(pixels, 2, axis=0)).max() / size)
    return Rectifier(fit @ to_square, spread ** 1.5, off_square, extent)
