"""Players' racks with tiles standing on them, in 3D, seen through the board's camera.

Player p1 sits at the bottom of the frame, p2 opposite at the top; each rack's back wall
faces the board, so the camera sees the tiles' tops and backs, never their letters.
"""
from __future__ import annotations

import cv2
import numpy as np

from .tiles import TileStyle

RACK_PLAYERS = ("p1", "p2")
MAX_RACK_TILES = 10  # 7 plus an overdraw; more than seven squeeze together on the rack


# ---------------------------------------------------------------------------------------
# Racks as they stand on a table, in 3D, seen through the board's camera (camera.project).
#
# Real dimensions (mm). Sources, looked up for this module:
# - tiles: 19 x 19 mm, 4 mm thick (measuringknowhow.com/how-big-is-a-scrabble-tile,
#   beyondthesize.com "Unraveling the details of Scrabble"); some deluxe tiles 2 mm thin
#   (measuringknowhow); plastic club tiles 18 x 18 x 5 mm (kidsmandi.com letter tiles).
# - board squares: about 19 mm (healthy.uwaterloo.ca Museum of Games, Scrabble standard
#   edition: "each cell approximately 1.9 cm"); up to 1 inch on large boards (beyondthesize).
# - the classic wooden rack: 174 mm long, 25 mm deep, 19 mm high (uwaterloo museum:
#   "2.5cm wide x 17.4cm long x 1.9cm high", a ridge so tiles stand semi-upright).
# - the plastic rack of current Mattel/Hasbro sets: about 175 mm long (measuringknowhow.com,
#   whose "25 mm tall" is the museum rack's 2.5 cm width: a 25 mm wall would stand higher than
#   the tiles' tops, 22-23 mm, and hide them from the camera over the board, unlike the issue's
#   and every rack photo's view); 20 mm high and 30 mm deep are our estimate.
# - club/tournament wooden racks and long "pro" racks: no dimension found in the stored
#   pages; modelled as 190 x 32 x 22 mm and 250 x 34 x 22 mm (our estimate of what clubs use,
#   to be replaced by a measurement; the counter takes the tile width from the board, not the
#   rack, so a rack's length only matters for where tiles can stand).
# The lean of the tiles (from vertical) is our estimate, 10-18 degrees; the camera above the
# board's middle sees the racks at 20-30 degrees from vertical (issue 18), more than the lean,
# so it sees the tiles' tops and a strip of their backs, never the letter faces (KIOSK-05):
# `standing_rack_faces` checks that and refuses a scene that would show letters.
# ---------------------------------------------------------------------------------------

from dataclasses import dataclass as _dataclass  # noqa: E402

from .camera import CameraPose, project  # noqa: E402


@_dataclass(frozen=True)
class RackModel:
    name: str
    length: float  # mm along the rack
    depth: float  # mm from the player's side to the board's side
    height: float  # mm, top of the back wall
    lip: float  # mm, height of the front lip the tiles' feet rest behind
    lean: tuple[float, float]  # degrees from vertical the tiles lean back against the wall
    colours: tuple[tuple[int, int, int], ...]  # BGR


RACK_MODELS: dict[str, RackModel] = {
    "mattel-plastic": RackModel("mattel-plastic", 175.0, 30.0, 20.0, 7.0, (12.0, 17.0),
                                ((35, 35, 35), (40, 40, 120), (120, 60, 30), (60, 60, 60))),
    "wood-classic": RackModel("wood-classic", 174.0, 25.0, 19.0, 6.0, (10.0, 15.0),
                              ((60, 100, 150), (40, 65, 100), (30, 40, 60))),
    "club-wood": RackModel("club-wood", 190.0, 32.0, 22.0, 7.0, (10.0, 16.0),
                           ((30, 45, 75), (25, 25, 25), (50, 80, 120))),
    "pro-long": RackModel("pro-long", 250.0, 34.0, 22.0, 7.0, (10.0, 16.0),
                          ((25, 25, 25), (70, 50, 40), (35, 55, 90))),
}
TILE_MM = 19.0
GROOVE_Z = 4.0  # mm: the tiles' feet stand this high in the groove


@_dataclass(frozen=True)
class RackPlacement:
    """Where a rack stands, in board units (the playing area is [-0.5, 0.5]^2, upright)."""
    centre: tuple[float, float]  # the middle of the rack's back wall foot, on the table
    toward_board: tuple[float, float]  # unit vector from the rack to the board (its back wall side)
    model: RackModel
    mm: float  # board units per mm (1 / (15 * square size in mm))


@_dataclass(frozen=True)
class StandingTiles:
    """Tiles on one rack: where each stands along it and how thick the set's tiles are."""
    positions: tuple[float, ...]  # mm from the rack's left end (seen by its owner) to each tile's left edge
    thickness: float  # mm
    lean: float  # degrees
    arrangement: str = "none"  # 'together', 'groups', 'spread' (how arrange_tiles drew them), 'none' when empty


