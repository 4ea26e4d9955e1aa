"""Irregularities at the table against SCENARIOS.md: missing and found tiles, free
challenges, out-of-order draws, exchanges below the minimum, illegal arrangements, stray
tiles, undesignated blanks, announced scores and results. Named after the IDs covered."""
from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.rules import events as ev
from kiosk.rules import game
from kiosk.rules.board import SIZE, square_name
from kiosk.rules.opening import first_by_draw, first_by_record
from kiosk.rules.tiles import BLANK, load_tileset
from tests.test_rules_game import A, B, play, refused, run, setup, start
from tests.test_rules_properties import PROFILES, Table, check_invariants


def _notes(state: game.GameState) -> list[str]:
    return list(state.preface_notes) + [n for t in state.history for n in t.notes]


def _alert(state: game.GameState, code: str) -> game.Alert:
    found = [a for a in state.alerts if a.code == code]
    assert len(found) == 1, state.alerts
    return found[0]


# ----- TILE-01, TILE-07: missing tiles ------------------------------------------------------

def test_TILE_01_count_names_the_missing_tile_before_play():
    english = load_tileset("english")
    seen = list(english.bag().elements())
    seen.remove("?")
    assert english.describe_count(seen) == "99 tiles — 1 blank missing"
    seen.remove("E")
    assert english.describe_count(seen + ["Q"]) == "99 tiles — 1 blank, 1 E missing; 1 Q extra"


def test_TILE_01_shortage_noticed_at_move_12_bag_follows_a_99_tile_set():
    state = start("naspa")  # passes: NASPA's six zeros end the game only when invoked
    for turn in range(11):
        state = run(state, ev.Passed(turn % 2))
    assert state.bag_count == 86
    state = run(state, ev.TilesMissing("?"))
    assert not state.finished and state.bag_count == 85 and state.tileset.size == 99
    assert state.tileset.name == "english without ?" and state.missing == "?"
    assert state.bag_count + sum(state.rack_counts) + state.board.tile_count() == 99
    assert "TILE-01" in _notes(state)[-1]
    assert refused(state, ev.TilesMissing("??")).code == "not_in_set"  # only one blank is left unseen


def test_TILE_07_tile_found_after_going_out_is_ignored():
    state = game.replay([ev.GameStarted(("Ann", "Bob"), missing="U")])
    state = setup(state, bag_count=0, rack_counts=(2, 3))
    state = run(state, play(A, "8G", "AB"))
    assert state.ending == "out"
    found = run(state, ev.TileFound("U"))
    assert found.tileset.size == 99 and found.bag_count == 0 and found.rack_counts == state.rack_counts
    assert "not added" in _notes(found)[-1]
    ended = run(found, ev.GameEnded("out", (None, "EEE")))
    assert ended.history[-1].score == 6  # twice EEE; the U counts nowhere


def test_TILE_07_tile_found_mid_game_goes_to_who_should_have_drawn_it():
    state = setup(game.replay([ev.GameStarted(("Ann", "Bob"), missing="E")]), bag_count=10)
    assert state.tileset.size == 99 and state.rack_counts == (7, 7)
    given = run(state, ev.TileFound("E", receiver=B))
    assert given.tileset.size == 100 and given.tileset.name == "english" and given.missing == ""
    # Bob's rack is full: the E replaces the tile he drew in its place, which goes back.
    assert given.rack_counts == (7, 7) and given.bag_count == 11
    short = run(setup(state, rack_counts=(7, 6), bag_count=0), ev.TileFound("e", receiver=B))
    assert short.rack_counts == (7, 7) and short.bag_count == 0
    nobody = run(state, ev.TileFound("E"))
    assert nobody.tileset.size == 99 and nobody.bag_count == 10 and nobody.rack_counts == (7, 7)
    assert "without it" in _notes(nobody)[-1]
    assert refused(state, ev.TileFound("Q", receiver=A)).code == "not_missing"


# ----- CHAL-16: a free challenge -----------------------------------------------------------------

def test_CHAL_16_free_challenge_costs_no_turn_and_is_used_up():
    state = run(start(), ev.FreeChallengeGranted(B, "recorded the score before playing"))
    assert state.free_challenges == (0, 1) and "CHAL-16" in _notes(state)[-1]
    state = run(state, play(A, "8G", "CAB"), ev.ChallengeMade(B), ev.ChallengeJudged(True))
    assert state.to_move == B and [t.kind for t in state.history] == ["play"]
    assert state.free_challenges == (0, 0) and "free challenge used" in state.history[0].notes[-1]
    state = run(state, play(B, "J7", "FE"), ev.ChallengeMade(A), ev.ChallengeJudged(True))
    assert state.to_move == B and state.history[-1].kind == "lost_challenge"  # A had no free challenge
    state = run(state, play(B, "K7", "AD"), ev.ChallengeMade(A), ev.ChallengeJudged(True))
    assert state.history[-1].kind == "lost_challenge" and state.free_challenges == (0, 0)


