"""Every dataset definition in ``datasets/`` loads as YAML (ultralytics' format is YAML, and a
value holding ": " unquoted breaks it, as six of them did until 2026-12-04 night)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

DATASETS = sorted((Path(__file__).resolve().parents[1] / "datasets").glob("*.yaml"))


def test_there_are_dataset_definitions() -> None:
    assert len(DATASETS) >= 5


@pytest.mark.parametrize("path", DATASETS, ids=lambda p: p.name)
def test_a_dataset_definition_loads_as_yaml_with_a_name(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    assert data["name"] == path.stem
