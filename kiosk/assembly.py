"""The one composition root: a kiosk built from a `KioskConfig` and backends handed in.

Every way of running the kiosk goes through `assemble()`: the live kiosk
(`kiosk.cli.run`), the demo and `kiosk replay` (`kiosk.replay.driver`), the latency
bench and the tests. What differs between them is only what is handed in, in the
gpiozero manner:

- `Backends.camera`: anything with `read()` (a Pi / USB camera, a recorded folder);
- `Backends.pin_factory`: gpiozero's pin factory for the buttons and LEDs (the Pi's own,
  `MockFactory` in tests), or None for no GPIO (keyboard / scripted presses only);
- `Backends.time_source`: the monotonic clock, or a simulated one;
- `Backends.threaded_vision`: read the board on a worker thread (live) or inline at the
  caller's simulated time (replay: deterministic);
- the sinks: where each tick's ScreenModel and each durable journal record go (the
  pygame screen, the LEDs, the log, a network feed); see `kiosk.sinks`.

The rules the game is played by (profile by name or file, tile set, lexicon) and the
vision settings come from the config only, so a replay under a config plays exactly as
the live kiosk would under it.
"""
from __future__ import annotations

import logging
import queue
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Container, Iterable, Protocol

from kiosk.app import AppSettings, GameSetup, KioskApp, MemoryJournal
from kiosk.config import KioskConfig
from kiosk.display.model import ScreenModel
from kiosk.errors import InputError
from kiosk.rules.profiles import Profile, load_profile, parse_profile
from kiosk.rules.tiles import TileSet, load_tileset
from kiosk.sinks import JournalRecord, Sink

log = logging.getLogger("kiosk.assembly")
SCREEN_EVERY_S = 0.25   # an unchanged screen is built again this often (clocks tick in seconds)
RACK_POLL_S = 2.0       # with rack zones, the racks are read this often while a clock runs: an overdraw
                        # is asked about once kiosk.rack_watch.STABLE_FRAMES (3) such readings agree (6 s);
                        # each is a whole board reading (0.1-0.2 s of CPU here; once a second made the
                        # fixture replays 2.5 times slower)


class CameraLike(Protocol):
    def read(self) -> Any: ...


class JournalBackend(Protocol):
    def append(self, record: dict[str, Any]) -> object: ...


@dataclass(frozen=True)
class Rules:
    """What the game is played by: setup (names, first player, names of the rules), the
    profile and tile set objects, and the word list (None: no adjudication)."""
    setup: GameSetup
    profile: Profile
    tileset: TileSet
    lexicon: Container[str] | None


def load_rules_profile(config: KioskConfig | None, fallback: str) -> tuple[str, Profile]:
    """(name recorded in the journal, Profile): the config's (a bundled name or a club's
    file, already loaded by kiosk.config), else the bundled one named by `fallback`."""
    if config is None:
        return fallback, load_profile(fallback)
    return config.profile, config.rules


def make_lexicon(name: str) -> Container[str] | None:
    """The word list named by the setup; 'none' = no adjudication (a language without one)."""
    if name == "none":
        return None
    from kiosk.lexicon_files import default_lexicon, load_word_list

    return default_lexicon() if name == "default" else load_word_list(name)


def rules_for(config: KioskConfig | None, *, players: tuple[str, str] | None = None, first: int = 0,
              fallback: GameSetup = GameSetup()) -> Rules:
    """The game's rules: from the config where it says, else from `fallback` (a recorded
    game's own setup). Players' names: `players`, else the config's."""
    profile_name, profile = load_rules_profile(config, fallback.profile)
    tileset_name = config.tileset if config is not None else fallback.tileset
    lexicon_name = config.lexicon if config is not None else fallback.lexicon
    names = players or (config.players if config is not None else fallback.players)
    setup = GameSetup(players=names, first=first, profile=profile_name, tileset=tileset_name, lexicon=lexicon_name)
    return Rules(setup, profile, load_tileset(tileset_name), make_lexicon(lexicon_name))


def vision_config_for(config: KioskConfig | None, tileset: str, folder: Path | None = None) -> Any:
    """Vision settings: the config's [vision] table when it sets anything (calibration,
    corners, rack zones), else a recorded folder's own vision.toml (its camera's
    calibration), else the defaults; always for the game's tile set."""
    from dataclasses import replace as with_fields

    from vision.config import VisionConfig, load_config

    if config is not None and _sets_anything(config.vision):
        return with_fields(config.vision, tileset=tileset)
    if folder is not None and (folder / "vision.toml").exists():
        return load_config(folder / "vision.toml")
    return VisionConfig(tileset=tileset)


def _sets_anything(vision: Any) -> bool:
    return vision.corners is not None or bool(vision.rack_zones) or vision.calibration is not None


@dataclass
class Backends:
    camera: CameraLike
    time_source: Callable[[], float] = time.monotonic
    pin_factory: Any = None              # gpiozero pin factory (MockFactory in tests)
    gpio: bool = False                   # buttons and LEDs on GPIO with gpiozero's default factory (a Pi)
    threaded_vision: bool = True         # False: inline readings at the caller's time (replay)
    reader: Any = None                   # a board reader; None: vision.reader.BoardReader(config)
    leave_fullscreen: Callable[[], None] | None = None   # the director's menu asks the display for a window


