"""`pokerny`'s optional poker showdown (VARIANTS.md §4.32.3, the author's proposal).

When the stock is exhausted and the bout ends, every player still holding cards lays his hand
face up (``A:show 7h+7d+...``); each keeps his best five cards, and standard poker ranking,
with no wild cards, decides: the best hand wins, the worst hand is the fool [assumption].
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations
from typing import ClassVar

from referee.cards import Card, Rank
from referee.errors import InvalidMove
from referee.moves import ShownCardsMove


@dataclass(frozen=True)
class ShowHand(ShownCardsMove):
    """A player lays his whole hand face up for the showdown."""

    verb: ClassVar[str] = "show"
    cards_needed: ClassVar[str] = "'show' needs the cards of the hand, e.g. A:show 7h+7d+Ks"

    def __post_init__(self) -> None:
        object.__setattr__(self, "shown", tuple(sorted(self.shown)))
        if not self.shown:
            raise InvalidMove("a player shows at least one card")
        if len(set(self.shown)) != len(self.shown):
            raise InvalidMove("a shown hand lists the same card twice")


class Category(IntEnum):
    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


HandValue = tuple[int, ...]
"""The category, then the ranks that break ties, highest first: larger is better."""


def _value_of(cards: tuple[Card, ...]) -> HandValue:
    """The poker value of up to five cards (fewer than five make no straight or flush)."""
    ranks = sorted((int(c.rank) for c in cards if c.rank is not None), reverse=True)
    counts = Counter(ranks)
    # ranks ordered by how many of them, then by rank
    grouped = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    five = len(cards) == 5 and all(c.is_normal for c in cards)
    flush = five and len({c.suit for c in cards}) == 1
    straight_high = 0
    if five and len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_high = ranks[0]
        elif ranks == [int(Rank.ACE), 5, 4, 3, 2]:
            straight_high = 5  # the wheel: A-2-3-4-5
    if straight_high and flush:
        return (Category.STRAIGHT_FLUSH, straight_high)
    if shape[:1] == [4]:
        return (Category.FOUR_OF_A_KIND, *grouped)
    if shape[:2] == [3, 2]:
        return (Category.FULL_HOUSE, *grouped)
    if flush:
        return (Category.FLUSH, *ranks)
    if straight_high:
        return (Category.STRAIGHT, straight_high)
    if shape[:1] == [3]:
        return (Category.THREE_OF_A_KIND, *grouped)
    if shape[:2] == [2, 2]:
        return (Category.TWO_PAIR, *grouped)
    if shape[:1] == [2]:
        return (Category.PAIR, *grouped)
    return (Category.HIGH_CARD, *ranks)


def best_hand(cards: tuple[Card, ...] | list[Card]) -> HandValue:
    """The value of the best five cards a player keeps (all of them when he holds fewer)."""
    held = tuple(cards)
    if len(held) <= 5:
        return _value_of(held)
    return max(_value_of(five) for five in combinations(held, 5))


def category_name(value: HandValue) -> str:
    return Category(value[0]).name.lower().replace("_", " ")
