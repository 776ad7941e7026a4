"""The immutable game state that the engine reads and ``apply`` replaces.

One state type serves both ways of knowing a game:

* **full information** (simulation, tests): every hand and the stock order are known;
* **table view** (the camera referee): the trump card, the table, the discard pile, hand sizes and
  the cards seen going into a hand. ``Hand.known`` then holds only the cards seen entering it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum

from referee.cards import UNKNOWN_CARD, Card, CardSet, Rank, Suit
from referee.rules import Rules

NO_SEAT = -1
"""``attacker`` before the first lead of a table-view game whose first attacker is not set."""


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand: its size, the cards known to be in it, and those the table has seen go in.

    In the table view ``known`` and ``seen`` are the same cards; in full information ``known``
    is the whole hand and ``seen`` what a camera would know (cards taken, the trump card drawn).
    """

    count: int
    known: CardSet = field(default_factory=CardSet)
    seen: CardSet = field(default_factory=CardSet)

    @property
    def fully_known(self) -> bool:
        return self.count == len(self.known)


@dataclass(frozen=True, slots=True)
class Pair:
    """One attack card on the table, who placed it, and the card covering it (if any)."""

    attack: Card
    by: int
    cover: Card | None = None
    covered_by: int = NO_SEAT
    face_down: bool = False
    """`veryu_ne_veryu`: the cover lies face down (``UNKNOWN_CARD`` when the table view does not
    know it)."""
    thrown: bool = False
    """Placed as a throw-in by a non-defender (`shield`'s cap of 10 thrown-in cards)."""


class Phase(Enum):
    ATTACK = "attack"  # the attacker must lead
    DEFENCE = "defence"  # a bout is open
    TAKING = "taking"  # the defender said "take"; throw-ins may still come
    REVEAL = "reveal"  # the hidden second trump must be turned (potayny)
    SHOWDOWN = "showdown"  # the hands are laid face up for the poker showdown (pokerny option)
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Stats:
    """Per-seat counters for the scoring variants."""

    beaten: tuple[int, ...]
    figures: tuple[int, ...]
    pogony: tuple[int, ...]


@dataclass(frozen=True)
class GameState:
    """No ``__slots__`` on purpose: :func:`evolve` copies the ``__dict__`` in one step."""

    rules: Rules
    full_info: bool
    hands: tuple[Hand, ...]
    stock_count: int
    trump_suit: Suit | None
    dealer: int
    stats: Stats
    stock: tuple[Card, ...] = ()
    """Full information: the stock, next card to draw first, the face-up indicator last."""
    trump_card: Card | None = None
    """The face-up trump indicator while it is still in the stock (or shown elsewhere)."""
    discard: CardSet = field(default_factory=CardSet)
    out_of_play: CardSet = field(default_factory=CardSet)
    table: tuple[Pair, ...] = ()
    phase: Phase = Phase.ATTACK
    attacker: int = NO_SEAT
    defender: int = NO_SEAT
    defender_quota: int = 0
    """Cards the defender held when he became defender: the attack limit's base (B10)."""
    covered_at_handover: int = 0
    passed: frozenset[int] = frozenset()
    last_defence: Card | None = None
    self_throw: Card | None = None
    hidden_trump: Card | None = None
    hidden_trump_pending: bool = False
    finished: tuple[int, ...] = ()
    bouts: int = 0
    successes: int = 0
    seed: int = 0
    fool: int | None = None
    loser_by_hand_size: bool = False
    cycle_keys: tuple[int, ...] = ()
    """Positions seen at bout starts (for the repetition draw)."""
    drawn_by_repetition: bool = False
    # --- special-rule variants (VARIANTS.md §5.4), part A ---
    personal_trumps: tuple[Card, ...] = ()
    """`fool_personal_trumps`: the face-up card in front of each seat (its suit is that seat's
    trump, §4.13.3); empty until the dealer has turned them. The cards are also out of play."""
    trump_joker: Card | None = None
    """`two_jokers`: the joker turned as the trump card; every card of its colour is a trump
    (§4.40.4). Kept after the joker itself has been drawn."""
    reserves: tuple[Hand, ...] = ()
    """`magadan`: each seat's face-down reserve (§4.22.1); ``known`` only in full information."""
    face_up: tuple[CardSet, ...] = ()
    """`fool_five`: the taken cards lying face up in front of each seat until his next attack
    (§4.51.10). They are part of the hand (``Hand.count`` and ``known`` include them)."""
    exchanged: bool = False
    """A stock exchange was made in this bout (`pokerny` §4.32.1, `fool_five` §4.51.12)."""
    throw_barred: frozenset[int] = frozenset()
    """`negotiable`: seats whose random throw-in did not match; no more throw-ins this bout
    (§4.26.4)."""
    # --- special-rule variants (VARIANTS.md §5.4), part B ---
    dummy_seat: int = NO_SEAT
    """`bolvan`: the dummy's seat (at the dealer's right, §4.38.1)."""
    ticket_rank: Rank | None = None
    """`shield`: the defender received the attack through a ticket of this rank: he must beat
    (no transfer, no ticket) and may throw in this rank to himself (§4.47.9, §4.47.14)."""

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def in_game(self, seat: int) -> bool:
        """Still playing: not out (B14)."""
        return seat not in self.finished

    def next_in_game(self, seat: int) -> int:
        """The next seat clockwise (to the left) that is still in the game."""
        n = self.players
        dummy = self.dummy_seat
        if dummy != NO_SEAT and self.rules.dummy_may_attack_defend:
            dummy = NO_SEAT  # `bolvan` option: the dummy takes its turn like a player
        for step in range(1, n + 1):
            other = (seat + step) % n
            if other not in self.finished and other != dummy:
                return other
        return seat

    def uncovered(self) -> tuple[Pair, ...]:
        return tuple(p for p in self.table if p.cover is None)

    def all_covered(self) -> bool:
        return bool(self.table) and all(p.cover is not None for p in self.table)

    def table_cards(self) -> CardSet:
        cards = [p.attack for p in self.table]
        cards.extend(p.cover for p in self.table if p.cover is not None)
        if self.rules.face_down_with_challenge:
            return CardSet.of(c for c in cards if c != UNKNOWN_CARD)
        return CardSet.of(cards)

    def indicator_in_stock(self) -> bool:
        """The face-up trump card still lies under the stock (it will be drawn last)."""
        return self.trump_card is not None and self.stock_count > 0 and self.rules.has_stock


_STATE_FIELDS = frozenset(f.name for f in fields(GameState))


def evolve(state: GameState, **changes: object) -> GameState:
    """``dataclasses.replace`` for GameState, many times faster (the engine's hot path): a
    state keeps its fields in a ``__dict__``, copied in one step."""
    if not _STATE_FIELDS.issuperset(changes):
        unknown = ", ".join(sorted(set(changes) - _STATE_FIELDS))
        raise TypeError(f"GameState has no field(s) {unknown}")
    new = object.__new__(GameState)
    fields_of_new = new.__dict__
    fields_of_new.update(state.__dict__)
    fields_of_new.update(changes)
    return new
