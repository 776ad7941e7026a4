"""Cut rendered frames into square tiles at native scale, for cheaper YOLO training.

Training on 320-px tiles keeps cards and index corners at the pixel size they have in a 640-px
frame (no downscaling), at a quarter of the compute per image; the detector, being convolutional,
then runs on whole 640-px frames.

``python -m vision.train.tiles SRC DST --size 320 --per-image 3 [--splits train val]
[--scale LO HI]``

A split given as ``SRC_SPLIT:DST_SPLIT`` (``train2:train``) is written under another name, so
several renders make one training split. ``--scale`` shrinks each frame by a random factor in
``[LO, HI]`` before cutting (frames rendered at 1280x960 seen as a detector sees a smaller card).
"""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

import cv2
import numpy as np

log = logging.getLogger(__name__)

KEEP = {0: 0.7, 1: 0.5, 2: 0.5}  # fraction of a box that must stay inside the tile, by class


def _labels(path: Path, w: int, h: int) -> np.ndarray:
    rows = (
        [ln.split() for ln in path.read_text().split("\n") if ln.strip()] if path.exists() else []
    )
    out = np.zeros((len(rows), 5), np.float64)
    for i, (c, cx, cy, bw, bh) in enumerate(rows):
        cxf, cyf, bwf, bhf = float(cx) * w, float(cy) * h, float(bw) * w, float(bh) * h
        out[i] = [int(c), cxf - bwf / 2, cyf - bhf / 2, cxf + bwf / 2, cyf + bhf / 2]
    return out


def tile_split(
    src: Path,
    dst: Path,
    split: str,
    size: int,
    per_image: int,
    seed: int,
    scale: tuple[float, float] = (1.0, 1.0),
    out_split: str | None = None,
) -> int:
    rng = np.random.default_rng(seed)
    out = out_split or split
    (dst / "images" / out).mkdir(parents=True, exist_ok=True)
    (dst / "labels" / out).mkdir(parents=True, exist_ok=True)
    n = 0
    for img_path in sorted((src / "images" / split).glob("*.jpg")):
        image = cv2.imread(str(img_path))
        if image is None:
            continue
        factor = float(rng.uniform(*scale)) if scale[0] != scale[1] else scale[0]
        if factor != 1.0:
            image = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
        h, w = image.shape[:2]
        boxes = _labels(src / "labels" / split / (img_path.stem + ".txt"), w, h)
        for t in range(per_image):
            if len(boxes) and t < per_image - 1:  # centred near a random object
                b = boxes[int(rng.integers(len(boxes)))]
                cx = (b[1] + b[3]) / 2 + rng.normal(0, size / 4)
                cy = (b[2] + b[4]) / 2 + rng.normal(0, size / 4)
            else:
                cx, cy = rng.uniform(0, w), rng.uniform(0, h)
            x0 = int(np.clip(cx - size / 2, 0, max(0, w - size)))
            y0 = int(np.clip(cy - size / 2, 0, max(0, h - size)))
            tile = image[y0 : y0 + size, x0 : x0 + size]
            lines = []
            for c, bx0, by0, bx1, by1 in boxes:
                cx0, cy0 = max(bx0, x0), max(by0, y0)
                cx1, cy1 = min(bx1, x0 + size), min(by1, y0 + size)
                if cx1 <= cx0 or cy1 <= cy0:
                    continue
                kept = (cx1 - cx0) * (cy1 - cy0) / max((bx1 - bx0) * (by1 - by0), 1e-9)
                if kept < KEEP[int(c)]:
                    continue
                mx, my = ((cx0 + cx1) / 2 - x0) / size, ((cy0 + cy1) / 2 - y0) / size
                lines.append(
                    f"{int(c)} {mx:.6f} {my:.6f} {(cx1 - cx0) / size:.6f} {(cy1 - cy0) / size:.6f}"
                )
            name = f"{img_path.stem}_t{t}"
            cv2.imwrite(
                str(dst / "images" / out / f"{name}.jpg"), tile, [cv2.IMWRITE_JPEG_QUALITY, 92]
            )
            (dst / "labels" / out / f"{name}.txt").write_text("\n".join(lines) + "\n")
            n += 1
    log.info("%s: %d tiles", split, n)
    return n


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m vision.train.tiles", description=__doc__)
    ap.add_argument("src", type=Path)
    ap.add_argument("dst", type=Path)
    ap.add_argument("--size", type=int, default=320)
    ap.add_argument("--per-image", type=int, default=3)
    ap.add_argument("--splits", nargs="*", default=["train", "val"], help="SPLIT or SRC:DST")
    ap.add_argument("--scale", nargs=2, type=float, default=[1.0, 1.0], metavar=("LO", "HI"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    scale = (args.scale[0], args.scale[1])
    for i, spec in enumerate(args.splits):
        split, _, out = spec.partition(":")
        tile_split(args.src, args.dst, split, args.size, args.per_image, i, scale, out or None)
    kept = [
        ln
        for ln in (args.src / "data.yaml").read_text().split("\n")
        if ln.startswith(("nc:", "names:"))
    ]
    splits = [
        f"{name}: images/{name}"
        for name in ("train", "val")
        if (args.dst / "images" / name).is_dir()
    ]
    (args.dst / "data.yaml").write_text(
        "\n".join([f"path: {args.dst.resolve()}", *splits, *kept]) + "\n"
    )
    print(f"tiles in {args.dst}")


if __name__ == "__main__":
    main()
