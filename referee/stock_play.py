"""Judging and making the stock and trump-card moves of :mod:`referee.stock_moves`.

The engine imports this module last; it registers each move with
:func:`referee.engine.register_move`. In the table view the face-down cards of these moves are
not seen: the verdict lists them as "cannot check", and the hand loses track of the cards that
may have left it.
"""

from __future__ import annotations

from referee.cards import Card, CardSet
from referee.engine import (
    _deck_set,
    _Judgement,
    _seen_elsewhere,
    _take_cards,
    _v,
    register_move,
)
from referee.moves import seat_letter
from referee.resolution import set_face_up
from referee.rules import TrumpSource
from referee.setup import personal_trump_cards
from referee.showdown import ShowHand
from referee.state import NO_SEAT, GameState, Hand, Phase, evolve
from referee.stock_moves import (
    StockSwap,
    TrumpExchange,
    TurnTrumps,
    exchange_blocker,
    swap_blocker,
)
from referee.verdicts import Code


def _set_hand(state: GameState, seat: int, hand: Hand) -> tuple[Hand, ...]:
    return (*state.hands[:seat], hand, *state.hands[seat + 1 :])


# --- `fool_personal_trumps`: the dealer turns the personal trump cards (§4.13.3) ---------------


def _trumps_wrong(j: _Judgement, move: TurnTrumps, why: str, why_ru: str) -> None:
    cards = "+".join(map(str, move.trumps))
    j.violation = _v(Code.PERSONAL_TRUMPS_WRONG, "§4.13.3", cards=cards, why=why, why_ru=why_ru)


def _check_turn_trumps(state: GameState, move: TurnTrumps, j: _Judgement) -> None:
    if state.rules.trump_source is not TrumpSource.PERSONAL_PER_PLAYER:
        _trumps_wrong(j, move, "this variant has no personal trumps", "личных козырей нет")
        return
    if state.personal_trumps:
        _trumps_wrong(j, move, "they are already turned", "они уже открыты")
        return
    if move.player != state.dealer:
        j.violation = _v(
            Code.OUT_OF_TURN,
            "§4.13.3",
            who=seat_letter(move.player),
            why=f"the dealer {seat_letter(state.dealer)} turns them",
            why_ru=f"их открывает сдающий {seat_letter(state.dealer)}",
        )
        return
    n = state.players
    if len(move.trumps) != n:
        _trumps_wrong(j, move, f"one card for each of {n} players", f"по одной на {n} игроков")
        return
    if state.stock_count < n:
        _trumps_wrong(j, move, "the stock is too small", "в колоде мало карт")
        return
    if state.full_info:
        expected = personal_trump_cards(state)
        if [c.face for c in move.trumps] != [c.face for c in expected]:
            shown = "+".join(map(str, expected))
            _trumps_wrong(
                j,
                move,
                f"the top cards of the stock, seat A first, are {shown}",
                f"верхние карты колоды (начиная с A): {shown}",
            )
            return
        j.move = TurnTrumps(move.player, expected)
        return
    used: set[Card] = set()
    resolved: list[Card] = []
    deck = _deck_set(state)
    for card in move.trumps:
        options = (card,) if state.rules.deck_copies == 1 else (card, card.with_copy(1 - card.copy))
        chosen = next(
            (
                c
                for c in options
                if c in deck and c not in used and _seen_elsewhere(state, c, NO_SEAT) is None
            ),
            None,
        )
        if chosen is None:
            _trumps_wrong(j, move, f"{card} is not in the stock", f"карты {card} нет в колоде")
            return
        used.add(chosen)
        resolved.append(chosen)
    j.move = TurnTrumps(move.player, tuple(resolved))


def _play_turn_trumps(state: GameState, move: TurnTrumps) -> GameState:
    n = len(move.trumps)
    return evolve(
        state,
        personal_trumps=move.trumps,
        out_of_play=state.out_of_play.add(*move.trumps),
        stock=state.stock[n:] if state.full_info else state.stock,
        stock_count=state.stock_count - n,
    )


# --- `pokerny`: two hand cards for the top two stock cards (§4.32.1-2) ---------------------------


def _check_swap(state: GameState, move: StockSwap, j: _Judgement) -> None:
    blocker = swap_blocker(state, move.player)
    if blocker is not None:
        j.violation = _v(Code.EXCHANGE_NOT_ALLOWED, "§4.32.1", why=blocker[0], why_ru=blocker[1])
        return
    if not move.given:
        if state.full_info:
            j.violation = _v(
                Code.EXCHANGE_NOT_ALLOWED,
                "§4.32.1",
                why="name the two cards he gives",
                why_ru="нужно назвать две отдаваемые карты",
            )
            return
    else:
        given = _take_cards(state, j, move.player, move.given)
        if j.violation is not None:
            return
        j.move = StockSwap(move.player, given)
    if not state.full_info:
        j.cannot_check(
            "the exchange is face down (§4.32.2): which cards were swapped is not seen",
            "обмен идёт рубашкой вверх (§4.32.2): какие карты обменяны, не видно",
        )


