"""The live kiosk's rack counting does no work a frame does not need, and counts as a full reading
does (vision.rack_counter.RackCounter.observe, the zones' geometry kept between frames: vision.racks.MadeOnce);
the bench's following line tells its two kinds of frame apart."""
import numpy as np

from vision import rack_counter, rack_face_down
from vision.rack_bench import TOLERANCE, _by_racks_read, board_tile_lab, square
from vision.rack_counter import RackCounter
from vision.rack_face_down import count_face_down
from vision.racks import MadeOnce, board_side_first, read_rack
from vision.synth.racks import RackScene, RackSceneOptions, render_rack_scene

SEED = 900  # p1: nine tiles (read 9, an overdraw); p2: three, two more face down beside it (read 3 and 2)


def _scene() -> RackScene:
    return render_rack_scene(SEED, size=800, options=RackSceneOptions(counts={"p1": 9, "p2": 3}, hand="",
                                                                      half_out="", face_down={"p2": 2}))


def _noisy(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.clip(image + rng.normal(0, 2.0, image.shape), 0, 255).astype(np.uint8)


def test_an_overdraw_is_read_anew_on_every_frame_without_its_surroundings_compared(monkeypatch):
    scene = _scene()
    lab = board_tile_lab(scene)
    taken: list[np.ndarray] = []
    real_retake = rack_counter.retake

    def retake(frame: np.ndarray, zone: np.ndarray, square_px: float, like: rack_counter.Thumb):
        taken.append(zone)
        return real_retake(frame, zone, square_px, like)

    monkeypatch.setattr(rack_counter, "retake", retake)
    counter = RackCounter()
    counter.use_zones(scene.zones)
    rng = np.random.default_rng(5)
    for _ in range(4):
        frame = _noisy(scene.image, rng)
        sight = counter.observe(frame, scene.board_corners, (lab, TOLERANCE), {})
        full = {p: read_rack(frame, z, square(scene, z), lab, TOLERANCE).count for p, z in scene.zones.items()}
        assert sight.counts == full == {"p1": 9, "p2": 3}
        assert sight.face_down == {"p2": 2}
    # p1 read on each of the four frames, p2 on the first two only (its count stands once two readings of
    # one picture agree; nothing changed around it after)
    assert counter.reads == 6 and counter.reads_skipped == 2
    # only p2's surroundings were taken again to be compared (frames 2-4); p1's never: it is read anew anyway
    assert len(taken) == 3


def test_the_table_beside_a_rack_is_worked_out_once_and_anew_when_the_zone_moves():
    scene = _scene()
    lab = board_tile_lab(scene)
    corners = np.asarray(scene.board_corners, np.float32)
    zone = board_side_first(scene.zones["p2"], corners.mean(axis=0))
    at_rack = square(scene, zone)
    rack_face_down._ENDS.clear()
    assert count_face_down(scene.image, zone, at_rack, lab, TOLERANCE, corners) == 2
    ends = rack_face_down._ends(scene.image.shape[:2], zone, at_rack, corners)
    assert rack_face_down._ends(scene.image.shape[:2], zone.copy(), at_rack, corners.copy()) is ends
    moved = zone + np.float32([0, 4])
    assert rack_face_down._ends(scene.image.shape[:2], moved, at_rack, corners) is not ends
    kept = count_face_down(scene.image, moved, at_rack, lab, TOLERANCE, corners)
    rack_face_down._ENDS.clear()
    assert kept == count_face_down(scene.image, moved, at_rack, lab, TOLERANCE, corners)


def test_what_is_made_once_is_kept_until_as_many_are_kept_then_all_forgotten():
    kept: MadeOnce[str, list[int]] = MadeOnce(2)
    made: list[int] = []

    def make(value: int) -> list[int]:
        made.append(value)
        return [value]

    first = kept.get("a", lambda: make(1))
    assert kept.get("a", lambda: make(2)) is first
    kept.get("b", lambda: make(3))
    kept.get("c", lambda: make(4))  # two kept already: both forgotten, "c" kept
    assert kept.get("c", lambda: make(5)) == [4]
    assert kept.get("a", lambda: make(6)) == [6]
    assert made == [1, 3, 4, 6]


def test_the_follow_bench_tells_frames_by_the_racks_they_read_anew():
    ms = np.array([1.0, 4.0, 6.0, 9.0, 1.5])
    assert _by_racks_read(ms, np.array([0, 1, 1, 2, 0])) == (
        "CPU per frame by racks read anew on it: 0 read: 2 frames, median 1.25 ms; 1 read: 2 frames, median 5.00 ms; "
        "2 read: 1 frames, median 9.00 ms")
