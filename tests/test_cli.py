"""`python -m kiosk` commands run as a person would: never a traceback, one line per problem
naming the file, Ctrl-C ends with one line (and a replay's game is safe in its journal)."""
from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]  # the shared data is ROOT.parent / "shared"
FIXTURE = ROOT / "fixtures" / "games" / "challenges"
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
       "DISPLAY": "", "WAYLAND_DISPLAY": ""}


def ctrl_c_reaches_python() -> None:
    """Run in the child before exec: SIGINT back to its default. A test runner started in the
    background without job control (`cmd &` in a script) hands its children SIGINT ignored, and
    Python then keeps it ignored, so Ctrl-C would never reach the command under test."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def kiosk(*args: str | Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kiosk", *map(str, args)], cwd=ROOT, env=ENV,
                          capture_output=True, text=True, timeout=timeout)


def one_line_error(result: subprocess.CompletedProcess[str], starts: str) -> str:
    """The command failed with exactly one line on stderr, starting as given, and no traceback."""
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(starts), lines[0]
    return lines[0]


# ----- replay: every bad path refused before the game starts -----------------------------------


def test_binary_script_json_is_one_line(tmp_path):
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "script.json").write_bytes(b'{"format": 1,\n\x89PNG\x00\xff\xfe')
    one_line_error(kiosk("replay", tmp_path / "game", "--headless"),
                   f"kiosk replay: {tmp_path / 'game' / 'script.json'}:2: not UTF-8 text")


def test_binary_truth_json_is_one_line(tmp_path):
    (tmp_path / "spiel").mkdir()
    (tmp_path / "spiel" / "truth.json").write_bytes(bytes(range(256)))
    one_line_error(kiosk("replay", tmp_path / "spiel", "--headless"),
                   f"kiosk replay: {tmp_path / 'spiel' / 'truth.json'}:2: not UTF-8 text")  # byte 10 is a newline


def test_truth_json_of_another_shape_is_one_line(tmp_path):
    (tmp_path / "spiel").mkdir()
    (tmp_path / "spiel" / "truth.json").write_text('{"players": ["A", "B"], "moves": [{"player": "A"}]}')
    one_line_error(kiosk("replay", tmp_path / "spiel", "--headless"),
                   f"kiosk replay: {tmp_path / 'spiel' / 'truth.json'}: not a scrabscrap truth.json")


def test_games_pointing_at_a_file_is_refused(tmp_path):
    (tmp_path / "games").write_text("")
    one_line_error(kiosk("replay", FIXTURE, "--headless", "--games", tmp_path / "games"),
                   f"kiosk replay: {tmp_path / 'games'}: --games: is a file")


def test_missing_game_folder_and_a_file_instead_of_a_folder(tmp_path):
    one_line_error(kiosk("replay", tmp_path / "nope", "--headless"), f"kiosk replay: {tmp_path / 'nope'}: no such folder")
    one_line_error(kiosk("replay", FIXTURE / "script.json", "--headless"),
                   f"kiosk replay: {FIXTURE / 'script.json'}: not a folder")


def test_gcg_that_cannot_be_written_is_refused_before_the_game_starts(tmp_path):
    (tmp_path / "file").write_text("")
    result = kiosk("replay", FIXTURE, "--headless", "--games", tmp_path / "games", "--gcg", tmp_path / "file" / "x.gcg")
    one_line_error(result, f"kiosk replay: {tmp_path / 'file'}: --gcg: cannot create the folder")
    assert not list((tmp_path / "games").glob("*.jsonl"))  # no game was started


def test_gcg_into_a_missing_folder_is_created_and_written(tmp_path):
    out = tmp_path / "new" / "deeper" / "game.gcg"
    result = kiosk("replay", FIXTURE, "--headless", "--gcg", out)
    assert result.returncode == 0, result.stderr
    assert out.read_text(encoding="utf-8") == (FIXTURE / "expected.gcg").read_text(encoding="utf-8")


def test_config_that_is_missing_or_refused_is_one_line(tmp_path):
    one_line_error(kiosk("replay", FIXTURE, "--headless", "--config", tmp_path / "k.toml"),
                   f"kiosk replay: {tmp_path / 'k.toml'}: --config: no such file")
    (tmp_path / "k.toml").write_text('[game]\nprofile = "nope"\n')
    one_line_error(kiosk("replay", FIXTURE, "--headless", "--config", tmp_path / "k.toml"),
                   f"kiosk replay: {tmp_path / 'k.toml'}:2: game.profile: unknown profile")


def test_ctrl_c_in_a_replay_says_the_game_is_safe_and_how_to_resume(tmp_path):
    games = tmp_path / "games"
    command = [sys.executable, "-m", "kiosk", "replay", str(FIXTURE), "--headless", "--games", str(games)]
    process = subprocess.Popen(command, cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=ctrl_c_reaches_python)
    try:
        # a few records into the game, and at once: each later record waits for a frame read
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and process.poll() is None:
            journals = glob.glob(str(games / "*.open.jsonl"))
            if journals and Path(journals[0]).read_bytes().count(b"\n") >= 3:
                break
            time.sleep(0.002)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert "Traceback" not in out + err, err
    assert process.returncode == 130, (out, err)
    journal = next(games.glob("*.open.jsonl"))
    assert err.strip().splitlines()[-1] == (  # the last word; the log may say other things before it
        f"kiosk replay: interrupted; the game so far is safe in its journal {journal}; "
        f"resume it with: python -m kiosk replay {FIXTURE} --games {games}")
    resumed = kiosk("replay", FIXTURE, "--headless", "--games", games)
    assert resumed.returncode == 0 and "GCG matches expected.gcg" in resumed.stdout, resumed.stdout + resumed.stderr


def live_kiosk(tmp_path: Path, notify: socket.socket) -> tuple[subprocess.Popen[str], Path]:
    """`python -m kiosk --live` on this machine (no camera, dummy display), its games folder
    in tmp_path; returns once it told systemd it is up (READY=1 on the `notify` socket)."""
    games = tmp_path / "games"
    config = tmp_path / "kiosk.toml"
    config.write_text(f'[files]\ngames_dir = "{games}"\n[camera]\nsource = "{tmp_path / "no-frames"}"\n'
                      '[display]\nfullscreen = false\nwidth = 800\nheight = 480\n', encoding="utf-8")
    (tmp_path / "no-frames").mkdir(exist_ok=True)
    env = {**ENV, "KIOSK_CONFIG": str(config), "NOTIFY_SOCKET": notify.getsockname()}
    process = subprocess.Popen([sys.executable, "-m", "kiosk", "--live"], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=ctrl_c_reaches_python)
    try:
        while b"READY=1" not in notify.recv(4096):
            pass
    except TimeoutError:
        process.kill()
        pytest.fail(f"the live kiosk never became ready: {process.communicate()}")
    return process, games


@pytest.fixture
def notify(tmp_path):
    """Stands in for systemd's notify socket."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(str(tmp_path / "notify"))
        sock.settimeout(120)
        yield sock


