"""The kiosk at the table: buttons, clock, camera and rules core joined into one game.

`KioskApp` is driven from outside by one loop (live: `kiosk.cli.run`; offline:
`kiosk.replay.driver`): it feeds button events with `handle_button`, touch choices
with `correct` / `choose_pass` / `choose_exchange` / `designate_blank`, and calls
`tick()` every iteration, which collects finished camera readings and checks timers.
`screen()` gives the ScreenModel to draw.

Every game fact is written to the journal (fsync) *before* the app acts on it, and the
same `_apply` path rebuilds the game from the journal at start-up, so a restarted kiosk
comes back to the same scores, board and clocks. A clock press switches the clock at
once (from the button handler); reading the board happens after, on the vision worker.
"""
from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, replace
from typing import Any, Callable, Container, ParamSpec

from kiosk.app_alerts import AlertLine, AppAlerts
from kiosk.app_journal import JournalLike, MemoryJournal, last_wall, wall_now
from kiosk.app_time import AppTime
from kiosk.camera_status import camera_problem
from kiosk.clock import GameClock, Press
from kiosk.rack_questions import RackQuestion, RackQuestions
from kiosk.recovered import RECOVERED_SHOWN_S, Recovered
from kiosk.display.model import ScreenModel
from kiosk.errors import InputError
from kiosk.rules import events as ev
from kiosk.rules.profiles import Profile
from kiosk.rules.state import GameState, RuleError, Turn
from kiosk.rules.tiles import TileSet
from kiosk.start_names import StartNames
from kiosk.table import (
    Menu,
    MenuItem,
    ERASED,
    TIME_EPSILON,
    NameRead,
    Phase,
    RackEntry,
    Stage,
    menu_items,
    press_counts,
    rack_end_events,
    standing_time_penalties,
    start_rack_entry,
    step_menu,
    next_settle_read,
    settled,
    step_rack_entry,
    verdict_consequence,
)
from kiosk.turn_prompts import Pending, TurnPrompts
from kiosk.turns import DEFAULT_MIN_CONFIDENCE, read_turn
from kiosk.vision_worker import Ask, Reading, Vision
from vision.observation import BoardObservation

log = logging.getLogger("kiosk.app")
P = ParamSpec("P")

PLAYER_BUTTONS = {"p1": 0, "p2": 1}
NAME_POLL_S = 1.0          # the start screen looks for names laid out in tiles this often
TURN_EVENTS = (ev.PlayMade, ev.Passed, ev.Exchanged)


@dataclass(frozen=True)
class GameSetup:
    players: tuple[str, str] = ("Player 1", "Player 2")
    first: int = 0
    profile: str = "naspa"
    tileset: str = "english"
    lexicon: str = "default"


@dataclass(frozen=True)
class AppSettings:
    min_confidence: float = DEFAULT_MIN_CONFIDENCE
    reading_poll_s: float = 0.1       # the safety setting: a view is taken only once the board has looked the
                                      # same for this long (two readings at least this far apart, nothing
                                      # different between them: kiosk.table.settled); also how often to read
                                      # again while a hand is over the board
    watch_s: float | None = 0.1       # while a clock runs, look at the board this often (kiosk.vision_worker:
                                      # a ~1 ms check, a full reading only when a square changed), so the
                                      # view has settled before the press; None: read only after a press
    camera_retry_s: float = 0.5       # how often to read again while the camera gives no usable frame
    view_wait_s: float = 2.0          # after this long without a clear view, say what we wait for
    verdict_show_s: float | None = None  # None: the verdict stays until CONFIRM
    first_by_draw: bool = False       # the start screen lets the players enter the draw's winner (FIRST-01);
                                      # the game is journaled from the first press, with the first player
    rack_poll_s: float | None = None  # while a clock runs, read the camera this often for the racks
                                      # (kiosk.rack_watch); None: racks only seen in readings taken anyway


