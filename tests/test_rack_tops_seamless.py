"""Dark tiles on a Mattel rack of their own colour, whose tops show little but their seams, learnt at setup by their
tops (helper rkcol, round 22; dev seeds 7950000-7953999, their navy and maroon scenes put on Mattel racks): where no
band learns the rack, rack_tops.tops_bands splits each band's columns again with a seam's dark tick taken out
(SEAMLESS_COLUMNS) and the two colours nearer (SEAMLESS_CONTRAST). The start tree learnt neither rack, and read
them "tiles not told from the rack" all game."""
from __future__ import annotations

import pytest

from tests.rack_reading import count_read, learnt_at_setup
from vision.synth.racks import RackScene, RackSceneOptions, render_rack_scene

TOGETHER = 7950806  # p1: seven maroon tiles pushed together on a red rack, only their seams show
SEAM_CUTS = 7950446  # p2: seven maroon tiles pushed together on a red rack, their first seam cutting a tile off the run


def on_mattel(seed: int, p1: int, p2: int) -> RackScene:
    """The scene of `seed` with both racks Mattel's plastic one, p1 and p2 tiles standing, nothing over them."""
    return render_rack_scene(seed, size=1000, options=RackSceneOptions(counts={"p1": p1, "p2": p2},
                                                                       model="mattel-plastic", hand="", half_out="",
                                                                       face_down={}))


@pytest.mark.parametrize("seed, rack, draws, truth", [
    (TOGETHER, "p1", ((4, 2), (6, 7), (7, 6)), [4, 6, 7]),
    (SEAM_CUTS, "p2", ((9, 8), (7, 6), (4, 2)), [8, 6, 2]),
])
def test_learnt_by_tops_and_counted(seed, rack, draws, truth):
    learnt = learnt_at_setup(on_mattel(seed, 7, 7), rack).profile
    assert learnt is not None and learnt.tops is not None  # start tree: not learnt
    assert [count_read(on_mattel(seed, *draw), rack, learnt) for draw in draws] == truth
