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
# # 3. Duration cards: what stays in play, and why
#
# In the Base set every card you play is discarded in Clean-up. A **Duration** card does
# something now *and* something at the start of a later turn, so it has to stay where you can
# see it: **a Duration card stays in play until the Clean-up of the turn its last effect
# happens.** Until then it is in play, from an *earlier turn* (the stepper marks such cards with
# a dashed red outline and ↺).
#
# Two consequences the rules spell out:
#
# - **Something that played a Duration more than once stays too.** If Throne Room plays Gear
#   twice and Gear sets cards aside, Gear has work to do next turn, and the Throne Room stays
#   in play with it, so you can still see what happened. (A Gear that set nothing aside has
#   nothing left to do: it is discarded that turn, and so is the Throne Room.) Throne Room on
#   Throne Room: the first one stays only if the second one's two plays kept two or more
#   Durations in play (it made that extra doubling); with one, only the second stays.
# - **"For the rest of the game" never ends.** Hireling gives +1 Card at the start of *every*
#   one of your turns for the rest of the game, so it never leaves play.

# %%
# Installs Tavern's kit where it is missing (in the browser site: from the site itself) and
# gets it ready; where it is installed already (JupyterLab after `make notebooks`) it only checks.
print("loading Tavern…", end=" ")
# %pip install -qq "dominion-tavern[widgets]"
from dominion_tavern.notebooks import ready

await ready()

# %%
from dominion_tavern.notebooks.widgets import Stepper
from dominion_tavern.notebooks.widgets.teach import position, rule, walk

rule("duration.stays-in-play")
rule("duration.multi-play")

# %% [markdown]
# ## Gear: set aside now, back next turn
#
# Gear: *+2 Cards; set aside up to 2 cards from your hand face down; at the start of your next
# turn, put them into your hand.*

# %%
GEAR = {"kingdom": ["Gear", "Throne Room"],
        "players": [{"name": "Ann", "hand": ["Gear", "Estate", "Copper"],
                     "deck": ["Silver", "Gold", "10 Copper"]},
                    {"name": "Bob", "hand": ["5 Copper"], "deck": ["5 Copper"]}],
        "turn": {"phase": "action"}}
g = position(GEAR)
walk(g, "play Gear", "set aside: Silver, Gold", "end Buy phase")
ann = g.player("Ann")
print("Ann in play during Bob's turn:", ann.play.names(), "| set aside:", ann.aside.names())

# %% [markdown]
# Gear was not discarded in Ann's Clean-up: it still has work to do. At the start of her next
# turn it gives the two cards back, and *that* turn's Clean-up discards it.

# %%
walk(g, "end Buy phase", show_next=True)
print("Ann's hand:", ann.hand.names(), "| Gear still in play:", ann.play.names())

# %% [markdown]
# ## Throne Room on a Duration
#
# Throne Room plays Gear twice: two sets of up to two cards set aside, both back next turn. The
# Throne Room stays in play as long as the Gear does.

# %%
g = position(dict(GEAR, players=[
    {"name": "Ann", "hand": ["Throne Room", "Gear", "Estate"], "deck": ["10 Copper"]},
    {"name": "Bob", "hand": ["5 Copper"], "deck": ["5 Copper"]}]))
walk(g, "play Throne Room", "play Gear", "set aside: Copper, Copper",
     "set aside: Copper, Copper", "end Buy phase")
print("in play during Bob's turn:", g.player("Ann").play.names())

# %% [markdown]
# **Disciple** (a Traveller) does the same as Throne Room here: *you may play an Action card
# from your hand twice, and gain a copy of it*. On a Duration, Disciple stays in play with it.

# %%
g = position({"kingdom": ["Gear", "Peasant"],
              "players": [{"name": "Ann", "hand": ["Disciple", "Gear", "Estate"],
                           "deck": ["10 Copper"]},
                          {"name": "Bob", "hand": ["5 Copper"], "deck": ["5 Copper"]}],
              "turn": {"phase": "action"}})
walk(g, "play Disciple", "play Gear", "set aside: Copper, Copper",
     "set aside: Copper, Copper", "end Buy phase")
print("in play during Bob's turn:", g.player("Ann").play.names(),
      "| Ann's discard (the gained Gear and the Estate):", g.player("Ann").discard.names())

# %% [markdown]
# ## Hireling: for the rest of the game
#
# Hireling: *at the start of each of your turns for the rest of the game, +1 Card.* It is
# never discarded. Step through: watch the ↺ mark and Ann's six-card hands.

# %%
rule("duration.rest-of-game")
Stepper(position({"kingdom": ["Hireling"],
                  "players": [{"name": "Ann", "hand": ["Hireling"], "deck": ["15 Copper"]},
                              {"name": "Bob", "hand": ["5 Copper"], "deck": ["10 Copper"]}],
                  "turn": {"phase": "action"}}),
        ["play Hireling", "end Buy phase", "end Buy phase", "end Buy phase"],
        title="Hireling stays in play")
