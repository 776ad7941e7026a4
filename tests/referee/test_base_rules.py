"""One test per base rule B1-B17 of VARIANTS.md §2 (several where a rule has several parts).

Positions use known hands (a stacked deck or a built position); each test asserts verdict codes
and the resulting state.
"""

from __future__ import annotations

import itertools

import pytest
from referee_builders import (
    card,
    cards,
    hand_text,
    play,
    position,
    stacked_deal,
    stacked_order,
    variant,
    verdict,
)

from referee import InvalidPosition, Phase, Rank, Suit, legal_moves, outcome, parse_move, rules_for
from referee.moves import Take, ThrowIn, Transfer
from referee.rules import ThrowInMatch
from referee.setup import deal, deck_of

PODKIDNOY = rules_for("podkidnoy")

# --- B1. Deck -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deck", "size", "lowest"),
    [(36, 36, Rank.SIX), (52, 52, Rank.TWO)],
)
def test_B1_deck_of_36_or_52_without_jokers(deck: int, size: int, lowest: Rank) -> None:
    rules = rules_for("podkidnoy", {"deck": str(deck)})
    cards_ = deck_of(rules)
    assert len(cards_) == size == len(set(cards_))
    assert all(c.is_normal for c in cards_)
    assert min(c.rank for c in cards_ if c.rank) == lowest


def test_B1_rank_order_two_to_ace() -> None:
    rules = variant("podkidnoy", deck_ranks=52)
    ladder = cards("2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah")
    for low, high in itertools.pairwise(ladder):
        s = play(position(rules, [str(low), str(high)], trump="2s"), f"A:attack {low}")
        assert verdict(s, f"B:beat {low}/{high}").ok
        s2 = play(position(rules, [str(high), str(low)], trump="2s"), f"A:attack {high}")
        assert verdict(s2, f"B:beat {high}/{low}").code == "does_not_beat"


def test_B1_card_not_in_the_deck_is_refused() -> None:
    state = position(PODKIDNOY, ["7c 8c", "9c Tc"], trump="6s")
    assert verdict(state, "A:attack 2c").code == "card_not_in_deck"
    assert verdict(state, "A:attack XR").code == "card_not_in_deck"


# --- B2. Players ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 7])
def test_B2_two_to_six_players(players: int) -> None:
    with pytest.raises(InvalidPosition):
        deal(PODKIDNOY, players, seed=1)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_B2_play_goes_clockwise_defender_is_left_neighbour(players: int) -> None:
    state = deal(PODKIDNOY, players, seed=3)
    assert state.defender == (state.attacker + 1) % players


def test_B2_six_players_36_cards_leave_no_stock() -> None:
    state = deal(PODKIDNOY, 6, seed=4)
    assert state.stock_count == 0 and state.stock == ()
    assert all(h.count == 6 for h in state.hands)


# --- B3. Dealer -----------------------------------------------------------------------------


def test_B3_dealer_is_recorded_and_must_be_a_seat() -> None:
    assert deal(PODKIDNOY, 4, seed=1, dealer=3).dealer == 3
    with pytest.raises(InvalidPosition):
        deal(PODKIDNOY, 4, seed=1, dealer=4)


def test_B3_later_game_dealt_by_the_fool_starts_at_his_left() -> None:
    # The previous fool (seat C) deals: the first card goes to D.
    order = list(deck_of(PODKIDNOY))
    state = deal(PODKIDNOY, 4, seed=0, dealer=2, previous_fool=2, order=order)
    assert order[0] in state.hands[3].known


# --- B4. Deal -------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_B4_six_cards_one_at_a_time_from_dealers_left(dealer: int) -> None:
    order = list(deck_of(PODKIDNOY))
    state = deal(PODKIDNOY, 3, seed=0, dealer=dealer, order=order)
    first = (dealer + 1) % 3
    for i in range(18):
        seat = (first + i) % 3
        assert order[i] in state.hands[seat].known
    assert [h.count for h in state.hands] == [6, 6, 6]
    assert state.stock_count == 36 - 18


# --- B5. Trump ------------------------------------------------------------------------------


