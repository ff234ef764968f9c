"""The progress line of `simulate` and `sweep`: in the report's language with real plurals,
the time left at the pace so far, the time it took at the end, and no leftover characters
when a shorter line is written over a longer one."""

import io

import pytest

from arena_game.commands.progress import ProgressBar, duration


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(("lang", "half", "end"), [
    ("en", "[###############...............] 50/100 matches, about 30 s left",
     "[##############################] 100/100 matches, in 1 min 00 s"),
    ("fr", "[###############...............] 50/100 matchs, encore environ 30 s",
     "[##############################] 100/100 matchs, en 1 min 00 s"),
])
def test_the_line_says_how_far_and_how_long_in_one_language(lang, half, end):
    clock, out = Clock(), io.StringIO()
    bar = ProgressBar(100, "matches", lang, clock=clock, out=out)
    bar.update(0, 100)
    clock.now += 30
    bar.update(50, 100)
    clock.now += 30
    bar.update(100, 100)
    bar.close()
    lines = out.getvalue().split("\r")[1:]
    assert lines[0].startswith("[......") and "0/100" in lines[0] and "left" not in lines[0]
    assert lines[1] == half
    assert lines[2].rstrip() == end and lines[2].endswith("\n")


@pytest.mark.parametrize(("lang", "one", "many"), [("en", "1/1 match,", "0/2 matches"), ("fr", "1/1 match,", "0/2 matchs")])
def test_matches_are_counted_with_their_plural(lang, one, many):
    clock = Clock()
    assert one in ProgressBar(1, "matches", lang, clock=clock).line(1, 1)
    assert many in ProgressBar(2, "matches", lang, clock=clock).line(0, 2)


def test_a_shorter_line_covers_all_of_the_longer_one_before_it():
    clock, out = Clock(), io.StringIO()
    bar = ProgressBar(1000, "matches", "en", clock=clock, out=out)
    bar.update(1, 1000)
    clock.now += 3600  # "about 999 min …" then "in 60 min 00 s": shorter
    bar.update(1000, 1000)
    first, second = out.getvalue().split("\r")[1:]
    assert len(second) >= len(first)


@pytest.mark.parametrize(("seconds", "lang", "shown"), [
    (0.42, "en", "0.4 s"), (4.25, "fr", "4,2 s"), (42.4, "en", "42 s"), (185, "fr", "3 min 05 s"),
])
def test_durations_read_as_people_write_them(seconds, lang, shown):
    assert duration(seconds, lang) == shown