def test_CHAL_16_free_challenge_is_kept_through_a_successful_challenge():
    state = run(start(), ev.FreeChallengeGranted(B), play(A, "8G", "CAB"), ev.ChallengeMade(B),
                ev.ChallengeJudged(False))
    assert state.free_challenges == (0, 1)
    msa = run(start("msa"), play(A, "8G", "CAB"), ev.ChallengeMade(B), ev.ChallengeJudged(True))
    assert msa.scores == (19, 0)  # 5 per word challenged, without a free challenge
    state = run(start("msa"), ev.FreeChallengeGranted(B), play(A, "8G", "CAB"), ev.ChallengeMade(B),
                ev.ChallengeJudged(True))
    assert state.scores == (14, 0) and state.free_challenges == (0, 0)  # free: no 5-point bonus either


# ----- DRAW-13: out-of-order draws ---------------------------------------------------------------

def test_DRAW_13_out_of_order_draw_notes_for_the_director():
    base = run(start(), play(A, "8G", "CAB"), play(B, "J7", "FE"))
    quiet = run(setup(base, bag_count=30), ev.OutOfOrderDraw(A))
    assert quiet.alerts == () and _notes(quiet) == []
    twelve = run(setup(base, bag_count=12), ev.OutOfOrderDraw(A))
    alert = _alert(twelve, "out_of_order_draw")
    assert alert.rule == "DRAW-13" and "out-of-order draw with 12 in bag (< 14)" in alert.message
    assert "spread" not in alert.action and twelve.scores == base.scores
    assert "out-of-order draw with 12 in bag (< 14)" in _notes(twelve)[-1]
    six = run(setup(base, bag_count=6), ev.OutOfOrderDraw(A))
    assert _alert(six, "out_of_order_draw").action == "< 7: director may apply a 50-point spread penalty"
    assert six.scores == base.scores and six.spread_penalties == (0, 0)  # a note, not a penalty
    assert not any(a.code == "out_of_order_draw" for a in run(six, ev.Passed(A)).alerts)


# ----- EXCH-10: an exchange with fewer than 7 in the bag -----------------------------------------

def _bag_six() -> game.GameState:
    return setup(run(start(), play(A, "8G", "CAB"), play(B, "J7", "FE")), bag_count=6)


def test_EXCH_10_default_kiosk_refuses_the_exchange():
    state = _bag_six()
    assert not state.exchange_allowed
    assert refused(state, ev.Exchanged(A, 2)).code == "exchange_not_allowed"
    assert refused(setup(state, bag_count=7), ev.ExchangeBelowMinimum(A, 2, "before_draw")).code == "exchange_allowed"


def test_EXCH_10a_noticed_before_the_draw_turn_lost_without_exchanging():
    state = _bag_six()
    after = run(state, ev.ExchangeBelowMinimum(A, 2, "before_draw", rack="AEIOUVV"))
    turn = after.history[-1]
    assert (turn.kind, turn.score, turn.player, turn.count) == ("pass", 0, A, 0) and "EXCH-10" in turn.reason
    assert after.bag_count == 6 and after.rack_counts == state.rack_counts and after.racks[A] == "AEIOUVV"
    assert after.to_move == B and after.scores == state.scores and after.zero_turns == 1


def test_EXCH_10b_noticed_before_the_opponent_pressed_opponent_picks_seven():
    state = _bag_six()
    after = run(state, ev.ExchangeBelowMinimum(A, 2, "before_opponent_pressed", tiles="VV"))
    assert after.history[-1].kind == "exchange" and after.history[-1].count == 2
    assert after.bag_count == 6 and after.rack_counts == (7, 7) and after.exchange_pick == A
    alert = _alert(after, "exchange_pick")
    assert alert.rule == "EXCH-10" and alert.player == B
    assert "6 pool tiles" in alert.action and "Ann's 7 tiles" in alert.action and "one minute" in alert.action
    assert refused(after, ev.Passed(B)).code == "exchange_pick_open"
    picked = run(after, ev.ExchangePicked(A, "AEIORST"))
    assert picked.racks[A] == "AEIORST" and picked.exchange_pick is None and picked.alerts == ()
    assert picked.bag_count == 6 and "AEIORST" in picked.history[-1].notes[-1]
    assert refused(after, ev.ExchangePicked(A, "AEIO")).code == "bad_rack"
    assert run(picked, ev.Passed(B)).to_move == A


