"""The game state machine against SCENARIOS.md: each test is named after the IDs it covers."""
from __future__ import annotations

from dataclasses import replace

import pytest

from kiosk.rules import events as ev
from kiosk.rules import game
from kiosk.rules.board import parse_position, square_name
from kiosk.rules.game import RuleError
from kiosk.rules.timing import overtime_penalty

A, B = 0, 1


def tiles(position: str, letters: str) -> tuple[tuple[str, str], ...]:
    """'8G', 'CAB' -> ((G8, C), (H8, A), (I8, B)); '.' skips a square already on the board."""
    row, col, across = parse_position(position)
    out = []
    for i, letter in enumerate(letters):
        sq = (row, col + i) if across else (row + i, col)
        if letter != ".":
            out.append((square_name(sq), letter))
    return tuple(out)


def start(profile: str = "naspa", first: int = 0) -> game.GameState:
    return game.replay([ev.GameStarted(("Ann", "Bob"), first=first, profile=profile)])


def run(state: game.GameState, *events: ev.Event) -> game.GameState:
    for event in events:
        state = game.apply(state, event)
    return state


def play(player: int, position: str, letters: str, rack: str | None = None) -> ev.PlayMade:
    return ev.PlayMade(player, tiles(position, letters), rack)


def setup(state: game.GameState, **changes) -> game.GameState:
    """Scenario set-up: the scores, bag or racks a worked example starts from."""
    return replace(state, **changes)


def refused(state: game.GameState, event: ev.Event) -> RuleError:
    with pytest.raises(RuleError) as err:
        game.apply(state, event)
    return err.value


# ----- first play and the centre ------------------------------------------------------------

def test_FIRST_04_first_play_scores_double_and_single_tile_is_rejected():
    state = run(start(), play(A, "8G", "CAB"))
    assert state.scores == (14, 0) and state.history[0].position == "8G" and state.history[0].word == "CAB"
    err = refused(start(), play(A, "8H", "C"))
    assert err.code == "first_play_single_tile" and err.rule == "FIRST-04"


def test_FIRST_05_missed_centre_scores_without_double_and_may_stay():
    state = run(start(), play(A, "8I", "ULU"))
    assert state.scores == (3, 0) and state.history[0].misses_center
    assert [a.code for a in state.alerts] == ["missed_center"] and state.alerts[0].rule == "FIRST-05"
    # Donnelly accepts and plays CAROUSE on J1-J7 down through the L on J8: 64.
    state = run(state, play(B, "J1", "CAROUSE."))
    assert state.history[-1].word == "CAROUSEL" and state.history[-1].score == 64
    assert state.scores == (3, 64)


def test_FIRST_05_CHAL_03_missed_centre_is_challenged_off_even_if_valid():
    state = run(start(), play(A, "8I", "ULU"), ev.ChallengeMade(B))
    assert game.verdict(state, {"ULU"}) is False
    state = run(state, ev.ChallengeJudged(False))
    assert state.scores == (0, 0) and state.board.is_empty() and state.to_move == B
    assert [t.kind for t in state.history] == ["play", "withdrawn"]
    # FIRST-07: the next play on the empty board must cover the centre again.
    state = run(state, play(B, "8I", "ULU"))
    assert state.history[-1].misses_center and state.scores == (0, 3)


def test_FIRST_06_centre_stays_double_for_a_later_play_x6():
    state = run(start(), play(A, "8C", "ROUSE"))
    assert state.scores == (6, 0)
    state = run(state, play(B, "8A", "CA.....L"))
    assert state.history[-1].word == "CAROUSEL" and state.history[-1].score == 60
    main = state.history[-1].words[0]
    assert main.word_multiplier == 6 and main.letter_sum == 10


def test_FIRST_07_centre_rule_applies_after_an_opening_exchange():
    state = run(start(), ev.Exchanged(A, 7), play(B, "8I", "ULU"))
    assert state.history[-1].misses_center and state.alerts[0].code == "missed_center"


# ----- placement and scoring through the game -----------------------------------------------

