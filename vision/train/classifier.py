"""Train the index-crop classifier (52 cards, 2 jokers, back, none) and export it to ONNX.

``python -m vision.train.classifier --train data/crops-train-v1.npz --val data/crops-val-v1.npz
--epochs 8 --out models/classifier.onnx``
"""

from __future__ import annotations

import argparse
import json
import logging
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

from vision.cards import CLASSIFIER_CLASSES
from vision.crops import CROP_SIZE

log = logging.getLogger(__name__)


def _block(cin: int, cout: int) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(True),
        nn.Conv2d(cout, cout, 3, padding=1, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(True),
    )


class IndexNet(nn.Module):
    """Four conv stages (``width`` x 1-2-4-8 channels) on a square crop, global pooling, a linear
    layer. The crop size is free (global pooling); the shipped model says its own in its input."""

    def __init__(self, n_classes: int = len(CLASSIFIER_CLASSES), width: int = 16) -> None:
        super().__init__()
        w = width
        self.features = nn.Sequential(
            _block(3, w),
            nn.MaxPool2d(2),
            _block(w, 2 * w),
            nn.MaxPool2d(2),
            _block(2 * w, 4 * w),
            nn.MaxPool2d(2),
            _block(4 * w, 8 * w),
            nn.AdaptiveAvgPool2d(1),
        )
        self.head = nn.Sequential(nn.Flatten(), nn.Dropout(0.2), nn.Linear(8 * w, n_classes))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.features(x))


def widen(model: IndexNet, width: int, noise: float = 0.01, seed: int = 0) -> IndexNet:
    """A ``width``-channel IndexNet computing what ``model`` computes (Net2WiderNet).

    Each new channel copies a random old channel of its layer (its convolution filter and batch
    norm); the next layer's weights on every copy of a channel are divided by the number of copies,
    so the sum it takes is unchanged. ``noise`` (relative) then tells the copies apart, so that
    training can make them differ.
    """
    old_width = model.head[2].in_features // 8
    if width < old_width:
        raise ValueError(f"cannot narrow a width-{old_width} net to {width}")
    g = torch.Generator().manual_seed(seed)
    wide = IndexNet(n_classes=model.head[2].out_features, width=width)
    old = [m for m in model.modules() if isinstance(m, (nn.Conv2d, nn.BatchNorm2d))]
    new = [m for m in wide.modules() if isinstance(m, (nn.Conv2d, nn.BatchNorm2d))]
    source = torch.arange(3)  # input channels (BGR) map to themselves
    copies = torch.ones(3)
    with torch.no_grad():
        for i in range(0, len(old), 2):
            conv, bn, wconv, wbn = old[i], old[i + 1], new[i], new[i + 1]
            assert isinstance(conv, nn.Conv2d) and isinstance(wconv, nn.Conv2d)
            assert isinstance(bn, nn.BatchNorm2d) and isinstance(wbn, nn.BatchNorm2d)
            c_old, c_new = conv.out_channels, wconv.out_channels
            extra = torch.randint(0, c_old, (c_new - c_old,), generator=g)
            mapping = torch.cat([torch.arange(c_old), extra])
            weight = conv.weight[mapping][:, source] / copies[None, :, None, None]
            jitter = noise * weight.std() * torch.randn(weight.shape, generator=g)
            wconv.weight.copy_(weight + jitter)
            for name in ("weight", "bias", "running_mean", "running_var"):
                getattr(wbn, name).copy_(getattr(bn, name)[mapping])
            source, copies = mapping, torch.bincount(mapping, minlength=c_old).float()[mapping]
        wide.head[2].weight.copy_(model.head[2].weight[:, source] / copies[None, :])
        wide.head[2].bias.copy_(model.head[2].bias)
    return wide


def _augment(x: torch.Tensor, g: torch.Generator) -> torch.Tensor:
    """Photometric jitter on a batch in [0, 1]: gain, offset, per-channel cast, noise."""
    n = x.shape[0]
    gain = 0.7 + 0.6 * torch.rand(n, 1, 1, 1, generator=g)
    cast = 1 + 0.1 * (torch.rand(n, 3, 1, 1, generator=g) - 0.5)
    offset = 0.2 * (torch.rand(n, 1, 1, 1, generator=g) - 0.5)
    noise = 0.03 * torch.rand(n, 1, 1, 1, generator=g) * torch.randn(x.shape, generator=g)
    out = x * gain * cast + offset + noise
    # random 90-degree turns: the renders already rotate freely, this only adds more
    k = int(torch.randint(0, 4, (1,), generator=g))
    return torch.rot90(out.clamp(0, 1), k, (2, 3))


