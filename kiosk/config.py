"""The kiosk's main config file (TOML): where games go, which rules, tiles, camera, screen.

The path comes from the environment variable KIOSK_CONFIG, else DEFAULT_PATH. Every
key is optional; `systemd/kiosk.toml` is the documented example the installer puts
in /etc/scrabble-kiosk/, and `python -m kiosk check-config FILE` prints what a file
sets and every problem in it.

What happens with a bad file (each problem names file, line and key):

- refuse to start (`load_config` raises InputError): the file is not valid TOML or
  cannot be read; `files.games_dir` is not a usable folder path; `game.profile`,
  `game.tileset` (or `vision.tileset`), `game.lexicon` or `hardware.pin_map` is wrong or
  names a missing or broken file. These decide where the record goes, how plays are
  scored and judged, and which button is which: a silent default could score a
  tournament game by the wrong rules or file it where nobody looks.
- start with the default and a `ConfigWarning` (`KioskConfig.warnings`, shown on screen
  until acknowledged): unknown keys (typos), player names, camera source, the [vision]
  table (calibration, corners, rack zones), display, sound, log folder, [network], and a
  config file that does not exist. The kiosk stays usable (manual score entry works
  without a camera).
"""
from __future__ import annotations

import difflib
import logging
import logging.handlers
import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, TypeVar

from hardware.pins import PinMap, load_pin_map, parse_pin_map
from kiosk.errors import InputError, line_of_key, parse_toml
from kiosk.network.config import NetworkConfig, parse_network
from kiosk.rules.profiles import Profile, load_profile, parse_profile
from kiosk.rules.tiles import tileset_names
from vision.config import VisionConfig, parse_vision

DEFAULT_PATH = Path("/etc/scrabble-kiosk/kiosk.toml")
ENV_VAR = "KIOSK_CONFIG"

CameraKind = Literal["auto", "pi", "usb", "folder", "video"]
DEFAULT_PLAYERS = ("Player 1", "Player 2")
ROSTER_NAME_MAX = 24            # game.roster: a longer name would not fit the start screen
VIDEO_SUFFIXES = (".mp4", ".avi", ".mkv", ".mov", ".h264", ".mjpeg", ".webm")
LOG_FILE = "kiosk.log"          # in files.log_dir: 4 files of at most 1 MB
LOG_BYTES, LOG_BACKUPS = 1_000_000, 3
NETWORK_FILES = ("ca_file", "cert_file", "key_file", "password_file")  # [network] paths

T = TypeVar("T")


@dataclass(frozen=True)
class ConfigWarning:
    """A setting the kiosk could not use: it fell back to the default (shown until acknowledged)."""

    source: str          # the config file
    message: str         # what is wrong, and what is used instead
    line: int | None = None
    key: str | None = None  # "game.profil", "vision.racks.p3", ...

    def __str__(self) -> str:
        return str(InputError(self.source, self.message, self.line, self.key))

    @classmethod
    def of(cls, problem: InputError) -> ConfigWarning:
        return cls(problem.source, problem.message, problem.line, problem.field)


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
    profile: str = "naspa"                 # the name recorded in the game: bundled name or the file's stem
    rules: Profile = field(default_factory=load_profile)   # the rule profile itself (bundled or the club's file)
    profile_path: Path | None = None       # the club's profile file, if one
    tileset: str = "english"               # the game's tile set (rules and vision alike)
    lexicon: str = "default"               # "default" (bundled English list), "none" (no adjudication) or a file path
    players: tuple[str, str] = DEFAULT_PLAYERS
    roster: tuple[str, ...] = ()           # game.roster: the club's names the start screen offers (may be empty)
    camera: CameraSource = field(default_factory=CameraSource)
    vision: VisionConfig = field(default_factory=VisionConfig)
    pin_map: Path | None = None            # None: hardware's bundled six-button map
    pins: PinMap = field(default_factory=load_pin_map)
    display: DisplayConfig = field(default_factory=DisplayConfig)
    sound: bool = False                    # KIOSK-04: off unless the club turns it on
    network: NetworkConfig | None = None   # [network]: the club-room feed; None: off
    warnings: tuple[ConfigWarning, ...] = ()

    @property
    def lexicon_path(self) -> Path | None:
        return None if self.lexicon in ("default", "none") else Path(self.lexicon)

    @property
    def vision_config(self) -> None:
        """Gone (the [vision] table is `vision`); kept so kiosk/cli/run.py runs until the assembly replaces it."""
        return None


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
    config, errors = read_config(path, environ)
    if errors or config is None:
        raise errors[0]
    return config


