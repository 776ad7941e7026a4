"""One test per non-default parameter value that the 30 playable variants use (VARIANTS.md §5.2,
§5.3), named after the parameter and its value."""

from __future__ import annotations

from dataclasses import replace

import pytest
from referee_builders import (
    card,
    cards,
    hand_text,
    play,
    position,
    stacked_deal,
    stacked_order,
    table_text,
    verdict,
)

from referee import (
    CardSet,
    InvalidPosition,
    Phase,
    Suit,
    legal_moves,
    outcome,
    parse_move,
    rules_for,
    table_game,
)
from referee.moves import RevealTrump
from referee.rules import AttackForm, BaseMode, RefillOrder, TransferMode
from referee.setup import deal, deck_of

# --- deck -----------------------------------------------------------------------------------


def test_param_deck_ranks_52() -> None:
    rules = rules_for("podkidnoy", {"deck": "52"})
    assert len(deck_of(rules)) == 52
    state = position(rules, ["2c 3c", "4c 5c"], trump="2s")
    assert verdict(state, "A:attack 2c").ok
    assert verdict(
        position(rules_for("podkidnoy"), ["7c", "8c"], trump="6s"), "A:attack 2c"
    ).code == ("card_not_in_deck")


def test_param_deck_copies_2_twin_cannot_beat() -> None:
    rules = rules_for("bolshoy")
    deck = deck_of(rules)
    assert len(deck) == 72 and len(set(deck)) == 72
    assert {c.face for c in deck} == set(deck_of(rules_for("podkidnoy")))
    state = play(position(rules, ["7h Ac 9c", "7h' 8h 9d"], trump="6s"), "A:attack 7h")
    v = verdict(state, "B:beat 7h/7h'")
    assert v.code == "does_not_beat" and "equal rank" in v.message()
    assert verdict(state, "B:beat 7h/8h").ok


def test_param_deck_copies_2_both_copies_are_thrown_in() -> None:
    rules = rules_for("bolshoy")
    state = position(rules, ["7h 7h' 8h' 9c", "8h Th Jh Qh"], trump="6s")
    state = play(state, "A:attack 7h", "B:beat 7h/8h")
    assert verdict(state, "A:throw 7h'").ok
    assert verdict(state, "A:throw 8h").ok  # the twin of a table card: rank on the table
    state = play(state, "A:throw 7h'", "B:beat 7h'/Th")
    assert table_text(state) == ["7h/8h", "7h'/Th"]


def test_param_deck_jokers_1_and_joker_rule_joker_beats_all() -> None:
    rules = rules_for("joker")
    assert len(deck_of(rules)) == 37
    state = play(position(rules, ["As Ac", "XR 7c"], trump="6s"), "A:attack As")
    assert verdict(state, "B:beat As/XR").ok  # the joker beats even the trump ace


def test_param_joker_rule_joker_beats_all() -> None:
    rules = rules_for("joker")
    led = play(position(rules, ["XR 7c", "As Ks 8c"], trump="6s"), "A:attack XR")
    assert verdict(led, "B:beat XR/As").code == "does_not_beat"  # a led joker cannot be beaten
    assert [m for m in legal_moves(led) if m.player == 1] == [parse_move("B:take")]
    thrown = play(position(rules, ["7c XR", "8c Kd"], trump="6s"), "A:attack 7c", "B:beat 7c/8c")
    assert verdict(thrown, "A:throw XR").code == "throw_in_no_match"  # no rank to match


def test_param_trump_if_indicator_is_joker_reinsert() -> None:
    rules = rules_for("joker")
    order = stacked_order(rules, ["6c 7c 8c 9c Tc Jc", "6d 7d 8d 9d Td Jd"], trump="XR")
    state = deal(rules, 2, seed=0, order=order)
    assert state.trump_card is not None and state.trump_card.is_normal
    assert card("XR") in state.stock  # pushed back into the stock
    with pytest.raises(InvalidPosition):
        table_game(rules, 2, trump_card=card("XR"))


def test_param_deck_blank_card_one() -> None:
    rules = rules_for("pustyshka")
    deck = deck_of(rules)
    assert len(deck) == 37 and sum(c.is_blank for c in deck) == 1


def test_param_joker_rule_blank_beats_all_beaten_by_all() -> None:
    rules = rules_for("pustyshka")
    state = play(position(rules, ["As 9c", "XX 6c"], trump="6s"), "A:attack As")
    assert verdict(state, "B:beat As/XX").ok  # the blank beats any card
    state = play(position(rules, ["XX 9c", "6c 7d"], trump="6s"), "A:attack XX")
    assert verdict(state, "B:beat XX/6c").ok  # any card beats the blank
    state = play(position(rules, ["7c XX", "8c Kd"], trump="6s"), "A:attack 7c", "B:beat 7c/8c")
    assert verdict(state, "A:throw XX").code == "throw_in_no_match"  # the blank has no rank


def test_param_trump_if_indicator_is_joker_no_trumps() -> None:
    rules = rules_for("pustyshka")
    order = stacked_order(rules, ["6c 7c 8c 9c Tc Jc", "6d 7d 8d 9d Td Jd"], trump="XX")
    state = deal(rules, 2, seed=0, order=order)
    assert state.trump_card == card("XX") and state.trump_suit is None
    assert state.stock[-1] == card("XX")  # still drawn last
    b = play(position(rules, ["7c Kd", "As 8d"], trump="XX", stock="Qh"), "A:attack 7c")
    assert verdict(b, "B:beat 7c/As").code == "does_not_beat"  # no trumps


