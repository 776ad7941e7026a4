"""`veryu_ne_veryu`, "Fool believe I do not believe" (VARIANTS.md §4.12): one test per rule."""

from __future__ import annotations

import random

import pytest
from special_builders import card, cards, hand_text, play, position, run_script, verdict

from referee import CardSet, check_and_apply, outcome, parse_move, rules_for, table_game
from referee.cards import UNKNOWN_CARD
from referee.errors import InvalidMove
from referee.position import parse_position, write_position
from referee.position_text import describe
from referee.simulate import random_game
from referee.special_moves import FaceDownBeat

VNV = rules_for("veryu_ne_veryu")


def test_rule_1_defence_cards_are_laid_face_down_and_may_be_bluffs() -> None:
    state = position(VNV, ["7c 8d", "9c 6s Kd", "Td Jd"], trump="6h")
    state = run_script(
        state,
        [
            ("A:attack 7c", None),
            ("B:beat 7c/9c", "face_down_required"),  # a face-up beat is not this game
            ("C:facedown 7c/Td", "not_defender"),
            ("B:facedown 7c/6s", None),  # 6s does not beat 7c: a bluff, and legal
            ("B:facedown 7c/Kd", "already_covered"),
        ],
    )
    (pair,) = state.table
    assert pair.face_down and pair.cover == card("6s")
    assert "6s" not in describe(state) and "7c/??" in describe(state)  # messages never tell
    assert "6s" not in hand_text(state, 1)
    assert verdict(state, "A:facedown 7c/8d").code == "not_defender"


def test_rule_2_a_doubt_turns_the_card_a_correct_beat_gives_the_doubter_everything() -> None:
    state = position(VNV, ["7c 8d", "9c 6s Kd", "Td Jd"], trump="6h")
    state = play(state, "A:attack 7c", "B:facedown 7c/9c")
    assert verdict(state, "B:doubt 7c").code == "doubt_not_allowed"  # not his own card
    assert verdict(state, "C:doubt 8d").code == "doubt_not_allowed"  # nothing on 8d
    assert verdict(state, "C:doubt 7c/Kd").code == "reveal_wrong_card"
    state = play(state, "C:doubt 7c")  # 9c beats 7c: the doubter C takes the table
    assert hand_text(state, 2) == {"Td", "Jd", "7c", "9c"}
    assert state.table == ()


def test_rule_2_a_wrong_beat_gives_the_defender_everything() -> None:
    state = position(VNV, ["7c 8d", "9c 6s Kd", "Td Jd"], trump="6h")
    state = play(state, "A:attack 7c", "B:facedown 7c/6s", "A:doubt 7c/6s")  # any player
    assert hand_text(state, 1) == {"9c", "Kd", "7c", "6s"}
    assert hand_text(state, 0) == {"8d"}


def test_rule_3_a_doubt_ends_the_bout_next_attacker_and_refill() -> None:
    # the defender took: his left neighbour attacks next (B11)
    state = position(VNV, ["7c 8d", "9c 6s Kd", "Td Jd"], trump="6h", stock="6c")
    state = play(state, "A:attack 7c", "B:facedown 7c/6s", "C:doubt 7c")
    assert (state.attacker, state.defender) == (2, 0)
    assert state.hands[0].count == 3  # A refilled: 8d + 6c + the trump card 6h (B13)
    # the doubter took: the defender attacks next (B12)
    state = position(VNV, ["7c 8d", "9c 6s Kd", "Td Jd"], trump="6h", stock="6c")
    state = play(state, "A:attack 7c", "B:facedown 7c/9c", "C:doubt 7c")
    assert (state.attacker, state.defender) == (1, 2)
    assert verdict(state, "A:throw 8d").code == "out_of_turn"  # no throw-ins after a doubt


def test_rule_4_an_unchallenged_bout_goes_to_the_discard_unrevealed() -> None:
    state = position(VNV, ["7c 8d", "9c 6s Kd", "Td Jd"], trump="6h")
    state = play(state, "A:attack 7c", "B:facedown 7c/6s")
    assert state.table  # nobody can throw in, but the bout waits: anyone may still doubt
    state = play(state, "A:done")
    assert state.table == () and card("6s") in state.discard
    assert (state.attacker, state.defender) == (1, 2)
    # the table view never learns the card
    view = table_game(VNV, 3, trump_card=card("6h"), first_attacker_seat=0)
    for text in ("A:attack 7c", "B:facedown 7c/??", "A:done"):
        verdict_, view = check_and_apply(view, parse_move(text))
        assert verdict_.ok, verdict_.message()
    assert view.discard == CardSet.of(cards("7c")) and view.hands[1].count == 6  # refilled