def read_config(path: Path | None = None, environ: Mapping[str, str] | None = None,
                *, deep: bool = False) -> tuple[KioskConfig | None, tuple[InputError, ...]]:
    """(config, every problem that refuses the file). The config holds the warnings; it is
    None only when the file cannot be read as TOML at all. `deep` also reads the word list
    through (what the kiosk does when a game starts; slow for a big list)."""
    env = os.environ if environ is None else environ
    explicit = path is not None
    if path is None:
        path, explicit = config_path(env)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        missing = ConfigWarning(str(path), "config file not found; using the defaults")
        parser = _Parser("", "<defaults>", Path.cwd(), env, deep)
        return parser.build((missing,) if explicit else ()), ()
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not UTF-8 text"
        return None, (InputError(str(path), f"cannot read config ({why})"),)
    try:
        parser = _Parser(text, str(path), path.resolve().parent, env, deep)
    except InputError as exc:
        return None, (exc,)
    config = parser.build(())
    return config, tuple(parser.errors)


def attach_file_log(config: KioskConfig, logger: logging.Logger | None = None) -> Path | None:
    """Also log to files.log_dir/kiosk.log (at most 4 x 1 MB). Returns the file, or None
    when no log folder is set or it cannot be written (said in the log, not raised)."""
    if config.log_dir is None:
        return None
    target = logger or logging.getLogger()
    path = config.log_dir / LOG_FILE
    try:
        config.log_dir.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS,
                                                       encoding="utf-8")
    except OSError as exc:
        target.warning("%s: files.log_dir: cannot write the log file %s (%s); logging to journald only",
                       config.source, path, exc.strerror or exc)
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    target.addHandler(handler)
    return path


# the keys each table may hold; [vision] is vision.config's, [network] kiosk.network's
SCHEMA: dict[str, tuple[str, ...]] = {
    "game": ("profile", "tileset", "lexicon", "players", "roster"),
    "files": ("games_dir", "log_dir"),
    "camera": ("source",),
    "vision": (),
    "hardware": ("pin_map",),
    "display": ("fullscreen", "width", "height"),
    "sound": ("enabled",),
    "network": (),
}
_BUNDLED_DEFAULT: tuple[str, Profile, Path | None] = ("naspa", load_profile(), None)
_PROFILE_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


