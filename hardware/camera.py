"""Camera sources behind one interface: `read() -> BGR frame`, `close()`, `info`.

Backends: a Pi camera (Picamera2, imported only when asked for; on Raspberry Pi OS it
comes from apt), a USB webcam (OpenCV VideoCapture by index or device path), a folder of
recorded images, and a video file. `open_camera(config)` picks one. Every failure is a
`CameraError` subclass whose message says what to check; the app decides what to do
(keep the clock running, show "camera lost").

Every `read()` hands over an 8-bit BGR HxWx3 image or raises: whatever the driver or
the file gives (grey, 4-channel, 16-bit, float, empty, a JPEG cut short, a file gone)
goes through `vision.frame_guard.as_bgr` first, and a frame that is no picture is a
`CameraNoFrames` saying why. A black or flat frame is still a frame: the reader answers
"not readable" for it.
"""
from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol

import cv2
import numpy as np

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff")
V4L_ROOT = Path("/sys/class/video4linux")


class CameraError(Exception):
    """A camera source failed; `str(error)` is one line for people."""


class CameraNotFound(CameraError):
    """Automatic selection found no camera at all."""


class CameraUnplugged(CameraError):
    """The device is gone or cannot be opened (unplugged, in use, no permission)."""


class CameraNoFrames(CameraError):
    """The source is open but gives no frame (stalled device, end of a recording)."""


class CameraBadPath(CameraError):
    """A folder or video path that does not exist or holds nothing readable."""


def checked_frame(frame: object, name: str) -> np.ndarray:
    """The frame as 8-bit BGR, or CameraNoFrames naming the source and what is wrong."""
    from vision.frame_guard import as_bgr

    image, why = as_bgr(frame)
    if image is None:
        raise CameraNoFrames(f"{name} gave a frame that is no picture: {why}")
    return image


@dataclass(frozen=True)
class CameraInfo:
    name: str
    resolution: tuple[int, int]  # (width, height)
    fps: float | None  # None when the source has no rate (a folder of images)


class CameraSource(Protocol):
    info: CameraInfo

    def read(self) -> np.ndarray: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class CameraConfig:
    source: Literal["auto", "pi", "usb", "folder", "video"] = "auto"
    device: int | str = 0  # usb: index or /dev/videoN path
    path: str | None = None  # folder or video file
    resolution: tuple[int, int] | None = None  # requested (width, height) for live cameras
    fps: float | None = None  # requested rate for live cameras
    loop: bool = False  # folder/video: start again at the end instead of CameraNoFrames


# ----- Pi camera -------------------------------------------------------------------------


def picamera2_installed() -> bool:
    return importlib.util.find_spec("picamera2") is not None


def pi_cameras() -> list[dict]:
    """Cameras libcamera sees (empty when picamera2 is not installed)."""
    if not picamera2_installed():
        return []
    try:
        from picamera2 import Picamera2

        return list(Picamera2.global_camera_info())
    except Exception:  # a broken libcamera install: no usable Pi camera
        return []


class PiCamera:
    def __init__(self, index: int = 0, resolution: tuple[int, int] | None = None, fps: float | None = None) -> None:
        if not picamera2_installed():
            raise CameraNotFound("no Pi camera: picamera2 is not installed (on Raspberry Pi OS: sudo apt install python3-picamera2)")
        from picamera2 import Picamera2

        cameras = Picamera2.global_camera_info()
        if index >= len(cameras):
            raise CameraUnplugged(f"no Pi camera at index {index} (libcamera sees {len(cameras)}); check the ribbon cable")
        try:
            self._camera = Picamera2(index)
            size = resolution or _binned_size(self._camera.sensor_resolution)
            controls = {"FrameRate": fps} if fps else {}
            # "RGB888" in libcamera terms is B,G,R byte order in the array: what OpenCV expects.
            config = self._camera.create_video_configuration(main={"format": "RGB888", "size": tuple(size)}, controls=controls)
            self._camera.configure(config)
            self._camera.start()
            frame_duration_us = self._camera.capture_metadata().get("FrameDuration")
        except Exception as exc:  # libcamera raises plain RuntimeErrors
            raise CameraUnplugged(f"Pi camera {index} could not start: {exc}") from exc
        model = cameras[index].get("Model", "unknown")
        actual_fps = round(1e6 / frame_duration_us, 2) if frame_duration_us else fps
        self.info = CameraInfo(f"Pi camera {index} ({model})", (int(size[0]), int(size[1])), actual_fps)

    def read(self) -> np.ndarray:
        try:
            frame = self._camera.capture_array("main")
        except Exception as exc:
            raise CameraNoFrames(f"{self.info.name} gave no frame: {exc}") from exc
        return checked_frame(frame, self.info.name)

    def close(self) -> None:
        self._camera.close()