# --- deal -----------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", ["road", "frozen_fur"])
@pytest.mark.parametrize(("players", "counts"), [(2, [18, 18]), (5, [7, 8, 7, 7, 7])])
def test_param_deal_hand_size_whole_deck(slug: str, players: int, counts: list[int]) -> None:
    state = deal(rules_for(slug), players, seed=2, dealer=0)
    assert [h.count for h in state.hands] == counts  # the remainder goes from the dealer's left
    assert state.stock_count == 0 and state.stock == ()


def test_param_deal_hand_size_1() -> None:
    state = deal(rules_for("progression"), 4, seed=1)
    assert [h.count for h in state.hands] == [1, 1, 1, 1]
    assert state.stock_count == 36 - 4


def test_param_deal_stock_discarded() -> None:
    state = deal(rules_for("chukchi_1"), 3, seed=7)
    assert state.stock_count == 0 and state.stock == ()
    assert len(state.out_of_play) == 36 - 18
    unused = next(iter(state.out_of_play))
    assert verdict(state, f"{'ABC'[state.attacker]}:attack {unused}").code == "card_out_of_play"


def test_param_dealer_outsider() -> None:
    rules = rules_for("invisible")
    order = list(deck_of(rules))
    state = deal(rules, 3, seed=0, dealer=1, order=order)
    assert order[0] in state.hands[0].known  # the outsider deals to seat A first


def test_param_refill_n_5() -> None:
    rules = rules_for("s_par")
    state = deal(rules, 3, seed=4)
    assert [h.count for h in state.hands] == [5, 5, 5]
    state = position(rules, ["7c 8c 9c Tc Jc", "8d 9d Td Jd Qd"], trump="6s", stock="Ah Kh Qh")
    state = play(state, "A:attack 7c", "B:take")
    assert [h.count for h in state.hands] == [5, 6]


# --- trump ----------------------------------------------------------------------------------


def test_param_trump_source_stock_bottom() -> None:
    order = stacked_order(
        rules_for("podkidnoy"), ["6c 7c 8c 9c Tc Jc", "6d 7d 8d 9d Td Jd"], trump="Qh"
    )
    state = deal(rules_for("podkidnoy"), 2, seed=0, order=order)
    assert state.trump_card == card("Qh") and state.stock[-1] == card("Qh")
    assert state.trump_suit is Suit.HEARTS


@pytest.mark.parametrize("slug", ["road", "frozen_fur"])
def test_param_trump_source_last_dealt(slug: str) -> None:
    rules = rules_for(slug)
    order = list(deck_of(rules))
    state = deal(rules, 3, seed=0, dealer=0, order=order)
    last = order[-1]
    assert state.trump_card == last and state.trump_suit == last.suit
    assert last in state.hands[0].known  # seat A got the 36th card (dealt from B)


def test_param_trump_source_fixed_diamonds() -> None:
    state = deal(rules_for("japanese"), 2, seed=3)
    assert state.trump_suit is Suit.DIAMONDS and state.trump_card is None
    assert state.stock_count == 24  # no card is turned


def test_param_trump_source_none() -> None:
    rules = rules_for("beskozyrny")
    state = deal(rules, 2, seed=3)
    assert state.trump_suit is None and state.trump_card is None and state.stock_count == 24
    s = play(position(rules, ["7c 8d", "Ah 9c"], trump=None, stock="Qh"), "A:attack 7c")
    assert verdict(s, "B:beat 7c/Ah").code == "does_not_beat"
    assert verdict(s, "B:beat 7c/9c").ok


def test_param_first_attacker_lowest_card() -> None:
    rules = rules_for("beskozyrny")
    state = stacked_deal(rules, ["9c Ac Kc Qc Jc Tc", "8s As Ks Qs Js Ts", "7d Ad Kd Qd Jd Td"])
    assert state.attacker == 2


def test_param_trump_source_announced_hidden() -> None:
    rules = rules_for("invisible")
    order = list(deck_of(rules))
    state = deal(rules, 2, seed=0, order=order)
    assert state.trump_card is None and state.trump_suit == order[-1].suit
    assert state.stock[-1] == order[-1]  # the bottom card is drawn last, unseen
    with pytest.raises(InvalidPosition):
        table_game(rules, 2)
    view = table_game(rules, 2, trump_suit=Suit.CLUBS, first_attacker_seat=0)
    assert view.trump_suit is Suit.CLUBS and view.trump_card is None


def test_param_trump_source_shown_then_reinserted() -> None:
    rules = rules_for("chukchi_1")
    order = stacked_order(rules, ["6c 7c 8c 9c Tc Jc", "6d 7d 8d 9d Td Jd"], trump="Qh")
    state = deal(rules, 2, seed=0, order=order)
    assert state.trump_suit is Suit.HEARTS and card("Qh") in state.out_of_play
    view = table_game(rules, 2, trump_card=card("Qh"), first_attacker_seat=0)
    assert view.stock_count == 0
    assert verdict(view, "A:attack Qh").code == "card_out_of_play"