def test_ctrl_c_stops_the_live_kiosk_with_one_line_naming_the_saved_game(tmp_path, notify):
    process, games = live_kiosk(tmp_path, notify)
    try:
        time.sleep(0.5)   # a few ticks of the loop
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert "Traceback" not in out + err, err
    assert process.returncode == 130, (out, err)
    journal = next(games.glob("*.open.jsonl"))
    assert err.strip().splitlines()[-1] == (   # the last word; the log says other things before it
        f"kiosk: stopped; the game so far is safe in its journal {journal}; "
        "start the kiosk again to resume it (python -m kiosk --live)")
    again, _ = live_kiosk(tmp_path, notify)   # ... and it does: the same journal, not a new game
    try:
        again.send_signal(signal.SIGINT)
        out, err = again.communicate(timeout=60)
    finally:
        again.kill()
    assert again.returncode == 130 and list(games.glob("*.open.jsonl")) == [journal], (out, err)


def test_ctrl_c_in_another_long_command_is_one_line():
    process = subprocess.Popen([sys.executable, "-m", "kiosk", "bench"], cwd=ROOT, env={**ENV, "PYTHONUNBUFFERED": "1"},
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=ctrl_c_reaches_python)
    try:
        assert process.stdout is not None
        first = process.stdout.readline()  # the GCG figures: the word list's are still to come
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
        out = first + out
    finally:
        process.kill()
    assert "Traceback" not in out + err, err
    assert process.returncode == 130 and err.strip().splitlines()[-1] == "kiosk bench: interrupted", (out, err)


def test_unknown_command_and_help_never_trace():
    result = kiosk("nonsense")
    assert result.returncode == 2 and "unknown command" in result.stderr and "Traceback" not in result.stderr
    assert "check-config" in kiosk("--help").stdout


def test_replay_under_a_club_config_plays_its_profile_file_and_tile_set(tmp_path):
    """Issue 13's done-when: a real German game under a config naming a club profile file."""
    import json

    game = ROOT.parent / "shared" / "datasets" / "scrabscrap-v1" / "spiel-12"
    shutil.copy(ROOT / "kiosk" / "rules" / "data" / "profiles" / "naspa.toml", tmp_path / "club.toml")
    (tmp_path / "kiosk.toml").write_text('[game]\nprofile = "club.toml"\ntileset = "german"\nlexicon = "none"\n')
    result = kiosk("replay", game, "--headless", "--config", tmp_path / "kiosk.toml", "--games", tmp_path / "games")
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "every move's score matches the dataset" in result.stdout
    journal = next((tmp_path / "games").glob("*.jsonl"))
    started = json.loads(journal.read_text(encoding="utf-8").splitlines()[0])["event"]
    assert (started["profile"], started["tileset"]) == ("club", "german")
