"""The rules engine: state, zones, turn phases, decisions and effects."""
