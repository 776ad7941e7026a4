"""Card notation and the class lists shared by the generator, training and the runtime.

Notation follows the referee: rank ``2..9,T,J,Q,K,A`` then suit ``s,c,h,d`` (``Ts``, ``6h``);
jokers are ``XR`` (red) and ``XB`` (black); a face-down card is ``back``.
"""

from __future__ import annotations

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
SUITS: tuple[str, ...] = ("s", "c", "h", "d")
FACE_CARDS: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
JOKERS: tuple[str, ...] = ("XR", "XB")
BACK = "back"
NONE = "none"

#: Classes of the index-crop classifier: 52 cards, 2 jokers, the back, and "none" (not an index).
CLASSIFIER_CLASSES: tuple[str, ...] = (*FACE_CARDS, *JOKERS, BACK, NONE)
CLASSIFIER_INDEX: dict[str, int] = {c: i for i, c in enumerate(CLASSIFIER_CLASSES)}

#: Classes of the YOLO stage: an index corner of a face-up card, a face-up card, a face-down card.
DETECTOR_CLASSES: tuple[str, ...] = ("index", "card", "back")
DET_INDEX, DET_CARD, DET_BACK = 0, 1, 2

DURAK_36: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS[4:])

_REAL_RANKS = {"10": "T", "J": "J", "Q": "Q", "K": "K", "A": "A"}
_REAL_SUITS = {"Spades": "s", "Trefoils": "c", "Clubs": "c", "Hearts": "h", "Diamonds": "d"}


def is_red(card: str) -> bool:
    """Whether a card (or joker) is red."""
    return card == "XR" or card[-1:] in ("h", "d")


_TWIN_SUITS = {"s": "c", "c": "s", "h": "d", "d": "h"}


def twin(card: str) -> str | None:
    """The card of the same rank in the other suit of its colour (``Ah`` -> ``Ad``), or None for
    a joker, the back or ``none``: the index classifier's commonest confusion."""
    if card not in FACE_CARDS:
        return None
    return card[0] + _TWIN_SUITS[card[1]]


def turned(card: str) -> str | None:
    """The card whose index reads as this one's turned upside down: the 9 of the same suit for a
    6 and the 6 for a 9, else None (a deck that prints its bottom index upright shows a 6 there
    as a turned 9)."""
    if card not in FACE_CARDS or card[0] not in _TURNED_RANKS:
        return None
    return _TURNED_RANKS[card[0]] + card[1]


_TURNED_RANKS = {"6": "9", "9": "6"}


def from_real_name(name: str) -> str:
    """Map a card name of the real photo set (``'10 Trefoils'``) to notation."""
    rank, suit = name.split(" ", 1)
    return _REAL_RANKS.get(rank, rank) + _REAL_SUITS[suit]


#: Class 19 of the real set has a single box, which shows the jack of hearts (looked at).
REAL_CLASS_19 = "Jh"


def real_set_card(index: int, names: list[str]) -> str:
    """The card that class ``index`` of the real photo set really shows.

    Measured here (corner reads of the train split by class, and looking at the crops): the
    ``data.yaml`` names are shifted for the first classes. Class 20 (``'59'``) is the ten of
    diamonds, classes 0-18 show the card named one place further (class 0 ``'10 Diamonds'`` is the
    ten of hearts, class 13 ``'4 Hearts'`` the four of spades, class 18 ``'5 Spades'`` the five of
    clubs), class 19 is one stray box, and classes 21-52 are named right.
    """
    if index <= 18:
        return from_real_name(names[index + 1])
    if index == 19:
        return REAL_CLASS_19
    if index == 20:
        return "Td"
    return from_real_name(names[index])
