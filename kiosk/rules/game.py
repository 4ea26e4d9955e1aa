"""The game as a state machine over events: apply(state, event) -> new state.

Pure and deterministic: the same events always give the same state. Illegal events
raise RuleError(code, message, rule) and leave the state as it was, so a caller can
check an event with apply() before journaling it. Racks are tracked by count from the
board and the tile set; rack letters in events are used when they fit and ignored when
they do not (game records often carry partial or placeholder racks).

Event flow:
- a turn is PlayMade, Passed or Exchanged by `to_move`;
- ChallengeMade (by the opponent of the last play) then ChallengeJudged: unacceptable
  takes the play off (0); acceptable applies the profile's cost (double: the challenger's
  turn is lost; five_per_word / penalty: points recorded; single: nothing). A game
  record's explicit bonus is ChallengeBonus instead: do not send both for one play;
- after an out play (bag empty, rack empty) `game_over` is true, the play may still be
  challenged, and GameEnded("out") applies the out-play bonus (the opponent's rack is
  derived from board + set if not given); six zeros: SixZeroInvoked (or automatically,
  per profile) then GameEnded("six_zero", racks); TimePenalty and Correction may come
  before or after GameEnded; OvertimeForfeit ends the game at once (TIME-05).

The state and its records live in state.py; irregularities the players or director enter
(missing or found tiles, stray tiles, free challenges, out-of-order draws, time called)
are handled in mishaps.py.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Container, Iterable
from typing import Any
from dataclasses import replace

from kiosk.rules import events as ev
from kiosk.rules.board import EMPTY, Board, parse_square, position_name, square_name
from kiosk.rules.challenge import ChallengeCost, adjudicate, judged_words, unsuccessful_challenge_cost
from kiosk.rules.draws import overdraw_fix, underdraw_fix
from kiosk.rules.endgame import abandoned, decide, rack_adjustments
from kiosk.rules.irregular import IRREGULAR_CODES, IrregularPlay, score_irregular
from kiosk.rules.mishaps import HANDLERS as MISHAP_HANDLERS
from kiosk.rules.mishaps import named_set, set_without, settle_strays
from kiosk.rules.placement import PlacementError
from kiosk.rules.profiles import Profile, load_profile
from kiosk.rules.scoring import PlayScore, WordScore, score_play
from kiosk.rules.state import (  # noqa: F401  (GameState, Turn, Alert, RuleError: the public types)
    END_REASONS, RACK_SIZE, TURN_KINDS, Alert, Challenge, GameState, LastPlay, Overdraw, RuleError, Turn,
    add_alert, add_note, add_record, annotate, both_moved_since, check_player, drop_alert, known_rack, other, pair,
    require_turn)
from kiosk.rules.tiles import BLANK, TileSet, load_tileset

FREE = ChallengeCost(False, 0, 0)
PLACEMENT_RULES = {
    "no_tiles": "FIRST-04", "first_play_single_tile": "FIRST-04", "not_in_line": "PLACE-01",
    "gap": "PLACE-02", "not_connected": "PLACE-03",
}


# ----- entry points ---------------------------------------------------------------------


def new_game(started: ev.GameStarted, profile: Profile | None = None, tileset: TileSet | None = None) -> GameState:
    profile = profile or load_profile(started.profile)
    tileset = tileset or load_tileset(started.tileset)
    if started.first not in (0, 1):
        raise RuleError("bad_player", "first must be 0 or 1")
    missing = "".join(sorted(tileset.tile_of(t) for t in started.missing))
    if missing:
        tileset = named_set(set_without(tileset, missing), missing)
    dealt = min(RACK_SIZE, tileset.size // 2)
    return GameState(
        players=(started.players[0], started.players[1]), first=started.first, profile=profile, tileset=tileset,
        lexicon=started.lexicon, board=Board.empty(), scores=(0, 0), to_move=started.first,
        bag_count=tileset.size - 2 * dealt, rack_counts=(dealt, dealt),
        missing=missing,
    )


def replay(events: Iterable[ev.Event], profile: Profile | None = None, tileset: TileSet | None = None) -> GameState:
    """The state after a whole event list (it starts with GameStarted). `profile` and
    `tileset` override the names in GameStarted (e.g. a club's own profile file)."""
    state: GameState | None = None
    for event in events:
        if state is None:
            if not isinstance(event, ev.GameStarted):
                raise RuleError("not_started", f"the first event must be game_started, not {ev.type_name(type(event))}")
            state = new_game(event, profile, tileset)
        else:
            state = apply(state, event)
    if state is None:
        raise RuleError("not_started", "no events")
    return state


def apply(state: GameState | None, event: ev.Event) -> GameState:
    """The state after one more event; RuleError if the event is not allowed now."""
    if state is None:
        return replay([event])
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise RuleError("unknown_event", f"no rule for {type(event).__name__}")
    return handler(state, event)


def verdict(state: GameState, lexicon: Container[str]) -> bool:
    """The judge's verdict for the pending challenge: True = the play stands.

    A first play off the centre, or tiles that do not spell one main word, are
    unacceptable whatever the words (FIRST-05, PLACE-06, CHAL-03)."""
    if state.challenge is None or state.last_play is None:
        raise RuleError("no_challenge", "no challenge to judge")
    record = state.history[state.last_play.index]
    if record.misses_center or record.irregular:
        return False
    formed = tuple(w.word.upper() for w in record.words)
    return adjudicate(judged_words(formed, state.challenge.words, state.profile), lexicon)


def strays_seen(state: GameState, seen: Board) -> tuple[ev.StrayTile, ...]:
    """Tiles the camera still sees on the squares of the play just challenged off
    (PLACE-10): each is a StrayTile to journal unless the player takes it back now."""
    play = state.last_play
    if play is None or not play.judged:
        return ()
    return tuple(ev.StrayTile(play.player, square, seen.at(square)) for square, _ in play.tiles
                 if state.board.at(square) == EMPTY and seen.at(square) != EMPTY)


def words_formed(state: GameState, tiles: Iterable[tuple[str, str]]) -> tuple[str, ...]:
    """The words (upper case) a placement would form on the current board."""
    from kiosk.rules.scoring import words_formed as formed

    try:
        return tuple(w.word.upper() for w in formed(state.board, tiles))
    except PlacementError as exc:
        raise RuleError(exc.code, exc.message, PLACEMENT_RULES.get(exc.code, "")) from None


# ----- helpers ----------------------------------------------------------------------------


def _zero_streak(history: tuple[Turn, ...], counted: tuple[str, ...]) -> int:
    """Consecutive zero turns at the end of the record, of the kinds the profile counts."""
    streak, withdrawn, bonus = 0, False, 0
    for turn in reversed(history):
        if turn.kind == "withdrawn":
            withdrawn = True
            continue
        if turn.kind == "challenge_bonus":
            bonus += turn.score
            continue
        if turn.kind not in TURN_KINDS:
            continue
        if turn.kind == "play":
            kind = "challenged_off" if withdrawn else ("zero_play" if turn.score + bonus == 0 else "")
        else:
            kind = turn.kind
        withdrawn, bonus = False, 0
        if kind not in counted:
            break
        streak += 1
    return streak


def _after_turn(state: GameState) -> GameState:
    """Recount zero turns; an automatic six-zero profile ends play on the sixth. A reported
    underdraw is made good by the next turn (DRAW-10), so its alert ends there; stray tiles
    settle (PLACE-10) and play stops once each player has moved after time was called."""
    state = settle_strays(drop_alert(drop_alert(state, "underdraw"), "out_of_order_draw"))
    if state.time_called is not None and not state.ending and both_moved_since(state, state.time_called):
        state = add_alert(replace(drop_alert(state, "time_called"), ending="director"), Alert(
            "time_over", "TIME-10", "time was called and each player has made one more turn: play is over",
            "stop the clocks; enter both racks (each player loses his own, END-03)"))
    streak = _zero_streak(state.history, state.profile.six_zero_counts)
    if streak != state.zero_turns:
        state = replace(state, zero_turns=streak)
    if (state.profile.six_zero_trigger == "automatic" and streak >= state.profile.six_zero_turns
            and not state.ending):
        state = replace(state, ending="six_zero")
        state = add_alert(state, Alert("six_zero", "SIXZ-02", f"{streak} consecutive zero turns: the game is over",
                                       "stop the clocks; enter both racks"))
    return state


def _take(rack: str | None, tiles: Iterable[str]) -> str | None:
    """The rack after taking these tiles out, or None if they are not all on it."""
    if rack is None:
        return None
    left = Counter(rack)
    want = Counter(tiles)
    if want - left:
        return None
    return "".join(sorted((left - want).elements()))


def _lock_designation(state: GameState) -> GameState:
    """The opponent's clock starts (or the play is held): the blanks are fixed (BLANK-01),
    and a blank still undesignated is an offence the director counts (BLANK-03)."""
    play = state.last_play
    if play is None or play.designation_locked:
        return state
    state = replace(state, last_play=replace(play, designation_locked=True))
    if play.judged or not any(state.board.at(sq) == BLANK for sq, _ in play.tiles):
        return state
    p = play.player
    offences = state.blank_offences[p] + 1
    state = replace(state, blank_offences=pair(state.blank_offences, p, offences))
    state = annotate(state, play.index, f"blank not designated before the opponent's clock started: "
                                         f"offence {offences} (BLANK-03)")
    if offences > 1:
        state = add_alert(state, Alert("blank_repeat", "BLANK-03",
                                       f"{state.players[p]}: blank not designated again (offence {offences})",
                                       "repeat - director may deduct 50 spread (NSA IV.J.3)", p))
    return state


TURN_ALERTS = ("missed_center", "blank_undesignated", "score_mismatch", "illegal_arrangement")  # end with the turn


def _clear_turn_alerts(state: GameState) -> GameState:
    for code in TURN_ALERTS:
        state = drop_alert(state, code)
    return state


def _score(state: GameState, event: ev.PlayMade) -> PlayScore | IrregularPlay:
    """The play's score; an illegal arrangement only when the players let it stand (PLACE-06)."""
    try:
        return score_play(state.board, event.tiles, state.tileset)
    except PlacementError as exc:
        if not (event.irregular and exc.code in IRREGULAR_CODES):
            raise RuleError(exc.code, exc.message, PLACEMENT_RULES.get(exc.code, "")) from None
        fault = exc.code
    try:
        return score_irregular(state.board, event.tiles, state.tileset, fault)
    except PlacementError as exc:
        raise RuleError(exc.code, exc.message, "PLACE-06") from None


# ----- turns ------------------------------------------------------------------------------


def _play(state: GameState, event: ev.PlayMade) -> GameState:
    require_turn(state, event.player)
    p = event.player
    ts = state.tileset
    for sq, letter in event.tiles:
        if not ts.is_letter(letter):
            raise RuleError("not_a_tile", f"{letter!r} on {sq} is not a tile of the {ts.name} set", "TILE-02")
    scored = _score(state, event)
    irregular = isinstance(scored, IrregularPlay)
    if isinstance(scored, IrregularPlay):
        main_part, put_down, fault = scored.main, scored.tiles, scored.fault
    else:
        main_part, put_down, fault = scored, scored.placement.tiles, ""
    main = main_part.main
    placed = tuple((square_name(sq), letter) for sq, letter in put_down)
    if len(placed) > state.rack_counts[p]:
        raise RuleError("not_enough_tiles", f"{len(placed)} tiles played from a rack of {state.rack_counts[p]}",
                        "TILE-03")
    played = Counter(ts.tile_of(letter) for _, letter in placed)
    on_board = "".join(state.board.cells)
    for tile, n in played.items():
        used = sum(1 for ch in on_board if ch == BLANK or ch.islower()) if tile == BLANK else on_board.count(tile)
        if used + n > ts.counts.get(tile, 0):
            raise RuleError("not_in_set", f"the {ts.name} set has no more {tile!r} tiles", "TILE-05")
    rack = known_rack(event.rack, ts)
    left = _take(rack, played.elements())
    drawn = min(len(placed), state.bag_count)
    racks_before = state.rack_counts
    misses_center = main_part.placement.misses_center
    last = LastPlay(len(state.history), p, placed, state.board, state.bag_count, racks_before)
    new = add_record(_lock_designation(state), p, "play", scored.total,
                     position=position_name(main.squares[0], main.across), word=main.word, tiles=placed,
                     words=scored.words, bingo=main_part.bingo,
                     misses_center=misses_center, rack=rack if left is not None else None,
                     announced=event.announced, irregular=fault)
    new = replace(
        new, board=state.board.place(placed), bag_count=state.bag_count - drawn,
        rack_counts=pair(racks_before, p, racks_before[p] - len(placed) + drawn),
        racks=pair(state.racks, p, left if drawn == 0 else None), drawn_last=pair(state.drawn_last, p, drawn),
        last_play=last, hold_by=None, to_move=other(p),
    )
    new = _clear_turn_alerts(new)
    if misses_center:
        new = add_alert(new, Alert("missed_center", "FIRST-05", "the first play does not cover the centre square",
                                   "it scores without the centre's double; the opponent may challenge it off"))
    if any(letter == BLANK for _, letter in placed):
        new = add_alert(new, Alert("blank_undesignated", "BLANK-03", "a blank was played without a letter",
                                   "designate the blank now", p))
    if event.announced is not None and event.announced != scored.total:
        new = add_alert(new, Alert(
            "score_mismatch", "SCORE-11", f"{state.players[p]} announced {event.announced}; the kiosk counts "
            f"{scored.total}", "recorded as counted; neutralize for a score check if disputed (not a challenge)", p))
    if isinstance(scored, IrregularPlay):
        in_main = {sq for sq, _ in scored.main.placement.tiles}
        loose = ", ".join(f"{letter} {square_name(sq)}" for sq, letter in scored.tiles if sq not in in_main)
        new = annotate(new, last.index, f"tiles outside the main word, scoring nothing: {loose} (PLACE-06)")
        new = add_alert(new, Alert("illegal_arrangement", "PLACE-06",
                                   f"the tiles do not spell one main word ({new.history[-1].irregular}): "
                                   f"the detached tiles score nothing",
                                   "the opponent may challenge the whole play off, whatever the words (CHAL-03)", p))
    if new.bag_count == 0 and new.rack_counts[p] == 0:
        new = replace(new, ending="out", out_player=p)
    return _after_turn(new)


def _pass(state: GameState, event: ev.Passed) -> GameState:
    p = event.player
    require_turn(state, p)
    rack = known_rack(event.rack, state.tileset)
    new = add_record(_lock_designation(state), p, "pass", 0, rack=rack)
    new = replace(_clear_turn_alerts(new), to_move=other(p), last_play=None, hold_by=None,
                  racks=pair(state.racks, p, rack or state.racks[p]))
    return _after_turn(new)


def _exchange(state: GameState, event: ev.Exchanged) -> GameState:
    p = event.player
    check_player(p)
    last = state.history[-1] if state.history else None
    if p != state.to_move and last is not None and last.kind == "exchange" and last.player == p:
        raise RuleError("exchange_final", f"{state.players[p]} has already pressed: the {last.count} tiles put "
                        "face down are the ones exchanged", "EXCH-05")
    require_turn(state, p)
    need = state.profile.min_bag_for_exchange
    if state.bag_count < need:
        raise RuleError("exchange_not_allowed",
                        f"exchange not allowed: {state.bag_count} tiles in the bag, at least {need} needed", "EXCH-02")
    if event.count < 1:
        raise RuleError("exchange_nothing", "an exchange of no tiles is a pass", "EXCH-06")
    if event.count > state.bag_count:
        raise RuleError("exchange_not_allowed",
                        f"cannot exchange {event.count}: only {state.bag_count} tiles in the bag", "EXCH-02")
    return _exchange_turn(state, event)


def _exchange_turn(state: GameState, event: ev.Exchanged | ev.ExchangeBelowMinimum, reason: str = "") -> GameState:
    p = event.player
    if event.count > state.rack_counts[p]:
        raise RuleError("not_enough_tiles", f"cannot exchange {event.count} from a rack of {state.rack_counts[p]}",
                        "EXCH-01")
    if event.tiles is not None and len(event.tiles) != event.count:
        raise RuleError("exchange_count_mismatch", f"{len(event.tiles)} tiles listed for an exchange of {event.count}",
                        "EXCH-04")
    new = add_record(_lock_designation(state), p, "exchange", 0, count=event.count, reason=reason,
                     rack=known_rack(event.rack, state.tileset), exchanged=known_rack(event.tiles, state.tileset))
    new = replace(_clear_turn_alerts(new), to_move=other(p), last_play=None, hold_by=None,
                  racks=pair(state.racks, p, None), drawn_last=pair(state.drawn_last, p, event.count))
    return _after_turn(new)


EXCHANGE_NOTICED = ("before_draw", "before_opponent_pressed", "later")


def _exchange_below_minimum(state: GameState, event: ev.ExchangeBelowMinimum) -> GameState:
    """An exchange the kiosk would refuse, made anyway; NSA IV.H.3 by when it was noticed (EXCH-10)."""
    p = event.player
    require_turn(state, p)
    bag, need = state.bag_count, max(1, state.profile.min_bag_for_exchange)
    if bag >= need:
        raise RuleError("exchange_allowed", f"{bag} tiles in the bag: enter an ordinary exchange", "EXCH-10")
    if event.noticed not in EXCHANGE_NOTICED:
        raise RuleError("bad_noticed", f"noticed must be one of {', '.join(EXCHANGE_NOTICED)}", "EXCH-10")
    if event.count < 1:
        raise RuleError("exchange_nothing", "an exchange of no tiles is a pass", "EXCH-06")
    what = f"exchange of {event.count} with {bag} in the bag"
    if event.noticed == "before_draw":
        if event.count > state.rack_counts[p]:
            raise RuleError("not_enough_tiles", f"cannot exchange {event.count} from a rack of {state.rack_counts[p]}",
                            "EXCH-01")
        rack = known_rack(event.rack, state.tileset)
        new = add_record(_lock_designation(state), p, "pass", 0, rack=rack,
                         reason=f"{what} noticed before the draw: turn lost, nothing exchanged (EXCH-10)")
        new = replace(_clear_turn_alerts(new), to_move=other(p), last_play=None, hold_by=None,
                      racks=pair(state.racks, p, rack or state.racks[p]))
        return _after_turn(new)
    if event.count > bag:
        raise RuleError("exchange_not_allowed", f"cannot exchange {event.count}: only {bag} tiles in the bag",
                        "EXCH-02")
    if event.noticed == "later":
        return _exchange_turn(state, event, f"{what}, noticed after the opponent's turn: no penalty (EXCH-10)")
    new = _exchange_turn(state, event, f"{what}: the opponent picks the tiles kept (EXCH-10)")
    me, opponent = state.players[p], state.players[other(p)]
    return add_alert(replace(new, exchange_pick=p), Alert(
        "exchange_pick", "EXCH-10", f"{me} exchanged with only {bag} tiles in the bag",
        f"neutralize the clocks; {opponent} looks at the {bag} pool tiles and {me}'s {new.rack_counts[p]} tiles "
        f"face up and within one minute chooses the {new.rack_counts[p]} {me} keeps; the rest go back; restart "
        f"{opponent}'s clock", other(p)))


def _exchange_picked(state: GameState, event: ev.ExchangePicked) -> GameState:
    p = event.player
    if state.exchange_pick != p:
        raise RuleError("no_exchange_pick", "no exchange is waiting for the opponent's pick", "EXCH-10")
    rack = event.rack
    if rack is not None and (known_rack(rack, state.tileset) is None or len(rack) != state.rack_counts[p]):
        raise RuleError("bad_rack", f"{rack!r} is not {state.rack_counts[p]} tiles of the {state.tileset.name} set",
                        "EXCH-10")
    index = max(i for i, t in enumerate(state.history) if t.kind == "exchange" and t.player == p)
    picked = f": {rack}" if rack else ""
    chooser, keeper = state.players[other(p)], state.players[p]
    new = annotate(state, index, f"{chooser} chose the tiles {keeper} keeps{picked} (EXCH-10)")
    new = replace(new, exchange_pick=None, racks=pair(state.racks, p, rack) if rack else state.racks)
    return drop_alert(new, "exchange_pick")


# ----- blanks -------------------------------------------------------------------------------


def _designate(state: GameState, event: ev.BlankDesignated) -> GameState:
    check_player(event.player)
    try:
        sq = parse_square(event.square)
    except ValueError as exc:
        raise RuleError("bad_square", str(exc)) from None
    letter = event.letter
    if not (len(letter) == 1 and letter.isalpha() and letter.upper() in state.tileset.counts):
        raise RuleError("not_a_tile", f"a blank cannot be {letter!r} in the {state.tileset.name} set", "BLANK-01")
    on_board = state.board.cells[sq[0]][sq[1]]
    name = square_name(sq)
    if on_board != BLANK and not on_board.islower():
        raise RuleError("not_a_blank", f"{name} does not hold a blank", "BLANK-01")
    play = state.last_play
    in_last = play is not None and any(s == name for s, _ in play.tiles)
    if on_board != BLANK:
        if not in_last or play is None or play.player != event.player:
            raise RuleError("blank_locked", f"the blank on {name} was designated on an earlier turn", "BLANK-01")
        if play.designation_locked:
            raise RuleError("blank_locked", f"the blank on {name} is fixed: the opponent's clock has started",
                            "BLANK-01")
    letter = letter.lower()
    new = replace(state, board=state.board.place([(name, letter)]))
    index = play.index if in_last and play is not None else next(
        (i for i in range(len(state.history) - 1, -1, -1)
         if state.history[i].kind == "play" and any(s == name for s, _ in state.history[i].tiles)), None)
    if index is not None:
        new = replace(new, history=tuple(_redesignate(t, sq, name, letter) if i == index else t
                                         for i, t in enumerate(new.history)))
    if in_last and play is not None:
        new = replace(new, last_play=replace(play, tiles=tuple((s, letter if s == name else l) for s, l in play.tiles)))
    if not any(ch == BLANK for row in new.board.cells for ch in row):
        new = drop_alert(new, "blank_undesignated")
    return new


def _redesignate(turn: Turn, sq: tuple[int, int], name: str, letter: str) -> Turn:
    def word(w: WordScore) -> WordScore:
        if sq not in w.squares:
            return w
        i = w.squares.index(sq)
        return replace(w, word=w.word[:i] + letter + w.word[i + 1:])

    words = tuple(word(w) for w in turn.words)
    return replace(turn, tiles=tuple((s, letter if s == name else l) for s, l in turn.tiles), words=words,
                   word=words[0].word if words else turn.word)


# ----- challenges ---------------------------------------------------------------------------


def _hold(state: GameState, event: ev.HoldPlaced) -> GameState:
    check_player(event.player)
    play = state.last_play
    if play is None or play.judged or play.player == event.player or state.finished:
        raise RuleError("nothing_to_hold", "there is no opponent's play to hold", "CHAL-04")
    return _lock_designation(replace(state, hold_by=event.player))


def _challenge(state: GameState, event: ev.ChallengeMade) -> GameState:
    check_player(event.challenger)
    play = state.last_play
    last_turn_after_time = state.time_called is not None and state.ending == "director"
    if state.finished or (state.ending not in ("", "out") and not last_turn_after_time):
        raise RuleError("game_over", "the game is over")
    if state.challenge is not None:
        raise RuleError("challenge_pending", "a challenge is already waiting for its verdict", "CHAL-11")
    if play is None or play.judged:
        raise RuleError("nothing_to_challenge", "only the words of the play just made can be challenged", "CHAL-02")
    if play.player == event.challenger:
        raise RuleError("own_play", "a player cannot challenge his own play", "CHAL-02")
    formed = state.challengeable_words
    listed = tuple(w.upper() for w in event.words)
    stray = [w for w in listed if w not in formed]
    if stray:
        raise RuleError("word_not_formed", f"{stray[0]} was not formed by the last play (formed: {', '.join(formed)})",
                        "CHAL-02")
    return _lock_designation(replace(state, challenge=Challenge(event.challenger, listed)))


def _withdrawn_challenge(state: GameState, event: ev.ChallengeWithdrawn) -> GameState:
    """Only a challenge of a play that designated a blank may be taken back (NSA X.D, IV.J.2)."""
    challenge, play = state.challenge, state.last_play
    if challenge is None or play is None or challenge.challenger != event.challenger:
        raise RuleError("no_challenge", "this player has no challenge waiting for a verdict", "CHAL-11")
    if not any(letter.islower() for _, letter in play.tiles):
        raise RuleError("challenge_binding", "a challenge once made is judged; only one that came from misreading "
                                             "a blank designated on that turn may be withdrawn", "BLANK-04")
    state = replace(state, challenge=None, hold_by=None, last_play=replace(play, judged=True))
    return annotate(state, play.index, f"{state.players[event.challenger]} withdrew the challenge after the blank's "
                                       f"letter was shown: no penalty (BLANK-04)")


def _judged(state: GameState, event: ev.ChallengeJudged) -> GameState:
    challenge, play = state.challenge, state.last_play
    if challenge is None or play is None:
        raise RuleError("no_challenge", "no challenge is waiting for a verdict", "CHAL-11")
    state = replace(state, challenge=None, hold_by=None, last_play=replace(play, judged=True, designation_locked=True))
    record = state.history[play.index]
    if not event.acceptable:  # the play comes off and scores 0 (CHAL-12)
        return _withdraw(state, play)
    state = replace(state, history=tuple(replace(t, challenged=True) if i == play.index else t
                                         for i, t in enumerate(state.history)))
    c = challenge.challenger
    listed = challenge.words or tuple(w.word for w in record.words)  # () challenges every word formed
    cost = unsuccessful_challenge_cost(state.profile, len(listed), state.wrong_challenges[c])
    state = replace(state, wrong_challenges=pair(state.wrong_challenges, c, state.wrong_challenges[c] + 1))
    if state.free_challenges[c] and cost != FREE:  # the director's free challenge is used up (CHAL-16)
        cost = FREE
        state = replace(state, free_challenges=pair(state.free_challenges, c, state.free_challenges[c] - 1))
        state = annotate(state, play.index, f"{state.players[c]}'s free challenge used (CHAL-16)")
    if cost.bonus_to_player:
        state = add_record(state, play.player, "challenge_bonus", cost.bonus_to_player,
                           reason=f"unsuccessful challenge of {len(listed)} word(s)")
    if cost.penalty_to_challenger:
        state = add_record(state, c, "challenge_penalty", -cost.penalty_to_challenger, reason="unsuccessful challenge")
    if cost.loses_turn:
        state = add_record(state, c, "lost_challenge", 0)
        state = replace(state, to_move=play.player)
    return _after_turn(state)


def _withdraw(state: GameState, play: LastPlay) -> GameState:
    """The play comes off the board and scores 0; its tiles go back to the rack."""
    record = state.history[play.index]
    new = add_record(state, play.player, "withdrawn", -record.score)
    new = replace(new, board=play.board_before, bag_count=play.bag_before, rack_counts=play.racks_before,
                  racks=pair(new.racks, play.player, record.rack), drawn_last=pair(new.drawn_last, play.player, 0))
    if new.ending == "out":
        new = replace(new, ending="", out_player=None)
    return _after_turn(_clear_turn_alerts(new))


def _false_blank(state: GameState, event: ev.FalseBlank) -> GameState:
    """A lettered tile played as a blank: found before the next turn, the play comes off;
    found later, it stays a blank worth 0 with no penalty (BLANK-06, NSA IV.J.4, MSA 9.2)."""
    try:
        sq = square_name(parse_square(event.square))
    except ValueError as exc:
        raise RuleError("bad_square", str(exc)) from None
    on_board = state.board.at(sq)
    if on_board != BLANK and not on_board.islower():
        raise RuleError("not_a_blank", f"{sq} does not hold a blank", "BLANK-06")
    tile = event.tile.upper()
    if tile == BLANK or state.tileset.counts.get(tile, 0) < 1:
        raise RuleError("not_a_tile", f"{event.tile!r} is not a lettered tile of the {state.tileset.name} set",
                        "BLANK-06")
    if state.challenge is not None:
        raise RuleError("challenge_pending", "a challenge is waiting for its verdict", "CHAL-11")
    play = state.last_play
    if play is not None and not play.judged and any(s == sq for s, _ in play.tiles) and not state.finished:
        state = replace(state, last_play=replace(play, judged=True, designation_locked=True), hold_by=None)
        state = annotate(state, play.index, f"{tile} played as a blank on {sq}: the play comes off (BLANK-06)")
        return _withdraw(state, play)
    counts = {t: n + (t == BLANK) - (t == tile) for t, n in state.tileset.counts.items()}
    state = replace(state, tileset=state.tileset.with_counts(state.tileset.name, counts))
    return add_note(state, f"the blank on {sq} is a {tile}: it stays a blank worth 0 (BLANK-06)")


def _bonus(state: GameState, event: ev.ChallengeBonus) -> GameState:
    check_player(event.player)
    return add_record(state, event.player, "challenge_bonus", event.points)


# ----- draws --------------------------------------------------------------------------------


def _overdraw(state: GameState, event: ev.OverdrawReported) -> GameState:
    p = event.player
    check_player(p)
    if any(o.player == p for o in state.overdraws):
        raise RuleError("overdraw_open", "this overdraw is already being resolved", "DRAW-09")
    excess = event.tiles_seen - state.rack_counts[p]
    if excess <= 0:
        raise RuleError("not_an_overdraw", f"{event.tiles_seen} tiles is not more than the {state.rack_counts[p]} due",
                        "DRAW-09")
    if excess > state.bag_count:
        raise RuleError("not_an_overdraw", f"{excess} extra tiles but the bag holds only {state.bag_count}", "DRAW-09")
    found_by_opponent = event.found_by is not None and event.found_by != p
    fix = overdraw_fix(state.profile, excess, event.tiles_seen, event.mixed, found_by_opponent,
                       state.bag_count + state.drawn_last[p], state.players[p], state.players[other(p)])
    new = replace(state, rack_counts=pair(state.rack_counts, p, event.tiles_seen),
                  bag_count=state.bag_count - excess, overdraws=state.overdraws + (Overdraw(p, fix),))
    return add_alert(new, Alert("overdraw", fix.rule, f"{state.players[p]}: {event.tiles_seen} tiles on the rack, "
                                                      f"{excess} too many", fix.instructions, p))


def _overdraw_resolved(state: GameState, event: ev.OverdrawResolved) -> GameState:
    p = event.player
    open_ = next((o for o in state.overdraws if o.player == p), None)
    if open_ is None:
        raise RuleError("no_overdraw", "no overdraw is open for this player", "DRAW-09")
    new = replace(state, rack_counts=pair(state.rack_counts, p, state.rack_counts[p] - open_.fix.excess),
                  bag_count=state.bag_count + open_.fix.excess,
                  overdraws=tuple(o for o in state.overdraws if o.player != p))
    return drop_alert(new, "overdraw", p)


def _underdraw(state: GameState, event: ev.UnderdrawReported) -> GameState:
    p = event.player
    check_player(p)
    missing = state.rack_counts[p] - event.tiles_seen
    if missing <= 0:
        raise RuleError("not_an_underdraw", f"{event.tiles_seen} tiles is not fewer than the {state.rack_counts[p]} due",
                        "DRAW-10")
    own = [i for i, t in enumerate(state.history) if t.player == p and t.kind in ("play", "exchange")]
    drew_since = any(t.player == other(p) and t.kind in ("play", "exchange")
                     for t in state.history[(own[-1] + 1 if own else 0):])
    fix = underdraw_fix(missing, state.bag_count, state.players[p], state.players[other(p)], drew_since)
    return add_alert(state, Alert("underdraw", fix.rule, f"{state.players[p]}: {event.tiles_seen} tiles on the rack, "
                                                         f"{missing} short", fix.instructions, p))


# ----- end of game ----------------------------------------------------------------------------


def _six_zero(state: GameState, event: ev.SixZeroInvoked) -> GameState:
    check_player(event.player)
    if state.finished or state.ending:
        raise RuleError("game_over", "the game is over")
    if state.profile.six_zero_trigger == "none":
        raise RuleError("no_six_zero", f"the {state.profile.name} rules have no six-zero ending", "SIXZ-02")
    if state.challenge is not None:
        raise RuleError("challenge_pending", "a challenge is waiting for its verdict", "CHAL-11")
    if state.zero_turns < state.profile.six_zero_turns:
        raise RuleError("six_zero_too_early",
                        f"only {state.zero_turns} consecutive zero turns; {state.profile.six_zero_turns} needed",
                        "SIXZ-05")
    return replace(state, ending="six_zero")


def _end_racks(state: GameState, entered: tuple[str | None, str | None]) -> tuple[str | None, str | None]:
    """Each rack left at the end: as entered, else derived from board + set when the bag
    is empty (END-07), else as known from the record; None when it cannot be known."""
    unseen = state.unseen()

    def fits(rack: str | None) -> bool:
        return rack is not None and not Counter(state.tileset.tile_of(t) for t in rack) - unseen

    racks = list(entered)
    for i, rack in enumerate(racks):
        if rack is not None and any(not state.tileset.is_letter(t) for t in rack):
            raise RuleError("not_a_tile", f"rack {rack!r} holds a letter not in the {state.tileset.name} set", "END-07")
    if state.bag_count == 0:
        for i in (0, 1):
            if racks[i] is None and state.rack_counts[i] == 0:
                racks[i] = ""
        for i in (0, 1):
            other_rack = racks[1 - i]
            if racks[i] is None and other_rack is not None:
                rest = unseen - Counter(state.tileset.tile_of(t) for t in other_rack)
                racks[i] = "".join(sorted(rest.elements()))
    for i in (0, 1):
        known = state.racks[i]
        if racks[i] is None and known is not None and fits(known) and len(known) == state.rack_counts[i]:
            racks[i] = known
    return racks[0], racks[1]


def _ended(state: GameState, event: ev.GameEnded) -> GameState:
    reason = event.reason
    if reason not in END_REASONS:
        raise RuleError("bad_reason", f"unknown end reason {reason!r}; one of {', '.join(END_REASONS)}")
    if state.finished:
        if reason == "overtime_forfeit" and state.forfeiting is not None:
            return state
        raise RuleError("game_over", "the game has already ended")
    if state.challenge is not None:
        raise RuleError("challenge_pending", "a challenge is waiting for its verdict", "CHAL-11")
    out = None
    if reason == "out":
        out = state.out_player
        if out is None:
            raise RuleError("nobody_out", "no player has gone out", "END-01")
    elif reason == "six_zero" and state.ending != "six_zero" and state.zero_turns < state.profile.six_zero_turns:
        raise RuleError("six_zero_too_early", f"only {state.zero_turns} consecutive zero turns", "SIXZ-05")
    elif reason == "overtime_forfeit":
        raise RuleError("no_forfeit", "no player has forfeited on time", "TIME-05")
    racks = _end_racks(state, pair(event.racks, out, "") if out is not None else event.racks)
    for value in event.rack_values:
        if value is not None and value < 0:
            raise RuleError("bad_rack_value", f"a rack's value is 0 or more, not {value}", "END-03")
    values = (None if racks[0] is None else state.tileset.rack_value(racks[0].upper()),
              None if racks[1] is None else state.tileset.rack_value(racks[1].upper()))
    values = (event.rack_values[0] if values[0] is None else values[0],
              event.rack_values[1] if values[1] is None else values[1])
    before = state.scores
    state = replace(state, ending=state.ending or reason)
    for player, points in rack_adjustments(state.profile, out, values):
        counted = racks[player] if out is None else racks[1 - out]
        state = add_record(state, player, "end_rack", points, rack=counted, reason=reason)
    for player, value in enumerate(values):
        if value is None:
            state = add_alert(state, Alert("rack_unknown", "END-07", f"{state.players[player]}'s rack was not entered",
                                           "no adjustment was made for it; a director may correct the score",
                                           player))
    return _finish(replace(state, before_adjustment=before))


def _finish(state: GameState) -> GameState:
    if state.abandoned_by is not None:
        return replace(state, finished=True, result=abandoned(state.scores, state.abandoned_by, state.spread_penalties))
    result = decide(state.profile, state.scores, state.before_adjustment or state.scores, state.first,
                    state.forfeiting, state.spread_penalties)
    return replace(state, finished=True, result=result)


def _abandoned(state: GameState, event: ev.GameAbandoned) -> GameState:
    check_player(event.player)
    if state.finished:
        raise RuleError("game_over", "the game has already ended")
    state = replace(state, ending="abandoned", abandoned_by=event.player, challenge=None, before_adjustment=state.scores)
    return _finish(state)


def _forfeit(state: GameState, event: ev.OvertimeForfeit) -> GameState:
    """More than the maximum overtime: -deduction, the opponent wins by at least one (TIME-05)."""
    f = event.player
    check_player(f)
    if state.finished:
        raise RuleError("game_over", "the game has already ended")
    if state.profile.max_overtime_s is None:
        raise RuleError("no_max_overtime", f"the {state.profile.name} rules set no maximum overtime", "TIME-05")
    before = state.scores
    state = add_record(state, f, "overtime_forfeit", -state.profile.max_overtime_deduction,
                       reason="more than the maximum overtime")
    state = replace(state, ending="overtime_forfeit", forfeiting=f, challenge=None, before_adjustment=before)
    return _finish(_win_by_one(state))


def _win_by_one(state: GameState) -> GameState:
    f = state.forfeiting
    if f is None:
        return state
    o = other(f)
    if state.scores[o] <= state.scores[f]:
        state = add_record(state, o, "overtime_forfeit", state.scores[f] + 1 - state.scores[o],
                           reason="raised to win by one point")
    return state


def _time_penalty(state: GameState, event: ev.TimePenalty) -> GameState:
    p = event.player
    check_player(p)
    _require_unsigned(state)
    if p == state.forfeiting:  # the forfeit's deduction replaces the per-minute penalty (TIME-05)
        return add_record(state, p, "time_penalty", 0, reason=f"replaced by the overtime forfeit ({event.points})")
    state = add_record(state, p, "time_penalty", -event.points,
                       reason="" if event.overtime_s is None else f"{event.overtime_s} s over")
    state = _win_by_one(state)
    return _finish(state) if state.finished else state


def _require_unsigned(state: GameState) -> None:
    if state.signed:
        raise RuleError("result_final", "the result slip is signed and handed in: the score stands as signed",
                        "RES-02")


def _signed(state: GameState, event: ev.ResultSigned) -> GameState:
    if not state.finished:
        raise RuleError("not_finished", "a result slip is signed only after the game has ended", "RES-02")
    _require_unsigned(state)
    return replace(state, signed=True)


def _correction(state: GameState, event: ev.Correction) -> GameState:
    p = event.player
    check_player(p)
    _require_unsigned(state)
    if event.spread_only:
        state = replace(state, spread_penalties=pair(state.spread_penalties, p,
                                                     state.spread_penalties[p] - event.score_delta))
        state = add_record(state, p, "spread_penalty", 0,
                           reason=f"{event.by}: {event.reason} ({event.score_delta:+d} spread)")
    else:
        state = add_record(state, p, "correction", event.score_delta, reason=f"{event.by}: {event.reason}")
    return _finish(state) if state.finished else state


def _note(state: GameState, event: ev.Note) -> GameState:
    return add_note(state, event.text)
    last = state.history[-1]
    return replace(state, history=state.history[:-1] + (replace(last, notes=last.notes + (event.text,)),))


def _clock_pressed(state: GameState, event: ev.ClockPressed) -> GameState:
    check_player(event.player)
    if state.last_play is not None and state.last_play.player == event.player:
        return _lock_designation(state)  # the opponent's clock starts: the designation is fixed (BLANK-01)
    return state


def _clock_only(state: GameState, event: ev.ClockPaused | ev.ClockResumed | ev.DowntimeCharged) -> GameState:
    """Clock facts for the journal; the clock itself (kiosk.clock) keeps the times."""
    if isinstance(event, ev.DowntimeCharged):
        check_player(event.player)
        if event.seconds < 0:
            raise RuleError("negative_time", "downtime charged must not be negative")
    return state


def _started(state: GameState, event: ev.GameStarted) -> GameState:
    raise RuleError("already_started", "the game has already started")


_HANDLERS: dict[type, Callable[[GameState, Any], GameState]] = {
    ev.GameStarted: _started, ev.PlayMade: _play, ev.BlankDesignated: _designate, ev.Passed: _pass,
    ev.Exchanged: _exchange, ev.HoldPlaced: _hold, ev.ChallengeMade: _challenge, ev.ChallengeJudged: _judged,
    ev.ChallengeBonus: _bonus, ev.OverdrawReported: _overdraw, ev.OverdrawResolved: _overdraw_resolved,
    ev.UnderdrawReported: _underdraw, ev.SixZeroInvoked: _six_zero, ev.GameEnded: _ended,
    ev.TimePenalty: _time_penalty, ev.OvertimeForfeit: _forfeit, ev.Correction: _correction, ev.Note: _note,
    ev.ClockPressed: _clock_pressed, ev.ClockPaused: _clock_only, ev.ClockResumed: _clock_only,
    ev.DowntimeCharged: _clock_only, ev.ResultSigned: _signed,
    ev.ExchangeBelowMinimum: _exchange_below_minimum, ev.ExchangePicked: _exchange_picked,
    ev.ChallengeWithdrawn: _withdrawn_challenge, ev.FalseBlank: _false_blank, ev.GameAbandoned: _abandoned, **MISHAP_HANDLERS,
}
