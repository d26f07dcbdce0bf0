"""``python -m dominion_tavern.notebooks.widgets.redraw_bench``: how long the stepper takes per
click on a mid-game position (First Game Kingdom, Big Money, 30 answers in)."""

from __future__ import annotations

import time

from dominion_tavern.notebooks.widgets.stepper import Stepper
from dominion_tavern.rulebook.setup import Setup, new_game
from dominion_tavern.rulebook.simulate.bots import BigMoney


def main() -> None:
    g = new_game(Setup(kingdom="first-game", seed=3))
    bot = BigMoney(1)
    for _ in range(30):
        g.answer(bot.choose(g, g.pending))
    s = Stepper(g)
    clicks, redraws = [], []
    for _ in range(20):
        if s.pending is None:
            break
        t = time.perf_counter()
        answer = bot.choose(s.game, s.pending)  # a label, or an option (a typed answer)
        s.button(getattr(answer, "label", answer)).click()
        clicks.append((time.perf_counter() - t) * 1000)
        redraws.append(s.redraw_ms)
    back = []
    for _ in range(5):
        t = time.perf_counter()
        s.back()
        back.append((time.perf_counter() - t) * 1000)
    print(f"click (answer + redraw): mean {sum(clicks) / len(clicks):.1f} ms, max "
          f"{max(clicks):.1f} ms; redraw alone max {max(redraws):.1f} ms; back (replay of "
          f"~{len(s.history)} answers) max {max(back):.1f} ms")


if __name__ == "__main__":
    main()
