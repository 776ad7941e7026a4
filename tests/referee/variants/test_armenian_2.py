"""`armenian_2` (VARIANTS.md §4.8): one test per rule, legal and illegal moves with their codes."""

from __future__ import annotations

import pytest
from shedding_builders import armenian, judge, run

from referee import legal_moves, outcome, rules_for, table_game
from referee.engines.shedding import Layout, Play, Turn
from referee.engines.trick import Step
from referee.errors import InvalidPosition, InvalidRules
from referee.game import apply, deal


def _laid_out(seed: int = 1, dealer: int = 1) -> object:
    state = deal(rules_for("armenian_2"), 2, seed, dealer=dealer)
    for _ in range(2):
        (move,) = legal_moves(state)
        assert isinstance(move, Layout)
        state = apply(state, move)
    return state


def test_rule_1_the_match_target_is_agreed_21_by_default() -> None:
    assert rules_for("armenian_2").target_score == 21
    assert rules_for("armenian_2", {"target_score": "11"}).target_score == 11
    with pytest.raises(InvalidRules):
        rules_for("armenian_2", {"target_score": "7"})
    with pytest.raises(InvalidPosition):
        deal(rules_for("armenian_2"), 3, 1)


def test_rule_2_the_players_deal_in_turn() -> None:
    state = armenian("9h Ah", "7h 8h", [], [])
    assert state.dealer == 1
    state = run(state, [("A:play 9h", None), ("B:play 7h", None)])
    state = run(state, [("A:play Ah", None), ("B:play 8h", None)])
    assert state.deal_no == 1 and state.dealer == 0 and state.step is Step.LAYOUT
    assert state.turn == 1  # the new dealer's opponent lays out and leads


def test_rule_3_deal_six_face_down_six_face_up_six_in_hand() -> None:
    state = deal(rules_for("armenian_2"), 2, 5, dealer=0)
    assert [h.count for h in state.hands] == [6, 6]
    for row in state.rows:
        assert len(row) == 6 and all(p.up is not None and p.hidden for p in row)
    every = [c for h in state.hands for c in h.known]
    every += [c for row in state.rows for p in row for c in (p.up, p.down) if c is not None]
    assert len(set(every)) == 36
    assert state.step is Step.LAYOUT and state.turn == 1
    ups = [str(p.up) for p in state.rows[1]]
    wrong = "+".join(reversed(ups))
    run(state, [("B:play 6h", "step_due"), (f"B:layout {wrong}", "wrong_card")])
    run(state, [(f"B:layout {'+'.join(ups)}", None)])


def test_rule_4_no_trumps_an_off_suit_card_never_wins() -> None:
    state = armenian("9h 6s", "Ad 7c", [], [])
    state = run(state, [("A:play 9h", None), ("B:play Ad", None)])
    assert state.tricks[0] == state.tricks[1] + 1 and state.turn == 0


def test_rule_5_the_dealers_opponent_leads_from_hand_or_face_up_row() -> None:
    state = _laid_out(dealer=1)
    assert state.turn == 0
    moves = legal_moves(state)
    row_cards = {p.up for p in state.rows[0]}
    assert {m.card for m in moves if isinstance(m, Play)} == set(state.hands[0].known) | row_cards
    first = sorted(state.hands[1].known)[0]
    run(state, [(f"B:play {first}", "out_of_turn")])


def test_rule_6_a_played_face_up_card_frees_the_face_down_card_under_it() -> None:
    state = _laid_out()
    pile = state.rows[0][0]
    state = run(state, [(f"A:play {pile.up}", None)])
    assert state.step is Step.TURN and state.turn == 0
    assert legal_moves(state) == [Turn(0, pile.down)]
    other = sorted(state.hands[0].known)[0]
    state = run(state, [(f"A:turn {other}", "wrong_card"), (f"A:turn {pile.down}", None)])
    assert state.rows[0][0].up == pile.down and state.turn == 1


def test_rule_7_follow_suit_if_able_from_hand_or_face_up_cards() -> None:
    state = armenian("9h 6s", "Th 7c", [("Kd", "-")], [("8s", "-")])
    run(
        state,
        [
            ("A:play 9h", None),
            ("B:play 7c", "must_follow_suit"),
            ("B:play 8s", "must_follow_suit"),
            ("B:play Th", None),
        ],
    )
    state = armenian("9h 6s", "7c Js", [("Kd", "-")], [("8h", "-")])
    run(state, [("A:play 9h", None), ("B:play 7c", "must_follow_suit")])  # 8h lies face up
    state = armenian("9h 6s", "7c Js", [("Kd", "-")], [("8d", "-")])
    run(state, [("A:play 9h", None), ("B:play 7c", None)])  # no heart: any card


def test_rule_7_in_the_table_view_a_face_up_card_of_the_led_suit_is_seen() -> None:
    state = table_game(rules_for("armenian_2"), 2, dealer=1)
    state = run(
        state,
        [
            ("A:play 9h", "step_due"),
            ("A:layout 6c+7c+8c+9c+Tc+Jc", None),
            ("B:layout 6d+7d+8d+9d+Td+Kh", None),
            ("A:play 9h", None),
        ],
    )
    verdict, _ = judge(state, "B:play 6d")
    assert verdict.code == "must_follow_suit" and "Kh" in verdict.message()


def test_rule_7_a_hidden_revoke_is_reported_when_the_card_shows() -> None:
    state = table_game(rules_for("armenian_2"), 2, dealer=1)
    state = run(
        state,
        [
            ("A:layout 6c+7c+8c+9c+Tc+Jc", None),
            ("B:layout 6d+7d+8d+9d+Td+Jd", None),
            ("A:play 9h", None),
        ],
    )
    verdict, state = judge(state, "B:play 6d")
    assert verdict.ok and "no ♥" in verdict.unchecked[0] and verdict.unchecked_ru
    state = run(state, [("B:turn Qd", None), ("A:play Ah", None)])
    verdict, state = judge(state, "B:play Th")  # from B's hand: he had a heart at move 4
    assert verdict.ok and [v.code.value for v in verdict.earlier] == ["revoke"]
    assert "revoked" in verdict.message() and "earlier" in verdict.to_dict()


def test_rule_8_the_higher_card_of_the_led_suit_wins() -> None:
    state = run(armenian("9h 6s", "Th 7c", [], []), [("A:play 9h", None), ("B:play Th", None)])
    assert state.turn == 1
    state = run(armenian("9h 6s", "7h 7c", [], []), [("A:play 9h", None), ("B:play 7h", None)])
    assert state.turn == 0


def test_rule_9_after_18_tricks_the_difference_scores() -> None:
    state = armenian("9h Ah", "7h 8h", [], [])
    state = run(state, [("A:play 9h", None), ("B:play 7h", None)])
    state = run(state, [("A:play Ah", None), ("B:play 8h", None)])
    assert state.last_deal == (10, 8) and state.match == (2, 0)


def test_rule_10_the_first_to_reach_the_target_wins_the_match() -> None:
    state = armenian("9h Ah", "7h 8h", [], [], match=(20, 0))
    state = run(state, [("A:play 9h", None), ("B:play 7h", None)])
    state = run(state, [("A:play Ah", None), ("B:play 8h", None)])
    result = outcome(state)
    assert state.is_over and result is not None
    assert result.winners == (0,) and result.losers == (1,) and result.scores["match"] == (22, 0)
    run(state, [("A:play 6s", "game_over")])


def test_moves_of_other_games_are_refused() -> None:
    state = armenian("9h 6s", "Th 7c", [], [])
    run(state, [("A:attack 9h", "move_not_in_game"), ("A:play 9h=s", "suit_call")])
