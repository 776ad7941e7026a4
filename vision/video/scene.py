"""Where things lie on the table and how the camera sees it.

Table units: a card is 1.0 tall. The battle area is in the middle (pairs in a row or a grid), the
stock with the trump card under it at right angles lies on one side, the discard pile on the
other; the players sit evenly around the table (seat A at the bottom, then clockwise as seen from
above: left, top, right), their own hands held off-frame at their edge. The camera is a pinhole
looking down at the table, straight ("top") or from a seat's side ("angled"); its table-to-image
homography maps table units to pixels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

CARD_ASPECT = 0.69  # card width / height (the renderer uses each deck's own art)


@dataclass(frozen=True, slots=True)
class Pose:
    """A card on (or above) the table: centre in table units, rotation in degrees, face."""

    x: float
    y: float
    angle: float
    face_up: bool

    def lerp(self, other: Pose, t: float) -> Pose:
        da = (other.angle - self.angle + 180) % 360 - 180
        return Pose(
            self.x + (other.x - self.x) * t,
            self.y + (other.y - self.y) * t,
            self.angle + da * t,
            self.face_up if t < 0.5 else other.face_up,
        )


@dataclass(frozen=True, slots=True)
class Seat:
    index: int
    x: float  # where the player sits (off-frame), table units
    y: float

    def toward(self, x: float, y: float) -> tuple[float, float]:
        """Unit vector from (x, y) toward this seat."""
        dx, dy = self.x - x, self.y - y
        n = math.hypot(dx, dy) or 1.0
        return dx / n, dy / n


@dataclass(frozen=True, slots=True)
class Table:
    """The fixed geometry of one video's table."""

    players: int
    seats: tuple[Seat, ...]
    slots: tuple[tuple[float, float], ...]  # battle slots (attack card centres), in order
    slot_angles: tuple[float, ...]
    cover_offset: tuple[float, float, float]  # dx, dy, dangle of a beating card on its attack
    stock: tuple[float, float, float]  # x, y, angle of the stock pile
    discard: tuple[float, float]
    half_w: float  # the region the camera frames
    half_h: float

    def trump_pose(self) -> Pose:
        x, y, a = self.stock
        rad = math.radians(a)
        shift = 0.55  # about half of it sticks out, its index corners whole, as people lay it
        return Pose(x - shift * math.sin(rad), y + shift * math.cos(rad), a + 90, True)

    def stock_pose(self, k: int) -> Pose:
        """The k-th card of the stock from the bottom (a slightly uneven pile)."""
        x, y, a = self.stock
        return Pose(x - 0.004 * k, y - 0.006 * k, a + 1.5 * math.sin(k * 1.7), False)

    def battle_box(self) -> tuple[float, float, float, float]:
        xs = [s[0] for s in self.slots]
        ys = [s[1] for s in self.slots]
        return (min(xs) - 0.7, min(ys) - 0.75, max(xs) + 0.9, max(ys) + 0.95)

    def stock_box(self) -> tuple[float, float, float, float]:
        x, y, _ = self.stock
        return (x - 0.95, y - 0.95, x + 0.95, y + 0.95)

    def discard_box(self) -> tuple[float, float, float, float]:
        x, y = self.discard
        return (x - 0.95, y - 0.95, x + 0.95, y + 0.95)


def make_table(rng: np.random.Generator, players: int, slots_needed: int = 12) -> Table:
    """A table for ``players`` with a random battle arrangement and pile sides."""
    row = rng.random() < 0.2
    cover = (
        (rng.uniform(-0.05, 0.05), rng.uniform(0.12, 0.22), 90 + rng.normal(0, 6))
        if rng.random() < 0.5
        else (rng.uniform(0.18, 0.28), rng.uniform(0.2, 0.3), rng.normal(0, 8))
    )
    pitch_x = CARD_ASPECT + abs(cover[0]) + rng.uniform(0.45, 0.65)
    if abs(cover[2] - 90) < 30:
        pitch_x = 1.0 + rng.uniform(0.2, 0.35)
    pitch_y = 1.0 + cover[1] + rng.uniform(0.35, 0.5)
    cols = 6 if row else 3
    slots: list[tuple[float, float]] = []
    angles: list[float] = []
    rows = math.ceil(slots_needed / cols)
    shown_rows = 1 if row else 2
    for i in range(slots_needed):
        r, c = divmod(i, cols)
        x = (c - (cols - 1) / 2) * pitch_x + rng.normal(0, 0.04)
        rr = r if r < shown_rows else shown_rows - 1 + (r - shown_rows + 1) * 0.5
        y = (rr - (shown_rows - 1) / 2) * pitch_y + rng.normal(0, 0.04) - 0.15 * cover[1]
        if rows > shown_rows and r >= shown_rows:  # more than the usual cap: squeeze them in
            x += 0.35
        slots.append((x, y))
        angles.append(float(rng.normal(0, 4)))
    battle_half = (cols - 1) / 2 * pitch_x + 0.9
    side = 1 if rng.random() < 0.5 else -1
    pile_x = battle_half + rng.uniform(0.9, 1.2)
    stock = (
        side * pile_x,
        rng.uniform(-0.6, 0.4),
        float(90 * int(rng.integers(2)) + rng.normal(0, 8)),
    )
    discard = (-side * pile_x, rng.uniform(-0.5, 0.5))
    half_w = pile_x + 0.95
    half_h = max(2.3, half_w * 9 / 16)
    rx, ry = half_w + 2.5, half_h + 2.0
    seats = []
    for i in range(players):
        phi = math.radians(90 + i * 360 / players + (rng.normal(0, 6) if players > 2 else 0))
        seats.append(Seat(i, rx * math.cos(phi), ry * math.sin(phi)))
    return Table(
        players,
        tuple(seats),
        tuple(slots),
        tuple(angles),
        cover,
        stock,
        discard,
        half_w,
        half_h,
    )


