"""The committed models load without torch (OpenVINO) and name the cards on committed photos.

``data/expected.json`` lists, per image, the cards on it and how many of them the shipped model
must name (recorded when the model was committed; a regression check, not an accuracy figure:
those are in models/MODEL_CARD.md).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.cards import DET_INDEX
from vision.crops import crop_square, to_tensor
from vision.detector import CLASSIFIER_FILE, MODELS_DIR, UNSURE_P, CardDetector, _softmax
from vision.runtime import RUNTIMES, load

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


def test_an_unsure_crop_is_read_turned_four_ways(
    detector: CardDetector, monkeypatch: pytest.MonkeyPatch
) -> None:
    image = cv2.imread(str(DATA / sorted(EXPECTED)[0]))
    assert image is not None
    boxes = detector.find(image).of_class(DET_INDEX).xyxy
    crops = to_tensor(np.stack([crop_square(image, b, detector.crop_size) for b in boxes]))
    # two index crops laid over each other: the classifier cannot be sure of either (the first
    # such pair of corners found)
    blends = (
        np.ascontiguousarray((crops[i : i + 1] + crops[j : j + 1]) / 2)
        for i in range(len(crops))
        for j in range(i + 1, len(crops))
    )
    blend = next((b for b in blends if detector._classify(b).max() < UNSURE_P), None)
    assert blend is not None, "the test needs an unsure crop"
    turns = [detector._classify(np.ascontiguousarray(np.rot90(blend, k, (2, 3)))) for k in range(4)]
    monkeypatch.setattr("vision.detector.crop_square", lambda *_: blend[0].transpose(1, 2, 0) * 255)
    np.testing.assert_allclose(detector.read(image, boxes[:1]), sum(turns) / 4, atol=1e-4)


GUYENNE = DATA / "guyenne_test_105_000009.jpg"
"""A render of `aisleriot-guyenne-classic`, whose court cards carry no rank index (only the suit
sign), with the Jd, Kd and Qh lying face up among others (the shipped YOLO stage, det-g2, boxes
the Jd's corners so that the classifier names it from the suit sign and the figure beside it)."""


def test_court_cards_with_no_rank_index_are_named_by_the_whole_card_reader(
    detector: CardDetector,
) -> None:
    image = cv2.imread(str(GUYENNE))
    assert image is not None and detector.whole_card is not None
    courts = {"Kd", "Qh"}
    named = {d.card: d for d in detector.detect(image)}
    assert courts <= set(named)
    assert all(named[c].corners == 0 for c in courts)  # no index corner named them
    reader, detector.whole_card = detector.whole_card, None
    try:
        by_corners = {d.card for d in detector.detect(image)}
    finally:
        detector.whole_card = reader
    assert not courts & by_corners


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_the_classifier_reads_alike_with_integer_kernels_and_as_float_maths(
    detector: CardDetector, runtime: str
) -> None:
    # 8-bit weights saturated the integer kernels of an AVX2 CPU without VNNI: up to 0.67 of
    # probability moved on these crops, and 547 -> 524 of the real test split's 555 cards named
    import onnxruntime as ort

    crops = []
    for name in sorted(EXPECTED):
        image = cv2.imread(str(DATA / name))
        corners = detector.find(image).of_class(DET_INDEX)
        crops += [crop_square(image, box, detector.crop_size) for box in corners.xyxy]
    x = to_tensor(np.stack(crops))
    options = ort.SessionOptions()
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
    maths = ort.InferenceSession(str(MODELS_DIR / CLASSIFIER_FILE), options)
    exact = maths.run(None, {maths.get_inputs()[0].name: x})[0]
    kernels = load(MODELS_DIR / CLASSIFIER_FILE, runtime, 1)(x)
    assert len(x) >= 40
    assert np.abs(_softmax(kernels) - _softmax(exact)).max() < 0.01
