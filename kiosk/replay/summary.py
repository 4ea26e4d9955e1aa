"""What a replay did, for people: moves, scores, alerts, reads confirmed, problems."""
from __future__ import annotations

from typing import TYPE_CHECKING

from kiosk.rules import events as ev

if TYPE_CHECKING:
    from kiosk.app import KioskApp
    from kiosk.replay.driver import ReplayResult
    from kiosk.replay.script import Script, Turn


def _turns_expected(script: Script) -> list[tuple[float, Turn]]:
    return [(s.t, s.turn) for s in script.steps if s.press and s.turn is not None]


def summarize(app: KioskApp, script: Script, problems: list[str]) -> ReplayResult:
    from kiosk.replay.driver import ReplayResult

    state = app.state
    names = (app.setup.players[0], app.setup.players[1])
    moves: list[str] = []
    move_scores: list[tuple[int, str, int]] = []
    for record in state.history:
        moves.append(f"{names[record.player]:<12} {record.kind:<10} {record.position:<4} {record.word:<15} "
                     f"{record.score:+4d}  = {record.total}")
        move_scores.append((record.player, record.kind, record.score))
    problems = list(problems)
    # Every scripted play must have been recorded with exactly the scripted tiles.
    made = [e for e in app.events if isinstance(e, (ev.PlayMade, ev.Passed, ev.Exchanged))]
    expected = _turns_expected(script)
    for i, (t, turn) in enumerate(expected):
        if i >= len(made):
            problems.append(f"turn {i + 1} (pressed at {t:.1f}s) never recorded")
            break
        got = made[i]
        if turn.kind == "play":
            want = {(sq, letter) for sq, letter in turn.tiles}
            have = set(got.tiles) if isinstance(got, ev.PlayMade) else set()
            norm = lambda tiles: {(sq, "?" if l.islower() else l) for sq, l in tiles}  # noqa: E731
            if not isinstance(got, ev.PlayMade) or norm(have) != norm(want):
                problems.append(f"turn {i + 1}: kiosk recorded {_describe(got)}, script says play {sorted(want)}")
            elif any(l.islower() for _, l in want) and have != want:
                problems.append(f"turn {i + 1}: blank designated as {sorted(have)}, script says {sorted(want)}")
        elif turn.kind == "pass" and not isinstance(got, ev.Passed):
            problems.append(f"turn {i + 1}: kiosk recorded {_describe(got)}, script says pass")
        elif turn.kind == "exchange" and not (isinstance(got, ev.Exchanged) and got.count == turn.count):
            problems.append(f"turn {i + 1}: kiosk recorded {_describe(got)}, script says exchange {turn.count}")
    alerts = [f"{title} ({rule}): {action}" for title, rule, action in app.alerts.log]
    scores = state.scores
    completed = app.phase == "done" and not problems
    gcg = ""
    try:
        gcg = app.gcg_text()
    except Exception as exc:  # export problems are reported, not hidden
        problems.append(f"GCG export failed: {exc}")
        completed = False
    return ReplayResult(completed, gcg, moves, (scores[0], scores[1]), names, alerts, app.turns.reads_confirmed, problems,
                        move_scores)


def _describe(event: ev.PlayMade | ev.Passed | ev.Exchanged) -> str:
    if isinstance(event, ev.PlayMade):
        return f"play {sorted(event.tiles)}"
    if isinstance(event, ev.Exchanged):
        return f"exchange {event.count}"
    return type(event).__name__.lower()
