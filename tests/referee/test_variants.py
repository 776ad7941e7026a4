"""Example games for each of the 30 playable variants, from their VARIANTS.md §4 text.

Each test plays a short script of (move, expected verdict code) pairs: ``None`` is a legal move,
which is made; an illegal move must be refused with that code and leaves the position unchanged.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from referee_builders import (
    card,
    cards,
    hand_text,
    play,
    position,
    run_script,
    stacked_deal,
    stacked_order,
    table_text,
    verdict,
)

from referee import (
    Phase,
    Suit,
    legal_moves,
    outcome,
    playable_variants,
    rules_for,
    table_game,
)
from referee.setup import deal, deck_of

BESPOKE = frozenset(
    [
        *("veryu_ne_veryu", "bolvan", "magadan", "shield", "two_jokers"),
        *("fool_personal_trumps", "fool_five", "pokerny", "negotiable"),
    ]
)
"""Durak-engine variants of §5.4 (special rules): their tests are in ``tests/referee/variants``."""
PLAYABLE = sorted(
    v.slug
    for v in playable_variants()
    if v.rules and v.rules.engine == "durak" and v.slug not in BESPOKE
)


def test_the_thirty_playable_variants_each_have_an_example_game() -> None:
    assert len(PLAYABLE) == 30
    names = set(globals())
    missing = [
        slug for slug in PLAYABLE if not any(n.startswith(f"test_variant_{slug}_") for n in names)
    ]
    assert missing == []


# §4.1 simple -------------------------------------------------------------------------------


def test_variant_simple_one_card_bouts_no_throw_ins() -> None:
    state = position(rules_for("simple"), ["7h 7c 8s Ac", "9h Td Jd"], trump="6c")
    state = run_script(
        state,
        [
            ("A:attack 7h+7c", "attack_form"),
            ("A:attack 7h", None),
            ("B:beat 7h/Td", "does_not_beat"),
            ("B:beat 7h/9h", None),  # both cards go to the discard at once
            ("A:throw 7c", "throw_in_not_allowed"),
            ("A:attack 7c", "out_of_turn"),  # the defender attacks next
            ("B:attack Td", None),
            ("B:take", "not_defender"),
            ("A:beat Td/7c", None),  # 7c is a trump (clubs)
            ("A:attack 8s", None),
            ("B:take", None),  # taken at once: no throw-ins
            ("B:attack Jd", "out_of_turn"),
            ("A:attack Jd", "card_in_another_hand"),
        ],
    )
    # 2 players: after a take the same attacker attacks again
    assert state.attacker == 0 and hand_text(state, 1) == {"8s", "Jd"}


def test_variant_simple_refill_attacker_then_defender() -> None:
    rules = rules_for("simple")
    state = position(rules, ["7h Ac Kc", "9h Ad Kd", "Ah Kh Qh"], trump="6c", stock="Js Qs")
    state = play(state, "A:attack 7h", "B:beat 7h/9h")
    assert hand_text(state, 0) >= {"Js", "Qs", "6c"}  # A draws first, up to 6: the stock ends
    assert state.hands[1].count == 2


# §4.2 podkidnoy -----------------------------------------------------------------------------


def test_variant_podkidnoy_three_player_bouts() -> None:
    state = position(
        rules_for("podkidnoy"),
        ["7h 9c Kd Ac", "9h 8c Ts Qd", "7d 9s Jh"],
        trump="6s",
        stock="Ah Kh Qh Jc Tc 8d 8h Th",
    )
    state = run_script(
        state,
        [
            ("B:attack 9h", "out_of_turn"),
            ("A:attack 7h", None),
            ("C:throw 7d", "throw_in_before_beat"),
            ("B:beat 7h/9h", None),
            ("C:throw 7d", "throw_in_priority"),  # A has the first right
            ("A:throw 9c", None),
            ("A:throw Kd", "throw_in_no_match"),
            ("B:beat 9c/8c", "does_not_beat"),
            ("B:beat 9c/Ts", None),
            ("A:pass", None),
            ("C:throw 7d", None),
            ("B:take", None),
            ("C:throw 9s", "throw_in_priority"),  # after the take, A has the first right again
            ("A:pass", None),
            ("C:throw 9s", None),  # 4 attack cards: B held 4, so the take is made at once
        ],
    )
    # B took 7h 9h 9c Ts 7d 9s; C, on his left, attacks next
    assert {"7h", "9h", "9c", "Ts", "7d", "9s"} <= hand_text(state, 1)
    assert (state.attacker, state.defender) == (2, 0)
    assert [h.count for h in state.hands] == [6, 8, 6]


# §4.3 perevodnoy ----------------------------------------------------------------------------


def test_variant_perevodnoy_transfer_around_the_table() -> None:
    state = position(
        rules_for("perevodnoy"),
        ["7h Kd Ac Qd", "7d 9h Jc Qc", "7c 8c Ks Kh Kc"],
        trump="6s",
        stock="Ah Th Td",
    )
    state = run_script(
        state,
        [
            ("A:attack 7h", None),
            ("B:transfer 9h", "transfer_rank"),
            ("B:transfer 7d", None),  # C defends now
            ("B:beat 7h/9h", "not_defender"),
            ("C:transfer 7c", None),  # and again: to A, who holds 3 >= 3
            ("A:beat 7h/Ac", "does_not_beat"),
            ("A:take", None),  # A held 3 at the hand-over: 3 cards is the limit, made at once
            ("B:throw 7c", "out_of_turn"),
        ],
    )
    assert {"7h", "7d", "7c"} <= hand_text(state, 0)
    assert (state.attacker, state.defender) == (1, 2)  # left of the final defender


def test_variant_perevodnoy_limits_a_b_c() -> None:
    rules = rules_for("perevodnoy")
    # (a) only before any attack card is covered
    state = position(rules, ["7h 7s Ac", "9h 7d Jc", "Ks Kd"], trump="6s")
    state = play(state, "A:attack 7h", "B:beat 7h/9h")
    assert verdict(state, "B:transfer 7d").code == "transfer_after_beat"
    # (b) the receiver must hold as many cards as there will be attack cards
    state = play(position(rules, ["7h Ac", "7d Jc", "Ks"], trump="6s"), "A:attack 7h")
    assert verdict(state, "B:transfer 7d").code == "transfer_receiver_cannot_cover"
    # (c) with 2 players the transfer goes back to the attacker
    state = play(position(rules, ["7h Ac Kc", "7d Jc"], trump="6s"), "A:attack 7h", "B:transfer 7d")
    assert state.defender == 0 and table_text(state) == ["7h", "7d"]


def test_variant_perevodnoy_final_defender_beats_then_throw_ins() -> None:
    rules = rules_for("perevodnoy")
    hands = ["7h 9c Ac", "7d 9s Jc Qd", "9h Ts Ks Qh Jh As"]
    state = position(rules, hands, trump="6s", stock="Ad Kd Qc Jd Td 9d 8d")
    state = run_script(
        state,
        [
            ("A:attack 7h", None),
            ("B:transfer 7d", None),
            ("A:throw 9c", "throw_in_before_beat"),  # until the final defender beats a card
            ("C:beat 7h/9h", None),
            ("B:throw 9s", "throw_in_priority"),
            ("A:throw 9c", None),  # the initial attacker first
            ("A:pass", None),
            ("B:throw 9s", None),  # the transferring player throws in like anyone else
            ("C:beat 7d/Ts", None),
            ("C:beat 9c/Ks", None),
            ("C:beat 9s/As", None),
            ("A:done", None),
        ],
    )
    assert state.attacker == 2  # the final defender attacks next
    assert {"Ad", "Kd"} <= hand_text(state, 0)  # refill starts with the initial attacker


# §4.4 perevodnoy_2 --------------------------------------------------------------------------


def test_variant_perevodnoy_2_seed_example_two_players() -> None:
    rules = rules_for("perevodnoy_2")
    state = position(rules, ["6c 8h 9h Td Ac Kc", "8c 8d Qd Jc Qh Ks"], trump="6s", stock="Ah")
    state = run_script(
        state,
        [
            ("A:attack 6c", None),
            ("B:beat 6c/8c", None),  # "eight busts": the eight of clubs
            ("A:throw 8h", None),
            ("B:transfer 8d", None),  # back to A, the next player clockwise
            ("A:beat 6c/Ac", "already_covered"),  # covered pairs stay beaten
            ("A:beat 8h/9h", None),
            ("A:beat 8d/Td", None),
            ("B:pass", None),
        ],
    )
    assert set(cards("6c 8c 8h 8d 9h Td")) <= set(state.discard)  # all 6 cards
    assert state.attacker == 0


def test_variant_perevodnoy_2_transfer_needs_one_uncovered_rank() -> None:
    rules = rules_for("perevodnoy_2")
    state = position(rules, ["6c 8h 9c Ac", "8c 8d Kd Qh", "Js Qs Ks As"], trump="6s")
    state = play(state, "A:attack 6c", "B:beat 6c/8c", "A:throw 8h")
    state = play(state, "A:pass", "C:pass")
    assert verdict(state, "B:transfer 8d").ok
    state = position(rules, ["6c 6h 7h Ac", "7c 6d Kd Qh", "Js Qs Ks As"], trump="6s")
    state = play(state, "A:attack 6c", "B:beat 6c/7c", "A:throw 6h", "A:throw 7h")
    assert verdict(state, "B:transfer 6d").code == "transfer_not_allowed"  # 6h and 7h uncovered


# §4.5 albanian ------------------------------------------------------------------------------


def test_variant_albanian_one_at_a_time_and_trump_drawn_last() -> None:
    rules = rules_for("albanian")
    order = list(deck_of(rules))
    state = deal(rules, 2, seed=0, order=order)
    assert set(order[0:12:2]) == set(state.hands[1].known)  # dealer A: B gets the 1st, 3rd, ...
    assert set(order[1:12:2]) == set(state.hands[0].known)
    assert state.stock[-1] == order[12] == state.trump_card
    end = position(rules, ["7c 8c", "9c Jd"], trump="Qh", stock="Kh")
    end = play(end, "A:attack 7c", "B:beat 7c/9c", "A:done")
    assert hand_text(end, 0) == {"8c", "Kh", "Qh"}  # the trump card reaches the hand last
    assert end.trump_card is None and end.trump_suit is Suit.HEARTS


# §4.6 american ------------------------------------------------------------------------------


def test_variant_american_seed_example_with_hearts_trump() -> None:
    rules = rules_for("american")
    state = position(
        rules,
        ["6d 8d Ts Qd 9h Qh", "6s 7d Ad As 8h Th"],
        trump="7h",
        stock="Kc Kd Ks Jc",
    )
    state = run_script(
        state,
        [
            ("A:attack 6d", None),
            ("B:throw 6s", "throw_in_not_allowed"),  # not everything is covered yet
            ("B:beat 6d/7d", None),
            ("A:pass", None),  # P1 has no 6 or 7
            ("B:throw 6s", None),
            ("B:beat 6s/As", None),
            ("B:throw Ad", None),  # rank A is on the table
            ("B:beat Ad/8h", None),  # a trump
            ("B:throw Th", "throw_in_no_match"),
            ("B:pass", None),
            ("A:throw 8d", None),
            ("B:beat 8d/Th", None),  # his last card
        ],
    )
    assert set(cards("6d 7d 6s As Ad 8h 8d Th")) <= set(state.discard)  # all 8 cards
    assert state.table == ()


def test_variant_american_refill_defender_last() -> None:
    rules = rules_for("american")
    hands = ["7h Ac Kc Qc Jc Tc", "9h Ad Kd", "Ah Kh Qh 9c"]
    state = position(rules, hands, trump="6c", stock="Js Qs Ts")
    state = play(state, "A:attack 7h", "B:beat 7h/9h", "A:done")
    assert "Js" in hand_text(state, 0)  # the attacker, then the others, the defender last
    assert {"Qs", "Ts"} <= hand_text(state, 2)
    assert hand_text(state, 1) == {"Ad", "Kd", "6c"}


# §4.7 armenian_1 ----------------------------------------------------------------------------


def test_variant_armenian_1_lead_from_the_top_of_the_stock() -> None:
    rules = rules_for("armenian_1")
    state = position(rules, ["7c 8c", "9c Jd Kd"], trump="6s", stock="Td 8h")
    state = run_script(
        state,
        [
            ("A:attack 8h*", "stock_lead_not_allowed"),  # not the top card
            ("A:attack Td*", None),
            ("B:beat Td/Kd", None),
            ("A:throw Td", "card_already_played"),
            ("A:done", None),
        ],
    )
    assert hand_text(state, 0) == {"7c", "8c", "8h", "6s"}  # the trump card still comes last
    state = position(rules, ["7c 8c", "9c Jd Kd"], trump="6s", stock="")
    assert verdict(state, "A:attack 6s*").code == "stock_lead_not_allowed"


# §4.10 beskozyrny ---------------------------------------------------------------------------


def test_variant_beskozyrny_no_trumps() -> None:
    rules = rules_for("beskozyrny")
    state = stacked_deal(rules, ["Ac 9c Kc Qc Jc Tc", "As 7s Ks Qs Js Ts", "Ad 8d Kd Qd Jd Td"])
    assert state.trump_suit is None and state.attacker == 1  # the lowest card: 7s
    state = position(rules, ["7c 8d", "Ad 9c 6c"], trump=None, stock="Qh")
    run_script(
        state,
        [
            ("A:attack 7c", None),
            ("B:beat 7c/Ad", "does_not_beat"),
            ("B:beat 7c/6c", "does_not_beat"),
            ("B:beat 7c/9c", None),
        ],
    )


# §4.11 bolshoy ------------------------------------------------------------------------------


def test_variant_bolshoy_two_decks() -> None:
    rules = rules_for("bolshoy")
    state = position(rules, ["7h 7h' 9c Kc", "7d 8h Th' Qd"], trump="6s", stock="As")
    state = play(state, "A:attack 7h", "B:beat 7h/8h", "A:throw 7h'")
    assert verdict(state, "B:beat 7h'/Th").ok  # B holds the second copy, Th'
    state = play(state, "B:beat 7h'/Th")
    assert card("Th'") in state.table_cards()


def test_variant_bolshoy_identical_lowest_trumps_compare_the_next() -> None:
    rules = rules_for("bolshoy")
    state = stacked_deal(
        rules,
        ["7h 9h Ac Kc Qc Jc", "7h' 8h As Ks Qs Js", "Ad Kd Qd Jd Td 9d"],
        trump="6h",
    )
    assert state.attacker == 1


# §4.14 road ---------------------------------------------------------------------------------


def test_variant_road_throw_in_must_beat_the_latest_defence_card() -> None:
    rules = rules_for("road")
    dealt = deal(rules, 3, seed=5)
    assert sorted(h.count for h in dealt.hands) == [12, 12, 12] and dealt.stock_count == 0
    state = position(rules, ["7h Th 8s 7c Qh", "9h Js Kd Kc", "Ac Ah"], trump="6s")
    run_script(
        state,
        [
            ("A:attack 7h", None),
            ("B:beat 7h/9h", None),
            ("A:throw 7c", "throw_in_no_match"),  # the rank is not enough
            ("A:throw Th", None),
            ("B:beat Th/Js", None),  # now the road must top Js
            ("A:throw Qh", "throw_in_no_match"),
            ("A:pass", None),
            ("C:throw Ac", "throw_in_no_match"),
            ("C:pass", None),
        ],
    )


# §4.15 boring -------------------------------------------------------------------------------


def test_variant_boring_lead_the_highest_rank() -> None:
    rules = rules_for("boring")
    state = position(rules, ["As Kh 8c", "9c Tc Jc"], trump="6h")  # KH is a trump, AS is not
    run_script(
        state,
        [
            ("A:attack Kh", "attack_not_highest_rank"),
            ("A:attack 8c", "attack_not_highest_rank"),
            ("A:attack As", None),
            ("B:take", None),
            ("A:throw 8c", "throw_in_no_match"),
            ("A:pass", None),
        ],
    )


# §4.17 trumps_changing ----------------------------------------------------------------------


def test_variant_trumps_changing_last_card_becomes_trump() -> None:
    rules = rules_for("trumps_changing")
    state = position(
        rules, ["7c 8c Ac Kc Qc Jc", "9c Jd Qd Kd Ad Td"], trump="6s", stock="Ah Kh Qh Jh"
    )
    state = play(state, "A:attack 7c", "B:beat 7c/9c", "A:done")
    assert state.trump_suit is Suit.CLUBS and state.trump_card == card("9c")
    assert card("6s") in state.discard
    # the next bout is played with clubs as trump: a club beats a diamond now
    state = run_script(state, [("B:attack Jd", None), ("A:beat Jd/8c", None), ("B:done", None)])
    assert state.trump_card == card("8c") and state.trump_suit is Suit.CLUBS


# §4.18 royal --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cover", "code"),
    [("7h", "does_not_beat"), ("9s", "does_not_beat"), ("Ah", None), ("As", None)],
)
def test_variant_royal_six_only_beaten_by_an_ace(cover: str, code: str | None) -> None:
    rules = rules_for("royal")
    state = play(position(rules, ["6h Kc", f"{cover} Qc"], trump="Ts"), "A:attack 6h")
    assert verdict(state, f"B:beat 6h/{cover}").code == code


# §4.21 round_pass ---------------------------------------------------------------------------


def test_variant_round_pass_hands_move_left_roles_stay() -> None:
    rules = rules_for("round_pass")
    state = position(rules, ["7c Ac Kd", "8c Qd", "9d Jh", "Ts"], trump="6s", finished=[])
    state = play(state, "A:attack 7c", "B:beat 7c/8c", "A:done")
    assert [hand_text(state, s) for s in range(4)] == [{"Ts"}, {"Ac", "Kd"}, {"Qd"}, {"9d", "Jh"}]
    assert (state.attacker, state.defender) == (1, 2)
    assert verdict(state, "B:attack Ac").ok  # B now plays A's old cards


# §4.24 frozen_fur ---------------------------------------------------------------------------


def test_variant_frozen_fur_whole_deck_no_refill() -> None:
    rules = rules_for("frozen_fur")
    dealt = deal(rules, 4, seed=3)
    assert [h.count for h in dealt.hands] == [9, 9, 9, 9] and dealt.stock_count == 0
    assert dealt.trump_card is not None
    assert any(dealt.trump_card in h.known for h in dealt.hands)  # it stays in its hand
    state = position(rules, ["7c 7d 7h 7s 9c 9d 9h", "8c 8d 8h 9s Ts Js Qs Ks"], trump="6s")
    state = play(
        state,
        *("A:attack 7c", "B:beat 7c/8c", "A:throw 7d", "B:beat 7d/8d"),
        *("A:throw 7h", "B:beat 7h/8h", "A:throw 7s", "B:beat 7s/9s"),
    )
    assert verdict(state, "A:throw 9c+9d+9h").ok  # the limit is the defender's hand (8)
    state = play(state, "A:throw 9c+9d+9h", "B:beat 9c/Ts", "B:beat 9d/Js", "B:beat 9h/Qs")
    assert state.hands[1].count == 1 and state.hands[0].count == 0  # no refill
    assert state.is_over and state.fool == 1


# §4.25 invisible ----------------------------------------------------------------------------


def test_variant_invisible_announced_trump() -> None:
    rules = rules_for("invisible")
    order = stacked_order(rules, ["7c 8c 9c Tc Jc Qc", "7d 8d 9d Td Jd Qd"], trump="Kc")
    state = deal(rules, 2, seed=0, dealer=1, order=order)
    assert state.trump_card is None and state.trump_suit == state.stock[-1].suit
    view = table_game(rules, 2, trump_suit=Suit.HEARTS, first_attacker_seat=0)
    v = verdict(view, "A:attack 7c")
    assert v.ok and any("hand is not seen" in u for u in v.unchecked)
    view = play(view, "A:attack 7c")
    assert verdict(view, "B:beat 7c/6h").ok  # the announced trump, hearts
    assert verdict(view, "B:beat 7c/Ad").code == "does_not_beat"


# §4.27 fool_recycle -------------------------------------------------------------------------


def test_variant_fool_recycle_every_second_success_returns_to_the_stock() -> None:
    rules = rules_for("fool_recycle")
    hands = ["7c 7d Ad Kd Qd Jd", "8c 8d Ah Kh Qh Jh", "Ac Kc Qc Jc Tc 9c"]
    state = position(rules, hands, trump="6s", stock="As Ks Qs Js")
    state = play(state, "A:attack 7c", "B:beat 7c/8c", "A:done")  # 1st success
    assert {card("7c"), card("8c")} <= set(state.discard) and state.stock_count == 3
    state = play(state, "B:attack Ah", "C:take", "B:pass", "A:pass")  # a take: not counted
    state = play(state, "A:attack 7d", "B:beat 7d/8d", "A:done")  # 2nd success: recycled
    assert card("7d") not in state.discard and card("8d") not in state.discard
    assert state.successes == 2 and state.stock[-1] == card("6s")  # the trump card stays under


# §4.28 ochkovy -----------------------------------------------------------------------------


def test_variant_ochkovy_fewest_beaten_cards_is_the_fool() -> None:
    rules = rules_for("ochkovy")
    state = position(rules, ["7c Tc Jc Qd", "8c 9c Kd"], trump="6s")
    state = run_script(
        state,
        [
            ("A:attack 7c", None),
            ("B:beat 7c/8c", None),
            ("A:done", None),
            ("B:attack 9c", None),
            ("A:beat 9c/Tc", None),
            ("B:done", None),
            ("A:attack Jc", None),
            ("B:take", None),
            ("A:attack Qd", None),
            ("B:beat Qd/Kd", None),
        ],
    )
    result = outcome(state)
    assert result is not None and result.scores["beaten"] == (1, 2)
    assert result.losers == (0,) and state.fool == 1  # the holder is not the fool here


# §4.29 parnomastny --------------------------------------------------------------------------


def test_variant_parnomastny_rank_or_suit() -> None:
    rules = rules_for("parnomastny")
    state = position(rules, ["7h 7c Kh Kd", "9h Jh Qh Ah", "Td Kc"], trump="6s")
    run_script(
        state,
        [
            ("A:attack 7h", None),
            ("B:beat 7h/9h", None),
            ("A:throw Kd", "throw_in_no_match"),
            ("A:throw Kh", None),  # suit
            ("B:beat Kh/Ah", None),
            ("A:throw 7c", None),  # rank
            ("B:beat 7c/Qh", "does_not_beat"),
            ("B:take", None),
            ("A:pass", None),
            ("C:throw Td", "throw_in_no_match"),
            ("C:throw Kc", None),  # rank K is on the table
        ],
    )


# §4.31 pogonny ------------------------------------------------------------------------------


def test_variant_pogonny_pairs_and_the_pogon_count() -> None:
    rules = rules_for("pogonny")
    state = position(rules, ["7c 7d 8h 8s Kd", "8c 8d Th Ts 9d"], trump="6s")
    state = run_script(
        state,
        [
            ("A:attack 7c+8h", "attack_form"),
            ("A:attack 7c+7d", None),  # one pogon for A
            ("B:beat 7c/8c", None),
            ("B:beat 7d/8d", None),
            ("A:throw 8h+8s", None),  # another pogon
            ("B:beat 8h/Th", None),
            ("B:beat 8s/Ts", None),
            ("A:done", None),
        ],
    )
    assert state.stats.pogony == (2, 0)
    state = play(state, "B:attack 9d", "A:take")
    result = outcome(state)
    assert state.is_over and result is not None
    assert result.losers == (1,)  # B laid no pogon: he is the fool though A holds cards


# §4.34 potayny ------------------------------------------------------------------------------


def test_variant_potayny_hidden_second_trump() -> None:
    rules = rules_for("potayny")
    order = stacked_order(rules, ["7c 8c 9c Tc Jc Qc", "7d 8d 9d Td Jd Qd"], trump="Kc", stock="Ah")
    dealt = deal(rules, 2, seed=0, order=order)
    assert dealt.trump_card == card("Kc") and dealt.hidden_trump == card("Ah")
    assert card("Ah") not in dealt.stock
    state = position(rules, ["7c 8c", "9c Jd"], trump="Kc", stock="")
    state = replace(
        state,
        hidden_trump=card("Ah"),
        hidden_trump_pending=True,
        discard=state.discard.remove(card("Ah")),
    )
    state = run_script(
        state,
        [
            ("A:attack 7c", None),
            ("B:beat 7c/9c", None),
            ("A:done", None),  # A draws the trump card Kc: the stock is gone
            ("B:attack Jd", "must_reveal_trump"),
            ("B:reveal Ah", None),
            ("B:attack Jd", None),
            ("A:beat Jd/Kc", "does_not_beat"),  # clubs are no longer trump
        ],
    )
    assert state.trump_suit is Suit.HEARTS


# §4.35 pustoy -------------------------------------------------------------------------------


def test_variant_pustoy_draw_only_when_empty() -> None:
    rules = rules_for("pustoy")
    state = position(rules, ["7c 8d", "8c Jd", "Kd"], trump="6h", stock="As Qs Ah Ks Js Ts 9s")
    state = play(state, "A:attack 7c", "B:beat 7c/8c", "A:pass", "C:pass")
    assert [h.count for h in state.hands] == [1, 1, 1]  # nobody is empty: nobody draws
    state = play(state, "B:attack Jd", "C:take")
    # B is empty: he draws 6; the limit used C's 1 card
    assert [h.count for h in state.hands] == [1, 6, 2]


# §4.36 pustyshka ----------------------------------------------------------------------------


def test_variant_pustyshka_the_blank_card() -> None:
    rules = rules_for("pustyshka")
    state = position(rules, ["XX 7c Kd", "6c 8c As", "9c"], trump="6s")
    run_script(
        state,
        [
            ("A:attack XX", None),  # the blank may be led
            ("B:beat XX/6c", None),  # any card beats it, even the lowest
            ("A:throw 7c", "throw_in_no_match"),  # nothing matches on account of the blank
            ("A:pass", None),
        ],
    )
    state = position(rules, ["As 7c", "XX 8c", "9c"], trump="6s")
    state = run_script(state, [("A:attack As", None), ("B:beat As/XX", None)])
    assert verdict(state, "B:throw XX").code == "throw_in_not_allowed"


# §4.37 progression --------------------------------------------------------------------------


def test_variant_progression_one_card_then_k_plus_1() -> None:
    rules = rules_for("progression")
    state = stacked_deal(rules, ["7c", "9h", "Th"], trump="6h", stock="As Qs Ah Ks Js Ts 9s 8s")
    assert [h.count for h in state.hands] == [1, 1, 1]
    attacker = "ABC"[state.attacker]
    lead = next(iter(state.hands[state.attacker].known))
    state = play(state, f"{attacker}:attack {lead}")
    assert verdict(state, f"{'ABC'[state.defender]}:take").ok
    state = play(state, f"{'ABC'[state.defender]}:take")
    assert state.phase is Phase.ATTACK  # throw-ins are impossible: the take is made at once
    assert min(h.count for h in state.hands) == 2


# §4.39 joker --------------------------------------------------------------------------------


def test_variant_joker_beats_any_card() -> None:
    rules = rules_for("joker")
    state = position(rules, ["As 7c Kc", "XR Ks 8c"], trump="6s")
    state = run_script(
        state,
        [
            ("A:attack As", None),
            ("B:beat As/Ks", "does_not_beat"),
            ("B:beat As/XR", None),  # "a trump can be beaten by a higher trump or the joker"
        ],
    )
    led = play(position(rules, ["XR 7c", "As Ks"], trump="6s"), "A:attack XR")
    assert verdict(led, "B:beat XR/As").code == "does_not_beat"
    assert [str(m) for m in legal_moves(led) if m.player == 1] == ["Take(player=1)"]


# §4.41 s_par --------------------------------------------------------------------------------


def test_variant_s_par_pair_attacks_and_first_out_wins() -> None:
    rules = rules_for("s_par")
    state = position(rules, ["7c 7d 9c 9d Jh", "8c 8d Tc Td Qh", "Ah Kh"], trump="6s")
    state = run_script(
        state,
        [
            ("A:attack 7c+9c", "attack_form"),
            ("A:attack 7c+7d+9c+9d+Jh", None),  # two pairs + 1
            ("B:beat 7c/8c", None),
            ("B:beat 7d/8d", None),
            ("B:beat 9c/Tc", None),
            ("B:beat 9d/Td", None),
            ("B:beat Jh/Qh", None),
        ],
    )
    result = outcome(state)
    # A and B ran out together; C is left: the first out wins, C loses
    assert state.is_over and result is not None and result.losers == (2,)
    assert 0 in result.winners


def test_variant_s_par_failed_defence_takes_the_attack_cards() -> None:
    rules = rules_for("s_par")
    state = position(rules, ["7c 7d 9h", "8c Ad Kd", "Ah Kh"], trump="6s", stock="Qh Jh Th")
    state = run_script(
        state,
        [
            ("A:attack 7c+7d", None),
            ("B:beat 7c/8c", None),
            ("B:take", None),
        ],
    )
    assert hand_text(state, 1) >= {"7c", "7d", "8c", "Ad", "Kd"}  # his beat returns to his hand
    assert state.attacker == 2 and state.hands[0].count == 5  # refill to 5
    assert state.stock_count == 0 and state.hands[2].count == 2


# §4.42 treshka ------------------------------------------------------------------------------


def test_variant_treshka_three_card_leads() -> None:
    rules = rules_for("treshka")
    state = position(rules, ["7c 8d 9h Tc", "Jc Qd Kh Ac", "7s"], trump="6s")
    state = run_script(
        state,
        [
            ("A:attack 7c", "attack_form"),
            ("A:attack 7c+8d+9h", None),
            ("B:beat 7c/Jc", None),
            ("B:beat 8d/Qd", None),
            ("B:beat 9h/Kh", None),
            ("A:pass", None),
            ("C:throw 7s", None),  # rank-matched throw-ins
        ],
    )
    assert verdict(state, "B:beat 7s/Ac").code == "does_not_beat"


# §4.43 figured ------------------------------------------------------------------------------


def test_variant_figured_most_figures_beaten_wins() -> None:
    rules = rules_for("figured")
    state = position(rules, ["Tc 8d", "Jc Qc", "Kc Ac"], trump="6s")
    state = play(state, "A:attack Tc", "B:beat Tc/Jc", "A:done")  # a figure for B
    state = play(state, "B:attack Qc", "C:beat Qc/Kc", "B:done")  # a figure for C
    state = play(state, "C:attack Ac", "A:take")
    result = outcome(state)
    assert state.is_over and result is not None
    assert set(result.winners) == {1, 2} and result.losers == (0,)  # ties share the win


# §4.45 chukchi_1 ----------------------------------------------------------------------------


def test_variant_chukchi_1_six_cards_and_no_stock() -> None:
    rules = rules_for("chukchi_1")
    order = stacked_order(rules, ["7c 8c 9c Tc Jc Qc", "7d 8d 9d Td Jd Qd"], trump="Kh")
    state = deal(rules, 2, seed=0, order=order)
    assert state.trump_suit is Suit.HEARTS and state.stock_count == 0
    assert len(state.out_of_play) == 24 and card("Kh") in state.out_of_play
    attacker = "AB"[state.attacker]
    lead = sorted(state.hands[state.attacker].known)[0]
    after = play(state, f"{attacker}:attack {lead}", f"{'AB'[state.defender]}:take")
    after = play(after, *[m for m in (f"{attacker}:pass",) if verdict(after, m).ok])
    assert sum(h.count for h in after.hands) == 12  # nobody draws
    assert verdict(after, f"{'AB'[after.attacker]}:attack Kh").code == "card_out_of_play"


# §4.48 japanese -----------------------------------------------------------------------------


def test_variant_japanese_diamonds_trump_spades_immune() -> None:
    rules = rules_for("japanese")
    state = stacked_deal(rules, ["9d Ac Kc Qc Jc Tc", "7d As Ks Qs Js Ts", "Ad Kd Qd Jd Td 8d"])
    assert state.trump_suit is Suit.DIAMONDS and state.attacker == 1  # the lowest diamond
    state = position(rules, ["9s 7c", "Ad Ts 8c", "Kh"], trump=None)
    run_script(
        state,
        [
            ("A:attack 9s", None),
            ("B:beat 9s/Ad", "does_not_beat"),  # a trump cannot beat a spade
            ("B:beat 9s/Ts", None),
            ("A:throw 9s", "card_already_played"),
        ],
    )
    state = play(position(rules, ["9c Kc", "6d Ts"], trump=None), "A:attack 9c")
    assert verdict(state, "B:beat 9c/6d").ok