def test_B5_trump_is_top_of_remaining_stock_turned_under_it() -> None:
    order = list(deck_of(PODKIDNOY))
    state = deal(PODKIDNOY, 2, seed=0, order=order)
    turned = order[12]
    assert state.trump_card == turned and state.trump_suit == turned.suit
    assert state.stock[-1] == turned  # lies under the stock: drawn last
    assert state.stock[0] == order[13]
    assert state.stock_count == 24


def test_B5_trump_card_is_drawn_last() -> None:
    state = position(PODKIDNOY, ["7c 8d", "9c Tc"], trump="6h", stock="Ks Qs")
    state = play(state, "A:attack 7c", "B:take", "A:done")
    # A draws Ks Qs and then the trump card 6h, which ends the stock.
    assert {"Ks", "Qs", "6h"} <= hand_text(state, 0)
    assert state.stock_count == 0 and state.trump_card is None
    assert state.trump_suit is Suit.HEARTS


def test_B5_no_stock_takes_the_suit_of_the_last_card_dealt() -> None:
    order = list(deck_of(PODKIDNOY))
    state = deal(PODKIDNOY, 6, seed=0, order=order)
    assert state.trump_suit == order[-1].suit
    assert state.trump_card == order[-1]


# --- B6. First attacker ---------------------------------------------------------------------


def test_B6_lowest_trump_attacks_first() -> None:
    state = stacked_deal(
        PODKIDNOY,
        ["9h Ac Kc Qc Jc Tc", "7h As Ks Qs Js Ts", "Ad Kd Qd Jd Td 9d"],
        trump="6h",
    )
    assert state.trump_suit is Suit.HEARTS
    assert state.attacker == 1 and state.defender == 2
    assert verdict(state, "A:attack 9h").code == "out_of_turn"
    assert verdict(state, "B:attack As").ok  # he may lead any card


def test_B6_nobody_holds_a_trump_lowest_card_attacks() -> None:
    state = stacked_deal(
        PODKIDNOY,
        ["9c Ac Kc Qc Jc Tc", "8s As Ks Qs Js Ts", "7d Ad Kd Qd Jd Td"],
        trump="6h",
    )
    assert state.attacker == 2


@pytest.mark.parametrize(
    ("later", "expected"),
    [("under_fool", 1), ("from_under_fool", 3)],
)
def test_B6_later_games_under_or_from_under_the_fool(later: str, expected: int) -> None:
    rules = rules_for("podkidnoy", {"later_games": later})
    state = deal(rules, 4, seed=5, dealer=2, previous_fool=2)
    assert state.attacker == expected


# --- B7. Attack -----------------------------------------------------------------------------


def test_B7_attack_is_exactly_one_card() -> None:
    state = position(PODKIDNOY, ["7c 7d 9s", "8c Tc Jc"], trump="6s")
    v = verdict(state, "A:attack 7c+7d")
    assert v.code == "attack_form" and v.violation is not None and v.violation.rule == "B7"
    assert verdict(state, "A:attack 9s").ok


def test_B7_only_the_attacker_leads_to_his_left_neighbour() -> None:
    state = position(PODKIDNOY, ["7c", "8c", "9c"], trump="6s", attacker=1)
    assert (state.attacker, state.defender) == (1, 2)
    assert verdict(state, "A:attack 7c").code == "out_of_turn"
    assert verdict(state, "C:attack 9c").code == "out_of_turn"
    assert verdict(state, "B:pass").code == "pass_not_allowed"
    assert verdict(state, "C:beat 8c/9c").code == "out_of_turn"
    after = play(state, "B:attack 8c")
    assert [str(p.attack) for p in after.table] == ["8c"] and after.phase is Phase.DEFENCE
    assert verdict(after, "B:attack 8c").code == "out_of_turn"


# --- B8. Defence ----------------------------------------------------------------------------

