"""Train the YOLO stage (index corners, face-up cards, backs) with ultralytics, offline, on the
CPU here or on a lent GPU (``--device 0 --workers 12 --hours 0.1``; ``vision/train/gpu_job.sh``).

``python -m vision.train.yolo --data data/synth-v1/data.yaml --epochs 20 --name det-v1``
``python -m vision.train.yolo --resume runs/det-v1/weights/last.pt`` continues a stopped run.
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import logging
import os
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def setup_offline(threads: int = 2) -> None:
    """Environment that keeps ultralytics offline, quiet and on ``threads`` CPU threads."""
    cfg = ROOT / "data" / "ultralytics-config"
    cfg.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("YOLO_OFFLINE", "1")
    os.environ.setdefault("YOLO_AUTOINSTALL", "False")
    os.environ.setdefault("YOLO_CONFIG_DIR", str(cfg))
    os.environ.setdefault("MPLCONFIGDIR", str(cfg / "mpl"))
    os.environ["OMP_NUM_THREADS"] = str(threads)
    import torch
    from ultralytics.utils import SETTINGS, torch_utils

    SETTINGS.update(sync=False)
    torch_utils.NUM_THREADS = threads  # internal name, checked with ultralytics 8.4.190
    torch.set_num_threads(threads)
    if importlib.util.find_spec("polars") is None:  # a GPU machine's image may lack it
        from ultralytics.engine.trainer import BaseTrainer

        BaseTrainer.read_results_csv = _read_results_csv  # internal name, as above


def _read_results_csv(trainer: Any) -> dict[str, list[float]]:
    """``BaseTrainer.read_results_csv`` without polars: results.csv as columns of floats (the
    only use is the history stored in each checkpoint)."""
    try:
        with open(trainer.csv, newline="") as f:
            rows = list(csv.DictReader(f))
        return {k.strip(): [float(r[k]) for r in rows] for k in (rows[0] if rows else {})}
    except (OSError, ValueError):
        return {}


def load(weights: str | Path, threads: int = 2) -> Any:
    """An ultralytics YOLO model from a checkpoint or YAML, offline (the project's only import of
    ultralytics is in this module)."""
    setup_offline(threads)
    from ultralytics import YOLO

    return YOLO(str(weights))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m vision.train.yolo", description=__doc__)
    ap.add_argument("--data", type=Path)
    ap.add_argument(
        "--model",
        default=str(HERE / "yolo11n-half.yaml"),
        help="architecture YAML, or a .pt to start from",
    )
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--imgsz", type=int, default=416)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--name", default="det")
    ap.add_argument("--project", type=Path, default=ROOT / "runs")
    ap.add_argument("--resume", type=Path, help="last.pt of a stopped run")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--device", default="cpu", help="cpu, or a GPU index such as 0")
    ap.add_argument("--workers", type=int, default=0, help="dataloader processes (GPU only)")
    ap.add_argument("--hours", type=float, default=0.0, help="train for this long (not --epochs)")
    ap.add_argument("--cache", action="store_true", help="keep the decoded images in memory")
    ap.add_argument("--scale", type=float, default=0.35, help="random zoom +- this fraction")
    ap.add_argument("--cos-lr", action="store_true", help="cosine learning-rate schedule")
    ap.add_argument("--close-mosaic", type=int, default=1, help="last epochs without mosaic")
    ap.add_argument("--warmup", type=float, default=0.5, help="warm-up epochs")
    ap.add_argument("--optimizer", default="auto", help="auto, AdamW, SGD ...")
    ap.add_argument("--lr0", type=float, default=0.01, help="initial LR (ignored by auto)")
    ap.add_argument("--no-val", dest="val", action="store_false", help="validate only at the end")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    if args.resume:
        load(args.resume, args.threads).train(resume=True)
        return
    if args.data is None:
        ap.error("--data is required unless --resume")
    model = load(args.model, args.threads)
    model.train(
        data=str(args.data.resolve()),
        epochs=args.epochs,
        imgsz=args.imgsz,
        batch=args.batch,
        device=args.device,
        workers=args.workers,
        time=args.hours or None,
        cache="ram" if args.cache else False,
        project=str(args.project.resolve()),
        name=args.name,
        exist_ok=True,
        # a .pt start loads its weights (ultralytics skips them when pretrained=False)
        pretrained=args.model if args.model.endswith(".pt") else False,
        optimizer=args.optimizer,
        lr0=args.lr0,
        plots=False,
        amp=False,
        patience=0,
        seed=0,
        # rotations, perspective and colour are in the renders already
        degrees=0.0,
        perspective=0.0,
        scale=args.scale,
        translate=0.1,
        fliplr=0.5,
        flipud=0.0,
        mosaic=1.0,
        close_mosaic=args.close_mosaic,
        hsv_h=0.02,
        hsv_s=0.5,
        hsv_v=0.4,
        cos_lr=args.cos_lr,
        warmup_epochs=args.warmup,
        val=args.val,
    )


if __name__ == "__main__":
    main()
