"""Short rendered clips of a game for the tracker's tests: each true move lays its cards with an
arm reaching in from the mover's seat, then the table rests.

The table is drawn with ``vision.synth.render.render_scene`` from explicit layouts and a straight
camera; an arm is a skin-coloured band from the seat's border point to the card. Seats follow the
tracker's default geometry (seat A at the bottom middle, then clockwise on screen).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field

import cv2
import numpy as np

from referee.cards import Card
from referee.game import State, check_and_apply
from referee.moves import Attack, Defend, Move, ThrowIn, Transfer, move_cards
from vision.capture import Frame
from vision.synth.decks import Deck
from vision.synth.layout import Layout, Placement
from vision.synth.render import render_scene
from vision.table.geometry import auto_seats

W, H = 1280, 720
PX = 105.0  # pixels per table unit (a card's height)
SKIN = (120, 150, 200)  # BGR


@dataclass
class ClipTable:
    trump: str
    stock: int = 8
    pairs: list[tuple[str, str | None]] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)  # illegal cards lying apart (taken back later)
    discard: int = 0

    def layout(self) -> Layout:
        pl: list[Placement] = [Placement(self.trump, True, 4.75, 0.0, 90, "trump")]
        pl += [Placement("back", False, 4.3, 0.0, 0, "stock")] * min(self.stock, 3)
        pl += [
            Placement("back", False, -4.5, 0.1 * (i % 3), 40 * i, "discard")
            for i in range(min(self.discard, 4))
        ]
        for i, (attack, cover) in enumerate([*self.pairs, *((c, None) for c in self.extra)]):
            x, y = self.slot(i)
            pl.append(Placement(attack, True, x, y, 0, "attack"))
            if cover is not None:
                pl.append(Placement(cover, True, x + 0.2, y + 0.25, 12, "defend"))
        return Layout(pl, 6, 3.4)

    @staticmethod
    def slot(i: int) -> tuple[float, float]:
        return (-2.4 + (i % 4) * 1.4, -0.8 + (i // 4) * 1.6)


def camera() -> np.ndarray:
    return np.array([[PX, 0, W / 2], [0, PX, H / 2], [0, 0, 1]], float)


def to_px(x: float, y: float) -> tuple[float, float]:
    return (W / 2 + x * PX, H / 2 + y * PX)


class ClipMaker:
    """Frames for a sequence of table states, with arms between them."""

    def __init__(self, deck: Deck, players: int, fps: float = 15.0, seed: int = 0) -> None:
        self.deck = deck
        self.players = players
        self.fps = fps
        self.seed = seed
        self.seats = auto_seats(players, W, H)
        self.index = 0
        self.rest_times: list[float] = []

    def _still(self, table: ClipTable) -> np.ndarray:
        rng = np.random.default_rng(self.seed)
        return render_scene(rng, self.deck, W, H, table.layout(), camera(), effects=False).image

    def _frame(self, image: np.ndarray) -> Frame:
        frame = Frame(image, self.index / self.fps, self.index)
        self.index += 1
        return frame

    def rest(self, table: ClipTable, frames: int = 10) -> Iterator[Frame]:
        image = self._still(table)
        for _ in range(frames):
            yield self._frame(image.copy())

    def reach(
        self, before: ClipTable, after: ClipTable, seat: int, target: tuple[float, float]
    ) -> Iterator[Frame]:
        """An arm from ``seat`` to ``target`` (table units) and back; the table changes at the
        turn. The time the arm starts back is recorded as the rest time."""
        a, b = self._still(before), self._still(after)
        sx, sy = self.seats[seat]
        tx, ty = to_px(*target)
        steps = 5
        for k in [*range(1, steps + 1), *range(steps, -1, -1)]:
            image = (a if k < steps and len(self.rest_times) == self.index else b).copy()
            t = k / steps
            ex, ey = sx + (tx - sx) * t, sy + (ty - sy) * t
            width = 70
            ang = math.atan2(ey - sy, ex - sx)
            nx, ny = -math.sin(ang) * width / 2, math.cos(ang) * width / 2
            poly = np.array(
                [[sx + nx, sy + ny], [ex + nx, ey + ny], [ex - nx, ey - ny], [sx - nx, sy - ny]],
                np.int32,
            )
            if k == steps:
                self.rest_times.append(self.index / self.fps)
                image = b.copy()
            cv2.fillConvexPoly(image, poly, SKIN)
            yield self._frame(image)


def table_after(table: ClipTable, state: State) -> ClipTable:
    """The clip table that a referee state shows (pairs in order; stock count)."""
    pairs = [(str(p.attack), None if p.cover is None else str(p.cover)) for p in state.table]
    return ClipTable(table.trump, min(state.stock_count, 8), pairs, [], table.discard)


def play_clip(
    maker: ClipMaker, start: State, trump: Card, moves: list[Move]
) -> Iterator[tuple[Frame, int | None]]:
    """Frames of ``moves`` played from ``start``; yields (frame, truth move index at rest)."""
    table = ClipTable(str(trump), min(start.stock_count, 8))
    state = start
    for frame in maker.rest(table, 12):
        yield frame, None
    for i, move in enumerate(moves):
        verdict, after = check_and_apply(state, move)
        cards = move_cards(move)
        if isinstance(move, Attack | ThrowIn | Transfer | Defend) and cards:
            new = table_after(table, after) if verdict.ok else table_after(table, state)
            if not verdict.ok:
                if isinstance(move, Defend):
                    new = ClipTable(table.trump, table.stock, list(table.pairs), [], table.discard)
                    new.pairs = [
                        (a, str(move.card) if a == str(move.covers) else c) for a, c in new.pairs
                    ]
                else:
                    new.extra = [str(c) for c in cards]
            slot = (
                len(table.pairs)
                if not isinstance(move, Defend)
                else next((k for k, (a, _) in enumerate(table.pairs) if a == str(move.covers)), 0)
            )
            for frame in maker.reach(table, new, move.player, ClipTable.slot(slot)):
                yield frame, None
            yield from ((f, i) for f in maker.rest(new, 1))
            for frame in maker.rest(new, 9):
                yield frame, None
            table = new
            if not verdict.ok:  # the card goes back to the hand
                back = table_after(table, state)
                for frame in maker.reach(table, back, move.player, ClipTable.slot(slot)):
                    yield frame, None
                for frame in maker.rest(back, 10):
                    yield frame, None
                table = back
        state = after
        if table.pairs and not state.table:  # bout over: the table clears
            cleared = ClipTable(table.trump, min(state.stock_count, 8), [], [], table.discard + 3)
            for frame in maker.reach(table, cleared, state.attacker, (0.0, 0.0)):
                yield frame, None
            yield from ((f, i) for f in maker.rest(cleared, 1))
            for frame in maker.rest(cleared, 9):
                yield frame, None
            table = cleared


def write_video(path: str, frames: Iterator[Frame], fps: float = 15.0) -> int:
    """Write frames to an mp4 (OpenCV ``mp4v``); returns how many."""
    writer: cv2.VideoWriter | None = None
    n = 0
    for frame in frames:
        if writer is None:
            h, w = frame.image.shape[:2]
            writer = cv2.VideoWriter(path, cv2.VideoWriter_fourcc(*"mp4v"), fps, (w, h))
        writer.write(frame.image)
        n += 1
    if writer is not None:
        writer.release()
    return n
