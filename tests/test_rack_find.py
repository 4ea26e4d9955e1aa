"""vision.rack_find.find_racks on rendered start frames (vision.synth.render_frame: an empty
board, the racks standing in 3D beside it). Seeds 100-111 (tests only; the module's
development seeds are listed in its docstring)."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.board_scale import square_px
from vision.rack_find import find_racks, rack_colour, racks_found
from vision.racks import rack_square_px, read_rack
from vision.synth import FrameOptions, render_frame

EMPTY = ["." * 15] * 15
OPTIONS = FrameOptions(hand=False, glare=False, shadow=False, rotation=0)


def _start(seed: int, counts: dict[str, int]):
    return render_frame(EMPTY, seed=seed, size=1000, options=replace(OPTIONS, rack_counts=counts))


def test_racks_with_seven_tiles_are_found_where_they_stand_and_nowhere_else():
    both = 0
    for seed in range(100, 112):
        frame = _start(seed, {"p1": 7, "p2": 7})
        square = square_px(frame.board_corners)
        found = racks_found(frame.image, frame.board_corners, None, 20.0)   # an empty board: no tile colour
        for name, rack in found.items():
            # never a zone away from its rack (p1 is the rack on the frame's bottom side)
            assert np.linalg.norm(rack.zone.mean(axis=0) - frame.rack_zones[name].mean(axis=0)) < square, (seed, name)
            at_rack = rack_square_px(frame.board_corners, rack.zone)    # as the reader reads it
            assert read_rack(frame.image, rack.zone, at_rack, rack.colour, rack.tolerance, rack.profile).count == 7
        both += len(found) == 2
    assert both >= 9   # 11 of 12 when written (7 before racks of the table's colour were looked for again)


def test_a_rack_alone_is_named_by_its_side_and_its_tiles_colour_comes_from_the_rack():
    # navy tiles on a white table (seed 101): nothing like the reader's default ivory
    frame = _start(101, {"p2": 7})     # p1's rack stands empty: not a rack with seven tiles
    assert frame.options.tile_style.face == (105, 51, 34)
    found = find_racks(frame.image, frame.board_corners, None, 20.0)
    assert set(found) == {"p2"}
    zone, profile = found["p2"]
    assert np.linalg.norm(zone.mean(axis=0) - frame.rack_zones["p2"].mean(axis=0)) < square_px(frame.board_corners)
    assert rack_colour(profile)[0] < 120     # dark tiles: Lab lightness of navy, not ivory's 225


def test_no_rack_beside_the_board_finds_none():
    frame = render_frame(EMPTY, seed=100, size=1000, options=replace(OPTIONS, rack_counts={}))
    assert find_racks(frame.image, frame.board_corners, None, 20.0) == {}
