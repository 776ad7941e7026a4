"""Moves: one frozen class per kind, and their one-line notation.

Notation: ``SEAT:verb [cards]`` where SEAT is a seat letter (``A``..``J``):

=======================  =================================================================
``A:attack 7h``          lead (several cards at once: ``7h+7d``); ``A:attack 7h*`` leads the
                         top card of the stock (`armenian_1`)
``B:beat 7h/9h``         the defender covers 7h with 9h (pairs are always ``attack/cover``)
``C:throw 9c``           throw-in (several at once: ``9c+9d``)
``B:transfer 7d``        the defender passes the bout on with a same-rank card
``B:take``               the defender gives up and will pick up the table
``C:pass``               a player declines to throw in (for now)
``A:done``               everyone who may still throw in is done: the bout closes (bito, or
                         the take is carried out)
``A:reveal Qd``          the hidden second trump is turned face up (`potayny`)
=======================  =================================================================
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from referee.cards import Card, format_cards, parse_cards
from referee.errors import InvalidMove, InvalidNotation

SEAT_LETTERS = "ABCDEFGHIJ"


def seat_letter(seat: int) -> str:
    return SEAT_LETTERS[seat]


def parse_seat(text: str) -> int:
    letter = text.strip().upper()
    if len(letter) != 1 or letter not in SEAT_LETTERS:
        raise InvalidNotation(f"unknown seat {text!r}: seats are letters A-J")
    return SEAT_LETTERS.index(letter)


@dataclass(frozen=True, slots=True)
class Attack:
    """A lead. Cards are kept sorted: the order of cards placed together does not matter."""

    player: int
    cards: tuple[Card, ...]
    from_stock: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))
        if not self.cards:
            raise InvalidMove("an attack needs at least one card")
        if len(set(self.cards)) != len(self.cards):
            raise InvalidMove("an attack lists the same card twice")
        if self.from_stock and len(self.cards) != 1:
            raise InvalidMove("a lead from the stock is one card")


@dataclass(frozen=True, slots=True)
class Defend:
    player: int
    covers: Card
    card: Card

    def __post_init__(self) -> None:
        if self.card == self.covers:
            raise InvalidMove("a card cannot cover itself")


@dataclass(frozen=True, slots=True)
class ThrowIn:
    player: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))
        if not self.cards:
            raise InvalidMove("a throw-in needs at least one card")
        if len(set(self.cards)) != len(self.cards):
            raise InvalidMove("a throw-in lists the same card twice")


@dataclass(frozen=True, slots=True)
class Transfer:
    player: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))
        if not self.cards:
            raise InvalidMove("a transfer needs at least one card")
        if len(set(self.cards)) != len(self.cards):
            raise InvalidMove("a transfer lists the same card twice")


@dataclass(frozen=True, slots=True)
class Take:
    player: int


@dataclass(frozen=True, slots=True)
class Pass:
    player: int


@dataclass(frozen=True, slots=True)
class Done:
    player: int


@dataclass(frozen=True, slots=True)
class RevealTrump:
    player: int
    card: Card


class VariantMove:
    """Base of the moves that only some variants have (challenge, exchange, draw, ...).

    A subclass is a frozen dataclass with a ``player: int`` field and a unique ``verb``; it
    prints its arguments with ``format_args`` and reads them with ``parse_args``, so that
    ``SEAT:verb args`` notation, records and exports work for it. Subclasses register
    themselves by being defined.
    """

    verb: ClassVar[str] = ""
    player: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.verb:
            if cls.verb in _VERBS or cls.verb in VARIANT_MOVES:
                raise InvalidMove(f"move verb {cls.verb!r} is defined twice")
            VARIANT_MOVES[cls.verb] = cls

    def format_args(self) -> str:
        return ""

    @classmethod
    def parse_args(cls, player: int, arg: str) -> VariantMove:
        raise InvalidNotation(f"cannot read {cls.verb!r} moves")

    def cards(self) -> tuple[Card, ...]:
        """The cards this move shows or places."""
        return ()


VARIANT_MOVES: dict[str, type[VariantMove]] = {}


@dataclass(frozen=True)
class NoCardsMove(VariantMove):
    """Base of the variant moves without arguments, written ``SEAT:verb``; a subclass sets
    ``verb``."""

    player: int

    @classmethod
    def parse_args(cls, player: int, arg: str) -> VariantMove:
        if arg:
            raise InvalidNotation(f"'{cls.verb}' takes no cards: {arg!r}")
        return cls(player)


@dataclass(frozen=True)
class CardMove(VariantMove):
    """Base of the variant moves of one card: ``player`` shows or places ``card``, written
    ``SEAT:verb CARD``. A subclass sets ``verb``, and ``card_needed`` where a missing card has
    its own message (else the card parser's); one with more fields adds them after ``card``
    and prints and reads them with its own ``format_args`` and ``parse_args``."""

    card_needed: ClassVar[str] = ""
    player: int
    card: Card

    def format_args(self) -> str:
        return str(self.card)

    @classmethod
    def parse_args(cls, player: int, arg: str) -> VariantMove:
        if not arg and cls.card_needed:
            raise InvalidNotation(cls.card_needed)
        return cls(player, Card.parse(arg))

    def cards(self) -> tuple[Card, ...]:
        return (self.card,)


@dataclass(frozen=True)
class ShownCardsMove(VariantMove):
    """Base of the variant moves that show several cards: ``player`` shows ``shown``, written
    ``SEAT:verb 7h+Kd``. A subclass sets ``verb``, ``cards_needed`` (the message when no card is
    given; else the card parser's), and checks ``shown`` in its own ``__post_init__``."""

    cards_needed: ClassVar[str] = ""
    player: int
    shown: tuple[Card, ...]

    def format_args(self) -> str:
        return format_cards(self.shown, "+")

    @classmethod
    def parse_args(cls, player: int, arg: str) -> VariantMove:
        if not arg and cls.cards_needed:
            raise InvalidNotation(cls.cards_needed)
        return cls(player, parse_cards(arg))

    def cards(self) -> tuple[Card, ...]:
        return self.shown


Move = Attack | Defend | ThrowIn | Transfer | Take | Pass | Done | RevealTrump | VariantMove

_VERBS = {
    "attack": "attack",
    "lead": "attack",
    "beat": "beat",
    "defend": "beat",
    "cover": "beat",
    "throw": "throw",
    "throw-in": "throw",
    "throwin": "throw",
    "transfer": "transfer",
    "take": "take",
    "pass": "pass",
    "done": "done",
    "bito": "done",
    "reveal": "reveal",
}


def format_move(move: Move) -> str:
    seat = seat_letter(move.player)
    match move:
        case Attack(cards=cards, from_stock=from_stock):
            return f"{seat}:attack {format_cards(cards, '+')}{'*' if from_stock else ''}"
        case Defend(covers=covers, card=card):
            return f"{seat}:beat {covers}/{card}"
        case ThrowIn(cards=cards):
            return f"{seat}:throw {format_cards(cards, '+')}"
        case Transfer(cards=cards):
            return f"{seat}:transfer {format_cards(cards, '+')}"
        case Take():
            return f"{seat}:take"
        case Pass():
            return f"{seat}:pass"
        case Done():
            return f"{seat}:done"
        case RevealTrump(card=card):
            return f"{seat}:reveal {card}"
        case VariantMove():
            args = move.format_args()
            return f"{seat}:{move.verb}" + (f" {args}" if args else "")
    raise InvalidMove(f"not a move: {move!r}")


def parse_move(text: str) -> Move:
    """Parse ``SEAT:verb [cards]`` (see the module docstring)."""
    raw = text.strip()
    if ":" not in raw:
        raise InvalidNotation(f"not a move: {text!r} (expected e.g. 'B:beat 7h/9h')")
    seat_text, rest = raw.split(":", 1)
    player = parse_seat(seat_text)
    parts = rest.strip().split(None, 1)
    if not parts:
        raise InvalidNotation(f"move {text!r} has no verb")
    arg = parts[1].strip() if len(parts) > 1 else ""
    variant_move = VARIANT_MOVES.get(parts[0].lower())
    if variant_move is not None:
        return variant_move.parse_args(player, arg)
    verb = _VERBS.get(parts[0].lower())
    if verb is None:
        verbs = ", ".join([*_VERBS, *VARIANT_MOVES])
        raise InvalidNotation(f"unknown verb {parts[0]!r} in {text!r}; verbs: {verbs}")
    if verb in ("take", "pass", "done"):
        if arg:
            raise InvalidNotation(f"'{verb}' takes no cards: {text!r}")
        if verb == "take":
            return Take(player)
        return Pass(player) if verb == "pass" else Done(player)
    if not arg:
        raise InvalidNotation(f"'{verb}' needs cards: {text!r}")
    if verb == "beat":
        if arg.count("/") != 1:
            raise InvalidNotation(f"a beat is written attack/cover, e.g. 7h/9h: {text!r}")
        covers, card = arg.split("/")
        return Defend(player, Card.parse(covers), Card.parse(card))
    if verb == "attack":
        from_stock = arg.endswith("*")
        return Attack(player, parse_cards(arg.rstrip("*")), from_stock)
    if verb == "reveal":
        return RevealTrump(player, Card.parse(arg))
    cards = parse_cards(arg)
    return ThrowIn(player, cards) if verb == "throw" else Transfer(player, cards)


def move_cards(move: Move) -> tuple[Card, ...]:
    """The cards a move puts on the table (or reveals)."""
    match move:
        case Attack(cards=cards) | ThrowIn(cards=cards) | Transfer(cards=cards):
            return cards
        case Defend(card=card) | RevealTrump(card=card):
            return (card,)
        case VariantMove():
            return move.cards()
    return ()


def with_card_read_as(move: Move, old: Card, new: Card) -> Move:
    """The move with card ``old`` replaced by ``new`` wherever it names it (a card the camera
    misread, laid or covered by this move); other moves are returned unchanged, and so is a move
    that names ``new`` already (a lead of 6s+6c cannot be read as 6c+6c: no such move exists)."""
    if new in move_cards(move) or (isinstance(move, Defend) and new == move.covers):
        return move
    match move:
        case Attack(cards=cards) | ThrowIn(cards=cards) | Transfer(cards=cards) if old in cards:
            return replace(move, cards=tuple(new if c == old else c for c in cards))
        case Defend(covers=covers, card=card) if old in (covers, card):
            return replace(
                move, covers=new if covers == old else covers, card=new if card == old else card
            )
    return move
