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
# # 5. Travellers: cards that turn into better cards
#
# Two Kingdom cards, **Page** and **Peasant**, start a *line* of Travellers. When you discard a
# Traveller **from play** (normally in Clean-up), you may **exchange** it: return it to its
# pile and take the next card of its line from that card's pile, putting it into your discard
# pile. Page → Treasure Hunter → Warrior → Hero → Champion; Peasant → Soldier → Fugitive →
# Disciple → Teacher. The upgrades are **not in the Supply**: they can be had only by
# exchanging, and their empty piles do not count towards ending the game.
#
# The exchange rules, in short:
#
# - **Only from play.** Discarding a Traveller from your hand or deck does nothing.
# - **Exchanging is not gaining** (and returning is not trashing): "when you gain" effects,
#   Travelling Fair and the like do not see it.
# - **You need a copy to take.** If the next pile is empty you cannot exchange.
# - **You choose the order** when several Travellers are discarded together.

# %%
# Installs Tavern's kit where it is missing (in the browser site: from the site itself) and
# gets it ready; where it is installed already (JupyterLab after `make notebooks`) it only checks.
print("loading Tavern…", end=" ")
# %pip install -qq "dominion-tavern[widgets]"
from dominion_tavern.notebooks import ready

await ready()

# %%
from dominion_tavern.diagrams import traveller_chains, upgrade_after
from dominion_tavern.notebooks.examples import puzzle_state, puzzle_tree
from dominion_tavern.notebooks.widgets import PUZZLE_PATH, Stepper
from dominion_tavern.notebooks.widgets.teach import rule, scenario

rule("traveller.exchange")
rule("traveller.exchange.needs-copy")
rule("traveller.order")

# %% [markdown]
# ## The lines
#
# Drawn from the card data: cost, types, pile size; Champion and Teacher end their lines
# (double border). `upgrade_after` walks a line.

# %%
print(upgrade_after("Peasant", 2), "|", upgrade_after("Page", 4))
traveller_chains()

# %% [markdown]
# ## The Peasant and Soldier puzzle
#
# The rulebook's own example. In Clean-up Ann discards a **Peasant** and a **Soldier** from
# play. The **Soldier pile is empty**. Can she exchange both?
#
# - If she tries the Peasant first, there is no Soldier to take: that exchange is closed.
# - If she exchanges the **Soldier first** (for a Fugitive), the Soldier goes *back to its
#   pile*, which is no longer empty... so now the Peasant can be exchanged for that very Soldier.
#
# The diagram of this position shows it: the Peasant → Soldier edge is closed (dashed red),
# and it says what reopens it.

# %%
traveller_chains(puzzle_state())

# %% [markdown]
# The explorer tries every order of answers and groups identical results. Three outcomes:
# both exchanged (Soldier first), only the Soldier exchanged, or neither.

# %%
puzzle_tree()

# %% [markdown]
# ## Step through it
#
# The stepper starts at Ann's first Clean-up decision (the scenario file's script is the line
# shown on the right). Only **exchange Soldier for Fugitive** and **continue** are offered:
# the Peasant cannot be exchanged yet. Under the buttons, greyed out, the stepper says so:
# *not offered: exchange Peasant for Soldier*, why (the Soldier pile is empty) and the rule
# that closes it (click its id to read it). Press the exchange, and watch the Soldier pile go
# from 0 to 1 and the closed option become a button.

# %%
puzzle = Stepper(PUZZLE_PATH)
puzzle

# %% [markdown]
# The same steps by code (the buttons are real widgets; a script can click them):

# %%
print("offered:", puzzle.legal(), "| Soldier pile:", puzzle.pile("Soldier"))
puzzle.button("exchange Soldier for Fugitive").click()
print("offered:", puzzle.legal(), "| Soldier pile:", puzzle.pile("Soldier"))
puzzle.button("exchange Peasant for Soldier").click()
print("Ann's discard:", puzzle.zone("Ann", "discard"), "| Soldier pile:", puzzle.pile("Soldier"),
      "| Fugitive pile:", puzzle.pile("Fugitive"))
puzzle.goto(0)  # back to the start, for the stepper above
print("back at step", puzzle.at)

# %% [markdown]
# ## Exchanging is not gaining
#
# One more from the corpus: Ann bought Travelling Fair (*when you gain a card this turn you may
# put it onto your deck*), then exchanges Page. The Treasure Hunter is not gained, so it goes
# to her discard pile and Travelling Fair is never asked.

# %%
fair = scenario("travelling-fair-exchange")
print(fair.question)
Stepper(fair)
