"""8-bit quantization of the crop readers and the YOLO stage (vision/train/quantize.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
import pytest
from onnx import TensorProto, helper, numpy_helper

from vision.train.quantize import (
    BATCH,
    WEIGHT_LIMIT,
    crop_batches,
    float_head,
    narrow,
    quantize,
)

MODELS = Path(__file__).parents[2] / "models"


def _crops_file(path: Path, count: int, fill: int) -> Path:
    np.savez(path, x=np.full((count, 8, 8, 3), fill, np.uint8), y=np.zeros(count, np.int64))
    return path


def _conv_net(path: Path) -> Path:
    """A float net shaped as a crop reader: conv, relu, global pooling, a linear layer."""
    rng = np.random.default_rng(0)
    weights = {
        "w1": rng.normal(0, 0.5, (8, 3, 3, 3)).astype(np.float32),
        "b1": rng.normal(0, 0.1, 8).astype(np.float32),
        "w2": rng.normal(0, 0.5, (8, 5)).astype(np.float32),
    }
    graph = helper.make_graph(
        [
            helper.make_node("Conv", ["x", "w1", "b1"], ["c"], pads=[1, 1, 1, 1]),
            helper.make_node("Relu", ["c"], ["r"]),
            helper.make_node("GlobalAveragePool", ["r"], ["p"]),
            helper.make_node("Flatten", ["p"], ["f"]),
            helper.make_node("MatMul", ["f", "w2"], ["logits"]),
        ],
        "reader",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["n", 3, 16, 16])],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["n", 5])],
        [numpy_helper.from_array(v, k) for k, v in weights.items()],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.save(model, str(path))
    return path


def _run(path: Path, x: np.ndarray) -> np.ndarray:
    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    return np.asarray(session.run(None, {"x": x})[0])


def test_calibration_crops_are_drawn_from_every_file_as_network_input(tmp_path: Path) -> None:
    a = _crops_file(tmp_path / "a.npz", 200, 0)
    b = _crops_file(tmp_path / "b.npz", 30, 255)
    batches = crop_batches([a, b], 100)
    crops = np.concatenate(batches)
    assert all(len(x) <= BATCH for x in batches) and crops.dtype == np.float32
    assert crops.shape == (50 + 30, 3, 8, 8)  # half from each file, at most what a file holds
    assert sorted(np.unique(crops)) == [0.0, 1.0]
    assert (crops.reshape(len(crops), -1).max(axis=1) == 1.0).sum() == 30


def test_a_quantized_reader_has_integer_weights_and_reads_as_the_float_one(tmp_path: Path) -> None:
    source = _conv_net(tmp_path / "float.onnx")
    rng = np.random.default_rng(1)
    calibration = [rng.random((16, 3, 16, 16), dtype=np.float32) for _ in range(8)]
    out = tmp_path / "int8.onnx"
    quantize(source, out, calibration)
    ops = {n.op_type for n in onnx.load(str(out)).graph.node}
    assert {"QuantizeLinear", "DequantizeLinear"} <= ops
    x = rng.random((64, 3, 16, 16), dtype=np.float32)
    exact, approx = _run(source, x), _run(out, x)
    assert np.abs(approx - exact).max() < 0.05 * np.abs(exact).max()
    assert (approx.argmax(1) == exact.argmax(1)).mean() >= 0.9


def _weights(model: onnx.ModelProto) -> list[np.ndarray]:
    arrays = [numpy_helper.to_array(t) for t in model.graph.initializer]
    return [a for a in arrays if a.dtype == np.int8 and a.size > 1]


def test_a_quantized_readers_weights_fit_seven_bits(tmp_path: Path) -> None:
    # an AVX2 CPU without VNNI sums uint8 x int8 products in pairs into 16 bits: 8-bit weights
    # saturate there
    out = tmp_path / "int8.onnx"
    rng = np.random.default_rng(2)
    quantize(_conv_net(tmp_path / "float.onnx"), out, [rng.random((16, 3, 16, 16), np.float32)])
    weights = _weights(onnx.load(str(out)))
    assert weights and max(int(np.abs(w).max()) for w in weights) <= WEIGHT_LIMIT


def test_narrowing_an_8_bit_reader_to_7_bits_keeps_its_readings(tmp_path: Path) -> None:
    from onnxruntime.quantization import CalibrationDataReader, QuantFormat, quantize_static

    source = _conv_net(tmp_path / "float.onnx")
    rng = np.random.default_rng(3)
    batches = iter([rng.random((16, 3, 16, 16), np.float32) for _ in range(8)])

    class Reader(CalibrationDataReader):
        def get_next(self) -> dict[str, np.ndarray] | None:
            x = next(batches, None)
            return None if x is None else {"x": x}

    wide = tmp_path / "wide.onnx"  # 8-bit weights, as shipped until 2026-12-07
    quantize_static(
        str(source), str(wide), Reader(), quant_format=QuantFormat.QDQ, per_channel=True
    )
    assert max(int(np.abs(w).max()) for w in _weights(onnx.load(str(wide)))) > WEIGHT_LIMIT
    narrowed = tmp_path / "narrow.onnx"
    onnx.save(narrow(onnx.load(str(wide))), str(narrowed))
    assert max(int(np.abs(w).max()) for w in _weights(onnx.load(str(narrowed)))) <= WEIGHT_LIMIT
    x = rng.random((64, 3, 16, 16), dtype=np.float32)
    exact, approx = _run(source, x), _run(narrowed, x)
    assert np.abs(approx - exact).max() < 0.05 * np.abs(exact).max()
    assert (approx.argmax(1) == exact.argmax(1)).mean() >= 0.9


def test_the_shipped_index_classifier_is_quantized_with_seven_bit_weights() -> None:
    model = onnx.load(str(MODELS / "classifier.onnx"))
    assert "DequantizeLinear" in {n.op_type for n in model.graph.node}
    weights = _weights(model)
    assert weights and max(int(np.abs(w).max()) for w in weights) <= WEIGHT_LIMIT


def test_the_yolo_heads_last_convolutions_and_box_decoding_stay_in_float() -> None:
    nodes = [
        ("/model.0/conv/Conv", "Conv"),
        ("/model.23/cv2.0/cv2.0.0/conv/Conv", "Conv"),
        ("/model.23/cv2.0/cv2.0.2/Conv", "Conv"),
        ("/model.23/dfl/conv/Conv", "Conv"),
        ("/model.23/Concat", "Concat"),
        ("/model.9/cv1/conv/Conv", "Conv"),
    ]
    assert float_head(nodes) == [
        "/model.23/cv2.0/cv2.0.2/Conv",
        "/model.23/dfl/conv/Conv",
        "/model.23/Concat",
    ]


def test_a_graph_that_is_not_yolo_has_no_head_to_keep() -> None:
    with pytest.raises(SystemExit, match="not an ultralytics YOLO graph"):
        float_head([("conv1", "Conv")])
