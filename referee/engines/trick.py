"""The ``trick`` engine: `armenian_2` (VARIANTS.md §4.8), two-player trick-taking with a tableau.

A match of deals to an agreed score (§4.8.1, option ``target_score``, 21 by default). Each deal
(§4.8.3): in front of each player six face-down cards, a face-up card on each, and six cards in
hand. No trumps (§4.8.4). The dealer's opponent leads the first trick, then each trick's winner
(§4.8.5); a player plays from his hand or from his face-up cards, and the face-down card under a
played face-up card is turned (§4.8.6). The follower must follow suit if he can (§4.8.7); the
higher card of the led suit wins (§4.8.8 [assumption]). After 18 tricks the player with more
tricks scores the difference (§4.8.9); the first to reach the target wins (§4.8.10). The players
deal in turn (§4.8.2).

Moves: ``A:layout ...`` (the six face-up cards, entered once per deal and seat, so that the table
view knows them), ``A:play 7h``, ``A:turn 9h`` (the face-down card freed by a play).

Camera: every card ends face up, but a player who does not follow suit may be hiding a card of
the led suit in his hand. The table view records the claim ("cannot check") and reports a revoke
when such a card is later played from that hand.

Choices where the text is silent:

* no trumps, the higher card of the led suit wins (§4.8.4, §4.8.8 [assumption]);
* the face-up cards of both rows are entered once per deal (``layout``), the dealer's opponent
  first, and a freed face-down card is turned at once (``turn``) by its owner;
* a revoke is reported (``Verdict.earlier``, ``Outcome.scores["revokes"]``) but not penalised:
  the text gives no penalty;
* the deal is laid out in this order: face-down rows, face-up rows, hands, one card at a time
  from the dealer's opponent (only the full-information shuffle depends on it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from referee.cards import Card, CardSet, Suit
from referee.engines.shedding import (
    Claim,
    Layout,
    Notes,
    NoTrumpTable,
    Play,
    Turn,
    check_two_players,
    engine_api,
    game_deck,
    not_in_deck,
    not_in_game,
    revokes,
    verdict_of,
    violation,
)
from referee.game import Engine, register
from referee.moves import Move, seat_letter
from referee.outcome import Outcome
from referee.rules import FirstAttacker, LaterGames, Rules, TrumpSource
from referee.state import Hand
from referee.verdicts import Code, Verdict, Violation

ENGINE = "trick"
S = "§4.8"
ROW = 6
TRICKS_PER_DEAL = 18


class Step(Enum):
    LAYOUT = "layout"  # a player's face-up row must be entered
    PLAY = "play"
    TURN = "turn"  # a face-down card was freed and must be turned
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Pile:
    """One tableau place: the face-up card (None once played, or not yet entered in the table
    view) on a face-down card (``down``: known in full information; ``hidden``: still there)."""

    up: Card | None
    down: Card | None
    hidden: bool


@dataclass(frozen=True, slots=True)
class TrickState(NoTrumpTable):
    rules: Rules
    full_info: bool
    hands: tuple[Hand, ...]
    rows: tuple[tuple[Pile, ...], ...]
    step: Step
    dealer: int
    turn: int
    """Who plays (or lays out, or turns) next."""
    trick: tuple[tuple[int, Card], ...]
    """The cards of the trick in play, in order (leader first)."""
    tricks: tuple[int, int]
    won: tuple[CardSet, CardSet]
    """The cards of the tricks each player won in this deal."""
    match: tuple[int, int]
    deal_no: int
    trick_no: int
    """Tricks played in the whole match (one export line per trick)."""
    moves_made: int
    seen: CardSet
    """Cards shown face up in this deal (rows, turned cards, played cards)."""
    pending: int = -1
    """TURN: the pile whose face-down card must be turned; then who plays next is ``turn``."""
    next_turn: int = -1
    claims: tuple[Claim, ...] = ()
    revokes: tuple[Violation, ...] = ()
    last_deal: tuple[int, int] = (0, 0)
    winner: int | None = None
    seed: int = 0

    @property
    def is_over(self) -> bool:
        return self.step is Step.OVER

    def available(self, seat: int) -> CardSet:
        """Full information: the cards ``seat`` may play (hand and face-up row)."""
        ups = [p.up for p in self.rows[seat] if p.up is not None]
        return self.hands[seat].known.add(*ups)


def _target(rules: Rules) -> int:
    return rules.target_score or 21


def _fresh_deal(state: TrickState, dealer: int, deck: Sequence[Card] | None) -> TrickState:
    """Lay out a new deal (§4.8.3): face-down rows, face-up rows, then hands."""
    opponent = 1 - dealer
    if deck is None:
        hands = tuple(Hand(ROW) for _ in range(2))
        rows = tuple(tuple(Pile(None, None, True) for _ in range(ROW)) for _ in range(2))
    else:
        cards = list(deck)
        by_seat: list[list[Card]] = [[], []]
        for i, card in enumerate(cards):
            by_seat[(opponent + i) % 2].append(card)
        rows = tuple(
            tuple(Pile(by_seat[s][ROW + k], by_seat[s][k], True) for k in range(ROW))
            for s in range(2)
        )
        hands = tuple(Hand(ROW, CardSet.of(by_seat[s][2 * ROW :])) for s in range(2))
    return replace(
        state,
        hands=hands,
        rows=rows,
        step=Step.LAYOUT,
        dealer=dealer,
        turn=opponent,
        trick=(),
        tricks=(0, 0),
        won=(CardSet(), CardSet()),
        seen=CardSet(),
        pending=-1,
        next_turn=-1,
        claims=(),
    )


def _start(rules: Rules, players: int, dealer: int, full_info: bool, seed: int) -> TrickState:
    check_two_players(rules, players, dealer)
    empty = TrickState(
        rules=rules,
        full_info=full_info,
        hands=(Hand(0), Hand(0)),
        rows=((), ()),
        step=Step.LAYOUT,
        dealer=dealer,
        turn=1 - dealer,
        trick=(),
        tricks=(0, 0),
        won=(CardSet(), CardSet()),
        match=(0, 0),
        deal_no=0,
        trick_no=0,
        moves_made=0,
        seen=CardSet(),
        seed=seed,
    )
    return empty


def deal(
    rules: Rules,
    players: int,
    seed: int,
    *,
    dealer: int = 0,
    previous_fool: int | None = None,
    order: Sequence[Card] | None = None,
) -> TrickState:
    """A full-information match; its first deal from ``seed`` (or ``order``, top card first)."""
    state = _start(rules, players, dealer, True, seed)
    deck = game_deck(rules, seed, 0, order)
    return _fresh_deal(state, dealer, deck)


def table_game(
    rules: Rules,
    players: int,
    *,
    trump_card: Card | None = None,
    trump_suit: Suit | None = None,
    dealer: int = 0,
    first_attacker_seat: int | None = None,
) -> TrickState:
    """The table view: six hidden cards in each hand, rows entered by ``layout`` moves."""
    return _fresh_deal(_start(rules, players, dealer, False, 0), dealer, None)


# --- judging -------------------------------------------------------------------------------


def _judge(state: TrickState, move: Move) -> tuple[Verdict, TrickState]:
    if state.is_over:
        return verdict_of(state, move, violation(Code.GAME_OVER, f"{S}.10")), state
    if not isinstance(move, Layout | Play | Turn):
        return not_in_game(state, move, S, "armenian_2"), state
    step_names = {
        Step.LAYOUT: ("the layout of the face-up row", "выкладка открытого ряда"),
        Step.TURN: ("turning the freed face-down card", "открыть освободившуюся карту"),
        Step.PLAY: ("playing a card", "ход картой"),
    }
    wanted = {Step.LAYOUT: Layout, Step.TURN: Turn, Step.PLAY: Play}[state.step]
    if not isinstance(move, wanted):
        en, ru = step_names[state.step]
        return verdict_of(state, move, violation(Code.STEP_DUE, S, step=en, step_ru=ru)), state
    if move.player != state.turn:
        bad = violation(
            Code.OUT_OF_TURN,
            f"{S}.5",
            who=seat_letter(move.player) if 0 <= move.player < 10 else "?",
            why=f"it is {seat_letter(state.turn)}'s turn",
            why_ru=f"ходит {seat_letter(state.turn)}",
        )
        return verdict_of(state, move, bad), state
    match move:
        case Layout():
            return _judge_layout(state, move)
        case Turn():
            return _judge_turn(state, move)
        case Play():
            return _judge_play(state, move)
    raise AssertionError(move)  # pragma: no cover


def _unseen(state: TrickState, card: Card, rule: str) -> Violation | None:
    if (bad := not_in_deck(state.rules, card)) is not None:
        return bad
    if card in state.seen:
        return violation(
            Code.CARD_ALREADY_PLAYED, rule, card=str(card), where="face up", where_ru="открыта"
        )
    return None


def _judge_layout(state: TrickState, move: Layout) -> tuple[Verdict, TrickState]:
    seat = move.player
    rule = f"{S}.3"
    if len(move.shown) != ROW:
        six = violation(Code.WRONG_CARD, rule, card=str(len(move.shown)), what="six cards")
        return verdict_of(state, move, six), state
    for card in move.shown:
        bad = _unseen(state, card, rule)
        if bad is not None:
            return verdict_of(state, move, bad), state
    row = state.rows[seat]
    if state.full_info:
        for pile, card in zip(row, move.shown, strict=True):
            if pile.up != card:
                what = f"the face-up card lying there ({pile.up})"
                bad = violation(Code.WRONG_CARD, rule, card=str(card), what=what)
                return verdict_of(state, move, bad), state
    rows = list(state.rows)
    rows[seat] = tuple(replace(pile, up=card) for pile, card in zip(row, move.shown, strict=True))
    other = 1 - seat
    done = seat == state.dealer  # the dealer's opponent lays out first, then the dealer
    after = replace(
        state,
        rows=tuple(rows),
        seen=state.seen.add(*move.shown),
        step=Step.PLAY if done else Step.LAYOUT,
        turn=1 - state.dealer if done else other,
        moves_made=state.moves_made + 1,
    )
    return verdict_of(state, move), after


def _judge_turn(state: TrickState, move: Turn) -> tuple[Verdict, TrickState]:
    seat, card = move.player, move.card
    rule = f"{S}.6"
    pile = state.rows[seat][state.pending]
    bad = _unseen(state, card, rule)
    if bad is None and state.full_info and pile.down != card:
        what = f"the face-down card that lay there ({pile.down})"
        bad = violation(Code.WRONG_CARD, rule, card=str(card), what=what)
    if bad is not None:
        return verdict_of(state, move, bad), state
    rows = list(state.rows)
    row = list(rows[seat])
    row[state.pending] = Pile(card, None, False)
    rows[seat] = tuple(row)
    after = replace(
        state,
        rows=tuple(rows),
        seen=state.seen.add(card),
        step=Step.PLAY,
        turn=state.next_turn,
        pending=-1,
        next_turn=-1,
        moves_made=state.moves_made + 1,
    )
    return verdict_of(state, move), after


def _judge_play(state: TrickState, move: Play) -> tuple[Verdict, TrickState]:
    seat, card = move.player, move.card
    if move.call is not None:
        why, why_ru = "nobody names a suit in this game", "в этой игре масть не заказывают"
        call = violation(Code.SUIT_CALL, f"{S}.7", why=why, why_ru=why_ru)
        return verdict_of(state, move, call), state
    row = state.rows[seat]
    place = next((k for k, p in enumerate(row) if p.up == card), -1)
    from_hand = place < 0
    hand = state.hands[seat]
    bad: Violation | None = None
    if from_hand:
        if state.full_info and card not in hand.known:
            bad = violation(Code.NOT_IN_HAND, f"{S}.5", who=seat_letter(seat), card=str(card))
        else:
            bad = _unseen(state, card, f"{S}.5")
        if bad is None and hand.count == 0:
            bad = violation(Code.NO_CARDS_LEFT, f"{S}.5", who=seat_letter(seat), count_word="hand")
    notes: Notes = ()
    claims = state.claims
    if bad is None and state.trick:
        led = state.trick[0][1].suit
        assert led is not None
        if card.suit is not led:
            ups = [p.up for p in row if p.up is not None and p.up.suit is led]
            held = [c for c in hand.known if c.suit is led] if state.full_info else []
            able = sorted(ups + held)
            if able:
                bad = violation(
                    Code.MUST_FOLLOW_SUIT,
                    f"{S}.7",
                    who=seat_letter(seat),
                    suit=led.symbol,
                    card=str(able[0]),
                )
            elif not state.full_info:
                who = seat_letter(seat)
                notes = (
                    (
                        f"{who} has no {led.symbol} in his hand: a camera cannot see it "
                        "(checked when his cards show)",
                        f"у {who} нет {led.symbol} на руке: камера не видит руку "
                        "(проверится, когда карты откроются)",
                    ),
                )
                claims = (*claims, Claim(seat, state.moves_made + 1, suit=led, rule=f"{S}.7"))
    if bad is not None:
        return verdict_of(state, move, bad), state
    earlier: tuple[Violation, ...] = ()
    if from_hand and not state.full_info:
        earlier, claims = revokes(claims, (), seat, card)
    hands = list(state.hands)
    rows = list(state.rows)
    pending = -1
    if from_hand:
        hands[seat] = Hand(hand.count - 1, hand.known.remove(card))
    else:
        pile = row[place]
        new_row = list(row)
        new_row[place] = Pile(None, pile.down, pile.hidden)
        rows[seat] = tuple(new_row)
        if pile.hidden:
            pending = place
    after = replace(
        state,
        hands=tuple(hands),
        rows=tuple(rows),
        seen=state.seen.add(card),
        trick=(*state.trick, (seat, card)),
        turn=1 - seat,
        claims=claims,
        revokes=state.revokes + earlier,
        moves_made=state.moves_made + 1,
    )
    if len(after.trick) == 2:
        after = _finish_trick(after)
    if pending >= 0:
        after = replace(after, step=Step.TURN, pending=pending, next_turn=after.turn, turn=seat)
    return verdict_of(state, move, None, notes, earlier), after


def _trick_winner(trick: tuple[tuple[int, Card], ...]) -> int:
    """§4.8.8 [assumption]: the higher card of the led suit wins; an off-suit card never wins."""
    (leader, led), (follower, card) = trick
    assert led.rank is not None and card.rank is not None
    return follower if card.suit is led.suit and card.rank > led.rank else leader


def _finish_trick(state: TrickState) -> TrickState:
    winner = _trick_winner(state.trick)
    tricks = list(state.tricks)
    tricks[winner] += 1
    won = list(state.won)
    won[winner] = won[winner].add(*(card for _, card in state.trick))
    after = replace(
        state,
        trick=(),
        tricks=(tricks[0], tricks[1]),
        won=(won[0], won[1]),
        turn=winner,
        trick_no=state.trick_no + 1,
    )
    if sum(tricks) < TRICKS_PER_DEAL:
        return after
    return _finish_deal(after)


def _finish_deal(state: TrickState) -> TrickState:
    """§4.8.9-10: the player with more tricks scores the difference; the match goes on."""
    a, b = state.tricks
    match = list(state.match)
    if a != b:
        match[0 if a > b else 1] += abs(a - b)
    after = replace(state, match=(match[0], match[1]), last_deal=(a, b))
    target = _target(state.rules)
    for seat in (0, 1):
        if match[seat] >= target:
            return replace(after, step=Step.OVER, winner=seat)
    dealer = 1 - state.dealer  # §4.8.2: the players deal in turn
    deal_no = state.deal_no + 1
    deck = game_deck(state.rules, state.seed, deal_no) if state.full_info else None
    return replace(_fresh_deal(after, dealer, deck), deal_no=deal_no)


check, apply, check_and_apply = engine_api(_judge, TrickState)


def legal_moves(state: TrickState) -> list[Move]:
    """Every legal move in a full-information state (written apart from ``check``)."""
    seat = state.turn
    if state.step is Step.OVER:
        return []
    if state.step is Step.LAYOUT:
        ups = tuple(p.up for p in state.rows[seat] if p.up is not None)
        return [Layout(seat, ups)]
    if state.step is Step.TURN:
        down = state.rows[seat][state.pending].down
        assert down is not None
        return [Turn(seat, down)]
    cards = sorted(state.available(seat))
    if state.trick:
        led = state.trick[0][1].suit
        following = [c for c in cards if c.suit is led]
        cards = following or cards
    return [Play(seat, c) for c in cards]


def outcome(state: TrickState) -> Outcome | None:
    if state.winner is None:
        return None
    scores: dict[str, tuple[int, ...]] = {"match": state.match, "last_deal_tricks": state.last_deal}
    if state.revokes:
        scores["revokes"] = tuple(
            sum(1 for v in state.revokes if dict(v.params)["who"] == seat_letter(s)) for s in (0, 1)
        )
    reason = f"first to {_target(state.rules)} points wins the match (§4.8.10)"
    return Outcome((1 - state.winner,), (state.winner,), False, reason, scores)


def describe(state: TrickState, lang: str = "en") -> str:
    ru = lang == "ru"
    score = f"{'счёт' if ru else 'match'} {state.match[0]}:{state.match[1]}"
    if state.is_over:
        return f"{'матч окончен' if ru else 'match over'}, {score}"
    tricks = f"{'взятки' if ru else 'tricks'} {state.tricks[0]}:{state.tricks[1]}"
    who = seat_letter(state.turn)
    if state.step is Step.LAYOUT:
        doing = f"{who}: {'выкладка' if ru else 'layout'}"
    elif state.step is Step.TURN:
        doing = f"{who}: {'открыть карту' if ru else 'turn a card'}"
    else:
        doing = f"{'ходит' if ru else 'to play'} {who}"
        if state.trick:
            doing += f" ({'на' if ru else 'on'} {state.trick[0][1]})"
    deal_word = "сдача" if ru else "deal"
    return f"{deal_word} {state.deal_no + 1}, {doing}, {tricks}, {score}"


def page_notes(rules: Rules) -> list[str]:
    """The engine's rules in words (for :mod:`referee.rules_page`)."""
    return [
        "each deal: 6 face-down cards, a face-up card on each, and 6 cards in hand per player",
        "no trumps; the dealer's opponent leads the first trick, then each trick's winner",
        "follow the led suit if you can (hand or face-up cards); the higher card of the led "
        "suit wins the trick [assumption]",
        "after 18 tricks the player with more tricks scores the difference",
        f"the first player to reach {_target(rules)} points wins the match; "
        "the players deal in turn",
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
        bout_number=lambda state: state.trick_no,
    )
)

VARIANT_RULES: dict[str, Rules] = {
    "armenian_2": Rules(
        variant="armenian_2",
        engine=ENGINE,
        deck_ranks=36,
        allowed_decks=(36,),
        max_players=2,
        hand_size=6,
        trump_source=TrumpSource.NONE,
        first_attacker=FirstAttacker.DEALER_OPPONENT,
        later_games=LaterGames.SAME_AS_GAME1,
        attack_cap=None,
        throw_in_enabled=False,
        target_score=21,
    )
}
VARIANT_ALIASES: dict[str, tuple[str, ...]] = {
    "armenian_2": ("армянский-2", "армянский второй", "armenian-trick", "fool-armenian-2"),
}