_BEATS = [
    # (attack, cover, trump, expected code)
    ("7h", "9h", "6s", None),
    ("7h", "6h", "6s", "does_not_beat"),  # lower, same suit
    ("7h", "Ac", "6s", "does_not_beat"),  # other plain suit
    ("Ah", "7s", "6s", None),  # any trump beats a plain card
    ("9s", "7s", "6s", "does_not_beat"),  # lower trump
    ("9s", "Ah", "6s", "does_not_beat"),  # a plain card never beats a trump
    ("7s", "Ts", "6s", None),  # higher trump beats trump
]


@pytest.mark.parametrize(("attack", "cover", "trump", "code"), _BEATS)
def test_B8_defence_must_beat_by_suit_or_trump(
    attack: str, cover: str, trump: str, code: str | None
) -> None:
    state = play(position(PODKIDNOY, [attack, cover], trump=trump), f"A:attack {attack}")
    assert verdict(state, f"B:beat {attack}/{cover}").code == code


def test_B8_covers_an_uncovered_attack_card_on_the_table() -> None:
    state = play(position(PODKIDNOY, ["7h 7c", "9h Tc Jh"], trump="6s"), "A:attack 7h")
    assert verdict(state, "B:beat 7c/Tc").code == "not_on_table"
    state = play(state, "B:beat 7h/9h")
    assert state.table[0].cover == card("9h")  # the pair stays identifiable
    assert verdict(state, "B:beat 7h/Jh").code == "already_covered"


def test_B8_only_the_defender_beats() -> None:
    state = play(position(PODKIDNOY, ["7h", "9c", "9h"], trump="6s"), "A:attack 7h")
    assert verdict(state, "C:beat 7h/9h").code == "not_defender"


def test_B8_no_obligation_to_beat_take_is_always_open() -> None:
    state = play(position(PODKIDNOY, ["7h", "9h"], trump="6s"), "A:attack 7h")
    assert verdict(state, "B:take").ok
    assert Take(1) in legal_moves(state)


# --- B9. Throw-in ---------------------------------------------------------------------------


def test_B9_no_throw_in_before_a_card_is_beaten() -> None:
    state = play(position(PODKIDNOY, ["7h 7c", "9h Tc Jh"], trump="6s"), "A:attack 7h")
    assert verdict(state, "A:throw 7c").code == "throw_in_before_beat"


def test_B9_throw_in_must_match_a_table_rank() -> None:
    state = position(PODKIDNOY, ["7h 7c 9c Kc", "9h Tc Jh Qh"], trump="6s")
    state = play(state, "A:attack 7h", "B:beat 7h/9h")
    assert verdict(state, "A:throw 7c").ok  # rank of an attack card
    assert verdict(state, "A:throw 9c").ok  # rank of a defence card
    v = verdict(state, "A:throw Kc")
    assert v.code == "throw_in_no_match" and v.violation is not None
    assert v.violation.rule == "B9"


def test_B9_initial_attacker_throws_in_first_then_clockwise() -> None:
    state = position(PODKIDNOY, ["7h 7c Ac", "9h Tc Jh Qh", "7d Ks", "7s Kd"], trump="6s")
    state = play(state, "A:attack 7h", "B:beat 7h/9h")
    assert verdict(state, "C:throw 7d").code == "throw_in_priority"
    assert verdict(state, "D:throw 7s").code == "throw_in_priority"
    state = play(state, "A:pass")
    assert verdict(state, "D:throw 7s").code == "throw_in_priority"
    assert verdict(state, "A:throw 7c").code == "throw_in_priority"  # passed, no new rank
    state = play(state, "C:throw 7d")
    assert verdict(state, "D:throw 7s").code == "throw_in_priority"


def test_B9_a_new_rank_reopens_throw_ins_for_those_who_passed() -> None:
    state = position(PODKIDNOY, ["7h Tc Ad", "9h Jc Jd Qh", "7d Ks"], trump="6s")
    state = play(state, "A:attack 7h", "B:beat 7h/9h", "A:pass", "C:throw 7d")
    assert verdict(state, "A:throw Tc").code == "throw_in_priority"
    state = play(state, "B:beat 7d/Jd")  # a new rank, but not A's ...
    assert verdict(state, "A:throw Tc").code == "throw_in_no_match"
    state2 = position(PODKIDNOY, ["7h Tc Ad", "9h Jc Td Qh", "7d Ks"], trump="6s")
    state2 = play(state2, "A:attack 7h", "B:beat 7h/9h", "A:pass", "C:throw 7d", "B:beat 7d/Td")
    assert verdict(state2, "A:throw Tc").ok  # ... a 10 appeared: A may throw again


