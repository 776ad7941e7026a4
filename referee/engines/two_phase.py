"""The two-phase games (§5.1 F5, §5.4 item 6): `krestovy`, `krugly`, `dialer`, `skitgubbe`.

A collection phase builds the hands and sets the trump; then a Durak phase is played on the
configurable Durak engine (:mod:`referee.engine`) with the variant's phase-2 parameters. Each
phase 1 is its own small module (``phase1_<slug>``, a
:class:`~referee.engines.phase1_common.Collection`); this engine runs it, then starts the Durak
game from its result with :func:`referee.setup.start_from_hands`. The state wraps the phase-1
state, then the Durak state; ``check``, ``apply``, ``legal_moves`` and ``outcome`` go to the phase
in force.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee import engine as durak_engine
from referee import movegen, position_text
from referee.cards import Card, Suit
from referee.engines import (
    phase1_dialer,
    phase1_krestovy,
    phase1_krugly,
    phase1_skitgubbe,
    phase2_skitgubbe,
)
from referee.engines.phase1_common import Collection, Handover, out_of_turn, violation
from referee.engines.phase2_skitgubbe import RunBeat
from referee.errors import IllegalMove, InvalidMove, InvalidPosition, InvalidRules
from referee.game import Engine, register
from referee.moves import Move, VariantMove, format_move, seat_letter
from referee.outcome import Outcome
from referee.outcome import outcome as durak_outcome
from referee.rules import (
    WHOLE_DECK,
    AttackForm,
    BaseMode,
    DefenceMode,
    EndLoser,
    FirstAttacker,
    LaterGames,
    NextAttackerAfterTake,
    RefillMode,
    Rules,
    TakeWhat,
    TrumpSource,
)
from referee.setup import check_dealer, start_from_hands
from referee.state import NO_SEAT, GameState, Hand
from referee.verdicts import Code, Verdict

ENGINE = "two_phase"

COLLECTIONS: dict[str, Collection] = {
    c.variant: c
    for c in (
        phase1_krestovy.COLLECTION,
        phase1_krugly.COLLECTION,
        phase1_dialer.COLLECTION,
        phase1_skitgubbe.COLLECTION,
    )
}

_NO_STOCK = Rules(engine=ENGINE, hand_size=WHOLE_DECK, refill_mode=RefillMode.NONE, attack_cap=None)
"""Phase 2 of every F5 game: no stock and no refill (F3); the attack limit is the defender's
hand. ``hand_size`` says that the whole deck is shared out (by phase 1, not by a deal)."""

VARIANT_RULES: dict[str, Rules] = {
    # §4.19: phase 2 fixed diamonds, clubs beaten only by clubs, one card, no throw-in: the
    # degenerate relay of ambiguity 2 (§6): the failing defender takes the led card (all there
    # is on the table) and his left neighbour leads.
    "krestovy": replace(
        _NO_STOCK,
        variant="krestovy",
        trump_source=TrumpSource.FIXED,
        fixed_trump=Suit.DIAMONDS,
        trump_immune_suits=frozenset({Suit.CLUBS}),
        throw_in_enabled=False,
        take_what=TakeWhat.FIRST_CARD_ONLY,
    ),
    # §4.20: centre-card trump; 1 card, pair+1 or two pairs+1; partial defence; the defender
    # leads next whatever the outcome; no throw-ins.
    "krugly": replace(
        _NO_STOCK,
        variant="krugly",
        trump_source=TrumpSource.CENTRE_CARD,
        attack_form=AttackForm.PAIR_PLUS_ONE_STRUCTURES,
        throw_in_enabled=False,
        defence_mode=DefenceMode.PARTIAL,
        take_what=TakeWhat.UNBEATEN_ONLY,
        next_attacker_after_take=NextAttackerAfterTake.DEFENDER,
    ),
    # §4.23: trump from the last card of phase 1; no-stock podkidnoy.
    "dialer": replace(
        _NO_STOCK,
        variant="dialer",
        trump_source=TrumpSource.LAST_CARD_OF_PHASE1,
    ),
    # §4.49: 52 cards, 2-4 players, 3 cards in phase 1 (refilled to 3 from the reserve);
    # phase 2 single-card beat-or-take led by the drawer of the last reserve card.
    "skitgubbe": Rules(
        variant="skitgubbe",
        engine=ENGINE,
        deck_ranks=52,
        allowed_decks=(52,),
        max_players=4,
        hand_size=3,
        refill_n=3,
        attack_cap=None,
        trump_source=TrumpSource.LAST_CARD_OF_PHASE1,
        first_attacker=FirstAttacker.LEFT_OF_DEALER,
        later_games=LaterGames.LEFT_OF_DEALER,
        throw_in_enabled=False,
    ),
}

VARIANT_ALIASES: dict[str, tuple[str, ...]] = {
    "krestovy": ("крестовый", "дурак крестовый", "clubs fool", "cross fool"),
    "krugly": ("круглый", "дурак круглый", "krugly fool"),
    "dialer": ("fool's dialer", "fools dialer", "dialer fool"),
    "skitgubbe": ("скитгаб", "mattis", "маттис", "swedish fool"),
}


@dataclass(frozen=True, slots=True)
class TwoPhaseState:
    """A two-phase game: the collection phase's state, then (once it is over) the Durak game."""

    rules: Rules
    full_info: bool
    collection: Any
    """The phase-1 state (as it ended, once phase 2 runs)."""
    durak: GameState | None = None
    previous_fool: int | None = None
    first_attacker_seat: int | None = None
    """The table view: who leads phase 2 when the table says so (later games, B6)."""
    seed: int = 0
    first_out: tuple[int, ...] = ()
    """Phase 2: the seat(s) that ran out first (`krugly`'s "play for the winner" option)."""

    @property
    def phase(self) -> int:
        return 1 if self.durak is None else 2

    @property
    def is_over(self) -> bool:
        return self.durak is not None and self.durak.is_over

    @property
    def players(self) -> int:
        return int(self.collection.players)

    @property
    def dealer(self) -> int:
        return int(self.collection.dealer)

    @property
    def hands(self) -> tuple[Hand, ...]:
        """Phase 1: what each seat holds or has collected so far; phase 2: the hands."""
        if self.durak is not None:
            return self.durak.hands
        hands: tuple[Hand, ...] = self.collection.hands
        return hands

    @property
    def trump_suit(self) -> Suit | None:
        if self.durak is not None:
            return self.durak.trump_suit
        return self.rules.fixed_trump

    @property
    def trump_card(self) -> Card | None:
        return None if self.durak is None else self.durak.trump_card

    @property
    def attacker(self) -> int:
        return NO_SEAT if self.durak is None else self.durak.attacker

    @property
    def bouts(self) -> int:
        turns = int(self.collection.turns)
        return turns if self.durak is None else turns + self.durak.bouts


