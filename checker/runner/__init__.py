"""A scenario run to its verdict: the script played with its checkpoints and stop point
(:mod:`.script_run`), the expectations compared with the position (:mod:`.expectations`), and
the ``outcomes`` section compared with what the explorer finds (:mod:`.outcome_check`)."""
