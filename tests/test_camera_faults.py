"""Any frame is safe (issue 14): every camera source and the board reader take any array a
camera could hand over and answer "not readable", never an exception."""
from __future__ import annotations

import logging
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from hardware.camera import CameraError, CameraInfo, CameraNoFrames, FolderCamera, PiCamera, UsbCamera, VideoFileCamera
from kiosk.replay.camera import ReplayCamera
from kiosk.vision_worker import read_once
from vision.config import VisionConfig
from vision.frame_guard import as_bgr, check_frame, fit_zones
from vision.observation import BoardObservation
from vision.reader import BoardReader

ROOT = Path(__file__).resolve().parents[1]
FRAMES = ROOT / "fixtures" / "games" / "first-off-centre"

ZONES = {
    "p1": np.array([[10, 400], [600, 400], [600, 470], [10, 470]], np.float32),     # inside a 640x480 frame
    "p2": np.array([[500, 300], [900, 300], [900, 380], [500, 380]], np.float32),   # reaches past its right edge
    "p3": np.array([[2000, 2000], [2100, 2000], [2100, 2050], [2000, 2050]], np.float32),  # wholly outside
}


@pytest.fixture(scope="module")
def reader() -> BoardReader:
    return BoardReader(VisionConfig(rack_zones=dict(ZONES)))


def a_real_frame() -> np.ndarray:
    from kiosk.replay.frames import ensure_frames
    from kiosk.replay.script import load_script

    script = load_script(FRAMES)
    ensure_frames(FRAMES, script)
    first = sorted(p for p in script.frames_dir.iterdir() if p.suffix in (".png", ".jpg"))[0]
    return cv2.imread(str(first))


BAD = {
    "none": None,
    "zero bytes": b"",
    "empty": np.zeros((0, 0, 3), np.uint8),
    "1x1": np.zeros((1, 1, 3), np.uint8),
    "flat 1-D": np.arange(1000, dtype=np.uint8),
    "4-D": np.zeros((2, 60, 60, 3), np.uint8),
    "5 channels": np.zeros((80, 80, 5), np.uint8),
    "black": np.zeros((480, 640, 3), np.uint8),
    "white": np.full((480, 640, 3), 255, np.uint8),
    "flat grey colour": np.full((480, 640, 3), (60, 90, 120), np.uint8),
    "tiny colour": np.random.default_rng(1).integers(0, 256, (20, 30, 3), dtype=np.uint8),
    "strings": np.array([["a", "b"], ["c", "d"]]),
    "objects": np.array([[object(), None]], dtype=object),
    "nan floats": np.full((100, 100), np.nan),
    "complex": np.zeros((100, 100), np.complex64),
}


@pytest.mark.parametrize("name", list(BAD))
def test_the_reader_answers_not_readable_for_frames_that_show_no_board(reader, name):
    observation = reader.observe(BAD[name])
    assert isinstance(observation, BoardObservation)
    assert not observation.located
    assert observation.problems and observation.problems[0].startswith("not readable"), observation.problems
    assert observation.board_text() == ["#" * 15] * 15


@pytest.mark.parametrize("convert", ["grey", "bgra", "uint16", "float01", "int32", "bool-ish", "non-contiguous"])
def test_any_encoding_of_a_real_frame_is_read_like_the_frame(convert):
    frame = a_real_frame()
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    variants = {
        "grey": grey,
        "bgra": cv2.cvtColor(frame, cv2.COLOR_BGR2BGRA),
        "uint16": frame.astype(np.uint16) * 257,
        "float01": frame.astype(np.float32) / 255.0,
        "int32": frame.astype(np.int32),
        "bool-ish": grey[:, :, None],
        "non-contiguous": np.asfortranarray(frame)[:, ::1],
    }
    image, why = check_frame(variants[convert])
    assert why == "" and image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert image.flags["C_CONTIGUOUS"]
    expected = cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR) if convert in ("grey", "bool-ish") else frame
    assert np.abs(image.astype(int) - expected.astype(int)).max() <= 1


