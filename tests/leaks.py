"""Helpers for the leak tests: does a message show a run of tiles?"""

from __future__ import annotations

import re


def shows_tiles(text: str, tiles: str) -> bool:
    """True when ``tiles`` appears in ``text`` as whole tiles, not inside a longer run.

    A plain substring test gives false alarms: another seat's ``36m 6p`` sits inside
    one's own ``336m 6p``.

    >>> shows_tiles('{"hand": "336m 6p"}', "36m 6p")
    False
    >>> shows_tiles('{"hand": "36m 6p"}', "36m 6p")
    True
    """
    pattern = r"(?<![0-9A-Za-z])" + re.escape(tiles) + r"(?![0-9A-Za-z*])"
    return re.search(pattern, text) is not None
