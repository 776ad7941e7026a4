"""Per-frame table snapshots and their votes over the frames a table stays still.

``snapshot(detections, geometry)`` keeps the face-up cards whose centre lies in the battle area
(not in the stock or discard zones, not in the hand margins) and the face-down ones. A
:class:`Votes` collects snapshots of still frames: detections of one place (boxes that overlap)
are counted per identity (one deck: an identity is one card); a card counts as seen when enough
of the frames read it, so a card flickering in and out of detection, or misread now and then,
neither appears nor changes. Frames read while an arm withdraws add *glimpses*: reads of the
cards they show, never frames a card was missed in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.cards import Card
from referee.errors import InvalidNotation
from vision.cards import BACK
from vision.detector import CardDetection
from vision.table.geometry import Box, Geometry, overlap

SAME_PLACE = 0.5  # overlap above which two boxes of different frames are one physical card
SAME_SPOT = 0.5  # share of the smaller box inside the other from which two readings of one
# identity are at one spot (a corner inside its card's box, the card's box from frame to frame)


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
    """One identity seen over several frames: where (its largest box) and in how many."""

    card: str
    box: Box
    frames: int = 0
    confidence: float = 0.0  # summed over the frames
    runners_up: dict[str, float] = field(default_factory=dict)  # their probability, summed
    corners: int = 0  # the most index corners any frame read it by (0: named whole only)
    glimpses: int = 0  # frames of the arm withdrawing that read it (see Votes.glimpse)
    magnified: int = 0  # of its frames, those a magnified look stands for (see Votes.look)

    def area(self) -> float:
        return (self.box[2] - self.box[0]) * (self.box[3] - self.box[1])

    @property
    def reads(self) -> int:
        """The frames that read it, glimpses included."""
        return self.frames + self.glimpses


class Votes:
    """Identity votes over the snapshots of one still period. One deck per table, so one
    identity is one physical card: its share is the fraction of frames that read it at its
    spot, and its box the largest one read there (the whole card rather than a corner). An
    identity read at two spots apart is one card read right and another misread as it: the spot
    read with the most confidence summed is the card's (eval game 29: a K♠ of a three-card lead
    read now and then as the K♣ lying beside it took the K♣'s place, and the K♣ went unseen)."""

    def __init__(self) -> None:
        self._spots: dict[str, list[Place]] = {}
        self.frames = 0

    @property
    def by_card(self) -> dict[str, Place]:
        """Each identity at its strongest spot."""
        return {card: _strongest(spots) for card, spots in self._spots.items()}

    def place(self, card: str) -> Place | None:
        """Where an identity is read (its strongest spot), or None."""
        spots = self._spots.get(card)
        return _strongest(spots) if spots else None

    @property
    def places(self) -> list[Place]:
        return list(self.by_card.values())

    def add(self, snap: Snapshot) -> None:
        self.frames += 1
        for det in snap.battle:
            place = self._spot(det)
            place.frames += 1
            place.confidence += det.confidence
            place.corners = max(place.corners, det.corners)
            if det.runner_up is not None:
                name, p = det.runner_up
                place.runners_up[name] = place.runners_up.get(name, 0.0) + p
            if (det.box[2] - det.box[0]) * (det.box[3] - det.box[1]) > place.area():
                place.box = det.box

    def look(self, snap: Snapshot) -> None:
        """Count a magnified look at the latest frame as much as every frame read before it."""
        times = self.frames
        if times == 0:
            return  # nothing read yet to weigh it against (no spot is made for it)
        for _ in range(times):
            self.add(snap)
        for det in snap.battle:
            self._spot(det).magnified += times

    def read_unmagnified(self, card: str) -> bool:
        """Whether an identity was read in a frame at the detector's own scale (not only in a
        magnified look)."""
        place = self.place(card)
        return place is not None and place.reads > place.magnified

    def glimpse(self, snap: Snapshot) -> None:
        """Count the readings of a frame taken while an arm withdrew (the cards it touches left
        out) as reads of the places they match, or of new ones: they count towards the reads a
        card needs, not towards the frames (a card not read in one is not missed in it)."""
        for det in snap.battle:
            self._spot(det).glimpses += 1

    def _spot(self, det: CardDetection) -> Place:
        """The place of a reading: the spot of its identity that its box lies at, or a new one."""
        spots = self._spots.setdefault(det.card, [])
        place = next((p for p in spots if overlap(det.box, p.box) >= SAME_SPOT), None)
        if place is None:
            place = Place(det.card, det.box)
            spots.append(place)
        return place

    def reads(self, card: str) -> int:
        """The frames that read an identity at its strongest spot, glimpses included."""
        place = self.place(card)
        return 0 if place is None else place.reads

    def share(self, card: str) -> float:
        place = self.place(card)
        return 0.0 if place is None else self._share_of(place)

    def _share_of(self, place: Place) -> float:
        return place.frames / max(self.frames, 1)

    def confidence(self, card: str) -> float:
        """An identity's confidence per frame of this still period (0 where it was not read)."""
        place = self.place(card)
        return 0.0 if place is None else place.confidence / max(self.frames, 1)

    def strength(self, card: str) -> float:
        """The mean confidence of an identity's readings, over the frames that read it."""
        place = self.place(card)
        return 0.0 if place is None else place.confidence / max(place.frames, 1)

    def runner_up(self, card: str) -> tuple[str, float] | None:
        """The identity that the readings of ``card`` gave the most probability after it, with
        its mean probability over the frames that read ``card``."""
        place = self.place(card)
        if place is None or not place.runners_up:
            return None
        name, total = max(place.runners_up.items(), key=lambda kv: kv[1])
        return name, total / max(place.frames, 1)

    def seen(self, min_share: float, min_frames: int = 1) -> dict[str, tuple[float, Box]]:
        """Each identity read in at least ``min_share`` of the frames (and ``min_frames``),
        with its box."""
        out: dict[str, tuple[float, Box]] = {}
        for card, place in self.by_card.items():
            share = self._share_of(place)
            if share >= min_share and place.reads >= min_frames:
                out[card] = (share, place.box)
        return out

    def rivals(self, card: str) -> list[tuple[str, float]]:
        """Other identities read at the same place (misreads of the card, or it of them)."""
        place = self.place(card)
        assert place is not None, card
        out = [
            (other.card, self.share(other.card))
            for other in self.by_card.values()
            if other.card != card and iou(other.box, place.box) > SAME_PLACE
        ]
        return sorted(out, key=lambda r: -r[1])


def _strongest(spots: list[Place]) -> Place:
    return max(spots, key=lambda p: p.confidence)


def iou(a: Box, b: Box) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / max(union, 1e-6)
