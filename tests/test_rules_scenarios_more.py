"""SCENARIOS.md items that had no test or a weak one, each through the rules core with
the item's worked numbers: TILE-08, FIRST-02, PLACE-07, EXCH-04, EXCH-05, DRAW-10,
TURN-04, SIXZ-03, RES-02, RES-09, KIOSK-03."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from kiosk.clock import GameClock
from kiosk.rules import events as ev
from kiosk.rules import game
from kiosk.rules.board import parse_position, square_name
from kiosk.rules.game import RuleError
from kiosk.rules.gcg import game_started, gcg_to_events, parse_gcg
from kiosk.rules.gcg_export import events_to_gcg
from kiosk.rules.orientation import reading_side, wrong_orientation
from kiosk.rules.profiles import load_profile
from kiosk.rules.timing import clock_text, overtime_penalty, pause_allowed

A, B = 0, 1
DEV = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "gcg" / "dev"


def tiles(position: str, letters: str) -> tuple[tuple[str, str], ...]:
    row, col, across = parse_position(position)
    return tuple((square_name((row, col + i) if across else (row + i, col)), letter)
                 for i, letter in enumerate(letters) if letter != ".")


def play(player: int, position: str, letters: str, rack: str | None = None) -> ev.PlayMade:
    return ev.PlayMade(player, tiles(position, letters), rack)


def start(players: tuple[str, str] = ("Ann", "Bob"), **kw: object) -> game.GameState:
    return game.replay([ev.GameStarted(players, **kw)])  # type: ignore[arg-type]


def run(state: game.GameState, *events: ev.Event) -> game.GameState:
    for event in events:
        state = game.apply(state, event)
    return state


def refused(state: game.GameState, event: ev.Event) -> RuleError:
    with pytest.raises(RuleError) as err:
        game.apply(state, event)
    return err.value


def test_TILE_08_the_second_players_set_after_the_draw_for_first():
    """Edith drew D, Archie V: Edith plays first; Archie then produces his (German) set and
    it is used. The set is chosen when the game starts, after the draw for first."""
    english = start(("Edith", "Archie"), first=A)
    german = start(("Edith", "Archie"), first=A, tileset="german")
    assert (german.first, german.to_move) == (english.first, english.to_move) == (A, A)
    assert german.tileset.name == "german" and german.tileset.size == 102 and german.bag_count == 102 - 14
    assert english.bag_count == 100 - 14
    # German tiles are now playable and scored as printed on Archie's set: Ö 8 + L 2 = 10, x2 = 20
    assert run(german, play(A, "8H", "ÖL")).scores == (20, 0)
    assert refused(english, play(A, "8H", "ÖL")).code == "not_a_tile"


def test_FIRST_02_the_record_shows_who_went_first_not_the_pairing():
    """The pairing said Marie first; Victoria went first; noticed after the game: the
    result stands, with Victoria as first player."""
    events: list[ev.Event] = [ev.GameStarted(("Marie", "Victoria"), first=B), play(B, "8G", "CAB"),
                              play(A, "9G", "AD"), ev.GameEnded("director", ("EEIORST", "AEINRTU"))]
    state = game.replay(events)
    assert state.first == B and state.history[0].player == B and state.finished
    assert refused(start(("Marie", "Victoria"), first=B), play(A, "8G", "CAB")).code == "not_your_turn"
    record = events_to_gcg(events)
    again = parse_gcg(record.encode("utf-8"), "first02.gcg")
    assert game_started(again).first == B and game_started(again).players == ("Marie", "Victoria")
    assert game.replay(gcg_to_events(again)).result == state.result


def test_PLACE_07_the_opening_play_fixes_the_reading_side():
    """3-tile opening: 2 of the 3 tiles show their value bottom right from side A -> A.
    A later word that reads only from side C (turned 180 degrees) is a challenge ground."""
    assert reading_side(["A", "A", "B"]) == "A"
    assert wrong_orientation("C", "A") and not wrong_orientation("A", "A")
    assert reading_side(["A", "C"]) is None  # no majority: the director decides
    with pytest.raises(ValueError):
        reading_side(["E"])


def test_EXCH_04_six_face_down_are_exchanged_and_the_blank_stays():
    """Laverne announces 7, puts 6 vowels face down and presses: 6 are exchanged, her
    blank stays; the count comes from the tiles, not the announcement."""
    state = run(start(), ev.Exchanged(A, 6, tiles="AAEIOU", rack="AAEIOU?"))
    turn = state.history[-1]
    assert (turn.kind, turn.count, turn.exchanged, turn.score) == ("exchange", 6, "AAEIOU", 0)
    assert "?" not in turn.exchanged and turn.rack == "AAEIOU?"
    assert state.bag_count == 86 and state.rack_counts == (7, 7) and state.to_move == B
    assert refused(start(), ev.Exchanged(A, 7, tiles="AAEIOU")).rule == "EXCH-04"  # 7 announced, 6 down
    assert "-AAEIOU " in events_to_gcg([ev.GameStarted(("Laverne", "Bob")),
                                         ev.Exchanged(A, 6, tiles="AAEIOU", rack="AAEIOU?")])


def test_EXCH_05_no_change_of_the_exchanged_tiles_after_the_press():
    """Petra put 6 tiles face down and pressed; she asks to swap one for her seventh: refused."""
    state = run(start(), ev.Exchanged(A, 6, tiles="AEIKVW", rack="AEIKVWZ"))
    err = refused(state, ev.Exchanged(A, 6, tiles="AEIKVZ", rack="AEIKVWZ"))
    assert (err.code, err.rule) == ("exchange_final", "EXCH-05")
    assert state.history[-1].exchanged == "AEIKVW" and state.bag_count == 86


def test_DRAW_10_florence_draws_the_last_tile_after_marvins_turn():
    """Bag 4: Florence plays and draws only 3 (rack 6, bag 1 on the table); Marvin
    finishes his turn with 1 tile still in the bag; Florence draws it: rack 7, bag 0.
    (SCENARIOS says she plays 5, but its rack 6 = 7 - 4 + 3: she plays 4 here.)"""
    state = run(start(), play(A, "8G", "CAB"), ev.Passed(B))
    state = replace(state, bag_count=4)
    state = run(state, play(A, "G9", "ROSE"))  # 4 tiles; the record counts the draw of 4
    assert (state.rack_counts[A], state.bag_count) == (7, 0)
    state = run(state, ev.UnderdrawReported(A, 6))  # the rack shows 6: one still in the bag
    alert = state.alerts[-1]
    assert (alert.code, alert.rule) == ("underdraw", "DRAW-10") and "draws 1" in alert.action
    state = run(state, play(B, "9G", ".ATE"))  # Marvin's turn: nothing left for him to draw
    assert (state.rack_counts[A], state.bag_count) == (7, 0)
    assert state.rack_counts[B] == 7 - 3 and not any(t.kind == "correction" for t in state.history)


def test_DRAW_10_rebecca_draws_late_and_nothing_is_penalized():
    """Bag 30: Rebecca forgets to draw 4; Sally plays 3 and draws 3 (bag 27); Rebecca then
    draws 4: bag 23, nothing penalized."""
    state = run(start(), play(A, "8G", "CAB"), ev.Passed(B))
    state = replace(state, bag_count=30)
    state = run(state, play(A, "G9", "ROSE"), ev.UnderdrawReported(A, 3))
    assert state.bag_count == 26  # her 4 are counted as drawn: she draws them when noticed
    state = run(state, play(B, "9G", ".ATE"))
    assert state.bag_count == 23 and state.rack_counts == (7, 7)
    assert [t.kind for t in state.history] == ["play", "pass", "play", "play"]
    assert state.scores == (game.replay([ev.GameStarted(("Ann", "Bob")), play(A, "8G", "CAB")]).scores[0]
                            + state.history[2].score, state.history[3].score)


def test_TURN_04_a_score_check_pause_is_not_a_challenge():
    """B's clock runs; B neutralizes for a score check: no clock runs, no challenge is
    recorded, resuming restarts B's clock. Under MSA a score-check pause needs both."""
    naspa, msa = load_profile("naspa"), load_profile("msa")
    clock = GameClock.for_profile(naspa, time_source=lambda: 0.0, first_player=A)
    clock.press(B, 0.0)  # starts A's clock
    clock.press(A, 10.0)  # A's turn ends: B's clock runs
    state = run(start(), play(A, "8G", "CAB"), ev.ClockPressed(A, 10.0))
    assert clock.running(12.0) == B
    assert pause_allowed("score check", frozenset({B}), naspa.score_check_pause)
    assert clock.neutralize("score check", 12.0) and clock.running(20.0) is None
    paused = run(state, ev.ClockPaused(12.0, "score check"))
    assert paused.challenge is None and paused.history == state.history and paused.to_move == B
    assert clock.resume(30.0) and clock.running(31.0) == B
    assert clock.used(B, 31.0) == pytest.approx(2.0 + 1.0)  # 10-12 and 30-31: the pause is not charged
    assert not pause_allowed("score check", frozenset({B}), msa.score_check_pause)
    assert pause_allowed("score check", frozenset({A, B}), msa.score_check_pause)
    assert pause_allowed("challenge", frozenset({A}), msa.score_check_pause)
    with pytest.raises(ValueError, match="TURN-04"):
        pause_allowed("coffee", frozenset({A}))


