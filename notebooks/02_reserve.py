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
# # 2. Reserve cards and the Tavern mat
#
# A **Reserve** card is played like any other card of its type: most Reserves are Actions,
# played in your Action phase, and Coin of the Realm is a Treasure, played in your Buy phase.
# When played, each one **moves itself onto your Tavern mat**. There the card is *not in play*
# and not in your deck: it is not drawn and gives nothing turn after turn, though it is still
# yours when scores are counted (Distant Lands is worth its 4 VP *only* if it is on your mat at
# the end of the game). It waits. Later, at the moment its lower half names, you may **call**
# it: move it from the mat back into play and do what its lower half says. A called card is not
# "played" (it does not use an Action, and "when you play" effects do not react to it); it is
# discarded in that turn's Clean-up with the other cards in play, and it comes back around in
# your deck to be played and put on the mat again. Two Reserves are never called: Distant Lands
# stays on the mat for the rest of the game, and Wine Merchant is *discarded* from the mat (at
# the end of your Buy phase, with $2 or more unspent).
#
# Three things to remember:
#
# 1. **Play, wait, call.** Playing gives the top half of the card; calling gives the bottom half.
# 2. **Windows.** Each Reserve says *when* it can be called: at the start of your turn
#    (Ratcatcher, Guide, Transmogrify, Teacher), after you play an Action card (Coin of the
#    Realm, Royal Carriage), when you gain a card (Duplicate)... Outside its window it just
#    waits.
# 3. **Calling is optional.** Each card on the mat can be called once its window comes, and
#    several may be called in the same window, one after another.

# %%
# Installs Tavern's kit where it is missing (in the browser site: from the site itself) and
# gets it ready; where it is installed already (JupyterLab after `make notebooks`) it only checks.
print("loading Tavern…", end=" ")
# %pip install -qq "dominion-tavern[widgets]"
from dominion_tavern.notebooks import ready

await ready()

# %%
from dominion_tavern.notebooks.widgets import Stepper
from dominion_tavern.notebooks.widgets.teach import (
    corpus,
    play_script,
    position,
    rule,
    scenario,
    walk,
)
from dominion_tavern.rulebook.carddata import CARDS

rule("reserve.tavern-mat")
rule("reserve.call")

# %% [markdown]
# ## Play, wait, call: Ratcatcher
#
# Ratcatcher: *+1 Card, +1 Action, put it on your Tavern mat. At the start of your turn you may
# call it, to trash a card from your hand.* The corpus (our set of checked scenario files) has
# both halves.

# %%
found = corpus("ratcatcher")

# %%
g = play_script(scenario("ratcatcher-play"))
print("Tavern mat:", g.player("Ann").mat.names(), "| in play:", g.player("Ann").play.names())

# %%
g = play_script(scenario("ratcatcher-call"))

# %% [markdown]
# Step through the call yourself: Ann's turn begins with Ratcatcher on her mat. Try **continue**
# instead of calling, then use the *lines* menu to go back to the line where she called it.

# %%
Stepper(scenario("ratcatcher-call"))

# %% [markdown]
# ## After an Action: Royal Carriage and Coin of the Realm
#
# Royal Carriage (+1 Action, then onto the mat; called, it replays the Action card just played,
# if that card is still in play) and Coin of the Realm (a Treasure worth $1 that goes onto the
# mat; called, +2 Actions) share a window. Their printed wording changed: the first printing
# (ruleset `2015`) says *directly after resolving an Action*, the current one (ruleset `current`,
# which the engine uses unless told otherwise) says *after you play an Action card*. Both name
# the same moment: when an Action card has finished resolving. Not before it, not in the middle,
# and not after a Treasure.

# %%
for ruleset in ("2015", "current"):
    print(f"Royal Carriage ({ruleset}):", CARDS["Royal Carriage"].text(ruleset).split("---")[-1]
          .strip())

# %%
rule("reserve.after-action")
g = position({
    "kingdom": ["Royal Carriage", "Village", "Coin of the Realm"],
    "players": [{"name": "Ann", "hand": ["Village", "Royal Carriage", "Copper"],
                 "mat": ["Coin of the Realm"], "deck": ["5 Copper"]}, {"name": "Bob"}],
    "turn": {"phase": "action"}})
walk(g, "play Royal Carriage", "continue", "play Village", show_next=True)

# %% [markdown]
# Notice the first window: playing Royal Carriage is itself resolving an Action, so Coin of the
# Realm could already have been called "after Royal Carriage" (Ann chose to continue).
# Royal Carriage went to the mat when it was played. Village has just resolved, so *both* cards
# on the mat may be called now, in the order Ann likes. Calling Royal Carriage replays the
# Village (if Village is still in play); calling Coin of the Realm gives +2 Actions.

# %%
g.legal()

# %%
walk(g, "call Royal Carriage", show_next=True)
print("in play:", g.player("Ann").play.names(), "| mat:", g.player("Ann").mat.names(),
      "| Actions:", g.state.turn.actions)

# %% [markdown]
# The replay is itself the resolution of an Action, so the window opens again: Coin of the
# Realm can still be called. Step through this position below: try calling the Coin first, or
# neither.

# %%
Stepper(position({
    "kingdom": ["Royal Carriage", "Village", "Coin of the Realm"],
    "players": [{"name": "Ann", "hand": ["Village", "Royal Carriage", "Copper"],
                 "mat": ["Coin of the Realm"], "deck": ["5 Copper"]}, {"name": "Bob"}],
    "turn": {"phase": "action"}}), title="Royal Carriage and Coin of the Realm")
