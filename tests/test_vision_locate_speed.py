"""Location's quicker paths give the numbers of the plain ones they stand for."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.locate import (_BEND31, _K31, _NEAR_SEARCH, _WIDE_SEARCH, REFINE_CELL, _band_combs, _comb_offsets, _comb_weights,
                           _fine_positions, _fine_taps, _fit_combs, _line_responses, _pairwise_sum, _view_responses)


def test_view_responses_are_the_line_responses_on_the_lines():
    """_view_responses gathers each line and its neighbours in one step: the very numbers of the
    whole view's _line_responses taken on the grid's 16 lines and 15 mid-gaps."""
    rng = np.random.default_rng(7)
    cell = margin = REFINE_CELL
    size = 15 * cell + 2 * margin
    view = (rng.random((size, size)) * 255).astype(np.float32)
    lines = np.concatenate([margin + np.arange(16) * cell, margin + np.arange(15) * cell + cell // 2])
    got = _view_responses(view, margin, cell)
    for r in (2, 3):
        (vertical,) = _line_responses(view, 1, ((r,),))
        (horizontal,) = _line_responses(view, 0, ((r,),))
        assert np.array_equal(got[1, r], vertical[:, lines].T)
        assert np.array_equal(got[0, r], horizontal[lines])


def test_combs_fitted_together_are_those_fitted_one_by_one():
    """_fit_combs lays the profiles side by side; each profile's combs are those it gets alone, and
    a profile of 16 evenly spaced lines gets its spacing first."""
    rng = np.random.default_rng(11)
    n = 320
    lines = np.zeros(n)
    lines[np.round(31.0 + np.arange(16) * 17.25).astype(int)] = 50.0
    profiles = [np.convolve(lines + rng.random(n) * 5, [0.25, 0.5, 0.25], mode="same")]
    profiles += [np.convolve(rng.random(n) * 40, [0.25, 0.5, 0.25], mode="same") for _ in range(3)]
    together = _fit_combs(profiles, keep=3)
    assert together == [_fit_combs([profile], keep=3)[0] for profile in profiles]
    offset, spacing, _ = together[0][0]
    assert abs(spacing - 17.25) <= 0.25 and abs(offset - 31.0) <= 1.0


def _plain_band_combs(profiles: np.ndarray, cell: int, margin: int,
                      search: tuple[float, float, float]) -> tuple[np.ndarray, np.ndarray]:
    """_band_combs as first written: every band's fine combs placed, clipped and read anew."""
    kernel = np.array([1, 2, 3, 2, 1], np.float32) / 9
    smooth = np.stack([np.convolve(p, kernel, mode="same") for p in profiles]).astype(np.float32)
    grid, weights = _comb_weights(cell, search, margin, profiles.shape[1])
    best = grid[np.einsum("bn,nc->bc", smooth, weights).argmax(axis=1)]
    _, fine_pos = _comb_offsets(cell, search, True)
    pos = np.add(fine_pos[None] + margin, best[:, None, :1])
    pos += best[:, None, 1:2] * _K31[None, None]
    pos += best[:, None, 2:3] * _BEND31[None, None]
    n = smooth.shape[1]
    clipped = np.clip(pos, 0, n - 1.001)
    i = clipped.astype(np.int64)
    f = (clipped - i).astype(np.float32)
    rows = np.arange(len(smooth))[:, None, None]
    values = smooth[rows, i] * (1 - f) + f * smooth[rows, i + 1]
    scores = values[..., :16].mean(axis=-1) - values[..., 16:].mean(axis=-1)
    j = scores.argmax(axis=1)
    bands = np.arange(len(smooth))
    return pos[bands, j, :16], np.maximum(scores[bands, j], 1e-3)


def test_band_combs_are_the_plain_fine_search():
    """_band_combs reads the fine combs at taps cached per coarse comb and sums them as NumPy's
    pairwise sum laid out its own way: the very tooth positions and contrasts of placing, clipping
    and reading every band's fine combs anew, for the wide and the near search, combs running off
    the profile too (the lines near its ends)."""
    rng = np.random.default_rng(5)
    cell = margin = REFINE_CELL
    size = 15 * cell + 2 * margin
    for search, shift in ((_WIDE_SEARCH, 11.0), (_NEAR_SEARCH, -4.5), (_WIDE_SEARCH, -14.0)):
        lines = np.zeros((5, size), np.float32)
        for band in range(5):
            at = np.round(margin + shift + band * 0.7 + np.arange(16) * (cell + 0.3)).astype(int)
            lines[band, at[(at >= 0) & (at < size)]] = 40.0
        profiles = lines + rng.random((5, size)).astype(np.float32) * 8
        got, want = _band_combs(profiles, cell, margin, search), _plain_band_combs(profiles, cell, margin, search)
        assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])


