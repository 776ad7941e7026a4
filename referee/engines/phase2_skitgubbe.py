"""`skitgubbe` phase 2, option "beating with a run" (§4.49.16): the defender may beat the led
card with a run of one suit. The first card must beat the led card; each further card is the next
higher rank of the same suit [assumption]. Example: 8h led, beaten with Th, Jh, Qh.

Move: ``B:runbeat 8h/Th+Jh+Qh``. The run's first card covers the led card like a beat; the
others go to the discard with the bout.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from referee import engine as durak_engine
from referee.cards import Card, CardSet, format_cards, parse_cards
from referee.engines.phase1_common import Judged, Reason, violation
from referee.errors import InvalidMove, InvalidNotation
from referee.moves import Defend, Move, VariantMove, format_move, seat_letter
from referee.state import GameState, Hand, evolve
from referee.verdicts import Code, Verdict

RULE = "§4.49.16"


@dataclass(frozen=True)
class RunBeat(VariantMove):
    """The defender beats ``covers`` with ``run``: the first card beats it, each next card is the
    next higher rank of the same suit."""

    verb = "runbeat"
    player: int
    covers: Card
    run: tuple[Card, ...]

    def __post_init__(self) -> None:
        if len(set(self.run)) != len(self.run) or not self.run:
            raise InvalidMove("a run lists different cards")

    def format_args(self) -> str:
        return f"{self.covers}/{format_cards(self.run, '+')}"

    @classmethod
    def parse_args(cls, player: int, arg: str) -> VariantMove:
        covers, sep, run = arg.partition("/")
        if not sep:
            raise InvalidNotation(f"a run beat is written led/run, e.g. 8h/Th+Jh+Qh: {arg!r}")
        return cls(player, Card.parse(covers), parse_cards(run))

    def cards(self) -> tuple[Card, ...]:
        return self.run


def _shape_failure(run: tuple[Card, ...]) -> Reason | None:
    if len(run) < 2:
        return (
            "a run has two cards or more (one card is a plain beat)",
            "в серии две карты и больше",
        )
    for low, high in pairwise(run):
        if (
            high.suit != low.suit
            or high.rank is None
            or low.rank is None
            or high.rank != low.rank + 1
        ):
            return (
                "each next card of a run is the next higher card of the same suit",
                "каждая следующая карта серии — следующая по старшинству той же масти",
            )
    return None


def _holding(game: GameState, player: int, cards: tuple[Card, ...]) -> Judged:
    """Whether ``player`` can hold the run's further cards, as far as the table knows."""
    hand = game.hands[player]
    who = seat_letter(player)
    seen = game.discard | game.table_cards() | game.out_of_play
    for seat, other in enumerate(game.hands):
        if seat != player:
            seen = seen | other.known
    unseen: list[Card] = []
    for card in cards:
        if card in hand.known:
            continue
        if card in seen:
            return Judged(
                violation(
                    Code.CARD_ALREADY_PLAYED,
                    RULE,
                    card=card,
                    where="elsewhere",
                    where_ru="в другом месте",
                )
            )
        if hand.fully_known:
            return Judged(violation(Code.NOT_IN_HAND, "B16", who=who, card=card))
        unseen.append(card)
    if not unseen:
        return Judged()
    shown = format_cards(unseen)
    return Judged(
        unchecked=(
            (
                f"{who}'s hand is not seen: {shown} assumed to come from it",
                f"рука {who} не видна: считаем, что {shown} из неё",
            ),
        )
    )


def _after_tail(game: GameState, move: RunBeat) -> GameState:
    """The position with the run's further cards gone from the hand into the discard."""
    tail = move.run[1:]
    hand = game.hands[move.player]
    new = Hand(hand.count - len(tail), hand.known.remove(*tail), hand.seen.remove(*tail))
    hands = (*game.hands[: move.player], new, *game.hands[move.player + 1 :])
    return evolve(game, hands=hands, discard=game.discard | CardSet.of(tail))


def check_and_apply(game: GameState, move: RunBeat) -> tuple[Verdict, GameState]:
    """Judge a run beat (``Verdict.state`` is the Durak state) and make it when legal."""
    text = format_move(move)
    if not game.rules.beat_with_run:
        found = violation(
            Code.MOVE_NOT_IN_GAME, RULE, move=text, game=f"{game.rules.variant} without run_beat"
        )
        return Verdict(text, game, found), game
    shape = _shape_failure(move.run)
    if shape is not None:
        found = violation(
            Code.DOES_NOT_BEAT,
            RULE,
            card=move.run[-1],
            covers=move.covers,
            why=shape[0],
            why_ru=shape[1],
        )
        return Verdict(text, game, found), game
    first = durak_engine.check(game, Defend(move.player, move.covers, move.run[0]))
    if first.violation is not None:  # turn, role, the first card's beat
        return Verdict(text, game, first.violation), game
    if len(move.run) > game.hands[move.player].count:
        found = violation(
            Code.NO_CARDS_LEFT, RULE, who=seat_letter(move.player), count_word=len(move.run)
        )
        return Verdict(text, game, found), game
    holding = _holding(game, move.player, move.run[1:])
    if holding.violation is not None:
        return Verdict(text, game, holding.violation), game
    inner, after = durak_engine.check_and_apply(
        _after_tail(game, move), Defend(move.player, move.covers, move.run[0])
    )
    unchecked = tuple(en for en, _ in holding.unchecked) + inner.unchecked
    unchecked_ru = tuple(ru for _, ru in holding.unchecked) + inner.unchecked_ru
    verdict = Verdict(text, game, inner.violation, unchecked, unchecked_ru)
    return verdict, (after if verdict.ok else game)


def run_moves(game: GameState, beats_listed: list[Move]) -> list[Move]:
    """Every run beat, from the plain beats that ``legal_moves`` lists."""
    if not game.rules.beat_with_run:
        return []
    out: list[Move] = []
    for move in beats_listed:
        if not isinstance(move, Defend):
            continue
        hand = game.hands[move.player].known
        run = [move.card]
        while True:
            last = run[-1]
            assert last.rank is not None and last.suit is not None
            following = next(
                (c for c in hand if c.suit == last.suit and c.rank == last.rank + 1), None
            )
            if following is None:
                break
            run.append(following)
            out.append(RunBeat(move.player, move.covers, tuple(run)))
    return out
