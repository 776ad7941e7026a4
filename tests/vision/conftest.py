"""A tiny drawn deck for generator tests: white cards, pure blue index corners, red backs."""

from __future__ import annotations

import numpy as np
import pytest

from vision.cards import BACK, FACE_CARDS, JOKERS
from vision.synth.decks import Deck

INDEX_BOX = (0.05, 0.05, 0.25, 0.3)
BLUE = (255, 0, 0)  # BGR


def _card(face_up: bool) -> np.ndarray:
    h, w = 200, 140
    img = np.zeros((h, w, 4), np.uint8)
    img[:, :] = (255, 255, 255, 255) if face_up else (0, 0, 255, 255)
    if face_up:
        x0, y0, x1, y1 = INDEX_BOX
        img[int(y0 * h) : int(y1 * h), int(x0 * w) : int(x1 * w), :3] = BLUE
        img[h - int(y1 * h) : h - int(y0 * h), w - int(x1 * w) : w - int(x0 * w), :3] = BLUE
    return img


@pytest.fixture(scope="session")
def toy_deck() -> Deck:
    images = {c: _card(True) for c in (*FACE_CARDS, *JOKERS)}
    images[BACK] = _card(False)
    return Deck("toy", images, INDEX_BOX)
