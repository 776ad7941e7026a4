"""`czech` (VARIANTS.md §4.44): one test per base rule 1-10 and per option 1-11."""

from __future__ import annotations

from dataclasses import replace

import pytest
from shedding_builders import czech, judge, run

from referee import outcome, rules_for, table_game
from referee.engines.maumau import Step, page_notes
from referee.errors import InvalidPosition, InvalidRules
from referee.game import deal

# --- base rules ----------------------------------------------------------------------------------


def test_rule_1_two_players_36_cards() -> None:
    rules = rules_for("czech")
    assert (rules.min_players, rules.max_players, rules.deck_ranks) == (2, 2, 36)
    with pytest.raises(InvalidPosition):
        deal(rules, 3, 1)
    with pytest.raises(InvalidRules):
        rules_for("czech", {"deck": "52"})


def test_rule_2_five_cards_each_the_rest_is_the_stock() -> None:
    state = deal(rules_for("czech"), 2, 7, dealer=0)
    assert [h.count for h in state.hands] == [5, 5]
    assert state.stock_count == 26 and state.pile == ()


def test_rule_3_first_move_non_dealer_then_previous_winner() -> None:
    assert deal(rules_for("czech"), 2, 1, dealer=1).turn == 0
    assert deal(rules_for("czech"), 2, 1, dealer=0).turn == 1
    state = czech("Qs", "Kd 9d", pile="9s", turn=1)
    state = replace(state, turn=0)
    state = run(state, [("A:play Qs=h", None), ("B:showhand Kd+9d", None)])
    assert state.game_no == 1 and state.dealer == 0
    assert state.turn == 0  # A won game 1


def test_rule_4_the_first_card_is_free_and_no_card_is_turned() -> None:
    state = deal(rules_for("czech"), 2, 3, dealer=1)
    assert state.pile == () and state.free
    first = sorted(state.hands[0].known)[0]
    verdict, after = judge(state, f"A:play {first}" + ("=h" if first.rank.letter == "Q" else ""))
    assert verdict.ok and after.pile == (first,)


def test_rule_5_match_suit_or_rank_or_play_the_wild_queen_naming_a_suit() -> None:
    state = czech("9h Kh Qs 7c", "9d Th", pile="9c")
    run(
        state,
        [
            ("A:play Kh", "not_playable"),
            ("A:play 9h", None),  # same rank
            ("B:play Th", None),  # same suit
            ("A:play Qs", "suit_call"),  # a Queen must name a suit
            ("A:play Kh=s", "suit_call"),  # only a wild card names one
            ("A:play Qs=d", None),
            ("B:play Th", "card_already_played"),
            ("B:play 9d", None),  # the named suit
        ],
    )


def test_rule_6_no_playable_card_draw_until_one_comes_then_play_it() -> None:
    state = czech("9s Ks", "9d", pile="7h", stock="8c Th 6d")
    run(
        state,
        [
            ("A:pass", "pass_not_allowed"),
            ("A:draw", None),  # 8c
            ("A:draw", None),  # Th fits
            ("A:draw", "must_play"),
            ("A:play Th", None),
        ],
    )
    run(czech("9h", "9d", pile="7h"), [("A:draw", "must_play")])


def test_rule_7_an_empty_stock_is_remade_from_the_pile_under_its_top_card() -> None:
    state = czech("9s", "Kd", pile="7c 8c 9c 7h", whole_stock=False)
    assert state.stock_count == 0
    verdict, after = judge(state, "A:draw")
    assert verdict.ok and after.pile == state.pile[-1:]
    assert after.stock_count == 2 and after.hands[0].count == 2
    empty = czech("9s", "Kd", pile="7h", whole_stock=False)
    run(empty, [("A:draw", "draw_not_allowed"), ("A:pass", None)])


def test_rule_8_six_seven_and_ace_make_the_opponent_draw_and_skip() -> None:
    state = czech("6h 7h Ah 9h", "Kd Ks", pile="Th")
    state = run(state, [("A:play 6h", None)])
    assert state.hands[1].count == 4 and state.turn == 0
    state = run(state, [("A:play 7h", None)])
    assert state.hands[1].count == 5 and state.turn == 0
    state = run(state, [("A:play Ah", None)])
    assert state.turn == 0
    state = run(state, [("A:play 9h", None)])
    assert state.turn == 1


def test_rule_9_the_loser_shows_his_hand_and_scores_its_points() -> None:
    state = czech("Qs", "Kd Qh 7c", pile="9s")
    state = run(
        state,
        [
            ("A:play Qs=h", None),
            ("B:play Kd", "step_due"),
            ("B:showhand Kd", "wrong_card"),
            ("B:showhand Kd+Qh+7c", None),  # 4 + 20 (a Queen left in hand) + 7
        ],
    )
    assert state.match == (0, 31) and state.last_game == (0, 31)
    assert state.step is Step.PLAY and [h.count for h in state.hands] == [5, 5]