@pytest.mark.parametrize("slug", ["podkidnoy", "invisible", "chukchi_1"])
def test_param_trump_source_no_card_left_after_the_deal_uses_the_last_card_dealt(slug: str) -> None:
    # B5: 6 players x 6 cards use up a 36-card deck: the suit of the last card dealt is trump,
    # whether the variant turns the stock's top card, announces its bottom card or shows one.
    rules = rules_for(slug)
    order = list(deck_of(rules))
    state = deal(rules, 6, seed=0, dealer=2, order=order)
    last = order[-1]
    assert state.trump_suit == last.suit and state.trump_card == last
    assert state.stock_count == 0 and not state.out_of_play
    receiver = next(s for s in range(6) if last in state.hands[s].known)
    view = table_game(rules, 6, trump_card=last, dealer=2, first_attacker_seat=state.attacker)
    assert view.trump_suit == last.suit and last in view.hands[receiver].known


def test_param_trump_dynamics_swap_last_card_after_success() -> None:
    rules = rules_for("trumps_changing")
    hands = ["7c 8c Ac Kc Qc Jc", "9c Jd Qd Kd Ad Td"]
    state = position(rules, hands, trump="6s", stock="Ah Kh Qh Jh")
    state = play(state, "A:attack 7c", "B:beat 7c/9c", "A:done")
    assert state.trump_suit is Suit.CLUBS and state.trump_card == card("9c")
    assert card("6s") in state.discard and card("9c") not in state.discard
    assert state.stock[-1] == card("9c")  # the new trump card is drawn last
    # no exchange after a take
    state = position(rules, hands, trump="6s", stock="Ah Kh Qh Jh")
    state = play(state, "A:attack 7c", "B:take", "A:pass")
    assert state.trump_suit is Suit.SPADES
    # no exchange once the trump card has been drawn
    state = play(
        position(rules, ["7c 8c", "9c Jd"], trump="6s"), "A:attack 7c", "B:beat 7c/9c", "A:done"
    )
    assert state.trump_suit is Suit.SPADES


def test_param_trump_dynamics_hidden_second_trump_after_stock() -> None:
    rules = rules_for("potayny")
    dealt = deal(rules, 2, seed=9)
    assert dealt.hidden_trump is not None and dealt.stock_count == 36 - 12 - 1
    state = position(rules, ["7c 8c", "9c Jd"], trump="6s", stock="")
    state = replace(
        state,
        hidden_trump=card("Qd"),
        hidden_trump_pending=True,
        discard=state.discard.remove(card("Qd")),
    )
    state = play(state, "A:attack 7c", "B:take", "A:done")
    assert state.stock_count == 0 and state.phase is Phase.REVEAL
    assert verdict(state, "A:attack 8c").code == "must_reveal_trump"
    assert verdict(state, "A:reveal Kd").code == "reveal_wrong_card"
    assert legal_moves(state) == [RevealTrump(0, card("Qd"))]
    state = play(state, "A:reveal Qd")
    assert state.trump_suit is Suit.DIAMONDS and card("Qd") in state.out_of_play
    assert verdict(state, "A:reveal Qd").code == "reveal_not_due"


# --- beat relation --------------------------------------------------------------------------


def test_param_beat_trump_immune_suits_spades() -> None:
    rules = rules_for("japanese")
    state = play(position(rules, ["9s 7c", "Ad Ts 8c"], trump=None), "A:attack 9s")
    assert verdict(state, "B:beat 9s/Ad").code == "does_not_beat"  # a trump cannot beat a spade
    assert verdict(state, "B:beat 9s/Ts").ok
    state = play(position(rules, ["9c 7s", "6d Ts 8s"], trump=None), "A:attack 9c")
    assert verdict(state, "B:beat 9c/6d").ok  # other suits fall to a diamond


@pytest.mark.parametrize(
    ("deck", "attack", "cover", "code"),
    [
        (36, "6h", "7h", "does_not_beat"),
        (36, "6h", "9s", "does_not_beat"),
        (36, "6h", "Ah", None),
        (36, "6h", "As", None),
        (36, "6s", "As", None),
        (36, "6s", "Ah", "does_not_beat"),
        (36, "7h", "8h", None),
        (52, "2h", "Kh", "does_not_beat"),
        (52, "2h", "Ah", None),
        (52, "6h", "7h", None),
    ],
)
def test_param_beat_lowest_rank_only_by_ace(
    deck: int, attack: str, cover: str, code: str | None
) -> None:
    rules = rules_for("royal", {"deck": str(deck)})
    state = play(position(rules, [attack, cover], trump="Ts"), f"A:attack {attack}")
    assert verdict(state, f"B:beat {attack}/{cover}").code == code


# --- first attacker -------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_param_first_attacker_left_of_dealer(dealer: int) -> None:
    state = deal(rules_for("s_par"), 3, seed=11, dealer=dealer)
    assert state.attacker == (dealer + 1) % 3
    later = deal(rules_for("s_par"), 3, seed=11, dealer=dealer, previous_fool=0)
    assert later.attacker == (dealer + 1) % 3


# --- attack ---------------------------------------------------------------------------------


