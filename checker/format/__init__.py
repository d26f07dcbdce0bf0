"""The scenario file: loading and locating it (:mod:`.load`), the schema's errors in plain words
(:mod:`.schema_errors`), the checks the schema cannot state (:mod:`.semantic_checks`),
probabilities as a file writes them (:mod:`.probabilities`), and a position written back as a
scenario (:mod:`.dump`, :mod:`.writing`)."""
