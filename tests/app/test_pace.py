"""The event loop's pace (companion/app/pace.py): set before Kivy loads, a person's own wins."""

from __future__ import annotations

from companion.app.pace import SETTING, TICKS_PER_SECOND, before_kivy


def test_the_loop_ticks_120_times_a_second_unless_told_otherwise():
    env: dict[str, str] = {}
    before_kivy(env)
    assert env == {SETTING: str(TICKS_PER_SECOND)} and TICKS_PER_SECOND == 120


def test_a_pace_already_chosen_in_the_environment_is_kept():
    env = {SETTING: "60"}
    before_kivy(env)
    assert env[SETTING] == "60"
