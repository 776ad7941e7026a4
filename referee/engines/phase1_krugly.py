"""`krugly` phase 1 (§4.20.1-7): beating the open cards. The seed's layout figure is missing;
this follows the [assumption]s of §4.20 and §6 item 10.

The dealer lays 8 cards face up (a ring) and a ninth face up in the centre: its suit is trump
(§4.20.2). Nothing is dealt (§4.20.3). From the dealer's left, clockwise, each player turns the
top card of the draw pile and beats one open card with it if he can (default relation, centre
trump): he takes both cards into his hand. Beating is compulsory when possible and he chooses
which card [assumption, as §4.23.6]. A card that beats nothing is laid next to the open cards and
becomes an open card itself. Whoever beats such an added card takes every open card left
(§4.20.6; the centre card stays). Phase 1 ends when no open card is left or the draw pile is
used up; the cards left then are out of play (§4.20.7). Every card is seen face up.

Moves: ``A:ring 7h`` (the dealer lays the next layout card face up: 8 ring cards, then the
centre card), ``B:hit 9h/7h`` (B turns 9h and beats 7h), ``B:hit 9h`` (9h beats nothing: it is
laid out).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from referee.beats import beat_failure, beats
from referee.cards import Card, CardSet
from referee.engines.phase1_common import (
    Collection,
    Handover,
    Judged,
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

RING = 8
"""§4.20.2: open cards laid out before the centre (trump) card."""


@dataclass(frozen=True)
class Layout(CardMove):
    """§4.20.2: the dealer lays ``card`` face up: one of the 8 ring cards, then the centre."""

    verb = "ring"


@dataclass(frozen=True)
class Hit(CardMove):
    """§4.20.5-6: ``player`` turns ``card`` and beats ``target`` with it (None: laid out)."""

    verb = "hit"
    target: Card | None = None

    def format_args(self) -> str:
        return format_taking(self.card, self.target)

    @classmethod
    def parse_args(cls, player: int, arg: str) -> VariantMove:
        return cls(player, *parse_taking(arg))


@dataclass(frozen=True, slots=True)
class KruglyLayout(TurnedDeck):
    """The layout; ``deck`` is the draw pile."""

    ring: tuple[Card, ...]
    """The open layout cards still on the table."""
    added: tuple[Card, ...]
    """Open cards laid by players who could not beat (§4.20.5)."""
    centre: Card | None
    held: tuple[CardSet, ...]
    turn: int
    laid: int = 0
    """Layout cards laid so far (8 ring cards, then the centre card)."""
    turns: int = 0
    over: bool = False

    @property
    def hands(self) -> tuple[Hand, ...]:
        return tuple(open_hand(c) for c in self.held)

    @property
    def open_cards(self) -> tuple[Card, ...]:
        return self.ring + self.added

    def all_cards(self) -> list[Card]:
        centre = [self.centre] if self.centre is not None else []
        return [*self.deck, *self.open_cards, *centre, *(c for cs in self.held for c in cs)]

    def seen(self) -> CardSet:
        seen = CardSet.of([*self.open_cards, *([self.centre] if self.centre else [])])
        for cards in self.held:
            seen = seen | cards
        return seen


def deal(
    rules: Rules, players: int, seed: int, dealer: int, order: Sequence[Card] | None
) -> KruglyLayout:
    deck = dealt_deck(rules, players, seed, order)
    empty = (CardSet(),) * players
    return KruglyLayout(
        rules, True, players, dealer, tuple(deck), len(deck), (), (), None, empty, dealer
    )


def table_start(rules: Rules, players: int, dealer: int) -> KruglyLayout:
    size = deck_size(rules, players)
    empty = (CardSet(),) * players
    return KruglyLayout(rules, False, players, dealer, (), size, (), (), None, empty, dealer)


def beatable(state: KruglyLayout, card: Card) -> list[Card]:
    trump = state.centre.suit if state.centre is not None else None
    return [c for c in state.open_cards if beats(state.rules, trump, c, card)]


def judge(state: KruglyLayout, move: VariantMove) -> Judged:
    laying = state.laid <= RING
    if isinstance(move, Layout):
        if not laying:
            return out_of_turn(
                move.player, "§4.20.2", ("the layout is done", "раскладка закончена")
            )
        if move.player != state.dealer:
            return out_of_turn(
                move.player,
                "§4.20.2",
                (
                    f"the dealer {seat_letter(state.dealer)} lays out the cards",
                    f"раскладывает сдающий {seat_letter(state.dealer)}",
                ),
            )
        return Judged(state.turned_card_violation(move.card, "§4.20.2"))
    if isinstance(move, Hit):
        if laying:
            return out_of_turn(
                move.player,
                "§4.20.2",
                ("the dealer is still laying out", "сдающий ещё раскладывает"),
            )
        if move.player != state.turn:
            return out_of_turn(
                move.player,
                "§4.20.4",
                (f"{seat_letter(state.turn)} draws now", f"сейчас берёт {seat_letter(state.turn)}"),
            )
        found = state.turned_card_violation(move.card, "§4.20.5")
        return Judged(found or _hit_violation(state, move))
    return out_of_turn(
        move.player, "§4.20", ("phase 1 (the layout) is on", "идёт первая стадия (раскладка)")
    )


def _hit_violation(state: KruglyLayout, move: Hit) -> Violation | None:
    possible = beatable(state, move.card)
    if move.target is None:
        if possible:
            return violation(
                Code.MUST_CAPTURE, "§4.20.5", card=move.card, target=cards_text(possible)
            )
        return None
    if move.target not in state.open_cards:
        return violation(
            Code.CANNOT_CAPTURE,
            "§4.20.5",
            card=move.card,
            target=move.target,
            why="it is not an open card",
            why_ru="это не открытая карта",
        )
    trump = state.centre.suit if state.centre is not None else None
    why = beat_failure(state.rules, trump, move.target, move.card)
    if why is None:
        return None
    return violation(
        Code.CANNOT_CAPTURE,
        "§4.20.5",
        card=move.card,
        target=move.target,
        why=why[0],
        why_ru=why[1],
    )


def play(state: KruglyLayout, move: VariantMove) -> KruglyLayout:
    assert isinstance(move, Layout | Hit)
    state = state.top_turned()
    if isinstance(move, Layout):
        if state.laid < RING:
            return replace(state, ring=(*state.ring, move.card), laid=state.laid + 1)
        left = (state.dealer + 1) % state.players
        return replace(state, centre=move.card, laid=state.laid + 1, turn=left, turns=1)
    seat = move.player
    held = list(state.held)
    ring, added = state.ring, state.added
    if move.target is None:
        added = (*added, move.card)
    elif move.target in ring:
        held[seat] = held[seat].add(move.card, move.target)
        ring = tuple(c for c in ring if c != move.target)
    else:  # §4.20.6: beating an added card takes every open card
        held[seat] = held[seat].add(move.card, *state.open_cards)
        ring, added = (), ()
    state = replace(
        state,
        ring=ring,
        added=added,
        held=tuple(held),
        turn=(seat + 1) % state.players,
        turns=state.turns + 1,
    )
    if not state.open_cards or state.deck_count == 0:
        state = replace(state, over=True)
    return state


def legal_moves(state: KruglyLayout) -> list[Move]:
    if state.over or state.deck_count == 0:
        return []
    card = state.deck[0]
    if state.laid <= RING:
        return [Layout(state.dealer, card)]
    possible = beatable(state, card)
    if possible:
        return [Hit(state.turn, card, target) for target in possible]
    return [Hit(state.turn, card)]


def handover(state: KruglyLayout) -> Handover | None:
    """§4.20.7: what is left on the table and in the draw pile is out of play; the centre card
    stays on show as the trump card."""
    if not state.over:
        return None
    assert state.centre is not None
    left = CardSet.of([*state.open_cards, *state.deck])
    return Handover(
        hands=state.hands,
        trump_suit=state.centre.suit,
        trump_card=state.centre,
        out_of_play=left.add(state.centre),
    )


def describe(state: KruglyLayout, lang: str) -> str:
    opened = cards_text(state.open_cards)
    centre = state.centre or "-"
    who = seat_letter(state.turn)
    if lang == "ru":
        return (
            f"круглый, открыты: {opened}, козырь {centre}, в колоде {state.deck_count}, ход {who}"
        )
    return f"krugly open cards: {opened}, centre {centre}, pile {state.deck_count}, {who} to draw"


COLLECTION = Collection(
    variant="krugly",
    deal=deal,
    table_start=table_start,
    judge=judge,
    play=play,
    legal_moves=legal_moves,
    handover=handover,
    describe=describe,
    moves=(Layout, Hit),
    notes=(
        "phase 1: the dealer lays 8 cards face up, then the trump card in the centre "
        "(A:ring 7h, nine times); nothing is dealt",
        "each turn from the dealer's left: turn the top card; it must beat an open card if it "
        "can (B:hit 9h/7h: he takes both), else it is laid out as an open card (B:hit 9h); "
        "beating a laid-out card takes every open card",
        "phase 1 ends when no open card is left or the pile is used up (the rest is out of play)",
        "phase 2: leads of 1 card, a pair+1 or two pairs+1, at most the defender's hand; partial "
        "defence (B:take picks up the unbeaten cards); the former defender leads next",
        "camera: every card is seen face up, so every hand is known",
    ),
)