def test_param_attack_form_same_rank_multi() -> None:
    rules = rules_for("pogonny")
    state = position(rules, ["7c 7d 7h 9c 9d", "8c 8d 8h Tc Ac Kd"], trump="6s")
    assert verdict(state, "A:attack 7c+7d").ok
    assert verdict(state, "A:attack 7c+7d+7h").ok
    assert verdict(state, "A:attack 7c+9c").code == "attack_form"
    state = play(state, "A:attack 7c+7d", "B:beat 7c/8c", "B:beat 7d/8d")
    assert verdict(state, "A:throw 7h").ok
    assert verdict(state, "A:throw 7h+9c").code == "attack_form"


def test_param_throw_in_count_pairs_laid_at_once() -> None:
    rules = rules_for("pogonny")
    state = position(rules, ["7c 7d 7h 7s 9c", "8c 8d 8h 9s Tc Ac", "Td Kd"], trump="6s")
    state = play(state, "A:attack 7c+7d")
    assert state.stats.pogony == (1, 0, 0)
    state = play(state, "B:beat 7c/8c", "B:beat 7d/8d", "A:throw 7h+7s")
    assert state.stats.pogony == (2, 0, 0)
    state = position(rules, ["7c 7d 7h 7s 9c", "8c 8d 8h 9s Tc Ac Ah Kh"], trump="6s")
    assert play(state, "A:attack 7c+7d+7h+7s").stats.pogony == (2, 0)
    assert play(state, "A:attack 7c+7d+7h").stats.pogony == (1, 0)
    assert play(state, "A:attack 7c").stats.pogony == (0, 0)


_PAIR_STRUCTURES = [
    ("7c", None),
    ("7c+7d", None),
    ("7c+7d+9c", None),
    ("7c+7d+9c+9d", None),
    ("7c+7d+9c+9d+Jc", None),
    ("7c+7d+7h", None),  # [assumption] the extra card may share the pair's rank
    ("7c+9c", "attack_form"),
    ("7c+9c+Jc", "attack_form"),
    ("7c+7d+9c+Jc", "attack_form"),
]


@pytest.mark.parametrize(("lead", "code"), _PAIR_STRUCTURES)
def test_param_attack_form_pair_structures(lead: str, code: str | None) -> None:
    rules = rules_for("s_par")
    state = position(rules, ["7c 7d 7h 9c 9d", "8c 8d 8h Tc Ac", "Jc Kd"], trump="6s")
    state = replace(
        state,
        hands=(
            replace(state.hands[0], count=6, known=state.hands[0].known.add(card("Jc"))),
            state.hands[1],
            replace(state.hands[2], count=1, known=CardSet.of(cards("Kd"))),
        ),
    )
    assert verdict(state, f"A:attack {lead}").code == code


def test_param_attack_form_pair_structures_at_most_5_and_no_throw_ins() -> None:
    rules = rules_for("s_par")
    state = position(rules, ["7c 7d 9c 9d Jc Qc", "8c 8d 8h Tc Ac Kh"], trump="6s")
    assert verdict(state, "A:attack 7c+7d+9c+9d+Jc+Qc").code == "attack_form"
    state = play(position(rules, ["7c 7d 9h", "8c 8d Ah"], trump="6s"), "A:attack 7c")
    state = play(state, "B:beat 7c/8c")
    assert state.phase is Phase.ATTACK and state.attacker == 1  # no throw-ins: bito at once


def test_param_attack_limit_min_defender_hand_5() -> None:
    rules = rules_for("s_par")
    state = position(rules, ["7c 7d 9c 9d Jc", "8c 8d 8h"], trump="6s")
    v = verdict(state, "A:attack 7c+7d+9c+9d")
    assert v.code == "attack_limit"
    assert dict(v.violation.params)["limit"] == "3"  # type: ignore[union-attr]
    assert verdict(state, "A:attack 7c+7d+9c").ok
    assert rules.attack_cap == 5


_PYATERKA = [
    ("7c", None),
    ("7c+7d+9c", None),
    ("7c+7d+9c+9d+Jc", None),
    ("7c+7d+7h", None),
    ("7c+7d+7h+7s+9c", None),
    ("7c+7d", "attack_form"),
    ("7c+7d+9c+9d", "attack_form"),
    ("7c+7d+7h+9c+9d", "attack_form"),
    ("7c+7d+7h+7s", "attack_form"),
]


@pytest.mark.parametrize(("lead", "code"), _PYATERKA)
def test_param_attack_form_pyaterka(lead: str, code: str | None) -> None:
    rules = rules_for("s_par", {"pyaterka": "true"})
    assert rules.attack_form is AttackForm.PYATERKA
    state = position(rules, ["7c 7d 7h 7s 9c 9d Jc", "8c 8d 8h Tc Ac Kd Qd"], trump="6s")
    assert verdict(state, f"A:attack {lead}").code == code


@pytest.mark.parametrize(
    ("attacker", "defender", "lead", "code"),
    [
        ("7c 8d 9h Tc", "Jc Qc Kc Ac", "7c+8d+9h", None),
        ("7c 8d 9h Tc", "Jc Qc Kc Ac", "7c+8d", "attack_form"),
        ("7c 8d 9h Tc", "Jc Qc Kc Ac", "7c+8d+9h+Tc", "attack_form"),
        ("7c 8d", "Jc Qc Kc Ac", "7c+8d", None),  # attacker holds fewer than 3
        ("7c 8d 9h Tc", "Jc Qc", "7c+8d", None),  # defender holds fewer than 3
        ("7c 8d 9h Tc", "Jc Qc", "7c+8d+9h", "attack_form"),
    ],
)
def test_param_attack_form_exactly_3(
    attacker: str, defender: str, lead: str, code: str | None
) -> None:
    state = position(rules_for("treshka"), [attacker, defender], trump="6s")
    assert verdict(state, f"A:attack {lead}").code == code


