"""The game clock: two countdowns over an injectable monotonic time source.

The clock never samples time on its own schedule: every state change happens at a
timestamp (a button edge's `t`, or `time_source()` when none is given) and every query
computes from the stored state, so what it shows never depends on the display's frame
rate. Times are monotonic seconds; players are 0 (p1) and 1 (p2).

Who may press what (tournament clock):
- before the game, a press starts the *other* player's clock (FIRST-03: the second
  player starts the first player's clock); with `first_player` set, the first player's
  own button does nothing yet;
- while running, only the running side's press counts: it stops that clock, starts the
  opponent's and opens the opponent's hold window; the other button does nothing, and
  so does a press within `simultaneous_press_s` of that clock starting (both players
  hitting their buttons at once);
- while neutralized, presses do nothing unless `allow_restart_by(player)` armed that
  player's button (NSA VIII.B: the loser of a challenge starts the other's clock).

With a maximum overtime (NASPA), the game ends by itself at the instant a player goes
past it (-10:01), whenever it is noticed: `end_reason == "max_overtime"` and
`result().forfeiting` say so.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Callable, Literal

from kiosk.rules.timing import (
    clock_text,
    exceeds_max_overtime,
    forfeit_adjustment,
    overtime_penalty,
    overtime_seconds,
)

if TYPE_CHECKING:
    from kiosk.rules.profiles import Profile

SNAPSHOT_VERSION = 1


@dataclass(frozen=True)
class ClockRules:
    """The clock's numbers from a rule profile (defaults: NASPA)."""

    hold_window_s: float | None = 20.0  # None: no time limit (COFFS, IOWA)
    hold_closes_on_draw: bool = True  # NASPA yes; MSA no ("even if the player has drawn")
    out_play_window_s: float = 5.0
    courtesy_draw_s: float | None = 60.0  # None: no courtesy draw
    courtesy_from: Literal["hold", "turn_end"] = "hold"  # NASPA: after the hold; MSA: after the turn
    max_overtime_s: int | None = 600  # more than this ends the game; None: no maximum
    max_overtime_deduction: int = 100
    points_per_minute: int = 10
    # Both players hitting their buttons at once: the second press, this soon after the
    # first started its clock, is the same collision, not a turn.
    simultaneous_press_s: float = 0.25

    @classmethod
    def from_profile(cls, profile: "Profile") -> "ClockRules":
        return cls(
            hold_window_s=profile.hold_window_s,
            hold_closes_on_draw=profile.hold_closes_on_draw,
            out_play_window_s=profile.out_play_window_s,
            courtesy_draw_s=profile.courtesy_draw_s,
            courtesy_from=profile.courtesy_from,
            max_overtime_s=profile.max_overtime_s,
            max_overtime_deduction=profile.max_overtime_deduction,
            points_per_minute=profile.points_per_minute,
        )


class Press(Enum):
    """What a clock-button press did."""

    STARTED = "started"  # the first press of the game
    SWITCHED = "switched"
    OUT_PLAY = "out_play"  # both clocks stopped, opponent's 5-second window open
    RESTARTED = "restarted"  # an armed press after a neutralization
    NOT_RUNNING_SIDE = "not_running_side"
    TOO_SOON = "too_soon"  # within simultaneous_press_s of the clock starting
    NOT_YET = "not_yet"  # first player's button before the game started
    NEUTRALIZED = "neutralized"
    GAME_OVER = "game_over"

    @property
    def changed_clock(self) -> bool:
        return self in (Press.STARTED, Press.SWITCHED, Press.OUT_PLAY, Press.RESTARTED)