def test_B9_bout_closes_when_every_non_defender_has_passed() -> None:
    state = position(PODKIDNOY, ["7h Ac", "9h Jc Jh", "8d Ks"], trump="6s")
    state = play(state, "A:attack 7h", "B:beat 7h/9h", "A:pass")
    assert state.phase is Phase.DEFENCE
    state = play(state, "C:pass")
    assert state.phase is Phase.ATTACK and state.table == ()
    assert cards("7h 9h")[0] in state.discard and state.attacker == 1


def test_B9_defender_does_not_throw_in() -> None:
    state = play(
        position(PODKIDNOY, ["7h Ac", "9h 7c Jh"], trump="6s"), "A:attack 7h", "B:beat 7h/9h"
    )
    assert verdict(state, "B:throw 7c").code == "throw_in_not_allowed"


def test_B9_defender_must_beat_thrown_in_cards_or_take() -> None:
    state = position(PODKIDNOY, ["7h 7c Ad", "9h 8c Jh Qh"], trump="6s")
    state = play(state, "A:attack 7h", "B:beat 7h/9h", "A:throw 7c")
    assert verdict(state, "A:done").code == "done_not_allowed"
    assert verdict(state, "B:beat 7c/8c").ok
    assert verdict(state, "B:take").ok


# --- B10. Attack-size limit -----------------------------------------------------------------


def test_B10_attack_limit_is_defender_hand_at_bout_start() -> None:
    # B holds 2 cards when the bout starts; after his take the limit stays 2.
    state = position(PODKIDNOY, ["7h 7c 7d As", "9c Jc"], trump="6s")
    state = play(state, "A:attack 7h", "B:take")
    v = verdict(state, "A:throw 7c+7d")
    assert v.code == "attack_limit" and v.violation is not None and v.violation.rule == "B10"
    assert dict(v.violation.params)["limit"] == "2"
    state = play(state, "A:throw 7c")
    assert state.phase is Phase.ATTACK  # limit reached: the take is carried out at once
    assert hand_text(state, 1) == {"9c", "Jc", "7h", "7c"}


def _six_card_bout(rules_: object, bouts: int):  # type: ignore[no-untyped-def]
    state = position(
        rules_,  # type: ignore[arg-type]
        ["7h 7d 7c 7s 9h 9d 9c", "8h 8d 8c 9s Ts Js Qs Ks"],
        trump="6s",
        bouts=bouts,
    )
    return play(
        state,
        "A:attack 7h",
        "B:beat 7h/8h",
        "A:throw 7d",
        "B:beat 7d/8d",
        "A:throw 7c",
        "B:beat 7c/8c",
        "A:throw 7s",
        "B:beat 7s/9s",
    )


def test_B10_attack_limit_cap_of_6() -> None:
    state = _six_card_bout(PODKIDNOY, bouts=3)
    assert state.hands[1].count == 4
    v = verdict(state, "A:throw 9h+9d+9c")
    assert v.code == "attack_limit"
    assert dict(v.violation.params)["limit"] == "6"  # type: ignore[union-attr]
    assert verdict(state, "A:throw 9h+9d").ok
    after = play(state, "A:throw 9h+9d", "B:beat 9h/Js", "B:beat 9d/Qs")
    assert after.phase is Phase.ATTACK and after.attacker == 1  # 6 beaten: bito at once


def test_B10_optional_first_bout_cap_of_5() -> None:
    capped = rules_for("podkidnoy", {"first_bout_cap": "5"})
    first = _six_card_bout(capped, bouts=0)
    v = verdict(first, "A:throw 9h+9d")
    assert v.code == "attack_limit" and dict(v.violation.params)["limit"] == "5"  # type: ignore[union-attr]
    assert verdict(first, "A:throw 9h").ok
    later = _six_card_bout(capped, bouts=1)
    assert verdict(later, "A:throw 9h+9d").ok
    assert verdict(_six_card_bout(PODKIDNOY, bouts=0), "A:throw 9h+9d").ok  # option off


