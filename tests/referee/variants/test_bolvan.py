"""`bolvan`, "Fool with a Dummy" (VARIANTS.md §4.38): one test per rule, legal and illegal moves.

Seats count the dummy's: with three players and the dummy the table has four seats (A-D).
"""

from __future__ import annotations

import pytest
from special_builders import (
    card,
    hand_text,
    play,
    position,
    run_script,
    stacked_deal,
    verdict,
    with_dummy,
)

from referee import InvalidPosition, check_and_apply, outcome, parse_move, rules_for, table_game
from referee.bout import dummy_controller
from referee.position import parse_position, write_position
from referee.position_text import describe
from referee.simulate import random_game

BOLVAN = rules_for("bolvan")
PLAYING_DUMMY = rules_for("bolvan", {"dummy_plays": "true"})


def test_rule_1_the_dummy_sits_at_the_dealers_right_and_is_dealt_last() -> None:
    state = stacked_deal(
        BOLVAN,
        ["6c 7c 8c 9c Tc Jc", "6d 7d 8d 9d Td Jd", "6s 7s 8s 9s Ts Js", "Qc Kc Ac Qd Kd Ad"],
        trump="6h",
        dealer=0,
    )
    assert state.dummy_seat == 3  # D, the dealer A's right
    assert hand_text(state, 3) == {"Qc", "Kc", "Ac", "Qd", "Kd", "Ad"}
    assert stacked_deal(BOLVAN, ["6c", "6d", "6s", "7c"], dealer=2).dummy_seat == 1


def test_rule_2_six_cards_each_and_six_face_down_for_the_dummy() -> None:
    state = table_game(BOLVAN, 4, trump_card=card("6h"))
    assert [h.count for h in state.hands] == [6, 6, 6, 6]
    assert state.hands[3].known == state.hands[0].known  # nothing of it is seen
    assert state.stock_count == 36 - 24


def test_rule_3_the_dummys_cards_are_ignored_for_the_first_attacker() -> None:
    state = stacked_deal(
        BOLVAN,
        ["7h 7c 8c 9c Tc Jc", "8h 7d 8d 9d Td Jd", "9h 7s 8s 9s Ts Js", "6h Kc Ac Qd Kd Ad"],
        trump="Th",
        dealer=0,
    )
    assert state.attacker == 0  # 7h; the dummy's 6h does not count
    assert state.defender == 1


def test_rule_4_the_bouts_initial_attacker_throws_in_the_dummys_cards() -> None:
    state = with_dummy(position(BOLVAN, ["7c 8c", "9c Tc Qs", "Jd Qd", "7d 9s"]), seat=3)
    state = run_script(
        state,
        [
            ("A:attack 7c", None),
            ("B:beat 7c/9c", None),
            ("A:pass", None),
            ("C:pass", None),
            ("D:done", "dummy_no_role"),  # the dummy does not close the bout
            ("D:throw 7d", None),  # A plays the dummy's 7d as a throw-in
        ],
    )
    assert [p.by for p in state.table] == [0, 3]
    assert hand_text(state, 3) == {"9s"}


def test_rule_5_the_dummy_never_attacks_or_defends() -> None:
    state = with_dummy(position(BOLVAN, ["7c 8c", "6s 7s", "9c Tc", "Jd Qd"]), seat=1)
    assert (state.attacker, state.defender) == (0, 2)  # B, the dummy, is skipped
    state = play(state, "A:attack 7c", "C:take", "A:done")
    assert (state.attacker, state.defender) == (3, 0)  # C took: D attacks A
    view = table_game(BOLVAN, 4, trump_card=card("6h"), dealer=2)
    assert verdict(view, "B:attack 7c").code == "dummy_no_role"
    assert check_and_apply(view, parse_move("A:attack 7c"))[1].defender == 2


def test_rule_6_the_dummy_throws_in_at_its_seat_in_clockwise_order() -> None:
    state = with_dummy(position(BOLVAN, ["7c 8c", "9c Td Qs", "7s Qd", "7d 9s"]), seat=3)
    state = play(state, "A:attack 7c", "B:beat 7c/9c")
    assert verdict(state, "D:throw 7d").code == "throw_in_priority"  # A, then C, then D
    state = play(state, "A:pass")
    assert verdict(state, "D:throw 7d").code == "throw_in_priority"
    state = play(state, "C:pass", "D:throw 7d")
    assert verdict(state, "D:throw 9s").ok  # the dummy keeps the right until it passes
    assert verdict(state, "D:throw 8c").code == "card_in_another_hand"  # A holds 8c, not D
    assert verdict(state, "B:beat 7d/Td").ok


