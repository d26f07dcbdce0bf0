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