def test_rule_5_the_doubt_comes_before_the_cards_go_to_the_discard() -> None:
    state = position(VNV, ["7c 8d", "9c 6s Kd", "Td Jd"], trump="6h")
    state = play(state, "A:attack 7c", "B:facedown 7c/6s", "C:done")
    assert verdict(state, "C:doubt 7c").code == "doubt_not_allowed"
    state = position(VNV, ["7c 7d", "9c 6s Kd", "Td Jd"], trump="6h")
    state = play(state, "A:attack 7c", "B:facedown 7c/6s", "A:throw 7d", "B:take")
    assert verdict(state, "C:doubt 7c").code == "doubt_not_allowed"  # he takes anyway


def test_rule_6_throw_ins_match_only_visible_ranks() -> None:
    state = position(VNV, ["7c 9d 7d", "9c Kd Qd", "Td Jd"], trump="6h")
    state = play(state, "A:attack 7c", "B:facedown 7c/9c")
    state = run_script(
        state,
        [
            ("A:throw 9d", "throw_in_no_match"),  # 9c lies face down
            ("A:throw 7d", None),  # the attack card's rank shows
        ],
    )


def test_table_view_doubt_reveals_the_unknown_card() -> None:
    view = table_game(VNV, 3, trump_card=card("6h"), first_attacker_seat=0)
    for text in ("A:attack 7c", "B:facedown 7c/??"):
        verdict_, view = check_and_apply(view, parse_move(text))
        assert verdict_.ok, verdict_.message()
    assert view.table[0].cover == UNKNOWN_CARD
    assert any("checked if someone doubts" in note for note in verdict_.unchecked)
    with pytest.raises(InvalidMove):  # the card turned up must be named
        check_and_apply(view, parse_move("C:doubt 7c"))
    assert check_and_apply(view, parse_move("C:doubt 7c/7c"))[0].code == "card_already_played"
    verdict_, view = check_and_apply(view, parse_move("C:doubt 7c/9c"))  # correct: C takes
    assert verdict_.ok
    assert [h.count for h in view.hands] == [6, 6, 8]  # A and B refilled
    assert view.hands[2].known == CardSet.of(cards("7c 9c"))


def test_random_games_replay_in_the_table_view_with_unknown_face_down_cards() -> None:
    for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4)):
        start, moves, final = random_game(VNV, players, seed)
        view = table_game(
            VNV,
            players,
            trump_card=start.trump_card,
            dealer=start.dealer,
            first_attacker_seat=start.attacker,
        )
        for move in moves:
            if isinstance(move, FaceDownBeat):
                move = FaceDownBeat(move.player, move.covers, UNKNOWN_CARD)
            verdict_, view = check_and_apply(view, move)
            assert verdict_.ok, verdict_.message()
        assert view.is_over and outcome(view) == outcome(final)
        assert [h.count for h in view.hands] == [h.count for h in final.hands]
        assert all(c in final.discard for c in view.discard)


def test_random_games_have_doubts_both_ways_and_unchallenged_bouts() -> None:
    rng = random.Random(5)
    kinds = set()
    for seed in rng.sample(range(1000), 6):
        _, moves, _ = random_game(VNV, 3, seed)
        kinds |= {type(m).__name__ for m in moves}
    assert {"FaceDownBeat", "Doubt", "Done"} <= kinds


def test_position_notation_writes_face_down_cards_as_the_table_sees_them() -> None:
    state = position(VNV, ["7c 8d", "9c 6s Kd", "Td Jd"], trump="6h")
    state = play(state, "A:attack 7c", "B:facedown 7c/6s")
    assert "table=7c/??" in write_position(state)  # what a camera knows
    text = write_position(state, reveal_hands=True)
    assert "table=7c/_6s" in text
    parsed, _ = parse_position(text)
    assert write_position(parsed) == text
    assert verdict(parsed, "C:doubt 7c").ok
    blind, _ = parse_position(write_position(state))
    assert blind.table[0].cover == UNKNOWN_CARD and verdict(blind, "C:doubt 7c/6s").ok
