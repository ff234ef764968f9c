"""`bench/bench_bots.py --fresh`: each map its own match indices, so maps with as many spawn
squares no longer replay the same dice and a pooled interval counts independent matches."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from bench_bots import series_tasks  # noqa: E402


def test_fresh_series_give_each_map_its_own_indices_and_plain_ones_share_them():
    maps, vs = ["tutoriel", "labyrinthe", "arene-classique"], ["greedy", "random"]
    fresh = series_tasks(maps, vs, 100, 4, True, "strong", "")
    plain = series_tasks(maps, vs, 100, 4, False, "strong", "")
    assert len(fresh) == len(plain) == 3 * 2 * 4
    by_map = {m: sorted({t[2] for t in fresh if t[0] == m}) for m in maps}
    assert by_map == {"tutoriel": [100, 101, 102, 103], "labyrinthe": [104, 105, 106, 107],
                      "arene-classique": [108, 109, 110, 111]}
    assert {t[2] for t in plain if t[0] == "arene-classique"} == {100, 101, 102, 103}
    # both opponents of a map meet on the same indices: a paired comparison between them holds
    assert [t[2] for t in fresh if t[0] == "labyrinthe" and t[1] == "greedy"] == \
        [t[2] for t in fresh if t[0] == "labyrinthe" and t[1] == "random"]
