"""Drive the real app through a recorded game: folder camera, scripted presses, simulated time.

The players' side of the table is `ScriptedPlayers`: it answers the kiosk's questions
(confirm or correct a read, pass or exchange, a blank's letter) from what the script
says really happened, a moment after the kiosk asks, the way people at the table would.
A kiosk that confidently accepts a wrong read is not corrected: the move then differs
from the script and the replay reports it.

Resuming: with a games folder that already holds this game's journal (e.g. after the
process was killed), the app is rebuilt from the journal and the script continues with
the first step after the journal's last record.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from kiosk.app import AppSettings, GameSetup, KioskApp
from kiosk.app_journal import MemoryJournal
from kiosk.turn_prompts import Pending
from kiosk.replay.camera import ReplayCamera
from kiosk.replay.script import Script, Step, Turn, load_script
from kiosk.assembly import JournalBackend
from kiosk.assembly import make_lexicon  # noqa: F401  (re-exported for the bench and tests)
from kiosk.config import KioskConfig
from kiosk.sinks import Sink

if TYPE_CHECKING:
    from vision.reader import BoardReader

ANSWER_DELAY_S = 0.5     # how long the players take to answer a prompt
WATCHED_AFTER_FRAME_S = 0.5   # after a frame step the loop ticks every AppSettings.watch_s this long, as the
                              # live loop would: the kiosk's looks at the board read the new frame until it has
                              # settled (two readings); later looks at the unchanged frame find nothing changed
                              # and do nothing, so the replay skips them
READ_GIVE_UP_S = 20.0    # a turn whose board is never readable fails the replay


class SimTime:
    def __init__(self, t: float = 0.0):
        self.t = t

    def __call__(self) -> float:
        return self.t


@dataclass
class ReplayResult:
    completed: bool
    gcg: str = ""
    moves: list[str] = field(default_factory=list)
    scores: tuple[int, int] = (0, 0)
    players: tuple[str, str] = ("", "")
    alerts: list[str] = field(default_factory=list)
    reads_confirmed: int = 0
    problems: list[str] = field(default_factory=list)
    move_scores: list[tuple[int, str, int]] = field(default_factory=list)  # (player, kind, score)

    def summary(self) -> str:
        lines = [f"{self.players[0]} {self.scores[0]} - {self.scores[1]} {self.players[1]}"]
        lines += [f"  {m}" for m in self.moves]
        lines.append(f"alerts raised: {len(self.alerts)}" + "".join(f"\n  {a}" for a in self.alerts))
        lines.append(f"reads that needed confirmation: {self.reads_confirmed}")
        for p in self.problems:
            lines.append(f"problem: {p}")
        lines.append("completed" if self.completed else "NOT completed")
        return "\n".join(lines)


def make_reader(setup: GameSetup, folder: Path, config: KioskConfig | None = None) -> BoardReader:
    """The real board reader, configured as the assembly would (config, folder's vision.toml)."""
    from kiosk.assembly import vision_config_for
    from vision.reader import BoardReader as Reader

    return Reader(vision_config_for(config, setup.tileset, folder))


class ScriptedPlayers:
    """Answers the kiosk's prompts from what the script says the players did."""

    def __init__(self, turns_by_press: dict[float, Turn]):
        self.turns = turns_by_press
        self.racks: dict[str, int] = {}   # tiles really on the racks, as the script says
        self.clear_since: Callable[[float], float | None] = lambda t: 0.0   # since when the board is really clear
        self.asked_at: dict[tuple[float, str, int], float] = {}
        self.problems: list[str] = []

    def act(self, app: KioskApp, now: float) -> bool:
        """Answer the head prompt once its delay has passed; True if something was done."""
        head = app.pending[0] if app.pending else None
        if app.phase == "rack_entry" and app.rack_entry is not None:
            # the recording does not say what was left on the racks: the players enter
            # nothing (0), and the result is as the record has it
            entry = app.rack_entry
            asked = self.asked_at.setdefault((-2.0, "racks", entry.index), now)
            if now < asked + ANSWER_DELAY_S:
                return False
            app.handle_button("confirm")
            return True
        if app.rack_question is not None and (head is None or head.stage == "reading"):
            q = app.rack_question
            asked = self.asked_at.setdefault((-1.0, f"rack{q.player}", 0), now)
            if now < asked + ANSWER_DELAY_S:
                return False
            del self.asked_at[(-1.0, f"rack{q.player}", 0)]
            really = self.racks.get(f"p{q.player + 1}", q.due)
            app.handle_button("confirm" if (really > 7 if q.kind == "overdraw" else really < q.due) else "cancel")
            return True
        if head is None:
            return False
        if head.stage == "reading":
            # the board has been clear for a while and the kiosk still waits: players say so
            clear_since = self.clear_since(now)
            if (clear_since is not None and head.unsettled is not None and head.waiting_since is not None
                    and now - max(head.waiting_since, clear_since) >= app.settings.view_wait_s + ANSWER_DELAY_S):
                return app.use_view_as_is(now)   # nothing is over the board: say so
            if head.waiting_since is not None and now - head.waiting_since > READ_GIVE_UP_S:
                self.problems.append(f"turn pressed at {head.pressed_at:.1f}s: never got a readable board ({head.waiting_reason})")
                raise ReplayStuck(self.problems[-1])
            return False
        key = (head.pressed_at, head.stage, len(head.designated))
        asked = self.asked_at.setdefault(key, now)
        if now < asked + ANSWER_DELAY_S:
            return False
        turn = self.turns.get(head.pressed_at)
        if turn is None:
            self.problems.append(f"kiosk asked ({head.stage}) about a press at {head.pressed_at:.1f}s the script says nothing about")
            raise ReplayStuck(self.problems[-1])
        return self._answer(app, head, turn)

    def _answer(self, app: KioskApp, head: Pending, turn: Turn) -> bool:
        expected = tuple((sq, "?" if letter.islower() else letter) for sq, letter in turn.tiles)
        if head.stage == "confirm":
            if turn.kind == "play" and set(head.proposed) == set(expected):
                app.handle_button("confirm")
            else:
                problem = app.correct(expected)
                if problem:
                    raise ReplayStuck(f"correction refused: {problem}")
        elif head.stage == "no_change":
            if turn.kind == "pass":
                app.handle_button("confirm")
            elif turn.kind == "exchange":
                app.handle_button("cancel")
            else:
                problem = app.correct(expected)
                if problem:
                    raise ReplayStuck(f"correction refused: {problem}")
        elif head.stage == "exchange":
            if head.exchange_count > turn.count:
                app.handle_button("pause")
            elif head.exchange_count < turn.count:
                app.handle_button("challenge")
            else:
                app.handle_button("confirm")
        elif head.stage == "blank":
            square = head.blank_squares[len(head.designated)]
            wanted = dict(turn.tiles).get(square, "?")
            offered = head.blank_offers[head.blank_cursor]
            if not wanted.islower() or offered == wanted.upper():
                app.handle_button("confirm")
            elif wanted.upper() in head.blank_offers:   # step towards it, the shorter way round
                n = len(head.blank_offers)
                ahead = (head.blank_offers.index(wanted.upper()) - head.blank_cursor) % n
                app.handle_button("challenge" if ahead <= n - ahead else "pause")
            else:
                app.designate_blank(wanted)
        return True


def _two_names(value: object) -> tuple[str, str]:
    names = [str(v) for v in value][:2] if isinstance(value, (list, tuple)) else []
    names += ["Player 1", "Player 2"][len(names):]
    return names[0], names[1]


class ReplayStuck(Exception):
    pass


@dataclass
class ReplayRun:
    """One replay in progress; `run()` plays it to the end of the script."""

    folder: Path
    games_dir: Path | None = None
    on_iteration: Callable[[KioskApp, float], None] | None = None
    step_hook: Callable[[int, Step], None] | None = None   # tests: called before each step
    config: KioskConfig | None = None   # play under its rules and vision settings
    sinks: tuple[Sink, ...] = ()         # extra output sinks (kiosk.sinks), e.g. a screen

    def __post_init__(self) -> None:
        from kiosk.assembly import Backends, assemble, rules_for
        from kiosk.replay.frames import ensure_frames

        self.script: Script = load_script(self.folder)
        ensure_frames(self.folder, self.script)
        s = self.script.setup
        recorded = GameSetup(
            players=_two_names(s.get("players", ("Player 1", "Player 2"))),
            first=int(s.get("first", 0)),
            profile=str(s.get("profile", "naspa")),
            tileset=str(s.get("tileset", "english")),
            lexicon=str(s.get("lexicon", "default")),
        )
        # The game's names and first player are the recording's; its rules are the
        # config's when one is given (as the live kiosk would play it), else the recording's.
        self.rules = rules_for(self.config, players=recorded.players, first=recorded.first, fallback=recorded)
        self.setup = self.rules.setup
        self.sim = SimTime(0.0)
        self.camera = ReplayCamera(self.script.frames_dir)
        records: list[dict] = []
        self.recovery = None
        self.journal: JournalBackend
        journal_in: tuple[JournalBackend, list[dict[str, Any]]] | None = None
        if self.games_dir is not None:
            from kiosk.journal import resume, start_game

            found = resume(self.games_dir)
            if found is not None:
                self.journal, self.recovery = found
                records = list(self.journal.records)
            else:
                self.journal = start_game(self.games_dir)
        else:
            self.journal = MemoryJournal()
        journal_in = (self.journal, records)
        self.journal_path: Path | None = self.journal.path   # where a resume picks up
        last_t = max((float(r.get("t", 0.0)) for r in records), default=None)
        self.first_step = 0
        racks: dict[str, int] = {}
        if last_t is not None:
            self.sim.t = last_t
            for i, step in enumerate(self.script.steps):
                if step.t > last_t:
                    break
                if step.frame is not None:
                    self.camera.show(step.frame)
                    racks = dict(step.racks) if step.racks is not None else racks
                self.first_step = i + 1
        self.kiosk = assemble(self.config, Backends(self.camera, time_source=self.sim, threaded_vision=False),
                              sinks=list(self.sinks), rules=self.rules, vision_folder=self.folder,
                              journal=journal_in, settings=AppSettings())
        self.vision = self.kiosk.vision
        self.app = self.kiosk.app
        turns = {step.t: step.turn for step in self.script.steps if step.press and step.turn is not None}
        self.players = ScriptedPlayers(turns)
        self.players.racks = racks
        self.clear_from: float | None = 0.0
        self.frame_at = float("-inf")   # when the last frame step was applied
        self.players.clear_since = lambda t: self.clear_from

    # ----- time ---------------------------------------------------------------------

    def _busy(self) -> bool:
        app = self.app
        return (bool(app.pending) or app.phase in ("remove_tiles", "rack_entry")
                or app.rack_question is not None)

    def _iterate(self) -> None:
        self.app.tick()
        self.players.act(self.app, self.sim.t)
        self.kiosk.tick()
        if self.on_iteration is not None:
            self.on_iteration(self.app, self.sim.t)

    def advance_to(self, t: float) -> None:
        self._iterate()
        while self.sim.t < t:
            # between steps the kiosk still reads the racks every rack_poll_s, as it would live
            step = 0.1 if self._busy() else min(t - self.sim.t, self.app.settings.rack_poll_s or t - self.sim.t)
            watch = self.app.settings.watch_s
            if watch is not None and self.sim.t < self.frame_at + WATCHED_AFTER_FRAME_S:
                step = min(step, watch)
            self.sim.t = min(t, self.sim.t + step)
            self._iterate()

    def apply_step(self, step: Step) -> None:
        if step.frame is not None:
            self.camera.show(step.frame)
            self.frame_at = step.t
            if step.racks is not None:
                self.players.racks = dict(step.racks)
            hidden = step.hand or step.frame.startswith("@")
            if hidden:
                self.clear_from = None
            elif self.clear_from is None:
                self.clear_from = step.t
        if step.press is not None:
            self.app.handle_button(step.press, "press", step.t)
        if step.director_end:
            self.app.director_end(step.t)
        self._iterate()

    def run(self) -> ReplayResult:
        steps = self.script.steps
        try:
            for index in range(self.first_step, len(steps)):
                step = steps[index]
                self.advance_to(step.t)
                if self.step_hook is not None:
                    self.step_hook(index, step)
                self.apply_step(step)
            self.advance_to(self.sim.t + READ_GIVE_UP_S if self._busy() else self.sim.t + 1.0)
        except ReplayStuck:
            pass
        return self.result()

    def result(self) -> ReplayResult:
        from kiosk.replay.summary import summarize

        return summarize(self.app, self.script, self.players.problems)


def replay_folder(folder: Path, **kwargs: Any) -> ReplayResult:
    return ReplayRun(folder, **kwargs).run()