def test_PLACE_01_to_03_rejections_carry_code_and_rule():
    state = run(start(), play(A, "8H", "SCAB"))
    cases = [
        (ev.PlayMade(B, (("L9", "A"), ("M10", "B"))), "not_in_line", "PLACE-01"),
        (ev.PlayMade(B, (("F8", "A"), ("M8", "B"))), "gap", "PLACE-02"),
        (ev.PlayMade(B, tiles("12B", "CAB")), "not_connected", "PLACE-03"),
        (ev.PlayMade(B, (("H8", "A"), ("H9", "B"))), "occupied", ""),
        (ev.PlayMade(B, (("P8", "A"),)), "bad_square", ""),
    ]
    for event, want_code, want_rule in cases:
        err = refused(state, event)
        assert (err.code, err.rule) == (want_code, want_rule)
    assert run(state, play(B, "8L", "S")).scores == (16, 10)  # SCABS, S on the L8 double letter


def test_PLACE_04_SCORE_07_every_word_scored_and_challengeable():
    state = run(start(), play(A, "8H", "SCAB"), play(B, "9I", "OAT"))
    assert len(state.history[-1].words) == 4
    assert set(state.challengeable_words) == {"OAT", "CO", "AA", "BT"}
    state = run(start(), play(A, "8H", "SCAB"), play(B, "L8", "SOL"))
    assert [w.score for w in state.history[-1].words] == [4, 10] and state.scores == (16, 14)


def test_TILE_02_not_a_tile_and_TILE_05_no_third_blank():
    err = refused(start(), play(A, "8H", "C1"))
    assert err.code == "not_a_tile"
    state = run(start(), play(A, "8G", "a?B"))
    err = refused(state, play(B, "G9", "c"))
    assert err.code == "not_in_set" and err.rule == "TILE-05"


# ----- tiles, bag and exchanges -------------------------------------------------------------

def test_TILE_03_racks_refilled_by_the_number_played():
    state = setup(run(start(), play(A, "8G", "CAB")), bag_count=20)
    state = run(state, play(B, "H9", "ROSE"))
    assert state.bag_count == 16 and state.rack_counts[B] == 7
    state = setup(run(start(), play(A, "8G", "CAB")), bag_count=2)
    state = run(state, play(B, "H9", "ROSE"))
    assert state.bag_count == 0 and state.rack_counts[B] == 5 and not state.game_over
    assert not any(a.code == "underdraw" for a in state.alerts)


def test_TILE_05_bag_count_is_set_minus_board_and_racks():
    state = run(start(), play(A, "8G", "CAB"), ev.Exchanged(B, 3), play(A, "G9", "OX"))
    assert state.bag_count == 100 - 14 - 5
    assert state.bag_count + sum(state.rack_counts) + state.board.tile_count() == 100


@pytest.mark.parametrize("profile", ["naspa", "msa", "coffs"])
def test_EXCH_02_exchange_needs_seven_in_the_bag(profile):
    state = setup(start(profile), bag_count=7)
    assert state.exchange_allowed and run(state, ev.Exchanged(A, 7)).history[-1].count == 7
    state = setup(start(profile), bag_count=6)
    assert not state.exchange_allowed
    err = refused(state, ev.Exchanged(A, 2))
    assert err.code == "exchange_not_allowed" and err.rule == "EXCH-02" and "6 tiles in the bag" in err.message


def test_EXCH_02_iowa_no_minimum_but_not_more_than_the_bag():
    state = setup(start("iowa"), bag_count=3)
    assert run(state, ev.Exchanged(A, 3)).history[-1].kind == "exchange"
    assert refused(state, ev.Exchanged(A, 4)).code == "exchange_not_allowed"


def test_EXCH_01_EXCH_11_exchange_and_pass_score_zero_and_count_as_zero_turns():
    state = run(start(), ev.Exchanged(A, 3, tiles="VVW"))
    turn = state.history[-1]
    assert (turn.kind, turn.count, turn.score, turn.exchanged) == ("exchange", 3, 0, "VVW")
    assert state.zero_turns == 1 and state.bag_count == 86 and state.rack_counts == (7, 7)
    state = run(state, ev.Passed(B))
    assert state.zero_turns == 2 and state.history[-1].kind == "pass" and state.to_move == A


def test_EXCH_04_EXCH_06_exchange_counts():
    assert refused(start(), ev.Exchanged(A, 0)).rule == "EXCH-06"
    assert refused(start(), ev.Exchanged(A, 7, tiles="AEIOUV")).rule == "EXCH-04"


def test_turn_order_enforced():
    err = refused(start(), play(B, "8G", "CAB"))
    assert err.code == "not_your_turn"


# ----- overdraws and underdraws ---------------------------------------------------------------

