"""Benchmarks: each prints JSON figures beside a baseline measured in the same run."""
