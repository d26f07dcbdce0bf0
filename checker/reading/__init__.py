"""A running game as the checker reads it, shared by the runner and the explorer: field paths
(:mod:`.field_paths`), stop points (:mod:`.stop_points`), saved states to branch from
(:mod:`.saved_states`), what a decision offers and why not (:mod:`.why_not`), script entries
that do not fit (:mod:`.script_messages`) and faults located in Tavern's code
(:mod:`.engine_faults`)."""