def _owing_four(profile: str, bag_before: int) -> game.GameState:
    """A just played 4 tiles with `bag_before` in the bag; the record assumes 4 drawn."""
    state = setup(run(start(profile), play(A, "8G", "CAB")), bag_count=bag_before + 3)  # B's turn
    state = run(state, ev.Passed(B))
    state = setup(state, bag_count=bag_before)
    return run(state, play(A, "G9", "ROSE"))


def test_DRAW_03_nsa_overdraw_new_tiles_x_plus_1():
    state = _owing_four("naspa", 40)
    assert state.bag_count == 36
    state = run(state, ev.OverdrawReported(A, 8))
    fix = state.overdraws[0].fix
    assert (fix.excess, fix.expose, fix.to_bag, fix.to_player, fix.pool, fix.rule) == (1, 2, 1, 1, "new", "DRAW-03")
    assert state.rack_counts[A] == 8 and state.bag_count == 35
    assert state.alerts[-1].code == "overdraw" and "takes 2" in state.alerts[-1].action
    state = run(state, ev.OverdrawResolved(A))
    assert state.rack_counts[A] == 7 and state.bag_count == 36 and not state.overdraws


def test_DRAW_04_nsa_overdraw_mixed_takes_from_the_whole_rack():
    state = run(_owing_four("naspa", 40), ev.OverdrawReported(A, 8, mixed=True))
    fix = state.overdraws[0].fix
    assert (fix.expose, fix.to_bag, fix.pool, fix.rule) == (2, 1, "rack", "DRAW-04")
    assert run(state, ev.OverdrawResolved(A)).bag_count == 36


def test_DRAW_05_nsa_overdraw_with_seven_or_fewer_in_bag_x_plus_2():
    # 5 in the bag, A owes 3 and draws 4: B takes 3, returns 1, gives 2; rack 7, bag 2.
    state = setup(run(start(), play(A, "8G", "CAB")), bag_count=8)
    state = run(state, ev.Passed(B))
    state = setup(state, bag_count=5)
    state = run(state, play(A, "G9", "ORE"), ev.OverdrawReported(A, 8))
    fix = state.overdraws[0].fix
    assert (fix.expose, fix.to_bag, fix.to_player, fix.rule) == (3, 1, 2, "DRAW-05")
    state = run(state, ev.OverdrawResolved(A))
    assert (state.rack_counts[A], state.bag_count) == (7, 2)


def test_DRAW_06_ktr_counts_as_a_director_switch():
    state = _owing_four("naspa", 40)
    state = setup(state, profile=replace(state.profile, overdraw_extra=2))
    fix = run(state, ev.OverdrawReported(A, 8)).overdraws[0].fix
    assert (fix.expose, fix.to_bag) == (3, 1)


@pytest.mark.parametrize("mixed, found_by, expose, to_player, chosen_by", [
    (False, None, 1, 0, "random"),  # 7.1: self-found before racking, excess removed face down
    (True, A, 2, 1, "random"),  # 7.2a: N+1 picked from the mixed rack, 1 back to the player
    (False, B, 1, 0, "opponent"),  # 7.2b: tiles face up, opponent removes the excess
    (True, B, 1, 0, "opponent"),  # 7.3: rack shown, opponent chooses
])
def test_DRAW_07_msa_overdraw_depends_on_who_found_it(mixed, found_by, expose, to_player, chosen_by):
    state = run(_owing_four("msa", 40), ev.OverdrawReported(A, 8, mixed=mixed, found_by=found_by))
    fix = state.overdraws[0].fix
    assert (fix.expose, fix.to_bag, fix.to_player, fix.chosen_by, fix.rule) == (expose, 1, to_player, chosen_by, "DRAW-07")


def test_DRAW_08_coffs_opponent_removes_the_excess():
    state = run(_owing_four("coffs", 40), ev.OverdrawReported(A, 8))
    fix = state.overdraws[0].fix
    assert (fix.expose, fix.to_bag, fix.rule) == (1, 1, "DRAW-08")
    assert state.alerts[-1].action.startswith("Bob removes 1 tile from Ann's rack")
    assert run(state, ev.OverdrawResolved(A)).bag_count == 36


def test_DRAW_09_not_an_overdraw_refused():
    assert refused(start(), ev.OverdrawReported(A, 7)).code == "not_an_overdraw"
    assert refused(start(), ev.OverdrawResolved(A)).code == "no_overdraw"


