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
    from kiosk.cli.replay import prepare_folder
    from kiosk.replay.scrabscrap import compare_scores

    config = load_config(club_config(tmp_path))
    sink = Recorder()
    run = ReplayRun(prepare_folder(SPIEL_12), config=config, sinks=(sink,))
    assert run.rules.tileset.name == "german"
    assert run.rules.profile.name == "naspa"          # the club file is a copy of naspa.toml
    assert run.app.profile is run.rules.profile and run.setup.profile == "club"   # recorded under the club's name
    result = run.run()
    assert result.completed, result.summary()
    folder = prepare_folder(SPIEL_12)
    assert compare_scores(folder / "dataset_scores.json", result) == []
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
