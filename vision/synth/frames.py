"""Whole camera frames of a board with tiles, deterministic from a seed.

`render_frame(board, seed=...)` draws the upright board with its tiles as a flat
texture, warps it into the camera view (turntable rotation, askew, tilt), adds the
table, racks, a hand, light, glare, shadow, blur, noise and JPEG, and reports where
the board's corners and the rack zones are in the image.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypeVar

import cv2
import numpy as np

from vision.tilesets import BLANK, TILESETS, drawn_letters

from . import effects
from .boards import BOARD_STYLES, CLUB_STYLES, LABEL_FONTS, LABEL_TEXTS, NEW_STYLES, SIZE, draw_board, vary_style
from .camera import UPRIGHT_CORNERS, CameraPose, distort_points, distortion_maps, project
from .fonts import available_fonts
from .hands import draw_hand
from .racks import MAX_RACK_TILES, RACK_PLAYERS, draw_standing_racks
from .tiles import (BLANK_MARKS, WOOD_VARIANTS, TileStyle, composite_tile, random_tile_style, side_sprite,
                    tile_sprite, wider_tile_style)

ROTATIONS = (0, 90, 180, 270)
T = TypeVar("T")
RACK_ROOM = 0.17  # share of the frame's height kept clear of the board at its top and bottom for
# the racks standing beyond its rim: with 0.17 every rack zone lies inside the frame over seeds
# 0-119 (0.15 left 2 of 240 zones reaching out of it, 0.13 five of 80)

# The wider style space (issue 15), drawn from a stream of its own (STYLE_STREAM) so that every
# draw of the older options, and with it where the board and the racks land, stays as it was:
NEW_STYLES_P = 0.35  # frames on one of boards.NEW_STYLES (vintage, yellow, cream, clear) when not given
STEEP_P = 0.25  # frames whose camera is tilted 8-30 degrees (the others: |N(0, 4)| as before)
MAX_TILT = 30.0
SMALL_P = 0.15  # frames whose board is small: its playing area 0.32-0.6 of the frame (0.6-0.9 otherwise)
DISTRACTORS_P = 0.35  # frames with a score sheet, loose tiles or a pencil on the table beside the board
TILE_DEPTH = (0.08, 0.3)  # tile thickness in cells: its side walls show when the camera is at an angle
STYLE_STREAM = 0x57E1E
STYLE_SPACES = ("club", "wide")


@dataclass(frozen=True)
class FrameOptions:
    """What the frame shows. Every field left None is drawn from the seed."""

    board_style: str | None = None  # any of boards.BOARD_STYLES: 'classic', 'german', 'deluxe', 'paper',
    # 'vintage', 'yellow', 'cream', 'clear'
    labels: bool | None = None  # "TRIPLE WORD SCORE" printed on premium squares
    label_text: int | None = None  # which boards.LABEL_TEXTS the labels say ("DOUBLE WORD SCORE", "2W", ...)
    label_font: int | None = None  # which boards.LABEL_FONTS they are printed in
    star: bool | None = None  # a star printed on the centre square
    rotation: int | None = None  # turntable turn, degrees clockwise in the image: 0/90/180/270
    askew_deg: float | None = None  # extra turn of a few degrees
    tilt_deg: float | None = None  # camera tilt off vertical (perspective)
    board_fill: float | None = None  # playing-area side / frame side
    tileset: str = "english"  # which values are printed on the tiles
    tile_style: TileStyle | None = None
    font: str | None = None
    table: str | None = None  # see effects.TABLES
    lighting: float | None = None  # strength of the light gradient, 0 = even
    glare: bool | None = None
    shadow: bool | None = None  # a large soft shadow across the frame
    hand: bool | None = None  # a hand and arm over part of the board
    blur: float | None = None  # Gaussian sigma in px, 0 = sharp
    noise: float | None = None  # sensor noise std in grey levels
    jpeg_quality: int | None = None  # 0 = no JPEG round trip
    rack_counts: dict[str, int] | None = None  # tiles on each rack ('p1', 'p2'); {} = no racks
    distortion: float = 0.0  # radial lens distortion k1 (-0.05: a cheap wide lens); not drawn
    tile_offset: float | None = None  # std of a tile's offset from its square, in cells (None: 0.025,
    # as tiles put down with care); up to 0.07 or so in real photos, tiles leaning over a neighbour. Not drawn
    tile_shadow: tuple[float, float] | None = None  # tiles' drop shadow: (length in cells, darkness);
    # None: 0.02-0.07 and 0.2-0.45 (soft room light); low sun casts 0.3 cell, 0.6 dark. Not drawn
    blank_mark: str | None = None  # what blanks show: 'plain', 'logo' or 'star' (tiles.BLANK_MARKS)
    tile_depth: float | None = None  # tile thickness in cells (0 = flat); side walls show at an angle
    distractors: bool | None = None  # a score sheet, loose tiles, a pencil on the table beside the board
    tile_size: float | None = None  # tile side / square side (0.93 as before unless drawn: 0.88-0.98)
    style_space: str = "club"  # what the seed draws from: 'club' = the scenes drawn before issue 15 (the
    # fixture games and the tests written for them keep their looks: flat tiles, plain blanks, the club
    # palette and styles, no distractors); 'wide' = the whole space (vision.synth dataset, vision.train).
    # Fields given explicitly apply in either.

    @classmethod
    def clean(cls) -> FrameOptions:
        """An ideal photo: upright, square-on, evenly lit, sharp, no hand, no racks (change a
        field with dataclasses.replace)."""
        return cls(rotation=0, askew_deg=0.0, tilt_deg=0.0, lighting=0.0, glare=False, shadow=False,
                   hand=False, blur=0.0, noise=0.0, jpeg_quality=0, rack_counts={}, distractors=False)


@dataclass(frozen=True)
class Scene:
    """FrameOptions with every field drawn or given (the font is in tile_style)."""

    board_style: str
    labels: bool
    star: bool
    rotation: int
    askew_deg: float
    tilt_deg: float
    board_fill: float
    tileset: str
    tile_style: TileStyle
    table: str
    lighting: float
    glare: bool
    shadow: bool
    hand: bool
    blur: float
    noise: float
    jpeg_quality: int
    rack_counts: dict[str, int]
    distortion: float
    tile_offset: float | None
    tile_shadow: tuple[float, float] | None
    label_text: int = 0
    label_font: int = 0
    tile_depth: float = 0.0
    distractors: bool = False
    tile_size: float = 0.93


@dataclass(frozen=True)
class RenderedFrame:
    image: np.ndarray  # BGR uint8
    board_corners: np.ndarray  # 4x2 float32: upright TL, TR, BR, BL of the playing area
    rack_zones: dict[str, np.ndarray]  # player -> 4x2 float32 polygon in the image
    truth: list[str]  # board text, upright, as a camera can see it (designated blanks are '?')
    rotation: int  # turntable turn, degrees clockwise in the image
    options: Scene  # what was drawn
    occluded: frozenset[tuple[int, int]] = frozenset()  # (row, col) cells mostly under the hand


def check_board(board: list[str]) -> list[str]:
    """The board text as a camera sees it: 15 rows, designated blanks shown as '?'.
    Raises ValueError naming the row and column of the first bad character."""
    if len(board) != SIZE:
        raise ValueError(f"board has {len(board)} rows, expected {SIZE}")
    seen = []
    tiles = set(drawn_letters())
    for r, row in enumerate(board):
        if len(row) != SIZE:
            raise ValueError(f"board row {r + 1} has {len(row)} squares, expected {SIZE}")
        for c, ch in enumerate(row):
            if ch not in tiles and ch not in ".?" and not (ch.isalpha() and ch.upper() in tiles):
                raise ValueError(f"board row {r + 1}, column {c + 1}: {ch!r} is not a tile")
        seen.append("".join(BLANK if ch.islower() else ch for ch in row))
    return seen


def _given(value: T | None, drawn: T) -> T:
    return drawn if value is None else value


def _resolve(options: FrameOptions, rng: np.random.Generator, extra: np.random.Generator | None = None) -> Scene:
    """Fill every None field from the rng (the wider style space from `extra`, a stream of its
    own). Every draw happens whatever is given, so fixing one option leaves the others as they
    were for the same seed."""
    extra = extra or np.random.default_rng(STYLE_STREAM)
    styles = list(CLUB_STYLES)  # drawn as before; NEW_STYLES come from the other stream
    tables = list(effects.TABLES)
    board_style = styles[rng.choice(len(styles), p=[0.35, 0.35, 0.15, 0.15])]
    star = bool(rng.random() < 0.85)
    rotation = int(rng.choice(ROTATIONS, p=[0.55, 0.15, 0.15, 0.15]))
    askew_deg = float(rng.normal(0, 1.5))
    tilt_deg = float(abs(rng.normal(0, 4)))
    tile_style = random_tile_style(rng, tileset=options.tileset, font=options.font)
    table = tables[rng.integers(len(tables))]
    lighting = float(rng.uniform(0.0, 0.5))
    glare = bool(rng.random() < 0.3)
    shadow = bool(rng.random() < 0.25)
    hand = bool(rng.random() < 0.15)
    blur = float(rng.choice([0.0, rng.uniform(0.4, 1.6)], p=[0.4, 0.6]))
    noise = float(rng.uniform(0.5, 6.0))
    jpeg_quality = int(rng.integers(70, 96))
    rack_counts = {p: int(rng.integers(0, 8)) for p in RACK_PLAYERS} if rng.random() < 0.5 else {}
    fill_draw = rng.uniform(0.0, 1.0)
    label_draw = rng.uniform(0.0, 1.0)
    # the wider space, from its own stream
    if options.style_space not in STYLE_SPACES:
        raise ValueError(f"style_space must be one of {', '.join(STYLE_SPACES)}")
    new_style = NEW_STYLES[extra.integers(len(NEW_STYLES))] if extra.random() < NEW_STYLES_P else None
    steep = float(extra.uniform(8.0, MAX_TILT)) if extra.random() < STEEP_P else None
    small = float(extra.uniform(0.32, 0.6)) if extra.random() < SMALL_P else None
    label_text = int(extra.choice(len(LABEL_TEXTS), p=(0.55, 0.15, 0.15, 0.15)))
    label_font = int(extra.integers(len(LABEL_FONTS)))
    wider = wider_tile_style(tile_style, extra)
    tile_depth = float(extra.uniform(*TILE_DEPTH))
    distractors = bool(extra.random() < DISTRACTORS_P)
    gloss_draw = float(extra.random())
    tile_size = float(extra.uniform(0.88, 0.98))
    if options.style_space == "club":  # drawn all the same (so the stream stays in step), then set aside
        new_style = steep = small = None
        label_text = label_font = 0
        tile_depth, distractors, gloss_draw, tile_size = 0.0, False, 1.0, 0.93
    else:
        tile_style = wider
    if new_style is not None:
        board_style = new_style
    if steep is not None:
        tilt_deg = steep
    if options.blank_mark is not None:
        tile_style = replace(tile_style, blank_mark=options.blank_mark)

    board_style = _given(options.board_style, board_style)
    if options.tile_style is not None:
        tile_style = options.tile_style if options.font is None else replace(options.tile_style, font=options.font)
        if options.blank_mark is not None:
            tile_style = replace(tile_style, blank_mark=options.blank_mark)
    # printed labels are usual on English boards (always on vintage ones), rare elsewhere
    labels = bool(label_draw < {"classic": 0.5, "deluxe": 0.5, "cream": 0.5, "vintage": 0.9}.get(board_style, 0.15))
    rack_counts = _given(options.rack_counts, rack_counts)
    low, high = (0.60, 0.68) if rack_counts else (0.70, 0.90)
    if small is not None:  # a small board: fill drawn over 0.32-0.6 instead (with racks, at most 0.6)
        low, high = 0.32, min(high, 0.6)
    if board_style in BOARD_STYLES:
        glare = glare or gloss_draw < BOARD_STYLES[board_style].gloss
    scene = Scene(
        board_style=board_style, labels=_given(options.labels, labels), star=_given(options.star, star),
        rotation=_given(options.rotation, rotation), askew_deg=_given(options.askew_deg, askew_deg),
        tilt_deg=_given(options.tilt_deg, tilt_deg),
        board_fill=_given(options.board_fill, float(low + (high - low) * fill_draw)), tileset=options.tileset,
        tile_style=tile_style, table=_given(options.table, table), lighting=_given(options.lighting, lighting),
        glare=_given(options.glare, glare), shadow=_given(options.shadow, shadow), hand=_given(options.hand, hand),
        blur=_given(options.blur, blur), noise=_given(options.noise, noise),
        jpeg_quality=_given(options.jpeg_quality, jpeg_quality), rack_counts=rack_counts,
        distortion=options.distortion, tile_offset=options.tile_offset, tile_shadow=options.tile_shadow,
        label_text=_given(options.label_text, label_text), label_font=_given(options.label_font, label_font),
        tile_depth=_given(options.tile_depth, tile_depth), distractors=_given(options.distractors, distractors),
        tile_size=_given(options.tile_size, tile_size))
    if scene.rotation not in ROTATIONS:
        raise ValueError(f"rotation must be one of {ROTATIONS}, not {scene.rotation}")
    if scene.board_style not in BOARD_STYLES:
        raise ValueError(f"board_style must be one of {', '.join(BOARD_STYLES)}")
    if scene.tile_style.font not in available_fonts():
        raise ValueError(f"font {scene.tile_style.font!r} is not available here")
    for player, count in scene.rack_counts.items():
        if player not in RACK_PLAYERS or not 0 <= count <= MAX_RACK_TILES:
            raise ValueError(f"rack_counts: {player!r}: {count} tiles; racks are {RACK_PLAYERS} "
                             f"with 0 to {MAX_RACK_TILES} tiles")
    if scene.tileset not in TILESETS:
        raise ValueError(f"tileset must be one of {', '.join(TILESETS)}")
    if scene.tile_style.blank_mark not in BLANK_MARKS:
        raise ValueError(f"blank_mark must be one of {', '.join(BLANK_MARKS)}")
    if not 0.0 <= scene.tilt_deg <= 45.0:
        raise ValueError(f"tilt_deg must be 0 to 45 degrees, not {scene.tilt_deg}")
    if not 0.0 <= scene.tile_depth <= 1.0:
        raise ValueError(f"tile_depth must be 0 to 1 cell, not {scene.tile_depth}")
    return scene


def _parallax(pose: CameraPose, depth_cells: float) -> np.ndarray:
    """(15, 15, 2): how far the top of a tile `depth_cells` thick appears moved from its
    footprint, in board units of the upright board (the camera sees the top face shifted away
    from the point below it, and the side walls between)."""
    centres = (np.arange(SIZE) + 0.5) / SIZE - 0.5
    u, v = np.meshgrid(centres, centres)
    flat = np.stack([u.ravel(), v.ravel()], axis=1).astype(np.float32)
    raised = np.concatenate([flat, np.full((len(flat), 1), depth_cells / SIZE, np.float32)], axis=1)
    to_board = cv2.getPerspectiveTransform(project(pose, UPRIGHT_CORNERS), UPRIGHT_CORNERS)
    seen = cv2.perspectiveTransform(project(pose, raised)[None], to_board)[0]
    return (seen - flat).reshape(SIZE, SIZE, 2)


def _board_texture(rows: list[str], opts: Scene, cell: int, margin: int, rng: np.random.Generator,
                   shadow_dir: tuple[float, float], pose: CameraPose | None = None,
                   extra: np.random.Generator | None = None) -> np.ndarray:
    style = vary_style(BOARD_STYLES[opts.board_style], rng)
    extra = extra or np.random.default_rng(STYLE_STREAM)
    texture = draw_board(style, cell, margin, labels=opts.labels, star=opts.star, label_variant=opts.label_text,
                         label_font=opts.label_font, rng=extra)
    if style.opacity < 1.0:  # clear plastic: the table shows through the board
        under = effects.table(opts.table, texture.shape[0], extra)
        cv2.addWeighted(texture, style.opacity, under, 1.0 - style.opacity, 0.0, dst=texture)
    spread, most = (0.025, 0.06) if opts.tile_offset is None else (opts.tile_offset, 2.4 * opts.tile_offset)
    offsets = rng.normal(0, spread, (SIZE, SIZE, 2)).clip(-most, most) * cell
    angles = rng.normal(0, 1.5, (SIZE, SIZE)).clip(-5, 5)
    side = int(round(cell * opts.tile_size))
    darkness = float(rng.uniform(0.2, 0.45))
    if opts.tile_shadow is not None:
        darkness = opts.tile_shadow[1]
    shadow = (shadow_dir[0], shadow_dir[1], darkness)
    lift = (_parallax(pose, opts.tile_depth) * SIZE * cell if pose is not None and opts.tile_depth > 0
            else np.zeros((SIZE, SIZE, 2)))
    tops = []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == ".":
                continue
            centre = (margin + (c + 0.5) * cell + offsets[r, c, 0], margin + (r + 0.5) * cell + offsets[r, c, 1])
            sprite = tile_sprite(ch, side, opts.tile_style, (r * 7 + c * 3) % WOOD_VARIANTS)
            dx, dy = lift[r, c]
            if abs(dx) + abs(dy) >= 0.5:  # the side walls, from the footprint up to the top
                walls = side_sprite(sprite, opts.tile_style)
                steps = int(np.ceil(max(abs(dx), abs(dy)) / max(1.0, side * 0.25)))
                for k in range(steps):
                    t = k / steps
                    composite_tile(texture, walls, (centre[0] + dx * t, centre[1] + dy * t), float(angles[r, c]),
                                   shadow if k == 0 else (0.0, 0.0, 0.0))
                tops.append((sprite, (centre[0] + dx, centre[1] + dy), float(angles[r, c])))
            else:
                composite_tile(texture, sprite, centre, float(angles[r, c]), shadow)
    for sprite, centre, angle in tops:  # every top over every wall
        composite_tile(texture, sprite, centre, angle, (0.0, 0.0, 0.0))
    return texture


def _pose(opts: Scene, size: int, rng: np.random.Generator) -> CameraPose:
    side = opts.board_fill * size
    room = max(0.0, (size - side * 1.12) / 2)
    drift_y = room * 0.5 if not opts.rack_counts else min(room * 0.5, 0.02 * size)  # racks above and below
    centre = (size / 2 + rng.uniform(-1, 1) * room * 0.8, size / 2 + rng.uniform(-1, 1) * drift_y)
    tilt = np.radians(opts.tilt_deg)
    heading = rng.uniform(0, 2 * np.pi)
    return CameraPose(centre=centre, side=side, angle_deg=opts.rotation + opts.askew_deg,
                      pitch_deg=float(np.degrees(tilt * np.cos(heading))),
                      yaw_deg=float(np.degrees(tilt * np.sin(heading))), focal=size * rng.uniform(0.9, 1.4))


def _fit(pose: CameraPose, rim: float, size: int, *, racks: bool, distortion: float = 0.0) -> CameraPose:
    """Shrink the board until its playing area is inside the frame and, with racks in
    view, the whole board (rim included) stays clear of the rack zones."""
    whole = UPRIGHT_CORNERS * (1 + 2 * rim / SIZE)
    top, bottom = RACK_ROOM * size, (1 - RACK_ROOM) * size
    for _ in range(40):
        area = distort_points(project(pose, UPRIGHT_CORNERS), size, distortion)
        outline = distort_points(project(pose, whole), size, distortion)
        inside = area.min() >= 0.01 * size and area.max() <= 0.99 * size
        clear = not racks or (outline[:, 1].min() >= top and outline[:, 1].max() <= bottom)
        if inside and clear:
            break
        pose = replace(pose, side=pose.side * 0.97)
    return pose


def render_frame(board: list[str], *, seed: int, size: int = 1504, options: FrameOptions | None = None,
                 shot: int = 0) -> RenderedFrame:
    """Render one camera frame of `board` (board text, upright). Same arguments, same pixels.

    `seed` fixes the scene: board and tile style, camera pose, table, light, tile
    positions within their cells. `shot` varies what changes from one exposure to the
    next of the same scene: sensor noise, a passing shadow, where a hand reaches.
    options.rack_counts says how many tiles stand on each rack (their letters never show)."""
    truth = check_board(board)
    options = options or FrameOptions()
    rng = np.random.default_rng(seed)
    extra = np.random.default_rng([seed, STYLE_STREAM])  # the wider style space's own stream
    opts = _resolve(options, rng, extra)
    rim = float(rng.uniform(0.35, 0.9))  # the board's border, in cells
    pose = _fit(_pose(opts, size, rng), rim, size, racks=bool(opts.rack_counts), distortion=opts.distortion)
    corners = project(pose, UPRIGHT_CORNERS)
    # One random stream per part, so switching one effect on or off leaves the rest as it was.
    board_rng, table_rng, rack_rng, light_rng, glare_rng = rng.spawn(5)
    hand_rng, shadow_rng, finish_rng = np.random.default_rng([seed, shot]).spawn(3)

    cell = int(np.ceil(pose.side / SIZE))
    margin = int(round(cell * rim))
    # Light falls from one side of the room: tile shadows keep that direction in the image
    # whatever way the board is turned, so turn it back into board coordinates.
    light = board_rng.uniform(0, 2 * np.pi)
    length = cell * board_rng.uniform(0.02, 0.07)
    if opts.tile_shadow is not None:
        length = cell * opts.tile_shadow[0]
    back = -np.radians(pose.angle_deg)
    sx, sy = np.cos(light) * length, np.sin(light) * length
    shadow_dir = (sx * np.cos(back) - sy * np.sin(back), sx * np.sin(back) + sy * np.cos(back))
    texture = _board_texture(truth, opts, cell, margin, board_rng, shadow_dir, pose, extra)

    span = SIZE * cell
    tex_corners = np.array([[margin, margin], [margin + span, margin], [margin + span, margin + span],
                              [margin, margin + span]], np.float32)
    homography = cv2.getPerspectiveTransform(tex_corners, corners)
    height, width = texture.shape[:2]
    outline = cv2.perspectiveTransform(
        np.array([[[0, 0], [width, 0], [width, height], [0, height]]], np.float32), homography)[0]
    image = _table_with_board_shadow(opts.table, size, outline, table_rng)
    if opts.distractors:
        _draw_distractors(image, outline, pose.side / SIZE, opts, extra, racks=bool(opts.rack_counts))
    cv2.warpPerspective(texture, homography, (size, size), dst=image, flags=cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_TRANSPARENT)

    zones = {}
    if opts.rack_counts:
        zones = draw_standing_racks(image, pose, rim / SIZE, opts.rack_counts, opts.tile_style.face, rack_rng)

    occluded: frozenset[tuple[int, int]] = frozenset()
    if opts.hand:
        target = corners.mean(axis=0) + hand_rng.uniform(-0.4, 0.4, 2) * pose.side
        mask = draw_hand(image, hand_rng, (float(target[0]), float(target[1])))
        occluded = _occluded_cells(mask, homography, cell, margin)
    if opts.shadow:
        effects.cast_shadow(image, shadow_rng)
    if opts.lighting > 0:
        effects.lighting(image, light_rng, opts.lighting)
    if opts.glare:
        spot = corners.mean(axis=0) + glare_rng.uniform(-0.45, 0.45, 2) * pose.side
        effects.glare(image, glare_rng, (float(spot[0]), float(spot[1])), size * glare_rng.uniform(0.05, 0.15))
    effects.auto_exposure(image)
    if opts.distortion:
        map_x, map_y = distortion_maps(size, opts.distortion)
        image = cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        corners = distort_points(corners, size, opts.distortion)
        zones = {p: distort_points(z, size, opts.distortion) for p, z in zones.items()}
    out = effects.finish(image, finish_rng, blur=opts.blur, noise=opts.noise, jpeg_quality=opts.jpeg_quality)
    return RenderedFrame(image=out, board_corners=corners, rack_zones=zones, truth=truth,
                         rotation=opts.rotation, occluded=occluded, options=opts)


def _table_with_board_shadow(kind: str, size: int, outline: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The table, darkened where the board casts its shadow, with the board's side drawn.
    Both are soft, so they are made at half size and enlarged once."""
    half = size // 2
    surface = effects.table(kind, half, rng)
    small = 256
    mask: np.ndarray = np.zeros((small, small), np.float32)
    offset = rng.uniform(0.004, 0.012, 2) * size * rng.choice([-1, 1], 2)
    cv2.fillPoly(mask, [((outline + offset) * small / size * 16).astype(np.int32)], 1.0, cv2.LINE_AA, shift=4)
    mask = cv2.resize(cv2.GaussianBlur(mask, (0, 0), 2.5), (half, half), interpolation=cv2.INTER_LINEAR)
    surface *= (1.0 - rng.uniform(0.3, 0.55) * mask)[..., None]
    image = cv2.resize(surface, (size, size), interpolation=cv2.INTER_LINEAR)
    side = outline + np.array([0, size * 0.004], np.float32)
    cv2.fillPoly(image, [(side * 16).astype(np.int32)], (30, 30, 35), cv2.LINE_AA, shift=4)
    return image


