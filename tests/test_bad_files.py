"""Bad files (issue 6): every broken config, rule profile, pin map, word list and journal in
tests/broken_files/, and every file in ../shared/datasets/gcg/malformed, gives one clear
line naming the file (and the line and field where there is one), never a traceback.

The GCG files' exact lines are checked row by row in test_gcg_malformed_table.py; here
the command a user runs on them must not show a traceback.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hardware.pins import load_pin_map
from kiosk.config import load_config
from kiosk.errors import InputError
from kiosk.journal import open_journal
from kiosk.lexicon_files import load_word_list
from kiosk.rules.profiles import parse_profile

ROOT = Path(__file__).resolve().parents[1]
BROKEN = ROOT / "tests" / "broken_files"
MALFORMED_GCG = ROOT.parent / "shared" / "datasets" / "gcg" / "malformed"
GAME = ROOT / "fixtures" / "games" / "first-off-centre"
OUTPUT = ROOT / "tests" / "output" / "screens"


def load_profile_file(path: Path) -> object:
    return parse_profile(path.read_text(encoding="utf-8"), str(path))


def load_config_refusing(path: Path) -> object:
    return load_config(path, environ={"HOME": str(path.parent)})


LOADERS = {"profile": load_profile_file, "pins": load_pin_map, "lexicon": load_word_list,
           "config": load_config_refusing}

# file, the line it must name (None: a fault of the whole file), the field it must name
REFUSED = [
    ("profile-wrong-type.toml", 10, "time_per_player_s"),
    ("profile-bad-choice.toml", 19, "challenge"),
    ("profile-zero-time.toml", 10, "time_per_player_s"),
    ("profile-unknown-field.toml", 12, "points_per_minuet"),
    ("profile-bad-syntax.toml", 24, None),
    ("profile-missing-field.toml", None, "challenge"),
    ("pins-bad-pin.toml", 5, "buttons.pause"),
    ("pins-pin-twice.toml", 6, "buttons.confirm"),
    ("pins-unknown-function.toml", 8, "buttons.undo"),
    ("pins-bad-syntax.toml", 5, None),
    ("pins-text-pin.toml", 2, "buttons.p1"),
    ("lexicon-two-words.txt", 3, None),
    ("lexicon-punctuation.txt", 3, None),
    ("lexicon-latin1.txt", 3, None),
    ("lexicon-empty.txt", None, None),
    ("lexicon-binary.txt", None, None),
    ("config-bad-syntax.toml", 2, None),
    ("config-unknown-profile.toml", 3, "game.profile"),
    ("config-profile-number.toml", 2, "game.profile"),
    ("config-missing-lexicon.toml", 3, "game.lexicon"),
    ("config-games-dir-is-a-file.toml", 3, "files.games_dir"),
    ("config-missing-pin-map.toml", 2, "hardware.pin_map"),
    ("config-unknown-tileset.toml", 3, "game.tileset"),
]

# config files the kiosk starts with anyway, on defaults, warning: (file, [(line, field)])
WARNED = [
    ("config-bad-players.toml", [(2, "game.players"), (5, "display.width")]),
    ("config-unknown-key.toml", [(2, "game.player")]),
    ("config-vision-typos.toml", [(2, "vision.calibraton"), (3, "vision.corners"), (4, "vision.fixed_turn"),
                                  (6, "vision.racks.left")]),
]

# journals with a damaged tail: (file, line where the damage starts, complete records kept)
DAMAGED_JOURNALS = [
    ("journal-torn-tail.open.jsonl", 3, 2),
    ("journal-garbage-line.open.jsonl", 3, 2),
    ("journal-not-an-object.open.jsonl", 2, 1),
    ("journal-zero-block.open.jsonl", 2, 1),
]


def assert_one_clear_line(text: str, path: Path, line: int | None, field: str | None) -> None:
    assert "\n" not in text.strip() and "Traceback" not in text, text
    where = f"{path}:{line}: " if line is not None else f"{path}: "
    assert text.startswith(where), f"expected {where!r} at the start of: {text}"
    if field is not None:
        assert text.startswith(f"{where}{field}: "), f"expected the field {field!r} in: {text}"


def test_every_broken_file_is_in_a_table():
    listed = {name for name, *_ in REFUSED + WARNED + DAMAGED_JOURNALS} | set(BAD_EVENT_JOURNALS) | {"README.md", "config-pin-map-bad-pin.toml"}
    assert listed == {p.name for p in BROKEN.iterdir()}


def test_config_naming_a_broken_pin_map_is_refused_naming_the_pin_map():
    with pytest.raises(InputError) as caught:
        load_config_refusing(BROKEN / "config-pin-map-bad-pin.toml")
    assert_one_clear_line(str(caught.value), BROKEN / "pins-bad-pin.toml", 5, "buttons.pause")


@pytest.mark.parametrize("name,line,field", REFUSED, ids=[r[0] for r in REFUSED])
def test_broken_file_is_refused_with_one_clear_line(name: str, line: int | None, field: str | None):
    path = BROKEN / name
    with pytest.raises(InputError) as caught:
        LOADERS[name.split("-")[0]](path)
    assert_one_clear_line(str(caught.value), path, line, field)


@pytest.mark.parametrize("name,expected", WARNED, ids=[w[0] for w in WARNED])
def test_config_faults_that_fall_back_warn_with_one_clear_line_each(name: str, expected):
    path = BROKEN / name
    config = load_config(path, environ={"HOME": str(path.parent)})
    assert len(config.warnings) == len(expected)
    for warning, (line, field) in zip(config.warnings, expected):
        assert_one_clear_line(str(warning), path, line, field)


@pytest.mark.parametrize("name,line,kept", DAMAGED_JOURNALS, ids=[d[0] for d in DAMAGED_JOURNALS])
def test_damaged_journal_names_the_line_and_keeps_the_damage(tmp_path, name: str, line: int, kept: int):
    path = tmp_path / name
    shutil.copy(BROKEN / name, path)
    original = path.read_bytes()
    journal, report = open_journal(path)
    journal.close()
    assert report.records_kept == kept and len(journal.records) == kept
    first = report.lines()[0]
    assert first.startswith(f"{name} line {line}: ") and "\n" not in first, first
    assert report.damage_copy is not None
    assert path.read_bytes() + report.damage_copy.read_bytes() == original


def run_kiosk(args: list[str], env: dict[str, str] | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    full_env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
                **(env or {})}
    return subprocess.run([sys.executable, "-m", "kiosk", *args], cwd=ROOT, env=full_env,
                          capture_output=True, text=True, timeout=timeout)


CONFIGS_AT_START = [r for r in REFUSED if r[0].startswith("config-")][:3]


@pytest.mark.parametrize("name,line,field", CONFIGS_AT_START, ids=[r[0] for r in CONFIGS_AT_START])
def test_kiosk_started_with_a_broken_config_prints_one_line(name: str, line: int | None, field: str | None):
    path = BROKEN / name
    result = run_kiosk(["--live"], {"KIOSK_CONFIG": str(path)})
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    lines = [text for text in result.stderr.splitlines() if text.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("kiosk: ")
    assert_one_clear_line(lines[0].removeprefix("kiosk: "), path, line, field)


# journals whose lines are whole JSON objects the app cannot replay: (file, line of the bad record)
BAD_EVENT_JOURNALS = {
    "journal-unknown-event.open.jsonl": 3,
    "journal-illegal-event.open.jsonl": 4,
}


@pytest.mark.parametrize("name", sorted(BAD_EVENT_JOURNALS))
def test_resuming_a_journal_with_a_bad_record_names_its_line(tmp_path, name: str):
    shutil.copy(BROKEN / name, tmp_path / "20261122-080000.open.jsonl")
    result = run_kiosk(["replay", str(GAME), "--headless", "--games", str(tmp_path)])
    output = result.stdout + result.stderr
    assert "Traceback" not in output, output
    assert f"20261122-080000.open.jsonl:{BAD_EVENT_JOURNALS[name]}" in output or \
           f"20261122-080000.open.jsonl line {BAD_EVENT_JOURNALS[name]}" in output, output


def files_to_reject() -> list[str]:
    """The malformed files the folder's README says a parser must reject (no alternative given)."""
    text = (MALFORMED_GCG.parent / "README.md").read_text(encoding="utf-8").split("## malformed/", 1)[1]
    rows = [[c.strip() for c in line.strip().strip("|").split(" | ")] for line in text.splitlines() if line.startswith("| `")]
    return [row[0].strip("`") for row in rows if row[-1].lower().startswith("reject") and " or " not in row[-1]]