def test_rule_10_a_player_who_reaches_100_loses_the_match() -> None:
    state = czech("Qs", "Ah Kh Qh Qd Qc", pile="9s", match=(0, 80))
    state = run(state, [("A:play Qs=h", None), ("B:showhand Ah+Kh+Qh+Qd+Qc", None)])
    assert state.is_over and state.match == (0, 155)
    result = outcome(state)
    assert result is not None and result.losers == (1,) and result.winners == (0,)
    assert result.scores["match"] == (0, 155)
    run(state, [("A:play 9h", "game_over")])


def test_table_view_draws_and_named_suits_are_not_checked() -> None:
    state = table_game(rules_for("czech"), 2, dealer=1)
    verdict, state = judge(state, "A:play 9h")
    assert verdict.ok and verdict.unchecked == ()
    verdict, state = judge(state, "B:draw")
    assert verdict.ok and "no playable card" in verdict.unchecked[0]
    verdict, state = judge(state, "B:play Qs=c")
    assert verdict.ok and "spoken" in verdict.unchecked[0]
    verdict, _ = judge(state, "A:play 9h")
    assert verdict.code == "card_already_played"


def test_durak_moves_are_not_moves_of_this_game() -> None:
    run(czech("9h", "9d", pile="7h"), [("A:attack 9h", "move_not_in_game")])


# --- options ---------------------------------------------------------------------------------


def test_option_1_draw_one_card_then_pass() -> None:
    state = czech("9s", "9d", option="1", pile="7h", stock="8c Th")
    state = run(state, [("A:draw", None), ("A:draw", "draw_not_allowed"), ("A:pass", None)])
    assert state.turn == 1


def test_option_2_small_deck_seven_draws_two_eight_draws_one() -> None:
    rules = rules_for("czech", {"czech_option": "2"})
    assert rules.deck_ranks == 32
    state = czech("7h 8h 9h", "Kd", option="2", pile="Th")
    state = run(state, [("A:play 6h", "card_not_in_deck"), ("A:play 7h", None)])
    assert state.hands[1].count == 3 and state.turn == 0
    state = run(state, [("A:play 8h", None)])
    assert state.hands[1].count == 4 and state.turn == 0


def test_option_3_six_cards_dealer_first_jack_wild_holding_a_jack_loses() -> None:
    rules = rules_for("czech", {"czech_option": "3"})
    start = deal(rules, 2, 1, dealer=1)
    assert [h.count for h in start.hands] == [6, 6] and start.turn == 1
    state = czech("Js Qh", "9d Jd", option="3", pile="9c")
    run(state, [("A:play Qh=s", "not_playable"), ("A:play Js=h", None), ("B:play Jd=c", None)])
    state = czech("Js", "Jd 9d", option="3", pile="9c")
    state = run(state, [("A:play Js=h", None), ("B:showhand Jd+9d", None)])
    result = outcome(state)
    assert result is not None and result.losers == (1,) and "jack" in result.reason
    assert state.match == (0, 11)


def test_option_4_english_fool_the_ace_names_a_suit_through_its_next_card() -> None:
    state = czech("Ah 9h Kc", "Td 7s", option="4", pile="Th")
    run(
        state,
        [
            ("A:play Ah", None),
            ("A:play 9h", "suit_call"),
            ("A:play 9h=h", "suit_call"),  # the named suit differs from the ace's
            ("A:play 9h=c", None),
        ],
    )
    state = czech("Ah Kc", "9h 7s", option="4", pile="Th", stock="8s 8d")
    state = run(
        state,
        [
            ("A:play Ah", None),
            ("A:draw", None),
            ("A:draw", "draw_not_allowed"),
            ("A:pass", None),
            ("B:play 9h=s", None),  # the right passed to B
        ],
    )
    assert state.called is not None and state.called.value == "s"


def test_option_5_pharaoh_four_cards_and_the_queen_worth_thirty() -> None:
    start = deal(rules_for("czech", {"czech_option": "5"}), 2, 1)
    assert [h.count for h in start.hands] == [4, 4]
    state = czech("Qh", "Qd", option="5", pile="9h")
    state = run(state, [("A:play Qh=s", None), ("B:showhand Qd", None)])
    assert state.match == (-30, 30)