def test_the_real_board_is_still_read_through_the_guard():
    frame = a_real_frame()
    observation = BoardReader(VisionConfig()).observe(frame)
    assert observation.located, observation.problems


def test_rack_zones_outside_the_frame_are_clipped_or_left_out_and_reported_once(caplog):
    fitted, notes = fit_zones(ZONES, (480, 640, 3))
    assert set(fitted) == {"p1", "p2"}
    assert np.array_equal(fitted["p1"], ZONES["p1"]) and np.array_equal(fitted["p2"], ZONES["p2"])
    assert any("p2" in n and "part inside" in n for n in notes) and any("p3" in n and "not counted" in n for n in notes)
    reader = BoardReader(VisionConfig(rack_zones=dict(ZONES)))
    frame = np.random.default_rng(2).integers(0, 256, (480, 640, 3), dtype=np.uint8)
    with caplog.at_level(logging.WARNING, logger="vision.frame_guard"):
        for _ in range(3):
            observation = reader.observe(frame)
    assert not observation.located and observation.rack_counts == {}   # no board, no tile size: racks unknown
    reports = [r.getMessage() for r in caplog.records if "rack zone" in r.getMessage()]
    assert len(reports) == 2, reports                           # once each, not once per frame
    small = np.random.default_rng(3).integers(0, 256, (120, 160, 3), dtype=np.uint8)
    assert isinstance(reader.observe(small), BoardObservation)   # smaller than every zone: no exception


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(
    hnp.arrays(
        dtype=st.sampled_from([np.uint8, np.uint16, np.int16, np.float32, np.float64, np.bool_]),
        shape=st.one_of(
            hnp.array_shapes(min_dims=1, max_dims=4, min_side=0, max_side=8),
            st.tuples(st.integers(0, 130), st.integers(0, 130)),
            st.tuples(st.integers(0, 130), st.integers(0, 130), st.sampled_from([1, 2, 3, 4])),
        ),
    )
)
def test_hypothesis_any_array_gives_an_observation_never_an_exception(reader, array):
    observation = reader.observe(array)
    assert isinstance(observation, BoardObservation)
    assert len(observation.cells) == 225
    if not observation.located:
        assert observation.problems


@settings(max_examples=40, deadline=None)
@given(st.binary(max_size=64), st.sampled_from(["float", "neg"]))
def test_hypothesis_odd_values_and_bytes(reader, data, kind):
    assert isinstance(reader.observe(data), BoardObservation)
    values = np.frombuffer(data.ljust(8 * 64 * 64, b"\0")[: 8 * 64 * 64], np.float64).reshape(64, 64)
    if kind == "neg":
        values = -np.abs(values)
    assert isinstance(reader.observe(values), BoardObservation)


# ----- camera sources ---------------------------------------------------------------------


