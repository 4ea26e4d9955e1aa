"""python -m vision.synth dataset OUT_DIR --boards N --seed S [--tileset english|german] [--size 1504]
python -m vision.synth frame OUT.png --seed S [--tileset ...] [--size ...]   (one random board, for a look)
python -m vision.synth bench [--frames 20] [--size 1504]   (rendering speed: ms per frame and per tile)"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np

from vision.tilesets import TILESETS

from .dataset import MAX_TILES, DatasetSpec, write_dataset
from .frames import FrameOptions, render_frame
from .positions import random_board
from .tiles import render_tile


def _positive(text: str) -> int:
    value = int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive whole number, not {text}")
    return value


def _bench(frames: int, size: int) -> int:
    frame_ms, frame_cpu_ms, tile_ms = [], [], []
    for seed in range(frames):
        rng = np.random.default_rng(seed)
        board = random_board(rng, tiles=int(rng.integers(1, MAX_TILES + 1)))
        started, cpu = time.perf_counter(), time.process_time()
        render_frame(board, seed=seed, size=size)
        frame_ms.append((time.perf_counter() - started) * 1000)
        frame_cpu_ms.append((time.process_time() - cpu) * 1000)
    rng = np.random.default_rng(0)
    letters = TILESETS["english"].chars
    for i in range(frames * 20):
        started = time.perf_counter()
        render_tile(letters[i % len(letters)], size=48, rng=rng)
        tile_ms.append((time.perf_counter() - started) * 1000)
    # CPU time is less disturbed than wall time when other work shares the machine
    for name, values in ((f"frame {size}px", frame_ms), (f"frame {size}px CPU time", frame_cpu_ms),
                         ("tile 48px", tile_ms)):
        print(f"{name}: median {np.median(values):.1f} ms, p95 {np.percentile(values, 95):.1f} ms "
              f"over {len(values)} renders")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.synth", description="Synthetic Scrabble camera frames.")
    commands = parser.add_subparsers(dest="command", required=True)
    data = commands.add_parser("dataset", help="write a dataset folder (truth.json + JPEG frames)")
    data.add_argument("out_dir", type=Path)
    data.add_argument("--boards", type=_positive, required=True)
    data.add_argument("--seed", type=int, required=True)
    data.add_argument("--tileset", choices=sorted(TILESETS), default="english")
    data.add_argument("--size", type=_positive, default=1504)
    data.add_argument("--hands", action="store_true", help="allow hands over the board (cells become unreadable)")
    data.add_argument("--style-space", choices=("wide", "club"), default="wide",
                      help="draw scenes from the whole style space (default) or the club scenes of the fixture games")
    one = commands.add_parser("frame", help="render one frame of a random board to an image file")
    one.add_argument("out_file", type=Path)
    one.add_argument("--seed", type=int, required=True)
    one.add_argument("--tileset", choices=sorted(TILESETS), default="english")
    one.add_argument("--size", type=_positive, default=1504)
    speed = commands.add_parser("bench", help="print rendering speed (median and p95 ms per frame and per tile)")
    speed.add_argument("--frames", type=_positive, default=20)
    speed.add_argument("--size", type=_positive, default=1504)
    args = parser.parse_args(argv)

    if args.command == "bench":
        return _bench(args.frames, args.size)

    if args.command == "dataset":
        if args.out_dir.exists() and not args.out_dir.is_dir():
            print(f"vision.synth: {args.out_dir}: exists and is not a folder", file=sys.stderr)
            return 2
        started = time.perf_counter()
        spec = DatasetSpec(boards=args.boards, seed=args.seed, tileset=args.tileset, size=args.size,
                           hands=args.hands, style_space=args.style_space)
        try:
            path = write_dataset(args.out_dir, spec)
        except OSError as error:
            print(f"vision.synth: {error.filename or args.out_dir}: cannot write the dataset ({error.strerror or error})",
                  file=sys.stderr)
            return 2
        print(f"wrote {args.boards} frames and {path} in {time.perf_counter() - started:.1f} s")
        return 0
    rng = np.random.default_rng(args.seed)
    board = random_board(rng, tiles=int(rng.integers(1, MAX_TILES + 1)), tileset=args.tileset)
    frame = render_frame(board, seed=args.seed, size=args.size, options=FrameOptions(tileset=args.tileset,
                                                                                   style_space="wide"))
    try:
        written = cv2.imwrite(str(args.out_file), frame.image)
    except cv2.error:
        written = False
    if not written:
        print(f"vision.synth: {args.out_file}: cannot write an image there (use .png or .jpg)", file=sys.stderr)
        return 2
    print("\n".join(frame.truth))
    return 0


if __name__ == "__main__":
    from kiosk.__main__ import run_command

    sys.exit(run_command("vision.synth", main))
