"""Kiosk config: defaults, the shipped example, refusals and warnings naming file, line, field."""
from __future__ import annotations

from pathlib import Path

import pytest

from kiosk.config import DEFAULT_PATH, CameraSource, config_path, default_games_dir, load_config
from kiosk.errors import InputError

REPO = Path(__file__).resolve().parents[1]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "kiosk.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_path_from_environment_or_default():
    assert config_path({"KIOSK_CONFIG": "/x/k.toml"}) == (Path("/x/k.toml"), True)
    assert config_path({}) == (DEFAULT_PATH, False)


def test_absent_default_file_gives_safe_defaults_silently(tmp_path):
    env = {"KIOSK_CONFIG": "", "HOME": str(tmp_path)}
    if DEFAULT_PATH.exists():  # pragma: no cover - only on an installed machine
        pytest.skip("a real config is installed here")
    config = load_config(None, env)
    assert config.source == "<defaults>" and config.warnings == ()
    assert config.games_dir == tmp_path / ".local" / "share" / "scrabble-kiosk" / "games"
    assert config.profile == "naspa" and config.rules.name == "naspa" and config.tileset == "english"
    assert config.lexicon == "default" and config.lexicon_path is None and config.pin_map is None
    assert config.pins.buttons["p1"] == 17 and config.vision.calibration is None and config.network is None
    assert config.camera == CameraSource("auto") and config.display.fullscreen and config.sound is False


def test_missing_explicit_file_warns_and_uses_defaults(tmp_path):
    config = load_config(None, {"KIOSK_CONFIG": str(tmp_path / "gone.toml"), "STATE_DIRECTORY": "/var/lib/k"})
    assert config.games_dir == Path("/var/lib/k/games")
    assert [str(w) for w in config.warnings] == [f"{tmp_path / 'gone.toml'}: config file not found; using the defaults"]


def test_games_dir_under_systemd_uses_state_directory():
    assert default_games_dir({"STATE_DIRECTORY": "/var/lib/scrabble-kiosk"}) == Path("/var/lib/scrabble-kiosk/games")


def test_shipped_example_loads_without_warnings():
    config = load_config(REPO / "systemd" / "kiosk.toml", {})
    assert config.warnings == ()
    assert config.games_dir == Path("/var/lib/scrabble-kiosk/games")
    assert config.players == ("Player 1", "Player 2") and config.sound is False


def test_full_config_with_relative_paths(tmp_path):
    (tmp_path / "words.txt").write_text("AA\n")
    (tmp_path / "pins.toml").write_text((REPO / "hardware" / "pins_three_buttons.toml").read_text())
    (tmp_path / "frames").mkdir()
    path = write(
        tmp_path,
        """
[game]
lexicon = "words.txt"
players = ["Ann", " Bob "]
[files]
games_dir = "games"
log_dir = "logs"
[camera]
source = "frames"
[hardware]
pin_map = "pins.toml"
[display]
fullscreen = false
width = 800
height = 480
[sound]
enabled = true
""",
    )
    config = load_config(path, {})
    assert config.warnings == ()
    assert config.lexicon_path == tmp_path / "words.txt" and config.lexicon == str(tmp_path / "words.txt")
    assert config.players == ("Ann", "Bob")
    assert config.games_dir == tmp_path / "games" and config.log_dir == tmp_path / "logs"
    assert config.camera == CameraSource("folder", path=tmp_path / "frames")
    assert config.pin_map == tmp_path / "pins.toml" and "challenge" not in config.pins.buttons
    assert (config.display.fullscreen, config.display.width, config.display.height) == (False, 800, 480)
    assert config.sound is True


@pytest.mark.parametrize(
    "source, expected",
    [('"pi"', CameraSource("pi")), ('"usb:2"', CameraSource("usb", index=2)), ("1", CameraSource("usb", index=1)), ('"usb"', CameraSource("usb", index=0))],
)
def test_camera_sources(tmp_path, source, expected):
    assert load_config(write(tmp_path, f"[camera]\nsource = {source}\n"), {}).camera == expected


