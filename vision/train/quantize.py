"""Quantize a float ONNX network to 8-bit integers (static, QDQ format) for the runtime.

``python -m vision.train.quantize classifier SRC.onnx OUT.onnx --crops A.npz [B.npz ...]``
``python -m vision.train.quantize detector SRC.onnx OUT.onnx --images DIR [DIR ...]``
``python -m vision.train.quantize narrow SRC.onnx OUT.onnx`` (an 8-bit file's weights to 7 bits)

Weights are quantized per output channel (int8), activations per tensor (uint8) with ranges
measured on calibration inputs: crops (``crop_data``/``real_crops`` files) for a crop reader,
frames letterboxed as the runtime does for the YOLO stage. The YOLO stage's decoding head (the
distribution-focal box decoding and the last convolution of each branch, whose outputs are box
offsets and class logits) stays in float: an 8-bit step there moves scores by several
hundredths, near the card threshold. The output is an ordinary ONNX file that OpenVINO and
onnxruntime both run with integer kernels.

Weights get 7 bits, not 8 (``reduce_range``). A CPU without VNNI (AVX2 only) multiplies uint8
activations by int8 weights in pairs summed into 16 bits, which saturate past 32,767: with 8-bit
weights the sum can reach 2 x 255 x 127, with 7-bit ones it cannot. On such a CPU (an AMD EPYC
with AVX2, 2026-12-07) the classifier quantized with 8-bit weights read the real test split
547 -> 524 of 555 cards right, under both runtimes; the same file run as float maths gave 547.
``narrow`` turns an existing file's 8-bit weights into 7-bit ones without calibrating again.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import onnx

CALIBRATION_SAMPLES = 2048
"""Crops (or, for the detector, a tenth as many frames) whose activations set the ranges."""

BATCH = 64
"""Calibration inputs per run of the network."""


def crop_batches(paths: list[Path], samples: int, seed: int = 0) -> list[np.ndarray]:
    """``samples`` crops drawn evenly from the files, as float32 N,3,S,S BGR in [0, 1]."""
    rng = np.random.default_rng(seed)
    per_file = -(-samples // len(paths))
    chosen = []
    for path in paths:
        x = np.load(path)["x"]
        chosen.append(x[rng.choice(len(x), min(per_file, len(x)), replace=False)])
    crops = np.concatenate(chosen)[rng.permutation(sum(len(c) for c in chosen))]
    return [
        np.ascontiguousarray(crops[i : i + BATCH].transpose(0, 3, 1, 2), np.float32) / 255
        for i in range(0, len(crops), BATCH)
    ]


def frame_blobs(dirs: list[Path], frames: int, imgsz: int, seed: int = 0) -> Iterator[np.ndarray]:
    """``frames`` images drawn evenly from the folders, letterboxed to ``imgsz`` as the runtime
    letterboxes a camera frame (padded to a multiple of 32, not to a square)."""
    import cv2

    from vision.detections import letterbox

    rng = random.Random(seed)
    per_dir = -(-frames // len(dirs))
    for folder in dirs:
        files = sorted(folder.glob("*.jpg")) + sorted(folder.glob("*.png"))
        if not files:
            raise SystemExit(f"no images in {folder}")
        for f in rng.sample(files, min(per_dir, len(files))):
            image = cv2.imread(str(f))
            if image is None:
                raise SystemExit(f"cannot read {f}")
            yield letterbox(image, imgsz, square=False)[0]


def head_nodes(model_path: Path) -> list[str]:
    """Names of the YOLO graph's nodes kept in float (see ``float_head``)."""
    import onnx

    return float_head([(n.name, n.op_type) for n in onnx.load(str(model_path)).graph.node])


def float_head(nodes: list[tuple[str, str]]) -> list[str]:
    """Of a YOLO graph's (name, op type) nodes, those kept in float: everything in the detection
    head (module ``model.<last>``) except the convolutions before each branch's last one."""
    modules = {name.split("/")[1] for name, _ in nodes if name.startswith("/model.")}
    if not modules:
        raise SystemExit("not an ultralytics YOLO graph: no /model.N/ nodes")
    prefix = f"/{max(modules, key=lambda m: int(m.split('.')[1]))}/"
    return [
        name
        for name, op in nodes
        if name.startswith(prefix)
        and not (op == "Conv" and "/dfl/" not in name and not name.endswith(".2/Conv"))
    ]


