"""Whole synthetic camera frames (vision.synth.frames)."""
from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision.synth import FrameOptions, render_frame

SIZE = 600  # small frames keep the tests fast; geometry scales with the frame
EMPTY = ["." * 15] * 15
CELL = 40  # px per cell in rectified views


def board_with(tiles: dict[tuple[int, int], str]) -> list[str]:
    rows = [list(row) for row in EMPTY]
    for (r, c), letter in tiles.items():
        rows[r][c] = letter
    return ["".join(row) for row in rows]


def cell_centre(corners: np.ndarray, r: int, c: int) -> np.ndarray:
    """Image position of the centre of upright cell (r, c), from the board corners."""
    unit = np.float32([[0, 0], [15, 0], [15, 15], [0, 15]])
    h = cv2.getPerspectiveTransform(unit, corners.astype(np.float32))
    return cv2.perspectiveTransform(np.float32([[[c + 0.5, r + 0.5]]]), h)[0, 0]


def rectify(image: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The playing area warped upright, CELL px per cell."""
    square = np.float32([[0, 0], [15 * CELL, 0], [15 * CELL, 15 * CELL], [0, 15 * CELL]])
    h = cv2.getPerspectiveTransform(corners.astype(np.float32), square)
    return cv2.warpPerspective(image, h, (15 * CELL, 15 * CELL))


def cell(view: np.ndarray, r: int, c: int) -> np.ndarray:
    return view[r * CELL:(r + 1) * CELL, c * CELL:(c + 1) * CELL].astype(np.float32)


def changed_centroid(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    diff = np.abs(a.astype(np.int16) - b.astype(np.int16)).max(axis=2)
    ys, xs = np.nonzero(diff > 40)
    assert len(xs) > 0, "the tile left no trace in the image"
    return np.array([xs.mean(), ys.mean()])


def test_same_seed_same_pixels_other_seed_differs():
    board = board_with({(7, 7): "Q", (7, 8): "I"})
    a = render_frame(board, seed=11, size=SIZE)
    b = render_frame(board, seed=11, size=SIZE)
    c = render_frame(board, seed=12, size=SIZE)
    assert np.array_equal(a.image, b.image)
    assert np.array_equal(a.board_corners, b.board_corners)
    assert not np.array_equal(a.image, c.image)
    assert a.image.shape == (SIZE, SIZE, 3) and a.image.dtype == np.uint8


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_a_tile_lands_where_the_board_corners_say(seed):
    """Random pose, rotation, tilt and effects (no hand): the only change a tile makes
    is at the cell the corners map it to."""
    options = FrameOptions(hand=False)
    for square in ((2, 12), (11, 3)):
        empty = render_frame(EMPTY, seed=seed, size=SIZE, options=options)
        one = render_frame(board_with({square: "M"}), seed=seed, size=SIZE, options=options)
        expected = cell_centre(one.board_corners, *square)
        cell_px = np.linalg.norm(one.board_corners[1] - one.board_corners[0]) / 15
        assert np.linalg.norm(changed_centroid(empty.image, one.image) - expected) < 0.35 * cell_px


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_rotation_turns_corners_and_tiles_with_the_board(rotation):
    options = replace(FrameOptions.clean(), rotation=rotation, board_style="german")
    frame = render_frame(board_with({(1, 2): "L"}), seed=5, size=SIZE, options=options)
    assert frame.rotation == rotation
    corners = frame.board_corners
    centre = corners.mean(axis=0)
    # upright top-left corner: top-left of the image at 0, then turning clockwise
    expected_quadrant = {0: (-1, -1), 90: (1, -1), 180: (1, 1), 270: (-1, 1)}[rotation]
    assert tuple(np.sign(corners[0] - centre).astype(int)) == expected_quadrant
    # the tile is found where the upright cell maps, and reads upright once rectified
    straight = replace(FrameOptions.clean(), rotation=0, board_style="german")
    upright = rectify(render_frame(board_with({(1, 2): "L"}), seed=5, size=SIZE, options=straight).image,
                      render_frame(EMPTY, seed=5, size=SIZE, options=straight).board_corners)
    view = rectify(frame.image, corners)
    reference = cell(upright, 1, 2)
    here = cell(view, 1, 2)
    turned = np.rot90(reference, 1)
    assert np.abs(here - reference).mean() < 0.6 * np.abs(here - turned).mean()
    assert frame.truth[1][2] == "L"


def test_turned_board_shows_turned_letters_in_the_image():
    """At 90 degrees the tile's letter appears turned in the raw image too."""
    board = board_with({(7, 7): "L"})
    flat = render_frame(board, seed=9, size=SIZE, options=replace(FrameOptions.clean(), rotation=0))
    turned = render_frame(board, seed=9, size=SIZE, options=replace(FrameOptions.clean(), rotation=90))

    def crop(frame):
        x, y = cell_centre(frame.board_corners, 7, 7).astype(int)
        half = int(np.linalg.norm(frame.board_corners[1] - frame.board_corners[0]) / 30)
        return cv2.resize(frame.image[y - half:y + half, x - half:x + half], (32, 32)).astype(np.float32)

    a, b = crop(flat), crop(turned)
    assert np.abs(np.rot90(a, -1) - b).mean() < np.abs(a - b).mean()  # clockwise in the image


def test_truth_shows_designated_blanks_as_blank_tiles():
    designated = render_frame(board_with({(7, 7): "e", (7, 8): "X"}), seed=4, size=SIZE)
    plain = render_frame(board_with({(7, 7): "?", (7, 8): "X"}), seed=4, size=SIZE)
    assert np.array_equal(designated.image, plain.image)
    assert designated.truth[7][7:9] == "?X"


def test_german_letters_render_distinctly():
    options = replace(FrameOptions.clean(), tileset="german")
    board = board_with({(7, 4): "A", (7, 5): "Ä", (7, 6): "O", (7, 7): "Ö", (7, 8): "U", (7, 9): "Ü"})
    frame = render_frame(board, seed=3, size=SIZE, options=options)
    view = rectify(frame.image, frame.board_corners)
    for plain, umlaut in ((4, 5), (6, 7), (8, 9)):
        assert np.abs(cell(view, 7, plain) - cell(view, 7, umlaut)).mean() > 4
    assert frame.truth[7] == "....AÄOÖUÜ....."


@pytest.mark.parametrize("change", [
    dict(board_style="classic"), dict(board_style="paper"), dict(board_style="deluxe"), dict(labels=True),
    dict(star=False), dict(glare=True), dict(shadow=True), dict(hand=True), dict(lighting=0.5), dict(blur=2.0), dict(noise=8.0),
    dict(jpeg_quality=30), dict(table="wood"), dict(tilt_deg=10.0), dict(askew_deg=4.0), dict(font="dejavu-serif"),
    dict(rack_counts={"p1": 7, "p2": 7}),
])
def test_each_option_changes_the_image_visibly(change):
    board = board_with({(3, 5): "W", (3, 6): "O", (3, 7): "R", (3, 8): "D"})  # centre star left free
    base = replace(FrameOptions.clean(), board_style="german", labels=False, star=True, table="grey",
                   font="freesans-bold")
    if "font" in change:
        from vision.synth import available_fonts
        if change["font"] not in available_fonts():
            pytest.skip("font not on this machine")
    fields = {**base.__dict__, **change}
    a = render_frame(board, seed=21, size=SIZE, options=base)
    b = render_frame(board, seed=21, size=SIZE, options=FrameOptions(**fields))
    diff = np.abs(a.image.astype(np.int16) - b.image.astype(np.int16)).max(axis=2)
    assert (diff > 20).sum() > 150  # at least a tile's worth of pixels clearly changed


def test_hand_covers_the_cells_it_reports():
    for seed in range(4):
        without = render_frame(EMPTY, seed=seed, size=SIZE, options=FrameOptions.clean())
        frame = render_frame(EMPTY, seed=seed, size=SIZE, options=replace(FrameOptions.clean(), hand=True))
        assert without.occluded == frozenset() and frame.occluded
        view, clear = rectify(frame.image, frame.board_corners), rectify(without.image, frame.board_corners)
        diff = np.abs(view.astype(np.int16) - clear.astype(np.int16)).max(axis=2)
        for r in range(15):
            for c in range(15):
                here = diff[r * CELL:(r + 1) * CELL, c * CELL:(c + 1) * CELL]
                if (r, c) in frame.occluded:  # a pale sleeve over a pale square changes it only a little
                    assert (here > 12).mean() > 0.1, (seed, r, c)
                elif (here > 40).mean() > 0.6 and not any((r + dr, c + dc) in frame.occluded
                                               for dr in (-1, 0, 1) for dc in (-1, 0, 1)):
                    # next to the hand its shadow may darken a cell; farther away nothing may change
                    raise AssertionError(f"seed {seed}: cell {(r, c)} is under the hand but not reported")


def test_racks_stand_in_their_zones():
    board = board_with({(7, 7): "A"})
    full = render_frame(board, seed=8, size=SIZE, options=FrameOptions(hand=False, rack_counts={"p1": 7, "p2": 3}))
    empty = render_frame(board, seed=8, size=SIZE, options=FrameOptions(hand=False, rack_counts={"p1": 0, "p2": 0}))
    assert set(full.rack_zones) == {"p1", "p2"}
    diff = np.abs(full.image.astype(np.int16) - empty.image.astype(np.int16)).max(axis=2) > 40
    inside = np.zeros_like(diff)
    for zone in full.rack_zones.values():
        cv2.fillPoly(inside.view(np.uint8), [zone.astype(np.int32)], 1)
        assert zone[:, 0].min() >= 0 and zone[:, 1].min() >= 0 and zone.max() <= SIZE
    assert diff.sum() > 0 and diff[inside == 0].sum() == 0
    # the rack zones keep clear of the board
    board_box = cv2.boundingRect(full.board_corners.astype(np.int32))
    for zone in full.rack_zones.values():
        zx, zy, zw, zh = cv2.boundingRect(zone.astype(np.int32))
        assert zy + zh <= board_box[1] or zy >= board_box[1] + board_box[3]


def test_no_racks_when_asked_for_none():
    frame = render_frame(EMPTY, seed=2, size=SIZE, options=FrameOptions(rack_counts={}))
    assert frame.rack_zones == {}


@pytest.mark.parametrize("board, message", [
    (["." * 15] * 14, "14 rows"),
    (["." * 15] * 14 + ["." * 14], "row 15"),
    (["." * 15] * 14 + ["......1........"], "row 15, column 7"),
])
def test_bad_board_text_names_the_place(board, message):
    with pytest.raises(ValueError, match=message):
        render_frame(board, seed=1, size=SIZE)


@pytest.mark.parametrize("options, message", [
    (FrameOptions(rotation=45), "rotation"),
    (FrameOptions(board_style="marble"), "board_style"),
    (FrameOptions(font="comic-sans"), "font"),
    (FrameOptions(rack_counts={"p1": 11}), "rack_counts"),
    (FrameOptions(rack_counts={"p3": 2}), "rack_counts"),
])
def test_bad_option_is_refused(options, message):
    with pytest.raises(ValueError, match=message):
        render_frame(EMPTY, seed=1, size=SIZE, options=options)


def test_another_shot_of_the_same_scene_changes_only_noise_and_hand():
    board = board_with({(7, 7): "Z"})
    options = FrameOptions(hand=False, noise=4.0, shadow=False)
    first = render_frame(board, seed=31, size=SIZE, options=options)
    again = render_frame(board, seed=31, size=SIZE, options=options, shot=0)
    second = render_frame(board, seed=31, size=SIZE, options=options, shot=1)
    assert np.array_equal(first.image, again.image)
    assert np.array_equal(first.board_corners, second.board_corners) and first.options == second.options
    diff = np.abs(first.image.astype(np.int16) - second.image.astype(np.int16))
    assert 0.5 < diff.mean() < 8  # new sensor noise, same picture


def test_a_rack_stays_put_whatever_stands_on_it():
    a = render_frame(EMPTY, seed=3, size=SIZE, options=FrameOptions(hand=False, rack_counts={"p1": 4, "p2": 2}))
    b = render_frame(EMPTY, seed=3, size=SIZE, options=FrameOptions(hand=False, rack_counts={"p1": 8, "p2": 7}))
    assert set(a.rack_zones) == {"p1", "p2"}
    for p in a.rack_zones:
        assert np.array_equal(a.rack_zones[p], b.rack_zones[p])


def test_fitting_shrinks_a_board_that_would_cover_the_racks():
    from vision.synth.camera import UPRIGHT_CORNERS, CameraPose, project
    from vision.synth.frames import RACK_ROOM, _fit

    big = CameraPose(centre=(500, 520), side=900, angle_deg=93, pitch_deg=6, yaw_deg=-4, focal=1200)
    fitted = _fit(big, 0.8, 1000, racks=True)
    outline = project(fitted, UPRIGHT_CORNERS * (1 + 1.6 / 15))
    assert fitted.side < big.side
    assert outline[:, 1].min() >= RACK_ROOM * 1000 and outline[:, 1].max() <= (1 - RACK_ROOM) * 1000
    assert _fit(big, 0.8, 1000, racks=False).side <= big.side
    small = replace(big, side=500)
    assert _fit(small, 0.8, 1000, racks=True) == small


def test_board_stays_in_frame_and_clear_of_the_racks():
    for seed in range(40):
        frame = render_frame(EMPTY, seed=seed, size=300, options=FrameOptions(hand=False, tilt_deg=None))
        corners = frame.board_corners
        assert corners.min() >= 0 and corners.max() <= 300, seed
        for zone in frame.rack_zones.values():   # a rack never stands over the playing area
            overlap, _ = cv2.intersectConvexConvex(corners.astype(np.float32), zone.astype(np.float32))
            assert overlap == 0, seed


@pytest.mark.parametrize("k1", [-0.06, 0.04])
def test_lens_distortion_moves_the_reported_corners_with_the_image(k1):
    square = (0, 14)
    options = replace(FrameOptions.clean(), distortion=k1)
    empty = render_frame(EMPTY, seed=7, size=SIZE, options=options)
    one = render_frame(board_with({square: "K"}), seed=7, size=SIZE, options=options)
    straight = render_frame(EMPTY, seed=7, size=SIZE, options=FrameOptions.clean())
    cell_px = np.linalg.norm(one.board_corners[1] - one.board_corners[0]) / 15
    assert np.abs(one.board_corners - straight.board_corners).max() > 2  # the lens really bends
    expected = cell_centre(one.board_corners, *square)  # exact at the corners, near enough one cell in
    assert np.linalg.norm(changed_centroid(empty.image, one.image) - expected) < 0.35 * cell_px
