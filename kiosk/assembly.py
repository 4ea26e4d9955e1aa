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
from typing import TYPE_CHECKING, Any, Callable, Container, Iterable, Protocol

from kiosk.app import AppSettings, GameSetup, KioskApp
from kiosk.app_journal import JournalLike, MemoryJournal
from kiosk.config import KioskConfig
from kiosk.display.model import ButtonHint, Prompt, ScreenModel, Status
from kiosk.errors import InputError
from kiosk.journal import GameJournal, JournalProblem, RecoveryReport
from kiosk.rules.profiles import Profile, load_profile, parse_profile
from kiosk.rules.tiles import TileSet, load_tileset
from kiosk.sinks import JournalRecord, Sink
from kiosk.vision_worker import Reader, Vision
from vision.config import VisionConfig

if TYPE_CHECKING:
    from hardware.buttons import ButtonPanel
    from kiosk.rack_setup import RackSetup
    from hardware.events import ButtonEvent

log = logging.getLogger("kiosk.assembly")
SCREEN_EVERY_S = 0.25   # an unchanged screen is built again this often (clocks tick in seconds)
RACK_POLL_S = 2.0       # with rack zones, the racks are read this often while a clock runs: an overdraw
                        # is asked about once kiosk.rack_watch.STABLE_FRAMES (3) such readings agree (6 s);
                        # each is a whole board reading (0.1-0.2 s of CPU here; once a second made the
                        # fixture replays 2.5 times slower)


class CameraLike(Protocol):
    def read(self) -> Any: ...


class JournalBackend(JournalLike, Protocol):
    """A game's journal on the card (kiosk.journal.GameJournal) or in memory (MemoryJournal):
    what the app needs of it (JournalLike), and what the assembly needs besides."""

    @property
    def game_id(self) -> str: ...

    @property
    def records(self) -> list[dict[str, Any]]: ...   # every durable record, in order

    def retry(self) -> bool: ...

    def finish(self, gcg_text: str | None = None) -> Path | None: ...

    def line_of(self, index: int) -> int: ...


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


def vision_config_for(config: KioskConfig | None, tileset: str, folder: Path | None = None) -> VisionConfig:
    """Vision settings: the config's [vision] table when it sets anything (calibration,
    corners, a fixed board's turn, rack zones), else a recorded folder's own vision.toml (its camera's
    calibration), else the defaults; always for the game's tile set."""
    from dataclasses import replace as with_fields

    from vision.config import load_config

    if config is not None and _sets_anything(config.vision):
        return with_fields(config.vision, tileset=tileset)
    if folder is not None and (folder / "vision.toml").exists():
        return load_config(folder / "vision.toml")
    return VisionConfig(tileset=tileset)


def _sets_anything(vision: VisionConfig) -> bool:
    return vision.corners is not None or bool(vision.rack_zones) or vision.calibration is not None \
        or vision.fixed_turn is not None


@dataclass
class Backends:
    camera: CameraLike
    time_source: Callable[[], float] = time.monotonic
    pin_factory: Any = None              # gpiozero pin factory (MockFactory in tests)
    gpio: bool = False                   # buttons and LEDs on GPIO with gpiozero's default factory (a Pi)
    threaded_vision: bool = True         # False: inline readings at the caller's time (replay)
    reader: Reader | None = None         # a board reader; None: vision.reader.BoardReader(config)
    leave_fullscreen: Callable[[], None] | None = None   # the director's menu asks the display for a window


