"""Draw detected cards on an image, for people to look at (no logic here)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vision.cards import BACK, is_red
from vision.detector import CardDetection


def annotate(image: np.ndarray, cards: Sequence[CardDetection]) -> np.ndarray:
    """A copy of a BGR image with one labelled box per card."""
    import cv2

    out = image.copy()
    scale = max(0.4, min(out.shape[:2]) / 900)
    for d in cards:
        colour = (
            (160, 160, 160) if d.card == BACK else (0, 0, 220) if is_red(d.card) else (40, 40, 40)
        )
        x1, y1, x2, y2 = (round(v) for v in d.box)
        cv2.rectangle(out, (x1, y1), (x2, y2), colour, max(1, int(2 * scale)))
        text = f"{d.card} {d.confidence:.2f}"
        (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
        cv2.rectangle(out, (x1, max(0, y1 - th - 6)), (x1 + tw + 4, max(th + 6, y1)), colour, -1)
        cv2.putText(
            out,
            text,
            (x1 + 2, max(th + 2, y1 - 4)),
            cv2.FONT_HERSHEY_SIMPLEX,
            scale,
            (255, 255, 255),
            1,
            cv2.LINE_AA,
        )
    return out