def test_param_attack_form_highest_rank_only() -> None:
    rules = rules_for("boring")
    state = position(rules, ["As Ad Kh 7c", "8c 9c Tc Jc"], trump="6h")
    assert verdict(state, "A:attack Kh").code == "attack_not_highest_rank"  # a trump, still lower
    assert verdict(state, "A:attack 7c").code == "attack_not_highest_rank"
    assert verdict(state, "A:attack As").ok and verdict(state, "A:attack Ad").ok
    state = play(state, "A:attack Ad", "B:take")
    assert verdict(state, "A:throw As").ok  # throw-ins are not restricted


def test_param_attack_may_lead_stock_top() -> None:
    rules = rules_for("armenian_1")
    state = position(rules, ["7c 8c", "9c Jd"], trump="6s", stock="Kh Qh")
    assert verdict(state, "A:attack Kh*").ok
    assert verdict(state, "A:attack Qh*").code == "stock_lead_not_allowed"
    after = play(state, "A:attack Kh*")
    assert after.stock_count == 2 and table_text(after) == ["Kh"]
    assert after.hands[0].count == 2
    last = position(rules, ["7c 8c", "9c Jd"], trump="6s", stock="")
    assert verdict(last, "A:attack 6s*").code == "stock_lead_not_allowed"  # only the trump card
    plain = position(rules_for("podkidnoy"), ["7c 8c", "9c Jd"], trump="6s", stock="Kh Qh")
    assert verdict(plain, "A:attack Kh*").code == "stock_lead_not_allowed"


def test_param_attack_limit_defender_hand_only() -> None:
    for slug in ("progression", "frozen_fur", "road", "chukchi_1"):
        assert rules_for(slug).attack_cap is None
    rules = rules_for("frozen_fur")
    state = position(
        rules,
        ["7c 7d 7h 7s 9c 9d 9h", "8c 8d 8h 9s Ts Js Qs Ks"],
        trump="6s",
    )
    state = play(
        state,
        "A:attack 7c",
        "B:beat 7c/8c",
        "A:throw 7d",
        "B:beat 7d/8d",
        "A:throw 7h",
        "B:beat 7h/8h",
        "A:throw 7s",
        "B:beat 7s/9s",
    )
    assert verdict(state, "A:throw 9c+9d+9h").ok  # 7 attack cards: no cap of 6


# --- throw-in -------------------------------------------------------------------------------


def test_param_throw_in_enabled_false() -> None:
    for slug in ("simple", "s_par"):
        rules = rules_for(slug)
        assert not rules.throw_in_enabled
        state = play(position(rules, ["7h 7c Ad", "9h Jc Qd"], trump="6s"), "A:attack 7h")
        assert verdict(state, "A:throw 7c").code == "throw_in_not_allowed"
        state = play(state, "B:beat 7h/9h")
        assert state.phase is Phase.ATTACK and state.attacker == 1


def test_param_throw_in_who_plus_defender_self() -> None:
    rules = rules_for("american")
    state = position(rules, ["7h Ad", "9h 7c Jc Qd"], trump="6s")
    state = play(state, "A:attack 7h")
    assert verdict(state, "B:throw 7c").code == "throw_in_not_allowed"  # not all covered yet
    state = play(state, "B:beat 7h/9h", "A:pass")
    assert state.phase is Phase.DEFENCE  # the defender may still add a card
    state = play(state, "B:throw 7c")
    assert verdict(state, "A:done").code == "done_not_allowed"
    state = play(state, "B:beat 7c/Jc")
    assert state.hands[1].count == 1
    assert verdict(state, "B:pass").ok
    assert verdict(podkidnoy_after_beat(), "B:throw 7c").code == "throw_in_not_allowed"


def podkidnoy_after_beat():  # type: ignore[no-untyped-def]
    state = position(rules_for("podkidnoy"), ["7h Ad", "9h 7c Jc Qd"], trump="6s")
    return play(state, "A:attack 7h", "B:beat 7h/9h")


def test_param_throw_in_who_plus_defender_self_must_beat_own_card_first() -> None:
    rules = rules_for("american")
    state = position(rules, ["7h 9c Ad", "9h 7c Jc Tc Qd"], trump="6s")
    state = play(state, "A:attack 7h", "B:beat 7h/9h", "B:throw 7c", "A:throw 9c")
    assert verdict(state, "B:beat 9c/Tc").code == "self_throw_must_be_beaten"
    assert verdict(state, "B:beat 7c/Jc").ok


def test_param_throw_in_match_rank_or_suit_on_table() -> None:
    rules = rules_for("parnomastny")
    state = play(
        position(rules, ["7h 7c Kh Kd Ac", "9h Jc Qd"], trump="6s"), "A:attack 7h", "B:beat 7h/9h"
    )
    assert verdict(state, "A:throw 7c").ok  # rank
    assert verdict(state, "A:throw Kh").ok  # suit
    v = verdict(state, "A:throw Kd")
    assert v.code == "throw_in_no_match"


