"""``python -m vision.video render ...`` (one game folder) and ``python -m vision.video batch ...``
(a set of game folders with varied variants, players, decks, tables and cameras)."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from vision.video.batch import make_batch
from vision.video.make import VideoSpec, make_video


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(
            f"size must be WIDTHxHEIGHT, e.g. 1280x720: {text!r}"
        ) from exc
    if not (64 <= w <= 3840 and 64 <= h <= 2160):
        raise argparse.ArgumentTypeError(f"size {text!r} out of range")
    return w, h


def _options(items: list[str]) -> tuple[tuple[str, str], ...]:
    out = []
    for item in items:
        if "=" not in item:
            raise SystemExit(f"option must be NAME=VALUE: {item!r}")
        k, v = item.split("=", 1)
        out.append((k, v))
    return tuple(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.video", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("render", help="render one game as a video folder")
    r.add_argument("--variant", default="podkidnoy")
    r.add_argument("--players", type=int, default=2)
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--deck", default="kde-standard", help="a deck folder name under data/decks")
    r.add_argument("--camera", choices=("top", "angled"), default="top")
    r.add_argument("--illegal", type=int, default=0, help="illegal attempts to seed")
    r.add_argument("--size", type=_size, default=(1280, 720))
    r.add_argument("--fps", type=float, default=15.0)
    r.add_argument("--option", action="append", default=[], help="table option NAME=VALUE")
    r.add_argument("--table", choices=("desk", "felt", "wood", "cloth", "blotches"))
    r.add_argument("--noise", type=float, help="sensor noise sigma (default: random 1.5-4)")
    r.add_argument("--out", type=Path, required=True)
    b = sub.add_parser("batch", help="render a varied set of game folders")
    b.add_argument("--count", type=int, default=30)
    b.add_argument("--seed", type=int, default=1000)
    b.add_argument("--out", type=Path, required=True)
    b.add_argument("--size", type=_size, default=(1280, 720))
    b.add_argument("--held-out", type=int, default=3, help="videos with the held-out deck")
    b.add_argument("--max-moves", type=int, default=140, help="skip longer games")
    b.add_argument(
        "--decks", nargs="+", default=(), help="draw only these deck designs (default: all)"
    )
    b.add_argument(
        "--only", nargs="+", type=int, default=(), help="render only these game numbers (from 0)"
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if args.command == "render":
        spec = VideoSpec(
            args.variant,
            args.players,
            args.seed,
            args.deck,
            args.camera,
            args.illegal,
            args.size,
            args.fps,
            _options(args.option),
            args.table,
            args.noise,
        )
        made = make_video(spec, args.out)
        print(
            f"{made.folder}: {made.frames} frames ({made.seconds:.0f} s of video) in "
            f"{made.render_s:.0f} s = {made.frames / made.render_s:.1f} frames/s, "
            f"{made.bytes / 1e6:.1f} MB"
        )
        return 0
    try:
        made_all = make_batch(
            args.out,
            args.count,
            args.seed,
            args.size,
            args.held_out,
            args.max_moves,
            args.decks,
            args.only,
        )
    except (FileNotFoundError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"{len(made_all)} videos in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
