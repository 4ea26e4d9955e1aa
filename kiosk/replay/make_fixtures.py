"""Write the fixture games in fixtures/games/: `python -m kiosk.replay.make_fixtures [OUT_DIR]`.

Each game is a list of turns (what the players did). From it this writes, per game:
`script.json` (frames shown and buttons pressed, with times), `frames.json` (the board of
every frame and the renderer's seed/options: frames are rendered on first use, see
kiosk/replay/frames.py), `vision.toml` (where the racks stand in these frames) and
`expected.gcg` (the record the rules core and GCG exporter make of the intended events).
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kiosk.rules import events as ev
from kiosk.rules.board import Board, parse_position, square_name

ROOT = Path(__file__).resolve().parents[2]
DEV_GCG = ROOT.parent / "shared" / "datasets" / "gcg" / "dev"
FRAME_SIZE = 1504
BASE_OPTIONS = {
    "board_style": "classic", "labels": False, "rotation": 0, "askew_deg": 0.6, "tilt_deg": 3.0,
    "lighting": 0.15, "glare": False, "shadow": False, "hand": False, "blur": 0.0, "noise": 2.0,
    "jpeg_quality": 92, "rack_counts": {"p1": 7, "p2": 7}, "table": None,
}


@dataclass
class T:
    """One thing that happens at the table, in order."""

    kind: str                     # play | pass | exchange | challenge | end
    player: int = 0
    position: str = ""
    word: str = ""                # the whole word; letters already on the board must match
    count: int = 0
    acceptable: bool = True       # challenge: the verdict the lexicon must give
    hand: bool = False            # a hand is over the board at the press
    rotation: int | None = None   # the turntable is turned to this from this turn on
    racks: dict[str, int] | None = None  # tiles standing on the racks at this press
    tiles: tuple[tuple[str, str], ...] = ()   # instead of position/word (from a GCG)


@dataclass
class Game:
    name: str
    players: tuple[str, str]
    turns: list[T]
    seed: int
    profile: str = "naspa"
    first: int = 0
    note: str = ""
    options: dict[str, Any] = field(default_factory=dict)


def word_tiles(board: Board, position: str, word: str) -> tuple[tuple[str, str], ...]:
    row, col, across = parse_position(position)
    tiles = []
    for i, letter in enumerate(word):
        sq = (row, col + i) if across else (row + i, col)
        there = board.at(sq)
        if there == ".":
            tiles.append((square_name(sq), letter))
        elif there != letter:
            raise ValueError(f"{position} {word}: {square_name(sq)} holds {there}, not {letter}")
    return tuple(tiles)


class Writer:
    """Turns a Game into script steps, frames and intended events."""

    def __init__(self, game: Game):
        self.game = game
        self.board = Board.empty()
        self.rotation = 0
        self.frames: dict[str, dict] = {}
        self.steps: list[dict] = []
        self.events: list[Any] = [ev.GameStarted(game.players, game.first, game.profile, "english", "default")]
        self.t = 0.0
        self.last_play: tuple[int, tuple[tuple[str, str], ...]] | None = None
        self.overdrawn: set[str] = set()

    def frame(self, *, hand: bool = False, racks: dict[str, int] | None = None) -> str:
        name = f"{len(self.frames):03d}.jpg"
        options: dict[str, Any] = {}
        if self.rotation:
            options["rotation"] = self.rotation
        if hand:
            options["hand"] = True
        if racks is not None:
            options["rack_counts"] = racks
        entry: dict[str, Any] = {"board": list(self.board.rows())}
        if options:
            entry["options"] = options
        self.frames[name] = entry
        step: dict[str, Any] = {"t": round(self.t, 2), "frame": name}
        if racks is not None:
            step["racks"] = racks
        if hand:
            step["hand"] = True
        self.steps.append(step)
        return name

    def press(self, button: str, turn: dict | None = None, gap: float = 2.0) -> None:
        self.t += gap
        step: dict[str, Any] = {"t": round(self.t, 2), "press": button}
        if turn is not None:
            step["turn"] = turn
        self.steps.append(step)

    def run(self) -> None:
        g = self.game
        self.frame()
        self.press(f"p{2 - g.first}", gap=1.0)   # the second player starts the first player's clock
        for turn in g.turns:
            getattr(self, "_" + turn.kind)(turn)

    def _turn_frame(self, turn: T) -> None:
        self.t += 15.0
        if turn.rotation is not None:
            self.rotation = turn.rotation
        if turn.hand:
            self.frame(hand=True, racks=turn.racks)
            self.press(f"p{turn.player + 1}", self._turn_dict(turn), gap=1.0)
            self.t += 1.5
            self.frame(racks=turn.racks)     # the hand is gone a moment later
        else:
            self.frame(racks=turn.racks)
            self.press(f"p{turn.player + 1}", self._turn_dict(turn), gap=1.0)
        self.t += 3.0

    def _turn_dict(self, turn: T) -> dict:
        if turn.kind == "play":
            return {"kind": "play", "tiles": [list(t) for t in self._pending_tiles]}
        if turn.kind == "exchange":
            return {"kind": "exchange", "count": turn.count}
        return {"kind": "pass"}

    def _play(self, turn: T) -> None:
        tiles = turn.tiles or word_tiles(self.board, turn.position, turn.word)
        self._pending_tiles = tiles
        self.board = self.board.place(tiles)
        self._turn_frame(turn)
        for rack, count in (turn.racks or {}).items():
            if count <= 7 and rack in self.overdrawn:  # seen back to 7 at this press
                self.overdrawn.discard(rack)
                self.events.append(ev.OverdrawResolved(int(rack[1]) - 1))
        self.events.append(ev.PlayMade(turn.player, tiles))
        self.last_play = (turn.player, tiles)
        for rack, count in (turn.racks or {}).items():
            if count > 7:  # the players confirm the overdraw the camera sees at this press
                self.overdrawn.add(rack)
                self.events.append(ev.OverdrawReported(int(rack[1]) - 1, count))

    def _pass(self, turn: T) -> None:
        self._turn_frame(turn)
        self.events.append(ev.Passed(turn.player))

    def _exchange(self, turn: T) -> None:
        self._turn_frame(turn)
        self.events.append(ev.Exchanged(turn.player, turn.count))

    def _challenge(self, turn: T) -> None:
        """turn.player challenges the last play; verdict; CONFIRM; tiles come off if phony."""
        self.press("challenge", gap=2.0)
        self.events += [ev.ChallengeMade(turn.player), ev.ChallengeJudged(turn.acceptable)]
        self.press("confirm", gap=3.0)
        if not turn.acceptable and self.last_play is not None:
            self.t += 4.0
            self.board = self.board.remove(sq for sq, _ in self.last_play[1])
            self.frame()
        self.t += 2.0

    def _end(self, turn: T) -> None:
        """The end: a director's call, a six-zero invoked with CONFIRM, or the out play just made."""
        from kiosk.rules.game import replay

        state = replay(self.events)
        self.t += 5.0
        if turn.word == "director":
            self.steps.append({"t": round(self.t, 2), "director_end": True})
            self.events.append(ev.GameEnded("director"))
        elif turn.word == "six_zero":
            if not state.six_zero_offer:
                raise ValueError(f"{self.game.name}: no six-zero offer at the end")
            self.press("confirm", gap=0.0)
            self.events += [ev.SixZeroInvoked(state.to_move), ev.GameEnded("six_zero")]
        elif state.ending == "out":
            self.events.append(ev.GameEnded("out"))
        else:
            raise ValueError(f"{self.game.name}: the game does not end here")
        self.press("p1", gap=3.0)
        self.press("p2", gap=1.0)


