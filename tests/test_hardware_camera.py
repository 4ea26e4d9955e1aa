"""Camera sources: one interface, typed errors, folder replay on the real scrabscrap photos."""
from pathlib import Path

import cv2
import numpy as np
import pytest

from hardware.camera import (
    CameraBadPath,
    CameraConfig,
    CameraError,
    CameraNoFrames,
    CameraNotFound,
    CameraUnplugged,
    FolderCamera,
    UsbCamera,
    VideoFileCamera,
    open_camera,
    pi_cameras,
    usb_camera_devices,
)

SHARED = Path(__file__).resolve().parents[2] / "shared"
GAME = SHARED / "datasets" / "scrabscrap-v1" / "spiel-12"


def coloured_images(folder: Path, count: int) -> list[np.ndarray]:
    frames = []
    for i in range(count):
        frame = np.full((48, 64, 3), (i * 40, 255 - i * 40, 7), np.uint8)
        cv2.imwrite(str(folder / f"step-{i:02d}.png"), frame)
        frames.append(frame)
    return frames


def test_folder_reads_sequentially_then_says_no_more_frames(tmp_path):
    frames = coloured_images(tmp_path, 3)
    (tmp_path / "notes.txt").write_text("not an image")
    camera = open_camera(CameraConfig(source="folder", path=str(tmp_path)))
    assert camera.info.resolution == (64, 48) and camera.info.fps is None
    for expected in frames:
        assert np.array_equal(camera.read(), expected)
    with pytest.raises(CameraNoFrames):
        camera.read()
    camera.close()


def test_folder_loop_starts_again(tmp_path):
    frames = coloured_images(tmp_path, 2)
    camera = FolderCamera(tmp_path, loop=True)
    got = [camera.read() for _ in range(3)]
    assert np.array_equal(got[2], frames[0])


def test_folder_show_chooses_the_current_frame_for_replay(tmp_path):
    frames = coloured_images(tmp_path, 3)
    camera = FolderCamera(tmp_path)
    camera.show("step-02")
    assert np.array_equal(camera.read(), frames[2])
    assert np.array_equal(camera.read(), frames[2])  # stays current until the next show()
    camera.show(0)
    assert camera.current == "step-00.png"
    assert np.array_equal(camera.read(), frames[0])
    camera.show("step-01.png")
    frame = camera.read()
    frame[:] = 0  # callers may draw on frames without changing the recording
    assert np.array_equal(camera.read(), frames[1])
    with pytest.raises(CameraBadPath, match="no image named 'step-09'"):
        camera.show("step-09")
    with pytest.raises(CameraBadPath, match="no image number 5"):
        camera.show(5)


@pytest.mark.skipif(not GAME.is_dir(), reason="shared dataset not present")
def test_folder_replays_a_real_recorded_game():
    camera = FolderCamera(GAME)
    assert camera.info.resolution == (1504, 1504)
    assert "board-00.jpg" in camera.names
    camera.show("board-05")
    frame = camera.read()
    assert frame.shape == (1504, 1504, 3) and frame.dtype == np.uint8


def test_folder_errors_are_typed(tmp_path):
    with pytest.raises(CameraBadPath, match="no such folder"):
        FolderCamera(tmp_path / "missing")
    with pytest.raises(CameraBadPath, match="no images"):
        FolderCamera(tmp_path)
    (tmp_path / "broken.jpg").write_bytes(b"not a jpeg")
    with pytest.raises(CameraNoFrames, match="broken.jpg"):
        FolderCamera(tmp_path)


def write_video(path: Path, count: int) -> None:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10.0, (64, 48))
    assert writer.isOpened()
    for i in range(count):
        writer.write(np.full((48, 64, 3), i * 50, np.uint8))
    writer.release()


def test_video_file_reads_frames_then_ends(tmp_path):
    path = tmp_path / "game.avi"
    write_video(path, 4)
    camera = open_camera(CameraConfig(source="video", path=str(path)))
    assert camera.info.resolution == (64, 48) and camera.info.fps == pytest.approx(10.0)
    levels = [int(camera.read().mean()) for _ in range(4)]
    assert levels == pytest.approx([0, 50, 100, 150], abs=3)
    with pytest.raises(CameraNoFrames):
        camera.read()
    camera.close()


def test_video_file_loop_and_errors(tmp_path):
    path = tmp_path / "game.avi"
    write_video(path, 2)
    camera = VideoFileCamera(path, loop=True)
    assert [int(camera.read().mean()) for _ in range(3)] == pytest.approx([0, 50, 0], abs=3)
    with pytest.raises(CameraBadPath, match="no such file"):
        VideoFileCamera(tmp_path / "missing.avi")
    (tmp_path / "text.avi").write_text("hello")
    with pytest.raises(CameraBadPath, match="not a video"):
        VideoFileCamera(tmp_path / "text.avi")


def test_usb_camera_errors_are_typed(tmp_path):
    with pytest.raises(CameraBadPath, match="no such device"):
        UsbCamera(str(tmp_path / "video9"))
    if not Path("/dev/video63").exists():
        with pytest.raises(CameraUnplugged, match="could not be opened"):
            UsbCamera(63)


def test_auto_selection_says_clearly_when_there_is_no_camera():
    if pi_cameras() or usb_camera_devices():
        pytest.skip("this machine has a camera")
    with pytest.raises(CameraNotFound, match="no camera found"):
        open_camera()


def test_config_errors():
    with pytest.raises(CameraBadPath, match="needs a path"):
        open_camera(CameraConfig(source="folder"))
    with pytest.raises(CameraError, match="unknown camera source"):
        open_camera(CameraConfig(source="webcam"))


class StubPicamera2:
    """Stands in for picamera2 (a Pi-only apt package) to check the wrapper's calls."""

    cameras = [{"Model": "imx708", "Num": 0}]
    fail_start = False

    @staticmethod
    def global_camera_info():
        return StubPicamera2.cameras

    def __init__(self, index):
        self.sensor_resolution = (4608, 2592)
        self.closed = False

    def create_video_configuration(self, main, controls):
        return {"main": main, "controls": controls}

    def configure(self, config):
        self.config = config

    def start(self):
        if StubPicamera2.fail_start:
            raise RuntimeError("Failed to acquire camera: Device or resource busy")

    def capture_metadata(self):
        return {"FrameDuration": 33333}

    def capture_array(self, stream):
        width, height = self.config["main"]["size"]
        return np.zeros((height, width, 3), np.uint8)

    def close(self):
        self.closed = True


@pytest.fixture
def stub_picamera2(monkeypatch):
    import importlib.machinery
    import sys
    import types

    module = types.ModuleType("picamera2")
    module.__spec__ = importlib.machinery.ModuleSpec("picamera2", None)
    module.Picamera2 = StubPicamera2
    monkeypatch.setitem(sys.modules, "picamera2", module)
    monkeypatch.setattr(StubPicamera2, "fail_start", False)
    return StubPicamera2


def test_pi_camera_is_chosen_first_and_uses_the_binned_mode(stub_picamera2):
    camera = open_camera()
    assert camera.info.name == "Pi camera 0 (imx708)"
    assert camera.info.resolution == (2304, 1296) and camera.info.fps == 30.0
    assert camera._camera.config["main"]["format"] == "RGB888"
    assert camera.read().shape == (1296, 2304, 3)
    camera.close()
    assert camera._camera.closed


def test_pi_camera_that_cannot_start_is_a_typed_error(stub_picamera2):
    stub_picamera2.fail_start = True
    with pytest.raises(CameraUnplugged, match="could not start: Failed to acquire camera"):
        open_camera(CameraConfig(source="pi"))
