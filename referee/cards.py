"""Cards, their compact notation, and card sets.

Notation: rank ``2..9 T J Q K A`` (``10`` accepted) followed by a suit letter ``s c h d``
(``♠ ♣ ♥ ♦`` and upper case accepted), e.g. ``Ts``, ``6h``. Jokers are ``XR`` (red) and
``XB`` (black); the blank card of `pustyshka` is ``XX``; a face-down card the table has not
seen is ``??`` (`veryu_ne_veryu`). In two-deck games the second copy of a
card carries a prime: ``Ts'``. Russian court letters are accepted on input: В (J), Д (Q),
К (K), Т (A).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum, IntEnum

from referee.errors import InvalidNotation


class Suit(Enum):
    SPADES = "s"
    CLUBS = "c"
    HEARTS = "h"
    DIAMONDS = "d"

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def index(self) -> int:
        return _SUIT_ORDER.index(self)

    @classmethod
    def parse(cls, text: str) -> Suit:
        suit = _SUIT_INPUT.get(text.strip())
        if suit is None:
            raise InvalidNotation(f"unknown suit {text!r}: use s, c, h, d or ♠ ♣ ♥ ♦")
        return suit


_SUIT_ORDER = (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)
_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.CLUBS: "♣", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}
_SUIT_INPUT: dict[str, Suit] = {}
for _suit, _alts in (
    (Suit.SPADES, "sS♠♤"),
    (Suit.CLUBS, "cC♣♧"),
    (Suit.HEARTS, "hH♥♡"),
    (Suit.DIAMONDS, "dD♦♢"),
):
    for _alt in _alts:
        _SUIT_INPUT[_alt] = _suit


class Rank(IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self - 2]

    @classmethod
    def parse(cls, text: str) -> Rank:
        value = _RANK_INPUT.get(text.strip().upper())
        if value is None:
            raise InvalidNotation(f"unknown rank {text!r}: use 2-9, T (or 10), J, Q, K, A")
        return cls(value)


_RANK_LETTERS = "23456789TJQKA"
_RANK_INPUT: dict[str, int] = {letter: i + 2 for i, letter in enumerate(_RANK_LETTERS)}
_RANK_INPUT.update({"10": 10, "В": 11, "Д": 12, "К": 13, "Т": 14})


class Kind(Enum):
    NORMAL = "normal"
    RED_JOKER = "XR"
    BLACK_JOKER = "XB"
    BLANK = "XX"
    UNKNOWN = "??"
    """A face-down card the table has not seen (`veryu_ne_veryu`); never part of a deck."""


_SPECIAL_INDEX = {Kind.RED_JOKER: 52, Kind.BLACK_JOKER: 53, Kind.BLANK: 54, Kind.UNKNOWN: 55}
_INDEX_SPAN = 56


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One physical card. ``copy`` is 0, or 1 for the second deck of a two-deck game."""

    rank: Rank | None
    suit: Suit | None
    kind: Kind = Kind.NORMAL
    copy: int = 0
    index: int = field(init=False, repr=False, compare=False)
    """A dense index, unique per physical card (0..111): card sets are bitmasks of it."""

    def __post_init__(self) -> None:
        if self.kind is Kind.NORMAL and (self.rank is None or self.suit is None):
            raise InvalidNotation("a normal card needs a rank and a suit")
        if self.kind is not Kind.NORMAL and (self.rank is not None or self.suit is not None):
            raise InvalidNotation("jokers and the blank have no rank or suit")
        if self.copy not in (0, 1):
            raise InvalidNotation(f"card copy must be 0 or 1, not {self.copy}")
        if self.kind is Kind.NORMAL:
            assert self.suit is not None and self.rank is not None
            base = self.suit.index * 13 + (self.rank - 2)
        else:
            base = _SPECIAL_INDEX[self.kind]
        object.__setattr__(self, "index", base + _INDEX_SPAN * self.copy)

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.index == self.index

    @classmethod
    def parse(cls, text: str) -> Card:
        raw = text.strip()
        copy = 0
        if raw.endswith("'"):
            copy, raw = 1, raw[:-1]
        upper = raw.upper()
        if upper in ("XR", "XB", "XX", "??"):
            return cls(None, None, Kind(upper), copy)
        if upper in ("BLANK",):
            return cls(None, None, Kind.BLANK, copy)
        if len(raw) < 2:
            raise InvalidNotation(f"not a card: {text!r} (examples: Ts, 6h, 10♦, XR)")
        return cls(Rank.parse(raw[:-1]), Suit.parse(raw[-1]), Kind.NORMAL, copy)

    @property
    def is_joker(self) -> bool:
        return self.kind in (Kind.RED_JOKER, Kind.BLACK_JOKER)

    @property
    def is_blank(self) -> bool:
        return self.kind is Kind.BLANK

    @property
    def is_normal(self) -> bool:
        return self.kind is Kind.NORMAL

    @property
    def is_red(self) -> bool:
        if self.kind is Kind.RED_JOKER:
            return True
        return self.suit is not None and self.suit.is_red

    @property
    def face(self) -> Card:
        """The same card as it looks: the first copy."""
        return self if self.copy == 0 else Card(self.rank, self.suit, self.kind, 0)

    def with_copy(self, copy: int) -> Card:
        return Card(self.rank, self.suit, self.kind, copy)

    def __str__(self) -> str:
        prime = "'" if self.copy else ""
        if self.kind is not Kind.NORMAL:
            return f"{self.kind.value}{prime}"
        assert self.rank is not None and self.suit is not None
        return f"{self.rank.letter}{self.suit.value}{prime}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


