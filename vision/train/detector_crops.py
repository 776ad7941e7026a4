"""Classifier crops cut at a YOLO stage's own index boxes on a rendered split.

:mod:`vision.train.crop_data` cuts its crops at the generator's true corner boxes, jittered; a
YOLO stage places its boxes its own way (det-g2 boxes some corners tightly round the rank, so
the crop leaves the suit sign out). Here the classifier learns from the boxes it will be given:
each index box the YOLO stage finds (at the confidence the runtime classifies from) is labelled
by the ground truth it matches.

- A box that matches a readable corner (IoU >= ``MATCH_IOU``) takes that card's name.
- A box that touches no corner of any card, readable or not (IoU < ``NONE_IOU`` with each), and
  whose centre lies on no face-up card, is a false corner: ``none`` (on the table, a back, a hand).
- Any other box gives no crop, its right answer not being known: a hidden or tiny corner, a box
  between two corners, and a box elsewhere on a face-up card (some decks, `aisleriot-dondorf`
  among them, print an index in all four corners, and the labels name two).

Each labelled box is cut ``copies`` times: once as found, then jittered by 5 %.

``python -m vision.train.detector_crops DATASET SPLIT OUT.npz --model-dir DIR [--size 48]
[--copies 2] [--min-conf 0.15] [--exclude DECK...]``
"""

from __future__ import annotations

import argparse
import logging
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.cards import CLASSIFIER_INDEX, DET_INDEX, NONE
from vision.crops import crop_square
from vision.detections import box_iou
from vision.detector import CardDetector
from vision.train.crop_data import _jitter, crops_of_split

MATCH_IOU = 0.5  # a found box is this corner's when they overlap this much
NONE_IOU = 0.1  # a found box overlapping no corner more than this is a false corner


def corner_labels(boxes: np.ndarray, gt: dict[str, Any]) -> list[str | None]:
    """The class each found index box (N, 4, image pixels) is taught as, or None for no crop."""
    from vision.synth.render import readable_at

    corners: list[list[float]] = []
    names: list[str | None] = []  # the card for a readable corner, None for one that is not
    faces = [np.array(c["polygon"], np.float32) for c in gt["cards"] if c["face_up"]]
    for card in gt["cards"]:
        for idx in card["indices"]:
            corners.append(idx["box"])
            readable = readable_at(idx["visible"], idx["box"])
            names.append(card["card"] if card["face_up"] and readable else None)
    if len(boxes) == 0:
        return []
    boxes = np.asarray(boxes, np.float32)
    iou = box_iou(boxes, np.array(corners, np.float32).reshape(-1, 4))
    labels: list[str | None] = []
    for box, row in zip(boxes, iou, strict=True):
        best = int(row.argmax()) if len(row) else -1
        if best >= 0 and row[best] >= MATCH_IOU:
            labels.append(names[best])
        elif (best < 0 or row[best] < NONE_IOU) and not _on_a_face(box, faces):
            labels.append(NONE)
        else:
            labels.append(None)
    return labels


def _on_a_face(box: np.ndarray, faces: list[np.ndarray]) -> bool:
    centre = (float(box[0] + box[2]) / 2, float(box[1] + box[3]) / 2)
    return any(cv2.pointPolygonTest(face, centre, False) >= 0 for face in faces)


def crops_at_found_corners(
    rng: np.random.Generator,
    image: np.ndarray,
    gt: dict[str, Any],
    det: CardDetector,
    min_conf: float,
    copies: int,
    size: int,
) -> tuple[list[np.ndarray], list[int]]:
    """Crops and class numbers at the index boxes ``det`` finds in one rendered image."""
    found = det.find(image).of_class(DET_INDEX)
    boxes = found.xyxy[found.confidence >= min_conf]
    xs: list[np.ndarray] = []
    ys: list[int] = []
    for box, label in zip(boxes, corner_labels(boxes, gt), strict=True):
        if label is None:
            continue
        for j in range(copies):
            cut = _jitter(rng, box.tolist(), 0.05) if j else box.tolist()
            xs.append(crop_square(image, cut, size))
            ys.append(CLASSIFIER_INDEX[label])
    return xs, ys


def build(
    dataset: Path,
    split: str,
    det: CardDetector,
    size: int,
    copies: int = 2,
    min_conf: float = 0.15,
    exclude: frozenset[str] = frozenset(),
    seed: int = 0,
) -> tuple[np.ndarray, np.ndarray]:
    """All crops of one split at ``det``'s corners, but of the images of the decks in
    ``exclude``."""
    rng = np.random.default_rng(seed)
    return crops_of_split(
        dataset,
        split,
        lambda image, gt: crops_at_found_corners(rng, image, gt, det, min_conf, copies, size),
        exclude,
    )


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m vision.train.detector_crops", description=__doc__)
    ap.add_argument("dataset", type=Path)
    ap.add_argument("split")
    ap.add_argument("out", type=Path)
    ap.add_argument("--model-dir", type=Path, required=True, help="holds detector.onnx")
    ap.add_argument("--size", type=int, default=48, help="crop side in pixels")
    ap.add_argument("--copies", type=int, default=2, help="crops per labelled box")
    ap.add_argument("--min-conf", type=float, default=0.15, help="corners classified from here")
    ap.add_argument("--exclude", nargs="*", default=[], help="deck names whose images give no crop")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    det = CardDetector(args.model_dir / "detector.onnx", args.model_dir / "classifier.onnx")
    x, y = build(
        args.dataset,
        args.split,
        det,
        args.size,
        args.copies,
        args.min_conf,
        frozenset(args.exclude),
    )
    np.savez(args.out, x=x, y=y)
    nones = int((y == CLASSIFIER_INDEX[NONE]).sum())
    print(f"{len(y)} crops ({nones} none) -> {args.out}")


if __name__ == "__main__":
    main()
