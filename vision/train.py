"""Train the shipped models from data the repository renders: `python -m vision.train [--quick]`.

- letters: glyph features of tiles drawn alone by vision.synth.tiles.render_tile in every
  available font, tile colour and lighting, and of tiles cut from whole frames drawn by
  render_frame (every letter equally likely), each window stretched and its print made
  bolder or lighter as other fonts would -> vision/model/letters.npz (about two minutes)
- occupancy: per-cell features of boards drawn by vision.synth.frames.render_frame
  (board styles, glare, shadows, hands) -> vision/model/occupancy.npz

Training seeds are 1000..; benchmarks use other seeds.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np

from vision.cells import (OCCUPANCY_CLASSES, PAD, cell_stats, letter_windows, occupancy_features, rectify,
                          tile_colour)
from vision.glyph import glyph_features_batch
from vision.mlp import MLP, fit_temperature, train_mlp
from vision.synth.fonts import available_fonts
from vision.synth.frames import FrameOptions, render_frame
from vision.synth.positions import random_board
from vision.synth.tiles import render_tile

MODEL_DIR = Path(__file__).parent / "model"
LETTERS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ")
TRAIN_SEED = 1000


def _reshaped(window: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A letter window as another font would give it: the tile and its letter stretched
    (wider or narrower: geometric faces have round O's and C's) and the print made bolder
    or lighter; the neighbours in the window come along."""
    n = window.shape[0]
    sx, sy = rng.uniform(0.85, 1.25), rng.uniform(0.92, 1.08)
    matrix = np.float32([[sx, 0, n / 2 * (1 - sx)], [0, sy, n / 2 * (1 - sy)]])
    big = cv2.warpAffine(window, 2 * matrix, (2 * n, 2 * n),
                         flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    weight = rng.choice(3, p=(0.6, 0.2, 0.2))  # dark print on a light tile: erode = bolder
    if weight:
        big = (cv2.erode if weight == 1 else cv2.dilate)(big, np.ones((2, 2), np.uint8))
    return cv2.resize(big, (n, n), interpolation=cv2.INTER_AREA)


def _as_camera_sees(letter: str, font: str, cell: int, rng: np.random.Generator) -> np.ndarray:
    """A rendered tile as a camera of some resolution and exposure delivers it to the reader:
    drawn at 28..96 px per square, scaled to the reader's cell size, dimmed or brightened, noisy."""
    native = int(rng.integers(28, 97))
    tile = render_tile(letter, size=native, font=font, rng=rng)
    tile = cv2.resize(tile, (cell, cell), interpolation=cv2.INTER_AREA if native > cell else cv2.INTER_LINEAR)
    gain, offset = rng.uniform(0.35, 1.15), rng.uniform(-10, 25)
    tile = tile.astype(np.float32) * gain + offset + rng.normal(0, rng.uniform(0.5, 4), tile.shape)
    tile = np.clip(tile, 0, 255).astype(np.uint8)
    return _reshaped(cv2.copyMakeBorder(tile, PAD, PAD, PAD, PAD, cv2.BORDER_REPLICATE), rng)


def _board_windows(index: int, seed: int, rng: np.random.Generator) -> tuple[list[np.ndarray], list[int]]:
    """Letter windows cut from one whole rendered frame the way the reader cuts them (rectified
    from slightly wrong corners, neighbours and all), with their letters' class numbers.
    Every letter is equally likely, so Q, X and the umlauts are seen as often as E."""
    tileset = "german" if index % 3 == 0 else "english"
    letters = LETTERS if tileset == "german" else LETTERS[:26]
    fonts = available_fonts()
    shape = random_board(rng, tiles=int(rng.integers(30, 95)), tileset=tileset)
    board = ["".join(ch if ch == "." else letters[rng.integers(len(letters))] for ch in row) for row in shape]
    options = FrameOptions(tileset=tileset, font=fonts[index % len(fonts)], hand=False, rack_counts={})
    frame = render_frame(board, seed=seed * 7919 + index, size=int(rng.choice((900, 1200, 1504))), options=options)
    cell_px = np.linalg.norm(frame.board_corners[1] - frame.board_corners[0]) / 15
    corners = frame.board_corners + rng.normal(0, 0.06 * cell_px, (4, 2)).astype(np.float32)
    windows = letter_windows(rectify(frame.image, corners))
    cells = [k for k in range(225) if board[k // 15][k % 15] != "."]
    return ([_reshaped(windows[k], rng) for k in cells],
            [LETTERS.index(board[k // 15][k % 15]) for k in cells])


def letter_samples(per_letter_font: int, frames: int, seed: int, cell: int = 48) -> tuple[np.ndarray, np.ndarray]:
    """Glyph features and class numbers: tiles rendered alone in every font at many sizes,
    and tiles cut from whole rendered frames."""
    rng = np.random.default_rng(seed)
    windows, labels = [], []
    for label, letter in enumerate(LETTERS):
        for font in available_fonts():
            windows += [_as_camera_sees(letter, font, cell, rng) for _ in range(per_letter_font)]
            labels += [label] * per_letter_font
    for i in range(frames):
        w, y = _board_windows(i, seed, rng)
        windows += w
        labels += y
    feats, found = glyph_features_batch(windows)
    return feats, np.array(labels)[found]


def occupancy_samples(frames: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    xs, ys = [], []
    for i in range(frames):
        tileset = "german" if i % 3 == 0 else "english"
        # every game crosses the centre: show the model an empty centre and a blank on it too
        tiles = 0 if rng.random() < 0.15 else int(rng.integers(1, 95))
        board = random_board(rng, tiles=tiles, tileset=tileset)
        if tiles and rng.random() < 0.15:
            board[7] = board[7][:7] + "?" + board[7][8:]
        options = FrameOptions(tileset=tileset, hand=bool(rng.random() < 0.3), glare=bool(rng.random() < 0.5))
        frame = render_frame(board, seed=int(seed * 7919 + i), options=options)
        # corners off by a few px: tiles overlapping their neighbours, as real tiles often do
        jitter = rng.normal(0, 0.12 * np.linalg.norm(frame.board_corners[1] - frame.board_corners[0]) / 15,
                            (4, 2)).astype(np.float32)
        board_image = rectify(frame.image, frame.board_corners + jitter)
        tiles = np.array([k for k in range(225) if frame.truth[k // 15][k % 15].isupper()])
        # the reader knows the tile colour from a first pass once a few tiles are read
        stats = cell_stats(board_image)
        known = tile_colour(stats, tiles) if len(tiles) >= 3 and rng.random() < 0.7 else None
        feats = occupancy_features(stats, known)
        for k in range(225):
            r, c = divmod(k, 15)
            ch = frame.truth[r][c]
            label = 3 if (r, c) in frame.occluded else 0 if ch == "." else 2 if ch in "?" or ch.islower() else 1
            xs.append(feats[k])
            ys.append(label)
    return np.array(xs, np.float32), np.array(ys)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.train", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small run to check the pipeline")
    parser.add_argument("--only", choices=("letters", "occupancy"), help="train one model only")
    args = parser.parse_args(argv)
    per, letter_frames, frames = (2, 6, 20) if args.quick else (20, 260, 160)
    MODEL_DIR.mkdir(exist_ok=True)

    if args.only != "occupancy":
        train_letters(per, letter_frames)
    if args.only != "letters":
        train_occupancy(frames)
    return 0


def train_letters(per: int, frames: int) -> None:
    start = time.perf_counter()
    x, y = letter_samples(per, frames, TRAIN_SEED)
    xv, yv = letter_samples(max(2, per // 4), max(4, frames // 5), TRAIN_SEED + 1)
    print(f"letters: samples ready, {time.perf_counter() - start:.0f} s")
    letters = train_mlp(x, y, LETTERS, hidden=96, epochs=40)
    letters.temperature = fit_temperature(letters, xv, yv)
    accuracy = float((letters.probabilities(xv).argmax(axis=1) == yv).mean())
    letters.save(MODEL_DIR / "letters.npz")
    print(f"letters: {len(x)} training glyphs, held-out accuracy {accuracy:.4f}, "
          f"temperature {letters.temperature:.2f}, {time.perf_counter() - start:.0f} s")


def train_occupancy(frames: int) -> None:
    start = time.perf_counter()
    x, y = occupancy_samples(frames, TRAIN_SEED + 2)
    xv, yv = occupancy_samples(max(4, frames // 5), TRAIN_SEED + 3)
    occupancy = train_mlp(x, y, OCCUPANCY_CLASSES, hidden=32, epochs=30)
    occupancy.temperature = fit_temperature(occupancy, xv, yv)
    predicted = occupancy.probabilities(xv).argmax(axis=1)
    occupancy.save(MODEL_DIR / "occupancy.npz")
    confusion = np.zeros((4, 4), int)
    np.add.at(confusion, (yv, predicted), 1)
    print(f"occupancy: {len(x)} training cells, held-out accuracy {(predicted == yv).mean():.4f}, "
          f"{time.perf_counter() - start:.0f} s\nconfusion (rows truth {OCCUPANCY_CLASSES}):\n{confusion}")


if __name__ == "__main__":
    sys.exit(main())
