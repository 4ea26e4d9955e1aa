"""`python -m kiosk check-config FILE`: every setting in effect, one line per problem naming
file, line and key; exit 2 when the kiosk would refuse the file."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = ("game.profile", "game.tileset", "game.lexicon", "game.players", "game.roster", "files.games_dir", "files.log_dir",
            "camera.source", "vision.calibration", "vision.corners", "vision.fixed_turn", "vision.racks", "vision.opencv",
            "hardware.pin_map",
            "display", "sound.enabled", "network")

# Every key the README and systemd/kiosk.toml document, each set to something other than its default.
EVERY_KEY = """\
[game]
profile = "club.toml"
tileset = "german"
lexicon = "wörter.txt"
players = ["Anna", "Bernd"]
roster = ["Anna", "Bernd", "Cäcilie", "  Dieter   Kurz "]

[files]
games_dir = "games"
log_dir = "logs"

[camera]
source = "frames"

[vision]
tileset = "german"
calibration = "club.npz"
corners = [[112, 80], [1400, 92], [1390, 1380], [100, 1370]]
[vision.racks]
p1 = [[300, 1360], [1100, 1360], [1100, 1490], [300, 1490]]
p2 = [[300, 10], [1100, 10], [1100, 140], [300, 140]]

[hardware]
pin_map = "pins.toml"

[display]
fullscreen = false
width = 800
height = 480

[sound]
enabled = true