def arrange_tiles(count: int, model: RackModel, rng: np.random.Generator, thickness: float,
                  lean: float | None = None) -> StandingTiles:
    """Tiles pushed together or in groups with gaps, anywhere along the rack (`lean`: the
    rack's own angle, drawn from its model when not given)."""
    lean = float(rng.uniform(*model.lean)) if lean is None else lean
    if count == 0:
        return StandingTiles((), thickness, lean)
    room = model.length - 6.0 - count * TILE_MM  # 3 mm end walls
    if room < 0:  # more tiles than fit: they squeeze and overlap a little at the ends
        room = 0.0
    style = rng.choice(["together", "groups", "spread"], p=[0.4, 0.35, 0.25])
    if style == "together":
        gaps = np.zeros(count + 1)
        gaps[0] = rng.uniform(0, room)
        gaps[-1] = room - gaps[0]
    elif style == "groups":
        gaps = np.zeros(count + 1)
        cuts: list[int] = [int(c) for c in rng.choice(np.arange(1, count), size=min(count - 1, int(rng.integers(1, 3))),
                                                      replace=False)] if count > 1 else []
        weights = rng.dirichlet(np.ones(len(cuts) + 2))
        slots = [0, *sorted(int(c) for c in cuts), count]
        for slot, w in zip(slots, weights):
            gaps[slot] = w * room
    else:
        gaps = rng.dirichlet(np.ones(count + 1)) * room
    gaps[1:-1] += rng.uniform(0, 0.4, count - 1)  # tiles pushed together still touch unevenly
    x = 3.0 + np.cumsum(gaps[:-1]) + TILE_MM * np.arange(count)
    scale = min(1.0, (model.length - 6.0 - TILE_MM) / max(x[-1] - 3.0, 1e-6)) if x[-1] > model.length - 3 - TILE_MM else 1.0
    x = 3.0 + (x - 3.0) * scale
    return StandingTiles(tuple(float(v) for v in x), thickness, lean, str(style))


def _frame(placement: RackPlacement) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(origin, along, toward) in board units: origin = the rack's left end at the player's
    side on the table, along = unit vector along the rack as its owner sees it (left to right),
    toward = unit vector to the board."""
    toward = np.asarray(placement.toward_board, np.float64)
    toward = toward / np.linalg.norm(toward)
    along = np.array([-toward[1], toward[0]])  # the owner faces the board: right hand is this way
    m = placement.model
    origin = np.asarray(placement.centre, np.float64) - along * m.length / 2 * placement.mm \
        - toward * m.depth * placement.mm
    return origin, along, toward


def _world(placement: RackPlacement, s: np.ndarray, t: np.ndarray, z: np.ndarray) -> np.ndarray:
    """Rack coordinates (mm: s along, t toward the board, z up) -> Nx3 board units."""
    origin, along, toward = _frame(placement)
    k = placement.mm
    xy = origin + np.outer(s * k, along) + np.outer(t * k, toward)
    return np.column_stack([xy, np.asarray(z, np.float64) * k])


def rack_profile(model: RackModel, lean: float, thickness: float) -> tuple[np.ndarray, tuple[float, float]]:
    """The rack's cross-section (t, z) in mm, counter-clockwise from the front foot, and the
    (t, z) of the front foot of a standing tile (where its letter face meets the groove)."""
    a = np.radians(lean)
    u = np.array([np.sin(a), np.cos(a)])  # up the tile, leaning toward the board
    n = np.array([np.cos(a), -np.sin(a)])  # out of the tile's back
    lip_w = 4.0
    foot = np.array([lip_w + 1.0, GROOVE_Z])
    back_foot = foot + thickness * n  # where the tile's back meets the wall
    top_inner = back_foot + u * (model.height - back_foot[1]) / u[1]
    top_outer_t = max(model.depth, top_inner[0] + 4.0)
    profile = np.array([[0, 0], [top_outer_t, 0], [top_outer_t, model.height], [top_inner[0], model.height],
                        back_foot, [foot[0], GROOVE_Z], [lip_w, GROOVE_Z], [lip_w, model.lip], [0, model.lip]])
    return profile, (float(foot[0]), float(foot[1]))


@_dataclass(frozen=True)
class Face:
    points: np.ndarray  # Kx2 image px
    colour: np.ndarray  # BGR float
    kind: str  # 'rack', 'tile-top', 'tile-back', 'tile-side', 'tile-face'


def _shade(normal: np.ndarray) -> float:
    """Light from above and a little from the room's side: a face pointing up is brightest."""
    light = np.array([0.25, -0.3, 0.92])
    light = light / np.linalg.norm(light)
    return float(0.55 + 0.45 * max(0.0, float(normal @ light)))


