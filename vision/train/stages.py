"""Which stage loses the cards: YOLO corner recall vs classifier reading, on a rendered split.

``python -m vision.train.stages --model-dir models --split val --limit 80``
Counts readable index corners (ground truth), those a detected index box overlaps (IoU > 0.3,
detector confidence >= 0.05, and >= 0.25), and those the classifier then reads right.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2
import numpy as np

from vision.cards import CLASSIFIER_CLASSES, DET_INDEX
from vision.detections import box_iou
from vision.detector import CardDetector
from vision.synth.render import INDEX_VISIBLE, MIN_INDEX_PX


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m vision.train.stages", description=__doc__)
    ap.add_argument("--model-dir", type=Path, default=Path("models"))
    ap.add_argument("--synth", type=Path, default=Path("data/synth-v2"))
    ap.add_argument("--split", default="val")
    ap.add_argument("--limit", type=int, default=80)
    ap.add_argument("--imgsz", type=int, default=640)
    args = ap.parse_args(argv)
    det = CardDetector(
        args.model_dir / "detector.onnx",
        args.model_dir / "classifier.onnx",
        imgsz=args.imgsz,
        conf=0.05,
        threads=1,
    )
    total = found = found_confident = right = 0
    for path in sorted((args.synth / "gt" / args.split).glob("*.json"))[: args.limit]:
        gt = json.loads(path.read_text())
        image = cv2.imread(str(args.synth / "images" / args.split / gt["image"]))
        if image is None:
            continue
        index = det.find(image).of_class(DET_INDEX)
        probs = det.read(image, index.xyxy)
        for card in gt["cards"]:
            for corner in card["indices"]:
                b = corner["box"]
                if (
                    corner["visible"] < INDEX_VISIBLE
                    or min(b[2] - b[0], b[3] - b[1]) < MIN_INDEX_PX
                ):
                    continue
                total += 1
                if len(index) == 0:
                    continue
                iou = box_iou(np.array([b], np.float32), index.xyxy)[0]
                j = int(iou.argmax())
                if iou[j] <= 0.3:
                    continue
                found += 1
                found_confident += int(index.confidence[j] >= 0.25)
                right += int(CLASSIFIER_CLASSES[int(probs[j].argmax())] == card["card"])
    result = {
        "readable_corners": total,
        "detected": found,
        "detected_conf_0.25": found_confident,
        "read_right": right,
        "corner_recall": round(found / max(total, 1), 4),
        "reading_accuracy": round(right / max(found, 1), 4),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