def _free_spot(outline: np.ndarray, reach: float, size: int, rng: np.random.Generator, *,
               racks: bool) -> tuple[float, float] | None:
    """A point of the table at least `reach` px from the board (and, with racks, out of the
    bands above and below it where they stand), or None after a few tries."""
    contour = outline.reshape(-1, 1, 2).astype(np.float32)
    low, high = (RACK_ROOM * size + reach, (1 - RACK_ROOM) * size - reach) if racks else (0.0, float(size))
    for _ in range(12):
        x, y = rng.uniform(0, size), rng.uniform(0, size)
        if low <= y <= high and cv2.pointPolygonTest(contour, (float(x), float(y)), True) < -reach:
            return float(x), float(y)
    return None


def _draw_distractors(image: np.ndarray, outline: np.ndarray, cell_px: float, opts: Scene,
                      rng: np.random.Generator, *, racks: bool) -> None:
    """What lies on the table beside a board, in place: a score sheet with pencilled figures,
    spare tiles (letters up or face down) and a pencil; never on the board."""
    size = image.shape[0]
    kinds = rng.random(3) < (0.6, 0.7, 0.4)  # sheet, loose tiles, pencil
    if kinds[0]:
        w, h = cell_px * rng.uniform(3.5, 6), cell_px * rng.uniform(5, 8)
        spot = _free_spot(outline, 0.2 * cell_px + np.hypot(w, h) / 2, size, rng, racks=racks)
        if spot is not None:
            angle = float(rng.uniform(0, 180))
            box = cv2.boxPoints(((spot[0], spot[1]), (w, h), angle))
            paper = rng.uniform(225, 250) - np.array([rng.uniform(0, 10), rng.uniform(0, 6), 0.0])
            cv2.fillPoly(image, [(box * 16).astype(np.int32)], paper.tolist(), cv2.LINE_AA, shift=4)
            ink = (120, 60, 30) if rng.random() < 0.5 else (50, 50, 50)
            writing: np.ndarray = np.zeros(image.shape[:2], np.uint8)  # putText draws on 8-bit images only
            ruled = (paper * 0.8).tolist()
            turn = np.array([[np.cos(np.radians(angle)), -np.sin(np.radians(angle))],
                             [np.sin(np.radians(angle)), np.cos(np.radians(angle))]])
            for k in range(1, int(h / (0.5 * cell_px))):
                y = -h / 2 + k * 0.5 * cell_px
                a, b = turn @ (-w / 2 + 2, y) + spot, turn @ (w / 2 - 2, y) + spot
                cv2.line(image, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), ruled, 1, cv2.LINE_AA)
                if rng.random() < 0.7:
                    at = turn @ (-w / 2 + cell_px * rng.uniform(0.2, 1.5), y - 0.08 * cell_px) + spot
                    cv2.putText(writing, str(int(rng.integers(2, 400))), (int(at[0]), int(at[1])),
                                cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, cell_px / 90, 255, max(1, int(cell_px / 40)),
                                cv2.LINE_AA)
            x0, y0, bw, bh = cv2.boundingRect(box.astype(np.int32))
            x0, y0 = max(0, x0), max(0, y0)
            region, alpha = image[y0:y0 + bh, x0:x0 + bw], writing[y0:y0 + bh, x0:x0 + bw, None] / np.float32(255)
            region += (np.array(ink, np.float32) - region) * alpha
    if kinds[1]:
        letters = [ch for ch in TILESETS[opts.tileset].chars if len(ch) == 1] or ["A"]
        side = int(round(cell_px * 0.93))
        for _ in range(int(rng.integers(1, 7))):
            spot = _free_spot(outline, 0.2 * cell_px + side, size, rng, racks=racks)
            face_down = rng.random() < 0.3
            letter = BLANK if face_down else letters[int(rng.integers(len(letters)))]
            if spot is None:
                continue
            back_b, back_g, back_r = (int(v * 0.9) for v in opts.tile_style.face)  # a tile's back, darker
            style = (replace(opts.tile_style, blank_mark="plain", face=(back_b, back_g, back_r)) if face_down
                     else opts.tile_style)
            composite_tile(image, tile_sprite(letter, max(4, side), style), spot, float(rng.uniform(0, 360)),
                           (cell_px * 0.05, cell_px * 0.05, 0.35))
    if kinds[2]:
        length = cell_px * rng.uniform(4, 7)
        spot = _free_spot(outline, length / 2 + 0.2 * cell_px, size, rng, racks=racks)
        if spot is not None:
            angle = rng.uniform(0, np.pi)
            d = np.array([np.cos(angle), np.sin(angle)]) * length / 2
            a, b = np.array(spot) - d, np.array(spot) + d
            colour = ((40, 200, 235), (40, 40, 170), (60, 120, 40))[int(rng.integers(3))]
            cv2.line(image, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), colour,
                     max(2, int(cell_px * 0.22)), cv2.LINE_AA)


def _occluded_cells(mask: np.ndarray, homography: np.ndarray, cell: int, margin: int) -> frozenset[tuple[int, int]]:
    """Cells whose area is at least a quarter covered by the hand."""
    span = SIZE * cell
    to_board = np.linalg.inv(homography)
    shift = np.array([[1, 0, -margin], [0, 1, -margin], [0, 0, 1]], np.float64)
    flat = cv2.warpPerspective(mask, shift @ to_board, (span, span), flags=cv2.INTER_LINEAR)
    coverage = cv2.resize(flat, (SIZE, SIZE), interpolation=cv2.INTER_AREA)
    return frozenset((int(r), int(c)) for r, c in zip(*np.nonzero(coverage >= 0.25)))