class _PublishedJournal:
    """The game's journal, handing each durable record to the sinks in order: a record the
    card could not take yet is handed over once a later append or retry has written it."""

    def __init__(self, inner: JournalBackend, sinks: list[Sink], game_id: str) -> None:
        self.inner = inner
        self.sinks = sinks
        self.game_id = game_id
        self.seq = len(inner.records)   # records the sinks have had (at a resume: the catch-up)

    @property
    def path(self) -> Path | None:
        return self.inner.path

    @property
    def save_problem(self) -> str | None:
        """Why the journal cannot write now (a full or failing card), for the screen."""
        return self.inner.save_problem

    @property
    def save_notice(self) -> str | None:
        """A one-off fact about saving (the games folder was removed and made again)."""
        return self.inner.save_notice

    def append(self, record: dict[str, Any]) -> None:
        self.inner.append(record)
        self._publish_durable()

    def retry(self) -> bool:
        done = self.inner.retry()
        self._publish_durable()
        return done

    def _publish_durable(self) -> None:
        durable = self.inner.records
        while self.seq < len(durable):
            self.seq += 1
            publish_record(self.sinks, self.game_id, self.seq, durable[self.seq - 1])

    def finish(self, gcg_text: str | None = None) -> Path | None:
        return self.inner.finish(gcg_text)

    def line_of(self, index: int) -> int:
        return self.inner.line_of(index)


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


@dataclass(frozen=True)
class HeldGame:
    """The unfinished game's journal has a line that cannot be replayed (issue 14): nothing
    is played until a director chooses on the screen. CONFIRM keeps that line and every
    later one aside byte for byte (`.damaged-N`) and resumes the game from the lines before
    it; CANCEL keeps the whole game aside as `.abandoned.jsonl` and starts a new one."""

    journal: GameJournal
    problem: InputError     # names the file, line and field

    @property
    def line(self) -> int:
        assert self.problem.line is not None
        return self.problem.line

    def screen(self, rules: Rules) -> ScreenModel:
        before = sum(1 for n in self.journal.line_numbers if n < self.line)
        after = sum(1 for n in self.journal.line_numbers if n > self.line)
        later = f" and the {after} record{'s' if after != 1 else ''} after it" if after else ""
        question = (f"Director: CONFIRM keeps line {self.line}{later} aside in a .damaged file and resumes the "
                    f"game from the {before} record{'s' if before != 1 else ''} before it. CANCEL keeps the "
                    "whole game aside (.abandoned.jsonl) and starts a new game.")
        return ScreenModel(screen="journal_problem", error=str(self.problem),
                           prompt=Prompt(question, (ButtonHint("CONFIRM", f"set line {self.line} aside"),
                                                    ButtonHint("CANCEL", "new game"))),
                           status=Status(False, "game not resumed", f"{rules.profile.title} · {rules.tileset.name}"))