def test_B10_optional_first_bout_cap_of_5_counts_transferred_cards() -> None:
    # Two decks (bolshoy) on the perevodnoy engine: five transfers would put a 6th attack card
    # on the table in the first bout.
    rules = rules_for("bolshoy", {"base_mode": "perevodnoy", "first_bout_cap": "5"})
    hands = [
        "7h Ac Ad Ah 8c 8d Qs",
        "7d Kc Kd Kh 8h 8s",
        "7c Qc Qd Qh 9h 9s",
        "7s Jc Jd Jh Th Ts",
        "7h' Tc Td Ac' Ad' Ah'",
        "7d' 9c 9d Kc' Kd' Kh'",
    ]
    moves = ("A:attack 7h", "B:transfer 7d", "C:transfer 7c", "D:transfer 7s", "E:transfer 7h'")
    first = play(position(rules, hands, trump="6s", bouts=0), *moves)
    assert len(first.table) == 5 and first.defender == 5
    v = verdict(first, "F:transfer 7d'")
    assert v.code == "attack_limit" and dict(v.violation.params)["limit"] == "5"  # type: ignore[union-attr]
    assert not [m for m in legal_moves(first) if isinstance(m, Transfer)]
    later = play(position(rules, hands, trump="6s", bouts=1), *moves)
    assert verdict(later, "F:transfer 7d'").ok


def test_B10_uncovered_cards_may_not_exceed_defenders_hand() -> None:
    state = position(PODKIDNOY, ["7h 7c 7d As", "9h Jc Qc"], trump="6s")
    state = play(state, "A:attack 7h", "B:beat 7h/9h")  # B holds 2
    assert verdict(state, "A:throw 7c+7d").ok
    state = position(PODKIDNOY, ["7h 7c 7d 7s", "9h Jc Qc"], trump="6s")
    state = play(state, "A:attack 7h", "B:beat 7h/9h")
    assert verdict(state, "A:throw 7c+7d+7s").code == "attack_limit"


# --- B11. Take ------------------------------------------------------------------------------


def test_B11_take_only_by_the_defender_with_an_uncovered_card() -> None:
    state = position(PODKIDNOY, ["7h Ac", "9h Jc", "8d"], trump="6s")
    assert verdict(state, "B:take").code == "out_of_turn"  # no bout open
    state = play(state, "A:attack 7h")
    assert verdict(state, "C:take").code == "not_defender"
    covered = play(state, "B:beat 7h/9h")
    assert verdict(covered, "B:take").code == "nothing_to_take"
    taking = play(state, "B:take")
    assert verdict(taking, "B:take").code == "out_of_turn"
    assert verdict(taking, "B:beat 7h/9h").code == "out_of_turn"
    assert verdict(taking, "B:done").code == "done_not_allowed"


def test_B11_throw_ins_after_take_in_B9_order_within_B10() -> None:
    state = position(PODKIDNOY, ["7h 9c Ac", "Jc Qc Kc", "7c Kd"], trump="6s")
    state = play(state, "A:attack 7h", "B:take")
    assert verdict(state, "C:throw 7c").code == "throw_in_priority"
    assert verdict(state, "A:throw 9c").code == "throw_in_no_match"
    state = play(state, "A:pass", "C:throw 7c", "C:pass")
    assert state.phase is Phase.ATTACK
    assert hand_text(state, 1) == {"Jc", "Qc", "Kc", "7h", "7c"}


def test_B11_no_throw_in_after_take_when_the_table_says_so() -> None:
    rules = rules_for("podkidnoy", {"throw_in_after_take": "false"})
    state = play(position(rules, ["7h 7c", "Jc Qc"], trump="6s"), "A:attack 7h")
    # nobody may add anything, so the take is carried out at once
    state = play(state, "B:take")
    assert state.phase is Phase.ATTACK and hand_text(state, 1) == {"7h", "Jc", "Qc"}
    assert verdict(state, "A:throw 7c").code == "out_of_turn"