class KioskApp:
    def __init__(
        self,
        setup: GameSetup,
        *,
        vision: Vision,
        journal: JournalLike | None = None,
        time_source: Callable[[], float] = time.monotonic,
        lexicon: Container[str] | None = None,
        settings: AppSettings = AppSettings(),
        records: list[dict[str, Any]] | None = None,
        profile: Profile | None = None,
        tileset: TileSet | None = None,
        warnings: tuple[str, ...] = (),
        roster: tuple[str, ...] = (),
    ):
        """`profile` / `tileset`: the rules objects to play by (a club's own profile file);
        default: the bundled ones named in `setup`."""
        from kiosk.rules.data import read_text  # noqa: F401  (fails early if rules data is missing)
        from kiosk.rules.profiles import load_profile
        from kiosk.rules.tiles import load_tileset

        self.setup = setup
        self.names = StartNames(tuple(roster), settings.min_confidence)
        self.start_deferred = False          # first_by_draw: the game is not journaled before the first press
        self.vision = vision
        self.warnings_unacknowledged: tuple[str, ...] = tuple(warnings)   # config fallbacks, on screen until CONFIRM
        self.journal = journal if journal is not None else MemoryJournal()
        self.time = AppTime(time_source, records)   # a restarted game carries on from its last record's time
        self.now: Callable[[], float] = self.time.now
        self.lexicon = lexicon
        self.settings = settings
        self.tileset = tileset if tileset is not None else load_tileset(setup.tileset)
        self.profile = profile if profile is not None else load_profile(setup.profile)
        self.events: list[object] = []   # the rules events (kiosk.rules.events; its Event union does not narrow)
        self.app_records: list[dict[str, Any]] = []
        # The rules state. Until the game's start is on the record (the first press under
        # first_by_draw, the journal's first record at a restart) it is the game about to
        # start, for the start screen; `started` says which.
        self.state: GameState = self._preview()
        self.started = False
        self.clock = GameClock.for_profile(self.profile, self.time.clock_now, setup.first)
        self.pending: list[Pending] = []
        self.phase: Phase = Phase.START
        self.menu: Menu | None = None                       # the director's menu, when open
        self.rack_entry: RackEntry | None = None            # entering the unplayed tiles' values
        self.leave_fullscreen_requested = False
        self.verdict: ev.ChallengeJudged | None = None
        self.alerts = AppAlerts()
        self.held_at: float | None = None
        self.racks = RackQuestions(self)
        self._next_rack_poll = 0.0
        self.result_confirmed: set[int] = set()
        self.rack_values_entered: set[int] = set()   # players whose unplayed tiles' value was entered
        self._rack_entry_note: tuple[str, float] | None = None   # (reason, at) journaled when the entry began
        self._restored_reads: dict[int, tuple[tuple[str, str], ...]] = {}   # reads the players settled, by player
        self._six_zero_at: float | None = None                 # when six-zero was invoked (the clocks stop there)
        self.new_game_requested = False
        self.turns = TurnPrompts(self)      # the questions about a pressed turn's tiles
        self.camera_problem = ""
        self.camera_seen = False           # a picture has come from the camera (else the status is not "ok")
        self._next_poll = 0.0
        self._next_watch = 0.0
        self.recovered: Recovered | None = None   # shown once after a restart
        self.unsettled_downtime: tuple[int, int] | None = None   # (player whose clock ran, seconds down)
        self._notice_seen: str | None = None    # the journal's save_notice a button press has dismissed
        if records:
            self._rebuild(records)
            self.recovered = Recovered(len(self.events), last_wall(records), (), self.now() + RECOVERED_SHOWN_S)
            running, down = self.clock.running(self.now()), self.recovered.downtime_s()
            if running is not None and down:
                self.unsettled_downtime = (running, down)
        elif settings.first_by_draw:
            self._preview_start()   # nothing is journaled until the first press (nothing has happened yet)
        else:
            self.commit(self._started())
        # the board this game stands at (a new game's is empty): the reader matches a turned board
        # against it, never against an earlier game's last board
        self.vision.accept_board(list(self.state.board.rows()))

    def _started(self) -> ev.GameStarted:
        setup = self.setup
        return ev.GameStarted((setup.players[0], setup.players[1]), setup.first, setup.profile, setup.tileset,
                              setup.lexicon)

    def _preview(self) -> GameState:
        from kiosk.rules.game import new_game

        return new_game(self._started(), self.profile, self.tileset)

    def _preview_start(self) -> None:
        self.state = self._preview()
        self.start_deferred = True

    def _swap_first(self) -> None:
        """The start screen: the other player won the draw (FIRST-01); no 'go second' choice."""
        self.setup = replace(self.setup, first=1 - self.setup.first)
        self.clock = GameClock.for_profile(self.profile, self.time.clock_now, self.setup.first)
        self._preview_start()

    # ----- the start screen: the players' names ------------------------------------

    def _quiet_start(self) -> bool:
        """The start screen with nothing else asking for CONFIRM (a setting's warning, an alert)."""
        return (self.start_deferred and not self.pending and self.menu is None and self.recovered is None
                and not self.warnings_unacknowledged and not self.alerts.raised)

    def names_choosable(self) -> bool:
        """CONFIRM on the start screen opens the roster's names."""
        return self._quiet_start() and self.names.choosable()

    def names_offered(self) -> NameRead | None:
        """Names read from tiles on the board, shown for CONFIRM (CANCEL keeps the names)."""
        return self.names.offer if self._quiet_start() and self.names.picker is None else None

    def _watching_names(self) -> bool:
        return self.phase is Phase.START and self.start_deferred and not self.pending and self.names.picker is None

    def _set_names(self, names: tuple[str, str] | None) -> None:
        """Nothing is journaled yet: the names go on the record with the game's start (the first press)."""
        if names is None:
            return
        log.info("players: %s and %s", *names)
        self.setup = replace(self.setup, players=names)
        self._preview_start()

    def _begin_with_press(self, player: int, t: float) -> None:
        """The first press starts the game: the game's start and the press in one record."""
        self.start_deferred = False
        self.names.close()
        self._commit_all([self._started(), ev.ClockPressed(player, t)], t)

    # ----- journal and state -------------------------------------------------------

    def commit(self, event: ev.Event, t: float | None = None) -> None:
        """Check `event` with the rules core, journal it, then act on it (`_commit_all`)."""
        self._commit_all([event], t)

    def _commit_all(self, events: list[ev.Event], t: float | None = None) -> None:
        """Check events with the rules core, journal them as one record (durably), then act.

        An event the rules core refuses raises RuleError before anything is written, so
        the journal only ever holds events that replay; events that belong together (a
        challenge and its verdict, the end and its time penalties) share one record, so
        a power cut never leaves half of them."""
        states: list[GameState] = []
        state: GameState | None = self.state if self.started else None
        for event in events:
            state = self._next_state(state, event)
            states.append(state)
        t = self.now() if t is None else t
        data = [json.loads(ev.event_to_json(e)) for e in events]
        record: dict[str, Any] = {"t": t, "wall": wall_now()}
        record.update({"event": data[0]} if len(data) == 1 else {"events": data})
        self.journal.append(record)
        for event, new_state in zip(events, states):
            self._apply(event, t, new_state)

    def note(self, kind: str, **data: object) -> None:
        """Put an app fact that is not a rules event on the record (a read corrected by the
        players, the rack zones confirmed at setup)."""
        record: dict[str, Any] = {"t": self.now(), "wall": wall_now(), "app": {"kind": kind, **data}}
        self.journal.append(record)
        self.app_records.append(record["app"])

    def _next_state(self, state: GameState | None, event: ev.Event) -> GameState:
        """The rules core's state after `event` (None: no game on the record yet); the game
        starts under this kiosk's own profile and tile set objects (a club's profile file is
        not a bundled name)."""
        from kiosk.rules import game

        if isinstance(event, ev.GameStarted):
            if state is not None:
                raise RuleError("started_twice", "the game has already started")
            return game.new_game(event, self.profile, self.tileset)
        if state is None:
            raise RuleError("not_started", f"{type(event).__name__} before the game's start")
        return game.apply(state, event)

    def _apply(self, event: object, t: float, new_state: GameState | None = None) -> None:
        self.events.append(event)
        if isinstance(event, ev.SixZeroInvoked):
            self._six_zero_at = t
        self.state = new_state if new_state is not None else self._next_state(self.state if self.started else None,
                                                                              event)
        self.started = True
        self.alerts.log_state(self.state)
        if isinstance(event, ev.ClockPressed):
            if self.clock.press(event.player, event.t) is Press.SWITCHED:
                self.pending.append(Pending(event.player, event.t))
            if self.phase == "start":
                self.phase = Phase.TURN
        elif isinstance(event, ev.ClockPaused):
            self.clock.neutralize(event.reason, event.t)
        elif isinstance(event, ev.ClockResumed):
            # a pressed turn still being read is not in the rules state yet: its opponent is to move
            side = 1 - self.pending[-1].player if self.pending else self.state.to_move
            self.clock.resume(event.t, side=side)
            if self.phase in ("challenge", "remove_tiles"):
                self.phase, self.verdict = Phase.TURN, None
        if isinstance(event, (ev.ClockPressed, ev.DowntimeCharged, ev.GameEnded)):
            self.unsettled_downtime = None   # charged, or the turn it belonged to is over
        if isinstance(event, ev.DowntimeCharged):
            self.clock.director_set_remaining(event.player, self.clock.remaining(event.player, event.t) - event.seconds,
                                              event.t)
        if isinstance(event, (ev.PlayMade, ev.ChallengeJudged)):
            self.vision.accept_board(list(self.state.board.rows()))
        self.racks.on_event(event)
        if isinstance(event, TURN_EVENTS):
            self._restored_reads.pop(event.player, None)
            for i, p in enumerate(self.pending):
                if p.player == event.player:
                    del self.pending[i]
                    break
        if isinstance(event, ev.HoldPlaced):
            self.clock.hold(event.player, event.t)
            self.held_at = event.t
            self.phase = Phase.HOLD
        if isinstance(event, ev.ChallengeJudged):
            self.verdict = event
            self.phase = Phase.CHALLENGE
        if isinstance(event, (ev.GameEnded, ev.GameAbandoned)):
            self.pending.clear()          # turns still being read no longer count
            try:
                self.clock.finish(t)
            except ValueError:  # the end is recorded after a later clock change
                self.clock.finish()
            self.phase = Phase.RESULT

    def raise_alert(self, title: str, rule: str, action: str) -> None:
        self.alerts.raise_alert(title, rule, action)

    @property
    def app_alerts(self) -> list[AlertLine]:
        """The app's own alerts, standing until CONFIRM."""
        return self.alerts.raised

    def save_problem(self) -> str | None:
        """The journal's 'cannot save' status (a full or failing card), shown on screen."""
        return self.journal.save_problem

    def save_notice(self) -> str | None:
        """A one-off fact about saving (the games folder was made again), on screen until
        the next button press."""
        notice = self.journal.save_notice
        return notice if notice != self._notice_seen else None

    def downtime_chargeable(self) -> tuple[int, int] | None:
        """(player, seconds) a director may charge now: the clock that ran when the kiosk went
        down, until that turn ends. Only during a director's pause, so no player's button
        press can charge it by accident."""
        if self.clock.neutralized_reason != "director":
            return None
        return self.unsettled_downtime

    def _charge_downtime(self, t: float) -> None:
        if self.unsettled_downtime is None:
            return
        player, seconds = self.unsettled_downtime
        self.commit(ev.DowntimeCharged(player, float(seconds), t), t)

    def challenged_player_name(self) -> str:
        last = _last_turn(self.state)
        return self.setup.players[last.player] if last is not None else ""

    def verdict_consequence(self) -> str:
        if self.verdict is None:
            return ""
        return verdict_consequence(self.state, self.profile, self.verdict.acceptable, self.setup.players)

    def _rebuild(self, records: list[dict]) -> None:
        """Replay the journal; a record that cannot be replayed is named by its file and line."""
        from kiosk.rules.state import RuleError

        path = self.journal.path
        source = path.name if path is not None else "<journal>"
        for index, record in enumerate(records):
            line = self.journal.line_of(index)
            try:
                self._replay_record(record)
            except InputError as exc:
                raise InputError(source, exc.message, line, exc.field) from None
            except RuleError as exc:
                raise InputError(source, f"this event cannot happen here ({exc})", line, "event") from None
            except (TypeError, ValueError, KeyError) as exc:
                raise InputError(source, f"not a journal record ({exc})", line) from None
        self.time.replaying = None
        if self.phase == "result" and len(self.result_confirmed) == 2:
            self._finish_game()  # the kiosk stopped between the last confirm and closing the record
        self._complete_after_restart()
        self._restore_settled_reads()
        if self.pending:
            self.vision.request()

    def _replay_record(self, record: dict) -> None:
        t = self.time.replaying = float(record.get("t", self.time.replaying or 0.0))
        if "event" in record or "events" in record:
            for data in record.get("events", [record.get("event")]):
                self._apply(ev.event_from_json(json.dumps(data)), t)
        elif "app" in record:
            self.app_records.append(record["app"])
            if record["app"].get("kind") in ("read_corrected", "read_confirmed"):
                self.turns.reads_confirmed += 1
            if record["app"].get("kind") == "result_confirmed":
                self.result_confirmed.add(int(record["app"]["player"]))
            kind = record["app"].get("kind")
            self.racks.replay_note(record["app"])
            if kind in ("read_corrected", "read_confirmed"):
                tiles = record["app"].get("corrected", record["app"].get("tiles", []))
                self._restored_reads[int(record["app"]["player"])] = tuple((str(sq), str(l)) for sq, l in tiles)
            if record["app"].get("kind") == "rack_entry":
                self._rack_entry_note = (str(record["app"]["reason"]), float(record["app"]["at"]))

    def _restore_settled_reads(self) -> None:
        """A read the players had already confirmed or corrected is not asked again after
        a restart: the turn goes on from those tiles (a blank's letter, a refusal)."""
        for head in list(self.pending):
            tiles = self._restored_reads.pop(head.player, None)
            if tiles is not None and head.stage == Stage.READING:
                head.corrected = True
                self._refusals_shown(self.turns.propose, head, tiles)

    def _complete_after_restart(self) -> None:
        """Play over by the journal but the game not ended (a cut between the going-out
        play and the end, or during the entry of the racks): a going-out play is ended
        now, at its press; a six-zero or director ending comes back to the racks' entry."""
        if not self.started or self.state.finished or self.phase not in (Phase.TURN, Phase.START):
            return
        if self._rack_entry_note is not None:
            reason, at = self._rack_entry_note
            self._enter_racks(reason, at, journal=False)
        elif self.state.game_over:
            # the clocks stopped at the press that ended play, or when six-zero was invoked
            presses = [e.t for e in self.events if isinstance(e, ev.ClockPressed)]
            at = self._six_zero_at if self._six_zero_at is not None else (presses[-1] if presses else self.now())
            if not self._enter_racks(self.state.ending, at):
                self._refusals_shown(self._end_game, None, at)

    @property
    def game_over(self) -> bool:
        return self.phase in ("result", "done")

    # ----- inputs ------------------------------------------------------------------

    def handle_button(self, button: str, kind: str = "press", t: float | None = None) -> None:
        """A button edge; `t` is the time source's reading at the edge (default: now)."""
        t = self.now() if t is None else self.time.of_source(t)
        if self.phase is Phase.RACK_ENTRY and self.menu is None:
            self._refusals_shown(self._rack_entry_button, button, kind)
            return
        if kind == "long_press" and button == "pause":
            self._refusals_shown(self._open_menu, t)
            return
        if kind == "long_press" and button == "challenge":
            self._refusals_shown(self._hold, t)
            return
        if kind != "press":
            return
        self.recovered = None
        self._notice_seen = self.journal.save_notice
        self._refusals_shown(self._handle_button, button, t)

    def _refusals_shown(self, action: Callable[P, object], *args: P.args, **kwargs: P.kwargs) -> None:
        """Run an input's effects; an event the rules core refuses (nothing was journaled)
        becomes an alert with its rule instead of a crash."""
        try:
            action(*args, **kwargs)
        except RuleError as exc:
            log.warning("refused by the rules: %s", exc)
            self.alerts.raise_alert("Not allowed", exc.rule, str(exc))

    def _handle_button(self, button: str, t: float) -> None:
        if self.menu is not None:
            self._menu_button(button, t)
            return
        if self.names.picker is not None:
            self._set_names(self.names.button(button))
            return
        if self.phase == "done":
            return
        if self.phase == "result":
            if button in PLAYER_BUTTONS and PLAYER_BUTTONS[button] not in self.result_confirmed:
                self.note("result_confirmed", player=PLAYER_BUTTONS[button])
                self.result_confirmed.add(PLAYER_BUTTONS[button])
                if len(self.result_confirmed) == 2:
                    self._finish_game()
            return
        if button in PLAYER_BUTTONS:
            self._clock_press(PLAYER_BUTTONS[button], t)
            return
        head = self.pending[0] if self.pending else None
        if head is not None and head.stage == "reading" and button == "confirm" and self.use_view_as_is(t):
            pass
        elif head is not None and head.stage != "reading":
            self.turns.answer(head, button)
        elif self.rack_question is not None and button in ("confirm", "cancel"):
            self.answer_rack_question(button == "confirm")
        elif self.phase == "challenge":
            if button == "confirm":
                self._after_verdict(t)
        elif self.phase == "hold":
            if button == "challenge":
                self._challenge(t)
            elif button == "confirm":  # the holder accepts the play
                self.phase = Phase.TURN
        elif self.start_deferred and button in ("confirm", "cancel") and self.names_offered() is not None:
            self._set_names(self.names.answer_offer(button == "confirm"))
        elif self.start_deferred and button == "confirm" and self.names_choosable():
            self.names.open_picker(self.setup.players)
        elif button == "challenge" and self.start_deferred:
            self._swap_first()
        elif button == "challenge":
            self._challenge(t)
        elif button == "pause":
            self._pause_toggle(t)
        elif button == "cancel" and self.clock.neutralized_reason == "director":
            self._open_menu(t)
        elif button == "confirm" and self.downtime_chargeable():
            self._charge_downtime(t)
        elif button == "confirm" and self.alerts.raised:
            self.alerts.raised.clear()
        elif button == "confirm" and self.warnings_unacknowledged:
            self.note("warnings_acknowledged", count=len(self.warnings_unacknowledged))
            self.warnings_unacknowledged = ()
        elif (button == "confirm" and self.phase == Phase.TURN and self.state.zero_turns > 0
              and self.profile.six_zero_trigger == "invoked"):
            # the players' neutral six-zero control (SIXZ-05): nothing on screen offers it; the
            # rules core refuses it before the count is reached
            self._invoke_six_zero(t)

    def _clock_press(self, player: int, t: float) -> None:
        reading = self.pending[-1].player if self.pending else None
        if not press_counts(self.phase, player=player, first=self.setup.first, running=self.clock.running(t),
                            reading_player=reading):
            return
        starting, deferred = self.phase == "start", self.start_deferred
        if deferred:
            self._begin_with_press(player, t)
        else:
            self.commit(ev.ClockPressed(player, t), t)
        if starting and self.settings.rack_poll_s is not None:
            # the game starts: by the rules both racks hold their tiles drawn; the reader learns
            # each rack from the next frame that shows it so (vision.reader.BoardReader.racks_hold)
            self.vision.racks_hold({f"p{p + 1}": n for p, n in enumerate(self.state.rack_counts)})
        if deferred:
            return
        if self.pending:
            self._next_poll = t
            self.vision.request(self._after_press())

    def _after_press(self) -> Ask:
        """How the board is read after a press: one look at the next frame confirms a board
        that had settled before the press (kiosk.vision_worker). With rack zones, a full
        reading: the racks are checked in the reading after the press (underdraw), before
        the play goes on the record, so a restart between the two cannot lose the check."""
        return Ask.LOOK if self.settings.rack_poll_s is None else Ask.READ

    def _pause_toggle(self, t: float) -> None:
        if self.clock.neutralized_reason is None:
            if self.clock.running(t) is not None:
                self.commit(ev.ClockPaused(t, "director"), t)
        elif self.clock.neutralized_reason == "director":
            self.commit(ev.ClockResumed(t), t)

    # touch / scripted choices -----------------------------------------------------

    def correct(self, tiles: list[tuple[str, str]] | tuple[tuple[str, str], ...]) -> str:
        """The players' correction of the head turn's read: the tiles actually placed.

        Returns '' when accepted, else the reason (shown on screen)."""
        head = self.pending[0] if self.pending else None
        result: list[str] = ["not allowed now"]
        self._refusals_shown(lambda: result.__setitem__(0, self.turns.correct(head, tiles)))
        return result[0]

    def choose_pass(self) -> None:
        if self.pending:
            self._refusals_shown(self.turns.choose_pass, self.pending[0])

    def choose_exchange(self, count: int) -> str:
        head = self.pending[0] if self.pending else None
        if head is None or head.stage not in ("no_change", "exchange"):
            return "no exchange possible now"
        result: list[str] = ["not allowed now"]
        self._refusals_shown(lambda: result.__setitem__(0, self.turns.exchange(head, count)))
        return result[0]

    def designate_blank(self, letter: str) -> None:
        head = self.pending[0] if self.pending else None
        if head is not None and head.stage == "blank":
            self._refusals_shown(self.turns.designate, head, letter)

    # ----- the board after a press ---------------------------------------------------

    def board_rows(self) -> tuple[str, ...]:
        return tuple(self.state.board.rows())

    def tick(self) -> None:
        """Collect finished readings, re-ask while waiting; call every loop iteration."""
        self._refusals_shown(self._tick)

    def _tick(self) -> None:
        if self.journal.save_problem is not None:
            self.journal.retry()   # records (and a finished game) kept in memory go to the card once it can
        t = self.now()
        head = self.pending[0] if self.pending else None
        poll_due = t >= self._next_poll - TIME_EPSILON
        if head is not None and head.stage == "reading" and not self.vision.busy and poll_due:
            self.vision.request(self._after_press())
        elif self.phase == "remove_tiles" and not self.vision.busy and poll_due:
            self.vision.request()
        elif self._watching_names() and not self.vision.busy and t >= self._next_poll:
            self._next_poll = t + NAME_POLL_S
            self.vision.request()
        elif self._racks_due(t) and not self.vision.busy:
            self._next_rack_poll = t + (self.settings.rack_poll_s or 0.0)
            self.vision.request()
        elif self._watch_due(t) and not self.vision.busy:
            self._next_watch = t + (self.settings.watch_s or 0.0)
            self.vision.request(Ask.WATCH)
        for reading in self.vision.poll():
            self._on_reading(reading, t)
        self._check_overtime(t)

    def _on_reading(self, reading: Reading, t: float) -> None:
        obs = reading.observation
        if self.phase == "turn" and self.settings.rack_poll_s is not None and not reading.watched and not reading.looked:
            self.racks.shown(obs)   # each rack's count, or why none, for the screen (issue 18)
        if obs is not None:
            self.camera_seen = True
            if obs.located and self.phase == "turn" and not reading.watched and not reading.looked:
                # the racks' counts come from full readings asked for (after a press, every
                # rack_poll_s), spaced as kiosk.rack_watch expects, not from the frequent watches
                # of a changing board nor from a reading handed back for a later unchanged frame
                head = self.pending[0] if self.pending else None
                at_press = head is not None and head.stage == "reading"
                self.racks.seen(obs, self.state, t, waiting=1 - head.player if head is not None and at_press else None)
        self.camera_problem = camera_problem(reading)
        located = obs is not None and obs.located
        span = self.settings.reading_poll_s
        # readings are stamped on the time source; the app's time runs on from a resumed game's
        taken_at = self.time.of_source(reading.taken_at)
        since = None if reading.since is None else self.time.of_source(reading.since)
        usable = located and settled(since, taken_at=taken_at, not_before=float("-inf"),
                                     min_span_s=span)
        if self._watching_names():
            if usable and obs is not None:
                self.names.seen(obs, self.setup.players)
            return
        if self.phase == "remove_tiles":
            if usable and obs is not None and \
                    read_turn(self.board_rows(), obs, self.settings.min_confidence).kind == "no_change":
                self.commit(ev.ClockResumed(t), t)
                self.phase = Phase.TURN
            else:
                self._next_poll = next_settle_read(since if located else None, now=t, min_span_s=span)
            return
        head = self.pending[0] if self.pending else None
        if head is None or head.stage != "reading":
            return
        if taken_at < head.pressed_at:
            self._next_poll = t   # a frame from before the press (a look still under way): read the board now
            return
        # one frame after the press is enough when the board had already looked the same for
        # reading_poll_s before it (the kiosk looks while the clock runs); else read again
        # as soon as the view can have lasted that long
        if located and obs is not None and settled(since, taken_at=taken_at,
                                                  not_before=head.pressed_at, min_span_s=span):
            self._take_reading(head, obs, t)
            return
        if head.take_as_is and located and obs is not None and not obs.stable:
            self.note("view_taken_as_is", player=head.player, problems=list(obs.problems))
            self._take_reading(head, obs, t, forced=True)
            return
        if head.waiting_since is None:
            head.waiting_since = t
        head.waiting_reason = self.camera_problem or "hands over the board or board moving: waiting for a clear view"
        head.unsettled = obs if located else None
        self._next_poll = (next_settle_read(since, now=t, min_span_s=span) if located
                           else t + self.settings.camera_retry_s)

    def use_view_as_is(self, t: float | None = None) -> bool:
        """The players say the board is clear although the camera keeps saying it is not
        (a shadow, a speck on the lens): the next reading that finds the board is taken
        even if unsettled, and every cell it could not read still has to be confirmed or
        corrected. (Never an older reading: the view may have changed since.)"""
        head = self.pending[0] if self.pending else None
        t = self.now() if t is None else t
        if head is None or head.stage != "reading" or head.unsettled is None or head.waiting_since is None:
            return False
        if t - head.waiting_since < self.settings.view_wait_s or head.take_as_is:
            return False
        head.take_as_is = True
        self._next_poll = t
        return True

    def _take_reading(self, head: Pending, obs: BoardObservation, t: float, forced: bool = False) -> None:
        read = read_turn(self.board_rows(), obs, self.settings.min_confidence)
        if forced and read.kind == "play":  # an unsettled view is never taken unchecked
            read = replace(read, kind="needs_confirm", reasons=("the camera never saw a settled view",))
        self.turns.take_read(head, read, t)

    def _watch_due(self, t: float) -> bool:
        """The board is looked at while a clock runs, so it has settled before the press."""
        return (self.settings.watch_s is not None and self.phase == "turn" and not self.pending
                and self.clock.running(t) is not None and t >= self._next_watch)

    def _racks_due(self, t: float) -> bool:
        """A reading for the racks alone is due: a clock runs and rack polling is on."""
        return (self.settings.rack_poll_s is not None and self.phase == "turn" and not self.pending
                and self.clock.running(t) is not None and t >= self._next_rack_poll)

    def answer_rack_question(self, confirmed: bool) -> None:
        self._refusals_shown(self.racks.answer, confirmed, self.state)

    @property
    def rack_question(self) -> RackQuestion | None:
        """A rack count awaiting CONFIRM/CANCEL."""
        return self.racks.question

    def after_turn(self, pressed_at: float | None = None) -> None:
        """A turn is on the record: end the game if it ended play, else read the next pressed turn."""
        t = self.now()
        if self.state.game_over and self.phase != "result":
            # The game ended with the turn that was pressed: the clocks stopped at that press.
            at = pressed_at if pressed_at is not None else t
            if not self._enter_racks(self.state.ending, at):
                self._end_game(None, at)
            return
        if self.pending and self.pending[0].stage == "reading":
            self.vision.request(self._after_press())

    # ----- challenge ----------------------------------------------------------------

    def _hold(self, t: float) -> None:
        """A long press of CHALLENGE: the opponent holds the last play (their clock keeps running)."""
        running = self.clock.running(t)
        if self.phase != "turn" or self.pending or running is None or not self.state.challengeable_words:
            return
        if not self.clock.hold_window_open(t):
            self.alerts.raise_alert("Too late to hold", "CHAL-04", "the hold window has closed")
            return
        self.commit(ev.HoldPlaced(running, t), t)

    def hold_text(self) -> str:
        held = max(0, int(self.now() - (self.held_at or self.now())))
        return f"{held // 60}:{held % 60:02d}"

    def _challenge(self, t: float) -> None:
        last = _last_turn(self.state)
        running = self.clock.running(t)
        if self.pending or last is None or running is None or last.kind != "play":
            return
        if not self.state.challengeable_words:
            return
        challenger = running
        if last.player == challenger:
            return
        if self.lexicon is None:
            self.alerts.raise_alert("No word list", "CHAL-01", "this game has no word list: the players ask a director")
            return
        from kiosk.rules.game import verdict

        from kiosk.rules.game import apply

        made = [ev.ClockPaused(t, "challenge"), ev.ChallengeMade(challenger)]
        judged = verdict(apply(apply(self.state, made[0]), made[1]), self.lexicon)
        self._commit_all(made + [ev.ChallengeJudged(judged)], t)

    def _after_verdict(self, t: float) -> None:
        if self.verdict is not None and not self.verdict.acceptable:
            self.phase = Phase.REMOVE_TILES   # resume once the camera sees the tiles gone
            self._next_poll = t
            self.vision.request()
        else:
            self.commit(ev.ClockResumed(t), t)
            self.phase = Phase.TURN
        self.verdict = None
        if self.state.game_over and self.phase != "remove_tiles":
            self._end_game(None, t)

    # ----- end of game --------------------------------------------------------------

    def _check_overtime(self, t: float) -> None:
        """Maximum overtime (TIME-05) is decided by the clock alone (with the rules'
        timing.exceeds_max_overtime); the app records what it decided."""
        if self.phase is not Phase.TURN:
            return
        self.clock.running(t)   # settles: past the maximum, the clock ends at the crossing instant
        if self.clock.end_reason != "max_overtime":
            return
        player = self.clock.result(t).forfeiting
        if player is not None:
            self._end_game("overtime_forfeit", t, [ev.OvertimeForfeit(player)])

    def _end_game(self, reason: str | None, t: float, first: list[ev.Event] | None = None,
                  after: list[ev.Event] | None = None) -> None:
        """Record the end (the rules core makes the adjustments), what follows it (the
        entered racks' values) and the time penalties, together; the clocks stop at `t`."""
        events = list(first or [])
        state = self.state
        for event in events:
            state = self._next_state(state, event)
        if not state.finished:
            events.append(ev.GameEnded(reason or state.ending or "director"))
        events += list(after or [])
        result = self.clock.result(t)
        for player in (0, 1):
            if result.penalties[player] and player != result.forfeiting:
                events.append(ev.TimePenalty(player, result.penalties[player], result.overtime_s[player]))
        self._commit_all(events, t)
        self.rack_entry = None
        self.phase = Phase.RESULT

    def _finish_game(self) -> None:
        """Both players confirmed: the journal writes the GCG beside itself, then closes.
        A card that cannot take it now keeps it in memory (`save_problem` is on screen)
        and `tick()` retries until it can."""
        self.phase = Phase.DONE
        self.journal.finish(self.gcg_text())

    def director_end(self, t: float | None = None) -> None:
        """A director ends the game where it stands, racks not entered (scripts, tests;
        the director's menu asks for the racks' values instead)."""
        t = self.now() if t is None else t
        if not self.game_over:
            self._refusals_shown(self._end_game, "director", t)

    # ----- the racks at the end, the director's menu --------------------------------

    def _enter_racks(self, reason: str, at: float, journal: bool = True) -> bool:
        """Play is over without anyone out: ask each player holding tiles for their value.
        The start of the entry is journaled first, so a restart comes back to it."""
        entry = start_rack_entry(self.state, reason, at)
        if entry is None:
            return False
        if journal:
            self.note("rack_entry", reason=reason, at=at)
            self._rack_entry_note = (reason, at)
        self.pending.clear()
        self.racks.question = None
        try:
            self.clock.finish(at)
        except ValueError:
            self.clock.finish()
        self.rack_entry, self.phase = entry, Phase.RACK_ENTRY
        return True

    def _rack_entry_button(self, button: str, kind: str) -> None:
        entry = self.rack_entry
        if entry is None:
            return
        if kind == "long_press" and button == "pause":
            return   # the menu is not needed here; a long press of PAUSE is -10
        entry, done = step_rack_entry(entry, button, kind)
        self.rack_entry = entry
        if done:
            self.rack_values_entered = {p for p in (0, 1) if entry.values[p] is not None}
            self._end_game(entry.reason, entry.at, after=rack_end_events(entry)[1:])

    def _invoke_six_zero(self, t: float) -> None:
        running = self.clock.running(t)
        self.commit(ev.SixZeroInvoked(running if running is not None else self.state.to_move), t)
        if not self._enter_racks("six_zero", t):
            self._end_game("six_zero", t)

    def _open_menu(self, t: float) -> None:
        if self.phase in (Phase.DONE,):
            return
        if self.clock.running(t) is not None and not self.state.game_over:
            self.commit(ev.ClockPaused(t, "director"), t)
        self.menu = Menu(menu_items(self.state, clocks_running=False,
                                    downtime_chargeable=self.downtime_chargeable() is not None,
                                    penalties=standing_time_penalties(self.state),
                                    can_leave_fullscreen=True))

    def _menu_button(self, button: str, t: float) -> None:
        if self.menu is None:
            return
        self.menu, chosen = step_menu(self.menu, button)
        if chosen is None:
            return
        names = self.setup.players
        if chosen is MenuItem.RESUME:
            self._pause_toggle(t)
        elif chosen is MenuItem.SIX_ZERO:
            self._invoke_six_zero(t)
        elif chosen is MenuItem.DIRECTOR_END:
            self.pending.clear()
            if not self._enter_racks("director", t):
                self._end_game("director", t)
        elif chosen is MenuItem.TIME_CALLED:
            self.commit(ev.TimeCalled(), t)
        elif chosen is MenuItem.CHARGE_DOWNTIME and self.unsettled_downtime is not None:
            self._charge_downtime(t)
        elif chosen in (MenuItem.ERASE_PENALTY_1, MenuItem.ERASE_PENALTY_2):
            player = 0 if chosen is MenuItem.ERASE_PENALTY_1 else 1
            points = standing_time_penalties(self.state)[player]
            self.commit(ev.Correction(player, points, f"{ERASED} by the director (KIOSK-06)", "director"), t)
        elif chosen in (MenuItem.FORFEIT_1, MenuItem.FORFEIT_2):
            player = 0 if chosen is MenuItem.FORFEIT_1 else 1
            self.pending.clear()
            self.commit(ev.GameAbandoned(player), t)
            self.alerts.log.append(("Forfeit", "RES-06", f"{names[player]} forfeits"))
        elif chosen is MenuItem.NEW_GAME:
            self.note("abandoned_by_director")
            self.new_game_requested = True
        elif chosen is MenuItem.LEAVE_FULLSCREEN:
            self.leave_fullscreen_requested = True

    # ----- output -------------------------------------------------------------------

    def gcg_text(self) -> str:
        from kiosk.rules.gcg import history_to_gcg

        return history_to_gcg(self.state)   # the state played under this kiosk's profile object

    def screen(self) -> ScreenModel:
        from kiosk.screen_model_builder import build_screen

        return build_screen(self)


def _last_turn(state: GameState) -> Turn | None:
    return state.history[-1] if state.history else None