@dataclass
class Kiosk:
    """The assembled kiosk: one game app, its inputs and its sinks. Drive it with
    `press()` (or buttons from the pin factory) and `tick()` once per loop iteration."""

    config: KioskConfig | None
    rules: Rules
    backends: Backends
    vision: Vision
    sinks: list[Sink]
    games_dir: Path | None
    app: KioskApp = field(init=False)
    buttons: ButtonPanel | None = None
    inputs: "queue.Queue[ButtonEvent]" = field(default_factory=queue.Queue)
    settings: AppSettings = field(default_factory=AppSettings)
    last_screen: ScreenModel | None = None
    recovery: RecoveryReport | None = None
    held: HeldGame | None = None         # a journal line that cannot be replayed, waiting for a director
    rack_setup: RackSetup | None = None  # the racks found at the start of a game
    _last_key: tuple[object, ...] = ()
    _last_built: float = float("-inf")

    def open_game(self, records_journal: tuple[JournalBackend, list[dict[str, Any]]] | None = None) -> KioskApp:
        """The unfinished game from the journal (a restart), else a new one."""
        journal: JournalBackend
        records: list[dict[str, Any]] = []
        if records_journal is not None:
            journal, records = records_journal
        elif self.games_dir is not None:
            from kiosk import journal as journals

            try:
                found = journals.resume(self.games_dir)
            except JournalProblem as exc:
                return self._hold(exc.journal, exc)
            if found is not None:
                journal, self.recovery = found
                records = list(journal.records)
                for line in self.recovery.lines() if self.recovery.damaged else ():
                    log.warning("%s", line)
            else:
                journal = journals.start_game(self.games_dir)
        else:
            journal = MemoryJournal()
        game_id = journal.game_id
        warnings = tuple(str(w) for w in (self.config.warnings if self.config is not None else ()))
        for seq, record in enumerate(records, start=1):   # catch-up for sinks that were behind
            publish_record(self.sinks, game_id, seq, record)
        published = _PublishedJournal(journal, self.sinks, game_id)
        try:
            self.app = KioskApp(self.rules.setup, vision=self.vision, journal=published,
                                time_source=self.backends.time_source, lexicon=self.rules.lexicon,
                                settings=self.settings, records=records or None,
                                profile=self.rules.profile, tileset=self.rules.tileset, warnings=warnings,
                                roster=self.config.roster if self.config is not None else ())
        except InputError as exc:   # a line the rules core cannot replay (a duplicated play, ...)
            if self.games_dir is None or not isinstance(journal, GameJournal) or exc.line is None:
                raise
            return self._hold(journal, exc)
        if self.app.recovered is not None and self.recovery is not None and self.recovery.damaged:
            self.app.recovered = replace(self.app.recovered, damage=tuple(self.recovery.lines()))
        return self.app

    def _hold(self, journal: GameJournal, problem: InputError) -> KioskApp:
        """Wait for a director's choice (HeldGame). Meanwhile a game not yet started, with
        nothing journaled, stands in as the app; it gets no input."""
        log.error("%s: the game waits for a director to set the line aside or start a new game", problem)
        self.held = HeldGame(journal, problem)
        self.app = KioskApp(self.rules.setup, vision=self.vision, journal=MemoryJournal(),
                            time_source=self.backends.time_source, lexicon=self.rules.lexicon,
                            settings=replace(self.settings, first_by_draw=True),
                            profile=self.rules.profile, tileset=self.rules.tileset)
        return self.app

    def _held_tick(self, held: HeldGame) -> ScreenModel | None:
        """The director's choice: CONFIRM sets the line aside and resumes, CANCEL starts anew."""
        while self.held is held:
            try:
                event = self.inputs.get_nowait()
            except queue.Empty:
                break
            if event.kind != "press" or event.button not in ("confirm", "cancel"):
                continue
            self.held = None
            if event.button == "confirm":
                what = f"{held.problem.field}: {held.problem.message}" if held.problem.field else held.problem.message
                self.recovery = held.journal.set_aside_from(held.line, why=f"set aside by the director ({what})")
                self.open_game((held.journal, list(held.journal.records)))
            else:
                held.journal.abandon()
                log.warning("%s: kept aside as an abandoned game by the director", held.journal.path)
                self.recovery = None
                self.open_game()
        if self.held is None:
            return self.tick()
        if not self.sinks:
            return None
        key: tuple[object, ...] = (id(held),)
        if self.last_screen is None or key != self._last_key:
            self._last_key, self.last_screen = key, held.screen(self.rules)
            publish_screen(self.sinks, self.last_screen)
        return self.last_screen

    def new_game(self) -> KioskApp:
        """A new game over an unfinished one (the director confirmed it in the menu): the
        old journal is kept as .abandoned.jsonl, never deleted."""
        if self.games_dir is None:
            return self.open_game((MemoryJournal(), []))
        from kiosk import journal as journals

        self.recovery = None
        return self.open_game((journals.start_game(self.games_dir, confirm_replace=True), []))

    def press(self, button: str, kind: str = "press", t: float | None = None) -> None:
        if not self._rack_setup_answers(button, kind):
            self.app.handle_button(button, kind, t)

    # -- the rack setup's hooks (helper "rackscreen", kiosk/rack_setup.py) --
    def _rack_setup_answers(self, button: str, kind: str) -> bool:
        setup = self.rack_setup
        if setup is None or not setup.takes(self.app, button, kind):
            return False
        setup.answer(self.app, button == "confirm")
        return True

    def _racks_polled(self, app: KioskApp) -> None:
        """Rack zones came into force: the racks are read every RACK_POLL_S while a clock runs."""
        if app.settings.rack_poll_s is None:
            app.settings = replace(app.settings, rack_poll_s=RACK_POLL_S)
        if self.settings.rack_poll_s is None:
            self.settings = replace(self.settings, rack_poll_s=RACK_POLL_S)
    # -- end of the rack setup's hooks --

    def tick(self) -> ScreenModel | None:
        """Take the queued button events, let the app collect readings and timers, and
        publish this tick's screen to every sink (None: no sink to show it to)."""
        if self.held is not None:
            return self._held_tick(self.held)
        while True:
            try:
                event = self.inputs.get_nowait()
            except queue.Empty:
                break
            if self.app.phase == "done" and event.button == "confirm" and event.kind == "press":
                if self.app.save_problem() is None:
                    self.open_game()   # the result was confirmed and written: a new game
                continue               # else the finished game is still only in memory: the screen says so
            if self._rack_setup_answers(event.button, event.kind):
                continue
            self.app.handle_button(event.button, event.kind, event.t)
        if self.app.new_game_requested and self.app.save_problem() is not None:
            self.app.new_game_requested = False   # starting over would lose what only memory holds
            self.app.raise_alert("No new game yet", "", "this game is not on the card yet: free space on the "
                                 "card or replace it, then choose New game again")
        if self.app.new_game_requested:
            self.new_game()
        if self.app.leave_fullscreen_requested:
            self.app.leave_fullscreen_requested = False
            if self.backends.leave_fullscreen is not None:
                self.backends.leave_fullscreen()
        self.app.tick()
        if self.rack_setup is not None:
            self.rack_setup.tick(self.app, self.vision, self.backends.time_source())
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
        if self.rack_setup is not None:
            screen = self.rack_setup.decorate(self.app, screen)
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
                app.warnings_unacknowledged, app.recovered is None, app.clock.neutralized_reason,
                app.save_problem(), app.save_notice(), tuple(sorted(app.racks.sight.items())),
                self.rack_setup.key() if self.rack_setup is not None else None)

    def close(self) -> None:
        for sink in self.sinks:
            try:
                sink.close()
            except Exception:
                log.exception("sink %s failed to close", type(sink).__name__)
        if self.buttons is not None:
            self.buttons.close()
        self.vision.close()


