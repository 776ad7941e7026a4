"""Growing the index classifier keeps what it has learnt (needs torch: the training venv)."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from vision.train.classifier import IndexNet, widen  # noqa: E402


def _trained_looking(width: int) -> IndexNet:
    """A net with non-trivial batch-norm statistics, as a trained one has."""
    torch.manual_seed(1)
    net = IndexNet(width=width)
    net.train()
    with torch.no_grad():
        for _ in range(3):
            net(torch.rand(16, 3, 48, 48))
    return net.eval()


def test_a_widened_classifier_reads_every_crop_as_before() -> None:
    narrow = _trained_looking(8)
    wide = widen(narrow, 12, noise=0.0).eval()
    crops = torch.rand(6, 3, 48, 48)
    assert sum(p.numel() for p in wide.parameters()) > sum(p.numel() for p in narrow.parameters())
    assert torch.allclose(wide(crops), narrow(crops), atol=1e-4)


def test_the_copies_in_a_widened_classifier_are_told_apart_by_noise() -> None:
    narrow = _trained_looking(8)
    wide = widen(narrow, 12, noise=0.01).eval()
    crops = torch.rand(6, 3, 48, 48)
    difference = (wide(crops) - narrow(crops)).abs().max()
    assert 0 < difference < 0.1 * narrow(crops).abs().max()


def test_a_classifier_cannot_be_narrowed() -> None:
    with pytest.raises(ValueError, match="cannot narrow"):
        widen(_trained_looking(8), 4)
