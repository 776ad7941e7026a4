"""Starting a game: the deal, the trump and the first attacker (B3-B6).

``deal`` makes a full-information game from a seed (simulation and tests); ``table_game`` makes
the table view a camera referee starts from: it knows the trump card, not the hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from referee.cards import Card, CardSet, Rank, Suit, make_deck
from referee.errors import InvalidPosition
from referee.rules import (
    DealPattern,
    FirstAttacker,
    FirstAttackerTiebreak,
    JokerIndicator,
    LaterGames,
    Rules,
    TrumpDynamics,
    TrumpSource,
)
from referee.state import NO_SEAT, GameState, Hand, Phase, Stats, evolve


def deck_of(rules: Rules) -> tuple[Card, ...]:
    deck = make_deck(rules.deck_ranks, rules.deck_copies, rules.jokers, rules.blank_card)
    if rules.one_joker_removed:
        last = max(i for i, card in enumerate(deck) if card.is_joker)
        deck = deck[:last] + deck[last + 1 :]
    return deck


def for_players(rules: Rules, players: int) -> Rules:
    """The rules as a table of ``players`` plays them: `shield` uses two decks from 5 players."""
    if rules.two_decks_from is None:
        return rules
    return replace(rules, deck_copies=2 if players >= rules.two_decks_from else 1)


def dummy_seat_of(rules: Rules, players: int, dealer: int) -> int:
    """`bolvan`: the dummy sits at the dealer's right, so it is dealt last (§4.38.1)."""
    return (dealer - 1) % players if rules.dummy else NO_SEAT


def check_player_count(rules: Rules, players: int) -> None:
    """The variant is played by ``players`` players (every engine's deal and table view)."""
    if not rules.min_players <= players <= rules.max_players:
        raise InvalidPosition(
            f"{rules.variant} is played by {rules.min_players}-{rules.max_players} players, "
            f"not {players}"
        )


def check_dealer(players: int, dealer: int) -> None:
    """The dealer's seat is at a table of ``players``."""
    if not 0 <= dealer < players:
        raise InvalidPosition(f"dealer seat {dealer} does not exist")


def shuffled(deck: Sequence[Card], seed: int | str, order: Sequence[Card] | None) -> list[Card]:
    """``deck`` in play order, top card first: shuffled from ``seed``, or ``order`` (which must
    hold the same cards, each once)."""
    if order is None:
        cards = list(deck)
        random.Random(seed).shuffle(cards)
        return cards
    if sorted(order) != sorted(deck) or len(set(order)) != len(order):
        raise InvalidPosition("the deck order given is not this variant's deck")
    return list(order)


def _check_players(rules: Rules, players: int) -> None:
    check_player_count(rules, players)
    per_seat = rules.hand_size + rules.reserve_facedown
    if not rules.deals_whole_deck and players * per_seat > len(deck_of(rules)):
        reserve = f" and reserves of {rules.reserve_facedown}" if rules.reserve_facedown else ""
        raise InvalidPosition(
            f"{players} hands of {rules.hand_size}{reserve} do not fit in the "
            f"{len(deck_of(rules))}-card deck"
        )


def _empty_stats(players: int) -> Stats:
    zeros = (0,) * players
    return Stats(zeros, zeros, zeros)


_TURNED_FROM_STOCK = (
    TrumpSource.STOCK_BOTTOM,
    TrumpSource.ANNOUNCED_HIDDEN,
    TrumpSource.SHOWN_THEN_REINSERTED,
)
"""Trump sources that turn a card of the stock left after the deal (B5, §4.25, §4.45)."""

TRUMP_CARD_SOURCES = (
    TrumpSource.STOCK_BOTTOM,
    TrumpSource.LAST_DEALT,
    TrumpSource.SHOWN_THEN_REINSERTED,
)
"""Trump sources whose trump card lies face up on the table: the table view needs it."""