@dataclass(frozen=True, slots=True)
class Camera:
    """A table-to-image homography and the image size."""

    matrix: np.ndarray  # 3x3, table units -> pixels
    width: int
    height: int
    kind: str  # "top" or "angled"

    def project(self, pts: np.ndarray) -> np.ndarray:
        p = np.hstack([pts, np.ones((len(pts), 1))]) @ self.matrix.T
        out: np.ndarray = p[:, :2] / p[:, 2:3]
        return out

    def box(self, box: tuple[float, float, float, float]) -> list[float]:
        x0, y0, x1, y1 = box
        q = self.project(np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64))
        lo = q.min(0).clip(0, [self.width, self.height])
        hi = q.max(0).clip(0, [self.width, self.height])
        return [round(float(v), 1) for v in (*lo, *hi)]

    def scale_at(self, x: float, y: float) -> float:
        """Pixels per table unit near (x, y)."""
        q = self.project(np.array([[x, y], [x + 0.1, y], [x, y + 0.1]], np.float64))
        return float(max(np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[2] - q[0])) / 0.1)


def make_camera(
    rng: np.random.Generator, table: Table, kind: str, width: int, height: int
) -> Camera:
    """A pinhole camera framing the table's region: from above, or tilted from one side."""
    if kind == "top":
        elevation = math.radians(90 - abs(rng.normal(0, 3)))
        azimuth = rng.normal(0, 2) + (180 if rng.random() < 0.15 else 0)
    elif kind == "angled":
        elevation = math.radians(rng.uniform(40, 60))
        azimuth = rng.uniform(-15, 15) + (180 if rng.random() < 0.3 else 0)
    else:
        raise ValueError(f"camera must be 'top' or 'angled', not {kind!r}")
    distance = max(table.half_w, table.half_h) * rng.uniform(3.0, 3.8)
    az = math.radians(azimuth)
    # world: x right, y toward seat A, z down into the table
    horiz = np.array([math.sin(az), math.cos(az), 0.0])
    centre = horiz * distance * math.cos(elevation) + np.array(
        [0, 0, -distance * math.sin(elevation)]
    )
    forward = -centre / np.linalg.norm(centre)
    side = np.array([math.cos(az), -math.sin(az), 0.0])
    right = side - forward * float(side @ forward)
    right /= np.linalg.norm(right)
    down = np.cross(forward, right)
    roll = math.radians(rng.normal(0, 2))
    r2 = math.cos(roll) * right + math.sin(roll) * down
    d2 = -math.sin(roll) * right + math.cos(roll) * down
    rot = np.stack([r2, d2, forward])
    t = -rot @ centre
    h0 = np.stack([rot[:, 0], rot[:, 1], t], axis=1)  # columns for table x, y and 1
    corners = np.array(
        [
            [-table.half_w, -table.half_h],
            [table.half_w, -table.half_h],
            [table.half_w, table.half_h],
            [-table.half_w, table.half_h],
            [0.0, 0.0],
        ],
        np.float64,
    )
    p = np.hstack([corners, np.ones((5, 1))]) @ h0.T
    q = p[:, :2] / p[:, 2:3]
    mid = q[4]
    dx = np.abs(q[:4, 0] - mid[0]).max()
    up = (mid[1] - q[:4, 1]).max()  # the far edge, above the centre
    down = (q[:4, 1] - mid[1]).max()
    # an angled view frames the centre and the far edge; its near edge may be cut off
    dy = max(up, down) if kind == "top" else up
    fill = rng.uniform(1.0, 1.08)
    scale = fill * min(width / 2 / dx, height / 2 / dy)
    shift = rng.normal(0, 0.015, 2) * [width, height]
    fit = np.array(
        [
            [scale, 0, width / 2 - scale * mid[0] + shift[0]],
            [0, scale, height / 2 - scale * mid[1] + shift[1]],
            [0, 0, 1],
        ],
        np.float64,
    )
    return Camera(fit @ h0, width, height, kind)


def border_point(
    cam: Camera, x0: float, y0: float, ux: float, uy: float
) -> tuple[float, float, str]:
    """Where a ray from table point (x0, y0) heading (ux, uy) leaves the image, and which side."""
    p = cam.project(np.array([[x0, y0], [x0 + 0.05 * ux, y0 + 0.05 * uy]], np.float64))
    d = p[1] - p[0]
    d /= np.linalg.norm(d) or 1.0
    best = (math.inf, "bottom")
    w, h = cam.width, cam.height
    for limit, axis, name in ((0, 0, "left"), (w, 0, "right"), (0, 1, "top"), (h, 1, "bottom")):
        if abs(d[axis]) < 1e-9:
            continue
        s = (limit - p[0][axis]) / d[axis]
        if s > 0 and s < best[0]:
            best = (s, name)
    s = best[0] if math.isfinite(best[0]) else 0.0
    e = p[0] + d * s
    return float(np.clip(e[0], 0, w)), float(np.clip(e[1], 0, h)), best[1]
