"""`python -m kiosk bench`: rules-core figures for a Raspberry Pi.

Prints moves verified per second (every dev GCG record parsed, replayed on the board
and checked through the rules core's game.apply, exactly as verify-gcg does), and for
each word list (the default, or every --lexicon given, in any language: SET=PATH reads
the list with that tile set, e.g. spanish=/data/fise.txt) its load time, its memory
(tracemalloc peak and retained; a fresh process's peak RSS with and without it) and
membership tests per second.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from kiosk.errors import InputError
from kiosk.lexicon_files import default_lexicon, load_word_list
from kiosk.rules.gcg import parse_gcg
from kiosk.rules.gcg_verify import check_moves
from kiosk.rules.lexicon import Lexicon
from kiosk.rules.tiles import load_tileset, tileset_names

DEV_GCG = Path(__file__).resolve().parents[3] / "shared" / "datasets" / "gcg" / "dev"
MB = 1024 * 1024


def best_of(repeat: int, run: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def bench_gcg(files: list[Path], repeat: int) -> None:
    records = [(path.read_bytes(), str(path)) for path in files]
    moves = sum(len(check_moves(parse_gcg(data, source))) for data, source in records)

    def parse_all() -> None:
        for data, source in records:
            parse_gcg(data, source)

    def verify_all() -> None:
        for data, source in records:
            check_moves(parse_gcg(data, source))

    parse_s = best_of(repeat, parse_all)
    verify_s = best_of(repeat, verify_all)
    print(f"GCG: {len(records)} files, {moves} moves (best of {repeat})")
    print(f"  parse + board replay:              {moves / parse_s:10.0f} moves/s  ({parse_s * 1000:.0f} ms)")
    print(f"  verified (parse + game.apply):     {moves / verify_s:10.0f} moves/s  ({verify_s * 1000:.0f} ms)")


def _rss_child(load: str) -> float:
    """Peak RSS (MB) of a fresh interpreter that imports the lexicon code and runs `load`.

    Read from /proc (VmHWM): ru_maxrss would include the forking parent's size."""
    code = ("from kiosk.lexicon_files import default_lexicon, load_word_list; "
            "from kiosk.rules.tiles import load_tileset; "
            f"x = {load}; print(next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return int(out.stdout.strip()) / 1024  # kB -> MB


def bench_lexicon(loader: Callable[[], Lexicon], load_expr: str, repeat: int) -> None:
    start = time.perf_counter()
    lexicon = loader()
    first_s = time.perf_counter() - start
    load_s = best_of(repeat, loader)
    tracemalloc.start()
    kept = loader()
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del kept
    words = sorted(lexicon.words)[:: max(1, len(lexicon) // 50_000)]
    probes = words + [w + "Q" for w in words]
    lookup_s = best_of(repeat, lambda: sum(w in lexicon for w in probes))
    skipped = f", {lexicon.skipped} left out (a letter the set has no tile for)" if lexicon.skipped else ""
    print(f"Lexicon {lexicon.name!r}: {len(lexicon)} words{skipped}")
    print(f"  load time:      first {first_s * 1000:.0f} ms, best of {repeat} {load_s * 1000:.0f} ms")
    print(f"  memory:         tracemalloc peak {peak / MB:.1f} MB during load, {current / MB:.1f} MB retained")
    if Path("/proc/self/status").exists():
        baseline, loaded = _rss_child("None"), _rss_child(load_expr)
        print(f"  process RSS:    fresh process peak {loaded:.1f} MB after loading, {baseline:.1f} MB without "
              f"(+{loaded - baseline:.1f} MB)")
    print(f"  lookups:        {len(probes) / lookup_s:,.0f} per second")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m kiosk bench", description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, metavar="GCG", help=f"records (default: {DEV_GCG}/*.gcg)")
    parser.add_argument("--lexicon", action="append", default=[], metavar="[SET=]PATH",
                        help="a club word list to load instead of the default (repeatable); SET=PATH reads it with "
                             "that tile set's multi-letter tiles (e.g. spanish=fise.txt)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is printed")
    args = parser.parse_args(argv)
    files = args.files or sorted(DEV_GCG.glob("*.gcg"))
    try:
        if files:
            bench_gcg(files, args.repeat)
        else:
            print(f"GCG: no records found in {DEV_GCG}; pass GCG files to benchmark")
        for spec in args.lexicon:
            set_name, _, path = spec.partition("=") if spec.partition("=")[0] in tileset_names() else ("", "", spec)
            tileset = load_tileset(set_name) if set_name else None
            expr = f"load_word_list({path!r}, load_tileset({set_name!r}))" if set_name else f"load_word_list({path!r})"
            print(f"({set_name or 'no tile set'}: {path})")
            bench_lexicon(lambda: load_word_list(path, tileset), expr, args.repeat)
        if not args.lexicon:
            bench_lexicon(default_lexicon, "default_lexicon()", args.repeat)
    except InputError as exc:
        print(f"bench: {exc}")
        return 1
    return 0