def expected_gcg(events: list[Any]) -> str:
    from kiosk.rules.gcg import events_to_gcg

    return events_to_gcg(events)


def write_game(game: Game, out: Path) -> None:
    w = Writer(game)
    w.run()
    folder = out / game.name
    folder.mkdir(parents=True, exist_ok=True)
    script = {
        "format": 1,
        "note": game.note,
        "setup": {"players": list(game.players), "first": game.first, "profile": game.profile,
                  "tileset": "english", "lexicon": "default"},
        "frames_dir": "frames",
        "steps": w.steps,
    }
    (folder / "script.json").write_text(json.dumps(script, indent=1, ensure_ascii=False) + "\n")
    recipe = {"size": FRAME_SIZE, "seed": game.seed, "options": {**BASE_OPTIONS, **game.options},
              "frames": w.frames}
    (folder / "frames.json").write_text(json.dumps(recipe, indent=1, ensure_ascii=False) + "\n")
    (folder / "vision.toml").write_text(vision_toml(game))
    (folder / "expected.gcg").write_text(expected_gcg(w.events), encoding="utf-8")


def vision_toml(game: Game) -> str:
    """Rack zones: where the renderer stands the racks in this game's frames (a rack stays
    put whatever stands on it and however the board is turned)."""
    from vision.synth.frames import FrameOptions, render_frame

    frame = render_frame(["." * 15] * 15, seed=game.seed, size=FRAME_SIZE,
                         options=FrameOptions(**{**BASE_OPTIONS, **game.options}))
    lines = ["[vision]", 'tileset = "english"', "", "[vision.racks]"]
    for player, zone in sorted(frame.rack_zones.items()):
        lines.append(f"{player} = [{', '.join(f'[{x:.0f}, {y:.0f}]' for x, y in zone)}]")
    return "\n".join(lines) + "\n"


