"""Board location under perspective, and acceptance that a grid a cell off cannot pass."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.locate import (LINE_FIT, PLACEMENT_MARGIN, _canonical, _gray, _shrink, board_candidates, line_fit,
                           order_corners, placement_margin)
from vision.synth.frames import FrameOptions, render_frame

BOARD = ["." * 15] * 5 + ["...QUIZ........", "....E.....HELLO", "..JOKER...E....", "....T.....X....",
                         "....S..........", "." * 15] + ["." * 15] * 4


def _error_cells(found: np.ndarray, truth: np.ndarray) -> float:
    """Largest distance of a true corner from the found grid's, in cells, over the four turns."""
    to_cells = cv2.getPerspectiveTransform(np.asarray(found, np.float32), _canonical(1))
    mapped = cv2.perspectiveTransform(np.asarray(truth, np.float32)[None], to_cells)[0]
    return min(float(np.linalg.norm(mapped - np.roll(_canonical(1), -q, axis=0), axis=1).max()) for q in range(4))


def _moved(corners: np.ndarray, dx: float, dy: float, which: tuple[int, ...] = (0, 1, 2, 3)) -> np.ndarray:
    to_frame = cv2.getPerspectiveTransform(_canonical(1), np.asarray(corners, np.float32))
    square = _canonical(1).copy()
    for k in which:
        square[k] += (dx, dy)
    return cv2.perspectiveTransform(square[None], to_frame)[0]


def _tiles_counted(monkeypatch) -> None:
    """placement_margin scored over every square, the tiles' cells counted (as before it was judged on the
    squares that show the board: _tile_cells finding none): the placements it let through reach the later
    checks."""
    import vision.locate as locate
    monkeypatch.setattr(locate, "_tile_cells", lambda small, corners, around: np.zeros(around.shape[:2], bool))


@pytest.mark.parametrize("tilt, fill, rotation", [(22.0, 0.7, 90), (12.0, 0.38, 0)])
def test_a_tilted_or_small_board_is_found_where_it_is(tilt, fill, rotation):
    options = replace(FrameOptions.clean(), tilt_deg=tilt, board_fill=fill, rotation=rotation, askew_deg=7.0)
    frame = render_frame(BOARD, seed=5150, options=options)
    found = next(board_candidates(frame.image), None)
    assert found is not None
    assert _error_cells(found.corners, frame.board_corners) < 0.3
    assert found.margin >= PLACEMENT_MARGIN and found.line_fit >= LINE_FIT


def test_a_grid_a_cell_off_is_refused_and_the_right_one_is_taken():
    frame = render_frame(BOARD, seed=5151, options=replace(FrameOptions.clean(), tilt_deg=8.0, board_fill=0.75))
    small, scale = _shrink(frame.image)
    truth = order_corners(frame.board_corners * scale)
    margin, _ = placement_margin(small, truth)
    assert margin >= PLACEMENT_MARGIN
    assert line_fit(_gray(small), truth) >= LINE_FIT
    for off in (_moved(truth, 1, 0), _moved(truth, 0, 2), _moved(truth, 1, 0, (1, 2)), _moved(truth, 0, -1, (0, 1)),
                _moved(truth, 2, 2), _moved(truth, 2, -2)):
        margin, rival = placement_margin(small, order_corners(off))
        assert margin < 1.0  # a rival a cell off beats it ...
        assert _error_cells(rival, truth) < _error_cells(off, truth)  # ... and lies nearer the board


def test_no_board_no_candidate():
    rng = np.random.default_rng(3)
    cloth = np.kron(rng.integers(0, 255, (24, 24, 3)), np.ones((40, 40, 1))).astype(np.uint8)  # coloured squares
    cv2.line(cloth, (0, 500), (960, 520), (0, 0, 0), 3)
    assert list(board_candidates(cloth)) == []


def test_edges_all_in_one_small_patch_find_no_vanishing_point_and_no_exception():
    """Found by hypothesis in CI: when no two edges lie apart there is no pair to intersect;
    the search must say 'no vanishing point', not fail on an empty argmax."""
    from vision.locate_perspective import family_vanishing_point
    rng = np.random.default_rng(1)
    points = np.full((40, 2), 0.3) + rng.normal(0, 0.001, (40, 2))
    normals = np.tile([1.0, 0.0], (40, 1))
    lines = np.column_stack([normals, -(normals * points).sum(axis=1)])
    _, keep = family_vanishing_point(lines, points, normals, rng)
    assert not keep.any()


def test_vanishing_points_judged_in_blocks_are_those_judged_all_at_once(monkeypatch):
    """The guesses are judged GUESS_BLOCK at a time for speed: the same Rectifier, bit for bit,
    as all of them at once, on a tilted rendered frame (and the blocks do not divide the guesses)."""
    from vision import locate_perspective
    frame = render_frame(BOARD, seed=5160, options=replace(FrameOptions.clean(), tilt_deg=25.0, askew_deg=5.0))
    gray = _gray(_shrink(frame.image)[0])
    assert locate_perspective.VP_HYPOTHESES % locate_perspective.GUESS_BLOCK
    blocked = locate_perspective.rectifier(gray)
    monkeypatch.setattr(locate_perspective, "GUESS_BLOCK", locate_perspective.VP_HYPOTHESES)
    whole = locate_perspective.rectifier(gray)
    assert blocked is not None and whole is not None
    assert np.array_equal(blocked.to_view, whole.to_view)
    assert (blocked.spread, blocked.off_square, blocked.extent) == (whole.spread, whole.off_square, whole.extent)


def _shown_small(image: np.ndarray, corners: np.ndarray, tilt: float, scale: float, turn: float
                 ) -> tuple[np.ndarray, np.ndarray]:
    """A frame as the bench's --tilt/--scale/--turn shows it (the photo small on a grey table)."""
    from vision.bench import TABLE_GREY, frame_transform
    h, w = image.shape[:2]
    moved = frame_transform(w, h, tilt, scale, turn)
    shown = cv2.warpPerspective(image, moved, (w, h), flags=cv2.INTER_AREA, borderValue=TABLE_GREY)
    return shown, cv2.perspectiveTransform(np.asarray(corners, np.float32)[None], moved)[0]


