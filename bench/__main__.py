"""Run every benchmark: python -m bench."""

import importlib

for name in ("engine", "peers", "store", "service", "render", "lookup", "latency"):
    try:
        module = importlib.import_module(f"bench.{name}")
    except ModuleNotFoundError as missing:
        print(f'{{"bench": "{name}", "skipped": "{missing}"}}')
        continue
    module.main([])
