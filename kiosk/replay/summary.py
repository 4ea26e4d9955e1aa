"""What a replay did, for people: moves, scores, alerts, reads confirmed, problems."""
from __future__ import annotations

from typing import Any

from kiosk.rules import events as ev


def _turns_expected(script: Any) -> list[tuple[float, Any]]:
    return [(s.t, s.turn) for s in script.steps if s.press and s.turn is not None]


def summarize(app: Any, script: Any, problems: list[str]) -> Any:
    from kiosk.replay.driver import ReplayResult

    state = app.state
    names = tuple(app.setup.players)
    moves: list[str] = []
    move_scores: list[tuple[int, str, int]] = []
    for turn in getattr(state, "history", ()) or ():
        player = int(getattr(turn, "player", 0))
        kind = str(getattr(turn, "kind", ""))
        score = int(getattr(turn, "score", 0))
        position = getattr(turn, "position", "") or ""
        word = getattr(turn, "main_word", "") or getattr(turn, "word", "") or ""
        total = getattr(turn, "total", None)
        moves.append(f"{names[player]:<12} {kind:<10} {position:<4} {word:<15} {score:+4d}"
                     + (f"  = {total}" if total is not None else ""))
        move_scores.append((player, kind, score))
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
            have = set(getattr(got, "tiles", ()) or ())
            norm = lambda tiles: {(sq, "?" if l.islower() else l) for sq, l in tiles}  # noqa: E731
            if not isinstance(got, ev.PlayMade) or norm(have) != norm(want):
                problems.append(f"turn {i + 1}: kiosk recorded {_describe(got)}, script says play {sorted(want)}")
            elif any(l.islower() for _, l in want) and have != want:
                problems.append(f"turn {i + 1}: blank designated as {sorted(have)}, script says {sorted(want)}")
        elif turn.kind == "pass" and not isinstance(got, ev.Passed):
            problems.append(f"turn {i + 1}: kiosk recorded {_describe(got)}, script says pass")
        elif turn.kind == "exchange" and not (isinstance(got, ev.Exchanged) and got.count == turn.count):
            problems.append(f"turn {i + 1}: kiosk recorded {_describe(got)}, script says exchange {turn.count}")
    alerts = [f"{a[0]} ({a[1]}): {a[2]}" for a in _all_alerts(app)]
    scores = tuple(int(s) for s in getattr(state, "scores", (0, 0)))
    completed = app.phase == "done" and not problems
    gcg = ""
    try:
        gcg = app.gcg_text()
    except Exception as exc:  # export problems are reported, not hidden
        problems.append(f"GCG export failed: {exc}")
        completed = False
    return ReplayResult(completed, gcg, moves, (scores[0], scores[1]), names, alerts, app.turns.reads_confirmed, problems,
                        move_scores)


def _describe(event: Any) -> str:
    if isinstance(event, ev.PlayMade):
        return f"play {sorted(event.tiles)}"
    if isinstance(event, ev.Exchanged):
        return f"exchange {event.count}"
    return type(event).__name__.lower()


def _all_alerts(app: Any) -> list[tuple[str, str, str]]:
    return list(app.alerts.log)
