"""Loading the shipped models and a club's calibration file."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from kiosk.errors import InputError
from vision.mlp import MLP

MODEL_DIR = Path(__file__).parent / "model"


@lru_cache(maxsize=None)
def shipped(name: str) -> MLP:
    return MLP.load(MODEL_DIR / f"{name}.npz")


@dataclass(frozen=True)
class Calibration:
    """What `python -m kiosk calibrate` learned about one club's board and tiles."""
    tile_lab: np.ndarray | None = None  # Lab of the tile face
    letters: MLP | None = None  # letter model fine-tuned on the club's tiles

    def save(self, path: Path) -> None:
        arrays: dict[str, np.ndarray] = {}
        if self.tile_lab is not None:
            arrays["tile_lab"] = self.tile_lab
        if self.letters is not None:
            m = self.letters
            arrays.update(letters_mean=m.mean, letters_scale=m.scale, letters_w1=m.w1, letters_b1=m.b1,
                          letters_w2=m.w2, letters_b2=m.b2, letters_classes=np.array(m.classes),
                          letters_temperature=np.float32(m.temperature))
        np.savez_compressed(path, **arrays)

    @staticmethod
    def load(path: Path) -> "Calibration":
        try:
            with np.load(path, allow_pickle=False) as data:
                letters = None
                if "letters_w1" in data:
                    letters = MLP(mean=data["letters_mean"], scale=data["letters_scale"], w1=data["letters_w1"],
                                  b1=data["letters_b1"], w2=data["letters_w2"], b2=data["letters_b2"],
                                  classes=tuple(str(c) for c in data["letters_classes"]),
                                  temperature=float(data["letters_temperature"]))
                return Calibration(tile_lab=data["tile_lab"] if "tile_lab" in data else None, letters=letters)
        except (OSError, ValueError, KeyError) as exc:
            raise InputError(str(path), f"not a calibration file written by 'python -m kiosk calibrate' ({exc})") from None
