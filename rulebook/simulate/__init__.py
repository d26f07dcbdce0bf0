"""Whole games between bots: the bots (:mod:`.bots`), games played in batches on this process,
every core or a Dask cluster (:mod:`.games`, :mod:`.cluster`)."""

from dominion_tavern.rulebook.simulate.bots import BOTS
from dominion_tavern.rulebook.simulate.games import (
    GameResult,
    Report,
    available_cores,
    play_game,
    random_kingdoms,
    seat_names,
    simulate,
)

__all__ = ["BOTS", "GameResult", "Report", "available_cores", "play_game", "random_kingdoms",
           "seat_names", "simulate"]
