"""Per-frame latency of the shipped detector runtime vs ultralytics' own PyTorch predictor.

``python bench/detector.py [--frames N] [--imgsz 640] [--weights runs/.../last.pt] IMAGES...``

The shipped runtime (onnxruntime: YOLO + index classifier + whole-card reader, pre- and
post-processing included) is timed on every frame, then without the whole-card reader, then also
with every crop read once (no second reading of unsure crops turned).
When ``--weights`` is given and ultralytics is importable (training venv), ultralytics' PyTorch
predictor on the same frames and size is timed in the same run and the ratio printed. Medians
over the frames after a warm-up.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _frames(paths: list[Path], n: int) -> list:  # type: ignore[type-arg]
    import cv2

    files: list[Path] = []
    for p in paths:
        files += sorted(p.glob("*.jpg")) if p.is_dir() else [p]
    images = [cv2.imread(str(f)) for f in files[:n]]
    return [im for im in images if im is not None]


def _time(fn, frames: list, warmup: int = 3) -> list[float]:  # type: ignore[no-untyped-def,type-arg]
    for f in frames[:warmup]:
        fn(f)
    out = []
    for f in frames:
        t0 = time.perf_counter()
        fn(f)
        out.append((time.perf_counter() - t0) * 1000)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("images", nargs="+", type=Path)
    ap.add_argument("--frames", type=int, default=50)
    ap.add_argument("--imgsz", type=int, default=640)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--weights", type=Path, help="ultralytics .pt of the same detector")
    ap.add_argument("--model-dir", type=Path, default=ROOT / "models")
    args = ap.parse_args()
    os.environ["OMP_NUM_THREADS"] = str(args.threads)
    from vision.detector import CardDetector

    frames = _frames(args.images, args.frames)
    if not frames:
        sys.exit("no frames")
    h, w = frames[0].shape[:2]
    detector = CardDetector(
        args.model_dir / "detector.onnx",
        args.model_dir / "classifier.onnx",
        imgsz=args.imgsz,
        threads=args.threads,
    )
    full = _time(detector.detect, frames)
    yolo_only = _time(detector.find, frames)
    whole_card, detector.whole_card = detector.whole_card, None
    corners_only = _time(detector.detect, frames)
    detector.unsure_p = 0.0
    once = _time(detector.detect, frames)
    detector.whole_card = whole_card
    print(f"{len(frames)} frames of {w}x{h}, detector input {args.imgsz}, {args.threads} threads")
    print(f"onnxruntime YOLO stage only     median {statistics.median(yolo_only):6.1f} ms")
    print(f"onnxruntime full (YOLO + crops) median {statistics.median(full):6.1f} ms")
    if whole_card is not None:
        print(f"  ... corners alone (no whole-card) {statistics.median(corners_only):6.1f} ms")
    print(f"  ... and every crop read once   median {statistics.median(once):6.1f} ms")
    if args.weights is None:
        return
    from vision.train.yolo import load

    try:
        model = load(args.weights, args.threads)
    except ImportError:
        print("ultralytics not installed here: run in the training venv for the comparison")
        return
    torch_ms = _time(
        lambda f: model.predict(f, imgsz=args.imgsz, conf=0.2, verbose=False, device="cpu"),
        frames,
    )
    ratio = statistics.median(torch_ms) / statistics.median(yolo_only)
    print(f"ultralytics PyTorch YOLO stage  median {statistics.median(torch_ms):6.1f} ms")
    print(f"ratio PyTorch / onnxruntime (YOLO stage): {ratio:.2f}x")


if __name__ == "__main__":
    main()
