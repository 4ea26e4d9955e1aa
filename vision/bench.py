"""Accuracy and speed of the board reader on any dataset folder in the truth.json format.

    python -m vision.bench DATASET_DIR [--json] [--worst OUT_DIR] [--sequence]
                           [--tilt DEG] [--scale F] [--turn DEG] [--threads N]

One core, as a guide for a Pi: OPENBLAS_NUM_THREADS=1 taskset -c 0 python -m vision.bench DIR --threads 1

DATASET_DIR is a folder with truth.json and frames, or a folder of such folders. Each
frame gets a new BoardReader, so it pays for the whole observation: finding the board,
its rotation, 225 cells, racks. With --sequence the frames of one folder go through one
reader in order, as in a live game (the board is re-found from where it was, unchanged
cells are not read again). Time per frame: on the clock and, steadier on a busy machine, in
the process's CPU time (every OpenCV thread's); each also as a multiple of a plain full-frame
warpPerspective timed the same way right after it.

Truth per frame: `board`; `synth.rotation` (rendered frames) or, for real photos,
`rotation_deg` (the clockwise turn that makes the photo upright) and `corners` (the playing
area's corners, upright TL, TR, BR, BL, in image pixels; a rendered frame's `synth.board_corners`
are the same). With corners the bench prints each
frame's location error: the largest distance, in cells, of a true corner from where the
reader's homography puts it. "Rotation wrong" is counted only on frames whose truth knows
the rotation.

--tilt/--scale/--turn transform every frame before it is read, as a camera tilted by DEG
degrees about the frame's horizontal axis (through the renderer's widest lens, at every scale:
15 degrees makes the far edge 0.75 of the near one), shrunk so that the tilted frame's
bounding box is F of the frame's size (the playing area of a scrabscrap-v1 frame spans 0.875 of
it, so --scale 0.4 shows the board at 35 % of the frame width, 0.23 at 20 %) and turned TURN degrees clockwise; the
frame keeps its size, the rest is a plain grey table. Each pixel of the transformed frame is the mean light of
the patch of the frame it covers, as a camera's sensor gathers it (camera_view; until round 31 it was one point
of it, which drew 1-px grid lines as dots at --scale 0.4). The truth corners (or, when the truth
has none, the frame's own corners, which places the rotation for boards shown upright) go
through the same transform. A frame without truth corners is read once as it is (untimed) and
the reader's own corners there are the truth for the transformed frame's location error.

Rendered sets used in developing the board location (never quoted as results; the seeds are
also listed in vision/locate.py): python -m vision.synth dataset OUT --seed S with S 52118,
52119, 52120, 52121, 86413, 90217, 330417 (80 boards) and 614027 (frames 0-29, rendered: the
half-cell corner check's threshold looked at there).
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
from kiosk.turns import DEFAULT_MIN_CONFIDENCE
from vision.config import VisionConfig
from vision.locate import turn_of
from vision.models import describe
from vision.observation import BoardObservation
from vision.reader import TURN_NOT_SETTLED, BoardReader
from vision.synth.camera import CameraPose, project

# a wrong letter at or above this confidence is 'confident but wrong': the kiosk takes such a reading without
# asking the players (below it, the square is shown for them to confirm)
CONFIDENT = DEFAULT_MIN_CONFIDENCE
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
    rotation_known: int = 0  # located frames whose truth knows the rotation
    rotation_wrong: int = 0  # ... turned otherwise than the truth, the turn reported settled
    rotation_unsettled: int = 0  # ... turned otherwise, reported not settled (reader.TURN_NOT_SETTLED: no letter claimed)
    location_known: int = 0  # located frames whose truth knows the corners
    location_off: int = 0  # ... placed more than half a cell off at some corner
    ms: list[float] = field(default_factory=list)
    warp_ms: list[float] = field(default_factory=list)  # a plain full-frame warpPerspective, for scale
    # the same in CPU time of the process (every OpenCV thread's), steadier than the clock on a busy machine
    cpu_ms: list[float] = field(default_factory=list)
    warp_cpu_ms: list[float] = field(default_factory=list)

    def add(self, other: "Tally") -> None:
        for name, value in vars(other).items():
            if name in _TIMES:
                getattr(self, name).extend(value)
            else:
                setattr(self, name, getattr(self, name) + value)

    def summary(self) -> dict:
        out = {k: v for k, v in vars(self).items() if k not in _TIMES}
        for prefix, times, warps in (("", self.ms, self.warp_ms), ("cpu_", self.cpu_ms, self.warp_cpu_ms)):
            out[f"{prefix}ms_median"] = round(float(np.median(times)), 1) if times else None
            out[f"{prefix}ms_p95"] = round(float(np.percentile(times, 95)), 1) if times else None
            if warps:
                warp = float(np.median(warps))
                out[f"{prefix}ms_warp_reference"] = round(warp, 1)
                out[f"{prefix}median_vs_warp"] = round(out[f"{prefix}ms_median"] / warp, 2)
                out[f"{prefix}p95_vs_warp"] = round(out[f"{prefix}ms_p95"] / warp, 2)
        return out


_TIMES = ("ms", "warp_ms", "cpu_ms", "warp_cpu_ms")  # Tally's lists of times


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


LOCATION_OFF = 0.5  # cells: a corner placed this far off puts some squares under their neighbours
TABLE_GREY = (96, 96, 96)  # what a transformed frame shows outside the original one
# focal length of the --tilt camera, in widths of the scaled frame: the widest lens vision.synth.frames
# draws (0.9-1.4 frame widths), kept at every scale, so a tilt foreshortens the board as much when it
# is small in the frame (15 degrees: far edge 0.75 of the near one)
FOCAL = 0.9


def _frame_rotation(entry: dict, transform: np.ndarray | None = None) -> int | None:
    """The reader's rotation for this frame (quarter turns clockwise of the upright board in
    the image, as synth.rotation), or None when the truth does not know it. With a transform,
    from the corners (true ones, or the frame's own for an upright board) taken through it."""
    synth = entry.get("synth") or {}
    corners = _truth_corners(entry)
    if transform is not None:
        known = "rotation" in synth or "rotation_deg" in entry or corners is not None
        if not known:
            return None
        if corners is None:
            w, h = entry.get("image_size") or (1, 1)
            base = int(synth.get("rotation", (360 - int(entry.get("rotation_deg", 0))) % 360)) // 90
            # the frame's corners in upright order
            corners = np.roll(np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32), -base, axis=0)
        moved = cv2.perspectiveTransform(corners[None].astype(np.float32), transform)[0]
        return turn_of(moved)
    if "rotation" in synth:
        return int(synth["rotation"])
    if "rotation_deg" in entry:
        return (360 - int(entry["rotation_deg"])) % 360  # the photo's turn back to upright, the other way
    if corners is not None:
        return turn_of(corners)
    return None