def test_DRAW_10_underdraw_with_tiles_in_the_bag():
    state = setup(run(start(), play(A, "8G", "CAB"), ev.Passed(B)), bag_count=30)
    state = run(state, play(A, "G9", "ROSE"), ev.UnderdrawReported(A, 3))
    alert = state.alerts[-1]
    assert (alert.code, alert.rule) == ("underdraw", "DRAW-10") and "draws 4" in alert.action
    assert state.rack_counts[A] == 7 and state.bag_count == 26  # the record already counts the draw
    assert not any(a.code == "underdraw" for a in run(state, ev.Passed(B)).alerts)


def test_DRAW_11_underdraw_after_the_bag_emptied():
    state = setup(run(start(), play(A, "8G", "CAB"), ev.Passed(B)), bag_count=4)
    state = run(state, play(A, "G9", "ROSE"), play(B, "J7", "FE"))
    state = run(state, ev.UnderdrawReported(A, 6))
    assert state.alerts[-1].rule == "DRAW-11" and "Bob" in state.alerts[-1].action


# ----- challenges -------------------------------------------------------------------------------

def _fe_challenged(profile: str, words: tuple[str, ...] = ()) -> game.GameState:
    """Ann opens CAB (14); Bob plays FE down J7-J8 forming FE and CABE (13); Ann challenges."""
    state = run(start(profile), play(A, "8G", "CAB"), play(B, "J7", "FE"))
    assert [w.word for w in state.history[-1].words] == ["FE", "CABE"] and state.scores == (14, 13)
    return run(state, ev.ChallengeMade(A, words))


def test_CHAL_02_only_this_turns_words_can_be_challenged():
    state = run(start(), play(A, "8G", "CAB"), play(B, "J8", "S"))
    assert state.challengeable_words == ("CABS",)
    err = refused(state, ev.ChallengeMade(A, ("CAB",)))
    assert (err.code, err.rule) == ("word_not_formed", "CHAL-02")
    assert refused(state, ev.ChallengeMade(B)).code == "own_play"
    state = run(state, ev.Passed(A))
    assert state.challengeable_words == () and refused(state, ev.ChallengeMade(A)).code == "nothing_to_challenge"


def test_CHAL_11_one_verdict_words_judged_per_profile():
    lexicon = {"CAB", "FE"}  # CABE is not a word here
    assert game.verdict(_fe_challenged("naspa", ("FE", "CABE")), lexicon) is False
    assert game.verdict(_fe_challenged("naspa", ("FE",)), lexicon) is True  # listed only
    assert game.verdict(_fe_challenged("coffs", ("FE",)), lexicon) is False  # all words judged
    assert game.verdict(_fe_challenged("naspa"), lexicon) is False  # () = every word


def test_CHAL_12_successful_challenge_takes_the_play_off():
    before = run(start(), play(A, "8G", "CAB"))
    state = run(before, play(B, "J7", "FE"), ev.ChallengeMade(A), ev.ChallengeJudged(False))
    assert state.scores == (14, 0) and state.board == before.board
    assert state.rack_counts == before.rack_counts and state.bag_count == before.bag_count
    assert [t.kind for t in state.history] == ["play", "play", "withdrawn"] and state.history[-1].score == -13
    assert state.to_move == A and state.zero_turns == 1
    assert refused(state, ev.ChallengeMade(A)).code == "nothing_to_challenge"


def test_CHAL_13_double_challenger_loses_the_turn():
    state = run(_fe_challenged("naspa", ("FE", "CABE")), ev.ChallengeJudged(True))
    assert state.scores == (14, 13) and state.to_move == B
    assert state.history[-1].kind == "lost_challenge" and state.history[-1].player == A and state.zero_turns == 1


def test_CHAL_13_single_no_penalty_challenger_continues():
    state = run(_fe_challenged("coffs", ("FE",)), ev.ChallengeJudged(True))
    assert state.scores == (14, 13) and state.to_move == A and state.history[-1].kind == "play"
    assert state.history[-1].challenged and state.zero_turns == 0


@pytest.mark.parametrize("words, expected", [(("FE", "CABE"), 23), (("FE",), 18), ((), 23)])
def test_CHAL_13_five_points_per_challenged_word(words, expected):
    state = run(_fe_challenged("msa", words), ev.ChallengeJudged(True))
    assert state.scores == (14, expected) and state.to_move == A
    assert state.history[-1].kind == "challenge_bonus"