_STOCK = "6c 6d 6s 8s Js Ks As 8d Jc Qc Kc Ac Tc Jh Qh Kh Ah Th"


def test_rule_7_the_dummy_is_refilled_at_its_place() -> None:
    state = with_dummy(
        position(BOLVAN, ["7c 8c", "9c Td Qs", "7s Qd", "7d 9s"], stock=_STOCK), seat=3
    )
    state = play(state, "A:attack 7c", "B:beat 7c/9c", "A:pass", "C:pass", "D:throw 7d")
    state = play(state, "B:beat 7d/Td", "A:done")
    # bito; A, B, C and then the dummy draw up to six; the dummy gets the trump card last
    assert [h.count for h in state.hands] == [6, 6, 6, 6]
    assert state.stock_count == 0 and "6h" in hand_text(state, 3)


def test_rule_8_option_the_dummy_attacks_and_defends() -> None:
    state = with_dummy(position(PLAYING_DUMMY, ["7c 8c", "9c Tc", "Jd Qd", "6s 7s"]), seat=1)
    assert (state.attacker, state.defender) == (0, 1)  # the dummy B defends
    state = play(state, "A:attack 7c", "B:beat 7c/9c", "A:done")
    assert state.attacker == 1  # and attacks next


def test_rule_9_the_dummy_is_never_the_fool() -> None:
    # A goes out, C is out already: B is the last real player with cards, not the dummy D
    state = with_dummy(position(BOLVAN, ["7c", "9c Tc", "", "Jd Qd"], finished=[2]), seat=3)
    state = play(state, "A:attack 7c", "B:beat 7c/9c", "D:pass")  # A passes for the dummy
    result = outcome(state)
    assert result is not None and result.fool == 1 and result.winners == (0, 2)
    # with the option the dummy plays on; when it is last with cards, the last real player
    # out is the fool
    state = with_dummy(position(PLAYING_DUMMY, ["7c", "9c 8d", "Jd Qd Kd"]), seat=2)
    state = play(state, "A:attack 7c", "B:beat 7c/9c", "C:pass")  # A is out
    assert (state.attacker, state.defender) == (1, 2)
    state = play(state, "B:attack 8d", "C:beat 8d/Jd")  # B is out, the dummy holds Qd Kd
    result = outcome(state)
    assert result is not None and result.fool == 1
    # A and B go out at the same moment, leaving only the dummy: a draw [assumption]
    state = with_dummy(position(PLAYING_DUMMY, ["7c", "9c", "Jd Qd"]), seat=2)
    state = play(state, "A:attack 7c", "B:beat 7c/9c")  # B has no card left: bito at once
    result = outcome(state)
    assert result is not None and result.draw


def test_random_games_end_with_a_real_fool() -> None:
    for rules in (BOLVAN, PLAYING_DUMMY):
        for seats, seed in ((3, 1), (4, 2), (5, 3), (6, 4)):
            _, _, final = random_game(rules, seats, seed)
            result = outcome(final)
            assert result is not None
            assert final.dummy_seat not in result.losers + result.winners


def test_the_table_view_refuses_the_dummy_as_first_attacker() -> None:
    with pytest.raises(InvalidPosition):
        table_game(BOLVAN, 4, trump_card=card("6h"), dealer=0, first_attacker_seat=3)
    state = table_game(PLAYING_DUMMY, 4, trump_card=card("6h"), dealer=0, first_attacker_seat=3)
    assert (state.attacker, state.defender) == (3, 0)


def test_position_notation_finds_the_dummy_from_the_dealer() -> None:
    state = with_dummy(position(BOLVAN, ["7c 8c", "9c Tc Qs", "7s Qd", "7d 9s"]), seat=3)
    state = play(state, "A:attack 7c", "B:beat 7c/9c", "A:pass", "C:pass")
    parsed, _ = parse_position(write_position(state, reveal_hands=True))
    assert parsed.dummy_seat == 3
    assert verdict(parsed, "D:throw 7d").ok and verdict(parsed, "D:done").code == "dummy_no_role"


def test_messages_name_the_dummy_and_who_plays_it() -> None:
    state = with_dummy(position(BOLVAN, ["7c 8c", "9c Tc Qs", "7s Qd", "7d 9s"]), seat=3)
    state = play(state, "A:attack 7c")
    assert dummy_controller(state) == 0  # the bout's initial attacker (§4.38.4)
    assert "dummy D, played by A" in describe(state)
    # the option: the dummy's right-hand neighbour, not the player it defends against (§4.38.8)
    state = with_dummy(position(PLAYING_DUMMY, ["7c 8c", "9c Tc", "Jd Qd", "6s 7s"]), seat=1)
    assert (state.attacker, state.defender) == (0, 1) and dummy_controller(state) == 3
