"""The timeline follows the record: every physical move comes to rest in order, passes do not,
seeded illegal attempts are laid and picked back up."""

from __future__ import annotations

import numpy as np
import pytest

from referee.record import read_record, replay
from vision.video.game import UnshowableGame, simulate
from vision.video.scene import make_table
from vision.video.script import build_timeline


def _timeline(variant: str, players: int, seed: int, illegal: int = 0):  # type: ignore[no-untyped-def]
    game = simulate(variant, players, seed, illegal=illegal)
    rng = np.random.default_rng(seed)
    return game, build_timeline(game, make_table(rng, players, 8), rng)


@pytest.mark.parametrize(("variant", "players"), [("podkidnoy", 2), ("perevodnoy", 4)])
def test_every_physical_move_comes_to_rest_in_record_order(variant: str, players: int) -> None:
    game, tl = _timeline(variant, players, 5, illegal=2)
    assert [e.seq for e in tl.events] == [e.seq for e in game.record.events]
    last = 0.0
    for ev in tl.events:
        verb = ev.move.split(":")[1].split()[0]
        if verb == "pass":
            assert ev.t_rest is None
            continue
        assert ev.t_rest is not None, ev.move
        assert ev.t_rest > last, ev.move
        last = ev.t_rest
    assert tl.duration > last


def test_actions_do_not_overlap_and_move_cards_that_exist() -> None:
    _, tl = _timeline("perevodnoy", 3, 11, illegal=3)
    on_table = set(tl.start)
    end = 0.0
    for action in tl.actions:
        assert action.t0 >= end - 1e-9
        end = action.t1
        if action.kind in ("pickup", "take", "bito", "refill"):
            assert set(action.moving) <= on_table, action.kind
        for card, pose in action.result.items():
            on_table.discard(card)
            if pose is not None:
                on_table.add(card)


def test_illegal_attempts_are_laid_then_picked_up_by_the_same_hand() -> None:
    game, tl = _timeline("podkidnoy", 3, 21, illegal=3)
    illegal = [e for e in tl.events if not e.legal]
    assert len(illegal) == 3
    laid = [a for a in tl.actions if a.kind == "illegal"]
    picked = [a for a in tl.actions if a.kind == "pickup"]
    assert len(laid) == len(picked) == 3
    for put, back in zip(laid, picked, strict=True):
        assert put.seat == back.seat
        assert back.moving == put.moving
        assert back.t0 - put.t_rest >= 1.4  # it lies still ~1.5 s before it goes back
    for ev in illegal:
        stored = next(e for e in game.record.events if e.seq == ev.seq)
        assert stored.verdict is not None and stored.verdict["legal"] is False


def test_a_trump_card_dealt_last_is_shown_then_taken_by_its_holder() -> None:
    game, tl = _timeline("podkidnoy", 6, 3)  # 6 x 6 cards: the deal uses up the 36-card deck
    start = game.steps[0].before
    trump = str(start.trump_card)
    assert start.stock_count == 0 and list(tl.start) == [trump]
    show = tl.actions[0]
    assert show.kind == "show" and show.moving == (trump,)
    assert start.trump_card in start.hands[show.seat].known
    first_rest = min(e.t_rest for e in tl.events if e.t_rest is not None)
    assert show.t0 >= 1.5 and show.t1 < first_rest


def test_truth_replays_to_the_recorded_verdicts(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "truth.jsonl"
    simulate("perevodnoy", 3, 8, illegal=3, path=path)
    header, events = read_record(path)
    assert header.deck is not None and header.seed == 8
    steps = list(replay(header, events))
    assert len(steps) == len(events)
    for step in steps:
        assert step.event.source == "simulation"
        assert step.event.verdict is not None
        assert step.verdict.ok == step.event.verdict["legal"]
        assert step.verdict.code == step.event.verdict["code"]
    assert sum(not s.verdict.ok for s in steps) == 3
    assert steps[-1].state.is_over


def test_variants_without_a_table_form_are_refused() -> None:
    with pytest.raises(UnshowableGame, match="Durak-engine"):
        simulate("czech", 2, 1)
    with pytest.raises(UnshowableGame, match="played by"):
        simulate("podkidnoy", 7, 1)
