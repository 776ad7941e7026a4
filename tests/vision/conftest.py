"""A tiny drawn deck for generator tests: white cards, pure blue index corners, red backs."""

from __future__ import annotations

import numpy as np
import pytest

from vision.cards import BACK, FACE_CARDS, JOKERS
from vision.synth.decks import Deck, IndexLayout

INDEX_BOX = (0.05, 0.05, 0.25, 0.3)
BLUE = (255, 0, 0)  # BGR


def _card(face_up: bool, layout: IndexLayout = IndexLayout.TWO) -> np.ndarray:
    """A white card with blue index corners (a smaller blue suit sign top right for ``BAND``)."""
    h, w = 200, 140
    img = np.zeros((h, w, 4), np.uint8)
    img[:, :] = (255, 255, 255, 255) if face_up else (0, 0, 255, 255)
    if not face_up:
        return img
    x0, y0, x1, y1 = INDEX_BOX
    rows = [(int(y0 * h), int(y1 * h)), (h - int(y1 * h), h - int(y0 * h))]
    cols = [(int(x0 * w), int(x1 * w)), (w - int(x1 * w), w - int(x0 * w))]
    corners = {
        IndexLayout.TWO: [(rows[0], cols[0]), (rows[1], cols[1])],
        IndexLayout.FOUR: [(r, c) for r in rows for c in cols],
        IndexLayout.BAND: [],
    }[layout]
    for (r0, r1), (c0, c1) in corners:
        img[r0:r1, c0:c1, :3] = BLUE
    if layout is IndexLayout.BAND:  # the rank top left, the suit sign as big but lower top right
        (r0, r1), (left, right) = rows[0], (cols[0], cols[1])
        img[r0 : r0 + 30, left[0] : left[1], :3] = BLUE
        img[r1 - 30 : r1, right[0] : right[1], :3] = BLUE
    return img


def _deck(name: str, layout: IndexLayout) -> Deck:
    images = {c: _card(True, layout) for c in (*FACE_CARDS, *JOKERS)}
    images[BACK] = _card(False)
    return Deck(name, images, INDEX_BOX, layout)


@pytest.fixture(scope="session")
def toy_deck() -> Deck:
    return _deck("toy", IndexLayout.TWO)


@pytest.fixture(scope="session")
def four_index_deck() -> Deck:
    """The toy deck with its index printed in all four corners, as the Dondorf decks do."""
    return _deck("toy-four", IndexLayout.FOUR)


@pytest.fixture(scope="session")
def band_index_deck() -> Deck:
    """The toy deck with one index across the top, rank and suit apart, as tango_nuevo's."""
    return _deck("toy-band", IndexLayout.BAND)