def card_from_index(index: int) -> Card:
    copy, base = divmod(index, _INDEX_SPAN)
    if base < 52:
        suit_index, rank_offset = divmod(base, 13)
        return Card(Rank(rank_offset + 2), _SUIT_ORDER[suit_index], Kind.NORMAL, copy)
    kind = {52: Kind.RED_JOKER, 53: Kind.BLACK_JOKER, 54: Kind.BLANK, 55: Kind.UNKNOWN}[base]
    return Card(None, None, kind, copy)


_CARD_CACHE: tuple[Card, ...] = tuple(card_from_index(i) for i in range(2 * _INDEX_SPAN))


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by spaces, commas or ``+`` ("7h 7d", "7h+7d")."""
    tokens = text.replace(",", " ").replace("+", " ").split()
    return tuple(Card.parse(token) for token in tokens)


def format_cards(cards: Iterable[Card], sep: str = " ") -> str:
    return sep.join(str(card) for card in cards)


@dataclass(frozen=True, slots=True)
class CardSet:
    """An immutable set of physical cards, backed by an int bitmask."""

    mask: int = 0

    @classmethod
    def of(cls, cards: Iterable[Card]) -> CardSet:
        mask = 0
        for card in cards:
            mask |= 1 << card.index
        return cls(mask)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask >> card.index & 1)

    def __iter__(self) -> Iterator[Card]:
        mask = self.mask
        while mask:
            low = mask & -mask
            yield _CARD_CACHE[low.bit_length() - 1]
            mask ^= low

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def add(self, *cards: Card) -> CardSet:
        mask = self.mask
        for card in cards:
            mask |= 1 << card.index
        return CardSet(mask)

    def remove(self, *cards: Card) -> CardSet:
        mask = self.mask
        for card in cards:
            mask &= ~(1 << card.index)
        return CardSet(mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def copies_of(self, card: Card) -> tuple[Card, ...]:
        """The copies of ``card``'s face that this set holds."""
        return tuple(c for c in (card.face, card.face.with_copy(1)) if c in self)

    def __str__(self) -> str:
        return format_cards(self)

    def __repr__(self) -> str:
        return f"CardSet.of(parse_cards({str(self)!r}))"


def make_deck(
    ranks: int = 36, copies: int = 1, jokers: int = 0, blank: bool = False
) -> tuple[Card, ...]:
    """The cards of a deck: 32/36/52 ranks-worth, in 1 or 2 copies, plus jokers and a blank."""
    lowest = {32: 7, 36: 6, 52: 2}.get(ranks)
    if lowest is None:
        raise InvalidNotation(f"deck size must be 32, 36 or 52, not {ranks}")
    cards: list[Card] = []
    for copy in range(copies):
        for suit in _SUIT_ORDER:
            for rank in range(lowest, 15):
                cards.append(Card(Rank(rank), suit, Kind.NORMAL, copy))
        joker_kinds = (Kind.RED_JOKER, Kind.BLACK_JOKER)[:jokers]
        cards.extend(Card(None, None, kind, copy) for kind in joker_kinds)
    if blank:
        cards.append(Card(None, None, Kind.BLANK, 0))
    return tuple(cards)


UNKNOWN_CARD = Card(None, None, Kind.UNKNOWN)
"""A face-down card whose identity the table view does not know (``??``)."""


def lowest_rank(deck_ranks: int) -> Rank:
    return Rank({32: 7, 36: 6, 52: 2}[deck_ranks])
