"""`pasyansny` (VARIANTS.md §4.30): one test per rule, legal and illegal moves with their codes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest
from shedding_builders import cards, hand, judge, run

from referee import outcome, parse_move, rules_for, table_game
from referee.cards import Rank
from referee.engines.sequence import SequenceState
from referee.engines.shedding import Laugh, NoLaugh
from referee.errors import InvalidPosition, InvalidRules
from referee.game import deal
from referee.moves import format_move


def position(hands: Sequence[str], pile: str = "", turn: int = 0) -> SequenceState:
    players = len(hands)
    state = deal(rules_for("pasyansny"), players, 1, dealer=players - 1)
    on_pile = cards(pile)
    need = Rank.SIX
    if on_pile:
        top = on_pile[-1].rank
        need = Rank.SIX if top is Rank.ACE else Rank(top + 1)
    return replace(
        state,
        hands=tuple(hand(h) for h in hands),
        pile=on_pile,
        turn=turn,
        need=need,
        opened=bool(on_pile),
    )


def test_rule_1_36_cards_two_or_more_players() -> None:
    rules = rules_for("pasyansny")
    assert rules.allowed_decks == (36,) and rules.min_players == 2
    with pytest.raises(InvalidRules):
        rules_for("pasyansny", {"deck": "52"})
    with pytest.raises(InvalidPosition):
        deal(rules, 1, 1)
    assert deal(rules, 10, 1).players == 10


def test_rule_2_the_first_player_is_found_the_same_way_every_game() -> None:
    assert rules_for("pasyansny").later_games.value == "same_as_game1"


def test_rule_3_the_whole_deck_is_dealt_from_the_dealers_left() -> None:
    state = deal(rules_for("pasyansny"), 5, 3, dealer=2)
    assert [h.count for h in state.hands] == [7, 7, 7, 8, 7]  # D, left of C, got the 36th
    assert table_game(rules_for("pasyansny"), 5, dealer=2).hands[3].count == 8


def test_rule_4_the_sound_is_a_move_entered_by_a_person() -> None:
    assert format_move(parse_move("B:laugh")) == "B:laugh"
    assert parse_move("C:nolaugh") == NoLaugh(2) and parse_move("A:laugh") == Laugh(0)


def test_rule_5_the_first_player_holding_a_six_opens() -> None:
    state = deal(rules_for("pasyansny"), 3, 1, dealer=2)
    opener = state.turn
    holders = [s for s in range(3) if any(c.rank is Rank.SIX for c in state.hands[s].known)]
    assert opener == holders[0]
    six = next(c for c in sorted(state.hands[opener].known) if c.rank is Rank.SIX)
    other = next(c for c in sorted(state.hands[opener].known) if c.rank is not Rank.SIX)
    letter = "ABC"[opener]
    run(
        state,
        [
            (f"{letter}:laugh", "step_due"),
            (f"{letter}:play {other}", "wrong_rank"),
            (f"{letter}:play {six}", None),
        ],
    )


def test_rule_5_in_the_table_view_skipped_players_claim_no_six() -> None:
    state = table_game(rules_for("pasyansny"), 3, dealer=2)
    verdict, state = judge(state, "B:play 6h")  # A, first from the dealer's left, had none
    assert verdict.ok and "nobody before B holds a 6" in verdict.unchecked[0]
    state = run(state, [("C:play 7h", None), ("A:play 8h", None), ("B:play 9h", None)])
    state = run(state, [("C:play Th", None), ("A:play Jh", None), ("B:play Qh", None)])
    state = run(state, [("C:play Kh", None), ("A:play Ah", None), ("B:play 6s", None)])
    verdict, _ = judge(state, "C:play 7s")
    assert verdict.ok and not verdict.earlier
    state = run(state, [("C:play 7s", None), ("A:nolaugh", None)])  # A takes 6h..7s
    verdict, _ = judge(state, "B:play 6c")
    assert verdict.ok
    verdict, _ = judge(state, "B:laugh")
    state = run(state, [("B:laugh", None)])
    verdict, _ = judge(state, "C:laugh")
    state = run(state, [("C:laugh", None)])
    verdict, _ = judge(state, "A:play 6c")  # A held 6c since the deal: his "no 6" was false
    assert verdict.ok and [v.code.value for v in verdict.earlier] == ["revoke"]
    verdict, _ = judge(state, "A:play 6h")  # 6h came to him with the pile: no revoke
    assert verdict.ok and not verdict.earlier


def test_rule_6_the_next_rank_in_any_suit_and_six_after_the_ace() -> None:
    state = position(["7c 6d 9s", "8d Ks"], pile="Kh", turn=0)
    run(state, [("A:play 7c", "wrong_rank"), ("B:play 8d", "out_of_turn")])
    state = position(["Ac 6d 9s", "8d 6s"], pile="Kh", turn=0)
    state = run(state, [("A:play Ac", None), ("B:play 8d", "wrong_rank"), ("B:play 6s", None)])
    assert state.need is Rank.SEVEN


def test_rule_7_lacking_the_rank_somebody_laughs_the_next_needs_the_same_rank() -> None:
    state = position(["9s 6d", "8d Ks", "8c Qh"], pile="6h 7h", turn=1)
    run(state, [("B:laugh", "must_play"), ("B:nolaugh", "must_play")])
    state = position(["9s 6d", "Ks", "8c Qh"], pile="6h 7h", turn=1)
    state = run(state, [("B:laugh", None)])
    assert state.turn == 2 and state.need is Rank.EIGHT
    run(state, [("C:play 8c", None)])


def test_rule_7_nobody_laughs_he_takes_the_pile_and_the_next_starts_with_a_six() -> None:
    state = position(["9s 6d", "Ks", "8c Qh"], pile="6h 7h", turn=1)
    state = run(state, [("B:nolaugh", None)])
    assert state.hands[1].count == 3 and state.pile == () and state.need is Rank.SIX
    assert state.turn == 2
    run(state, [("C:play 8c", "wrong_rank")])


def test_rule_7_in_the_table_view_the_claim_is_not_checked() -> None:
    state = table_game(rules_for("pasyansny"), 2, dealer=1, first_attacker_seat=0)
    state = run(state, [("A:play 6h", None)])
    verdict, _ = judge(state, "B:nolaugh")
    assert verdict.ok and "B lacks a 7" in verdict.unchecked[0]


def test_rule_8_the_first_player_out_wins() -> None:
    state = position(["7h", "8d Ks"], pile="6h", turn=0)
    state = run(state, [("A:play 7h", None)])
    result = outcome(state)
    assert state.is_over and result is not None
    assert result.winners == (0,) and result.losers == () and not result.draw
    assert result.scores["cards_left"] == (0, 2)
    run(state, [("B:play 8d", "game_over")])


def test_moves_of_other_games_are_refused() -> None:
    state = position(["7h", "8d Ks"], pile="6h", turn=0)
    run(state, [("A:draw", "move_not_in_game"), ("A:play 7h=s", "suit_call")])


def test_rule_8_option_rank_others_plays_on_until_one_player_holds_cards() -> None:
    rules = rules_for("pasyansny", {"rank_others": "true"})
    state = replace(position(["7h", "8d Ks", "9c"], pile="6h", turn=0), rules=rules)
    state = run(state, [("A:play 7h", None)])
    assert not state.is_over and state.turn == 1 and state.finished == (0,)
    state = run(state, [("B:play 8d", None), ("C:play 9c", None)])
    assert state.is_over
    result = outcome(state)
    assert result is not None and result.winners == (0,) and result.losers == (1,)
    assert result.scores["place"] == (1, 3, 2)
    state = replace(position(["7h", "8d Ks", "Jc 9c"], pile="6h", turn=0), rules=rules)
    state = run(state, [("A:play 7h", None), ("B:play 8d", None), ("C:play 9c", None)])
    run(state, [("A:laugh", "out_of_turn"), ("B:play Ks", "wrong_rank"), ("B:laugh", None)])