class _Parser:
    def __init__(self, text: str, source: str, base: Path, environ: Mapping[str, str], deep: bool) -> None:
        self.text = text
        self.source = source
        self.base = base  # relative paths in the file are relative to the file's folder
        self.environ = environ
        self.deep = deep
        self.data: dict[str, object] = parse_toml(text, source) if text else {}
        self.warnings: list[ConfigWarning] = []
        self.errors: list[InputError] = []
        self.game_tileset = "english"

    def error(self, key: str, message: str) -> InputError:
        return InputError(self.source, message, line_of_key(self.text, key), key)

    def warn(self, key: str, message: str, line: int | None = None) -> None:
        self.warnings.append(ConfigWarning(self.source, message, line or line_of_key(self.text, key), key))

    def build(self, warnings: tuple[ConfigWarning, ...]) -> KioskConfig:
        self.warnings.extend(warnings)
        self.check_unknown_keys()
        profile, rules, profile_path = self.required("game.profile", self.profile, _BUNDLED_DEFAULT)
        vision = self.vision()
        lexicon = self.required("game.lexicon", self.lexicon, "default")
        if lexicon == "default" and vision.tileset != "english":
            self.warn("game.lexicon", f"the default word list is English, the tile set {vision.tileset}: challenges "
                      'would be judged in English; name your word list, or "none"',
                      line_of_key(self.text, "game.lexicon") or line_of_key(self.text, "game.tileset")
                      or line_of_key(self.text, "vision.tileset"))
        games_dir = self.required("files.games_dir", self.games_dir, default_games_dir(self.environ))
        no_file: Path | None = None
        pin_map, pins = self.required("hardware.pin_map", self.pin_map, (no_file, load_pin_map()))
        return KioskConfig(
            source=self.source,
            games_dir=games_dir,
            log_dir=self.optional("files.log_dir", self.folder, None),
            profile=profile,
            rules=rules,
            profile_path=profile_path,
            tileset=vision.tileset,
            lexicon=lexicon,
            players=self.optional("game.players", self.players, DEFAULT_PLAYERS),
            roster=self.optional("game.roster", self.roster, ()),
            camera=self.optional("camera.source", self.camera, CameraSource()),
            vision=vision,
            pin_map=pin_map,
            pins=pins,
            display=DisplayConfig(
                fullscreen=self.optional("display.fullscreen", self.boolean, True),
                width=self.optional("display.width", self.size, 0),
                height=self.optional("display.height", self.size, 0),
            ),
            sound=self.optional("sound.enabled", self.boolean, False),
            network=self.network(),
            warnings=tuple(self.warnings),
        )

    # --- lookup -------------------------------------------------------------
    def table(self, name: str) -> dict[str, object]:
        section = self.data.get(name, {})
        return section if isinstance(section, dict) else {}

    def value(self, key: str) -> object:
        table, name = key.split(".")
        return self.table(table).get(name)

    def optional(self, key: str, read: Callable[[str, object], T], default: T) -> T:
        """Read an optional key; a wrong value becomes a warning and the default."""
        value = self.value(key)
        if value is None:
            return default
        try:
            return read(key, value)
        except InputError as problem:
            self.warnings.append(ConfigWarning(problem.source, f"{problem.message}; using the default "
                                               f"({_shown(default)})", problem.line, problem.field))
            return default

    def required(self, key: str, read: Callable[[str, object], T], default: T) -> T:
        """Read a key the kiosk refuses to start without when it is wrong (absent: the default)."""
        value = self.value(key)
        if value is None:
            return default
        try:
            return read(key, value)
        except InputError as problem:
            self.errors.append(problem)
            return default

    def check_unknown_keys(self) -> None:
        for table, section in self.data.items():
            if table not in SCHEMA:
                hint = _did_you_mean(table, SCHEMA)
                self.warn(table, f"unknown table [{table}] ignored{hint}", _line_of_table(self.text, table))
            elif not isinstance(section, dict):
                self.warn(table, f"expected a [{table}] table; ignored")
            elif SCHEMA[table]:
                for key in section:
                    if key == "vision_config" and table == "camera":
                        self.warn("camera.vision_config", "no longer read: put calibration, corners and rack "
                                  "zones in a [vision] table of this file (see the README)")
                    elif key not in SCHEMA[table]:
                        hint = _did_you_mean(key, SCHEMA[table]) or f" (known: {', '.join(SCHEMA[table])})"
                        self.warn(f"{table}.{key}", f"unknown key ignored{hint}")

    # --- readers: raise InputError -----------------------------------------
    def text_value(self, key: str, value: object) -> str:
        if not isinstance(value, str):
            raise self.error(key, f"expected a text value in quotes, got {_shown(value)}")
        return value

    def path(self, key: str, value: object) -> Path:
        text = self.text_value(key, value).strip()
        if not text:
            raise self.error(key, "empty path")
        return (self.base / Path(text).expanduser()).resolve()

    def existing_file(self, key: str, value: object) -> Path:
        path = self.path(key, value)
        if not path.is_file():
            raise self.error(key, f"no such file {path}")
        return path

    def read_file(self, key: str, path: Path) -> str:
        try:
            return path.read_text(encoding="utf-8")
        except OSError as exc:
            raise self.error(key, f"cannot read {path} ({exc.strerror})") from None
        except UnicodeDecodeError:
            raise self.error(key, f"{path} is not UTF-8 text") from None

    def folder(self, key: str, value: object) -> Path:
        path = self.path(key, value)
        if path.exists() and not path.is_dir():
            raise self.error(key, f"{path} exists and is not a folder")
        return path

    def boolean(self, key: str, value: object) -> bool:
        if not isinstance(value, bool):
            raise self.error(key, f"expected true or false, got {_shown(value)}")
        return value

    def size(self, key: str, value: object) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10_000:
            raise self.error(key, f"expected a whole number of pixels 0..10000 (0 = the screen's size), got {_shown(value)}")
        return value

    def players(self, key: str, value: object) -> tuple[str, str]:
        if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) and v.strip() for v in value)):
            raise self.error(key, f'expected two names, e.g. ["Ann", "Bob"], got {_shown(value)}')
        return (str(value[0]).strip(), str(value[1]).strip())

    def roster(self, key: str, value: object) -> tuple[str, ...]:
        """The club's names: a list of at least two different names, each at most ROSTER_NAME_MAX
        characters (longer ones would not fit the screen); a repeated name is kept once."""
        if not (isinstance(value, list) and all(isinstance(v, str) and v.strip() for v in value)):
            raise self.error(key, f'expected a list of names, e.g. ["Ann", "Bob", "Cleo"], got {_shown(value)}')
        names: list[str] = []
        for raw in value:
            name = " ".join(str(raw).split())
            if len(name) > ROSTER_NAME_MAX:
                raise self.error(key, f"{name!r} is longer than {ROSTER_NAME_MAX} characters")
            if name.casefold() in (n.casefold() for n in names):
                self.warn(key, f"{name!r} is listed twice; offered once")
                continue
            names.append(name)
        if len(names) < 2:
            raise self.error(key, f"expected at least two different names, got {_shown(value)}")
        return tuple(names)

    def camera(self, key: str, value: object) -> CameraSource:
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return CameraSource("usb", index=value)
        text = self.text_value(key, value).strip()
        if text == "auto":
            return CameraSource("auto")
        if text == "pi":
            return CameraSource("pi")
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
    def games_dir(self, key: str, value: object) -> Path:
        return self.folder(key, value)

    def profile(self, key: str, value: object) -> tuple[str, Profile, Path | None]:
        text = self.text_value(key, value).strip()
        if text.endswith(".toml") or "/" in text:
            path = self.existing_file(key, value)
            return path.stem, parse_profile(self.read_file(key, path), str(path)), path
        known = _bundled_profiles()
        if not _PROFILE_NAME.match(text) or text not in known:
            raise self.error(key, f"unknown profile {_shown(value)} (bundled: {', '.join(known)}; or a .toml file)")
        return text, load_profile(text), None

    def tileset(self, key: str, value: object) -> str:
        known = tileset_names()
        if not isinstance(value, str) or value not in known:
            raise self.error(key, f"unknown tile set {_shown(value)} (known: {', '.join(known)})")
        return value

    def lexicon(self, key: str, value: object) -> str:
        text = self.text_value(key, value).strip()
        if text in ("", "default"):
            return "default"
        if text == "none":
            return "none"
        path = self.existing_file(key, value)
        if self.deep:  # read it through as the game will, with the game's tile set (multi-letter tiles)
            from kiosk.lexicon_files import load_word_list
            from kiosk.rules.tiles import load_tileset

            load_word_list(path, load_tileset(self.game_tileset))
        return str(path)

    def pin_map(self, key: str, value: object) -> tuple[Path | None, PinMap]:
        if self.text_value(key, value).strip() == "":
            return None, load_pin_map()  # "" means: the bundled map
        path = self.existing_file(key, value)
        return path, parse_pin_map(self.read_file(key, path), str(path))

    # --- tables parsed by their own modules ----------------------------------
    def vision(self) -> VisionConfig:
        """[vision] through vision.config's parser: each bad key a warning, except the tile
        set, which is the game's (game.tileset and vision.tileset are one setting)."""
        import dataclasses

        vision, problems = parse_vision(self.table("vision"), self.text, self.source, self.base)
        for problem in problems:
            if problem.field == "vision.tileset":
                self.errors.append(problem)
            else:
                self.warnings.append(ConfigWarning(problem.source, f"{problem.message}; ignored",
                                                   problem.line, problem.field))
        tileset = self.required("game.tileset", self.tileset, vision.tileset)
        self.game_tileset = tileset
        in_vision = self.table("vision").get("tileset")
        if in_vision is not None and self.value("game.tileset") is not None and in_vision != tileset:
            self.errors.append(self.error("vision.tileset", f"{_shown(in_vision)} differs from game.tileset "
                                          f"{_shown(tileset)}: one tile set per game; remove one of them"))
        calibration = vision.calibration
        if calibration is not None:
            why = _calibration_problem(calibration)
            if why:
                self.warn("vision.calibration", f"{why}; reading uncalibrated")
                calibration = None
        return dataclasses.replace(vision, tileset=tileset, calibration=calibration)

    def network(self) -> NetworkConfig | None:
        """[network] through kiosk.network's parser; a problem turns the feed off with a warning.
        Its file paths are relative to this file's folder, as every path here."""
        if "network" not in self.data:
            return None
        table = dict(self.table("network"))
        for key in NETWORK_FILES:
            value = table.get(key)
            if isinstance(value, str) and value.strip():
                table[key] = str(self.base / Path(value.strip()).expanduser())
        try:
            return parse_network(table, self.source)
        except InputError as problem:
            line = problem.line or (line_of_key(self.text, problem.field) if problem.field else None)
            self.warnings.append(ConfigWarning(problem.source, f"{problem.message}; network feed off",
                                               line or _line_of_table(self.text, "network"), problem.field))
            return None


def _calibration_problem(path: Path) -> str | None:
    """Why a calibration file cannot be used, or None."""
    if not path.is_file():
        return f"no such file {path}"
    try:
        from vision.models import Calibration

        Calibration.load(path)
    except InputError as exc:
        return exc.message
    except OSError as exc:
        return f"cannot read {path} ({exc.strerror})"
    return None


def _bundled_profiles() -> tuple[str, ...]:
    from kiosk.rules.data import available

    return available("profiles")


def _did_you_mean(word: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(known), n=1)
    return f' (did you mean "{close[0]}"?)' if close else ""


def _line_of_table(text: str, table: str) -> int | None:
    pattern = re.compile(rf"^\s*\[\s*{re.escape(table)}\s*[\].]")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return number
    return line_of_key(text, table)


def _shown(value: object) -> str:
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
