"""Camera faults injected during a replayed game (issue 6): black, blown-out, noise, a
frozen frame, the board knocked out of view, the camera unplugged, each at several
moments. No event may come from a bad frame, and once frames are good again the game
completes with the right GCG."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kiosk.replay.driver import ReplayRun
from kiosk.replay.frames import ensure_frames
from kiosk.replay.script import load_script

GAME = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "blanks"
FAULTS = ("@black", "@white", "@noise", "@frozen", "@away", "@unplugged")
FAULT_S = 2.5


def faulty_copy(tmp: Path, fault: str, turn_index: int) -> Path:
    """The game with `fault` in view from just before the turn's press until FAULT_S after."""
    script_obj = load_script(GAME)
    ensure_frames(GAME, script_obj)
    folder = tmp / f"{fault[1:]}-{turn_index}"
    folder.mkdir()
    for name in ("vision.toml", "expected.gcg"):
        shutil.copy(GAME / name, folder / name)
    script = json.loads((GAME / "script.json").read_text())
    script["frames_dir"] = str(script_obj.frames_dir)
    steps = script["steps"]
    presses = [i for i, s in enumerate(steps) if "turn" in s]
    at = presses[turn_index]
    t = steps[at]["t"]
    current = next(s["frame"] for s in reversed(steps[:at]) if "frame" in s)
    steps.insert(at, {"t": t - 0.5, "frame": fault})
    back = next((i for i, s in enumerate(steps) if s["t"] > t + FAULT_S), len(steps))
    steps.insert(back, {"t": t + FAULT_S, "frame": current})
    (folder / "script.json").write_text(json.dumps(script))
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("turn_index", [0, 2])
def test_camera_fault_records_no_false_event_and_game_completes(tmp_path, fault, turn_index):
    folder = faulty_copy(tmp_path, fault, turn_index)
    seen: list[tuple[float, int, str]] = []
    run = ReplayRun(folder, on_iteration=lambda app, t: seen.append((t, len(app.events), app.camera_problem)))
    press_t = [s.t for s in run.script.steps if s.turn is not None][turn_index]
    result = run.run()
    assert result.problems == []
    assert result.completed
    assert result.gcg == (GAME / "expected.gcg").read_text(encoding="utf-8")
    during = [(t, n, problem) for t, n, problem in seen if press_t + 0.05 <= t < press_t + FAULT_S - 0.5]
    if fault != "@frozen":  # a frozen camera shows an old, good-looking board: the players are asked instead
        assert during, "the replay ran through the fault"
        assert all(problem for _, _, problem in during), "the screen says what is wrong with the camera"
        # nothing recorded from the bad frames: the events stay as they were right after the press
        counts = {n for _, n, _ in during}
        assert len(counts) == 1, counts
