"""The kiosk's main config file (TOML): where games go, which rules, camera, screen.

The path comes from the environment variable KIOSK_CONFIG, else DEFAULT_PATH. Every
key is optional; `systemd/kiosk.toml` is the documented example the installer puts
in /etc/scrabble-kiosk/.

What happens with a bad file (each problem is an InputError naming file, line, field):

- refuse to start (`load_config` raises): the file is not valid TOML or cannot be
  read; `files.games_dir` is not a usable folder path; `game.profile`,
  `game.lexicon` or `hardware.pin_map` is wrong or names a file that is missing.
  These decide where the record goes and how plays are judged and the clock is
  pressed: a silent default could score a tournament game by the wrong rules or file
  it where nobody looks.
- start with the default and a warning (`KioskConfig.warnings`): unknown keys
  (typos), player names, camera source, vision config, display, sound, log folder,
  and a config file that does not exist. The kiosk stays usable (manual score entry
  works without a camera) and shows the warning on screen.
"""
from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from kiosk.errors import InputError, line_of_key, parse_toml

DEFAULT_PATH = Path("/etc/scrabble-kiosk/kiosk.toml")
ENV_VAR = "KIOSK_CONFIG"

CameraKind = Literal["auto", "pi", "usb", "folder", "video"]
DEFAULT_PLAYERS = ("Player 1", "Player 2")
VIDEO_SUFFIXES = (".mp4", ".avi", ".mkv", ".mov", ".h264", ".mjpeg", ".webm")


@dataclass(frozen=True)
class CameraSource:
    kind: CameraKind = "auto"     # auto: the Pi camera if present, else the first USB camera
    index: int | None = None      # usb: the /dev/videoN index
    path: Path | None = None      # folder of recorded frames, or a video file


@dataclass(frozen=True)
class DisplayConfig:
    fullscreen: bool = True
    width: int = 0                # 0 x 0: the screen's own size
    height: int = 0


@dataclass(frozen=True)
class KioskConfig:
    source: str                            # the config file, or "<defaults>"
    games_dir: Path
    log_dir: Path | None = None            # None: log to stderr only (journald under systemd)
    profile: str = "naspa"                 # a bundled rule profile name ...
    profile_path: Path | None = None       # ... or a profile file
    lexicon_path: Path | None = None       # None: the default word list
    players: tuple[str, str] = DEFAULT_PLAYERS
    camera: CameraSource = field(default_factory=CameraSource)
    vision_config: Path | None = None      # None: vision's uncalibrated defaults
    pin_map: Path | None = None            # None: hardware's bundled pin map
    display: DisplayConfig = field(default_factory=DisplayConfig)
    sound: bool = False
    warnings: tuple[InputError, ...] = ()  # fell back to a default: show and log these


def default_games_dir(environ: Mapping[str, str]) -> Path:
    """$STATE_DIRECTORY/games under systemd (StateDirectory=), else the user's data folder."""
    state = environ.get("STATE_DIRECTORY", "").split(":")[0]
    if state:
        return Path(state) / "games"
    data_home = environ.get("XDG_DATA_HOME") or str(Path(environ.get("HOME", "~")).expanduser() / ".local" / "share")
    return Path(data_home) / "scrabble-kiosk" / "games"


def config_path(environ: Mapping[str, str] | None = None) -> tuple[Path, bool]:
    """(path, explicitly chosen) from KIOSK_CONFIG, else the default path."""
    env = os.environ if environ is None else environ
    value = env.get(ENV_VAR, "")
    return (Path(value), True) if value else (DEFAULT_PATH, False)


def load_config(path: Path | None = None, environ: Mapping[str, str] | None = None) -> KioskConfig:
    """Read the config (path, else KIOSK_CONFIG, else DEFAULT_PATH); raise InputError to refuse."""
    env = os.environ if environ is None else environ
    explicit = path is not None
    if path is None:
        path, explicit = config_path(env)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        missing = (
            (InputError(str(path), "config file not found; using the defaults"),) if explicit else ()
        )
        return _Parser("", "<defaults>", Path.cwd(), env).build(missing)
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(str(path), f"cannot read config ({getattr(exc, 'strerror', None) or exc})") from None
    return _Parser(text, str(path), path.resolve().parent, env).build(())


# the keys each table may hold
_SCHEMA: dict[str, tuple[str, ...]] = {
    "game": ("profile", "lexicon", "players"),
    "files": ("games_dir", "log_dir"),
    "camera": ("source", "vision_config"),
    "hardware": ("pin_map",),
    "display": ("fullscreen", "width", "height"),
    "sound": ("enabled",),
}
_PROFILE_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


