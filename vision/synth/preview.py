"""``python -m vision.synth.preview DATASET SPLIT OUT.png [N]``: labelled renders, for eyes."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import cv2
import numpy as np

COLOURS = {0: (0, 0, 255), 1: (0, 200, 0), 2: (255, 0, 0)}


def draw(image: np.ndarray, gt: dict[str, Any], yolo: list[str]) -> np.ndarray:
    """Draw YOLO boxes (red index, green card, blue back) and card names from the JSON."""
    out = image.copy()
    h, w = out.shape[:2]
    for line in yolo:
        c, cx, cy, bw, bh = line.split()
        x0, y0 = (float(cx) - float(bw) / 2) * w, (float(cy) - float(bh) / 2) * h
        x1, y1 = x0 + float(bw) * w, y0 + float(bh) * h
        cv2.rectangle(out, (int(x0), int(y0)), (int(x1), int(y1)), COLOURS[int(c)], 1)
    for card in gt["cards"]:
        if card["identifiable"]:
            x, y = card["polygon"][0]
            tag = card["card"] + ("*" if card["covered"] else "")
            cv2.putText(out, tag, (int(x), int(y)), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (255, 0, 255), 1)
    return out


def main() -> None:
    root, split, target = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    n = int(sys.argv[4]) if len(sys.argv) > 4 else 6
    tiles = []
    for img_path in sorted((root / "images" / split).glob("*.jpg"))[:n]:
        stem = img_path.stem
        gt = json.loads((root / "gt" / split / f"{stem}.json").read_text())
        yolo = (root / "labels" / split / f"{stem}.txt").read_text().split("\n")
        image = cv2.imread(str(img_path))
        if image is None:
            raise FileNotFoundError(img_path)
        tiles.append(draw(image, gt, [ln for ln in yolo if ln.strip()]))
    rows = [np.hstack(tiles[i : i + 2]) for i in range(0, len(tiles) - 1, 2)]
    cv2.imwrite(target, np.vstack(rows))


if __name__ == "__main__":
    main()