def _collection(rules: Rules) -> Collection:
    found = COLLECTIONS.get(rules.variant)
    if found is None:
        raise InvalidPosition(f"{rules.variant!r} is not a two-phase game")
    return found


def _phase2_rules(rules: Rules) -> Rules:
    return replace(rules, engine="durak")


def _enter_phase2(state: TwoPhaseState) -> TwoPhaseState:
    """Start the Durak phase once phase 1 has handed over its result."""
    result: Handover | None = _collection(state.rules).handover(state.collection)
    if result is None:
        return state
    first = result.first_attacker
    if first is None:
        first = state.first_attacker_seat
    if first is None and not state.full_info:
        first = _lowest_trump_holder(result)
    durak = start_from_hands(
        _phase2_rules(state.rules),
        result.hands,
        trump_suit=result.trump_suit,
        trump_card=result.trump_card,
        first_attacker_seat=first,
        full_info=state.full_info,
        dealer=state.dealer,
        seed=state.seed,
        discard=result.discard,
        out_of_play=result.out_of_play,
        previous_fool=state.previous_fool,
    )
    return replace(state, durak=durak, first_out=durak.finished)


def _lowest_trump_holder(result: Handover) -> int | None:
    """B6 in the table view, when every hand is known: the one holder of the lowest trump, else
    (a tie, an unknown hand) the first lead will show who leads."""
    if not all(h.fully_known for h in result.hands) or result.trump_suit is None:
        return None
    lows = {
        seat: min(c.rank for c in h.known if c.suit == result.trump_suit and c.rank)
        for seat, h in enumerate(result.hands)
        if any(c.suit == result.trump_suit for c in h.known)
    }
    if not lows:
        return None
    best = min(lows.values())
    tied = [s for s, r in lows.items() if r == best]
    return tied[0] if len(tied) == 1 else None


