"""One validated detections type for the YOLO stage, plus letterbox, decoding and NMS helpers.

Boxes are ``xyxy`` float32 pixels of the original image, classes int32, confidences float32.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True, slots=True)
class Detections:
    """Boxes, class ids and confidences as parallel numpy arrays."""

    xyxy: np.ndarray  # (N, 4) float32
    class_id: np.ndarray  # (N,) int32
    confidence: np.ndarray  # (N,) float32

    def __post_init__(self) -> None:
        n = len(self.class_id)
        if self.xyxy.shape != (n, 4) or self.confidence.shape != (n,):
            raise ValueError(
                f"inconsistent shapes {self.xyxy.shape} {self.class_id.shape} "
                f"{self.confidence.shape}"
            )

    def __len__(self) -> int:
        return len(self.class_id)

    @classmethod
    def empty(cls) -> Detections:
        return cls(np.zeros((0, 4), np.float32), np.zeros(0, np.int32), np.zeros(0, np.float32))

    def of_class(self, class_id: int) -> Detections:
        return self.where(self.class_id == class_id)

    def where(self, keep: np.ndarray) -> Detections:
        """The detections where the boolean mask ``keep`` is true."""
        return Detections(self.xyxy[keep], self.class_id[keep], self.confidence[keep])

    @classmethod
    def from_yolo_output(
        cls, output: np.ndarray, conf: float, iou: float, letterbox: Letterbox
    ) -> Detections:
        """Decode an ultralytics YOLO head output (1, 4 + nc, A): cx, cy, w, h, class scores."""
        pred = output[0].T  # (A, 4 + nc)
        scores = pred[:, 4:]
        class_id = scores.argmax(1).astype(np.int32)
        confidence = scores[np.arange(len(scores)), class_id].astype(np.float32)
        keep = confidence >= conf
        pred, class_id, confidence = pred[keep], class_id[keep], confidence[keep]
        cx, cy, w, h = pred[:, 0], pred[:, 1], pred[:, 2], pred[:, 3]
        xyxy = np.stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], 1).astype(np.float32)
        keep_idx = nms(xyxy, confidence, class_id, iou)
        xyxy = letterbox.to_original(xyxy[keep_idx])
        return cls(xyxy, class_id[keep_idx], confidence[keep_idx])


@dataclass(frozen=True, slots=True)
class Letterbox:
    """How an image was scaled and padded into the network input."""

    scale: float
    pad_x: float
    pad_y: float
    width: int
    height: int

    def to_original(self, xyxy: np.ndarray) -> np.ndarray:
        out = xyxy.copy()
        out[:, [0, 2]] = ((out[:, [0, 2]] - self.pad_x) / self.scale).clip(0, self.width)
        out[:, [1, 3]] = ((out[:, [1, 3]] - self.pad_y) / self.scale).clip(0, self.height)
        return out


def letterbox(
    image: np.ndarray, size: int, stride: int = 32, square: bool = True
) -> tuple[np.ndarray, Letterbox]:
    """Resize keeping the aspect ratio so the longer side is ``size``; pad with grey (114) to a
    square, or (``square=False``) only up to a multiple of ``stride``. Returns NCHW float32 RGB."""
    import cv2

    h, w = image.shape[:2]
    scale = min(size / h, size / w)
    nw, nh = round(w * scale), round(h * scale)
    if square:
        tw, th = size, size
    else:
        tw, th = -(-nw // stride) * stride, -(-nh // stride) * stride
    resized = (
        cv2.resize(image, (nw, nh), interpolation=cv2.INTER_LINEAR) if (nw, nh) != (w, h) else image
    )
    px, py = (tw - nw) / 2, (th - nh) / 2
    top, left = round(py - 0.1), round(px - 0.1)
    canvas = np.full((th, tw, 3), 114, np.uint8)
    canvas[top : top + nh, left : left + nw] = resized
    return to_blob(canvas), Letterbox(scale, left, top, w, h)


def to_blob(image: np.ndarray) -> np.ndarray:
    """A BGR uint8 image as a (1, 3, H, W) float32 RGB blob in [0, 1]: the values of OpenCV's
    ``dnn.blobFromImage(image, 1 / 255, swapRB=True)``, computed plane by plane (several times
    faster than that function in OpenCV 5)."""
    import cv2

    blob = np.empty((1, 3, *image.shape[:2]), np.float32)
    for plane, channel in zip(blob[0], reversed(cv2.split(image)), strict=True):
        plane[...] = channel
    blob *= np.float32(1 / 255.0)
    return blob


def box_iou(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """IoU matrix between (N, 4) and (M, 4) xyxy boxes."""
    ix1 = np.maximum(a[:, None, 0], b[None, :, 0])
    iy1 = np.maximum(a[:, None, 1], b[None, :, 1])
    ix2 = np.minimum(a[:, None, 2], b[None, :, 2])
    iy2 = np.minimum(a[:, None, 3], b[None, :, 3])
    inter = (ix2 - ix1).clip(0) * (iy2 - iy1).clip(0)
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    iou: np.ndarray = inter / np.maximum(area_a[:, None] + area_b[None, :] - inter, 1e-9)
    return iou


def nms(xyxy: np.ndarray, confidence: np.ndarray, class_id: np.ndarray, iou: float) -> np.ndarray:
    """Greedy per-class non-maximum suppression; returns kept indices, best first."""
    order = np.argsort(-confidence)
    keep: list[int] = []
    suppressed = np.zeros(len(order), bool)
    ious = box_iou(xyxy[order], xyxy[order]) if len(order) else np.zeros((0, 0))
    same = class_id[order][:, None] == class_id[order][None, :]
    for i in range(len(order)):
        if suppressed[i]:
            continue
        keep.append(int(order[i]))
        suppressed |= (ious[i] > iou) & same[i]
    return np.array(keep, np.int64)