def _visible(pose: CameraPose, world: np.ndarray, normal: np.ndarray) -> bool:
    """Is a face with this outward normal (board-units frame, z up) turned to the camera?"""
    from .camera import camera_height
    # the camera's centre of projection: above the board centre, tilted by pitch/yaw
    h = camera_height(pose)
    cam = _camera_position(pose, h)
    return float((cam - world.mean(axis=0)) @ normal) > 0


def _camera_position(pose: CameraPose, h: float) -> np.ndarray:
    """Where the camera is in board units (x, y, z up), inverting project()'s rotations."""
    pitch, yaw = np.radians(pose.pitch_deg), np.radians(pose.yaw_deg)
    # in camera space the centre of projection is at (0, 0, -focal); undo yaw then pitch
    x3, y2, z3 = 0.0, 0.0, -pose.focal
    x = x3 * np.cos(yaw) - z3 * np.sin(yaw)
    z2 = x3 * np.sin(yaw) + z3 * np.cos(yaw)
    y = y2 * np.cos(pitch) + z2 * np.sin(pitch)
    toward = -y2 * np.sin(pitch) + z2 * np.cos(pitch)
    angle = np.radians(pose.angle_deg)
    bx = x * np.cos(angle) + y * np.sin(angle)
    by = -x * np.sin(angle) + y * np.cos(angle)
    return np.array([bx / pose.side, by / pose.side, -toward / pose.side])


def standing_rack_faces(pose: CameraPose, placement: RackPlacement, tiles: StandingTiles,
                        tile_colour: tuple[int, int, int], rack_colour: tuple[int, int, int]) -> list[Face]:
    """Every visible face of the rack and its tiles, in drawing order (far to near)."""
    m = placement.model
    profile, foot = rack_profile(m, tiles.lean, tiles.thickness)
    origin, along, toward = _frame(placement)
    up = np.array([0.0, 0.0, 1.0])
    a3 = np.array([*along, 0.0])
    t3 = np.array([*toward, 0.0])
    rack_c = np.asarray(rack_colour, np.float64)
    tile_c = np.asarray(tile_colour, np.float64)
    cam = _camera_position(pose, 0.0)
    faces: list[Face] = []

    def add(corners_stz: np.ndarray, normal: np.ndarray, colour: np.ndarray, kind: str) -> None:
        world = _world(placement, corners_stz[:, 0], corners_stz[:, 1], corners_stz[:, 2])
        if float((cam - world.mean(axis=0)) @ normal) <= 0:
            return
        if kind == "tile-face":
            raise ValueError("the camera would see the letters on a rack: lean "
                             f"{tiles.lean:.1f} deg is steeper than the view")
        faces.append(Face(project(pose, world), colour * _shade(normal), kind))

    def prism_faces(prof: np.ndarray, s0: float, s1: float, colour: np.ndarray, kind: str,
                    side_kind: str) -> list[tuple[np.ndarray, np.ndarray, np.ndarray, str]]:
        out = []
        k = len(prof)
        for i in range(k):
            p, q = prof[i], prof[(i + 1) % k]
            d = q - p
            nt, nz = d[1], -d[0]  # outward for a counter-clockwise (t, z) profile
            length = np.hypot(nt, nz)
            if length < 1e-9:
                continue
            normal = (t3 * nt + up * nz) / length
            quad = np.array([[s0, p[0], p[1]], [s1, p[0], p[1]], [s1, q[0], q[1]], [s0, q[0], q[1]]])
            out.append((quad, normal, colour, kind))
        for s, sign in ((s0, -1.0), (s1, 1.0)):
            cap = np.column_stack([np.full(k, s), prof[:, 0], prof[:, 1]])
            out.append((cap, a3 * sign, colour * 0.95, side_kind))
        return out

    rack_parts = prism_faces(profile, 0.0, m.length, rack_c, "rack", "rack")
    # the wall (top, back, the caps) is drawn after the tiles: it stands between them and the camera
    wall_edges = {0, 1, 2}  # bottom, back face, top of the wall (profile edges 0..2)
    low: list[tuple[np.ndarray, np.ndarray, np.ndarray, str]] = []
    wall: list[tuple[np.ndarray, np.ndarray, np.ndarray, str]] = []
    for i, part in enumerate(rack_parts):
        (wall if i in wall_edges or i >= len(profile) else low).append(part)
    for quad, normal, colour, kind in low:
        add(quad, normal, colour, kind)
    a = np.radians(tiles.lean)
    u = np.array([np.sin(a), np.cos(a)])
    n = np.array([np.cos(a), -np.sin(a)])
    f = np.array(foot)
    tile_prof = np.array([f, f + n * tiles.thickness, f + n * tiles.thickness + u * TILE_MM, f + u * TILE_MM])
    # counter-clockwise in (t, z): foot -> back foot -> back top -> front top
    e1, e2 = tile_prof[1] - tile_prof[0], tile_prof[2] - tile_prof[0]
    if e1[0] * e2[1] - e1[1] * e2[0] < 0:
        tile_prof = tile_prof[::-1]
    tile_parts = []
    for s0 in tiles.positions:
        parts = prism_faces(tile_prof, s0 + 0.3, s0 + TILE_MM - 0.3, tile_c, "tile", "tile-side")
        centre = _world(placement, np.array([s0 + TILE_MM / 2]), np.array([f[0]]), np.array([TILE_MM]))[0]
        tile_parts.append((float(np.linalg.norm(cam - centre)), parts))
    for _, parts in sorted(tile_parts, key=lambda p: -p[0]):
        for quad, normal, colour, kind in parts:
            nz_t = float(normal @ t3)
            if kind == "tile":
                if float(normal @ up) > 0.9 * np.cos(a) and nz_t > 0:
                    kind = "tile-top"
                elif nz_t > 0.5:
                    kind = "tile-back"
                elif nz_t < -0.5:
                    kind = "tile-face"
                else:
                    kind = "tile-foot"
            add(quad, normal, colour, kind)
    for quad, normal, colour, kind in wall:
        add(quad, normal, colour, kind)
    return faces