def test_param_throw_in_match_beats_latest_defence_card() -> None:
    rules = rules_for("road")
    state = position(rules, ["7h 7c Th 8s Jh Qc", "9h Js Kd Ks"], trump="6s")
    state = play(state, "A:attack 7h", "B:beat 7h/9h")
    assert verdict(state, "A:throw 7c").code == "throw_in_no_match"  # rank is not enough
    assert verdict(state, "A:throw Th").ok  # beats 9h
    assert verdict(state, "A:throw 8s").ok  # a trump beats 9h
    state = play(state, "A:throw 8s", "B:beat 8s/Js")
    assert verdict(state, "A:throw Jh").code == "throw_in_no_match"  # must now beat Js
    assert verdict(state, "A:throw Th").code == "throw_in_no_match"


def test_param_throw_in_after_take_false() -> None:
    rules = rules_for("podkidnoy", {"throw_in_after_take": "false"})
    state = play(
        position(rules, ["7h 7c Qd", "Jc Qc", "7d Kd"], trump="6s"), "A:attack 7h", "B:take"
    )
    assert state.phase is Phase.ATTACK and state.attacker == 2
    assert hand_text(state, 1) == {"7h", "Jc", "Qc"}


# --- transfer -------------------------------------------------------------------------------


def test_param_transfer_mode_before_any_beat() -> None:
    rules = rules_for("perevodnoy")
    state = position(rules, ["7h 7s Ad Ac", "7d 9h Jc", "7c Ks Kd Kh"], trump="6s")
    state = play(state, "A:attack 7h")
    assert verdict(state, "B:transfer 9h").code == "transfer_rank"
    assert verdict(state, "C:transfer 7c").code == "not_defender"
    state = play(state, "B:transfer 7d")
    assert (state.attacker, state.defender) == (0, 2)
    assert table_text(state) == ["7h", "7d"]
    state = play(state, "C:transfer 7c")  # C passes it on again, to A
    assert state.defender == 0 and len(state.table) == 3
    beaten = play(position(rules, ["7h 7s Ad", "7d 9h Jc", "7c Ks Kd"], trump="6s"), "A:attack 7h")
    beaten = play(beaten, "B:beat 7h/9h")
    assert verdict(beaten, "B:transfer 7d").code == "transfer_after_beat"


def test_param_transfer_receiver_must_hold_enough() -> None:
    rules = rules_for("perevodnoy")
    state = play(position(rules, ["7h Ad", "7d 9h Jc", "Ks"], trump="6s"), "A:attack 7h")
    v = verdict(state, "B:transfer 7d")
    assert v.code == "transfer_receiver_cannot_cover"
    assert dict(v.violation.params) == {"receiver": "C", "held": "1", "needed": "2"}  # type: ignore[union-attr]


def test_param_transfer_two_players_goes_back_to_attacker() -> None:
    rules = rules_for("perevodnoy")
    state = play(
        position(rules, ["7h 8d Ad", "7d 9h Jc"], trump="6s"), "A:attack 7h", "B:transfer 7d"
    )
    assert state.defender == 0 and table_text(state) == ["7h", "7d"]
    assert verdict(state, "A:beat 7h/Ad").code == "does_not_beat"
    assert verdict(state, "A:beat 7h/8d").code == "does_not_beat"
    state = play(state, "A:take")  # A held 2 at the hand-over: the limit is reached
    assert state.phase is Phase.ATTACK and {"7h", "7d"} <= hand_text(state, 0)
    assert (state.attacker, state.defender) == (1, 0)


def test_param_transfer_mode_also_on_uncovered_thrown_cards() -> None:
    rules = rules_for("perevodnoy_2")
    hands = ["7h 9c Ac Kc", "9h 9d Jc Qc", "Ts Js Ks Kd Kh"]
    state = position(rules, hands, trump="6s")
    state = play(state, "A:attack 7h", "B:beat 7h/9h", "A:throw 9c")
    assert verdict(state, "B:transfer 9d").ok
    state = play(state, "B:transfer 9d")
    assert state.defender == 2
    assert table_text(state) == ["7h/9h", "9c", "9d"]
    assert verdict(state, "C:beat 7h/Ks").code == "already_covered"
    state = play(state, "C:beat 9c/Ts", "C:beat 9d/Js")
    assert verdict(state, "A:done").ok
    state = play(state, "A:done")
    assert set(cards("7h 9h 9c 9d Ts Js")) <= set(state.discard)
    plain = rules_for("perevodnoy")
    state = position(plain, hands, trump="6s")
    state = play(state, "A:attack 7h", "B:beat 7h/9h", "A:throw 9c")
    assert verdict(state, "B:transfer 9d").code == "transfer_after_beat"


# --- refill, discard, hands -----------------------------------------------------------------


