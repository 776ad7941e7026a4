"""Moves of the variants with special rules at the table (VARIANTS.md §5.4, part B).

=========================  ==============================================================
``B:ticket 7s``            `shield` (§4.47.9): the defender shows, without playing it, a
                           trump of the attack card's rank; the attack goes back to the
                           previous player counter-clockwise
``B:return 9c+9d``         `shield` (§4.47.13a): more than 10 cards were thrown in; the
                           defender returns these to their throwers and beats the rest
``B:return order``         `shield` (§4.47.13b): the same, the cards kept chosen by the rule
                           (the nearest throwers counter-clockwise first)
``B:facedown 7h/9h``       `veryu_ne_veryu` (§4.12.1): the defender lays 9h face down on 7h;
                           ``B:facedown 7h/??`` when the camera does not know the card
``C:doubt 7h/9h``          `veryu_ne_veryu` (§4.12.2): C says "I doubt" about the face-down
                           card on 7h, which turns out to be 9h (``C:doubt 7h`` when the
                           referee knows the card)
=========================  ==============================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from referee.cards import UNKNOWN_CARD, Card, format_cards, parse_cards
from referee.errors import InvalidMove, InvalidNotation
from referee.moves import CardMove, VariantMove


def _pair_args(verb: str, arg: str) -> tuple[Card, Card]:
    """``7h/9h`` or ``7h/??`` (the second card unknown) or ``7h``."""
    if not arg:
        raise InvalidNotation(f"'{verb}' needs the attack card, e.g. 7h/9h or 7h/??")
    covers, _, card = arg.partition("/")
    return Card.parse(covers), Card.parse(card) if card else UNKNOWN_CARD


@dataclass(frozen=True)
class Ticket(CardMove):
    """`shield`: a trump of the attack card's rank shown, not played (§4.47.9)."""

    verb: ClassVar[str] = "ticket"
    card_needed: ClassVar[str] = "'ticket' needs the trump shown, e.g. B:ticket 7s"
    # cards(): the trump is shown over the table; it stays in the hand


@dataclass(frozen=True)
class ReturnExcess(VariantMove):
    """`shield`: the thrown-in cards over 10 go back to their throwers (§4.47.13)."""

    verb: ClassVar[str] = "return"
    player: int
    returned: tuple[Card, ...] = ()
    """The cards given back (method a); empty with ``by_order``."""
    by_order: bool = False
    """Method b: the rule picks the cards kept (nearest throwers counter-clockwise first)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "returned", tuple(sorted(self.returned)))
        if self.by_order == bool(self.returned):
            raise InvalidMove("a return names its cards, or 'order' for the rule's choice")
        if len(set(self.returned)) != len(self.returned):
            raise InvalidMove("a return lists the same card twice")

    @classmethod
    def parse_args(cls, player: int, arg: str) -> ReturnExcess:
        if arg.strip().lower() == "order":
            return cls(player, by_order=True)
        if not arg:
            raise InvalidNotation("'return' needs the cards returned, or 'order'")
        return cls(player, parse_cards(arg))

    def format_args(self) -> str:
        return "order" if self.by_order else format_cards(self.returned, "+")

    def cards(self) -> tuple[Card, ...]:
        return ()  # the cards leave the table


@dataclass(frozen=True)
class FaceDownBeat(VariantMove):
    """`veryu_ne_veryu`: a defence card laid face down on an attack card (§4.12.1)."""

    verb: ClassVar[str] = "facedown"
    player: int
    covers: Card
    card: Card = UNKNOWN_CARD
    """The card laid down; ``UNKNOWN_CARD`` when the table view does not know it."""

    def __post_init__(self) -> None:
        if self.card == self.covers:
            raise InvalidMove("a card cannot cover itself")

    @classmethod
    def parse_args(cls, player: int, arg: str) -> FaceDownBeat:
        covers, card = _pair_args(cls.verb, arg)
        return cls(player, covers, card)

    def format_args(self) -> str:
        return f"{self.covers}/{self.card}"

    def cards(self) -> tuple[Card, ...]:
        return ()  # face down: nothing shows


@dataclass(frozen=True)
class Doubt(VariantMove):
    """`veryu_ne_veryu`: "I doubt" about a face-down card, which is turned up (§4.12.2)."""

    verb: ClassVar[str] = "doubt"
    player: int
    covers: Card
    card: Card = UNKNOWN_CARD
    """The card turned up (``UNKNOWN_CARD``: the referee knows it from the position)."""

    @classmethod
    def parse_args(cls, player: int, arg: str) -> Doubt:
        covers, card = _pair_args(cls.verb, arg)
        return cls(player, covers, card)

    def format_args(self) -> str:
        return str(self.covers) if self.card == UNKNOWN_CARD else f"{self.covers}/{self.card}"

    def cards(self) -> tuple[Card, ...]:
        return () if self.card == UNKNOWN_CARD else (self.card,)
