"""Where the board lands in the frame: turntable rotation, askew angle, camera tilt.

The board is a flat square; the camera looks down at it from roughly overhead. A
small pitch/yaw of the camera gives the perspective a real mount shows.
"""
from __future__ import annotations

from dataclasses import dataclass

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
    upright: x right, y down)."""
    angle = np.radians(pose.angle_deg)
    cos, sin = np.cos(angle), np.sin(angle)
    local = points * pose.side
    x = local[:, 0] * cos - local[:, 1] * sin  # clockwise in the image (y is down)
    y = local[:, 0] * sin + local[:, 1] * cos
    pitch, yaw = np.radians(pose.pitch_deg), np.radians(pose.yaw_deg)
    # rotate the board plane (z = 0) about the image axes, then view it from distance `focal`
    y2, z2 = y * np.cos(pitch), y * np.sin(pitch)
    x3, z3 = x * np.cos(yaw) + z2 * np.sin(yaw), -x * np.sin(yaw) + z2 * np.cos(yaw)
    depth = pose.focal + z3
    u = pose.focal * x3 / depth + pose.centre[0]
    v = pose.focal * y2 / depth + pose.centre[1]
    return np.stack([u, v], axis=1).astype(np.float32)


UPRIGHT_CORNERS = np.array([[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]], np.float32)