def test_a_small_photo_on_a_plain_table_is_searched_zoomed_in_and_found():
    from vision.locate import ZOOM_BOX, _busy_box
    frame = render_frame(BOARD, seed=5170, options=replace(FrameOptions.clean(), board_fill=0.85))
    image, truth = _shown_small(frame.image, frame.board_corners, 22.0, 0.32, 50.0)
    small, scale = _shrink(image)
    box = _busy_box(_gray(small), scale, image.shape[:2])
    assert box is not None
    x0, y0, x1, y1 = box
    assert max(x1 - x0, y1 - y0) <= ZOOM_BOX * max(image.shape[:2])
    assert (truth >= (x0, y0)).all() and (truth <= (x1, y1)).all()  # the board lies wholly in it
    found = next(board_candidates(image), None)
    assert found is not None
    assert _error_cells(found.corners, truth) < 0.2
    assert found.margin >= PLACEMENT_MARGIN and found.line_fit >= LINE_FIT


def test_a_board_filling_the_frame_is_not_searched_twice():
    from vision.locate import _busy_box
    frame = render_frame(BOARD, seed=5171, options=replace(FrameOptions.clean(), board_fill=0.85))
    small, scale = _shrink(frame.image)
    assert _busy_box(_gray(small), scale, frame.image.shape[:2]) is None


def test_a_portrait_frame_under_perspective_keeps_the_whole_board_in_view():
    """The view that undoes the perspective is square: drawn in the frame's portrait shape it cut
    the board off at a side whenever the grid was wider than the frame in that view."""
    from vision.locate import _rectified_cells
    from vision.locate_perspective import rectifier
    frame = render_frame(BOARD, seed=5160, options=replace(FrameOptions.clean(), tilt_deg=25.0, board_fill=0.6,
                                                           askew_deg=5.0))
    w = frame.image.shape[1]
    x0 = int(max(0, frame.board_corners[:, 0].min() - 0.05 * w))
    image = np.ascontiguousarray(frame.image[:, x0:x0 + int(0.72 * w)])
    small, scale = _shrink(image)
    for cells, _ in _rectified_cells(image, scale, _gray(small), rectifier(_gray(small))):
        assert cells.seen.shape == cells.means.shape[:2]
    found = next(board_candidates(image), None)
    assert found is not None
    assert _error_cells(found.corners, frame.board_corners - np.array([x0, 0], np.float32)) < 0.2


@pytest.mark.parametrize("image", [np.full((600, 800, 3), 128, np.uint8), np.zeros((480, 640, 3), np.uint8),
                                   np.full((20, 30, 3), 200, np.uint8), np.full((3000, 100, 3), 50, np.uint8)])
def test_a_frame_with_nothing_in_it_gives_no_candidate_and_no_exception(image):
    assert list(board_candidates(image)) == []  # a lens cap, a dark room, a sliver of a frame


def test_a_placement_walked_to_from_far_is_refined_until_it_settles():
    """Rendered frame (seed 515151, index 8 of a tilted small-board set): the first rough placement
    lies over a cell off; three refinement passes from there stopped 0.38 cells off (and passed
    acceptance); once more from there they settle on the board."""
    from vision.synth.dataset import frame_seed
    from vision.synth.positions import random_board
    rng = np.random.default_rng([515151, 8])
    board = random_board(rng, tiles=int(rng.integers(5, 80)), tileset="english")
    options = FrameOptions(tileset="english", hand=False, tilt_deg=float(rng.uniform(10, 25)),
                           board_fill=float(rng.uniform(0.28, 0.45)))
    frame = render_frame(board, seed=frame_seed(515151, 8), options=options)
    found = next(board_candidates(frame.image), None)
    assert found is not None
    assert _error_cells(found.corners, frame.board_corners) < 0.15


def _wide_frame(dataset_seed: int, index: int):
    """Frame `index` of `python -m vision.synth dataset OUT --seed dataset_seed` (wide style space)."""
    from vision.synth.dataset import MAX_TILES, frame_seed
    from vision.synth.positions import random_board
    rng = np.random.default_rng([dataset_seed, index])
    board = random_board(rng, tiles=int(rng.integers(1, MAX_TILES + 1)), tileset="english")
    return render_frame(board, seed=frame_seed(dataset_seed, index),
                        options=FrameOptions(tileset="english", hand=False, style_space="wide"))


def test_a_pale_grid_is_found_and_a_corner_a_cell_off_is_not_taken():
    """A cream board with pale lines, dark tiles and glare (seed 52118, frame 31): its grid lines
    fit less than the club boards' did (0.70 here), yet it is found where it is; the same grid
    with one corner a cell off does not pass the acceptance."""
    frame = _wide_frame(52118, 31)
    found = next(board_candidates(frame.image), None)
    assert found is not None
    assert _error_cells(found.corners, frame.board_corners) < 0.2
    assert found.line_fit >= LINE_FIT
    small, scale = _shrink(frame.image)
    gray = _gray(small)
    placed = order_corners(found.corners * scale)
    for corner in range(4):
        for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
            off = order_corners(_moved(placed, dx, dy, (corner,)))
            margin, _ = placement_margin(small, off)
            assert not (margin >= PLACEMENT_MARGIN and line_fit(gray, off) >= LINE_FIT)


