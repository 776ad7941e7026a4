"""Test helpers for the relay games (`chinese`, `bez_nazvaniya`, `chukchi_2`, `polsky`): stacked
deals, mid-game positions with known hands, and scripts of moves with expected verdicts."""

from __future__ import annotations

from collections.abc import Sequence

from referee import Card, CardSet, Verdict, apply, check, parse_cards, parse_move, rules_for
from referee.engines.relay_state import (
    RelayPhase,
    RelayState,
    deal,
    deck_of,
    evolve,
    is_centre_pile,
)
from referee.rules import Rules
from referee.state import Hand


def card(text: str) -> Card:
    return Card.parse(text)


def relay_rules(slug: str, deck: int = 36) -> Rules:
    return rules_for(slug, {"deck": str(deck)})


def stacked(
    rules: Rules,
    hands: Sequence[str],
    *,
    dealer: int = 0,
    previous_fool: int | None = None,
    rest: str = "",
) -> RelayState:
    """A real deal whose deck is stacked so that seat A gets ``hands[0]`` and so on (dealt one at
    a time from the dealer's left); ``rest`` follows, then the other cards in deck order."""
    players = len(hands)
    parsed = [list(parse_cards(h)) for h in hands]
    order: list[Card] = []
    first = (dealer + 1) % players
    for i in range(sum(len(h) for h in parsed)):
        seat = (first + i) % players
        order.append(parsed[seat].pop(0))
    order.extend(parse_cards(rest))
    order.extend(c for c in deck_of(rules) if c not in set(order))
    return deal(rules, players, 0, dealer=dealer, previous_fool=previous_fool, order=order)


def position(
    rules: Rules,
    hands: Sequence[str],
    *,
    turn: int = 0,
    pile: str = "",
    by: Sequence[int] = (),
    stock: str = "",
    trump: str | None = None,
    leader: int | None = None,
    finished: Sequence[int] = (),
) -> RelayState:
    """A full-information mid-game position: the given hands, relay stack (bottom first, placed
    by ``by``), stock or spread; ``trump`` is the trump card (the last card dealt, the centre
    card); every other card is in the discard pile, so cards stay conserved. A non-empty pile
    means ``turn`` must beat its top card."""
    state = deal(rules, len(hands), 0)
    held = [parse_cards(h) for h in hands]
    stack = parse_cards(pile)
    stock_cards = parse_cards(stock)
    trump_card = Card.parse(trump) if trump else None
    used = [c for h in held for c in h] + list(stack) + list(stock_cards)
    if trump_card is not None and is_centre_pile(rules):  # polsky's centre card
        used.append(trump_card)
    if len(set(used)) != len(used):
        raise ValueError("a card is placed twice")
    rest = CardSet.of(deck_of(rules)) - CardSet.of(used)
    suit = state.trump_suit if trump_card is None else trump_card.suit
    return evolve(
        state,
        hands=tuple(Hand(len(h), CardSet.of(h)) for h in held),
        pile=stack,
        placed_by=tuple(by)
        if by
        else tuple((turn - len(stack) + i) % len(hands) for i in range(len(stack))),
        stock=tuple(stock_cards),
        stock_count=len(stock_cards),
        trump_card=trump_card if trump_card is not None else state.trump_card,
        trump_suit=suit,
        discard=rest,
        phase=RelayPhase.BEAT if stack else RelayPhase.LEAD,
        turn=turn,
        leader=turn if leader is None and not stack else (leader if leader is not None else 0),
        finished=tuple(finished),
    )


def verdict(state: RelayState, text: str) -> Verdict:
    return check(state, parse_move(text))


def play(state: RelayState, *moves: str) -> RelayState:
    for text in moves:
        state = apply(state, parse_move(text))
    return state


def run_script(state: RelayState, script: Sequence[tuple[str, str | None]]) -> RelayState:
    """Judge each move; an illegal one must have the expected code and leaves the state as it
    is, a legal one (expected None) is made."""
    for text, code in script:
        v = verdict(state, text)
        assert v.code == code, f"{text}: expected {code}, got {v.message()}"
        if v.ok:
            state = apply(state, parse_move(text))
    return state


def cards_of(state: RelayState, seat: int) -> str:
    return " ".join(str(c) for c in sorted(state.hands[seat].known))
