"""count_face_down never counts more tiles than lie beside the rack where the frame cannot tell
(vision.rack_face_down, issue 18: face-down tiles are added to the rack's count before the overdraw
question, so one more raises a false one): tiles merged by the light count, a lit patch of the table.
Seeds: the lead's round-27 run's 10411317 and rkdown's dev 8121356 (helper rkdown2's dev seeds)."""
from __future__ import annotations

import numpy as np

from vision.rack_bench import TOLERANCE, board_tile_lab, square
from vision.rack_face_down import DOWN_PX_PER_TILE, _merged_beyond, _off_seam, face_down_why
from vision.synth.racks import RackSceneOptions, render_rack_scene


def _face_down(seed: int, player: str, n: int) -> tuple[int | None, str]:
    scene = render_rack_scene(seed, size=1000, options=RackSceneOptions(face_down={player: n}, hand="", half_out=""))
    zone = scene.zones[player]
    return face_down_why(scene.image, zone, square(scene, zone), board_tile_lab(scene), TOLERANCE, scene.board_corners)


def test_tiles_merged_by_the_light_count_are_counted_as_the_boards_colour_counts_them():
    # three backs beside a pro-long rack, two 3 px apart: under any light their sides join them into
    # one blob of 2.56 tiles, read 3 (round 27's rkdown tree reads 4: a false overdraw question)
    assert _face_down(10411317, "p2", 3)[0] == 3


def test_a_lit_patch_of_the_table_showing_no_tiles_edge_is_unknown_not_one_tile():
    # no tile beside a mattel rack, the table 16.9 from the tiles' colour: a light patch of it, 0.74 of
    # a tile, read 1 by both f13fc3c and d97570f
    count, why = _face_down(8121356, "p2", 0)
    assert count is None and "no tile's edge" in why


def _square_blob(mask: np.ndarray, x: int, y: int, side: int) -> None:
    mask[y:y + side, x:x + side] = 1


def test_merged_beyond_counts_only_blobs_holding_the_boards_tiles():
    side = int(DOWN_PX_PER_TILE)
    board = np.zeros((60, 80), np.uint8)
    _square_blob(board, 5, 5, side)
    _square_blob(board, 18, 5, side)
    lit = board.copy()
    lit[4:17, 4:31] = 1  # both tiles and their sides in one blob: 13 x 27 px, 3.51 tiles' area, counted 4
    _square_blob(lit, 50, 40, side + 2)  # a dim tile the board's colour misses: still one more
    assert _merged_beyond(board, lit) == 2  # 4 where the board's colour counts 2; the dim tile adds its 1
    assert _merged_beyond(board, board) == 0


def test_off_seam_leaves_out_the_patchs_first_and_last_rows():
    kept = _off_seam(np.ones((5, 4), bool))
    assert kept.dtype == np.uint8 and kept[0].sum() == 0 and kept[-1].sum() == 0 and kept[1:-1].all()