def test_a_board_too_small_to_read_is_given_up_without_refining_it_much(monkeypatch):
    """A board whose cells are under MIN_CELL_PX is not given; its rough placements are not
    refined first (a frame with no readable board is given up quickly: 12 rough placements of
    each search, several refinements each, took 3-4 s). The whole frame's search refines 18; the part
    holding the strong edges' largest cluster, searched after it (_last_part), 22 more: so with the
    tiles' cells counted in the premium margin (_tiles_counted). Left out, one rough placement more
    (1.9 cells off the board) is clearly placed once refined and lost on its lines, so refined again
    along them (ALONG_LINE): 42 in all, and still none given; with the view of the crossed edges' perspective last
    (round 37, vview37: _global_search's last pool) one more in each search: 43, and 41 with the tiles counted; with
    _settled's second chances (round 41: a placement refused at both scales refined wider at the finer one, two; the
    second look along the lines refined on from where it stopped, five) 50 and 47, the whole frame's alone 20 (18):
    4.63-4.75 s of CPU for the frame's search against 4.52-4.58 s before (`/tmp/lead41/t.py`, five runs each)."""
    import vision.locate as locate
    frame = render_frame(BOARD, seed=5152, options=replace(FrameOptions.clean(), tilt_deg=25.0, board_fill=0.16))
    calls = []
    refine = locate._refine
    monkeypatch.setattr(locate, "_refine", lambda *args, **kw: (calls.append(1), refine(*args, **kw))[1])
    assert list(board_candidates(frame.image)) == []
    assert len(calls) <= 50, len(calls)
    calls.clear()
    _tiles_counted(monkeypatch)
    assert list(board_candidates(frame.image)) == []
    assert len(calls) <= 47, len(calls)
    calls.clear()
    monkeypatch.setattr(locate, "_last_part", lambda *args: None)
    assert list(board_candidates(frame.image)) == []
    assert len(calls) <= 20, len(calls)  # the whole frame's search alone


@pytest.mark.parametrize("border", [0, 1, 2])
def test_cell_means_from_the_integral_image_are_the_plain_means(border):
    """_cell_means sums each cell's middle from an integral image: the very numbers the plain
    mean of the float Lab pixels gives."""
    from vision.locate import _cell_means
    rng = np.random.default_rng(border)
    small = rng.integers(0, 256, (480, 640, 3), dtype=np.uint8)
    corners = np.float32([[100, 60], [520, 75], [510, 430], [95, 420]])
    n = 15 + 2 * border
    view = cv2.warpPerspective(small, cv2.getPerspectiveTransform(corners, _canonical(8) + border * 8), (n * 8, n * 8),
                               flags=cv2.INTER_AREA)
    lab = cv2.cvtColor(view, cv2.COLOR_BGR2LAB).astype(np.float32)
    plain = lab.reshape(n, 8, n, 8, 3)[:, 2:-2, :, 2:-2].mean(axis=(1, 3))
    assert np.array_equal(_cell_means(small, corners, border), plain)


def test_every_windows_premium_pattern_score_is_that_windows_own():
    """_window_scores sums the premium squares of all windows at once (a type's squares added in
    turn): each window scores as its own 15x15 cells do alone (_pattern_scores), and a window with
    a cell outside the frame scores -inf."""
    from vision.locate import _pattern_scores, _window_scores
    rng = np.random.default_rng(7)
    means = rng.uniform(0, 255, (22, 19, 3)).astype(np.float32)
    inside = np.ones((22, 19), bool)
    inside[0, 18] = False
    scores = _window_scores(means, inside)
    alone = _pattern_scores(np.stack([means[r:r + 15, c:c + 15] for r in range(8) for c in range(5)])).reshape(8, 5)
    assert np.isneginf(scores[0, 4]) and np.isfinite(np.delete(scores.ravel(), 4)).all()
    assert np.allclose(np.delete(scores.ravel(), 4), np.delete(alone.ravel(), 4), rtol=1e-5)


def test_a_lattices_cell_colours_are_the_plain_means_of_their_squares():
    """_lattice_cells reads each cell's mean colour off the integral image at the corners of the
    square half a cell across about its centre: the plain mean of those pixels."""
    from vision.locate import _lattice_cells
    rng = np.random.default_rng(8)
    lab = rng.integers(0, 256, (200, 240, 3), dtype=np.uint8)
    summed = cv2.integral(lab, sdepth=cv2.CV_32S)
    unturn = np.float64([[1, 0, 0], [0, 1, 0]])
    cells = _lattice_cells(summed, None, (3.0, 12.0, 5.0, 12.0), unturn)
    assert cells is not None
    assert cells.means.shape[:2] == (18, 21)  # rows from -1 (y -7) to 16, columns from -1 (x -9) to 19
    for r, c in ((1, 1), (3, 7), (15, 19)):
        x, y = cells.left[c] + 6.0, cells.top[r] + 6.0  # the cell's centre
        box = lab[round(y - 3):round(y + 3), round(x - 3):round(x + 3)]
        assert box.shape == (6, 6, 3)
        assert np.allclose(cells.means[r, c], box.reshape(-1, 3).mean(axis=0))


def _refined_from_a_corner_a_cell_off(index: int):
    """Frame `index` of the wide-style development set (seed 330417) at work size, its grey, the
    true corners, and the grid refined from the truth with its top-left corner a cell off along
    the diagonal."""
    from vision.locate import _refine
    frame = _wide_frame(330417, index)
    small, scale = _shrink(frame.image)
    gray = _gray(small).astype(np.float32)
    truth = order_corners(frame.board_corners * scale)
    return small, gray, truth, _refine(gray, order_corners(_moved(truth, 1, 1, (0,))), 3, wide=True)


@pytest.mark.parametrize("index", [24, 27])
def test_a_grid_refined_from_one_corner_a_cell_off_is_not_taken_though_most_of_its_lines_fit(index):
    """Frames of the wide-style development set (seed 330417): the grid with its top-left corner a
    cell off along the diagonal refines to one still over half a cell off there, clearly placed by
    the premium pattern and with most of its lines fitting (the whole-grid checks pass it); the
    lines at that corner do not fit, so it is not taken. The grid refined from the truth is."""
    from vision.locate import _fits, _refine, _refined_fit
    small, gray, truth, refined = _refined_from_a_corner_a_cell_off(index)
    corners = order_corners(refined[0])
    assert _error_cells(corners, truth) > 0.5
    assert placement_margin(small, corners)[0] >= PLACEMENT_MARGIN and line_fit(gray, corners) >= LINE_FIT
    assert not _fits(_refined_fit(gray, corners, refined).shown)
    right = _refine(gray, truth, 3, wide=True)
    assert _error_cells(order_corners(right[0]), truth) < 0.2
    assert _fits(_refined_fit(gray, order_corners(right[0]), right).shown)


