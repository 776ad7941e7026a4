"""A weak trump read is revised by the first beat that shows another trump suit."""

from __future__ import annotations

import numpy as np
import pytest

from referee.cards import Card, CardSet
from referee.game import apply, table_game
from referee.moves import parse_move
from referee.state import GameState, evolve
from referee.variants import find_variant
from vision.detector import CardDetection
from vision.pipeline import STOCK_LOOKS, Pipeline, _Laid, _Remembered
from vision.table.geometry import Box, default_geometry, with_zone
from vision.table.inference import NewCard
from vision.table.snapshot import snapshot

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


BESIDE = (165.0, 100.0, 225.0, 190.0)  # touching the attack card's side, not on it


@pytest.mark.parametrize(("box", "revised"), [(BESIDE, "Js"), (ON_IT, "Ac")])
def test_a_card_beside_a_card_of_its_rank_may_be_a_throw_in_and_does_not_revise_the_trump(
    box: Box, revised: str
) -> None:
    # eval22 game 17: a Q♠ thrown in beside the Q♥ (a take) revised a faint K♥ to the K♠; laid
    # on the card it is a beat still
    pipeline = _pipeline({"Js": 0.52, "Ac": 0.48, "Ah": 0.45})
    seven = NewCard(((C("7c"), 1.0),), box)
    assert pipeline._check_trump(_state("Js"), [seven]).trump_card == C(revised)
    assert pipeline.trump_card == C(revised)


def test_a_beat_of_a_suit_the_setup_never_read_does_not_revise_the_trump() -> None:
    pipeline = _pipeline({"Js": 0.52, "Ah": 0.45})
    beat = NewCard(((C("Qc"), 1.0),), ON_IT)  # clubs was never read: an illegal beat stays one
    assert pipeline._check_trump(_state("Js"), [beat]).trump_suit == C("Js").suit
    assert pipeline.trump_card == C("Js")


def test_a_faint_trump_read_is_revised_to_its_rank_in_the_suit_a_beat_shows() -> None:
    pipeline = _pipeline({"As": 0.46})  # taken after patience: nothing read as a club
    pipeline._trump_faint = True
    beat = NewCard(((C("Qc"), 1.0),), ON_IT)
    state = pipeline._check_trump(_state("As"), [beat])
    assert state.trump_suit == C("Ac").suit
    assert pipeline.trump_card == C("Ac") and pipeline.trump_settled


def test_a_faint_trump_read_is_not_revised_to_a_suit_of_the_other_colour() -> None:
    # eval28 game 15: the 7♦ read faint, revised to the 7♣ by the seeded illegal 8♣ on the A♥;
    # the classifier confuses a suit with the other of its colour, not across colours
    pipeline = _pipeline({"As": 0.46})
    pipeline._trump_faint = True
    beat = NewCard(((C("Qh"), 1.0),), ON_IT)  # legal only with hearts trump: an illegal beat
    assert pipeline._check_trump(_state("As"), [beat]).trump_suit == C("As").suit
    assert pipeline.trump_card == C("As")


def test_a_faint_trump_read_is_not_revised_to_a_card_seen_in_play() -> None:
    pipeline = _pipeline({"As": 0.46})
    pipeline._trump_faint = True
    pipeline._memory[C("Ac")] = _Remembered(IN_PLAY, None)  # the A♣ lies on the table
    beat = NewCard(((C("Qc"), 1.0),), ON_IT)
    assert pipeline._check_trump(_state("As"), [beat]).trump_suit == C("As").suit
    assert pipeline.trump_card == C("As")


def test_a_trump_read_is_clear_when_its_suit_has_twice_the_votes_of_any_other() -> None:
    from vision.pipeline import _clear_suit

    assert _clear_suit({"Qh": (2.3, ATTACK_BOX), "9h": (2.0, ATTACK_BOX), "Kc": (0.8, ATTACK_BOX)})
    assert not _clear_suit({"Js": (0.52, ATTACK_BOX), "Ac": (0.48, ATTACK_BOX)})


STOCK = (500.0, 200.0, 600.0, 300.0)
IN_PLAY = (300.0, 200.0, 360.0, 290.0)


def _watching(votes: dict[str, float]) -> Pipeline:
    """A pipeline whose setup read ``votes`` beside the stock, watching a 640x480 table."""
    pipeline = _pipeline(votes)
    pipeline.geometry = with_zone(default_geometry(2, 640, 480), "stock", STOCK)
    _read_frame(pipeline, CardDetection("back", 0.9, STOCK, 0))  # the stock's pile shows
    return pipeline


class FixedReadDetector:
    """Reads ``found`` in every frame."""

    def __init__(self, found: list[CardDetection]) -> None:
        self.found = found

    def detect(self, image: np.ndarray) -> list[CardDetection]:
        return self.found


def _read_frame(pipeline: Pipeline, *found: CardDetection) -> None:
    """One frame read by ``pipeline``, its detector reading ``found`` in it."""
    pipeline.detector = FixedReadDetector(list(found))  # type: ignore[assignment]
    pipeline._detect(np.zeros((480, 640, 3), np.uint8))


