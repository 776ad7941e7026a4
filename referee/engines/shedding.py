"""What the games that are not Durak share (VARIANTS.md §5.4 items 1-3: `armenian_2`, `czech`,
`pasyansny`): their moves, and the ledger of "I have none" claims that the table view checks in
hindsight.

Moves (notation ``SEAT:verb args``):

=======================  =================================================================
``A:play 7h``            play a card (trick, pile or sequence); ``A:play Qs=h`` plays a wild
                         card and names hearts (`czech`)
``A:draw``               draw a card from the stock (`czech`)
``A:showhand 7h+Kd``     the loser of a `czech` game lays his hand face up for scoring
``A:layout 7h+8s+...``   the six face-up cards of a player's tableau (`armenian_2`), left to right
``A:turn 9h``            the face-down card under a played tableau card is turned (`armenian_2`)
``A:laugh``              A lacked the needed card, made his animal sound, and somebody laughed
``A:nolaugh``            ... and nobody laughed: A takes the centre pile (`pasyansny`)
=======================  =================================================================

A camera sees none of the hands. When a player does not follow suit, or says he lacks a card,
the table view records the claim (and says "cannot check"); when a card he held at that moment
later shows, the claim is found false and the verdict of that later move reports the revoke
(:attr:`referee.verdicts.Verdict.earlier`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from referee.cards import Card, CardSet, Rank, Suit, format_cards, make_deck
from referee.errors import IllegalMove, InvalidMove, InvalidNotation, InvalidPosition
from referee.moves import (
    CardMove,
    Move,
    NoCardsMove,
    ShownCardsMove,
    VariantMove,
    format_move,
    seat_letter,
)
from referee.rules import Rules
from referee.setup import check_dealer, shuffled
from referee.state import Hand
from referee.verdicts import Code, Verdict, Violation


@dataclass(frozen=True)
class Play(CardMove):
    """Play one card; ``call`` is the suit a wild card names (`czech`)."""

    verb = "play"
    call: Suit | None = None

    def format_args(self) -> str:
        return f"{self.card}" + (f"={self.call.value}" if self.call else "")

    @classmethod
    def parse_args(cls, player: int, arg: str) -> VariantMove:
        if not arg:
            raise InvalidNotation("'play' needs a card, e.g. A:play 7h or A:play Qs=h")
        card_text, _, call_text = arg.partition("=")
        call = Suit.parse(call_text) if call_text.strip() else None
        return cls(player, Card.parse(card_text), call)


@dataclass(frozen=True)
class Draw(NoCardsMove):
    """Draw one card from the stock."""

    verb = "draw"


@dataclass(frozen=True)
class ShowHand(ShownCardsMove):
    """The loser lays his remaining cards face up (`czech` scoring)."""

    verb = "showhand"
    cards_needed = "'showhand' needs cards, e.g. A:showhand 7h+Kd"

    def __post_init__(self) -> None:
        object.__setattr__(self, "shown", tuple(sorted(self.shown)))
        if len(set(self.shown)) != len(self.shown):
            raise InvalidMove("a shown hand lists the same card twice")


@dataclass(frozen=True)
class Layout(ShownCardsMove):
    """The six face-up tableau cards in front of a player, pile by pile (`armenian_2`)."""

    verb = "layout"
    cards_needed = "'layout' needs cards, e.g. A:layout 7h+Kd"

    def __post_init__(self) -> None:
        if len(set(self.shown)) != len(self.shown):
            raise InvalidMove("a layout lists the same card twice")


@dataclass(frozen=True)
class Turn(CardMove):
    """The face-down tableau card freed by a play is turned face up (`armenian_2`)."""

    verb = "turn"
    card_needed = "'turn' needs the card turned face up, e.g. A:turn 9h"


@dataclass(frozen=True)
class Laugh(NoCardsMove):
    """The player lacked the needed card, made his sound, and somebody laughed: he passes."""

    verb = "laugh"


@dataclass(frozen=True)
class NoLaugh(NoCardsMove):
    """The player lacked the needed card, made his sound, and nobody laughed: he takes the
    pile."""

    verb = "nolaugh"


# --- claims checked in hindsight --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Claim:
    """At move ``at``, ``seat`` said (by not following suit, or by his sound) that he held no
    card of ``suit`` / ``rank``."""

    seat: int
    at: int
    suit: Suit | None = None
    rank: Rank | None = None
    rule: str = ""

    def covers(self, card: Card) -> bool:
        if self.suit is not None and card.suit is not self.suit:
            return False
        return self.rank is None or card.rank == self.rank

    def what(self, lang: str) -> str:
        if self.suit is not None:
            return f"{self.suit.symbol}"
        assert self.rank is not None
        return self.rank.letter


@dataclass(frozen=True, slots=True)
class Entry:
    """A card the table saw go into a hand, and when."""

    card: Card
    seat: int
    at: int


def held_since(entries: Iterable[Entry], seat: int, card: Card) -> int:
    """The move number since which ``seat`` has held ``card`` (0: from the deal)."""
    since = 0
    for entry in entries:
        if entry.seat == seat and entry.card == card:
            since = max(since, entry.at)
    return since


def revokes(
    claims: tuple[Claim, ...], entries: Iterable[Entry], seat: int, card: Card
) -> tuple[tuple[Violation, ...], tuple[Claim, ...]]:
    """The earlier claims of ``seat`` that playing ``card`` from his hand shows false, and the
    claims that remain (each false claim is reported once)."""
    since = held_since(entries, seat, card)
    found: list[Violation] = []
    kept: list[Claim] = []
    for claim in claims:
        if claim.seat == seat and claim.covers(card) and since < claim.at:
            found.append(
                Violation(
                    Code.REVOKE,
                    claim.rule,
                    (
                        ("who", seat_letter(seat)),
                        ("what", claim.what("en")),
                        ("at", str(claim.at)),
                        ("card", str(card)),
                    ),
                )
            )
        else:
            kept.append(claim)
    return tuple(found), tuple(kept)


def violation(code: Code, rule: str, **params: str) -> Violation:
    return Violation(code, rule, tuple(params.items()))


def seat_name(seat: int) -> str:
    return seat_letter(seat)


def card_list(cards: Iterable[Card]) -> str:
    return format_cards(sorted(cards)) or "-"


# --- the state ---------------------------------------------------------------------------------


class NoTrumpTable:
    """What the state of each of these games shows the rest of the referee (records, exports):
    its players are its hands, the player to act (``turn``) stands as the attacker, and there
    are no trumps. A state dataclass inherits it and has ``hands`` and ``turn`` fields."""

    __slots__ = ()
    hands: tuple[Hand, ...]
    turn: int

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def attacker(self) -> int:
        """Who plays first (export tags), or next."""
        return self.turn

    @property
    def trump_card(self) -> Card | None:
        return None

    @property
    def trump_suit(self) -> Suit | None:
        return None


# --- the deck and the deal ------------------------------------------------------------------


def deck_of(rules: Rules) -> tuple[Card, ...]:
    """The one plain deck these games are played with."""
    return make_deck(rules.deck_ranks)


def not_in_deck(rules: Rules, card: Card) -> Violation | None:
    """B1: ``card`` is not a card of the game's deck."""
    if card not in CardSet.of(deck_of(rules)):
        return violation(Code.CARD_NOT_IN_DECK, "B1", card=str(card))
    return None


