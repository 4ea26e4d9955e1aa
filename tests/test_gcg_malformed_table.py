"""Every file in ../shared/datasets/gcg/malformed/ behaves as its row in the folder's
README says. The expectations are read from the README table itself."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from kiosk.cli.verify_gcg import Tally, verify_file

GCG = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "gcg"


def table_rows() -> list[tuple[str, str]]:
    text = (GCG / "README.md").read_text(encoding="utf-8")
    section = text.split("## malformed/", 1)[1]
    rows = []
    for line in section.splitlines():
        if line.startswith("| `"):
            cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
            rows.append((cells[0].strip("`"), cells[-1]))
    return rows


ROWS = table_rows()


def last_line_number(path: Path) -> int:
    lines = path.read_bytes().split(b"\n")
    return max(i for i, line in enumerate(lines, start=1) if line.strip())


def check(path: Path) -> tuple[Tally, list[int]]:
    tally = Tally()
    verify_file(path, tally)
    named = []
    for line in tally.lines:
        line = line.removeprefix("  ")  # a further problem of a rejected file
        assert line.startswith(f"{path}:"), line
        match = re.match(rf"{re.escape(str(path))}:(\d+): ", line)
        if match:
            named.append(int(match.group(1)))
    return tally, named


def test_table_lists_every_file():
    assert len(ROWS) == 79
    assert sorted(name for name, _ in ROWS) == sorted(p.name for p in (GCG / "malformed").glob("*.gcg"))


@pytest.mark.parametrize("name,expected", ROWS, ids=[name for name, _ in ROWS])
def test_malformed_row(name: str, expected: str):
    path = GCG / "malformed" / name
    tally, named = check(path)
    clause = expected.split(";")[0]
    lines = [int(n) for n in re.findall(r"L(\d+)", clause)]
    if "end of file" in clause:
        lines.append(last_line_number(path))
    if tally.rejected:
        assert tally.lines[0].startswith(f"{path}") and "(file rejected" in tally.lines[0]
        assert all(line.startswith("  ") for line in tally.lines[1:]), "further problems indented under it"
    if expected.startswith("accept") or "or ignore" in expected:
        if tally.ok or not lines:
            assert tally.ok, tally.lines
        else:
            assert set(named) & set(lines), tally.lines
    elif expected.startswith("lenient"):
        strict = [int(n) for n in re.findall(r"strict: reject at L(\d+)", expected)]
        if not tally.ok:
            assert tally.rejected and named, "legacy syntax is either accepted with matching scores or rejected"
            assert not strict or set(named) & set(strict), tally.lines
    elif expected.startswith("parse, but report"):
        assert tally.rejected == 0, tally.lines
        assert lines and lines[0] in named, tally.lines
        assert not tally.ok
    else:
        assert expected.startswith("reject"), expected
        assert not tally.ok, f"{name} should be rejected or flagged"
        if lines:
            assert set(named) & set(lines), tally.lines
        else:  # the empty file: one line naming the file
            assert tally.rejected == 1 and tally.lines[0].startswith(f"{path}: ")
