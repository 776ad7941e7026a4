"""Classifier crops from the real photo set's train split, labelled through its whole-card boxes.

The real set has whole-card boxes only. The YOLO stage finds index corners in each photo; a corner
that lies inside exactly one labelled card box (and in no other) takes that card's identity.
Boxes away from every corner give ``none`` crops. Only the train split is used.

``python -m vision.train.real_crops REAL_ROOT OUT.npz [--split train] [--size 48] [--whole]``

``--whole`` cuts crops of the labelled whole cards for the whole-card reader instead (and
``none`` crops of card-sized boxes that hold no card).
"""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

import cv2
import numpy as np

from vision.cards import CLASSIFIER_INDEX, DET_INDEX, NONE
from vision.crops import CARD_CROP_SIZE, CROP_SIZE, crop_square
from vision.detector import CardDetector, _containment
from vision.evaluate import yolo_truths
from vision.train.crop_data import _iou, _jitter, card_box_crops

log = logging.getLogger(__name__)


def real_train_args(
    ap: argparse.ArgumentParser, argv: list[str] | None, min_conf: float
) -> tuple[argparse.Namespace, CardDetector]:
    """Parse the arguments every maker of training data from the real photo set takes (``REAL
    OUT --split train --model-dir DIR --min-conf C``, besides its own), refuse any split but
    train, and load the detector whose corners it uses."""
    ap.add_argument("real", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--split", default="train")
    ap.add_argument("--model-dir", type=Path, default=Path("models"))
    ap.add_argument("--min-conf", type=float, default=min_conf)
    args = ap.parse_args(argv)
    if args.split != "train":
        ap.error("only the train split may be used for training")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    det = CardDetector(
        args.model_dir / "detector.onnx", args.model_dir / "classifier.onnx", threads=2
    )
    return args, det


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m vision.train.real_crops", description=__doc__)
    ap.add_argument("--jitter", type=int, default=3)
    ap.add_argument("--size", type=int, default=CROP_SIZE, help="crop side in pixels")
    ap.add_argument("--whole", action="store_true", help="whole-card crops, not index corners")
    args, det = real_train_args(ap, argv, min_conf=0.4)
    rng = np.random.default_rng(0)
    xs: list[np.ndarray] = []
    ys: list[int] = []
    corners = labelled = 0
    for i, truth in enumerate(yolo_truths(args.real, args.split)):
        image = cv2.imread(str(truth.image))
        if image is None:
            continue
        if args.whole:
            cards = [(card, box, args.jitter) for card, box in truth.boxes.items()]
            x, y = card_box_crops(rng, image, cards, CARD_CROP_SIZE, nones=1, empty_side=1 / 3)
            xs += x
            ys += y
            labelled += len(truth.boxes)
            continue
        found = det.find(image).of_class(DET_INDEX)
        keep = found.confidence >= args.min_conf
        boxes = found.xyxy[keep]
        corners += len(boxes)
        for box in boxes:
            owners = [c for c, b in truth.boxes.items() if _containment(box, np.array(b)) >= 0.9]
            if len(owners) != 1:
                continue
            labelled += 1
            for j in range(args.jitter):
                xs.append(
                    crop_square(image, _jitter(rng, list(box), 0.1 if j else 0.03), args.size)
                )
                ys.append(CLASSIFIER_INDEX[owners[0]])
        h, w = image.shape[:2]
        made = 0
        for _ in range(30):
            if made >= 3:
                break
            side = rng.uniform(20, 90)
            cx, cy = rng.uniform(0, w), rng.uniform(0, h)
            b = [cx - side * 0.35, cy - side / 2, cx + side * 0.35, cy + side / 2]
            if any(_iou(b, list(o)) > 0.05 for o in found.xyxy):
                continue
            xs.append(crop_square(image, b, args.size))
            ys.append(CLASSIFIER_INDEX[NONE])
            made += 1
        if i % 200 == 0:
            log.info("%d images, %d corners, %d labelled", i, corners, labelled)
    np.savez(args.out, x=np.stack(xs), y=np.array(ys, np.int16))
    print(f"{corners} corners found, {labelled} labelled, {len(ys)} crops -> {args.out}")


if __name__ == "__main__":
    main()