def test_the_trump_card_read_in_play_while_under_the_stock_becomes_the_setups_other_reading() -> (
    None
):
    pipeline = _watching({"6c": 0.81, "9c": 0.12, "Th": 0.30})
    state = _state("6c")
    assert pipeline._trump_on_table(state, "6c", IN_PLAY)
    revised = pipeline._trump_read_again(state)
    assert revised.trump_card == C("9c") and pipeline.trump_card == C("9c")
    assert not pipeline._trump_on_table(revised, "9c", IN_PLAY)  # once a game


def test_the_trump_card_read_in_play_once_the_stocks_place_shows_no_card_is_not_read_again() -> (
    None
):
    # eval22 game 6: the stock drawn out, the 6♠ drawn last and played, while the chain (out of
    # step) counted cards in the stock still
    pipeline = _watching({"6c": 0.81, "9c": 0.12})
    for _ in range(STOCK_LOOKS):
        _read_frame(pipeline, CardDetection("6c", 0.8, IN_PLAY, 2))
    assert not pipeline._trump_on_table(_state("6c"), "6c", IN_PLAY)
    _read_frame(pipeline, CardDetection("back", 0.9, STOCK, 0))  # the pile read: it lies there
    assert pipeline._trump_on_table(_state("6c"), "6c", IN_PLAY)


def test_a_trump_card_read_in_play_with_no_other_reading_of_its_suit_is_read_upside_down() -> None:
    pipeline = _watching({"9h": 0.89, "Tc": 0.20})
    assert pipeline._trump_read_again(_state("9h")).trump_card == C("6h")


def test_the_trump_card_read_at_the_stock_is_not_read_again() -> None:
    pipeline = _watching({"6c": 0.81, "9c": 0.12})
    assert not pipeline._trump_on_table(_state("6c"), "6c", STOCK)


def test_a_trump_card_read_in_play_with_no_other_reading_of_its_suit_becomes_its_runner_up() -> (
    None
):
    # eval26 game 0: aisleriot-guyenne-classic's J♣ under the stock, a court card without a rank
    # index, read as the K♣ in every frame, with the J♣ its runner-up; the K♣ then laid in play
    pipeline = _watching({"Kc": 0.81})
    pipeline._vote_trump(CardDetection("Kc", 0.4, STOCK, 1, ("Ks", 0.3)), 0.4)
    pipeline._vote_trump(CardDetection("Kc", 0.4, STOCK, 1, ("Jc", 0.2)), 0.4)
    assert pipeline._trump_read_again(_state("Kc")).trump_card == C("Jc")  # of its suit


def test_a_trump_card_with_no_possible_other_reading_stays() -> None:
    pipeline = _watching({"Kc": 0.81})  # a king turned is no other card
    assert pipeline._trump_read_again(_state("Kc")).trump_card == C("Kc")
    assert pipeline.trump_card == C("Kc")


def _drawn_and_played(trump: str, played: str) -> GameState:
    """The game of :func:`_state` once the stock is drawn out and the table swept to the
    discard pile with ``played`` among its cards."""
    state = _state(trump)
    discard = CardSet.of([C("7d"), C(played)])
    return evolve(state, stock_count=0, trump_card=None, table=(), discard=discard)


def _reading(pipeline: Pipeline, name: str, box: Box, frames: int = 6) -> None:
    """``frames`` still frames that read ``name`` at ``box``."""
    assert pipeline.geometry is not None
    for _ in range(frames):
        pipeline._votes.add(snapshot([CardDetection(name, 0.8, box, 2)], pipeline.geometry))


def test_the_trump_card_played_and_read_again_in_play_was_its_other_reading() -> None:
    # eval16 game 8: the 6♥ under the stock read as the 9♥; A drew it and played it (read as the
    # 9♥); then the true 9♥ was laid
    pipeline = _watching({"9h": 0.89})
    pipeline._laid_reads[C("9h")] = _Laid(0.6, None)
    _reading(pipeline, "9h", IN_PLAY)
    state = _drawn_and_played("9h", "9h")
    assert pipeline._trump_played_read_again(state) == [(C("9h"), C("6h"))]
    assert pipeline.trump_card == C("6h") and pipeline._revised == C("6h")


def test_the_trump_card_played_is_not_read_again_while_no_card_of_its_name_is_read_clearly() -> (
    None
):
    pipeline = _watching({"9h": 0.89})
    pipeline._laid_reads[C("9h")] = _Laid(0.6, None)
    _reading(pipeline, "9h", STOCK)  # the discard pile's top card, not in the battle area
    assert pipeline._trump_played_read_again(_drawn_and_played("9h", "9h")) == []
    assert pipeline.trump_card == C("9h")


def test_a_faint_trump_read_is_revised_to_the_stocks_reading_in_play_of_the_suit_a_beat_shows() -> (
    None
):
    # eval18 game 16: the Q♠ under the stock read as the K♣ at the setup, as the Q♠ in play
    pipeline = _watching({"Kc": 1.74})
    pipeline._trump_faint = True
    at_the_stock = CardDetection("Qs", 0.26, (510.0, 210.0, 560.0, 290.0), 1)
    pipeline._read_stock([at_the_stock, CardDetection("Jh", 0.9, IN_PLAY, 2)])
    beat = NewCard(((C("Ts"), 1.0),), ON_IT)
    assert pipeline._check_trump(_state("Kc"), [beat]).trump_card == C("Qs")
    assert "Jh" not in pipeline._setup_votes  # a card in play is no reading of the stock
