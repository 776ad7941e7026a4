"""`krestovy` phase 1 (§4.19.1-6): the piles.

Each player gets one card face up; it starts his pile. In turn, clockwise, each player turns the
top card of the deck and puts it on the nearest pile (clockwise from his left neighbour) whose top
card is exactly one rank lower (a 6, or a 2 with 52 cards, goes on an ace); if no other pile fits
he keeps it on his own pile. When the deck is used up, each pile is its owner's hand. Every card
lies face up, so the table view knows every pile.

Moves: ``B:upcard 7h`` (the dealer deals 7h face up to B, from his left clockwise) and
``A:topile Qh>C`` (A turns Qh and puts it on C's pile; ``>A`` is his own pile).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from referee.cards import Card, CardSet, Rank, lowest_rank
from referee.engines.phase1_common import (
    Collection,
    Handover,
    Judged,
    TurnedDeck,
    cards_text,
    dealt_deck,
    deck_size,
    open_hand,
    out_of_turn,
    violation,
)
from referee.errors import InvalidMove, InvalidNotation
from referee.moves import CardMove, Move, VariantMove, parse_seat, seat_letter
from referee.rules import Rules
from referee.state import Hand
from referee.verdicts import Code


@dataclass(frozen=True)
class FaceUp(CardMove):
    """§4.19.1: the dealer deals ``card`` face up in front of ``player``; it starts his pile."""

    verb = "upcard"


@dataclass(frozen=True)
class ToPile(CardMove):
    """§4.19.3-4: ``player`` turns ``card`` from the deck and puts it on ``onto``'s pile."""

    verb = "topile"
    onto: int

    def format_args(self) -> str:
        return f"{self.card}>{seat_letter(self.onto)}"

    @classmethod
    def parse_args(cls, player: int, arg: str) -> VariantMove:
        card, sep, seat = arg.partition(">")
        if not sep:
            raise InvalidNotation(f"a pile move is written card>SEAT, e.g. Qh>C: {arg!r}")
        return cls(player, Card.parse(card), parse_seat(seat))


@dataclass(frozen=True, slots=True)
class KrestovyPiles(TurnedDeck):
    piles: tuple[tuple[Card, ...], ...]
    """Each seat's face-up pile, bottom card first."""
    turn: int
    """Who receives the next face-up card, or who draws next."""
    turns: int = 0

    @property
    def dealing(self) -> bool:
        return any(not pile for pile in self.piles)

    @property
    def hands(self) -> tuple[Hand, ...]:
        return tuple(open_hand(CardSet.of(pile)) for pile in self.piles)

    def all_cards(self) -> list[Card]:
        return [*self.deck, *(c for pile in self.piles for c in pile)]

    def seen(self) -> CardSet:
        return CardSet.of(c for pile in self.piles for c in pile)


def deal(
    rules: Rules, players: int, seed: int, dealer: int, order: Sequence[Card] | None
) -> KrestovyPiles:
    deck = dealt_deck(rules, players, seed, order)
    return KrestovyPiles(
        rules,
        True,
        players,
        dealer,
        tuple(deck),
        len(deck),
        ((),) * players,
        (dealer + 1) % players,
    )


def table_start(rules: Rules, players: int, dealer: int) -> KrestovyPiles:
    size = deck_size(rules, players)
    return KrestovyPiles(
        rules, False, players, dealer, (), size, ((),) * players, (dealer + 1) % players
    )


def _fits(rules: Rules, card: Card, top: Card) -> bool:
    """§4.19.3: ``card`` is exactly one rank above ``top`` (suit irrelevant; the lowest rank
    goes on an ace)."""
    assert card.rank is not None and top.rank is not None
    if top.rank == Rank.ACE:
        return card.rank == lowest_rank(rules.deck_ranks)
    return card.rank == top.rank + 1


def target_pile(state: KrestovyPiles, player: int, card: Card) -> int:
    """§4.19.3-4: the nearest other pile clockwise from the left neighbour that fits, else his
    own [assumption]."""
    n = state.players
    for step in range(1, n):
        seat = (player + step) % n
        if _fits(state.rules, card, state.piles[seat][-1]):
            return seat
    return player


def _starter(state: KrestovyPiles) -> int:
    """§4.19.2: the highest face-up card starts; ties: the first clockwise from the dealer's
    left [assumption]."""
    n = state.players
    order = [(state.dealer + 1 + i) % n for i in range(n)]
    best = max(state.piles[s][0].rank or 0 for s in order)
    return next(s for s in order if state.piles[s][0].rank == best)


