"""kiosk.clock.GameClock driven by a fake monotonic time source.

Test names carry the ../shared/rules/SCENARIOS.md IDs they reproduce. Player 0 is p1 (A),
player 1 is p2 (B).
"""
import json
import random
import time

import pytest

from kiosk.clock import ClockRules, GameClock, Press
from kiosk.rules.profiles import load_profile

A, B = 0, 1
MSA = ClockRules.from_profile(load_profile("msa"))
COFFS = ClockRules.from_profile(load_profile("coffs"))


class FakeTime:
    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


def started_clock(rules: ClockRules = ClockRules(), first_running: int = A) -> tuple[GameClock, FakeTime]:
    """A clock whose `first_running` player's clock has just been started."""
    ft = FakeTime()
    clock = GameClock(time_source=ft, rules=rules)
    assert clock.press(1 - first_running) is Press.STARTED
    return clock, ft


def run_to_used(clock: GameClock, ft: FakeTime, player: int, used_s: float) -> None:
    assert clock.running() == player
    ft.advance(used_s - clock.used(player))


def test_TIME_01_both_clocks_show_25_00_and_count_down_with_no_per_move_limit():
    ft = FakeTime()
    clock = GameClock(time_source=ft)
    assert clock.view().texts == ("25:00", "25:00")
    clock.press(B)
    ft.advance(20 * 60)  # one 20-minute move is allowed
    assert clock.view().texts == ("5:00", "25:00")
    assert clock.press(A) is Press.SWITCHED
    ft.advance(61)
    assert clock.view().texts == ("5:00", "23:59")


def test_FIRST_03_second_player_starts_first_players_clock():
    ft = FakeTime(0.0)
    clock = GameClock(time_source=ft, first_player=A)
    assert clock.press(A) is Press.NOT_YET  # the first player cannot start anything
    assert clock.running() is None
    assert clock.press(B, t=0.0) is Press.STARTED
    assert clock.running() == A
    ft.advance(40)  # B draws 7 tiles on A's time
    assert clock.text(A) == "24:20"
    assert clock.text(B) == "25:00"


def test_press_of_the_non_running_side_does_nothing():
    clock, ft = started_clock()
    ft.advance(10)
    assert clock.press(B) is Press.NOT_RUNNING_SIDE
    assert clock.running() == A
    assert clock.used(A) == 10 and clock.used(B) == 0


def test_simultaneous_presses_the_second_is_not_a_turn():
    clock, ft = started_clock()
    ft.advance(30)
    assert clock.press(A) is Press.SWITCHED
    ft.advance(0.1)  # B's button went down at the same moment
    assert clock.press(B) is Press.TOO_SOON
    ft.advance(0.2)
    assert clock.press(B) is Press.SWITCHED


def test_check_press_tells_what_a_press_would_do_without_doing_it():
    clock, ft = started_clock()
    ft.advance(0.1)
    assert clock.check_press(A) is Press.TOO_SOON
    ft.advance(10)
    assert clock.check_press(B) is Press.NOT_RUNNING_SIDE
    assert clock.check_press(A) is Press.SWITCHED
    assert clock.check_press(A, out_play=True) is Press.OUT_PLAY
    assert clock.running() == A and clock.used(A) == pytest.approx(10.1)


def test_press_is_charged_at_the_button_edge_not_when_handled():
    clock, ft = started_clock()
    ft.advance(30)
    clock.press(A, t=ft.now - 0.25)  # the event loop handled the edge 250 ms late
    assert clock.used(A) == pytest.approx(29.75)
    assert clock.used(B) == pytest.approx(0.25)


def split(total: int, parts: int, rng: random.Random) -> list[int]:
    cuts = sorted(rng.sample(range(1, total), parts - 1))
    return [b - a for a, b in zip([0] + cuts, cuts + [total])]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_25_minute_game_in_milliseconds(seed):
    rng = random.Random(seed)
    # Each player's 12 turns add up to their whole 25:00; B's last turn runs 61 s over.
    turns = {A: split(1500, 12, rng), B: split(1500, 12, rng)}
    turns[B][-1] += 61
    clock, ft = started_clock()
    began = time.perf_counter()
    for i in range(12):
        for player in (A, B):
            ft.advance(turns[player][i])
            assert clock.press(player) is Press.SWITCHED
            assert clock.press(player) is Press.NOT_RUNNING_SIDE  # a double press does nothing
    clock.finish()
    assert time.perf_counter() - began < 0.5
    assert clock.view().texts == ("0:00", "-1:01")
    result = clock.result()
    assert result.used_s == (1500, 1561)
    assert result.penalties == (0, 20)
    assert clock.ended and clock.running() is None