def assemble(config: KioskConfig | None, backends: Backends, *, sinks: list[Sink] | None = None,
             games_dir: Path | None = None, rules: Rules | None = None, vision_folder: Path | None = None,
             journal: tuple[JournalBackend, list[dict[str, Any]]] | None = None,
             settings: AppSettings | None = None, open_game: bool = True) -> Kiosk:
    """Build the kiosk. `rules`: already chosen (a replay's script setup under the
    config); default: from the config. `games_dir`: where journals live (None: in memory,
    or the `journal` handed in)."""
    from kiosk.vision_worker import InlineVision, ThreadedVision

    rules = rules or rules_for(config)
    reader = backends.reader
    settings = settings or AppSettings()
    rack_setup = None
    if reader is None:
        from kiosk.rack_setup import RackSetup
        from vision.libraries import untested_opencv
        from vision.reader import BoardReader

        vision_config = vision_config_for(config, rules.tileset.name, vision_folder)
        reader = BoardReader(vision_config)   # its rack component (reader.racks) finds the racks at setup
        if (untested := untested_opencv()) is not None:
            log.warning("%s", untested)
        rack_setup = RackSetup(reader.racks)
        if vision_config.rack_zones and settings.rack_poll_s is None:
            settings = replace(settings, rack_poll_s=RACK_POLL_S)
    vision: Vision
    if backends.threaded_vision:
        vision = ThreadedVision(backends.camera, reader, time.perf_counter, backends.time_source)
    else:
        vision = InlineVision(backends.camera, reader, time.perf_counter, backends.time_source)
    kiosk = Kiosk(config, rules, backends, vision, list(sinks or []), games_dir, settings=settings,
                  rack_setup=rack_setup)
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
    if rack_setup is not None:
        rack_setup.settings_on = kiosk._racks_polled
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
