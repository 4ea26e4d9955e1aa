"""Replay scripts for real recorded games in the scrabscrap dataset format (truth.json).

The dataset lists every turn (player, tiles placed, score under standard rules) and a
photo of the board after it. The script shows those photos in order and presses the
player's clock button after each; what the players would answer if asked (the tiles
placed; a pass for an unchanged board) comes from the move list. Blanks' letters are not
recorded in the dataset, so the first letter the kiosk offers is taken (a blank scores 0
whatever it stands for). The game is ended by a director after the last move: the
dataset's scores carry no end-of-game adjustments.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from kiosk.errors import InputError

PRESS_AFTER_FRAME_S = 1.0
TURN_GAP_S = 20.0


def write_script(dataset_game: Path, out: Path, *, profile: str = "naspa") -> Path:
    source = dataset_game / "truth.json"
    try:
        truth = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise InputError(str(source), f"cannot read: {exc}", None, None) from None
    moves = truth.get("moves")
    names = truth.get("players")
    if not isinstance(moves, list) or not moves or not isinstance(names, list) or len(names) != 2:
        raise InputError(str(source), "needs players (two) and a non-empty moves list", None, "moves")
    frames = [f["image"] for f in truth["frames"]]
    empty = next((f["image"] for f in truth["frames"] if "empty" in str(f.get("notes", "")).lower()), None)
    if empty is None:
        empty = frames[1] if frames[0].startswith("board-00.") else frames[0]
    index = {name: i for i, name in enumerate(names)}
    first = index[moves[0]["player"]]
    steps: list[dict[str, Any]] = [{"t": 0.0, "frame": empty}, {"t": 1.0, "press": f"p{2 - first}"}]
    scores = []
    t = 1.0
    for i, move in enumerate(moves):
        player = index[move["player"]]
        t += TURN_GAP_S
        steps.append({"t": t, "frame": move["frame"]})
        if move["type"] == "play":
            turn = {"kind": "play", "tiles": [[p["square"], p["tile"]] for p in move["tiles_placed"]]}
        elif move["type"] == "pass_or_exchange":
            turn = {"kind": "pass"}
        else:
            raise InputError(str(source), f"move type {move['type']!r} not supported in a replay", None, f"moves[{i}].type")
        steps.append({"t": t + PRESS_AFTER_FRAME_S, "press": f"p{player + 1}", "turn": turn})
        scores.append({"player": player, "score": int(move.get("score_standard_rules", 0)), "frame": move["frame"]})
    t += TURN_GAP_S
    steps += [{"t": t, "director_end": True}, {"t": t + 2, "press": "p1"}, {"t": t + 3, "press": "p2"}]
    script = {
        "format": 1,
        "note": f"built from {source} by kiosk.replay.scrabscrap",
        "setup": {"players": names, "first": first, "profile": profile,
                  "tileset": truth.get("tileset", "german"), "lexicon": "none"},
        "frames_dir": str(dataset_game.resolve()),
        "steps": steps,
    }
    out.mkdir(parents=True, exist_ok=True)
    (out / "script.json").write_text(json.dumps(script, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (out / "dataset_scores.json").write_text(json.dumps(scores, indent=1) + "\n", encoding="utf-8")
    vision = dataset_game / "vision.toml"
    (out / "vision.toml").write_text(vision.read_text() if vision.exists() else
                                     f'[vision]\ntileset = "{truth.get("tileset", "german")}"\n')
    return out


def compare_scores(dataset_scores: Path, result: Any) -> list[str]:
    """One line per move whose player or score differs from the dataset's."""
    want = json.loads(dataset_scores.read_text(encoding="utf-8"))
    got = [(p, s) for p, kind, s in result.move_scores if kind in ("play", "pass", "exchange")]
    out = []
    for i, move in enumerate(want):
        if i >= len(got):
            out.append(f"move {i + 1} ({move['frame']}): missing from the replay")
            continue
        if got[i] != (move["player"], move["score"]):
            out.append(f"move {i + 1} ({move['frame']}): dataset player {move['player'] + 1} scores {move['score']}, "
                       f"replay player {got[i][0] + 1} scores {got[i][1]}")
    if len(got) > len(want):
        out.append(f"replay has {len(got) - len(want)} more moves than the dataset")
    return out