def test_a_small_photo_with_no_board_to_read_is_given_up_after_its_busy_part_alone(monkeypatch):
    """Where the frame's edges all lie in a small part of it, only that part is searched: the
    same board shown too small to read (tilted 35 degrees at 0.2 of the frame) gives no
    candidate, and the whole frame is not searched again after its busy part."""
    import vision.locate as locate
    frame = render_frame(BOARD, seed=5170, options=replace(FrameOptions.clean(), board_fill=0.85))
    image, _ = _shown_small(frame.image, frame.board_corners, 35.0, 0.2, 60.0)
    small, scale = _shrink(image)
    assert locate._busy_box(_gray(small), scale, image.shape[:2]) is not None
    searched: list[tuple[int, ...]] = []
    candidates = locate._candidates
    monkeypatch.setattr(locate, "_candidates", lambda part, *args: (searched.append(part.shape), candidates(part, *args))[1])
    assert list(board_candidates(image)) == []
    assert len(searched) == 1 and searched[0] != image.shape


@pytest.mark.parametrize("index", [32, 36])
def test_a_grid_refined_half_a_cell_off_at_a_corner_is_not_taken_though_its_corner_lines_fit(index):
    """Frames of the wide-style development set (seed 330417): refined from the top-left corner a
    cell off along the diagonal, the grid ends 0.53 (32) or 0.60 (36) cells off there and passes
    the pattern margin, LINE_FIT and CORNER_FIT; with that corner moved half a cell its lines fit
    better, so it is not taken. The grid refined from the truth is."""
    from vision.locate import HALF_CELL_GAIN, _fits, _half_cell_gain, _refine, _refined_fit
    small, gray, truth, refined = _refined_from_a_corner_a_cell_off(index)
    corners = order_corners(refined[0])
    assert _error_cells(corners, truth) > 0.5
    assert placement_margin(small, corners)[0] >= PLACEMENT_MARGIN and _fits(_refined_fit(gray, corners, refined).shown)
    assert _half_cell_gain(gray, corners)[0] > HALF_CELL_GAIN
    right = order_corners(_refine(gray, truth, 3, wide=True)[0])
    assert _error_cells(right, truth) < 0.2
    assert _half_cell_gain(gray, right)[0] <= HALF_CELL_GAIN


SCRABSCRAP = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "scrabscrap-v1"


@pytest.mark.skipif(not (SCRABSCRAP / "board-neu").exists(), reason="needs ../shared/datasets")
def test_a_dim_board_with_faint_hairlines_lost_by_the_refinement_is_refined_again_on_lines_averaged_along(monkeypatch):
    """A German photo of a dim board (board-neu/board-01) as the bench's --tilt 20 --scale 0.4
    --turn 30 shows it: refined from its true corners on the lines as they are, the grid drifts
    a third of a cell (its hairlines are lost in the noise); averaged along the lines it stays,
    and the search finds the board where it is. (Round 25's noise floor, NOISY, holds it on the
    lines as they are too: left out here, where the averaging is what is tested.)"""
    import vision.locate as locate
    from vision.bench import TABLE_GREY, frame_transform
    from vision.locate import ALONG_LINE, _busy_box, _refine
    monkeypatch.setattr(locate, "NOISY", np.inf)
    image = cv2.imread(str(SCRABSCRAP / "board-neu" / "board-01.jpg"), cv2.IMREAD_COLOR)
    upright = next(board_candidates(image)).corners
    h, w = image.shape[:2]
    moved = frame_transform(w, h, 20.0, 0.4, 30.0)
    image = cv2.warpPerspective(image, moved, (w, h), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_CONSTANT,
                                borderValue=TABLE_GREY)
    truth = order_corners(cv2.perspectiveTransform(upright[None], moved)[0])
    small, scale = _shrink(image)
    box = _busy_box(_gray(small), scale, image.shape[:2])  # the part of the frame the search draws at work size
    assert box is not None
    x0, y0, x1, y1 = box
    small, scale = _shrink(image[y0:y1, x0:x1])
    gray = _gray(small).astype(np.float32)
    at = order_corners((truth - np.float32([x0, y0])) * scale)
    assert _error_cells(order_corners(_refine(gray, at, 3)[0]), at) > 0.3
    assert _error_cells(order_corners(_refine(gray, at, 3, average=ALONG_LINE)[0]), at) < 0.1
    found = next(board_candidates(image), None)
    assert found is not None and _error_cells(found.corners, truth) < 0.1
    assert found.margin >= PLACEMENT_MARGIN and found.line_fit >= LINE_FIT


@pytest.mark.parametrize("dataset_seed, index", [(53117, 28), (614027, 5)])
def test_a_board_whose_premium_pattern_ranks_its_lattice_low_is_found_by_its_strongest_line_combs(dataset_seed, index):
    """A deluxe board crowded with 79 tiles (seed 53117, frame 28) and a clear board on a white
    table tilted 21 degrees (seed 614027, frame 5): the premium pattern ranks the right lattice
    after the ROUGH_CANDIDATES tried (6th; in the perspective view not at all among them), so
    neither was found; the lattice of the strongest line combs places them, tried after those.
    (Since round 21's square partners, _lattices', 614027 frame 5's 2nd placement already comes near
    its board: only 53117 frame 28 still needs the strongest combs' lattice; both are found.)"""
    from vision.locate import ROUGH_CANDIDATES, _global_search, _work_images
    frame = _wide_frame(dataset_seed, index)
    small, gray, scale = _work_images(frame.image)
    roughs = [rough for rough, _ in _global_search(frame.image, scale, small, gray)]
    near = [k for k, rough in enumerate(roughs) if _error_cells(rough / scale, frame.board_corners) < 3.0]
    assert near and (min(near) >= ROUGH_CANDIDATES or dataset_seed == 614027)  # only the strongest combs' lattice comes near the board
    found = next(board_candidates(frame.image), None)
    assert found is not None
    assert _error_cells(found.corners, frame.board_corners) < 0.2
    assert found.margin >= PLACEMENT_MARGIN and found.line_fit >= LINE_FIT