class _Parser:
    def __init__(self, text: str, source: str, base: Path, environ: Mapping[str, str]) -> None:
        self.text = text
        self.source = source
        self.base = base  # relative paths in the file are relative to the file's folder
        self.environ = environ
        self.data = parse_toml(text, source) if text else {}
        self.warnings: list[InputError] = []

    def error(self, key: str, message: str) -> InputError:
        return InputError(self.source, message, line_of_key(self.text, key), key)

    def build(self, warnings: tuple[InputError, ...]) -> KioskConfig:
        self.warnings.extend(warnings)
        self.check_unknown_keys()
        profile, profile_path = self.profile()
        return KioskConfig(
            source=self.source,
            games_dir=self.games_dir(),
            log_dir=self.optional("files.log_dir", self.folder, None),
            profile=profile,
            profile_path=profile_path,
            lexicon_path=self.lexicon(),
            players=self.optional("game.players", self.players, DEFAULT_PLAYERS),
            camera=self.optional("camera.source", self.camera, CameraSource()),
            vision_config=self.optional("camera.vision_config", self.existing_file, None),
            pin_map=self.pin_map(),
            display=DisplayConfig(
                fullscreen=self.optional("display.fullscreen", self.boolean, True),
                width=self.optional("display.width", self.size, 0),
                height=self.optional("display.height", self.size, 0),
            ),
            sound=self.optional("sound.enabled", self.boolean, False),
            warnings=tuple(self.warnings),
        )

    # --- lookup -------------------------------------------------------------
    def value(self, key: str) -> Any:
        table, name = key.split(".")
        section = self.data.get(table, {})
        return section.get(name) if isinstance(section, dict) else None

    def optional(self, key: str, read: Callable[[str, Any], Any], default: Any) -> Any:
        """Read an optional key; a wrong value becomes a warning and the default."""
        value = self.value(key)
        if value is None:
            return default
        try:
            return read(key, value)
        except InputError as problem:
            problem.message += f"; using the default ({_shown(default)})"
            self.warnings.append(problem)
            return default

    def check_unknown_keys(self) -> None:
        for table, section in self.data.items():
            if table not in _SCHEMA:
                self.warnings.append(InputError(self.source, f"unknown table [{table}] ignored", _line_of_table(self.text, table), table))
            elif not isinstance(section, dict):
                self.warnings.append(self.error(table, f"expected a [{table}] table; ignored"))
            else:
                for key in section:
                    if key not in _SCHEMA[table]:
                        known = ", ".join(_SCHEMA[table])
                        self.warnings.append(self.error(f"{table}.{key}", f"unknown key ignored (known: {known})"))

    # --- readers: raise InputError -----------------------------------------
    def text_value(self, key: str, value: Any) -> str:
        if not isinstance(value, str):
            raise self.error(key, f"expected a text value in quotes, got {_shown(value)}")
        return value

    def path(self, key: str, value: Any) -> Path:
        text = self.text_value(key, value).strip()
        if not text:
            raise self.error(key, "empty path")
        return (self.base / Path(text).expanduser()).resolve()

    def existing_file(self, key: str, value: Any) -> Path | None:
        if self.text_value(key, value).strip() == "":
            return None  # "" means: the default
        path = self.path(key, value)
        if not path.is_file():
            raise self.error(key, f"no such file {path}")
        return path

    def folder(self, key: str, value: Any) -> Path:
        path = self.path(key, value)
        if path.exists() and not path.is_dir():
            raise self.error(key, f"{path} exists and is not a folder")
        return path

    def boolean(self, key: str, value: Any) -> bool:
        if not isinstance(value, bool):
            raise self.error(key, f"expected true or false, got {_shown(value)}")
        return value

    def size(self, key: str, value: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10_000:
            raise self.error(key, f"expected a whole number of pixels 0..10000 (0 = the screen's size), got {_shown(value)}")
        return value

    def players(self, key: str, value: Any) -> tuple[str, str]:
        if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) and v.strip() for v in value)):
            raise self.error(key, f'expected two names, e.g. ["Ann", "Bob"], got {_shown(value)}')
        return (value[0].strip(), value[1].strip())

    def camera(self, key: str, value: Any) -> CameraSource:
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return CameraSource("usb", index=value)
        text = self.text_value(key, value).strip()
        if text in ("auto", "pi"):
            return CameraSource(text)  # type: ignore[arg-type]
        if text == "usb" or re.fullmatch(r"usb:\d+", text):
            return CameraSource("usb", index=int(text[4:] or 0))
        path = self.path(key, value)
        if path.is_dir():
            return CameraSource("folder", path=path)
        if path.is_file() and path.suffix.lower() in VIDEO_SUFFIXES:
            return CameraSource("video", path=path)
        raise self.error(
            key, f'expected "auto", "pi", "usb:N", a folder of frames or a video file; got {_shown(value)}'
        )

    # --- keys that refuse to start -----------------------------------------
    def games_dir(self) -> Path:
        value = self.value("files.games_dir")
        return default_games_dir(self.environ) if value is None else self.folder("files.games_dir", value)

    def profile(self) -> tuple[str, Path | None]:
        value = self.value("game.profile")
        if value is None:
            return "naspa", None
        text = self.text_value("game.profile", value).strip()
        if text.endswith(".toml") or "/" in text:
            path = self.existing_file("game.profile", value)
            assert path is not None
            return path.stem, path
        if not _PROFILE_NAME.match(text):
            raise self.error("game.profile", f"not a profile name or a .toml file: {_shown(value)}")
        known = _bundled_profiles()
        if known and text not in known:
            raise self.error("game.profile", f"unknown profile {text!r} (bundled: {', '.join(known)}; or a .toml file)")
        return text, None

    def lexicon(self) -> Path | None:
        value = self.value("game.lexicon")
        if value is None or (isinstance(value, str) and value.strip() in ("", "default")):
            return None
        return self.existing_file("game.lexicon", value)

    def pin_map(self) -> Path | None:
        value = self.value("hardware.pin_map")
        return None if value is None else self.existing_file("hardware.pin_map", value)


def _bundled_profiles() -> tuple[str, ...]:
    try:
        from kiosk.rules.data import available
        return available("profiles")
    except (ImportError, OSError):
        return ()


def _line_of_table(text: str, table: str) -> int | None:
    pattern = re.compile(rf"^\s*\[\s*{re.escape(table)}\s*\]")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return number
    return None


def _shown(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, CameraSource):
        return f'"{value.kind}"'
    if isinstance(value, tuple):
        value = list(value)
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    return text if len(text) <= 40 else text[:37] + "..."
