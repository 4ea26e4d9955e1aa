"""The live kiosk reads a rack again only when something around it changed (vision.rack_change,
vision.rack_counter.RackCounter.observe). Seeds here are test seeds."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

import vision.synth.racks as synth
from vision.rack_bench import TOLERANCE, board_tile_lab
from vision.rack_change import changed_parts, parts, thumb
from vision.rack_counter import RackCounter
from vision.racks import rack_square_px, read_rack
from vision.synth.racks import RackSceneOptions, render_rack_scene

OPTIONS = RackSceneOptions(counts={"p1": 5, "p2": 7}, hand="", half_out="", face_down={})


def _noisy(image: np.ndarray, seed: int, std: float = 3.0) -> np.ndarray:
    noise = np.random.default_rng(seed).normal(0, std, image.shape)
    return np.clip(image + noise, 0, 255).astype(np.uint8)


def _one_taken(seed: int, monkeypatch: pytest.MonkeyPatch, drop: int) -> synth.RackScene:
    """The scene of `seed` with p1's tile `drop` taken off its rack, everything else as it stood."""
    arrange = synth.arrange_tiles
    calls: list[int] = []

    def dropped(count, model, rng, thickness, lean=None):
        tiles = arrange(count, model, rng, thickness, lean)
        calls.append(count)
        if len(calls) == 1:  # p1's rack
            tiles = replace(tiles, positions=tiles.positions[:drop] + tiles.positions[drop + 1:])
        return tiles

    with monkeypatch.context() as m:
        m.setattr(synth, "arrange_tiles", dropped)
        return render_rack_scene(seed, options=OPTIONS)


@pytest.mark.parametrize("seed", [311, 312])
def test_noise_is_no_change_and_a_tile_taken_always_is(seed, monkeypatch):
    scene = render_rack_scene(seed, options=OPTIONS)
    zone = scene.zones["p1"]
    square = rack_square_px(scene.board_corners, zone)
    reference = thumb(_noisy(scene.image, 1), zone, square)
    assert reference is not None
    looked_at = parts(reference, zone, square)
    assert not changed_parts(reference, reference, thumb(_noisy(scene.image, 2), zone, square), looked_at).rack
    for drop in (0, 2, 4):
        taken = _one_taken(seed, monkeypatch, drop)
        assert changed_parts(reference, reference, thumb(_noisy(taken.image, 3), zone, square), looked_at).rack


def test_observe_keeps_a_reading_while_nothing_changes_and_reads_again_when_a_tile_is_taken(monkeypatch):
    seed = 313
    scene = render_rack_scene(seed, options=OPTIONS)
    lab = board_tile_lab(scene)
    counter = RackCounter()
    counter.use_zones(scene.zones)
    full = {p: read_rack(scene.image, z, rack_square_px(scene.board_corners, z), lab, TOLERANCE).count
            for p, z in scene.zones.items()}
    first = counter.observe(scene.image, scene.board_corners, (lab, TOLERANCE), {})
    assert first.counts == {p: n for p, n in full.items() if n is not None} and counter.reads == 2
    for k in range(3):
        again = counter.observe(_noisy(scene.image, 10 + k, 2.0), scene.board_corners, (lab, TOLERANCE), {})
        assert again == first
    # each count read once is read again on the next frame (it stands once two readings of one picture
    # agree: RackCounter._read_rack), then kept
    assert counter.reads == 4 and counter.reads_skipped == 4
    taken = _one_taken(seed, monkeypatch, 1)
    after = counter.observe(taken.image, taken.board_corners, (lab, TOLERANCE), {})
    assert counter.reads > 4  # p1 read again (p2 too: the renderer draws it anew after p1 changed)
    z = taken.zones["p1"]
    assert after.counts.get("p1") == read_rack(taken.image, z, rack_square_px(taken.board_corners, z), lab,
                                               TOLERANCE).count


def test_observe_reads_again_when_the_tile_colour_moves():
    scene = render_rack_scene(314, options=OPTIONS)
    lab = board_tile_lab(scene)
    counter = RackCounter()
    counter.use_zones(scene.zones)
    counter.observe(scene.image, scene.board_corners, (lab, TOLERANCE), {})
    counter.observe(scene.image, scene.board_corners, (lab + np.float32(10.0), TOLERANCE), {})
    assert counter.reads == 4
