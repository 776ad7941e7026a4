"""Pick the card-confidence threshold on validation sets (never on test sets).

Runs the detector once per image with low thresholds, then scores the cards kept at each
threshold: ``python -m vision.train.tune --model-dir models``. Prints F1 per threshold per set.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import cv2
import numpy as np

from vision.detector import WHOLE_CARD_FILE, CardDetection, CardDetector
from vision.evaluate import Truth, score, synthetic_truths, yolo_truths
from vision.train.evaluate_all import REAL

THRESHOLDS = (0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5)


def _replay(
    kept: dict[str, list[CardDetection]], paths: list[Path]
) -> Callable[[np.ndarray], list[CardDetection]]:
    """A stand-in detector that returns the kept detections of ``paths`` in order."""
    it = iter(paths)
    return lambda _img: kept[str(next(it))]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m vision.train.tune", description=__doc__)
    ap.add_argument("--model-dir", type=Path, default=Path("models"))
    ap.add_argument("--synth", type=Path, default=Path("data/synth-v2"))
    ap.add_argument("--real", type=Path, default=REAL)
    ap.add_argument("--imgsz", type=int, default=640)
    ap.add_argument("--limit", type=int, default=150)
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args(argv)
    det = CardDetector(
        args.model_dir / "detector.onnx",
        args.model_dir / "classifier.onnx",
        whole_card_path=args.model_dir / WHOLE_CARD_FILE,
        imgsz=args.imgsz,
        conf=0.05,
        min_conf=0.05,
        threads=args.threads,
    )
    cache: dict[str, list[CardDetection]] = {}

    def cached(path: Path) -> list[CardDetection]:
        key = str(path)
        if key not in cache:
            image = cv2.imread(key)
            cache[key] = det.detect(image) if image is not None else []
        return cache[key]

    sets: dict[str, Callable[[], Iterator[Truth]]] = {
        "synthetic_val": lambda: synthetic_truths(args.synth, "val"),
        "real_valid": lambda: yolo_truths(args.real, "valid"),
    }
    out: dict[str, dict[str, float]] = {}
    for name, truths in sets.items():
        paths = [t.image for t, _ in zip(truths(), range(args.limit), strict=False)]
        found = {str(p): cached(p) for p in paths}
        for th in THRESHOLDS:
            kept = {k: [d for d in v if d.confidence >= th] for k, v in found.items()}
            s = score(truths(), _replay(kept, paths), args.limit)
            r = s.to_json()
            p, rc = float(r["precision"]), float(r["recall"])  # type: ignore[arg-type]
            f1 = 2 * p * rc / (p + rc) if p + rc else 0.0
            out.setdefault(name, {})[str(th)] = round(f1, 4)
            print(f"{name} threshold {th}: precision {p} recall {rc} F1 {f1:.4f}", flush=True)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
