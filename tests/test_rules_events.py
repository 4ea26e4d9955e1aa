"""Events serialize to JSON lines and back; bad lines name the bad field."""
from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kiosk.errors import InputError
from kiosk.rules import events as ev

SAMPLES = [
    ev.GameStarted(("Ann", "Bob")),
    ev.GameStarted(("Ann", "Bob"), first=1, profile="msa", tileset="german", lexicon="club.txt", missing="?"),
    ev.PlayMade(0, (("H8", "Q"), ("I8", "i"), ("J8", "?")), rack="QI?ABCD"),
    ev.BlankDesignated(0, "J8", "s"),
    ev.Passed(1),
    ev.Exchanged(1, 3, tiles="VVW", rack="VVWAEIO"),
    ev.HoldPlaced(1, t=12.5),
    ev.ChallengeMade(1, ("QIS",)),
    ev.ChallengeJudged(False),
    ev.ChallengeBonus(0, 5),
    ev.OverdrawReported(0, 9, mixed=True, found_by=1),
    ev.OverdrawResolved(0),
    ev.UnderdrawReported(1, 6),
    ev.SixZeroInvoked(0),
    ev.GameEnded("out", ("", "AEQ")),
    ev.TimePenalty(1, 20, overtime_s=61),
    ev.OvertimeForfeit(1),
    ev.Correction(0, -4, "mis-added", by="director"),
    ev.Correction(1, -50, "out-of-order draw", by="director", spread_only=True),
    ev.Note("nice"),
    ev.ClockPressed(0, 3.25),
    ev.ClockPaused(4.0, "challenge"),
    ev.ClockResumed(9.0),
    ev.DowntimeCharged(1, 90.0, 9.5),
    ev.PlayMade(1, (("L12", "O"), ("L13", "R")), announced=12, irregular=True),
    ev.ExchangeBelowMinimum(0, 2, "before_opponent_pressed", tiles="VV", rack="VVAEIOU"),
    ev.ExchangePicked(0, "AEIOUVV"),
    ev.FreeChallengeGranted(1, "score recorded before the play"),
    ev.OutOfOrderDraw(0),
    ev.TilesMissing("?"),
    ev.TimeCalled(),
    ev.FalseBlank("G8", "E"),
    ev.GameAbandoned(1),
    ev.ChallengeWithdrawn(1),
    ev.TileFound("E", receiver=1),
    ev.TileFound("?"),
    ev.StrayTile(0, "L8", "R"),
    ev.StrayTileRemoved("L8"),
    ev.ResultSigned(),
]


def test_every_event_type_has_a_sample():
    assert {type(e) for e in SAMPLES} == set(ev.EVENT_TYPES)


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: ev.type_name(type(e)))
def test_json_round_trip(event):
    line = ev.event_to_json(event)
    assert "\n" not in line
    data = json.loads(line)
    assert data["type"] == ev.type_name(type(event))
    assert ev.event_from_json(line) == event


def test_snake_case_type_names_are_frozen():
    assert set(ev.BY_NAME) >= {
        "game_started", "play_made", "blank_designated", "passed", "exchanged", "challenge_made",
        "challenge_judged", "challenge_bonus", "overdraw_reported", "overdraw_resolved",
        "underdraw_reported", "six_zero_invoked", "game_ended", "time_penalty", "overtime_forfeit",
        "correction", "note", "clock_pressed", "clock_paused", "clock_resumed",
    }


def test_tuples_become_lists_and_defaults_may_be_omitted():
    assert json.loads(ev.event_to_json(SAMPLES[2]))["tiles"] == [["H8", "Q"], ["I8", "i"], ["J8", "?"]]
    assert ev.event_from_json('{"type":"passed","player":1}') == ev.Passed(1)
    assert ev.event_from_json('{"type":"clock_pressed","player":0,"t":3}') == ev.ClockPressed(0, 3.0)


@pytest.mark.parametrize("line, field", [
    ('{"type":"play_made","player":0,"tiles":[["H8"]]}', "tiles"),
    ('{"type":"play_made","player":"0","tiles":[]}', "player"),
    ('{"type":"passed","player":2}', "player"),
    ('{"type":"passed"}', "player"),
    ('{"type":"passed","player":0,"colour":"red"}', "colour"),
    ('{"type":"challenge_judged","acceptable":1}', "acceptable"),
    ('{"type":"clock_pressed","player":0,"t":true}', "t"),
    ('{"type":"played"}', "type"),
    ('{"player":0}', "type"),
])
def test_bad_lines_name_the_field(line, field):
    with pytest.raises(InputError) as err:
        ev.event_from_json(line, source="game.jsonl", line=7)
    assert err.value.field == field and err.value.line == 7
    assert str(err.value).startswith("game.jsonl:7: ")


def test_not_json_or_not_an_object():
    for bad in ("{", "[1]", "3"):
        with pytest.raises(InputError):
            ev.event_from_json(bad)


text = st.text(max_size=12)
player = st.integers(0, 1)
square = st.builds(lambda c, r: f"{c}{r}", st.sampled_from("ABCDEFGHIJKLMNO"), st.integers(1, 15))
rack = st.none() | st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ?", max_size=7)
EVENTS = st.one_of(
    st.builds(ev.GameStarted, st.tuples(text, text), player, text, text, text, text),
    st.builds(ev.PlayMade, player, st.lists(st.tuples(square, st.sampled_from("AZaz?ÄÖü")), max_size=7).map(tuple), rack),
    st.builds(ev.BlankDesignated, player, square, st.sampled_from("az")),
    st.builds(ev.Passed, player, rack),
    st.builds(ev.Exchanged, player, st.integers(0, 7), rack, rack),
    st.builds(ev.HoldPlaced, player, st.none() | st.floats(0, 1e6)),
    st.builds(ev.ChallengeMade, player, st.lists(text, max_size=3).map(tuple)),
    st.builds(ev.ChallengeJudged, st.booleans()),
    st.builds(ev.ChallengeBonus, player, st.integers(-100, 100)),
    st.builds(ev.OverdrawReported, player, st.integers(0, 12), st.booleans(), st.none() | player),
    st.builds(ev.OverdrawResolved, player),
    st.builds(ev.UnderdrawReported, player, st.integers(0, 7)),
    st.builds(ev.SixZeroInvoked, player),
    st.builds(ev.GameEnded, text, st.tuples(rack, rack)),
    st.builds(ev.TimePenalty, player, st.integers(0, 500), st.none() | st.integers(0, 10000)),
    st.builds(ev.OvertimeForfeit, player),
    st.builds(ev.Correction, player, st.integers(-500, 500), text, text, st.booleans()),
    st.builds(ev.Note, text),
    st.builds(ev.ClockPressed, player, st.floats(0, 1e6)),
    st.builds(ev.ClockPaused, st.floats(0, 1e6), text),
    st.builds(ev.ClockResumed, st.floats(0, 1e6)),
    st.builds(ev.DowntimeCharged, player, st.floats(0, 1e5), st.floats(0, 1e6)),
)


@given(EVENTS)
def test_json_round_trip_property(event):
    assert ev.event_from_json(ev.event_to_json(event)) == event
