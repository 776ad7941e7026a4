"""`pokerny`, "Дурак покерный" (VARIANTS.md §4.32): one test per rule."""

from __future__ import annotations

from stock_builders import (
    card,
    cards,
    ends_with_a_fool_or_a_draw,
    hand,
    play,
    position,
    run_script,
    verdict,
)

from referee import CardSet, outcome, rules_for, table_game
from referee.rules import EndLoser
from referee.showdown import best_hand
from referee.state import GameState

PK = rules_for("pokerny")


def _bout(defender: str = "6c 7c Jd Qd Tc 8c", stock: str = "Ah Kc 9d") -> GameState:
    """A leads 7h at B; the stock is ``stock`` (top first) on the trump card 6s."""
    state = position(PK, ["7h 8h 9h", defender], trump="6s", stock=stock)
    return play(state, "A:attack 7h")


def test_rule_1_before_beating_the_defender_may_swap_two_cards_with_the_stock() -> None:
    state = run_script(
        _bout(),
        [
            ("A:swap 8h+9h", "exchange_not_allowed"),  # only the defender
            ("B:swap 6c+Ah", "not_in_hand"),
            ("B:swap 6c+7c", None),
        ],
    )
    assert hand(state, 1) == CardSet.of(cards("Ah Kc Jd Qd Tc 8c"))
    assert state.hands[1].count == 6
    assert verdict(state, "B:beat 7h/Ah").ok


def test_rule_1_the_exchange_is_allowed_once_per_bout() -> None:
    state = play(_bout(), "B:swap 6c+7c")
    assert verdict(state, "B:swap Jd+Qd").code == "exchange_not_allowed"


def test_rule_1_only_before_he_starts_beating() -> None:
    state = play(_bout(defender="Jh 6c 7c Jd Qd Tc"), "B:beat 7h/Jh")
    refused = verdict(state, "B:swap 6c+7c")
    assert refused.code == "exchange_not_allowed" and "started beating" in refused.message()


def test_rule_1_only_with_at_most_six_cards_in_hand() -> None:
    state = _bout(defender="6c 7c Jd Qd Tc 8c 9c")
    refused = verdict(state, "B:swap 6c+7c")
    assert refused.code == "exchange_not_allowed" and "more than 6" in refused.message()


def test_rule_2_his_cards_go_under_the_stock_above_the_trump_card() -> None:
    state = play(_bout(), "B:swap 6c+7c")
    assert state.stock == (card("9d"), card("6c"), card("7c"), card("6s"))
    assert state.trump_card == card("6s") and state.stock_count == 4


def test_rule_2_the_stock_must_hold_two_face_down_cards() -> None:
    refused = verdict(_bout(stock="Ah"), "B:swap 6c+7c")
    assert refused.code == "exchange_not_allowed"  # the trump card cannot be taken this way
    assert verdict(_bout(stock="Ah Kc"), "B:swap 6c+7c").ok


def test_rule_3_the_poker_showdown_is_an_optional_proposal_not_the_default() -> None:
    assert PK.end_loser is EndLoser.LAST_WITH_CARDS
    assert all(
        ends_with_a_fool_or_a_draw(PK, players, seed) for players in (2, 4) for seed in (1, 2)
    )


def test_table_view_the_swap_is_face_down_and_cannot_be_checked() -> None:
    view = table_game(PK, 2, trump_card=card("6s"), first_attacker_seat=0)
    view = play(view, "A:attack 7h")
    swap = verdict(view, "B:swap")
    assert swap.ok and swap.unchecked and "face down" in swap.unchecked[0]
    after = play(view, "B:swap")
    assert after.hands[1].count == 6 and after.stock_count == view.stock_count
    assert verdict(after, "B:swap").code == "exchange_not_allowed"


# §4.32.3, the author's proposal: a table option ------------------------------------------------

SHOW = rules_for("pokerny", {"poker_showdown": "true"})


def test_rule_3_poker_hands_rank_as_in_standard_poker_best_five_kept() -> None:
    ranking = [
        "6h 7h 8h 9h Th",  # straight flush
        "9c 9d 9h 9s 6c",  # four of a kind
        "7h 7d 7c 9s 9h",  # full house
        "6c 8c Tc Qc Kc",  # flush
        "6d 7c 8h 9s Tc",  # straight
        "Qh Qd Qc 6s 8h",  # three of a kind
        "Jh Jd 8c 8s Ac",  # two pair
        "Ah Ad 6c 7s 9h",  # pair
        "Ah Kd Qc Js 9h",  # high card
    ]
    values = [best_hand(cards(hand_text)) for hand_text in ranking]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    assert best_hand(cards("7h 7d 7c 9s 9h 6s Ah")) == best_hand(cards("7h 7d 7c 9s 9h"))
    assert best_hand(cards("Ah Ad")) > best_hand(cards("Kh Qd Jc Ts 8h"))  # fewer than five


def test_rule_3_when_the_stock_is_gone_the_hands_are_shown_and_the_best_poker_hand_wins() -> None:
    state = position(SHOW, ["7h 7d 7c 9s 9h Tc", "Jc 8d Jh Qc Kd Ah"], trump="6s", stock="")
    state = play(state, "A:attack Tc", "B:beat Tc/Jc", "A:done")  # A draws the trump card
    assert state.phase.value == "showdown" and state.stock_count == 0
    state = run_script(
        state,
        [
            ("A:attack 7h", "out_of_turn"),
            ("A:show 7h+7d", "show_not_allowed"),  # the whole hand
            ("B:show 8d+Jh+Qc+Kd+Ah", None),
            ("B:show 8d+Jh+Qc+Kd+Ah", "show_not_allowed"),
            ("A:show 7h+7d+7c+9s+9h+6s", None),
        ],
    )
    result = outcome(state)
    assert state.is_over and result is not None
    assert (result.winners, result.losers) == ((0,), (1,))
    assert "full house" in result.reason and result.scores["poker"] == (6, 0)


def test_rule_3_while_the_stock_lasts_more_than_ten_cards_loses() -> None:
    state = position(SHOW, ["7h 7d 8c", "6c 8d 9d Td Jd Qd Kd Ad 6h"], trump="6s", stock="Ac Kc")
    state = play(state, "A:attack 7h", "B:take", "A:throw 7d", "A:done")
    result = outcome(state)
    assert state.is_over and result is not None and result.losers == (1,)
    assert "too many cards" in result.reason
