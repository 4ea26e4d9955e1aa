"""Hypothesis stateful test of the kiosk app (issue 6): random button presses, touch
choices, camera readings (good, misread, unsteady, lost, unplugged), tiles put down or
taken back, time passing and power cuts. The app never raises, and after every step:

- tiles are conserved: bag + racks + board = the set, and no tile is on the board more
  often than the set has it;
- the clocks run forward: time used is never negative and never goes back, only the
  running player's time moves, by no more than the time that passed;
- a power cut (the app rebuilt from its journal) gives back the same game.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from vision.observation import BoardObservation

from hardware.camera import CameraUnplugged
from kiosk.app import GameSetup, KioskApp
from kiosk.app_journal import MemoryJournal
from kiosk.vision_worker import InlineVision
from tests.board_text import cell

SIZE = 15
LETTERS = "AEIOSTRNLCDQZXJ?"
LEXICON = frozenset({"AT", "TA", "SIT", "ITS", "TO", "OAT", "TOE", "ZOA", "QI", "XI", "JO", "AA"})
BUTTONS = ("p1", "p2", "pause", "challenge", "confirm", "cancel")
EPS = 1e-6


@dataclass
class Table:
    """The real table as the fake camera sees it."""

    rows: list[list[str]] = field(default_factory=lambda: [["."] * SIZE for _ in range(SIZE)])
    low: frozenset[tuple[int, int]] = frozenset()   # squares read with low confidence
    located: bool = True
    stable: bool = True
    unplugged: bool = False
    racks: dict[str, int] = field(default_factory=dict)


class TableCamera:
    def __init__(self, table: Table):
        self.table = table

    def read(self) -> Table:
        if self.table.unplugged:
            raise CameraUnplugged("camera unplugged (test)")
        return Table([list(r) for r in self.table.rows], self.table.low, self.table.located,
                     self.table.stable, False, dict(self.table.racks))


class TableReader:
    def racks_hold(self, counts: dict[str, int]) -> None:
        pass

    def accept_board(self, rows: list[str]) -> None:
        pass

    def observe(self, seen: Table) -> BoardObservation:
        if not seen.located:
            return BoardObservation.unlocated("board not found (test)", dict(seen.racks))
        cells = []
        for r, row in enumerate(seen.rows):
            for c, ch in enumerate(row):
                conf = 0.4 if (r, c) in seen.low else 0.99
                cells.append(cell(ch, conf))
        return BoardObservation(tuple(cells), located=True, stable=seen.stable, rack_counts=dict(seen.racks))


squares = st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1))


def name(square: tuple[int, int]) -> str:
    r, c = square
    return f"{chr(ord('A') + c)}{r + 1}"


class KioskMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.t = 0.0
        self.table = Table()
        self.journal = MemoryJournal()
        self.app = self.start(None)
        self.seen_used: tuple[float, float, float, int | None] | None = None   # (now, used0, used1, running)

    def start(self, records: list[dict] | None) -> KioskApp:
        vision = InlineVision(TableCamera(self.table), TableReader(), lambda: 0.0, lambda: self.t)
        return KioskApp(GameSetup(("Ann", "Bob")), vision=vision, journal=self.journal,
                        time_source=lambda: self.t, lexicon=LEXICON, records=records)

    # ----- time and buttons --------------------------------------------------------

    @rule(dt=st.sampled_from([0.05, 0.5, 2.5, 30.0, 400.0]))
    def wait(self, dt: float) -> None:
        self.t += dt
        self.app.tick()

    @rule(button=st.sampled_from(BUTTONS), kind=st.sampled_from(["press", "press", "long", "release"]))
    def button(self, button: str, kind: str) -> None:
        self.t += 0.1
        self.app.handle_button(button, kind)
        self.app.tick()

    @rule()
    def press_the_running_clock(self) -> None:
        """The press that ends a turn (at the start: the second player's press), a moment later."""
        self.t += 3.0
        running = self.app.clock.running(self.app.now())
        if running is None:
            self.app.handle_button("p2" if self.app.setup.first == 0 else "p1")
        else:
            self.app.handle_button(("p1", "p2")[running])
        self.app.tick()

    @rule(data=st.data(), across=st.booleans(), length=st.integers(1, 4))
    def play_a_turn(self, data: st.DataObject, across: bool, length: int) -> None:
        """Tiles put down, the clock pressed, a moment for the camera, CONFIRM if asked."""
        self.put_down_a_word(data, across, length)
        self.play_a_turn_pressed()

    def play_a_turn_pressed(self) -> None:
        self.press_the_running_clock()
        self.wait(0.5)
        self.button("confirm", "press")

    @rule()
    def challenge_the_last_play(self) -> None:
        self.t += 1.0
        self.app.handle_button("challenge")
        self.app.tick()

    @rule()
    def director_ends_the_game(self) -> None:
        self.app.director_end()

    # ----- the table ------------------------------------------------------------------

    @rule(data=st.data(), across=st.booleans(), length=st.integers(1, 4))
    def put_down_a_word(self, data: st.DataObject, across: bool, length: int) -> None:
        """Tiles in a line from a square next to the board's tiles (or over the centre)."""
        occupied = [(r, c) for r in range(SIZE) for c in range(SIZE) if self.table.rows[r][c] != "."]
        if occupied:
            r, c = data.draw(st.sampled_from(occupied))
            r, c = (r + 1, c) if across else (r, c + 1)
        else:
            r, c = (7, 7 - data.draw(st.integers(0, length - 1))) if across else (7 - data.draw(st.integers(0, length - 1)), 7)
        for i in range(length):
            rr, cc = (r, c + i) if across else (r + i, c)
            if rr < SIZE and cc < SIZE and self.table.rows[rr][cc] == ".":
                self.table.rows[rr][cc] = data.draw(st.sampled_from(self.tiles_left()))

    @rule(square=squares, letter=st.sampled_from(LETTERS + "."))
    def bump_a_square(self, square: tuple[int, int], letter: str) -> None:
        """A tile knocked or misread: any square shows anything (even a second Q)."""
        self.table.rows[square[0]][square[1]] = letter

    def tiles_left(self) -> list[str]:
        """Letters of which the set still has a tile off the table."""
        tileset = self.app.state.tileset
        on_table = Counter(ch for row in self.table.rows for ch in row if ch != ".")
        return [t for t in LETTERS if on_table[t] < tileset.counts.get(t, 0)]

    @rule()
    def tidy_the_board(self) -> None:
        """The players put the board back as the kiosk has it (a designated blank is a '?' tile)."""
        self.table.rows = [["?" if ch.islower() else ch for ch in row] for row in self.app.board_rows()]

    @rule(low=st.frozensets(squares, max_size=3), located=st.booleans(), stable=st.booleans(),
          unplugged=st.booleans(), p1=st.integers(0, 9), p2=st.integers(0, 9))
    def camera_view(self, low, located: bool, stable: bool, unplugged: bool, p1: int, p2: int) -> None:
        self.table.low, self.table.located, self.table.stable = low, located, stable
        self.table.unplugged, self.table.racks = unplugged, {"p1": p1, "p2": p2}

    @rule()
    def camera_good(self) -> None:
        self.table.low, self.table.located, self.table.stable, self.table.unplugged = frozenset(), True, True, False
        self.table.racks = {"p1": 7, "p2": 7}

    # ----- touch choices ---------------------------------------------------------------

    @rule(data=st.data())
    def correct_the_read(self, data: st.DataObject) -> None:
        """The players enter the tiles they see on the table (what differs from the record),
        or a random set of squares."""
        accepted = self.app.board_rows()
        diff = [(name((r, c)), self.table.rows[r][c]) for r in range(SIZE) for c in range(SIZE)
                if self.table.rows[r][c] != "." and accepted[r][c] == "."]
        random_tiles = data.draw(st.lists(st.tuples(squares.map(name), st.sampled_from(LETTERS)), max_size=3))
        self.app.correct(data.draw(st.sampled_from([diff, random_tiles, []])))

    @rule()
    def choose_pass(self) -> None:
        self.app.choose_pass()

    @rule(count=st.integers(0, 8))
    def choose_exchange(self, count: int) -> None:
        self.app.choose_exchange(count)

    @rule(letter=st.sampled_from("ABCXYZ"))
    def designate_blank(self, letter: str) -> None:
        self.app.designate_blank(letter)

    @rule()
    def take_the_view_as_is(self) -> None:
        self.app.use_view_as_is()

    @rule(overdrawn=st.booleans())
    def answer_rack_question(self, overdrawn: bool) -> None:
        self.app.answer_rack_question(overdrawn)

    @precondition(lambda self: len(self.app.events) > 1)
    @rule(dt=st.sampled_from([0.0, 5.0, 3600.0]))
    def power_cut(self, dt: float) -> None:
        """The kiosk restarts from its journal: same game, same clocks."""
        before = self.app
        t_before = before.now()
        running_before = before.clock.running(t_before)
        used = (before.clock.used(0, t_before), before.clock.used(1, t_before))
        self.t += dt
        self.app = self.start(list(self.journal.records))
        after = self.app
        assert after.events == before.events
        assert after.board_rows() == before.board_rows()
        assert after.state.scores == before.state.scores
        assert after.state.to_move == before.state.to_move
        assert after.state.bag_count == before.state.bag_count
        assert after.phase == before.phase or before.phase in ("challenge", "remove_tiles", "six_zero", "done")
        t_after = after.now()
        assert after.clock.running(t_after) == running_before, "another clock runs after the restart"
        for p in (0, 1):
            # time while the kiosk was down is not charged; at most the time since the last record is lost
            assert after.clock.used(p, t_after) <= used[p] + EPS
        self.seen_used = None

    # ----- invariants ----------------------------------------------------------------

    @invariant()
    def tiles_conserved(self) -> None:
        state = self.app.state
        tileset = state.tileset
        on_board = Counter(tileset.tile_of(ch) for _, ch in state.board.occupied())
        assert not on_board - tileset.bag(), f"more tiles on the board than the set has: {on_board - tileset.bag()}"
        assert state.bag_count >= 0 and min(state.rack_counts) >= 0
        assert state.bag_count + sum(state.rack_counts) + sum(on_board.values()) == tileset.size, \
            f"bag {state.bag_count} + racks {state.rack_counts} + board {sum(on_board.values())} != {tileset.size}"

    @invariant()
    def the_clock_of_the_player_to_move_runs(self) -> None:
        app = self.app
        running = app.clock.running(app.now())
        if running is not None and app.phase == "turn":
            waiting = 1 - app.pending[-1].player if app.pending else app.state.to_move
            assert running == waiting, f"{app.setup.players[running]}'s clock runs in {app.setup.players[waiting]}'s turn"

    @invariant()
    def clocks_run_forward(self) -> None:
        clock = self.app.clock
        now = self.app.now()
        used = (clock.used(0, now), clock.used(1, now))
        running = clock.running(now)
        assert min(used) >= -EPS, f"negative time used {used}"
        if self.seen_used is not None:
            then, used0, used1, was_running = self.seen_used
            dt = max(0.0, now - then)
            for p, before in ((0, used0), (1, used1)):
                assert used[p] >= before - EPS, f"player {p}'s used time went back: {before} -> {used[p]}"
                assert used[p] - before <= dt + EPS, f"player {p}'s clock ran faster than time"
            if was_running is None or was_running == running:
                moved = [p for p in (0, 1) if used[p] > (used0, used1)[p] + EPS]
                assert len(moved) <= 1, f"both clocks ran: {(used0, used1)} -> {used}"
        self.seen_used = (now, used[0], used[1], running)


KioskMachine.TestCase.settings = settings(
    max_examples=150, stateful_step_count=60, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestKioskStateful = KioskMachine.TestCase


# ----- bugs the machine found, as plain regression tests ---------------------------------


def table_after_first_press() -> KioskMachine:
    """Bob has started Ann's clock; Ann has put CAT over the centre."""
    table = KioskMachine()
    table.press_the_running_clock()
    for c, letter in ((6, "C"), (7, "A"), (8, "T")):
        table.table.rows[7][c] = letter
    return table


def test_director_end_while_a_read_is_pending():
    """Fixed in 083dbd4: the refused play goes back to the players, nothing is journaled."""
    table = table_after_first_press()
    table.table.unplugged = True
    table.press_the_running_clock()   # Ann ends her turn; the read waits for the camera
    table.wait(0.5)
    table.app.director_end()
    table.table.unplugged = False
    table.wait(0.5)                   # the camera is back
    assert table.app.phase == "result"
    kinds = [r["event"]["type"] for r in table.journal.records if "event" in r]
    assert "play_made" not in kinds[kinds.index("game_ended"):]


def test_touch_choice_after_the_game_ended_is_refused_and_restart_works():
    """Fixed in 14a19f9: touch choices the rules refuse become alerts."""
    table = KioskMachine()
    table.press_the_running_clock()
    table.press_the_running_clock()   # Ann ends her turn without putting tiles down
    table.wait(0.5)                   # the read says: no change (pass or exchange?)
    table.app.director_end()
    table.app.choose_pass()
    table.start(list(table.journal.records))


def test_a_misread_tile_the_set_has_no_more_of():
    """Fixed in 083dbd4: the rules core checks every event before it is journaled."""
    table = KioskMachine()
    table.press_the_running_clock()
    table.table.rows[7][6:9] = ["Q", "A", "T"]
    table.play_a_turn_pressed()
    table.tidy_the_board()
    table.table.rows[8][7], table.table.rows[9][7] = "Q", "Q"   # an O read as a Q, twice
    table.play_a_turn_pressed()
    assert table.app.pending, "the read waits for the players"
    table.start(list(table.journal.records))


def test_resume_while_a_turn_is_read_restarts_the_opponents_clock():
    """A director's pause + resume while a pressed turn is still read restarts the opponent's clock."""
    table = table_after_first_press()
    table.table.unplugged = True
    table.press_the_running_clock()   # Ann ends her turn: Bob's clock runs, the read waits
    table.app.handle_button("pause")
    table.wait(5.0)
    table.app.handle_button("pause")  # the director resumes
    assert table.app.clock.running(table.app.now()) == 1


def test_restart_after_the_game_ended_keeps_the_clocks_stopped():
    """Fixed in 14a19f9: a replayed GameEnded stops the clock."""
    table = table_after_first_press()
    table.app.director_end()
    table.wait(30.0)
    table.app = table.start(list(table.journal.records))
    table.wait(30.0)
    assert table.app.clock.running(table.app.now()) is None
    assert table.app.clock.used(0, table.app.now()) == 0.0


def test_director_end_right_after_a_restart():
    """Fixed in 14a19f9: now() never runs before the last record's time."""
    table = KioskMachine()
    table.press_the_running_clock()          # t = 3.0
    table.button("pause", "press")           # t = 3.1: clocks neutralized
    table.t += 5.0
    table.app = table.start(list(table.journal.records))
    table.app.director_end()
    assert table.app.phase == "result"
