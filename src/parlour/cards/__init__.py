"""Card games of the parlour: the shared card notation (:mod:`parlour.cards.cards`),
Ninety-Nine (:mod:`parlour.cards.ninety_nine`) and Piquet.

Each game lives in its own module; import the one you need.
"""
