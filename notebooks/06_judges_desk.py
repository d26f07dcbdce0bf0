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
# a choice. Build the position below: pick cards into each player's zones (type to search, a
# card can be picked several times), set pile sizes and tokens, choose the turn and phase and the
# ruleset (`current` errata, or the `2015` first printing). Then **What happens?** explores every
# legal line to the end of the turn (or phase) and shows each distinct outcome with the rules
# its log cites, the outcome tree, and a stepper to play it through. **Save as scenario** writes
# the position (where the stepper stands) as a scenario file the checker can load
# (`tavern check saved-scenarios/`).
#
# `make desk` serves this page alone, without code, for a judge who never opens a notebook.

# %%
from dominion_tavern.notebooks.widgets.desk import PUZZLE_PATH, Desk

desk = Desk()
desk.load(PUZZLE_PATH)
desk

# %% [markdown]
# The desk is filled with the Peasant and Soldier puzzle from notebook 5; choose another
# corpus scenario in the *game* tab, or clear the fields and build your own. The same desk can
# be driven by code, for example to ask the question right away:

# %%
ex = desk.ask()
for o in ex.outcomes:
    print(o.values["players.Ann.discard"], "<-", " / ".join(o.path), "|", ", ".join(o.rules))
