"""parlour: traditional parlour games with the full rules of their rulebooks."""

__version__ = "0.1.0"
