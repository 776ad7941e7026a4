"""`skitgubbe` phase 1 (§4.49.3-9): collecting tricks.

Three cards each (one at a time from the dealer's left); the rest is the face-down reserve. The
dealer's left neighbour leads any card to his left neighbour, who answers with any card (no
obligation to follow or beat). Both then draw back up to 3, the leader first (§4.49.5
[assumption]). The higher rank takes both cards into his face-down collection and leads the next
trick to his own left neighbour (§4.49.6). On equal ranks the cards stay and the same two play
again, the winner taking all ("bounce", §4.49.7 [assumption]). After the reserve is used up,
tricks go on from the hands (§4.49.8); a player without cards is skipped [assumption], and if
one of a bounce's two players has no card left, each puts his own cards of the pile into his
collection [assumption]. When fewer than two players hold cards, leftover hand cards join their
owner's collection. The last reserve card fixes the trump suit and must be shown (§4.49.9): its
drawer shows it with ``B:lastcard 9d`` before play goes on, and he leads phase 2 (§4.49.11).

Every trick card is played face up, so the table view knows each collection; the hands and the
reserve are hidden. Moves: ``A:playtrick 7h`` (play a card to the trick), ``B:lastcard 9d``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from referee.cards import Card, CardSet
from referee.engines.phase1_common import (
    Collection,
    Handover,
    Judged,
    cards_text,
    dealt_deck,
    deck_size,
    out_of_turn,
    violation,
)
from referee.moves import CardMove, Move, VariantMove, seat_letter
from referee.rules import Rules
from referee.setup import deck_of
from referee.state import NO_SEAT, Hand
from referee.verdicts import Code


@dataclass(frozen=True)
class TrickCard(CardMove):
    """§4.49.4: ``player`` plays ``card`` face up to the trick (lead or answer)."""

    verb = "playtrick"


@dataclass(frozen=True)
class LastCard(CardMove):
    """§4.49.9: the drawer of the last reserve card shows it: its suit is trump."""

    verb = "lastcard"


@dataclass(frozen=True, slots=True)
class SkitgubbeTricks:
    rules: Rules
    full_info: bool
    players: int
    dealer: int
    reserve: tuple[Card, ...]
    """Full information: the face-down reserve, next card first (empty in the table view)."""
    reserve_count: int
    hands: tuple[Hand, ...]
    collections: tuple[CardSet, ...]
    trick: tuple[tuple[int, Card], ...]
    """The cards on the table in this trick (bounces included), with who played them."""
    leader: int
    answerer: int
    to_play: int
    """Who plays the next trick card (NO_SEAT once phase 1 is over)."""
    last_card: Card | None = None
    """The last reserve card: known once drawn (full information) or shown (table view)."""
    last_drawer: int = NO_SEAT
    reveal_due: bool = False
    turns: int = 0

    def all_cards(self) -> list[Card]:
        out = list(self.reserve)
        for hand in self.hands:
            out.extend(hand.known)
        for cards in self.collections:
            out.extend(cards)
        out.extend(card for _, card in self.trick)
        return out

    def seen(self) -> CardSet:
        seen = CardSet.of(card for _, card in self.trick)
        for cards in self.collections:
            seen = seen | cards
        for hand in self.hands:
            seen = seen | hand.seen
        return seen

    @property
    def over(self) -> bool:
        return self.to_play == NO_SEAT


def deal(
    rules: Rules, players: int, seed: int, dealer: int, order: Sequence[Card] | None
) -> SkitgubbeTricks:
    deck = dealt_deck(rules, players, seed, order)
    first = (dealer + 1) % players
    held: list[list[Card]] = [[] for _ in range(players)]
    for i in range(players * rules.hand_size):
        held[(first + i) % players].append(deck.pop(0))
    hands = tuple(Hand(len(h), CardSet.of(h)) for h in held)
    return _start(rules, True, players, dealer, tuple(deck), len(deck), hands)


def table_start(rules: Rules, players: int, dealer: int) -> SkitgubbeTricks:
    reserve = deck_size(rules, players) - players * rules.hand_size
    hands = tuple(Hand(rules.hand_size) for _ in range(players))
    return _start(rules, False, players, dealer, (), reserve, hands)


def _start(
    rules: Rules,
    full_info: bool,
    players: int,
    dealer: int,
    reserve: tuple[Card, ...],
    count: int,
    hands: tuple[Hand, ...],
) -> SkitgubbeTricks:
    leader = (dealer + 1) % players
    empty = (CardSet(),) * players
    answerer = (leader + 1) % players
    return SkitgubbeTricks(
        rules,
        full_info,
        players,
        dealer,
        reserve,
        count,
        hands,
        empty,
        (),
        leader,
        answerer,
        leader,
    )


def _card_violation(state: SkitgubbeTricks, player: int, card: Card) -> Judged:
    """Whether ``player`` can hold ``card`` as far as the table knows."""
    hand = state.hands[player]
    if card not in CardSet.of(deck_of(state.rules)):
        return Judged(violation(Code.CARD_NOT_IN_DECK, "B1", card=card))
    if card in hand.known:
        return Judged()
    if card in state.seen():
        return Judged(
            violation(
                Code.CARD_ALREADY_PLAYED, "B1", card=card, where="on the table", where_ru="на столе"
            )
        )
    for seat, other in enumerate(state.hands):
        if seat != player and card in other.known:
            return Judged(
                violation(Code.CARD_IN_ANOTHER_HAND, "B16", card=card, owner=seat_letter(seat))
            )
    who = seat_letter(player)
    if hand.count == 0:
        return Judged(violation(Code.NO_CARDS_LEFT, "§4.49.8", who=who, count_word="more"))
    if hand.fully_known:
        return Judged(violation(Code.NOT_IN_HAND, "B16", who=who, card=card))
    return Judged(
        unchecked=(
            (
                f"{who}'s hand is not seen: {card} assumed to come from it",
                f"рука {who} не видна: считаем, что {card} из неё",
            ),
        )
    )


def judge(state: SkitgubbeTricks, move: VariantMove) -> Judged:
    if isinstance(move, LastCard):
        if not state.reveal_due:
            return out_of_turn(
                move.player,
                "§4.49.9",
                ("the last reserve card is not drawn yet", "последняя карта прикупа ещё не взята"),
            )
        if move.player != state.last_drawer:
            who = seat_letter(state.last_drawer)
            return out_of_turn(
                move.player,
                "§4.49.9",
                (f"{who} drew the last reserve card", f"последнюю карту прикупа взял {who}"),
            )
        if state.full_info and move.card != state.last_card:
            return Judged(
                violation(
                    Code.NOT_DECK_TOP,
                    "§4.49.9",
                    card=move.card,
                    why=f"the last reserve card is {state.last_card}",
                    why_ru=f"последняя карта прикупа {state.last_card}",
                )
            )
        return _card_violation(state, move.player, move.card)
    if isinstance(move, TrickCard):
        if state.reveal_due:
            who = seat_letter(state.last_drawer)
            return out_of_turn(
                move.player,
                "§4.49.9",
                (
                    f"{who} must first show the last reserve card",
                    f"{who} сначала показывает последнюю карту прикупа",
                ),
            )
        if move.player != state.to_play:
            who = seat_letter(state.to_play)
            return out_of_turn(move.player, "§4.49.4", (f"{who} plays now", f"сейчас ходит {who}"))
        return _card_violation(state, move.player, move.card)
    return out_of_turn(
        move.player, "§4.49", ("phase 1 (tricks) is on", "идёт первая стадия (взятки)")
    )


def _next_with_cards(state: SkitgubbeTricks, seat: int, skip: int = NO_SEAT) -> int:
    """``seat`` if he holds cards, else the next seat clockwise that does (not ``skip``)."""
    for step in range(state.players):
        other = (seat + step) % state.players
        if other != skip and state.hands[other].count > 0:
            return other
    return NO_SEAT


def _remove(hand: Hand, card: Card) -> Hand:
    return Hand(hand.count - 1, hand.known.remove(card), hand.seen.remove(card))


def play(state: SkitgubbeTricks, move: VariantMove) -> SkitgubbeTricks:
    assert isinstance(move, TrickCard | LastCard)
    hands = list(state.hands)
    if isinstance(move, LastCard):
        hand = hands[move.player]
        hands[move.player] = Hand(hand.count, hand.known.add(move.card), hand.seen.add(move.card))
        return replace(state, hands=tuple(hands), last_card=move.card, reveal_due=False)
    hands[move.player] = _remove(hands[move.player], move.card)
    trick = (*state.trick, (move.player, move.card))
    state = replace(state, hands=tuple(hands), trick=trick)
    if move.player == state.leader:
        return replace(state, to_play=state.answerer)
    return _close_exchange(_draw(state), trick[-2][1], move.card)


def _draw(state: SkitgubbeTricks) -> SkitgubbeTricks:
    """§4.49.5: both draw back up to 3 from the reserve, the leader first."""
    hands = list(state.hands)
    reserve = list(state.reserve)
    left = state.reserve_count
    last_card, last_drawer, due = state.last_card, state.last_drawer, state.reveal_due
    for seat in (state.leader, state.answerer):
        hand = hands[seat]
        take = min(max(0, state.rules.refill_n - hand.count), left)
        if take == 0:
            continue
        drawn = reserve[:take] if state.full_info else []
        del reserve[:take]
        left -= take
        hands[seat] = Hand(hand.count + take, hand.known.add(*drawn), hand.seen)
        if left == 0:
            last_drawer, due = seat, True
            last_card = drawn[-1] if drawn else None
    return replace(
        state,
        hands=tuple(hands),
        reserve=tuple(reserve),
        reserve_count=left,
        last_card=last_card,
        last_drawer=last_drawer,
        reveal_due=due,
    )


def _close_exchange(state: SkitgubbeTricks, led: Card, answer: Card) -> SkitgubbeTricks:
    assert led.rank is not None and answer.rank is not None
    collections = list(state.collections)
    if led.rank != answer.rank:  # §4.49.6: the higher rank takes the trick
        winner = state.leader if led.rank > answer.rank else state.answerer
        collections[winner] = collections[winner].add(*(c for _, c in state.trick))
        state = replace(state, collections=tuple(collections), trick=(), turns=state.turns + 1)
        return _next_trick(state, winner)
    if state.hands[state.leader].count and state.hands[state.answerer].count:
        return replace(state, to_play=state.leader)  # §4.49.7: bounce
    for seat, card in state.trick:  # a bounce nobody can finish [assumption]
        collections[seat] = collections[seat].add(card)
    state = replace(state, collections=tuple(collections), trick=(), turns=state.turns + 1)
    return _next_trick(state, state.leader)


def _next_trick(state: SkitgubbeTricks, leader: int) -> SkitgubbeTricks:
    leader = _next_with_cards(state, leader)
    answerer = NO_SEAT if leader == NO_SEAT else _next_with_cards(state, leader + 1, skip=leader)
    if answerer == NO_SEAT:  # §4.49.8: leftover hand cards join their owner's collection
        return replace(state, leader=leader, answerer=NO_SEAT, to_play=NO_SEAT)
    return replace(state, leader=leader, answerer=answerer, to_play=leader)


def legal_moves(state: SkitgubbeTricks) -> list[Move]:
    if state.reveal_due:
        assert state.last_card is not None
        return [LastCard(state.last_drawer, state.last_card)]
    if state.over:
        return []
    return [TrickCard(state.to_play, card) for card in sorted(state.hands[state.to_play].known)]


def handover(state: SkitgubbeTricks) -> Handover | None:
    """§4.49.10-11: each picks up his collection; the last card's drawer leads."""
    if not state.over or state.reveal_due:
        return None
    assert state.last_card is not None
    hands = tuple(
        Hand(len(cards) + hand.count, cards | hand.known, cards | hand.seen)
        for cards, hand in zip(state.collections, state.hands, strict=True)
    )
    return Handover(hands=hands, trump_suit=state.last_card.suit, first_attacker=state.last_drawer)


