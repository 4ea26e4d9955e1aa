"""The benchmark reads any folder in the truth.json format and prints the issue's figures."""
from __future__ import annotations

import json
from pathlib import Path

from vision.bench import main
from vision.synth.dataset import DatasetSpec, write_dataset

KEYS = {"tiles_total", "tiles_correct", "confident_wrong", "phantom", "missed", "blanks_total", "blanks_found",
        "boards_total", "boards_exact", "ms_median", "ms_p95", "peak_mb"}


def test_bench_json_on_a_folder_of_folders(tmp_path, capsys):
    write_dataset(tmp_path / "data" / "a", DatasetSpec(boards=2, seed=8101, size=1024))
    write_dataset(tmp_path / "data" / "b", DatasetSpec(boards=1, seed=8102, size=1024, tileset="german"))
    assert main([str(tmp_path / "data"), "--json", "--worst", str(tmp_path / "worst")]) == 0
    result = json.loads(capsys.readouterr().out)
    assert KEYS <= set(result)
    assert result["boards_total"] == 3
    truth = [json.loads((tmp_path / "data" / d / "truth.json").read_text())["frames"] for d in "ab"]
    tiles = sum(ch.isupper() for frames in truth for f in frames for row in f["board"] for ch in row)
    assert result["tiles_total"] == tiles
    assert set(result["folders"]) == {"a", "b"}
    assert (tmp_path / "worst" / "worst.txt").is_file()


def test_bench_names_a_folder_without_truth(tmp_path, capsys):
    assert main([str(tmp_path)]) == 2
    assert "truth.json" in capsys.readouterr().err