def _load(path: Path) -> tuple[torch.Tensor, torch.Tensor]:
    d = np.load(path)
    x = torch.from_numpy(d["x"]).permute(0, 3, 1, 2).contiguous()  # uint8 N,3,H,W (BGR)
    y = torch.from_numpy(d["y"].astype(np.int64))
    return x, y


@torch.no_grad()
def evaluate(model: nn.Module, x: torch.Tensor, y: torch.Tensor) -> tuple[float, np.ndarray]:
    """Accuracy and predictions."""
    model.eval()
    preds = []
    for i in range(0, len(x), 512):
        preds.append(model(x[i : i + 512].float() / 255).argmax(1))
    p = torch.cat(preds)
    return float((p == y).float().mean()), p.numpy()


def export_onnx(model: nn.Module, out: Path, size: int = CROP_SIZE) -> None:
    """Export with a dynamic batch dimension; input ``crops`` float32 N,3,S,S BGR in [0,1]."""
    model.eval()
    dummy = torch.zeros(1, 3, size, size)
    torch.onnx.export(
        model,
        (dummy,),
        str(out),
        input_names=["crops"],
        output_names=["logits"],
        dynamic_axes={"crops": {0: "n"}, "logits": {0: "n"}},
        opset_version=17,
        dynamo=False,
    )


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m vision.train.classifier", description=__doc__)
    ap.add_argument("--train", type=Path, nargs="+", required=True, help="one or more .npz")
    ap.add_argument("--val", type=Path, required=True)
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--per-epoch", type=int, default=60000, help="crops drawn per epoch")
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument(
        "--init", type=Path, help="state dict (.pt) to continue from; a narrower one is widened"
    )
    ap.add_argument("--width", type=int, default=16, help="channels of the first stage")
    ap.add_argument("--out", type=Path, default=Path("models/classifier.onnx"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(0)
    parts = [_load(p) for p in args.train]
    xtr = torch.cat([p[0] for p in parts])
    ytr = torch.cat([p[1] for p in parts])
    xva, yva = _load(args.val)
    log.info("train %d crops, val %d crops", len(ytr), len(yva))
    model = IndexNet(width=args.width)
    if args.init:
        state = torch.load(args.init)
        init_width = state["head.2.weight"].shape[1] // 8
        if init_width == args.width:
            model.load_state_dict(state)
        else:  # a narrower net to grow from
            narrow = IndexNet(width=init_width)
            narrow.load_state_dict(state)
            model = widen(narrow, args.width)
            log.info("widened %s from width %d to %d", args.init, init_width, args.width)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    per_epoch = min(args.per_epoch, len(ytr))
    steps = args.epochs * ((per_epoch + args.batch - 1) // args.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=steps)
    loss_fn = nn.CrossEntropyLoss(label_smoothing=0.05)
    t0 = time.perf_counter()
    history = []
    for epoch in range(args.epochs):
        model.train()
        order = torch.randperm(len(ytr), generator=g)[:per_epoch]
        total = 0.0
        for i in range(0, len(order), args.batch):
            idx = order[i : i + args.batch]
            xb = _augment(xtr[idx].float() / 255, g)
            loss = loss_fn(model(xb), ytr[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss.detach()) * len(idx)
        total *= len(ytr) / per_epoch
        acc, _ = evaluate(model, xva, yva)
        history.append(
            {
                "epoch": epoch + 1,
                "loss": total / len(ytr),
                "val_acc": acc,
                "minutes": (time.perf_counter() - t0) / 60,
            }
        )
        log.info(
            "epoch %d loss %.4f val acc %.4f (%.1f min)",
            epoch + 1,
            total / len(ytr),
            acc,
            (time.perf_counter() - t0) / 60,
        )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    torch.save(model.state_dict(), args.out.with_suffix(".pt"))
    export_onnx(model, args.out, int(xva.shape[-1]))
    acc, pred = evaluate(model, xva, yva)
    confusions: dict[str, int] = {}
    for t, p in zip(yva.numpy(), pred, strict=True):
        if t != p:
            key = f"{CLASSIFIER_CLASSES[t]}->{CLASSIFIER_CLASSES[p]}"
            confusions[key] = confusions.get(key, 0) + 1
    top = dict(sorted(confusions.items(), key=lambda kv: -kv[1])[:25])
    metrics = {
        "width": args.width,
        "crop_size": int(xva.shape[-1]),
        "train_crops": len(ytr),
        "val_crops": len(yva),
        "val_accuracy": acc,
        "history": history,
        "top_confusions": top,
    }
    args.out.with_suffix(".metrics.json").write_text(json.dumps(metrics, indent=1))
    print(f"val accuracy {acc:.4f}; exported {args.out}")


if __name__ == "__main__":
    main()