def test_EXCH_10c_noticed_later_no_penalty():
    after = run(_bag_six(), ev.ExchangeBelowMinimum(A, 2, "later"))
    assert after.history[-1].kind == "exchange" and after.exchange_pick is None and after.alerts == ()
    assert after.bag_count == 6 and after.scores == (14, 13) and "no penalty" in after.history[-1].reason


# ----- PLACE-06 / CHAL-03: an illegal arrangement -------------------------------------------------

def _scab() -> game.GameState:
    return run(start(), play(A, "8H", "SCAB"))


def _sol_and_detached_or() -> ev.PlayMade:
    return ev.PlayMade(B, (("L8", "S"), ("L9", "O"), ("L10", "L"), ("L12", "O"), ("L13", "R")), irregular=True)


def test_PLACE_06_refused_unless_the_players_let_it_stand():
    strict = ev.PlayMade(B, _sol_and_detached_or().tiles)
    err = refused(_scab(), strict)
    assert (err.code, err.rule) == ("gap", "PLACE-02")


def test_PLACE_06_unchallenged_detached_word_scores_nothing():
    after = run(_scab(), _sol_and_detached_or())
    turn = after.history[-1]
    assert turn.score == 14 and turn.irregular == "gap"
    assert [(w.word, w.score) for w in turn.words] == [("SOL", 4), ("SCABS", 10), ("OR", 0)]
    assert turn.notes == ("tiles outside the main word, scoring nothing: O L12, R L13 (PLACE-06)",)
    assert after.board.at("L12") == "O" and after.board.at("L13") == "R" and after.rack_counts[B] == 7
    alert = _alert(after, "illegal_arrangement")
    assert alert.rule == "PLACE-06" and "CHAL-03" in alert.action
    assert not any(a.code == "illegal_arrangement" for a in run(after, ev.Passed(A)).alerts)


def test_PLACE_06_CHAL_03_challenged_off_whatever_the_words():
    state = run(_scab(), _sol_and_detached_or(), ev.ChallengeMade(A))
    assert game.verdict(state, {"SCABS", "SOL", "OR"}) is False
    off = run(state, ev.ChallengeJudged(False))
    assert off.board.at("L12") == "." and off.board.at("L8") == "." and off.alerts == ()


def test_PLACE_06_diagonal_and_disconnected_arrangements():
    state = _scab()
    diagonal = run(state, ev.PlayMade(B, (("L8", "S"), ("M9", "O")), irregular=True))
    assert diagonal.history[-1].irregular == "not_in_line" and diagonal.history[-1].score == 10  # SCABS only
    err = refused(state, ev.PlayMade(B, (("B12", "O"), ("C12", "R")), irregular=True))
    assert (err.code, err.rule) == ("not_connected", "PLACE-06")  # no part spells a main word: put it right
    assert refused(state, ev.PlayMade(B, (("H8", "S"), ("M9", "O")), irregular=True)).code == "occupied"


def test_PLACE_05_diagonal_is_not_a_line():
    err = refused(_scab(), ev.PlayMade(B, (("L9", "S"), ("M10", "O"), ("N11", "L"))))
    assert (err.code, err.rule) == ("not_in_line", "PLACE-01")


def test_SCORE_06_premium_under_an_earlier_tile_is_not_reused():
    state = run(_scab(), play(B, "L8", "SOL"), ev.Passed(A), play(B, "L8", "...E"))
    assert state.history[-1].word == "SOLE" and state.history[-1].score == 4


def test_DRAW_14_courtesy_tiles_go_back_when_the_challenge_succeeds():
    before = _scab()
    played = run(before, play(B, "L8", "SOL"))
    assert played.bag_count == before.bag_count - 3
    off = run(played, ev.ChallengeMade(A), ev.ChallengeJudged(False))
    assert off.bag_count == before.bag_count and off.rack_counts == before.rack_counts


# ----- PLACE-10: a stray tile -----------------------------------------------------------------------

def _wrastle_challenged_off() -> game.GameState:
    state = run(start(), play(A, "8B", "WRASTLE"), play(B, "I8", "R"), ev.ChallengeMade(A),
                ev.ChallengeJudged(False))
    assert state.board.at("I8") == "." and state.to_move == A
    return state


