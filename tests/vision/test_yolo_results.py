"""The training history reads from results.csv without polars (a lent GPU machine lacks it)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from vision.train.yolo import _read_results_csv


def test_results_csv_reads_as_columns_of_floats(tmp_path: Path) -> None:
    csv = tmp_path / "results.csv"
    csv.write_text("epoch, train/box_loss,lr/pg0\n1,1.5,0.001\n2,1.25,0.0005\n")
    history = _read_results_csv(SimpleNamespace(csv=csv))
    assert history == {
        "epoch": [1.0, 2.0],
        "train/box_loss": [1.5, 1.25],
        "lr/pg0": [0.001, 0.0005],
    }


def test_a_missing_or_broken_results_csv_is_an_empty_history(tmp_path: Path) -> None:
    assert _read_results_csv(SimpleNamespace(csv=tmp_path / "none.csv")) == {}
    broken = tmp_path / "broken.csv"
    broken.write_text("epoch,loss\n1,nan?\n")
    assert _read_results_csv(SimpleNamespace(csv=broken)) == {}
