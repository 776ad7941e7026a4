"""The ``maumau`` engine: `czech` (VARIANTS.md §4.44), a Mau-Mau shedding game with its 11 options.

Two players, 36 cards (32 in option 2), five cards each (§4.44.1-2). A card must match the top of
the pile by suit or rank; the Queen is wild and names a suit (§4.44.5). A player without a
playable card draws until he draws one and plays it (§4.44.6); an empty stock is remade from the
pile under its top card (§4.44.7). 6: the opponent draws 2 and skips; 7: draws 1 and skips; A:
skips (§4.44.8) - with two players the player moves again. The player who runs out wins the game;
the loser lays his hand face up (``A:showhand ...``) and scores its penalty points (§4.44.9); the
match goes on until a player reaches 100 (§4.44.10).

The table option ``czech_option`` plays one of the 11 options instead
(:mod:`referee.engines.maumau_options`).

Moves: ``A:play 7h``, ``A:play Qs=h`` (a wild card naming hearts: the suit is spoken, so whoever
runs the table enters it), ``A:draw``, ``A:pass`` (no card to play and no more drawing allowed),
``B:showhand 7h+Kd``. Penalty draws of the action cards are made by the referee itself.

Camera: every play is face up, but a draw or a pass says "I have no playable card", which only
the hidden hand could confirm: the table view lists it as not checked.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from referee.cards import Card, CardSet, Rank, Suit
from referee.engines.maumau_options import Config, config, finish_bonus, hand_points, page_notes
from referee.engines.shedding import (
    Draw,
    Notes,
    NoTrumpTable,
    Play,
    ShowHand,
    check_two_players,
    deck_of,
    engine_api,
    game_deck,
    not_in_deck,
    not_in_game,
    verdict_of,
    violation,
)
from referee.game import Engine, register
from referee.moves import Move, Pass, seat_letter
from referee.outcome import Outcome
from referee.rules import FirstAttacker, LaterGames, Rules, TrumpSource
from referee.state import Hand
from referee.verdicts import Code, Verdict, Violation

ENGINE = "maumau"
S = "§4.44"
__all__ = ["ENGINE", "Config", "MauMauState", "Step", "config", "hand_points", "page_notes"]


# --- the state ----------------------------------------------------------------------------------


class Step(Enum):
    PLAY = "play"
    SHOW = "show"  # the game's loser lays his hand face up
    OVER = "over"


@dataclass(frozen=True, slots=True)
class MauMauState(NoTrumpTable):
    rules: Rules
    full_info: bool
    hands: tuple[Hand, ...]
    stock: tuple[Card, ...]
    """Full information: the stock, next card first."""
    stock_count: int
    pile: tuple[Card, ...]
    """The play pile, top card last."""
    step: Step
    turn: int
    dealer: int
    called: Suit | None = None
    """The suit a wild card (or option 4's ace) named."""
    free: bool = True
    """Any card may be played: the first lead, or on option 7's six."""
    ace_right: bool = False
    """Option 4: the next card of the ace's suit names a suit."""
    drew: int = 0
    """Cards drawn in this turn."""
    game_no: int = 0
    turn_no: int = 0
    """Turns played in the match (one export line per turn)."""
    reshuffles: int = 0
    match: tuple[int, int] = (0, 0)
    game_winner: int | None = None
    last_game: tuple[int, int] = (0, 0)
    """Points each player scored in the last finished game."""
    loser: int | None = None
    """The player who lost the match."""
    seed: int = 0

    @property
    def is_over(self) -> bool:
        return self.step is Step.OVER


def _first_player(rules: Rules, dealer: int, game_no: int, previous_winner: int | None) -> int:
    """§4.44.3: game 1 the non-dealer (options 3, 7, 9: the dealer); later the previous winner."""
    if game_no > 0 and rules.later_games is LaterGames.PREVIOUS_WINNER:
        assert previous_winner is not None
        return previous_winner
    return dealer if rules.first_attacker is FirstAttacker.DEALER else 1 - dealer


def _new_game(
    state: MauMauState,
    dealer: int,
    game_no: int,
    previous_winner: int | None,
    order: Sequence[Card] | None = None,
) -> MauMauState:
    """Deal a game (§4.44.2): ``hand_size`` cards each, one at a time, from the dealer's left;
    full information: shuffled from the match's seed, or (the first game) from ``order``."""
    size = config(state.rules).hand_size
    total = len(deck_of(state.rules))
    if state.full_info:
        deck = game_deck(state.rules, state.seed, game_no, order)
        hands: list[list[Card]] = [[], []]
        for i in range(2 * size):
            hands[(dealer + 1 + i) % 2].append(deck[i])
        new_hands = tuple(Hand(size, CardSet.of(h)) for h in hands)
        stock = tuple(deck[2 * size :])
    else:
        new_hands = (Hand(size), Hand(size))
        stock = ()
    return replace(
        state,
        hands=new_hands,
        stock=stock,
        stock_count=total - 2 * size,
        pile=(),
        step=Step.PLAY,
        turn=_first_player(state.rules, dealer, game_no, previous_winner),
        dealer=dealer,
        called=None,
        free=True,
        ace_right=False,
        drew=0,
        game_no=game_no,
        reshuffles=0,
        game_winner=None,
    )


def _empty(rules: Rules, players: int, dealer: int, full_info: bool, seed: int) -> MauMauState:
    check_two_players(rules, players, dealer)
    return MauMauState(
        rules=rules,
        full_info=full_info,
        hands=(Hand(0), Hand(0)),
        stock=(),
        stock_count=0,
        pile=(),
        step=Step.PLAY,
        turn=1 - dealer,
        dealer=dealer,
        seed=seed,
    )


def deal(
    rules: Rules,
    players: int,
    seed: int,
    *,
    dealer: int = 0,
    previous_fool: int | None = None,
    order: Sequence[Card] | None = None,
) -> MauMauState:
    """A full-information match; its games are shuffled from ``seed``."""
    return _new_game(_empty(rules, players, dealer, True, seed), dealer, 0, None, order)


def table_game(
    rules: Rules,
    players: int,
    *,
    trump_card: Card | None = None,
    trump_suit: Suit | None = None,
    dealer: int = 0,
    first_attacker_seat: int | None = None,
) -> MauMauState:
    """The table view: hand sizes and the pile; the hands and the stock are hidden."""
    return _new_game(_empty(rules, players, dealer, False, 0), dealer, 0, None)


# --- judging ------------------------------------------------------------------------------------


def _top(state: MauMauState) -> Card | None:
    return state.pile[-1] if state.pile else None


def _match_failure(state: MauMauState, cfg: Config, card: Card) -> tuple[str, str] | None:
    """Why ``card`` may not go on the pile now (English, Russian), or None when it may."""
    top = _top(state)
    if state.free or top is None or card.rank is cfg.wild:
        return None
    if state.called is not None:
        if card.suit is state.called:
            return None
        name = state.called.symbol
        return (f"{name} was named", f"заказана масть {name}")
    if card.suit is top.suit:
        return None
    if card.rank is top.rank and (not cfg.suit_only or top.rank is Rank.SIX):
        return None
    if cfg.suit_only:
        return (
            "play by suit only (by rank only on a 6)",
            "ходят только в масть (по достоинству - на шестёрку)",
        )
    return ("neither its suit nor its rank matches", "не совпадает ни масть, ни достоинство")


def _playable(state: MauMauState, cfg: Config, seat: int) -> list[Card]:
    return sorted(c for c in state.hands[seat].known if _match_failure(state, cfg, c) is None)


def _names_by_ace(state: MauMauState, cfg: Config, card: Card) -> bool:
    """Option 4: a non-ace card of the ace's suit played on it names a suit."""
    top = _top(state)
    return (
        state.ace_right
        and top is not None
        and card.suit is top.suit
        and card.rank not in (Rank.ACE, cfg.wild)
    )


def _can_draw(state: MauMauState, cfg: Config) -> tuple[str, str] | None:
    """Why the player to move may not draw now, or None."""
    if state.drew and (cfg.draw_one or state.ace_right):
        return ("only one card may be drawn", "можно взять только одну карту")
    if state.stock_count == 0 and len(state.pile) <= 1:
        return ("the stock and the pile are used up", "колода и сброс кончились")
    return None


def _draw_cards(state: MauMauState, seat: int, count: int) -> MauMauState:
    """``seat`` draws ``count`` cards (fewer if none are left); an empty stock is remade from the
    pile under its top card (§4.44.7)."""
    for _ in range(count):
        if state.stock_count == 0:
            if len(state.pile) <= 1:
                break
            under = list(state.pile[:-1])
            if state.full_info:
                key = f"{state.seed}/{state.game_no}/r{state.reshuffles}"
                random.Random(key).shuffle(under)
            state = replace(
                state,
                stock=tuple(under) if state.full_info else (),
                stock_count=len(under),
                pile=state.pile[-1:],
                reshuffles=state.reshuffles + 1,
            )
        hand = state.hands[seat]
        hands = list(state.hands)
        if state.full_info:
            card = state.stock[0]
            hands[seat] = Hand(hand.count + 1, hand.known.add(card))
            state = replace(state, stock=state.stock[1:])
        else:
            hands[seat] = Hand(hand.count + 1)
        state = replace(state, hands=tuple(hands), stock_count=state.stock_count - 1)
    return state


def _judge(state: MauMauState, move: Move) -> tuple[Verdict, MauMauState]:
    if state.is_over:
        return verdict_of(state, move, violation(Code.GAME_OVER, f"{S}.10")), state
    if not isinstance(move, Play | Draw | Pass | ShowHand):
        return not_in_game(state, move, S, "czech"), state
    if state.step is Step.SHOW and not isinstance(move, ShowHand):
        step, step_ru = "the loser laying his hand face up", "проигравший открывает карты"
        return verdict_of(
            state, move, violation(Code.STEP_DUE, f"{S}.9", step=step, step_ru=step_ru)
        ), state
    if state.step is Step.PLAY and isinstance(move, ShowHand):
        step, step_ru = "the end of the game", "конец партии"
        return verdict_of(
            state, move, violation(Code.STEP_DUE, f"{S}.9", step=step, step_ru=step_ru)
        ), state
    if move.player != state.turn:
        bad = violation(
            Code.OUT_OF_TURN,
            f"{S}.5",
            who=seat_letter(move.player) if 0 <= move.player < 10 else "?",
            why=f"it is {seat_letter(state.turn)}'s turn",
            why_ru=f"ходит {seat_letter(state.turn)}",
        )
        return verdict_of(state, move, bad), state
    cfg = config(state.rules)
    match move:
        case Play():
            return _judge_play(state, cfg, move)
        case Draw():
            return _judge_draw(state, cfg, move)
        case Pass():
            return _judge_pass(state, cfg, move)
        case ShowHand():
            return _judge_show(state, cfg, move)
    raise AssertionError(move)  # pragma: no cover


def _no_playable_note(seat: int) -> Notes:
    who = seat_letter(seat)
    return (
        (
            f"{who} has no playable card: a camera cannot see his hand",
            f"у {who} нет подходящей карты: камера не видит руку",
        ),
    )


def _must_play(
    state: MauMauState, cfg: Config, seat: int, action: str, action_ru: str
) -> Violation | None:
    if not state.full_info:
        return None
    playable = _playable(state, cfg, seat)
    if playable:
        return violation(
            Code.MUST_PLAY,
            f"{S}.6",
            who=seat_letter(seat),
            card=str(playable[0]),
            action=action,
            action_ru=action_ru,
        )
    return None


def _judge_draw(state: MauMauState, cfg: Config, move: Draw) -> tuple[Verdict, MauMauState]:
    seat = move.player
    bad = _must_play(state, cfg, seat, "draw", "брать карту")
    why = _can_draw(state, cfg)
    if bad is None and why is not None:
        bad = violation(
            Code.DRAW_NOT_ALLOWED, f"{S}.6", who=seat_letter(seat), why=why[0], why_ru=why[1]
        )
    if bad is not None:
        return verdict_of(state, move, bad), state
    after = replace(_draw_cards(state, seat, 1), drew=state.drew + 1)
    notes = () if state.full_info else _no_playable_note(seat)
    return verdict_of(state, move, None, notes), after


def _judge_pass(state: MauMauState, cfg: Config, move: Pass) -> tuple[Verdict, MauMauState]:
    seat = move.player
    bad = _must_play(state, cfg, seat, "pass", "пасовать")
    if bad is None and _can_draw(state, cfg) is None:
        bad = violation(
            Code.PASS_NOT_ALLOWED,
            f"{S}.6",
            who=seat_letter(seat),
            why="he must draw first",
            why_ru="сначала нужно брать карту",
        )
    if bad is not None:
        return verdict_of(state, move, bad), state
    after = replace(state, turn=1 - seat, drew=0, turn_no=state.turn_no + 1)
    notes = () if state.full_info else _no_playable_note(seat)
    return verdict_of(state, move, None, notes), after


def _unplayed(state: MauMauState, card: Card, rule: str) -> Violation | None:
    """Why ``card`` cannot come from a hand: not in the deck (B1), or already on the pile."""
    bad = not_in_deck(state.rules, card)
    if bad is None and card in state.pile:
        bad = violation(
            Code.CARD_ALREADY_PLAYED, rule, card=str(card), where="on the pile", where_ru="в сбросе"
        )
    return bad


def _judge_play(state: MauMauState, cfg: Config, move: Play) -> tuple[Verdict, MauMauState]:
    seat, card = move.player, move.card
    hand = state.hands[seat]
    bad = _unplayed(state, card, f"{S}.5")
    if bad is None and state.full_info and card not in hand.known:
        bad = violation(Code.NOT_IN_HAND, f"{S}.5", who=seat_letter(seat), card=str(card))
    if bad is None and hand.count == 0:
        bad = violation(Code.NO_CARDS_LEFT, f"{S}.5", who=seat_letter(seat), count_word="")
    if bad is None:
        failure = _match_failure(state, cfg, card)
        if failure is not None:
            top = _top(state)
            bad = violation(
                Code.NOT_PLAYABLE,
                f"{S}.5",
                card=str(card),
                top=str(top),
                why=failure[0],
                why_ru=failure[1],
            )
    names = card.rank is cfg.wild or _names_by_ace(state, cfg, card)
    if bad is None:
        if names and move.call is None:
            bad = violation(
                Code.SUIT_CALL,
                f"{S}.5",
                why=f"{card} must name a suit (e.g. {card}=h)",
                why_ru=f"{card}: нужно заказать масть",
            )
        elif not names and move.call is not None:
            bad = violation(
                Code.SUIT_CALL,
                f"{S}.5",
                why=f"{card} names no suit",
                why_ru=f"{card} не заказывает масть",
            )
        elif names and card.rank is not cfg.wild and move.call is card.suit:
            bad = violation(
                Code.SUIT_CALL,
                f"{S} option 4",
                why="the named suit must differ from the ace's",
                why_ru="заказанная масть должна отличаться от масти туза",
            )
    if bad is not None:
        return verdict_of(state, move, bad), state
    hands = list(state.hands)
    hands[seat] = Hand(hand.count - 1, hand.known.remove(card))
    after = replace(
        state,
        hands=tuple(hands),
        pile=(*state.pile, card),
        called=move.call,
        free=False,
        ace_right=False,
        drew=0,
    )
    action = cfg.action(card) if card.rank is not cfg.wild else None
    again = False
    if action is not None:
        if action.draw:
            after = _draw_cards(after, 1 - seat, action.draw)
        again = action.again
        after = replace(after, free=action.free, ace_right=action.names)
    if card.rank is cfg.wild and cfg.call_skips:
        again = True
    notes: Notes = ()
    if names and not state.full_info:
        notes = (
            (
                "the named suit is spoken: entered by hand",
                "заказанная масть названа вслух: введена вручную",
            ),
        )
    if hands[seat].count == 0:
        after = replace(
            after, step=Step.SHOW, game_winner=seat, turn=1 - seat, turn_no=after.turn_no + 1
        )
    elif again:
        after = replace(after, turn=seat)
    else:
        after = replace(after, turn=1 - seat, turn_no=after.turn_no + 1)
    return verdict_of(state, move, None, notes), after


def _judge_show(state: MauMauState, cfg: Config, move: ShowHand) -> tuple[Verdict, MauMauState]:
    seat = move.player
    hand = state.hands[seat]
    shown = CardSet.of(move.shown)
    bad: Violation | None = None
    if state.full_info and shown != hand.known:
        bad = violation(
            Code.WRONG_CARD,
            f"{S}.9",
            card=" ".join(map(str, move.shown)),
            what=f"{seat_letter(seat)}'s hand ({' '.join(map(str, sorted(hand.known)))})",
            what_ru=f"рука {seat_letter(seat)}",
        )
    elif len(move.shown) != hand.count:
        bad = violation(
            Code.WRONG_CARD,
            f"{S}.9",
            card=" ".join(map(str, move.shown)),
            what=f"{hand.count} cards",
            what_ru=f"{hand.count} карт",
        )
    else:
        for card in move.shown:
            bad = _unplayed(state, card, f"{S}.9")
            if bad is not None:
                break
    if bad is not None:
        return verdict_of(state, move, bad), state
    winner = state.game_winner
    assert winner is not None
    points = hand_points(cfg, move.shown)
    bonus = finish_bonus(cfg, state.pile[-1])
    scored = [0, 0]
    scored[seat] = points
    scored[winner] = -bonus
    match = (state.match[0] + scored[0], state.match[1] + scored[1])
    after = replace(state, match=match, last_game=(scored[0], scored[1]))
    jack = cfg.jack_loses_match and any(c.rank is Rank.JACK for c in move.shown)
    if jack or match[seat] >= cfg.target:
        after = replace(after, step=Step.OVER, loser=seat, turn_no=after.turn_no + 1)
    else:
        after = _new_game(after, 1 - state.dealer, state.game_no + 1, winner)
        after = replace(after, turn_no=state.turn_no + 1)
    return verdict_of(state, move), after


check, apply, check_and_apply = engine_api(_judge, MauMauState)


def legal_moves(state: MauMauState) -> list[Move]:
    """Every legal move in a full-information state (written apart from ``check``)."""
    if state.step is Step.OVER:
        return []
    seat = state.turn
    if state.step is Step.SHOW:
        return [ShowHand(seat, tuple(state.hands[seat].known))]
    cfg = config(state.rules)
    moves: list[Move] = []
    top = _top(state)
    for card in sorted(state.hands[seat].known):
        if not (state.free or top is None or card.rank is cfg.wild):
            if state.called is not None:
                if card.suit is not state.called:
                    continue
            elif card.suit is not top.suit and not (
                card.rank is top.rank and (not cfg.suit_only or top.rank is Rank.SIX)
            ):
                continue
        if card.rank is cfg.wild:
            moves += [Play(seat, card, suit) for suit in Suit]
        elif _names_by_ace(state, cfg, card):
            moves += [Play(seat, card, suit) for suit in Suit if suit is not card.suit]
        else:
            moves.append(Play(seat, card))
    if moves:
        return moves
    one_only = cfg.draw_one or state.ace_right
    if (state.drew and one_only) or (state.stock_count == 0 and len(state.pile) <= 1):
        return [Pass(seat)]
    return [Draw(seat)]


def outcome(state: MauMauState) -> Outcome | None:
    if state.loser is None:
        return None
    cfg = config(state.rules)
    reason = f"reached {cfg.target} penalty points (§4.44.10)"
    if state.match[state.loser] < cfg.target:
        reason = "left holding a jack (§4.44 option 3)"
    scores: dict[str, tuple[int, ...]] = {"match": state.match, "last_game": state.last_game}
    return Outcome((state.loser,), (1 - state.loser,), False, reason, scores)


def describe(state: MauMauState, lang: str = "en") -> str:
    ru = lang == "ru"
    score = f"{'счёт' if ru else 'points'} {state.match[0]}:{state.match[1]}"
    if state.is_over:
        return f"{'матч окончен' if ru else 'match over'}, {score}"
    who = seat_letter(state.turn)
    if state.step is Step.SHOW:
        doing = f"{who} {'открывает карты' if ru else 'shows his hand'}"
    else:
        doing = f"{'ходит' if ru else 'to play'} {who}"
    top = _top(state)
    on = f"{'сверху' if ru else 'top'} {top if top else '-'}"
    if state.called is not None:
        on += f" ({'заказано' if ru else 'named'} {state.called.symbol})"
    counts = " ".join(f"{seat_letter(s)}:{h.count}" for s, h in enumerate(state.hands))
    game = f"{'партия' if ru else 'game'} {state.game_no + 1}"
    stock = f"{'колода' if ru else 'stock'} {state.stock_count}"
    return f"{game}, {doing}, {on}, {stock}, {counts}, {score}"


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
        bout_number=lambda state: state.turn_no,
    )
)

VARIANT_RULES: dict[str, Rules] = {
    "czech": Rules(
        variant="czech",
        engine=ENGINE,
        deck_ranks=36,
        allowed_decks=(36, 32),
        max_players=2,
        hand_size=5,
        trump_source=TrumpSource.NONE,
        first_attacker=FirstAttacker.LEFT_OF_DEALER,
        later_games=LaterGames.PREVIOUS_WINNER,
        attack_cap=None,
        throw_in_enabled=False,
        target_score=100,
    )
}
VARIANT_ALIASES: dict[str, tuple[str, ...]] = {
    "czech": ("чешский", "чешский дурак", "mau-mau", "maumau", "fool-czech"),
}