def deal(
    rules: Rules,
    players: int,
    seed: int,
    *,
    dealer: int = 0,
    previous_fool: int | None = None,
    order: Sequence[Card] | None = None,
) -> GameState:
    """A full-information game: shuffle (or use ``order``, top card first) and deal (B4, B5)."""
    rules = for_players(rules, players)
    _check_players(rules, players)
    check_dealer(players, dealer)
    deck = shuffled(deck_of(rules), seed, order)
    first = 0 if rules.dealer_outsider else (dealer + 1) % players
    hands: list[list[Card]] = [[] for _ in range(players)]
    per_hand = len(deck) if rules.deals_whole_deck else rules.hand_size
    last_receiver = first
    dealt = 0
    if rules.deal_pattern is DealPattern.THREE_THEN_TWO and not rules.deals_whole_deck:
        # §4.51.3: three cards to each player, then two each (packets, clockwise)
        for packet in (min(3, per_hand), max(0, per_hand - 3)):
            for i in range(players):
                last_receiver = (first + i) % players
                hands[last_receiver].extend(deck[:packet])
                del deck[:packet]
        dealt = per_hand * players
    while deck and (rules.deals_whole_deck or dealt < per_hand * players):
        last_receiver = (first + dealt) % players
        hands[last_receiver].append(deck.pop(0))
        dealt += 1
    reserves: list[list[Card]] = [[] for _ in range(players)]
    for i in range(players * rules.reserve_facedown):
        reserves[(first + i) % players].append(deck.pop(0))  # §4.22.1: face down, one at a time
    stock = deck
    trump_card: Card | None = None
    trump: Suit | None = None
    out_of_play = CardSet()
    hidden: Card | None = None
    source = rules.trump_source
    if source in _TURNED_FROM_STOCK and not stock:
        source = TrumpSource.LAST_DEALT  # B5: the deal used up the deck
    trump_joker: Card | None = None
    if source is TrumpSource.STOCK_BOTTOM:
        trump_card = _turn_indicator(rules, stock)
        stock.append(trump_card)
        trump = trump_card.suit if trump_card.is_normal else None
        if trump_card.is_joker and rules.joker_indicator is JokerIndicator.COLOUR_TRUMP:
            trump_joker = trump_card
        if rules.trump_dynamics is TrumpDynamics.HIDDEN_SECOND_TRUMP and len(stock) > 1:
            hidden = stock.pop(0)
    elif source is TrumpSource.LAST_DEALT:
        normal = [c for c in hands[last_receiver] if c.is_normal]
        trump_card = normal[-1] if normal else None
        trump = trump_card.suit if trump_card else None
    elif source is TrumpSource.FIXED:
        trump = rules.fixed_trump
    elif source is TrumpSource.ANNOUNCED_HIDDEN:
        bottom = next((c for c in reversed(stock) if c.is_normal), None)
        trump = bottom.suit if bottom else None
    elif source is TrumpSource.SHOWN_THEN_REINSERTED:
        trump_card = next((c for c in stock if c.is_normal), None)
        trump = trump_card.suit if trump_card else None
    if rules.stock_discarded:
        out_of_play = CardSet.of(stock)
        stock = []
    state = GameState(
        rules=rules,
        full_info=True,
        hands=tuple(
            Hand(len(h), CardSet.of(h), CardSet.of([trump_card]) if trump_card in h else CardSet())
            for h in hands
        ),
        stock=tuple(stock),
        stock_count=len(stock),
        trump_card=trump_card,
        trump_suit=trump,
        out_of_play=out_of_play,
        dealer=dealer,
        hidden_trump=hidden,
        hidden_trump_pending=hidden is not None,
        stats=_empty_stats(players),
        seed=seed,
        dummy_seat=dummy_seat_of(rules, players, dealer),
        trump_joker=trump_joker,
        reserves=tuple(Hand(len(r), CardSet.of(r)) for r in reserves)
        if rules.reserve_facedown
        else (),
    )
    lot = random.Random(seed + 1_000_003)  # drawing lots: the same with or without ``order``
    attacker = first_attacker(state, lot, previous_fool)
    return start_bout(state, attacker)


