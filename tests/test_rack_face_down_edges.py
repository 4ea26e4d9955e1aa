"""count_face_down's frame edge: unknown only where a tile could lie unseen (vision.rack_face_down)."""
import numpy as np

from vision.rack_face_down import HIDDEN_SHARE, _cut_or_hidden

TILE = 10.0  # a tile's side in the patch (DOWN_PX_PER_TILE)


def _patch(out_rows: int) -> np.ndarray:
    inside = np.ones((40, 70), bool)
    if out_rows:
        inside[-out_rows:, :] = False  # the frame's edge crosses the patch's bottom
    return inside


def test_a_strip_out_of_the_frame_too_thin_to_hide_a_tile_leaves_the_count_known():
    thin = int(HIDDEN_SHARE * TILE) - 2
    tiles = np.zeros((40, 70), np.uint8)
    tiles[5:15, 2:12] = 1  # a tile well inside the frame
    assert not _cut_or_hidden(tiles, _patch(thin), slice(0, 30), TILE)


def test_a_tile_sized_table_out_of_the_frame_makes_the_count_unknown():
    tiles = np.zeros((40, 70), np.uint8)
    assert _cut_or_hidden(tiles, _patch(int(np.ceil(HIDDEN_SHARE * TILE)) + 1), slice(0, 30), TILE)


def test_a_tile_cut_by_the_frames_edge_makes_the_count_unknown():
    thin = 3
    tiles = np.zeros((40, 70), np.uint8)
    tiles[31:37, 40:50] = 1  # a tile whose lower part lies out of the frame
    assert _cut_or_hidden(tiles, _patch(thin), slice(0, 30), TILE)
