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
# and 3 Estates, the game ends when the Province pile (or any three Supply piles; four with 5
# or 6 players) runs out, and
# the most Victory points win. *Adventures* keeps all of that and adds new kinds of cards that
# bend the turn: cards that stay in play (Durations), cards that wait on a mat (Reserves), cards
# that change into better cards (Travellers), and things you can buy that are not cards at all
# (Events). These notebooks teach those additions, one per notebook, on a live rules engine.
#
# This first one shows how to read the engine: the position, the pending decision and the log.

# %%
# Installs Tavern's kit where it is missing (in the browser site: from the site itself) and
# gets it ready; where it is installed already (JupyterLab after `make notebooks`) it only checks.
print("loading Tavern…", end=" ")
# %pip install -qq "dominion-tavern[widgets]"
from dominion_tavern.notebooks import ready

await ready()

# %%
from collections import Counter

from dominion_tavern.checker.explore import explore
from dominion_tavern.diagrams import turn_diagram
from dominion_tavern.notebooks.widgets import Stepper
from dominion_tavern.notebooks.widgets.teach import find_rule, position, rule, show_log
from dominion_tavern.rulebook.engine.chance import percent
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

# %% [markdown]
# ## Chance: cards no one has seen
#
# A shuffled deck is in an order **no one knows**, not even the judge. Tavern does not pretend
# to know it: cards in unknown order are told apart only by their names (three Coppers are just
# three Coppers), and the stepper shows them as one group, *order unknown*. When some of them
# must come up (drawn, revealed, looked at), the game stops at a **chance step**. No one decides
# it; its answers are the sets of names that can come up, each with its **exact probability**:
# the number of ways to pick that many cards of each name, over the number of ways to pick that
# many cards at all (rule `chance.unknown-order`).
#
# Ann plays Laboratory over a deck of 3 Coppers and 2 Estates in unknown order. Which two cards
# does she draw?

# %%
lab = position({"kingdom": ["Laboratory"], "players": [
    {"name": "Ann", "hand": ["Laboratory"], "deck": {"unknown": ["3 Copper", "2 Estate"]}},
    {"name": "Bob"}], "turn": {"phase": "action"}})
lab.answer("play Laboratory")
step = lab.pending
print(step.prompt)
for answer in step.answers():
    p = step.probability(answer)
    print(f"  {answer:24} {p!s:5} {percent(p)}")

# %% [markdown]
# A script (or a puzzle in the scenario book) names the outcome it wants, as it would answer a
# decision: `draw: Copper, Estate`, in any order, `draw: 2 Copper` for two. So a question can
# follow one line ("*if* she draws both Estates..."), and the log says how likely that line was.
# Without naming one, the explorer takes every outcome in turn and weighs it: here is the
# chance of a **5/2 opening** (five Coppers in one of the first two hands, two in the other).
# Ann's first hand is 5 cards drawn from her starting 7 Coppers and 3 Estates; in Clean-up she
# draws her second hand from the other 5.

# %%
opening = position({"players": [
    {"name": "Ann", "hand": {"unknown": 5, "pool": ["7 Copper", "3 Estate"]}},
    {"name": "Bob"}], "turn": {"phase": "cleanup"}})
ex = explore(opening.factory, stop={"at": "end-of-turn"},
             fields=["players.Ann.discard", "players.Ann.hand"])
splits = Counter()
for o in ex.outcomes:
    first, second = (o.values[f].count("Copper")
                     for f in ("players.Ann.discard", "players.Ann.hand"))
    splits["/".join(map(str, sorted((first, second), reverse=True)))] += o.probability
for split, p in sorted(splits.items()):
    print(f"{split} opening: {p} ({percent(p)})")

# %% [markdown]
# One in six, as every Dominion player learns the hard way. In the stepper a chance step is a
# row of buttons, one per outcome with its probability, and a **random** button that picks one
# with those probabilities (the stepper's own seeded generator, so the same clicks replay the
# same). The **view** menu shows the table from the judge's seat or a player's: cards another
# player set aside face down (Save, Gear) then show without their names. With a `seed` in the
# position nothing is asked: the seeded shuffle decides, as in one real game.

# %%
Stepper(lab)