def _turn_indicator(rules: Rules, stock: list[Card]) -> Card:
    """Take the top stock card as the trump card; a turned joker goes back into the stock."""
    card = stock.pop(0)
    while card.is_joker and rules.joker_indicator is JokerIndicator.REINSERT and stock:
        stock.insert(len(stock) // 2, card)
        card = stock.pop(0)
    return card


def first_attacker(state: GameState, rng: random.Random, previous_fool: int | None) -> int:
    """B6: who leads the first bout of this game (full information)."""
    rules = state.rules
    n = state.players
    # `bolvan`: the dummy takes no part in finding the first attacker (§4.38.3)
    dummy = state.dummy_seat if not rules.dummy_may_attack_defend else NO_SEAT
    if previous_fool is not None:
        steps = {LaterGames.UNDER_FOOL: -1, LaterGames.FROM_UNDER_FOOL: 1}
        if rules.later_games in steps:
            step = steps[rules.later_games]
            under = (previous_fool + step) % n
            return (under + step) % n if under == dummy else under
    if rules.first_attacker is FirstAttacker.LEFT_OF_DEALER or (
        previous_fool is not None and rules.later_games is LaterGames.LEFT_OF_DEALER
    ):
        return 0 if rules.dealer_outsider else (state.dealer + 1) % n
    trump = state.trump_suit
    if rules.first_attacker is FirstAttacker.LOWEST_TRUMP and (
        rules.trump_source is TrumpSource.PERSONAL_PER_PLAYER or state.trump_joker is not None
    ):
        seat = _lowest_own_trump(state, rng)
        if seat is not None:
            return seat
    elif rules.first_attacker is FirstAttacker.LOWEST_TRUMP and trump is not None:
        keyed = {
            seat: sorted(c.rank for c in h.known if c.is_normal and c.suit == trump and c.rank)
            for seat, h in enumerate(state.hands)
            if seat != dummy
        }
        holders = [seat for seat, ranks in keyed.items() if ranks]
        if holders and rules.first_attacker_tiebreak is FirstAttackerTiebreak.NEXT_TRUMP_THEN_JOKER:
            return _next_trump_then_joker(state, keyed, holders, rng)
        if holders:
            best = min(keyed[s] for s in holders)
            tied = [s for s in holders if keyed[s] == best]
            return tied[0] if len(tied) == 1 else rng.choice(tied)
    lows = {
        seat: min((c.rank for c in h.known if c.is_normal and c.rank), default=99)
        for seat, h in enumerate(state.hands)
        if seat != dummy
    }
    best_low = min(lows.values())
    tied = [s for s, r in lows.items() if r == best_low]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def _next_trump_then_joker(
    state: GameState, keyed: dict[int, list[Rank]], holders: list[int], rng: random.Random
) -> int:
    """`shield` (§4.47.6): with two decks two players may hold the same lowest trump; their next
    trumps decide, as far as both have one; then the player holding a joker; then the lot."""
    tied = holders
    for i in range(max(len(keyed[s]) for s in holders)):
        if any(len(keyed[s]) <= i for s in tied):
            break
        best = min(keyed[s][i] for s in tied)
        tied = [s for s in tied if keyed[s][i] == best]
        if len(tied) == 1:
            return tied[0]
    jokers = [s for s in tied if any(c.is_joker for c in state.hands[s].known)]
    if jokers:
        tied = jokers
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def personal_trump_cards(state: GameState) -> tuple[Card, ...]:
    """`fool_personal_trumps` (full information): the cards the dealer turns from the top of the
    stock, by seat (seat A first); he hands them out clockwise from his left (§4.13.3)."""
    if state.personal_trumps:
        return state.personal_trumps
    n = state.players
    first = (state.dealer + 1) % n
    return tuple(state.stock[(seat - first) % n] for seat in range(n))


def trump_suits_of(state: GameState, seat: int) -> frozenset[Suit]:
    """The suits that are trumps for ``seat``: his personal trump (§4.13), the colour of a
    trump joker (§4.40.4), or the trump suit."""
    if state.rules.trump_source is TrumpSource.PERSONAL_PER_PLAYER:
        suit = personal_trump_cards(state)[seat].suit
        return frozenset() if suit is None else frozenset({suit})
    if state.trump_joker is not None:
        red = state.trump_joker.is_red
        return frozenset(s for s in Suit if s.is_red == red)
    return frozenset() if state.trump_suit is None else frozenset({state.trump_suit})


def _lowest_own_trump(state: GameState, rng: random.Random) -> int | None:
    """B6 with personal (§4.13.6) or colour (§4.40.7) trumps: the lowest rank among each
    seat's trumps; ties by lot."""
    lows: dict[int, int] = {}
    for seat, hand in enumerate(state.hands):
        suits = trump_suits_of(state, seat)
        ranks = [c.rank for c in hand.known if c.suit in suits and c.rank is not None]
        if ranks:
            lows[seat] = min(ranks)
    if not lows:
        return None
    best = min(lows.values())
    tied = [s for s, r in lows.items() if r == best]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def start_bout(state: GameState, attacker: int) -> GameState:
    """A new bout led by ``attacker`` (or the next seat in the game if he is out)."""
    if attacker != NO_SEAT and not state.in_game(attacker):
        attacker = state.next_in_game(attacker)
    defender = NO_SEAT if attacker == NO_SEAT else state.next_in_game(attacker)
    quota = 0 if defender == NO_SEAT else state.hands[defender].count
    return evolve(
        state,
        table=(),
        phase=Phase.ATTACK,
        attacker=attacker,
        defender=defender,
        defender_quota=quota,
        covered_at_handover=0,
        passed=frozenset(),
        last_defence=None,
        self_throw=None,
        exchanged=False,
        throw_barred=frozenset(),
        ticket_rank=None,
    )


def table_game(
    rules: Rules,
    players: int,
    *,
    trump_card: Card | None = None,
    trump_suit: Suit | None = None,
    dealer: int = 0,
    first_attacker_seat: int | None = None,
) -> GameState:
    """The table view at the start of a game: counts after the deal, the trump card, no hands."""
    rules = for_players(rules, players)
    _check_players(rules, players)
    deck = deck_of(rules)
    first = 0 if rules.dealer_outsider else (dealer + 1) % players
    if rules.deals_whole_deck:
        base, extra = divmod(len(deck), players)
        counts = [base + (1 if (seat - first) % players < extra else 0) for seat in range(players)]
    else:
        counts = [rules.hand_size] * players
    reserved = players * rules.reserve_facedown
    stock_count = (
        0
        if (rules.deals_whole_deck or rules.stock_discarded)
        else len(deck) - sum(counts) - reserved
    )
    hidden_pending = rules.trump_dynamics is TrumpDynamics.HIDDEN_SECOND_TRUMP and stock_count > 1
    if hidden_pending:
        stock_count -= 1
    source = rules.trump_source
    if source in _TURNED_FROM_STOCK and len(deck) == sum(counts):
        source = TrumpSource.LAST_DEALT  # B5: the deal used up the deck
    if source is TrumpSource.PERSONAL_PER_PLAYER:
        trump_card = None  # §4.13.3: no card under the stock; the dealer turns one per seat
    if source in TRUMP_CARD_SOURCES and trump_card is None:
        raise InvalidPosition(f"{rules.variant}: the trump card seen on the table is needed")
    if trump_card is not None and trump_card not in CardSet.of(deck):
        raise InvalidPosition(f"trump card {trump_card} is not in this game's deck")
    hands = [Hand(c) for c in counts]
    out_of_play = CardSet()
    suit: Suit | None
    if source is TrumpSource.FIXED:
        suit = rules.fixed_trump
    elif source is TrumpSource.NONE:
        suit = None
    elif source is TrumpSource.ANNOUNCED_HIDDEN:
        if trump_suit is None:
            raise InvalidPosition(f"{rules.variant}: the announced trump suit must be entered")
        suit = trump_suit
    elif source is TrumpSource.PERSONAL_PER_PLAYER:
        suit = None
    else:
        assert trump_card is not None
        suit = trump_card.suit if trump_card.is_normal else None
        if trump_card.is_joker and rules.joker_indicator is JokerIndicator.REINSERT:
            raise InvalidPosition("a joker turned as the trump card goes back into the stock")
        if source is TrumpSource.LAST_DEALT:
            last = (first + sum(counts) - 1) % players
            shown = CardSet.of([trump_card])
            hands[last] = Hand(counts[last], shown, shown)
        elif source is TrumpSource.SHOWN_THEN_REINSERTED:
            out_of_play = CardSet.of([trump_card])
    if first_attacker_seat is not None and not 0 <= first_attacker_seat < players:
        raise InvalidPosition(f"first attacker seat {first_attacker_seat} does not exist")
    if (
        first_attacker_seat is not None
        and first_attacker_seat == dummy_seat_of(rules, players, dealer)
        and not rules.dummy_may_attack_defend
    ):
        raise InvalidPosition("the dummy never attacks (§4.38.5)")
    state = GameState(
        rules=rules,
        full_info=False,
        hands=tuple(hands),
        stock_count=stock_count,
        trump_card=trump_card if source is not TrumpSource.FIXED else None,
        trump_suit=suit,
        out_of_play=out_of_play,
        dealer=dealer,
        hidden_trump_pending=hidden_pending,
        stats=_empty_stats(players),
        dummy_seat=dummy_seat_of(rules, players, dealer),
        trump_joker=trump_card
        if trump_card is not None
        and trump_card.is_joker
        and rules.joker_indicator is JokerIndicator.COLOUR_TRUMP
        else None,
        reserves=tuple(Hand(rules.reserve_facedown) for _ in range(players))
        if rules.reserve_facedown
        else (),
    )
    attacker = NO_SEAT
    if first_attacker_seat is not None:
        attacker = first_attacker_seat
    elif rules.first_attacker is FirstAttacker.LEFT_OF_DEALER:
        attacker = first
    return start_bout(state, attacker)


def start_from_hands(
    rules: Rules,
    hands: Sequence[Hand],
    *,
    trump_suit: Suit | None,
    trump_card: Card | None = None,
    first_attacker_seat: int | None = None,
    full_info: bool = True,
    dealer: int = 0,
    seed: int = 0,
    discard: CardSet | None = None,
    out_of_play: CardSet | None = None,
    previous_fool: int | None = None,
) -> GameState:
    """A Durak game that starts from hands formed some other way: the collection phase of a
    two-phase game (§5.1 F5) hands over its hands and trump. There is no stock; a player
    without cards is out at once (§4.23.10), and with one player left holding cards the game is
    already over. The first attacker is ``first_attacker_seat``, else B6 from the hands (full
    information), else not known yet (the table view: the first lead shows it)."""
    players = len(hands)
    if not rules.min_players <= players <= rules.max_players:
        raise InvalidPosition(
            f"{rules.variant} is played by {rules.min_players}-{rules.max_players} players"
        )
    state = GameState(
        rules=rules,
        full_info=full_info,
        hands=tuple(hands),
        stock_count=0,
        trump_card=trump_card,
        trump_suit=trump_suit,
        discard=discard if discard is not None else CardSet(),
        out_of_play=out_of_play if out_of_play is not None else CardSet(),
        dealer=dealer,
        finished=tuple(seat for seat in range(players) if hands[seat].count == 0),
        stats=_empty_stats(players),
        seed=seed,
    )
    playing = [seat for seat in range(players) if seat not in state.finished]
    if len(playing) <= 1:
        return evolve(state, phase=Phase.OVER, fool=playing[0] if playing else None)
    attacker = first_attacker_seat
    if attacker is None:
        lot = random.Random(seed + 1_000_003)
        attacker = first_attacker(state, lot, previous_fool) if full_info else NO_SEAT
    return start_bout(state, attacker)
