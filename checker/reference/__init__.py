"""The rules reference read from the data and the scenario book: a rule, ruling or card shown
whole (:mod:`.entries`), the search that finds them from a question (:mod:`.search`), the
generated pages under ``rulebook/reference/`` (:mod:`.pages`; ``make reference``) and which
rules no scenario shows yet (:mod:`.coverage`)."""
