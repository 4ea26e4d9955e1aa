"""GCG syntax: bytes -> text (encoding), pragmas, players, notes and event lines.

This layer checks only what can be seen line by line (well-formed racks, positions,
scores; players declared before they move; pragma placement). Whether the moves fit
the board and the tile set is `gcg_replay`'s job.

Encoding: `#character-encoding` must be the first line (UTF-8 or ISO-8859-1). Without
it the GCG default is ISO-8859-1, but many tools write UTF-8 without the pragma; a file
whose bytes are valid UTF-8 is read as UTF-8 (a Latin-1 name is practically never valid
UTF-8), anything else as ISO-8859-1.

Multi-letter tiles (Spanish CH, Catalan L·L) are written in brackets in racks and plays,
`[CH]`, lower case for a blank (`[ch]`); this layer keeps them as written and counts each
bracket as one tile. `#description` and `#tile` may repeat (their values are joined, one
per line, as MAGPIE writes them). Every problem found is collected (`GcgSyntax.problems`)
rather than stopping at the first; `GcgProblems` carries them all.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from kiosk.errors import InputError

MAX_RACK = 7
ENCODINGS = {"UTF8": "utf-8", "ISO88591": "latin-1", "LATIN1": "latin-1"}
GAME_TYPES = ("classic",)
REPEATABLE_PRAGMAS = ("note",)
JOINED_PRAGMAS = ("description", "tile")  # may repeat: the values are joined, one per line
AFTER_EVENTS_PRAGMAS = ("note", "rack1", "rack2")  # the only pragmas allowed once moves began

# one letter of any alphabet (Ä Ö Ü included), no digits or '_', or a multi-letter tile in brackets
_TILES = r"(?:[^\W\d_]|\[[^\W\d_][^\]\[\s\d]*\])"
_BRACKETED = re.compile(r"\[[^\]]*\]")
_RACK_RE = re.compile(rf"^(?:{_TILES}|\?)*$")
_WORD_RE = re.compile(rf"^(?:{_TILES}|\.)+$")
POSITION_RE = re.compile(r"^(?:(\d+)([A-Za-z])|([A-Za-z])(\d+))$")
_SCORE_RE = re.compile(r"^[+-]\d+$")
_TOTAL_RE = re.compile(r"^-?\d+$")
_CROSS_WORD_RE = re.compile(rf"^{_TILES}+,?$")


@dataclass(frozen=True)
class GcgPlayer:
    nick: str
    name: str
    line: int


@dataclass(frozen=True)
class GcgLine:
    """One `>nick: ...` event line as written."""

    number: int
    player: int  # 0 or 1
    rack: str  # '' when not recorded
    action: str  # play | pass | exchange | withdraw | challenge | end_rack | time
    score: int
    total: int
    position: str = ""  # plays: as written ('8D', legacy '8d')
    word: str = ""  # plays: as written ('.' or, in legacy files, the letter = tile already there)
    tiles: str = ""  # exchange: tiles given out ('' if only a count); end_rack: the rack tiles
    count: int = 0  # exchange: how many tiles
    legacy: tuple[str, ...] = ()  # legacy-syntax features seen on this line
    minus: bool = False  # the score was written with '-' (so '-0' is still a deduction)


@dataclass
class GcgSyntax:
    source: str
    encoding: str
    players: list[GcgPlayer] = field(default_factory=list)
    pragmas: dict[str, str] = field(default_factory=dict)  # name (no '#') -> value, first-seen order
    lines: list[GcgLine] = field(default_factory=list)
    notes: dict[int, list[str]] = field(default_factory=dict)  # index into lines (-1 = before any) -> notes
    final_racks: dict[int, tuple[str, int]] = field(default_factory=dict)  # player -> (rack, line number)
    problems: list[InputError] = field(default_factory=list)  # every malformed line, in file order
    pragma_lines: dict[str, int] = field(default_factory=dict)  # name -> line of its first appearance


def decode(data: bytes | str, source: str) -> tuple[str, str]:
    """(text, encoding name). Raises InputError for an empty file or a bad encoding pragma."""
    if isinstance(data, str):
        if not data.strip():
            raise InputError(source, "empty file: no players and no moves")
        return data.removeprefix("\ufeff"), "utf-8"
    data = data.removeprefix(b"\xef\xbb\xbf")
    if not data.strip():
        raise InputError(source, "empty file: no players and no moves")
    first = data.split(b"\n", 1)[0].strip()
    if first.startswith(b"#character-encoding"):
        declared = first[len(b"#character-encoding"):].strip().decode("ascii", "replace")
        encoding = ENCODINGS.get(re.sub(r"[-_\s]", "", declared.upper()))
        if encoding is None:
            raise InputError(source, f"unsupported encoding {declared!r} (use UTF-8 or ISO-8859-1)", 1,
                             "#character-encoding")
    else:
        try:
            return data.decode("utf-8"), "utf-8"
        except UnicodeDecodeError:
            encoding = "latin-1"
    try:
        return data.decode(encoding), encoding
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(source, f"bytes that are not {encoding} ({exc.reason})", line) from None


def tile_count(text: str) -> int:
    """Tiles in a rack or word as written: a bracketed multi-letter tile counts once."""
    return len(_BRACKETED.sub("#", text)) if "[" in text else len(text)


class GcgProblems(InputError):
    """Every problem found in one GCG file; reads as the first (source, line, field) and
    prints them all, one per line."""

    def __init__(self, problems: list[InputError]) -> None:
        first = problems[0]
        super().__init__(first.source, first.message, first.line, first.field)
        self.problems = list(problems)

    def __str__(self) -> str:
        return "\n".join(InputError.__str__(p) for p in self.problems)


def raise_problems(problems: list[InputError]) -> None:
    """Raise the one problem as itself, several as GcgProblems, nothing if none."""
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise GcgProblems(problems)


def check_rack(rack: str, source: str, line: int, what: str = "rack") -> str:
    if not _RACK_RE.match(rack):
        raise InputError(source, f"malformed {rack!r}: only letters and '?' (blank)", line, what)
    if tile_count(rack) > MAX_RACK:
        raise InputError(source, f"malformed {rack!r}: a rack holds at most {MAX_RACK} tiles", line, what)
    return rack


def _int(token: str, pattern: re.Pattern[str], source: str, number: int, what: str) -> int:
    if not pattern.match(token):
        raise InputError(source, f"{what} {token!r} is not a signed number", number, what)
    return int(token)


def _event(text: str, number: int, syntax: GcgSyntax) -> GcgLine:
    source = syntax.source
    nick, colon, rest = text[1:].partition(":")
    if not colon:
        raise InputError(source, "event line has no ':' after the player's nickname", number)
    nicks = [p.nick for p in syntax.players]
    if len(syntax.players) < 2:
        raise InputError(source, "move before both #player1 and #player2 are declared", number)
    if nick not in nicks:
        raise InputError(source, f"unknown player {nick!r} (players: {', '.join(nicks)})", number, "player")
    player = nicks.index(nick)
    tokens = rest.split()
    if not tokens:
        raise InputError(source, "empty event: expected rack, move, score and total", number)
    rack = ""
    first = tokens[0]
    if not (POSITION_RE.match(first) or first.startswith(("-", "("))):
        rack = check_rack(tokens.pop(0), source, number)
    if not tokens:
        raise InputError(source, "no move after the rack", number)
    action_token = tokens[0]
    legacy: list[str] = []
    if POSITION_RE.match(action_token):
        if len(tokens) < 4:
            raise InputError(source, "a play needs position, word, score and total", number)
        position, word, score_text, total_text, *cross = tokens
        if not _WORD_RE.match(word):
            raise InputError(source, f"malformed {word!r}: letters, lowercase blanks and '.' only",
                             number, "word")
        if position != position.upper():
            legacy.append("lowercase coordinate")
        if cross:
            if not all(_CROSS_WORD_RE.match(w) for w in cross):
                raise InputError(source, f"unexpected text after the total: {' '.join(cross)!r}", number)
            legacy.append("cross-words after the total")
        return GcgLine(number, player, rack, "play", _int(score_text, _SCORE_RE, source, number, "score"),
                       _int(total_text, _TOTAL_RE, source, number, "total"), position=position, word=word,
                       legacy=tuple(legacy))
    if len(tokens) != 3:
        raise InputError(source, f"unrecognised move {' '.join(tokens)!r}: expected a position like 8D, "
                         "'-', '-TILES', '--', '(challenge)', '(time)' or '(TILES)', then score and total", number)
    score = _int(tokens[1], _SCORE_RE, source, number, "score")
    total = _int(tokens[2], _TOTAL_RE, source, number, "total")
    if action_token == "-":
        return GcgLine(number, player, rack, "pass", score, total)
    if action_token == "--":
        return GcgLine(number, player, rack, "withdraw", score, total)
    if action_token.startswith("-"):
        given = action_token[1:]
        if given.isdigit():
            return GcgLine(number, player, rack, "exchange", score, total, count=int(given))
        check_rack(given, source, number, "exchange")
        return GcgLine(number, player, rack, "exchange", score, total, tiles=given, count=len(given))
    if action_token == "(challenge)":
        return GcgLine(number, player, rack, "challenge", score, total)
    if action_token == "(time)":
        return GcgLine(number, player, rack, "time", score, total)
    if action_token.startswith("(") and action_token.endswith(")"):
        tiles = check_rack(action_token[1:-1], source, number, "end rack")
        if not tiles:
            raise InputError(source, "malformed '()': no tiles", number, "end rack")
        return GcgLine(number, player, rack, "end_rack", score, total, tiles=tiles, minus=tokens[1].startswith("-"))
    raise InputError(source, f"unrecognised move {action_token!r}: expected a position like 8D, '-', "
                     "'-TILES', '--', '(challenge)', '(time)' or '(TILES)'", number)


def _player(name: str, value: str, number: int, syntax: GcgSyntax) -> None:
    source = syntax.source
    index = int(name[len("player"):] or "0")
    if index not in (1, 2):
        raise InputError(source, f"#{name}: a game has exactly two players (#player1 and #player2)", number)
    if len(syntax.players) != index - 1:
        raise InputError(source, f"#{name} out of order or declared twice (expected #player{len(syntax.players) + 1})",
                         number)
    nick, _, full = value.partition(" ")
    full = full.strip() or nick
    if not nick:
        raise InputError(source, f"#{name} needs a nickname", number)
    for other in syntax.players:
        if other.nick == nick:
            raise InputError(source, f"duplicate nickname {nick!r} (also on line {other.line})", number, f"#{name}")
        if other.name == full:
            raise InputError(source, f"duplicate player name {full!r} (also on line {other.line})", number, f"#{name}")
    syntax.players.append(GcgPlayer(nick, full, number))


def _pragma(text: str, number: int, syntax: GcgSyntax) -> bool:
    """Handle a pragma line; True if it opens a note (later plain lines continue it)."""
    source = syntax.source
    name, _, value = text[1:].partition(" ")
    value = value.strip()
    if name == "character-encoding":
        if number != 1:
            raise InputError(source, "#character-encoding must be the first line", number)
        return False
    if name == "note":
        syntax.notes.setdefault(len(syntax.lines) - 1, []).append(value)
        return True
    if syntax.lines and name not in AFTER_EVENTS_PRAGMAS:
        raise InputError(source, f"#{name} after the moves began (pragmas come first)", number)
    if name in JOINED_PRAGMAS and name in syntax.pragmas:
        syntax.pragmas[name] += "\n" + value
        return False
    if name in syntax.pragmas and name not in REPEATABLE_PRAGMAS:
        raise InputError(source, f"#{name} given twice", number)
    syntax.pragma_lines.setdefault(name, number)
    if re.fullmatch(r"player\d*", name):
        _player(name, value, number, syntax)
    elif name in ("rack1", "rack2"):
        syntax.final_racks[int(name[-1]) - 1] = (check_rack(value, source, number), number)
    elif name == "game-type" and value.lower() not in GAME_TYPES:
        raise InputError(source, f"unknown game variant {value!r} (supported: {', '.join(GAME_TYPES)})", number)
    syntax.pragmas[name] = value
    return False


def _line(line: str, number: int, syntax: GcgSyntax, in_note: bool) -> bool:
    """Read one non-blank line; True if a note continues after it."""
    if line.startswith("#"):
        return _pragma(line, number, syntax)
    if line.startswith(">"):
        if syntax.final_racks:
            last = max(line for _, line in syntax.final_racks.values())
            raise InputError(syntax.source, f"move after the final rack (#rack on line {last})", number)
        syntax.lines.append(_event(line, number, syntax))
        return False
    if in_note:
        syntax.notes[len(syntax.lines) - 1][-1] += "\n" + line
        return True
    raise InputError(syntax.source, "line is neither a pragma ('#') nor an event ('>')", number)


def parse_syntax(data: bytes | str, source: str, *, collect: bool = False) -> GcgSyntax:
    """Read a record line by line. A malformed line raises at once, or with `collect`
    is kept in `problems` (the line itself left out) and reading goes on."""
    text, encoding = decode(data, source)
    syntax = GcgSyntax(source, encoding)
    in_note = False
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip("\r").rstrip()
        if not line.strip():
            continue
        try:
            in_note = _line(line, number, syntax, in_note)
        except InputError as problem:
            if not collect:
                raise
            if not (problem.message.startswith("move before both") and any(
                    p.message.startswith("move before both") for p in syntax.problems)):
                syntax.problems.append(problem)  # (that one is said once, not for every move)
            in_note = False
    if len(syntax.players) < 2 and not any("#player" in p.message for p in syntax.problems):
        missing = InputError(source, "missing #player1/#player2: a game record names both players")
        if not collect:
            raise missing
        syntax.problems.append(missing)
    return syntax
