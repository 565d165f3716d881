"""The freed memory goes back to the system on Linux (glibc's malloc_trim), and the call is
harmless where there is no glibc (companion/app/memory.py)."""

from __future__ import annotations

import platform
import sys

import pytest

from companion.app import memory


@pytest.mark.skipif(sys.platform != "linux" or platform.libc_ver()[0] != "glibc",
                    reason="malloc_trim is glibc's")
def test_release_trims_on_glibc():
    assert memory.release() is True


def test_release_without_a_trim_does_nothing(monkeypatch):
    monkeypatch.setattr(memory, "_trim", lambda: None)
    assert memory.release() is False


class FakeWindow:
    """What after_next_frame uses of Kivy's window: binding to on_flip."""

    def __init__(self):
        self.bound = []

    def bind(self, on_flip):
        self.bound.append(on_flip)

    def unbind(self, on_flip):
        self.bound.remove(on_flip)


def test_several_moves_in_one_frame_release_once(monkeypatch):
    monkeypatch.setattr(memory, "_pending", [])
    window = FakeWindow()
    memory.after_next_frame(window)
    memory.after_next_frame(window)
    assert len(window.bound) == 1
    window.bound[0]()  # the frame is shown: the release waits for the clock's next tick
    assert window.bound == []
