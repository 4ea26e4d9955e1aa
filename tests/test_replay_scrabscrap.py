"""The real German games of scrabscrap-v1 replay end to end through the real app (real
photos, real board reader), scripted from the dataset's move list, and every move's score
equals the dataset's score_standard_rules."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from kiosk.replay.driver import ReplayRun
from kiosk.replay.scrabscrap import compare_scores, write_script

DATASET = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "scrabscrap-v1"


@pytest.mark.slow
@pytest.mark.parametrize("game", ["spiel-12", "spiel-13"])
def test_german_game_replays_with_every_score_matching(game, tmp_path):
    folder = DATASET / game
    if not folder.exists():
        pytest.skip(f"{folder} not present")
    write_script(folder, tmp_path)
    result = ReplayRun(tmp_path).run()
    assert result.problems == []
    assert result.completed
    assert compare_scores(tmp_path / "dataset_scores.json", result) == []
    truth = json.loads((folder / "truth.json").read_text(encoding="utf-8"))
    played = [s for p, kind, s in result.move_scores if kind in ("play", "pass", "exchange")]
    assert len(played) == len(truth["moves"])
