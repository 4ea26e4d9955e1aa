"""Frames of a synthetic fixture game, rendered on first use from its recipe.

A fixture folder commits `frames.json` (the board of every frame plus the renderer's
seed and options) instead of the JPEGs: a few kilobytes instead of megabytes per game,
and the frames always come from the project's current renderer. Rendered frames go to
the folder's `frames/` (git-ignored) and are re-rendered when their recipe entry or the
renderer (vision.synth) changes.

    {"size": 1504, "seed": 7, "options": {"board_style": "classic", ...},
     "frames": {"003.jpg": {"board": [15 rows], "options": {"hand": true}}, ...}}
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

RECIPE = "frames.json"
JPEG_QUALITY = 90


def _frame_options(base: dict, extra: dict) -> Any:
    from vision.synth.frames import FrameOptions

    return FrameOptions(**{**base, **extra})


def _stamp(entry: dict, recipe: dict) -> str:
    """What a rendered frame came from: its recipe and the renderer's own source."""
    from vision.synth.fingerprint import renderer_fingerprint

    key = json.dumps({"entry": entry, "seed": recipe.get("seed"), "size": recipe.get("size"),
                      "options": recipe.get("options"), "renderer": renderer_fingerprint()}, sort_keys=True)
    return hashlib.sha1(key.encode()).hexdigest()[:16]


def ensure_frames(folder: Path, script: Any) -> int:
    """Render the missing or outdated frames of a fixture folder; returns how many."""
    recipe_path = folder / RECIPE
    if not recipe_path.exists():
        return 0
    import cv2

    from vision.synth.frames import render_frame

    recipe = json.loads(recipe_path.read_text(encoding="utf-8"))
    out_dir: Path = script.frames_dir
    out_dir.mkdir(parents=True, exist_ok=True)
    stamps_path = out_dir / ".stamps.json"
    stamps = json.loads(stamps_path.read_text()) if stamps_path.exists() else {}
    rendered = 0
    for name, entry in recipe["frames"].items():
        stamp = _stamp(entry, recipe)
        if stamps.get(name) == stamp and (out_dir / name).exists():
            continue
        options = _frame_options(recipe.get("options", {}), entry.get("options", {}))
        frame = render_frame(list(entry["board"]), seed=int(entry.get("seed", recipe["seed"])),
                             size=int(recipe.get("size", 1504)), options=options)
        tmp = out_dir / f".{name}.tmp.jpg"
        cv2.imwrite(str(tmp), frame.image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
        tmp.replace(out_dir / name)
        stamps[name] = stamp
        rendered += 1
    if rendered:
        stamps_path.write_text(json.dumps(stamps, indent=0, sort_keys=True))
    return rendered