def _six_zeros(profile: str) -> tuple[game.GameState, GameClock]:
    """Percy (A) and Grant (B): 4 zero turns, Percy passes (5th) and presses with his clock
    at 0:00, Grant passes (6th) and presses at t=130."""
    rules = load_profile(profile)
    clock = GameClock.for_profile(rules, time_source=lambda: 0.0, first_player=A)
    clock.set_allowance(A, 100)
    state = start(("Percy", "Grant"), profile=profile)
    clock.press(B, 0.0)
    for t, player in ((10, A), (20, B), (30, A), (40, B), (120, A), (130, B)):
        state = run(state, ev.Passed(player), ev.ClockPressed(player, float(t)))
        clock.press(player, float(t))
        if t == 120:
            assert clock_text(clock.remaining(A, 120.0)) == "0:00"
    return state, clock


def test_SIXZ_03_naspa_percy_neutralizes_two_seconds_late_and_loses_ten():
    state, clock = _six_zeros("naspa")
    assert not state.game_over and state.zero_turns == 6  # NASPA: the game ends when Percy invokes it
    clock.finish(at=132.0, reason="six_zero")  # Percy neutralizes 2 s after Grant's press
    assert clock_text(clock.remaining(A)) == "-0:02" and clock.overtime(A) == 2
    assert overtime_penalty(clock.overtime(A), load_profile("naspa").points_per_minute) == 10
    state = run(state, ev.SixZeroInvoked(A), ev.GameEnded("six_zero", ("EIRST", "AEINR")),
                ev.TimePenalty(A, 10, overtime_s=2))
    assert state.history[-1].kind == "time_penalty" and state.history[-1].score == -10


