"""`python -m kiosk bench` runs and prints its figures (no timing thresholds here)."""
from __future__ import annotations

import re
from pathlib import Path

from kiosk.cli import bench

DEV = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "gcg" / "dev"


def test_bench_prints_moves_per_second_and_lexicon_figures(capsys, tmp_path: Path):
    words = tmp_path / "words.txt"
    words.write_text("qi\nza\nxu\n", encoding="utf-8")
    files = sorted(DEV.glob("*.gcg"))[:2]
    assert bench.main([*map(str, files), "--lexicon", str(words), "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"verified \(parse \+ game\.apply\): +\d+ moves/s", out)
    assert re.search(r"Lexicon 'words': 3 words", out)
    assert re.search(r"load time: +first \d+ ms", out)
    assert re.search(r"tracemalloc peak [\d.]+ MB", out)


def test_bench_reports_a_bad_word_list_in_one_line(capsys, tmp_path: Path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"")
    assert bench.main([str(sorted(DEV.glob("*.gcg"))[0]), "--lexicon", str(bad), "--repeat", "1"]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == f"bench: {bad}: empty word list: the file has no words"
