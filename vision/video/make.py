"""Make one game folder: ``video.mp4``, ``truth.jsonl`` (the referee record) and ``meta.json``."""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.synth.decks import Deck, load_deck
from vision.video.game import Game, simulate
from vision.video.render import Renderer, make_look
from vision.video.scene import Camera, Table, border_point, make_camera, make_table
from vision.video.script import Timeline, build_timeline

log = logging.getLogger(__name__)

HELD_OUT_DECK = "kde-jolly-royal"
DECKS_DIR = Path("data/decks")


@dataclass(frozen=True, slots=True)
class VideoSpec:
    variant: str
    players: int
    seed: int
    deck: str
    camera: str = "top"
    illegal: int = 0
    size: tuple[int, int] = (1280, 720)
    fps: float = 15.0
    options: tuple[tuple[str, str], ...] = ()
    table: str | None = None  # desk, felt, wood, cloth, blotches (None: drawn at random)
    noise: float | None = None  # sensor noise sigma (None: drawn at random)


@dataclass(frozen=True, slots=True)
class Made:
    folder: Path
    frames: int
    seconds: float  # video length
    render_s: float  # wall time spent
    bytes: int


def max_pairs(game: Game) -> int:
    return max((len(s.after.table) for s in game.steps), default=0) + 2


def prepare(
    spec: VideoSpec, truth: Path | None = None
) -> tuple[Game, Table, Camera, Timeline, np.random.Generator]:
    """Simulate, lay out and time the game of ``spec`` (writing the record to ``truth``)."""
    game = simulate(
        spec.variant,
        spec.players,
        spec.seed,
        options=dict(spec.options),
        illegal=spec.illegal,
        path=truth,
    )
    rng = np.random.default_rng([spec.seed, spec.players, len(spec.deck)])
    table = make_table(rng, spec.players, max(6, max_pairs(game)))
    cam = make_camera(rng, table, spec.camera, *spec.size)
    timeline = build_timeline(game, table, rng)
    return game, table, cam, timeline, rng


def meta_of(
    spec: VideoSpec,
    game: Game,
    table: Table,
    cam: Camera,
    timeline: Timeline,
    frames: int,
    texture: str,
) -> dict[str, Any]:
    seats = []
    for seat in table.seats:
        x, y, side = border_point(cam, 0.0, 0.0, *seat.toward(0.0, 0.0))
        seats.append({"seat": "ABCDEF"[seat.index], "side": side, "xy": [round(x, 1), round(y, 1)]})
    header = game.record.header
    return {
        "variant": spec.variant,
        "options": dict(spec.options),
        "players": spec.players,
        "names": list(header.players),
        "dealer": "ABCDEF"[header.dealer],
        "seed": spec.seed,
        "fps": spec.fps,
        "size": list(spec.size),
        "deck_design": spec.deck,
        "held_out": spec.deck == HELD_OUT_DECK,
        "table": texture,
        "camera": spec.camera,
        "seats": seats,
        "zones": {
            "battle": cam.box(table.battle_box()),
            "stock": cam.box(table.stock_box()),
            "discard": cam.box(table.discard_box()),
        },
        "events": [
            {
                "seq": e.seq,
                "move": e.move,
                "legal": e.legal,
                "t_rest": e.t_rest,
                **({"changes": e.changes} if e.changes else {}),
            }
            for e in timeline.events
        ],
        "illegal": sum(not e.legal for e in timeline.events),
        "duration": round(timeline.duration, 3),
        "frames": frames,
    }


def make_video(spec: VideoSpec, out: Path, deck: Deck | None = None, effects: bool = True) -> Made:
    """Render the game of ``spec`` into the folder ``out`` (which must not hold a game yet)."""
    out.mkdir(parents=True, exist_ok=True)
    truth = out / "truth.jsonl"
    if truth.exists():
        raise FileExistsError(f"{out} already holds a rendered game")
    started = time.monotonic()
    deck = deck or load_deck(DECKS_DIR / spec.deck)
    game, table, cam, timeline, rng = prepare(spec, truth)
    look = make_look(rng, *spec.size, timeline.duration, effects, spec.noise)
    renderer = Renderer(
        timeline, deck, cam, look, rng, effects=effects, fps=spec.fps, table=spec.table
    )
    tmp = out / "video.tmp.mp4"
    writer = cv2.VideoWriter(str(tmp), cv2.VideoWriter.fourcc(*"mp4v"), spec.fps, spec.size)
    if not writer.isOpened():
        raise RuntimeError("OpenCV cannot write mp4v video here")
    frames = 0
    try:
        for _, frame, _ in renderer.frames():
            writer.write(frame)
            frames += 1
    finally:
        writer.release()
    tmp.replace(out / "video.mp4")
    meta = meta_of(spec, game, table, cam, timeline, frames, renderer.texture_name)
    (out / "meta.json").write_text(json.dumps(meta, indent=1))
    spent = time.monotonic() - started
    size = (out / "video.mp4").stat().st_size
    log.info(
        "%s: %d frames in %.1f s (%.1f fps), %.1f MB",
        out,
        frames,
        spent,
        frames / spent,
        size / 1e6,
    )
    return Made(out, frames, frames / spec.fps, spent, size)
