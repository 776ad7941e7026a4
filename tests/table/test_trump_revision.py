"""A weak trump read is revised by the first beat that shows another trump suit."""

from __future__ import annotations

from referee.cards import Card
from referee.game import apply, table_game
from referee.moves import parse_move
from referee.variants import find_variant
from vision.pipeline import Pipeline, _Remembered
from vision.table.inference import NewCard

C = Card.parse
ATTACK_BOX = (100.0, 100.0, 160.0, 190.0)
ON_IT = (115.0, 120.0, 175.0, 210.0)


def _pipeline(votes: dict[str, float]) -> Pipeline:
    rules = find_variant("podkidnoy").configure({})
    pipeline = Pipeline(rules, 2, detector=object())  # type: ignore[arg-type]
    pipeline._setup_votes = {name: (score, ATTACK_BOX) for name, score in votes.items()}
    pipeline.trump_card = C(max(votes, key=lambda n: votes[n]))
    pipeline._memory[C("7d")] = _Remembered(ATTACK_BOX, None)
    return pipeline


def _state(trump: str):  # type: ignore[no-untyped-def]
    rules = find_variant("podkidnoy").configure({})
    return apply(table_game(rules, 2, trump_card=C(trump)), parse_move("A:attack 7d"))


def test_a_weak_trump_read_is_revised_by_a_beat_legal_only_with_another_read_suit() -> None:
    pipeline = _pipeline({"Js": 0.52, "Ac": 0.48, "Ah": 0.45})
    beat = NewCard(((C("Qc"), 1.0),), ON_IT)
    state = pipeline._check_trump(_state("Js"), [beat])
    assert state.trump_suit == C("Ac").suit
    assert pipeline.trump_card == C("Ac") and pipeline.trump_settled


def test_a_beat_of_a_suit_the_setup_never_read_does_not_revise_the_trump() -> None:
    pipeline = _pipeline({"Js": 0.52, "Ah": 0.45})
    beat = NewCard(((C("Qc"), 1.0),), ON_IT)  # clubs was never read: an illegal beat stays one
    assert pipeline._check_trump(_state("Js"), [beat]).trump_suit == C("Js").suit
    assert pipeline.trump_card == C("Js")


def test_a_trump_read_is_clear_when_its_suit_has_twice_the_votes_of_any_other() -> None:
    from vision.pipeline import _clear_suit

    assert _clear_suit({"Qh": (2.3, ATTACK_BOX), "9h": (2.0, ATTACK_BOX), "Kc": (0.8, ATTACK_BOX)})
    assert not _clear_suit({"Js": (0.52, ATTACK_BOX), "Ac": (0.48, ATTACK_BOX)})
