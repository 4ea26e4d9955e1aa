"""A club sets up and checks its own racks: photos from the kiosk's camera, read as the kiosk
reads them.

    python -m vision.rack_check setup seven.jpg [--config kiosk.toml] [--out racks.png]

finds the racks by themselves in a photo with seven tiles standing on each rack (as a game
starts; vision.rack_find.find_racks through the reader, as the kiosk's start screen does),
writes a PNG with each rack's zone outlined and the tiles counted in it, and prints the
`[vision.racks]` table to paste into the kiosk's config (the zones are in the photo's
pixels: take it with the kiosk's camera, at the size the kiosk reads). A photo in which no
rack is found is an error naming it. Then

    python -m vision.rack_check --config kiosk.toml seven.jpg eight.jpg [more.jpg ...]

The first photo shows seven tiles on each rack, as a game starts: the reader learns each rack
it can (BoardReader.racks_hold, as the kiosk does at a game's first press); a rack whose seven
read surely as fewer is not counted ("not counted", as the kiosk then does). Every
photo is then read with the config's rack zones ([vision.racks]) and the count of each rack is
printed, or "not seen" (a hand over it, tiles too like the rack or the table in colour, a rack
out of the picture) - the kiosk never asks about a rack it has not seen.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2
import numpy as np

from vision.config import RACK_NAMES, VisionConfig, load_config
from vision.rack_counter import RackFind
from vision.reader import BoardReader

STARTING_TILES = 7
OUTLINE = {"p1": (40, 200, 40), "p2": (40, 160, 255)}  # BGR: each rack's zone on the PNG


def main(argv: list[str] | None = None) -> int:
    args_in = list(sys.argv[1:] if argv is None else argv)
    if args_in[:1] == ["setup"]:
        return setup(args_in[1:])
    return check(args_in)


def setup(argv: list[str]) -> int:
    """`setup PHOTO`: find the racks, write the PNG, print the [vision.racks] table."""
    parser = argparse.ArgumentParser(prog="python -m vision.rack_check setup",
                                     description="find the racks in a photo with seven tiles on each rack")
    parser.add_argument("photo", type=Path, help="a photo from the kiosk's camera, seven tiles on each rack")
    parser.add_argument("--config", type=Path, help="the kiosk's TOML file (its [vision] corners, calibration, tileset)")
    parser.add_argument("--out", type=Path, help="the PNG with the racks outlined (default: PHOTO-racks.png beside it)")
    args = parser.parse_args(argv)
    config = load_config(args.config) if args.config is not None else VisionConfig()
    frame = cv2.imread(str(args.photo))
    if frame is None:
        print(f"{args.photo}: not an image", file=sys.stderr)
        return 2
    reader = BoardReader(config)
    racks = reader.racks
    racks.look_for_racks(True)
    observation = reader.observe(frame)
    if not observation.located:
        print(f"{args.photo}: board not found, so the racks beside it were not looked for "
              f"({'; '.join(observation.problems)})", file=sys.stderr)
        return 2
    reader.observe(frame)   # the kiosk offers racks found alike in two readings
    find = racks.agreed_find()
    if find is None or not find.zones:
        print(f"{args.photo}: no rack with seven tiles found beside the board (each rack wholly in the photo, "
              "seven tiles standing on it, in a colour unlike the rack's and the table's?); the zones can "
              "also be measured by hand: [vision.racks] in the kiosk's config", file=sys.stderr)
        return 2
    # read back as the game will: the zones in force, learnt with seven (the first press)
    racks.look_for_racks(False)
    racks.use_zones(find.zones, find.profiles, find.colours)
    reader.racks_hold({name: STARTING_TILES for name in find.zones})
    counts = reader.observe(frame).rack_counts
    out = args.out or args.photo.with_name(f"{args.photo.stem}-racks.png")
    if not cv2.imwrite(str(out), outlined(frame, find, counts)):
        print(f"{out}: cannot write the PNG", file=sys.stderr)
        return 2
    print(racks_toml(find, counts, frame.shape[1], frame.shape[0]))
    print(f"# {out}: each zone outlined with the tiles counted in it; paste the table above into the config",
          file=sys.stderr)
    return 0


def racks_toml(find: RackFind, counts: dict[str, int], width: int, height: int) -> str:
    """The [vision.racks] table of the racks found, in the photo's pixels."""
    lines = [f"# racks found by `python -m vision.rack_check setup` in a {width}x{height} photo",
             "[vision.racks]"]
    for name in RACK_NAMES:
        zone = find.zones.get(name)
        if zone is None:
            lines.append(f"# {name}: not found; measure its zone by hand (four corners, frame pixels)")
            continue
        points = ", ".join(f"[{int(round(float(x)))}, {int(round(float(y))) }]" for x, y in np.asarray(zone))
        seen = counts.get(name)
        lines.append(f"{name} = [{points}]   # {seen if seen is not None else 'not'} tiles read in it")
    return "\n".join(lines)


def outlined(frame: np.ndarray, find: RackFind, counts: dict[str, int]) -> np.ndarray:
    """The photo with the board and each rack's zone outlined, named and its count written."""
    image = frame.copy()
    thick = max(2, int(round(find.square / 12)))
    cv2.polylines(image, [np.round(find.board).astype(np.int32)], True, (200, 200, 200), max(1, thick // 2))
    for name, zone in sorted(find.zones.items()):
        colour = OUTLINE.get(name, (255, 255, 255))
        z = np.round(zone).astype(np.int32)
        cv2.polylines(image, [z], True, colour, thick)
        cv2.line(image, tuple(int(v) for v in z[0]), tuple(int(v) for v in z[1]), colour, 2 * thick)  # the board's side
        seen = counts.get(name)
        text = f"{name}: {seen} tiles" if seen is not None else f"{name}: not read"
        scale = find.square / 28
        (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thick)
        centre = zone.mean(axis=0)
        below = 1 if centre[1] > find.board[:, 1].mean() else -1   # away from the board
        y = int(zone[:, 1].max() + th + thick * 3) if below > 0 else int(zone[:, 1].min() - thick * 3)
        y = min(max(y, th + 2), image.shape[0] - 4)
        x = min(max(int(centre[0] - tw / 2), 2), image.shape[1] - tw - 2)
        cv2.putText(image, text, (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), thick + 3, cv2.LINE_AA)
        cv2.putText(image, text, (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale, colour, thick, cv2.LINE_AA)
    for name, bottom in (("p1", True), ("p2", False)):
        if name not in find.zones:   # named on the side of the board where it was looked for
            text = f"{name}: no rack found here"
            scale = find.square / 28
            (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thick)
            x, y = (image.shape[1] - tw) // 2, image.shape[0] - 3 * th if bottom else 3 * th
            cv2.putText(image, text, (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), thick + 3, cv2.LINE_AA)
            cv2.putText(image, text, (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale, (60, 60, 255), thick, cv2.LINE_AA)
    return image


def check(argv: list[str]) -> int:
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
            elif name in reader.racks.racks_misread():
                seen.append(f"{name} not counted (its seven tiles read as fewer)")
            else:
                seen.append(f"{name} not seen" + (" (something over it)" if name in observation.rack_blocked else ""))
        learnt = ", ".join(sorted(reader.racks_learnt())) or "none"
        print(f"{photo}: {'; '.join(seen)}  [racks learnt: {learnt}]")
    return 0


if __name__ == "__main__":
    from kiosk.__main__ import run_command
    sys.exit(run_command("vision.rack_check", main))