def test_B11_take_picks_up_all_table_cards() -> None:
    state = position(PODKIDNOY, ["7h 7c Ad", "9h Jc Qd"], trump="6s")
    state = play(state, "A:attack 7h", "B:beat 7h/9h", "A:throw 7c", "B:take", "A:done")
    assert hand_text(state, 1) == {"Jc", "Qd", "7h", "9h", "7c"}
    assert state.table == () and not state.discard & state.hands[1].known


@pytest.mark.parametrize(("players", "next_attacker"), [(2, 0), (3, 2), (4, 2)])
def test_B11_take_then_left_of_defender_attacks(players: int, next_attacker: int) -> None:
    hands = ["7h Kh", "Jc Qd", "8s Kd", "9s Ad"][:players]
    state = position(PODKIDNOY, hands, trump="6s")
    state = play(state, "A:attack 7h", "B:take")
    state = play(state, *[f"{s}:pass" for s in "ACD"[: players - 1]])
    assert state.phase is Phase.ATTACK
    assert state.attacker == next_attacker
    assert state.defender == (next_attacker + 1) % players


# --- B12. Successful defence ----------------------------------------------------------------


def test_B12_success_discards_the_table_and_defender_attacks_next() -> None:
    state = position(PODKIDNOY, ["7h Ad", "9h Jc", "8s Kd"], trump="6s")
    state = play(state, "A:attack 7h", "B:beat 7h/9h", "A:done")
    assert set(cards("7h 9h")) <= set(state.discard)
    assert state.table == () and (state.attacker, state.defender) == (1, 2)


def test_B12_bout_ends_when_the_defender_has_no_cards_left() -> None:
    state = position(PODKIDNOY, ["7h 7c Ad", "9h"], trump="6s", stock="Ks Qs Js Ts 9s")
    state = play(state, "A:attack 7h", "B:beat 7h/9h")
    assert state.phase is Phase.ATTACK and state.attacker == 1  # closed at once: bito


# --- B13. Refill ----------------------------------------------------------------------------


def _refill_position(order: str):  # type: ignore[no-untyped-def]
    rules = rules_for("podkidnoy", {"refill_order": order})
    state = position(
        rules,
        ["7c 8s 8d Ts Td Qc", "8c 9h Jd Js Jh Ks", "7h Kc Kd Kh Ac Ad"],
        trump="6h",
        stock="As Qs",
    )
    return play(
        state, "A:attack 7c", "B:beat 7c/8c", "A:pass", "C:throw 7h", "B:beat 7h/9h", "A:done"
    )


def test_B13_refill_order_attacker_then_clockwise() -> None:
    state = _refill_position("attacker_then_clockwise")
    assert "As" in hand_text(state, 0)
    assert {"Qs", "6h"} <= hand_text(state, 1)  # defender draws second
    assert state.hands[2].count == 5  # C comes too late
    assert state.stock_count == 0


def test_B13_refill_order_defender_last() -> None:
    state = _refill_position("defender_last")
    assert "As" in hand_text(state, 0)
    assert "Qs" in hand_text(state, 2)
    assert "6h" in hand_text(state, 1)  # defender last: only the trump card is left for him
    assert [h.count for h in state.hands] == [6, 5, 6]


def test_B13_refill_up_to_six_after_every_bout() -> None:
    state = position(
        PODKIDNOY, ["7c 8s 8d Ts Td Qc", "8c 9h Jd Js Jh Ks"], trump="6h", stock="As Qs Ah"
    )
    state = play(state, "A:attack 7c", "B:take", "A:done")
    assert [h.count for h in state.hands] == [6, 7]
    assert state.stock_count == 4 - 1  # three cards on the trump card, one drawn


# --- B14. Empty stock -----------------------------------------------------------------------


def test_B14_no_cards_and_no_stock_means_out() -> None:
    state = position(PODKIDNOY, ["7c", "8c 9d", "Tc"], trump="6s")
    state = play(state, "A:attack 7c", "B:beat 7c/8c", "C:pass")
    assert state.finished == (0,)
    assert (state.attacker, state.defender) == (1, 2)
    assert verdict(state, "A:throw 9d").code == "out_of_turn"


