"""GCG in: a game record (bytes or text) -> players, pragmas, every event line with its
recorded and computed score, and the kiosk events it stands for.

    game = parse_gcg(data, "r1.gcg")      # InputError naming file and line if malformed
    game.mismatches                       # moves whose score or total differs from the board
    gcg_to_events(game)                   # GameStarted, PlayMade, ... for game.replay
    events_to_gcg(events)                 # back out, scored by the rules core (gcg_export)

Mapping to events: a play -> PlayMade; '-' -> Passed (after the opponent went out, a
lost double challenge: ChallengeMade + ChallengeJudged(acceptable=True)); exchange ->
Exchanged; '--' -> ChallengeMade + ChallengeJudged(acceptable=False);
'(challenge) +N' -> ChallengeBonus; the end-of-game rack lines -> one GameEnded
(reason 'out'; 'six_zero' after the profile's count of scoreless turns, else
'director'; with the racks); '(time) -N' -> TimePenalty(points=N);
each #note -> Note after its move (a #note before the first move is kept as an opening
note). Player names are the full names of #player1/#player2. A record that scores going
out the old way (+1x / -1x) gets the bundled deduct-and-add profile in GameStarted.

The tile set: `tileset` given by the caller (verify-gcg --tileset) wins; else the
record's `#tile-distribution` names it, else its `#lexicon`'s language (CSW/NWL English,
RD German, OSPS Polish, FILE Spanish, DISC Catalan, FRA French, ...; each set's data file
lists its names); a record naming neither is English. A name no bundled set has, or a
#lexicon of another language than the #tile-distribution, is a problem line (the record is
not replayed under a guess). Multi-letter tiles written `[CH]` become the set's board
characters before the replay. Every problem of the file is reported (GcgProblems), not
only the first; once a move cannot be replayed, the moves after it are not checked.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from kiosk.errors import InputError
from kiosk.rules.events import (ChallengeBonus, ChallengeJudged, ChallengeMade, Event, Exchanged, GameEnded,
                                GameStarted, Note, Passed, PlayMade, TimePenalty)
from kiosk.rules.gcg_export import events_to_gcg, history_to_gcg
from kiosk.rules import data
from kiosk.rules.gcg_replay import ReplayedLine, max_time_penalty, replay_lines
from kiosk.rules.gcg_syntax import GcgLine, GcgPlayer, GcgProblems, GcgSyntax, parse_syntax, raise_problems
from kiosk.rules.profiles import Profile, load_profile
from kiosk.rules.tiles import TileSet, load_tileset, tileset_for_distribution, tileset_for_lexicon, tileset_names

__all__ = ["GcgGame", "GcgMove", "events_to_gcg", "game_started", "gcg_to_events", "history_to_gcg", "parse_gcg"]

DEFAULT_LEXICON = "default"
DEFAULT_PROFILE = "naspa"


@dataclass(frozen=True)
class GcgMove:
    line: int  # line number in the file
    player: int  # 0/1 = #player1/#player2
    action: str  # play | pass | exchange | withdraw | challenge | end_rack | time
    rack: str
    position: str  # plays: '8D' across / 'D8' down
    word: str  # plays: '.' for tiles already on the board, lowercase = blank
    score: int  # as recorded
    total: int  # as recorded
    computed_score: int
    computed_total: int
    notes: tuple[str, ...]
    events: tuple[Event, ...]

    @property
    def matches(self) -> bool:
        return self.score == self.computed_score and self.total == self.computed_total


@dataclass(frozen=True)
class GcgGame:
    source: str
    encoding: str
    players: tuple[GcgPlayer, GcgPlayer]
    pragmas: dict[str, str]
    opening_notes: tuple[str, ...]  # #note lines before the first move
    moves: tuple[GcgMove, ...]
    final_racks: dict[int, str]  # #rack1/#rack2 of an unfinished game
    profile: str  # the rule profile the record was read under
    tileset: str = "english"  # the tile set the record was replayed with

    @property
    def mismatches(self) -> tuple[GcgMove, ...]:
        return tuple(m for m in self.moves if not m.matches)


def _profile_for(lines: list[GcgLine]) -> str:
    """The default profile, unless the record scores going out the old way (+1x for the
    out player, -1x for the opponent): then the first bundled deduct-and-add profile."""
    ends = {(m.player, not m.minus) for m in lines if m.action == "end_rack"}
    if not any((p, True) in ends and (1 - p, False) in ends for p in (0, 1)):
        return DEFAULT_PROFILE
    return next(name for name in data.available("profiles") if load_profile(name).out_bonus == "deduct_and_add")


def game_started(game: GcgGame) -> GameStarted:
    """The GameStarted event of a parsed record."""
    first = game.moves[0].player if game.moves else 0
    return GameStarted(players=(game.players[0].name, game.players[1].name), first=first, profile=game.profile,
                       tileset=game.tileset, lexicon=game.pragmas.get("lexicon", DEFAULT_LEXICON))


def _scoreless_turns_before_end(replayed: list[ReplayedLine], counted: tuple[str, ...]) -> int:
    """Consecutive scoreless turns of the kinds the profile counts for six-zero, before
    the end-of-game lines (kinds: pass, exchange, challenged_off, lost_challenge, zero_play)."""
    count, withdrawn, bonus = 0, False, 0
    lines = [r for r in replayed if r.line.action not in ("end_rack", "time")]
    for r in reversed(lines):
        action = r.line.action
        if action == "withdraw":
            withdrawn = True
        elif action == "challenge":
            bonus += r.computed_score
        else:
            if action == "play":
                kind = "challenged_off" if withdrawn else ("zero_play" if r.computed_score + bonus == 0 else "")
            else:
                kind = "lost_challenge" if r.after_out else action
            if kind not in counted:
                break
            count += 1
            withdrawn, bonus = False, 0
    return count


def _end_of_game(replayed: list[ReplayedLine], profile: Profile) -> GameEnded:
    racks: list[str | None] = [None, None]
    scoreless = _scoreless_turns_before_end(replayed, profile.six_zero_counts)
    reason = "six_zero" if scoreless >= profile.six_zero_turns else "director"
    for r in replayed:
        if r.line.action != "end_rack":
            continue
        if not r.line.minus:
            reason = "out"
            racks[r.line.player] = ""
            racks[1 - r.line.player] = r.line.tiles
        elif racks[r.line.player] is None:
            racks[r.line.player] = r.line.tiles
    return GameEnded(reason, (racks[0], racks[1]))


def _events_of(r: ReplayedLine, ending: GameEnded | None) -> tuple[Event, ...]:
    line = r.line
    rack = line.rack or None
    if line.action == "play":
        return (PlayMade(line.player, r.placed, rack),)
    if line.action == "pass":
        if r.after_out:
            return ChallengeMade(line.player), ChallengeJudged(acceptable=True)
        return (Passed(line.player, rack),)
    if line.action == "exchange":
        return (Exchanged(line.player, line.count, line.tiles or None, rack),)
    if line.action == "withdraw":
        return ChallengeMade(1 - line.player), ChallengeJudged(acceptable=False)
    if line.action == "challenge":
        return (ChallengeBonus(line.player, line.score),)
    if line.action == "end_rack":
        return (ending,) if ending else ()
    return (TimePenalty(line.player, -line.score),)


def choose_tileset(syntax: GcgSyntax, tileset: str | None = None) -> tuple[str, list[InputError]]:
    """(set name, problems) for a record: `tileset` if given, else #tile-distribution,
    else #lexicon's language, else English."""
    if tileset is not None:
        if tileset not in tileset_names():
            return "english", [InputError(syntax.source, f"no tile set {tileset!r} (bundled: "
                                          f"{', '.join(tileset_names())})", None, "tileset")]
        return tileset, []
    source, pragmas, lines = syntax.source, syntax.pragmas, syntax.pragma_lines
    hint = "name the set with --tileset"
    by_lexicon = tileset_for_lexicon(pragmas["lexicon"]) if "lexicon" in pragmas else None
    if "tile-distribution" in pragmas:
        named = pragmas["tile-distribution"]
        chosen = tileset_for_distribution(named)
        if chosen is None:
            return "english", [InputError(source, f"unknown tile distribution {named!r} (bundled sets: "
                                          f"{', '.join(tileset_names())}); {hint}", lines.get("tile-distribution"),
                                          "#tile-distribution")]
        if by_lexicon is not None and by_lexicon != chosen:
            return chosen, [InputError(source, f"#tile-distribution {named} but #lexicon {pragmas['lexicon']} is "
                                       f"{load_tileset(by_lexicon).language}: which set was played? {hint}",
                                       lines.get("tile-distribution"), "#tile-distribution")]
        return chosen, []
    if "lexicon" in pragmas and by_lexicon is None:
        return "english", [InputError(source, f"unknown lexicon {pragmas['lexicon']!r}: its language and tile set "
                                      f"are not known; {hint} or #tile-distribution", lines.get("lexicon"),
                                      "#lexicon")]
    return by_lexicon or "english", []


