"""A drawn deck for video tests: each card a flat colour of its own, backs red."""

from __future__ import annotations

import numpy as np
import pytest

from vision.cards import BACK, FACE_CARDS
from vision.synth.decks import Deck


def _card(colour: tuple[int, int, int]) -> np.ndarray:
    img = np.zeros((140, 100, 4), np.uint8)
    img[:, :, :3] = colour
    img[:, :, 3] = 255
    return img


@pytest.fixture(scope="session")
def flat_deck() -> Deck:
    images = {c: _card((40 + 4 * i, 255 - 4 * i, 128)) for i, c in enumerate(FACE_CARDS)}
    images[BACK] = _card((0, 0, 255))
    return Deck("flat", images, (0.05, 0.05, 0.25, 0.3))