def rack_outline(pose: CameraPose, placement: RackPlacement, margin_mm: float = 3.0) -> np.ndarray:
    """4x2 image polygon around a rack and the tiles it can hold: TL, TR, BR, BL in the
    rack's own sense (first edge along the rack on the board's side, as its owner sees it
    from the left)."""
    m = placement.model
    s = np.array([-margin_mm, m.length + margin_mm, m.length + margin_mm, -margin_mm])
    t = np.array([m.depth + margin_mm, m.depth + margin_mm, -margin_mm, -margin_mm])
    top = _world(placement, s, t, np.full(4, m.height + TILE_MM * 0.3))
    foot = _world(placement, s, t, np.zeros(4))
    pts = np.concatenate([project(pose, top), project(pose, foot)])
    # the smallest box along the rack's own image direction that holds all eight corners
    axis = pts[1] - pts[0]
    axis = axis / (np.linalg.norm(axis) + 1e-9)
    normal = np.array([-axis[1], axis[0]])
    along_c, across_c = pts @ axis, pts @ normal
    a0, a1 = along_c.min(), along_c.max()
    far = (project(pose, top[:1]) @ normal)[0]
    near_edge = (project(pose, foot[3:4]) @ normal)[0]
    c0, c1 = (across_c.min(), across_c.max())
    if far > near_edge:  # keep the board's side first
        c0, c1 = c1, c0
    corners = [axis * a0 + normal * c0, axis * a1 + normal * c0, axis * a1 + normal * c1, axis * a0 + normal * c1]
    return np.array(corners, np.float32)


def draw_faces(image: np.ndarray, faces: list[Face], rng: np.random.Generator, edge_dark: float = 0.72) -> None:
    """Paint faces (far to near) into a float32 BGR frame, in place, antialiased, with their
    edges a little darker (rounded tile edges and seams between tiles pushed together)."""
    for face in faces:
        pts = np.round(face.points * 16).astype(np.int32)
        colour = face.colour * float(rng.uniform(0.97, 1.03))
        cv2.fillPoly(image, [pts], tuple(float(c) for c in colour), cv2.LINE_AA, shift=4)
        if face.kind.startswith("tile"):
            cv2.polylines(image, [pts], True, tuple(float(c) * edge_dark for c in colour), 1, cv2.LINE_AA, shift=4)