def test_queries_at_any_frame_rate_do_not_change_the_time():
    fast, ft_fast = started_clock()
    slow, ft_slow = started_clock()
    for _ in range(600):  # 60 fps for 10 s against one look at the end
        ft_fast.advance(1 / 60)
        fast.view()
    ft_slow.advance(10)
    assert fast.used(A) == pytest.approx(slow.used(A), abs=1e-9)


@pytest.mark.parametrize("used, penalty", [(1500.9, 0), (1501.0, 10)])
def test_TIME_02_overtime_begins_at_minus_0_01(used, penalty):
    clock, ft = started_clock()
    run_to_used(clock, ft, A, used)
    clock.press(A)  # Jamie presses
    assert clock.text(A) == ("-0:00" if penalty == 0 else "-0:01")
    assert clock.result().penalties[A] == penalty


def test_TIME_02_zero_and_minus_zero_are_not_overtime():
    clock, ft = started_clock()
    run_to_used(clock, ft, A, 1500.0)
    assert clock.text(A) == "0:00"
    assert clock.overtime(A) == 0
    ft.advance(0.5)
    assert clock.text(A) == "-0:00"
    assert clock.overtime(A) == 0


@pytest.mark.parametrize(
    "over_s, face, penalty",
    [(0, "0:00", 0), (1, "-0:01", 10), (2, "-0:02", 10), (3, "-0:03", 10), (59, "-0:59", 10),
     (60, "-1:00", 10), (61, "-1:01", 20), (150, "-2:30", 30), (599, "-9:59", 100), (600, "-10:00", 100)],
)
def test_TIME_03_ten_points_per_minute_or_part(over_s, face, penalty):
    clock, ft = started_clock()
    run_to_used(clock, ft, A, 1500 + over_s)
    clock.press(A)
    clock.finish()
    assert clock.text(A) == face
    assert clock.result().penalties == (penalty, 0)


def test_TIME_06_bo_two_and_a_half_minutes_over_costs_30():
    clock, ft = started_clock(first_running=B)
    run_to_used(clock, ft, B, 25 * 60 + 150)
    clock.finish()
    assert clock.text(B) == "-2:30"
    assert clock.result().penalties == (0, 30)


def test_TIME_06_allowance_can_only_be_set_before_the_first_press():
    ft = FakeTime()
    clock = GameClock(time_source=ft)
    clock.set_allowance(A, 30 * 60)
    assert clock.text(A) == "30:00"
    clock.press(B)
    with pytest.raises(RuntimeError):
        clock.set_allowance(A, 35 * 60)


def test_TIME_04_penalty_comes_off_the_overtime_players_own_score():
    clock, ft = started_clock()
    run_to_used(clock, ft, A, 1500 + 90)
    clock.finish()
    assert clock.result().apply((400, 390)) == (380, 390)


@pytest.mark.parametrize("scores, final", [((499, 0), (399, 400)), ((420, 380), (320, 380))])
def test_TIME_05_more_than_ten_minutes_over_ends_the_game(scores, final):
    clock, ft = started_clock()  # Norm is A
    run_to_used(clock, ft, A, 1500 + 600.5)
    assert not clock.ended
    assert clock.text(A) == "-10:00"
    ft.advance(26.5)  # nobody looks until the clock would read -10:27
    view = clock.view()
    assert view.ended and view.end_reason == "max_overtime"
    assert view.texts[A] == "-10:01"  # the game ended at -10:01, whenever it was noticed
    result = clock.result()
    assert result.forfeiting == A and result.overtime_s[A] == 601
    assert result.apply(scores) == final
    assert clock.press(A) is Press.GAME_OVER


def test_TIME_05_msa_has_no_maximum_overtime():
    clock, ft = started_clock(MSA)
    run_to_used(clock, ft, A, 1500 + 627)
    assert not clock.ended
    assert clock.text(A) == "-10:27"
    assert clock.result().penalties[A] == 110
    assert clock.result().forfeiting is None


