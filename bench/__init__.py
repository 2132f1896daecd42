"""Benchmarks: ``python -m bench.chapter5``."""
