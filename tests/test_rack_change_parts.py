"""The live kiosk makes each part of a rack's reading again only when what that part looks at
changed (vision.rack_change.parts, changed_parts; vision.rack_counter.RackCounter.observe): the
rack (its zone and the strips of table along it) and the table beyond its ends (tiles face
down). Seeds here are test seeds."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

import vision.synth.racks as synth
from vision.rack_bench import TOLERANCE, board_tile_lab
from vision.rack_change import CHANGE_LEVEL, changed_parts, parts, thumb
from vision.rack_counter import RackCounter
from vision.rack_face_down import end_quads
from vision.racks import board_side_first, rack_square_px
from vision.synth.racks import RackSceneOptions, render_rack_scene

from tests.test_rack_change import OPTIONS, _one_taken  # one tile taken, as there


def _noisy(image: np.ndarray, seed: int, std: float = 2.0) -> np.ndarray:
    noise = np.random.default_rng(seed).normal(0, std, image.shape)
    return np.clip(image + noise, 0, 255).astype(np.uint8)


def _patch(image: np.ndarray, centre: np.ndarray, side: float, shift: float) -> np.ndarray:
    """`image` with a square of `side` px around `centre` made `shift` levels lighter."""
    out = image.astype(np.float32)
    x, y = (int(round(v)) for v in centre)
    h = max(1, int(side / 2))
    out[y - h:y + h, x - h:x + h] += shift
    return np.clip(out, 0, 255).astype(np.uint8)


def _scene() -> tuple[synth.RackScene, np.ndarray, float]:
    scene = render_rack_scene(317, options=OPTIONS)
    zone = board_side_first(scene.zones["p1"], np.asarray(scene.board_corners, np.float32).mean(axis=0))
    return scene, zone, rack_square_px(scene.board_corners, zone)


def _beside(zone: np.ndarray, square: float) -> np.ndarray:
    """The middle of the table beyond the zone's second end, where face-down tiles lie."""
    return end_quads(zone, square)[1].mean(axis=0)


def test_each_part_changes_only_with_what_it_looks_at():
    scene, zone, square = _scene()
    reference = thumb(_noisy(scene.image, 1), zone, square)
    assert reference is not None
    looked_at = parts(reference, zone, square)
    def after(image: np.ndarray):
        return changed_parts(reference, reference, thumb(image, zone, square), looked_at)

    still = after(_noisy(scene.image, 2))
    assert not still.rack and not still.beside
    in_rack = after(_patch(scene.image, zone.mean(axis=0), 0.8 * square, 60))
    assert in_rack.rack and not in_rack.beside
    beside = after(_patch(scene.image, _beside(zone, square), 0.8 * square, 60))
    assert beside.beside and not beside.rack
    # the bounding box's corner toward the board, beyond the rack's middle: neither part looks there
    x0, y0, x1, y1 = reference.box
    far = np.array([(x0 + x1) / 2, y0 + 2.0])
    if not cv2.pointPolygonTest(end_quads(zone, square)[0], (float(far[0]), float(far[1])), False) >= 0:
        nowhere = after(_patch(scene.image, far, 4, 80))
        assert not nowhere.rack and not nowhere.beside


def test_tiles_put_face_down_beside_the_rack_change_the_part_beside_it(monkeypatch):
    """The same rendered frame with and without tiles face down beside p1's rack (the
    renderer's random draws kept alike): the part beside the rack changed."""
    options = RackSceneOptions(counts={"p1": 5, "p2": 7}, hand="", half_out="", face_down={"p1": 2})
    with_tiles = render_rack_scene(318, options=options)
    downs: list[object] = []
    lay, draw = synth.face_down_tiles, synth.draw_faces

    def laid(*args, **kwargs):
        tiles = lay(*args, **kwargs)
        downs.append(tiles[0])
        return tiles

    def drawn(image, faces, rng, *args, **kwargs):
        if downs and faces is downs[-1]:
            for _ in faces:
                rng.uniform(0.97, 1.03)   # as draw_faces draws for each face
            return None
        return draw(image, faces, rng, *args, **kwargs)

    monkeypatch.setattr(synth, "face_down_tiles", laid)
    monkeypatch.setattr(synth, "draw_faces", drawn)
    without = render_rack_scene(318, options=options)
    zone = board_side_first(without.zones["p1"], np.asarray(without.board_corners, np.float32).mean(axis=0))
    square = rack_square_px(without.board_corners, zone)
    reference = thumb(_noisy(without.image, 1), zone, square)
    assert reference is not None
    assert changed_parts(reference, reference, thumb(_noisy(with_tiles.image, 2), zone, square),
                         parts(reference, zone, square)).beside


