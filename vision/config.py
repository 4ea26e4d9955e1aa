"""Vision settings a club keeps in a TOML file: manual corners, rack zones, calibration file.

Example (every key optional):

    [vision]
    calibration = "club-calibration.npz"   # written by `python -m kiosk calibrate`
    tileset = "english"                     # or any of kiosk.rules.tiles.tileset_names()
    corners = [[112, 80], [1400, 92], [1390, 1380], [100, 1370]]  # playing-area corners, TL TR BR BL
    [vision.racks]
    p1 = [[0, 1300], [600, 1300], [600, 1500], [0, 1500]]
    p2 = [[900, 0], [1500, 0], [1500, 200], [900, 200]]
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from kiosk.errors import InputError, line_of_key, parse_toml
from kiosk.rules.tiles import tileset_names

TILESETS = tileset_names()  # the rules' bundled sets (kiosk/rules/data/tilesets), the one source


@dataclass(frozen=True)
class VisionConfig:
    tileset: str = "english"
    corners: np.ndarray | None = None  # 4x2 float32 frame coords, board upright TL, TR, BR, BL
    rack_zones: dict[str, np.ndarray] = field(default_factory=dict)  # name -> Nx2 polygon
    calibration: Path | None = None


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
    return points


def load_config(path: str | Path) -> VisionConfig:
    """Read the [vision] table of a TOML file; a bad value raises InputError naming file, line, field."""
    path = Path(path)
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(source, f"cannot read file ({exc.strerror})") from None
    return parse_config(text, source, base_dir=path.parent)


def parse_config(text: str, source: str, base_dir: Path | None = None) -> VisionConfig:
    data = parse_toml(text, source).get("vision", {})
    if not isinstance(data, dict):
        raise InputError(source, "expected a table", line_of_key(text, "vision"), "vision")
    known = {"tileset", "corners", "racks", "calibration"}
    for key in data:
        if key not in known:
            raise InputError(source, f"unknown setting (known: {', '.join(sorted(known))})",
                             line_of_key(text, f"vision.{key}"), f"vision.{key}")
    tileset = data.get("tileset", "english")
    if tileset not in TILESETS:
        raise InputError(source, f"unknown tile set {tileset!r} (known: {', '.join(TILESETS)})",
                         line_of_key(text, "vision.tileset"), "vision.tileset")
    corners = None
    if "corners" in data:
        corners = _points(data["corners"], source, text, "vision.corners", 4)
    zones: dict[str, np.ndarray] = {}
    racks = data.get("racks", {})
    if not isinstance(racks, dict):
        raise InputError(source, "expected a table of name = polygon", line_of_key(text, "vision.racks"), "vision.racks")
    for name, polygon in racks.items():
        zones[name] = _points(polygon, source, text, f"vision.racks.{name}", None)
    calibration = None
    if "calibration" in data:
        value = data["calibration"]
        if not isinstance(value, str) or not value:
            raise InputError(source, "expected a file path", line_of_key(text, "vision.calibration"), "vision.calibration")
        calibration = Path(value)
        if not calibration.is_absolute() and base_dir is not None:
            calibration = base_dir / calibration
    return VisionConfig(tileset=tileset, corners=corners, rack_zones=zones, calibration=calibration)
