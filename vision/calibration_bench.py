"""How much one calibration per session helps: leave-one-out over a real-photo dataset.

    python -m vision.calibration_bench DATASET_DIR [--corners found|given|both] [--json]

DATASET_DIR holds truth.json and its photos (the format vision.bench reads). The photos are
grouped into sessions (one board, one tile set, one camera): a frame's `session` field when it
has one, else the date in its file name (IMG_20151016_165303.jpg: 20151016), else one session
for the folder. In each session, photos whose truth is an empty board are the `--empty` photos of
every calibration of that session. Every other photo of the session is in turn the pattern photo
(leave-one-out): `python -m kiosk calibrate --empty EMPTY... --tiles PHOTO --pattern <its board
from truth.json>` is run on it (in this process, timed), with the board located as the command
locates it ("found") and/or with the truth's corners as `--corners` ("given"). The calibration
then reads the session's other photos (not the pattern, not the empty boards), each from scratch
with the reader's own location, and the uncalibrated reader reads the same photos in the same
run. Counted as vision.bench counts them (vision.bench.score_frame): lettered tiles right,
phantoms, confident-wrong letters (read at the kiosk's own bar, 0.8, or over), blanks found.

A calibration the command refuses (board not found, the pattern reads badly: exit 2) or does not
write (it would read the pattern or the empty board worse: exit 3) leaves the kiosk
uncalibrated: the run is listed as such and its photos counted with the uncalibrated reading.

With --clubs N --seed S the dataset is rendered first (render_clubs): N club sessions, each one
look drawn from the renderer's whole style space. Seeds: development (vision.calibrate.SHRINK)
looked at --seed 5101 only; the test uses 8801; figures are reported on 7707.

Targets (issue 15): at least 99.5 % of the lettered tiles on the other photos of the session,
never worse than the uncalibrated reader, each calibration under 60 s on the 2-core machine.

Measured on ../shared/datasets/jheidel-en with --corners found (10 leave-one-out calibrations, the machine
shared and busy): at the start of round 5, 1894/1903 calibrated (uncalibrated 1875), lowest run per session
97.3 % (vintage: an A half off the centre square, unread whatever the calibration) and 98.5 % (Hasbro, pattern
BENDS: no O to learn, the Hasbro O's read D); not met. With round 5's glyph polarity fix and letter model:
1903/1903 in every run, calibrated and not, 0 phantom, 0 confident-wrong, calibration at most 36.5 s: met (the
blanks stay 21/47 found either way: calibration does not find more of them).
"""
from __future__ import annotations

import argparse
import errno
import json
import re
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np

from kiosk.errors import InputError
from vision.bench import CellError, Tally, _read_truth, score_frame
from vision.calibrate import calibrate
from vision.config import VisionConfig
from vision.models import Calibration
from vision.reader import BoardReader

CLUB_PHOTOS = 4  # photos with tiles per rendered club session, besides its empty board
TARGET = 0.995  # issue 15: share of lettered tiles right on the session's other photos
TIME_LIMIT = 60.0  # seconds a calibration may take here


@dataclass(frozen=True)
class Photo:
    name: str
    path: Path
    board: list[str]
    corners: np.ndarray | None  # truth corners, upright TL TR BR BL

    @property
    def empty(self) -> bool:
        return all(ch == "." for row in self.board for ch in row)


def session_of(entry: dict) -> str:
    """The frame's session: its `session` field, else the date (8 digits) in its file name, else ''."""
    if isinstance(entry.get("session"), str):
        return str(entry["session"])
    found = re.search(r"(?<!\d)(\d{8})(?!\d)", str(entry.get("image", "")))
    return found.group(1) if found else ""


def sessions(folder: Path) -> tuple[str, dict[str, list[Photo]]]:
    data = _read_truth(folder)
    out: dict[str, list[Photo]] = {}
    for entry in data["frames"]:
        corners = entry.get("corners")
        photo = Photo(str(entry["image"]), folder / str(entry["image"]), list(entry["board"]),
                      np.asarray(corners, np.float32) if corners is not None else None)
        out.setdefault(session_of(entry), []).append(photo)
    return str(data.get("tileset", "english")), out


def _image(photo: Photo) -> np.ndarray:
    image = cv2.imread(str(photo.path), cv2.IMREAD_COLOR) if photo.path.is_file() else None
    if image is None:
        raise InputError(str(photo.path), "cannot read this image")
    return image


