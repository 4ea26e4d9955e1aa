"""`python -m kiosk verify-gcg FILE...`: replay GCG records through the rules core and
report every move whose score or running total differs from the record.

One line per differing move (file:line, expected, computed), one line per problem of a
file that cannot be read or parsed (file:line: what is wrong, marked "(file rejected)";
every further problem found in it on an indented line below), then a summary. Exit status 0 only when every file parsed
and every move matched. `--tileset` replays every file with that set, whatever the
records name (#tile-distribution, #lexicon).
"""
from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path

from kiosk.errors import InputError
from kiosk.rules import data
from kiosk.rules.gcg import GcgGame, parse_gcg
from kiosk.rules.gcg_syntax import GcgProblems
from kiosk.rules.gcg_verify import MoveCheck, check_moves
from kiosk.rules.tiles import tileset_names


@dataclass
class Tally:
    files: int = 0
    rejected: int = 0
    files_differing: int = 0
    moves: int = 0
    moves_differing: int = 0
    lines: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.files > 0 and self.rejected == 0 and self.moves_differing == 0

    def summary(self) -> str:
        return (f"verify-gcg: {self.files} files: {self.files - self.rejected - self.files_differing} matched, "
                f"{self.files_differing} with differences, {self.rejected} rejected; "
                f"{self.moves} moves: {self.moves - self.moves_differing} matched, {self.moves_differing} differ")


def _signed(value: int | None) -> str:
    return "nothing" if value is None else f"{value:+d}"


def describe_mismatch(source: str, check: MoveCheck) -> str:
    parts = []
    if check.expected_score != check.computed_score:
        parts.append(f"score expected {check.expected_score:+d}, computed {_signed(check.computed_score)}")
    if check.expected_total != check.computed_total:
        parts.append(f"total expected {check.expected_total}, computed {check.computed_total}")
    return f"{source}:{check.line}: {'; '.join(parts)}"


def verify_file(path: Path, tally: Tally, profile: str | None = None, tileset: str | None = None) -> GcgGame | None:
    tally.files += 1
    try:
        game = parse_gcg(path.read_bytes(), str(path), profile, tileset)
        checks = check_moves(game)
    except OSError as exc:
        error: object = f"{path}: cannot read ({exc.strerror})"
    except InputError as exc:
        error = exc
    except Exception as exc:  # a bug must not cost the user the other files' results
        error = f"{path}: internal error while checking this file ({type(exc).__name__}: {exc})"
    else:
        tally.moves += len(checks)
        differing = [c for c in checks if not c.matches]
        tally.moves_differing += len(differing)
        tally.files_differing += bool(differing)
        tally.lines.extend(describe_mismatch(str(path), m) for m in differing)
        return game
    tally.rejected += 1
    problems = [str(InputError.__str__(p)) for p in error.problems] if isinstance(error, GcgProblems) else [str(error)]
    more = f", {len(problems)} problems" if len(problems) > 1 else ""
    tally.lines.append(f"{problems[0]} (file rejected{more})")
    tally.lines.extend(f"  {problem}" for problem in problems[1:])
    return None


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m kiosk verify-gcg",
                                     description="Replay GCG game records and report every score that differs.")
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
    parser.add_argument("--profile", choices=data.available("profiles"),
                        help="the rules the games were played under (default: naspa; GCG does not record it)")
    parser.add_argument("--tileset", choices=tileset_names(),
                        help="the tile set the games were played with (default: the one each record names in "
                             "#tile-distribution or #lexicon, else english)")
    args = parser.parse_args(argv)
    tally = Tally()
    for path in args.files:
        already = len(tally.lines)
        verify_file(path, tally, args.profile, args.tileset)
        for line in tally.lines[already:]:
            print(line, flush=True)
    print(tally.summary())
    return 0 if tally.ok else 1
