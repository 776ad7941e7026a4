"""How a bout ends: bito or take, refill, players going out, the next attacker (B11-B15)."""

from __future__ import annotations

import random

from referee.bout import defender_may_self_throw, throw_in_possible
from referee.cards import UNKNOWN_CARD, Card, CardSet, Rank
from referee.moves import Attack, Defend, Move, ThrowIn, Transfer
from referee.rules import (
    DefenceMode,
    EndLoser,
    HandsPass,
    NextAttackerAfterTake,
    RefillMode,
    RefillOrder,
    TakeWhat,
    TrumpDynamics,
)
from referee.setup import start_bout
from referee.state import GameState, Hand, Phase, Stats, evolve


def settle(state: GameState) -> GameState:
    """Close the bout at once when nobody can add anything more (B9, B12)."""
    if state.phase is Phase.TAKING:
        if not throw_in_possible(state):
            return resolve_take(state)
    elif state.phase is Phase.DEFENCE and state.all_covered() and state.self_throw is None:
        if not throw_in_possible(state) and not defender_may_self_throw(state):
            if state.rules.face_down_with_challenge and any(p.face_down for p in state.table):
                return state  # `veryu_ne_veryu`: anyone may still doubt until "done" (§4.12.5)
            return resolve_success(state)
    return state


def _unseen_covers(state: GameState) -> int:
    """`veryu_ne_veryu`: face-down cards on the table that the table view does not know."""
    if not state.rules.face_down_with_challenge:
        return 0
    return sum(1 for p in state.table if p.cover == UNKNOWN_CARD)


def resolve_challenge(state: GameState, taker: int) -> GameState:
    """`veryu_ne_veryu` (§4.12.2-3): after "I doubt" the doubter (a correct beat) or the defender
    (a wrong one) takes every table card, and the bout ends at once. If the defender took, his
    left neighbour attacks next (B11); if the doubter took, the defender does (B12)."""
    cards = state.table_cards()
    hand = state.hands[taker]
    taken = len(cards) + _unseen_covers(state)
    new_hand = Hand(hand.count + taken, hand.known | cards, hand.seen | cards)
    hands = (*state.hands[:taker], new_hand, *state.hands[taker + 1 :])
    state = evolve(state, hands=hands)
    defender = state.defender
    following = state.next_in_game(defender) if taker == defender else defender
    return _end_bout(state, next_attacker=following)


def resolve_success(state: GameState) -> GameState:
    """B12: all covered and closed: the cards go to the discard; the defender attacks next."""
    rules = state.rules
    cards = state.table_cards()
    beaten = list(state.stats.beaten)
    figures = list(state.stats.figures)
    for pair in state.table:
        if pair.covered_by >= 0:
            beaten[pair.covered_by] += 1
            if pair.attack.rank is not None and pair.attack.rank >= Rank.TEN:
                figures[pair.covered_by] += 1
    successes = state.successes + 1
    state = evolve(
        state,
        successes=successes,
        stats=Stats(tuple(beaten), tuple(figures), state.stats.pogony),
    )
    if (
        rules.trump_dynamics is TrumpDynamics.SWAP_LAST_CARD_AFTER_SUCCESS
        and state.indicator_in_stock()
        and state.last_defence is not None
    ):
        state, cards = _swap_trump(state, state.last_defence, cards)
    if rules.recycle_every is not None and successes % rules.recycle_every == 0:
        state = _recycle(state, cards)
    else:
        state = evolve(state, discard=state.discard | cards)
    if state.reserves:
        state = _unlock_reserve(state, state.defender)
    return _end_bout(state, next_attacker=state.defender)


def _swap_trump(state: GameState, new: Card, cards: CardSet) -> tuple[GameState, CardSet]:
    """`trumps_changing`: the last card played becomes the trump card; the old one is discarded."""
    old = state.trump_card
    assert old is not None
    stock = (*state.stock[:-1], new) if state.full_info else state.stock
    state = evolve(state, trump_card=new, trump_suit=new.suit, stock=stock)
    return state, cards.remove(new).add(old)


def _recycle(state: GameState, cards: CardSet) -> GameState:
    """`fool_recycle`: the bout's cards are shuffled back into the stock, above the trump card."""
    keep_indicator = state.indicator_in_stock()
    if not keep_indicator:
        # §4.27.3: the trump card has been drawn (or dealt, B5), so the new stock has no trump
        # card under it; the trump suit stays.
        state = evolve(state, trump_card=None)
    if not state.full_info:
        return evolve(state, stock_count=state.stock_count + len(cards))
    rng = random.Random(state.seed * 7919 + state.successes)
    body = list(state.stock[:-1] if keep_indicator else state.stock) + sorted(cards)
    rng.shuffle(body)
    stock = tuple(body) + ((state.stock[-1],) if keep_indicator else ())
    return evolve(state, stock=stock, stock_count=len(stock))


