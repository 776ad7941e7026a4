"""Export a trained YOLO checkpoint to ONNX for the torch-free runtime.

``python -m vision.train.export runs/det-v1/weights/last.pt models/detector.onnx``
The graph takes any input size (dynamic axes): the runtime letterboxes to its own ``imgsz``.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from vision.train.yolo import load


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m vision.train.export", description=__doc__)
    ap.add_argument("weights", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--imgsz", type=int, default=640)
    args = ap.parse_args(argv)
    model = load(args.weights)
    path = model.export(format="onnx", imgsz=args.imgsz, dynamic=True, simplify=False, opset=17)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(path, args.out)
    print(f"exported {args.out}")


if __name__ == "__main__":
    main()
