"""Moves with the stock and the trump cards that only some variants have (VARIANTS.md §5.4).

=========================  ==============================================================
``A:trumps 7h+Ks``         `fool_personal_trumps` (§4.13.3): the dealer turns one card from
                           the top of the stock for each player, listed seat A first
``B:swap 7h+8d``           `pokerny` (§4.32.1-2): the defender, before he beats, puts two
                           hand cards face down at the bottom of the stock (above the trump
                           card) and takes the top two; ``B:swap`` when the camera did not
                           see which two cards went down
``A:exchange Th+3c``       `fool_five` (§4.51.12): before his lead the attacker lays the
                           trump-suit card Th face up as the new trump card, puts 3c face
                           down at the bottom of the stock, and takes the old trump card
                           and the bottom face-down card; ``A:exchange Th`` when the camera
                           did not see the face-down card
=========================  ==============================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from referee.cards import Card, format_cards, parse_cards
from referee.errors import InvalidMove, InvalidNotation
from referee.moves import VariantMove
from referee.rules import TrumpDynamics
from referee.state import NO_SEAT, GameState, Phase


@dataclass(frozen=True)
class TurnTrumps(VariantMove):
    """The dealer turns the personal trump cards, one per seat (seat A first)."""

    verb: ClassVar[str] = "trumps"
    player: int
    trumps: tuple[Card, ...]

    def __post_init__(self) -> None:
        if not self.trumps:
            raise InvalidMove("the personal trump cards are needed, one per seat")

    def format_args(self) -> str:
        return format_cards(self.trumps, "+")

    @classmethod
    def parse_args(cls, player: int, arg: str) -> TurnTrumps:
        if not arg:
            raise InvalidNotation("'trumps' needs one card per seat, e.g. A:trumps 7h+Ks")
        return cls(player, parse_cards(arg))

    def cards(self) -> tuple[Card, ...]:
        return self.trumps


@dataclass(frozen=True)
class StockSwap(VariantMove):
    """`pokerny`: two hand cards for the top two stock cards (no cards: not seen)."""

    verb: ClassVar[str] = "swap"
    player: int
    given: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "given", tuple(sorted(self.given)))
        if len(self.given) not in (0, 2):
            raise InvalidMove("a swap gives two cards to the stock")
        if len(set(self.given)) != len(self.given):
            raise InvalidMove("a swap lists the same card twice")

    def format_args(self) -> str:
        return format_cards(self.given, "+")

    @classmethod
    def parse_args(cls, player: int, arg: str) -> StockSwap:
        return cls(player, parse_cards(arg) if arg else ())

    def cards(self) -> tuple[Card, ...]:
        return ()  # the given cards go face down


@dataclass(frozen=True)
class TrumpExchange(VariantMove):
    """`fool_five`: a new trump card from the hand, and a card face down under the stock."""

    verb: ClassVar[str] = "exchange"
    player: int
    indicator: Card
    other: Card | None = None

    def __post_init__(self) -> None:
        if self.other == self.indicator:
            raise InvalidMove("an exchange gives two different cards")

    def format_args(self) -> str:
        return str(self.indicator) + ("" if self.other is None else f"+{self.other}")

    @classmethod
    def parse_args(cls, player: int, arg: str) -> TrumpExchange:
        cards = parse_cards(arg) if arg else ()
        if len(cards) not in (1, 2):
            raise InvalidNotation(
                "'exchange' names the new trump card and the card put under the stock, "
                "e.g. A:exchange Th+3c (or A:exchange Th when that card was not seen)"
            )
        return cls(player, cards[0], cards[1] if len(cards) == 2 else None)

    def cards(self) -> tuple[Card, ...]:
        return (self.indicator,)  # the face-down card is not shown


# --- when the moves are allowed (shared by the checker and the move generator) ----------------

Reason = tuple[str, str]


def face_down_in_stock(state: GameState) -> int:
    """Stock cards that lie face down (the face-up trump card not counted)."""
    return state.stock_count - (1 if state.indicator_in_stock() else 0)


def swap_blocker(state: GameState, player: int) -> Reason | None:
    """Why ``player`` may not make `pokerny`'s exchange now (§4.32.1-2), or None."""
    if not state.rules.pre_beat_exchange:
        return ("this variant has no exchange with the stock", "в этом варианте не меняются")
    if state.phase is not Phase.DEFENCE or player != state.defender:
        return (
            "only the defender, before he beats, exchanges",
            "меняется только отбивающийся, пока не начал отбиваться",
        )
    if any(p.cover is not None for p in state.table):
        return ("he has already started beating", "он уже начал отбиваться")
    if state.exchanged:
        return ("once per bout", "только раз за кон")
    count = state.hands[player].count
    if count > 6:
        return (f"he holds {count} cards, more than 6", f"у него {count} карт, больше шести")
    if count < 2:
        return ("he holds fewer than 2 cards", "у него меньше двух карт")
    if face_down_in_stock(state) < 2:
        return (
            "the stock has fewer than 2 cards above the trump card",
            "в колоде меньше двух карт над козырем",
        )
    return None


def exchange_blocker(state: GameState, player: int) -> Reason | None:
    """Why ``player`` may not make `fool_five`'s trump-card exchange now (§4.51.12), or None."""
    if state.rules.trump_dynamics is not TrumpDynamics.PRE_TURN_INDICATOR_EXCHANGE:
        return ("this variant has no exchange with the stock", "в этом варианте не меняются")
    if state.phase is not Phase.ATTACK or (state.attacker != NO_SEAT and player != state.attacker):
        return (
            "only the attacker, before he leads, exchanges",
            "меняется только ходящий, перед своим ходом",
        )
    if state.exchanged:
        return ("once per turn", "только раз перед ходом")
    if not state.indicator_in_stock() or state.stock_count < 2:
        return (
            "the stock has no trump card and face-down card left at its bottom",
            "внизу колоды уже нет козыря и закрытой карты",
        )
    if state.hands[player].count < 2:
        return ("he holds fewer than 2 cards", "у него меньше двух карт")
    return None