def game_deck(
    rules: Rules, seed: int, game_no: int = 0, order: Sequence[Card] | None = None
) -> list[Card]:
    """The deck of game (or deal) ``game_no`` of a match, top card first: shuffled from
    ``seed`` (a later game from ``seed/game_no``), or ``order``."""
    return shuffled(deck_of(rules), seed if game_no == 0 else f"{seed}/{game_no}", order)


def check_two_players(rules: Rules, players: int, dealer: int) -> None:
    if players != 2:
        raise InvalidPosition(f"{rules.variant} is played by 2 players, not {players}")
    check_dealer(players, dealer)


# --- the engine API around one ``judge`` function ---------------------------------------------

Notes = tuple[tuple[str, str], ...]
"""Rules the table view could not check: (English, Russian)."""

StateT = TypeVar("StateT")


def verdict_of(
    state: Any,
    move: Move,
    bad: Violation | None = None,
    notes: Notes = (),
    earlier: tuple[Violation, ...] = (),
) -> Verdict:
    return Verdict(
        format_move(move),
        state,
        bad,
        tuple(n[0] for n in notes),
        tuple(n[1] for n in notes),
        earlier,
    )


def not_in_game(state: Any, move: Move, rule: str, game: str) -> Verdict:
    bad = violation(Code.MOVE_NOT_IN_GAME, rule, move=format_move(move), game=game)
    return verdict_of(state, move, bad)


def engine_api(
    judge: Callable[[StateT, Move], tuple[Verdict, StateT]],
    state_type: type[StateT],
) -> tuple[
    Callable[[StateT, Move], Verdict],
    Callable[[StateT, Move], StateT],
    Callable[[StateT, Move], tuple[Verdict, StateT]],
]:
    """``check``, ``apply`` and ``check_and_apply`` from one function that judges a move and
    returns the verdict with the state after it (the input state when the move is illegal).

    A state of another engine (a Durak table given for one of these games) is refused with
    ``InvalidPosition``."""

    def judged(state: StateT, move: Move) -> tuple[Verdict, StateT]:
        if not isinstance(state, state_type):
            variant = getattr(getattr(state, "rules", None), "variant", "this game")
            raise InvalidPosition(
                f"{variant} is not played on a Durak table: judge its moves from the start of "
                "a game or from a record"
            )
        return judge(state, move)

    def check(state: StateT, move: Move) -> Verdict:
        return judged(state, move)[0]

    def apply(state: StateT, move: Move) -> StateT:
        verdict, after = judged(state, move)
        if not verdict.ok:
            raise IllegalMove(verdict)
        return after

    def check_and_apply(state: StateT, move: Move) -> tuple[Verdict, StateT]:
        verdict, after = judged(state, move)
        return verdict, after if verdict.ok else state

    return check, apply, check_and_apply
