"""3x3 plane homographies for drawing cards: translate, rotate, scale, project points, and the
frame window a drawn card covers. Shared by the still-scene and the video renderers."""

from __future__ import annotations

import math

import numpy as np


def translate(x: float, y: float) -> np.ndarray:
    return np.array([[1, 0, x], [0, 1, y], [0, 0, 1]], np.float64)


def rotate(deg: float) -> np.ndarray:
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]], np.float64)


def scale(sx: float, sy: float | None = None) -> np.ndarray:
    return np.diag([sx, sx if sy is None else sy, 1.0])


def project(m: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Points (N, 2) through the homography ``m``."""
    p = np.hstack([pts, np.ones((len(pts), 1))]) @ m.T
    out: np.ndarray = p[:, :2] / p[:, 2:3]
    return out


def card_window(
    m: np.ndarray, art_shape: tuple[int, ...], frame_shape: tuple[int, ...], margin: int
) -> tuple[int, int, int, int] | None:
    """The frame window (x0, y0, x1, y1) that card art of ``art_shape`` drawn with the art-to-image
    homography ``m`` covers, widened by ``margin`` pixels and clipped; None when off the frame."""
    ah, aw = art_shape[:2]
    h, w = frame_shape[:2]
    quad = project(m, np.array([[0, 0], [aw, 0], [aw, ah], [0, ah]], np.float64))
    x0, y0 = np.floor(quad.min(0)).astype(int) - margin
    x1, y1 = np.ceil(quad.max(0)).astype(int) + margin
    cx0, cy0, cx1, cy1 = max(int(x0), 0), max(int(y0), 0), min(int(x1), w), min(int(y1), h)
    if cx1 <= cx0 or cy1 <= cy0:
        return None
    return cx0, cy0, cx1, cy1
