"""Accuracy and speed of the board reader on any dataset folder in the truth.json format.

    python -m vision.bench DATASET_DIR [--json] [--worst OUT_DIR] [--sequence]

DATASET_DIR is a folder with truth.json and frames, or a folder of such folders. Each
frame gets a new BoardReader, so it pays for the whole observation: finding the board,
its rotation, 225 cells, racks. With --sequence the frames of one folder go through one
reader in order, as in a live game (the board is re-found from where it was, unchanged
cells are not read again).
"""
from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from kiosk.errors import InputError
from vision.config import VisionConfig
from vision.observation import BoardObservation
from vision.reader import BoardReader

CONFIDENT = 0.9  # a wrong letter at or above this confidence is 'confident but wrong'
WORST_SAVED = 40


@dataclass
class Tally:
    tiles_total: int = 0
    tiles_correct: int = 0
    wrong: int = 0
    confident_wrong: int = 0
    unread: int = 0  # a tile reported unknown
    phantom: int = 0
    empty_unread: int = 0  # an empty square reported unknown
    missed: int = 0
    blanks_total: int = 0
    blanks_found: int = 0
    boards_total: int = 0
    boards_exact: int = 0
    not_located: int = 0
    rotation_wrong: int = 0
    ms: list[float] = field(default_factory=list)
    warp_ms: list[float] = field(default_factory=list)  # a plain full-frame warpPerspective, for scale

    def add(self, other: "Tally") -> None:
        for name, value in vars(other).items():
            if name in ("ms", "warp_ms"):
                getattr(self, name).extend(value)
            else:
                setattr(self, name, getattr(self, name) + value)

    def summary(self) -> dict:
        out = {k: v for k, v in vars(self).items() if k not in ("ms", "warp_ms")}
        out["ms_median"] = round(float(np.median(self.ms)), 1) if self.ms else None
        out["ms_p95"] = round(float(np.percentile(self.ms, 95)), 1) if self.ms else None
        if self.warp_ms:
            warp = float(np.median(self.warp_ms))
            out["ms_warp_reference"] = round(warp, 1)
            out["median_vs_warp"] = round(out["ms_median"] / warp, 2)
            out["p95_vs_warp"] = round(out["ms_p95"] / warp, 2)
        return out


@dataclass
class CellError:
    severity: int  # lower is worse
    confidence: float
    folder: str
    image: str
    square: tuple[int, int]
    truth: str
    read: str
    homography: tuple | None


def dataset_folders(root: Path) -> list[Path]:
    if (root / "truth.json").is_file():
        return [root]
    folders = sorted(p.parent for p in root.glob("*/truth.json"))
    if not folders:
        raise InputError(str(root), "no truth.json here or in its sub-folders")
    return folders


def _read_truth(folder: Path) -> dict:
    path = folder / "truth.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise InputError(str(path), f"cannot read truth ({exc})") from None
    if not isinstance(data.get("frames"), list):
        raise InputError(str(path), "expected a list", field="frames")
    return data


def _frame_rotation(entry: dict) -> int:
    synth = entry.get("synth") or {}
    return int(synth.get("rotation", 0))


def score_frame(obs: BoardObservation, board: list[str], folder: str, image: str, occluded: set,
                tally: Tally, errors: list[CellError]) -> None:
    text = obs.board_text()
    exact = True
    for r in range(15):
        for c in range(15):
            if (r, c) in occluded:
                continue
            truth = board[r][c]
            cell = obs.cells[r * 15 + c]
            read = cell.char()
            is_blank = truth == "?" or truth.islower()
            if truth == ".":
                if cell.state in ("tile", "blank"):
                    tally.phantom += 1
                    errors.append(CellError(1, cell.confidence, folder, image, (r, c), truth, read, obs.homography))
                elif cell.state == "unknown":
                    tally.empty_unread += 1
                    errors.append(CellError(4, cell.confidence, folder, image, (r, c), truth, read, obs.homography))
            elif is_blank:
                tally.blanks_total += 1
                if cell.state == "blank":
                    tally.blanks_found += 1
                elif cell.state == "empty":
                    tally.missed += 1
                    errors.append(CellError(2, cell.confidence, folder, image, (r, c), "?", read, obs.homography))
                elif cell.state == "tile":
                    tally.wrong += 1
                    tally.confident_wrong += cell.confidence >= CONFIDENT
                    errors.append(CellError(0, cell.confidence, folder, image, (r, c), "?", read, obs.homography))
                else:
                    tally.unread += 1
                    errors.append(CellError(3, cell.confidence, folder, image, (r, c), "?", read, obs.homography))
            else:
                tally.tiles_total += 1
                if cell.state == "tile" and cell.letter == truth:
                    tally.tiles_correct += 1
                    continue
                if cell.state == "empty":
                    tally.missed += 1
                    severity = 2
                elif cell.state == "unknown":
                    tally.unread += 1
                    severity = 3
                else:
                    tally.wrong += 1
                    tally.confident_wrong += cell.confidence >= CONFIDENT
                    severity = 0
                errors.append(CellError(severity, cell.confidence, folder, image, (r, c), truth, read, obs.homography))
            expected = "?" if is_blank else truth
            exact = exact and text[r][c] == expected
    tally.boards_total += 1
    tally.boards_exact += exact


