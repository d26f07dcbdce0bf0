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
#   title: Tavern — judge's desk
# ---

# %%
# The page `make desk` serves with Voilà: the judge's desk alone, no prose and no code on the
# page (notebook 6 explains the desk). It opens empty, or on the corpus scenario the address
# names: http://127.0.0.1:8866/?token=...&scenario=seeds/peasant-soldier-outcomes
from dominion_tavern.notebooks.widgets.desk import Desk

Desk.from_query()
