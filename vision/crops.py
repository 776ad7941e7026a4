"""The square crops the classifiers read: an index corner, and a whole card.

Training (from ground-truth boxes) and the runtime (from detected boxes) must cut crops the same
way, so both use :func:`crop_square` (and :func:`crop_card`, for the whole-card reader).
"""

from __future__ import annotations

import numpy as np

CROP_SIZE = 40  # classifier input, pixels per side
CROP_PAD = 1.3  # side of the square = this times the longer side of the box
CARD_CROP_SIZE = 64  # the whole-card reader's input, pixels per side
CARD_PAD = 1.05  # a whole card's square: its box's longer side and a little of its edge


def crop_square(
    image: np.ndarray,
    box: tuple[float, float, float, float] | list[float],
    size: int = CROP_SIZE,
    pad: float = CROP_PAD,
) -> np.ndarray:
    """Cut a ``size`` x ``size`` BGR crop centred on ``box`` (x1, y1, x2, y2), edges replicated."""
    import cv2

    x1, y1, x2, y2 = (float(v) for v in box)
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    side = max(x2 - x1, y2 - y1, 2.0) * pad
    s = size / side
    m = np.array([[s, 0, size / 2 - s * cx], [0, s, size / 2 - s * cy]], np.float32)
    interp = cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR
    return cv2.warpAffine(image, m, (size, size), flags=interp, borderMode=cv2.BORDER_REPLICATE)


def crop_card(
    image: np.ndarray, box: tuple[float, float, float, float] | list[float], size: int
) -> np.ndarray:
    """The square crop of a whole card's box that the whole-card reader takes."""
    return crop_square(image, box, size, CARD_PAD)


def to_tensor(crops: np.ndarray) -> np.ndarray:
    """uint8 BGR crops (N, H, W, 3) -> float32 (N, 3, H, W) in [0, 1], as the classifier takes."""
    return np.ascontiguousarray(crops.transpose(0, 3, 1, 2), dtype=np.float32) / 255.0