def test_camera_video_file(tmp_path):
    (tmp_path / "game.mp4").write_bytes(b"")
    config = load_config(write(tmp_path, '[camera]\nsource = "game.mp4"\n'), {})
    assert config.camera == CameraSource("video", path=tmp_path / "game.mp4")


# Refuse to start: one InputError naming file, line and field.
@pytest.mark.parametrize(
    "text, line, field, words",
    [
        ("[game]\nprofile = \n", 2, None, "not valid TOML"),
        ("[game]\nplayers = [\"a\", \"b\"]\n[game]\n", 3, None, "not valid TOML"),
        ("# club\n[game]\nprofile = \"nsapa\"\n", 3, "game.profile", "unknown profile"),
        ("[game]\nprofile = 3\n", 2, "game.profile", "expected a text value"),
        ("[game]\nprofile = \"rules/mine.toml\"\n", 2, "game.profile", "no such file"),
        ("[game]\n\nlexicon = \"/no/such/words.txt\"\n", 3, "game.lexicon", "no such file"),
        ("[hardware]\npin_map = \"pins/club.toml\"\n", 2, "hardware.pin_map", "no such file"),
        ("[game]\ntileset = \"klingon\"\n", 2, "game.tileset", "unknown tile set"),
        ("[vision]\ntileset = \"klingon\"\n", 2, "vision.tileset", "unknown tile set"),
        ("[game]\ntileset = \"german\"\n[vision]\ntileset = \"english\"\n", 4, "vision.tileset", "differs from game.tileset"),
        ("[files]\ngames_dir = \"\"\n", 2, "files.games_dir", "empty path"),
        ("[files]\ngames_dir = [\"x\"]\n", 2, "files.games_dir", "expected a text value"),
        ("[files]\ngames_dir = \"kiosk.toml\"\n", 2, "files.games_dir", "is not a folder"),
    ],
)
def test_errors_that_refuse_to_start(tmp_path, monkeypatch, text, line, field, words):
    path = write(tmp_path, text)
    with pytest.raises(InputError) as caught:
        load_config(path, {})
    error = caught.value
    assert (error.source, error.line, error.field) == (str(path), line, field)
    assert words in error.message
    assert "\n" not in str(error) and str(error).startswith(f"{path}:{line}: ")


# Start with the default and a warning naming file, line and field.
@pytest.mark.parametrize(
    "text, line, field, check",
    [
        ("[game]\nplayers = [\"Ann\"]\n", 2, "game.players", lambda c: c.players == ("Player 1", "Player 2")),
        ("[game]\nroster = [\"Ann\"]\n", 2, "game.roster", lambda c: c.roster == ()),
        ("[game]\nroster = \"Ann, Bob\"\n", 2, "game.roster", lambda c: c.roster == ()),
        ("[game]\nroster = [\"Ann\", \"\"]\n", 2, "game.roster", lambda c: c.roster == ()),
        ("[game]\nroster = [\"Ann\", \"Bob\", \"ann\"]\n", 2, "game.roster", lambda c: c.roster == ("Ann", "Bob")),
        ("[game]\nroster = [\"Ann\", \"Bartholomew Maximilian Longname\"]\n", 2, "game.roster",
         lambda c: c.roster == ()),
        ("[camera]\nsource = \"webcam\"\n", 2, "camera.source", lambda c: c.camera == CameraSource("auto")),
        ("[camera]\nsource = \"/no/such/folder\"\n", 2, "camera.source", lambda c: c.camera == CameraSource("auto")),
        ("[camera]\nvision_config = \"cal.json\"\n", 2, "camera.vision_config", lambda c: c.vision.calibration is None),
        ("[vision]\ncalibration = \"club.npz\"\n", 2, "vision.calibration", lambda c: c.vision.calibration is None),
        ("[vision]\ncorners = [[1, 2]]\n", 2, "vision.corners", lambda c: c.vision.corners is None),
        ("[vision]\ncamera = 1\n", 2, "vision.camera", lambda c: c.vision.tileset == "english"),
        ("[vision.racks]\np3 = [[0, 0], [1, 0], [1, 1]]\n", 2, "vision.racks.p3", lambda c: c.vision.rack_zones == {}),
        ("[game]\nprofil = \"msa\"\n", 2, "game.profil", lambda c: c.profile == "naspa" and c.rules.name == "naspa"),
        ("[display]\nfullscreen = \"yes\"\n", 2, "display.fullscreen", lambda c: c.display.fullscreen is True),
        ("[display]\nwidth = -5\n", 2, "display.width", lambda c: c.display.width == 0),
        ("[display]\nheight = true\n", 2, "display.height", lambda c: c.display.height == 0),
        ("[sound]\nenabled = 1\n", 2, "sound.enabled", lambda c: c.sound is False),
        ("[files]\nlog_dir = 7\n", 2, "files.log_dir", lambda c: c.log_dir is None),
        ("[game]\nprofle = \"msa\"\n", 2, "game.profle", lambda c: c.profile == "naspa"),
        ("[screen]\nfullscreen = false\n", 1, "screen", lambda c: c.display.fullscreen),
        ("game = 3\n", 1, "game", lambda c: c.profile == "naspa"),
    ],
)
def test_errors_that_fall_back_with_a_warning(tmp_path, text, line, field, check):
    path = write(tmp_path, text)
    config = load_config(path, {})
    assert len(config.warnings) == 1, config.warnings
    warning = config.warnings[0]
    assert (warning.source, warning.line, warning.key) == (str(path), line, field)
    assert "\n" not in str(warning) and str(warning).startswith(f"{path}:{line}: {field}: ")
    assert check(config)


