"""`python -m kiosk replay DIR [--headless] [--gcg OUT] [--games DIR] [--config FILE]`

Replays a recorded game through the real app: the folder camera shows the script's
frames, the script's presses go in as button events, time is simulated. DIR is a
fixture folder (script.json) or a scrabscrap-style dataset game folder (truth.json with
a move list; its script is built from the moves). Prints a summary; exit status 0 only
if the game was completed as the script says (and, for a fixture with expected.gcg, the
GCG matches it). With --config the game is played under that kiosk config (profile,
tile set, lexicon, vision settings), as the live kiosk would play it.

Every path is checked before the game starts (a --gcg folder is created, a --games that
is a file is refused), and Ctrl-C ends with one line saying where the game is kept.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import signal
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from kiosk.__main__ import INTERRUPTED
from kiosk.errors import InputError

if TYPE_CHECKING:
    from kiosk.config import KioskConfig
    from kiosk.replay.driver import ReplayRun

PROG = "kiosk replay"


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m kiosk replay", description=(__doc__ or "").splitlines()[0])
    p.add_argument("folder", type=Path, help="a fixture game folder or a dataset game folder")
    p.add_argument("--headless", action="store_true", help="no window, even if there is a display")
    p.add_argument("--gcg", type=Path, help="write the game's GCG here (its folder is created)")
    p.add_argument("--games", type=Path, help="games folder for the journal (resumes an unfinished game there)")
    p.add_argument("--config", type=Path, help="play under this kiosk config (profile, tile set, lexicon, [vision])")
    p.add_argument("--speed", type=float, default=8.0, help="with a window: game seconds per wall second (default 8)")
    return p


def has_display() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def read_json(path: Path) -> object:
    """A JSON file, or an InputError naming it (and the line) when unreadable, not UTF-8 or not JSON."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(str(path), f"cannot read ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        line = path.read_bytes()[: exc.start].count(b"\n") + 1
        raise InputError(str(path), "not UTF-8 text (a binary file?)", line) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(str(path), f"not valid JSON: {exc.msg}", exc.lineno) from None


@contextmanager
def prepared_folder(folder: Path) -> Iterator[Path]:
    """A folder the driver can run: a fixture as it is, a dataset game via a script built in a
    temporary folder, which is removed when the block ends."""
    if not folder.exists():
        raise InputError(str(folder), "no such folder")
    if not folder.is_dir():
        raise InputError(str(folder), "not a folder (give the game's folder, not a file in it)")
    if (folder / "script.json").exists():
        read_json(folder / "script.json")
        yield folder
        return
    if (folder / "truth.json").exists():
        from kiosk.replay.scrabscrap import write_script

        truth = folder / "truth.json"
        if not isinstance(read_json(truth), dict):
            raise InputError(str(truth), "expected a JSON object with players, frames and moves")
        with tempfile.TemporaryDirectory(prefix=f"replay-{folder.name}-") as made:
            out = Path(made)
            try:
                write_script(folder, out)
            except (KeyError, TypeError, IndexError, AttributeError, ValueError) as exc:
                raise InputError(str(truth), f"not a scrabscrap truth.json: bad or missing {exc}") from None
            yield out
        return
    raise InputError(str(folder), "not a recorded game: no script.json or truth.json")


def check_gcg_out(path: Path) -> None:
    """Make sure the GCG can be written before the game starts: create its folder or refuse."""
    if path.is_dir():
        raise InputError(str(path), "--gcg: is a folder; give a file name, e.g. game.gcg")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(str(path.parent), f"--gcg: cannot create the folder ({exc.strerror})") from None
    if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise InputError(str(path), "--gcg: not writable")


def check_games_dir(path: Path) -> None:
    if path.exists() and not path.is_dir():
        raise InputError(str(path), "--games: is a file, not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(str(path), f"--games: cannot create the folder ({exc.strerror})") from None
    if not os.access(path, os.W_OK):
        raise InputError(str(path), "--games: not writable")


def load_kiosk_config(path: Path) -> KioskConfig:
    """The kiosk config for a replay: must exist (a replay never falls back silently)."""
    from kiosk.config import load_config

    if not path.is_file():
        raise InputError(str(path), "--config: no such file")
    config = load_config(path)
    for warning in config.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    return config


def run(folder: Path, *, headless: bool, gcg_out: Path | None, games: Path | None, speed: float,
        config: KioskConfig | None = None, out: TextIO = sys.stdout) -> int:
    if gcg_out is not None:
        check_gcg_out(gcg_out)
    if games is not None:
        check_games_dir(games)
    with prepared_folder(folder) as run_folder:
        return _play(folder, run_folder, headless=headless, gcg_out=gcg_out, games=games, speed=speed,
                     config=config, out=out)


def _play(folder: Path, run_folder: Path, *, headless: bool, gcg_out: Path | None, games: Path | None,
          speed: float, config: KioskConfig | None, out: TextIO) -> int:
    from kiosk.replay.driver import ReplayRun

    on_iteration = None
    window = None
    if not headless:
        from kiosk.replay.window import PacedWindow

        window = PacedWindow(speed)
        on_iteration = window.show
    replay: ReplayRun | None = None
    try:
        replay = ReplayRun(run_folder, games_dir=games, on_iteration=on_iteration, config=config)
        result = replay.run()
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut the last word short
        print(f"{PROG}: interrupted; {_where_the_game_is(folder, replay, games)}", file=sys.stderr)
        return INTERRUPTED
    finally:
        if window is not None:
            window.close()
    print(result.summary(), file=out)
    status = 0 if result.completed else 1
    if gcg_out is not None and result.gcg:
        try:
            gcg_out.write_text(result.gcg, encoding="utf-8")
            print(f"GCG written to {gcg_out}", file=out)
        except OSError as exc:
            print(f"{PROG}: {gcg_out}: cannot write the GCG ({exc.strerror}); here it is:", file=sys.stderr)
            print(result.gcg, file=out)
            status = 2
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


def _where_the_game_is(folder: Path, replay: ReplayRun | None, games: Path | None) -> str:
    if games is None:
        return "the game was kept in memory only (no --games folder); nothing was written"
    journal_path = replay.journal_path if replay is not None else None
    if journal_path is None:  # stopped while the replay was being set up: the newest open journal, if any
        from kiosk.journal import OPEN_SUFFIX

        found = sorted(games.glob(f"*{OPEN_SUFFIX}"), key=lambda p: p.stat().st_mtime)
        journal_path = found[-1] if found else None
    if journal_path is None or not Path(journal_path).exists():
        return "stopped before the game started; nothing was written"
    return (f"the game so far is safe in its journal {journal_path}; resume it with: "
            f"python -m kiosk replay {folder} --games {games}")


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    # what the kiosk logs (a torn journal line recovered, a rack zone clipped) goes to stderr, one line each
    logging.basicConfig(level=logging.WARNING, format="%(message)s", stream=sys.stderr, force=True)
    headless = args.headless or not has_display()
    config = load_kiosk_config(args.config) if args.config is not None else None
    return run(args.folder, headless=headless, gcg_out=args.gcg, games=args.games, speed=args.speed, config=config)
