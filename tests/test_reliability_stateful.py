"""Hypothesis stateful test: random presses, touches and camera readings never crash the
app and keep its invariants: tiles conserved, clocks never run backwards, at most one
clock running, the journal rebuilds the same game."""
from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from kiosk.app_journal import MemoryJournal
from tests.test_app_flow import Table, View

BUTTONS = ("p1", "p2", "pause", "challenge", "confirm", "cancel")
LETTERS = "ACEINOSTRXQZ?"
WORDS = frozenset({"CAT", "AT", "TA", "IT", "TI", "IN", "ON", "NO", "OX", "XI", "SO", "TO", "AN", "NA", "IS", "SI"})


class KioskMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.table = Table(lexicon=WORDS, journal=MemoryJournal())
        self.used = [0.0, 0.0]

    @property
    def app(self):
        return self.table.app

    @rule(button=st.sampled_from(BUTTONS), dt=st.floats(0.0, 30.0))
    def press(self, button, dt):
        self.table.press(button, dt)

    @rule(dt=st.floats(0.0, 5.0))
    def wait(self, dt):
        self.table.at(self.table.t + dt)

    @rule(row=st.integers(0, 14), col=st.integers(0, 14), across=st.booleans(),
          letters=st.text(LETTERS, min_size=1, max_size=4), stable=st.booleans(), low=st.booleans())
    def lay_tiles(self, row, col, across, letters, stable, low):
        """The camera now sees the accepted board plus some tiles in a line (maybe illegal)."""
        grid = [list(r) for r in self.app.board_rows()]
        placed = []
        for i, letter in enumerate(letters):
            r, c = (row, col + i) if across else (row + i, col)
            if r < 15 and c < 15 and grid[r][c] == ".":
                grid[r][c] = letter
                placed.append((r, c))
        self.table.camera.view = View(["".join(r) for r in grid], low=set(placed[:1]) if low else set(), stable=stable)

    @rule()
    def take_tiles_back(self):
        self.table.camera.view = View(list(self.app.board_rows()))

    @rule(unplugged=st.booleans())
    def camera(self, unplugged):
        self.table.camera.unplugged = unplugged

    @rule(letter=st.sampled_from("AEIOST"))
    def touch_blank(self, letter):
        self.app.designate_blank(letter)

    @rule(count=st.integers(1, 7))
    def touch_exchange(self, count):
        self.app.choose_exchange(count)

    @rule()
    def touch_pass(self):
        self.app.choose_pass()

    @rule(yes=st.booleans())
    def touch_rack(self, yes):
        self.app.answer_rack_question(yes)

    @rule()
    def screen_builds(self):
        self.app.screen()

    @invariant()
    def tiles_conserved(self):
        state = self.app.state
        on_board = sum(15 - row.count(".") for row in state.board.rows())
        assert on_board + state.bag_count + sum(state.rack_counts) == state.tileset.size

    @invariant()
    def clocks_run_forward_one_at_a_time(self):
        t = self.table.t
        clock = self.app.clock
        used = [clock.used(p, t) for p in (0, 1)]
        assert all(u >= 0 for u in used)
        assert used[0] >= self.used[0] - 1e-9 and used[1] >= self.used[1] - 1e-9
        self.used = used
        assert clock.running(t) in (None, 0, 1)

    @invariant()
    def journal_rebuilds_the_same_game(self):
        if len(self.app.events) % 7:  # rebuilding is slowish: check every few events
            return
        again = Table(lexicon=WORDS, records=list(self.table.journal.records))
        assert again.app.board_rows() == self.app.board_rows()
        assert tuple(again.app.state.scores) == tuple(self.app.state.scores)


KioskMachine.TestCase.settings = settings(max_examples=100, stateful_step_count=50, deadline=None,
                                          suppress_health_check=[HealthCheck.too_slow])
test_kiosk_state_machine = KioskMachine.TestCase