def test_unreadable_file_refuses(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_bytes(b"[game]\nplayers = [\"\xff\"]\n")
    with pytest.raises(InputError) as caught:
        load_config(path, {})
    assert caught.value.source == str(path) and "cannot read config" in caught.value.message


def test_default_profile_is_bundled():
    from kiosk.config import _bundled_profiles

    known = _bundled_profiles()
    assert "naspa" in known
    assert load_config(REPO / "systemd" / "kiosk.toml", {}).profile in known


def test_a_folder_instead_of_a_file_refuses(tmp_path):
    with pytest.raises(InputError) as caught:
        load_config(tmp_path, {})
    assert caught.value.source == str(tmp_path) and "cannot read config" in caught.value.message


def test_a_typo_names_the_key_it_probably_meant(tmp_path):
    config = load_config(write(tmp_path, '[game]\nprofil = "msa"\n'), {})
    assert str(config.warnings[0]).endswith('game.profil: unknown key ignored (did you mean "profile"?)')


def test_profile_file_relative_to_the_config_is_loaded_as_the_rules(tmp_path):
    from kiosk.rules.profiles import load_profile

    (tmp_path / "rules").mkdir()
    naspa = REPO / "kiosk" / "rules" / "data" / "profiles" / "naspa.toml"
    (tmp_path / "rules" / "club.toml").write_text(naspa.read_text().replace("time_per_player_s = 1500", "time_per_player_s = 1200"))
    config = load_config(write(tmp_path, '[game]\nprofile = "rules/club.toml"\n'), {})
    assert config.profile == "club" and config.profile_path == tmp_path / "rules" / "club.toml"
    assert config.rules.time_per_player_s == 1200 != load_profile("naspa").time_per_player_s
    assert config.warnings == ()


def test_a_broken_profile_file_refuses_naming_the_profile_file(tmp_path):
    (tmp_path / "club.toml").write_text('name = "club"\ntime_per_player_s = "long"\n')
    with pytest.raises(InputError) as caught:
        load_config(write(tmp_path, '[game]\nprofile = "club.toml"\n'), {})
    assert caught.value.source == str(tmp_path / "club.toml")


def test_tileset_from_game_or_vision_is_one_setting(tmp_path):
    assert load_config(write(tmp_path, '[game]\ntileset = "german"\nlexicon = "none"\n'), {}).vision.tileset == "german"
    config = load_config(write(tmp_path, '[game]\nlexicon = "none"\n[vision]\ntileset = "german"\n'), {})
    assert config.tileset == "german" == config.vision.tileset and config.warnings == ()


def test_another_tile_set_with_the_english_word_list_warns(tmp_path):
    config = load_config(write(tmp_path, '[game]\n\ntileset = "french"\n'), {})
    assert [(w.key, w.line) for w in config.warnings] == [("game.lexicon", 3)]
    assert "judged in English" in str(config.warnings[0]) and config.lexicon == "default"


def test_pin_41_is_refused_off_a_pi_too(tmp_path):
    (tmp_path / "pins.toml").write_text("[buttons]\np1 = 17\np2 = 41\n")
    with pytest.raises(InputError) as caught:
        load_config(write(tmp_path, '[hardware]\npin_map = "pins.toml"\n'), {})
    assert str(caught.value).startswith(f"{tmp_path / 'pins.toml'}:3: buttons.p2: 41 is not a usable BCM GPIO")


def test_every_refusal_is_listed_not_only_the_first(tmp_path):
    from kiosk.config import read_config

    path = write(tmp_path, '[game]\nprofile = "nope"\ntileset = "nope"\n[hardware]\npin_map = "x.toml"\n')
    config, errors = read_config(path, {})
    assert [e.field for e in errors] == ["game.profile", "game.tileset", "hardware.pin_map"]


def test_vision_table_is_used(tmp_path):
    from vision.models import Calibration

    Calibration().save(tmp_path / "club.npz")
    config = load_config(write(tmp_path, '[vision]\ncalibration = "club.npz"\n'
                                         'corners = [[112, 80], [1400, 92], [1390, 1380], [100, 1370]]\n'
                                         '[vision.racks]\np1 = [[300, 1360], [1100, 1360], [1100, 1490], [300, 1490]]\n'), {})
    assert config.warnings == ()
    assert config.vision.calibration == tmp_path / "club.npz"
    assert config.vision.corners is not None and config.vision.corners[1].tolist() == [1400, 92]
    assert list(config.vision.rack_zones) == ["p1"]


def test_a_file_that_is_not_a_calibration_warns(tmp_path):
    (tmp_path / "club.npz").write_bytes(b"not a zip")
    config = load_config(write(tmp_path, '[vision]\ncalibration = "club.npz"\n'), {})
    assert config.vision.calibration is None
    assert config.warnings[0].key == "vision.calibration" and config.warnings[0].line == 2


def test_network_table_is_parsed(tmp_path):
    config = load_config(write(tmp_path, '[network]\nbroker = "localhost"\ntable = "t3"\n'), {})
    assert config.network is not None and (config.network.broker, config.network.table) == ("localhost", "t3")
    assert config.warnings == ()


def test_log_file_is_capped_and_written(tmp_path):
    import logging

    from kiosk.config import LOG_BYTES, attach_file_log

    config = load_config(write(tmp_path, '[files]\nlog_dir = "logs"\n'), {})
    logger = logging.getLogger("test-config-log")
    path = attach_file_log(config, logger)
    try:
        logger.warning("hello")
        assert path == tmp_path / "logs" / "kiosk.log" and "hello" in path.read_text()
        assert logger.handlers[0].maxBytes == LOG_BYTES  # type: ignore[attr-defined]
    finally:
        for handler in logger.handlers:
            handler.close()
        logger.handlers.clear()


def test_log_folder_that_cannot_be_made_says_so_and_goes_on(tmp_path, caplog):
    from kiosk.config import attach_file_log

    (tmp_path / "file").write_text("")
    config = load_config(write(tmp_path, '[files]\nlog_dir = "file/logs"\n'), {})
    assert attach_file_log(config) is None
    assert "files.log_dir: cannot write the log file" in caplog.text


def test_network_problems_are_warnings_with_a_line(tmp_path):
    config = load_config(write(tmp_path, '[network]\n\nbroker = 3\n'), {})
    assert config.network is None
    assert [(w.line, w.key) for w in config.warnings] == [(3, "network.broker")]
    assert str(config.warnings[0]).endswith("; network feed off")


def test_network_files_are_relative_to_the_config(tmp_path):
    (tmp_path / "ca.pem").write_text("x")
    config = load_config(write(tmp_path, '[network]\nbroker = "club.local"\ntable = "t1"\nca_file = "ca.pem"\n'), {})
    assert config.network is not None and config.network.ca_file == tmp_path / "ca.pem" and config.warnings == ()
