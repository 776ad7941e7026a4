"""A batch plan draws its decks from the designs asked for, keeps its held-out videos, and names
a deck that is not there instead of rendering anything."""

from __future__ import annotations

from pathlib import Path

import pytest

from vision.video import __main__ as video_cli
from vision.video import batch
from vision.video.make import HELD_OUT_DECK, Made, VideoSpec

DECKS = ["aisleriot-guyenne-classic", "kde-standard", HELD_OUT_DECK]


@pytest.fixture(autouse=True)
def _decks_present(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch, "available_decks", lambda: list(DECKS))


def test_plan_draws_only_the_decks_asked_for() -> None:
    specs = batch.plan(6, 17000, 1, 140, decks=["aisleriot-guyenne-classic"])
    decks = [s.deck for s in specs]
    assert decks.count(HELD_OUT_DECK) == 1
    assert set(decks) == {"aisleriot-guyenne-classic", HELD_OUT_DECK}


def test_plan_without_decks_draws_from_every_training_deck() -> None:
    specs = batch.plan(12, 17000, 0, 140)
    assert {s.deck for s in specs} == {"aisleriot-guyenne-classic", "kde-standard"}


def test_plan_is_the_same_for_the_same_recipe() -> None:
    args = (5, 17000, 1, 140)
    assert batch.plan(*args, decks=["kde-standard"]) == batch.plan(*args, decks=["kde-standard"])


@pytest.mark.parametrize(
    ("args", "named"),
    [(["--decks", "no-such-deck"], "no-such-deck"), (["--only", "5"], "no game 5")],
    ids=["unknown deck", "game outside the batch"],
)
def test_a_bad_batch_request_is_named_and_nothing_is_written(
    args: list[str], named: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "videos"
    code = video_cli.main(["batch", "--count", "3", *args, "--out", str(out)])
    assert code == 2
    assert named in capsys.readouterr().err
    assert not out.exists()


def test_held_out_deck_alone_leaves_nothing_to_draw() -> None:
    with pytest.raises(ValueError, match="held-out"):
        batch.plan(3, 17000, 1, 140, decks=[HELD_OUT_DECK])


def test_only_renders_the_games_asked_for_with_the_whole_batchs_plan(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rendered: list[tuple[VideoSpec, str]] = []

    def fake_make_video(spec: VideoSpec, folder: Path) -> Made:
        rendered.append((spec, folder.name))
        return Made(folder, 1, 1.0, 1.0, 1)

    monkeypatch.setattr(batch, "make_video", fake_make_video)
    batch.make_batch(tmp_path, 5, 17000, (320, 240), 1, 140, only=[1, 3])
    full = batch.plan(5, 17000, 1, 140)
    assert [name for _, name in rendered] == ["game-001", "game-003"]
    assert [spec.seed for spec, _ in rendered] == [full[1].seed, full[3].seed]
