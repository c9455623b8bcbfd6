"""The gold games' benchmarks: whole Xiamen hands played by bots (``parlour bench
gold-sim``, :mod:`.hands_per_second`). The rule system's descriptor lists them; the
command line makes a ``parlour bench`` command of each."""