def test_PLACE_10_tile_left_after_a_challenged_off_play_then_the_board_stands():
    off = _wrastle_challenged_off()
    camera = off.board.place([("I8", "R")])
    assert game.strays_seen(off, camera) == (ev.StrayTile(B, "I8", "R"),)
    assert game.strays_seen(off, off.board) == ()  # Ross took the R back
    state = run(off, *game.strays_seen(off, camera))
    assert game.strays_seen(state, camera) == ()
    alert = _alert(state, "stray_tile")
    assert alert.rule == "PLACE-10" and "R on I8" in alert.message and state.board.at("I8") == "R"
    assert state.rack_counts[B] == 6
    assert state.bag_count + sum(state.rack_counts) + state.board.tile_count() == 100
    fixed = run(state, ev.StrayTileRemoved("I8"))
    assert fixed.board.at("I8") == "." and fixed.rack_counts[B] == 7 and fixed.alerts == ()
    state = run(state, play(A, "C7", "A."))  # Monica plays
    assert run(state, ev.StrayTileRemoved("I8")).board.at("I8") == "."  # Ross has not moved yet
    state = run(state, play(B, "I7", "A."))  # Ross plays, through the stray R
    assert state.board.at("I8") == "R" and state.strays[0].settled and state.alerts == ()
    err = refused(state, ev.StrayTileRemoved("I8"))
    assert (err.code, err.rule) == ("board_stands", "PLACE-10")
    assert state.history[-1].word == "AR" and "stays on the board" in state.history[-1].notes[-1]


def test_PLACE_10_stray_tile_must_fit_the_board_and_the_set():
    state = _wrastle_challenged_off()
    assert refused(state, ev.StrayTile(B, "H8", "R")).code == "occupied"
    assert refused(state, ev.StrayTile(B, "I8", "1")).code == "not_a_tile"
    assert refused(state, ev.StrayTileRemoved("I8")).code == "no_stray"


# ----- BLANK-03, BLANK-07: blanks --------------------------------------------------------------------

def test_BLANK_03_undesignated_blank_offences_are_counted():
    state = run(start(), play(A, "8G", "?AB"))
    assert _alert(state, "blank_undesignated").rule == "BLANK-03"
    state = run(state, ev.ClockPressed(A, 3.0), ev.ClockPaused(4.0, "blank"), ev.BlankDesignated(A, "G8", "j"))
    assert state.blank_offences == (1, 0) and state.history[0].notes == (
        "blank not designated before the opponent's clock started: offence 1 (BLANK-03)",)
    assert not any(a.code == "blank_repeat" for a in state.alerts)
    state = run(state, ev.Passed(B), play(A, "J7", "?E"), ev.ClockPressed(A, 30.0))
    assert state.blank_offences == (2, 0)
    assert _alert(state, "blank_repeat").action == "repeat - director may deduct 50 spread (NSA IV.J.3)"
    designated = run(start(), play(A, "8G", "jAB"), ev.ClockPressed(A, 3.0))
    assert designated.blank_offences == (0, 0)


def test_BLANK_07_blank_challenged_off_is_played_again_as_another_letter():
    state = run(start(), play(A, "8G", "jAB"), ev.ClockPressed(A, 2.0), ev.ChallengeMade(B),
                ev.ChallengeJudged(False))
    assert state.board.is_empty() and state.blank_offences == (0, 0)
    state = run(state, play(B, "8G", "sAB"))
    assert state.board.at("G8") == "s" and state.history[-1].word == "sAB"


def test_BLANK_04_challenge_from_a_misread_blank_may_be_withdrawn():
    state = run(start(), play(A, "8G", "jAB"), ev.ChallengeMade(B))
    withdrawn = run(state, ev.ChallengeWithdrawn(B))
    assert withdrawn.challenge is None and withdrawn.scores == (8, 0) and withdrawn.to_move == B
    assert [t.kind for t in withdrawn.history] == ["play"] and "BLANK-04" in withdrawn.history[0].notes[-1]
    assert refused(withdrawn, ev.ChallengeMade(B)).code == "nothing_to_challenge"
    assert run(withdrawn, ev.Passed(B)).to_move == A
    no_blank = run(start(), play(A, "8G", "JAB"), ev.ChallengeMade(B))
    err = refused(no_blank, ev.ChallengeWithdrawn(B))
    assert (err.code, err.rule) == ("challenge_binding", "BLANK-04")