def judge(state: KrestovyPiles, move: VariantMove) -> Judged:
    if isinstance(move, FaceUp):
        if not state.dealing:
            return out_of_turn(
                move.player, "§4.19.1", ("the face-up cards are dealt", "карты уже розданы")
            )
        if move.player != state.turn:
            nxt = seat_letter(state.turn)
            return out_of_turn(
                move.player,
                "§4.19.1",
                (
                    f"the next face-up card goes to {nxt}",
                    f"следующую открытую карту получает {nxt}",
                ),
            )
        return Judged(state.turned_card_violation(move.card, "§4.19.1"))
    if isinstance(move, ToPile):
        if state.dealing:
            return out_of_turn(
                move.player,
                "§4.19.1",
                ("the face-up cards are still being dealt", "ещё идёт раздача"),
            )
        if move.player != state.turn:
            return out_of_turn(
                move.player,
                "§4.19.5",
                (f"{seat_letter(state.turn)} draws now", f"сейчас берёт {seat_letter(state.turn)}"),
            )
        found = state.turned_card_violation(move.card, "§4.19.3")
        if found is not None:
            return Judged(found)
        if not 0 <= move.onto < state.players:
            raise InvalidMove(f"seat {seat_letter(move.onto)} is not at this table")
        right = target_pile(state, move.player, move.card)
        if move.onto != right:
            top = state.piles[right][-1]
            why = (
                (
                    f"{seat_letter(right)}'s pile is topped by {top}, one rank lower",
                    f"на кучке {seat_letter(right)} лежит {top}, на одно достоинство ниже",
                )
                if right != move.player
                else (
                    "no other pile is topped one rank lower",
                    "ни на одной чужой кучке нет карты на одно достоинство ниже",
                )
            )
            return Judged(
                violation(
                    Code.WRONG_PILE,
                    "§4.19.3" if right != move.player else "§4.19.4",
                    card=move.card,
                    where=f"{seat_letter(right)}'s pile",
                    where_ru=f"кучку {seat_letter(right)}",
                    why=why[0],
                    why_ru=why[1],
                )
            )
        return Judged()
    return out_of_turn(
        move.player, "§4.19", ("phase 1 (the piles) is on", "идёт первая стадия (кучки)")
    )


def play(state: KrestovyPiles, move: VariantMove) -> KrestovyPiles:
    assert isinstance(move, FaceUp | ToPile)
    seat = move.player if isinstance(move, FaceUp) else move.onto
    piles = list(state.piles)
    piles[seat] = (*piles[seat], move.card)
    state = replace(state.top_turned(), piles=tuple(piles))
    if isinstance(move, FaceUp):
        if state.dealing:
            return replace(state, turn=(move.player + 1) % state.players)
        return replace(state, turn=_starter(state), turns=1)  # the deal is the first line
    return replace(state, turn=(move.player + 1) % state.players, turns=state.turns + 1)


def legal_moves(state: KrestovyPiles) -> list[Move]:
    if state.deck_count == 0:
        return []
    card = state.deck[0]
    if state.dealing:
        return [FaceUp(state.turn, card)]
    return [ToPile(state.turn, card, target_pile(state, state.turn, card))]


def handover(state: KrestovyPiles) -> Handover | None:
    """§4.19.6: the deck is used up; each player picks up his pile. §4.19.7: diamonds."""
    if state.deck_count > 0 or state.dealing:
        return None
    return Handover(hands=state.hands, trump_suit=state.rules.fixed_trump)


def describe(state: KrestovyPiles, lang: str) -> str:
    piles = " ".join(
        f"{seat_letter(s)}:{cards_text(p[-1:])}({len(p)})" for s, p in enumerate(state.piles)
    )
    if lang == "ru":
        action = "раздача" if state.dealing else f"берёт {seat_letter(state.turn)}"
        return f"крестовый, кучки: {piles}, в колоде {state.deck_count}, {action}"
    action = "dealing" if state.dealing else f"{seat_letter(state.turn)} draws"
    return f"krestovy piles: {piles}, deck {state.deck_count}, {action}"


COLLECTION = Collection(
    variant="krestovy",
    deal=deal,
    table_start=table_start,
    judge=judge,
    play=play,
    legal_moves=legal_moves,
    handover=handover,
    describe=describe,
    moves=(FaceUp, ToPile),
    notes=(
        "phase 1: one card face up to each player (A:upcard 7h, from the dealer's left); the "
        "highest card starts (ties: first from the dealer's left)",
        "each turn: turn the top card and put it on the nearest pile clockwise topped one rank "
        "lower (a 6, or a 2 with 52 cards, goes on an ace), else on your own pile: A:topile Qh>C",
        "the deck used up, each pile is its owner's hand",
        "camera: every card lies face up, so the piles and then every hand are known",
    ),
)