@pytest.mark.parametrize("to, scores", [("opponent", (14, 23)), ("challenger", (4, 13))])
def test_CHAL_13_ten_point_penalty_variants(to, scores):
    state = _fe_challenged("coffs", ("FE",))
    state = setup(state, profile=replace(state.profile, challenge="penalty", challenge_penalty_to=to))
    state = run(state, ev.ChallengeJudged(True))
    assert state.scores == scores and state.to_move == A


def test_CHAL_13_dingle_first_wrong_challenge_free_then_lose_turn():
    state = start("coffs")
    state = setup(state, profile=replace(state.profile, challenge="dingle"))
    state = run(state, play(A, "8G", "CAB"), play(B, "J7", "FE"), ev.ChallengeMade(A), ev.ChallengeJudged(True))
    assert state.to_move == A and state.history[-1].kind == "play"
    state = run(state, play(A, "G9", "OX"), play(B, "K7", "AS"))  # FA and CABES: validity is not judged here
    state = run(state, ev.ChallengeMade(A), ev.ChallengeJudged(True))
    assert state.history[-1].kind == "lost_challenge" and state.to_move == B


def test_CHAL_14_challenge_must_be_judged_before_play_continues():
    state = _fe_challenged("naspa")
    assert refused(state, play(A, "G9", "OX")).code == "challenge_pending"
    assert refused(state, ev.ChallengeMade(A)).code == "challenge_pending"


# ----- blanks -------------------------------------------------------------------------------------

def test_BLANK_01_designation_fixed_once_the_opponents_clock_starts():
    state = run(start(), play(A, "8E", "MERINOr"))
    assert state.challengeable_words == ("MERINOR",)
    changed = run(state, ev.BlankDesignated(A, "K8", "s"))  # before the press: allowed
    assert changed.challengeable_words == ("MERINOS",) and changed.history[-1].word == "MERINOs"
    pressed = run(state, ev.ClockPressed(A, 10.0))
    err = refused(pressed, ev.BlankDesignated(A, "K8", "s"))
    assert (err.code, err.rule) == ("blank_locked", "BLANK-01")
    assert refused(run(state, ev.HoldPlaced(B)), ev.BlankDesignated(A, "K8", "s")).code == "blank_locked"


def test_BLANK_03_undesignated_blank_alert_then_designated():
    state = run(start(), play(A, "8G", "?AB"))
    assert any(a.code == "blank_undesignated" and a.rule == "BLANK-03" for a in state.alerts)
    state = run(state, ev.ClockPressed(A, 3.0), ev.BlankDesignated(A, "G8", "j"))
    assert state.board.at("G8") == "j" and state.history[-1].word == "jAB"
    assert not any(a.code == "blank_undesignated" for a in state.alerts)
    assert state.scores == (8, 0)  # (0+1+3) x 2


def test_BLANK_07_blank_challenged_off_loses_its_designation():
    state = run(start(), play(A, "8G", "jAB"), ev.ChallengeMade(B), ev.ChallengeJudged(False))
    state = run(state, play(B, "8G", "sAB"))
    assert state.board.at("G8") == "s"


# ----- six zeros ----------------------------------------------------------------------------------

def _exchange_and_five_phonies(profile: str) -> game.GameState:
    """Gladys and Felix: one exchange, then five phonies challenged off (SIXZ-01)."""
    state = run(start(profile), ev.Exchanged(A, 2))
    for player in (B, A, B, A, B):
        state = run(state, play(player, "8G", "ZAX"), ev.ChallengeMade(1 - player), ev.ChallengeJudged(False))
    return state


def test_SIXZ_01_SIXZ_02_naspa_any_zeros_count_and_a_player_may_invoke():
    state = _exchange_and_five_phonies("naspa")
    assert state.zero_turns == 6 and state.six_zero_offer and not state.game_over
    state = run(state, ev.SixZeroInvoked(A))
    assert state.game_over and state.ending == "six_zero"
    assert refused(state, ev.Passed(A)).code == "game_over"


def test_SIXZ_01_coffs_ends_by_itself():
    state = _exchange_and_five_phonies("coffs")
    assert state.game_over and state.ending == "six_zero" and not state.six_zero_offer
    assert any(a.code == "six_zero" for a in state.alerts)


def test_SIXZ_01_msa_counts_passes_only():
    state = _exchange_and_five_phonies("msa")
    assert state.zero_turns == 0 and not state.game_over
    for player in (A, B, A, B, A):
        state = run(state, ev.Passed(player))
    assert state.zero_turns == 5 and not state.game_over
    state = run(state, ev.Passed(B))
    assert state.game_over and state.ending == "six_zero"