def describe(state: SkitgubbeTricks, lang: str) -> str:
    trick = cards_text([c for _, c in state.trick])
    counts = " ".join(
        f"{seat_letter(s)}{h.count}+{len(c)}"
        for s, (h, c) in enumerate(zip(state.hands, state.collections, strict=True))
    )
    who = seat_letter(state.to_play) if state.to_play != NO_SEAT else "-"
    if lang == "ru":
        return (
            f"скитгаб, взятка: {trick}, прикуп {state.reserve_count}, "
            f"рука+взятки {counts}, ход {who}"
        )
    return (
        f"skitgubbe trick: {trick}, reserve {state.reserve_count}, hand+taken {counts}, {who} plays"
    )


COLLECTION = Collection(
    variant="skitgubbe",
    deal=deal,
    table_start=table_start,
    judge=judge,
    play=play,
    legal_moves=legal_moves,
    handover=handover,
    describe=describe,
    moves=(TrickCard, LastCard),
    notes=(
        "phase 1: 3 cards each; the leader plays any card to his left neighbour, who answers "
        "with any card (A:playtrick 7h); both draw back to 3, the leader first; the higher rank "
        "takes both face down and leads next; equal ranks: the same two play again",
        "the drawer of the last reserve card shows it (B:lastcard 9d): its suit is trump and he "
        "leads phase 2; tricks go on from the hands until they are empty",
        "phase 2: single-card attacks, beat or take, no throw-ins",
        "camera: the hands and the reserve are hidden (plays from a hand are assumed), every "
        "trick card is seen, so the collections and phase-2 hands are known",
    ),
)
