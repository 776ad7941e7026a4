"""The detector's commands: ``detect`` (name the cards in photos) and ``eval-detector``.

numpy, OpenCV and the inference runtime are imported inside the handlers, so ``bito`` starts
without them.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from vision.runtime import add_runtime_options

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("detect", help="name every card in photos (one JSON object per image)")
    p.add_argument("paths", nargs="+", type=Path, metavar="IMAGE_OR_FOLDER")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.add_argument("--annotate", type=Path, metavar="DIR", help="write labelled images here")
    _model_options(p)
    p.set_defaults(handler=cmd_detect)

    p = sub.add_parser("eval-detector", help="card-identity precision/recall on a labelled set")
    p.add_argument("dataset", type=Path, help="rendered set (with gt/) or YOLO photo set")
    p.add_argument("--split", default="test")
    p.add_argument("--limit", type=int, default=None, help="first N images only")
    p.add_argument("--json", action="store_true", help="print the scores as JSON")
    _model_options(p)
    p.set_defaults(handler=cmd_eval)


def _model_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--model-dir", type=Path, default=None, help="folder with the ONNX models")
    p.add_argument("--imgsz", type=int, default=640, help="detector input size")
    p.add_argument("--conf", type=float, default=0.15, help="minimum card confidence")
    p.add_argument("--threads", type=int, default=2)
    add_runtime_options(p)


def _detector(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    from vision.detector import CLASSIFIER_FILE, DETECTOR_FILE, WHOLE_CARD_FILE, CardDetector

    d = args.model_dir
    return CardDetector(
        d / DETECTOR_FILE if d else None,
        d / CLASSIFIER_FILE if d else None,
        whole_card_path=d / WHOLE_CARD_FILE if d else None,
        imgsz=args.imgsz,
        min_conf=args.conf,
        threads=args.threads,
        runtime=args.runtime,
        precision=args.precision,
    )


def _images(paths: list[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out += sorted(q for q in p.rglob("*") if q.suffix.lower() in IMAGE_SUFFIXES)
        else:
            out.append(p)
    return out


def cmd_detect(args: argparse.Namespace) -> int:
    import cv2

    from vision.annotate import annotate

    detector = _detector(args)
    status = 0
    if args.annotate:
        args.annotate.mkdir(parents=True, exist_ok=True)
    for path in _images(args.paths):
        image = cv2.imread(str(path))
        if image is None:
            print(f"bito detect: cannot read {path}", file=sys.stderr)
            status = 2
            continue
        cards = detector.detect(image)
        if args.json:
            print(json.dumps({"image": str(path), "cards": [c.to_json() for c in cards]}))
        else:
            names = " ".join(f"{c.card}({c.confidence:.2f})" for c in cards)
            print(f"{path}: {names or '(no cards)'}")
        if args.annotate:
            cv2.imwrite(str(args.annotate / (path.stem + ".jpg")), annotate(image, cards))
    return status


def cmd_eval(args: argparse.Namespace) -> int:
    from vision.evaluate import score, synthetic_truths, yolo_truths

    detector = _detector(args)
    root: Path = args.dataset
    if (root / "gt" / args.split).is_dir():
        truths = synthetic_truths(root, args.split)
    elif (root / args.split / "images").is_dir():
        truths = yolo_truths(root, args.split)
    else:
        print(f"bito eval-detector: no {args.split} split in {root}", file=sys.stderr)
        return 2
    result = score(truths, detector.detect, args.limit).to_json()
    result = {"dataset": str(root), "split": args.split, "imgsz": args.imgsz, **result}
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    return 0
