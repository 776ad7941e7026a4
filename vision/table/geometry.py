"""Table geometry: the seats around the table and the zones (battle, stock, discard) in pixels.

A calibration file (JSON) may set any of it; what it leaves out is found from the frames::

    {"size": [1280, 720],
     "seats": [{"seat": "A", "xy": [640, 719]}, {"seat": "B", "xy": [0, 360]}, ...],
     "zones": {"battle": [x1, y1, x2, y2], "stock": [...], "discard": [...]}}

``seats[i].xy`` is the image point where seat i's arm enters the picture (a point on or near the
frame's border). The shape is the subset of a rendered video's ``meta.json``, so such a file works
as a calibration too. Without seats, N seats are spread evenly along the frame border starting at
the middle of the bottom edge (seat A, the camera's own side) and going clockwise on screen
(bottom, left, top, right), which is the referee's seat order (the next seat is on the left).
Without a battle zone, the battle area is the frame less a margin along the border (where the
hands are) and less the stock and discard zones. Coordinates scale with the frame when the
calibration's ``size`` differs from the frames'.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from referee.moves import parse_seat, seat_letter

Box = tuple[float, float, float, float]

HAND_MARGIN = 0.14  # fraction of the frame's width/height along the border that is hand area


class CalibrationError(ValueError):
    """A calibration file that cannot be used (the message says what is wrong)."""


@dataclass(frozen=True)
class Geometry:
    size: tuple[int, int]
    seats: tuple[tuple[float, float], ...]
    battle: Box
    stock: Box | None = None
    discard: Box | None = None
    fixed: frozenset[str] = field(default_factory=frozenset)
    """Which of "seats", "battle", "stock", "discard" came from the calibration file."""

    @property
    def players(self) -> int:
        return len(self.seats)

    def seat_at(self, point: tuple[float, float]) -> tuple[int, float]:
        """The seat whose entry point is nearest ``point``, and how sure: 1 - d_best / d_second."""
        return nearest_seat(self.against(point))

    def against(self, point: tuple[float, float]) -> tuple[float, ...]:
        """Per seat, how sure it is that ``point`` came from the nearest seat rather than from
        that seat: 1 - d_nearest / d_seat (0 for the nearest)."""
        dists = [((px - point[0]) ** 2 + (py - point[1]) ** 2) ** 0.5 for px, py in self.seats]
        nearest = min(dists)
        return tuple(1.0 - nearest / max(d, 1e-6) for d in dists)

    def in_battle(self, box: Box) -> bool:
        cx, cy = centre(box)
        if not inside(self.battle, cx, cy):
            return False
        return not any(z is not None and inside(z, cx, cy) for z in (self.stock, self.discard))

    def to_json(self) -> dict[str, Any]:
        zones = {"battle": list(self.battle)}
        if self.stock is not None:
            zones["stock"] = list(self.stock)
        if self.discard is not None:
            zones["discard"] = list(self.discard)
        return {
            "size": list(self.size),
            "seats": [{"seat": seat_letter(i), "xy": list(xy)} for i, xy in enumerate(self.seats)],
            "zones": zones,
        }


def nearest_seat(against: tuple[float, ...]) -> tuple[int, float]:
    """The seat of :meth:`Geometry.against` the point came from, and how sure against the
    nearest other seat."""
    seat = min(range(len(against)), key=against.__getitem__)
    others = [a for i, a in enumerate(against) if i != seat]
    return seat, min(others, default=1.0)


def centre(box: Box) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def inside(box: Box, x: float, y: float) -> bool:
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


def area(box: Box) -> float:
    return (box[2] - box[0]) * (box[3] - box[1])


def overlap(a: Box, b: Box) -> float:
    """The intersection's share of the smaller box."""
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    small = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return ix * iy / max(small, 1e-6)


def closeness(a: Box, b: Box) -> float:
    """1 when two boxes touch or overlap, falling to 0 at the length of ``a`` apart."""
    gap_x = max(0.0, max(a[0], b[0]) - min(a[2], b[2]))
    gap_y = max(0.0, max(a[1], b[1]) - min(a[3], b[3]))
    size = max(a[2] - a[0], a[3] - a[1], 1.0)
    return float(max(0.0, 1.0 - (gap_x**2 + gap_y**2) ** 0.5 / size))


