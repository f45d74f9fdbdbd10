"""Print a JSON summary of a game's card data: python -m engine.cards <game>."""

from __future__ import annotations

import argparse
import importlib
import json
import sys


def summary(game_id: str) -> dict:
    """Each game's cards module validates its data at load and offers summary()."""
    return importlib.import_module(f"engine.{game_id}.cards").summary()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.cards", description=__doc__)
    ap.add_argument("game")
    args = ap.parse_args(argv)
    try:
        print(json.dumps(summary(args.game), indent=1))
    except ModuleNotFoundError:
        print(json.dumps({"game": args.game, "error": "no card data for this game yet"}))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