def test_SIXZ_01_naspa_valid_zero_score_play_counts():
    state = run(start(), ev.Passed(A), play(B, "8G", "ab"))
    assert state.history[-1].score == 0 and state.zero_turns == 2


def test_SIXZ_02_unused_streak_resets_on_a_scoring_play():
    state = start()
    for i in range(9):
        state = run(state, ev.Passed(i % 2))
    assert state.zero_turns == 9 and state.to_move == B
    state = run(state, play(B, "8G", "AB"))
    assert state.zero_turns == 0 and state.scores == (0, 8)


def test_SIXZ_05_six_zero_refused_before_six_zeros():
    state = start()
    for i in range(5):
        state = run(state, ev.Passed(i % 2))
    err = refused(state, ev.SixZeroInvoked(B))
    assert (err.code, err.rule) == ("six_zero_too_early", "SIXZ-05") and not state.six_zero_offer


def test_SIXZ_04_six_zero_scores_lose_own_racks():
    state = start()
    for i in range(6):
        state = run(state, ev.Passed(i % 2))
    state = setup(state, scores=(300, 290))
    state = run(state, ev.SixZeroInvoked(A), ev.GameEnded("six_zero", ("QV", "CJ")))
    assert state.scores == (286, 279) and state.result.winner == A
    assert [(t.player, t.kind, t.score, t.rack) for t in state.history[-2:]] == [(0, "end_rack", -14, "QV"),
                                                                                  (1, "end_rack", -11, "CJ")]


# ----- going out, stuck, ties -------------------------------------------------------------------

def _go_out(profile: str, a: int, b: int, b_rack: str) -> game.GameState:
    """Bag empty, Ann goes out with S on J8 (CABS, 8 points) to reach `a`; Bob holds `b_rack`."""
    state = run(start(profile), play(A, "8G", "CAB"), ev.Passed(B))
    state = setup(state, bag_count=0, rack_counts=(1, len(b_rack)), scores=(a - 8, b))
    state = run(state, play(A, "J8", "S"))
    assert state.history[-1].score == 8 and state.scores == (a, b)
    assert state.game_over and state.ending == "out" and state.out_player == A and not state.finished
    return run(state, ev.GameEnded("out", (None, b_rack)))


def test_END_01_going_out_ends_play_and_challenge_still_possible():
    state = run(start(), play(A, "8G", "CAB"), ev.Passed(B))
    state = setup(state, bag_count=0, rack_counts=(1, 7))
    state = run(state, play(A, "J8", "S"))
    assert state.game_over and not state.finished and state.challengeable_words == ("CABS",)
    assert refused(state, ev.Passed(A)).code == "game_over"
    state = run(state, ev.ChallengeMade(B), ev.ChallengeJudged(False))
    assert not state.game_over and state.rack_counts[A] == 1 and state.to_move == B


def test_END_01_bag_not_empty_playing_whole_rack_is_not_out():
    state = setup(run(start(), play(A, "8G", "CAB"), ev.Passed(B)), bag_count=2, rack_counts=(3, 7))
    state = run(state, play(A, "G9", "ORE"))
    assert not state.game_over and state.rack_counts[A] == 2 and state.bag_count == 0


def test_END_02_out_play_bonus_double_vs_deduct_and_add():
    naspa = _go_out("naspa", 400, 380, "QV")
    assert naspa.scores == (428, 380) and naspa.result.winner == A
    coffs = _go_out("coffs", 400, 380, "QV")
    assert coffs.scores == (414, 366) and coffs.result.winner == A


def test_END_07_out_rack_derived_from_board_and_set():
    state = run(start(), play(A, "8G", "CAB"), ev.Passed(B))
    state = setup(state, bag_count=0, rack_counts=(1, 7))
    state = run(state, play(A, "J8", "S"), ev.GameEnded("out"))
    unseen_value = sum(state.tileset.values[t] * n for t, n in state.unseen().items())
    assert state.history[-1].kind == "end_rack" and state.history[-1].score == 2 * unseen_value


def test_END_03_director_ends_both_lose_own_racks():
    state = setup(start("msa"), scores=(255, 260))
    state = run(state, ev.GameEnded("director", ("J", "?V")))
    assert state.scores == (247, 256) and state.result.winner == B and state.finished


