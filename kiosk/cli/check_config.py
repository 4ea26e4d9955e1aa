"""`python -m kiosk check-config [FILE] [--strict]`

Prints the settings the kiosk would use with FILE (default: $KIOSK_CONFIG, else
/etc/scrabble-kiosk/kiosk.toml), one `key = value` line each, then every problem, one
line each naming file, line and key. Exit status: 0 when the kiosk would start (warnings
included; with --strict a warning fails too: 1), 2 when it would refuse the file.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from kiosk.config import KioskConfig, config_path, read_config
from vision.config import VisionConfig


def settings(config: KioskConfig) -> list[tuple[str, str]]:
    """The effective settings as (key, shown value), in the file's order."""
    rules = config.rules
    vision = config.vision
    pins = config.pins
    profile = (f"{config.profile} (file {config.profile_path}: {rules.title})" if config.profile_path
               else f"{config.profile} ({rules.title})")
    from kiosk.rules.tiles import load_tileset

    tiles = load_tileset(config.tileset)
    lexicon = {"default": "default (the bundled English word list)",
               "none": "none (challenges are not judged)"}.get(config.lexicon, config.lexicon)
    camera = config.camera.kind + (f":{config.camera.index}" if config.camera.index is not None else "") + (
        f" {config.camera.path}" if config.camera.path else "")
    corners = ("found by the kiosk" if vision.corners is None
               else " ".join(f"[{x:g}, {y:g}]" for x, y in vision.corners.tolist()))
    racks = ", ".join(f"{name} ({len(zone)} points)" for name, zone in vision.rack_zones.items()) or "none (racks not counted)"
    wired = " ".join(f"{name}={pin}" for name, pin in pins.buttons.items())
    stand_ins = "".join(f" {name}=long {button}" for name, button in pins.stand_ins.items())
    leds = " ".join(f"{name}={pin}" for name, pin in pins.leds.items()) or "none"
    size = ("the screen's own size" if not config.display.width
            else f"{config.display.width} x {config.display.height}")
    return [
        ("game.profile", profile),
        ("game.tileset", f"{tiles.name} ({tiles.size} tiles)"),
        ("game.lexicon", lexicon),
        ("game.players", ", ".join(config.players)),
        ("game.roster", (f"{len(config.roster)} names: " + ", ".join(config.roster)) if config.roster
         else "none (names from game.players, or laid out in tiles on the empty board)"),
        ("files.games_dir", str(config.games_dir)),
        ("files.log_dir", str(config.log_dir / "kiosk.log") + " (4 x 1 MB)" if config.log_dir else "none (journald only)"),
        ("camera.source", camera),
        ("vision.calibration", str(vision.calibration) if vision.calibration else "none (uncalibrated)"),
        ("vision.corners", corners),
        ("vision.fixed_turn", fixed_turn(vision)),
        ("vision.racks", racks),
        ("vision.opencv", opencv()),
        ("hardware.pin_map", f"{pins.source}: buttons {wired}{stand_ins}; LEDs {leds}; "
                             f"bounce {pins.bounce_s:g} s, long press {pins.long_press_s:g} s"),
        ("display", f"{'fullscreen' if config.display.fullscreen else 'window'}, {size}"),
        ("sound.enabled", "true (a short tone for each new alert)" if config.sound else "false"),
        ("network", network(config)),
    ]


def opencv() -> str:
    """The running OpenCV, and whether the reader's tests check it (vision.libraries)."""
    import cv2

    from vision.libraries import untested_opencv

    return untested_opencv() or f"{cv2.__version__} (the release the reader's tests check)"


def fixed_turn(vision: VisionConfig) -> str:
    """Whether the board turns, as the reader takes it (VisionConfig.fixed_turn, corners)."""
    if vision.corners is not None:
        return "board fixed, turn 0 (vision.corners are given upright)"
    if vision.fixed_turn is not None:
        return f"board fixed, turn {vision.fixed_turn} (located and followed; the tiles never decide which way up)"
    return "none: a turntable (which way up is read from the tiles)"


def network(config: KioskConfig) -> str:
    """The feed in one line; never the password."""
    feed = config.network
    if feed is None:
        return "off"
    login = f", user {feed.username}" if feed.username else ""
    return (f"broker {feed.broker}:{feed.port}, table {feed.table}, round {feed.round}"
            f"{', TLS' if feed.tls else ''}{login}")


def check(path: Path | None, out: TextIO, *, strict: bool = False) -> int:
    shown = path if path is not None else config_path()[0]
    config, errors = read_config(path, deep=True)
    print(f"config: {shown}" + (" (not found: the defaults)" if config and config.source == "<defaults>" else ""),
          file=out)
    if config is not None and not errors:
        width = max(len(key) for key, _ in settings(config))
        for key, value in settings(config):
            print(f"  {key:<{width}} = {value}", file=out)
    warnings = config.warnings if config is not None else ()
    for warning in warnings:
        print(f"warning: {warning}", file=out)
    for error in errors:
        print(f"refused: {error}", file=out)
    if errors:
        print(f"the kiosk would refuse to start: {len(errors)} problem{'s' * (len(errors) != 1)}"
              f"{f', {len(warnings)} warning' + 's' * (len(warnings) != 1) if warnings else ''}", file=out)
        return 2
    print(f"the kiosk would start; {len(warnings) or 'no'} warning{'s' * (len(warnings) != 1)}", file=out)
    return 1 if strict and warnings else 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m kiosk check-config", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("file", type=Path, nargs="?", help="the config file (default: $KIOSK_CONFIG or /etc/scrabble-kiosk/kiosk.toml)")
    parser.add_argument("--strict", action="store_true", help="exit 1 when there is any warning")
    args = parser.parse_args(argv)
    return check(args.file, sys.stdout, strict=args.strict)
