"""One camera for the board and the racks: vision.synth.camera.project takes Nx2 board-plane
points exactly as before and Nx3 points with a height above the table."""
from __future__ import annotations

import numpy as np

from vision.synth.camera import CameraPose, camera_height, project


def _project_before(pose: CameraPose, points: np.ndarray) -> np.ndarray:
    """project() as it was before heights (commit 9d562b3), kept here as the reference."""
    angle = np.radians(pose.angle_deg)
    cos, sin = np.cos(angle), np.sin(angle)
    local = points * pose.side
    x = local[:, 0] * cos - local[:, 1] * sin
    y = local[:, 0] * sin + local[:, 1] * cos
    pitch, yaw = np.radians(pose.pitch_deg), np.radians(pose.yaw_deg)
    y2, z2 = y * np.cos(pitch), y * np.sin(pitch)
    x3, z3 = x * np.cos(yaw) + z2 * np.sin(yaw), -x * np.sin(yaw) + z2 * np.cos(yaw)
    depth = pose.focal + z3
    u = pose.focal * x3 / depth + pose.centre[0]
    v = pose.focal * y2 / depth + pose.centre[1]
    return np.stack([u, v], axis=1).astype(np.float32)


def _poses(n: int, seed: int = 5) -> list[CameraPose]:
    rng = np.random.default_rng(seed)
    return [CameraPose(centre=(float(rng.uniform(300, 1200)), float(rng.uniform(300, 1200))),
                       side=float(rng.uniform(300, 1300)), angle_deg=float(rng.uniform(-10, 370)),
                       pitch_deg=float(rng.normal(0, 6)), yaw_deg=float(rng.normal(0, 6)),
                       focal=float(rng.uniform(900, 2200))) for _ in range(n)]


def test_board_plane_points_project_byte_identically_to_before():
    rng = np.random.default_rng(11)
    for pose in _poses(200):
        for dtype in (np.float32, np.float64):
            points = rng.uniform(-0.8, 0.8, (37, 2)).astype(dtype)
            assert project(pose, points).tobytes() == _project_before(pose, points).tobytes()


def test_points_at_height_zero_land_where_the_board_plane_points_do():
    rng = np.random.default_rng(12)
    for pose in _poses(50):
        flat = rng.uniform(-0.8, 0.8, (20, 2))
        raised = np.column_stack([flat, np.zeros(len(flat))])
        np.testing.assert_allclose(project(pose, raised), project(pose, flat), atol=1e-3)


def test_a_raised_point_is_a_pinhole_view_from_the_camera_height():
    pose = CameraPose(centre=(500.0, 500.0), side=400.0, angle_deg=0.0, pitch_deg=0.0, yaw_deg=0.0, focal=1000.0)
    assert camera_height(pose) == 2.5
    h = 0.3
    (u, v), = project(pose, np.array([[0.5, -0.25, h]]))
    scale = 2.5 / (2.5 - h)  # nearer the camera by h: larger by that ratio
    assert abs(u - (500 + 0.5 * 400 * scale)) < 1e-3 and abs(v - (500 - 0.25 * 400 * scale)) < 1e-3
    # straight below the camera a height changes nothing
    assert np.allclose(project(pose, np.array([[0.0, 0.0, 0.4]])), [[500.0, 500.0]])


def test_a_tilted_camera_sees_heights_consistently_with_a_rotated_pinhole():
    """Against an independent pinhole: camera at height H over the board centre, rotated by
    pitch (about x) and yaw (about y) as the board would be."""
    for pose in _poses(30, seed=9):
        rng = np.random.default_rng(1)
        pts = np.column_stack([rng.uniform(-0.9, 0.9, (10, 2)), rng.uniform(0, 0.2, 10)])
        a = np.radians(pose.angle_deg)
        x = (pts[:, 0] * np.cos(a) - pts[:, 1] * np.sin(a)) * pose.side
        y = (pts[:, 0] * np.sin(a) + pts[:, 1] * np.cos(a)) * pose.side
        z = -pts[:, 2] * pose.side  # away from the camera is +z
        p, w = np.radians(pose.pitch_deg), np.radians(pose.yaw_deg)
        rx = np.array([[1, 0, 0], [0, np.cos(p), -np.sin(p)], [0, np.sin(p), np.cos(p)]])
        ry = np.array([[np.cos(w), 0, np.sin(w)], [0, 1, 0], [-np.sin(w), 0, np.cos(w)]])
        cam = (ry @ rx @ np.stack([x, y, z])).T
        want = pose.focal * cam[:, :2] / (pose.focal + cam[:, 2:3]) + np.array(pose.centre)
        np.testing.assert_allclose(project(pose, pts), want, atol=2e-2)