def count_rotation(tally: Tally, obs: BoardObservation, truth: int | None) -> None:
    """Counts a located frame's turn against the truth's (None: the truth does not know it): a turn
    other than the truth's is wrong where the reader reported it settled, and counted apart where it
    said the turn is not settled (it then claims no letter, reader.TURN_NOT_SETTLED)."""
    if not obs.located or truth is None:
        return
    tally.rotation_known += 1
    if obs.rotation != truth:
        if TURN_NOT_SETTLED in obs.problems:
            tally.rotation_unsettled += 1
        else:
            tally.rotation_wrong += 1


def _truth_corners(entry: dict) -> np.ndarray | None:
    """The playing area's true corners (upright TL, TR, BR, BL): a real photo's `corners`, or
    a rendered frame's `synth.board_corners`; None when the truth has neither."""
    corners = entry.get("corners")
    if corners is None:
        corners = (entry.get("synth") or {}).get("board_corners")
    if corners is None:
        return None
    return np.asarray(corners, np.float32).reshape(4, 2)


def location_error(homography: tuple | None, corners: np.ndarray) -> float:
    """Largest distance, in cells, of a true corner (upright order) from where the reader's
    homography (frame -> upright board in cells) puts it, over the four quarter turns (a
    wrong rotation is counted apart): 0 = exactly placed."""
    if homography is None:
        return float("inf")
    mapped = cv2.perspectiveTransform(corners[None].astype(np.float64), np.array(homography, np.float64))[0]
    target = np.array([[0, 0], [15, 0], [15, 15], [0, 15]], np.float64)
    return float(min(np.linalg.norm(mapped - np.roll(target, -q, axis=0), axis=1).max() for q in range(4)))


def frame_transform(width: int, height: int, tilt: float, scale: float, turn: float) -> np.ndarray:
    """Homography that shows a frame as a camera tilted by `tilt` degrees would, with the
    frame's content scaled by `scale` and turned `turn` degrees clockwise about the centre
    (vision.synth.camera.project with the frame as the board plane)."""
    side = float(max(width, height))
    pose = CameraPose(centre=(width / 2, height / 2), side=side * scale, angle_deg=turn, pitch_deg=tilt,
                      yaw_deg=0.0, focal=FOCAL * side * scale)
    source = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    plane = (source - np.array([width / 2, height / 2], np.float32)) / side
    moved = project(pose, plane)
    # then fitted back into the frame: the tilted frame's bounding box `scale` of the frame's size, centred
    low, high = moved.min(axis=0), moved.max(axis=0)
    fit = scale * side / float((high - low).max())
    moved = (moved - (low + high) / 2) * fit + np.array([width / 2, height / 2], np.float32)
    return cv2.getPerspectiveTransform(source, moved.astype(np.float32))