# --- the engine API -----------------------------------------------------------------------------


def deal(
    rules: Rules,
    players: int,
    seed: int,
    *,
    dealer: int = 0,
    previous_fool: int | None = None,
    order: Sequence[Card] | None = None,
) -> TwoPhaseState:
    _check_rules(rules)
    check_dealer(players, dealer)
    first = _collection(rules).deal(rules, players, seed, dealer, order)
    return TwoPhaseState(rules, True, first, previous_fool=previous_fool, seed=seed)


def table_game(
    rules: Rules,
    players: int,
    *,
    trump_card: Card | None = None,
    trump_suit: Suit | None = None,
    dealer: int = 0,
    first_attacker_seat: int | None = None,
) -> TwoPhaseState:
    """The table view: phase 1 starts with nothing known. The trump comes from phase 1 (a
    ``trump_suit`` given must agree with a fixed trump); ``first_attacker_seat`` names who leads
    phase 2 (later games)."""
    del trump_card  # phase 1 shows the trump card
    _check_rules(rules)
    check_dealer(players, dealer)
    if trump_suit is not None and rules.fixed_trump not in (None, trump_suit):
        raise InvalidPosition(f"{rules.variant}: the trump is {rules.fixed_trump}")
    if first_attacker_seat is not None and not 0 <= first_attacker_seat < players:
        raise InvalidPosition(f"first attacker seat {first_attacker_seat} does not exist")
    first = _collection(rules).table_start(rules, players, dealer)
    return TwoPhaseState(rules, False, first, first_attacker_seat=first_attacker_seat)


def _seat_in_range(state: TwoPhaseState, move: Move) -> None:
    if not 0 <= move.player < state.players:
        raise InvalidMove(
            f"seat {seat_letter(move.player)} is not at this table of {state.players}"
        )


def _rewrap(verdict: Verdict, state: TwoPhaseState) -> Verdict:
    return replace(verdict, state=state)


def as_two_phase(state: TwoPhaseState | GameState) -> TwoPhaseState:
    """The game as a two-phase state: a bare Durak position of a two-phase variant (a quick
    position for ``bito check``, a position read from notation) is a phase-2 position."""
    if isinstance(state, TwoPhaseState):
        return state
    rules = state.rules
    durak = replace(state, rules=_phase2_rules(rules))
    ended = _collection(rules).table_start(rules, state.players, state.dealer)
    return TwoPhaseState(rules, state.full_info, ended, durak, seed=state.seed)


def check(state: TwoPhaseState | GameState, move: Move) -> Verdict:
    state = as_two_phase(state)
    _seat_in_range(state, move)
    text = format_move(move)
    if state.durak is None:
        if isinstance(move, VariantMove):
            judged = _collection(state.rules).judge(state.collection, move)
        else:
            judged = out_of_turn(
                move.player,
                "§5.4.6",
                ("phase 1 (collecting) is still on", "ещё идёт первая стадия (сбор карт)"),
            )
        return Verdict(
            text,
            state,
            judged.violation,
            tuple(en for en, _ in judged.unchecked),
            tuple(ru for _, ru in judged.unchecked),
        )
    if isinstance(move, VariantMove):
        if state.durak.is_over:
            return Verdict(text, state, violation(Code.GAME_OVER, "B15"))
        if isinstance(move, RunBeat):
            return _rewrap(phase2_skitgubbe.check_and_apply(state.durak, move)[0], state)
        judged = out_of_turn(
            move.player,
            "§5.4.6",
            ("phase 1 is over: Durak is played now", "первая стадия окончена"),
        )
        return Verdict(text, state, judged.violation)
    return _rewrap(durak_engine.check(state.durak, move), state)


def apply(state: TwoPhaseState | GameState, move: Move) -> TwoPhaseState:
    verdict, after = check_and_apply(state, move)
    if not verdict.ok:
        raise IllegalMove(verdict)
    return after


