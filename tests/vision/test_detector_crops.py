"""Classifier crops cut at the YOLO stage's own corner boxes take the label of what they box."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from vision.cards import CLASSIFIER_INDEX, DET_INDEX, NONE
from vision.crops import crop_square
from vision.detector import CardDetector
from vision.train.detector_crops import build, corner_labels

DATA = Path(__file__).parent / "data"


def _card(name: str, boxes: list[list[float]], visible: float = 1.0, face_up: bool = True) -> Any:
    """A card whose face is the box round its index corners."""
    x1, y1 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x2, y2 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    return {
        "card": name,
        "face_up": face_up,
        "polygon": [[x1, y1], [x2, y1], [x2, y2], [x1, y2]],
        "indices": [{"box": b, "visible": visible} for b in boxes],
    }


GT = {
    "cards": [
        _card("7h", [[100, 100, 120, 130], [300, 300, 320, 330]]),
        _card("Qs", [[500, 100, 520, 130]], visible=0.4),  # mostly hidden: not readable
        _card("9c", [[700, 100, 704, 104]]),  # too small to read
    ]
}


@pytest.mark.parametrize(
    ("box", "label"),
    [
        ([101, 101, 121, 131], "7h"),  # a readable corner, boxed as drawn
        ([300, 305, 320, 330], "7h"),  # its other corner, boxed a little tight
        ([900, 600, 930, 640], NONE),  # touches no corner: a false corner
        ([501, 100, 520, 131], None),  # a hidden corner: its right answer is unknown
        ([700, 100, 705, 105], None),  # a corner too small to read
        ([110, 100, 130, 130], None),  # half on a corner: no crop
        ([290, 100, 320, 130], None),  # elsewhere on a face: a deck may print four indices
    ],
)
def test_a_found_corner_is_labelled_by_the_corner_it_boxes(box: list[float], label: str) -> None:
    assert corner_labels(np.array([box], np.float32), GT) == [label]


def test_no_card_drawn_makes_every_found_corner_a_false_one() -> None:
    boxes = np.array([[0, 0, 10, 10], [50, 50, 60, 70]], np.float32)
    assert corner_labels(boxes, {"cards": []}) == [NONE, NONE]
    assert corner_labels(np.zeros((0, 4), np.float32), GT) == []


def test_a_corner_found_on_a_back_is_a_false_one() -> None:
    gt = {"cards": [{**_card("back", [[100, 100, 160, 190]], face_up=False), "indices": []}]}
    assert corner_labels(np.array([[100, 100, 120, 130]], np.float32), gt) == [NONE]


def test_crops_are_cut_at_the_shipped_detectors_own_boxes(tmp_path: Path) -> None:
    """One corner the shipped YOLO stage finds is declared the 7h's in the ground truth: it gives
    a 7h crop cut exactly at the found box; found corners far from it give ``none``."""
    det = CardDetector()
    image_path = DATA / "synth_test_3_000001.jpg"
    image = cv2.imread(str(image_path))
    found = det.find(image).of_class(DET_INDEX)
    boxes = found.xyxy[found.confidence >= 0.15]
    assert len(boxes) >= 4
    (tmp_path / "images" / "s").mkdir(parents=True)
    (tmp_path / "gt" / "s").mkdir(parents=True)
    shutil.copy(image_path, tmp_path / "images" / "s" / "a.jpg")
    gt = {"image": "a.jpg", "cards": [_card("7h", [boxes[0].tolist()])]}
    (tmp_path / "gt" / "s" / "a.json").write_text(json.dumps(gt))

    x, y = build(tmp_path, "s", det, size=48, copies=1)

    labels = corner_labels(boxes, gt)
    assert y.tolist() == [CLASSIFIER_INDEX[lab] for lab in labels if lab is not None]
    assert y[0] == CLASSIFIER_INDEX["7h"]
    assert np.array_equal(x[0], crop_square(image, boxes[0].tolist(), 48))
    assert (y == CLASSIFIER_INDEX[NONE]).sum() >= 1


def test_a_split_without_ground_truth_is_refused(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no ground truth"):
        build(tmp_path, "missing", CardDetector(), size=48)