def test_TIME_07_89_second_case_only_overtime_before_the_out_play_counts():
    clock, ft = started_clock(first_running=B)
    run_to_used(clock, ft, B, 1500 + 10)  # B has used 25:10
    clock.press(B)
    ft.advance(30)
    out_play = ft.now
    clock.press(A)  # A goes out and wrongly starts B's clock
    ft.advance(79)  # B notices at -1:29
    assert clock.text(B) == "-1:29"
    assert clock.result().penalties[B] == 20  # what the running clock would charge
    clock.finish(at=out_play)
    assert clock.text(B) == "-0:10"
    assert clock.result().penalties[B] == 10


def test_TIME_07_no_penalty_when_under_time_at_the_out_play():
    clock, ft = started_clock(first_running=B)
    run_to_used(clock, ft, B, 1500 - 10)  # 24:50 used
    clock.press(B)
    ft.advance(30)
    out_play = ft.now
    clock.press(A)
    ft.advance(55)  # B notices at -0:45
    assert clock.text(B) == "-0:45"
    clock.finish(at=out_play)
    assert clock.result().penalties[B] == 0


def test_finish_cannot_reach_back_before_the_last_clock_change():
    clock, ft = started_clock()
    ft.advance(5)
    clock.press(A)
    with pytest.raises(ValueError):
        clock.finish(at=ft.now - 1)


def _percy_and_grant(rules: ClockRules, ends_on_sixth_zero: bool) -> GameClock:
    clock, ft = started_clock(rules)  # Percy is A
    run_to_used(clock, ft, A, 1500.0)
    clock.press(A)  # Percy passes (5th zero) with his clock at 0:00
    ft.advance(4)
    clock.press(B)  # Grant passes (6th zero): Percy's clock runs
    if ends_on_sixth_zero:
        clock.finish()  # automatic end at Grant's press
    ft.advance(2)
    if not ends_on_sixth_zero:
        assert clock.neutralize("six_zero")  # Percy neutralizes 2 s later and ends it
        clock.finish()
    ft.advance(60)  # the result does not move after the end
    return clock


def test_SIXZ_03_percy_invokes_two_seconds_late_and_loses_10():
    clock = _percy_and_grant(ClockRules(), ends_on_sixth_zero=False)
    assert clock.text(A) == "-0:02"
    assert clock.result().penalties == (10, 0)


def test_SIXZ_03_automatic_end_stops_percy_at_0_00():
    clock = _percy_and_grant(MSA, ends_on_sixth_zero=True)
    assert clock.text(A) == "0:00"
    assert clock.result().penalties == (0, 0)


def test_TURN_04_neutralize_stops_both_and_resume_restarts_the_running_side():
    clock, ft = started_clock(first_running=B)
    ft.advance(10)
    assert clock.neutralize("score check")
    assert clock.view().reason == "score check"
    ft.advance(100)
    assert clock.running() is None
    assert clock.press(B) is Press.NEUTRALIZED  # a press during a neutralized clock does nothing
    assert clock.press(A) is Press.NEUTRALIZED
    assert clock.used(B) == 10
    assert clock.resume()
    ft.advance(5)
    assert clock.running() == B and clock.used(B) == 15 and clock.used(A) == 0


def _after_a_turn(rules: ClockRules) -> tuple[GameClock, FakeTime, float]:
    clock, ft = started_clock(rules)
    ft.advance(45)
    clock.press(A)  # A ends the turn at t0; B's clock runs
    return clock, ft, ft.now


@pytest.mark.parametrize("hold_at, valid", [(19, True), (20, True), (21, False)])
def test_CHAL_04_naspa_hold_within_20_seconds(hold_at, valid):
    clock, ft, t0 = _after_a_turn(ClockRules())
    ft.now = t0 + hold_at
    assert clock.hold(B) is valid


def test_CHAL_04_naspa_hold_too_late_once_a_tile_is_out_of_the_bag():
    clock, ft, t0 = _after_a_turn(ClockRules())
    clock.note_draw(t0 + 6)
    assert not clock.hold(B, t=t0 + 8)


def test_CHAL_04_msa_hold_within_10_seconds_even_after_drawing():
    clock, ft, t0 = _after_a_turn(MSA)
    clock.note_draw(t0 + 5)
    assert clock.hold(B, t=t0 + 9)
    clock2, ft2, t2 = _after_a_turn(MSA)
    assert not clock2.hold(B, t=t2 + 11)


