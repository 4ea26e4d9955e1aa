"""GCG export from the kiosk's own events (scored by the rules core)."""
from __future__ import annotations

from pathlib import Path

from kiosk.rules.events import (BlankDesignated, ChallengeBonus, ChallengeJudged, ChallengeMade, Exchanged,
                                GameStarted, Note, Passed, PlayMade)
from kiosk.rules.gcg import events_to_gcg, gcg_to_events, parse_gcg

DEV = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "gcg" / "dev"

EVENTS = [
    GameStarted(players=("Ann Smith", "Bob")),
    PlayMade(0, (("H8", "?"), ("I8", "B")), "?B"),
    BlankDesignated(0, "H8", "A"),
    Note("nice opening"),
    Passed(1, "DE"),
    Exchanged(0, 2, "CD", "CDEFGHI"),
    Exchanged(1, 3),
    PlayMade(0, (("G9", "A"), ("H9", "T")), "AT"),
    ChallengeMade(1),
    ChallengeJudged(acceptable=False),
    PlayMade(1, (("H7", "R"), ("H9", "T")), "RAT"),
    ChallengeBonus(1, 5),  # as a GCG record gives it
    ChallengeMade(0),  # NASPA double challenge: the challenger loses the turn
    ChallengeJudged(acceptable=True),
]


def test_export_writes_every_kind_of_line():
    assert events_to_gcg(EVENTS).splitlines() == [
        "#character-encoding UTF-8",
        "#player1 Ann_Smith Ann Smith",
        "#player2 Bob Bob",
        ">Ann_Smith: ?B 8H aB +6 6",
        "#note nice opening",
        ">Bob: DE - +0 0",
        ">Ann_Smith: CDEFGHI -CD +0 6",
        ">Bob:  -3 +0 0",
        ">Ann_Smith: AT 9G AT +4 10",
        ">Ann_Smith: AT -- -4 6",
        ">Bob: RAT H7 R.T +2 2",
        ">Bob:  (challenge) +5 7",
        ">Ann_Smith:  - +0 6",
    ]


def test_exported_record_reads_back_with_matching_scores():
    game = parse_gcg(events_to_gcg(EVENTS).encode("utf-8"), "exported")
    assert game.mismatches == ()
    assert [p.name for p in game.players] == ["Ann Smith", "Bob"]


def test_end_of_game_and_time_penalty_lines_survive_a_round_trip():
    path = DEV / "magpie__success_standard.gcg"
    exported = events_to_gcg(gcg_to_events(parse_gcg(path.read_bytes(), path.name)))
    tail = exported.splitlines()[-2:]
    assert tail == [">RightBehindYou:  (I) +2 378", ">RightBehindYou:  (time) -20 358"]


def test_six_zero_ending_writes_each_rack_penalty():
    path = DEV / "magpie__dev_six_pass.gcg"
    exported = events_to_gcg(gcg_to_events(parse_gcg(path.read_bytes(), path.name)))
    assert exported.splitlines()[-2:] == [">Alice: V (V) -4 513", ">Bob: U (U) -1 348"]
