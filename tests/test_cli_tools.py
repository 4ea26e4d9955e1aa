"""`python -m vision.bench --worst DIR`: the folder is made, and a path that cannot be one is one line."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT.parent / "shared" / "datasets" / "scrabscrap-v1" / "spiel-12"


def bench(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "vision.bench", *map(str, args)], cwd=ROOT, env=dict(os.environ),
                          capture_output=True, text=True, timeout=600)


def test_worst_into_a_missing_folder_creates_it(tmp_path):
    result = bench(GAME, "--worst", tmp_path / "new" / "worst")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert (tmp_path / "new" / "worst" / "worst.txt").is_file()


def test_worst_that_cannot_be_a_folder_is_one_line_before_the_run(tmp_path):
    (tmp_path / "file").write_text("")
    result = bench(GAME, "--worst", tmp_path / "file" / "worst")
    assert "Traceback" not in result.stderr, result.stderr[-500:]
    assert result.returncode == 2 and result.stderr.strip().startswith("vision.bench: ")