def test_CHAL_04_coffs_window_is_untimed():
    clock, ft, t0 = _after_a_turn(COFFS)
    assert clock.hold(B, t=t0 + 300)


def test_CHAL_04_only_the_opponent_can_hold():
    clock, ft, t0 = _after_a_turn(ClockRules())
    assert not clock.hold(A, t=t0 + 1)


def test_CHAL_05_out_play_gives_five_seconds_to_hold():
    for hold_after, valid in ((4, True), (6, False)):
        clock, ft = started_clock()  # Dwight is A
        ft.advance(30)
        assert clock.press(A, out_play=True) is Press.OUT_PLAY
        t0 = ft.now
        assert clock.running() is None
        ft.advance(hold_after)
        assert clock.hold(B) is valid  # Michael
        if valid:
            ft.advance(10)
            assert clock.running() == B
            assert clock.used(B) == 10  # Michael's clock runs from the hold
        else:
            assert clock.running() is None
            clock.finish(at=t0)
            assert clock.used(B) == 0


def test_CHAL_07_holding_costs_the_holder_three_minutes():
    clock, ft, t0 = _after_a_turn(ClockRules())
    a_before = clock.used(A)
    ft.advance(2)
    assert clock.hold(B)
    ft.advance(180)
    assert clock.holder == B
    assert clock.used(B) - 2 == 180
    assert clock.used(A) == a_before


@pytest.mark.parametrize("rules, allowed_at", [(ClockRules(), 70), (MSA, 60)])
def test_CHAL_08_courtesy_draw(rules, allowed_at):
    clock, ft, t0 = _after_a_turn(rules)
    assert clock.hold(B, t=t0 + 10)
    assert clock.courtesy_draw_at() == t0 + allowed_at
    assert not clock.courtesy_draw_allowed(t0 + allowed_at - 1)
    assert clock.courtesy_draw_allowed(t0 + allowed_at)


def test_CHAL_08_no_courtesy_draw_without_a_hold():
    clock, ft, t0 = _after_a_turn(ClockRules())
    assert not clock.courtesy_draw_allowed(t0 + 200)


def test_CHAL_14_naspa_loser_of_challenge_starts_the_others_clock():
    clock, ft = started_clock(first_running=B)  # Ben is B, Matt is A
    ft.advance(50)
    clock.press(B)  # Ben plays GOODWILL
    ft.advance(3)
    challenge_at = ft.now
    a_used, b_used = clock.used(A), clock.used(B)
    assert clock.neutralize("challenge")  # Matt challenges at 0:00
    ft.now = challenge_at + 90  # verdict "acceptable" at 1:30
    clock.allow_restart_by(A)  # Matt lost the challenge
    ft.now = challenge_at + 100
    assert clock.press(B) is Press.NEUTRALIZED  # Ben cannot start anything
    ft.now = challenge_at + 105  # Ben turns up his first new tile at 1:45, Matt presses
    assert clock.press(A) is Press.RESTARTED
    assert clock.used(A) == a_used and clock.used(B) == b_used  # nothing ran 0:00-1:45
    ft.advance(20)
    assert clock.running() == B and clock.used(B) == b_used + 20


def test_CHAL_14_msa_challengers_clock_restarts_after_the_verdict():
    clock, ft, t0 = _after_a_turn(MSA)
    ft.advance(4)
    clock.neutralize("challenge")
    b_used = clock.used(B)
    ft.advance(60)
    assert clock.resume(side=B)  # MSA 13(iv): the challenger continues his turn
    ft.advance(7)
    assert clock.used(B) == b_used + 7


def test_snapshot_restore_after_power_cut_does_not_charge_the_downtime():
    clock, ft, t0 = _after_a_turn(ClockRules())
    ft.advance(5)
    clock.hold(B)
    ft.advance(12)
    saved = json.loads(json.dumps(clock.snapshot()))
    used = (clock.used(A), clock.used(B))

    after_reboot = FakeTime(start=3.0)  # monotonic time restarts after a reboot
    restored = GameClock.restore(saved, time_source=after_reboot)
    assert (restored.used(A), restored.used(B)) == used
    assert restored.running() == B and restored.holder == B
    after_reboot.advance(47)  # courtesy draw 60 s after the hold: 12 s before, 48 after
    assert not restored.courtesy_draw_allowed()
    after_reboot.advance(1)
    assert restored.courtesy_draw_allowed()
    assert restored.used(B) == used[B] + 48
    assert restored.press(B) is Press.SWITCHED


