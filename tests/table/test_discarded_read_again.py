"""A discarded card read clearly again in play: the card laid under its name was another."""

from __future__ import annotations

import pytest

from referee.cards import Card, CardSet
from referee.game import table_game
from referee.state import GameState, evolve
from referee.variants import find_variant
from vision.detector import CardDetection
from vision.pipeline import Pipeline, _Laid
from vision.table.geometry import default_geometry
from vision.table.snapshot import snapshot

C = Card.parse
RULES = find_variant("podkidnoy").configure({})
IN_PLAY = (300.0, 200.0, 360.0, 290.0)


def _swept(discarded: str) -> GameState:
    """A two-player podkidnoy game (hearts trump) whose first bout, with ``discarded`` among
    its cards, went to the discard pile."""
    state = table_game(RULES, 2, trump_card=C("6h"))
    return evolve(state, discard=CardSet.of([C("9s"), C(discarded)]))


def _read_again(laid: _Laid, name: str, confidence: float) -> list[tuple[Card, Card]]:
    """The corrections when ``name``, laid as ``laid`` and discarded, is read at
    ``confidence`` in six still frames in the battle area."""
    pipeline = Pipeline(RULES, 2, detector=object())  # type: ignore[arg-type]
    pipeline.geometry = default_geometry(2, 640, 480)
    pipeline._laid_reads[C(name)] = laid
    for _ in range(6):
        detection = CardDetection(name, confidence, IN_PLAY, 2)
        pipeline._votes.add(snapshot([detection], pipeline.geometry))
    return pipeline._discarded_read_again(_swept(name))


def test_a_discarded_card_read_again_far_more_clearly_was_its_runner_up() -> None:
    assert _read_again(_Laid(0.4, C("Js")), "Ts", 0.7) == [(C("Ts"), C("Js"))]


def test_a_discarded_card_read_again_as_clearly_was_its_twin_when_the_twin_was_its_runner_up() -> (
    None
):
    # eval19 game 7: the A♣ thrown in read as the A♠ at 0.80 (the A♣ its runner-up); the true
    # A♠ beating an 8♠ later read at 0.88
    assert _read_again(_Laid(0.8, C("Ac")), "As", 0.88) == [(C("As"), C("Ac"))]


@pytest.mark.parametrize(
    ("laid", "confidence"),
    [
        (_Laid(0.6, C("Js")), 0.7),  # not 1.5 times as clearly, and the runner-up no twin
        (_Laid(0.8, C("Tc")), 0.75),  # its twin, but read less clearly than when laid
        (_Laid(0.4, None), 0.9),  # no other identity to give the one laid
    ],
)
def test_a_discarded_card_read_again_not_clearly_enough_stays_discarded(
    laid: _Laid, confidence: float
) -> None:
    assert _read_again(laid, "Ts", confidence) == []
