"""Every fixture game replayed through the real app (real vision on rendered frames)
reproduces its expected GCG exactly, and the CLI reports it.

The first run renders the fixtures' frames into fixtures/games/*/frames (git-ignored).
"""
from __future__ import annotations

import io
from pathlib import Path

import pytest

from kiosk.cli.replay import run
from kiosk.replay.driver import ReplayRun

GAMES = Path(__file__).resolve().parents[1] / "fixtures" / "games"
NAMES = sorted(p.name for p in GAMES.iterdir() if (p / "script.json").exists())


def test_every_scenario_of_the_issue_has_a_fixture():
    assert {"normal-out", "blanks", "challenges", "first-off-centre", "exchange", "overdraw", "hands",
            "turntable", "six-zero"} <= set(NAMES)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_fixture_game_replays_to_its_expected_gcg(name):
    result = ReplayRun(GAMES / name).run()
    assert result.problems == []
    assert result.completed
    assert result.gcg == (GAMES / name / "expected.gcg").read_text(encoding="utf-8")


@pytest.mark.slow
def test_cli_replay_writes_gcg_and_summary(tmp_path):
    out = io.StringIO()
    gcg = tmp_path / "game.gcg"
    status = run(GAMES / "challenges", headless=True, gcg_out=gcg, games=None, speed=1.0, out=out)
    text = out.getvalue()
    assert status == 0, text
    assert "GCG matches expected.gcg" in text
    assert "reads that needed confirmation" in text and "alerts raised" in text
    assert gcg.read_text(encoding="utf-8") == (GAMES / "challenges" / "expected.gcg").read_text(encoding="utf-8")


def test_cli_replay_exits_nonzero_when_the_game_cannot_be_completed(tmp_path, monkeypatch):
    """A script whose frames never show a board: every turn stays unreadable."""
    import kiosk.replay.driver

    monkeypatch.setattr(kiosk.replay.driver, "READ_GIVE_UP_S", 3.0)
    import json
    import shutil

    import cv2
    import numpy as np

    folder = tmp_path / "broken"
    shutil.copytree(GAMES / "blanks", folder, ignore=shutil.ignore_patterns("frames", "frames.json"))
    (folder / "frames").mkdir()
    cv2.imwrite(str(folder / "frames" / "000.jpg"), np.zeros((64, 64, 3), np.uint8))
    script = json.loads((folder / "script.json").read_text())
    for step in script["steps"]:
        if "frame" in step:
            step["frame"] = "@black"
    (folder / "script.json").write_text(json.dumps(script))
    out = io.StringIO()
    assert run(folder, headless=True, gcg_out=None, games=None, speed=1.0, out=out) == 1
    assert "NOT completed" in out.getvalue()