def _binned_size(sensor: tuple[int, int]) -> tuple[int, int]:
    """Half the sensor's size for large sensors: the official Pi sensors all have a native
    2x2 binned mode there (IMX708 2304x1296, IMX477 2028x1520, IMX219 1640x1232), which
    streams fast without the memory a full-resolution video stream needs."""
    width, height = sensor
    return (width // 2, height // 2) if width > 3000 else (width, height)


# ----- USB webcam (OpenCV) ----------------------------------------------------------------


def usb_camera_devices() -> list[str]:
    """/dev/videoN capture nodes of USB cameras, found from sysfs without opening them.

    Only the first node of each USB device (index 0; the others are metadata) and
    nothing that is not on USB (the Pi's codec and ISP nodes).
    """
    if not V4L_ROOT.is_dir():
        return []
    found = []
    for node in sorted(V4L_ROOT.glob("video*"), key=lambda p: int(p.name[5:]) if p.name[5:].isdigit() else 0):
        if "/usb" not in os.path.realpath(node / "device"):
            continue
        try:
            if (node / "index").read_text().strip() != "0":
                continue
        except OSError:
            pass
        found.append(f"/dev/{node.name}")
    return found


class UsbCamera:
    def __init__(self, device: int | str = 0, resolution: tuple[int, int] | None = None, fps: float | None = None) -> None:
        self._node = f"/dev/video{device}" if isinstance(device, int) else str(device)
        if isinstance(device, str) and not Path(device).exists():
            raise CameraBadPath(f"USB camera {device}: no such device (is it plugged in?)")
        self._capture = cv2.VideoCapture(device)
        if not self._capture.isOpened():
            raise CameraUnplugged(f"USB camera {self._node} could not be opened (unplugged, or in use by another program)")
        if resolution:
            self._capture.set(cv2.CAP_PROP_FRAME_WIDTH, resolution[0])
            self._capture.set(cv2.CAP_PROP_FRAME_HEIGHT, resolution[1])
        if fps:
            self._capture.set(cv2.CAP_PROP_FPS, fps)
        self.info = CameraInfo(
            f"USB camera {self._node}",
            (int(self._capture.get(cv2.CAP_PROP_FRAME_WIDTH)), int(self._capture.get(cv2.CAP_PROP_FRAME_HEIGHT))),
            float(self._capture.get(cv2.CAP_PROP_FPS)) or None,
        )

    def read(self) -> np.ndarray:
        try:
            ok, frame = self._capture.read()
        except cv2.error as exc:
            raise CameraNoFrames(f"{self.info.name} gave no frame: {exc}") from exc
        if ok and frame is not None:
            return checked_frame(frame, self.info.name)
        if not Path(self._node).exists():
            raise CameraUnplugged(f"{self.info.name} was unplugged")
        raise CameraNoFrames(f"{self.info.name} gave no frame")

    def close(self) -> None:
        self._capture.release()


# ----- recordings ---------------------------------------------------------------------------


class VideoFileCamera:
    def __init__(self, path: str | Path, loop: bool = False) -> None:
        self._path = Path(path)
        if not self._path.is_file():
            raise CameraBadPath(f"video {self._path}: no such file")
        self._capture = cv2.VideoCapture(str(self._path))
        if not self._capture.isOpened():
            raise CameraBadPath(f"video {self._path}: not a video OpenCV can read")
        self._loop = loop
        self.info = CameraInfo(
            f"video {self._path.name}",
            (int(self._capture.get(cv2.CAP_PROP_FRAME_WIDTH)), int(self._capture.get(cv2.CAP_PROP_FRAME_HEIGHT))),
            float(self._capture.get(cv2.CAP_PROP_FPS)) or None,
        )

    def read(self) -> np.ndarray:
        try:
            ok, frame = self._capture.read()
            if not ok and self._loop:
                self._capture.set(cv2.CAP_PROP_POS_FRAMES, 0)
                ok, frame = self._capture.read()
        except cv2.error as exc:
            raise CameraNoFrames(f"{self.info.name}: a frame that cannot be decoded ({exc})") from exc
        if not ok or frame is None:
            raise CameraNoFrames(f"{self.info.name}: no more frames")
        return checked_frame(frame, self.info.name)

    def close(self) -> None:
        self._capture.release()


class FolderCamera:
    """A folder of recorded images, in name order.

    Sequential reading: each `read()` returns the next image. Replay: `show(name or
    index)` makes that image current, and `read()` then returns it until the next
    `show()` (the replay engine decides which frame the "camera" sees).
    """

    def __init__(self, path: str | Path, loop: bool = False) -> None:
        self._dir = Path(path)
        if not self._dir.is_dir():
            raise CameraBadPath(f"image folder {self._dir}: no such folder")
        self._files = sorted(p for p in self._dir.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self._files:
            raise CameraBadPath(f"image folder {self._dir}: no images ({', '.join(IMAGE_SUFFIXES)})")
        self._loop = loop
        self._index = 0
        self._sequential = True
        self._cached: tuple[int, np.ndarray] | None = None
        self.info = CameraInfo(f"folder {self._dir.name}", self._first_size(), None)

    def _first_size(self) -> tuple[int, int]:
        """(width, height) of the first image that decodes: a recording with a damaged
        frame still opens (that frame is a CameraNoFrames when read); one whose first
        images are all unreadable is refused with the first one's problem."""
        first_problem: CameraNoFrames | None = None
        for index in range(min(len(self._files), 5)):
            try:
                first = self._decode(index)
            except CameraNoFrames as exc:
                first_problem = first_problem or exc
                continue
            return (first.shape[1], first.shape[0])
        assert first_problem is not None
        raise first_problem

    @property
    def names(self) -> list[str]:
        return [p.name for p in self._files]

    @property
    def current(self) -> str:
        return self._files[min(self._index, len(self._files) - 1)].name

    def show(self, frame: str | int) -> None:
        """Make an image (by file name, stem or index) the current frame."""
        if isinstance(frame, int):
            if not -len(self._files) <= frame < len(self._files):
                raise CameraBadPath(f"image folder {self._dir}: no image number {frame} (it has {len(self._files)})")
            self._index = frame % len(self._files)
        else:
            matches = [i for i, p in enumerate(self._files) if frame in (p.name, p.stem)]
            if not matches:
                raise CameraBadPath(f"image folder {self._dir}: no image named {frame!r}")
            self._index = matches[0]
        self._sequential = False

    def read(self) -> np.ndarray:
        if self._index >= len(self._files):
            if not self._loop:
                raise CameraNoFrames(f"{self.info.name}: no more images")
            self._index = 0
        frame = self._decode(self._index)
        if self._sequential:
            self._index += 1
        return frame.copy()

    def _decode(self, index: int) -> np.ndarray:
        if self._cached is not None and self._cached[0] == index:
            return self._cached[1]
        path = self._files[index]
        try:
            data = np.fromfile(path, np.uint8)
        except OSError as exc:
            raise CameraNoFrames(f"image {path}: cannot be read ({exc.strerror or exc})") from None
        if data.size == 0:
            raise CameraNoFrames(f"image {path}: an empty file (0 bytes)")
        try:   # a JPEG cut short decodes to what arrived (the rest grey), like a live camera's torn frame
            frame = cv2.imdecode(data, cv2.IMREAD_COLOR)
        except cv2.error:
            frame = None
        if frame is None:
            raise CameraNoFrames(f"image {path}: not an image OpenCV can read")
        frame = checked_frame(frame, f"image {path.name}")
        self._cached = (index, frame)
        return frame

    def close(self) -> None:
        self._cached = None


# ----- choosing a source -------------------------------------------------------------------


def open_camera(config: CameraConfig = CameraConfig()) -> CameraSource:
    """The configured source; "auto" tries a Pi camera, then the first USB camera."""
    if config.source == "pi":
        return PiCamera(resolution=config.resolution, fps=config.fps)
    if config.source == "usb":
        return UsbCamera(config.device, config.resolution, config.fps)
    if config.source in ("folder", "video"):
        if not config.path:
            raise CameraBadPath(f"camera source {config.source!r} needs a path")
        if config.source == "folder":
            return FolderCamera(config.path, loop=config.loop)
        return VideoFileCamera(config.path, loop=config.loop)
    if config.source != "auto":
        raise CameraError(f"unknown camera source {config.source!r} (auto, pi, usb, folder, video)")
    if pi_cameras():
        return PiCamera(resolution=config.resolution, fps=config.fps)
    usb = usb_camera_devices()
    if usb:
        return UsbCamera(usb[0], config.resolution, config.fps)
    raise CameraNotFound(
        "no camera found: no Pi camera (picamera2 "
        + ("sees none" if picamera2_installed() else "not installed")
        + ") and no USB camera under /dev/video*"
    )
