"""Word lists from disk: the bundled default (the kjxqz package's words.txt) or a club's
own file by path. Parsing is `kiosk.rules.lexicon`'s; this module only reads bytes."""
from __future__ import annotations

from importlib import resources
from pathlib import Path

from kiosk.errors import InputError
from kiosk.rules.lexicon import Lexicon, parse_word_list
from kiosk.rules.tiles import TileSet

DEFAULT_PACKAGE = "kjxqz"
DEFAULT_FILE = "words.txt"


def default_lexicon() -> Lexicon:
    """The default English list that installs with the project (kjxqz, Apache-2.0)."""
    source = f"<{DEFAULT_PACKAGE} {DEFAULT_FILE}>"
    try:
        data = resources.files(DEFAULT_PACKAGE).joinpath(DEFAULT_FILE).read_bytes()
    except (ModuleNotFoundError, OSError) as exc:
        raise InputError(source, f"default word list not installed ({exc}); pip install {DEFAULT_PACKAGE}") from None
    return parse_word_list(data, source, name="default")


def load_word_list(path: str | Path, tileset: TileSet | None = None) -> Lexicon:
    """A club's own word list: plain UTF-8 text, one word per line, in any language: with
    the game's `tileset`, multi-letter tiles written as their letters (CHICO) are read as
    one tile each (kiosk.rules.lexicon)."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(str(path), f"cannot read the word list ({exc.strerror})") from None
    return parse_word_list(data, str(path), name=path.stem, tileset=tileset)
