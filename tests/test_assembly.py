"""The one assembly: replays run through the same wiring as the live kiosk, under a config."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kiosk.assembly import Backends, assemble, rules_for
from kiosk.config import load_config
from kiosk.display.model import ScreenModel
from kiosk.replay.driver import ReplayRun
from kiosk.rules.data import read_text

SHARED = Path(__file__).resolve().parents[2] / "shared"
SPIEL_12 = SHARED / "datasets" / "scrabscrap-v1" / "spiel-12"
GAMES = Path(__file__).resolve().parent.parent / "fixtures" / "games"


def club_config(tmp_path: Path, tileset: str = "german") -> Path:
    text, _ = read_text("profiles", "naspa")
    (tmp_path / "club.toml").write_text(text, encoding="utf-8")
    cfg = tmp_path / "kiosk.toml"
    cfg.write_text(f'[files]\ngames_dir = "{tmp_path / "games"}"\n\n'
                   f'[game]\nprofile = "{tmp_path / "club.toml"}"\ntileset = "{tileset}"\n', encoding="utf-8")
    return cfg


class Recorder:
    def __init__(self) -> None:
        self.screens: list[ScreenModel] = []
        self.records: list[tuple[str, int, dict]] = []
        self.closed = False

    def show(self, screen: ScreenModel) -> None:
        self.screens.append(screen)

    def record(self, game_id: str, seq: int, record: dict) -> None:
        self.records.append((game_id, seq, record))

    def close(self) -> None:
        self.closed = True


@pytest.mark.skipif(not SPIEL_12.exists(), reason="needs ../shared/datasets")
def test_spiel_12_under_a_club_profile_file_and_german_tiles(tmp_path):
    from kiosk.cli.replay import prepared_folder
    from kiosk.replay.scrabscrap import compare_scores

    config = load_config(club_config(tmp_path))
    sink = Recorder()
    with prepared_folder(SPIEL_12) as folder:
        run = ReplayRun(folder, config=config, sinks=(sink,))
        assert run.rules.tileset.name == "german"
        assert run.rules.profile.name == "naspa"          # the club file is a copy of naspa.toml
        assert run.app.profile is run.rules.profile and run.setup.profile == "club"   # recorded under the club's name
        result = run.run()
        assert result.completed, result.summary()
        assert compare_scores(folder / "dataset_scores.json", result) == []
    assert not folder.exists()   # the script built from the dataset's truth.json is not left behind
    # the sinks saw every durable record in order, and a screen every tick
    seqs = [seq for _, seq, _ in sink.records]
    assert seqs == list(range(1, len(seqs) + 1)) and len(seqs) >= len(result.moves)
    assert sink.screens and sink.screens[-1].screen == "result"


def test_fixture_replays_through_the_assembly_with_a_games_folder(tmp_path):
    sink = Recorder()
    run = ReplayRun(GAMES / "challenges", games_dir=tmp_path, sinks=(sink,))
    result = run.run()
    assert result.completed
    assert result.gcg == (GAMES / "challenges" / "expected.gcg").read_text(encoding="utf-8")
    assert run.journal_path is not None and run.journal_path.parent == tmp_path
    finished = [p for p in tmp_path.glob("*.jsonl") if ".open." not in p.name]
    assert len(finished) == 1, list(tmp_path.iterdir())
    lines = finished[0].read_text(encoding="utf-8").splitlines()
    assert len(sink.records) == len(lines)
    # a restart hands the records to the sinks again, same ids, so a late sink catches up
    game_id = sink.records[0][0]
    assert all(g == game_id for g, _, _ in sink.records)


def test_a_broken_sink_never_stops_the_game():
    class Broken(Recorder):
        def show(self, screen: ScreenModel) -> None:
            raise RuntimeError("screen unplugged")

        def record(self, game_id: str, seq: int, record: dict) -> None:
            raise OSError("network down")

    good = Recorder()
    run = ReplayRun(GAMES / "normal-out", sinks=(Broken(), good))
    assert run.run().completed
    assert good.records and good.screens


def test_rules_come_from_the_config_names_from_the_recording(tmp_path):
    config = load_config(club_config(tmp_path))
    from kiosk.app import GameSetup

    rules = rules_for(config, players=("Ann", "Bob"), first=1, fallback=GameSetup(tileset="german"))
    assert rules.setup.players == ("Ann", "Bob") and rules.setup.first == 1
    assert rules.profile.time_per_player_s == 1500 and rules.tileset.name == "german"


def test_live_assembly_with_mock_pins_drives_the_leds(tmp_path):
    from gpiozero.pins.mock import MockFactory

    from kiosk.replay.camera import ReplayCamera

    config = load_config(club_config(tmp_path, tileset="english"))
    factory = MockFactory()
    t = [100.0]
    camera = ReplayCamera(GAMES / "normal-out" / "frames")
    kiosk = assemble(config, Backends(camera, time_source=lambda: t[0], pin_factory=factory,
                                      threaded_vision=False), games_dir=tmp_path / "games")
    try:
        assert kiosk.buttons is not None
        kiosk.tick()
        kiosk.press("p2", "press", t[0])     # the second player starts the first player's clock
        screen = kiosk.tick()
        assert screen.players[0].clock.running
        lights = [s for s in kiosk.sinks if type(s).__name__ == "LightsSink"]
        assert lights, "the LED sink is in the list when the pin map has LEDs"
    finally:
        kiosk.close()


def test_fallback_warnings_stay_on_screen_until_confirmed(tmp_path):
    from kiosk.replay.camera import ReplayCamera

    cfg = tmp_path / "kiosk.toml"
    cfg.write_text(f'[files]\ngames_dir = "{tmp_path / "games"}"\n\n[game]\nprofil = "msa"\n', encoding="utf-8")
    config = load_config(cfg)
    assert config.warnings, "a mistyped key is a warning"
    sink = Recorder()
    t = [0.0]
    kiosk = assemble(config, Backends(ReplayCamera(GAMES / "normal-out" / "frames"), time_source=lambda: t[0],
                                      threaded_vision=False), sinks=[sink], games_dir=tmp_path / "games")
    try:
        for _ in range(3):
            t[0] += 1.0
            screen = kiosk.tick()
            assert screen is not None and any("profil" in a.explanation for a in screen.alerts)
        kiosk.press("confirm")
        t[0] += 1.0
        screen = kiosk.tick()
        assert screen is not None and not any("profil" in a.explanation for a in screen.alerts)
        assert any(r.get("app", {}).get("kind") == "warnings_acknowledged" for _, _, r in sink.records)
    finally:
        kiosk.close()


def test_a_cut_between_the_going_out_play_and_the_end_is_completed_on_restart(tmp_path):
    """Issue 14 item 1: the journal ends with the going-out play (no game_ended): the
    restarted kiosk ends the game at once, with the end-of-game adjustment, as one record."""
    import json

    from kiosk.replay.camera import ReplayCamera

    done = tmp_path / "done"
    full = ReplayRun(GAMES / "normal-out", games_dir=done).run()
    assert full.completed
    journal = next(p for p in done.glob("*.jsonl") if ".open." not in p.name)
    lines = journal.read_text(encoding="utf-8").splitlines()
    end = next(i for i, line in enumerate(lines) if "game_ended" in line)
    cut = tmp_path / "cut"
    cut.mkdir()
    (cut / "20260101-120000.open.jsonl").write_text("\n".join(lines[:end]) + "\n", encoding="utf-8")
    kiosk = assemble(None, Backends(ReplayCamera(GAMES / "normal-out" / "frames"), time_source=lambda: 0.0,
                                    threaded_vision=False), games_dir=cut,
                     rules=ReplayRun(GAMES / "normal-out").rules)
    try:
        assert kiosk.app.phase == "result" and kiosk.app.state.finished
        assert kiosk.app.state.scores == tuple(full.scores)
        kiosk.press("p1")          # a clock press after the end is a result confirmation, never a turn
        assert kiosk.app.state.finished and kiosk.app.phase in ("result", "done")
        written = (cut / "20260101-120000.open.jsonl").read_text(encoding="utf-8").splitlines()
        assert len(written) > end and "game_ended" in json.dumps(json.loads(written[end]))
    finally:
        kiosk.close()


def test_score_display_after_press_shows_no_score_before_the_press():
    """KIOSK-02: with score_display = after_press nothing is scored on screen while the
    tiles are placed; the score appears once the player has pressed."""
    from dataclasses import replace

    run = ReplayRun(GAMES / "normal-out")
    profile = replace(run.rules.profile, score_display="after_press")
    run = ReplayRun(GAMES / "normal-out")
    run.app.profile = profile
    seen: list[tuple[float, int, bool]] = []
    first_press = next(s.t for s in run.script.steps if s.press in ("p1", "p2") and s.turn is not None)
    run.on_iteration = lambda app, t: seen.append((t, app.screen().players[0].score + app.screen().players[1].score,
                                                   app.screen().last_play is not None))
    run.run()
    before = [s for s in seen if s[0] < first_press]
    assert before and all(total == 0 and not shown for _, total, shown in before)
    assert any(total > 0 for t, total, _ in seen if t > first_press)


def test_a_lost_challenge_and_a_play_taken_off_say_what_they_are():
    """Issue 13: a lost challenge showed as "passed", a play taken off as "TOTAL -19"."""
    kinds: set[tuple[str, int, str]] = set()

    def look(app, t):
        play = app.screen().last_play
        if play is not None and play.kind != "play":
            kinds.add((play.kind, play.total, play.main_word))

    assert ReplayRun(GAMES / "challenges", on_iteration=look).run().completed
    off = [k for k in kinds if k[0] == "challenged_off"]
    assert off and all(total == 0 and word for _, total, word in off), kinds
    assert any(k[0] == "lost_challenge" for k in kinds), kinds
    assert not any(k[0] == "pass" for k in kinds)
