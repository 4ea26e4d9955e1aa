"""Results out: each finished game's GCG per round, a CSV of results, a TSH `.t` division file.

Folder layout (the director's machine)::

    results/round-1/t01-20261124-203000.gcg     the game's record, as the kiosk wrote it
    results/round-1/results.csv                 one line per game of the round
    results/results.csv                         every round
    results/standings.csv                       wins, losses, spread, by rank
    results/division.t                          TSH: "name rating opponents; scores" per player

TSH `.t` lines are `Name  rating  opp1 opp2 ...; score1 score2 ...;` with opponents as
1-based player numbers (line numbers in the file) and 0 for a bye. A director who keeps
the division file in TSH can give `--tsh-base a.t`: its players keep their numbers and
ratings, and each game's scores go into the round's column by name.
"""
from __future__ import annotations

import csv
import io
import os
import re
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class GameResult:
    round: int
    table: str
    game_id: str
    players: tuple[str, str]
    scores: tuple[int, int]
    final: bool
    gcg: str

    @property
    def winner(self) -> str:
        if self.scores[0] == self.scores[1]:
            return ""
        return self.players[0] if self.scores[0] > self.scores[1] else self.players[1]


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.tmp")
    temp.write_text(text, encoding="utf-8")
    os.replace(temp, path)


def safe_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", text)[:80] or "game"


def results_csv(games: list[GameResult]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["round", "table", "game_id", "player1", "score1", "player2", "score2", "winner", "spread", "final"])
    for g in sorted(games, key=lambda g: (g.round, g.table, g.game_id)):
        writer.writerow([g.round, g.table, g.game_id, g.players[0], g.scores[0], g.players[1], g.scores[1],
                         g.winner, abs(g.scores[0] - g.scores[1]), "yes" if g.final else "no"])
    return out.getvalue()


@dataclass
class Standing:
    name: str
    wins: float = 0.0
    losses: float = 0.0
    spread: int = 0
    games: int = 0


def standings(games: list[GameResult]) -> list[Standing]:
    table: dict[str, Standing] = {}
    for g in games:
        for i in (0, 1):
            s = table.setdefault(g.players[i], Standing(g.players[i]))
            mine, theirs = g.scores[i], g.scores[1 - i]
            s.games += 1
            s.spread += mine - theirs
            s.wins += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
            s.losses += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    return sorted(table.values(), key=lambda s: (-s.wins, -s.spread, s.name))


def standings_csv(games: list[GameResult]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["rank", "player", "wins", "losses", "spread", "games"])
    for rank, s in enumerate(standings(games), start=1):
        writer.writerow([rank, s.name, f"{s.wins:g}", f"{s.losses:g}", s.spread, s.games])
    return out.getvalue()


@dataclass
class TshPlayer:
    name: str
    rating: int = 0
    opponents: list[int] | None = None
    scores: list[int] | None = None
    rest: str = ""        # anything after the scores (TSH's extra fields), kept as it was


def parse_tsh(text: str) -> list[TshPlayer]:
    """A TSH division file: one player per line, `name rating opps; scores; extra`."""
    players = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        head, _, tail = line.partition(";")
        scores_text, _, rest = tail.partition(";")
        match = re.match(r"^(.*?)\s+(\d+)((?:\s+\d+)*)\s*$", head)
        if not match:
            raise ValueError(f"not a TSH player line: {line!r}")
        players.append(TshPlayer(match.group(1).strip(), int(match.group(2)),
                                 [int(x) for x in match.group(3).split()], [int(x) for x in scores_text.split()],
                                 rest.strip()))
    return players


def tsh_division(games: list[GameResult], base: list[TshPlayer] | None = None) -> str:
    """The division file with every collected game in its round's column."""
    players = [TshPlayer(p.name, p.rating, list(p.opponents or []), list(p.scores or []), p.rest) for p in base or []]
    number = {p.name: i + 1 for i, p in enumerate(players)}
    for g in sorted(games, key=lambda g: (g.round, g.table)):
        for name in g.players:
            if name not in number:
                players.append(TshPlayer(name, 0, [], []))
                number[name] = len(players)
    for g in games:
        for i in (0, 1):
            p = players[number[g.players[i]] - 1]
            assert p.opponents is not None and p.scores is not None
            while len(p.opponents) < g.round:
                p.opponents.append(0)
            while len(p.scores) < g.round:
                p.scores.append(0)
            p.opponents[g.round - 1] = number[g.players[1 - i]]
            p.scores[g.round - 1] = g.scores[i]
    width = max((len(p.name) for p in players), default=10) + 1
    lines = []
    for p in players:
        opps = " ".join(str(x) for x in p.opponents or [])
        scores = " ".join(str(x) for x in p.scores or [])
        line = f"{p.name:<{width}}{p.rating:>5} {opps}; {scores};"
        lines.append(line + (f" {p.rest}" if p.rest else ""))
    return "\n".join(lines) + "\n"


class ResultsFolder:
    """Writes the results files each time a game's result arrives or changes."""

    def __init__(self, folder: Path, tsh_base: Path | None = None) -> None:
        self.folder = folder
        self.base = parse_tsh(tsh_base.read_text(encoding="utf-8")) if tsh_base else None

    def write(self, games: list[GameResult], changed: GameResult | None = None) -> None:
        if changed is not None:
            _write(self.folder / f"round-{changed.round}" / f"{safe_name(changed.table)}-{safe_name(changed.game_id)}.gcg",
                   changed.gcg)
        for rnd in sorted({g.round for g in games}):
            _write(self.folder / f"round-{rnd}" / "results.csv", results_csv([g for g in games if g.round == rnd]))
        _write(self.folder / "results.csv", results_csv(games))
        _write(self.folder / "standings.csv", standings_csv(games))
        _write(self.folder / "division.t", tsh_division(games, self.base))
