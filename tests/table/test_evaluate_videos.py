"""The video evaluation's report names the verdicts that came late; each game gets the seats of
its own set, in a file that is gone when the game is over, even one that failed; a folder named
that holds no game is reported, not skipped."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.capture import Frame
from vision.pipeline import FrameReport, Pipeline
from vision.table.evaluate_videos import (
    GameResult,
    calibration_from_meta,
    evaluate_game,
    game_folders,
    main,
    slow_verdicts,
)
from vision.video.game import simulate


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


def test_games_of_the_same_name_in_two_sets_get_calibrations_of_their_own(tmp_path: Path) -> None:
    # two sets evaluated at once both have a game-000: one file per game name let a game load
    # the other set's seats (videos-eval7 game 0 was judged with eval6 game 0's, every seat
    # swapped)
    seats_a = [{"seat": "A", "side": "bottom", "xy": [640.0, 720.0]}]
    seats_b = [{"seat": "A", "side": "top", "xy": [640.0, 0.0]}]
    a = calibration_from_meta({"size": [1280, 720], "seats": seats_a}, tmp_path / "x" / "game-000")
    b = calibration_from_meta({"size": [1280, 720], "seats": seats_b}, tmp_path / "y" / "game-000")
    try:
        assert a != b
        assert json.loads(a.read_text(encoding="utf-8"))["seats"] == seats_a
        assert json.loads(b.read_text(encoding="utf-8"))["seats"] == seats_b
    finally:
        a.unlink()
        b.unlink()


def test_a_game_that_fails_midway_leaves_no_calibration_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "game-000"
    folder.mkdir()
    simulate("podkidnoy", 2, 1, path=folder / "truth.jsonl")
    meta = {"variant": "podkidnoy", "players": 2, "size": [64, 48], "seats": None, "fps": 15}
    (folder / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
    video = cv2.VideoWriter(
        str(folder / "video.mp4"), cv2.VideoWriter.fourcc(*"mp4v"), 15, (64, 48)
    )
    for _ in range(3):
        video.write(np.full((48, 64, 3), 120, np.uint8))
    video.release()

    def camera_fails(self: Pipeline, frame: Frame, state: object = None) -> FrameReport:
        raise RuntimeError("the camera chain failed")

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(Pipeline, "process", camera_fails)
    with pytest.raises(RuntimeError, match="chain failed"):
        evaluate_game(folder, detector=object(), calibrate_from_meta=True)  # type: ignore[arg-type]
    assert not list(tmp_path.glob("tracker-calibration-*"))


def test_a_folder_named_that_holds_no_game_is_an_error_not_a_game_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    done, rendering = tmp_path / "set" / "game-000", tmp_path / "set" / "game-001"
    done.mkdir(parents=True)
    rendering.mkdir()
    (done / "meta.json").write_text("{}", encoding="utf-8")
    assert game_folders([tmp_path / "set"]) == [done]
    assert game_folders([done]) == [done]
    assert main([str(done), str(rendering)]) == 2  # game 1's render has not written its meta yet
    assert str(rendering) in capsys.readouterr().err
    (rendering / "video.mp4").write_bytes(b"")  # ... but its video is under way
    with pytest.raises(FileNotFoundError, match="game-001"):
        game_folders([tmp_path / "set"])
