"""Random boards and the dataset writer (vision.synth.positions, vision.synth.dataset)."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.synth.__main__ import main
from vision.synth.positions import random_board
from vision.tilesets import TILESETS

SHARED = Path(__file__).resolve().parents[2] / "shared"
REFERENCE = SHARED / "datasets" / "scrabscrap-v1" / "spiel-12" / "truth.json"


def occupied(board: list[str]) -> set[tuple[int, int]]:
    return {(r, c) for r, row in enumerate(board) for c, ch in enumerate(row) if ch != "."}


def connected(cells: set[tuple[int, int]]) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells


@pytest.mark.parametrize("tileset", ["english", "german"])
def test_random_boards_are_connected_through_the_centre_within_the_bag(tileset):
    counts = TILESETS[tileset].counts
    sizes = []
    for seed in range(40):
        rng = np.random.default_rng(seed)
        wanted = int(rng.integers(1, 91))
        board = random_board(rng, tiles=wanted, tileset=tileset)
        cells = occupied(board)
        sizes.append(len(cells))
        assert len(board) == 15 and all(len(row) == 15 for row in board)
        assert (7, 7) in cells and connected(cells)
        assert len(cells) <= wanted
        used = Counter("?" if ch.islower() else ch for row in board for ch in row if ch != ".")
        assert all(n <= counts[letter] for letter, n in used.items()), used
    assert min(sizes) < 15 and max(sizes) > 70  # from a few tiles to a nearly full game


def test_random_boards_hold_blanks_sometimes():
    boards = [random_board(np.random.default_rng(s), tiles=80) for s in range(10)]
    assert any(ch.islower() for board in boards for row in board for ch in row)


def test_dataset_folder_matches_the_shared_format(tmp_path, capsys):
    out = tmp_path / "synthetic"
    assert main(["dataset", str(out), "--boards", "3", "--seed", "77", "--size", "320", "--tileset", "german"]) == 0
    truth = json.loads((out / "truth.json").read_text(encoding="utf-8"))
    if REFERENCE.is_file():
        reference = json.loads(REFERENCE.read_text(encoding="utf-8"))
        for key in ("source", "tileset", "image_size", "board_convention", "frames"):
            assert type(truth[key]) is type(reference[key]), key
        assert set(reference["frames"][0]) >= {"image", "board", "notes"}
    assert truth["tileset"] == "german" and truth["image_size"] == [320, 320]
    assert len(truth["frames"]) == 3
    for entry in truth["frames"]:
        image = cv2.imread(str(out / entry["image"]))
        assert image.shape == (320, 320, 3)
        assert len(entry["board"]) == 15 and not any(ch.islower() for row in entry["board"] for ch in row)
        assert entry["synth"]["rotation"] in (0, 90, 180, 270)
        assert entry["synth"]["occluded"] == []  # no hands unless asked for
        assert len(entry["synth"]["board_corners"]) == 4
    assert "wrote 3 frames" in capsys.readouterr().out


def test_dataset_is_reproducible_from_its_seed(tmp_path):
    for name in ("a", "b"):
        main(["dataset", str(tmp_path / name), "--boards", "2", "--seed", "5", "--size", "256"])
    for image in ("board-000.jpg", "board-001.jpg"):
        assert (tmp_path / "a" / image).read_bytes() == (tmp_path / "b" / image).read_bytes()
    assert (tmp_path / "a" / "truth.json").read_text() == (tmp_path / "b" / "truth.json").read_text()


def test_bad_arguments_give_one_line(tmp_path, capsys):
    file = tmp_path / "a-file"
    file.write_text("x")
    assert main(["dataset", str(file), "--boards", "1", "--seed", "1"]) == 2
    assert capsys.readouterr().err.strip().count("\n") == 0
    with pytest.raises(SystemExit):
        main(["dataset", str(tmp_path / "x"), "--boards", "0", "--seed", "1"])
    assert "positive" in capsys.readouterr().err


def test_renderer_fingerprint_is_stable_and_short():
    from vision.synth import renderer_fingerprint

    assert renderer_fingerprint() == renderer_fingerprint()
    assert len(renderer_fingerprint()) == 16 and int(renderer_fingerprint(), 16) >= 0


def test_renderer_fingerprint_changes_with_the_opencv_version(monkeypatch):
    """A board rendered with OpenCV 4.x (Hershey labels, 1/32-pixel warps) is another image than with 5.0: a
    cache of renders made under one version is stale under the other."""
    import cv2
    from vision.synth import renderer_fingerprint
    renderer_fingerprint.cache_clear()
    here = renderer_fingerprint()
    monkeypatch.setattr(cv2, "__version__", "4.11.0" if cv2.__version__ != "4.11.0" else "5.0.0")
    renderer_fingerprint.cache_clear()
    other = renderer_fingerprint()
    renderer_fingerprint.cache_clear()
    assert here != other
