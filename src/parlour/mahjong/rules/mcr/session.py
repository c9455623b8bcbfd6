"""An MCR match: 16 hands in 4 rounds, the dealer never stays, seat changes between
rounds.

>>> ["".join("ABCD"[p] for p in MCR_SESSION.seating(r)) for r in range(4)]
['ABCD', 'BADC', 'CDBA', 'DCAB']
"""

from __future__ import annotations

from parlour.mahjong.session import SessionRules

MCR_SESSION = SessionRules(seat_changes=((1, 0, 3, 2), (3, 2, 0, 1), (1, 0, 3, 2)))
"""MCR: 4 rounds E, S, W, N of 4 hands, the dealer never stays, and after the East and
the West rounds East and South swap, West and North swap; after the South round East
moves to West's seat, South to North's, West to South's and North to East's."""

__all__ = ["MCR_SESSION"]
