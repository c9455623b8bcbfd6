"""Mahjong: tiles, melds, hand shapes, and (later) tables, scoring and rule systems."""
