"""Properties of random legal games of the engines for games that are not Durak: ``trick``
(`armenian_2`), ``maumau`` (`czech`, every option) and ``sequence`` (`pasyansny`, 2-6 players).

* cards are conserved in every state;
* ``apply`` never changes its input, and is deterministic;
* ``legal_moves`` and ``check`` agree (every legal move checks ok with nothing left unchecked;
  every candidate move that checks ok is listed);
* every game ends with an outcome (the match scores in ``Outcome.scores``);
* the table view accepts every move and reaches the same outcome, without any revoke;
* records round-trip: JSONL, and the text export parses back to the same export.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from companion.referee_commands import simulate_record
from referee import Card, check, check_and_apply, legal_moves, outcome, rules_for, table_game
from referee.engines.maumau import MauMauState
from referee.engines.sequence import SequenceState
from referee.engines.shedding import Draw, Laugh, Layout, NoLaugh, Play, ShowHand, Turn
from referee.engines.trick import TrickState
from referee.export import export_text, parse_text
from referee.game import apply
from referee.moves import Move, Pass
from referee.record import GameRecord, read_record, replay
from referee.setup import deck_of
from referee.simulate import MAX_MOVES, random_game, walk

CZECH_OPTIONS = ["base", "1", "2", "3", "4", "5", "6", "7", "8", "9", "9k", "10", "11"]
CASES: list[tuple[str, dict[str, str], int]] = [
    ("armenian_2", {}, 2),
    ("armenian_2", {"target_score": "11"}, 2),
    *[("czech", {"czech_option": o}, 2) for o in CZECH_OPTIONS],
    ("czech", {"deck": "32"}, 2),
    *[("pasyansny", {}, n) for n in range(2, 7)],
    ("pasyansny", {"rank_others": "true"}, 3),
    ("pasyansny", {"rank_others": "true"}, 5),
]
IDS = [f"{slug}-{'-'.join(o.values()) or 'default'}-{n}p" for slug, o, n in CASES]
LIMIT = 40_000
"""Moves allowed per random match (`czech` option 6 matches to 100 run long at random)."""


def _cards(state: Any) -> Counter[Card]:
    counts: Counter[Card] = Counter()
    for held in state.hands:
        assert held.count == len(held.known)
        counts.update(held.known)
    if isinstance(state, SequenceState):
        counts.update(state.pile)
    elif isinstance(state, MauMauState):
        counts.update(state.pile)
        counts.update(state.stock)
        assert state.stock_count == len(state.stock)
    else:
        assert isinstance(state, TrickState)
        for row in state.rows:
            for pile in row:
                counts.update(c for c in (pile.up, pile.down) if c is not None)
        for won in state.won:
            counts.update(won)
        counts.update(card for _, card in state.trick)
    return counts


def _conserved(state: Any) -> None:
    counts = _cards(state)
    deck = Counter(deck_of(state.rules))
    assert counts == deck, f"missing {sorted(deck - counts)}, extra {sorted(counts - deck)}"


def _candidates(state: Any, rng: random.Random) -> list[Move]:
    """Moves legal or not: every seat, the cards near it, and a few from anywhere."""
    deck = list(deck_of(state.rules))
    out: list[Move] = []
    for seat in range(state.players):
        near = sorted(state.hands[seat].known)
        if isinstance(state, TrickState):
            near += [p.up for p in state.rows[seat] if p.up is not None]
            ups = tuple(p.up for p in state.rows[seat] if p.up is not None)
            out += [Layout(seat, ups), Layout(seat, tuple(reversed(ups)))]
        for card in near + rng.sample(deck, 4):
            out += [Play(seat, card), Play(seat, card, card.suit), Turn(seat, card)]
        out += [Draw(seat), Pass(seat), Laugh(seat), NoLaugh(seat)]
        out.append(ShowHand(seat, tuple(state.hands[seat].known)))
        if near:
            out.append(ShowHand(seat, tuple(near[1:])))
    return list(dict.fromkeys(out))


@pytest.mark.parametrize(("slug", "options", "players"), CASES, ids=IDS)
def test_cards_are_conserved_apply_is_pure_and_check_agrees(
    slug: str, options: dict[str, str], players: int
) -> None:
    rules = rules_for(slug, options)
    rng = random.Random(5)
    for i, (state, move, after) in enumerate(walk(rules, players, 5, LIMIT)):
        if i % 7:
            continue
        _conserved(state)
        snapshot = copy.deepcopy(state)
        assert apply(state, move) == after and state == snapshot
        legal = legal_moves(state)
        assert len(set(legal)) == len(legal)
        for one in legal:
            verdict = check(state, one)
            assert verdict.ok and verdict.unchecked == (), verdict.message()
        for one in _candidates(state, rng):
            verdict = check(state, one)
            assert not verdict.ok or one in legal, (
                f"check accepts {verdict.move} ({verdict.position()})"
            )


@pytest.mark.parametrize(("slug", "options", "players"), CASES, ids=IDS)
def test_every_game_ends_and_the_table_view_agrees(
    slug: str, options: dict[str, str], players: int
) -> None:
    rules = rules_for(slug, options)
    for seed in (1, 2):
        steps = list(walk(rules, players, seed, LIMIT))
        start, final = steps[0][0], steps[-1][2]
        _conserved(final)
        result = outcome(final)
        assert final.is_over and result is not None and legal_moves(final) == []
        assert result.winners and set(result.winners).isdisjoint(result.losers)
        if options.get("rank_others") == "true":
            assert result.losers and sum(h.count > 0 for h in final.hands) == 1
        if slug != "pasyansny":
            assert "match" in result.scores
        view = table_game(rules, players, dealer=start.dealer, first_attacker_seat=start.attacker)
        for _, move, _ in steps:
            verdict, view = check_and_apply(view, move)
            assert verdict.ok and not verdict.earlier, verdict.message()
        assert outcome(view) == result
        assert [h.count for h in view.hands] == [h.count for h in final.hands]


RECORD_CASES = [
    ("armenian_2", {"target_score": "11"}, 2, 3),
    ("czech", {}, 2, 3),
    ("czech", {"czech_option": "7"}, 2, 4),
    ("pasyansny", {}, 4, 3),
]


@pytest.mark.parametrize(("slug", "options", "players", "seed"), RECORD_CASES)
def test_records_round_trip(
    tmp_path: Path, slug: str, options: dict[str, str], players: int, seed: int
) -> None:
    header, record = simulate_record(slug, options, players, seed, None)
    assert record.state.is_over
    path = tmp_path / "game.jsonl"
    saved = GameRecord.create(header, path)
    for event in record.events:
        assert event.move is not None
        assert saved.play(event.move, source="simulation").ok
    header2, events = read_record(path)
    for event, step in zip(events, replay(header2, events), strict=True):
        assert event.verdict == step.verdict.to_dict()
    text = export_text(header, record.events)
    assert "[Result" in text and "unfinished" not in text
    header3, moves, _ = parse_text(text)
    again = GameRecord.create(header3)
    for move in moves:
        assert again.play(move).ok
    assert again.state.is_over
    assert export_text(header3, again.events) == text
    assert outcome(again.state) == outcome(record.state)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_simulation_ends_czech_option_6_matches_within_its_guard(seed: int) -> None:
    """Option 6 (suit only, a named suit skips) matches to 100 run to thousands of random moves."""
    _, moves, final = random_game(rules_for("czech", {"czech_option": "6"}), 2, seed)
    assert final.is_over and len(moves) < MAX_MOVES
