"""Sixes and nines printed alike: learned over a game from the pips, then named by them.

A deck whose index carries no suit sign beside the rank (``kde-ancient-egyptians``, with its
bottom index printed upright) shows a six's corner turned over exactly as a nine's: its corners
cannot tell the two apart, and the corner reader names about 59 % of them right (240 renders of
three decks, 2026-12-05). Its pips can: the whole-card reader, asked only between the six and the
nine of the suit, is right for 97 % of them. On other decks the corners are the surer, so the
pips' verdict (:attr:`vision.detector.CardDetection.pips`) is only tallied until enough
different sixes and nines have been contradicted by their pips; from then on the table's deck
prints them alike, and the pips name them.

Measured on ``videos-eval9`` (every 10th frame of its 30 games, the shipped models): that deck's
game had 5 of its sixes and nines contradicted (11 readings); no other game more than one (one
game's 6♠, 7 readings), most none.
"""

from __future__ import annotations

from dataclasses import replace

from vision.detector import CardDetection
from vision.table.geometry import Box
from vision.table.snapshot import iou

MIN_CARDS = 3
"""Different sixes and nines whose pips must have contradicted their corners ..."""
MIN_READS = 2
"""... each in at least this many readings (at one place, to call one card misread)."""
SAME_PLACE = 0.5
"""Readings whose boxes overlap at least this much (intersection over union) lie at one place."""


class SixesNines:
    """The tally of one game's pips against corners, and the naming it leads to."""

    def __init__(self) -> None:
        self._readings: dict[str, list[tuple[Box, bool]]] = {}  # identity -> (box, contradicted)
        self.alike = False
        """Whether this table's deck prints its sixes and nines alike (learned, never unlearned)."""

    def observe(self, found: list[CardDetection]) -> bool:
        """Tally the pips' verdicts of one frame's cards; True when this frame showed that the
        deck prints its sixes and nines alike (once a game)."""
        for d in found:
            if d.pips is not None:
                self._readings.setdefault(d.card, []).append((d.box, d.pips != d.card))
        if self.alike or len(self.contradicted()) < MIN_CARDS:
            return False
        self.alike = True
        return True

    def contradicted(self) -> list[str]:
        """The identities whose pips named the other card in at least ``MIN_READS`` readings."""
        return sorted(
            card
            for card, readings in self._readings.items()
            if sum(no for _, no in readings) >= MIN_READS
        )

    def misread(self, card: str) -> bool:
        """Whether the card read as ``card`` most often (at the place with the most readings)
        had its pips name the other card in at least ``MIN_READS`` readings, and in more of
        them than named ``card``."""
        places: list[tuple[Box, list[bool]]] = []
        for box, no in self._readings.get(card, []):
            place = next((p for p in places if iou(p[0], box) >= SAME_PLACE), None)
            if place is None:
                places.append((box, [no]))
            else:
                place[1].append(no)
        if not places:
            return False
        verdicts = max(places, key=lambda p: len(p[1]))[1]
        contra = sum(verdicts)
        return contra >= MIN_READS and contra > len(verdicts) - contra

    def named(self, found: list[CardDetection]) -> list[CardDetection]:
        """``found`` with each six and nine named by its pips, once the deck prints them alike
        (unless its pips' card is listed already: one deck)."""
        if not self.alike:
            return found
        listed = {d.card for d in found}
        out = []
        for d in found:
            if d.pips is not None and d.pips != d.card and d.pips not in listed:
                listed.discard(d.card)
                listed.add(d.pips)
                d = replace(d, card=d.pips)
            out.append(d)
        return out
