"""Per-frame table snapshots and their votes over the frames a table stays still.

``snapshot(detections, geometry)`` keeps the face-up cards whose centre lies in the battle area
(not in the stock or discard zones, not in the hand margins) and the face-down ones. A
:class:`Votes` collects snapshots of still frames: detections of one place (boxes that overlap)
are one physical card, and that card's identity is the share of frames that read it so, so a card
flickering in and out of detection, or misread now and then, neither appears nor changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.cards import Card
from referee.errors import InvalidNotation
from vision.cards import BACK
from vision.detector import CardDetection
from vision.table.geometry import Box, Geometry
from vision.table.inference import overlap

SAME_PLACE = 0.5  # overlap above which two boxes of different frames are one physical card


@dataclass(frozen=True)
class Snapshot:
    """What one frame shows on the table: face-up cards in the battle area, face-down cards."""

    battle: tuple[CardDetection, ...]
    backs: tuple[CardDetection, ...]


def snapshot(detections: list[CardDetection], geometry: Geometry) -> Snapshot:
    battle = tuple(d for d in detections if d.card != BACK and geometry.in_battle(d.box))
    backs = tuple(d for d in detections if d.card == BACK)
    return Snapshot(battle, backs)


def parse_card(name: str) -> Card | None:
    try:
        return Card.parse(name)
    except InvalidNotation:
        return None


@dataclass
class Place:
    """One physical card seen over several frames: its box and the identities read there."""

    box: Box
    reads: dict[str, float] = field(default_factory=dict)  # identity -> frames (weighted)
    frames: int = 0

    def readings(self, total: int) -> list[tuple[str, float]]:
        return sorted(((c, n / max(total, 1)) for c, n in self.reads.items()), key=lambda r: -r[1])


class Votes:
    """Identity votes per place over the snapshots of one still period."""

    def __init__(self) -> None:
        self.places: list[Place] = []
        self.frames = 0

    def add(self, snap: Snapshot) -> None:
        self.frames += 1
        for det in snap.battle:
            place = self._place_for(det)
            place.reads[det.card] = place.reads.get(det.card, 0.0) + 1.0
            place.frames += 1

    def _place_for(self, det: CardDetection) -> Place:
        best: Place | None = None
        best_o = SAME_PLACE
        for place in self.places:
            o = overlap(place.box, det.box)
            if o > best_o and _iou(place.box, det.box) > 0.3:
                best, best_o = place, o
        if best is None:
            best = Place(det.box)
            self.places.append(best)
        elif (det.box[2] - det.box[0]) * (det.box[3] - det.box[1]) > (
            (best.box[2] - best.box[0]) * (best.box[3] - best.box[1])
        ):
            best.box = det.box  # keep the whole-card box over a corner box
        return best

    def seen(self, min_share: float) -> dict[str, tuple[float, Box]]:
        """Each identity read at some place in at least ``min_share`` of the frames."""
        out: dict[str, tuple[float, Box]] = {}
        for place in self.places:
            for card, share in place.readings(self.frames):
                if share >= min_share and share > out.get(card, (0.0, place.box))[0]:
                    out[card] = (share, place.box)
        return out


def _iou(a: Box, b: Box) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / max(union, 1e-6)