def _in_board_characters(syntax: GcgSyntax, ts: TileSet) -> list[InputError]:
    """Rewrite bracketed multi-letter tiles ([CH]) as the set's board characters, in
    place; a problem per line naming a tile the set has not."""
    problems: list[InputError] = []
    for i, line in enumerate(syntax.lines):
        if "[" not in line.rack + line.word + line.tiles:
            continue
        try:
            syntax.lines[i] = replace(line, rack=ts.from_names(line.rack), word=ts.from_names(line.word),
                                      tiles=ts.from_names(line.tiles))
        except ValueError as exc:
            problems.append(InputError(syntax.source, str(exc), line.number, "tile"))
    for player, (rack, number) in list(syntax.final_racks.items()):
        try:
            syntax.final_racks[player] = (ts.from_names(rack), number)
        except ValueError as exc:
            problems.append(InputError(syntax.source, str(exc), number, f"#rack{player + 1}"))
    return problems


def parse_gcg(data: bytes | str, source: str, profile: str | None = None, tileset: str | None = None) -> GcgGame:
    """Parse and replay a GCG record; InputError (file, line, what) if it is malformed
    or describes moves that cannot happen (GcgProblems when there are several: all of
    them). Score disagreements are not errors: see `GcgGame.mismatches`. GCG does not
    record the rules: `profile` names them (default NASPA, or deduct-and-add for
    old-style endings); `tileset` overrides the set the record names (module doc)."""
    syntax = parse_syntax(data, source, collect=True)
    set_name, problems = choose_tileset(syntax, tileset)
    problems = syntax.problems + problems
    ts = load_tileset(set_name)
    problems += _in_board_characters(syntax, ts)
    if problems:
        raise_problems(sorted(problems, key=lambda p: (p.line is None, p.line or 0)))
    profile = profile or _profile_for(syntax.lines)
    rules = load_profile(profile)
    try:
        replayed = replay_lines(syntax.lines, ts, source, syntax.final_racks, max_time_penalty(rules))
    except InputError as exc:
        if tileset is None and not {"tile-distribution", "lexicon"} & set(syntax.pragmas) and (
                f"the {ts.name} set" in str(exc)):
            first = exc.problems[0] if isinstance(exc, GcgProblems) else exc
            first.message += f" (the record names no tile set, so it was read as {ts.name}: name one with --tileset)"
        raise
    last_end = max((i for i, r in enumerate(replayed) if r.line.action == "end_rack"), default=None)
    moves = []
    for i, r in enumerate(replayed):
        ending = _end_of_game(replayed, rules) if i == last_end else None
        notes = tuple(syntax.notes.get(i, ()))
        line = r.line
        moves.append(GcgMove(line.number, line.player, line.action, line.rack, r.position, r.word,
                             line.score, line.total, r.computed_score, r.computed_total, notes,
                             _events_of(r, ending) + tuple(Note(text) for text in notes)))
    players = (syntax.players[0], syntax.players[1])
    return GcgGame(source, syntax.encoding, players, dict(syntax.pragmas), tuple(syntax.notes.get(-1, ())),
                   tuple(moves), {p: rack for p, (rack, _) in syntax.final_racks.items()}, profile, set_name)


def gcg_to_events(game: GcgGame) -> list[Event]:
    """The kiosk events of a parsed record, GameStarted first."""
    events: list[Event] = [game_started(game)]
    events.extend(Note(text) for text in game.opening_notes)
    for move in game.moves:
        events.extend(move.events)
    return events