def test_option_6_pentagon_suit_only_and_a_named_suit_skips_the_opponent() -> None:
    state = czech("9s Qd 6c 7h", "9h Kh", option="6", pile="9h")
    state = run(
        state,
        [("A:play 9s", "not_playable"), ("A:play Qd=h", None), ("A:play 6c", "not_playable")],
    )
    assert state.turn == 0
    run(state, [("A:play 7h", None)])
    run(czech("6s 9d", "Kd", option="6", pile="6h"), [("A:play 6s", None)])
    state = czech("Qs", "Qd Ah Td Kd Jd 9d", option="6", pile="9s")
    state = run(state, [("A:play Qs=h", None), ("B:showhand Qd+Ah+Td+Kd+Jd+9d", None)])
    assert state.match == (0, 47)


def test_option_7_polish_fool() -> None:
    assert deal(rules_for("czech", {"czech_option": "7"}), 2, 1, dealer=1).turn == 1
    state = run(czech("6h 9c", "Td", option="7", pile="Th"), [("A:play 6h", None)])
    assert state.turn == 0 and state.free
    run(state, [("A:play 9c", None)])
    state = run(czech("7h 8h", "Td", option="7", pile="Th"), [("A:play 7h", None)])
    assert state.hands[1].count == 3 and state.turn == 1
    state = czech("Qs 8s", "Td", option="7", pile="Ts")
    state = run(state, [("A:play Qs=h", "suit_call"), ("A:play Qs", None)])
    assert state.hands[1].count == 5
    state = run(czech("Ks 8s", "Td", option="7", pile="Ts"), [("A:play Ks", None)])
    assert state.hands[1].count == 7
    state = run(czech("Ah 8s", "Td", option="7", pile="Th"), [("A:play Ah", None)])
    assert state.turn == 0
    run(czech("Jc 8s", "Td", option="7", pile="Th"), [("A:play Jc=s", None)])
    state = czech("9s", "9d", option="7", pile="7h", stock="8c")
    run(state, [("A:draw", None), ("A:draw", "draw_not_allowed"), ("A:pass", None)])


def test_option_8_king_of_diamonds_draws_five_and_skips() -> None:
    state = run(czech("Kd 9d", "Th", option="8", pile="Td"), [("A:play Kd", None)])
    assert state.hands[1].count == 6 and state.turn == 0
    state = czech("9s", "9d", option="8", pile="7h", stock="8c")
    run(state, [("A:draw", None), ("A:draw", "draw_not_allowed")])


def test_option_9_eight_continues_six_and_seven_draw_without_skip_queen_of_spades() -> None:
    start = deal(rules_for("czech", {"czech_option": "9"}), 2, 1, dealer=1)
    assert [h.count for h in start.hands] == [6, 6] and start.turn == 1
    state = run(czech("8h 9h", "Td", option="9", pile="Th"), [("A:play 8h", None)])
    assert state.turn == 0
    state = run(czech("6h 9h", "Td", option="9", pile="Th"), [("A:play 6h", None)])
    assert state.hands[1].count == 3 and state.turn == 1
    state = czech("Qs", "Qh 9d", option="9", pile="9s")
    state = run(state, [("A:play Qs=h", None), ("B:showhand Qh+9d", None)])
    assert state.match == (-50, 29)
    state = czech("Qh", "Qs 9d", option="9", pile="9h")
    state = run(state, [("A:play Qh=d", None), ("B:showhand Qs+9d", None)])
    assert state.match == (0, 59)
    state = run(czech("Kh 9h", "Td", option="9k", pile="Th"), [("A:play Kh", None)])
    assert state.hands[1].count == 6 and state.turn == 0


def test_option_10_crocodile_king_of_hearts_draws_five_and_skips() -> None:
    state = run(czech("Kh 9h", "Td", option="10", pile="Th"), [("A:play Kh", None)])
    assert state.hands[1].count == 6 and state.turn == 0


def test_option_11_eight_moves_again_king_of_spades_draws_five_match_to_120() -> None:
    assert rules_for("czech", {"czech_option": "11"}).target_score == 120
    state = run(czech("8h 9h", "Td", option="11", pile="Th"), [("A:play 8h", None)])
    assert state.turn == 0
    state = run(czech("Ks 9s", "Td", option="11", pile="Ts"), [("A:play Ks", None)])
    assert state.hands[1].count == 6 and state.turn == 1
    state = czech("Qs", "Ah Kh", option="11", pile="9s", match=(0, 100))
    state = run(state, [("A:play Qs=h", None), ("B:showhand Ah+Kh", None)])
    assert not state.is_over and state.match == (0, 115)


@pytest.mark.parametrize(
    "option", ["base", "1", "2", "3", "4", "5", "6", "7", "8", "9", "9k", "10", "11"]
)
def test_every_option_has_its_rules_in_words(option: str) -> None:
    notes = page_notes(rules_for("czech", {"czech_option": option}))
    assert any("penalty points" in n for n in notes)
