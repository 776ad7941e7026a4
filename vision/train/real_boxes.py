"""The real photo set's train split as YOLO-stage training data, at the scale the detector sees it.

The real set labels whole cards only; the YOLO stage also learns index corners. Each photo is
shrunk to the detector's input size, its card boxes become ``card`` labels, and the corners a
detector finds inside exactly one labelled card (and in no other) become ``index`` labels. The
set has no card backs, so a back found in it is a false one: none is labelled. Only the train
split is used. Cut the result into tiles with ``vision.train.tiles``.

``python -m vision.train.real_boxes REAL_ROOT DST [--model-dir DIR] [--min-conf 0.25] [--size 640]``
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np

from vision.cards import DET_CARD, DET_INDEX
from vision.detector import _containment
from vision.evaluate import yolo_truths
from vision.synth.dataset import yolo_line
from vision.train.real_crops import real_train_args

log = logging.getLogger(__name__)

#: How much of a corner must lie inside a card box for the corner to belong to it.
CORNER_INSIDE = 0.9


def detector_labels(
    cards: Sequence[Sequence[float]], corners: Sequence[Sequence[float]], w: int, h: int
) -> list[str]:
    """Label lines: every card box, and every corner inside exactly one card box."""
    lines = [yolo_line(DET_CARD, box, w, h) for box in cards]
    for corner in corners:
        owners = [
            box
            for box in cards
            if _containment(np.asarray(corner), np.asarray(box)) >= CORNER_INSIDE
        ]
        if len(owners) == 1:
            lines.append(yolo_line(DET_INDEX, corner, w, h))
    return lines


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m vision.train.real_boxes", description=__doc__)
    ap.add_argument("--size", type=int, default=640, help="longer side after shrinking")
    args, det = real_train_args(ap, argv, min_conf=0.25)
    dst: Path = args.out
    images, labels = dst / "images" / "train", dst / "labels" / "train"
    images.mkdir(parents=True, exist_ok=True)
    labels.mkdir(parents=True, exist_ok=True)
    n_cards = n_corners = 0
    for i, truth in enumerate(yolo_truths(args.real, args.split)):
        image = cv2.imread(str(truth.image))
        if image is None:
            raise OSError(f"cannot read {truth.image}")
        scale = args.size / max(image.shape[:2])
        small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        found = det.find(small).of_class(DET_INDEX)
        corners = found.xyxy[found.confidence >= args.min_conf]
        cards = [[v * scale for v in box] for box in truth.boxes.values()]
        h, w = small.shape[:2]
        lines = detector_labels(cards, list(corners), w, h)
        n_cards += len(cards)
        n_corners += len(lines) - len(cards)
        cv2.imwrite(str(images / truth.image.name), small, [cv2.IMWRITE_JPEG_QUALITY, 95])
        (labels / f"{truth.image.stem}.txt").write_text("\n".join(lines) + "\n")
        if i % 200 == 0:
            log.info("%d photos, %d cards, %d corners", i + 1, n_cards, n_corners)
    (dst / "data.yaml").write_text(
        f"path: {dst.resolve()}\ntrain: images/train\nnc: 3\nnames: [index, card, back]\n"
    )
    print(f"{n_cards} cards, {n_corners} corners labelled -> {dst}")


if __name__ == "__main__":
    main()