def test_SIXZ_03_msa_the_sixth_zero_ends_the_game_by_itself():
    """Under MSA (and COFFS) the end is automatic: the clocks stop on Grant's sixth-zero
    press, Percy stays at 0:00 and there is no penalty."""
    state, clock = _six_zeros("msa")
    assert state.ending == "six_zero" and state.game_over  # nobody invoked it
    assert refused(state, ev.Passed(A)).code == "game_over"
    clock.finish(at=130.0, reason="six_zero")  # the kiosk stops both clocks on that press
    assert clock_text(clock.remaining(A)) == "0:00" and clock.overtime(A) == 0
    assert overtime_penalty(clock.overtime(A)) == 0
    coffs, _ = _six_zeros("coffs")
    assert coffs.ending == "six_zero"


def _finished(scores: tuple[int, int]) -> game.GameState:
    state = run(start(("Sidney", "Charles")), play(A, "8G", "CAB"))
    state = replace(state, scores=scores)
    return run(state, ev.GameEnded("director", ("", "")))


def test_RES_02_a_signed_result_stands():
    """Sidney and Charles agreed 410-414 and asked for no recount: when an onlooker shows
    416-414 was right, 410-414 stands. Betty won by 5 and handed the slip in: Wilma's 3 s
    of overtime is too late (the kiosk applies time penalties before the slip)."""
    state = run(_finished((410, 414)), ev.ResultSigned())
    err = refused(state, ev.Correction(A, 6, reason="onlooker's recount"))
    assert (err.code, err.rule) == ("result_final", "RES-02") and state.scores == (410, 414)
    assert state.result == _finished((410, 414)).result
    betty = run(_finished((405, 400)), ev.ResultSigned())
    assert refused(betty, ev.TimePenalty(A, 10, overtime_s=3)).rule == "RES-02"
    assert betty.scores == (405, 400)
    # before the slip the penalty is applied: 405 - 10 = 395, and the result follows
    before = run(_finished((405, 400)), ev.TimePenalty(A, 10, overtime_s=3))
    assert before.scores == (395, 400) and before.result != betty.result
    assert refused(run(start(), play(A, "8G", "CAB")), ev.ResultSigned()).code == "not_finished"


