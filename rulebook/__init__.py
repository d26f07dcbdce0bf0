"""Tavern's rulebook: card data, the rules in our own words, and the engine that cites them."""
