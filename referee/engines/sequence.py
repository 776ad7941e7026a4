"""The ``sequence`` engine: `pasyansny` (VARIANTS.md §4.30), a cyclic rank-sequence shedding game.

The whole 36-card deck is dealt (§4.30.3). The first player clockwise from the dealer's left who
holds a 6 lays it in the centre (§4.30.5); each next player must lay the next rank in any suit,
6 again after the ace (§4.30.6). A player who lacks it makes his nickname's sound (§4.30.4, 7):
if nobody laughs he takes the centre pile and his left neighbour starts a new pile with a 6; if
somebody laughs he passes and the next player needs the same rank. The first player out wins
(§4.30.8).

The laugh needs a person: ``A:laugh`` / ``A:nolaugh`` are entered by whoever runs the table. A
camera cannot see that the player really lacked the card: the table view records the claim and
reports a revoke if the card he then held is later played from his hand.

Choices where the text is silent:

* a player who holds the needed rank must play it (the sound is for a player who lacks it);
* up to 10 players (the seat letters A-J); the text says "2 or more";
* the game ends when the first player is out (§4.30.8): the seed names no fool, so the others are
  not ranked; ``Outcome.scores["cards_left"]`` shows what each still holds. The table option
  ``rank_others`` plays on ("play may continue to rank the others"): players out are skipped,
  and the last one holding cards is last (``scores["place"]``);
* a player lacking a 6 for an empty pile makes his sound too; "nobody laughs" then takes nothing;
* a revoke is reported, not penalised: the text gives no penalty.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from referee.cards import Card, CardSet, Rank, Suit
from referee.engines.shedding import (
    Claim,
    Entry,
    Laugh,
    NoLaugh,
    NoTrumpTable,
    Play,
    deck_of,
    engine_api,
    game_deck,
    not_in_deck,
    revokes,
    verdict_of,
    violation,
)
from referee.game import Engine, register
from referee.moves import Move, format_move, seat_letter
from referee.outcome import Outcome
from referee.rules import (
    WHOLE_DECK,
    EndLoser,
    FirstAttacker,
    LaterGames,
    Rules,
    TrumpSource,
)
from referee.setup import check_dealer, check_player_count
from referee.state import NO_SEAT, Hand
from referee.verdicts import Code, Verdict, Violation

ENGINE = "sequence"
S = "§4.30"

_NOTE_LACKS = (
    "{who} lacks a {rank}: a camera cannot see his hand (checked when his cards show)",
    "у {who} нет {rank}: камера не видит руку (проверится, когда карты откроются)",
)
_NOTE_OPENER = (
    "nobody before {who} holds a 6: a camera cannot see the hands",
    "ни у кого до {who} нет шестёрки: камера не видит руки",
)


@dataclass(frozen=True, slots=True)
class SequenceState(NoTrumpTable):
    rules: Rules
    full_info: bool
    hands: tuple[Hand, ...]
    pile: tuple[Card, ...]
    """The centre pile, first card first."""
    turn: int
    """Who must play next (``NO_SEAT``: the table view does not yet know who opens)."""
    need: Rank
    dealer: int
    moves_made: int
    runs: int
    """Runs 6..A finished (by an ace, or by a taken pile): one line per run in exports."""
    opened: bool
    finished: tuple[int, ...] = ()
    """Players out, in the order they went out."""
    over: bool = False
    claims: tuple[Claim, ...] = ()
    entries: tuple[Entry, ...] = ()
    revokes: tuple[Violation, ...] = ()
    seed: int = 0

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def winner(self) -> int | None:
        """The first player out (§4.30.8)."""
        return self.finished[0] if self.finished else None

    def next_in_game(self, seat: int) -> int:
        """The next seat clockwise that still holds cards."""
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if other not in self.finished:
                return other
        return seat


def _next_rank(rank: Rank) -> Rank:
    return Rank.SIX if rank is Rank.ACE else Rank(rank + 1)


def _check_players(rules: Rules, players: int, dealer: int) -> None:
    check_player_count(rules, players)
    check_dealer(players, dealer)


def deal(
    rules: Rules,
    players: int,
    seed: int,
    *,
    dealer: int = 0,
    previous_fool: int | None = None,
    order: Sequence[Card] | None = None,
) -> SequenceState:
    """Deal the whole deck one card at a time from the dealer's left (§4.30.3)."""
    _check_players(rules, players, dealer)
    deck = game_deck(rules, seed, order=order)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i, card in enumerate(deck):
        hands[(dealer + 1 + i) % players].append(card)
    opener = next(
        seat
        for seat in ((dealer + 1 + k) % players for k in range(players))
        if any(c.rank is Rank.SIX for c in hands[seat])
    )
    return SequenceState(
        rules=rules,
        full_info=True,
        hands=tuple(Hand(len(h), CardSet.of(h)) for h in hands),
        pile=(),
        turn=opener,
        need=Rank.SIX,
        dealer=dealer,
        moves_made=0,
        runs=0,
        opened=False,
        seed=seed,
    )