def auto_seats(players: int, width: int, height: int) -> tuple[tuple[float, float], ...]:
    """``players`` points evenly along the border, from the bottom middle, clockwise on screen."""
    perimeter = 2 * (width + height)
    out = []
    for i in range(players):
        d = (width / 2 + i * perimeter / players) % perimeter  # distance from bottom-right corner
        if d <= width:  # bottom edge, right to left
            out.append((width - d, float(height)))
        elif d <= width + height:  # left edge, bottom to top
            out.append((0.0, height - (d - width)))
        elif d <= 2 * width + height:  # top edge, left to right
            out.append((d - width - height, 0.0))
        else:  # right edge, top to bottom
            out.append((float(width), d - 2 * width - height))
    return tuple(out)


def default_battle(width: int, height: int) -> Box:
    mx, my = width * HAND_MARGIN, height * HAND_MARGIN
    return (mx, my, width - mx, height - my)


def default_geometry(players: int, width: int, height: int) -> Geometry:
    return Geometry(
        (width, height), auto_seats(players, width, height), default_battle(width, height)
    )


def _box(value: Any, name: str) -> Box:
    if not isinstance(value, list | tuple) or len(value) != 4:
        raise CalibrationError(f"zone {name!r} must be [x1, y1, x2, y2], not {value!r}")
    x1, y1, x2, y2 = (float(v) for v in value)
    if x2 <= x1 or y2 <= y1:
        raise CalibrationError(f"zone {name!r} is empty: {value!r}")
    return (x1, y1, x2, y2)


def parse_calibration(data: dict[str, Any], players: int, width: int, height: int) -> Geometry:
    """A geometry from calibration data, scaled to ``width`` x ``height``; defaults fill gaps."""
    base = default_geometry(players, width, height)
    size = data.get("size") or [width, height]
    try:
        sx, sy = width / float(size[0]), height / float(size[1])
    except (TypeError, ValueError, IndexError, ZeroDivisionError) as exc:
        raise CalibrationError(f"calibration 'size' must be [width, height]: {size!r}") from exc
    fixed: set[str] = set()
    seats = base.seats
    if data.get("seats"):
        raw = data["seats"]
        if len(raw) != players:
            raise CalibrationError(f"the calibration has {len(raw)} seats, the game {players}")
        points: dict[int, tuple[float, float]] = {}
        for i, entry in enumerate(raw):
            try:
                seat = parse_seat(entry.get("seat", seat_letter(i)))
                x, y = (float(v) for v in entry["xy"])
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                raise CalibrationError(f"bad seat entry {entry!r}: give seat and xy") from exc
            points[seat] = (x * sx, y * sy)
        if sorted(points) != list(range(players)):
            raise CalibrationError(f"calibration seats must be A..{seat_letter(players - 1)}")
        seats = tuple(points[i] for i in range(players))
        fixed.add("seats")
    zones = data.get("zones") or {}
    out: dict[str, Box | None] = {"battle": base.battle, "stock": None, "discard": None}
    for name in ("battle", "stock", "discard"):
        if zones.get(name) is not None:
            x1, y1, x2, y2 = _box(zones[name], name)
            out[name] = (x1 * sx, y1 * sy, x2 * sx, y2 * sy)
            fixed.add(name)
    battle = out["battle"]
    assert battle is not None
    return Geometry((width, height), seats, battle, out["stock"], out["discard"], frozenset(fixed))


def load_calibration(path: Path, players: int, width: int, height: int) -> Geometry:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CalibrationError(f"cannot read calibration {path}: {exc.strerror}") from exc
    except json.JSONDecodeError as exc:
        raise CalibrationError(f"calibration {path} is not JSON: {exc.msg}") from exc
    if not isinstance(data, dict):
        raise CalibrationError(f"calibration {path} must be a JSON object")
    return parse_calibration(data, players, width, height)


def with_zone(geometry: Geometry, name: str, box: Box) -> Geometry:
    """The geometry with a zone found from the frames (a calibrated zone is kept)."""
    if name in geometry.fixed:
        return geometry
    if name == "stock":
        return replace(geometry, stock=box)
    if name == "discard":
        return replace(geometry, discard=box)
    if name == "battle":
        return replace(geometry, battle=box)
    raise CalibrationError(f"no zone {name!r}: battle, stock or discard")
