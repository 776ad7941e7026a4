"""Test helpers for the two-phase games (`krestovy`, `krugly`, `dialer`, `skitgubbe`): stacked
decks for phase 1, phase-2 positions from given hands, and scripts of moves with verdicts."""

from __future__ import annotations

from collections.abc import Sequence

from referee import Card, CardSet, Verdict, apply, check, parse_cards, parse_move, rules_for
from referee.engines.two_phase import TwoPhaseState, _collection, _phase2_rules, deal, table_game
from referee.rules import Rules
from referee.setup import deck_of, start_from_hands
from referee.state import Hand


def card(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> CardSet:
    return CardSet.of(parse_cards(text))


def rules(slug: str, deck: int | None = None) -> Rules:
    return rules_for(slug, {} if deck is None else {"deck": str(deck)})


def stacked(
    rules: Rules, players: int, top: str, *, dealer: int = 0, previous_fool: int | None = None
) -> TwoPhaseState:
    """A full-information game whose deck starts with ``top`` (top card first), then the other
    cards in deck order."""
    order = list(parse_cards(top))
    order.extend(c for c in deck_of(rules) if c not in set(order))
    return deal(rules, players, 0, dealer=dealer, previous_fool=previous_fool, order=order)


def view(rules: Rules, players: int, *, dealer: int = 0) -> TwoPhaseState:
    return table_game(rules, players, dealer=dealer)


def phase2(
    rules: Rules,
    hands: Sequence[str],
    *,
    first: int | None = 0,
    trump: str | None = None,
    full_info: bool = True,
    dealer: int = 0,
) -> TwoPhaseState:
    """A phase-2 position: the given hands (known to the table view too, as after a face-up phase
    1), the trump suit (``trump``: a card whose suit is trump, default the fixed trump)."""
    trump_card = Card.parse(trump) if trump else None
    suit = trump_card.suit if trump_card else rules.fixed_trump
    held = [cards(h) for h in hands]
    durak = start_from_hands(
        _phase2_rules(rules),
        [Hand(len(h), h, h) for h in held],
        trump_suit=suit,
        first_attacker_seat=first,
        full_info=full_info,
        dealer=dealer,
    )
    first_phase = _collection(rules).table_start(rules, len(hands), dealer)
    return TwoPhaseState(rules, full_info, first_phase, durak)


def verdict(state: TwoPhaseState, text: str) -> Verdict:
    return check(state, parse_move(text))


def play(state: TwoPhaseState, *moves: str) -> TwoPhaseState:
    for text in moves:
        state = apply(state, parse_move(text))
    return state


def run_script(state: TwoPhaseState, script: Sequence[tuple[str, str | None]]) -> TwoPhaseState:
    """Each move with its expected verdict code (None = legal); legal moves are made."""
    for text, code in script:
        result = verdict(state, text)
        assert result.code == code, f"{text}: expected {code}, got {result.message()}"
        if result.ok:
            state = apply(state, parse_move(text))
    return state


def hand_of(state: TwoPhaseState, seat: int) -> CardSet:
    return state.hands[seat].known
