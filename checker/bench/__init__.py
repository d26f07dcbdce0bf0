"""Benchmarks, run by hand (never timed tests): the checker (:mod:`.checker`, ``make
bench-checker`` and ``make bench-start``), simulation on every core (:mod:`.workers`, ``make
bench-workers``), and this checkout against another commit (:mod:`.compare`, ``make
bench-compare``) through the stable entry point :mod:`.probe`."""