def test_snapshot_restore_can_charge_the_downtime_and_settle_max_overtime():
    clock, ft = started_clock()
    run_to_used(clock, ft, A, 1500 + 590)
    saved = clock.snapshot()
    restored = GameClock.restore(saved, time_source=FakeTime(start=0.0), downtime_s=120)
    assert restored.ended and restored.end_reason == "max_overtime"
    assert restored.result().forfeiting == A
    assert restored.text(A) == "-10:01"


def test_snapshot_restore_keeps_a_neutralized_clock_stopped():
    clock, ft = started_clock()
    ft.advance(8)
    clock.neutralize("director")
    restored = GameClock.restore(clock.snapshot(), time_source=FakeTime(start=9.0))
    assert restored.running() is None and restored.view().reason == "director"
    assert restored.resume()
    assert restored.running() == A


def test_restore_rejects_an_unknown_snapshot_version():
    clock, _ = started_clock()
    saved = clock.snapshot() | {"version": 99}
    with pytest.raises(ValueError):
        GameClock.restore(saved)


@pytest.mark.parametrize(
    "name, window, closes_on_draw, courtesy, max_over",
    [("naspa", 20, True, (60, "hold"), 600), ("msa", 10, False, (60, "turn_end"), None),
     ("coffs", None, True, (60, "hold"), None), ("iowa", None, True, (60, "hold"), None)],
)
def test_clock_takes_its_numbers_from_the_bundled_profiles(name, window, closes_on_draw, courtesy, max_over):
    clock = GameClock.for_profile(load_profile(name), time_source=FakeTime())
    rules = clock.rules
    assert (rules.hold_window_s, rules.hold_closes_on_draw) == (window, closes_on_draw)
    assert (rules.courtesy_draw_s, rules.courtesy_from) == courtesy
    assert rules.max_overtime_s == max_over and rules.points_per_minute == 10
    assert clock.text(A) == "25:00"


def test_clock_rebuilt_from_journal_presses_continues_without_charging_the_downtime():
    # Presses journalled on the previous boot, at its monotonic times.
    journal = [(1, 5000.0), (0, 5060.0), (1, 5100.5)]
    last_record_t = 5130.0  # the last thing journalled before the power cut
    after_reboot = FakeTime(start=12.0)
    clock = GameClock(time_source=after_reboot)
    for player, t in journal:
        clock.press(player, t)
    assert clock.used(A, last_record_t) == 60 + 29.5 and clock.used(B, last_record_t) == 40.5
    clock.continue_after_restart(last_record_t)
    assert clock.used(A) == 89.5 and clock.used(B) == 40.5
    after_reboot.advance(10)
    assert clock.running() == A and clock.used(A) == 99.5
    assert clock.press(A) is Press.SWITCHED


def test_continue_after_restart_can_charge_the_downtime():
    clock, ft = started_clock()
    ft.advance(100)
    last = ft.now
    ft.now = 7.0  # reboot
    clock.continue_after_restart(last, charge_s=30)
    assert clock.used(A) == 130


def test_CHAL_04_iowa_too_late_once_the_player_has_drawn():
    clock, ft, t0 = _after_a_turn(ClockRules.from_profile(load_profile("iowa")))
    assert clock.hold_window_open(t0 + 120)  # no time limit before the draw
    clock.note_draw(t0 + 130)
    assert not clock.hold(B, t=t0 + 131)


def test_TIME_09_late_player_has_the_elapsed_time_deducted():
    ft = FakeTime(10 * 3600.0)  # the TD's announcement at 10:00
    clock = GameClock(time_source=ft, first_player=A)
    assert clock.press(B) is Press.STARTED  # B starts absent A's clock
    ft.advance(4 * 60)  # A arrives at 10:04
    assert clock.text(A) == "21:00" and clock.text(B) == "25:00"


def test_TIME_09_both_late_director_sets_each_clock_to_22_00():
    ft = FakeTime(10 * 3600.0)
    clock = GameClock(time_source=ft, first_player=A)
    clock.press(B)  # the TD starts a clock at 10:00
    ft.advance(6 * 60)  # the first player arrives at 10:06
    for player in (A, B):
        clock.director_set_remaining(player, 22 * 60)
    assert clock.view().texts == ("22:00", "22:00")
    ft.advance(30)
    assert clock.view().texts == ("21:30", "22:00")
