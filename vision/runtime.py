"""The torch-free runtimes that run the shipped ONNX networks: OpenVINO or onnxruntime.

Both read the same ``.onnx`` file (OpenVINO needs no conversion step). OpenVINO is the default
where it is installed: on this machine it runs the detector 2.8 times as fast as onnxruntime, in
float32 with the same results (``bench/detector.py`` times both in one run). ``precision="bf16"``
is faster still where the CPU has bfloat16, at a measured cost in recall (model card, "Runtimes").
"""

from __future__ import annotations

import argparse
import importlib.util
import threading
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # numpy only in annotations: `bito` builds its parser without importing it
    import numpy as np

RUNTIMES = ("openvino", "onnxruntime")
PRECISIONS = ("f32", "bf16")
DEFAULT_PRECISION = "f32"
"""OpenVINO would pick bfloat16 on a CPU that has it: that moved the YOLO stage's boxes by up to
2.6 px and cost 0.2-0.6 points of card recall on the test sets (model card, "Runtimes")."""
SIZES_KEPT = 4
"""Image sizes an OpenVINO network keeps compiled for (see :class:`_OpenVINONetwork`)."""


class RuntimeChoiceError(ValueError):
    """A runtime not in :data:`RUNTIMES`, not installed, or without the precision asked."""


class Network(Protocol):
    """One loaded network with one input and (at least) one output."""

    runtime: str
    precision: str
    """What it computes in: ``"f32"`` or ``"bf16"``."""
    input_shape: tuple[int | None, ...]
    """The input's dimensions, ``None`` where the model leaves one free (the batch, say)."""

    def __call__(self, x: np.ndarray) -> np.ndarray:
        """The first output for the input ``x`` (float32, in the model's layout)."""
        ...


def default_runtime() -> str:
    """OpenVINO when it is installed, else onnxruntime."""
    return "openvino" if importlib.util.find_spec("openvino") is not None else "onnxruntime"


def load(
    path: Path, runtime: str | None = None, threads: int = 2, precision: str | None = None
) -> Network:
    """Load the ONNX network at ``path`` with ``runtime`` (default: :func:`default_runtime`).

    ``precision`` is OpenVINO's inference precision (``"f32"``, ``"bf16"``; default
    :data:`DEFAULT_PRECISION`). onnxruntime computes in f32 only."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"no model file at {path}")
    name = runtime or default_runtime()
    if name == "openvino":
        return _OpenVINONetwork(path, threads, precision or DEFAULT_PRECISION)
    if name == "onnxruntime":
        if precision not in (None, "f32"):
            raise RuntimeChoiceError(f"onnxruntime computes in f32 only, not {precision}")
        return _OnnxRuntimeNetwork(path, threads)
    raise RuntimeChoiceError(f"unknown runtime {name!r}: choose one of {', '.join(RUNTIMES)}")


def add_runtime_options(parser: argparse.ArgumentParser) -> None:
    """``--runtime`` and ``--precision``, for every command that loads the detector."""
    parser.add_argument(
        "--runtime", choices=RUNTIMES, default=None, help="default: openvino where installed"
    )
    parser.add_argument(
        "--precision",
        choices=PRECISIONS,
        default=None,
        help="OpenVINO's inference precision (default: f32; bf16 is faster, less accurate)",
    )


def _dims(shape: list[object]) -> tuple[int | None, ...]:
    return tuple(d if isinstance(d, int) else None for d in shape)


class _OnnxRuntimeNetwork:
    runtime = "onnxruntime"
    precision = "f32"

    def __init__(self, path: Path, threads: int) -> None:
        import onnxruntime as ort

        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
        self._session = ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])
        first = self._session.get_inputs()[0]
        self._input = first.name
        self.input_shape = _dims(list(first.shape))

    def __call__(self, x: np.ndarray) -> np.ndarray:
        out: np.ndarray = self._session.run(None, {self._input: x})[0]
        return out


class _OpenVINONetwork:
    """An OpenVINO network. A single image (batch 1) of a size the model leaves free is run by a
    copy of the model compiled for exactly that size: measured, the YOLO stage at 640x480 takes
    16.3 ms compiled for any size and 13.8 ms compiled for that one (``bench/detector.py``'s
    frames). A camera's frames all have one size, so this compiles once (about 0.2 s); the last
    :data:`SIZES_KEPT` sizes stay compiled. Batches of crops run on the model as loaded."""

    runtime = "openvino"

    def __init__(self, path: Path, threads: int, precision: str) -> None:
        try:
            import openvino as ov
        except ImportError as e:
            raise RuntimeChoiceError("the openvino runtime is not installed") from e
        self._core = ov.Core()
        self._model = self._core.read_model(str(path))
        shape = self._model.inputs[0].get_partial_shape()
        self.input_shape = tuple(d.get_length() if d.is_static else None for d in shape)
        self.precision = precision
        self._config: dict[str, object] = {
            "INFERENCE_NUM_THREADS": threads,
            "PERFORMANCE_HINT": "LATENCY",
            "INFERENCE_PRECISION_HINT": precision,
        }
        self._size_free = any(d is None for d in self.input_shape[1:])
        self._request = self._compile(self._model)
        self._sized: OrderedDict[tuple[int, ...], Any] = OrderedDict()
        self._lock = threading.Lock()  # one request per compiled model: one inference at a time

    def _compile(self, model: Any) -> Any:
        return self._core.compile_model(model, "CPU", self._config).create_infer_request()

    def _request_for(self, shape: tuple[int, ...]) -> Any:
        if not self._size_free or shape[0] != 1:
            return self._request
        if shape not in self._sized:
            model = self._model.clone()
            model.reshape(list(shape))
            self._sized[shape] = self._compile(model)
            if len(self._sized) > SIZES_KEPT:
                self._sized.popitem(last=False)
        self._sized.move_to_end(shape)
        return self._sized[shape]

    def __call__(self, x: np.ndarray) -> np.ndarray:
        with self._lock:
            request = self._request_for(tuple(x.shape))
            request.infer({0: x})
            out: np.ndarray = request.get_output_tensor(0).data.copy()
        return out
