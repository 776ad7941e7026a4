"""Score the shipped models on every evaluation set and write the figures to a JSON file.

``python -m vision.train.evaluate_all --out models/metrics.json [--imgsz 640] [--limit N]``
Sets: synthetic test (training decks), synthetic held-out deck, real photo test split.
"""

from __future__ import annotations

import argparse
import json
import logging
import time
from pathlib import Path

from vision.detector import WHOLE_CARD_FILE, CardDetector
from vision.evaluate import score, synthetic_truths, yolo_truths
from vision.runtime import add_runtime_options

REAL = Path("/work/shared/datasets/real/poker-cards-yolo")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m vision.train.evaluate_all", description=__doc__)
    ap.add_argument("--synth", type=Path, default=Path("data/synth-v2"))
    ap.add_argument("--real", type=Path, default=REAL)
    ap.add_argument("--model-dir", type=Path, default=Path("models"))
    ap.add_argument("--imgsz", type=int, default=640)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--min-conf", type=float, default=0.15)
    ap.add_argument("--out", type=Path, required=True)
    add_runtime_options(ap)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    det = CardDetector(
        args.model_dir / "detector.onnx",
        args.model_dir / "classifier.onnx",
        whole_card_path=args.model_dir / WHOLE_CARD_FILE,
        imgsz=args.imgsz,
        min_conf=args.min_conf,
        threads=args.threads,
        runtime=args.runtime,
        precision=args.precision,
    )
    sets = {
        "synthetic_test": synthetic_truths(args.synth, "test"),
        "synthetic_heldout_deck": synthetic_truths(args.synth, "heldout"),
        "real_test": yolo_truths(args.real, "test"),
    }
    results: dict[str, object] = {
        "imgsz": args.imgsz,
        "min_conf": args.min_conf,
        "measured": time.strftime("%Y-%m-%d %H:%M"),
        "runtime": det.runtime,
        "precision": det.precision,
    }
    for name, truths in sets.items():
        results[name] = score(truths, det.detect, args.limit).to_json()
        logging.info("%s: %s", name, json.dumps(results[name])[:300])
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