def face_down_tiles(pose: CameraPose, placement: RackPlacement, count: int, rng: np.random.Generator,
                    thickness: float, tile_colour: tuple[int, int, int], room: float = 1e9
                    ) -> tuple[list[Face], np.ndarray]:
    """Tiles drawn from the bag, lying face down on the table beside a rack's end (DRAW-01):
    only their plain backs show. Returns the faces and their table footprints' centres (mm
    rack coordinates)."""
    m = placement.model
    side = rng.choice([-1.0, 1.0])
    start = m.length + 8.0 if side > 0 else -8.0 - TILE_MM
    faces: list[Face] = []
    centres = []
    tile_c = np.asarray(tile_colour, np.float64)
    cam = _camera_position(pose, 0.0)
    # in two rows along the table beside the rack's end (the camera over the board sees a few
    # cm of table around the racks), the first row level with the rack's owner's side
    rows = 2 if count > 1 else 1
    col_gap = rng.uniform(3.0, 8.0, (count + rows - 1) // rows)
    row_gap = float(rng.uniform(3.0, 8.0))
    # the second row toward the board when it stays clear of the board's rim (`room`: mm from
    # the rack's back wall to the rim), else toward the rack's owner
    row_step = TILE_MM + row_gap if 2 * TILE_MM + row_gap <= m.depth + room - 3.0 else -(TILE_MM + row_gap)
    for i in range(count):
        col, row = divmod(i, rows)
        # gaps of 3-8 mm and a turn of at most 8 degrees (19 mm * (sin 8 + cos 8 - 1) = 2.5 mm): tiles
        # lying on a table never overlap
        s0 = start + side * (col * TILE_MM + float(col_gap[:col].sum())) + float(np.clip(rng.normal(0, 1.0), -0.25, 0.25))
        t0 = row * row_step + float(np.clip(rng.normal(0, 1.0), -0.25, 0.25))
        spin = np.radians(float(np.clip(rng.normal(0, 4), -8, 8)))
        local = np.array([[0, 0], [TILE_MM, 0], [TILE_MM, TILE_MM], [0, TILE_MM]]) - TILE_MM / 2
        rot = np.array([[np.cos(spin), -np.sin(spin)], [np.sin(spin), np.cos(spin)]])
        corners = local @ rot.T + [s0 + TILE_MM / 2, t0 + TILE_MM / 2]
        centres.append(corners.mean(axis=0))
        top = _world(placement, corners[:, 0], corners[:, 1], np.full(4, thickness))
        foot = _world(placement, corners[:, 0], corners[:, 1], np.zeros(4))
        # the sides turned to the camera, then the back on top
        for j in range(4):
            quad = np.array([foot[j], foot[(j + 1) % 4], top[(j + 1) % 4], top[j]])
            edge = top[(j + 1) % 4] - top[j]
            normal = np.array([edge[1], -edge[0], 0.0])
            normal /= np.linalg.norm(normal) + 1e-12
            if (cam - quad.mean(axis=0)) @ normal < 0:
                normal = -normal
                continue
            faces.append(Face(project(pose, quad), tile_c * 0.7, "tile-side"))
        faces.append(Face(project(pose, top), tile_c * _shade(np.array([0, 0, 1.0])), "tile-down"))
    return faces, np.array(centres)


# ---------------------------------------------------------------------------------------
# A whole scene for the rack bench and tests: table, board, both racks in 3D, face-down
# tiles, hands, light and the camera's finish. Deterministic from the seed.
# ---------------------------------------------------------------------------------------

@_dataclass(frozen=True)
class RackSceneOptions:
    counts: dict[str, int] | None = None  # tiles on each rack; None: drawn (0-9)
    model: str | None = None  # a RACK_MODELS name for both racks; None: drawn per rack
    face_down: dict[str, int] | None = None  # tiles lying face down beside a rack; None: drawn (mostly none)
    hand: str | None = None  # 'p1'/'p2': a hand reaching into that rack; '' none; None: drawn
    half_out: str | None = None  # 'p1'/'p2': that rack half out of the frame; '' none; None: drawn
    tile_style: TileStyle | None = None
    moved: RackMove | None = None  # one rack moved on the table from where it stands as drawn (after setup)


@_dataclass(frozen=True)
class RackMove:
    """A rack moved by its player during a game, from where the scene's seed puts it (where the
    kiosk learnt it at setup): slid along the board's side and away from the board (mm; negative:
    toward it), then turned about its middle (degrees, counter-clockwise seen from above). A rack
    is never pushed onto the board: it stops MOVE_CLEAR mm short of the rim."""
    player: str
    along_mm: float = 0.0
    away_mm: float = 0.0
    turn_deg: float = 0.0


@_dataclass(frozen=True)
class RackScene:
    image: np.ndarray  # BGR uint8
    board_corners: np.ndarray  # 4x2 playing-area corners in the image (upright TL, TR, BR, BL)
    square_px: float  # a board square's side, px (mean over the board)
    zones: dict[str, np.ndarray]  # player -> 4x2 polygon around the rack (rack_outline)
    counts: dict[str, int]  # tiles standing on each rack
    face_down: dict[str, int]  # tiles face down beside each rack
    covered: dict[str, float]  # share of the rack's zone under a hand
    in_frame: dict[str, float]  # share of the rack's zone inside the frame
    models: dict[str, str]
    view_deg: dict[str, float]  # the camera's angle from vertical at each rack's tiles
    tile_style: TileStyle = TileStyle()
    board_tiles: np.ndarray | None = None  # image centres of tiles lying on the board
    arrangements: dict[str, str] | None = None  # player -> how the rack's tiles stand (StandingTiles.arrangement)


RACK_SCENE_PLAYERS = ("p1", "p2")


def render_rack_scene(seed: int, size: int = 1000, options: RackSceneOptions | None = None) -> RackScene:
    from . import effects
    from .camera import UPRIGHT_CORNERS
    from .hands import draw_hand
    from .tiles import random_tile_style

    o = options or RackSceneOptions()
    rng = np.random.default_rng([seed, 18])
    geo, look, extra, finish_rng = rng.spawn(4)
    style = o.tile_style or random_tile_style(look)
    square_mm = float(geo.uniform(19.0, 22.0))
    mm = 1.0 / (15 * square_mm)
    rim = float(geo.uniform(0.03, 0.07))
    names = list(RACK_MODELS)
    models = {p: RACK_MODELS[o.model or names[int(geo.integers(len(names)))]] for p in RACK_SCENE_PLAYERS}
    counts = o.counts if o.counts is not None else {p: int(geo.integers(0, 10)) for p in RACK_SCENE_PLAYERS}
    gaps = {p: float(geo.uniform(0.02, 0.12)) for p in RACK_SCENE_PLAYERS}
    turn = {p: float(geo.normal(0, 6)) for p in RACK_SCENE_PLAYERS}
    leans = {p: float(geo.uniform(*models[p].lean)) for p in RACK_SCENE_PLAYERS}  # the rack's, whatever tiles stand in it
    shift = {p: float(geo.uniform(-0.2, 0.2)) for p in RACK_SCENE_PLAYERS}
    view = float(geo.uniform(20.0, 30.0))  # the camera sees the racks at 20-30 deg (issue 18)
    distance = 0.5 + rim + max(gaps.values()) + 0.5 * max(m.depth for m in models.values()) * mm
    height = distance / np.tan(np.radians(view))  # camera height over the board, board units
    reach = distance + max(m.depth for m in models.values()) * mm + 0.03
    side = size * 0.5 / reach * float(geo.uniform(0.85, 0.97))
    table_turn = float(geo.normal(0, 2.0))
    pose = CameraPose(centre=(size / 2 + float(geo.uniform(-0.02, 0.02)) * size, size / 2),
                      side=side, angle_deg=float(geo.choice([0, 90, 180, 270])) + float(geo.normal(0, 1.5)),
                      pitch_deg=float(geo.normal(0, 2.5)), yaw_deg=float(geo.normal(0, 2.5)), focal=height * side)
    rack_pose = CameraPose(centre=pose.centre, side=side, angle_deg=table_turn, pitch_deg=pose.pitch_deg,
                           yaw_deg=pose.yaw_deg, focal=pose.focal)
    half_out = o.half_out if o.half_out is not None else (
        str(geo.choice(RACK_SCENE_PLAYERS)) if geo.random() < 0.08 else "")
    placements = {}
    for p, sign in (("p1", 1.0), ("p2", -1.0)):
        a = np.radians(turn[p])
        toward = np.array([np.sin(a) * sign, -np.cos(a) * sign])
        y = sign * (0.5 + rim + gaps[p])
        x = shift[p]
        if p == half_out:
            x = sign * (0.5 * size / side + float(geo.uniform(-0.05, 0.05)))  # the rack's middle at the frame edge
        placements[p] = RackPlacement((x, y), (float(toward[0]), float(toward[1])), models[p], mm)
    if o.moved is not None:
        placements[o.moved.player] = moved_placement(placements[o.moved.player], o.moved, 0.5 + rim)

    # the table, and the board (a flat square with its grid: the racks are what matter here)
    image: np.ndarray = cv2.resize(effects.table(str(look.choice(list(effects.TABLES))), size // 2, look),
                                   (size, size)).astype(np.float32)
    board_outline = project(pose, UPRIGHT_CORNERS * (1 + 2 * rim))
    corners = project(pose, UPRIGHT_CORNERS)
    board_colour = np.array([(170, 205, 215), (150, 200, 215), (225, 225, 230)][int(look.integers(3))], np.float32)
    cv2.fillPoly(image, [np.round(board_outline * 16).astype(np.int32)], tuple(float(c) * 0.8 for c in board_colour),
                 cv2.LINE_AA, shift=4)
    cv2.fillPoly(image, [np.round(corners * 16).astype(np.int32)], tuple(float(c) for c in board_colour),
                 cv2.LINE_AA, shift=4)
    for k in range(16):
        v = -0.5 + k / 15
        for line in (np.array([[v, -0.5], [v, 0.5]]), np.array([[-0.5, v], [0.5, v]])):
            ends = project(pose, line)
            cv2.line(image, tuple(np.round(ends[0] * 16).astype(int)), tuple(np.round(ends[1] * 16).astype(int)),
                     tuple(float(c) * 0.7 for c in board_colour), 1, cv2.LINE_AA, shift=4)

    board_cells = [(7, 6 + i) for i in range(3)] + [(3, 2), (11, 12)]
    cell_centres = []
    for r, c in board_cells:
        box = np.array([[c, r], [c + 1, r], [c + 1, r + 1], [c, r + 1]], np.float64) / 15 - 0.5
        inset = box.mean(axis=0) + (box - box.mean(axis=0)) * 0.92
        cv2.fillPoly(image, [np.round(project(pose, inset) * 16).astype(np.int32)],
                     tuple(float(v) * _shade(np.array([0, 0, 1.0])) for v in style.face), cv2.LINE_AA, shift=4)
        cell_centres.append(project(pose, box.mean(axis=0, keepdims=True))[0])
    zones, face_down, views, arrangements = {}, {}, {}, {}
    thickness = float(look.choice([4.0, 4.0, 4.5, 5.0, 3.5]))
    tile_colour = style.face
    for p in RACK_SCENE_PLAYERS:
        placement = placements[p]
        m = placement.model
        tiles = arrange_tiles(counts[p], m, extra, thickness, min(leans[p], _lean_limit(rack_pose, placement)))
        arrangements[p] = tiles.arrangement
        colour = np.asarray(m.colours[int(look.integers(len(m.colours)))], np.float64) * float(look.uniform(0.85, 1.15))
        # the rack's soft shadow on the table
        shadow = np.zeros((size, size), np.float32)
        foot = _world(placement, np.array([0, m.length, m.length, 0.0]), np.array([-3, -3, m.depth + 6, m.depth + 6.0]),
                      np.zeros(4))
        cv2.fillPoly(shadow, [np.round(project(rack_pose, foot) * 16).astype(np.int32)], 1.0, cv2.LINE_AA, shift=4)
        image *= (1 - 0.35 * cv2.GaussianBlur(shadow, (0, 0), 3))[..., None]
        n_down = (o.face_down or {}).get(p, 0) if o.face_down is not None else (
            int(extra.integers(1, 8)) if extra.random() < 0.08 else 0)
        if n_down:
            down, _ = face_down_tiles(rack_pose, placement, n_down, extra, thickness, tile_colour,
                                      room=(gaps[p] - 0.5 * m.length * mm * abs(np.sin(np.radians(turn[p])))) / mm)
            draw_faces(image, down, extra)
        face_down[p] = n_down
        rack_bgr = (int(colour[0]), int(colour[1]), int(colour[2]))
        draw_faces(image, standing_rack_faces(rack_pose, placement, tiles, tile_colour, rack_bgr), extra)
        zones[p] = rack_outline(rack_pose, placement)
        top = _world(placement, np.array([m.length / 2]), np.array([m.depth * 0.5]), np.array([m.height]))
        cam = _camera_position(rack_pose, 0.0)
        d = cam - top[0]
        views[p] = float(np.degrees(np.arctan2(np.hypot(d[0], d[1]), d[2])))

    covered = {p: 0.0 for p in RACK_SCENE_PLAYERS}
    hand = o.hand if o.hand is not None else (str(extra.choice(RACK_SCENE_PLAYERS)) if extra.random() < 0.12 else "")
    if hand:
        centre = zones[hand].mean(axis=0) + extra.uniform(-0.3, 0.3, 2) * np.ptp(zones[hand], axis=0)
        mask = draw_hand(image, extra, (float(centre[0]), float(centre[1])))
        for p in RACK_SCENE_PLAYERS:
            zmask = np.zeros((size, size), np.uint8)
            cv2.fillPoly(zmask, [np.round(zones[p]).astype(np.int32)], 1)
            covered[p] = float((mask[zmask > 0] > 0.5).mean()) if zmask.any() else 0.0
    in_frame = {}
    for p in RACK_SCENE_PLAYERS:
        whole = cv2.contourArea(zones[p].astype(np.float32))
        clipped = np.clip(zones[p], 0, size - 1)
        in_frame[p] = float(cv2.contourArea(clipped.astype(np.float32)) / max(whole, 1e-6))
    lighting = float(look.uniform(0.0, 0.5))
    if lighting > 0:
        effects.lighting(image, look, lighting)
    effects.auto_exposure(image)
    out = effects.finish(image, finish_rng, blur=float(look.choice([0.0, look.uniform(0.4, 1.2)])),
                         noise=float(look.uniform(0.5, 5.0)), jpeg_quality=int(look.integers(75, 96)))
    return RackScene(image=out, board_corners=corners, square_px=float(side / 15), zones=zones, counts=dict(counts),
                     face_down=face_down, covered=covered, in_frame=in_frame,
                     models={p: models[p].name for p in RACK_SCENE_PLAYERS}, view_deg=views, tile_style=style,
                     board_tiles=np.array(cell_centres, np.float32), arrangements=arrangements)


MOVE_CLEAR = 2.0  # mm a moved rack keeps from the board's rim


def moved_placement(placement: RackPlacement, move: RackMove, rim_edge: float) -> RackPlacement:
    """`placement` slid and turned by `move`, then pushed back from the board as far as it takes
    to keep its wall MOVE_CLEAR mm off the rim (`rim_edge`: board units from the board's middle
    to its rim's outer edge, the board upright at the table's middle)."""
    toward = np.asarray(placement.toward_board, np.float64)
    along = np.array([-toward[1], toward[0]])
    k = placement.mm
    centre = np.asarray(placement.centre, np.float64) + along * move.along_mm * k - toward * move.away_mm * k
    a = np.radians(move.turn_deg)
    turned = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]]) @ toward
    # the wall's two ends, and how far the nearer one reaches past the rim toward the board
    ends = centre + np.outer([-0.5, 0.5], np.array([-turned[1], turned[0]])) * placement.model.length * k
    side = 1 if abs(toward[1]) >= abs(toward[0]) else 0  # the board's side the rack stands along
    sign = -float(np.sign(toward[side]))
    over = rim_edge + MOVE_CLEAR * k - float((ends[:, side] * sign).min())
    if over > 0:
        centre[side] += sign * over
    return RackPlacement((float(centre[0]), float(centre[1])), (float(turned[0]), float(turned[1])),
                         placement.model, placement.mm)