def test_END_05_time_called_gus_and_jaq():
    # The example gives only the values (9 and 12): JA = 8+1, QAA = 10+1+1.
    state = setup(start(), scores=(320, 330))
    state = run(state, ev.GameEnded("director", ("JA", "QAA")))
    assert state.scores == (311, 318) and state.result.winner == B


def test_END_04_tie_half_win_vs_coffs_higher_before_adjustment():
    naspa = _go_out("naspa", 340, 350, "CAE")
    assert naspa.scores == (350, 350) and naspa.result.winner is None and naspa.result.decided_by == "tie"
    assert naspa.result.submitter == naspa.first  # RES-01: the first player hands in a tied slip
    coffs = _go_out("coffs", 340, 350, "CAE")
    assert coffs.scores == (345, 345) and coffs.result.winner == B and coffs.result.decided_by == "tie_rule"
    assert coffs.result.before_adjustment == (340, 350)


@pytest.mark.parametrize("profile", ["naspa", "coffs"])
def test_END_03_SIXZ_04_both_players_stuck(profile):
    """Bag empty, nobody can play: six passes end the game (invoked or automatic), each
    player loses his own rack; one entered rack gives the other (board + set)."""
    state = setup(run(start(profile), play(A, "8G", "CAB")), bag_count=0, rack_counts=(4, 7))
    for i in range(6):
        state = run(state, ev.Passed((i + 1) % 2))
    if profile == "naspa":
        assert state.six_zero_offer and not state.game_over
        state = run(state, ev.SixZeroInvoked(A))
    assert state.ending == "six_zero"
    before = state.scores
    state = run(state, ev.GameEnded("six_zero", ("QVEE", None)))
    b_rack = state.history[-1].rack
    assert state.scores[0] == before[0] - 16
    assert state.scores[1] == before[1] - state.tileset.rack_value(b_rack)
    assert len(b_rack) == 100 - 3 - 4  # every tile not on the board nor on Ann's rack


# ----- time -----------------------------------------------------------------------------------------

def test_TIME_04_penalty_off_own_score_at_the_end():
    state = setup(start(), scores=(400, 390))
    state = run(state, ev.GameEnded("director", ("", "")),
                ev.TimePenalty(A, overtime_penalty(90), overtime_s=90))
    assert state.scores == (380, 390) and state.result.winner == B


@pytest.mark.parametrize("scores, final", [((499, 0), (399, 400)), ((420, 380), (320, 380)),
                                           ((350, 250), (250, 251))])
def test_TIME_05_overtime_forfeit_minus_100_and_win_by_one(scores, final):
    state = setup(start(), scores=scores)
    state = run(state, ev.OvertimeForfeit(A))
    assert state.scores == final and state.result.winner == B and state.result.decided_by == "overtime_forfeit"
    # The app may also report the per-minute penalty: the -100 replaces it (no 110 at -10:27).
    state = run(state, ev.TimePenalty(A, overtime_penalty(627), overtime_s=627), ev.GameEnded("overtime_forfeit"))
    assert state.scores == final and state.game_over


def test_TIME_05_win_by_one_survives_the_opponents_own_penalty():
    state = run(setup(start(), scores=(499, 0)), ev.OvertimeForfeit(A), ev.TimePenalty(B, 10, 5))
    assert state.scores == (399, 400) and state.result.winner == B


def test_TIME_05_no_maximum_overtime_under_msa():
    assert refused(start("msa"), ev.OvertimeForfeit(A)).rule == "TIME-05"


def test_KIOSK_06_director_correction_is_journaled_with_reason():
    state = setup(start(), scores=(300, 305))
    state = run(state, ev.GameEnded("director", ("", "")), ev.TimePenalty(A, 10, 4))
    assert state.result.winner == B
    state = run(state, ev.Correction(A, 10, "forced overtime erased (TIME-08)", by="director"))
    assert state.scores == (300, 305) and [t.kind for t in state.history[-2:]] == ["time_penalty", "correction"]
    assert state.history[-1].reason == "director: forced overtime erased (TIME-08)"


def test_notes_attach_to_the_previous_turn():
    state = run(start(), ev.Note("before"), play(A, "8G", "CAB"), ev.Note("nice"))
    assert state.preface_notes == ("before",) and state.history[-1].notes == ("nice",)


def test_replay_requires_game_started_and_apply_is_pure():
    with pytest.raises(RuleError):
        game.replay([play(A, "8G", "CAB")])
    state = start()
    after = game.apply(state, play(A, "8G", "CAB"))
    assert state.board.is_empty() and after.board.at("H8") == "A"
    assert refused(after, ev.GameStarted(("x", "y"))).code == "already_started"


