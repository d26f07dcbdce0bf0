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
# # 4. Events
#
# Adventures puts a row of **Events** next to the Supply. An Event is *not a card*: it has a
# cost and an effect, and in your Buy phase you may **buy** it instead of buying a card. That
# is all it shares with a card:
#
# - It **uses a Buy** and costs $, like buying a card. With 2 Buys you may buy two Events, or
#   the same Event twice (unless it says once per turn or once per game).
# - It is **not gained** and goes nowhere: nothing enters your deck, and "when you gain" or
#   "when you buy a card" effects do not react to it.
# - Once you have bought anything (a card *or* an Event), **you may not play more Treasures**
#   this turn: buying ends the Treasure-playing part of the Buy phase, as in the Base set.

# %%
# Installs Tavern's kit where it is missing (in the browser site: from the site itself) and
# gets it ready; where it is installed already (JupyterLab after `make notebooks`) it only checks.
print("loading Tavern…", end=" ")
# %pip install -qq "dominion-tavern[widgets]"
from dominion_tavern.notebooks import ready

await ready()

# %%
from dominion_tavern.notebooks.widgets import Stepper
from dominion_tavern.notebooks.widgets.teach import play_script, position, rule, scenario, walk

rule("event")
rule("event.not-a-card")
rule("event.no-treasures-after")

# %% [markdown]
# ## No Treasures after a buy
#
# Ann plays one Copper, buys **Alms** (*once per turn: if you have no Treasures in play, gain a
# card costing up to $4*; it costs $0)... and the other Coppers in her hand can no longer be
# played.

# %%
g = position({"kingdom": ["Village"], "events": ["Alms", "Expedition"],
              "players": [{"name": "Ann", "hand": ["3 Copper"]}, {"name": "Bob"}],
              "turn": {"phase": "buy", "buys": 2}})
print(g.legal())
walk(g, "play Copper", "buy Alms", show_next=True)
print("bought:", g.state.turn.bought, "| cards gained this turn:", g.state.turn.gained)

# %% [markdown]
# ## Two Buys, the same Event twice
#
# From the corpus: Expedition (*$3: draw 2 extra cards in this turn's Clean-up*) bought twice.

# %%
g = play_script(scenario("two-events-two-buys"))
print("Ann's next hand:", len(g.player("Ann").hand), "cards")

# %% [markdown]
# ## Exchanging is not gaining
#
# Travelling Fair (*+2 Buys; when you gain a card this turn, you may put it onto your deck*)
# reacts to gaining. Exchanging a Traveller is not gaining (notebook 5), so it does not apply:

# %%
g = play_script(scenario("travelling-fair-exchange"))

# %% [markdown]
# Try it in the stepper: Ann has three Silvers in hand and 2 Buys. Buy Alms first (it costs
# $0, and with no Treasure in play she gains a card costing up to $4), then see which answers
# are left: no Treasure can be played any more. Go back and play all her Treasures first
# instead: now $6 can buy Expedition twice; or buy Alms, which now gains nothing (a Treasure
# is in play).

# %%
Stepper(position({"kingdom": ["Village"], "events": ["Expedition", "Alms"],
                  "players": [{"name": "Ann", "hand": ["3 Silver"], "deck": ["10 Copper"]},
                              {"name": "Bob"}],
                  "turn": {"phase": "buy", "buys": 2}}), title="Events in the Buy phase")