def _first_without(monkeypatch, frame, check: str, off: float):
    """The search's first placement on `frame` with the acceptance constant `check` set to `off`
    (switched off), asserted to pass the pattern margin and the line fit; with the frame's grey
    work image and its scale."""
    import vision.locate as locate
    from vision.locate import _work_images
    small, gray, scale = _work_images(frame.image)
    monkeypatch.setattr(locate, check, off)
    # the lean check (_leans, round 32) refuses some of these too (62002 frame 23's stretched grid): off with it;
    # and the half-cell pattern check (round 42: 65005 frame 171's halved grid)
    monkeypatch.setattr(locate, "LEAN_CHECKED", 0.0)
    monkeypatch.setattr(locate, "HALF_PATTERN", 0.0)
    first = next(board_candidates(frame.image), None)
    monkeypatch.undo()
    assert first is not None and first.margin >= PLACEMENT_MARGIN and first.line_fit >= LINE_FIT
    return first, gray.astype(np.float32), scale


def _found_right(frame) -> np.ndarray:
    """The search's first placement on `frame`, asserted within 0.2 cells of the truth."""
    found = next(board_candidates(frame.image), None)
    assert found is not None and _error_cells(found.corners, frame.board_corners) < 0.2
    return found.corners


def test_a_grid_stretched_two_cells_off_at_one_corner_is_not_taken_and_the_board_is_found(monkeypatch):
    """A classic board with labels and 76 green tiles tilted 29 degrees (development seed 62002,
    frame 23): without the whole-cell corner check the search's first placement has its top-left
    corner two cells off along the diagonal, the other three on the board, and passes the pattern
    margin, the line fit, each corner's fit and the half-cell check (read: 6 confident-wrong
    letters). At its weakest corner its lines fit better with the corner moved by whole cells, so
    it is not taken; the board is found where it is, and there the same move gains nothing."""
    from vision.locate import WHOLE_CELL_GAIN, _half_cell_gain, _whole_cell_gain
    frame = _wide_frame(62002, 23)
    stretched, grey, scale = _first_without(monkeypatch, frame, "WHOLE_CELL_GAIN", float("inf"))
    assert _error_cells(stretched.corners, frame.board_corners) > 1.0
    corners = stretched.corners * scale
    assert _whole_cell_gain(grey, corners, _half_cell_gain(grey, corners)[1]) > WHOLE_CELL_GAIN
    right = _found_right(frame) * scale
    assert _whole_cell_gain(grey, right, _half_cell_gain(grey, right)[1]) <= WHOLE_CELL_GAIN


def test_a_grid_of_another_spacing_over_the_board_is_not_offered_after_it(monkeypatch):
    """A deluxe board (development seed 61001, frame 0): the search's first placement is right;
    without the spacing rule it then offers 15 grid lines laid over 9 of the board's cells,
    passing every check of a placement on its own (a reader refusing the first would read that
    one). That grid's sides measure 9 cells of the board given first: it is not offered. (The frame
    as the dataset writes it, a JPEG: drawn without the compression the search offers no such grid.)"""
    from itertools import islice

    import vision.locate as locate
    from vision.locate import _another_spacing
    from vision.synth.dataset import JPEG_QUALITY
    frame = _wide_frame(61001, 0)
    ok, jpeg = cv2.imencode(".jpg", frame.image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])  # as the dataset writes it
    assert ok
    frame = replace(frame, image=cv2.imdecode(jpeg, cv2.IMREAD_COLOR))
    monkeypatch.setattr(locate, "SPACING_CELLS", float("inf"))
    monkeypatch.setattr(locate, "SPAN_MARGIN", 0.0)  # the rivals along one axis off too, as in the start tree
    offered = list(islice(board_candidates(frame.image), 3))
    monkeypatch.undo()
    assert len(offered) >= 2 and _error_cells(offered[0].corners, frame.board_corners) < 0.2
    over = [found for found in offered[1:] if _error_cells(found.corners, frame.board_corners) > 1.0]
    assert over and all(found.margin >= PLACEMENT_MARGIN and found.line_fit >= LINE_FIT for found in over)
    assert all(_another_spacing(found.corners, offered[0].corners) for found in over)
    assert not _another_spacing(offered[0].corners, offered[0].corners)
    now = list(islice(board_candidates(frame.image), 3))
    assert now and all(_error_cells(found.corners, frame.board_corners) < 0.5 for found in now)


def test_a_grid_of_half_the_spacing_over_the_board_is_not_taken_and_the_board_is_found(monkeypatch):
    """A classic board with labels and 70 cream tiles tilted 27 degrees (development seed 65005,
    frame 171): without the line parity check the search's first placement is 15 lines laid over
    half the board's spacing, inside it, passing the pattern margin (1.74), the line fit (0.83)
    and every corner check. Every other line of it crosses the middle of the board's squares, so
    its odd lines are much fainter than its even ones each way: it is not taken, and the board is
    found where it is, its lines alike. (With the tiles' cells counted in the margin: left out, the
    margin alone refuses the halved grid (1.01 there), and with LINE_PARITY and SPAN_MARGIN off the
    first placement is the board, 0.06 cells off.)"""
    from vision.locate import LINE_PARITY, _line_parity, _work_images
    import vision.locate as locate
    frame = _wide_frame(65005, 171)
    _tiles_counted(monkeypatch)
    monkeypatch.setattr(locate, "SPAN_MARGIN", 0.0)  # the rivals along one axis off too, as in the start tree
    halved, grey, scale = _first_without(monkeypatch, frame, "LINE_PARITY", float("-inf"))
    assert _error_cells(halved.corners, frame.board_corners) > 5.0
    corners = halved.corners * scale
    assert _line_parity(grey, corners, (corners, 0.0, None)) < LINE_PARITY
    right = _found_right(frame) * scale
    assert _line_parity(grey, right, (right, 0.0, None)) >= 2 * LINE_PARITY
    assert placement_margin(_work_images(frame.image)[0], order_corners(corners))[0] < PLACEMENT_MARGIN
    # round 42's half-cell pattern check refuses it too: the premium pattern puts no board on its cells
    assert locate._half_cell_pattern(_work_images(frame.image)[0], corners) < locate.HALF_PATTERN


