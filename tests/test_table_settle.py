"""kiosk.table: when a run of readings is a settled view of the board (pure)."""
from __future__ import annotations

from kiosk.table import Settle, next_settle_read, settle_step, settled

SPAN = 0.1


def run(*readings: tuple[float, bool, bool]) -> Settle:
    state = Settle()
    for at, clear, agrees in readings:
        state = settle_step(state, clear=clear, agrees=agrees, taken_at=at)
    return state


def test_a_view_is_settled_once_agreeing_readings_span_the_setting():
    state = run((1.0, True, False), (1.05, True, True))
    assert state.since == 1.0
    assert not settled(state.since, taken_at=1.05, not_before=0.0, min_span_s=SPAN)
    assert next_settle_read(state.since, now=1.05, min_span_s=SPAN) == 1.1
    state = settle_step(state, clear=True, agrees=True, taken_at=1.1)
    assert settled(state.since, taken_at=1.1, not_before=0.0, min_span_s=SPAN)


def test_a_reading_that_differs_or_is_unclear_begins_again():
    state = run((1.0, True, False), (2.0, True, True), (2.5, True, False))
    assert state.since == 2.5                       # the board changed: the earlier run no longer counts
    state = run((1.0, True, False), (2.0, True, True), (2.5, False, False))
    assert state.since is None                      # a hand over the board: no settled view at all
    assert next_settle_read(None, now=2.5, min_span_s=SPAN) == 2.6
    state = settle_step(state, clear=True, agrees=True, taken_at=2.6)
    assert state.since == 2.6                       # agreeing with an unclear reading begins a run, no more


def test_only_a_reading_taken_at_or_after_the_press_confirms():
    state = run((1.0, True, False), (3.0, True, True))
    assert settled(state.since, taken_at=3.0, not_before=3.0, min_span_s=SPAN)
    assert not settled(state.since, taken_at=3.0, not_before=3.01, min_span_s=SPAN)


def test_a_reader_that_agrees_from_its_first_reading_is_settled_since_then():
    state = run((1.0, True, True))                  # test doubles: the previous reading is not this state's
    assert settled(state.since, taken_at=1.0, not_before=1.0, min_span_s=SPAN)


def test_float_sums_do_not_fall_short_of_the_span():
    state = run((3.45, True, False), (3.45 + 0.1, True, True))
    assert settled(state.since, taken_at=3.55, not_before=0.0, min_span_s=SPAN)