def test_fine_taps_are_the_fine_positions_clipped():
    """_fine_taps works the fine combs' positions out in place, laid out 31 x combs from the start: the
    very pixels and weights of _fine_positions clipped to the profile (np.clip's numbers), for coarse
    combs whose fine combs run off the profile at either end and ones well inside it."""
    cell = margin = REFINE_CELL
    n = 15 * cell + 2 * margin
    for search, start in ((_WIDE_SEARCH, margin), (_NEAR_SEARCH, margin), (_WIDE_SEARCH, 3), (_NEAR_SEARCH, n - 15 * cell)):
        coarse_combs = len(_comb_offsets(cell, search, False)[0])
        for coarse in (0, coarse_combs // 3, coarse_combs // 2, coarse_combs - 1):
            clipped = np.clip(_fine_positions(cell, search, start, coarse), 0, n - 1.001)
            left, f = _fine_taps.__wrapped__(cell, search, start, n, coarse)
            assert left.dtype == np.int64 and f.dtype == np.float32 and left.flags.c_contiguous and f.flags.c_contiguous
            assert np.array_equal(left, clipped.astype(np.int64).T)
            assert np.array_equal(f, (clipped - clipped.astype(np.int64)).astype(np.float32).T)


def test_pairwise_sum_is_numpys():
    """_pairwise_sum adds 15 or 16 values as np.add.reduce does (the means over a comb's mid-gaps
    and teeth): the same float32 numbers, wide ranges of magnitude mixed."""
    rng = np.random.default_rng(3)
    values = (rng.standard_normal((4, 300, 31)) * 10.0 ** rng.uniform(-4, 4, (4, 300, 31))).astype(np.float32)
    across = np.ascontiguousarray(values.transpose(0, 2, 1))  # the values to add along axis 1, as _comb_scores lays them
    for part in (slice(0, 16), slice(16, 31)):  # as the first version summed them: along a contiguous last axis
        assert np.array_equal(_pairwise_sum(across[:, part]), np.add.reduce(values[..., part], axis=-1))


def _grid_image(cell: int = 30, border: int = 40) -> tuple[np.ndarray, np.ndarray]:
    """A grey image of a board's 16 x 16 dark grid lines on a light ground, with a little noise,
    and the grid's corners."""
    rng = np.random.default_rng(5)
    side = 15 * cell + 2 * border
    image = np.full((side, side), 200.0) + rng.normal(0, 3, (side, side))
    for k in range(16):
        at = border + k * cell
        image[at - 1:at + 2, border - 1:side - border + 2] = 90.0
        image[border - 1:side - border + 2, at - 1:at + 2] = 90.0
    corners = np.array([[0, 0], [15, 0], [15, 15], [0, 15]], np.float32) * cell + border
    return np.clip(image, 0, 255).astype(np.uint8), corners


def _half_cell_gain_of_every_move(gray: np.ndarray, corners: np.ndarray) -> tuple[float, int, float]:
    """_half_cell_gain written out: every corner as it is and moved each of the 8 ways, 36 views."""
    from vision.locate import _HALF_MOVES, _HALF_MOVED_SQUARES, _canonical, _corner_contrasts
    to_frame = cv2.getPerspectiveTransform(_canonical(1), corners)
    placements = []
    for k in range(4):
        turn = (np.arange(4) + k) % 4
        placements.append(corners[turn])
        moved = cv2.perspectiveTransform(_HALF_MOVED_SQUARES[k].reshape(1, -1, 2), to_frame)[0].reshape(-1, 4, 2)
        placements.extend(np.ascontiguousarray(square[turn]) for square in moved)
    contrast = _corner_contrasts(gray, placements).reshape(4, 1 + len(_HALF_MOVES))
    weakest = int(np.argmin(contrast[:, 0]))
    return float((contrast[:, 1:] - contrast[:, :1]).max()), weakest, float(contrast[weakest, 0])


@pytest.mark.parametrize("moved", [(0.0, 0.0), (0.6, 0.0), (0.55, 0.55), (0.3, -0.3)])
def test_half_cell_gain_moves_only_the_corners_that_can_gain_enough(moved, monkeypatch):
    """A corner whose own lines fit 1 - HALF_CELL_GAIN or better cannot gain more than HALF_CELL_GAIN (a
    contrast is at most 1): _half_cell_gain draws its 8 moves only for the other corners, and decides as
    the 36 views of every corner's moves do (the same weakest corner and its fit; the same largest gain
    wherever it passes HALF_CELL_GAIN). On a grid placed right no corner is moved: 4 views, not 36."""
    from vision import locate
    gray, truth = _grid_image()
    corners = truth.copy()
    corners[0] += np.float32(30) * np.array(moved, np.float32)
    drawn: list[int] = []
    contrasts = locate._corner_contrasts
    monkeypatch.setattr(locate, "_corner_contrasts", lambda g, placements: (drawn.append(len(placements)), contrasts(g, placements))[1])
    gain, weakest, own = locate._half_cell_gain(gray, corners)
    monkeypatch.setattr(locate, "_corner_contrasts", contrasts)
    every_gain, every_weakest, every_own = _half_cell_gain_of_every_move(gray, corners)
    assert (weakest, own) == (every_weakest, every_own)
    assert (gain > locate.HALF_CELL_GAIN) == (every_gain > locate.HALF_CELL_GAIN)
    assert gain >= every_gain and (gain == every_gain or gain <= locate.HALF_CELL_GAIN)
    if moved == (0.0, 0.0):
        assert drawn == [4] and gain <= locate.HALF_CELL_GAIN
    if moved == (0.55, 0.55):
        assert gain > locate.HALF_CELL_GAIN and sum(drawn) < 36


def test_the_strong_edges_are_found_once_a_frame(monkeypatch):
    """board_candidates asks for the busy part and the cluster of the frame's strong edges
    (_busy_box, _cluster_box): one mask serves both, drawn once (it was drawn once for each)."""
    from vision import locate
    from vision.synth.frames import FrameOptions, render_frame
    board = ["." * 15] * 6 + ["....QUIZ.......", "......E........", "......T........"] + ["." * 15] * 6
    frame = render_frame(board, seed=5150, options=FrameOptions.clean())
    drawn = []
    strong_edges = locate._strong_edges
    monkeypatch.setattr(locate, "_strong_edges", lambda gray: drawn.append(gray) or strong_edges(gray))
    assert next(locate.board_candidates(frame.image), None) is not None
    assert len(drawn) == 1


def test_a_placement_clearer_judged_is_not_judged_again(monkeypatch):
    """_settled asks for the margin (placement_margin) of the placement _clearer judged, kept or
    shifted: worked out once (_margins_of), the same answer. Development seed 93033 frame 50 (the
    frame of test_a_placement_the_pattern_clearly_puts_where_it_is_is_not_shifted_by_one_measure_alone)
    takes that path."""
    from vision import locate
    from tests.test_vision_locate import _saved_frame
    frame = _saved_frame(93033, 50)
    asked: list[bytes] = []
    margin = locate.placement_margin
    monkeypatch.setattr(locate, "placement_margin",
                        lambda small, corners: asked.append(np.asarray(corners, np.float32).tobytes()) or margin(small, corners))
    clearer = []
    judge = locate._clearer
    monkeypatch.setattr(locate, "_clearer", lambda *args: clearer.append(args) or judge(*args))
    found = next(locate.board_candidates(frame.image), None)
    assert found is not None and clearer  # the path was taken
    assert len(asked) == len(set(asked))
    small, placed = clearer[0][0], clearer[0][1]
    once = locate._margins_of(small)
    got, rival = once(placed)
    again = margin(small, placed)
    assert got == again[0] and np.array_equal(rival, again[1]) and once(placed)[0] is got


def _plain_span_means(small: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """_span_means as first written (round 23): every rival's cells gathered along its axis from the
    view's bands, 15 x rivals x 15 at a time, then laid out as its grid."""
    from vision.locate import _SPAN_CELL, _SPANS, SPAN_REACH, _canonical, _span_middles
    cell = _SPAN_CELL
    side = (15 + 2 * SPAN_REACH) * cell
    to_view = cv2.getPerspectiveTransform(np.asarray(corners, np.float32), _canonical(cell) + SPAN_REACH * cell)
    view = cv2.warpPerspective(small, to_view, (side, side), flags=cv2.INTER_AREA)
    summed = cv2.integral(cv2.cvtColor(view, cv2.COLOR_BGR2LAB), sdepth=cv2.CV_32S).astype(np.float32)
    own = (np.arange(15) + SPAN_REACH) * cell + cell // 4
    starts, ends = _span_middles()
    areas = ((ends - starts) * (cell // 2)).astype(np.float32)  # the px each middle covers
    axes = np.array([axis for axis, _, _ in _SPANS])
    means = np.empty((len(_SPANS), 15, 15, 3), np.float32)
    for axis in (0, 1):
        bands = summed[own + cell // 2] - summed[own] if axis == 0 else (summed[:, own + cell // 2] - summed[:, own]).transpose(1, 0, 2)
        which = axes == axis
        along = (bands[:, ends[which]] - bands[:, starts[which]]) / areas[which][None, :, :, None]
        means[which] = along.transpose(1, 0, 2, 3) if axis == 0 else along.transpose(1, 2, 0, 3)
    return means


def _span_test_frame() -> tuple[np.ndarray, np.ndarray]:
    """A rendered board, tilted (the work image and the board's corners there)."""
    from dataclasses import replace

    from tests.test_vision_locate import BOARD
    from vision.locate import _shrink, order_corners
    from vision.synth.frames import FrameOptions, render_frame
    frame = render_frame(BOARD, seed=5151, options=replace(FrameOptions.clean(), tilt_deg=14.0, board_fill=0.6))
    small, scale = _shrink(frame.image)
    return small, order_corners(frame.board_corners * scale)


def test_span_means_are_the_plain_gathers_of_the_rivals_asked_for():
    """_span_means averages each cell middle its rivals share once and lays it into every rival holding
    it, and works out only the rivals asked for: the very numbers of the plain gathers (round 23's), for
    every rival and for those of a placement partly out of the image."""
    from vision.locate import _SPANS, _span_means
    small, truth = _span_test_frame()
    every = np.ones(len(_SPANS), bool)
    assert np.array_equal(_span_means(small, truth, every), _plain_span_means(small, truth))
    rng = np.random.default_rng(17)
    for _ in range(3):
        corners = truth + rng.normal(0, 25, (4, 2)).astype(np.float32)
        which = rng.random(len(_SPANS)) < 0.4
        assert np.array_equal(_span_means(small, corners, which), _plain_span_means(small, corners)[which])


def _span_margin_by_both_measures(small: np.ndarray, corners: np.ndarray) -> tuple[float, np.ndarray]:
    """_span_margin as first written: the placement over its best rival by plain and by relative
    lightness, both always worked out, the better given."""
    from vision.locate import _SPAN_SQUARES, _SPANS, _canonical, _cell_means, _pattern_scores, _relative_lightness
    corners = np.asarray(corners, np.float32)
    h, w = small.shape[:2]
    to_frame = cv2.getPerspectiveTransform(_canonical(1), corners)
    places = cv2.perspectiveTransform(_SPAN_SQUARES.reshape(1, -1, 2), to_frame)[0].reshape(-1, 4, 2)
    inside = ((places[..., 0].min(axis=1) >= -0.5) & (places[..., 1].min(axis=1) >= -0.5)
              & (places[..., 0].max(axis=1) <= w + 0.5) & (places[..., 1].max(axis=1) <= h + 0.5))
    assert inside.any() and len(inside) == len(_SPANS)
    grids = np.concatenate([_cell_means(small, corners)[None], _plain_span_means(small, corners)[inside]])
    ratios, best = [], []
    for measured in (grids, _relative_lightness(grids)):
        scores = _pattern_scores(measured)
        k = 1 + int(np.argmax(scores[1:]))
        ratios.append(float(scores[0] / max(float(scores[k]), 1e-6)))
        best.append(k - 1)
    by = int(np.argmax(ratios))
    return ratios[by], places[inside][best[by]]


def test_span_margin_decides_as_both_measures_do_and_skips_the_relative_when_the_plain_settles_it(monkeypatch):
    """_span_margin leaves the relative lightness out when the plain already gives SPAN_MARGIN (the
    placement is taken either way): it decides as both measures worked out do, and where the placement
    is beaten it gives their very margin and rival. On the board itself the relative is not worked out;
    on grids spaced otherwise or moved along one axis it is."""
    from tests.test_vision_locate import _spanned
    from vision import locate
    from vision.locate import order_corners
    small, truth = _span_test_frame()
    relative = locate._relative_lightness
    asked: list[int] = []

    def counted(grids: np.ndarray) -> np.ndarray:
        asked.append(len(grids))
        return relative(grids)
    monkeypatch.setattr(locate, "_relative_lightness", counted)
    beaten = 0
    for axis, lo, hi in ((None, 0.0, 15.0), (0, -2.0, 17.0), (1, 0.0, 11.0), (0, 2.5, 17.5), (1, -4.0, 11.0)):
        placed = truth if axis is None else order_corners(_spanned(truth, axis, lo, hi))
        asked.clear()
        margin, rival = locate._span_margin(small, placed)
        worked_out = bool(asked)  # the relative lightness, by _span_margin
        full, full_rival = _span_margin_by_both_measures(small, placed)
        assert (margin >= locate.SPAN_MARGIN) == (full >= locate.SPAN_MARGIN)
        if full < locate.SPAN_MARGIN:
            beaten += 1
            assert margin == full and np.array_equal(rival, full_rival) and worked_out
        if axis is None:
            assert margin >= locate.SPAN_MARGIN and not worked_out
    assert beaten >= 2
