"""``python -m vision.synth --out DIR --count N --seed S --decks ...``: render a dataset split."""

from __future__ import annotations

import argparse
import logging
import time
from pathlib import Path

from vision.synth.dataset import write_data_yaml, write_split


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m vision.synth", description=__doc__)
    ap.add_argument("--out", type=Path, required=True, help="dataset folder")
    ap.add_argument("--count", type=int, required=True, help="number of images")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--split", default="train", help="train, val or test (or any name)")
    ap.add_argument(
        "--deck-root",
        type=Path,
        default=Path("data/decks"),
        help="folder of rasterised decks (python -m vision.synth.decks)",
    )
    ap.add_argument("--decks", nargs="*", default=None, help="deck names (default: all)")
    ap.add_argument("--exclude", nargs="*", default=[], help="deck names to leave out")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--start", type=int, default=0, help="first image number")
    ap.add_argument("--size", default="640x480", help="frame WIDTHxHEIGHT in pixels")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    names = args.decks or sorted(p.parent.name for p in args.deck_root.glob("*/deck.json"))
    dirs = [args.deck_root / n for n in names if n not in set(args.exclude)]
    if not dirs:
        ap.error("no decks found")
    t0 = time.perf_counter()
    width, height = (int(v) for v in args.size.lower().split("x"))
    write_split(
        args.out, args.split, args.count, args.seed, dirs, args.workers, args.start, (width, height)
    )
    yaml = write_data_yaml(args.out)
    dt = time.perf_counter() - t0
    print(f"{args.count} images from {len(dirs)} decks in {dt:.1f} s -> {yaml}")


if __name__ == "__main__":
    main()
