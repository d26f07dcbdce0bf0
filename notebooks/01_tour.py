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
# # 1. A tour: the turn, the zones, decisions and the log
#
# You know Dominion's Base set: a turn is **Action → Buy → Clean-up**, you start with 7 Coppers
# and 3 Estates, the game ends when the Province pile (or any three Supply piles) runs out, and
# the most Victory points win. *Adventures* keeps all of that and adds new kinds of cards that
# bend the turn: cards that stay in play (Durations), cards that wait on a mat (Reserves), cards
# that change into better cards (Travellers), and things you can buy that are not cards at all
# (Events). These notebooks teach those additions, one per notebook, on a live rules engine.
#
# This first one shows how to read the engine: the position, the pending decision and the log.

# %%
from dominion_tavern.diagrams import turn_diagram
from dominion_tavern.notebooks.widgets import Stepper
from dominion_tavern.notebooks.widgets.teach import find_rule, rule, show_log
from dominion_tavern.rulebook.setup import Setup, new_game

g = new_game(Setup(kingdom="first-game", seed=1))
g.pending.player, g.pending.prompt

# %% [markdown]
# The engine runs the rules until **someone has to decide**, then waits. The waiting
# decision says who decides, what about, and every legal answer as a label. Ann's opening hand
# has no Action cards, so the engine has already moved her into her Buy phase: there was nothing
# to decide in the Action phase.

# %%
g.legal()

# %% [markdown]
# Answering is giving one of those labels. Anything else is refused with a message listing what
# would have been legal, and nothing changes.

# %%
g.answer("play all Treasures")
print(g.state.turn.coins, "coins;", g.legal()[:6])

# %% [markdown]
# ## The log cites the rules
#
# Every line of the log says who did what, and ends with the **rule id** that made it happen.
# The rules are written in our own words in `rulebook/data/rules.toml`; any id can be looked up.

# %%
show_log(g)
rule("play.treasure")

# %% [markdown]
# Don't know the id? Ask a question as you would ask a judge. `find_rule` lists the rules,
# official rulings, cards and glossary terms that best answer it (the same search as the
# judge's desk and `tavern rule --search`). Click an id to read the whole entry: a rule's text
# under both rulesets and its source, or a ruling with the scenarios that show it.

# %%
find_rule("can I play treasures after buying an event")

# %% [markdown]
# ## The turn
#
# The turn as the engine runs it: each phase, and each moment ("window") where something can
# happen, with the rule that governs it. Adventures adds windows the Base set never needed: the
# *start of turn* (Durations come back, Reserves can be called) and *after an Action resolves*
# (Coin of the Realm and Royal Carriage can be called). Those are the subject of notebooks 2
# and 3.

# %%
turn_diagram()

# %% [markdown]
# ## The zones
#
# Each player has a **deck** (face down), a **hand**, a **discard pile** and the cards **in
# play**. Adventures adds the **Tavern mat** (Reserve cards wait there, not in play), and makes
# more use of cards **set aside**, a zone the Base set already has for Library: Gear keeps its
# cards set aside until your next turn. Supply piles are shared, and some Adventures cards have
# piles that are **not in the Supply** (the Traveller upgrades).
#
# ## The turn stepper
#
# The stepper below shows all of that at once: each player's zones as chips (a dashed red
# outline and ↺ marks a card in play since an *earlier* turn), the piles, the turn's Actions,
# Buys and $. Below the board is the decision with one button per legal answer. The log is on
# the right: click a line to read the rule it cites. **◀ back** and **forward ▶** move through
# the answers given; answering differently at an earlier step starts a new line (the old one is
# kept in the *lines* menu).

# %%
stepper = Stepper(g)
stepper

# %% [markdown]
# The stepper is driven by the same answers as everything else, so a script can press its
# buttons too. Here Ann buys a Silver and ends her turn; Bob's turn begins.

# %%
stepper.button("buy Silver").click()
print(stepper.state.turn.player.name, stepper.state.turn.number, stepper.zone("Ann", "discard"))

# %% [markdown]
# Going back one step undoes the buy (the position is replayed from the start with one answer
# fewer), and the history still holds the Silver buy so **forward** can redo it.

# %%
stepper.back()  # returns the stepper, so keep it out of the cell output
print(stepper.at, stepper.history[-1], stepper.legal()[:4])
