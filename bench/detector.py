"""Per-frame latency of the shipped detector runtime vs ultralytics' own PyTorch predictor.

``python bench/detector.py [--frames N] [--imgsz 640] [--weights runs/.../last.pt] IMAGES...``

The shipped runtime (YOLO + index classifier + whole-card reader, pre- and post-processing
included) is timed on every frame with each runtime (OpenVINO as shipped, in float32; OpenVINO in
bfloat16; onnxruntime), then without the whole-card reader, then also with every
crop read once (no second reading of unsure crops turned). ``--compare-dir DIR`` times other
model files beside the shipped ones in the same rounds (OpenVINO f32), e.g. the float readers
the shipped 8-bit ones were quantized from.
When ``--weights`` is given and ultralytics is importable (training venv), ultralytics' PyTorch
predictor on the same frames and size is timed in the same run and the ratio printed. Medians
over the frames of every round, after a warm-up; the runtimes take turns round by round.
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


RUNS = [("openvino", "f32"), ("openvino", "bf16"), ("onnxruntime", "f32")]
"""(runtime, precision) pairs timed: OpenVINO as shipped (float32), OpenVINO in bfloat16 (where
the CPU has it), onnxruntime (float32)."""


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
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds over the runtimes")
    ap.add_argument("--imgsz", type=int, default=640)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--weights", type=Path, help="ultralytics .pt of the same detector")
    ap.add_argument("--model-dir", type=Path, default=ROOT / "models")
    ap.add_argument(
        "--runtimes", nargs="+", default=["openvino", "onnxruntime"], help="which to time"
    )
    ap.add_argument(
        "--compare-dir",
        type=Path,
        help="other model files (e.g. the float readers) timed beside, on OpenVINO f32",
    )
    args = ap.parse_args()
    os.environ["OMP_NUM_THREADS"] = str(args.threads)
    from vision.detector import UNSURE_P, CardDetector

    frames = _frames(args.images, args.frames)
    if not frames:
        sys.exit("no frames")
    h, w = frames[0].shape[:2]
    print(f"{len(frames)} frames of {w}x{h}, detector input {args.imgsz}, {args.threads} threads")
    print("runtime                   YOLO stage   full   no whole-card   every crop once")
    runs = [(f"{r} {p}", args.model_dir, r, p) for r, p in RUNS if r in args.runtimes]
    if args.compare_dir:
        runs.append((f"{args.compare_dir.name} (ov f32)", args.compare_dir, "openvino", "f32"))
    detectors: dict[str, CardDetector] = {}
    for label, model_dir, runtime, precision in runs:
        detectors[label] = CardDetector(
            model_dir / "detector.onnx",
            model_dir / "classifier.onnx",
            imgsz=args.imgsz,
            threads=args.threads,
            whole_card_path=model_dir / "whole_card.onnx",
            runtime=runtime,
            precision=precision,
        )
    modes = ("YOLO stage", "full", "no whole-card", "every crop once")
    times: dict[tuple[str, str], list[float]] = {(d, m): [] for d in detectors for m in modes}
    for _ in range(args.rounds):  # interleaved, so a slow spell of the machine hits every row
        for label, detector in detectors.items():
            reader = detector.whole_card
            times[label, "YOLO stage"] += _time(detector.find, frames)
            times[label, "full"] += _time(detector.detect, frames)
            detector.whole_card = None
            times[label, "no whole-card"] += _time(detector.detect, frames)
            detector.unsure_p = 0.0
            times[label, "every crop once"] += _time(detector.detect, frames)
            detector.whole_card, detector.unsure_p = reader, UNSURE_P
    median = {key: statistics.median(v) for key, v in times.items()}
    yolo_stage = {label: median[label, "YOLO stage"] for label in detectors}
    for label in detectors:
        row = [median[label, m] for m in modes]
        print(f"{label:24s} {row[0]:8.1f} ms {row[1]:6.1f} ms {row[2]:9.1f} ms {row[3]:12.1f} ms")
    full = {label: median[label, "full"] for label in detectors}
    if args.compare_dir and "openvino f32" in full:
        other = runs[-1][0]
        print(f"ratio {other} / openvino f32 (full): {full[other] / full['openvino f32']:.2f}x")
    if len(yolo_stage) > 1:
        base = yolo_stage.get("onnxruntime f32")
        for label, ms in yolo_stage.items():
            if base and label != "onnxruntime f32":
                print(f"ratio onnxruntime / {label} (YOLO stage): {base / ms:.2f}x")
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
    print(f"ultralytics PyTorch YOLO stage {statistics.median(torch_ms):8.1f} ms")
    for label, ms in yolo_stage.items():
        print(f"ratio PyTorch / {label} (YOLO stage): {statistics.median(torch_ms) / ms:.2f}x")


if __name__ == "__main__":
    main()
