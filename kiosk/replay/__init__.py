"""Replaying recorded games through the real app: scripts, folder camera, simulated time."""