@pytest.mark.skipif(not DEV.exists(), reason="needs ../shared/datasets/gcg/dev")
def test_RES_09_the_final_count_reads_the_real_board_and_rack():
    """93 tiles on the board and the loser's 7 shown at the end: '100 tiles, set complete'.
    The count comes from a real game's board and end rack (not from the set), so it fails
    when a tile is not there."""
    record = parse_gcg((DEV / "macondo__bingo_nine_or_above.gcg").read_bytes(), "bingo.gcg")
    events = gcg_to_events(record)
    state = game.replay(events)
    ended = next(e for e in events if isinstance(e, ev.GameEnded))
    shown = next(r for r in ended.racks if r)
    on_board = [state.tileset.tile_of(letter) for _, letter in state.board.occupied()]
    assert (len(on_board), len(shown)) == (93, 7)
    assert state.tileset.describe_count(on_board + list(shown)) == "100 tiles, set complete"
    short = on_board + list(shown)
    short.remove("?")
    assert state.tileset.describe_count(short) == "99 tiles — 1 blank missing"
    assert Counter(on_board + list(shown)) == state.tileset.bag()


def test_KIOSK_03_no_alert_for_a_forgotten_press_but_one_for_eight_tiles():
    """A plays and forgets to press for 60 s: no alert (the rules core knows no time and
    raises nothing). A's rack shows 8 tiles: an alert appears."""
    state = run(start(), play(A, "8G", "CAB"))  # no ClockPressed follows
    assert state.alerts == () and state.to_move == B
    state = run(state, play(B, "9G", "AD"))
    assert state.alerts == ()
    overdrawn = run(state, ev.OverdrawReported(A, 8))
    assert [a.code for a in overdrawn.alerts] == ["overdraw"] and overdrawn.alerts[0].rule.startswith("DRAW")
    # nor is six-zero availability announced under NASPA (it is invoked by a player)
    zeros = start()
    for player in (A, B, A, B, A, B):
        zeros = run(zeros, ev.Passed(player))
    assert zeros.zero_turns == 6 and not any("six" in a.code for a in zeros.alerts)


def test_SIXZ_04_END_03_rack_values_entered_without_letters():
    """After a six-zero or director ending the players may enter only their racks' values:
    each loses it, and no 'rack unknown' alert is raised."""
    state = start()
    for player in (A, B, A, B, A, B):
        state = run(state, ev.Passed(player))
    state = run(state, ev.SixZeroInvoked(A), ev.GameEnded("six_zero", rack_values=(12, 7)))
    assert state.scores == (-12, -7) and not any(a.code == "rack_unknown" for a in state.alerts)
    # letters, when entered, win over a value
    both = run(run(start(), play(A, "8G", "CAB")), ev.GameEnded("director", ("QI", None), (5, 9)))
    assert both.scores == (14 - 11, -9)
    assert refused(start(), ev.GameEnded("director", rack_values=(-1, 0))).code == "bad_rack_value"