def _play_swap(state: GameState, move: StockSwap) -> GameState:
    seat = move.player
    hand = state.hands[seat]
    given = CardSet.of(move.given)
    if state.full_info:
        drawn = state.stock[:2]
        body = state.stock[2:]
        if state.indicator_in_stock():
            stock = (*body[:-1], *move.given, body[-1])
        else:
            stock = (*body, *move.given)
        new = Hand(hand.count, (hand.known - given).add(*drawn), hand.seen - given)
        state = evolve(state, stock=stock)
    elif move.given:
        new = Hand(hand.count, hand.known - given, hand.seen - given)
    else:
        new = Hand(hand.count)  # any of his known cards may have gone under the stock
    return evolve(state, hands=_set_hand(state, seat, new), exchanged=True)


# --- `fool_five`: the trump-card exchange before a turn (§4.51.12) -----------------------------


def _exchange_not_allowed(j: _Judgement, why: str, why_ru: str) -> None:
    j.violation = _v(Code.EXCHANGE_NOT_ALLOWED, "§4.51.12", why=why, why_ru=why_ru)


def _check_exchange(state: GameState, move: TrumpExchange, j: _Judgement) -> None:
    blocker = exchange_blocker(state, move.player)
    if blocker is not None:
        _exchange_not_allowed(j, *blocker)
        return
    if move.other is None and state.full_info:
        _exchange_not_allowed(
            j, "name the card he puts under the stock", "нужно назвать карту под колоду"
        )
        return
    cards = (move.indicator,) if move.other is None else (move.indicator, move.other)
    resolved = _take_cards(state, j, move.player, cards)
    if j.violation is not None:
        return
    indicator = resolved[0]
    other = resolved[1] if len(resolved) > 1 else None
    j.move = TrumpExchange(move.player, indicator, other)
    if indicator.suit is None or indicator.suit != state.trump_suit:
        _exchange_not_allowed(
            j,
            f"the new trump card {indicator} must be of the trump suit [assumption §4.51.12]",
            f"новый козырь {indicator} должен быть козырной масти",
        )
        return
    if not state.full_info:
        j.cannot_check(
            "the card put under the stock and the card taken from it are face down (§4.51.12)",
            "карта под колоду и карта из-под колоды закрыты (§4.51.12)",
        )


def _play_exchange(state: GameState, move: TrumpExchange) -> GameState:
    seat = move.player
    hand = state.hands[seat]
    old = state.trump_card
    assert old is not None
    gone = CardSet.of([move.indicator] if move.other is None else [move.indicator, move.other])
    if state.full_info:
        assert move.other is not None
        bottom = state.stock[-2]
        stock = (*state.stock[:-2], move.other, move.indicator)
        new = Hand(hand.count, (hand.known - gone).add(old, bottom), (hand.seen - gone).add(old))
        state = evolve(state, stock=stock)
    elif move.other is not None:
        new = Hand(hand.count, (hand.known - gone).add(old), (hand.seen - gone).add(old))
    else:
        shown = CardSet.of([old])  # the card that went face down may be any of his known ones
        new = Hand(hand.count, shown, shown)
    state = evolve(
        state,
        hands=_set_hand(state, seat, new),
        trump_card=move.indicator,
        exchanged=True,
    )
    if state.face_up and state.face_up[seat]:
        state = set_face_up(state, seat, state.face_up[seat] - gone)
    return state


# --- `pokerny`'s optional showdown: the hands are laid face up (§4.32.3) -----------------------


def _show_not_allowed(j: _Judgement, why: str, why_ru: str) -> None:
    j.violation = _v(Code.SHOW_NOT_ALLOWED, "§4.32.3", why=why, why_ru=why_ru)


def _check_show(state: GameState, move: ShowHand, j: _Judgement) -> None:
    if state.phase is not Phase.SHOWDOWN:
        _show_not_allowed(j, "there is no showdown now", "сейчас нет вскрытия")
        return
    hand = state.hands[move.player]
    if hand.count == 0:
        _show_not_allowed(j, "he holds no cards", "у него нет карт")
        return
    if state.face_up and state.face_up[move.player]:
        _show_not_allowed(j, "he has already shown his hand", "он уже показал карты")
        return
    shown = CardSet.of(move.shown)
    if len(shown) != hand.count:
        _show_not_allowed(
            j,
            f"he holds {hand.count} cards and shows them all",
            f"у него {hand.count} карт, показать нужно все",
        )
        return
    missing = hand.known - shown
    if missing:
        _show_not_allowed(
            j,
            f"his hand holds {' '.join(map(str, missing))}",
            f"у него в руке {' '.join(map(str, missing))}",
        )
        return
    for card in shown - hand.known:
        if card not in _deck_set(state):
            j.violation = _v(Code.CARD_NOT_IN_DECK, "B1", card=card)
            return
        elsewhere = _seen_elsewhere(state, card, move.player)
        if elsewhere is not None:
            j.violation = elsewhere
            return


def _play_show(state: GameState, move: ShowHand) -> GameState:
    seat = move.player
    shown = CardSet.of(move.shown)
    state = evolve(state, hands=_set_hand(state, seat, Hand(len(shown), shown, shown)))
    state = set_face_up(state, seat, shown)
    waiting = [
        s
        for s, h in enumerate(state.hands)
        if h.count > 0 and not (state.face_up and state.face_up[s])
    ]
    if not waiting:
        return evolve(state, phase=Phase.OVER, fool=None)
    return state


register_move(ShowHand, _check_show, _play_show)
register_move(TurnTrumps, _check_turn_trumps, _play_turn_trumps)
register_move(StockSwap, _check_swap, _play_swap)
register_move(TrumpExchange, _check_exchange, _play_exchange)
