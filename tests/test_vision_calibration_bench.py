"""The calibration bench: sessions, leave-one-out, and one rendered club's session end to end
(seed 8801; development looked at rendered clubs of seed 5101 only)."""
from __future__ import annotations

import json

from vision.calibration_bench import TIME_LIMIT, main, session_of, sessions


def test_sessions_come_from_the_field_else_the_date_in_the_name(tmp_path):
    assert session_of({"image": "IMG_20151016_165303.jpg"}) == "20151016"
    assert session_of({"image": "IMG_20151016_165303.jpg", "session": "club A"}) == "club A"
    assert session_of({"image": "board-003.jpg"}) == ""
    frames = [{"image": name, "board": ["." * 15] * 15} for name in ("IMG_20141025_1.jpg", "IMG_20151016_2.jpg",
                                                                      "IMG_20151016_3.jpg")]
    (tmp_path / "truth.json").write_text(json.dumps({"tileset": "english", "frames": frames}), encoding="utf-8")
    tileset, found = sessions(tmp_path)
    assert tileset == "english" and {k: [p.name for p in v] for k, v in found.items()} == {
        "20141025": ["IMG_20141025_1.jpg"], "20151016": ["IMG_20151016_2.jpg", "IMG_20151016_3.jpg"]}
    assert all(p.empty for v in found.values() for p in v)


def test_a_rendered_club_session_calibrated_on_one_photo_reads_the_other(tmp_path, capsys):
    assert main([str(tmp_path / "club"), "--clubs", "1", "--seed", "8801", "--photos", "2", "--corners", "found",
                 "--json"]) == 0
    out = capsys.readouterr().out
    runs = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    assert [(r["session"], r["pattern"], r["mode"]) for r in runs] == [
        ("club00", "club00-1.jpg", "found"), ("club00", "club00-2.jpg", "found")]
    for r in runs:
        cal, unc = r["calibrated"], r["uncalibrated"]
        assert r["outcome"] == "written" and r["seconds"] < TIME_LIMIT
        assert cal["tiles_correct"] >= unc["tiles_correct"] and cal["tiles_correct"] >= 0.98 * cal["tiles_total"]
        assert cal["phantom"] == 0 and cal["confident_wrong"] == 0
    assert "ALL (found corners, 2 leave-one-out calibrations, 2 written)" in out