def test_BLANK_04_earlier_blank_is_judged_as_designated():
    """Robin's blank is an R; Selena plays through it; Robin challenges thinking it a T."""
    state = run(start(), play(A, "8G", "BAr"), play(B, "I7", "A.E"), ev.ChallengeMade(A))
    assert state.challengeable_words == ("ARE",)
    assert game.verdict(state, {"ARE"}) is True and game.verdict(state, {"ATE"}) is False


def test_DRAW_12_play_from_a_short_rack_stands_and_the_rack_is_filled():
    state = run(start(), play(A, "8G", "CAB"), ev.UnderdrawReported(B, 6))
    alert = _alert(state, "underdraw")
    assert alert.rule == "DRAW-10" and "draws 1 from the bag now" in alert.action
    bag = state.bag_count
    off = run(state, play(B, "J5", "DOGE."), ev.ChallengeMade(A), ev.ChallengeJudged(False))
    assert off.history[-2].kind == "play" and off.history[-1].kind == "withdrawn"  # no other correction
    assert off.rack_counts == (7, 7) and off.bag_count == bag  # the 1 he then draws was counted already


def test_BLANK_06_false_blank_found_before_the_next_play_takes_the_play_off():
    state = run(start(), play(A, "8G", "CAB"), play(B, "G7", "s."), ev.ClockPressed(B, 5.0))
    off = run(state, ev.FalseBlank("G7", "E"))
    assert off.board.at("G7") == "." and off.scores == (14, 0) and off.to_move == A
    assert off.history[-1].kind == "withdrawn" and "comes off (BLANK-06)" in off.history[1].notes[-1]
    assert refused(off, ev.FalseBlank("G8", "E")).code == "not_a_blank"


def test_BLANK_06_false_blank_found_later_stays_a_blank_worth_0():
    state = run(start(), play(A, "8G", "CAB"), play(B, "G7", "s."), play(A, "J8", "S"))
    later = run(state, ev.FalseBlank("G7", "E"))
    assert later.board.at("G7") == "s" and later.scores == state.scores
    assert later.tileset.counts["?"] == 3 and later.tileset.counts["E"] == 11 and later.tileset.size == 100
    assert "stays a blank" in _notes(later)[-1]
    # Both real blanks may still be played: three tiles now count as blanks.
    later = run(later, play(B, "K8", "e"), ev.Passed(A), play(B, "L8", "s"))
    assert later.board.at("L8") == "s"


# ----- SCORE-11: announced score --------------------------------------------------------------------

def test_SCORE_11_announced_score_differs_from_the_computed_one():
    state = run(start(), ev.PlayMade(A, (("I8", "U"), ("J8", "L"), ("K8", "U")), announced=6))
    assert state.scores == (3, 0) and state.history[0].announced == 6
    alert = _alert(state, "score_mismatch")
    assert alert.rule == "SCORE-11" and "announced 6" in alert.message and "counts 3" in alert.message
    assert "not a challenge" in alert.action and state.challenge is None
    agreed = run(start(), ev.PlayMade(A, (("I8", "U"), ("J8", "L"), ("K8", "U")), announced=3))
    assert not any(a.code == "score_mismatch" for a in agreed.alerts)
    assert not any(a.code == "score_mismatch" for a in run(state, ev.Passed(B)).alerts)


# ----- END-05, RES-01, RES-08: ending and results ----------------------------------------------------

def test_END_05_director_ends_play_each_loses_own_rack():
    state = setup(run(start(), play(A, "8G", "CAB")), scores=(320, 330))
    state = run(state, ev.GameEnded("director", ("JA", "QAA")))  # racks worth 9 and 12
    assert state.scores == (311, 318) and state.result.winner == B and state.ending == "director"
    assert refused(state, play(B, "J7", "FE")).code == "game_over"


def test_TIME_10_END_05_time_called_one_more_turn_each_then_racks_count():
    state = run(start(), play(A, "8G", "CAB"), ev.TimeCalled())
    assert _alert(state, "time_called").rule == "TIME-10" and not state.game_over
    state = run(state, play(B, "J7", "FE"))
    assert not state.game_over
    assert refused(state, ev.TimeCalled()).code == "time_already_called"
    state = run(state, play(A, "K7", "AD"))
    assert state.game_over and state.ending == "director" and _alert(state, "time_over").rule == "TIME-10"
    assert not any(a.code == "time_called" for a in state.alerts)
    assert refused(state, ev.Passed(B)).code == "game_over"
    # The last play may still be challenged off before the racks are counted.
    off = run(state, ev.ChallengeMade(B), ev.ChallengeJudged(False))
    assert off.scores == (14, 13) and off.game_over
    ended = run(off, ev.GameEnded("director", ("QAA", "JA")))
    assert ended.scores == (14 - 12, 13 - 9) and ended.finished