def test_B14_defender_is_first_active_player_clockwise() -> None:
    state = position(PODKIDNOY, ["7c Jd", "", "8c 9d", "Tc"], trump="6s", finished=[1])
    assert (state.attacker, state.defender) == (0, 2)


def test_B14_out_designated_attacker_is_skipped() -> None:
    state = position(PODKIDNOY, ["7c 9d", "8c", "Tc Jd"], trump="6s")
    state = play(state, "A:attack 7c", "B:beat 7c/8c")
    # B ran out covering everything: a successful defence; B is out, so C attacks A.
    assert state.finished == (1,)
    assert (state.attacker, state.defender) == (2, 0)


def test_B14_no_drawing_from_an_empty_stock() -> None:
    state = position(PODKIDNOY, ["7c 9d", "8c Jd", "Tc Qd"], trump="6s")
    state = play(state, "A:attack 7c", "B:beat 7c/8c", "A:done")
    assert [h.count for h in state.hands] == [1, 1, 2]


# --- B15. End -------------------------------------------------------------------------------


def test_B15_last_player_holding_cards_is_the_fool() -> None:
    state = position(PODKIDNOY, ["7c", "8c 9d"], trump="6s")
    state = play(state, "A:attack 7c", "B:beat 7c/8c")
    result = outcome(state)
    assert state.is_over and result is not None
    assert result.fool == 1 and not result.draw and result.winners == (0,)
    assert verdict(state, "B:attack 9d").code == "game_over"


def test_B15_draw_when_all_run_out_together() -> None:
    state = position(PODKIDNOY, ["7c", "8c"], trump="6s")
    state = play(state, "A:attack 7c", "B:beat 7c/8c")
    result = outcome(state)
    assert result is not None and result.draw and result.fool is None and result.losers == ()


def test_B15_game_goes_on_while_two_hold_cards() -> None:
    state = position(PODKIDNOY, ["7c Ad", "8c 9d", "Tc"], trump="6s")
    state = play(state, "A:attack 7c", "B:beat 7c/8c", "A:done")
    assert not state.is_over and outcome(state) is None


# --- B16. Hand sizes are public --------------------------------------------------------------


def test_B16_hand_counts_follow_deal_plays_draws_and_takes() -> None:
    state = position(PODKIDNOY, ["7c 8s", "8c 9h"], trump="6h", stock="As Qs Ah")
    assert [h.count for h in state.hands] == [2, 2]
    state = play(state, "A:attack 7c")
    assert [h.count for h in state.hands] == [1, 2]
    state = play(state, "B:take", "A:done")
    assert [h.count for h in state.hands] == [5, 3]  # A drew the whole stock
    assert all(h.count == len(h.known) for h in state.hands)


def test_B16_a_card_the_player_does_not_hold_is_refused() -> None:
    state = position(PODKIDNOY, ["7c 8s", "8c 9h"], trump="6h", discard="", stock="")
    v = verdict(state, "A:attack 9s")
    assert v.code == "not_in_hand" and v.violation is not None and v.violation.rule == "B16"


# --- B17. Base engines ----------------------------------------------------------------------


def test_B17_simple_podkidnoy_perevodnoy_engines() -> None:
    hands = ["7h 7c Ad", "9h 7d Jc"]
    simple = play(position(rules_for("simple"), hands, trump="6s"), "A:attack 7h")
    podkidnoy = play(position(PODKIDNOY, hands, trump="6s"), "A:attack 7h")
    perevodnoy = play(
        position(rules_for("perevodnoy"), [*hands, "8s 8d"], trump="6s"), "A:attack 7h"
    )
    assert verdict(podkidnoy, "B:transfer 7d").code == "transfer_not_allowed"
    assert verdict(perevodnoy, "B:transfer 7d").ok
    assert verdict(play(simple, "B:beat 7h/9h"), "A:throw 7c").code == "throw_in_not_allowed"
    assert verdict(play(podkidnoy, "B:beat 7h/9h"), "A:throw 7c").ok


