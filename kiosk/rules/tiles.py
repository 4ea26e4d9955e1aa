"""Tile sets as data: which tiles a language has, how many of each, what each scores.

One TOML file per set in kiosk/rules/data/tilesets/<name>.toml is the only place a set is
written down; the rules core, the GCG reader and writer, the board reader and the renderer
all read it through `load_tileset`.

Every tile has one *board character*: the single character that stands for it in board text
(15 rows of 15 characters), in racks and in events. For a one-letter tile it is the letter
itself; a multi-letter tile (Spanish CH, Catalan L·L) names its own in the data file
(`board_char`). `counts`, `values` and `glyphs` are keyed by board character; `letters`
gives the tiles' names ("CH") in alphabet order and `board_char` / `name_of` translate.
A blank is "?" and a blank played as a letter is that letter's board character in lower case.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from kiosk.errors import InputError, line_of_key, parse_toml

BLANK = "?"
_TOP_FIELDS = {"name", "language", "source", "gcg_names", "lexicons", "tiles"}
_TILE_FIELDS = {"count", "value", "glyph", "board_char"}


class TileSet:
    """One tile set: counts, values and printed glyphs per tile (keyed by board character)."""

    __slots__ = ("name", "counts", "values", "glyphs", "board_char", "name_of", "letters", "chars",
                 "language", "source", "gcg_names", "lexicons", "_lower")

    def __init__(self, name: str, counts: Mapping[str, int], values: Mapping[str, int], *,
                 names: Mapping[str, str] | None = None, glyphs: Mapping[str, str] | None = None,
                 language: str = "", source: str = "", gcg_names: Iterable[str] = (),
                 lexicons: Iterable[str] = ()) -> None:
        self.name = name
        self.counts: dict[str, int] = dict(counts)
        self.values: dict[str, int] = dict(values)
        names = dict(names or {})
        self.name_of: dict[str, str] = {ch: names.get(ch, ch) for ch in self.counts}
        self.board_char: dict[str, str] = {n: ch for ch, n in self.name_of.items()}
        self.glyphs: dict[str, str] = {ch: (glyphs or {}).get(ch, self.name_of[ch]) for ch in self.counts
                                       if ch != BLANK}
        self.chars: tuple[str, ...] = tuple(ch for ch in self.counts if ch != BLANK)
        self.letters: tuple[str, ...] = tuple(self.name_of[ch] for ch in self.chars)
        self.language = language or name
        self.source = source
        self.gcg_names: tuple[str, ...] = tuple(gcg_names)
        self.lexicons: tuple[str, ...] = tuple(lexicons)
        self._lower = frozenset(ch.lower() for ch in self.chars)

    def __repr__(self) -> str:
        return f"TileSet({self.name!r}, {self.size} tiles)"

    def with_counts(self, name: str, counts: Mapping[str, int]) -> TileSet:
        """The same set under another name with other counts (a set with tiles missing or
        extra, TILE-01/07; a blank recorded as a letter, BLANK-06)."""
        return TileSet(name, counts, self.values, names=self.name_of, glyphs=self.glyphs,
                       language=self.language, source=self.source, gcg_names=self.gcg_names,
                       lexicons=self.lexicons)

    @property
    def size(self) -> int:
        return sum(self.counts.values())

    def tile_of(self, letter: str) -> str:
        """The physical tile behind a board letter: '?' for a blank (designated or not)."""
        return BLANK if letter == BLANK or letter.islower() else letter

    def value(self, letter: str) -> int:
        """Points for a letter as written on the board (lower case = blank = 0)."""
        return self.values[self.tile_of(letter)]

    def is_letter(self, letter: str) -> bool:
        """True for a board letter this set can show: a tile, a designated blank or '?'."""
        return letter == BLANK or letter in self.counts or letter in self._lower

    def rack_value(self, rack: str) -> int:
        return sum(self.value(t) for t in rack)

    def bag(self) -> Counter[str]:
        """Every tile of the set as a multiset."""
        return Counter(self.counts)

    def count_check(self, seen: Iterable[str]) -> tuple[Counter[str], Counter[str]]:
        """(missing, extra) tiles when the players' count `seen` (tiles, '?' = blank) is
        compared with the set (TILE-01)."""
        counted = Counter(seen)
        return self.bag() - counted, counted - self.bag()

    def describe_count(self, seen: Iterable[str]) -> str:
        """'99 tiles — 1 blank missing' (TILE-01), or '100 tiles, set complete' (RES-09)."""
        seen = list(seen)
        missing, extra = self.count_check(seen)

        def tiles(counter: Counter[str]) -> str:
            return ", ".join(f"{n} {'blank' if t == BLANK else self.name_of.get(t, t)}"
                             for t, n in sorted(counter.items()))

        parts = ([f"{tiles(missing)} missing"] if missing else []) + ([f"{tiles(extra)} extra"] if extra else [])
        return f"{len(seen)} tiles — {'; '.join(parts)}" if parts else f"{len(seen)} tiles, set complete"

    # --- names <-> board characters -------------------------------------------------
    def to_names(self, chars: str) -> str:
        """Board characters -> text with multi-letter tiles in brackets, GCG style:
        'ÇAO' -> '[CH]AO'; a blank multi-letter tile in lower case: '[ch]'."""
        out = []
        for ch in chars:
            name = self.name_of.get(ch.upper() if ch.islower() else ch, ch)
            if len(name) > 1:
                out.append(f"[{name.lower() if ch.islower() else name}]")
            else:
                out.append(name.lower() if ch.islower() else name)
        return "".join(out)

    def from_names(self, text: str) -> str:
        """GCG text -> board characters: '[CH]AO' -> 'ÇAO', '[ch]' -> 'ç'; a tile's own board
        character is accepted as is. ValueError for a bracketed name the set has not."""
        if "[" not in text:
            return text
        out = []
        i = 0
        while i < len(text):
            ch = text[i]
            if ch == "[":
                end = text.find("]", i)
                if end < 0:
                    raise ValueError(f"{text!r}: '[' without ']'")
                name = text[i + 1:end]
                char = self.board_char.get(name.upper())
                if char is None or not name:
                    raise ValueError(f"{text!r}: the {self.name} set has no tile [{name}]")
                out.append(char.lower() if name.islower() else char)
                i = end + 1
            else:
                out.append(ch)
                i += 1
        return "".join(out)

    @classmethod
    def from_toml(cls, text: str, source: str) -> TileSet:
        data = parse_toml(text, source)
        unknown = set(data) - _TOP_FIELDS
        if unknown:
            key = sorted(unknown)[0]
            raise InputError(source, "unknown field", line_of_key(text, key), key)
        name = data.get("name")
        if not isinstance(name, str) or not name:
            raise InputError(source, "must be a non-empty string", line_of_key(text, "name"), "name")
        for key in ("language", "source"):
            if not isinstance(data.get(key, ""), str):
                raise InputError(source, "must be a string", line_of_key(text, key), key)
        lists: dict[str, list[str]] = {}
        for key in ("gcg_names", "lexicons"):
            value: Any = data.get(key, [])
            if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
                raise InputError(source, "must be a list of strings", line_of_key(text, key), key)
            lists[key] = value
        tiles = data.get("tiles")
        if not isinstance(tiles, dict) or not tiles:
            raise InputError(source, "missing [tiles] table", None, "tiles")
        counts: dict[str, int] = {}
        values: dict[str, int] = {}
        names: dict[str, str] = {}
        glyphs: dict[str, str] = {}
        for letter, spec in tiles.items():
            field = f"tiles.{letter}"
            line = line_of_key(text, field) or line_of_key(text, f'tiles."{letter}"')
            if not isinstance(spec, dict) or not {"count", "value"} <= set(spec) or set(spec) - _TILE_FIELDS:
                raise InputError(source, "must be { count = N, value = N } (optionally glyph, board_char)",
                                 line, field)
            for key in ("count", "value"):
                if not isinstance(spec[key], int) or isinstance(spec[key], bool) or spec[key] < 0:
                    raise InputError(source, f"{key} must be a whole number >= 0", line, f"{field}.{key}")
            char: Any
            if letter == BLANK:
                char = BLANK
            elif len(letter) == 1:
                char = spec.get("board_char", letter)
                if char != letter:
                    raise InputError(source, "a one-letter tile is its own board character", line,
                                     f"{field}.board_char")
            else:
                char = spec.get("board_char", "")
                if not isinstance(char, str) or len(char) != 1:
                    raise InputError(source, "a multi-letter tile needs board_char, one character", line,
                                     f"{field}.board_char")
            if char != BLANK and not (char.isalpha() and char.isupper() and len(char.lower()) == 1
                                      and char.lower().upper() == char):
                raise InputError(source, "a tile's board character is one upper-case letter with a lower case",
                                 line, field)
            if letter != BLANK and not (letter.upper() == letter and all(c.isalpha() or c in "·'" for c in letter)):
                raise InputError(source, "a tile is written in upper-case letters (or '?')", line, field)
            if char in counts:
                raise InputError(source, f"board character {char!r} is used twice", line, f"{field}.board_char")
            glyph = spec.get("glyph", letter)
            if not isinstance(glyph, str) or not glyph:
                raise InputError(source, "glyph must be a non-empty string", line, f"{field}.glyph")
            counts[char] = spec["count"]
            values[char] = spec["value"]
            names[char] = letter
            if letter != BLANK:
                glyphs[char] = glyph
        if values.get(BLANK, 0) != 0:
            raise InputError(source, "the blank scores 0", line_of_key(text, 'tiles."?"'), "tiles.?.value")
        return cls(name, counts, values, names=names, glyphs=glyphs, language=str(data.get("language", "")),
                   source=str(data.get("source", "")), gcg_names=lists["gcg_names"], lexicons=lists["lexicons"])


@cache
def tileset_names() -> tuple[str, ...]:
    """The bundled tile sets' names, sorted ('catalan', 'danish', ... 'swedish')."""
    from kiosk.rules import data

    return data.available("tilesets")


@cache
def load_tileset(name: str = "english") -> TileSet:
    """A bundled tile set by name (see tileset_names())."""
    from kiosk.rules import data

    text, source = data.read_text("tilesets", name)
    return TileSet.from_toml(text, source)



def tileset_for_distribution(name: str) -> str | None:
    """The bundled set a GCG `#tile-distribution` value names ('german', 'Polish', 'es'),
    by the set's name or one of its data file's gcg_names; None if no set has it."""
    key = name.strip().lower()
    for candidate in tileset_names():
        if key == candidate or key in load_tileset(candidate).gcg_names:
            return candidate
    return None


def tileset_for_lexicon(lexicon: str) -> str | None:
    """The bundled set whose language a GCG `#lexicon` belongs to, by the lexicon's name
    without its edition (CSW21 -> CSW -> english, RD28 -> german, OSPS49 -> polish,
    FILE2017 -> spanish, DISC2 -> catalan, FRA20 -> french); None if unknown."""
    match = re.match(r"[A-Z]+", lexicon.strip().upper())
    base = match.group(0) if match else ""
    for candidate in tileset_names():
        if base and base in load_tileset(candidate).lexicons:
            return candidate
    return None