def test_observe_counts_again_only_the_part_that_changed(monkeypatch):
    scene, zone, square = _scene()
    lab = board_tile_lab(scene)
    counter = RackCounter()
    counter.use_zones({"p1": scene.zones["p1"]})
    for _ in range(2):   # a count stands once two readings of one picture agree
        counter.observe(scene.image, scene.board_corners, (lab, TOLERANCE), {})
    assert (counter.reads, counter.downs_counted) == (2, 1)
    beside = counter.observe(_patch(scene.image, _beside(zone, square), 0.8 * square, 60), scene.board_corners,
                             (lab, TOLERANCE), {})
    assert (counter.reads, counter.downs_counted) == (2, 2)   # the rack's reading stood
    taken = _one_taken(317, monkeypatch, 2)
    seen = counter.observe(_patch(taken.image, _beside(zone, square), 0.8 * square, 60), scene.board_corners,
                           (lab, TOLERANCE), {})
    assert (counter.reads, counter.downs_counted) == (3, 2)   # the count beside it stood
    assert seen.face_down == beside.face_down


def test_a_part_kept_is_compared_with_the_frame_it_was_read_on(monkeypatch):
    """The table beside the rack drifting by less than CHANGE_LEVEL a frame, while the rack
    itself changes (a tile taken, then another) and is read again, still calls for a new
    count beside it once it has moved by more than CHANGE_LEVEL since that count."""
    scene, zone, square = _scene()
    lab = board_tile_lab(scene)
    counter = RackCounter()
    counter.use_zones({"p1": scene.zones["p1"]})
    counter.observe(scene.image, scene.board_corners, (lab, TOLERANCE), {})
    step = CHANGE_LEVEL * 0.75
    for k, drop in enumerate((2, 0)):
        taken = _one_taken(317, monkeypatch, drop)
        drifted = _patch(taken.image, _beside(zone, square), 0.8 * square, step * (k + 1))
        counter.observe(drifted, scene.board_corners, (lab, TOLERANCE), {})
        assert counter.reads == 2 + 2 * k   # (the frame after: read again, a count stands once two readings agree)
        assert not counter.observe(drifted, scene.board_corners, (lab, TOLERANCE), {}).blocked
    assert counter.downs_counted == 2   # at the first frame, and once drifted 1.5 x CHANGE_LEVEL


def test_observe_works_the_rack_out_again_when_the_board_moves():
    """The zone's turn and the square at the rack are kept while the board's corners are the
    last frame's; corners moved (a board 6 % larger) read the rack again."""
    scene, _, _ = _scene()
    lab = board_tile_lab(scene)
    counter = RackCounter()
    counter.use_zones({"p1": scene.zones["p1"]})
    corners = np.asarray(scene.board_corners, np.float32)
    counter.observe(scene.image, corners, (lab, TOLERANCE), {})
    counter.observe(scene.image, corners.copy(), (lab, TOLERANCE), {})   # read again: two readings agree
    counter.observe(scene.image, corners.copy(), (lab, TOLERANCE), {})
    assert counter.reads == 2
    grown = corners.mean(axis=0) + (corners - corners.mean(axis=0)) * np.float32(1.06)
    counter.observe(scene.image, grown, (lab, TOLERANCE), {})
    assert counter.reads == 3
