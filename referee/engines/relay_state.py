"""The relay family's state, deal and table view, outcome and description (VARIANTS.md §4.9,
§4.16, §4.33, §4.46); the moves themselves are judged and made in :mod:`referee.engines.relay`.

One state serves all four games. ``pile`` is the relay stack (bottom first): the cards of a bout
that travel round the circle (`chinese`, `bez_nazvaniya`, `chukchi_2`) or `polsky`'s centre pile
above its face-up trump card. ``stock`` is `chinese`'s stock (next card to draw first) or
`polsky`'s face-down spread (a set, in card order: a player may turn any of its cards).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, fields
from enum import Enum
from operator import attrgetter

from referee.cards import Card, CardSet, Rank, Suit, make_deck
from referee.errors import InvalidPosition
from referee.moves import seat_letter
from referee.outcome import Outcome
from referee.rules import (
    BoutStructure,
    EndLoser,
    FirstAttacker,
    LaterGames,
    RankOrder,
    Rules,
    TrumpSource,
)
from referee.setup import check_dealer, check_player_count, shuffled
from referee.state import NO_SEAT, Hand


class RelayPhase(Enum):
    LEAD = "lead"  # ``turn`` must lead a card onto the (empty) stack or the centre pile
    BEAT = "beat"  # ``turn`` must beat the top card, or fail
    OVER = "over"


@dataclass(frozen=True, slots=True)
class RelayState:
    rules: Rules
    full_info: bool
    hands: tuple[Hand, ...]
    stock: tuple[Card, ...]
    """Full information: `chinese`'s stock (next card first) or `polsky`'s spread."""
    stock_count: int
    trump_card: Card | None
    """`bez_nazvaniya`: the last card dealt (shown, then in its receiver's hand); `polsky`: the
    face-up card in the centre, under the pile, never taken."""
    trump_suit: Suit | None
    discard: CardSet
    pile: tuple[Card, ...]
    """The relay stack or centre pile, bottom first (`polsky`: above the trump card)."""
    placed_by: tuple[int, ...]
    phase: RelayPhase
    turn: int
    """Who must lead (LEAD) or beat the top card (BEAT); NO_SEAT before an unknown first lead."""
    leader: int
    """Who led the current bout (the refill starts with him, §4.16.8)."""
    dealer: int
    finished: tuple[int, ...]
    """Seats that are out, in the order they went out (B14)."""
    first_out: tuple[int, ...]
    """The seat(s) that went out first (`polsky`'s winner, §4.33.6)."""
    bouts: int
    """Bouts finished; a bout ends whenever a new lead is due."""
    seed: int
    fool: int | None = None
    drawn: str = ""
    """Why a game ended without a fool before everyone ran out: "repetition" or "locked"."""
    cycle_keys: tuple[int, ...] = ()
    """Positions seen at bout starts (for the repetition draw)."""
    nine_claim: int = NO_SEAT
    """Table view of `bez_nazvaniya`: the first leader, taken to hold 9D until it shows."""

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        return self.phase is RelayPhase.OVER

    @property
    def attacker(self) -> int:
        """The bout's leader, or who is to lead now."""
        return self.turn if self.phase is RelayPhase.LEAD else self.leader

    @property
    def defender(self) -> int:
        """Who must beat the top card now (NO_SEAT when a lead is due)."""
        return self.turn if self.phase is RelayPhase.BEAT else NO_SEAT

    @property
    def top(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    def in_game(self, seat: int) -> bool:
        return seat not in self.finished

    def next_in_game(self, seat: int) -> int:
        """The next seat clockwise that is still in the game (``seat`` itself if none)."""
        n = self.players
        for step in range(1, n + 1):
            other = (seat + step) % n
            if other not in self.finished:
                return other
        return seat

    def seen_cards(self) -> CardSet:
        """Every card the table shows or has seen go into a hand, and the pile and discard."""
        seen = self.discard | CardSet.of(self.pile)
        for hand in self.hands:
            seen = seen | hand.known
        return seen


_FIELDS = tuple(f.name for f in fields(RelayState))
_INDEX = {name: i for i, name in enumerate(_FIELDS)}
_read_all = attrgetter(*_FIELDS)


def evolve(state: RelayState, **changes: object) -> RelayState:
    """``dataclasses.replace`` for RelayState, without its per-call overhead."""
    values = list(_read_all(state))
    for name, value in changes.items():
        values[_INDEX[name]] = value
    return RelayState(*values)


# --- the rank order and the rules' shape ---------------------------------------------------------


def rank_key(rules: Rules, rank: Rank) -> float:
    """A rank's strength: `chinese` puts the ten between the King and the Ace (§4.16.1)."""
    if rules.rank_order is RankOrder.TEN_BELOW_ACE and rank == Rank.TEN:
        return 13.5
    return float(rank)


def ranks_in_order(rules: Rules) -> tuple[Rank, ...]:
    lowest = {32: 7, 36: 6, 52: 2}[rules.deck_ranks]
    return tuple(sorted((Rank(r) for r in range(lowest, 15)), key=lambda r: rank_key(rules, r)))


def is_centre_pile(rules: Rules) -> bool:
    """`polsky`: no deal, a face-down spread and one centre pile (§4.33)."""
    return rules.bout_structure is BoutStructure.CENTRE_PILE_RELAY


def deck_of(rules: Rules) -> tuple[Card, ...]:
    return make_deck(rules.deck_ranks)


def _check_players(rules: Rules, players: int, dealer: int) -> None:
    check_player_count(rules, players)
    check_dealer(players, dealer)
    if not is_centre_pile(rules) and not rules.deals_whole_deck:
        if players * rules.hand_size > len(deck_of(rules)):
            raise InvalidPosition(f"{players} hands of {rules.hand_size} do not fit in the deck")


# --- the deal (full information) -----------------------------------------------------------------


def deal(
    rules: Rules,
    players: int,
    seed: int,
    *,
    dealer: int = 0,
    previous_fool: int | None = None,
    order: Sequence[Card] | None = None,
) -> RelayState:
    """Shuffle (or use ``order``, top card first) and deal: 6 each (`chinese`), the whole deck
    one at a time (`bez_nazvaniya` §4.9.2, `chukchi_2` §4.46.1), or nothing (`polsky` §4.33.1)."""
    _check_players(rules, players, dealer)
    deck = shuffled(deck_of(rules), seed, order)
    first = (dealer + 1) % players
    hands: list[list[Card]] = [[] for _ in range(players)]
    trump_card: Card | None = None
    stock: list[Card]
    if is_centre_pile(rules):
        trump_card = deck.pop(0)  # laid face up in the centre; the rest is spread face down
        stock = sorted(deck)
    else:
        count = len(deck) if rules.deals_whole_deck else rules.hand_size * players
        for i in range(count):
            hands[(first + i) % players].append(deck.pop(0))
        stock = deck
        if rules.trump_source is TrumpSource.LAST_DEALT:
            trump_card = hands[(first + count - 1) % players][-1]
    trump = _trump_suit(rules, trump_card)
    shown = CardSet.of([trump_card]) if trump_card is not None else CardSet()
    state = RelayState(
        rules=rules,
        full_info=True,
        hands=tuple(Hand(len(h), CardSet.of(h), CardSet.of(h) & shown) for h in hands),
        stock=tuple(stock),
        stock_count=len(stock),
        trump_card=trump_card,
        trump_suit=trump,
        discard=CardSet(),
        pile=(),
        placed_by=(),
        phase=RelayPhase.LEAD,
        turn=NO_SEAT,
        leader=NO_SEAT,
        dealer=dealer,
        finished=(),
        first_out=(),
        bouts=0,
        seed=seed,
    )
    lot = random.Random(seed + 1_000_003)
    leader = first_leader(state, lot, previous_fool)
    return evolve(state, turn=leader, leader=leader)


def _trump_suit(rules: Rules, trump_card: Card | None) -> Suit | None:
    if rules.trump_source is TrumpSource.FIXED:
        return rules.fixed_trump
    if rules.trump_source is TrumpSource.NONE or trump_card is None:
        return None
    return trump_card.suit


def first_leader(state: RelayState, rng: random.Random, previous_fool: int | None) -> int:
    """Who leads the first relay (full information): B6, or the variant's own rule."""
    rules = state.rules
    n = state.players
    left_of_dealer = (state.dealer + 1) % n
    if previous_fool is not None:
        match rules.later_games:
            case LaterGames.UNDER_FOOL:
                return (previous_fool - 1) % n
            case LaterGames.FROM_UNDER_FOOL:
                return (previous_fool + 1) % n
            case LaterGames.LEFT_OF_DEALER:
                return left_of_dealer
    match rules.first_attacker:
        case FirstAttacker.LEFT_OF_DEALER:
            return left_of_dealer
        case FirstAttacker.HOLDER_OF_9D:
            nine = Card.parse("9d")
            return next(s for s, h in enumerate(state.hands) if nine in h.known)
    trump = state.trump_suit
    holders: dict[int, list[float]] = {}
    for seat, hand in enumerate(state.hands):
        keys = sorted(rank_key(rules, c.rank) for c in hand.known if c.suit == trump and c.rank)
        if keys:
            holders[seat] = keys
    if not holders:  # nobody holds a trump: the lowest card (B6 [assumption])
        for seat, hand in enumerate(state.hands):
            holders[seat] = [min(rank_key(rules, c.rank) for c in hand.known if c.rank)]
    best = min(holders.values())
    tied = [s for s, keys in holders.items() if keys == best]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


# --- the table view ------------------------------------------------------------------------------


def table_game(
    rules: Rules,
    players: int,
    *,
    trump_card: Card | None = None,
    trump_suit: Suit | None = None,
    dealer: int = 0,
    first_attacker_seat: int | None = None,
) -> RelayState:
    """What a camera knows at the start: hand counts, the trump card or suit, no hidden hands.

    The first leader is known when the rule names a seat (`chukchi_2`, `polsky`: the dealer's
    left); when it depends on a hidden hand (the lowest spade, 9D) it is ``first_attacker_seat``
    or, if that is not given, whoever leads (the verdict says it cannot check who should)."""
    _check_players(rules, players, dealer)
    deck = deck_of(rules)
    first = (dealer + 1) % players
    if trump_card is not None and trump_card not in CardSet.of(deck):
        raise InvalidPosition(f"trump card {trump_card} is not in this game's deck")
    if first_attacker_seat is not None and not 0 <= first_attacker_seat < players:
        raise InvalidPosition(f"first attacker seat {first_attacker_seat} does not exist")
    hands: list[Hand]
    if is_centre_pile(rules):
        hands = [Hand(0) for _ in range(players)]
        stock_count = len(deck) - 1
    elif rules.deals_whole_deck:
        base, extra = divmod(len(deck), players)
        hands = [Hand(base + (1 if (s - first) % players < extra else 0)) for s in range(players)]
        stock_count = 0
    else:
        hands = [Hand(rules.hand_size) for _ in range(players)]
        stock_count = len(deck) - rules.hand_size * players
    suit: Suit | None
    if rules.trump_source is TrumpSource.FIXED:
        suit, trump_card = rules.fixed_trump, None
    elif rules.trump_source is TrumpSource.NONE:
        suit, trump_card = None, None
    else:
        if trump_card is None and trump_suit is None:
            raise InvalidPosition(f"{rules.variant}: the trump card seen on the table is needed")
        suit = trump_card.suit if trump_card is not None else trump_suit
        if trump_card is not None and rules.trump_source is TrumpSource.LAST_DEALT:
            last = (first + len(deck) - 1) % players
            shown = CardSet.of([trump_card])
            hands[last] = Hand(hands[last].count, shown, shown)
    leader = NO_SEAT
    if first_attacker_seat is not None:
        leader = first_attacker_seat
    elif rules.first_attacker is FirstAttacker.LEFT_OF_DEALER:
        leader = first
    return RelayState(
        rules=rules,
        full_info=False,
        hands=tuple(hands),
        stock=(),
        stock_count=stock_count,
        trump_card=trump_card,
        trump_suit=suit,
        discard=CardSet(),
        pile=(),
        placed_by=(),
        phase=RelayPhase.LEAD,
        turn=leader,
        leader=leader,
        dealer=dealer,
        finished=(),
        first_out=(),
        bouts=0,
        seed=0,
        nine_claim=claims_9d(rules, tuple(hands), leader),
    )


NINE_OF_DIAMONDS = Card(Rank.NINE, Suit.DIAMONDS)


def claims_9d(rules: Rules, hands: tuple[Hand, ...], leader: int) -> int:
    """`bez_nazvaniya` (§4.9.5): the holder of 9D leads first, so the table view takes the first
    leader to hold it (NO_SEAT when that is not the rule, or 9D is seen elsewhere). If 9D later
    comes from another hand, the referee reports the first lead (``Verdict.earlier``)."""
    if rules.first_attacker is not FirstAttacker.HOLDER_OF_9D:
        return NO_SEAT
    if any(NINE_OF_DIAMONDS in h.known for h in hands):
        return NO_SEAT
    return leader


# --- the end and the description -----------------------------------------------------------------


def outcome(state: RelayState) -> Outcome | None:
    """The fool (B15), a draw, or `polsky`'s first player out as winner (§4.33.6)."""
    if not state.is_over:
        return None
    seats = range(state.players)
    fool = state.fool
    first_out_wins = state.rules.end_loser is EndLoser.FIRST_OUT_WINS
    if state.drawn:
        return Outcome((), state.first_out if first_out_wins else (), True, _DRAWN[state.drawn], {})
    if first_out_wins:
        reason = "the first player out wins; the last holding cards is the fool (§4.33.6)"
        return Outcome(() if fool is None else (fool,), state.first_out, fool is None, reason, {})
    if fool is None:
        return Outcome((), tuple(seats), True, "everyone ran out together: a draw (B15)", {})
    others = tuple(s for s in seats if s != fool)
    return Outcome((fool,), others, False, "last player holding cards (B15)", {})


_DRAWN = {
    "repetition": "the same position came round three times: a draw",
    "locked": "no card held can ever be laid on another, so the game cannot end: a draw",
}

_WORDS = {
    "en": ("bout", "game over", "{a} leads to {d}", "first lead", "{d} must beat {top}", "trump",
           "none", "stack", "spread", "centre pile"),
    "ru": ("кон", "партия окончена", "{a} ходит под {d}", "первый ход", "{d} должен побить {top}",
           "козырь", "нет", "стопка", "россыпь", "в центре"),
}  # fmt: skip


def describe(state: RelayState, lang: str = "en") -> str:
    bout, over, leads, first, must, trump, none, stack, spread, centre = _WORDS.get(
        lang, _WORDS["en"]
    )
    parts = [f"{bout} {state.bouts + 1}"]
    if state.phase is RelayPhase.OVER:
        parts.append(over)
    elif state.turn == NO_SEAT:
        parts.append(first)
    elif state.phase is RelayPhase.LEAD:
        target = seat_letter(state.next_in_game(state.turn))
        parts.append(leads.format(a=seat_letter(state.turn), d=target))
    else:
        parts.append(must.format(d=seat_letter(state.turn), top=state.top))
    parts.append(f"{trump} {state.trump_suit.symbol if state.trump_suit else none}")
    if state.pile:
        parts.append(
            f"{centre if is_centre_pile(state.rules) else stack} {' '.join(map(str, state.pile))}"
        )
    if is_centre_pile(state.rules):
        parts.append(f"{spread} {state.stock_count}")
    return ", ".join(parts)
