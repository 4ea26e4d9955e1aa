"""The renderer's wider style space (issue 15): more board styles and label texts, tile
palettes and marked blanks, tile thickness seen at an angle, steep and small boards, things
on the table beside the board; all from the seed, on a stream of its own, so the older
options (and where the board and racks land) draw as they did."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision.synth import FrameOptions, render_frame
from vision.synth.boards import BOARD_STYLES, NEW_STYLES
from vision.synth.frames import MAX_TILT, _resolve
from vision.synth.tiles import TileStyle, render_tile

SIZE = 600
EMPTY = ["." * 15] * 15
CELL = 40


def board_with(tiles: dict[tuple[int, int], str]) -> list[str]:
    rows = [list(row) for row in EMPTY]
    for (r, c), letter in tiles.items():
        rows[r][c] = letter
    return ["".join(row) for row in rows]


def rectify(image: np.ndarray, corners: np.ndarray) -> np.ndarray:
    square = np.float32([[0, 0], [15 * CELL, 0], [15 * CELL, 15 * CELL], [0, 15 * CELL]])
    return cv2.warpPerspective(image, cv2.getPerspectiveTransform(corners.astype(np.float32), square),
                               (15 * CELL, 15 * CELL))


def _scenes(count: int) -> list:
    out = []
    for seed in range(count):
        out.append(_resolve(FrameOptions(style_space="wide"), np.random.default_rng(seed),
                            np.random.default_rng([seed, 0x57E1E])))
    return out


def test_the_seed_draws_the_whole_space():
    scenes = _scenes(400)
    styles = Counter(s.board_style for s in scenes)
    assert set(styles) == set(BOARD_STYLES), styles  # every style, the new ones too
    assert sum(styles[s] for s in NEW_STYLES) >= 0.2 * len(scenes)
    tilts = [s.tilt_deg for s in scenes]
    assert max(tilts) <= MAX_TILT and sum(t >= 20 for t in tilts) >= 20  # steep cameras, up to 30 degrees
    assert sum(s.board_fill < 0.5 for s in scenes) >= 10  # small boards
    assert {s.tile_style.blank_mark for s in scenes} == {"plain", "logo", "star"}
    assert sum(s.distractors for s in scenes) >= 0.2 * len(scenes)
    dark = [s for s in scenes if np.mean(s.tile_style.face) < 90]
    assert len(dark) >= 0.15 * len(scenes)  # dark wood, black, navy, slate, purple, red, green tiles
    assert any(s.tile_style.wood and np.mean(s.tile_style.face) < 100 for s in scenes)  # dark wood among them
    assert len({s.label_text for s in scenes}) > 1 and len({s.label_font for s in scenes}) > 1


def test_the_new_options_leave_the_board_and_racks_where_they_were():
    """Setting any of the wider space's options changes neither the board's corners nor the racks."""
    board = board_with({(7, 7): "A", (7, 8): "?"})
    base = FrameOptions(hand=False, rack_counts={"p1": 7, "p2": 7}, style_space="wide")
    first = render_frame(board, seed=17, size=SIZE, options=base)
    for change in (dict(blank_mark="star"), dict(tile_depth=0.0), dict(distractors=True), dict(label_text=2),
                   dict(tile_size=0.97), dict(label_font=3)):
        other = render_frame(board, seed=17, size=SIZE, options=replace(base, **change))
        assert np.array_equal(first.board_corners, other.board_corners), change
        for player, zone in first.rack_zones.items():
            assert np.array_equal(zone, other.rack_zones[player]), change


@pytest.mark.parametrize("style", list(BOARD_STYLES))
def test_every_board_style_renders_the_same_twice(style):
    board = board_with({(7, 7): "Q", (7, 8): "?"})
    options = FrameOptions(board_style=style, labels=True)
    a = render_frame(board, seed=5, size=SIZE, options=options)
    b = render_frame(board, seed=5, size=SIZE, options=options)
    assert a.options.board_style == style and np.array_equal(a.image, b.image)


def test_clear_board_shows_the_table_through_it():
    clean = replace(FrameOptions.clean(), labels=False, star=False)
    views = {table: rectify(render_frame(EMPTY, seed=3, size=SIZE, options=replace(
        clean, board_style="clear", table=table)).image, render_frame(EMPTY, seed=3, size=SIZE, options=replace(
            clean, board_style="clear", table=table)).board_corners) for table in ("white", "dark-wood")}
    assert views["white"][40:-40, 40:-40].mean() - views["dark-wood"][40:-40, 40:-40].mean() > 30


def test_thick_tiles_seen_at_an_angle_show_their_side():
    """With the camera tilted, a thick tile's top moves off its square (away from the point below the
    camera) and its side wall fills the gap; a flat tile stays on its square."""
    board = board_with({(1, 1): "?", (13, 13): "?"})
    base = replace(FrameOptions.clean(), tilt_deg=25.0, board_style="german", tile_style=TileStyle(),
                   labels=False, star=False)
    flat = render_frame(board, seed=9, size=SIZE, options=replace(base, tile_depth=0.0))
    thick = render_frame(board, seed=9, size=SIZE, options=replace(base, tile_depth=0.3))
    assert np.array_equal(flat.board_corners, thick.board_corners)
    a, b = rectify(flat.image, flat.board_corners), rectify(thick.image, thick.board_corners)
    diff = np.abs(a.astype(np.int16) - b.astype(np.int16)).max(axis=2) > 40
    assert diff.sum() > 40  # the top moved, the wall shows
    assert diff[6 * CELL:9 * CELL, 6 * CELL:9 * CELL].sum() == 0  # nothing where there are no tiles


@pytest.mark.parametrize("mark", ["logo", "star"])
def test_marked_blanks_print_in_their_middle(mark):
    plain = render_tile("?", size=64, style=TileStyle(blank_mark="plain")).astype(np.int16)
    marked = render_tile("?", size=64, style=TileStyle(blank_mark=mark)).astype(np.int16)
    diff = np.abs(plain - marked).max(axis=2)
    assert diff[20:44, 20:44].mean() > 20 and diff[:6].max() < 10


def test_distractors_lie_beside_the_board_never_on_it():
    board = board_with({(7, 7): "A"})
    base = replace(FrameOptions.clean(), board_fill=0.45, table="dark-wood", rack_counts={})
    for seed in range(6):
        without = render_frame(board, seed=seed, size=SIZE, options=base)
        frame = render_frame(board, seed=seed, size=SIZE, options=replace(base, distractors=True))
        diff = np.abs(frame.image.astype(np.int16) - without.image.astype(np.int16)).max(axis=2)
        inside = np.zeros(diff.shape, np.uint8)
        cv2.fillPoly(inside, [frame.board_corners.astype(np.int32)], 1)
        assert diff[inside == 1].max() <= 3, seed
        if seed == 0:
            assert (diff[inside == 0] > 40).sum() > 100  # something lies on the table


def test_the_club_space_draws_the_scenes_of_before():
    """style_space 'club' (the default: fixture games, tests written before the wider space) keeps flat tiles,
    plain blanks, the club styles and palette, nothing on the table; the same seed in 'wide' shares its board
    placement."""
    for seed in range(60):
        club = _resolve(FrameOptions(), np.random.default_rng(seed), np.random.default_rng([seed, 0x57E1E]))
        assert club.board_style in ("classic", "german", "deluxe", "paper")
        assert club.tile_depth == 0.0 and not club.distractors and club.tile_style.blank_mark == "plain"
        assert club.tile_size == 0.93 and club.board_fill >= 0.6 and club.tilt_deg < MAX_TILT
    board = board_with({(7, 7): "A"})
    a = render_frame(board, seed=4, size=SIZE, options=FrameOptions(board_fill=0.8))
    b = render_frame(board, seed=4, size=SIZE, options=FrameOptions(board_fill=0.8, tilt_deg=a.options.tilt_deg,
                                                                    style_space="wide"))
    assert np.array_equal(a.board_corners, b.board_corners)


def test_bad_blank_mark_and_tilt_are_refused():
    with pytest.raises(ValueError, match="blank_mark"):
        render_frame(EMPTY, seed=1, size=SIZE, options=FrameOptions(blank_mark="smiley"))
    with pytest.raises(ValueError, match="tilt_deg"):
        render_frame(EMPTY, seed=1, size=SIZE, options=FrameOptions(tilt_deg=60.0))
    with pytest.raises(ValueError, match="style_space"):
        render_frame(EMPTY, seed=1, size=SIZE, options=FrameOptions(style_space="huge"))
