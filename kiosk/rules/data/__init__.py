"""Read the rules core's bundled data files (tile sets, rule profiles).

The one place the rules core touches files: its own package data, through
importlib.resources, so it works from a source tree, a wheel or a zip.
"""
from __future__ import annotations

from importlib import resources

from kiosk.errors import InputError

KINDS = ("tilesets", "profiles")


def available(kind: str) -> tuple[str, ...]:
    """Names of the bundled data files of one kind (file stems, sorted)."""
    folder = resources.files(__name__).joinpath(kind)
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml")))


def read_text(kind: str, name: str) -> tuple[str, str]:
    """(text, source description) of bundled data file `kind/name.toml`."""
    if kind not in KINDS:
        raise ValueError(f"unknown data kind {kind!r}")
    source = f"<built-in {kind[:-1]} {name}>"
    if name not in available(kind):
        raise InputError(source, f"no such {kind[:-1]}; bundled: {', '.join(available(kind))}", field="name")
    return resources.files(__name__).joinpath(kind, f"{name}.toml").read_text(encoding="utf-8"), source
