# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 7. Simulation: bots play whole games
#
# The engine plays whole games when every decision is answered by a **bot**. Two bots come
# with it: `big-money` (play all Treasures; buy Province at $8, Gold at $6, Silver at $3,
# Duchies late; otherwise the first harmless answer) and `random` (any legal answer). They are
# not strong players: they are a quick way to see how a Kingdom plays out and a check that
# the rules never get stuck. Choose the Kingdom, bots and number of games below.

# %%
# Installs Tavern's kit where it is missing (in the browser site: from the site itself) and
# gets it ready; where it is installed already (JupyterLab after `make notebooks`) it only checks.
print("loading Tavern…", end=" ")
# %pip install -qq "dominion-tavern[widgets]"
from dominion_tavern.notebooks import ready

await ready()

# %%
import ipywidgets as w
from dominion_tavern.notebooks.charts import histograms
from dominion_tavern.rulebook.carddata import CARDS
from dominion_tavern.rulebook.setup import KINGDOMS
from dominion_tavern.rulebook.simulate.games import simulate
from IPython.display import display

ADVENTURES = ["Amulet", "Caravan Guard", "Coin of the Realm", "Gear", "Hireling", "Peasant",
              "Page", "Port", "Ratcatcher", "Royal Carriage"]
kingdom_choice = w.Dropdown(options={"First Game (Base)": "first-game",
                                     "Adventures sampler": "adventures"},
                            description="Kingdom")
bots_choice = w.Dropdown(options=["big-money,big-money", "big-money,random", "random,random"],
                         description="bots")
games_choice = w.IntSlider(value=40, min=10, max=200, step=10, description="games")
run_button = w.Button(description="Play", button_style="primary")
out = w.Output()


def kingdom(name: str) -> list[str]:
    """A named Kingdom's ten cards."""
    return ADVENTURES if name == "adventures" else list(KINGDOMS[name])


def run(name: str, bots: list[str], games: int, seed: int = 1):
    """Play ``games`` games; the report and a chart of scores and game lengths."""
    report = simulate(bots, games, seed, kingdom(name))
    s = report.summary()
    names = [f"P{i + 1}-{b}" for i, b in enumerate(bots)]
    chart = histograms(
        f"{games} games, {name}: wins {s['wins']}, {s['games_per_second']} games/s",
        [("final score (VP)", {n: [r.scores[n] for r in report.games] for n in names}),
         ("game length (turns, both players)", {"turns": [r.turns for r in report.games]})])
    return report, chart


def on_run(_) -> None:
    out.clear_output()
    with out:
        display(run(kingdom_choice.value, bots_choice.value.split(","), games_choice.value)[1])


run_button.on_click(on_run)
display(w.VBox([w.HBox([kingdom_choice, bots_choice, games_choice, run_button]), out]))
print("Adventures sampler:", ", ".join(f"{n} ({CARDS[n].cost})" for n in ADVENTURES))

# %% [markdown]
# A first run, Big Money against itself on the First Game Kingdom. It ignores every Kingdom
# card, so this is the baseline any real strategy has to beat.

# %%
report, chart = run("first-game", ["big-money", "big-money"], 40)
display(chart)
report.summary()

# %% [markdown]
# The same bots on the Adventures sampler. Big Money still ignores the Kingdom cards; the
# `random` bot does not: it buys and plays the Adventures cards (Reserves, Durations,
# Travellers; about a hundred plays in these 20 games), and every game must still end cleanly.
# Random play rarely gets far.

# %%
report, chart = run("adventures", ["big-money", "random"], 20)
display(chart)
print({k: report.summary()[k] for k in ("wins", "mean_scores", "mean_turns", "unfinished")})

# %% [markdown]
# ## Exact, turn by turn, next to the simulation
#
# A simulation estimates; the explorer answers exactly. Give a player a **policy** (here the
# `smithy-big-money` bot: play Smithy whenever possible, all Treasures, buy Province at $8,
# Gold at $6, Silver at $3) and the explorer follows it over several turns, branching only on
# chance (the hands, Smithy's draws, the shuffles) and merging the branches that reach the
# same cards in the same places. The question a teacher asks: *Ann opened Silver/Smithy; how
# likely is she to have bought a Gold by turn N?* (the scenario book has it for turn 4:
# `checker/scenarios/odds/smithy-big-money-first-gold.yaml`).

# %%
from fractions import Fraction

from dominion_tavern.checker.explore import explore
from dominion_tavern.checker.format.policies import Policies
from dominion_tavern.notebooks.charts import exact_and_sampled
from dominion_tavern.rulebook.position import build
from dominion_tavern.rulebook.simulate.turns import shares

OPENED = {"kingdom": ["Smithy"],
          "players": [{"name": "Ann", "turns_taken": 2,
                       "hand": {"unknown": 5, "pool": ["7 Copper", "3 Estate", "Silver",
                                                       "Smithy"]}}],
          "turn": {"player": "Ann", "number": 3, "phase": "start"}}
BOT = {"Ann": "smithy-big-money"}
TURNS = range(3, 6)


def gold_by(turn: int) -> tuple[Fraction, object]:
    """The exact chance of a Gold bought by the end of ``turn``, and the exploration."""
    ex = explore(lambda: build(OPENED), [], {"at": "end-of-turn", "turn": turn}, ["piles.Gold"],
                 policies=Policies(BOT))
    return sum(o.probability for o in ex.outcomes if o.values["piles.Gold"] < 30), ex


exact = {}
for turn in TURNS:
    p, ex = gold_by(turn)
    exact[turn] = p
    print(f"by turn {turn}: {p} = {float(p):.2%} exactly ({ex.decisions:,} decisions, "
          f"{ex.answered:,} played by the engine, {ex.merged:,} branches merged, "
          f"{ex.seconds:.1f} s)")

# %% [markdown]
# The same bot in 10,000 games, each shuffle made by a seed (seeds 1 to 10,000, so the same
# games every run). Each turn's share comes with its 99% Wilson interval; the exact answer
# must lie inside it, and does (a test checks the same with 1,000 games). In the browser
# site, where Python runs several times slower, 1,000 games (a wider interval).

# %%
import sys

GAMES = 1_000 if sys.platform == "emscripten" else 10_000
found = shares(OPENED, BOT, GAMES, max(TURNS),
               lambda g: len(g.state.supply["Gold"].cards) < 30)
sampled = {t: (s.rate, *s.interval()) for t, s in found.items()}
for t in TURNS:
    print(f"turn {t}: exact {float(exact[t]):.4f}, simulated {found[t].rate:.4f}, "
          f"inside its 99% interval: {found[t].holds(float(exact[t]))}")
exact_and_sampled(f"Silver/Smithy, Smithy Big Money: a Gold bought by turn N "
                  f"(exact, and {GAMES:,} games)", {t: float(p) for t, p in exact.items()},
                  sampled)
