"""Properties of random legal games of the two-phase games (`krestovy`, `krugly`, `dialer`,
`skitgubbe`), for 2..max players and every deck size allowed:

* cards are conserved in both phases, each physical card exactly once;
* ``apply`` never changes its input and is deterministic;
* ``legal_moves`` and ``check`` agree: every legal move checks ok with nothing unchecked, and
  every broad candidate move that checks ok is a legal move;
* every game ends with an outcome (a fool or a draw);
* the table view (what a camera sees) accepts every move and reaches the same end;
* records round-trip: a record played move by move, its text export parsed back and replayed,
  gives the same export.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from itertools import combinations

import pytest

from companion.referee_commands import simulate_record
from referee import (
    Attack,
    Card,
    Defend,
    Done,
    Move,
    Pass,
    Take,
    ThrowIn,
    Transfer,
    apply,
    check,
    check_and_apply,
    legal_moves,
    outcome,
    rules_for,
    table_game,
)
from referee.engines.phase1_dialer import Dial, DialerRow, RowStart
from referee.engines.phase1_krestovy import FaceUp, KrestovyPiles, ToPile
from referee.engines.phase1_krugly import Hit, KruglyLayout, Layout
from referee.engines.phase1_skitgubbe import LastCard, SkitgubbeTricks, TrickCard
from referee.engines.phase2_skitgubbe import RunBeat
from referee.engines.two_phase import VARIANT_RULES, TwoPhaseState
from referee.export import export_text, parse_text
from referee.moves import format_move
from referee.record import GameRecord
from referee.rules import EndLoser, Rules
from referee.setup import deck_of
from referee.simulate import random_game, walk

OPTIONS = {
    "dialer": ("", "base_mode=perevodnoy"),
    "krugly": ("", "play_for_winner=true"),
    "skitgubbe": ("", "multi_lead=true", "run_beat=true"),
}
"""Table options played too, besides the defaults."""


def _cases() -> list[tuple[str, int, int]]:
    out = []
    for name, rules in VARIANT_RULES.items():
        for option in OPTIONS.get(name, ("",)):
            slug = f"{name}:{option}" if option else name
            for players in range(rules.min_players, rules.max_players + 1):
                out.extend((slug, players, deck) for deck in rules.allowed_decks)
    return out


CASES = _cases()


def _rules(slug: str, deck: int) -> Rules:
    """``slug`` is a variant, or ``variant:option=value``."""
    name, _, option = slug.partition(":")
    options = dict([option.split("=")]) if option else {}
    if len(VARIANT_RULES[name].allowed_decks) > 1:
        options["deck"] = str(deck)
    return rules_for(name, options)


def _all_cards(state: TwoPhaseState) -> Counter[Card]:
    if state.durak is None:
        return Counter(state.collection.all_cards())
    game = state.durak
    counts: Counter[Card] = Counter()
    for hand in game.hands:
        assert hand.count == len(hand.known), "a full-information hand is fully known"
        counts.update(hand.known)
    for pair in game.table:
        counts[pair.attack] += 1
        if pair.cover is not None:
            counts[pair.cover] += 1
    counts.update(game.stock)
    counts.update(game.discard)
    counts.update(game.out_of_play)
    return counts


def _assert_conserved(state: TwoPhaseState) -> None:
    counts = _all_cards(state)
    deck = Counter(deck_of(state.rules))
    assert counts == deck, f"missing {sorted(deck - counts)}, extra {sorted(counts - deck)}"


@pytest.mark.parametrize(("slug", "players", "deck"), CASES)
def test_cards_are_conserved_apply_is_pure_and_every_game_ends(
    slug: str, players: int, deck: int
) -> None:
    rules = _rules(slug, deck)
    for seed in (1, 2):
        last = None
        for i, (state, move, after) in enumerate(walk(rules, players, seed)):
            if i % 3 == 0:
                snapshot = copy.deepcopy(state)
                assert apply(state, move) == after, "apply is deterministic"
                assert state == snapshot, f"apply({format_move(move)}) changed its input"
            _assert_conserved(after)
            last = after
        assert last is not None and last.is_over and last.durak is not None
        result = outcome(last)
        assert result is not None
        assert result.draw or result.losers
        assert set(result.losers).isdisjoint(result.winners)
        if rules.end_loser is EndLoser.LAST_WITH_CARDS:
            holding = [s for s in range(players) if last.hands[s].count > 0]
            expected = [] if result.draw else [result.fool]
            assert holding == expected or last.durak.drawn_by_repetition
        else:  # play for the winner: the first out win
            assert result.winners == last.first_out or last.durak.drawn_by_repetition
        assert legal_moves(last) == []


def _phase1_candidates(state: TwoPhaseState, rng: random.Random) -> list[Move]:
    first = state.collection
    seats = range(state.players)
    pool = list(deck_of(state.rules))
    sample = rng.sample(pool, 6)
    out: list[Move] = []
    if isinstance(first, KrestovyPiles):
        top = first.deck[:1]
        for seat in seats:
            for c in [*top, *sample]:
                out.append(FaceUp(seat, c))
                out += [ToPile(seat, c, onto) for onto in seats]
    elif isinstance(first, DialerRow):
        for seat in seats:
            for c in [*first.deck[:1], *sample]:
                out += [RowStart(seat, c), Dial(seat, c)]
                out += [Dial(seat, c, r) for r in first.row]
    elif isinstance(first, KruglyLayout):
        for seat in seats:
            for c in [*first.deck[:1], *sample]:
                out += [Layout(seat, c), Hit(seat, c)]
                out += [Hit(seat, c, t) for t in first.open_cards]
    else:
        assert isinstance(first, SkitgubbeTricks)
        for seat in seats:
            for c in [*first.hands[seat].known, *sample[:2]]:
                out += [TrickCard(seat, c), LastCard(seat, c)]
            if first.last_card is not None:
                out.append(LastCard(seat, first.last_card))
    return out


def _phase2_candidates(state: TwoPhaseState, rng: random.Random) -> list[Move]:
    game = state.durak
    assert game is not None
    out: list[Move] = []
    table = [p.attack for p in game.table]
    for seat in range(state.players):
        hand = sorted(game.hands[seat].known)
        out += [Take(seat), Pass(seat), Done(seat)]
        for c in hand:
            out += [Attack(seat, (c,)), ThrowIn(seat, (c,)), Transfer(seat, (c,))]
            out += [Defend(seat, a, c) for a in table if a != c]
        if game.rules.beat_with_run and table:
            few = rng.sample(hand, min(len(hand), 7))
            for a in table:
                for size in (2, 3):
                    out += [RunBeat(seat, a, run) for run in combinations(few, size)]
                    windows = zip(*(hand[i:] for i in range(size)), strict=False)
                    out += [RunBeat(seat, a, run) for run in windows]
        if seat == game.attacker:
            for size in (2, 3, 5):
                combos = list(combinations(hand, size)) if len(hand) <= 8 else []
                combos += [tuple(rng.sample(hand, size)) for _ in range(10) if len(hand) >= size]
                out += [Attack(seat, combo) for combo in combos[:60]]
    return out


@pytest.mark.parametrize(("slug", "players", "deck"), CASES)
def test_legal_moves_and_check_agree(slug: str, players: int, deck: int) -> None:
    rules = _rules(slug, deck)
    seed = 7 + players + deck
    rng = random.Random(seed)
    for i, (state, _move, _after) in enumerate(walk(rules, players, seed)):
        legal = legal_moves(state)
        assert len(set(legal)) == len(legal), "legal_moves lists a move twice"
        for move in legal:
            verdict = check(state, move)
            assert verdict.ok, f"legal move refused: {verdict.message()}"
            assert verdict.unchecked == ()
        if i % 3:
            continue  # the broad sweep on every third position keeps this quick
        sweep = (
            _phase1_candidates(state, rng)
            if state.durak is None
            else _phase2_candidates(state, rng)
        )
        for move in dict.fromkeys(sweep):
            verdict = check(state, move)
            if verdict.ok:
                assert move in legal, f"check accepts {verdict.move}, not in legal_moves"


@pytest.mark.parametrize("slug", sorted(VARIANT_RULES))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_table_view_accepts_every_move_of_a_legal_game(slug: str, players: int) -> None:
    rules = rules_for(slug)
    for seed in (1, 2, 3):
        start, moves, final = random_game(rules, players, seed)
        view = table_game(rules, players, dealer=start.dealer)
        for move in moves:
            verdict, view = check_and_apply(view, move)
            assert verdict.ok, f"the table view refuses a legal move: {verdict.message()}"
        assert view.is_over
        assert outcome(view) == outcome(final)
        assert [h.count for h in view.hands] == [h.count for h in final.hands]
        assert view.durak is not None and final.durak is not None
        assert view.durak.discard == final.durak.discard


@pytest.mark.parametrize("slug", sorted(VARIANT_RULES))
def test_records_round_trip_through_the_text_export(slug: str) -> None:
    for players in (2, 3):
        header, record = simulate_record(slug, {}, players, 5 + players, None)
        again = GameRecord.create(header)
        for event in record.events:
            assert event.move is not None
            assert again.play(event.move).ok
        assert again.state == record.state and again.state.is_over
        text = export_text(header, again.events)
        header2, moves, _ = parse_text(text)
        replayed = GameRecord.create(header2)
        for move in moves:
            assert replayed.play(move).ok
        assert replayed.state.is_over
        assert export_text(header2, replayed.events) == text
