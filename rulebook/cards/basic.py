"""The basic cards: Treasures and Victory cards in every game, and Curse."""

from dominion_tavern.rulebook.engine.registry import treasure, victory

treasure("Copper", 1)
treasure("Silver", 2)
treasure("Gold", 3)
victory("Estate", 1)
victory("Duchy", 3)
victory("Province", 6)
victory("Curse", -1)