def camera_view(frame: np.ndarray, moved: np.ndarray) -> np.ndarray:
    """`frame` as the homography `moved` (frame_transform) shows it, each pixel the mean light of the patch of the
    frame it covers, as a camera's sensor gathers it: every output pixel is the mean of k x k bilinear
    samples spread over it, enough of them that neighbouring samples lie at most one frame pixel apart
    (_least_scale). A warp alone samples the frame at one point a pixel: warpPerspective has no area
    interpolation (it takes INTER_AREA as INTER_LINEAR), so at --scale 0.4 a 1-px grid line survives as dots
    and a letter's edge as steps, which no camera shows (the rendered frames are drawn at their own size and
    show none either). Drawn in strips of rows to keep the samples' memory small (STRIP_BYTES); warpPerspective's
    fixed-point coordinates move with a strip's offset, so another strip size changes a pixel by one grey level
    at most (and the reader's location of a board near its acceptance margins with it)."""
    h, w = frame.shape[:2]
    k = max(1, int(np.ceil(1.0 / _least_scale(moved, w, h) - 1e-9)))  # samples across each output pixel
    # output pixel x holds the samples x - 0.5 + (i + 0.5) / k: sample X = k x + i, so x = (X + 0.5) / k - 0.5
    spread = np.array([[k, 0, (k - 1) / 2], [0, k, (k - 1) / 2], [0, 0, 1]], np.float64) @ moved
    rows = max(1, STRIP_BYTES // (w * k * k * frame.shape[2]))
    out = np.empty_like(frame, shape=(h, w, frame.shape[2]))
    for y0 in range(0, h, rows):
        y1 = min(h, y0 + rows)
        strip = np.array([[1, 0, 0], [0, 1, -k * y0], [0, 0, 1]], np.float64) @ spread
        samples = cv2.warpPerspective(frame, strip, (w * k, (y1 - y0) * k), flags=cv2.INTER_LINEAR,
                                      borderMode=cv2.BORDER_CONSTANT, borderValue=TABLE_GREY)
        out[y0:y1] = samples if k == 1 else cv2.resize(samples, (w, y1 - y0), interpolation=cv2.INTER_AREA)
    return out


# camera_view's samples drawn at a time: round 31's sweep (16 settings of scrabscrap-v1) peaked at 175-195 MB
# (16 MB strips: 197-221 MB; the point-sampled warp before it: 172-198 MB)
STRIP_BYTES = 2 << 20


def _least_scale(moved: np.ndarray, width: int, height: int) -> float:
    """The least local scale (the square root of the area's) of the homography `moved` over a width x height
    frame: the Jacobian's determinant is det(moved) / w^3, w the projective divisor, which runs linearly over
    the frame, so its extremes lie at the frame's corners."""
    corners = np.array([[0, 0, 1], [width, 0, 1], [width, height, 1], [0, height, 1]], np.float64)
    divisors = corners @ moved[2]
    return float(np.sqrt(abs(np.linalg.det(moved)) / np.abs(divisors) ** 3).min())


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


@dataclass(frozen=True)
class Transform:
    tilt: float = 0.0
    scale: float = 1.0
    turn: float = 0.0

    def active(self) -> bool:
        return (self.tilt, self.scale, self.turn) != (0.0, 1.0, 0.0)


def run_folder(folder: Path, sequence: bool, errors: list[CellError], transform: Transform = Transform(),
               verbose: bool = False) -> Tally:
    data = _read_truth(folder)
    tileset = data.get("tileset", "english")
    tally = Tally()
    reader = BoardReader(VisionConfig(tileset=tileset))
    for entry in data["frames"]:
        path = folder / entry["image"]
        frame = cv2.imread(str(path), cv2.IMREAD_COLOR) if path.is_file() else None
        if frame is None:
            raise InputError(str(folder / "truth.json"), f"cannot read image {entry['image']}", field="frames.image")
        corners = _truth_corners(entry)
        moved = None
        if transform.active() and corners is None:
            # corners to measure the transformed frame's location against: the reader's own on the
            # frame as it is (untimed), when it finds the board there
            seen = BoardReader(VisionConfig(tileset=tileset)).observe(frame)
            if seen.located and seen.homography is not None:
                corners = cv2.perspectiveTransform(np.array([[[0, 0], [15, 0], [15, 15], [0, 15]]], np.float32),
                                                   np.linalg.inv(np.array(seen.homography)))[0].astype(np.float32)
        if transform.active():
            h, w = frame.shape[:2]
            moved = frame_transform(w, h, transform.tilt, transform.scale, transform.turn)
            frame = camera_view(frame, moved)
            entry = dict(entry, image_size=[w, h])
            if corners is not None:
                corners = cv2.perspectiveTransform(corners[None], moved)[0]
        if not sequence:
            reader = BoardReader(VisionConfig(tileset=tileset))
        start, cpu = time.perf_counter(), time.process_time()
        obs = reader.observe(frame)
        tally.ms.append((time.perf_counter() - start) * 1000)
        tally.cpu_ms.append((time.process_time() - cpu) * 1000)
        start, cpu = time.perf_counter(), time.process_time()
        cv2.warpPerspective(frame, np.eye(3), (frame.shape[1], frame.shape[0]))
        tally.warp_ms.append((time.perf_counter() - start) * 1000)
        tally.warp_cpu_ms.append((time.process_time() - cpu) * 1000)
        tally.not_located += not obs.located
        rotation = _frame_rotation(entry, moved)
        count_rotation(tally, obs, rotation)
        note = "not located" if not obs.located else f"rotation {obs.rotation} (truth {rotation})"
        if obs.located and corners is not None:
            error = location_error(obs.homography, corners)
            tally.location_known += 1
            tally.location_off += error > LOCATION_OFF
            note += f", location error {error:.2f} cells"
        if verbose:
            print(f"  {folder.name}/{entry['image']}: {note}")
        occluded = {tuple(sq) for sq in (entry.get("synth") or {}).get("occluded", [])}
        before = len(errors)
        score_frame(obs, entry["board"], folder.name, entry["image"], occluded, tally, errors)
        if moved is not None:  # the worst cells are cut from the stored frame: through the transform first
            for err in errors[before:]:
                if err.homography is not None:
                    err.homography = tuple(map(tuple, np.array(err.homography) @ moved))
    return tally


def save_worst(errors: list[CellError], root: Path, out_dir: Path) -> None:
    """The worst cells' images and worst.txt, into `out_dir` (made before the run by main)."""
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
        if frame is None:
            continue
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
    parser.add_argument("--tilt", type=float, default=0.0, help="view every frame as a camera tilted DEG degrees")
    parser.add_argument("--scale", type=float, default=1.0, help="... shrunk to F of the frame (the playing area of scrabscrap-v1 spans 0.875 of its frames: "
                             "F 0.4 puts it at 35 %% of the frame)")
    parser.add_argument("--turn", type=float, default=0.0, help="... and turned DEG degrees clockwise")
    parser.add_argument("--threads", type=int, default=None,
                        help="OpenCV threads (1 with taskset -c 0 and OPENBLAS_NUM_THREADS=1: the one-core figure, a guide for a Pi)")
    args = parser.parse_args(argv)
    if args.threads is not None:
        cv2.setNumThreads(args.threads)
    try:
        folders = dataset_folders(args.dataset)
        # before the run: a path that cannot be a folder (a file in the way, no permission) ends
        # it at once, as an OSError naming the path (one line from run_command, exit 2)
        args.worst.mkdir(parents=True, exist_ok=True)
        errors: list[CellError] = []
        total = Tally()
        per_folder = {}
        transform = Transform(args.tilt, args.scale, args.turn)
        for folder in folders:
            tally = run_folder(folder, args.sequence, errors, transform, verbose=not args.json)
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
    result["transform"] = vars(Transform(args.tilt, args.scale, args.turn))
    result["opencv_threads"] = cv2.getNumThreads()
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
              f"not located {f['not_located']}, rotation wrong {f['rotation_wrong']}/{f['rotation_known']} "
              f"(and {f['rotation_unsettled']} turned otherwise, said not settled), "
              f"placed > {LOCATION_OFF} cell off {f['location_off']}/{f['location_known']}; "
              f"ms median {f['ms_median']} p95 {f['ms_p95']} "
              f"(x{f.get('median_vs_warp')} / x{f.get('p95_vs_warp')} a plain warpPerspective of the frame); "
              f"CPU ms median {f['cpu_ms_median']} p95 {f['cpu_ms_p95']} "
              f"(x{f.get('cpu_median_vs_warp')} / x{f.get('cpu_p95_vs_warp')} the warp's CPU time)")
    print(f"peak memory {result['peak_mb']} MB; worst cells saved in {args.worst}/ (list in worst.txt)")
    for line in describe(len(total.ms)):  # each cell model's size and time per frame
        print(line)
    return 0


if __name__ == "__main__":
    from kiosk.__main__ import run_command

    sys.exit(run_command("vision.bench", main))
