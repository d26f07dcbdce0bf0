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
# # 6. The judge's desk
#
# A question at the table ("can I still call Coin of the Realm after that?") is a position plus
# a choice. The desk below takes the position as a scenario file writes it: in each player's
# zones, card names separated by commas (`Peasant, Soldier`, and `5 Copper` for five; a deck is
# listed top card first), pile sizes and tokens as `name: value` pairs, the turn and phase, and
# the ruleset (`current` errata, or the `2015` first printing). The desk checks the position
# exactly as `tavern check` checks a file (unknown or misspelt cards, a card not in the game,
# more copies than a pile holds) and says what is wrong next to the button.
#
# **What happens?** explores every legal line to the stop point you choose (the end of the
# turn, of the phase, or a number of decisions). It shows the decision the lines start from,
# with the answers the rules close there (greyed, each with its rule and why), then each
# distinct outcome with the rules its log cites, numbered as `tavern explore` numbers them, and
# what the rules closed along its shortest path; the outcome tree, each leaf with its number;
# and a stepper to play it through. A long exploration shows its progress and can be stopped.
# Change anything in the position and the results are marked out of date at once: they
# answered another position.
#
# Cards no one has seen have fields of their own: a deck's cards **in unknown order** (under
# its known top cards, if any), and a **hand not yet known**, so many cards drawn from a pool
# (the pool's other cards lie under the deck, order unknown). Without a seed, chance is asked:
# every way those cards can come up is explored, and each outcome says how likely it is, exactly
# (`5/12`), or the range the players' choices allow (`0 to 3/5`), with the lines of decisions
# that reach it. With a seed, the seeded shuffle decides, as in one real game. The tour
# (notebook 1) explains chance steps.
#
# **Save as scenario** writes the position on screen, the question and the outcomes found (as
# `outcomes.expect`, with each probability shown), so `tavern check saved-scenarios/NAME.yaml`
# checks what you saw; it never replaces a file unless you tick *replace*.
#
# **Find the rule**, at the foot of the desk, takes a question in your own words and lists
# the rules, rulings, cards and glossary terms that best answer it; click one to read it whole.
#
# `make desk` serves the desk alone, without code, for a judge who never opens a notebook.

# %%
# Installs Tavern's kit where it is missing (in the browser site: from the site itself) and
# gets it ready; where it is installed already (JupyterLab after `make notebooks`) it only checks.
print("loading Tavern…", end=" ")
# %pip install -qq "dominion-tavern[widgets]"
from dominion_tavern.notebooks import ready

await ready()

# %%
from dominion_tavern.notebooks.widgets.desk import PUZZLE_PATH, Desk

desk = Desk(title=None)
desk.load(PUZZLE_PATH)
desk

# %% [markdown]
# The desk shows the Peasant and Soldier puzzle from notebook 5 (its setup: the scenario's
# script is not played). **New position** clears it; the menu next to it loads any corpus
# scenario. The same desk can be driven by code, for example to ask the question right away
# (the results appear in the desk above):

# %%
ex = desk.ask()
for n, o in enumerate(ex.numbered(), 1):
    discard = ", ".join(o.values["players.Ann.discard"])
    print(f"{n}. Ann discards {discard}  <-  {' / '.join(o.path)}")

# %% [markdown]
# Change the position and the results above are marked out of date; ask again for the new
# one. Here: the same puzzle from the Buy phase with $5, where every buy branches. The outcomes
# are grouped by what the exchanges did (the Soldier and Fugitive piles), the first few shown.

# %%
desk.form.phase.value = "buy"
desk.form.coins.value = 5
print("out of date:", not desk.current)
ex = desk.ask()
print(len(ex.outcomes), "outcomes;", "out of date:", not desk.current)
