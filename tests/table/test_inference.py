"""Move inference from table changes: each kind of move, implicit passes, illegal and uncertain."""

from __future__ import annotations

from referee.cards import Card
from referee.game import State, apply, table_game
from referee.moves import Attack, Defend, Move, Pass, format_move
from referee.variants import find_variant
from vision.table.inference import Change, NewCard, infer

C = Card.parse
BOX_A = (100.0, 100.0, 160.0, 190.0)
BOX_B = (300.0, 100.0, 360.0, 190.0)
ON_A = (115.0, 120.0, 175.0, 210.0)
ON_B = (315.0, 120.0, 375.0, 210.0)


def _game(variant: str = "podkidnoy", players: int = 2, moves: tuple[str, ...] = ()) -> State:
    from referee.moves import parse_move

    state = table_game(find_variant(variant).configure({}), players, trump_card=C("6h"))
    for text in moves:
        state = apply(state, parse_move(text))
    return state


def _new(card: str, box: tuple[float, float, float, float], share: float = 1.0) -> NewCard:
    return NewCard(((C(card), share),), box)


def _moves(state: State, change: Change) -> list[str]:
    return [format_move(m) for i in infer(state, change) for m in i.best.moves]


def test_a_first_card_is_a_lead_by_the_seat_the_arm_came_from() -> None:
    state = _game(players=3)
    change = Change(new=(_new("9s", BOX_A),), arm_seat=1, arm_certainty=0.9)
    assert _moves(state, change) == ["B:attack 9s"]


def test_a_card_lying_on_the_attack_card_is_the_defenders_beat() -> None:
    state = _game(moves=("A:attack 9s",))
    change = Change(new=(_new("Ts", ON_A),), boxes={C("9s"): BOX_A})
    assert _moves(state, change) == ["B:beat 9s/Ts"]


def test_beating_card_goes_on_the_attack_card_it_lies_on() -> None:
    state = _game(moves=("A:attack 9s", "B:beat 9s/Ts", "A:throw 9c"))
    boxes = {C("9s"): BOX_A, C("Ts"): ON_A, C("9c"): BOX_B}
    change = Change(new=(_new("Jc", ON_B),), boxes=boxes)
    assert _moves(state, change) == ["B:beat 9c/Jc"]


def test_an_illegal_beat_is_reported_not_ignored() -> None:
    state = _game(moves=("A:attack 9s",))
    (inference,) = infer(state, Change(new=(_new("7s", ON_A),), boxes={C("9s"): BOX_A}))
    assert [format_move(m) for m in inference.best.moves] == ["B:beat 9s/7s"]
    assert not inference.best.legal


def test_a_throw_in_behind_the_priority_holder_comes_after_his_pass() -> None:
    state = _game(players=3, moves=("A:attack 9s", "B:beat 9s/Ts"))
    change = Change(new=(_new("9d", BOX_B),), arm_seat=2, arm_certainty=0.9)
    (inference,) = infer(state, change)
    assert inference.best.moves == (Pass(0), *inference.best.key)
    assert [format_move(m) for m in inference.best.key] == ["C:throw 9d"]
    assert not inference.uncertain


def test_a_same_rank_card_from_the_defender_is_a_transfer() -> None:
    state = _game("perevodnoy", players=3, moves=("A:attack 9s",))
    change = Change(new=(_new("9d", BOX_B),), arm_seat=1, arm_certainty=0.9)
    assert _moves(state, change) == ["B:transfer 9d"]


def test_same_rank_from_an_attacker_after_a_beat_is_a_throw_in_not_a_transfer() -> None:
    state = _game("perevodnoy", players=2, moves=("A:attack 9s", "B:beat 9s/Ts"))
    change = Change(new=(_new("9d", BOX_B),), arm_seat=0, arm_certainty=0.9)
    assert _moves(state, change) == ["A:throw 9d"]


def test_table_cleared_with_every_card_covered_is_bito() -> None:
    state = _game(moves=("A:attack 9s", "B:beat 9s/Ts"))
    assert _moves(state, Change(cleared=True)) == ["A:done"]


def test_table_cleared_with_an_uncovered_card_is_a_take() -> None:
    state = _game(moves=("A:attack 9s", "B:beat 9s/Ts", "A:throw 9d"))
    moves = _moves(state, Change(cleared=True))
    assert moves == ["B:take", "A:done"]
    after = state
    for inference in infer(state, Change(cleared=True)):
        for move in inference.best.moves:
            after = apply(after, move)
    assert after.hands[1].count == state.hands[1].count + 3


def test_throw_in_seat_without_arm_evidence_in_three_handed_game_is_uncertain() -> None:
    state = _game(players=3, moves=("A:attack 9s", "B:beat 9s/Ts", "A:pass"))
    # the card could come from A (who passed: illegal) or C (legal): legal wins, but an unseen
    # arm with a new card of a rank on the table from a seat that may not throw is not certain
    (inference,) = infer(state, Change(new=(_new("9d", BOX_B),)))
    alternatives = [format_move(m) for r in inference.alternatives for m in r.key]
    assert [format_move(m) for m in inference.best.key] == ["C:throw 9d"]
    assert "A:throw 9d" in alternatives