def test_param_refill_order_defender_last() -> None:
    for slug in ("simple", "american"):
        assert rules_for(slug).refill_order is RefillOrder.DEFENDER_LAST
    rules = rules_for("simple")
    state = position(
        rules, ["7c Ac Kc Qc Jc Tc", "8c 9h Jd Js Jh Ks", "Kd Kh Ad Ah"], trump="6h", stock="As Qs"
    )
    state = play(state, "A:attack 7c", "B:beat 7c/8c")
    assert "As" in hand_text(state, 0) and {"Qs", "6h"} <= hand_text(state, 2)
    assert state.hands[1].count == 5
    literal = replace(rules, refill_order=RefillOrder.ATTACKER_THEN_CLOCKWISE)
    state = position(
        literal,
        ["7c Ac Kc Qc Jc Tc", "8c 9h Jd Js Jh Ks", "Kd Kh Ad Ah"],
        trump="6h",
        stock="As Qs",
    )
    state = play(state, "A:attack 7c", "B:beat 7c/8c")
    assert "Qs" in hand_text(state, 1) and "6h" in hand_text(state, 2)


def test_param_refill_mode_none() -> None:
    state = position(rules_for("frozen_fur"), ["7c 8d 9d", "8c Jd Qd"], trump="6s")
    state = play(state, "A:attack 7c", "B:beat 7c/8c", "A:done")
    assert [h.count for h in state.hands] == [2, 2]


def test_param_refill_mode_only_when_empty() -> None:
    rules = rules_for("pustoy")
    state = position(rules, ["7c", "8c Jd Qd", "Kd Kh"], trump="6h", stock="As Qs Ah Ks Js Ts 9s")
    state = play(state, "A:attack 7c", "B:beat 7c/8c", "C:pass")
    assert [h.count for h in state.hands] == [6, 2, 2]  # only the empty hand draws, up to 6
    assert state.stock_count == 8 - 6


def test_param_refill_mode_progressive() -> None:
    rules = rules_for("progression")
    state = stacked_deal(rules, ["7c", "9h"], trump="6h", stock="As Qs Ah Ks Js Ts 9s 8s")
    assert [h.count for h in state.hands] == [1, 1]
    attacker = "AB"[state.attacker]
    defender = "AB"[state.defender]
    lead = sorted(state.hands[state.attacker].known)[0]
    state = play(state, f"{attacker}:attack {lead}", f"{defender}:take")
    assert state.bouts == 1
    assert sorted(h.count for h in state.hands) == [2, 2]  # after bout 1 everyone holds 2
    lead = sorted(state.hands[state.attacker].known)[0]
    state = play(state, f"{'AB'[state.attacker]}:attack {lead}", f"{'AB'[state.defender]}:take")
    state = play(state, *[m for m in (f"{'AB'[state.attacker]}:done",) if verdict(state, m).ok])
    assert state.bouts == 2 and min(h.count for h in state.hands) == 3


def test_param_recycle_every_2() -> None:
    rules = rules_for("fool_recycle")
    state = position(
        rules,
        ["7c 7d Ad Kd Qd Jd", "8c 8d Ah Kh Qh Jh", "Ac Kc Qc Jc Tc 9c"],
        trump="6s",
        stock="As Ks",
    )
    state = play(state, "A:attack 7c", "B:beat 7c/8c", "A:done")  # first success: discard
    assert {card("7c"), card("8c")} <= set(state.discard)
    assert state.stock_count == 1  # A drew As, B drew Ks; the trump card is left
    before = state.discard
    state = play(state, "B:attack Ah", "C:take", "B:done")  # a take does not count
    state = play(state, "A:attack 7d")
    defender = "ABC"[state.defender]
    cover = next(
        c
        for c in sorted(state.hands[state.defender].known)
        if verdict(state, f"{defender}:beat 7d/{c}").ok
    )
    state = play(
        state, f"{defender}:beat 7d/{cover}", "A:done"
    )  # second success: back to the stock
    assert card("7d") not in state.discard and state.discard == before
    assert card("7d") in set(state.stock) | set().union(*(h.known for h in state.hands))


def test_param_recycle_every_2_after_the_trump_card_is_gone() -> None:
    # §4.27.3 + B5: the trump card was dealt (no stock at the deal) and lies in A's hand; the
    # recycled cards form a new stock with no trump card under it.
    rules = rules_for("fool_recycle")
    state = position(rules, ["7c Td 6s", "8c 9d Kh Qh"], trump="6s")
    state = replace(state, trump_card=card("6s"))
    state = play(state, "A:attack 7c", "B:beat 7c/8c", "A:done")
    state = play(state, "B:attack 9d", "A:beat 9d/Td", "B:done")
    assert hand_text(state, 1) == {"Kh", "Qh", "9d", "Td"}
    assert all(h.count == len(h.known) for h in state.hands)
    assert hand_text(state, 0) == {"6s"} and state.trump_suit is Suit.SPADES
    assert state.stock_count == 0 and state.trump_card is None
    assert verdict(state, "A:attack 6s").ok


def test_param_hands_pass_rotate_left() -> None:
    rules = rules_for("round_pass")
    state = position(rules, ["7c Ac", "8c Kd", "9d Jh"], trump="6s")
    state = play(state, "A:attack 7c", "B:beat 7c/8c", "A:done")
    # A's hand (Ac) goes to B, B's (Kd) to C, C's (9d Jh) to A; roles stay with the seats.
    assert [hand_text(state, s) for s in range(3)] == [{"9d", "Jh"}, {"Ac"}, {"Kd"}]
    assert (state.attacker, state.defender) == (1, 2)
    two = play(
        position(rules, ["7c Ac", "8c Kd"], trump="6s"), "A:attack 7c", "B:beat 7c/8c", "A:done"
    )
    assert [hand_text(two, s) for s in range(2)] == [{"Kd"}, {"Ac"}]