def read_tally(photo: Photo, tileset: str, calibration: Calibration | None) -> Tally:
    """One photo read from scratch (the reader's own location), counted as vision.bench counts."""
    tally = Tally()
    obs = BoardReader(VisionConfig(tileset=tileset), calibration).observe(_image(photo))
    tally.not_located += not obs.located
    errors: list[CellError] = []
    score_frame(obs, photo.board, "", photo.name, set(), tally, errors)
    return tally


@dataclass
class Run:
    session: str
    pattern: str
    mode: str  # "found" or "given"
    seconds: float
    outcome: str  # "written", "not written: ...", "refused: ..."
    calibrated: Tally = field(default_factory=Tally)
    uncalibrated: Tally = field(default_factory=Tally)


def _share(t: Tally) -> float:
    return t.tiles_correct / t.tiles_total if t.tiles_total else 1.0


def _worse(a: Tally, b: Tally) -> bool:
    """a reads worse than b: fewer tiles or blanks right, or more phantoms or confident-wrong letters."""
    return (a.tiles_correct < b.tiles_correct or a.blanks_found < b.blanks_found or a.phantom > b.phantom
            or a.confident_wrong > b.confident_wrong)


def _figures(t: Tally) -> str:
    return (f"{t.tiles_correct}/{t.tiles_total} tiles ({100 * _share(t):.1f} %), blanks {t.blanks_found}/"
            f"{t.blanks_total}, {t.phantom} phantom, {t.confident_wrong} confident-wrong, {t.unread} unread, "
            f"{t.not_located} not located")


def run(folder: Path, modes: tuple[str, ...], out: list[str] | None = None) -> list[Run]:
    """Every leave-one-out calibration of every session of the dataset, in every mode."""
    tileset, by_session = sessions(folder)
    config = VisionConfig(tileset=tileset)
    plain: dict[str, Tally] = {}  # the uncalibrated reading of each photo, once per run

    def say(line: str) -> None:
        if out is not None:
            out.append(line)
        print(line, flush=True)

    runs = []
    for session, photos in by_session.items():
        empties = [p for p in photos if p.empty]
        patterns = [p for p in photos if not p.empty]
        for pattern in patterns:
            others = [p for p in patterns if p is not pattern]
            if not others:
                continue
            for photo in others:
                if photo.name not in plain:
                    plain[photo.name] = read_tally(photo, tileset, None)
            for mode in modes:
                given = {p.path.name: p.corners for p in [pattern, *empties] if p.corners is not None}
                if mode == "given" and len(given) < 1 + len(empties):
                    say(f"{session} {pattern.name} given: skipped (no truth corners)")
                    continue
                start = time.perf_counter()
                calibration: Calibration | None = None
                try:
                    calibration, report = calibrate([p.path for p in empties], [pattern.path], pattern.board, config,
                                                    given if mode == "given" else None)
                    outcome = "written" if calibration is not None else "not written: " + report.splitlines()[-1]
                except InputError as exc:
                    outcome = f"refused: {exc}"
                seconds = time.perf_counter() - start
                result = Run(session, pattern.name, mode, seconds, outcome)
                for photo in others:
                    result.uncalibrated.add(plain[photo.name])
                    result.calibrated.add(read_tally(photo, tileset, calibration) if calibration is not None
                                          else plain[photo.name])
                runs.append(result)
                flag = " WORSE than uncalibrated" if _worse(result.calibrated, result.uncalibrated) else ""
                say(f"{session} pattern {pattern.name} ({mode} corners, {len(empties)} empty): {outcome}, "
                    f"{seconds:.1f} s; {len(others)} other photos: calibrated {_figures(result.calibrated)}; "
                    f"uncalibrated {_figures(result.uncalibrated)}{flag}")
    return runs


def summary(runs: list[Run], modes: tuple[str, ...]) -> list[str]:
    lines = []
    for mode in modes:
        mine = [r for r in runs if r.mode == mode]
        if not mine:
            continue
        cal, unc = Tally(), Tally()
        for r in mine:
            cal.add(r.calibrated)
            unc.add(r.uncalibrated)
        per_session = sorted({r.session for r in mine})
        lows = [f"{s} {100 * min(_share(r.calibrated) for r in mine if r.session == s):.1f} %" for s in per_session]
        worse = sum(_worse(r.calibrated, r.uncalibrated) for r in mine)
        written = sum(r.outcome == "written" for r in mine)
        slowest = max(r.seconds for r in mine)
        meets = (all(_share(r.calibrated) >= TARGET for r in mine) and worse == 0
                 and all(r.calibrated.phantom == 0 and r.calibrated.confident_wrong == 0 for r in mine)
                 and slowest < TIME_LIMIT)
        lines.append(f"ALL ({mode} corners, {len(mine)} leave-one-out calibrations, {written} written): "
                     f"calibrated {_figures(cal)}; uncalibrated {_figures(unc)}; lowest run per session: "
                     f"{', '.join(lows)}; worse than uncalibrated in {worse}; calibration seconds median "
                     f"{float(np.median([r.seconds for r in mine])):.1f}, max {slowest:.1f}; "
                     f"target (every run >= {100 * TARGET:.1f} %, 0 phantom, 0 confident-wrong, never worse, "
                     f"< {TIME_LIMIT:.0f} s): {'met' if meets else 'NOT met'}")
    return lines