def test_a_weak_identity_vote_makes_the_move_uncertain_with_the_rival_reading() -> None:
    state = _game(moves=("A:attack 9s",))
    card = NewCard(((C("Ts"), 0.4), (C("Js"), 0.35)), ON_A)
    (inference,) = infer(state, Change(new=(card,), boxes={C("9s"): BOX_A}))
    assert inference.uncertain
    keys: list[Move] = [m for r in inference.alternatives for m in r.key]
    assert Defend(1, C("9s"), C("Js")) in keys


def test_lead_out_of_turn_is_attributed_to_the_arm_and_reported() -> None:
    state = _game(players=3, moves=("A:attack 9s", "B:take", "A:done"))
    assert state.attacker == 2  # after B took, C leads
    (inference,) = infer(state, Change(new=(_new("Kd", BOX_A),), arm_seat=0, arm_certainty=0.9))
    assert inference.best.moves == (Attack(0, (C("Kd"),)),)
    assert not inference.best.legal


def test_a_lead_out_of_turn_from_an_arm_far_from_the_attackers_side_is_the_arms() -> None:
    state = _game(players=6, moves=("A:attack 9s", "B:take", "A:done"))
    assert state.attacker == 2  # after B took, C leads
    # the arm came from E's side: 0.64 against D and F beside him, 0.84 against C
    against = (0.85, 0.9, 0.84, 0.64, 0.0, 0.64)
    change = Change(new=(_new("Kd", BOX_A),), arm_seat=4, arm_certainty=0.64, arm_against=against)
    (inference,) = infer(state, change)
    assert inference.best.moves == (Attack(4, (C("Kd"),)),)
    assert not inference.best.legal


def test_cards_already_discarded_or_on_the_table_are_not_new() -> None:
    state = _game(moves=("A:attack 9s", "B:beat 9s/Ts", "A:done"))
    assert C("9s") in state.discard
    assert infer(state, Change(new=(_new("9s", BOX_A),))) == []


def test_the_defenders_bare_reach_over_an_open_bout_is_a_take() -> None:
    state = _game(players=3, moves=("A:attack 9s",))
    gesture = Change(gesture=True, arm_seat=1, arm_certainty=0.9)
    assert _moves(state, gesture) == ["B:take"]
    # an attacker's reach that leaves nothing is no move
    assert _moves(state, Change(gesture=True, arm_seat=2, arm_certainty=0.9)) == []


def test_a_corner_read_beside_the_only_uncovered_card_is_a_beat_not_an_illegal_throw_in() -> None:
    state = _game(players=3, moves=("A:attack 9s",))
    corner = (162.0, 175.0, 175.0, 200.0)  # only the covering card's index corner was read
    change = Change(
        new=(_new("Js", corner),), boxes={C("9s"): BOX_A}, arm_seat=1, arm_certainty=0.8
    )
    assert _moves(state, change) == ["B:beat 9s/Js"]
    # a card far away that someone may throw in stays a throw-in
    state = _game(players=3, moves=("A:attack 9s", "B:beat 9s/Ts"))
    far = (600.0, 100.0, 660.0, 190.0)
    change = Change(new=(_new("9d", far),), boxes={C("9s"): BOX_A}, arm_seat=0, arm_certainty=0.8)
    assert _moves(state, change) == ["A:throw 9d"]


def test_a_whole_card_laid_beside_the_attack_card_not_touching_it_is_no_beat() -> None:
    # perevodnoy, hearts trump: B lays a card a little apart from the 9 of spades, read as the
    # jack of hearts (a trump that would beat it, but cannot transfer): a card laid apart,
    # reported illegal (after a second look, in the chain), not a beat
    state = _game("perevodnoy", players=3, moves=("A:attack 9s",))
    beside = (168.0, 105.0, 228.0, 195.0)  # a card's size, 8 px right of BOX_A
    change = Change(
        new=(_new("Jh", beside),), boxes={C("9s"): BOX_A}, arm_seat=1, arm_certainty=0.9
    )
    inferred = infer(state, change)
    assert len(inferred) == 1 and not inferred[0].best.legal
    assert not any(isinstance(m, Defend) for m in inferred[0].best.moves)
    # touching it, it may be a beat lying off its target
    touching = (160.0, 105.0, 220.0, 195.0)
    change = Change(
        new=(_new("Jh", touching),), boxes={C("9s"): BOX_A}, arm_seat=1, arm_certainty=0.9
    )
    assert _moves(state, change) == ["B:beat 9s/Jh"]


def test_a_card_known_in_one_hand_laid_by_a_sure_arm_of_another_seat_is_that_seats() -> None:
    # B took the 9 of spades; C's arm, 0.98 sure, lays a card read as the 9 of spades: the
    # move is C's (a misread, now or when B took it), not B's lead out of turn
    state = _game(players=3, moves=("A:attack 9s", "B:take", "A:done"))
    assert C("9s") in state.hands[1].known and state.attacker == 2
    change = Change(new=(_new("9s", BOX_A),), arm_seat=2, arm_certainty=0.98)
    assert _moves(state, change) == ["C:attack 9s"]
    # with no arm seen, the hand that holds it is named
    assert _moves(state, Change(new=(_new("9s", BOX_A),))) == ["B:attack 9s"]
