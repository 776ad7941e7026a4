"""Real photos become YOLO-stage labels: their card boxes, and corners that belong to one card."""

from __future__ import annotations

from vision.cards import DET_CARD, DET_INDEX
from vision.synth.dataset import yolo_line
from vision.train.real_boxes import detector_labels

LEFT = [100.0, 100.0, 200.0, 250.0]
RIGHT = [180.0, 100.0, 280.0, 250.0]  # overlaps LEFT between x 180 and 200


def _classes(lines: list[str]) -> list[int]:
    return [int(line.split()[0]) for line in lines]


def test_every_card_box_is_a_card_label() -> None:
    lines = detector_labels([LEFT, RIGHT], [], 640, 480)
    assert _classes(lines) == [DET_CARD, DET_CARD]
    assert lines[0] == yolo_line(DET_CARD, LEFT, 640, 480)


def test_a_corner_inside_one_card_is_an_index_label() -> None:
    corner = [105.0, 105.0, 125.0, 140.0]
    lines = detector_labels([LEFT, RIGHT], [corner], 640, 480)
    assert _classes(lines) == [DET_CARD, DET_CARD, DET_INDEX]
    assert lines[2] == yolo_line(DET_INDEX, corner, 640, 480)


def test_a_corner_in_two_cards_or_in_none_is_not_labelled() -> None:
    between = [182.0, 110.0, 198.0, 140.0]  # inside both LEFT and RIGHT
    outside = [400.0, 400.0, 420.0, 430.0]
    half_out = [190.0, 240.0, 210.0, 270.0]  # RIGHT holds only half of it
    lines = detector_labels([LEFT, RIGHT], [between, outside, half_out], 640, 480)
    assert _classes(lines) == [DET_CARD, DET_CARD]


def test_a_box_past_the_edge_is_clipped_to_the_image() -> None:
    cls, cx, cy, w, h = yolo_line(DET_CARD, [-20.0, 400.0, 60.0, 520.0], 640, 480).split()
    assert int(cls) == DET_CARD
    assert abs(float(cx) * 640 - 30) < 1e-3 and abs(float(w) * 640 - 60) < 1e-3
    assert abs(float(cy) * 480 - 440) < 1e-3 and abs(float(h) * 480 - 80) < 1e-3