@dataclass(frozen=True)
class ClockResult:
    used_s: tuple[float, float]
    overtime_s: tuple[int, int]
    penalties: tuple[int, int]  # per-minute overtime penalties (TIME-03)
    forfeiting: int | None  # player who went past the maximum overtime (TIME-05)
    deduction: int

    def apply(self, scores: tuple[int, int]) -> tuple[int, int]:
        """Final scores after time penalties; a max-overtime forfeit replaces the
        forfeiting player's per-minute penalty with the deduction and win-by-one."""
        adjusted = (scores[0] - self.penalties[0], scores[1] - self.penalties[1])
        if self.forfeiting is None:
            return adjusted
        f = self.forfeiting
        before = list(adjusted)
        before[f] = scores[f]
        return forfeit_adjustment((before[0], before[1]), f, self.deduction)


@dataclass(frozen=True)
class ClockView:
    """Everything a screen needs about the clocks at one instant."""

    remaining_s: tuple[float, float]
    texts: tuple[str, str]
    running: int | None
    neutralized: bool
    reason: str | None
    hold_window_open: bool
    holder: int | None
    courtesy_draw_allowed: bool
    ended: bool
    end_reason: str | None


@dataclass
class _Window:
    """The hold window opened by the end of a turn."""

    ended_by: int  # the player whose turn ended
    opened_at: float
    length_s: float | None
    closes_on_draw: bool
    closed_at: float | None = None
    hold_at: float | None = None