# --- end and scoring ------------------------------------------------------------------------


def test_param_end_loser_last_with_cards() -> None:
    state = play(
        position(rules_for("podkidnoy"), ["7c", "8c 9d"], trump="6s"), "A:attack 7c", "B:beat 7c/8c"
    )
    result = outcome(state)
    assert result is not None and result.fool == 1


def _scoring_game(rules):  # type: ignore[no-untyped-def]
    """B beats 7c, A beats 9c, B takes Jc, B beats Qd with A's last card: B holds Jc at the end."""
    state = position(rules, ["7c Tc Jc Qd", "8c 9c Kd"], trump="6s")
    state = play(state, "A:attack 7c", "B:beat 7c/8c", "A:done")
    state = play(state, "B:attack 9c", "A:beat 9c/Tc", "B:done")
    state = play(state, "A:attack Jc", "B:take")  # B held 1 card: the limit closes it
    state = play(state, "A:attack Qd", "B:beat Qd/Kd")
    assert state.is_over and state.fool == 1
    return state


def test_param_end_loser_fewest_beaten_cards() -> None:
    state = _scoring_game(rules_for("ochkovy"))
    result = outcome(state)
    assert result is not None
    assert result.scores["beaten"] == (1, 2)
    # the fool beat the fewest cards, although B is the one left holding cards
    assert state.fool == 1 and result.losers == (0,) and result.winners == (1,)


def test_param_end_loser_fewest_pogony() -> None:
    rules = rules_for("pogonny")
    state = position(rules, ["7c 7d", "8c 8d 9h"], trump="6s")
    state = play(state, "A:attack 7c+7d", "B:beat 7c/8c", "B:beat 7d/8d")
    result = outcome(state)
    assert state.is_over and result is not None
    assert result.scores["pogony"] == (1, 0) and result.losers == (1,)


def test_param_end_loser_most_figures_beaten_wins() -> None:
    state = _scoring_game(rules_for("figured"))
    result = outcome(state)
    assert result is not None
    assert result.scores["figures"] == (0, 1)  # only Qd is a figure among the beaten attacks
    assert result.winners == (1,) and result.losers == (0,)


def test_param_end_loser_first_out_wins() -> None:
    rules = rules_for("s_par")
    state = position(rules, ["7c", "8c 9d", "Tc Jd"], trump="6s")
    state = play(state, "A:attack 7c", "B:beat 7c/8c")
    state = play(state, "B:attack 9d", "C:beat 9d/Jd")
    result = outcome(state)
    assert state.is_over and result is not None
    assert result.winners == (0,) and result.losers == (2,)


def test_param_instant_loss_hand_size_52() -> None:
    rules = rules_for("bolshoy")
    deck = [c for c in deck_of(rules) if c.face not in set(cards("7c 8c Ac"))]
    big = " ".join(str(c) for c in deck[:50])
    state = position(rules, ["7c 8c'", big], trump=str(deck[60]))
    state = play(state, "A:attack 7c", "B:take")
    state = play(state, *[m for m in ("A:pass",) if verdict(state, m).ok])
    assert not state.is_over and state.hands[1].count == 51
    state = position(rules, ["7c 7c'", big], trump=str(deck[60]))
    state = play(state, "A:attack 7c", "B:take", "A:throw 7c'")
    result = outcome(state)
    assert state.is_over and state.hands[1].count == 52
    assert result is not None and result.fool == 1 and "§4.11" in result.reason


# --- base mode ------------------------------------------------------------------------------


def test_param_base_mode_simple() -> None:
    rules = rules_for("joker", {"base_mode": "simple"})
    assert rules.base_mode is BaseMode.SIMPLE and not rules.throw_in_enabled
    assert rules.refill_order is RefillOrder.DEFENDER_LAST
    state = play(position(rules, ["7h 7c Ad", "9h Jc Qd"], trump="6s"), "A:attack 7h")
    assert verdict(state, "B:beat 7h/9h").ok
    assert play(state, "B:beat 7h/9h").phase is Phase.ATTACK


def test_param_base_mode_perevodnoy() -> None:
    rules = rules_for("royal", {"base_mode": "perevodnoy"})
    assert rules.transfer_mode is TransferMode.BEFORE_ANY_BEAT
    state = play(position(rules, ["6h Ad", "6d 9h Jc", "Ks Kd"], trump="Ts"), "A:attack 6h")
    assert verdict(state, "B:transfer 6d").ok
    assert verdict(state, "B:beat 6h/9h").code == "does_not_beat"  # royal still applies
    keep = rules_for("perevodnoy_2", {"base_mode": "perevodnoy"})
    assert keep.transfer_mode is TransferMode.ALSO_ON_UNCOVERED_THROWN_CARDS


def test_param_first_bout_cap_option_only_where_cap_is_6() -> None:
    assert rules_for("podkidnoy", {"first_bout_cap": "5"}).first_bout_cap == 5
    with pytest.raises(Exception, match="first_bout_cap"):
        rules_for("s_par", {"first_bout_cap": "5"})