class _PublishedJournal:
    """The game's journal, handing each durable record to the sinks in order."""

    def __init__(self, inner: JournalBackend, sinks: list[Sink], game_id: str, seq: int) -> None:
        self.inner = inner
        self.sinks = sinks
        self.game_id = game_id
        self.seq = seq

    @property
    def path(self) -> Path | None:
        value = getattr(self.inner, "path", None)
        return value if isinstance(value, Path) else None

    @property
    def records(self) -> list[dict[str, Any]]:
        value = getattr(self.inner, "records", [])
        return list(value)

    @property
    def save_problem(self) -> str | None:
        """Why the journal cannot write now (a full or failing card), for the screen."""
        value = getattr(self.inner, "save_problem", None)
        return str(value) if value else None

    def append(self, record: dict[str, Any]) -> None:
        self.inner.append(record)
        self.seq += 1
        publish_record(self.sinks, self.game_id, self.seq, record)

    def finish(self, gcg_text: str | None = None) -> Any:
        finish = getattr(self.inner, "finish", None)
        return finish(gcg_text) if finish is not None else None

    def abandon(self) -> Any:
        abandon = getattr(self.inner, "abandon", None)
        return abandon() if abandon is not None else None


def publish_record(sinks: Iterable[Sink], game_id: str, seq: int, record: JournalRecord) -> None:
    for sink in sinks:
        try:
            sink.record(game_id, seq, record)
        except Exception:  # a broken sink never stops the game
            log.exception("sink %s failed on record %d", type(sink).__name__, seq)


def publish_screen(sinks: Iterable[Sink], screen: ScreenModel) -> None:
    for sink in sinks:
        try:
            sink.show(screen)
        except Exception:
            log.exception("sink %s failed to show a screen", type(sink).__name__)


class LogSink:
    """Durable records and screen changes into the log (journald under systemd)."""

    def __init__(self, logger: logging.Logger | None = None) -> None:
        self.log = logger or logging.getLogger("kiosk.game")
        self._last = ""

    def show(self, screen: ScreenModel) -> None:
        if screen.screen != self._last:
            self._last = screen.screen
            self.log.debug("screen: %s", screen.screen)

    def record(self, game_id: str, seq: int, record: JournalRecord) -> None:
        kind = record.get("event", {}).get("type") if isinstance(record.get("event"), dict) else None
        self.log.info("%s #%d %s", game_id, seq, kind or ("events" if "events" in record else "app"))

    def close(self) -> None:
        pass


@dataclass
class Kiosk:
    """The assembled kiosk: one game app, its inputs and its sinks. Drive it with
    `press()` (or buttons from the pin factory) and `tick()` once per loop iteration."""

    config: KioskConfig | None
    rules: Rules
    backends: Backends
    vision: Any
    sinks: list[Sink]
    games_dir: Path | None
    app: KioskApp = field(init=False)
    buttons: Any = None
    inputs: "queue.Queue[Any]" = field(default_factory=queue.Queue)
    settings: AppSettings = field(default_factory=AppSettings)
    last_screen: ScreenModel | None = None
    recovery: Any = None
    _last_key: tuple[object, ...] = ()
    _last_built: float = float("-inf")

    def open_game(self, records_journal: tuple[Any, list[dict[str, Any]]] | None = None) -> KioskApp:
        """The unfinished game from the journal (a restart), else a new one."""
        journal: Any
        records: list[dict[str, Any]] = []
        game_id = "memory"
        if records_journal is not None:
            journal, records = records_journal
        elif self.games_dir is not None:
            from kiosk import journal as journals

            found = journals.resume(self.games_dir)
            if found is not None:
                journal, self.recovery = found
                records = list(journal.records)
                for line in self.recovery.lines() if self.recovery.damaged else ():
                    log.warning("%s", line)
            else:
                journal = journals.start_game(self.games_dir)
        else:
            journal = MemoryJournal()
        game_id = str(getattr(journal, "game_id", game_id))
        warnings = tuple(str(w) for w in (self.config.warnings if self.config is not None else ()))
        for seq, record in enumerate(records, start=1):   # catch-up for sinks that were behind
            publish_record(self.sinks, game_id, seq, record)
        published = _PublishedJournal(journal, self.sinks, game_id, len(records))
        self.app = KioskApp(self.rules.setup, vision=self.vision, journal=published,
                            time_source=self.backends.time_source, lexicon=self.rules.lexicon,
                            settings=self.settings, records=records or None,
                            profile=self.rules.profile, tileset=self.rules.tileset, warnings=warnings)
        if self.app.recovered is not None and self.recovery is not None and self.recovery.damaged:
            self.app.recovered["damage"] = tuple(self.recovery.lines())
        return self.app

    def new_game(self) -> KioskApp:
        """A new game over an unfinished one (the director confirmed it in the menu): the
        old journal is kept as .abandoned.jsonl, never deleted."""
        if self.games_dir is None:
            return self.open_game((MemoryJournal(), []))
        from kiosk import journal as journals

        self.recovery = None
        return self.open_game((journals.start_game(self.games_dir, confirm_replace=True), []))

    def press(self, button: str, kind: str = "press", t: float | None = None) -> None:
        self.app.handle_button(button, kind, t)

    def tick(self) -> ScreenModel | None:
        """Take the queued button events, let the app collect readings and timers, and
        publish this tick's screen to every sink (None: no sink to show it to)."""
        while True:
            try:
                event = self.inputs.get_nowait()
            except queue.Empty:
                break
            if self.app.phase == "done" and event.button == "confirm" and event.kind == "press":
                self.open_game()   # the result was confirmed and written: a new game
                continue
            self.app.handle_button(event.button, event.kind, event.t)
        if self.app.new_game_requested:
            self.new_game()
        if self.app.leave_fullscreen_requested:
            self.app.leave_fullscreen_requested = False
            if self.backends.leave_fullscreen is not None:
                self.backends.leave_fullscreen()
        self.app.tick()
        if not self.sinks:
            return None
        # The screen is built when something changed, else at most SCREEN_EVERY_S (the
        # clocks' seconds): building it on every loop iteration would take the CPU from
        # the board reader while a turn is being read.
        now = self.backends.time_source()
        key = self._screen_key()
        if self.last_screen is not None and key == self._last_key and now - self._last_built < SCREEN_EVERY_S:
            return self.last_screen
        self._last_key, self._last_built = key, now
        screen = self.app.screen()
        self.last_screen = screen
        publish_screen(self.sinks, screen)
        return screen

    def _screen_key(self) -> tuple[object, ...]:
        app = self.app
        head = app.pending[0] if app.pending else None
        return (id(app), len(app.events), len(app.app_records), app.phase, len(app.pending),
                None if head is None else (head.stage, head.blank_cursor, head.exchange_count,
                                           head.waiting_since is not None),
                app.menu, app.rack_entry, app.rack_question, app.camera_problem, len(app.app_alerts),
                app.warnings_unacknowledged, app.recovered is None, app.clock.neutralized_reason)

    def close(self) -> None:
        for sink in self.sinks:
            try:
                sink.close()
            except Exception:
                log.exception("sink %s failed to close", type(sink).__name__)
        if self.buttons is not None:
            self.buttons.close()
        close = getattr(self.vision, "close", None)
        if close is not None:
            close()