def test_verify_gcg_on_every_malformed_file_shows_no_traceback():
    files = sorted(MALFORMED_GCG.glob("*.gcg"))
    rejected = files_to_reject()
    assert len(files) >= 70 and len(rejected) >= 40
    result = run_kiosk(["verify-gcg", *map(str, files)])
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert "Traceback" not in output, output[-2000:]
    for name in rejected:
        path = MALFORMED_GCG / name
        # one line per problem (verify-gcg reports every problem of a file; a wrong total is a
        # difference, not a rejection), each naming the file and its line
        named = [line for line in output.splitlines() if line.startswith(f"{path}:")]
        assert named, f"{name}: no line names the file"
        assert sum(line.endswith("(file rejected)") for line in named) <= 1, named
        if path.read_bytes().strip():   # an empty file has no line to name
            for line in named:
                assert line[len(f"{path}:"):].split(":")[0].isdigit(), f"{name}: no line named in {line}"


def test_live_kiosk_holds_the_error_on_a_visible_screen_and_tells_systemd_it_is_up(tmp_path, monkeypatch):
    """On the Pi's screen (a real video driver) the error stays up, READY and watchdog pings go
    out, so systemd does not restart the kiosk into the same error; the PNG shows what a
    volunteer sees."""
    import socket

    import pygame

    from kiosk import sdnotify
    from kiosk.cli.run import refuse_on_screen

    path = str(tmp_path / "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    monkeypatch.setenv("NOTIFY_SOCKET", path)
    monkeypatch.setenv("WATCHDOG_USEC", "1000")
    monkeypatch.setattr(sdnotify, "_default", None)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "kmsdrm")   # as on the Pi's console
    shown = []

    def flip() -> None:
        shown.append(pygame.display.get_surface().copy())
        if len(shown) == 3:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    monkeypatch.setattr(pygame.display, "flip", flip)
    error = InputError("/etc/scrabble-kiosk/kiosk.toml", "not valid TOML (Expected '=')", 7)
    assert refuse_on_screen(error) == 2
    assert len(shown) == 3, "the error stayed on screen until the window was closed"
    sock.setblocking(False)
    messages = []
    while True:
        try:
            messages.append(sock.recv(4096).decode())
        except BlockingIOError:
            break
    sock.close()
    assert any("READY=1" in m for m in messages), messages
    assert any("WATCHDOG=1" in m for m in messages), messages
    OUTPUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(shown[-1], str(OUTPUT / "live_refused.png"))
