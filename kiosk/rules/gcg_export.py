"""GCG out: a replayed game's history -> a GCG record a club can load into Quackle,
Woogles or cross-tables.

Scores and running totals are the rules core's (`game.replay`). UTF-8 with the encoding
pragma first; blanks lower case and '.' for tiles already on the board; a turn lost to a
double challenge is written as the challenger's pass; a withdrawn phony as '--'; the end
of the game as rack lines; time penalties as '(time) -N'; notes as #note. Clock, hold,
overdraw and correction events have no GCG form: a correction or an overtime-forfeit
adjustment is written as a #note (GCG cannot carry it as a scored line).

Any language: a set other than English is named by `#tile-distribution`, and multi-letter
tiles are written with their letters in brackets (`[CH]`, `[ch]` for a blank), so the
record reads back the same (kiosk.rules.gcg).
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from kiosk.rules.board import square_name
from kiosk.rules.events import Event
from kiosk.rules.game import replay
from kiosk.rules.state import GameState, Turn
from kiosk.rules.tiles import TileSet

_ACTIONS = {"pass": "-", "lost_challenge": "-", "withdrawn": "--", "challenge_bonus": "(challenge)",
            "time_penalty": "(time)"}


def nicknames(players: tuple[str, str]) -> tuple[str, str]:
    """GCG nicknames are one token: spaces become '_'; a clash gets '_2'."""
    first, second = (re.sub(r"\s+", "_", name.strip()) or f"player{i + 1}" for i, name in enumerate(players))
    return first, (second + "_2" if second == first else second)


def _play_word(turn: Turn) -> str:  # in board characters
    placed = dict(turn.tiles)
    main = turn.words[0]
    return "".join(placed[name] if (name := square_name(sq)) in placed else "." for sq in main.squares)


def _line(turn: Turn, history: Sequence[Turn], index: int, nick: str, out_player: int | None,
          ts: TileSet) -> str | None:
    rack = ts.to_names(turn.rack or "")
    score = f"{turn.score:+d}"
    if turn.kind == "play":
        action = f"{turn.position} {ts.to_names(_play_word(turn))}"
    elif turn.kind == "exchange":
        action = f"-{ts.to_names(turn.exchanged) if turn.exchanged else turn.count}"
    elif turn.kind == "end_rack":
        counted = ts.to_names(turn.rack or "")
        deduction = turn.player != out_player
        rack = counted if deduction else ""
        action = f"({counted})"
        score = "-0" if deduction and turn.score == 0 else score
    elif turn.kind in _ACTIONS:
        action = _ACTIONS[turn.kind]
        if turn.kind == "withdrawn":
            play = next(t for t in reversed(history[:index]) if t.kind == "play" and t.player == turn.player)
            rack = ts.to_names(play.rack or "")
        elif turn.kind in ("lost_challenge", "challenge_bonus", "time_penalty"):
            rack = ""
    else:
        return None
    return f">{nick}: {rack} {action} {score} {turn.total}"


def history_to_gcg(state: GameState) -> str:
    """The GCG record of a (replayed) game state."""
    nicks = nicknames(state.players)
    out = ["#character-encoding UTF-8", f"#player1 {nicks[0]} {state.players[0]}",
           f"#player2 {nicks[1]} {state.players[1]}"]
    if state.lexicon != "default":
        out.append(f"#lexicon {state.lexicon}")
    set_name = state.tileset.name.split(" without ")[0]  # a set with tiles missing (TILE-01) keeps its name
    if set_name != "english":
        out.append(f"#tile-distribution {set_name}")
    out.extend(f"#note {note}" for note in state.preface_notes)
    for index, turn in enumerate(state.history):
        line = _line(turn, state.history, index, nicks[turn.player], state.out_player, state.tileset)
        if line is None:
            out.append(f"#note {turn.kind.replace('_', ' ')} for {state.players[turn.player]}: "
                       f"{turn.score:+d} ({turn.reason})")
        else:
            out.append(line)
        out.extend(f"#note {note}" for note in turn.notes)
    return "\n".join(out) + "\n"


def events_to_gcg(events: Sequence[Event]) -> str:
    """Replay the events through the rules core and write the GCG record (RuleError if
    the events are not a possible game)."""
    return history_to_gcg(replay(events))
