"""The loop every random playout shares: choose an action, apply it, log it, until the game is over."""

from __future__ import annotations

from typing import Any

from .rules import Action, Phase


class PlayoutLoop:
    """A pretend table's game loop; subclasses set `rules`, `state` and `log` and choose moves."""

    rules: Any
    state: Any
    log: list[Action]
    max_steps = 10_000  # more than any game of this kind can take

    def choose(self) -> Action:
        raise NotImplementedError

    def play(self, max_steps: int | None = None) -> Any:
        for _ in range(max_steps or self.max_steps):
            if self.state.phase is Phase.OVER:
                return self.state
            self.step()
        raise RuntimeError("the game did not end")

    def step(self) -> Action:
        action = self.choose()
        self.rules.apply(self.state, action)
        self.log.append(action)
        return action
