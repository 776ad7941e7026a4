"""Test helpers: build positions with known hands, and play scripts of moves with expected verdicts.

Two ways to get a position:

* :func:`stacked_deal` stacks the deck (``deal(..., order=...)``) so a real deal gives the hands
  wanted; it is used where the deal itself (B4-B6) is under test.
* :func:`position` builds a mid-game position directly: given hands, a stock (top first) above the
  trump card, and the remaining cards of the deck in the discard pile, so cards stay conserved.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from referee import (
    Card,
    CardSet,
    GameState,
    Phase,
    Rules,
    Verdict,
    apply,
    check,
    parse_cards,
    parse_move,
    rules_for,
)
from referee.setup import deal, deck_of, start_bout
from referee.state import NO_SEAT, Hand, Stats


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def card(text: str) -> Card:
    return Card.parse(text)


def variant(slug: str, /, **overrides: object) -> Rules:
    """A variant's rules with some parameters replaced (``deck_ranks=52`` ...)."""
    return replace(rules_for(slug), **overrides)  # type: ignore[arg-type]


def stacked_order(
    rules: Rules,
    hands: Sequence[str],
    *,
    trump: str | None = None,
    stock: str = "",
    dealer: int = 0,
) -> list[Card]:
    """A deck order (top first) that deals ``hands`` (seat A first) one card at a time from the
    dealer's left, then turns ``trump``, then leaves ``stock`` on top of the stock; the other
    cards follow in deck order."""
    players = len(hands)
    parsed = [list(parse_cards(h)) for h in hands]
    size = len(parsed[0])
    if any(len(h) != size for h in parsed):
        raise ValueError("stacked hands must have equal sizes")
    first = 0 if rules.dealer_outsider else (dealer + 1) % players
    order: list[Card] = []
    for i in range(size * players):
        seat = (first + i) % players
        order.append(parsed[seat][i // players])
    if trump is not None:
        order.append(Card.parse(trump))
    order.extend(parse_cards(stock))
    used = set(order)
    if len(used) != len(order):
        raise ValueError("a card is stacked twice")
    order.extend(c for c in deck_of(rules) if c not in used)
    return order


def stacked_deal(
    rules: Rules,
    hands: Sequence[str],
    *,
    trump: str | None = None,
    stock: str = "",
    dealer: int = 0,
    seed: int = 0,
    previous_fool: int | None = None,
) -> GameState:
    order = stacked_order(rules, hands, trump=trump, stock=stock, dealer=dealer)
    return deal(rules, len(hands), seed, dealer=dealer, order=order, previous_fool=previous_fool)


def position(
    rules: Rules,
    hands: Sequence[str],
    *,
    trump: str | None = "6h",
    stock: str | None = None,
    discard: str | None = None,
    attacker: int = 0,
    bouts: int = 1,
    finished: Iterable[int] = (),
    dealer: int = 0,
) -> GameState:
    """A full-information position at the start of a bout led by ``attacker``.

    ``trump`` is the trump card. With ``stock=None`` the stock is empty and the trump card has
    been drawn long ago (it is in the discard unless a hand holds it); with a ``stock`` string the
    stock is those cards (top first) lying on the face-up trump card. The deck's other cards are in
    the discard pile, or, when ``discard`` is given, they go into the stock above the trump card.
    """
    hand_cards = [parse_cards(h) for h in hands]
    stock_cards = list(parse_cards(stock or ""))
    trump_card = Card.parse(trump) if trump is not None else None
    in_stock = stock is not None and trump_card is not None and rules.has_stock
    placed = [c for h in hand_cards for c in h] + stock_cards
    if in_stock:
        assert trump_card is not None
        placed.append(trump_card)
    discard_cards = list(parse_cards(discard or ""))
    placed += discard_cards
    if len(set(placed)) != len(placed):
        raise ValueError("a card is placed twice")
    deck = deck_of(rules)
    rest = [c for c in deck if c not in set(placed)]
    if any(c not in set(deck) for c in placed):
        raise ValueError("a card is not in this deck")
    if discard is None:
        discard_cards += rest
    else:
        if rest and stock is None:
            raise ValueError("the rest of the deck needs a stock")
        stock_cards += rest
    full_stock = tuple(stock_cards) + ((trump_card,) if in_stock and trump_card else ())
    players = len(hands)
    zeros = (0,) * players
    trump_suit = None
    if trump_card is not None and trump_card.is_normal:
        trump_suit = trump_card.suit
    if rules.fixed_trump is not None:
        trump_suit = rules.fixed_trump
    state = GameState(
        rules=rules,
        full_info=True,
        hands=tuple(Hand(len(h), CardSet.of(h)) for h in hand_cards),
        stock=full_stock,
        stock_count=len(full_stock),
        trump_card=trump_card if in_stock else None,
        trump_suit=trump_suit,
        discard=CardSet.of(discard_cards),
        out_of_play=CardSet(),
        table=(),
        phase=Phase.ATTACK,
        attacker=NO_SEAT,
        defender=NO_SEAT,
        dealer=dealer,
        defender_quota=0,
        covered_at_handover=0,
        passed=frozenset(),
        last_defence=None,
        self_throw=None,
        hidden_trump=None,
        hidden_trump_pending=False,
        finished=tuple(finished),
        bouts=bouts,
        successes=0,
        stats=Stats(zeros, zeros, zeros),
        seed=0,
    )
    return start_bout(state, attacker)


def verdict(state: GameState, move: str) -> Verdict:
    return check(state, parse_move(move))


def play(state: GameState, *moves: str) -> GameState:
    """Apply legal moves (notation strings); fails loudly on an illegal one."""
    for text in moves:
        v = check(state, parse_move(text))
        assert v.ok, f"{text} should be legal: {v.message()}"
        state = apply(state, parse_move(text))
    return state


Script = Sequence[tuple[str, str | None]]


def run_script(state: GameState, script: Script) -> GameState:
    """Check each (move, expected code) in turn; legal moves (expected None) are applied, illegal
    ones must be refused with that code and leave the state as it was."""
    for text, expected in script:
        move = parse_move(text)
        v = check(state, move)
        assert v.code == expected, (
            f"{text}: expected {expected or 'legal'}, got {v.code or 'legal'}: {v.message()}"
        )
        if v.ok:
            state = apply(state, move)
    return state


def hand(state: GameState, seat: int) -> set[Card]:
    return set(state.hands[seat].known)


def hand_text(state: GameState, seat: int) -> set[str]:
    return {str(c) for c in state.hands[seat].known}


def table_text(state: GameState) -> list[str]:
    return [f"{p.attack}/{p.cover}" if p.cover else str(p.attack) for p in state.table]
