"""Tile fonts: which TrueType fonts exist on this machine, and their glyphs as masks.

pygame always ships FreeSansBold. Where installed, the PyPI font packages in
_PACKAGE_FONTS (Roboto, Source Sans/Serif, Manrope, Red Hat Display, Lato, Hanken
Grotesk) add theirs, and the system's DejaVu fonts (sans, serif, condensed, mono) are
used too. Glyphs are rendered once per (font, character) at a large size and cached;
callers scale them.
"""
from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame.freetype  # noqa: E402

DEFAULT_FONT = "freesans-bold"
_RENDER_PX = 160  # glyph master size; downscaled for every tile size

_SYSTEM_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/local/share/fonts"),
)
_SYSTEM_FONTS = {
    "dejavu-sans-bold": "DejaVuSans-Bold.ttf",
    "dejavu-sans": "DejaVuSans.ttf",
    "dejavu-sans-condensed-bold": "DejaVuSansCondensed-Bold.ttf",
    "dejavu-serif-bold": "DejaVuSerif-Bold.ttf",
    "dejavu-serif": "DejaVuSerif.ttf",
    "dejavu-serif-condensed-bold": "DejaVuSerifCondensed-Bold.ttf",
    "dejavu-sans-mono-bold": "DejaVuSansMono-Bold.ttf",
}


# name -> (module of a PyPI font package, attribute holding the font file's path)
_PACKAGE_FONTS = {
    "roboto-bold": ("font_roboto", "RobotoBold"),
    "roboto-medium": ("font_roboto", "RobotoMedium"),
    "source-sans-bold": ("font_source_sans_pro", "SourceSansProBold"),
    "source-sans-semibold": ("font_source_sans_pro", "SourceSansProSemibold"),
    "source-serif-bold": ("font_source_serif_pro", "SourceSerifProBold"),
    # geometric sans fonts: a Q whose tail crosses into the bowl, single-storey shapes
    "manrope-bold": ("font_manrope", "ManropeBold"),
    "manrope-semibold": ("font_manrope", "ManropeSemiBold"),
    "red-hat-display-bold": ("font_rhd", "RedHatDisplayBold"),
    "red-hat-display-medium": ("font_rhd", "RedHatDisplayMedium"),
    "lato-bold": ("font_lato", "LatoBold"),
    "lato-black": ("font_lato", "LatoBlack"),
    "hanken-grotesk-bold": ("font_hanken_grotesk", "HankenGroteskBold"),
}


def _package_font(module: str, attribute: str) -> Path | None:
    try:
        path = Path(getattr(importlib.import_module(module), attribute))
    except (ImportError, AttributeError):
        return None
    return path if path.is_file() else None


@lru_cache(maxsize=1)
def _font_paths() -> dict[str, Path]:
    paths = {DEFAULT_FONT: Path(pygame.__file__).parent / pygame.font.get_default_font()}
    for name, (module, attribute) in _PACKAGE_FONTS.items():
        path = _package_font(module, attribute)
        if path is not None:
            paths[name] = path
    for name, filename in _SYSTEM_FONTS.items():
        for folder in _SYSTEM_DIRS:
            if (folder / filename).is_file():
                paths[name] = folder / filename
                break
    return paths


def available_fonts() -> list[str]:
    """Names of the tile fonts usable here; always contains DEFAULT_FONT."""
    return list(_font_paths())


KNOWN_FONTS = (DEFAULT_FONT, *_PACKAGE_FONTS, *_SYSTEM_FONTS)


def font_for_draw(u: float) -> str:
    """The font a uniform draw u in [0, 1) picks. Picking from the fixed list of every
    font the renderer knows (falling to the next one installed) keeps a seed's other
    choices the same on a machine that has fewer fonts."""
    paths = _font_paths()
    start = int(u * len(KNOWN_FONTS)) % len(KNOWN_FONTS)
    for step in range(len(KNOWN_FONTS)):
        name = KNOWN_FONTS[(start + step) % len(KNOWN_FONTS)]
        if name in paths:
            return name
    return DEFAULT_FONT


@lru_cache(maxsize=None)
def _font(name: str) -> pygame.freetype.Font:
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    paths = _font_paths()
    if name not in paths:
        raise ValueError(f"unknown tile font {name!r}; available: {', '.join(paths)}")
    font = pygame.freetype.Font(str(paths[name]), _RENDER_PX)
    font.antialiased = True
    return font


@lru_cache(maxsize=None)
def has_glyphs(font_name: str, text: str) -> bool:
    """Whether the font draws every character of `text` (Lato has no Č, for one)."""
    return all(m is not None for m in _font(font_name).get_metrics(text, size=_RENDER_PX))


def font_with(font_name: str, text: str) -> str:
    """`font_name` if it draws `text`, else the first available font that does."""
    if has_glyphs(font_name, text):
        return font_name
    return next((f for f in available_fonts() if has_glyphs(f, text)), DEFAULT_FONT)


@dataclass(frozen=True)
class Glyph:
    """Coverage mask of one character, in font units of the master size."""

    mask: np.ndarray  # float32 0..1, rows x cols
    left: int  # ink's left edge relative to the pen position
    top: int  # ink's top edge above the baseline (positive = up)
    cap_height: int  # height of 'H' in the same font, for consistent scaling


@lru_cache(maxsize=512)
def glyph(font_name: str, char: str) -> Glyph:
    font = _font(font_name)
    buffer, (width, height) = font.render_raw(char, size=_RENDER_PX)
    rect = font.get_rect(char, size=_RENDER_PX)
    mask = np.frombuffer(buffer, np.uint8).reshape(height, width).astype(np.float32) / 255.0
    cap = font.get_rect("H", size=_RENDER_PX).height
    return Glyph(mask=mask, left=rect.x, top=rect.y, cap_height=cap)
