"""Where the board lands in the frame: turntable rotation, askew angle, camera tilt.

The board is a flat square; the camera looks down at it from roughly overhead. A
small pitch/yaw of the camera gives the perspective a real mount shows.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np


@dataclass(frozen=True)
class CameraPose:
    centre: tuple[float, float]  # image position of the playing area's centre
    side: float  # playing-area side in px before perspective
    angle_deg: float  # board turn, clockwise in the image (rotation + askew)
    pitch_deg: float  # camera tilt about the image x axis
    yaw_deg: float  # camera tilt about the image y axis
    focal: float  # focal length in px (a wider lens exaggerates the tilt)


def project(pose: CameraPose, points: np.ndarray) -> np.ndarray:
    """Image coordinates of points given in board units (playing area = [-0.5, 0.5]^2,
    upright: x right, y down).

    Nx2 points lie on the board plane. Nx3 points carry a third column z: the height
    above the table (the board plane) in the same board units, so a rack and the tiles
    standing in it go through the same camera as the board. The camera looks from
    `focal` px away (in units of `side`: focal / side playing-area sides above the board),
    so a raised point comes nearer and moves away from the image centre, as in a photo.
    Nx2 input takes exactly the arithmetic it always took (byte-identical results)."""
    points = np.asarray(points)
    angle = np.radians(pose.angle_deg)
    cos, sin = np.cos(angle), np.sin(angle)
    local = points[:, :2] * pose.side if points.shape[1] == 3 else points * pose.side
    x = local[:, 0] * cos - local[:, 1] * sin  # clockwise in the image (y is down)
    y = local[:, 0] * sin + local[:, 1] * cos
    pitch, yaw = np.radians(pose.pitch_deg), np.radians(pose.yaw_deg)
    # rotate the board plane (z = 0) about the image axes, then view it from distance `focal`
    if points.shape[1] == 3:
        # a point h above the table is h nearer the camera: -h along the viewing axis
        toward = -points[:, 2] * pose.side
        y2 = y * np.cos(pitch) - toward * np.sin(pitch)
        z2 = y * np.sin(pitch) + toward * np.cos(pitch)
    else:
        y2, z2 = y * np.cos(pitch), y * np.sin(pitch)
    x3, z3 = x * np.cos(yaw) + z2 * np.sin(yaw), -x * np.sin(yaw) + z2 * np.cos(yaw)
    depth = pose.focal + z3
    u = pose.focal * x3 / depth + pose.centre[0]
    v = pose.focal * y2 / depth + pose.centre[1]
    return np.stack([u, v], axis=1).astype(np.float32)


def camera_height(pose: CameraPose) -> float:
    """How high the camera's centre of projection is above the board, in board units."""
    return pose.focal / pose.side


UPRIGHT_CORNERS = np.array([[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]], np.float32)


def _zoom(k1: float) -> float:
    """Scale that makes the middle of each distorted frame edge show the middle of the
    undistorted edge, so barrel distortion leaves no empty border there (only the
    corners fall a little outside, filled by repeating the edge)."""
    edge = 1.0
    for _ in range(30):  # solve edge * (1 + k1 * edge^2) = 1
        edge = 1.0 / (1.0 + k1 * edge * edge)
    return edge


@lru_cache(maxsize=4)
def distortion_maps(size: int, k1: float) -> tuple[np.ndarray, np.ndarray]:
    """cv2.remap maps that bend a size x size image by radial lens distortion k1
    (< 0: barrel, as cheap wide lenses show; > 0: pincushion), centred on the frame.
    Each output pixel samples the undistorted point that distort_points sends there."""
    half = size / 2
    coords = (np.arange(size, dtype=np.float32) - half + 0.5) / half
    xd, yd = np.meshgrid(coords, coords)
    xu, yu = xd.copy(), yd.copy()
    for _ in range(10):  # invert p_d = p_u * (1 + k1 * |p_u|^2) by fixed-point iteration
        scale = 1.0 + k1 * (xu * xu + yu * yu)
        xu, yu = xd / scale, yd / scale
    zoom = 1.0 / _zoom(k1)
    return xu * zoom * half + half - 0.5, yu * zoom * half + half - 0.5


def distort_points(points: np.ndarray, size: int, k1: float) -> np.ndarray:
    """Where points of the undistorted frame appear through a lens with distortion k1."""
    half = size / 2
    undistorted = (points.astype(np.float64) - half + 0.5) / half * _zoom(k1)
    r2 = (undistorted ** 2).sum(axis=1, keepdims=True)
    return ((undistorted * (1.0 + k1 * r2)) * half + half - 0.5).astype(np.float32)