FRAME_RACK_GAP = (0.01, 0.04)  # board units between the board's rim and a rack's back wall in whole frames


def draw_standing_racks(image: np.ndarray, pose: CameraPose, rim: float, counts: dict[str, int],
                        tile_colour: tuple[int, int, int], rng: np.random.Generator) -> dict[str, np.ndarray]:
    """Both racks standing just beyond the board's rim (`rim`: board units) at the frame's
    bottom (p1) and top (p2), drawn into a float32 frame in place; returns each rack's zone
    (rack_outline). The racks stand on the table, so they keep to the frame's bottom and top
    whichever way the board is turned on its turntable."""
    names = sorted(RACK_MODELS)
    rack_pose = CameraPose(centre=pose.centre, side=pose.side, angle_deg=float(rng.normal(0, 2.0)),
                           pitch_deg=pose.pitch_deg, yaw_deg=pose.yaw_deg, focal=pose.focal)
    mm = 1.0 / (15 * float(rng.uniform(19.0, 22.0)))
    thickness = float(rng.choice([4.0, 4.0, 4.5, 5.0, 3.5]))
    turned = np.radians(pose.angle_deg - rack_pose.angle_deg)  # the board askew under the racks
    reach = (0.5 + rim) * (abs(np.cos(turned)) + abs(np.sin(turned)))  # its rim's farthest corner
    placements, colours = {}, {}
    for p, sign in (("p1", 1.0), ("p2", -1.0)):  # where both stand first: a rack stays put whatever its tiles
        model = RACK_MODELS[names[int(rng.integers(len(names)))]]
        turn = np.radians(float(rng.normal(0, 3)))
        toward = (float(np.sin(turn) * sign), float(-np.cos(turn) * sign))
        centre = (float(rng.uniform(-0.15, 0.15)), sign * (reach + float(rng.uniform(*FRAME_RACK_GAP))))
        placements[p] = RackPlacement(centre, toward, model, mm)
        colour = model.colours[int(rng.integers(len(model.colours)))]
        colours[p] = (int(colour[0]), int(colour[1]), int(colour[2]))
    leans = {p: min(float(rng.uniform(*placements[p].model.lean)), _lean_limit(rack_pose, placements[p]))
             for p in placements}
    zones = {}
    for p, placement in placements.items():
        tiles = arrange_tiles(counts.get(p, 0), placement.model, rng, thickness, leans[p])
        draw_faces(image, standing_rack_faces(rack_pose, placement, tiles, tile_colour, colours[p]), rng)
        zones[p] = rack_outline(rack_pose, placement)
    return zones


def _lean_limit(pose: CameraPose, placement: RackPlacement) -> float:
    """The steepest lean the rack's tiles may have: 2 degrees under the camera's view of their
    tops (the camera must see the racks from farther off vertical than the tiles lean, else it
    would see the letters, KIOSK-05: a kiosk is mounted so)."""
    m = placement.model
    top = _world(placement, np.array([0.0, m.length]), np.array([m.depth * 0.3] * 2), np.array([m.height] * 2))
    d = _camera_position(pose, 0.0) - top
    toward3 = np.array([*placement.toward_board, 0.0])
    return float(np.degrees(np.arctan2(d[:, :2] @ toward3[:2], d[:, 2])).min()) - 2.0
