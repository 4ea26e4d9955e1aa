"""count_face_down on tiles' backs lit unlike the board's tiles (vision.rack_face_down): the light
falls off toward the frame's corners, so backs beside a rack can be nearer the table than the board's
tile colour; and on tables the tiles' colour, told bare by the tiles' edges they lack. Seeds are
rkdown's dev seeds (round 27) and the README run's 10011324."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.rack_bench import TOLERANCE, board_tile_lab, square
from vision.rack_face_down import LIGHT_RANGE, _bare, _inner, _light_distance, _light_gap, face_down_why
from vision.synth.racks import RackSceneOptions, render_rack_scene


def _face_down(seed: int, player: str, n: int) -> tuple[int | None, str]:
    scene = render_rack_scene(seed, size=1000, options=RackSceneOptions(face_down={player: n}, hand="", half_out=""))
    zone = scene.zones[player]
    return face_down_why(scene.image, zone, square(scene, zone), board_tile_lab(scene), TOLERANCE, scene.board_corners)


@pytest.mark.parametrize("seed,player,n", [
    (8120249, "p2", 7),   # backs at half the board's tiles' lightness on a dark brown table
    (10011324, "p1", 2),  # two backs in the frame's dim corner on a near-black table
])
def test_backs_dimmer_than_the_boards_tiles_are_counted(seed, player, n):
    # the start tree (f13fc3c) reads both as 0: no px nearer the board's tile colour than the table
    assert _face_down(seed, player, n)[0] == n


def test_dim_backs_against_the_boards_rim_are_unknown_not_0():
    # seven wooden backs on a dark table, the first row under the board's rim: the start tree reads 0
    count, why = _face_down(8121441, "p2", 7)
    assert count is None and "lit unlike" in why


def test_a_wooden_racks_end_lit_like_a_tile_is_no_tile_more():
    # six backs beside a club rack whose end, dim, is the tiles' colour under another light: read
    # under any light it is a seventh tile touching the rack's zone; never a count over six
    count, _ = _face_down(8121255, "p2", 6)
    assert count is None or count == 6  # (the start tree reads 6)


def test_the_tiles_colour_under_any_light_of_the_range_is_at_no_distance():
    tile = np.array([120.0, 140.0, 150.0], np.float32)  # weighted Lab
    black = np.array([0, 128, 128], np.float32)
    shades = [black + k * (tile - black) for k in (LIGHT_RANGE[0], 1.0, LIGHT_RANGE[1])]
    planes = np.array(shades + [black + 0.3 * (tile - black), tile + [0, 20, 0]], np.float32).T.reshape(3, 1, 5)
    d = _light_distance(planes, tile)[0]
    assert np.allclose(d[:3], 0, atol=0.05)
    assert d[3] > 20  # far dimmer than the range
    assert abs(d[4] - 20) < 2  # another hue
    assert _light_gap(shades[0], tile) < 0.05 and _light_gap(tile + [0, 20, 0], tile) > 18


def test_a_bare_table_the_tiles_colour_reads_0():
    # no tile beside p1 (seven beside p2) on a table within TABLE_CONTRAST of the tiles: the start tree
    # reads it unknown ("table the tiles' colour")
    assert _bare_reading(8120121, "p1", {"p2": 7}) == 0


def test_tiles_lit_to_the_tables_colour_show_their_edges_and_are_unknown_not_0():
    # seven pink backs, dimmer than the board's tiles, on a beige table: no px of either tile colour,
    # their outlines on the table (the start tree reads 0)
    count, why = _face_down(8120196, "p1", 7)
    assert count is None and "edges" in why


def _bare_reading(seed: int, player: str, face_down: dict[str, int]) -> int | None:
    scene = render_rack_scene(seed, size=1000, options=RackSceneOptions(face_down=face_down, hand="", half_out=""))
    zone = scene.zones[player]
    return face_down_why(scene.image, zone, square(scene, zone), board_tile_lab(scene), TOLERANCE,
                         scene.board_corners)[0]


def test_a_noisy_flat_table_is_bare_and_a_tiles_outline_is_not():
    rng = np.random.default_rng(0)
    lightness = np.clip(rng.normal(120, 2.0, (50, 75)), 0, 255).astype(np.uint8)
    inner = _inner(np.ones((50, 75), bool))
    square3 = np.ones((3, 3), np.uint8)
    assert _bare(cv2.morphologyEx(lightness, cv2.MORPH_GRADIENT, square3), inner)
    lightness[20:31, 30:41] -= 25  # a tile's darker outline, its back the table's lightness
    lightness[22:29, 32:39] += 25
    assert not _bare(cv2.morphologyEx(lightness, cv2.MORPH_GRADIENT, square3), inner)