def quantize(
    source: Path, out: Path, inputs: list[np.ndarray], exclude: list[str] | None = None
) -> None:
    import onnx
    from onnxruntime.quantization import (
        CalibrationDataReader,
        QuantFormat,
        QuantType,
        quantize_static,
    )

    name = onnx.load(str(source)).graph.input[0].name

    class Reader(CalibrationDataReader):
        def __init__(self) -> None:
            self._inputs = iter(inputs)

        def get_next(self) -> dict[str, np.ndarray] | None:
            x = next(self._inputs, None)
            return None if x is None else {name: x}

    out.parent.mkdir(parents=True, exist_ok=True)
    quantize_static(
        str(source),
        str(out),
        Reader(),
        quant_format=QuantFormat.QDQ,
        per_channel=True,
        activation_type=QuantType.QUInt8,
        weight_type=QuantType.QInt8,
        nodes_to_exclude=exclude or [],
        reduce_range=True,
    )


WEIGHT_LIMIT = 64
"""The largest weight magnitude in 7 bits as ``reduce_range`` gives them: 2 x 255 x 64 fits in
16 bits (see the module's note)."""


def narrow(model: onnx.ModelProto) -> onnx.ModelProto:
    """``model`` (QDQ) with each int8 weight tensor halved into 7 bits, its per-channel scale
    doubled, and the int32 bias of the convolution or linear layer it feeds halved with its
    scale doubled too (a bias's scale stays the input's scale times the weight's)."""
    import onnx
    from onnx import numpy_helper

    out = onnx.ModelProto()
    out.CopyFrom(model)
    graph = out.graph
    inits = {t.name: t for t in graph.initializer}
    dequantized = {n.output[0]: n for n in graph.node if n.op_type == "DequantizeLinear"}

    def halve(node: onnx.NodeProto, halved: np.ndarray) -> None:
        """Give the DequantizeLinear ``node`` the ``halved`` integers and twice its scale."""
        tensor, scales = inits[node.input[0]], inits[node.input[1]]
        tensor.CopyFrom(numpy_helper.from_array(halved, tensor.name))
        doubled = numpy_helper.to_array(scales) * np.float32(2)
        scales.CopyFrom(numpy_helper.from_array(doubled.astype(np.float32), scales.name))

    for node in graph.node:
        if node.op_type not in ("Conv", "Gemm", "MatMul"):
            continue
        weight = dequantized.get(node.input[1])
        if weight is None or weight.input[0] not in inits:
            continue
        w = numpy_helper.to_array(inits[weight.input[0]])
        if w.dtype != np.int8:
            continue
        halve(weight, np.clip(np.round(w / 2), -WEIGHT_LIMIT, WEIGHT_LIMIT).astype(np.int8))
        bias = dequantized.get(node.input[2]) if len(node.input) > 2 else None
        if bias is not None and bias.input[0] in inits:
            b = numpy_helper.to_array(inits[bias.input[0]])
            halve(bias, np.round(b / 2).astype(np.int32))
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m vision.train.quantize", description=__doc__)
    ap.add_argument("kind", choices=["classifier", "detector", "narrow"])
    ap.add_argument("source", type=Path, help="float ONNX (for narrow: an 8-bit one)")
    ap.add_argument("out", type=Path)
    ap.add_argument("--crops", type=Path, nargs="+", help="calibration crops (.npz), classifier")
    ap.add_argument("--images", type=Path, nargs="+", help="calibration frames, detector")
    ap.add_argument("--samples", type=int, default=CALIBRATION_SAMPLES)
    ap.add_argument("--imgsz", type=int, default=640)
    args = ap.parse_args(argv)
    if args.kind == "narrow":
        import onnx

        onnx.save(narrow(onnx.load(str(args.source))), str(args.out))
        print(f"narrowed {args.source} -> {args.out}")
        return
    if args.kind == "classifier":
        if not args.crops:
            ap.error("a classifier is calibrated on --crops")
        quantize(args.source, args.out, crop_batches(args.crops, args.samples))
    else:
        if not args.images:
            ap.error("the detector is calibrated on --images")
        blobs = list(frame_blobs(args.images, args.samples // 10, args.imgsz))
        quantize(args.source, args.out, blobs, head_nodes(args.source))
    print(f"quantized {args.source} -> {args.out}")


if __name__ == "__main__":
    main()