def test_RES_01_tie_slip_handed_in_by_the_first_player():
    ralph_first = run(setup(start(first=B), scores=(350, 350)), ev.GameEnded("director", ("", "")))
    assert ralph_first.result.winner is None and ralph_first.result.submitter == B
    won = run(setup(start(first=B), scores=(360, 350)), ev.GameEnded("director", ("", "")))
    assert won.result.submitter == A


def test_RES_06_player_who_leaves_takes_a_forfeit_loss():
    trailing = run(setup(start(), scores=(280, 310)), ev.GameAbandoned(A))
    assert trailing.finished and trailing.result.winner == B and trailing.result.decided_by == "forfeit"
    assert trailing.result.spread == (-80, 80) and trailing.scores == (280, 310)
    ahead = run(setup(start(), scores=(310, 280)), ev.GameAbandoned(A))
    assert ahead.result.winner == B and ahead.result.spread == (-50, 50) and ahead.result.submitter == B
    penalised = run(ahead, ev.Correction(B, -50, "out-of-order draw", by="director", spread_only=True))
    assert penalised.result.winner == B and penalised.result.spread == (-50, 0)
    assert refused(ahead, ev.Passed(A)).code == "game_over"


def test_RES_09_set_checked_complete_from_board_and_last_rack():
    state = run(start(), play(A, "8G", "CAB"), play(B, "J7", "FE"))
    on_board = [state.tileset.tile_of(letter) for _, letter in state.board.occupied()]
    rest = list((state.tileset.bag() - Counter(on_board)).elements())
    assert state.tileset.describe_count(on_board + rest) == "100 tiles, set complete"


def test_RES_08_spread_penalty_off_the_winner_keeps_the_win():
    state = run(setup(start(), scores=(400, 390)), ev.GameEnded("director", ("", "")),
                ev.Correction(A, -50, "out-of-order draw", by="director", spread_only=True))
    assert state.result.winner == A and state.result.spread == (-40, -10) and state.scores == (400, 390)


# ----- property: stray tiles keep the tiles accounted for -------------------------------------------

@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(PROFILES))
def test_PLACE_10_random_stray_tiles_conserve_tiles_and_replay(seed, profile):
    rng = random.Random(seed)
    table = Table(rng, profile, 0.8)
    for _ in range(60):
        state = table.state
        if state.game_over:
            break
        table.turn()
        state = table.state
        if state.game_over or state.challenge is not None:
            continue
        open_ = [s for s in state.strays if not s.settled]
        if open_ and rng.random() < 0.3:
            stray = open_[0]
            table.emit(ev.StrayTileRemoved(stray.square))
            table.racks[stray.player].append(table.tileset.tile_of(stray.letter))
        elif rng.random() < 0.15:
            p = rng.choice((0, 1))
            empty = [square_name((r, c)) for r in range(SIZE) for c in range(SIZE) if state.board.cells[r][c] == "."]
            if len(table.racks[p]) > 1 and empty:
                tile = rng.choice(table.racks[p])
                table.emit(ev.StrayTile(p, rng.choice(empty), "e" if tile == BLANK else tile))
                table.racks[p].remove(tile)
        check_invariants(table)
    for stray in table.state.strays:
        if stray.settled:
            assert refused(table.state, ev.StrayTileRemoved(stray.square)).code == "board_stands"
    assert game.replay(table.events) == table.state


# ----- FIRST-01: who plays first -------------------------------------------------------------------

def test_FIRST_01_draw_nearest_A_blank_beats_A_ties_draw_again():
    assert first_by_draw(("B", "G")) == 0  # Clark (B) goes first; there is no "go second"
    assert first_by_draw(("A", "?")) == 1 and first_by_draw(("?", "A")) == 0
    assert first_by_draw(("?", "?")) is None and first_by_draw(("E", "E")) is None
    assert first_by_draw(("Z", "y")) == 1


def test_FIRST_01_naspa_fewer_firsts_goes_first_without_a_draw():
    assert first_by_record((3, 2)) == 1
    assert first_by_record((2, 2)) is None  # then draw
    assert first_by_record((2, 2), seconds=(1, 3)) == 1  # after a bye: more seconds goes first
