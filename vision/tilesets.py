"""Letter values printed on the tiles and the letter counts of a full bag.

The renderer (vision.synth) needs them to print the small value number on each tile
and to draw plausible boards; the reader (vision.value) to know which letters print a
two-digit number. They are the standard English and German sets.
"""
from __future__ import annotations

from dataclasses import dataclass

BLANK = "?"


@dataclass(frozen=True)
class TileSetInfo:
    name: str
    values: dict[str, int]  # printed number per letter (the blank prints none)
    counts: dict[str, int]  # tiles of each letter in a full bag, blank as '?'

    @property
    def letters(self) -> list[str]:
        return [letter for letter in self.values if letter != BLANK]


def _table(spec: str) -> dict[str, int]:
    """'A1 B3 ...' -> {'A': 1, 'B': 3, ...}"""
    return {item[0]: int(item[1:]) for item in spec.split()}


ENGLISH = TileSetInfo(
    name="english",
    values=_table("A1 B3 C3 D2 E1 F4 G2 H4 I1 J8 K5 L1 M3 N1 O1 P3 Q10 R1 S1 T1 U1 V4 W4 X8 Y4 Z10 ?0"),
    counts=_table("A9 B2 C2 D4 E12 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 P2 Q1 R6 S4 T6 U4 V2 W2 X1 Y2 Z1 ?2"),
)

GERMAN = TileSetInfo(
    name="german",
    values=_table(
        "A1 B3 C4 D1 E1 F4 G2 H2 I1 J6 K4 L2 M3 N1 O2 P4 Q10 R1 S1 T1 U1 V6 W3 X8 Y10 Z3 Ä6 Ö8 Ü6 ?0"
    ),
    counts=_table(
        "A5 B2 C2 D4 E15 F2 G3 H4 I6 J1 K2 L3 M4 N9 O3 P1 Q1 R6 S7 T6 U6 V1 W1 X1 Y1 Z1 Ä1 Ö1 Ü1 ?2"
    ),
)

TILESETS: dict[str, TileSetInfo] = {ENGLISH.name: ENGLISH, GERMAN.name: GERMAN}


def tile_value(letter: str, tileset: str = "english") -> int | None:
    """Number printed on a tile, or None for a blank; German letters use German values
    even in an English-set render (an English set has no such tiles)."""
    if letter == BLANK:
        return None
    values = TILESETS[tileset].values
    if letter not in values:
        values = GERMAN.values
    if letter not in values:
        raise ValueError(f"{letter!r} is not a tile: use 'A'-'Z', 'Ä', 'Ö', 'Ü' or '?' for a blank")
    return values[letter]