def test_a_board_clearly_placed_once_refined_but_lost_on_its_faint_lines_is_refined_again_along_them(monkeypatch):
    """A classic board with faint hairlines, blurred, on a white table (development seed 72012,
    frame 28, as the dataset writes it): the search's rough placements are 0.6 and 1.3 cells off and
    the pattern does not clearly place them (margins 0.59, 0.33); refined, the pattern does (3.2,
    2.7) but the outer lines are drawn to the red rim's edge and fit too little. Refined again on
    the lines averaged along (ALONG_LINE), the board is found where it is; without the averaging and
    with the tiles' cells counted in the margin it is not found at all. (Left out, the placement refined
    once is clear enough: without the averaging it is found 0.39 cells off, margin 9.6, its lines fitting
    0.59; with it 0.13 cells off in both.)"""
    import vision.locate as locate
    from vision.synth.dataset import JPEG_QUALITY
    frame = _wide_frame(72012, 28)
    ok, jpeg = cv2.imencode(".jpg", frame.image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    assert ok
    image = cv2.imdecode(jpeg, cv2.IMREAD_COLOR)
    assert image is not None
    found = next(board_candidates(image), None)
    assert found is not None and _error_cells(found.corners, frame.board_corners) < 0.2
    assert found.margin >= PLACEMENT_MARGIN and found.line_fit >= LINE_FIT
    monkeypatch.setattr(locate, "ALONG_LINE", 1)
    unaveraged = next(board_candidates(image), None)
    assert unaveraged is not None and _error_cells(unaveraged.corners, frame.board_corners) < 0.5
    _tiles_counted(monkeypatch)
    assert next(board_candidates(image), None) is None


def _saved_frame(dataset_seed: int, index: int):
    """Frame `index` of `python -m vision.synth dataset OUT --seed dataset_seed` as the dataset writes it (JPEG)."""
    from vision.synth.dataset import as_saved
    frame = _wide_frame(dataset_seed, index)
    return replace(frame, image=as_saved(frame.image))


@pytest.mark.parametrize("dataset_seed, index", [(88028, 7), (89029, 54)])
def test_a_board_whose_corner_gains_half_a_cell_at_the_work_size_is_checked_again_at_the_finer_scale(
        monkeypatch, dataset_seed, index):
    """Boards of 17-21 px cells at the work size (development seeds 88028 frame 7: a pale board with
    purple tiles; 89029 frame 54: a green board with a white rim, glare): placed within 0.1 cells,
    clearly (margins 4.2 and 11.2) and with their lines fitting, but a corner moved half a cell fits
    its faded lines better there (gains 0.14-0.18, HALF_CELL_GAIN 0.13), so neither was found. At
    the finer scale no corner gains: refined and checked there, the board is found where it is;
    without that second look the whole frame's search does not find it (89029 frame 54's strong-edge
    cluster, searched after it by _last_part, then places it 0.36 cells off: left out here)."""
    import vision.locate as locate
    frame = _saved_frame(dataset_seed, index)
    found = next(board_candidates(frame.image), None)
    assert found is not None and _error_cells(found.corners, frame.board_corners) < 0.2
    assert found.margin >= PLACEMENT_MARGIN and found.line_fit >= LINE_FIT
    monkeypatch.setattr(locate, "_settled_finer", lambda *args: None)
    monkeypatch.setattr(locate, "_last_part", lambda *args: None)
    # the premium pattern settling on a placement (round 28's _pattern_settles) now places 89029 frame 54 by
    # itself (tests/test_vision_locate_small.py): switched off too, so only the second look is left out
    monkeypatch.setattr(locate, "_pattern_settles", lambda *args: False)
    assert next(board_candidates(frame.image), None) is None


def test_a_placement_the_pattern_clearly_puts_where_it_is_is_not_shifted_by_one_measure_alone():
    """A dim, light board crowded with tiles (development seed 93033, frame 50): refined from the
    search's rough placement the grid lies within 0.05 cells of the board, margin 1.6; _shifted,
    judging by plain colours alone, moved it a cell along the diagonal, where it is not clearly
    placed, and the board was not found. It stays (_clearer), and the board is found where it is."""
    from vision.locate import _clearer, _global_search, _refine, _shifted, _work_images
    frame = _saved_frame(93033, 50)
    small, gray, scale = _work_images(frame.image)
    grey = gray.astype(np.float32)
    rough, relative = next((rough, relative) for rough, relative in _global_search(frame.image, scale, small, gray)
                           if _error_cells(rough / scale, frame.board_corners) < 1.0)
    placed = order_corners(_refine(grey, order_corners(rough), 3, wide=True)[0])
    assert _error_cells(placed / scale, frame.board_corners) < 0.1
    moved = order_corners(_refine(grey, order_corners(_shifted(small, placed, relative)), 2)[0])
    assert _error_cells(moved / scale, frame.board_corners) > 1.0
    assert _clearer(small, placed, moved)
    found = next(board_candidates(frame.image), None)
    assert found is not None and _error_cells(found.corners, frame.board_corners) < 0.2


def test_a_board_offered_after_a_finer_grid_inside_it_is_offered(monkeypatch):
    """A green board crowded with 82 tiles (rendered seed 91031, frame 15): without the rivals along
    one axis (as in the start tree) the search's first
    placement is a grid of a finer spacing laid inside the board, 5.8 cells off, which the reader
    refuses (its squares do not show the premium layout); the board itself comes next, a grid
    larger than that one. The spacing rule, made for finer grids offered after the board, held it
    back, and the board was not found. With them the board is offered first. (With the tiles' cells
    counted in the margin: left out, the margin alone refuses the finer grid (1.36 counted), and the
    board comes first without the rivals along one axis too.)"""
    from itertools import islice

    import vision.locate as locate
    from vision.locate import _another_spacing, _work_images
    frame = _saved_frame(91031, 15)
    _tiles_counted(monkeypatch)
    monkeypatch.setattr(locate, "SPAN_MARGIN", 0.0)
    monkeypatch.setattr(locate, "HALF_PATTERN", 0.0)  # (round 42's half-cell pattern check refuses the finer grid too)
    offered = list(islice(board_candidates(frame.image), 2))
    monkeypatch.undo()
    first = next(board_candidates(frame.image), None)
    assert first is not None and _error_cells(first.corners, frame.board_corners) < 0.2
    assert len(offered) == 2 and _error_cells(offered[0].corners, frame.board_corners) > 1.0
    board = offered[1]
    assert _error_cells(board.corners, frame.board_corners) < 0.2
    assert board.margin >= PLACEMENT_MARGIN and board.line_fit >= LINE_FIT
    assert _another_spacing(offered[0].corners, board.corners) and not _another_spacing(board.corners, offered[0].corners)
    small, _, scale = _work_images(frame.image)
    assert placement_margin(small, order_corners(offered[0].corners * scale))[0] < PLACEMENT_MARGIN
    assert locate._half_cell_pattern(small, offered[0].corners * scale) < locate.HALF_PATTERN  # (round 42's check)


def test_a_crowded_board_whose_lattice_has_the_second_strongest_combs_is_found(monkeypatch):
    """A board crowded with 73 tiles under perspective (rendered seed 91031, frame 57): no placement
    the premium pattern ranks among the ROUGH_CANDIDATES, nor those of either view's lattice of the
    strongest combs, is taken; the perspective view's lattice of the second strongest combs
    (STRONG_LATTICES) places it, and it is found. (Without the perspective view drawn wider after them,
    VIEW_ROOM 0: that view, searched last, places it too.)"""
    import vision.locate as locate
    frame = _saved_frame(91031, 57)
    found = next(board_candidates(frame.image), None)
    assert found is not None and _error_cells(found.corners, frame.board_corners) < 0.2
    assert found.margin >= PLACEMENT_MARGIN and found.line_fit >= LINE_FIT
    monkeypatch.setattr(locate, "STRONG_LATTICES", 1)
    wider = next(board_candidates(frame.image), None)
    assert wider is not None and _error_cells(wider.corners, frame.board_corners) < 0.2
    monkeypatch.setattr(locate, "VIEW_ROOM", 0.0)  # the wider view is the view itself: nothing new from it
    assert next(board_candidates(frame.image), None) is None


def test_a_board_is_not_taken_from_a_grid_with_one_corner_out_whose_side_rival_ties():
    """Rendered seed 101041 frame 27 (24 tiles): among the search's placements is one with a corner
    1.5 cells out, the others within 0.7, whose lines pass every check (line fit 0.68, worst corner 0.67,
    no corner gaining by a move) while a rival with one side moved a cell about ties its premium pattern
    (margin 1.05). Only that rival keeps it under PLACEMENT_MARGIN: leaving the rivals a side off out of
    the margin where their lines fit worse (tried in round 19, see MEASUREMENTS) took it first, 1.4-1.6
    cells off. The board is found where it is."""
    frame = _saved_frame(101041, 27)
    found = next(board_candidates(frame.image), None)
    assert found is not None and _error_cells(found.corners, frame.board_corners) < 0.2
    assert found.margin >= PLACEMENT_MARGIN


def _crowded_small_frame(index: int):
    """Frame `index` of a development set of crowded boards (70-90 tiles) at 0.25-0.4 of the frame
    with things on the table (a score sheet, loose tiles, a pencil), seed 117057; otherwise drawn as
    `python -m vision.synth dataset` draws (wide style space)."""
    from vision.synth.dataset import frame_seed
    from vision.synth.positions import random_board
    rng = np.random.default_rng([117057, index])
    tiles = int(rng.integers(70, 91))
    fill = float(rng.uniform(0.25, 0.4))
    board = random_board(rng, tiles=tiles, tileset="english")
    options = replace(FrameOptions(tileset="english", hand=False, style_space="wide"), board_fill=fill, distractors=True)
    return render_frame(board, seed=frame_seed(117057, index), options=options)


def test_a_crowded_small_board_beside_a_score_sheet_is_searched_in_its_edges_cluster_and_found(monkeypatch):
    """A board at a quarter of the frame with 71 tiles, a score sheet and a pencil away from it
    (frame 32 of the set, not located by the start tree): no busy part (the sheet spreads the
    strong edges over most of the frame), the whole frame's search does not see its small cells,
    and the part holding the largest cluster of strong edges holds the whole board and finds it;
    the grid a cell off each way is refused against it."""
    import vision.locate as locate
    frame = _crowded_small_frame(32)
    small, scale = _shrink(frame.image)
    gray = _gray(small)
    assert locate._busy_box(gray, scale, frame.image.shape[:2]) is None
    box = locate._cluster_box(gray, scale, frame.image.shape[:2])
    assert box is not None
    x0, y0, x1, y1 = box
    assert (frame.board_corners >= (x0, y0)).all() and (frame.board_corners <= (x1, y1)).all()
    found = next(board_candidates(frame.image), None)
    assert found is not None
    assert _error_cells(found.corners, frame.board_corners) < 0.2
    assert found.margin >= PLACEMENT_MARGIN and found.line_fit >= LINE_FIT
    placed = order_corners(found.corners * scale)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        assert placement_margin(small, order_corners(_moved(placed, dx, dy)))[0] < 1.0
    monkeypatch.setattr(locate, "_cluster_box", lambda *args: None)
    monkeypatch.setattr(locate, "_last_part", lambda *args: None)
    assert next(board_candidates(frame.image), None) is None  # the whole frame's search alone misses it


def test_a_small_board_among_things_on_the_table_is_searched_in_its_edges_cluster_after_the_whole_frame(monkeypatch):
    """194194 frame 32 as the dataset saves it (a German board at a third of the frame, things on the
    table, glare; not located by the start tree): no busy part, and its strong edges' largest cluster
    (the board and the racks) spans more than CLUSTER_SIDE, so no part is searched first; the whole
    frame's search does not see its small cells, and the part holding that cluster, searched after it
    (_last_part), finds the board; the grid a cell off each way is refused against it."""
    import vision.locate as locate
    from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame
    frame, _ = dataset_frame(DatasetSpec(boards=60, seed=194194), 32)
    image = as_saved(frame.image)
    small, scale = _shrink(image)
    gray = _gray(small)
    strong = locate._strong_edges(gray)
    assert locate._busy_box(gray, scale, image.shape[:2], strong) is None
    assert locate._cluster_box(gray, scale, image.shape[:2], strong) is None
    part = locate._last_part(gray, scale, image.shape[:2], strong)
    assert part is not None
    x0, y0, x1, y1 = part
    assert (frame.board_corners >= (x0, y0)).all() and (frame.board_corners <= (x1, y1)).all()
    found = next(board_candidates(image), None)
    assert found is not None
    assert _error_cells(found.corners, frame.board_corners) < 0.2
    assert found.margin >= PLACEMENT_MARGIN and found.line_fit >= LINE_FIT
    placed = order_corners(found.corners * scale)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        moved = order_corners(_moved(placed, dx, dy))
        assert not (placement_margin(small, moved)[0] >= PLACEMENT_MARGIN and line_fit(gray, moved) >= LINE_FIT)
    monkeypatch.setattr(locate, "_last_part", lambda *args: None)
    assert next(board_candidates(image), None) is None  # the whole frame's search alone misses it


def test_a_square_on_board_whose_rows_are_outscored_by_the_racks_is_paired_and_found():
    """184184 frame 5 (a paper board square-on between two racks, glare): the row combs from rack
    to rack outscore the board's own rows, so no lattice of the three strongest combs each way had
    the board's spacing and it was not located; the column comb's square partner (the row comb of
    its spacing) gives it, and the grid a cell off each way is refused against it."""
    from vision.locate import _square_partner
    from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame
    assert _square_partner([(0.0, 18.0, 9.0), (0.0, 16.0, 8.0), (0.0, 15.0, 7.0), (3.0, 12.25, 6.0)], 12.0) == (3.0, 12.25, 6.0)
    assert _square_partner([(0.0, 18.0, 9.0), (0.0, 12.0, 8.0), (0.0, 15.0, 7.0), (3.0, 12.25, 6.0)], 12.0) is None
    frame, _ = dataset_frame(DatasetSpec(boards=6, seed=184184), 5)
    image = as_saved(frame.image)
    found = next(board_candidates(image), None)
    assert found is not None
    assert _error_cells(found.corners, frame.board_corners) < 0.2
    assert found.margin >= PLACEMENT_MARGIN and found.line_fit >= LINE_FIT
    small, scale = _shrink(image)
    gray = _gray(small)
    placed = order_corners(found.corners * scale)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        moved = order_corners(_moved(placed, dx, dy))
        assert not (placement_margin(small, moved)[0] >= PLACEMENT_MARGIN and line_fit(gray, moved) >= LINE_FIT)


def test_a_grid_whole_rows_off_that_beats_its_rivals_a_cell_off_is_not_taken_and_the_board_is_found():
    """A clear board with 45 dark tiles tilted 22.5 degrees (rendered seed 207207, frame 39, looked at
    in round 23's measuring): a grid four rows off, beyond placement_margin's rivals one or two cells
    off, beat them by 1.81 and its lines fit; it was read with 13 confident-wrong letters. The
    premium pattern fits better four rows down by both measures, so it is not taken; the board is
    found where it is, and there no whole-cell move fits better."""
    from vision.locate import _beaten_by_a_shift
    frame = _wide_frame(207207, 39)
    small, scale = _shrink(frame.image)
    truth = order_corners(np.asarray(frame.board_corners, np.float32) * scale)
    to_small = cv2.getPerspectiveTransform(_canonical(1), truth)
    four_up = cv2.perspectiveTransform((_canonical(1) - np.float32([0, 4]))[None], to_small)[0]
    assert placement_margin(small, four_up)[0] >= PLACEMENT_MARGIN  # the rivals a cell off do not refuse it
    assert _beaten_by_a_shift(small, four_up)
    assert not _beaten_by_a_shift(small, truth)
    _found_right(frame)


def _spanned(corners: np.ndarray, axis: int, lo: float, hi: float) -> np.ndarray:
    """The grid at `corners` with its span along `axis` (0: x, 1: y, in its cells) running from `lo` to `hi`."""
    to_frame = cv2.getPerspectiveTransform(_canonical(1), np.asarray(corners, np.float32))
    square = _canonical(1).copy()
    square[:, axis] = np.where(square[:, axis] == 0, lo, hi)
    return cv2.perspectiveTransform(square[None], to_frame)[0]


def test_a_grid_spaced_wrong_or_moved_far_along_one_axis_is_beaten_by_its_span_rival_on_the_board():
    """125065 frame 31 as the bench's --tilt 20 shows it (a yellow labelled board with 9 tiles, tilted 26.7
    degrees and 20 more): the start tree's first candidate was a grid of 1.28 times the board's row spacing
    laid over it (2.13 cells off, margin 1.51, line fit 0.756), passing every check of _settled; the board was
    not located. Such a grid, and the board's grid moved 4 cells along one axis, are beaten by their rival
    along that axis (_span_margin), which lies on the board; the board itself beats its rivals; and the
    search gives the board first."""
    from vision.bench import TABLE_GREY, frame_transform
    from vision.locate import SPAN_MARGIN, _span_margin
    from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame
    frame, _ = dataset_frame(DatasetSpec(boards=60, seed=125065), 31)
    image = as_saved(frame.image)
    h, w = image.shape[:2]
    moved = frame_transform(w, h, 20.0, 1.0, 0.0)
    image = cv2.warpPerspective(image, moved, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                                borderValue=TABLE_GREY)
    truth = order_corners(cv2.perspectiveTransform(np.asarray(frame.board_corners, np.float32)[None], moved)[0])
    small, scale = _shrink(image)
    placed = order_corners(truth * scale)
    assert _span_margin(small, placed)[0] >= SPAN_MARGIN
    for axis, lo, hi in ((1, -2.1, 17.1), (0, -4.0, 11.0)):
        margin, rival = _span_margin(small, order_corners(_spanned(placed, axis, lo, hi)))
        assert margin < SPAN_MARGIN
        assert _error_cells(rival, placed) < 0.5
    found = next(board_candidates(image), None)
    assert found is not None
    assert _error_cells(found.corners, truth) < 0.2
