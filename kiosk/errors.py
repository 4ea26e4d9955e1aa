"""One error type for bad input a person must fix: it names the file, line and field.

Every loader (config, rule profile, pin map, lexicon, journal, GCG) raises
`InputError`; command-line tools and the screen print `str(error)`, one line, never a
traceback.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from typing import Any


@dataclass
class InputError(Exception):
    source: str  # file path, or a description such as "<built-in profile naspa>"
    message: str
    line: int | None = None
    field: str | None = None

    def __str__(self) -> str:
        where = self.source if self.line is None else f"{self.source}:{self.line}"
        what = f"{self.field}: {self.message}" if self.field else self.message
        return f"{where}: {what}"


def line_of_key(text: str, dotted_key: str) -> int | None:
    """1-based line where a TOML key is defined (under its table), or None.

    tomllib reports syntax errors with a line, but not where a well-formed yet
    wrong value sits; this finds it so a message can point at the line.
    """
    *tables, key = dotted_key.split(".")
    table = ".".join(tables)
    current = ""
    key_re = re.compile(rf"^\s*{re.escape(key)}\s*=")
    for number, line in enumerate(text.splitlines(), start=1):
        header = re.match(r"^\s*\[+\s*([^\]]+?)\s*\]+", line)
        if header:
            current = header.group(1)
        elif current == table and key_re.match(line):
            return number
    return None


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """Parse TOML text, turning a syntax error into an InputError with its line."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"line (\d+)", str(exc))
        raise InputError(source, f"not valid TOML ({exc})", int(match.group(1)) if match else None) from None