def resolve_take(state: GameState) -> GameState:
    """B11: the defender picks up every table card; his left neighbour attacks next."""
    defender = state.defender
    cards = state.table_cards()
    if state.rules.defence_mode is DefenceMode.PARTIAL:
        # §4.20.10 (krugly): the beaten pairs go to the discard; he takes the unbeaten cards
        beaten = CardSet.of(
            c for p in state.table if p.cover is not None for c in (p.attack, p.cover)
        )
        cards = cards - beaten
        state = evolve(state, discard=state.discard | beaten)
    hand = state.hands[defender]
    taken = len(cards) + _unseen_covers(state)
    new_hand = Hand(hand.count + taken, hand.known | cards, hand.seen | cards)
    hands = (*state.hands[:defender], new_hand, *state.hands[defender + 1 :])
    state = evolve(state, hands=hands)
    if state.rules.take_what is TakeWhat.ALL_KEPT_FACE_UP_IN_FRONT:
        state = _lay_face_up(state, defender, cards)
    limit = state.rules.instant_loss_hand_size
    if limit is not None and new_hand.count >= limit:
        return evolve(
            state,
            table=(),
            phase=Phase.OVER,
            fool=defender,
            loser_by_hand_size=True,
            bouts=state.bouts + 1,
        )
    if state.rules.next_attacker_after_take is NextAttackerAfterTake.DEFENDER:
        return _end_bout(state, next_attacker=defender)  # §4.20.11 (krugly)
    return _end_bout(state, next_attacker=state.next_in_game(defender))


def refill_order(state: GameState) -> list[int]:
    """Who draws from the stock at the end of a bout, in order (B13, ``Rules.refill_order``)."""
    n = state.players
    order = [(state.attacker + i) % n for i in range(n)]
    order = [seat for seat in order if seat not in state.finished]
    if state.rules.refill_order is RefillOrder.DEFENDER_LAST and state.defender in order:
        order.remove(state.defender)
        order.append(state.defender)
    return order


def _refill(state: GameState, bouts_done: int) -> GameState:
    """B13: draw from the stock in order; the trump card comes last."""
    rules = state.rules
    if rules.refill_mode is RefillMode.NONE or state.stock_count == 0:
        return state
    hands = list(state.hands)
    stock = list(state.stock)
    left = state.stock_count
    indicator_visible = state.indicator_in_stock()
    for seat in refill_order(state):
        hand = hands[seat]
        if rules.refill_mode is RefillMode.ONLY_WHEN_EMPTY:
            target = rules.refill_n if hand.count == 0 else 0
        elif rules.refill_mode is RefillMode.PROGRESSIVE:
            target = bouts_done + 1
        else:
            target = rules.refill_n
        draw = min(max(0, target - hand.count), left)
        if draw == 0:
            continue
        left -= draw
        known, seen = hand.known, hand.seen
        if state.full_info:
            known = known.add(*stock[:draw])
            del stock[:draw]
        if left == 0 and indicator_visible and state.trump_card is not None:
            seen = seen.add(state.trump_card)
            known = known.add(state.trump_card)
        hands[seat] = Hand(hand.count + draw, known, seen)
        if left == 0:
            break
    trump_card = None if left == 0 and indicator_visible else state.trump_card
    return evolve(
        state, hands=tuple(hands), stock=tuple(stock), stock_count=left, trump_card=trump_card
    )


def _pass_hands(state: GameState) -> GameState:
    """`round_pass`: each player still in the game hands his cards to his left neighbour."""
    playing = [seat for seat in range(state.players) if seat not in state.finished]
    if len(playing) < 2:
        return state
    hands = list(state.hands)
    for i, seat in enumerate(playing):
        hands[playing[(i + 1) % len(playing)]] = state.hands[seat]
    return evolve(state, hands=tuple(hands))


def _end_bout(state: GameState, next_attacker: int) -> GameState:
    bouts = state.bouts + 1
    state = evolve(state, table=(), bouts=bouts)
    state = _refill(state, bouts)
    if state.reserves and state.stock_count == 0:
        state = _release_reserves(state)
    n = state.players
    finished = list(state.finished)
    before = state.finished
    if state.stock_count == 0:
        for i in range(n):
            seat = (state.attacker + i) % n
            if seat not in finished and state.hands[seat].count == 0:
                finished.append(seat)
    state = evolve(state, finished=tuple(finished))
    if state.stock_count == 0 and state.rules.end_loser is EndLoser.POKER_SHOWDOWN:
        holding = [seat for seat in range(n) if state.hands[seat].count > 0]
        if len(holding) >= 2:  # §4.32.3: the stock is gone and the bout is over
            return evolve(
                state,
                phase=Phase.SHOWDOWN,
                passed=frozenset(),
                last_defence=None,
                self_throw=None,
                face_up=(),
            )
    if state.rules.hands_pass is HandsPass.ROTATE_LEFT:
        state = _pass_hands(state)
    playing = [seat for seat in range(n) if seat not in finished]
    fool = playing[0] if playing else None
    if state.rules.dummy_cannot_lose:
        playing, fool = _without_dummy(state, playing, went_out=finished[len(before) :])
    if len(playing) <= 1:
        return evolve(
            state,
            phase=Phase.OVER,
            fool=fool,
            passed=frozenset(),
            last_defence=None,
            self_throw=None,
        )
    state = _note_repetition(start_bout(state, next_attacker))
    if state.is_over:
        return state
    if state.hidden_trump_pending and state.stock_count == 0:
        state = evolve(state, phase=Phase.REVEAL)
    return state