def recorded_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "rec"
    folder.mkdir()
    frame = a_real_frame()
    ok, jpeg = cv2.imencode(".jpg", frame)
    assert ok
    (folder / "a-good.jpg").write_bytes(jpeg.tobytes())
    (folder / "b-truncated.jpg").write_bytes(jpeg.tobytes()[: len(jpeg) // 3])
    (folder / "c-zero.jpg").write_bytes(b"")
    (folder / "d-garbage.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 40)
    cv2.imwrite(str(folder / "e-grey.png"), cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY))
    cv2.imwrite(str(folder / "f-16bit.png"), frame.astype(np.uint16) * 257)
    (folder / "g-gone.jpg").write_bytes(jpeg.tobytes())
    return folder


def test_a_recorded_folder_with_damaged_and_missing_frames(tmp_path, reader):
    folder = recorded_folder(tmp_path)
    camera = FolderCamera(folder)
    (folder / "g-gone.jpg").unlink()           # deleted after the folder was listed
    outcomes = {}
    for name in camera.names:
        camera.show(name)
        try:
            frame = camera.read()
        except CameraNoFrames as exc:
            outcomes[name] = str(exc)
            assert name in str(exc)
            continue
        assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
        outcomes[name] = reader.observe(frame)
    assert isinstance(outcomes["c-zero.jpg"], str) and "0 bytes" in outcomes["c-zero.jpg"]
    assert isinstance(outcomes["d-garbage.png"], str)
    assert isinstance(outcomes["g-gone.jpg"], str)
    # a JPEG cut short: whatever OpenCV makes of it (here: nothing) is a camera error naming the file
    assert "b-truncated.jpg" in str(outcomes["b-truncated.jpg"])
    assert outcomes["e-grey.png"].located and outcomes["f-16bit.png"].located


def test_the_replay_camera_shows_a_missing_frame_as_a_camera_problem(tmp_path):
    folder = recorded_folder(tmp_path)
    camera = ReplayCamera(folder)
    camera.show("no-such-frame")                # the script names a frame the recording lacks
    reading = read_once(camera, BoardReader(VisionConfig()), lambda: 0.0)
    assert reading.observation is None and "no-such-frame" in reading.error
    camera.show("c-zero")
    reading = read_once(camera, BoardReader(VisionConfig()), lambda: 0.0)
    assert reading.observation is None and "0 bytes" in reading.error
    camera.show("a-good")
    assert camera.read().shape[2] == 3


class FakeCapture:
    def __init__(self, frames):
        self.frames = list(frames)

    def read(self):
        item = self.frames.pop(0)
        if isinstance(item, Exception):
            raise item
        return item

    def release(self):
        pass


@pytest.mark.parametrize("given_frame, ok", [
    ((True, None), False), ((True, np.zeros((0, 0, 3), np.uint8)), False), ((True, np.zeros(7, np.uint8)), False),
    ((True, np.zeros((48, 64, 4), np.uint8)), True), ((True, np.zeros((48, 64), np.uint16)), True),
    ((False, None), False), (cv2.error("driver"), False),
])
def test_usb_and_video_sources_hand_over_a_bgr_frame_or_a_camera_error(tmp_path, given_frame, ok):
    for cls in (UsbCamera, VideoFileCamera):
        camera = cls.__new__(cls)
        camera._capture = FakeCapture([given_frame])
        camera._node = str(tmp_path / "video9")
        camera._loop = False
        camera.info = CameraInfo("test camera", (64, 48), None)
        if ok:
            frame = camera.read()
            assert frame.shape == (48, 64, 3) and frame.dtype == np.uint8
        else:
            with pytest.raises(CameraError):
                camera.read()


@pytest.mark.parametrize("array, ok", [
    (np.zeros((48, 64, 4), np.uint8), True), (np.zeros((48, 64), np.uint8), True), (None, False),
    (np.zeros((0, 64, 3), np.uint8), False), (RuntimeError("libcamera timeout"), False),
])
def test_pi_camera_source_hands_over_a_bgr_frame_or_a_camera_error(array, ok):
    class FakePicamera:
        def capture_array(self, stream):
            if isinstance(array, Exception):
                raise array
            return array

    camera = PiCamera.__new__(PiCamera)
    camera._camera = FakePicamera()
    camera.info = CameraInfo("Pi camera 0 (test)", (64, 48), None)
    if ok:
        assert camera.read().shape == (48, 64, 3)
    else:
        with pytest.raises(CameraNoFrames):
            camera.read()


def test_as_bgr_names_what_is_wrong():
    assert as_bgr(None)[1] == "no frame"
    assert "bytes" in as_bgr(b"\xff\xd8")[1]
    assert "dimensions" in as_bgr(np.zeros(5))[1]
    assert "channels" in as_bgr(np.zeros((9, 9, 7)))[1]