def run_folder(folder: Path, sequence: bool, errors: list[CellError]) -> Tally:
    data = _read_truth(folder)
    tileset = data.get("tileset", "english")
    tally = Tally()
    reader = BoardReader(VisionConfig(tileset=tileset))
    for entry in data["frames"]:
        path = folder / entry["image"]
        frame = cv2.imread(str(path), cv2.IMREAD_COLOR) if path.is_file() else None
        if frame is None:
            raise InputError(str(folder / "truth.json"), f"cannot read image {entry['image']}", field="frames.image")
        if not sequence:
            reader = BoardReader(VisionConfig(tileset=tileset))
        start = time.perf_counter()
        obs = reader.observe(frame)
        tally.ms.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        cv2.warpPerspective(frame, np.eye(3), (frame.shape[1], frame.shape[0]))
        tally.warp_ms.append((time.perf_counter() - start) * 1000)
        tally.not_located += not obs.located
        tally.rotation_wrong += obs.located and obs.rotation != _frame_rotation(entry)
        occluded = {tuple(sq) for sq in (entry.get("synth") or {}).get("occluded", [])}
        score_frame(obs, entry["board"], folder.name, entry["image"], occluded, tally, errors)
    return tally


def save_worst(errors: list[CellError], root: Path, out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob("[0-9][0-9]-*.png"):  # images of an earlier run
        old.unlink()
    errors.sort(key=lambda e: (e.severity, -e.confidence))
    lines = []
    for i, err in enumerate(errors[:WORST_SAVED]):
        name = f"{i:02d}-{err.folder}-{Path(err.image).stem}-r{err.square[0] + 1}c{err.square[1] + 1}-{err.truth}-as-{err.read}.png"
        lines.append(f"{name}  confidence {err.confidence:.3f}")
        if err.homography is None:
            continue
        folder = root if root.name == err.folder else root / err.folder
        frame = cv2.imread(str(folder / err.image))
        to_board = np.array(err.homography, np.float64)
        r, c = err.square
        px = 64
        shift = np.array([[px, 0, -(c - 0.5) * px], [0, px, -(r - 0.5) * px], [0, 0, 1]])
        crop = cv2.warpPerspective(frame, shift @ to_board, (2 * px, 2 * px))
        cv2.imwrite(str(out_dir / name.replace("?", "blank").replace("#", "unknown")), crop)
    (out_dir / "worst.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.bench", description=__doc__.splitlines()[0])
    parser.add_argument("dataset", type=Path)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--worst", type=Path, default=Path("bench-out/worst"), help="folder for the worst cells' images")
    parser.add_argument("--sequence", action="store_true",
                        help="one reader per folder, frames in order, as in a live game")
    args = parser.parse_args(argv)
    try:
        folders = dataset_folders(args.dataset)
        errors: list[CellError] = []
        total = Tally()
        per_folder = {}
        for folder in folders:
            tally = run_folder(folder, args.sequence, errors)
            per_folder[folder.name] = tally.summary()
            total.add(tally)
        save_worst(errors, args.dataset, args.worst)
    except InputError as exc:
        print(f"vision.bench: {exc}", file=sys.stderr)
        return 2
    result = total.summary()
    result["peak_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    result["worst_dir"] = str(args.worst)
    result["mode"] = "sequence" if args.sequence else "every frame on its own"
    result["folders"] = per_folder
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return 0
    for name, figures in list(per_folder.items()) + [("ALL", result)]:
        f = figures
        print(f"{name}: tiles {f['tiles_correct']}/{f['tiles_total']} right, {f['wrong']} wrong "
              f"({f['confident_wrong']} confident), {f['unread']} unread; phantom {f['phantom']}, missed {f['missed']}, "
              f"empty unread {f['empty_unread']}; "
              f"blanks {f['blanks_found']}/{f['blanks_total']}; boards exact {f['boards_exact']}/{f['boards_total']}; "
              f"not located {f['not_located']}, rotation wrong {f['rotation_wrong']}; "
              f"ms median {f['ms_median']} p95 {f['ms_p95']} "
              f"(x{f.get('median_vs_warp')} / x{f.get('p95_vs_warp')} a plain warpPerspective of the frame)")
    print(f"peak memory {result['peak_mb']} MB; worst cells saved in {args.worst}/ (list in worst.txt)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
