"""`dialer` phase 1 (§4.23.1-7): capturing from the face-up row.

The dealer turns the top card of the deck face up: it starts the row. From his left, clockwise,
each player turns the top card: if it is of the same suit and higher than a row card he must
capture one such card of his choice (§4.23.6 [assumption]); both cards go into his hand
(§4.23.3 [assumption]) and he turns the next card. A card that captures nothing is laid in the
row and his turn ends. The last card of the deck sets the trump suit, and its turner takes it with
the whole row (§4.23.7). Every card is seen face up, so the table view knows every hand.

Moves: ``A:rowstart 7h`` (the dealer turns the first row card), ``B:dial 9h/7h`` (B turns 9h and
captures 7h), ``B:dial 9h`` (B turns 9h and lays it in the row, or takes the row with the last
card).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from referee.cards import Card, CardSet
from referee.engines.phase1_common import (
    Collection,
    Handover,
    Judged,
    Reason,
    TurnedDeck,
    cards_text,
    dealt_deck,
    deck_size,
    format_taking,
    open_hand,
    out_of_turn,
    parse_taking,
    violation,
)
from referee.moves import CardMove, Move, VariantMove, seat_letter
from referee.rules import Rules
from referee.state import Hand
from referee.verdicts import Code, Violation


@dataclass(frozen=True)
class RowStart(CardMove):
    """§4.23.1: the dealer turns the top card face up; it starts the row."""

    verb = "rowstart"


@dataclass(frozen=True)
class Dial(CardMove):
    """§4.23.3-4, 7: ``player`` turns ``card``; it captures ``capture`` from the row, or (None)
    it is laid in the row, or as the last card it takes the row."""

    verb = "dial"
    capture: Card | None = None

    def format_args(self) -> str:
        return format_taking(self.card, self.capture)

    @classmethod
    def parse_args(cls, player: int, arg: str) -> VariantMove:
        return cls(player, *parse_taking(arg))


@dataclass(frozen=True, slots=True)
class DialerRow(TurnedDeck):
    row: tuple[Card, ...]
    collected: tuple[CardSet, ...]
    turn: int
    started: bool = False
    turns: int = 0
    last_card: Card | None = None

    @property
    def hands(self) -> tuple[Hand, ...]:
        return tuple(open_hand(c) for c in self.collected)

    def all_cards(self) -> list[Card]:
        return [*self.deck, *self.row, *(c for cs in self.collected for c in cs)]

    def seen(self) -> CardSet:
        seen = CardSet.of(self.row)
        for cards in self.collected:
            seen = seen | cards
        return seen


def deal(
    rules: Rules, players: int, seed: int, dealer: int, order: Sequence[Card] | None
) -> DialerRow:
    deck = dealt_deck(rules, players, seed, order)
    empty = (CardSet(),) * players
    return DialerRow(rules, True, players, dealer, tuple(deck), len(deck), (), empty, dealer)


def table_start(rules: Rules, players: int, dealer: int) -> DialerRow:
    size = deck_size(rules, players)
    empty = (CardSet(),) * players
    return DialerRow(rules, False, players, dealer, (), size, (), empty, dealer)


def captures(row: Sequence[Card], card: Card) -> list[Card]:
    """§4.23.3: the row cards ``card`` can capture: same suit, lower rank."""
    assert card.rank is not None
    return [c for c in row if c.suit == card.suit and c.rank is not None and c.rank < card.rank]


def judge(state: DialerRow, move: VariantMove) -> Judged:
    if isinstance(move, RowStart):
        if state.started:
            return out_of_turn(move.player, "§4.23.1", ("the row is started", "ряд уже начат"))
        if move.player != state.dealer:
            return out_of_turn(
                move.player,
                "§4.23.1",
                (
                    f"the dealer {seat_letter(state.dealer)} turns the first card",
                    f"первую карту открывает сдающий {seat_letter(state.dealer)}",
                ),
            )
        return Judged(state.turned_card_violation(move.card, "§4.23.1"))
    if isinstance(move, Dial):
        if not state.started:
            return out_of_turn(
                move.player,
                "§4.23.1",
                ("the dealer first turns the first row card", "сначала сдающий открывает ряд"),
            )
        if move.player != state.turn:
            return out_of_turn(
                move.player,
                "§4.23.2",
                (
                    f"{seat_letter(state.turn)} turns now",
                    f"сейчас открывает {seat_letter(state.turn)}",
                ),
            )
        found = state.turned_card_violation(move.card, "§4.23.3")
        if found is not None:
            return Judged(found)
        return Judged(_capture_violation(state, move))
    return out_of_turn(
        move.player, "§4.23", ("phase 1 (the row) is on", "идёт первая стадия (ряд)")
    )


def _capture_violation(state: DialerRow, move: Dial) -> Violation | None:
    possible = captures(state.row, move.card)
    last = state.deck_count == 1
    if move.capture is None:
        if possible and not last:
            return violation(
                Code.MUST_CAPTURE, "§4.23.6", card=move.card, target=cards_text(possible)
            )
        return None
    why: Reason | None = None
    if last:
        why = ("the last card takes the whole row (§4.23.7)", "последняя карта забирает весь ряд")
    elif move.capture not in state.row:
        why = ("it is not in the row", "её нет в ряду")
    elif move.capture not in possible:
        why = ("it captures a lower card of its own suit", "брать можно младшую карту своей масти")
    if why is None:
        return None
    return violation(
        Code.CANNOT_CAPTURE,
        "§4.23.7" if last else "§4.23.3",
        card=move.card,
        target=move.capture,
        why=why[0],
        why_ru=why[1],
    )


def play(state: DialerRow, move: VariantMove) -> DialerRow:
    assert isinstance(move, RowStart | Dial)
    state = state.top_turned()
    if isinstance(move, RowStart):
        left = (state.dealer + 1) % state.players
        return replace(state, row=(move.card,), started=True, turn=left, turns=1)
    seat = move.player
    collected = list(state.collected)
    if state.deck_count == 0:  # §4.23.7: the last card takes the row
        collected[seat] = collected[seat].add(move.card, *state.row)
        return replace(
            state, row=(), collected=tuple(collected), last_card=move.card, turns=state.turns + 1
        )
    if move.capture is not None:
        collected[seat] = collected[seat].add(move.card, move.capture)
        row = tuple(c for c in state.row if c != move.capture)
        return replace(state, row=row, collected=tuple(collected))
    return replace(
        state,
        row=(*state.row, move.card),
        turn=(seat + 1) % state.players,
        turns=state.turns + 1,
    )


def legal_moves(state: DialerRow) -> list[Move]:
    if state.deck_count == 0:
        return []
    card = state.deck[0]
    if not state.started:
        return [RowStart(state.dealer, card)]
    possible = captures(state.row, card) if state.deck_count > 1 else []
    if possible:
        return [Dial(state.turn, card, target) for target in possible]
    return [Dial(state.turn, card)]


def handover(state: DialerRow) -> Handover | None:
    """§4.23.7-10: the last card's suit is trump; nobody draws in phase 2."""
    if state.last_card is None:
        return None
    return Handover(hands=state.hands, trump_suit=state.last_card.suit)


def describe(state: DialerRow, lang: str) -> str:
    row = cards_text(state.row)
    counts = " ".join(f"{seat_letter(s)}{len(c)}" for s, c in enumerate(state.collected))
    who = seat_letter(state.turn)
    if lang == "ru":
        return f"ряд: {row}, в колоде {state.deck_count}, взято {counts}, открывает {who}"
    return f"dialer row: {row}, deck {state.deck_count}, taken {counts}, {who} to turn"


COLLECTION = Collection(
    variant="dialer",
    deal=deal,
    table_start=table_start,
    judge=judge,
    play=play,
    legal_moves=legal_moves,
    handover=handover,
    describe=describe,
    moves=(RowStart, Dial),
    notes=(
        "phase 1: the dealer turns the first row card (A:rowstart 7h); from his left, each turns "
        "cards: a higher card of a row card's suit must capture one (B:dial 9h/7h) and he turns "
        "again; else it is laid in the row and his turn ends (B:dial 9h)",
        "the last card of the deck sets trump and takes the whole row; nobody draws in phase 2",
        "option base_mode=perevodnoy: phase 2 with transfers (§4.23.8)",
        "camera: every card is turned face up, so every hand is known",
    ),
)
