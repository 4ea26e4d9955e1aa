"""`python -m kiosk calibrate`: learn a club's board and tiles from a few camera frames.

    python -m kiosk calibrate --empty EMPTY.jpg [...] --tiles PATTERN.jpg [...]
                              [--pattern PATTERN.txt] [--tileset german] [--config kiosk.toml]
                              [--out calibration.npz]

--empty: photos of the empty board: checked with the reader (is the board found, is any
square wrongly read as a tile?) so a club knows its board and light suit the camera.
--tiles: photos of tiles laid out in a known pattern. The default pattern is the tile set's
letters in alphabetical order from the top-left square, left to right (row 1: A-O,
row 2: P-Z then Ä Ö Ü for German), then one blank; --pattern gives another as 15 lines of
board text. The letter model is fine-tuned on the club's tiles; the result is written to
--out (default: the config's calibration path, else vision-calibration.npz) and used by
BoardReader when the config names it.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np

from kiosk.errors import InputError
from vision.cells import cell_stats, letter_windows, occupancy_features, rectify, tile_colour
from vision.config import TILESETS, VisionConfig, load_config
from vision.glyph import glyph_features_batch
from vision.locate import locate_board
from vision.mlp import train_mlp
from vision.models import Calibration, shipped
from kiosk.rules.tiles import load_tileset
from vision.reader import BoardReader

AUGMENT = 24  # variants of each club tile window


def default_pattern(tileset: str) -> list[str]:
    letters = [*load_tileset(tileset).chars, "?"]  # the set's tiles in alphabet order
    text = "".join(letters).ljust(225, ".")
    return [text[r * 15:(r + 1) * 15] for r in range(15)]


def read_pattern(path: Path) -> list[str]:
    try:
        lines = [line.rstrip("\n") for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    except OSError as exc:
        raise InputError(str(path), f"cannot read file ({exc.strerror})") from None
    if len(lines) != 15:
        raise InputError(str(path), f"expected 15 lines of board text, found {len(lines)}")
    for number, line in enumerate(lines, start=1):
        if len(line) != 15:
            raise InputError(str(path), f"expected 15 characters, found {len(line)}", number)
    return lines


def _frame(path: Path) -> np.ndarray:
    if not path.is_file():
        raise InputError(str(path), "no such file")
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise InputError(str(path), "cannot read this image")
    return image


def _corners(frame: np.ndarray, config: VisionConfig, path: Path) -> np.ndarray:
    if config.corners is not None:
        return config.corners
    found = locate_board(frame)
    if found is None:
        raise InputError(str(path), "board not found in this photo; set vision.corners in the config")
    return found.corners


def _augment(window: np.ndarray, rng: np.random.Generator) -> list[np.ndarray]:
    out = [window]
    n = window.shape[0]
    for _ in range(AUGMENT - 1):
        angle = rng.normal(0, 3)
        shift = rng.normal(0, n * 0.03, 2)
        matrix = cv2.getRotationMatrix2D((n / 2, n / 2), angle, rng.uniform(0.95, 1.05))
        matrix[:, 2] += shift
        img = cv2.warpAffine(window, matrix, (n, n), borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
        img = img * rng.uniform(0.75, 1.2) + rng.normal(0, 3, img.shape)
        if rng.random() < 0.4:
            img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.4, 1.0))
        out.append(np.clip(img, 0, 255).astype(np.uint8))
    return out


def _pattern_windows(frame: np.ndarray, corners: np.ndarray, pattern: list[str]) -> tuple[list, list, np.ndarray]:
    """Letter windows of the pattern's tiles, turned upright by matching tile positions to the pattern."""
    board = rectify(frame, corners)
    stats = cell_stats(board)
    occ = shipped("occupancy").probabilities(occupancy_features(stats))
    occupied = (occ[:, 1] + occ[:, 2] > 0.5).reshape(15, 15)
    wanted = np.array([[ch != "." for ch in row] for row in pattern])
    quarter = int(np.argmax([(np.rot90(occupied, q) == wanted).sum() for q in range(4)]))
    index = np.rot90(np.arange(225).reshape(15, 15), quarter).ravel()
    windows = letter_windows(board)
    cells, labels = [], []
    for k in range(225):
        ch = pattern[k // 15][k % 15]
        if ch not in ".?":
            cells.append(np.ascontiguousarray(np.rot90(windows[index[k]], quarter)))
            labels.append(ch.upper())
    tiles = np.array([index[k] for k in range(225) if pattern[k // 15][k % 15] != "."])
    return cells, labels, tile_colour(stats, tiles)


def calibrate(empty: list[Path], tiles: list[Path], pattern: list[str], config: VisionConfig,
              seed: int = 0) -> tuple[Calibration, str]:
    rng = np.random.default_rng(seed)
    notes = []
    for path in empty:
        obs = BoardReader(config).observe(_frame(path))
        if not obs.located:
            raise InputError(str(path), "board not found in this photo; set vision.corners in the config")
        seen = sum(cell.state in ("tile", "blank") for cell in obs.cells)
        unsure = sum(cell.state == "unknown" for cell in obs.cells)
        notes.append(f"{path.name}: board found; {seen} squares read as tiles, {unsure} unsure (both should be 0)")
    base = shipped("letters")
    letters = None
    tile_lab = None
    if tiles:
        windows, labels, colours = [], [], []
        for path in tiles:
            frame = _frame(path)
            w, l, colour = _pattern_windows(frame, _corners(frame, config, path), pattern)
            windows += w
            labels += l
            if colour is not None:
                colours.append(colour)
        unknown = sorted(set(labels) - set(base.classes))
        if unknown:
            raise InputError("--pattern", f"letters the model does not know: {''.join(unknown)}")
        tile_lab = np.median(np.stack(colours), axis=0) if colours else None
        before_feats, found = glyph_features_batch(windows)
        truth = np.array([base.classes.index(ch) for ch in labels])
        before = int((base.probabilities(before_feats).argmax(axis=1) == truth[found]).sum()) if found.any() else 0
        xs, ys = [], []
        for window, label in zip(windows, truth):
            feats, ok = glyph_features_batch(_augment(window, rng))
            xs.append(feats)
            ys.append(np.full(len(feats), label))
        club_x, club_y = np.concatenate(xs), np.concatenate(ys)
        # keep what the shipped model knows: replay it on its own confident answers to the club's variants
        letters = train_mlp(club_x, club_y, base.classes, epochs=12, seed=seed, start=base)
        letters.temperature = base.temperature
        after = int((letters.probabilities(before_feats).argmax(axis=1) == truth[found]).sum()) if found.any() else 0
        notes.append(f"pattern tiles read right: {before}/{len(labels)} with the shipped model, "
                     f"{after}/{len(labels)} after calibration")
    return Calibration(tile_lab=tile_lab, letters=letters), "\n".join(notes)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m kiosk calibrate", description=__doc__.splitlines()[0])
    parser.add_argument("--empty", type=Path, nargs="*", default=[], help="photos of the empty board")
    parser.add_argument("--tiles", type=Path, nargs="*", default=[], help="photos of tiles laid out in the pattern")
    parser.add_argument("--pattern", type=Path, help="15 lines of board text (default: the alphabet from A1)")
    parser.add_argument("--tileset", choices=TILESETS)
    parser.add_argument("--config", type=Path, help="kiosk TOML with a [vision] table")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    if not args.empty and not args.tiles:
        parser.error("give --empty and/or --tiles photos")
    start = time.perf_counter()
    try:
        config = load_config(args.config) if args.config else VisionConfig()
        tileset = args.tileset or config.tileset
        pattern = read_pattern(args.pattern) if args.pattern else default_pattern(tileset)
        calibration, report = calibrate(args.empty, args.tiles, pattern, config)
        out = args.out or config.calibration or Path("vision-calibration.npz")
        calibration.save(out)
    except InputError as exc:
        print(f"calibrate: {exc}", file=sys.stderr)
        return 2
    if report:
        print(report)
    print(f"calibration written to {out} in {time.perf_counter() - start:.1f} s"
          + ("" if args.config else "; name it in the config as [vision] calibration = \"...\""))
    return 0
