"""MCR's benchmarks against its peers: the scorer against PyMahjongGB's fan calculator
(``parlour bench mcr``, :mod:`.scoring`, on the seeded hands of :mod:`.hands`) and whole
hands played by bots against RLCard's mahjong (``parlour bench sim``,
:mod:`.hands_per_second`). The rule system's descriptor lists them; the command line
makes a ``parlour bench`` command of each."""
