"""Tile sets as data: which letters a language has, how many of each, what each scores."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from kiosk.errors import InputError, line_of_key, parse_toml

BLANK = "?"


@dataclass(frozen=True, eq=False)
class TileSet:
    name: str
    counts: dict[str, int]  # letter (upper case) or "?" for the blank -> number of tiles
    values: dict[str, int]  # letter -> points; the blank scores 0

    @property
    def size(self) -> int:
        return sum(self.counts.values())

    @property
    def letters(self) -> tuple[str, ...]:
        """The lettered tiles (no blank), in data-file order."""
        return tuple(t for t in self.counts if t != BLANK)

    def tile_of(self, letter: str) -> str:
        """The physical tile behind a board letter: '?' for a blank (designated or not)."""
        return BLANK if letter == BLANK or letter.islower() else letter

    def value(self, letter: str) -> int:
        """Points for a letter as written on the board (lower case = blank = 0)."""
        return self.values[self.tile_of(letter)]

    def is_letter(self, letter: str) -> bool:
        """True for a board letter this set can show: a tile, a designated blank or '?'."""
        return letter == BLANK or letter in self.counts or (letter.islower() and letter.upper() in self.counts)

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
            return ", ".join(f"{n} {'blank' if t == BLANK else t}" for t, n in sorted(counter.items()))

        parts = ([f"{tiles(missing)} missing"] if missing else []) + ([f"{tiles(extra)} extra"] if extra else [])
        return f"{len(seen)} tiles — {'; '.join(parts)}" if parts else f"{len(seen)} tiles, set complete"

    @classmethod
    def from_toml(cls, text: str, source: str) -> TileSet:
        data = parse_toml(text, source)
        unknown = set(data) - {"name", "tiles"}
        if unknown:
            key = sorted(unknown)[0]
            raise InputError(source, "unknown field", line_of_key(text, key), key)
        name = data.get("name")
        if not isinstance(name, str) or not name:
            raise InputError(source, "must be a non-empty string", line_of_key(text, "name"), "name")
        tiles = data.get("tiles")
        if not isinstance(tiles, dict) or not tiles:
            raise InputError(source, "missing [tiles] table", None, "tiles")
        counts: dict[str, int] = {}
        values: dict[str, int] = {}
        for letter, spec in tiles.items():
            field = f"tiles.{letter}"
            line = line_of_key(text, field) or line_of_key(text, f'tiles."{letter}"')
            if letter != BLANK and not (len(letter) == 1 and letter.isalpha() and letter.isupper()):
                raise InputError(source, "a tile is one upper-case letter or '?'", line, field)
            if not isinstance(spec, dict) or set(spec) != {"count", "value"}:
                raise InputError(source, "must be { count = N, value = N }", line, field)
            for key in ("count", "value"):
                if not isinstance(spec[key], int) or isinstance(spec[key], bool) or spec[key] < 0:
                    raise InputError(source, f"{key} must be a whole number >= 0", line, f"{field}.{key}")
            counts[letter] = spec["count"]
            values[letter] = spec["value"]
        if values.get(BLANK, 0) != 0:
            raise InputError(source, "the blank scores 0", line_of_key(text, 'tiles."?"'), "tiles.?.value")
        return cls(name, counts, values)


@cache
def load_tileset(name: str = "english") -> TileSet:
    """A bundled tile set by name ('english', 'german')."""
    from kiosk.rules import data

    text, source = data.read_text("tilesets", name)
    return TileSet.from_toml(text, source)
