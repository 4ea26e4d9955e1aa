"""Vision settings a club keeps in a TOML file: manual corners, rack zones, calibration file.

Example (every key optional):

    [vision]
    calibration = "club-calibration.npz"   # written by `python -m kiosk calibrate`
    tileset = "english"                     # or any of kiosk.rules.tiles.tileset_names()
    corners = [[112, 80], [1400, 92], [1390, 1380], [100, 1370]]  # playing-area corners, TL TR BR BL
    fixed_turn = 90    # a board that never turns: its turn as the camera sees it (not with corners)
    [vision.racks]
    p1 = [[0, 1300], [600, 1300], [600, 1500], [0, 1500]]
    p2 = [[900, 0], [1500, 0], [1500, 200], [900, 200]]

One parser, two policies: `parse_vision` returns the config with every bad key at its
default plus one InputError per bad key (the kiosk config shows them as warnings);
`parse_config` / `load_config` raise the first one (the vision tools refuse).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from kiosk.errors import InputError, line_of_key, parse_toml
from vision.board_scale import too_small_to_read
from kiosk.rules.tiles import tileset_names

RACK_NAMES = ("p1", "p2")  # player 1's rack zone, player 2's
VISION_KEYS = ("tileset", "calibration", "corners", "fixed_turn", "racks")
TURNS = (0, 90, 180, 270)  # a fixed board's turn: degrees clockwise, as BoardObservation.rotation
TILESETS = tileset_names()  # the rules' bundled sets (kiosk/rules/data/tilesets), the one source


@dataclass(frozen=True)
class VisionConfig:
    tileset: str = "english"
    corners: np.ndarray | None = None  # 4x2 float32 frame coords, board upright TL, TR, BR, BL
    rack_zones: dict[str, np.ndarray] = field(default_factory=dict)  # name -> Nx2 polygon
    calibration: Path | None = None
    # a board that is no turntable, located and followed by the kiosk: the turn (as BoardObservation.rotation)
    # it always lies at as the camera sees it, so the tiles never have to tell it; None: read from the tiles
    fixed_turn: int | None = None


def _points(value: object, source: str, text: str, key: str, count: int | None) -> np.ndarray:
    line = line_of_key(text, key)
    try:
        points = np.asarray(value, dtype=np.float32)
    except (TypeError, ValueError):
        raise InputError(source, "expected a list of [x, y] pairs", line, key) from None
    if points.ndim != 2 or points.shape[1] != 2 or (count is not None and len(points) != count):
        want = f"{count} [x, y] pairs" if count else "at least 3 [x, y] pairs"
        raise InputError(source, f"expected {want}", line, key)
    if count is None and len(points) < 3:
        raise InputError(source, "a zone needs at least 3 [x, y] pairs", line, key)
    if not np.all(np.isfinite(points)) or np.any(points < 0):
        raise InputError(source, "frame pixel coordinates must be numbers >= 0", line, key)
    return points


def load_config(path: str | Path) -> VisionConfig:
    """Read the [vision] table of a TOML file; a bad value raises InputError naming file, line, field."""
    path = Path(path)
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(source, f"cannot read file ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise InputError(source, "cannot read file (not UTF-8 text)") from None
    return parse_config(text, source, base_dir=path.parent)


def parse_config(text: str, source: str, base_dir: Path | None = None) -> VisionConfig:
    """The [vision] table of TOML text; the first bad key raises InputError."""
    data = parse_toml(text, source).get("vision", {})
    if not isinstance(data, dict):
        raise InputError(source, "expected a table", line_of_key(text, "vision"), "vision")
    config, problems = parse_vision(data, text, source, base_dir)
    if problems:
        raise problems[0]
    return config


def parse_vision(data: Mapping[str, object], text: str, source: str,
                 base_dir: Path | None = None) -> tuple[VisionConfig, list[InputError]]:
    """A parsed [vision] table: (config with each bad key at its default, one problem per bad key)."""
    problems: list[InputError] = []

    def error(key: str, message: str) -> InputError:
        return InputError(source, message, line_of_key(text, key), key)

    for key in data:
        if key not in VISION_KEYS:
            problems.append(error(f"vision.{key}", f"unknown setting (known: {', '.join(VISION_KEYS)})"))
    tileset = "english"
    if "tileset" in data:
        value = data["tileset"]
        known = tileset_names()
        if value in known and isinstance(value, str):
            tileset = value
        else:
            problems.append(error("vision.tileset", f"unknown tile set {value!r} (known: {', '.join(known)})"))
    corners = None
    if "corners" in data:
        try:
            corners = _points(data["corners"], source, text, "vision.corners", 4)
        except InputError as problem:
            problems.append(problem)
        small = too_small_to_read(corners) if corners is not None else None
        if small is not None:
            problems.append(error("vision.corners", small))
            corners = None
    fixed_turn, turn_problem = _fixed_turn(data, corners is not None, error)
    problems += [turn_problem] if turn_problem else []
    zones: dict[str, np.ndarray] = {}
    racks = data.get("racks", {})
    if not isinstance(racks, dict):
        problems.append(error("vision.racks", "expected a table of name = polygon"))
        racks = {}
    for name, polygon in racks.items():
        key = f"vision.racks.{name}"
        if name not in RACK_NAMES:
            problems.append(error(key, f"unknown rack zone (known: {', '.join(RACK_NAMES)})"))
            continue
        try:
            zones[name] = _points(polygon, source, text, key, 4)  # the rack's four corners (vision.racks.read_rack)
        except InputError as problem:
            problems.append(problem)
    calibration = None
    if "calibration" in data:
        value = data["calibration"]
        if not isinstance(value, str) or not value.strip():
            problems.append(error("vision.calibration", "expected a file path in quotes"))
        else:
            calibration = Path(value.strip()).expanduser()
            if not calibration.is_absolute() and base_dir is not None:
                calibration = base_dir / calibration
    return VisionConfig(tileset=tileset, corners=corners, rack_zones=zones, calibration=calibration,
                        fixed_turn=fixed_turn), problems


def _fixed_turn(data: Mapping[str, object], with_corners: bool,
                error: Callable[[str, str], InputError]) -> tuple[int | None, InputError | None]:
    """vision.fixed_turn and its problem: one of TURNS, and not beside configured corners (they are given
    upright, top-left first, which fixes the turn already)."""
    if "fixed_turn" not in data:
        return None, None
    value = data["fixed_turn"]
    if not isinstance(value, int) or isinstance(value, bool) or value not in TURNS:
        return None, error("vision.fixed_turn", f"expected one of {', '.join(map(str, TURNS))} (degrees clockwise, "
                                                f"as `python -m kiosk calibrate` prints it), found {value!r}")
    if with_corners:
        return None, error("vision.fixed_turn", "not used with vision.corners (the corners are given upright, "
                                                "top-left first, which fixes the turn): remove one of them")
    return value, None
