"""`python -m kiosk replay DIR [--headless] [--gcg OUT] [--games DIR]`

Replays a recorded game through the real app: the folder camera shows the script's
frames, the script's presses go in as button events, time is simulated. DIR is a
fixture folder (script.json) or a scrabscrap-style dataset game folder (truth.json with
a move list; its script is built from the moves). Prints a summary; exit status 0 only
if the game was completed as the script says (and, for a fixture with expected.gcg, the
GCG matches it).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from kiosk.errors import InputError


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m kiosk replay", description=__doc__.splitlines()[0])
    p.add_argument("folder", type=Path, help="a fixture game folder or a dataset game folder")
    p.add_argument("--headless", action="store_true", help="no window, even if there is a display")
    p.add_argument("--gcg", type=Path, help="write the game's GCG here")
    p.add_argument("--games", type=Path, help="games folder for the journal (resumes an unfinished game there)")
    p.add_argument("--speed", type=float, default=8.0, help="with a window: game seconds per wall second (default 8)")
    return p


def has_display() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def prepare_folder(folder: Path) -> Path:
    """A folder the driver can run: a fixture as it is, a dataset game via a built script."""
    if (folder / "script.json").exists():
        return folder
    if (folder / "truth.json").exists():
        from kiosk.replay.scrabscrap import write_script

        out = Path(tempfile.mkdtemp(prefix=f"replay-{folder.name}-"))
        write_script(folder, out)
        return out
    raise InputError(str(folder), "not a recorded game: no script.json or truth.json", None, None)


def run(folder: Path, *, headless: bool, gcg_out: Path | None, games: Path | None, speed: float,
        out=sys.stdout) -> int:
    from kiosk.replay.driver import ReplayRun

    run_folder = prepare_folder(folder)
    on_iteration = None
    window = None
    if not headless:
        from kiosk.replay.window import PacedWindow

        window = PacedWindow(speed)
        on_iteration = window.show
    try:
        replay = ReplayRun(run_folder, games_dir=games, on_iteration=on_iteration)
        replay.folder_label = folder.name  # type: ignore[attr-defined]
        result = replay.run()
    finally:
        if window is not None:
            window.close()
    print(result.summary(), file=out)
    status = 0 if result.completed else 1
    if gcg_out is not None and result.gcg:
        gcg_out.write_text(result.gcg, encoding="utf-8")
        print(f"GCG written to {gcg_out}", file=out)
    expected = run_folder / "expected.gcg"
    if expected.exists() and result.gcg:
        if result.gcg == expected.read_text(encoding="utf-8"):
            print("GCG matches expected.gcg", file=out)
        else:
            print("GCG DIFFERS from expected.gcg", file=out)
            status = 1
    dataset = run_folder / "dataset_scores.json"
    if dataset.exists():
        from kiosk.replay.scrabscrap import compare_scores

        mismatches = compare_scores(dataset, result)
        for line in mismatches:
            print(line, file=out)
        print("every move's score matches the dataset" if not mismatches else f"{len(mismatches)} moves differ from the dataset", file=out)
        if mismatches:
            status = 1
    return status


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    headless = args.headless or not has_display()
    try:
        return run(args.folder, headless=headless, gcg_out=args.gcg, games=args.games, speed=args.speed)
    except InputError as exc:
        print(f"kiosk replay: {exc}", file=sys.stderr)
        return 2
