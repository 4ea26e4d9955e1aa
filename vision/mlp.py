"""A small multilayer perceptron in NumPy: trained by scripts here, stored as .npz, no DL framework."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np


@dataclass
class MLP:
    mean: np.ndarray  # input standardisation
    scale: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    classes: tuple[str, ...]
    temperature: float = 1.0  # softmax temperature fitted on held-out data

    def logits(self, x: np.ndarray) -> np.ndarray:
        h = np.maximum((np.asarray(x, np.float32) - self.mean) / self.scale @ self.w1 + self.b1, 0)
        return h @ self.w2 + self.b2

    def probabilities(self, x: np.ndarray, allowed: np.ndarray | None = None) -> np.ndarray:
        z = self.logits(x) / self.temperature
        if allowed is not None:
            z = np.where(allowed[None, :], z, -np.inf)
        z = z - z.max(axis=1, keepdims=True)
        e = np.exp(z)
        return e / e.sum(axis=1, keepdims=True)

    def save(self, path: Path) -> None:
        np.savez_compressed(path, mean=self.mean, scale=self.scale, w1=self.w1.astype(np.float32),
                            b1=self.b1, w2=self.w2.astype(np.float32), b2=self.b2,
                            classes=np.array(self.classes), temperature=np.float32(self.temperature))

    @staticmethod
    def load(path: Path) -> "MLP":
        with np.load(path, allow_pickle=False) as data:
            return MLP(mean=data["mean"], scale=data["scale"], w1=data["w1"], b1=data["b1"], w2=data["w2"],
                       b2=data["b2"], classes=tuple(str(c) for c in data["classes"]),
                       temperature=float(data["temperature"]))


def train_mlp(x: np.ndarray, y: np.ndarray, classes: tuple[str, ...], *, hidden: int = 64, epochs: int = 30,
              seed: int = 0, start: MLP | None = None, weight_decay: float = 1e-4) -> MLP:
    """Adam on softmax cross-entropy; `start` continues from an existing model (fine-tuning)."""
    rng = np.random.default_rng(seed)
    x = np.asarray(x, np.float32)
    if start is None:
        mean = x.mean(axis=0)
        scale = x.std(axis=0) + 1e-3
        params = [rng.normal(0, np.sqrt(2 / x.shape[1]), (x.shape[1], hidden)).astype(np.float32),
                  np.zeros(hidden, np.float32),
                  rng.normal(0, np.sqrt(1 / hidden), (hidden, len(classes))).astype(np.float32),
                  np.zeros(len(classes), np.float32)]
    else:
        mean, scale = start.mean, start.scale
        params = [start.w1.copy(), start.b1.copy(), start.w2.copy(), start.b2.copy()]
    xs = (x - mean) / scale
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    lr, beta1, beta2, step = 2e-3, 0.9, 0.999, 0
    n = len(xs)
    for _ in range(epochs):
        order = rng.permutation(n)
        for i in range(0, n, 128):
            batch = order[i:i + 128]
            xb, yb = xs[batch], y[batch]
            w1, b1, w2, b2 = params
            h_pre = xb @ w1 + b1
            h = np.maximum(h_pre, 0)
            z = h @ w2 + b2
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(axis=1, keepdims=True)
            p[np.arange(len(yb)), yb] -= 1
            dz = p / len(yb)
            grads = [None, None, h.T @ dz + weight_decay * w2, dz.sum(axis=0)]
            dh = (dz @ w2.T) * (h_pre > 0)
            grads[0] = xb.T @ dh + weight_decay * w1
            grads[1] = dh.sum(axis=0)
            step += 1
            for k, g in enumerate(grads):
                moments[k] = beta1 * moments[k] + (1 - beta1) * g
                squares[k] = beta2 * squares[k] + (1 - beta2) * g * g
                mhat = moments[k] / (1 - beta1 ** step)
                vhat = squares[k] / (1 - beta2 ** step)
                params[k] = params[k] - lr * mhat / (np.sqrt(vhat) + 1e-8)
        lr *= 0.93
    return MLP(mean=mean.astype(np.float32), scale=scale.astype(np.float32), w1=params[0], b1=params[1],
               w2=params[2], b2=params[3], classes=classes)


def fit_temperature(model: MLP, x: np.ndarray, y: np.ndarray) -> float:
    """Temperature that minimises held-out negative log-likelihood (makes confidences honest)."""
    z = model.logits(x)
    best_t, best_nll = 1.0, np.inf
    for t in np.exp(np.linspace(np.log(0.3), np.log(5.0), 40)):
        s = z / t
        s = s - s.max(axis=1, keepdims=True)
        logp = s - np.log(np.exp(s).sum(axis=1, keepdims=True))
        nll = -logp[np.arange(len(y)), y].mean()
        if nll < best_nll:
            best_t, best_nll = float(t), nll
    return best_t
