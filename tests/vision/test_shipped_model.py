"""The committed models load with onnxruntime alone and name the cards on committed photos.

``data/expected.json`` lists, per image, the cards on it and how many of them the shipped model
must name (recorded when the model was committed; a regression check, not an accuracy figure:
those are in models/MODEL_CARD.md).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2
import pytest

from vision.detector import CardDetector

DATA = Path(__file__).parent / "data"
EXPECTED = json.loads((DATA / "expected.json").read_text())


@pytest.fixture(scope="module")
def detector() -> CardDetector:
    return CardDetector(threads=1)


def test_runtime_does_not_import_torch(detector: CardDetector) -> None:
    assert "torch" not in sys.modules and "ultralytics" not in sys.modules


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_names_the_cards_on_committed_images(detector: CardDetector, name: str) -> None:
    image = cv2.imread(str(DATA / name))
    assert image is not None
    found = detector.detect(image)
    named = {d.card for d in found if d.card != "back"}
    expected = set(EXPECTED[name]["cards"])
    assert len(named) == len([d for d in found if d.card != "back"])  # each card listed once
    assert not named - expected, f"cards not on the image: {named - expected}"
    assert len(named & expected) >= EXPECTED[name]["min_found"]
    for d in found:
        x1, y1, x2, y2 = d.box
        assert 0 <= x1 < x2 <= image.shape[1] and 0 <= y1 < y2 <= image.shape[0]
        assert 0.0 < d.confidence <= 1.0
