"""Benchmarks that time parlour against its peers (``parlour bench ...``)."""