def assemble(config: KioskConfig | None, backends: Backends, *, sinks: list[Sink] | None = None,
             games_dir: Path | None = None, rules: Rules | None = None, vision_folder: Path | None = None,
             journal: tuple[Any, list[dict[str, Any]]] | None = None,
             settings: AppSettings | None = None, open_game: bool = True) -> Kiosk:
    """Build the kiosk. `rules`: already chosen (a replay's script setup under the
    config); default: from the config. `games_dir`: where journals live (None: in memory,
    or the `journal` handed in)."""
    from kiosk.vision_worker import InlineVision, ThreadedVision

    rules = rules or rules_for(config)
    reader = backends.reader
    settings = settings or AppSettings()
    if reader is None:
        from vision.reader import BoardReader

        vision_config = vision_config_for(config, rules.tileset.name, vision_folder)
        reader = BoardReader(vision_config)
        if vision_config.rack_zones and settings.rack_poll_s is None:
            settings = replace(settings, rack_poll_s=RACK_POLL_S)
    vision: Any
    if backends.threaded_vision:
        vision = ThreadedVision(backends.camera, reader, time.perf_counter)
    else:
        vision = InlineVision(backends.camera, reader, time.perf_counter)
    kiosk = Kiosk(config, rules, backends, vision, list(sinks or []), games_dir, settings=settings)
    if (backends.gpio or backends.pin_factory is not None) and config is not None:
        from hardware.buttons import ButtonPanel
        from hardware.lights import LightsSink, StatusLights
        pin_map = config.pins
        kiosk.buttons = ButtonPanel(pin_map, kiosk.inputs.put, pin_factory=backends.pin_factory,
                                    time_source=backends.time_source)
        if pin_map.leds:
            kiosk.sinks.append(LightsSink(StatusLights(pin_map, pin_factory=backends.pin_factory)))
    if config is not None:
        _add_config_sinks(config, kiosk.sinks)
    if open_game:
        kiosk.open_game(journal)
    return kiosk


def _add_config_sinks(config: KioskConfig, sinks: list[Sink]) -> None:
    """The MQTT feed (helper "clubroom") when the config has a [network] table; a tone
    per new alert when the club turned sound on (KIOSK-04: off by default)."""
    if config.sound:
        from kiosk.sound import ToneSink

        sinks.append(ToneSink())
    if config.network is None:
        return
    try:
        from kiosk.network.publisher import MqttSink
    except ImportError:
        log.warning("the config has [network] but this kiosk has no network feed built in")
        return
    from kiosk.network.config import NetworkConfig

    if not isinstance(config.network, NetworkConfig):
        log.warning("the config's [network] table was not read as a network config: no network feed")
        return
    sinks.append(MqttSink(config.network))
