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


def from_real_name(name: str) -> str:
    """Map a class name of the real photo set (``'10 Trefoils'``, quirk ``'59'``) to notation."""
    if name == "59":  # the real set's class 20 is the five of clubs
        return "5c"
    rank, suit = name.split(" ", 1)
    return _REAL_RANKS.get(rank, rank) + _REAL_SUITS[suit]