[network]
broker = "club.local"
table = "t7"
round = 2
username = "t7"
password_file = "mqtt-password"
"""


def check_config(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kiosk", "check-config", *map(str, args)], cwd=ROOT,
                          env={**os.environ, "HOME": str(ROOT)}, capture_output=True, text=True, timeout=120)


def every_key_config(folder: Path) -> Path:
    from vision.models import Calibration

    shutil.copy(ROOT / "kiosk" / "rules" / "data" / "profiles" / "naspa.toml", folder / "club.toml")
    shutil.copy(ROOT / "hardware" / "pins_three_buttons.toml", folder / "pins.toml")
    (folder / "wörter.txt").write_text("ÄRGER\nQUA\nZWEI\n", encoding="utf-8")
    (folder / "frames").mkdir()
    Calibration().save(folder / "club.npz")
    (folder / "mqtt-password").write_text("s3cret-word\n")
    path = folder / "kiosk.toml"
    path.write_text(EVERY_KEY, encoding="utf-8")
    return path


def settings_shown(stdout: str) -> dict[str, str]:
    pairs = [line.strip().split(" = ", 1) for line in stdout.splitlines() if line.startswith("  ")]
    return {key.strip(): value for key, value in pairs}


def test_shipped_config_shows_every_setting_and_no_warning():
    result = check_config(ROOT / "systemd" / "kiosk.toml")
    assert result.returncode == 0, result.stdout + result.stderr
    assert tuple(settings_shown(result.stdout)) == SETTINGS
    assert "warning" not in result.stdout.replace("no warnings", "") and result.stderr == ""
    assert result.stdout.splitlines()[-1] == "the kiosk would start; no warnings"


def test_a_config_with_every_key_shows_each_in_effect_and_no_warning(tmp_path):
    result = check_config(every_key_config(tmp_path), "--strict")
    assert result.returncode == 0, result.stdout + result.stderr
    shown = settings_shown(result.stdout)
    assert shown["game.profile"].startswith(f"club (file {tmp_path / 'club.toml'}")
    assert shown["game.tileset"].startswith("german (102 tiles")
    assert shown["game.lexicon"] == str(tmp_path / "wörter.txt")
    assert shown["game.players"] == "Anna, Bernd"
    assert shown["game.roster"] == "4 names: Anna, Bernd, Cäcilie, Dieter Kurz"
    assert shown["files.games_dir"] == str(tmp_path / "games")
    assert shown["files.log_dir"].startswith(str(tmp_path / "logs" / "kiosk.log"))
    assert shown["camera.source"] == f"folder {tmp_path / 'frames'}"
    assert shown["vision.calibration"] == str(tmp_path / "club.npz")
    assert shown["vision.corners"] == "[112, 80] [1400, 92] [1390, 1380] [100, 1370]"
    assert shown["vision.fixed_turn"].startswith("board fixed, turn 0 (vision.corners")
    assert shown["vision.racks"] == "p1 (4 points), p2 (4 points)"
    assert shown["hardware.pin_map"].startswith(f"{tmp_path / 'pins.toml'}: buttons p1=17 p2=27 pause=22 challenge=long pause")
    assert shown["display"] == "window, 800 x 480"
    assert shown["sound.enabled"].startswith("true")
    assert shown["network"] == "broker club.local:1883, table t7, round 2, user t7"
    assert "s3cret" not in result.stdout
    assert result.stdout.splitlines()[-1] == "the kiosk would start; no warnings"


def test_each_mistyped_key_gives_one_line(tmp_path):
    path = every_key_config(tmp_path)
    text = path.read_text(encoding="utf-8")
    typos = {"profile =": "profil =", "[vison.racks]": "[vison.racks]", "fullscreen =": "fullscren =",
             "[sound]": "[sounds]", "calibration =": "calibraton ="}
    text = text.replace("[vision.racks]", "[vison.racks]")
    for right, wrong in typos.items():
        text = text.replace(right, wrong)
    path.write_text(text, encoding="utf-8")
    result = check_config(path)
    assert result.returncode == 0, result.stdout
    warnings = [line for line in result.stdout.splitlines() if line.startswith("warning: ")]
    lines = text.splitlines()
    expected = {  # key -> line in the file
        "game.profil": lines.index('profil = "club.toml"') + 1,
        "vision.calibraton": lines.index('calibraton = "club.npz"') + 1,
        "vison": lines.index("[vison.racks]") + 1,
        "display.fullscren": lines.index("fullscren = false") + 1,
        "sounds": lines.index("[sounds]") + 1,
    }
    assert len(warnings) == len(expected), warnings
    for key, line in expected.items():
        assert sum(w.startswith(f"warning: {path}:{line}: {key}: ") for w in warnings) == 1, (key, warnings)
    assert settings_shown(result.stdout)["game.profile"].startswith("naspa")  # the fallback is visible too
    assert check_config(path, "--strict").returncode == 1


def test_refused_file_exits_2_listing_every_problem(tmp_path):
    (tmp_path / "pins.toml").write_text("[buttons]\np1 = 17\np2 = 41\n")
    (tmp_path / "words.txt").write_bytes(b"\x00\x01binary\xff")
    path = tmp_path / "kiosk.toml"
    path.write_text('[game]\nprofile = "wespa"\nlexicon = "words.txt"\n[hardware]\npin_map = "pins.toml"\n')
    result = check_config(path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    refused = [line for line in result.stdout.splitlines() if line.startswith("refused: ")]
    assert refused[0].startswith(f"refused: {path}:2: game.profile: unknown profile")
    assert refused[1].startswith(f"refused: {tmp_path / 'words.txt'}")
    assert refused[2].startswith(f"refused: {tmp_path / 'pins.toml'}:3: buttons.p2: 41 is not a usable BCM GPIO")
    assert len(refused) == 3
    assert result.stdout.splitlines()[-1] == "the kiosk would refuse to start: 3 problems"


def test_not_toml_is_refused_in_one_line(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_text("[game\n")
    result = check_config(path)
    assert result.returncode == 2
    assert [line for line in result.stdout.splitlines() if line.startswith("refused")] == [
        f"refused: {path}:1: not valid TOML (Expected ']' at the end of a table declaration (at line 1, column 6))"]


def test_the_word_list_is_read_with_the_games_tile_set(tmp_path):
    """A Spanish club list (CH, LL as letters) is read through under the Spanish set without a problem."""
    (tmp_path / "palabras.txt").write_text("CHICO\nLLAVE\nNIÑO\n", encoding="utf-8")
    path = tmp_path / "kiosk.toml"
    path.write_text('[game]\ntileset = "spanish"\nlexicon = "palabras.txt"\n', encoding="utf-8")
    result = check_config(path, "--strict")
    assert result.returncode == 0, result.stdout
    assert settings_shown(result.stdout)["game.tileset"].startswith("spanish")


def test_a_board_that_does_not_turn_is_shown_fixed(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_text("[vision]\nfixed_turn = 180\n", encoding="utf-8")
    result = check_config(path, "--strict")
    assert result.returncode == 0, result.stdout
    shown = settings_shown(result.stdout)
    assert shown["vision.fixed_turn"].startswith("board fixed, turn 180")
    assert shown["vision.corners"] == "found by the kiosk"
    path.write_text("[vision]\nfixed_turn = 45\n", encoding="utf-8")
    result = check_config(path)
    assert f"warning: {path}:2: vision.fixed_turn: expected one of 0, 90, 180, 270" in result.stdout
    assert settings_shown(result.stdout)["vision.fixed_turn"].startswith("none: a turntable")
