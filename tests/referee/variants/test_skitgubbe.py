"""`skitgubbe`, "Skitgubbe / Mattis" (VARIANTS.md §4.49): one test per rule, legal and illegal
moves with their verdicts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from two_phase_builders import card, cards, phase2, play, rules, run_script, verdict, view

from referee import Suit, outcome, parse_cards, rules_for
from referee.engines.phase1_skitgubbe import SkitgubbeTricks
from referee.engines.two_phase import TwoPhaseState, deal
from referee.errors import InvalidRules
from referee.setup import deck_of
from referee.state import NO_SEAT, Hand

SK = rules("skitgubbe")


def _tricks(state: TwoPhaseState) -> SkitgubbeTricks:
    found = state.collection
    assert isinstance(found, SkitgubbeTricks)
    return found


def _stacked(hands: Sequence[str], reserve: str = "", dealer: int = 0) -> TwoPhaseState:
    """Seat A gets ``hands[0]`` and so on (dealt one at a time from the dealer's left); the
    reserve starts with ``reserve``."""
    players = len(hands)
    parsed = [list(parse_cards(h)) for h in hands]
    order = [parsed[(dealer + 1 + i) % players].pop(0) for i in range(3 * players)]
    order.extend(parse_cards(reserve))
    order.extend(c for c in deck_of(SK) if c not in set(order))
    return deal(SK, players, 0, dealer=dealer, order=order)


def _end_of_reserve(hands: Sequence[str], *, leader: int, last: str = "2c") -> TwoPhaseState:
    """A full-information phase 1 after the reserve is used up (its last card ``last`` shown,
    drawn by seat A); collections empty."""
    state = _stacked(["2d 3d 4d", "2h 3h 4h"])
    held = tuple(Hand(len(cards(h)), cards(h)) for h in hands)
    tricks = replace(
        _tricks(state),
        reserve=(),
        reserve_count=0,
        hands=held,
        leader=leader,
        answerer=1 - leader,
        to_play=leader,
        last_card=card(last),
        last_drawer=0,
    )
    return replace(state, collection=tricks)


def test_rule_1_52_cards_and_2_to_4_players() -> None:
    assert SK.deck_ranks == 52 and SK.allowed_decks == (52,)
    assert (SK.min_players, SK.max_players) == (2, 4)
    try:
        rules("skitgubbe", 36)
    except InvalidRules:
        pass
    else:
        raise AssertionError("skitgubbe is played with 52 cards only")


def test_rule_3_three_cards_each_the_rest_is_the_reserve() -> None:
    state = _stacked(["2c 3c 4c", "Kh 5d 9s", "8h 5s 9d"])
    assert [h.count for h in state.hands] == [3, 3, 3]
    assert _tricks(state).reserve_count == 52 - 9


def test_rule_4_the_dealers_left_neighbour_leads_any_card_the_next_answers_any_card() -> None:
    state = _stacked(["2c 3c 4c", "Kh 5d 9s", "8h 5s 9d"])
    run_script(
        state,
        [
            ("A:playtrick 2c", "out_of_turn"),
            ("C:playtrick 8h", "out_of_turn"),
            ("B:playtrick 8h", "card_in_another_hand"),
            ("B:playtrick Kh", None),
            ("B:playtrick 5d", "out_of_turn"),  # C answers
            ("C:playtrick 5s", None),  # no need to follow suit or beat
        ],
    )


def test_rule_5_both_draw_back_to_three_the_leader_first() -> None:
    state = _stacked(["2c 3c 4c", "Kh 5d 9s", "8h 5s 9d"], reserve="Jc Jd")
    state = play(state, "B:playtrick Kh", "C:playtrick 5s")
    assert card("Jc") in state.hands[1].known and card("Jd") in state.hands[2].known
    assert [h.count for h in state.hands] == [3, 3, 3]
    assert _tricks(state).reserve_count == 52 - 9 - 2


def test_rule_6_the_higher_rank_takes_both_and_leads_to_his_left() -> None:
    state = _stacked(["2c 3c 4c", "Kh 5d 9s", "8h 5s 9d"])
    state = play(state, "B:playtrick Kh", "C:playtrick 5s")
    tricks = _tricks(state)
    assert tricks.collections[1] == cards("Kh 5s")
    assert (tricks.leader, tricks.answerer, tricks.to_play) == (1, 2, 1)
    state = play(state, "B:playtrick 5d", "C:playtrick 8h")  # 8 > 5: C wins
    tricks = _tricks(state)
    assert tricks.collections[2] == cards("5d 8h")
    assert (tricks.leader, tricks.answerer) == (2, 0)  # C leads to A


def test_rule_7_equal_ranks_bounce_the_same_two_play_again_and_the_winner_takes_all() -> None:
    state = _stacked(["2c 3c 4c", "Kh 5d 9s", "8h 5s 9d"], reserve="Jc Jd")
    state = play(state, "B:playtrick 9s", "C:playtrick 9d")
    tricks = _tricks(state)
    assert tricks.trick and tricks.to_play == 1 and tricks.collections == (cards(""),) * 3
    state = play(state, "B:playtrick 5d", "C:playtrick 8h")
    assert _tricks(state).collections[2] == cards("9s 9d 5d 8h")


def test_rule_8_after_the_reserve_tricks_go_on_and_leftover_cards_join_the_collection() -> None:
    state = _end_of_reserve(["Kh", "5d 9s"], leader=1)
    state = play(state, "B:playtrick 5d", "A:playtrick Kh")  # A wins but has no card left
    assert state.durak is not None  # only B holds cards: phase 1 is over
    assert state.hands[0].known == cards("5d Kh")
    assert state.hands[1].known == cards("9s")  # his leftover card joins his collection
    bounce = _end_of_reserve(["5h", "5d"], leader=1)
    bounce = play(bounce, "B:playtrick 5d", "A:playtrick 5h")  # a tie nobody can finish
    assert bounce.hands[0].known == cards("5h") and bounce.hands[1].known == cards("5d")


def test_rule_9_the_last_reserve_card_is_shown_and_fixes_the_trump_suit() -> None:
    state = _stacked(["2c 3c 4c", "Kh 5d 9s"])
    tricks = _tricks(state)
    state = replace(state, collection=replace(tricks, reserve=(card("Qd"),), reserve_count=1))
    state = play(state, "B:playtrick Kh", "A:playtrick 2c")  # B draws Qd first
    state = run_script(
        state,
        [
            ("B:playtrick 5d", "out_of_turn"),  # the last card is shown first
            ("A:lastcard Qd", "out_of_turn"),  # B drew it
            ("B:lastcard Qs", "not_deck_top"),
            ("B:lastcard Qd", None),
        ],
    )
    assert _tricks(state).last_card == card("Qd") and _tricks(state).last_drawer == 1


def test_rule_10_and_11_collections_become_hands_and_the_last_drawer_leads() -> None:
    state = _end_of_reserve(["Kh", "5d 9s"], leader=1, last="2c")
    state = play(state, "B:playtrick 5d", "A:playtrick Kh")
    assert state.trump_suit is Suit.CLUBS
    assert state.attacker == 0  # A drew the last reserve card
    assert state.durak is not None and state.durak.defender == 1


def test_rule_12_one_card_is_led_to_the_next_player() -> None:
    state = phase2(SK, ["7h 7d", "8h Ac", "Kd"], trump="2s")
    assert verdict(state, "A:attack 7h+7d").code == "attack_form"
    assert verdict(state, "A:attack 7h").ok
    assert state.durak is not None and state.durak.defender == 1


def test_rule_13_beat_with_a_higher_card_of_the_suit_or_a_trump_or_take() -> None:
    state = phase2(SK, ["7h 6c", "8h 2s 6h Ac", "Kd"], trump="2s")
    state = play(state, "A:attack 7h")
    state = run_script(
        state,
        [("B:beat 7h/6h", "does_not_beat"), ("B:beat 7h/Ac", "does_not_beat")],
    )
    assert verdict(state, "B:beat 7h/2s").ok and verdict(state, "B:beat 7h/8h").ok
    beaten = play(state, "B:beat 7h/8h")
    assert beaten.durak is not None and beaten.durak.discard == cards("7h 8h")
    assert verdict(beaten, "A:throw 8h").code is not None  # no throw-ins: the bout closed


def test_rule_14_after_a_take_the_takers_left_neighbour_leads_after_a_beat_the_defender() -> None:
    state = phase2(SK, ["7h 6c", "8c 2h", "Kd Qd"], trump="2s")
    taken = play(state, "A:attack 7h", "B:take")
    assert taken.hands[1].known == cards("8c 2h 7h") and taken.attacker == 2
    beaten = play(phase2(SK, ["7h 6c", "8h 2h", "Kd Qd"], trump="2s"), "A:attack 7h")
    assert play(beaten, "B:beat 7h/8h").attacker == 1


def test_rule_15_the_last_player_holding_cards_loses() -> None:
    state = play(phase2(SK, ["7h", "8h 2h"], trump="2s"), "A:attack 7h", "B:beat 7h/8h")
    result = outcome(state)
    assert state.is_over and result is not None and result.fool == 1


def test_camera_hands_are_hidden_in_phase_1_but_every_trick_card_is_seen() -> None:
    state = view(SK, 3)
    first = verdict(state, "B:playtrick Kh")
    assert first.ok and first.unchecked  # his hand is not seen
    state = play(state, "B:playtrick Kh")
    assert verdict(state, "C:playtrick Kh").code == "card_already_played"
    state = play(state, "C:playtrick 5s")
    assert _tricks(state).collections[1] == cards("Kh 5s")
    assert _tricks(state).last_drawer == NO_SEAT


def test_rule_12_option_several_cards_of_one_rank_may_be_led_together() -> None:
    multi = rules_for("skitgubbe", {"multi_lead": "true"})
    state = phase2(multi, ["7h 7d 8c", "8h 9d Ac", "Kd"], trump="2s")
    assert verdict(state, "A:attack 7h+8c").code == "attack_form"
    state = play(state, "A:attack 7h+7d", "B:beat 7h/8h")
    assert verdict(state, "B:beat 7d/9d").ok


def test_rule_16_option_beating_with_a_run_of_one_suit() -> None:
    runs = rules_for("skitgubbe", {"run_beat": "true"})
    hands = ["8h 6c", "Th Jh Qh Ks 9h 6d 7d", "Kd"]
    state = play(phase2(runs, hands, trump="2s"), "A:attack 8h")
    state = run_script(
        state,
        [
            ("B:runbeat 8h/Th+Qh", "does_not_beat"),  # not the next higher card
            ("B:runbeat 8h/Th+Jh+Ks", "does_not_beat"),  # not the same suit
            ("B:runbeat 8h/Th", "does_not_beat"),  # one card is a plain beat
            ("B:runbeat 8h/Th+Jh+Qh+Kh", "not_in_hand"),
            ("B:runbeat 8h/6d+7d", "does_not_beat"),  # the first card must beat 8h
            ("C:runbeat 8h/Th+Jh", "not_defender"),
            ("B:runbeat 8h/Th+Jh+Qh", None),
        ],
    )
    assert state.durak is not None and state.durak.discard == cards("8h Th Jh Qh")
    assert state.hands[1].known == cards("Ks 9h 6d 7d") and state.attacker == 1
    plain = play(phase2(SK, hands, trump="2s"), "A:attack 8h")
    assert verdict(plain, "B:runbeat 8h/Th+Jh").code == "move_not_in_game"  # option off
    hidden = play(phase2(runs, hands, trump="2s", full_info=False), "A:attack 8h")
    assert verdict(hidden, "B:runbeat 8h/Th+Jh").ok  # the phase-2 hands are known here