def render_clubs(out: Path, clubs: int, seed: int, photos: int = CLUB_PHOTOS) -> Path:
    """A dataset folder of rendered club sessions: each club draws one look from the renderer's
    whole style space (board style and print, tile colours, font, blanks, thickness, table), kept
    for its session: an empty board and `photos` games of 20-90 tiles, each photo with its own
    camera, light and layout. Returns the folder (truth.json with `session` and `corners`)."""
    from vision.synth.frames import FrameOptions, render_frame
    from vision.synth.positions import random_board

    out.mkdir(parents=True, exist_ok=True)
    frames = []
    for club in range(clubs):
        rng = np.random.default_rng([seed, club])
        wide = FrameOptions(style_space="wide", hand=False, rack_counts={})
        boards = [["." * 15] * 15] + [random_board(rng, tiles=int(rng.integers(20, 91))) for _ in range(photos)]
        style: FrameOptions | None = None
        for index, board in enumerate(boards):
            frame = render_frame(board, seed=seed * 1_000_003 + club * 100 + index, options=style or wide)
            if style is None:  # the club's look, from its first photo
                o = frame.options
                style = replace(wide, board_style=o.board_style, labels=o.labels, label_text=o.label_text,
                                label_font=o.label_font, star=o.star, tile_style=o.tile_style, table=o.table,
                                tile_depth=o.tile_depth, tile_size=o.tile_size)
            name = f"club{club:02d}-{index}.jpg"
            if not cv2.imwrite(str(out / name), frame.image, [cv2.IMWRITE_JPEG_QUALITY, 92]):
                raise OSError(errno.EIO, "cannot write the image", str(out / name))
            o = frame.options
            frames.append({"image": name, "session": f"club{club:02d}", "board": frame.truth,
                           "corners": frame.board_corners.round(2).tolist(),
                           "notes": f"{o.board_style} board, tiles BGR {tuple(o.tile_style.face)}"
                                    f"{' wood' if o.tile_style.wood else ''}, font {o.tile_style.font}, "
                                    f"{o.tile_style.blank_mark} blanks, tilt {o.tilt_deg:.1f} deg"})
    (out / "truth.json").write_text(json.dumps({"source": f"vision.calibration_bench --render {out} --clubs {clubs} "
                                                          f"--seed {seed}", "tileset": "english", "frames": frames},
                                               indent=1) + "\n", encoding="utf-8")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.calibration_bench", description=__doc__.splitlines()[0])
    parser.add_argument("dataset", type=Path, help="a folder with truth.json and its photos (with --clubs: "
                        "where the rendered sessions are written first)")
    parser.add_argument("--clubs", type=int, help="render this many club sessions into DATASET first")
    parser.add_argument("--seed", type=int, default=0, help="... from this seed")
    parser.add_argument("--photos", type=int, default=CLUB_PHOTOS, help="... each with this many photos with tiles")
    parser.add_argument("--corners", choices=("found", "given", "both"), default="both",
                        help="locate the calibration photos as the command does, give the truth corners, or both")
    parser.add_argument("--json", action="store_true", help="also print one JSON object per run at the end")
    args = parser.parse_args(argv)
    modes = ("found", "given") if args.corners == "both" else (args.corners,)
    try:
        if args.clubs:
            render_clubs(args.dataset, args.clubs, args.seed, args.photos)
        runs = run(args.dataset, modes)
    except InputError as exc:
        print(f"vision.calibration_bench: {exc}", file=sys.stderr)
        return 2
    for line in summary(runs, modes):
        print(line)
    if args.json:
        for r in runs:
            print(json.dumps({"session": r.session, "pattern": r.pattern, "mode": r.mode, "seconds": round(r.seconds, 2),
                              "outcome": r.outcome, "calibrated": r.calibrated.summary(),
                              "uncalibrated": r.uncalibrated.summary()}))
    return 0


if __name__ == "__main__":
    from kiosk.__main__ import run_command

    sys.exit(run_command("vision.calibration_bench", main))
