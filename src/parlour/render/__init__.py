"""Rendering: SVG tiles and hands for the web pages and the docs."""
