"""How long the arm that laid a card stays over the battle area: the floor of the still frames.

``python bench/arm_leaves.py GAME_FOLDER... [--limit N]``

For every move that lays cards in rendered game videos (``vision.video``), the time from the
cards coming to rest (the truth's ``t_rest``) to the first frame in which nothing moves over the
battle area (``vision.table.motion``, with the seats a person would set, as
``evaluate_videos --calibrate-from-meta``). A change judged on still frames cannot be judged
sooner than this; a legal card laid is judged earlier, as the arm withdraws, once it lies half a
card length from the arm (``Pipeline._judge_withdrawing``), and an illegal one counts the frames
read so as still frames. Motion only: no detector runs, so this is fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from vision.capture import VideoFileSource  # noqa: E402
from vision.table.evaluate_videos import calibration_from_meta, lays_cards, spread  # noqa: E402
from vision.table.geometry import load_calibration  # noqa: E402
from vision.table.motion import Motion  # noqa: E402


def arm_times(folder: Path) -> list[float]:
    """Seconds from each laid card's rest to the battle area's first still frame, in one game."""
    meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    rests = sorted(
        float(e["t_rest"])
        for e in meta.get("events", [])
        if e.get("t_rest") is not None and lays_cards(e["move"])
    )
    times: list[float] = []
    moving: list[bool] = []
    motion: Motion | None = None
    for frame in VideoFileSource(folder / "video.mp4", fps=float(meta.get("fps") or 15)):
        if motion is None:
            h, w = frame.image.shape[:2]
            calibration = calibration_from_meta(meta, folder)
            motion = Motion(load_calibration(calibration, int(meta["players"]), w, h))
        times.append(frame.time)
        moving.append(motion.update(frame.image).moving)
    stamps = np.array(times)
    out: list[float] = []
    for rest in rests:
        k = int(np.searchsorted(stamps, rest))
        while k < len(moving) - 1 and moving[k]:
            k += 1
        if k < len(stamps):
            out.append(float(stamps[k]) - rest)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--limit", type=int, default=None, help="at most this many games")
    args = parser.parse_args()
    seconds: list[float] = []
    for folder in args.folders[: args.limit]:
        if not (folder / "meta.json").is_file():
            print(f"{folder}: no meta.json (not a rendered game)", file=sys.stderr)
            return 2
        got = arm_times(folder)
        print(f"{folder.name}: {spread(got)}", flush=True)
        seconds += got
    over = sum(s > 0.5 for s in seconds)
    print(f"card at rest -> battle area still (s): {spread(seconds)}")
    print(f"over 0.5 s: {over} of {len(seconds)} ({100 * over / max(len(seconds), 1):.1f} %)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