def _without_dummy(
    state: GameState, playing: list[int], went_out: list[int]
) -> tuple[list[int], int | None]:
    """`bolvan` (§4.38.9): the dummy is never the fool. The seats still playing that keep the
    game going (the dummy only when it attacks and defends), and the fool if it ends now: the
    last real player holding cards, or, when only the dummy holds cards, the real player who
    went out just before it (a draw when several went out at once [assumption])."""
    dummy = state.dummy_seat
    real = [seat for seat in playing if seat != dummy]
    if real:
        fool: int | None = real[0]
    else:
        out = [seat for seat in went_out if seat != dummy]
        fool = out[0] if len(out) == 1 else None
    if state.rules.dummy_may_attack_defend and dummy in playing and real:
        return playing, fool
    return real, fool


REPETITION_LIMIT = 3


def _note_repetition(state: GameState) -> GameState:
    """A draw when the same position starts a bout for the third time: the game cannot end
    (this happens in `boring`, where the highest card must be led). [assumption, README]

    The key is what the table shows, so the table view and full information agree: with the
    stock and discard pile unchanged, equal hand counts and equal seen cards mean that no unseen
    card was played in between, so the hands themselves are equal too."""
    key = hash(
        (
            state.attacker,
            state.finished,
            state.stock_count,
            state.discard.mask,
            tuple((h.count, h.seen.mask) for h in state.hands),
        )
    )
    if state.cycle_keys.count(key) + 1 >= REPETITION_LIMIT:
        return evolve(state, phase=Phase.OVER, fool=None, drawn_by_repetition=True, cycle_keys=())
    return evolve(state, cycle_keys=(*state.cycle_keys, key))


# --- `magadan`: the face-down reserves (§4.22) ------------------------------------------------


def _move_reserve(state: GameState, seat: int, take: int) -> GameState:
    """``take`` of ``seat``'s reserve cards go into his hand, unseen (the first ones by card
    order in full information: he picks face-down cards, so which does not matter)."""
    reserve = state.reserves[seat]
    take = min(take, reserve.count)
    if take == 0:
        return state
    moved = CardSet.of(sorted(reserve.known)[:take]) if state.full_info else CardSet()
    hand = state.hands[seat]
    hands = list(state.hands)
    hands[seat] = Hand(hand.count + take, hand.known | moved, hand.seen)
    reserves = list(state.reserves)
    reserves[seat] = Hand(reserve.count - take, reserve.known - moved, reserve.seen)
    return evolve(state, hands=tuple(hands), reserves=tuple(reserves))


def _unlock_reserve(state: GameState, defender: int) -> GameState:
    """§4.22.4: a successful defence makes one of the defender's reserve cards available; he
    takes it into his hand [assumption], before the refill (which counts hand cards, §4.22.7)."""
    return _move_reserve(state, defender, 1)


def _release_reserves(state: GameState) -> GameState:
    """§4.22.6: with the stock (trump card included) gone, every reserve card is available."""
    for seat in range(state.players):
        state = _move_reserve(state, seat, state.reserves[seat].count)
    return state


# --- `fool_five`: taken cards lie face up in front of the taker (§4.51.10) ----------------------


def _lay_face_up(state: GameState, seat: int, cards: CardSet) -> GameState:
    pile = state.face_up[seat] if state.face_up else CardSet()
    return set_face_up(state, seat, pile | cards)


def face_up_played(state: GameState, move: Move) -> GameState:
    """Cards played from the face-up pile leave it; the taker picks the rest up when he makes his
    next attack (§4.51.10 [assumption]). The pile stays part of his hand throughout."""
    player = move.player
    if player >= len(state.face_up) or not state.face_up[player]:
        return state
    pile = state.face_up[player]
    match move:
        case Attack():
            rest = CardSet()
        case ThrowIn(cards=cards) | Transfer(cards=cards):
            rest = pile.remove(*cards)
        case Defend(card=card):
            rest = pile.remove(card)
        case _:
            return state
    return set_face_up(state, player, rest)


def set_face_up(state: GameState, seat: int, pile: CardSet) -> GameState:
    face_up = list(state.face_up or (CardSet(),) * state.players)
    face_up[seat] = pile
    return evolve(state, face_up=tuple(face_up) if any(face_up) else ())