def test_words_formed_and_adjudicate():
    state = run(start(), play(A, "8G", "CAB"))
    assert game.words_formed(state, tiles("9I", "OAT")) == ("OAT", "BO")
    assert game.adjudicate(["cab", "Cab"], {"CAB"}) and not game.adjudicate(["CAB", "CABE"], {"CAB"})


def test_CHAL_10_no_second_challenge_after_a_verdict():
    state = run(_fe_challenged("naspa", ("FE",)), ev.ChallengeJudged(True))
    assert state.history[-1].kind == "lost_challenge"
    err = refused(state, ev.ChallengeMade(A, ("CABE",)))
    assert err.code == "nothing_to_challenge" and state.to_move == B


def test_EXCH_07_a_declared_pass_cannot_become_an_exchange():
    state = run(start(), ev.Passed(A))
    assert refused(state, ev.Exchanged(A, 7)).code == "not_your_turn"


def test_SCORE_10_going_out_with_fewer_than_seven_is_no_bingo():
    state = setup(run(start(), play(A, "8G", "CAB"), ev.Passed(B)), bag_count=0, rack_counts=(5, 7))
    state = run(state, play(A, "G9", "OVERS"))
    assert state.history[-1].bingo == 0 and state.ending == "out"


def _truth(folder: str) -> dict | None:
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "scrabscrap-v1" / folder / "truth.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


@pytest.mark.parametrize("folder", ["spiel-12", "spiel-13"])
def test_real_german_games_replay_to_the_recorded_totals(folder):
    """The ground-truthed scrabscrap games (German set) as events: every turn's score and the
    final totals match the record; the bag count follows the board."""
    truth = _truth(folder)
    if truth is None:
        pytest.skip("../shared/datasets/scrabscrap-v1 not present")
    names = truth["players"]
    state = game.replay([ev.GameStarted(tuple(names), tileset="german")])
    for move in truth["moves"]:
        player = names.index(move["player"])
        if move["type"] == "play":
            state = run(state, ev.PlayMade(player, tuple((t["square"], t["tile"]) for t in move["tiles_placed"])))
            assert state.history[-1].score == move["score_standard_rules"], move["frame"]
        elif move["type"] == "withdrawn":
            challenger = names.index(move["challenged_by"])
            state = run(state, ev.ChallengeMade(challenger), ev.ChallengeJudged(False))
        else:
            state = run(state, ev.Passed(player))
        assert state.bag_count == max(0, 102 - 14 - state.board.tile_count())
    expected = truth["expected_final_scores_per_scrabscrap_tests"]
    assert state.scores == (expected[names[0]], expected[names[1]])


def test_TILE_01_a_tile_missing_from_the_set_shrinks_the_bag():
    state = game.replay([ev.GameStarted(("Ann", "Bob"), missing="?")])
    assert state.tileset.size == 99 and state.bag_count == 85 and state.tileset.counts["?"] == 1
    state = run(state, play(A, "8G", "aAB"))
    assert refused(state, play(B, "G9", "e")).code == "not_in_set"  # the set's only blank is on the board
    with pytest.raises(RuleError):
        game.replay([ev.GameStarted(("Ann", "Bob"), missing="???")])


def test_RES_08_spread_penalty_leaves_the_result():
    state = setup(start(), scores=(400, 390))
    state = run(state, ev.GameEnded("director", ("", "")),
                ev.Correction(A, -50, "repeatedly not recording the score", by="director", spread_only=True))
    assert state.scores == (400, 390) and state.result.winner == A
    assert state.result.spread == (10 - 50, -10) and state.history[-1].kind == "spread_penalty"


@pytest.mark.parametrize("overtime_s, penalty", [(0, 0), (1, 10), (2, 10), (59, 10), (60, 10), (61, 20),
                                                 (150, 30), (599, 100), (600, 100)])
def test_TIME_02_TIME_03_penalty_per_minute_or_part_off_the_final_score(overtime_s, penalty):
    """Clock faces 0:00/-0:00 are 0 s over; -0:01 is 1 s (kiosk.rules.timing does the arithmetic)."""
    state = run(setup(start(), scores=(300, 290)), ev.GameEnded("director", ("", "")),
                ev.TimePenalty(A, overtime_penalty(overtime_s), overtime_s))
    assert state.scores == (300 - penalty, 290) and state.history[-1].score == -penalty
