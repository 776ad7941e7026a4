"""What the collection phase (phase 1) of a two-phase game (§5.1 F5) is, and what it hands over.

Each of `krestovy`, `krugly`, `dialer` and `skitgubbe` has its own small phase-1 module
(``phase1_<slug>``) that describes itself with a :class:`Collection`; :mod:`two_phase` runs it
and then starts the Durak phase from its :class:`Handover` (hands, trump, who leads).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Self

from referee.cards import Card, CardSet, Suit
from referee.moves import Move, VariantMove, seat_letter
from referee.rules import Rules
from referee.setup import check_player_count, deck_of, shuffled
from referee.state import Hand
from referee.verdicts import Code, Violation

Reason = tuple[str, str]
"""English and Russian."""


@dataclass(frozen=True, slots=True)
class Handover:
    """The result of phase 1: what the Durak phase starts from."""

    hands: tuple[Hand, ...]
    """Each seat's phase-2 hand: count, the cards known (all, in full information), the cards
    the table saw go in."""
    trump_suit: Suit | None
    trump_card: Card | None = None
    """A trump card that stays on show in phase 2 (`krugly`'s centre card), else None."""
    first_attacker: int | None = None
    """Who leads phase 2, when phase 1 says (`skitgubbe`); None: B6 from the hands."""
    discard: CardSet = field(default_factory=CardSet)
    out_of_play: CardSet = field(default_factory=CardSet)


@dataclass(frozen=True, slots=True)
class Judged:
    """A phase-1 move judged: the rule it breaks (or None), and what could not be checked."""

    violation: Violation | None = None
    unchecked: tuple[Reason, ...] = ()


@dataclass(frozen=True, slots=True)
class Collection:
    """One variant's phase 1. Its state is a frozen dataclass with ``rules``, ``full_info``,
    ``players``, ``dealer``, ``turns`` (turns or tricks finished), ``hands`` (what each seat holds
    or has collected so far, as :class:`Hand`) and ``all_cards()`` (full information: every
    physical card once, for the conservation check)."""

    variant: str
    deal: Callable[[Rules, int, int, int, Sequence[Card] | None], Any]
    """``deal(rules, players, seed, dealer, order)``: full information."""
    table_start: Callable[[Rules, int, int], Any]
    """``table_start(rules, players, dealer)``: the table view."""
    judge: Callable[[Any, VariantMove], Judged]
    play: Callable[[Any, VariantMove], Any]
    """The state after a move that ``judge`` found legal."""
    legal_moves: Callable[[Any], list[Move]]
    handover: Callable[[Any], Handover | None]
    """None while phase 1 goes on."""
    describe: Callable[[Any, str], str]
    moves: tuple[type[VariantMove], ...]
    notes: tuple[str, ...] = ()
    """Phase 1 in words, with its move notation (for the rules page)."""


def format_taking(card: Card, target: Card | None) -> str:
    """The arguments of a move that turns ``card`` and may take ``target`` with it: ``9h/7h``,
    or ``9h`` (it takes nothing)."""
    return f"{card}/{target}" if target else str(card)


def parse_taking(arg: str) -> tuple[Card, Card | None]:
    """Reads what :func:`format_taking` writes."""
    card, _, target = arg.partition("/")
    return Card.parse(card), Card.parse(target) if target.strip() else None


def violation(code: Code, rule: str, **params: object) -> Violation:
    return Violation(code, rule, tuple((k, str(v)) for k, v in params.items()))


def out_of_turn(player: int, rule: str, why: Reason) -> Judged:
    return Judged(
        violation(Code.OUT_OF_TURN, rule, who=seat_letter(player), why=why[0], why_ru=why[1])
    )


def dealt_deck(rules: Rules, players: int, seed: int, order: Sequence[Card] | None) -> list[Card]:
    """Full information: the players checked, the deck in play order, top card first (shuffled
    from ``seed``, or ``order``)."""
    check_player_count(rules, players)
    return shuffled(deck_of(rules), seed, order)


def deck_size(rules: Rules, players: int) -> int:
    """The table view: the players checked, how many cards the deck holds."""
    check_player_count(rules, players)
    return len(deck_of(rules))


@dataclass(frozen=True, slots=True)
class TurnedDeck:
    """The state the phase 1s that turn the top card of a face-down deck face up (`krestovy`,
    `krugly`, `dialer`) share: a variant's state class adds its own fields after these, and
    ``seen()``."""

    rules: Rules
    full_info: bool
    players: int
    dealer: int
    deck: tuple[Card, ...]
    """Full information: the face-down deck, top card first (empty in the table view)."""
    deck_count: int

    def seen(self) -> CardSet:
        """Every card the table has seen face up."""
        raise NotImplementedError

    def turned_card_violation(self, card: Card, rule: str) -> Violation | None:
        """Why ``card`` cannot be the card turned from the top of the face-down deck: not in
        the deck, already seen on the table, or (full information) not the top card."""
        if card not in CardSet.of(deck_of(self.rules)):
            return violation(Code.CARD_NOT_IN_DECK, rule, card=card)
        if card in self.seen():
            return violation(
                Code.CARD_ALREADY_PLAYED, rule, card=card, where="on the table", where_ru="на столе"
            )
        deck = self.deck
        if self.full_info and (not deck or deck[0] != card):
            top = deck[0] if deck else "none"
            return violation(
                Code.NOT_DECK_TOP,
                rule,
                card=card,
                why=f"the top card of the deck is {top}",
                why_ru=f"верхняя карта колоды {top}",
            )
        return None

    def top_turned(self) -> Self:
        """The state once the top card is turned: one card fewer in the deck."""
        deck = self.deck[1:] if self.full_info else self.deck
        return replace(self, deck=deck, deck_count=self.deck_count - 1)


def open_hand(cards: CardSet) -> Hand:
    """A hand every card of which the table has seen (collected face up)."""
    return Hand(len(cards), cards, cards)


def cards_text(cards: Sequence[Card] | CardSet) -> str:
    return " ".join(map(str, cards)) or "-"
