"""A club checks its own racks: photos from the kiosk's camera read as the kiosk reads them.

    python -m vision.rack_check --config kiosk.toml seven.jpg eight.jpg [more.jpg ...]

The first photo shows seven tiles on each rack, as a game starts: the reader learns each rack
it reads as seven (BoardReader.racks_hold, as the kiosk does at a game's first press). Every
photo is then read with the config's rack zones ([vision.racks]) and the count of each rack is
printed, or "not seen" (a hand over it, tiles too like the rack or the table in colour, a rack
out of the picture) - the kiosk never asks about a rack it has not seen.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2

from vision.config import load_config
from vision.reader import BoardReader

STARTING_TILES = 7


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--config", type=Path, required=True, help="the kiosk's TOML file with [vision.racks]")
    parser.add_argument("photos", type=Path, nargs="+", help="the first with seven tiles on each rack")
    args = parser.parse_args(argv)
    config = load_config(args.config)
    if not config.rack_zones:
        print(f"{args.config}: no [vision.racks] zones: the kiosk does not watch the racks", file=sys.stderr)
        return 2
    reader = BoardReader(config)
    reader.racks_hold({name: STARTING_TILES for name in config.rack_zones})
    for photo in args.photos:
        frame = cv2.imread(str(photo))
        if frame is None:
            print(f"{photo}: not an image", file=sys.stderr)
            return 2
        observation = reader.observe(frame)
        if not observation.located:
            print(f"{photo}: board not found, racks not read ({'; '.join(observation.problems)})")
            continue
        seen = []
        for name in sorted(config.rack_zones):
            if name in observation.rack_counts:
                seen.append(f"{name} {observation.rack_counts[name]} tiles")
            else:
                seen.append(f"{name} not seen" + (" (something over it)" if name in observation.rack_blocked else ""))
        learnt = ", ".join(sorted(reader.racks_learnt())) or "none"
        print(f"{photo}: {'; '.join(seen)}  [racks learnt: {learnt}]")
    return 0


if __name__ == "__main__":
    from kiosk.__main__ import run_command
    sys.exit(run_command("vision.rack_check", main))
