"""Write trained weights as ONNX graphs that OpenCV's dnn module runs (training only: needs `onnx`).

Plain operators at opset 13 (Sub, Mul, MatMul, Add, Relu, Conv, MaxPool, Flatten, Concat), checked
to load and match in cv2.dnn by tests/test_vision_models.py; two outputs, `logits` and
`hidden` (the last hidden layer, on which calibration fits a club's own last layer).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

OPSET = 13


def _model(nodes: list, inits: dict[str, np.ndarray], inputs: int | tuple[int, ...], hidden: int, classes: int) -> bytes:
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    shape: list[str | int] = ["n", *((inputs,) if isinstance(inputs, int) else inputs)]
    graph = helper.make_graph(
        nodes, "cells", [helper.make_tensor_value_info("x", TensorProto.FLOAT, shape)],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["n", classes]),
         helper.make_tensor_value_info("hidden", TensorProto.FLOAT, ["n", hidden])],
        [numpy_helper.from_array(np.ascontiguousarray(v, np.float32), k) for k, v in inits.items()])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="vision.train")
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model.SerializeToString()


def dense_onnx(mean: np.ndarray, scale: np.ndarray, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray,
               b2: np.ndarray) -> bytes:
    """x -> standardised -> ReLU(x W1 + b1) = hidden -> hidden W2 + b2 = logits."""
    from onnx import helper
    nodes = [helper.make_node("Sub", ["x", "mean"], ["centred"]),
             helper.make_node("Mul", ["centred", "inv_scale"], ["scaled"]),
             helper.make_node("MatMul", ["scaled", "w1"], ["h_mul"]),
             helper.make_node("Add", ["h_mul", "b1"], ["h_pre"]),
             helper.make_node("Relu", ["h_pre"], ["hidden"]),
             helper.make_node("MatMul", ["hidden", "w2"], ["z_mul"]),
             helper.make_node("Add", ["z_mul", "b2"], ["logits"])]
    inits = {"mean": mean, "inv_scale": 1 / scale, "w1": w1, "b1": b1, "w2": w2, "b2": b2}
    return _model(nodes, inits, w1.shape[0], w1.shape[1], w2.shape[1])


@dataclass
class CnnBranch:
    """One letter CNN up to its hidden layer: (3x3 conv weights (out, in, 3, 3), bias) per conv layer,
    then the dense layer (in, out) and its bias."""
    convs: list[tuple[np.ndarray, np.ndarray]]
    w1: np.ndarray
    b1: np.ndarray


def cnn_onnx(branches: list[CnnBranch], w2: np.ndarray, b2: np.ndarray, size: int, columns: bool = False) -> bytes:
    """N x 1 x size x size -> per branch: (3x3 conv, ReLU, 2x2 max-pool) per conv -> flatten ->
    ReLU(dense); the branches' hidden layers side by side = hidden -> dense = logits (w2 has a row
    per hidden unit of every branch: several CNNs averaged are their last layers stacked, divided
    by their number). `columns`: the input is N x 9 x size x size instead, each pixel's 3x3
    neighbourhood (vision.models.neighbourhoods), and the first conv (on one channel) is a 1x1 conv
    over those 9 channels with the same weights: the same sums, to the bit, several times faster
    in cv2.dnn (which runs a one-channel conv as on 8 channels)."""
    from onnx import helper
    nodes, inits, hiddens = [], {}, []
    for j, branch in enumerate(branches):
        last = "x"
        for i, (w, b) in enumerate(branch.convs):
            name = f"n{j}c{i}"
            flat = columns and i == 0
            inits[f"{name}_w"], inits[f"{name}_b"] = (w.reshape(len(w), 9, 1, 1) if flat else w), b
            nodes += [helper.make_node("Conv", [last, f"{name}_w", f"{name}_b"], [name],
                                       kernel_shape=[1, 1] if flat else [3, 3], pads=[0] * 4 if flat else [1] * 4),
                      helper.make_node("Relu", [name], [f"{name}_r"]),
                      helper.make_node("MaxPool", [f"{name}_r"], [f"{name}_p"], kernel_shape=[2, 2], strides=[2, 2])]
            last = f"{name}_p"
        hidden = "hidden" if len(branches) == 1 else f"n{j}_hidden"
        nodes += [helper.make_node("Flatten", [last], [f"n{j}_flat"], axis=1),
                  helper.make_node("MatMul", [f"n{j}_flat", f"n{j}_w1"], [f"n{j}_mul"]),
                  helper.make_node("Add", [f"n{j}_mul", f"n{j}_b1"], [f"n{j}_pre"]),
                  helper.make_node("Relu", [f"n{j}_pre"], [hidden])]
        inits[f"n{j}_w1"], inits[f"n{j}_b1"] = branch.w1, branch.b1
        hiddens.append(hidden)
    if len(branches) > 1:
        nodes.append(helper.make_node("Concat", hiddens, ["hidden"], axis=1))
    nodes += [helper.make_node("MatMul", ["hidden", "w2"], ["z_mul"]),
              helper.make_node("Add", ["z_mul", "b2"], ["logits"])]
    inits.update(w2=w2, b2=b2)
    return _model(nodes, inits, (9 if columns else 1, size, size), w2.shape[0], w2.shape[1])
