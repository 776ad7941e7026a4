"""How fast the whole camera chain runs, beside the detector alone, on the same video.

``python bench/pipeline.py [VIDEO] [--players N] [--variant V] [--frames N]``

Decodes the video once into memory, then (1) runs the detector alone on every frame and (2) runs
the whole chain (motion, detection when the table is still, votes, inference with the referee)
the way ``bito watch`` does; prints frames per second of each and the chain's per-stage
milliseconds. Default video: the bundled demo video, else the first game of data/videos-tune.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from referee.game import check_and_apply, table_game  # noqa: E402
from referee.variants import find_variant  # noqa: E402
from vision.capture import Frame, VideoFileSource  # noqa: E402
from vision.detector import CardDetector  # noqa: E402
from vision.pipeline import DETECT_SIZE, Pipeline  # noqa: E402
from vision.runtime import add_runtime_options  # noqa: E402


def default_video() -> Path | None:
    demo = ROOT / "companion" / "data" / "demo_video" / "video.mp4"
    if demo.is_file():
        return demo
    found = sorted((ROOT / "data" / "videos-tune").glob("*/video.mp4"))
    return found[0] if found else None


def _ms(values: list[float]) -> str:
    if not values:
        return "-"
    a = np.array(values)
    return f"{a.mean():.1f} ms mean, p95 {np.percentile(a, 95):.1f} ({len(a)} calls)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("video", nargs="?", type=Path, default=None)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--variant", default=None)
    parser.add_argument("--frames", type=int, default=600, help="at most this many frames")
    parser.add_argument("--imgsz", type=int, default=DETECT_SIZE)
    add_runtime_options(parser)
    args = parser.parse_args()
    video = args.video or default_video()
    if video is None:
        print("no video: give one (a rendered game's video.mp4)", file=sys.stderr)
        return 2
    meta_path = video.parent / "meta.json"
    meta = json.loads(meta_path.read_text()) if meta_path.is_file() else {}
    players = args.players or int(meta.get("players", 2))
    variant = args.variant or meta.get("variant", "podkidnoy")
    rules = find_variant(variant).configure(meta.get("options") or {})
    frames: list[Frame] = []
    for frame in VideoFileSource(video, fps=meta.get("fps")):
        frames.append(frame)
        if len(frames) >= args.frames:
            break
    h, w = frames[0].image.shape[:2]
    print(f"video {video} ({w}x{h}, {len(frames)} frames), {variant}, {players} players")
    print(f"cpu cores visible: {os.cpu_count()}, detector input {args.imgsz} px")

    detector = CardDetector(imgsz=args.imgsz, runtime=args.runtime, precision=args.precision)
    detector.detect(frames[0].image)  # warm up
    step = max(1, len(frames) // 60)
    sample = frames[::step]
    t0 = time.perf_counter()
    for frame in sample:
        detector.detect(frame.image)
    alone = (time.perf_counter() - t0) / len(sample)
    print(
        f"detector alone: {1000 * alone:.1f} ms/frame = {1 / alone:.1f} fps ({len(sample)} frames)"
    )

    pipeline = Pipeline(rules, players, detector)
    state = None
    moves = 0
    t0 = time.perf_counter()
    for frame in frames:
        if state is None and pipeline.trump_card is not None:
            state = table_game(rules, players, trump_card=pipeline.trump_card)
        report = pipeline.process(frame, state)
        for observed in report.observed:
            assert state is not None
            _, state = check_and_apply(state, observed.move)
            moves += 1
    chain = (time.perf_counter() - t0) / len(frames)
    print(
        f"whole chain: {1000 * chain:.1f} ms/frame = {1 / chain:.1f} fps over {len(frames)} "
        f"frames ({moves} moves observed)"
    )
    times = pipeline.times
    print(f"  motion: {_ms(times.motion)}")
    print(f"  detect: {_ms(times.detect)} (on {len(times.detect)}/{len(frames)} frames)")
    print(f"  judge:  {_ms(times.judge)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
