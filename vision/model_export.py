"""Write trained weights as ONNX graphs that OpenCV's dnn module runs (training only: needs `onnx`).

Plain operators at opset 13 (Sub, Mul, MatMul, Add, Relu, Conv, MaxPool, Flatten), checked
to load and match in cv2.dnn by tests/test_vision_models.py; two outputs, `logits` and
`hidden` (the last hidden layer, on which calibration fits a club's own last layer).
"""
from __future__ import annotations

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


def cnn_onnx(convs: list[tuple[np.ndarray, np.ndarray]], w1: np.ndarray, b1: np.ndarray, w2: np.ndarray,
             b2: np.ndarray, size: int) -> bytes:
    """N x 1 x size x size -> (3x3 conv, ReLU, 2x2 max-pool) per conv -> flatten ->
    ReLU(dense) = hidden -> dense = logits. Conv weights as PyTorch keeps them (out, in, 3, 3);
    dense weights (in, out)."""
    from onnx import helper
    nodes, inits, last = [], {}, "x"
    for i, (w, b) in enumerate(convs):
        inits[f"c{i}_w"], inits[f"c{i}_b"] = w, b
        nodes += [helper.make_node("Conv", [last, f"c{i}_w", f"c{i}_b"], [f"c{i}"], kernel_shape=[3, 3],
                                   pads=[1, 1, 1, 1]),
                  helper.make_node("Relu", [f"c{i}"], [f"r{i}"]),
                  helper.make_node("MaxPool", [f"r{i}"], [f"p{i}"], kernel_shape=[2, 2], strides=[2, 2])]
        last = f"p{i}"
    nodes += [helper.make_node("Flatten", [last], ["flat"], axis=1),
              helper.make_node("MatMul", ["flat", "w1"], ["h_mul"]),
              helper.make_node("Add", ["h_mul", "b1"], ["h_pre"]),
              helper.make_node("Relu", ["h_pre"], ["hidden"]),
              helper.make_node("MatMul", ["hidden", "w2"], ["z_mul"]),
              helper.make_node("Add", ["z_mul", "b2"], ["logits"])]
    inits.update(w1=w1, b1=b1, w2=w2, b2=b2)
    return _model(nodes, inits, (1, size, size), w1.shape[1], w2.shape[1])
