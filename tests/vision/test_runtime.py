"""The runtimes run the shipped networks alike; bad choices are clear errors."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.detections import letterbox, to_blob
from vision.detector import CLASSIFIER_FILE, DETECTOR_FILE, MODELS_DIR, CardDetector
from vision.runtime import RuntimeChoiceError, default_runtime, load

IMAGE = Path(__file__).parent / "data" / "guyenne_test_105_000009.jpg"


def test_the_image_blob_has_opencvs_values() -> None:
    image = np.random.default_rng(0).integers(0, 256, (37, 51, 3), dtype=np.uint8)
    expected = cv2.dnn.blobFromImage(image, 1 / 255.0, swapRB=True)
    assert np.array_equal(to_blob(image), expected)


def test_openvino_is_the_default_runtime_where_installed() -> None:
    assert default_runtime() == "openvino"


def test_openvino_in_f32_runs_the_yolo_stage_as_onnxruntime_does() -> None:
    image = cv2.imread(str(IMAGE))
    blob, _ = letterbox(image, 640, square=False)
    ort = load(MODELS_DIR / DETECTOR_FILE, "onnxruntime", threads=1)(blob)
    ov = load(MODELS_DIR / DETECTOR_FILE, "openvino", threads=1, precision="f32")(blob)
    assert ov.shape == ort.shape
    np.testing.assert_allclose(ov, ort, atol=0.05)  # box pixels and scores


def test_a_batch_of_crops_and_a_single_image_of_a_new_size_both_run() -> None:
    classifier = load(MODELS_DIR / CLASSIFIER_FILE, "openvino", threads=1)
    assert classifier.input_shape[0] is None and classifier.input_shape[2] == 48
    crops = np.random.default_rng(1).random((5, 3, 48, 48), dtype=np.float32)
    assert classifier(crops).shape[0] == 5 and classifier(crops[:2]).shape[0] == 2
    detector = load(MODELS_DIR / DETECTOR_FILE, "openvino", threads=1)
    for h, w in ((320, 320), (256, 384), (320, 320)):
        out = detector(np.zeros((1, 3, h, w), np.float32))
        assert out.shape[2] == (h // 8) * (w // 8) + (h // 16) * (w // 16) + (h // 32) * (w // 32)


def test_both_runtimes_name_the_same_cards_on_a_committed_render() -> None:
    image = cv2.imread(str(IMAGE))
    named = [
        {d.card for d in CardDetector(threads=1, runtime=runtime).detect(image)}
        for runtime in ("openvino", "onnxruntime")
    ]
    assert named[0] == named[1] and len(named[0]) >= 5


def test_an_unknown_runtime_is_refused_with_the_choices() -> None:
    with pytest.raises(RuntimeChoiceError, match="openvino, onnxruntime"):
        load(MODELS_DIR / DETECTOR_FILE, "tensorrt")


def test_onnxruntime_refuses_bfloat16() -> None:
    with pytest.raises(RuntimeChoiceError, match="f32 only"):
        load(MODELS_DIR / DETECTOR_FILE, "onnxruntime", precision="bf16")


def test_a_missing_model_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match=r"no model file at .*absent\.onnx"):
        load(tmp_path / "absent.onnx", "openvino")
