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
    assert config.profile == "naspa" and config.lexicon_path is None and config.pin_map is None
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
    (tmp_path / "pins.toml").write_text("")
    (tmp_path / "frames").mkdir()
    (tmp_path / "vision.json").write_text("{}")
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
vision_config = "vision.json"
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
    assert config.lexicon_path == tmp_path / "words.txt"
    assert config.players == ("Ann", "Bob")
    assert config.games_dir == tmp_path / "games" and config.log_dir == tmp_path / "logs"
    assert config.camera == CameraSource("folder", path=tmp_path / "frames")
    assert config.vision_config == tmp_path / "vision.json" and config.pin_map == tmp_path / "pins.toml"
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
        ("[files]\ngames_dir = \"\"\n", 2, "files.games_dir", "empty path"),
        ("[files]\ngames_dir = [\"x\"]\n", 2, "files.games_dir", "expected a text value"),
        ("[files]\ngames_dir = \"kiosk.toml\"\n", 2, "files.games_dir", "is not a folder"),
    ],
)
def test_errors_that_refuse_to_start(tmp_path, monkeypatch, text, line, field, words):
    monkeypatch.setattr("kiosk.config._bundled_profiles", lambda: ("coffs", "iowa", "msa", "naspa"))
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
        ("[camera]\nsource = \"webcam\"\n", 2, "camera.source", lambda c: c.camera == CameraSource("auto")),
        ("[camera]\nsource = \"/no/such/folder\"\n", 2, "camera.source", lambda c: c.camera == CameraSource("auto")),
        ("[camera]\nvision_config = \"cal.json\"\n", 2, "camera.vision_config", lambda c: c.vision_config is None),
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
    assert (warning.source, warning.line, warning.field) == (str(path), line, field)
    assert "\n" not in str(warning)
    assert check(config)


def test_unreadable_file_refuses(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_bytes(b"[game]\nplayers = [\"\xff\"]\n")
    with pytest.raises(InputError) as caught:
        load_config(path, {})
    assert caught.value.source == str(path) and "cannot read config" in caught.value.message


def test_default_profile_is_bundled_once_profiles_exist():
    from kiosk.config import _bundled_profiles

    known = _bundled_profiles()
    if not known:
        pytest.skip("no rule profiles bundled yet")
    assert "naspa" in known
    assert load_config(REPO / "systemd" / "kiosk.toml", {}).profile in known


def test_a_folder_instead_of_a_file_refuses(tmp_path):
    with pytest.raises(InputError) as caught:
        load_config(tmp_path, {})
    assert caught.value.source == str(tmp_path) and "cannot read config" in caught.value.message