def table_game(
    rules: Rules,
    players: int,
    *,
    trump_card: Card | None = None,
    trump_suit: Suit | None = None,
    dealer: int = 0,
    first_attacker_seat: int | None = None,
) -> SequenceState:
    """The table view: hand sizes only; the opener is known when the operator says so."""
    _check_players(rules, players, dealer)
    size = len(deck_of(rules))
    counts = [size // players + (1 if k < size % players else 0) for k in range(players)]
    hands = [Hand(counts[(seat - dealer - 1) % players]) for seat in range(players)]
    state = SequenceState(
        rules=rules,
        full_info=False,
        hands=tuple(hands),
        pile=(),
        turn=NO_SEAT if first_attacker_seat is None else first_attacker_seat,
        need=Rank.SIX,
        dealer=dealer,
        moves_made=0,
        runs=0,
        opened=False,
    )
    if first_attacker_seat is not None:
        state = replace(state, claims=_skipped_openers(state, first_attacker_seat))
    return state


def _skipped_openers(state: SequenceState, opener: int) -> tuple[Claim, ...]:
    """The seats before the opener (from the dealer's left) showed they hold no 6 (§4.30.5)."""
    claims: list[Claim] = []
    seat = (state.dealer + 1) % state.players
    while seat != opener:
        claims.append(Claim(seat, 1, rank=Rank.SIX, rule=f"{S}.5"))
        seat = (seat + 1) % state.players
    return tuple(claims)


# --- judging -------------------------------------------------------------------------------

Notes = tuple[tuple[str, str], ...]


def _judge(state: SequenceState, move: Move) -> tuple[Verdict, SequenceState]:
    if state.is_over:
        return verdict_of(state, move, violation(Code.GAME_OVER, "B15")), state
    if not 0 <= move.player < state.players:
        bad = violation(Code.OUT_OF_TURN, f"{S}.6", who="?", why="no such seat")
        return verdict_of(state, move, bad), state
    match move:
        case Play():
            return _judge_play(state, move)
        case Laugh() | NoLaugh():
            return _judge_sound(state, move)
    bad = violation(Code.MOVE_NOT_IN_GAME, S, move=format_move(move), game="pasyansny")
    return verdict_of(state, move, bad), state


def _out_of_turn(state: SequenceState, seat: int) -> Violation | None:
    if state.turn != NO_SEAT and seat != state.turn:
        return violation(
            Code.OUT_OF_TURN,
            f"{S}.6",
            who=seat_letter(seat),
            why=f"it is {seat_letter(state.turn)}'s turn",
            why_ru=f"ходит {seat_letter(state.turn)}",
        )
    return None


def _holding(state: SequenceState, seat: int, card: Card) -> Violation | None:
    """Can ``seat`` hold ``card``? (full information: does he; table view: is it unaccounted)"""
    if (bad := not_in_deck(state.rules, card)) is not None:
        return bad
    if card in state.pile:
        return violation(
            Code.CARD_ALREADY_PLAYED,
            f"{S}.6",
            card=str(card),
            where="centre pile",
            where_ru="в центре",
        )
    for other, hand in enumerate(state.hands):
        if other != seat and card in hand.known:
            return violation(
                Code.CARD_IN_ANOTHER_HAND, f"{S}.6", card=str(card), owner=seat_letter(other)
            )
    if state.full_info and card not in state.hands[seat].known:
        return violation(Code.NOT_IN_HAND, f"{S}.6", who=seat_letter(seat), card=str(card))
    if state.hands[seat].count == 0:
        return violation(Code.NO_CARDS_LEFT, f"{S}.6", who=seat_letter(seat), count_word="")
    return None


def _judge_play(state: SequenceState, move: Play) -> tuple[Verdict, SequenceState]:
    seat, card = move.player, move.card
    if move.call is not None:
        call = violation(
            Code.SUIT_CALL,
            f"{S}.6",
            why="no card names a suit in this game",
            why_ru="в этой игре масть не заказывают",
        )
        return verdict_of(state, move, call), state
    bad = _out_of_turn(state, seat) or _holding(state, seat, card)
    if bad is None and card.rank is not state.need:
        bad = violation(
            Code.WRONG_RANK,
            f"{S}.6" if state.opened else f"{S}.5",
            rank=state.need.letter,
            card=str(card),
            why=f"the next card must be a {state.need.letter}",
            why_ru=f"следующая карта должна быть {state.need.letter}",
        )
    if bad is not None:
        return verdict_of(state, move, bad), state
    notes: Notes = ()
    claims = state.claims
    if not state.full_info and state.turn == NO_SEAT:
        claims = claims + _skipped_openers(state, seat)
        if claims:
            notes = (
                (
                    _NOTE_OPENER[0].format(who=seat_letter(seat)),
                    _NOTE_OPENER[1].format(who=seat_letter(seat)),
                ),
            )
    earlier: tuple[Violation, ...] = ()
    if not state.full_info:
        earlier, claims = revokes(claims, state.entries, seat, card)
    hand = state.hands[seat]
    hands = list(state.hands)
    hands[seat] = Hand(hand.count - 1, hand.known.remove(card), hand.seen.remove(card))
    finished = state.finished + ((seat,) if hand.count == 1 else ())
    ranking = state.rules.end_loser is EndLoser.LAST_WITH_CARDS
    after = replace(
        state,
        hands=tuple(hands),
        pile=(*state.pile, card),
        finished=finished,
        turn=seat,
        need=_next_rank(card.rank) if card.rank is not None else state.need,
        moves_made=state.moves_made + 1,
        runs=state.runs + (1 if card.rank is Rank.ACE else 0),
        opened=True,
        claims=claims,
        revokes=state.revokes + earlier,
        over=bool(finished) and (not ranking or len(finished) >= state.players - 1),
    )
    after = replace(after, turn=after.next_in_game(seat))
    return verdict_of(state, move, None, notes, earlier), after


def _playable(state: SequenceState, seat: int) -> list[Card]:
    return sorted(c for c in state.hands[seat].known if c.rank is state.need)


def _judge_sound(state: SequenceState, move: Laugh | NoLaugh) -> tuple[Verdict, SequenceState]:
    seat = move.player
    action = "make his sound" if isinstance(move, Laugh) else "make his sound and take the pile"
    action_ru = "издавать звук" if isinstance(move, Laugh) else "издавать звук и брать кучу"
    bad = _out_of_turn(state, seat)
    if bad is None and not state.opened:
        bad = violation(Code.STEP_DUE, f"{S}.5", step="the opening 6", step_ru="первая шестёрка")
    if bad is None and state.full_info:
        playable = _playable(state, seat)
        if playable:
            bad = violation(
                Code.MUST_PLAY,
                f"{S}.7",
                who=seat_letter(seat),
                card=str(playable[0]),
                action=action,
                action_ru=action_ru,
            )
    if bad is not None:
        return verdict_of(state, move, bad), state
    notes: Notes = ()
    claims = state.claims
    if not state.full_info:
        letter, rank = seat_letter(seat), state.need.letter
        notes = (
            (
                _NOTE_LACKS[0].format(who=letter, rank=rank),
                _NOTE_LACKS[1].format(who=letter, rank=rank),
            ),
        )
        claims = (*claims, Claim(seat, state.moves_made + 1, rank=state.need, rule=f"{S}.7"))
    at = state.moves_made + 1
    after = replace(state, turn=state.next_in_game(seat), moves_made=at, claims=claims)
    if isinstance(move, NoLaugh):
        hand = state.hands[seat]
        pile = CardSet.of(state.pile)
        hands = list(state.hands)
        hands[seat] = Hand(hand.count + len(pile), hand.known | pile, hand.seen | pile)
        entries = (
            state.entries + tuple(Entry(c, seat, at) for c in state.pile)
            if not state.full_info
            else state.entries
        )
        after = replace(
            after, hands=tuple(hands), pile=(), need=Rank.SIX, entries=entries, runs=state.runs + 1
        )
    return verdict_of(state, move, None, notes), after


check, apply, check_and_apply = engine_api(_judge, SequenceState)


def legal_moves(state: SequenceState) -> list[Move]:
    """Every legal move in a full-information state (written apart from ``check``)."""
    if state.is_over:
        return []
    seat = state.turn
    moves: list[Move] = [Play(seat, c) for c in _playable(state, seat)]
    if not moves and state.opened:
        moves = [Laugh(seat), NoLaugh(seat)]
    return moves


def outcome(state: SequenceState) -> Outcome | None:
    if not state.is_over or state.winner is None:
        return None
    scores: dict[str, tuple[int, ...]] = {"cards_left": tuple(h.count for h in state.hands)}
    if state.revokes:
        scores["revokes"] = tuple(
            sum(1 for v in state.revokes if dict(v.params)["who"] == seat_letter(s))
            for s in range(state.players)
        )
    if state.rules.end_loser is EndLoser.LAST_WITH_CARDS:  # option rank_others
        last = next(s for s in range(state.players) if s not in state.finished)
        order = (*state.finished, last)
        scores["place"] = tuple(order.index(s) + 1 for s in range(state.players))
        reason = "the first player out wins; the others ranked, the last holding cards (§4.30.8)"
        return Outcome((last,), (state.winner,), False, reason, scores)
    return Outcome(
        (),
        (state.winner,),
        False,
        "the first player out wins (§4.30.8); the seed names no fool",
        scores,
    )


def describe(state: SequenceState, lang: str = "en") -> str:
    ru = lang == "ru"
    if state.is_over:
        assert state.winner is not None
        head = ("партия окончена, выиграл " if ru else "game over, won by ") + seat_letter(
            state.winner
        )
    elif state.turn == NO_SEAT:
        head = "первая шестёрка" if ru else "waiting for the first 6"
    else:
        head = f"{'ходит' if ru else 'to play'} {seat_letter(state.turn)}, " + (
            f"нужна {state.need.letter}" if ru else f"needs a {state.need.letter}"
        )
    top = str(state.pile[-1]) if state.pile else ("пусто" if ru else "empty")
    counts = " ".join(f"{seat_letter(s)}:{h.count}" for s, h in enumerate(state.hands))
    return f"{head}, {'куча' if ru else 'pile'} {top} ({len(state.pile)}), {counts}"


def page_notes(rules: Rules) -> list[str]:
    """The engine's rules in words (for :mod:`referee.rules_page`)."""
    return [
        "the whole deck is dealt; the first player from the dealer's left holding a 6 opens",
        "each next player lays the next rank in any suit: 6, 7, ..., A, then 6 again",
        "a player who has the needed rank must play it [assumption]",
        "lacking it: somebody laughs - he passes and the next player needs the same rank; "
        "nobody laughs - he takes the pile and his left neighbour starts again with a 6",
        "the first player out wins; the seed names no fool, so the others are not ranked"
        if rules.end_loser is EndLoser.FIRST_OUT_WINS
        else "the first player out wins; play goes on to rank the others (option rank_others)",
    ]


register(
    Engine(
        name=ENGINE,
        deal=deal,
        table_game=table_game,
        check=check,
        apply=apply,
        check_and_apply=check_and_apply,
        legal_moves=legal_moves,
        outcome=outcome,
        describe=describe,
        bout_number=lambda state: state.runs,
    )
)

VARIANT_RULES: dict[str, Rules] = {
    "pasyansny": Rules(
        variant="pasyansny",
        engine=ENGINE,
        deck_ranks=36,
        allowed_decks=(36,),
        max_players=10,
        hand_size=WHOLE_DECK,
        trump_source=TrumpSource.NONE,
        first_attacker=FirstAttacker.FIRST_WITH_A_SIX,
        later_games=LaterGames.SAME_AS_GAME1,
        attack_cap=None,
        throw_in_enabled=False,
        end_loser=EndLoser.FIRST_OUT_WINS,
    )
}
VARIANT_ALIASES: dict[str, tuple[str, ...]] = {
    "pasyansny": ("пасьянсный", "пасьянсный дурак", "patience", "patience-fool", "pasyansnyy"),
}