def check_and_apply(state: TwoPhaseState | GameState, move: Move) -> tuple[Verdict, TwoPhaseState]:
    state = as_two_phase(state)
    if state.durak is not None and isinstance(move, RunBeat) and not state.durak.is_over:
        _seat_in_range(state, move)
        inner, durak = phase2_skitgubbe.check_and_apply(state.durak, move)
        return _phase2_step(state, _rewrap(inner, state), durak)
    if state.durak is None or isinstance(move, VariantMove):
        verdict = check(state, move)
        if not verdict.ok:
            return verdict, state
        assert isinstance(move, VariantMove)
        collection = _collection(state.rules).play(state.collection, move)
        return verdict, _enter_phase2(replace(state, collection=collection))
    inner, durak = durak_engine.check_and_apply(state.durak, move)
    return _phase2_step(state, _rewrap(inner, state), durak)


def _phase2_step(
    state: TwoPhaseState, verdict: Verdict, durak: GameState
) -> tuple[Verdict, TwoPhaseState]:
    if not verdict.ok:
        return verdict, state
    first_out = state.first_out or durak.finished
    return verdict, replace(state, durak=durak, first_out=first_out)


def legal_moves(state: TwoPhaseState | GameState) -> list[Move]:
    state = as_two_phase(state)
    if not state.full_info:
        raise InvalidPosition(
            "legal_moves needs full information; the table view cannot list hands"
        )
    if state.durak is None:
        return _collection(state.rules).legal_moves(state.collection)
    moves = movegen.legal_moves(state.durak)
    return moves + phase2_skitgubbe.run_moves(state.durak, moves)


def outcome(state: TwoPhaseState | GameState) -> Outcome | None:
    state = as_two_phase(state)
    if state.durak is None:
        return None
    result = durak_outcome(state.durak)
    if result is None or state.rules.end_loser is not EndLoser.FIRST_OUT_WINS:
        return result
    if state.durak.drawn_by_repetition or not state.first_out:
        return result
    # §4.20.13 option "play for the winner": the first player out wins, all others lose; those
    # who run out together (or start phase 2 with no cards) win together [assumption]
    winners = state.first_out
    losers = tuple(s for s in range(state.players) if s not in winners)
    reason = "the first player out wins, all others lose (§4.20.13)"
    return Outcome(losers, winners, not losers, reason, {})


def _check_rules(rules: Rules) -> None:
    if rules.variant == "dialer" and rules.base_mode is BaseMode.SIMPLE:
        raise InvalidRules("dialer: phase 2 is podkidnoy or perevodnoy (§4.23.8), not simple")


def describe(state: TwoPhaseState | GameState, lang: str = "en") -> str:
    state = as_two_phase(state)
    if state.durak is None:
        return _collection(state.rules).describe(state.collection, lang)
    prefix = "стадия 2" if lang == "ru" else "phase 2"
    return f"{prefix}: {position_text.describe(state.durak, lang)}"


def bout_number(state: TwoPhaseState | GameState) -> int:
    state = as_two_phase(state)
    return state.bouts


_PHASE2_NOTES = {
    "krestovy": "phase 2: diamonds are trump; clubs are beaten only by a higher club; one card "
    "a bout, no throw-ins or transfers; beaten: both cards to the discard and the defender "
    "leads; not beaten: he takes the card and his left neighbour leads (§6 ambiguity 2)",
    "krugly": "phase 2: the lowest trump leads first; nobody draws",
    "dialer": "phase 2: podkidnoy without a stock (no refill); the lowest trump leads; players "
    "who collected nothing are out at once",
    "skitgubbe": "phase 2: the drawer of the last reserve card leads; a failed defence takes "
    "the card and the taker's left neighbour leads; a beaten card lets the defender lead",
}


def page_notes(rules: Rules) -> list[str]:
    """The two phases in words (for :mod:`referee.rules_page`)."""
    collection = COLLECTIONS.get(rules.variant)
    if collection is None:
        return []
    notes = [*collection.notes, _PHASE2_NOTES[rules.variant]]
    if rules.end_loser is EndLoser.FIRST_OUT_WINS:
        notes.append("play for the winner: the first player out wins, all others lose")
    if rules.beat_with_run:
        notes.append("a led card may be beaten with a run of one suit: B:runbeat 8h/Th+Jh+Qh")
    return notes


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
        bout_number=bout_number,
    )
)
