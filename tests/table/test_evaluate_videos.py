"""The video evaluation's report names the verdicts that came late."""

from __future__ import annotations

from vision.table.evaluate_videos import GameResult, slow_verdicts


def _result(latencies: list[tuple[str, float]]) -> GameResult:
    return GameResult(
        name="game-000",
        truth=[],
        camera=[],
        matched=0,
        illegal_truth=[],
        illegal_reported=[],
        false_alarms=[],
        uncertain=0,
        latencies=latencies,
        frames=0,
        seconds=0.0,
        trump_ok=True,
    )


def test_slow_verdicts_are_the_laid_cards_judged_after_the_target() -> None:
    result = _result(
        [("A:attack 7h", 0.32), ("B:beat 7h/9h", 0.61), ("B:take", 2.9), ("A:throw 7c", 0.5)]
    )
    assert slow_verdicts(result) == ["B:beat 7h/9h (0.61 s)"]  # a take is timed apart
    assert slow_verdicts(result, limit=0.3) == [
        "A:attack 7h (0.32 s)",
        "B:beat 7h/9h (0.61 s)",
        "A:throw 7c (0.50 s)",
    ]