def gcg_turns(path: Path) -> tuple[tuple[str, str], list[T]]:
    """The turns of a real game record (plays, passes, exchanges) with their placed tiles."""
    from kiosk.rules.gcg_replay import replay_lines
    from kiosk.rules.gcg_syntax import parse_syntax
    from kiosk.rules.tiles import load_tileset

    syntax = parse_syntax(path.read_bytes(), str(path))
    replayed = replay_lines(syntax.lines, load_tileset("english"), str(path), syntax.final_racks)
    turns: list[T] = []
    for r in replayed:
        line = r.line
        if line.action == "play":
            turns.append(T("play", line.player, tiles=r.placed))
        elif line.action == "pass":
            turns.append(T("pass", line.player))
        elif line.action == "exchange":
            turns.append(T("exchange", line.player, count=line.count))
        elif line.action not in ("end_rack",):
            raise ValueError(f"{path}:{line.number}: {line.action} not supported in a fixture")
    names = (syntax.players[0].nick, syntax.players[1].nick)
    return names, turns


def games() -> list[Game]:
    names, real = gcg_turns(DEV_GCG / "liwords__r1_mike.gcg")
    real[-1].racks = {"p1": 0, "p2": 1}
    return [
        Game("normal-out", names, real + [T("end")], seed=101,
             note="liwords__r1_mike.gcg replayed at the table: blanks, bingos, Mike goes out"),
        Game("blanks", ("Ann", "Bob"), [
            T("play", 0, "8G", "CAT"),
            T("play", 1, "G8", "CoW"),
            T("play", 0, "10G", "WeT"),
            T("end", word="director"),
        ], seed=202, note="two blanks: the kiosk asks each blank's letter"),
        Game("challenges", ("Ann", "Bob"), [
            T("play", 0, "8G", "CAT"),
            T("play", 1, "G8", "COWZ"),
            T("challenge", 0, acceptable=False),
            T("play", 0, "I8", "TO"),
            T("challenge", 1, acceptable=True),
            T("play", 0, "9I", "OX"),
            T("end", word="director"),
        ], seed=303, note="a phony challenged off; a valid word challenged (double challenge: challenger loses the turn)"),
        Game("first-off-centre", ("Ann", "Bob"), [
            T("play", 0, "8A", "CAT"),
            T("play", 1, "C8", "TO"),
            T("end", word="director"),
        ], seed=404, note="the first play misses the centre square and is not challenged"),
        Game("exchange", ("Ann", "Bob"), [
            T("play", 0, "8G", "CAT"),
            T("exchange", 1, count=4),
            T("play", 0, "G8", "COW"),
            T("end", word="director"),
        ], seed=505, note="an exchange of four tiles"),
        Game("overdraw", ("Ann", "Bob"), [
            T("play", 0, "8G", "CAT"),
            T("play", 1, "G8", "COW", racks={"p1": 8, "p2": 7}),
            T("play", 0, "10G", "WE", racks={"p1": 7, "p2": 7}),
            T("end", word="director"),
        ], seed=608, note="Ann's rack shows 8 tiles at Bob's press: overdraw"),
        Game("hands", ("Ann", "Bob"), [
            T("play", 0, "8G", "CAT", hand=True),
            T("play", 1, "G8", "COW"),
            T("play", 0, "10G", "WE", hand=True),
            T("end", word="director"),
        ], seed=707, note="a hand is over the board at the press; the kiosk waits for a clear view"),
        Game("turntable", ("Ann", "Bob"), [
            T("play", 0, "8G", "CAT"),
            T("play", 1, "G8", "COW", rotation=90),
            T("play", 0, "10G", "WE", rotation=180),
            T("play", 1, "G8", "COWS", rotation=270),
            T("end", word="director"),
        ], seed=808, note="the turntable board is turned between turns"),
        Game("six-zero", ("Ann", "Bob"), [
            T("play", 0, "8G", "CAT"),
            T("pass", 1), T("pass", 0), T("exchange", 1, count=7), T("pass", 0), T("pass", 1), T("pass", 0),
            T("end", word="six_zero"),
        ], seed=909, note="six zero-score turns in a row after the opening"),
    ]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else ROOT / "fixtures" / "games"
    for game in games():
        write_game(game, out)
        print(f"wrote {out / game.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