@dataclass
class GameClock:
    allowance_s: float = 1500.0
    time_source: Callable[[], float] = time.monotonic
    rules: ClockRules = field(default_factory=ClockRules)
    first_player: int | None = None

    @classmethod
    def for_profile(
        cls,
        profile: "Profile",
        time_source: Callable[[], float] = time.monotonic,
        first_player: int | None = None,
    ) -> "GameClock":
        return cls(profile.time_per_player_s, time_source, ClockRules.from_profile(profile), first_player)

    def __post_init__(self) -> None:
        self._allowance = [float(self.allowance_s), float(self.allowance_s)]
        self._used = [0.0, 0.0]  # accumulated up to self._since for the running side
        self._running: int | None = None
        self._since = 0.0  # when the running side started (meaningless while none runs)
        # No reading of time_source here: a clock rebuilt from a journal replays presses
        # stamped on a previous boot's time line (see continue_after_restart).
        self._last_change = -math.inf
        self._started = False
        self._reason: str | None = None  # set while neutralized
        self._resume_side: int | None = None
        self._restart_by: int | None = None
        self._window: _Window | None = None
        self._end_reason: str | None = None
        self._forfeiting: int | None = None

    # ----- presses and controls -------------------------------------------------

    def press(self, player: int, t: float | None = None, *, out_play: bool = False) -> Press:
        """Player presses their own clock button at `t` (the button edge's timestamp)."""
        t = self._at(t)
        outcome = self._outcome(player, t, out_play)
        if outcome is Press.STARTED:
            self._started = True
            self._start(1 - player, t)
        elif outcome is Press.RESTARTED:
            self._clear_neutral()
            self._start(1 - player, t)
        elif outcome is Press.OUT_PLAY:
            self._stop(t)
            self._reason, self._resume_side = "out_play", None
            self._window = _Window(player, t, self.rules.out_play_window_s, closes_on_draw=False)
        elif outcome is Press.SWITCHED:
            self._stop(t)
            self._start(1 - player, t)
            self._window = _Window(player, t, self.rules.hold_window_s, self.rules.hold_closes_on_draw)
        return outcome

    def check_press(self, player: int, t: float | None = None, *, out_play: bool = False) -> Press:
        """What `press` would do, without doing it (to decide before journalling)."""
        return self._outcome(player, self._at(t), out_play)

    def _outcome(self, player: int, t: float, out_play: bool) -> Press:
        if self._over:
            return Press.GAME_OVER
        if not self._started:
            return Press.NOT_YET if player == self.first_player else Press.STARTED
        if self._reason is not None:
            return Press.RESTARTED if self._restart_by == player else Press.NEUTRALIZED
        if self._running != player:
            return Press.NOT_RUNNING_SIDE
        if t - self._since < self.rules.simultaneous_press_s:
            return Press.TOO_SOON
        return Press.OUT_PLAY if out_play else Press.SWITCHED

    def neutralize(self, reason: str, t: float | None = None) -> bool:
        """Stop both clocks (challenge, score check, blank check, director)."""
        t = self._at(t)
        if self._over or not self._started or self._reason is not None:
            return False
        self._resume_side = self._running
        self._stop(t)
        self._reason = reason
        return True

    def resume(self, t: float | None = None, side: int | None = None) -> bool:
        """End a neutralization, restarting `side` or the clock that was running."""
        t = self._at(t)
        side = self._resume_side if side is None else side
        if self._over or self._reason is None or side is None:
            return False
        self._clear_neutral()
        self._start(side, t)
        return True

    def allow_restart_by(self, player: int) -> None:
        """While neutralized, let `player`'s next press start the opponent's clock."""
        if self._reason is not None:
            self._restart_by = player

    def set_allowance(self, player: int, seconds: float) -> None:
        """A player's total time (director's extra time, TIME-06): only before the game."""
        if self._started:
            raise RuntimeError("a player's time can only be set before the first press")
        self._allowance[player] = float(seconds)

    def director_set_remaining(self, player: int, remaining_s: float, t: float | None = None) -> None:
        """A director sets a player's clock (TIME-09: a late arrival's clock set to 22:00)."""
        t = self._at(t)
        if self._over:
            return
        if self._running == player:
            self._stop(t)
            self._start(player, t)
        self._used[player] = self._allowance[player] - remaining_s
        self._last_change = t

    def finish(self, at: float | None = None, reason: str = "finished") -> None:
        """End the game, stopping both clocks at `at` (default: now).

        `at` may lie in the past (TIME-07: the player going out wrongly started the
        opponent's clock; time after the out play is not charged), but not before the
        last clock change.
        """
        if at is not None and at < self._last_change:
            raise ValueError("a game cannot end before the last clock change")
        stop_at = self._at(at)
        if not self._over:
            self._end(stop_at, reason)

    # ----- hold and courtesy draw -------------------------------------------------

    def hold_window_open(self, t: float | None = None) -> bool:
        t = self._at(t)
        w = self._window
        if self._over or w is None or w.hold_at is not None:
            return False
        if w.closed_at is not None and t >= w.closed_at:
            return False
        return w.length_s is None or t - w.opened_at <= w.length_s

    def hold(self, holder: int, t: float | None = None) -> bool:
        """The opponent of the player whose turn just ended says "hold"; False if too late.

        After an out play the holder's clock starts (CHAL-05); otherwise it is already
        running, and it keeps running for the whole hold (CHAL-07).
        """
        t = self._at(t)
        window = self._window
        if not self.hold_window_open(t) or window is None or window.ended_by != 1 - holder:
            return False
        window.hold_at = t
        if self._reason == "out_play":
            self._clear_neutral()
            self._start(holder, t)
        return True

    @property
    def holder(self) -> int | None:
        w = self._window
        return None if w is None or w.hold_at is None else 1 - w.ended_by

    def note_draw(self, t: float | None = None) -> None:
        """The player whose turn ended drew a tile: under NASPA that closes the hold window."""
        t = self._at(t)
        w = self._window
        if w is not None and w.closes_on_draw and w.closed_at is None and w.hold_at is None:
            w.closed_at = t

    def courtesy_draw_at(self) -> float | None:
        """When the held player may draw replacements (kept apart), or None."""
        w = self._window
        if w is None or w.hold_at is None or self.rules.courtesy_draw_s is None:
            return None
        base = w.hold_at if self.rules.courtesy_from == "hold" else w.opened_at
        return base + self.rules.courtesy_draw_s

    def courtesy_draw_allowed(self, t: float | None = None) -> bool:
        t = self._at(t)
        at = self.courtesy_draw_at()
        return at is not None and t >= at

    # ----- queries ---------------------------------------------------------------

    @property
    def ended(self) -> bool:
        self._at(None)
        return self._over

    @property
    def end_reason(self) -> str | None:
        self._at(None)
        return self._end_reason

    @property
    def neutralized_reason(self) -> str | None:
        return self._reason

    def running(self, t: float | None = None) -> int | None:
        self._at(t)
        return self._running

    def used(self, player: int, t: float | None = None) -> float:
        t = self._at(t)
        return self._used_at(player, t)

    def remaining(self, player: int, t: float | None = None) -> float:
        return self._allowance[player] - self.used(player, t)

    def text(self, player: int, t: float | None = None) -> str:
        return clock_text(self.remaining(player, t))

    def overtime(self, player: int, t: float | None = None) -> int:
        return overtime_seconds(self.used(player, t), self._allowance[player])

    def result(self, t: float | None = None) -> ClockResult:
        t = self._at(t)
        used = (self._used_at(0, t), self._used_at(1, t))
        over = (
            overtime_seconds(used[0], self._allowance[0]),
            overtime_seconds(used[1], self._allowance[1]),
        )
        ppm = self.rules.points_per_minute
        return ClockResult(
            used_s=used,
            overtime_s=over,
            penalties=(overtime_penalty(over[0], ppm), overtime_penalty(over[1], ppm)),
            forfeiting=self._forfeiting,
            deduction=self.rules.max_overtime_deduction,
        )

    def view(self, t: float | None = None) -> ClockView:
        t = self._at(t)
        remaining = (self._allowance[0] - self._used_at(0, t), self._allowance[1] - self._used_at(1, t))
        return ClockView(
            remaining_s=remaining,
            texts=(clock_text(remaining[0]), clock_text(remaining[1])),
            running=self._running,
            neutralized=self._reason is not None,
            reason=self._reason,
            hold_window_open=self.hold_window_open(t),
            holder=self.holder,
            courtesy_draw_allowed=self.courtesy_draw_allowed(t),
            ended=self._over,
            end_reason=self._end_reason,
        )

    # ----- snapshot / restore ------------------------------------------------------

    def snapshot(self, t: float | None = None) -> dict:
        """JSON-ready state; times are stored as seconds before the snapshot, because
        monotonic time does not survive a reboot."""
        t = self._at(t)
        w = self._window

        def ago(x: float | None) -> float | None:
            return None if x is None or x == -math.inf else t - x

        return {
            "version": SNAPSHOT_VERSION,
            "allowance_s": list(self._allowance),
            "used_s": [self._used_at(0, t), self._used_at(1, t)],
            "running": self._running,
            "started": self._started,
            "first_player": self.first_player,
            "reason": self._reason,
            "resume_side": self._resume_side,
            "restart_by": self._restart_by,
            "end_reason": self._end_reason,
            "forfeiting": self._forfeiting,
            "last_change_ago": ago(self._last_change),
            "window": None
            if w is None
            else {
                "ended_by": w.ended_by,
                "opened_ago": ago(w.opened_at),
                "length_s": w.length_s,
                "closes_on_draw": w.closes_on_draw,
                "closed_ago": ago(w.closed_at),
                "hold_ago": ago(w.hold_at),
            },
            "rules": {
                "hold_window_s": self.rules.hold_window_s,
                "hold_closes_on_draw": self.rules.hold_closes_on_draw,
                "out_play_window_s": self.rules.out_play_window_s,
                "courtesy_draw_s": self.rules.courtesy_draw_s,
                "courtesy_from": self.rules.courtesy_from,
                "max_overtime_s": self.rules.max_overtime_s,
                "max_overtime_deduction": self.rules.max_overtime_deduction,
                "points_per_minute": self.rules.points_per_minute,
                "simultaneous_press_s": self.rules.simultaneous_press_s,
            },
        }

    @classmethod
    def restore(
        cls,
        snapshot: dict,
        time_source: Callable[[], float] = time.monotonic,
        downtime_s: float = 0.0,
    ) -> "GameClock":
        """Rebuild a clock from `snapshot()`, e.g. after a power cut.

        By default the time the kiosk was down is not charged: the running clock and any
        open window carry on from where they were. Pass `downtime_s` (worked out by the
        caller, e.g. from the journal's wall-clock stamps) to charge it.
        """
        if snapshot.get("version") != SNAPSHOT_VERSION:
            raise ValueError(f"unknown clock snapshot version {snapshot.get('version')!r}")
        clock = cls(
            allowance_s=snapshot["allowance_s"][0],
            time_source=time_source,
            rules=ClockRules(**snapshot["rules"]),
            first_player=snapshot["first_player"],
        )
        base = time_source() - downtime_s  # the snapshot's instant on the new time line

        def at(ago: float | None) -> float | None:
            return None if ago is None else base - ago

        clock._allowance = [float(a) for a in snapshot["allowance_s"]]
        clock._used = [float(u) for u in snapshot["used_s"]]
        clock._running = snapshot["running"]
        clock._since = base
        last_change = at(snapshot["last_change_ago"])
        clock._last_change = -math.inf if last_change is None else last_change
        clock._started = snapshot["started"]
        clock._reason = snapshot["reason"]
        clock._resume_side = snapshot["resume_side"]
        clock._restart_by = snapshot["restart_by"]
        clock._end_reason = snapshot["end_reason"]
        clock._forfeiting = snapshot["forfeiting"]
        w = snapshot["window"]
        if w is not None:
            clock._window = _Window(
                ended_by=w["ended_by"],
                opened_at=base - w["opened_ago"],  # a window always has its opening instant
                length_s=w["length_s"],
                closes_on_draw=w["closes_on_draw"],
                closed_at=at(w["closed_ago"]),
                hold_at=at(w["hold_ago"]),
            )
        return clock

    def continue_after_restart(self, last_t: float, charge_s: float = 0.0) -> None:
        """Carry a clock rebuilt from journal records onto this boot's time line.

        `last_t` is the monotonic time of the last journal record (previous boot). The
        clock continues as if that instant were now: the time the kiosk was down is not
        charged unless `charge_s` says how much of it to charge.
        """
        shift = (self.time_source() - charge_s) - last_t
        self._since += shift
        if self._last_change != -math.inf:
            self._last_change += shift
        w = self._window
        if w is not None:
            w.opened_at += shift
            w.closed_at = None if w.closed_at is None else w.closed_at + shift
            w.hold_at = None if w.hold_at is None else w.hold_at + shift
        self._at(None)

    # ----- internals ----------------------------------------------------------------

    def _at(self, t: float | None) -> float:
        """The instant of an action or query (never before the last change), after
        settling anything that happened by then (a max-overtime forfeit)."""
        t = self.time_source() if t is None else t
        t = max(t, self._last_change)
        self._settle(t)
        return t

    def _settle(self, t: float) -> None:
        limit = self.rules.max_overtime_s
        p = self._running
        if limit is None or p is None or self._over:
            return
        if exceeds_max_overtime(overtime_seconds(self._used_at(p, t), self._allowance[p]), limit):
            # End at the exact instant it happened, not when someone looked.
            fatal_used = self._allowance[p] + limit + 1
            crossing = self._since + (fatal_used - self._used[p])
            self._forfeiting = p
            self._end(crossing, "max_overtime")

    @property
    def _over(self) -> bool:
        return self._end_reason is not None

    def _used_at(self, player: int, t: float) -> float:
        if self._running == player:
            return self._used[player] + (t - self._since)
        return self._used[player]

    def _start(self, player: int, t: float) -> None:
        self._running, self._since, self._last_change = player, t, t

    def _stop(self, t: float) -> None:
        if self._running is not None:
            self._used[self._running] += t - self._since
        self._running, self._since, self._last_change = None, t, t

    def _clear_neutral(self) -> None:
        self._reason = self._resume_side = self._restart_by = None

    def _end(self, t: float, reason: str) -> None:
        self._stop(t)
        self._end_reason = reason