@pytest.mark.parametrize("mode", ["podkidnoy", "simple", "perevodnoy"])
def test_B17_plus_s_t_variants_take_any_base_mode(mode: str) -> None:
    rules = rules_for("royal", {"base_mode": mode})
    assert rules.base_mode.value == mode
    assert rules.lowest_rank_only_by_ace  # the variant's own rule stays
    assert rules.throw_in_enabled is (mode != "simple")
    assert (rules.transfer_mode.value != "none") is (mode == "perevodnoy")


def test_B17_move_kinds_by_engine_in_legal_moves() -> None:
    hands = ["7h 7c Ad", "9h 7d Jc", "8s 8d"]
    per = play(position(rules_for("perevodnoy"), hands, trump="6s"), "A:attack 7h")
    assert Transfer(1, (card("7d"),)) in legal_moves(per)
    pod = play(position(PODKIDNOY, hands, trump="6s"), "A:attack 7h", "B:beat 7h/9h")
    assert ThrowIn(0, (card("7c"),)) in legal_moves(pod)
    simple = play(position(rules_for("simple"), hands, trump="6s"), "A:attack 7h", "B:beat 7h/9h")
    assert simple.phase is Phase.ATTACK  # nothing to add: bito at once
    assert parse_move("B:attack 7d") in legal_moves(simple)


def test_stacked_order_helper_deals_the_hands_asked_for() -> None:
    hands = ["9h Ac Kc Qc Jc Tc", "7h As Ks Qs Js Ts"]
    order = stacked_order(PODKIDNOY, hands, trump="6h", dealer=1)
    state = deal(PODKIDNOY, 2, seed=0, dealer=1, order=order)
    assert hand_text(state, 0) == set(hands[0].split())
    assert state.trump_card == card("6h")


def test_B9_throw_ins_start_when_the_final_defender_has_beaten_a_card() -> None:
    # §4.3.5 / §4.4: after a transfer of thrown-in cards, the earlier beaten pair does not open
    # throw-ins for the new defender; his own first beat does.
    rules = rules_for("perevodnoy_2")
    state = position(
        rules, ["6c 8h 9h Td Ac 6h", "8c 8d Qd Jc Qh Ks", "7s 7d 9d Ts Js 8s"], trump="6s"
    )
    state = play(state, "A:attack 6c", "B:beat 6c/8c", "A:throw 8h", "B:transfer 8d")
    assert verdict(state, "A:throw 6h").code == "throw_in_before_beat"
    state = play(state, "C:beat 8h/8s")
    assert verdict(state, "A:throw 6h").ok


def test_B9_a_new_suit_reopens_throw_ins_in_parnomastny() -> None:
    hands = ["6c 8d 9h 7d", "8c 8s Qd Jc Qh Kd", "7h Th Jh"]
    moves = ("A:attack 6c", "B:beat 6c/8c", "A:throw 8d", "A:pass", "C:pass", "B:beat 8d/8s")
    state = play(position(rules_for("parnomastny"), hands, trump="Qs"), *moves)
    assert state.table and state.passed == frozenset()  # spades are new: throw-ins reopen
    start = position(rules_for("podkidnoy"), hands, trump="Qs")
    state = play(start, *moves)
    assert state.bouts == start.bouts + 1  # rank 8 was there: everyone had passed, bito


def test_B9_every_new_defence_card_reopens_throw_ins_in_road() -> None:
    road_throw_ins = variant("podkidnoy", throw_in_match=ThrowInMatch.BEATS_LATEST_DEFENCE_CARD)
    hands = ["6c 9c Ks 7d", "8c 8s Qd Jc Qh Kd", "7h Th Jh"]
    state = position(road_throw_ins, hands, trump="Qs")
    state = play(state, "A:attack 6c", "B:beat 6c/8c", "A:throw 9c", "A:pass", "C:pass")
    state = play(state, "B:beat 9c/8s")  # a new latest defence card: a new target to beat
    assert verdict(state, "A:throw Ks").ok
