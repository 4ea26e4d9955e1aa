"""From the app's state to the ScreenModel the display draws. Pure: reads, never changes."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from kiosk.board_diff import SIZE
from kiosk.display.model import (
    Alert,
    BlankPrompt,
    BoardView,
    ButtonHint,
    ChallengeView,
    ClockView,
    LastPlay,
    LetterPremium,
    PlayerView,
    Prompt,
    Recovered,
    Result,
    ResultLine,
    ScreenModel,
    Status,
    Verdict,
    MenuView,
    RackEntryView,
    StartSetup,
    Waiting,
    WordBreakdown,
)
from kiosk.rack_watch import drawn_due_text
from kiosk.rules.board import letter_multiplier, parse_square
from kiosk.rules.timing import clock_text

if TYPE_CHECKING:
    from kiosk.app import KioskApp
    from kiosk.turn_prompts import Pending


def _clock(app: KioskApp, player: int, t: float) -> ClockView:
    clock = app.clock
    return ClockView(clock.text(player, t), clock.running(t) == player, clock.remaining(player, t) <= -1.0)


def _player(app: KioskApp, player: int, t: float) -> PlayerView:
    """A player's panel: name, score, clock, and while the game is played the rack as the camera
    last saw it (kiosk.rack_questions: its count, or why none; nothing without rack zones)."""
    view = PlayerView(app.setup.players[player], int(app.state.scores[player]), _clock(app, player, t))
    seen = app.racks.sight.get(player)
    if seen is None or app.phase in ("rack_entry", "result", "done"):
        return view
    return replace(view, rack_tiles=seen.count, rack_unknown=seen.unknown)


def _square(name: str) -> tuple[int, int]:
    return parse_square(name)


TURN_KINDS = ("play", "pass", "exchange", "lost_challenge", "withdrawn", "challenge_penalty")


def _last_play(app: KioskApp) -> LastPlay | None:
    """The last turn as the players know it: a play with its breakdown, a pass, an
    exchange, a play challenged off (0 for the turn), a challenge lost."""
    history = [turn for turn in app.state.history if turn.kind in TURN_KINDS]
    if not history:
        return None
    turn = history[-1]
    if turn.kind == "withdrawn" and not turn.word:   # name the play that came off: its own record
        taken = [t for t in history[:-1] if t.kind == "play" and t.player == turn.player]
        if taken:
            turn = replace(turn, position=taken[-1].position, word=taken[-1].word)
    names = app.setup.players
    kind = str(turn.kind)
    who = names[int(turn.player)]
    if kind == "exchange":
        return LastPlay(who, kind="exchange", exchanged=int(turn.count or 0))
    if kind == "pass":
        return LastPlay(who, kind="pass")
    if kind == "withdrawn":   # the play came off: its record is the reversal (-score); the turn scores 0
        return LastPlay(who, turn.position, turn.word, kind="challenged_off", total=0)
    if kind in ("lost_challenge", "challenge_penalty"):
        return LastPlay(who, kind="lost_challenge", total=int(turn.score))
    words = []
    placed = {_square(sq) for sq, _ in turn.tiles}
    for w in turn.words or ():
        premiums = tuple(
            LetterPremium(letter, letter_multiplier(sq))
            for sq, letter in zip(w.squares, w.word)
            if sq in placed and letter_multiplier(sq) > 1 and not letter.islower()
        )
        words.append(WordBreakdown(w.word, w.score, w.letter_sum, w.word_multiplier, premiums))
    return LastPlay(who, turn.position, turn.word, tuple(words), int(turn.bingo or 0), int(turn.score))


def _alerts(app: KioskApp, t: float) -> tuple[Alert, ...]:
    out = list(app.alerts.views(app.state, app.setup.players, app.rack_values_entered))
    for p in (0, 1):
        over = app.clock.overtime(p, t)
        if over > 0:
            rules = app.clock.rules
            limit = f"; more than {rules.max_overtime_s // 60} minutes over ends the game" if rules.max_overtime_s else ""
            out.append(Alert("Overtime", "TIME-03", f"{rules.points_per_minute} points off per minute or part{limit}",
                             app.setup.players[p]))
    return tuple(out)


def _board(app: KioskApp) -> BoardView:
    rows = tuple(app.board_rows())
    head = app.pending[0] if app.pending else None
    highlight: frozenset[tuple[int, int]] = frozenset()
    doubtful: frozenset[tuple[int, int]] = frozenset()
    if head is not None and head.stage in ("confirm", "blank") and head.read is not None:
        grid = [list(r) for r in rows]
        for sq, letter in head.proposed:
            r, c = _square(sq)
            grid[r][c] = head.designated.get(sq, letter) if letter == "?" else letter
        rows = tuple("".join(r) for r in grid)
        highlight = frozenset(_square(sq) for sq, _ in head.proposed)
        doubtful = frozenset(head.read.doubtful) if head.stage == "confirm" else frozenset()
    else:
        history = app.state.history
        if history and history[-1].kind == "play":
            highlight = frozenset(_square(sq) for sq, _ in history[-1].tiles)
            highlight = frozenset(sq for sq in highlight if rows[sq[0]][sq[1]] != ".")
    assert len(rows) == SIZE
    return BoardView(rows, highlight, doubtful)


def _head_screen(app: KioskApp, head: Pending, t: float) -> dict[str, Any]:
    name = app.setup.players[head.player]
    if head.stage == "reading":
        if head.waiting_since is not None and t - head.waiting_since >= app.settings.view_wait_s:
            waited = int(t - head.waiting_since)
            out: dict = {"screen": "waiting", "waiting": Waiting(head.waiting_reason, "Clear the board so the camera sees it",
                                                                 f"{waited // 60}:{waited % 60:02d}")}
            if head.unsettled is not None:
                out["prompt"] = Prompt("Is the board clear?", (ButtonHint("CONFIRM", "read it as it is; check marked squares"),))
            return out
        return {}
    if head.stage == "confirm":
        reasons = "; ".join(([head.refused] if head.refused else []) + (list(head.read.reasons) if head.read is not None else []))
        return {"screen": "confirm_read", "prompt": Prompt(
            f"{name}'s play: please check the marked squares. {reasons}".strip(),
            (ButtonHint("CONFIRM", "the board is right"), ButtonHint("CANCEL", "fix the tiles, read again")))}
    if head.stage == "no_change":
        return {"screen": "game", "prompt": Prompt(
            f"{name}: no new tiles on the board.",
            (ButtonHint("CONFIRM", "pass"), ButtonHint("CANCEL", "exchange")))}
    if head.stage == "exchange":
        return {"screen": "game", "prompt": Prompt(
            f"{name} exchanges {head.exchange_count} tiles",
            (ButtonHint("PAUSE", "fewer"), ButtonHint("CHALLENGE", "more"), ButtonHint("CONFIRM", "exchange"),
             ButtonHint("CANCEL", "back")))}
    if head.stage == "blank":
        square = head.blank_squares[len(head.designated)]
        return {"screen": "blank_prompt",
                "blank": BlankPrompt(square, tuple(head.blank_offers), head.blank_cursor),
                "prompt": Prompt(f"{name}: which letter is the blank on {square}?",
                                 (ButtonHint("PAUSE", "previous"), ButtonHint("CHALLENGE", "next"),
                                  ButtonHint("CONFIRM", "choose")))}
    return {}


def _result(app: KioskApp) -> Result:
    state = app.state
    names = app.setup.players
    scores = state.scores
    racks, penalties = [0, 0], [0, 0]
    for turn in state.history:
        if turn.kind == "end_rack":
            racks[turn.player] += turn.score
        elif turn.kind == "time_penalty":
            penalties[turn.player] -= turn.score
        elif turn.kind == "correction" and "unplayed tiles" in turn.reason:
            racks[turn.player] += turn.score   # a value entered at the table (SIXZ-04, END-03)
    final = state.result
    winner = final.winner if final is not None else None
    lines = tuple(
        ResultLine(names[p], scores[p] - racks[p] + penalties[p], racks[p], penalties[p], scores[p],
                   p in app.result_confirmed)
        for p in (0, 1)
    )
    reasons = {"out": "went out", "six_zero": "six zero-score turns", "director": "ended by the director",
               "overtime_forfeit": "overtime forfeit", "stuck": "both players stuck",
               "abandoned": "a player forfeited"}
    return Result(lines, names[winner] if winner is not None else None, reasons.get(state.ending, state.ending),
                  app.save_problem() or "")


def _lexicon_label(name: str) -> str:
    if name == "none":
        return "none (no challenges by the kiosk)"
    if name == "default":
        return "bundled"
    return name.replace("\\", "/").rsplit("/", 1)[-1]


def _start_screen(app: KioskApp) -> dict[str, Any]:
    """The start screen: the names (from the config, the club's list or tiles on the board),
    the rules and the tile set, who goes first."""
    first = app.setup.first
    names = app.setup.players
    setup = StartSetup(f"{app.profile.title} · tiles: {app.tileset.name}", _lexicon_label(app.setup.lexicon), first)
    extra: dict[str, Any] = {"screen": "start", "start": setup}
    picker, offer = app.names.picker, app.names_offered()
    if picker is not None:
        extra["start"] = replace(setup, choosing=picker.slot, choices=picker.choices, cursor=picker.cursor,
                                 chosen=picker.chosen,
                                 editing=f"player{picker.slot + 1}")
        extra["prompt"] = Prompt("", (ButtonHint("PAUSE", "up"), ButtonHint("CHALLENGE", "down"),
                                      ButtonHint("CONFIRM", "choose"),
                                      ButtonHint("CANCEL", "back" if picker.slot else "keep the names")))
    elif offer is not None:
        extra["start"] = replace(setup, names_read=offer.names, names_doubtful=offer.doubtful)
        check = "Some letters were hard to read: check the names. " if offer.doubtful else ""
        extra["prompt"] = Prompt(f"{check}Take the tiles off the board before the first press.",
                                 (ButtonHint("CONFIRM", f"play as {offer.names[0]} and {offer.names[1]}"),
                                  ButtonHint("CANCEL", f"keep {names[0]} and {names[1]}")))
    elif app.start_deferred:
        hints: tuple[ButtonHint, ...] = (ButtonHint("CHALLENGE", f"{names[1 - first]} won the draw"),)
        if app.names_choosable():
            hints += (ButtonHint("CONFIRM", "names from the club's list"),)
        extra["prompt"] = Prompt("", hints)
    return extra


def build_screen(app: KioskApp) -> ScreenModel:
    t = app.now()
    state = app.state
    players = (_player(app, 0, t), _player(app, 1, t))
    running = app.clock.running(t)
    if running is None and app.pending:   # clocks stopped while a pressed turn is read: the opponent is to play
        running = 1 - app.pending[-1].player
    common: dict[str, Any] = dict(
        players=players,
        to_move=None if app.phase in ("rack_entry", "result", "done") else
        running if running is not None else state.to_move,
        clocks_neutralized=app.clock.neutralized_reason is not None,
        bag_count=state.bag_count,
        board=_board(app),
        last_play=_last_play(app),
        alerts=_alerts(app, t),
        status=Status(not app.camera_problem,
                      app.camera_problem or ("camera ok" if app.camera_seen else "camera: no picture yet"),
                      f"{app.profile.title} · {app.tileset.name}", app.camera_seen),
    )
    head = app.pending[0] if app.pending else None
    extra: dict[str, Any] = {}
    problem = app.save_problem()
    if problem:
        common["alerts"] = (Alert("Cannot save", "", problem),) + common["alerts"]
    notice = app.save_notice()
    if notice:
        common["alerts"] = (Alert("Games folder", "", notice),) + common["alerts"]
    if app.warnings_unacknowledged:
        common["alerts"] = tuple(Alert("Setting not used", "", "a player or director presses CONFIRM once seen",
                                       "", w) for w in app.warnings_unacknowledged) + common["alerts"]
    if app.menu is not None:
        names = app.setup.players
        labels = tuple(str(item).replace("player 1", names[0]).replace("Player 1", names[0])
                       .replace("player 2", names[1]).replace("Player 2", names[1]) for item in app.menu.items)
        confirming = str(app.menu.confirming or "")
        confirming = confirming.replace("Player 1", names[0]).replace("Player 2", names[1])
        extra = {"screen": "menu", "menu": MenuView(labels, app.menu.cursor, confirming),
                 "prompt": Prompt("", (ButtonHint("CONFIRM", "yes, do it"), ButtonHint("CANCEL", "back")) if confirming
                                  else (ButtonHint("PAUSE", "up"), ButtonHint("CHALLENGE", "down"),
                                        ButtonHint("CONFIRM", "choose"), ButtonHint("CANCEL", "close")))}
    elif app.phase == "rack_entry" and app.rack_entry is not None:
        entry = app.rack_entry
        names = app.setup.players
        done = tuple(f"{names[p]}: {entry.values[p]}" for p in entry.players if entry.values[p] is not None
                     and p != entry.player)
        reasons = {"six_zero": "six zero-score turns", "director": "ended by the director",
                   "stuck": "both players stuck"}
        extra = {"screen": "rack_entry",
                 "tiles_left": RackEntryView(names[entry.player], entry.value, done,
                                             reasons.get(entry.reason, entry.reason)),
                 "prompt": Prompt("Count the tiles left on the rack; each player's own value comes off their score",
                                  (ButtonHint("PAUSE", "-1 (hold -10)"), ButtonHint("CHALLENGE", "+1 (hold +10)"),
                                   ButtonHint("CONFIRM", "done")))}
    elif app.phase == "start" and head is None and app.recovered is None:
        extra = _start_screen(app)
    elif app.recovered is not None and t < app.recovered.until:
        extra = {"screen": "recovered", "recovered": Recovered(app.recovered.time_lost_text(), app.recovered.events,
                                                                app.recovered.damage)}
        lost = ("The time lost is on neither clock; a director may charge it: PAUSE, then CONFIRM. "
                if app.unsettled_downtime is not None else "")
        extra["prompt"] = Prompt(lost + "Any button continues the game where it stood.")
    elif app.phase in ("result", "done"):
        extra = {"screen": "result", "result": _result(app)}
        if app.phase == "result":
            extra["prompt"] = Prompt("Both players: press your clock button to confirm the result")
    elif head is not None:
        extra = _head_screen(app, head, t)
    elif app.phase == "challenge" and app.verdict is not None:
        extra = {"screen": "verdict", "verdict": Verdict(app.verdict.acceptable, app.challenged_player_name(),
                                                         app.verdict_consequence()),
                 "prompt": Prompt("", (ButtonHint("CONFIRM", "continue"),))}
    elif app.rack_question is not None:
        q = app.rack_question
        name = app.setup.players[q.player]
        question = (f"The camera counts {q.seen} tiles on {name}'s rack: overdrawn?" if q.kind == "overdraw" else
                    f"The camera counts {q.seen} tiles on {name}'s rack, {q.due} due: underdrawn?")
        if q.kind == "overdraw" and q.face_down:   # DRAW-01, as kiosk.rack_watch words it (rackscreen)
            question = f"{name}: {drawn_due_text(q.seen, q.due, q.face_down)}. Overdrawn?"
        extra = {"screen": "alert", "prompt": Prompt(
            question, (ButtonHint("CONFIRM", f"yes, {q.kind}n"), ButtonHint("CANCEL", "no, miscounted")))}
    elif (chargeable := app.downtime_chargeable()) is not None:
        player, seconds = chargeable
        extra = {"screen": "alert", "prompt": Prompt(
            f"Clocks stopped by the director. The kiosk was down {clock_text(seconds)} "
            f"during {app.setup.players[player]}'s turn.",
            (ButtonHint("CONFIRM", f"charge it to {app.setup.players[player]}"),
             ButtonHint("PAUSE", "restart the clocks, not charged")))}
    elif app.phase == "hold":
        holder = app.setup.players[app.clock.holder] if app.clock.holder is not None else ""
        extra = {"screen": "challenge", "challenge": ChallengeView("hold", app.hold_text(), holder),
                 "prompt": Prompt(f"{holder} holds the play",
                                  (ButtonHint("CHALLENGE", "challenge"), ButtonHint("CONFIRM", "accept")))}
    elif app.phase == "remove_tiles":
        extra = {"screen": "waiting", "waiting": Waiting("Take the challenged tiles off the board",
                                                          "The clock restarts when the camera sees them gone")}
    elif app.camera_problem and app.phase == "turn":
        extra = {}
    if not extra.get("screen") and common["alerts"] and app.phase == "turn" and app.alerts.fresh(app.now()):
        extra["screen"] = "alert"
    return ScreenModel(**common, **extra)
