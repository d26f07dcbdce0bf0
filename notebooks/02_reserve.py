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
# A **Reserve** card is played like any Action, but most of them then **move themselves onto your
# Tavern mat**. While there, the card is *not in play*, is not drawn, and does nothing (it still
# counts as one of your cards for scoring): it waits. Later, at the moment its text names, you may
# **call** it: move it from the mat back into play and get its effect. A called card is not
# "played" (it does not use an Action, and "when you play" effects do not react to it); it is
# discarded in Clean-up with your other cards in play, and it comes back around in your deck to be
# played and put on the mat again.
#
# Three things to remember:
#
# 1. **Play, wait, call.** Playing gives the top half of the card; calling gives the bottom half.
# 2. **Windows.** Each Reserve says *when* it can be called: at the start of your turn
#    (Ratcatcher, Guide), right after you resolve an Action (Coin of the Realm, Royal Carriage),
#    when you gain a card, at the end of your Buy phase... Outside its window it just waits.
# 3. **Calling is optional**, and each card on the mat is called at most once per window.

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
# Royal Carriage (*+1 Action; put it on your mat; directly after resolving an Action, if it is
# still in play, you may call this, to replay that Action*) and Coin of the Realm (*a Treasure
# worth $1 that goes on the mat; call it after an Action for +2 Actions*) have the same window:
# **directly after an Action card finishes resolving**. Not before it, not in the middle, and
# not after a Treasure.

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
